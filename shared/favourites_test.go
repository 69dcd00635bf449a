package shared

import "testing"

// Issue 12 (spec 000 §4, §6): the favourites page is at a path of the
// site's config, /favourites unless the site names another.
func TestFavouritesPath(t *testing.T) {
	if got := DefaultSite().Features.FavouritesPath; got != "/favourites" {
		t.Errorf("default: got %q, want %q", got, "/favourites")
	}
	tests := []struct {
		path string
		ok   bool
	}{
		{"/favourites", true},
		{"/my-garage/saved", true},
		{"favourites", false},
		{"/favourites?x=1", false},
		{"https://evil.example/x", false},
		{"/Favourites", false},
	}
	for _, tt := range tests {
		s := DefaultSite()
		s.Features.FavouritesPath = tt.path
		_, refused := FieldMessages(s.Validate())["features.favourites_path"]
		if refused == tt.ok {
			t.Errorf("features.favourites_path %q: refused %v, want refused %v", tt.path, refused, !tt.ok)
		}
	}
}

// Issue 33 (spec 000 §2 "watchlist page (path from configuration)"): the
// watchlist page, the target of View List and of the header's saved-cars
// link, is at a path of the site's config, /watchlist unless the site names
// another; a path that is not the site's own is refused.
func TestWatchlistPath(t *testing.T) {
	if got := DefaultSite().Features.WatchlistPath; got != "/watchlist" {
		t.Errorf("default: got %q, want %q", got, "/watchlist")
	}
	tests := []struct {
		path string
		ok   bool
	}{
		{"/watchlist", true},
		{"/my-garage", true},
		{"watchlist", false},
		{"/watchlist?x=1", false},
		{"//evil.example/x", false},
		{"/Watchlist", false},
	}
	for _, tt := range tests {
		s := DefaultSite()
		s.Features.WatchlistPath = tt.path
		_, refused := FieldMessages(s.Validate())["features.watchlist_path"]
		if refused == tt.ok {
			t.Errorf("features.watchlist_path %q: refused %v, want refused %v", tt.path, refused, !tt.ok)
		}
	}
}

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

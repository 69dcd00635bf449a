package route

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"forecourt/shared"
)

// Issue 34: every path of every page finds its own page, so no earlier row
// shadows a later one (react-router ranks the more specific first; the
// table must agree), and names are unique (one row per page).
func TestPagesMatchTheirOwnPaths(t *testing.T) {
	names, keys := map[string]bool{}, map[string]bool{}
	for _, p := range Pages() {
		if keys[p.Key()] {
			t.Errorf("page key %s declared twice", p.Key())
		}
		keys[p.Key()] = true
		if names[p.Name] {
			t.Errorf("page %s declared twice", p.Name)
		}
		names[p.Name] = true
		if len(p.Paths) == 0 && p.SitePath == "" {
			t.Errorf("page %s has no path", p.Name)
		}
		if p.Cache == "" {
			t.Errorf("page %s has no cache policy", p.Name)
		}
		for _, pattern := range p.Paths {
			// A sample path: each variable a value no literal uses.
			sample := strings.NewReplacer("{", "", "}", "", "...", "").Replace(pattern)
			sample = strings.ReplaceAll(sample, "/", "/v-")
			if pattern == "/" {
				sample = "/"
			}
			for _, seg := range strings.Split(pattern, "/") {
				if !strings.HasPrefix(seg, "{") {
					sample = strings.Replace(sample, "v-"+seg, seg, 1)
				}
			}
			got, _ := MatchPage(sample, nil)
			if got.Name != p.Name {
				t.Errorf("%s (%s of %s) matches page %s", sample, pattern, p.Name, got.Name)
			}
		}
	}
}

func TestMatchPage(t *testing.T) {
	tests := []struct {
		path      string
		sitePaths map[string]string
		want      string
		vars      map[string]string
	}{
		{"/", nil, "Home", map[string]string{}},
		{"/search", nil, "SearchRedirect", map[string]string{}},
		{"/search/used-cars", nil, "Listing", map[string]string{"rest": "used-cars"}},
		{"/search/toyota/corolla", nil, "Listing", map[string]string{"rest": "toyota/corolla"}},
		{"/cars", nil, "Listing", map[string]string{}},
		{"/cars/trade-in", nil, "TradeIn", map[string]string{}},
		{"/cars/2021-kia-rio-k1", nil, "Car", map[string]string{"slug": "2021-kia-rio-k1"}},
		{"/cars/2021-kia-rio-k1/buy-online", nil, "Checkout", map[string]string{"slug": "2021-kia-rio-k1"}},
		{"/cars/a/b", nil, "Content", map[string]string{"path": "cars/a/b"}},
		{"/offers/kia/o1", nil, "Offer", map[string]string{"manufacturer": "kia", "id": "o1"}},
		{"/offers/o1", nil, "Offer", map[string]string{"id": "o1"}},
		{"/favourites", map[string]string{"favourites_path": "/favourites"}, "Favourites", nil},
		{"/favourites", nil, "Content", map[string]string{"path": "favourites"}},
		// Issue 33: the watchlist is at the site's watchlist_path.
		{"/my-garage", map[string]string{"watchlist_path": "/my-garage"}, "Watchlist", nil},
		{"/watchlist", map[string]string{"watchlist_path": "/my-garage"}, "Content", map[string]string{"path": "watchlist"}},
		{"/service/hours", nil, "Content", map[string]string{"path": "service/hours"}},
	}
	for _, tt := range tests {
		got, vars := MatchPage(tt.path, tt.sitePaths)
		if got.Name != tt.want || len(vars) != len(tt.vars) {
			t.Errorf("MatchPage(%q) = %s %v, want %s %v", tt.path, got.Name, vars, tt.want, tt.vars)
			continue
		}
		for k, v := range tt.vars {
			if vars[k] != v {
				t.Errorf("MatchPage(%q) var %s = %q, want %q", tt.path, k, vars[k], v)
			}
		}
	}
}

// Spec 001 §5 "Gating", read from the table (it replaces shared.RouteGated
// and its TypeScript twin): checkout, buy-online, online purchase,
// personalised finance and online payment always; spin-to-win where the
// site says so; trade-in and the car page never.
func TestGated(t *testing.T) {
	on := func(string) bool { return true }
	off := func(string) bool { return false }
	tests := []struct {
		path  string
		flags func(string) bool
		want  bool
	}{
		{"/cars/2021-kia-rio-k1/checkout", off, true},
		{"/cars/2021-kia-rio-k1/buy-online", off, true},
		{"/checkout-journey", off, true},
		{"/personalised/finance", off, true},
		{"/online-payment", off, true},
		{"/spin-to-win", on, true},
		{"/spin-to-win", off, false},
		{"/trade-in", on, false},
		{"/sell-my-car", on, false},
		{"/cars/trade-in", on, false},
		{"/cars/2021-kia-rio-k1", on, false},
	}
	for _, tt := range tests {
		p, _ := MatchPage(tt.path, nil)
		if got := p.Gated(tt.flags); got != tt.want {
			t.Errorf("spec 001 §5: %s (page %s) gated = %v, want %v", tt.path, p.Name, got, tt.want)
		}
	}
}

// Spec 001 §2: every trade-in path a site may name is the trade-in page.
func TestTradeInPaths(t *testing.T) {
	for _, path := range shared.TradeInPaths {
		if p, _ := MatchPage(path, nil); p.Name != "TradeIn" {
			t.Errorf("%s is page %s, want TradeIn", path, p.Name)
		}
	}
}

func TestWebPages(t *testing.T) {
	web := WebPages()
	i := slices.IndexFunc(web, func(w WebPage) bool { return slices.Contains(w.Paths, "/cars/:slug/buy-online") })
	if i < 0 || web[i].Paths[0] != "/cars/:slug/checkout" || web[i].Gate != GateAlways {
		t.Errorf("buy-online: got %+v", web[max(i, 0)])
	}
	for _, tt := range []struct{ in, want string }{
		{"/", "/"}, {"/search/{rest...}", "/search/*"}, {"/offers/{manufacturer}/{id}", "/offers/:manufacturer/:id"}, {"/{path...}", "/*"},
	} {
		if got := RouterPath(tt.in); got != tt.want {
			t.Errorf("RouterPath(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// Review of issue 33/34: a site path may not take a page of the table's
// place (MatchPage tries the site's paths first), nor the other site path.
func TestCheckSitePaths(t *testing.T) {
	for _, tt := range []struct {
		name      string
		f         shared.Features
		wantField string
	}{
		{"defaults", shared.Features{}, ""},
		{"own paths", shared.Features{FavouritesPath: "/saved", WatchlistPath: "/my-garage"}, ""},
		{"watchlist on the listing", shared.Features{WatchlistPath: "/cars"}, "features.watchlist_path"},
		{"favourites on contact", shared.Features{FavouritesPath: "/contact"}, "features.favourites_path"},
		{"one path for both", shared.Features{FavouritesPath: "/saved", WatchlistPath: "/saved"}, "features.watchlist_path"},
	} {
		err := CheckSitePaths(tt.f)
		var e *shared.Error
		if tt.wantField == "" && err != nil || tt.wantField != "" && (!errors.As(err, &e) || e.Field != tt.wantField) {
			t.Errorf("%s: CheckSitePaths = %v, want field %q", tt.name, err, tt.wantField)
		}
	}
}

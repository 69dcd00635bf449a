package tenantfile

import (
	pathpkg "path"
	"path/filepath"
	"strings"
	"testing"

	"forecourt/functions/httpapi/route"
	"forecourt/shared"
)

// siteHasPage reports whether the site answers path with a page of its own:
// a page of the table (route.Pages) the site has (its feature on), or,
// for the table's content page, a content page of the site.
func siteHasPage(s shared.Site, pages map[string]string, path string) bool {
	p := strings.SplitN(strings.SplitN(path, "?", 2)[0], "#", 2)[0]
	clean := pathpkg.Clean("/" + p)
	pg, _ := route.MatchPage(clean, route.SitePaths(s.Features))
	if pg.Feature != "" && !s.Features.Flag(pg.Feature) {
		return false
	}
	if pg.Head == route.HeadContent || pg.Feature != "" {
		// A content page, or a page that shows the site's content page
		// of its name (spin-to-win).
		_, ok := pages[strings.Trim(clean, "/")]
		return ok
	}
	return true
}

// Issue 17 "found on the way": a promo tile (of every promo kind), slide, menu
// item or footer link to a page the site does not have is a test failure, not
// a shopper's 404.
func TestDemoTenantLinksReachPages(t *testing.T) {
	dir := filepath.Join("..", "..", "infra", "tenants")
	sites, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(sites) == 0 {
		t.Fatal("no demo tenants")
	}
	for _, s := range sites {
		pages, err := LoadPages(dir, s)
		if err != nil {
			t.Fatal(err)
		}
		links := map[string]string{} // path -> where it is
		var nav func(where string, items []shared.NavItem)
		nav = func(where string, items []shared.NavItem) {
			for _, it := range items {
				if it.Path != "" {
					links[it.Path] = where + " " + it.Label
				}
				nav(where, it.Children)
			}
		}
		nav("menu", s.Navigation)
		nav("footer", s.Footer.Vehicles)
		nav("footer", s.Footer.BuyerTools)
		nav("footer", s.Footer.Service)
		nav("footer", s.Footer.Dealer)
		for _, p := range s.Promotions {
			if p.LinkPath != "" {
				links[p.LinkPath] = "promo tile " + p.ID
			}
		}
		// Every promo kind, as a tile naming only its kind would link on
		// this site (spec 001 §9): a kind's default link must be a page too.
		for _, k := range shared.PromoKinds {
			if p := s.KindTile(k); p.LinkPath != "" {
				links[p.LinkPath] = "a " + string(k) + " promo tile"
			}
		}
		if c := s.Search.CTA; c != nil && c.LinkPath != "" {
			links[c.LinkPath] = "CTA card " + c.ID
		}
		for _, p := range s.Home.Slides {
			if p.LinkPath != "" {
				links[p.LinkPath] = "slide " + p.ID
			}
		}
		for _, w := range s.DealershipWebsites {
			if strings.HasPrefix(w.URL, "/") {
				links[w.URL] = "brand banner " + w.Name
			}
		}
		if len(links) < 10 {
			t.Errorf("%s: only %d links found; the footer alone has more", s.Slug, len(links))
		}
		for path, where := range links {
			if !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "//") {
				continue // another site's page
			}
			if !siteHasPage(s, pages, path) {
				t.Errorf("%s: %s links to %s, a page the site does not have", s.Slug, where, path)
			}
		}
	}
}

// The check itself: a path the site has passes, one it lacks fails.
func TestSiteHasPage(t *testing.T) {
	pages := map[string]string{"service": "", "spin-to-win": ""}
	on := shared.Site{Features: shared.Features{SpinToWin: true}}
	tests := []struct {
		name string
		site shared.Site
		path string
		want bool
	}{
		{"an app route", shared.Site{}, "/finance", true},
		{"a listing path with a query", shared.Site{}, "/search/used-cars?make=Kia", true},
		{"a content page", shared.Site{}, "/service", true},
		{"a content page with a trailing slash", shared.Site{}, "/service/", true},
		{"no such page", shared.Site{}, "/fleet-sales", false},
		{"spin-to-win without its flag", shared.Site{}, "/spin-to-win", false},
		{"spin-to-win with its flag", on, "/spin-to-win", true},
	}
	for _, tt := range tests {
		if got := siteHasPage(tt.site, pages, tt.path); got != tt.want {
			t.Errorf("%s: siteHasPage(%q) = %v, want %v", tt.name, tt.path, got, tt.want)
		}
	}
}

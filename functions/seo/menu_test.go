package seo

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"forecourt/shared"
)

// paintedHeader is the painted page's <header> of the site at path.
func paintedHeader(t *testing.T, site shared.Site, path string) string {
	t.Helper()
	p := Page{Site: site, Origin: "https://riverside.example", Path: path}
	page := render(t, Head{Status: 200, Title: "t", Paint: p.HomePaint(time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC), nil)})
	start, end := strings.Index(page, `<header class="site-header">`), strings.Index(page, `</header>`)
	if start < 0 || end < start {
		t.Fatalf("no painted header in:\n%s", page)
	}
	return page[start:end]
}

// Issue 14 first paint: the painted header's menu is the app's Header with
// every dropdown closed (spec 001 §2 header: the site's navigation or Our
// Stock and the car types, dropdowns, the Locations control), so the
// header has its final height before the app replaces it.
func TestPaintedMenu(t *testing.T) {
	nav := []shared.NavItem{
		{Label: "Home", Path: "/"},
		{Label: "Vehicles", Path: "/search/new-cars", Models: true, Children: []shared.NavItem{{Label: "Demo Cars", Path: "/search/demo-cars"}}},
		{Label: "Service", Path: "/service", Children: []shared.NavItem{{Label: "Book a service", Path: "/service"}, {Label: "Parts", Path: "https://parts.example/"}}},
		{Label: "Our Stock", Path: "/cars/"},
		{Label: "Call us", Path: "tel:0730000000"},
		{Label: "Bad", Path: "javascript:alert(1)"},
	}
	withNav := func(s *shared.Site) { s.Navigation = nav }
	for _, tt := range []struct {
		name  string
		edit  func(*shared.Site)
		path  string
		want  []string
		never []string
	}{
		{
			name: "no navigation, several car types: Our Stock and one link per type, the page's own marked",
			edit: func(s *shared.Site) { s.Stock.CarTypes = []shared.CarType{shared.CarTypeNew, shared.CarTypeUsed} },
			path: "/search/used-cars",
			want: []string{`<ul><li><a href="/cars/">Our Stock</a></li><li><a href="/search/new-cars">New Cars</a></li><li><a class="active" aria-current="page" href="/search/used-cars">Used Cars</a></li>`},
		},
		{
			// Spec 001 §2 "/cars/ Our Stock, with a dynamic dropdown of
			// stock" (issue 33): closed, it holds its links (All stock); the
			// makes come when it opens (web ModelsMenu).
			name: "an entry marked stock is a closed dropdown holding its links",
			edit: func(s *shared.Site) {
				s.Navigation = []shared.NavItem{{Label: "Our Stock", Path: "/cars/", Stock: true, Children: []shared.NavItem{{Label: "All stock", Path: "/cars/"}}}}
			},
			path: "/",
			want: []string{`<li class="nav-group"><button type="button" aria-expanded="false" aria-controls="site-nav-group-1">Our Stock<span class="nav-group__caret" aria-hidden="true"></span></button><ul id="site-nav-group-1" hidden><li><a href="/cars/">All stock</a></li></ul></li>`},
		},
		{
			name: "a group with children is a closed dropdown: its button collapsed, its list hidden",
			edit: withNav,
			path: "/",
			want: []string{
				`<li><a class="active" aria-current="page" href="/">Home</a></li>`,
				`<li class="nav-group"><button type="button" aria-expanded="false" aria-controls="site-nav-group-2">Service<span class="nav-group__caret" aria-hidden="true"></span></button><ul id="site-nav-group-2" hidden><li><a href="/service">Book a service</a></li><li><a href="https://parts.example/">Parts</a></li></ul></li>`,
			},
		},
		{
			name: "the models dropdown of a manufacturer's site is closed, with its configured links (models load when it opens)",
			edit: func(s *shared.Site) { withNav(s); s.Manufacturer = &shared.Manufacturer{Name: "Toyota"} },
			path: "/cars/x",
			want: []string{
				`aria-controls="site-nav-group-1">Vehicles<span`,
				`<ul id="site-nav-group-1" hidden><li><a href="/search/demo-cars">Demo Cars</a></li></ul>`,
				`<li><a class="active" aria-current="page" href="/cars/">Our Stock</a></li>`,
			},
		},
		{
			name: "without a manufacturer a models entry with links is a plain dropdown",
			edit: withNav,
			path: "/",
			want: []string{`aria-controls="site-nav-group-1">Vehicles<span`},
		},
		{
			name:  "a tel: entry links to the phone; a javascript: path is never a link",
			edit:  withNav,
			path:  "/",
			want:  []string{`<li><a href="tel:0730000000">Call us</a></li>`, `<li><a href="#ZgotmplZ">Bad</a></li>`},
			never: []string{"javascript:"},
		},
		{
			name: "the Locations dropdown lists the visible locations, each with its phone",
			edit: func(s *shared.Site) { s.Features.PhoneLinks = true },
			path: "/",
			want: []string{`<li class="nav-group nav-locations nav-group--end"><button type="button" aria-expanded="false" aria-controls="site-nav-locations">Locations<span class="nav-group__caret" aria-hidden="true"></span></button><ul id="site-nav-locations" hidden><li class="location-link"><a href="tel:0730000000" aria-label="Call Riverside Toyota Sales on 07 3000 0000"><span class="location-link__name">Riverside Toyota Sales</span><span class="location-link__phone">07 3000 0000</span></a></li><li class="location-link"><a href="/dealerships" aria-label="All locations, hours and reviews"><span class="location-link__name">All locations</span></a></li></ul></li></ul></nav>`},
		},
		{
			name:  "header.locations_link makes Locations a link to the dealerships page",
			edit:  func(s *shared.Site) { s.Header.LocationsLink = true },
			path:  "/",
			want:  []string{`<li class="nav-locations"><a href="/dealerships">Locations</a></li></ul></nav>`},
			never: []string{"site-nav-locations"},
		},
		{
			name:  "a site without visible locations shows no Locations control",
			edit:  func(s *shared.Site) { s.Locations = nil },
			path:  "/",
			never: []string{"Locations"},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			site := riverside()
			tt.edit(&site)
			got := paintedHeader(t, site, tt.path)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("painted header lacks\n%s\nin\n%s", w, got)
				}
			}
			for _, n := range tt.never {
				if strings.Contains(got, n) {
					t.Errorf("painted header has %q:\n%s", n, got)
				}
			}
		})
	}
}

// The menu marks the link of the page the shopper is on as the app's
// NavLink does: at or under its path, "/" only at the home page.
func TestNavActive(t *testing.T) {
	for _, tt := range []struct {
		page, link string
		want       bool
	}{
		{"/", "/", true},
		{"/cars/x", "/", false},
		{"/cars/x", "/cars/", true},
		{"/cars/", "/cars/", true},
		{"/cars", "/cars/", false},
		{"/search/used-cars", "/search/used-cars", true},
		{"/search/used-cars/", "/search/used-cars", true},
		{"/search/used-cars-x", "/search/used-cars", false},
		{"/Search/Used-Cars", "/search/used-cars", true},
		{"/search/used-cars", "/search/used-cars?sortBy=latest", true},
		{"/ser", "/service", false},
	} {
		if got := navActive(tt.page, tt.link); got != tt.want {
			t.Errorf("navActive(%q, %q) = %v, want %v", tt.page, tt.link, got, tt.want)
		}
	}
}

// Issue 14 first paint: a certified tag shows the badge the app shows (the
// site's own image, else the app's bundled badge at the URL the build
// lists), not an empty box the app fills later.
func TestPaintedCertifiedTag(t *testing.T) {
	noList := strings.Replace(builtIndex, `<script id="forecourt-build-assets" type="application/json">{"certified-badge":"/assets/certified-used-6.svg"}</script>`, "", 1)
	for _, tt := range []struct {
		name, index, siteImage, want string
	}{
		{"the bundled badge, at the URL the build lists", builtIndex, "", `<img src="/assets/certified-used-6.svg" alt="Certified" width="120" height="32" />`},
		{"the site's own badge image", builtIndex, "/media/badges/tcuv.png", `<img src="/media/badges/tcuv.png" alt="Certified" width="120" height="32" />`},
		{"a build that lists no badge: the box alone", noList, "", `<img alt="Certified" width="120" height="32" />`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			site := riverside()
			site.Features.CertifiedBadgeImage = tt.siteImage
			p := Page{Site: site, Origin: "https://riverside.example", Path: "/cars/x"}
			view := shared.CarView{Available: true, Tag: shared.CardTag{Kind: shared.TagCertified, Text: "Certified"}, Price: shared.PriceDisplay{Text: "$24,990", HasPrice: true}}
			shell, err := ParseShell([]byte(tt.index))
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := shell.Render(&buf, Head{Status: 200, Title: "t", Paint: p.CarPaint(corolla(), view)}); err != nil {
				t.Fatal(err)
			}
			if got := buf.String(); !strings.Contains(got, `<p class="car-page__tag tag tag--certified tag--certified-image">`+tt.want+`</p>`) {
				t.Errorf("painted tag is not %s in:\n%s", tt.want, got)
			}
		})
	}
}

package seo

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"
	"testing"
	"time"

	"forecourt/functions/httpapi/route"
	"forecourt/shared"
)

type parsedSet struct {
	URLs []SitemapURL `xml:"url"`
}

type parsedIndex struct {
	Sitemaps []SitemapURL `xml:"sitemap"`
}

func writeSitemap(t *testing.T, s Sitemaps, name string, into any) bool {
	t.Helper()
	var buf bytes.Buffer
	ok, err := s.Write(&buf, name)
	if err != nil {
		t.Fatal(err)
	}
	if ok {
		if !strings.HasPrefix(buf.String(), xml.Header) {
			t.Errorf("%s lacks the XML declaration", name)
		}
		if err := xml.Unmarshal(buf.Bytes(), into); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return ok
}

// Issue 14 "Sitemaps": an index over cars, listings by type and by make
// and model, and the pages, offers and locations, with lastmod from the
// data.
func TestSitemaps(t *testing.T) {
	p := Page{Site: riverside(), Origin: "https://riverside.example"}
	a, b := corolla(), corolla()
	a.CreatedAt = time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	b.Slug, b.Model, b.CreatedAt = "2020-toyota-hilux-x", "HiLux", time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	s := p.NewSitemaps(SitemapData{Cars: []shared.SitemapCar{shared.NewSitemapCar(a, time.Time{}), shared.NewSitemapCar(b, time.Time{})}, ContentPages: []string{"about-us"},
		Offers: []shared.OfferView{{Offer: shared.Offer{ID: "o1"}, Path: "/offers/toyota/o1"}}})

	var idx parsedIndex
	writeSitemap(t, s, "sitemap.xml", &idx)
	var names []string
	for _, m := range idx.Sitemaps {
		names = append(names, m.Loc+"@"+m.LastMod)
	}
	want := "https://riverside.example/sitemap-cars-1.xml@2026-11-20 https://riverside.example/sitemap-listings.xml@2026-11-20 https://riverside.example/sitemap-pages.xml@"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("index:\n got %s\nwant %s", got, want)
	}
	var cars parsedSet
	writeSitemap(t, s, "sitemap-cars-1.xml", &cars)
	if len(cars.URLs) != 2 || cars.URLs[0].Loc != "https://riverside.example/cars/2020-toyota-hilux-x" || cars.URLs[0].LastMod != "2026-11-20" {
		t.Errorf("cars: got %+v", cars.URLs)
	}
	var listings parsedSet
	writeSitemap(t, s, "sitemap-listings.xml", &listings)
	got := map[string]string{}
	for _, u := range listings.URLs {
		got[u.Loc] = u.LastMod
	}
	for loc, mod := range map[string]string{
		"https://riverside.example/search/new-used-and-demo-cars/": "2026-11-20",
		"https://riverside.example/search/used-cars/":              "2026-11-20",
		"https://riverside.example/search/Toyota/":                 "2026-11-20",
		"https://riverside.example/search/Toyota/Corolla/":         "2026-11-01",
		"https://riverside.example/search/Toyota/HiLux/":           "2026-11-20",
	} {
		if got[loc] != mod {
			t.Errorf("listing %s: lastmod %q, want %q", loc, got[loc], mod)
		}
	}
	var pages parsedSet
	writeSitemap(t, s, "sitemap-pages.xml", &pages)
	all := ""
	for _, u := range pages.URLs {
		all += u.Loc + " "
	}
	for _, want := range []string{"https://riverside.example/ ", "/special-offers ", "/offers/toyota/o1 ", "/locations/sales ", "/about-us "} {
		if !strings.Contains(all, want) {
			t.Errorf("pages lack %s: %s", want, all)
		}
	}
	for _, name := range []string{"sitemap-cars-2.xml", "sitemap-cars-01.xml", "sitemap-other.xml", "sitemap-cars-x.xml"} {
		if writeSitemap(t, s, name, &parsedSet{}) {
			t.Errorf("%s: want no such sitemap", name)
		}
	}
}

// Issue 14 "lastmod from the data": a car's lastmod is the day its content
// last changed when that is after it was listed, and the listings and the
// index follow it.
func TestSitemapLastModFromUpdates(t *testing.T) {
	p := Page{Site: riverside(), Origin: "https://riverside.example"}
	a := corolla()
	a.ID, a.CreatedAt = "a", time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name     string
		modified time.Time
		want     string
	}{
		{"never changed", time.Time{}, "2026-11-01"},
		{"price changed later", time.Date(2026, 11, 21, 23, 0, 0, 0, time.UTC), "2026-11-21"},
		{"written before it was listed", time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC), "2026-11-01"},
	} {
		s := p.NewSitemaps(SitemapData{Cars: []shared.SitemapCar{shared.NewSitemapCar(a, tt.modified)}})
		var cars parsedSet
		var idx parsedIndex
		writeSitemap(t, s, "sitemap-cars-1.xml", &cars)
		writeSitemap(t, s, "sitemap.xml", &idx)
		if len(cars.URLs) != 1 || cars.URLs[0].LastMod != tt.want || idx.Sitemaps[0].LastMod != tt.want || idx.Sitemaps[1].LastMod != tt.want {
			t.Errorf("%s: cars %v, index %v, want lastmod %s", tt.name, cars.URLs, idx.Sitemaps, tt.want)
		}
	}
}

// The cars' sitemap splits at the protocol's 50,000 URLs.
func TestSitemapSplit(t *testing.T) {
	cars := make([]shared.SitemapCar, MaxSitemapURLs+1)
	for i := range cars {
		cars[i] = shared.SitemapCar{Slug: fmt.Sprintf("car-%06d", i)}
	}
	s := Page{Site: riverside(), Origin: "https://r.example"}.NewSitemaps(SitemapData{Cars: cars})
	if got := strings.Join(s.Files(), " "); got != "sitemap-cars-1.xml sitemap-cars-2.xml sitemap-listings.xml sitemap-pages.xml" {
		t.Fatalf("files: %s", got)
	}
	var one, two parsedSet
	writeSitemap(t, s, "sitemap-cars-1.xml", &one)
	writeSitemap(t, s, "sitemap-cars-2.xml", &two)
	if len(one.URLs) != MaxSitemapURLs || len(two.URLs) != 1 || two.URLs[0].Loc != "https://r.example/cars/car-050000" {
		t.Errorf("split: %d + %d", len(one.URLs), len(two.URLs))
	}
}

func TestRobots(t *testing.T) {
	got := Page{Site: riverside(), Origin: "https://riverside.example"}.Robots()
	for _, want := range []string{"User-agent: *\n", "Disallow: /sign-in\n", "Disallow: /watchlist\n", "Disallow: /api/\n", "Sitemap: https://riverside.example/sitemap.xml\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("robots.txt lacks %q:\n%s", want, got)
		}
	}
}

// Issue 32 item 9: a used-only site's listings sitemap names its own listing
// of all stock (/search/used-cars/), never the all-types path it does not sell.
func TestSitemapsUsedOnlySiteListsItsOwnListing(t *testing.T) {
	site := riverside()
	site.Stock.CarTypes = []shared.CarType{shared.CarTypeUsed}
	p := Page{Site: site, Origin: "https://northside.example"}
	s := p.NewSitemaps(SitemapData{Cars: []shared.SitemapCar{shared.NewSitemapCar(corolla(), time.Time{})}})
	var listings parsedSet
	writeSitemap(t, s, "sitemap-listings.xml", &listings)
	var locs []string
	for _, u := range listings.URLs {
		locs = append(locs, u.Loc)
	}
	got := strings.Join(locs, " ")
	if strings.Contains(got, "/search/new-used-and-demo-cars/") {
		t.Errorf("listings name the all-types path on a used-only site: %s", got)
	}
	if !strings.Contains(got, "https://northside.example/search/used-cars/") {
		t.Errorf("listings lack the site's own listing /search/used-cars/: %s", got)
	}
}

// Issue 34: the pages sitemap lists the page table's sitemap pages
// (route.Pages), the offers page only while the site has offers.
func TestSitemapPagesFromTheTable(t *testing.T) {
	p := Page{Site: riverside(), Origin: "https://riverside.example"}
	for _, tt := range []struct {
		name   string
		offers []shared.OfferView
	}{
		{"no offers", nil},
		{"offers", []shared.OfferView{{Path: "/offers/toyota/o1"}}},
	} {
		s := p.NewSitemaps(SitemapData{Offers: tt.offers})
		var pages parsedSet
		writeSitemap(t, s, "sitemap-pages.xml", &pages)
		listed := map[string]bool{}
		for _, u := range pages.URLs {
			listed[strings.TrimPrefix(u.Loc, p.Origin)] = true
		}
		for _, pg := range route.Pages() {
			want := pg.Sitemap && (pg.Head != route.HeadOffers || len(tt.offers) > 0)
			if pg.Sitemap && listed[pg.Paths[0]] != want {
				t.Errorf("%s: page %s (%s) listed %v, want %v", tt.name, pg.Name, pg.Paths[0], listed[pg.Paths[0]], want)
			}
		}
	}
}

package seo

import (
	"encoding/xml"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"forecourt/functions/httpapi/route"
	"forecourt/shared"
)

// MaxSitemapURLs is the sitemap protocol's limit of URLs in one file; the
// cars' sitemap is split into numbered files past it.
const MaxSitemapURLs = 50000

// SitemapURL is one <url> of a sitemap.
type SitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

type urlSet struct {
	XMLName xml.Name     `xml:"urlset"`
	XMLNS   string       `xml:"xmlns,attr"`
	URLs    []SitemapURL `xml:"url"`
}

type sitemapIndex struct {
	XMLName  xml.Name     `xml:"sitemapindex"`
	XMLNS    string       `xml:"xmlns,attr"`
	Sitemaps []SitemapURL `xml:"sitemap"`
}

const sitemapNS = "http://www.sitemaps.org/schemas/sitemap/0.9"

// Sitemaps are a site's sitemaps by file name, built from its data.
type Sitemaps struct {
	origin string
	cars   []SitemapURL
	// listings and pages are one file each.
	listings, pages []SitemapURL
}

// SitemapData is what a site's sitemaps list.
type SitemapData struct {
	// Cars are the available cars the site shows (available, and shown by functions/visible),
	// from the stored list or, without one, from the cars themselves.
	Cars []shared.SitemapCar
	// ContentPages are the keys of the site's content pages.
	ContentPages []string
	// Offers are the offers the site shows.
	Offers []shared.OfferView
}

func day(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02")
}

// NewSitemaps lists the site's URLs: every car with the day it was listed
// or last changed,
// the listing by type and by make and model (lastmod: its newest car), and
// the site's pages, offers and locations.
func (p Page) NewSitemaps(d SitemapData) Sitemaps {
	s := Sitemaps{origin: p.Origin}
	cars := append([]shared.SitemapCar(nil), d.Cars...)
	sort.Slice(cars, func(i, j int) bool { return cars[i].Slug < cars[j].Slug })
	newest := map[string]time.Time{} // listing path -> newest car
	all := p.listingPath()
	note := func(path string, t time.Time) {
		if prev, seen := newest[path]; !seen || t.After(prev) {
			newest[path] = t
		}
	}
	for _, c := range cars {
		mod := c.LastMod
		s.cars = append(s.cars, SitemapURL{Loc: p.Origin + shared.CarPath(c.Slug), LastMod: day(mod)})
		note(all, mod)
		note("/search/"+string(c.CarType)+"-cars/", mod)
		if c.Make != "" {
			note("/search/"+url.PathEscape(c.Make)+"/", mod)
			if c.Model != "" {
				note("/search/"+url.PathEscape(c.Make)+"/"+url.PathEscape(c.Model)+"/", mod)
			}
		}
	}
	paths := make([]string, 0, len(newest))
	for path := range newest {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		s.listings = append(s.listings, SitemapURL{Loc: p.Origin + path, LastMod: day(newest[path])})
	}
	s.pages = append(s.pages, SitemapURL{Loc: p.Origin + "/"})
	// The page table's sitemap pages (route.Pages), each by its first path;
	// the offers page only while the site has offers.
	for _, pg := range route.Pages() {
		if !pg.Sitemap || len(pg.Paths) == 0 || (pg.Head == route.HeadOffers && len(d.Offers) == 0) {
			continue
		}
		s.pages = append(s.pages, SitemapURL{Loc: p.Origin + pg.Paths[0]})
	}
	for _, o := range d.Offers {
		s.pages = append(s.pages, SitemapURL{Loc: p.Origin + o.Path})
	}
	for _, l := range p.Site.Locations {
		if l.IsVisible() && l.Slug != "" {
			s.pages = append(s.pages, SitemapURL{Loc: p.locationURL(l)})
		}
	}
	keys := append([]string(nil), d.ContentPages...)
	sort.Strings(keys)
	for _, k := range keys {
		s.pages = append(s.pages, SitemapURL{Loc: p.Origin + "/" + k})
	}
	return s
}

// carFiles is how many files the cars' sitemap takes.
func (s Sitemaps) carFiles() int {
	return max(1, (len(s.cars)+MaxSitemapURLs-1)/MaxSitemapURLs)
}

// Files names the sitemaps the index lists.
func (s Sitemaps) Files() []string {
	var out []string
	for i := 1; i <= s.carFiles(); i++ {
		out = append(out, "sitemap-cars-"+strconv.Itoa(i)+".xml")
	}
	return append(out, "sitemap-listings.xml", "sitemap-pages.xml")
}

// newestOf is the latest lastmod of urls.
func newestOf(urls []SitemapURL) string {
	out := ""
	for _, u := range urls {
		if u.LastMod > out {
			out = u.LastMod
		}
	}
	return out
}

// Write writes the sitemap file name ("sitemap.xml" is the index); ok is
// false for a name that is no sitemap of the site.
func (s Sitemaps) Write(w io.Writer, name string) (ok bool, err error) {
	var doc any
	switch {
	case name == "sitemap.xml":
		idx := sitemapIndex{XMLNS: sitemapNS}
		for _, f := range s.Files() {
			entry := SitemapURL{Loc: s.origin + "/" + f}
			if part, ok := s.carPart(f); ok {
				entry.LastMod = newestOf(part)
			} else if f == "sitemap-listings.xml" {
				entry.LastMod = newestOf(s.listings)
			}
			idx.Sitemaps = append(idx.Sitemaps, entry)
		}
		doc = idx
	case name == "sitemap-listings.xml":
		doc = urlSet{XMLNS: sitemapNS, URLs: s.listings}
	case name == "sitemap-pages.xml":
		doc = urlSet{XMLNS: sitemapNS, URLs: s.pages}
	default:
		part, ok := s.carPart(name)
		if !ok {
			return false, nil
		}
		doc = urlSet{XMLNS: sitemapNS, URLs: part}
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return true, err
	}
	enc := xml.NewEncoder(w)
	if err := enc.Encode(doc); err != nil {
		return true, fmt.Errorf("sitemap %s: %w", name, err)
	}
	return true, enc.Close()
}

// carPart is the cars of sitemap-cars-N.xml.
func (s Sitemaps) carPart(name string) ([]SitemapURL, bool) {
	n, ok := strings.CutPrefix(name, "sitemap-cars-")
	if !ok {
		return nil, false
	}
	n, ok = strings.CutSuffix(n, ".xml")
	i, err := strconv.Atoi(n)
	if !ok || err != nil || i < 1 || i > s.carFiles() || strconv.Itoa(i) != n {
		return nil, false
	}
	lo := (i - 1) * MaxSitemapURLs
	return s.cars[lo:min(len(s.cars), lo+MaxSitemapURLs)], true
}

// Robots is the site's robots.txt: everything but the shopper's own pages
// and the API may be crawled, and the sitemap index is named.
func (p Page) Robots() string {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	watchlist := p.Site.Features.WatchlistPath
	if watchlist == "" {
		watchlist = shared.DefaultWatchlistPath
	}
	for _, path := range []string{"/api/", "/sign-in", watchlist, "/success", "/online-payment", "/personalised/"} {
		b.WriteString("Disallow: " + path + "\n")
	}
	b.WriteString("\nSitemap: " + p.Origin + "/sitemap.xml\n")
	return b.String()
}

package shared

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"sort"
	"time"
)

// SitemapCar is what a site's sitemaps say of one car (issue 14): its page,
// when it last changed and the listings it is in.
type SitemapCar struct {
	Slug string `json:"slug"`
	// LastMod is the later of the car's created_at and its last write with
	// new content (StoredCar.UpdatedAt), so a price change tells crawlers
	// to come back.
	LastMod time.Time `json:"lastmod"`
	CarType CarType   `json:"car_type"`
	Make    string    `json:"make,omitempty"`
	Model   string    `json:"model,omitempty"`
	// Body is the car's simple_body, so a body listing's page head
	// (/search/suv) counts its stock from the stored list too.
	Body string `json:"body,omitempty"`
}

// sitemapFormat is the stored lists' format: a list of an older format
// (without Body) hashes differently and is rebuilt, not read.
const sitemapFormat = 2

// NewSitemapCar is the car's sitemap entry; updated is when it was last
// written with new content (zero when unknown).
func NewSitemapCar(c Car, updated time.Time) SitemapCar {
	mod := c.CreatedAt
	if updated.After(mod) {
		mod = updated
	}
	return SitemapCar{Slug: c.Slug, LastMod: mod.UTC(), CarType: c.CarType, Make: c.Make, Model: c.Model, Body: c.SimpleBody}
}

// SitemapCars is a stored list of a site's sitemap cars: the site's whole
// list, or one dealership's share of it. It is derived data, rebuilt after
// every change of the cars (docs/contracts.md "Stored sitemaps").
type SitemapCars struct {
	// SiteHash is SitemapHash of the site config the list was built under;
	// a list under another config is not used.
	SiteHash string       `json:"site_hash"`
	BuiltAt  time.Time    `json:"built_at"`
	Cars     []SitemapCar `json:"cars"`
}

// SitemapHash names the parts of the site config that decide which cars
// its sitemaps list (its dealerships, the car types it sells and its
// search.filters, issue 31), so that
// a change of anything else (a colour, a page) keeps the stored lists.
func (s Site) SitemapHash() string {
	dealers := make([]string, len(s.Dealerships))
	for i, d := range s.Dealerships {
		dealers[i] = d.Slug
	}
	sort.Strings(dealers)
	types := slices.Clone(s.Stock.CarTypes)
	slices.Sort(types)
	b, err := json.Marshal(struct {
		Format      int       `json:"format"`
		Site        string    `json:"site"`
		Dealerships []string  `json:"dealerships"`
		CarTypes    []CarType `json:"car_types"`
		Filters     string    `json:"filters,omitempty"`
	}{sitemapFormat, s.Slug, dealers, types, s.Search.Filters})
	if err != nil {
		return "" // never matches a stored list
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

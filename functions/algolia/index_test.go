package algolia_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/url"
	"strconv"
	"testing"
	"time"

	"forecourt/functions/algolia"
	"forecourt/shared"
)

// DESIGN.md decision 5, docs/contracts.md "Search index" and issue 15: a
// site's key is the search-only key secured with the site's whole
// visibility filter, restrictIndices naming the index and each sort replica,
// and validUntil 24 h ahead, in Algolia's form (base64 of the hex
// HMAC-SHA256 of the query string, then the query string), so that it
// reads only that site's records in the index and its sort replicas.
func TestSecuredKey(t *testing.T) {
	cfg := algolia.Config{AppID: "APP", AdminKey: "admin", SearchKey: "search-only", Host: "http://127.0.0.1:7700", Index: "cars"}
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
	for _, site := range []shared.Site{
		{Slug: "northside-used", Stock: shared.StockConfig{CarTypes: []shared.CarType{shared.CarTypeUsed}}},
		{Slug: "metro-group"},
	} {
		key, until, err := idx.SecuredKey(site, now)
		if err != nil {
			t.Fatal(err)
		}
		if want := now.Add(24 * time.Hour); !until.Equal(want) {
			t.Errorf("%s: valid until %v, want %v", site.Slug, until, want)
		}
		raw, err := base64.StdEncoding.DecodeString(key)
		if err != nil || len(raw) < 64 {
			t.Fatalf("%s: key %q is not base64 of hmac+params: %v", site.Slug, key, err)
		}
		sig, params := string(raw[:64]), string(raw[64:])
		mac := hmac.New(sha256.New, []byte(cfg.SearchKey))
		mac.Write([]byte(params))
		if want := hex.EncodeToString(mac.Sum(nil)); sig != want {
			t.Errorf("%s: signature %s is not the HMAC of %q under the search key", site.Slug, sig, params)
		}
		q, err := url.ParseQuery(params)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := q.Get("filters"), site.SearchKeyFilter(); got != want {
			t.Errorf("%s: filters got %q, want %q", site.Slug, got, want)
		}
		if got, want := q.Get("restrictIndices"), "cars,cars_latest,cars_price_asc,cars_price_desc,cars_km_asc,cars_km_desc"; got != want {
			t.Errorf("%s: restrictIndices got %q, want %q", site.Slug, got, want)
		}
		if got, want := q.Get("validUntil"), strconv.FormatInt(now.Add(24*time.Hour).Unix(), 10); got != want {
			t.Errorf("%s: validUntil got %q, want %q", site.Slug, got, want)
		}
		for name := range q {
			if name != "filters" && name != "restrictIndices" && name != "validUntil" {
				t.Errorf("%s: unexpected restriction %s=%q", site.Slug, name, q.Get(name))
			}
		}
	}
}

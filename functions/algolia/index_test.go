package algolia_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/url"
	"testing"

	"forecourt/functions/algolia"
)

// DESIGN.md decision 5 and docs/contracts.md "Search index": a site's key
// is the search-only key secured with filters=sites:<slug> and
// restrictIndices=<index>,<index>_*, in Algolia's form (base64 of the hex
// HMAC-SHA256 of the query string, then the query string), so that it
// reads only that site's records in the index and its sort replicas.
func TestSecuredKey(t *testing.T) {
	cfg := algolia.Config{AppID: "APP", AdminKey: "admin", SearchKey: "search-only", Host: "http://127.0.0.1:7700", Index: "cars"}
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, site := range []string{"northside-used", "metro-group"} {
		key, err := idx.SecuredKey(site)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := base64.StdEncoding.DecodeString(key)
		if err != nil || len(raw) < 64 {
			t.Fatalf("%s: key %q is not base64 of hmac+params: %v", site, key, err)
		}
		sig, params := string(raw[:64]), string(raw[64:])
		mac := hmac.New(sha256.New, []byte(cfg.SearchKey))
		mac.Write([]byte(params))
		if want := hex.EncodeToString(mac.Sum(nil)); sig != want {
			t.Errorf("%s: signature %s is not the HMAC of %q under the search key", site, sig, params)
		}
		q, err := url.ParseQuery(params)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := q.Get("filters"), "sites:"+site; got != want {
			t.Errorf("%s: filters got %q, want %q", site, got, want)
		}
		if got, want := q.Get("restrictIndices"), "cars,cars_*"; got != want {
			t.Errorf("%s: restrictIndices got %q, want %q", site, got, want)
		}
		for name := range q {
			if name != "filters" && name != "restrictIndices" {
				t.Errorf("%s: unexpected restriction %s=%q", site, name, q.Get(name))
			}
		}
	}
}

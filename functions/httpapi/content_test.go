package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"forecourt/shared"
)

type fakePages map[string]map[string]string

func (f fakePages) FindPages(_ context.Context, slug string) (map[string]string, error) {
	return f[slug], nil
}

func contentAPI(t *testing.T) http.Handler {
	t.Helper()
	sites := fakeSites{
		"north": {Slug: "north", ID: "site-north", Name: "Northside Used", Dealerships: []shared.Dealership{{Slug: "n"}},
			Offers: []shared.Offer{
				{ID: "everyone", Name: "For all", Manufacturer: shared.OfferManufacturer{Name: "Toyota"}},
				{ID: "not-north", Name: "Excluded", ExcludedWebsiteIDs: []string{"site-north"}},
			}},
		"group": {Slug: "group", ID: "site-group", Name: "Group", Dealerships: []shared.Dealership{{Slug: "g"}}},
	}
	pages := fakePages{
		"north": {
			"terms-and-conditions": "---\ntitle: Terms\ndescription: The terms of {{dealer}}.\n---\n# Terms of {{dealer}}\n\n<script>alert(1)</script>\n\nHello.",
			"pages/careers":        "---\ntitle: Careers\n---\nJoin us.",
		},
		"group": {"fleet": "---\ntitle: Fleet\n---\nFleet."},
	}
	h, err := newAPIHandler(APIConfig{Sites: sites, Cars: fakeCars{}, Keys: fakeKeys{}, OriginSecret: testSecret, Pages: pages})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// Issue 11, content pages: a site's Markdown page is served as title,
// description and HTML, with the dealer's name, raw HTML dropped, and the
// URL's trailing slash or case not mattering.
func TestPageRendered(t *testing.T) {
	h := contentAPI(t)
	for _, path := range []string{"/api/pages/terms-and-conditions", "/api/pages/terms-and-conditions/", "/api/pages/Terms-And-Conditions"} {
		rec := get(h, path, "north", testSecret)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: got %d %s, want 200", path, rec.Code, rec.Body)
		}
		var p struct{ Title, Description, HTML string }
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
			t.Fatal(err)
		}
		if p.Title != "Terms" || p.Description != "The terms of Northside Used." {
			t.Errorf("%s: got title %q description %q", path, p.Title, p.Description)
		}
		if !strings.Contains(p.HTML, "<h1 id=\"terms-of-northside-used\">Terms of Northside Used</h1>") {
			t.Errorf("%s: html %q lacks the dealer's heading", path, p.HTML)
		}
		if strings.Contains(p.HTML, "<script") {
			t.Errorf("%s: raw HTML reached the page: %q", path, p.HTML)
		}
		if got := rec.Header().Get("Cache-Control"); got != contentCacheControl {
			t.Errorf("cache-control %q", got)
		}
	}
	if rec := get(h, "/api/pages/pages/careers", "north", testSecret); rec.Code != http.StatusOK {
		t.Errorf("nested page: got %d", rec.Code)
	}
}

// Issue 11: a page the site lacks, another tenant's page, and a path that
// cannot name a page are JSON 404s.
func TestPageNotFound(t *testing.T) {
	h := contentAPI(t)
	for _, c := range []struct{ path, site string }{
		{"/api/pages/fleet", "north"},                   // only group has it
		{"/api/pages/terms-and-conditions", "group"},    // only north has it
		{"/api/pages/pages/..%2f..%2fsecrets", "north"}, // not a page path
		{"/api/pages/nope", "north"},
	} {
		rec := get(h, c.path, c.site, testSecret)
		if rec.Code != http.StatusNotFound || errorCode(t, rec) != shared.ENOTFOUND {
			t.Errorf("%s on %s: got %d %s, want 404 not_found", c.path, c.site, rec.Code, rec.Body)
		}
	}
}

// Spec 001 §3 offer excluded_website_ids: GET /api/offers lists the offers
// the site shows, and an excluded offer's page is a 404; /api/site carries
// none.
func TestOffers(t *testing.T) {
	h := contentAPI(t)
	rec := get(h, "/api/offers", "north", testSecret)
	var body OffersResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || rec.Code != http.StatusOK {
		t.Fatalf("got %d %s: %v", rec.Code, rec.Body, err)
	}
	if len(body.Offers) != 1 || body.Offers[0].ID != "everyone" || body.Offers[0].Path != "/offers/toyota/everyone" {
		t.Errorf("offers: got %+v, want only everyone at /offers/toyota/everyone", body.Offers)
	}
	if rec := get(h, "/api/offers/everyone", "north", testSecret); rec.Code != http.StatusOK {
		t.Errorf("offer page: got %d", rec.Code)
	}
	for _, c := range []struct{ path, site string }{{"/api/offers/not-north", "north"}, {"/api/offers/everyone", "group"}} {
		if rec := get(h, c.path, c.site, testSecret); rec.Code != http.StatusNotFound {
			t.Errorf("%s on %s: got %d, want 404", c.path, c.site, rec.Code)
		}
	}
	if rec := get(h, "/api/offers", "group", testSecret); !strings.Contains(rec.Body.String(), `"offers":[]`) {
		t.Errorf("no offers: got %s, want an empty list", rec.Body)
	}
	if rec := get(h, "/api/site", "north", testSecret); strings.Contains(rec.Body.String(), `"offers"`) {
		t.Errorf("/api/site carries offers: %s", rec.Body)
	}
}

package feed_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"forecourt/functions/feed"
	"forecourt/functions/httpapi"
	"forecourt/functions/httpapi/route"
	"forecourt/shared"
)

// siteStore serves testSites to the API handler.
type siteStore struct{ staticSites }

func (s siteStore) FindSite(_ context.Context, slug string) (shared.Site, error) {
	for _, site := range s.staticSites {
		if site.Slug == slug {
			return site, nil
		}
	}
	return shared.Site{}, shared.Errorf(shared.ENOTFOUND, "site %q not found", slug)
}

func (siteStore) SaveSite(context.Context, shared.Site) error { return nil }

// One visibility rule (issue 8, spec 001 §4, §9), through a feed, the index
// and GET /api/cars over the same DynamoDB: a car the dealer hides from its
// website is indexed for no site and 404s everywhere; a sold car of a
// dealership two sites share ("group" keeps sold cars 3 days, "north-site"
// 14) is, 5 days after the sale and a sweep, in north-site's sites only and
// served by north-site only; past 14 days it leaves the index.
func TestIndexAndCarPageShowTheSameCars(t *testing.T) {
	e := newEngineEnv(t, nil)
	ctx := context.Background()
	api, err := httpapi.NewHandler(httpapi.Deps{Lambda: route.API, Media: noMedia{}, API: &httpapi.APIConfig{
		Sites: siteStore{testSites}, Cars: e.cars, Keys: e.index, OriginSecret: "s", Now: e.clock.now}})
	if err != nil {
		t.Fatal(err)
	}
	hidden := strings.TrimSuffix(kia("N3", "Stonic", 21990), "}") + `,"show_on_dealer_website":false}`
	e.ingest(t, "north", "full", "["+kia("N1", "Rio", 19990)+","+kia("N2", "Rio", 18990)+","+hidden+"]")
	n1, n2, n3 := feed.CarID("north", "stock:N1"), feed.CarID("north", "stock:N2"), feed.CarID("north", "stock:N3")
	stored := map[string]shared.StoredCar{}
	all, err := e.cars.StoredCars(ctx, "north")
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range all {
		stored[sc.ID] = sc
	}

	// check compares the record's sites and each site's car page with want.
	check := func(when, id string, want []string) {
		t.Helper()
		rec, indexed := e.search(t, e.cfg.AdminKey, "")[id]
		var sites []string
		if indexed {
			for _, s := range rec["sites"].([]any) {
				sites = append(sites, s.(string))
			}
		}
		slices.Sort(sites)
		if !slices.Equal(sites, want) {
			t.Errorf("%s: %s indexed %v with sites %v, want sites %v", when, id, indexed, sites, want)
		}
		for _, site := range testSites {
			req := httptest.NewRequest(http.MethodGet, "/api/cars/"+stored[id].Slug, nil)
			req.Header.Set(httpapi.HeaderSite, site.Slug)
			req.Header.Set(httpapi.HeaderOriginSecret, "s")
			w := httptest.NewRecorder()
			api.ServeHTTP(w, req)
			if shown := w.Code == http.StatusOK; shown != slices.Contains(want, site.Slug) {
				t.Errorf("%s: %s on %s: GET /api/cars got %d, want shown %v", when, id, site.Slug, w.Code, !shown)
			}
		}
	}
	check("after the feed", n1, []string{"group", "north-site"})
	check("after the feed", n3, nil)

	e.ingest(t, "north", "full", "["+kia("N1", "Rio", 19990)+","+hidden+"]") // N2 sold now
	check("at the sale", n2, []string{"group", "north-site"})

	e.clock.t = e.clock.t.Add(5 * 24 * time.Hour)
	rep, err := e.svc.Sweep(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Replaced != 1 || rep.Removed != 0 {
		t.Errorf("sweep after 5 days = %+v, want 1 replaced, 0 removed", rep)
	}
	check("5 days after the sale", n2, []string{"north-site"})
	check("5 days after the sale", n3, nil)

	e.clock.t = e.clock.t.Add(10 * 24 * time.Hour)
	if rep, err = e.svc.Sweep(ctx); err != nil || rep.Removed != 1 {
		t.Errorf("sweep after 15 days = %+v, %v, want 1 removed", rep, err)
	}
	check("15 days after the sale", n2, nil)
}

// noMedia is a media store holding nothing: these tests ask for no media.
type noMedia struct{}

func (noMedia) Media(context.Context, string, url.Values) ([]byte, string, error) {
	return nil, "", shared.Errorf(shared.ENOTFOUND, "no media")
}

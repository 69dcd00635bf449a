package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"forecourt/functions/dynamo"
	"forecourt/functions/sitemaps"
	"forecourt/shared"
)

// Issue 14 "regenerated after each feed run (derived data, rebuilt by
// forecourt reindex)": a feed run that adds and removes cars rewrites the
// site's stored sitemap list, which the sitemap is served from (a car
// deleted behind the feed's back stays listed: no car was read); without
// the list the sitemap is built from the cars, and a reindex writes it
// again.
func TestSitemapsStoredAfterFeedRuns(t *testing.T) {
	s := bootStack(t)
	ctx := context.Background()
	const site, dealer = "northside-used", "northside-used"
	list := filepath.Join(s.sitemaps, filepath.FromSlash(sitemaps.SiteKey(site)))
	sitemap := func() string {
		t.Helper()
		rec := httptest.NewRecorder()
		s.gw.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://"+site+".localhost:8080/sitemap-cars-1.xml", nil))
		if rec.Code != 200 {
			t.Fatalf("sitemap: %d %s", rec.Code, rec.Body)
		}
		return rec.Body.String()
	}
	loc := func(slug string) string { return "/cars/" + slug + "</loc>" }

	// The seeding feed runs wrote the list.
	if _, err := os.Stat(list); err != nil {
		t.Fatalf("no stored list after the seeding feed run: %v", err)
	}
	before, err := s.p.seeder.cars.FindCarsByDealership(ctx, dealer)
	if err != nil || len(before) < 2 {
		t.Fatalf("stock: %d cars, %v", len(before), err)
	}
	var kept, removed shared.Car
	for _, c := range before {
		if c.Available() && c.ShowOnDealerWebsite {
			if kept.ID == "" {
				kept = c
			} else if removed.ID == "" {
				removed = c
			}
		}
	}
	if got := sitemap(); !strings.Contains(got, loc(kept.Slug)) || !strings.Contains(got, loc(removed.Slug)) {
		t.Fatalf("the seeded cars are not in the sitemap:\n%s", got)
	}

	// A delta run adds one car and removes another.
	added := kept
	added.ID, added.StockNum, added.VIN, added.Slug = "SITEMAP-NEW-1", "SITEMAP-NEW-1", "", ""
	body, _ := json.Marshal(map[string]any{"cars": []shared.Car{added}, "remove": []string{removed.ID}})
	req := httptest.NewRequest(http.MethodPost, "http://localhost:8080/ingest/v1/dealerships/"+dealer+"/feed?mode=delta", strings.NewReader(string(body)))
	req.Header.Set("Authorization", "Bearer demo-provider-key")
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	s.gw.ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Fatalf("feed: %d %s", rec.Code, rec.Body)
	}
	got, err := s.p.seeder.cars.FindCarsByDealership(ctx, dealer)
	if err != nil {
		t.Fatal(err)
	}
	had := map[string]bool{}
	for _, c := range before {
		had[c.ID] = true
	}
	var newSlug string
	for _, c := range got {
		if !had[c.ID] {
			newSlug = c.Slug
		}
	}
	if newSlug == "" {
		t.Fatalf("the added car was not stored: %s", rec.Body)
	}
	served := sitemap()
	if !strings.Contains(served, loc(newSlug)) || strings.Contains(served, loc(removed.Slug)) || !strings.Contains(served, loc(kept.Slug)) {
		t.Fatalf("after the run the sitemap should list %s and %s but not %s:\n%s", newSlug, kept.Slug, removed.Slug, served)
	}

	// Served from the list: a car deleted without a run stays listed.
	cars := dynamo.NewCarStore(s.db, s.tables)
	if err := cars.DeleteCars(ctx, dealer, []string{kept.ID}); err != nil {
		t.Fatal(err)
	}
	if got := sitemap(); !strings.Contains(got, loc(kept.Slug)) {
		t.Errorf("the sitemap read the cars instead of the stored list:\n%s", got)
	}

	// Without the list the sitemap is built from the cars; a reindex
	// writes the list again.
	if err := os.Remove(list); err != nil {
		t.Fatal(err)
	}
	if got := sitemap(); strings.Contains(got, loc(kept.Slug)) || !strings.Contains(got, loc(newSlug)) {
		t.Errorf("without a stored list the sitemap should follow the cars:\n%s", got)
	}
	if _, err := s.p.seeder.feed.Reindex(ctx, dealer); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(list)
	if err != nil {
		t.Fatalf("reindex did not rebuild the list: %v", err)
	}
	var stored shared.SitemapCars
	if err := json.Unmarshal(b, &stored); err != nil {
		t.Fatal(err)
	}
	slugs := map[string]bool{}
	for _, c := range stored.Cars {
		slugs[c.Slug] = true
	}
	if !slugs[newSlug] || slugs[kept.Slug] || slugs[removed.Slug] {
		t.Errorf("rebuilt list: %v", slugs)
	}
}

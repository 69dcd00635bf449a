package httpapi

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"testing"
	"time"

	"forecourt/shared"
)

// readCounting counts the car store's reads: by slug (one car) and by
// dealership (every car of one).
type readCounting struct {
	fakeCars
	mu           sync.Mutex
	bySlug       []string
	byDealership int
}

func (r *readCounting) FindCarsBySlug(ctx context.Context, slug string) ([]shared.Car, error) {
	r.mu.Lock()
	r.bySlug = append(r.bySlug, slug)
	r.mu.Unlock()
	return r.fakeCars.FindCarsBySlug(ctx, slug)
}

func (r *readCounting) FindCarsByDealership(ctx context.Context, d string) ([]shared.Car, error) {
	r.mu.Lock()
	r.byDealership++
	r.mu.Unlock()
	return r.fakeCars.FindCarsByDealership(ctx, d)
}

// Issue 14 "Real statuses" (410 "recently sold" with similar cars): the
// page ranks the site's stored sitemap list and reads only the cars it
// shows, by slug, never every car of the site; a listed car sold since the
// list was written is skipped for the next one; with no related car in
// stock the list is empty. Covers the document and GET /api/cars/{slug}.
func TestRecentlySoldReadsOnlyWhatItShows(t *testing.T) {
	day := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	entry := func(slug, make_, model, body string) shared.SitemapCar {
		return shared.SitemapCar{Slug: slug, LastMod: day, CarType: shared.CarTypeUsed, Make: make_, Model: model, Body: body}
	}
	// The stored list: the site's cars for sale when it was written. car-b
	// has been sold since (the fixture's car-d stands for it below).
	list := []shared.SitemapCar{
		entry("car-c", "Toyota", "HiLux", shared.BodyUte),
		entry("car-a", "Toyota", "Corolla", ""),
		entry("car-d", "Toyota", "Corolla", ""), // sold within retention: not for sale
		entry("car-b", "Toyota", "Corolla", ""),
	}
	for _, tt := range []struct {
		name        string
		list        []shared.SitemapCar
		wantSimilar []string
		wantReads   []string // by slug, besides the sold car's own
	}{
		{"same model first, a sold one skipped", list, []string{"car-a", "car-b", "car-c"}, []string{"car-a", "car-b", "car-c", "car-d"}},
		{"nothing related in stock", []shared.SitemapCar{entry("car-x", "Mazda", "CX-5", "SUV")}, []string{}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var store *readCounting
			h := documentAPIWith(t, func(c fakeCars) shared.CarStore {
				store = &readCounting{fakeCars: c}
				return store
			}, func(c *APIConfig) { c.Sitemaps = fakeSitemaps{cars: tt.list, ok: true} })

			rec := get(h, "/api/cars/car-e", "riverside", testSecret)
			var body GoneCarResponse
			if rec.Code != 410 || json.Unmarshal(rec.Body.Bytes(), &body) != nil {
				t.Fatalf("GET /api/cars/car-e: %d %s, want 410", rec.Code, rec.Body)
			}
			got := []string{}
			for _, c := range body.Similar {
				got = append(got, c.Slug)
			}
			if !slices.Equal(got, tt.wantSimilar) {
				t.Errorf("similar: got %v, want %v", got, tt.wantSimilar)
			}
			reads := slices.Sorted(slices.Values(slices.DeleteFunc(slices.Clone(store.bySlug), func(s string) bool { return s == "car-e" })))
			if store.byDealership != 0 || !slices.Equal(reads, tt.wantReads) {
				t.Errorf("reads: %d of every car of a dealership, by slug %v; want none and the sold car, then %v",
					store.byDealership, store.bySlug, tt.wantReads)
			}
			// The document reads the same way.
			store.byDealership, store.bySlug = 0, nil
			if rec := get(h, "/cars/car-e", "riverside", testSecret); rec.Code != 410 || store.byDealership != 0 {
				t.Errorf("document: %d, %d reads of every car of a dealership; want 410 and none", rec.Code, store.byDealership)
			}
		})
	}
}

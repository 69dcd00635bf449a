// Package sitestats computes and keeps each site's stock summary
// (shared.SiteStats) from the cars placed on it, so that the home page reads
// its counts from GET /api/site instead of asking the search index on every
// visit (issue 18: search requests are most of the running cost).
//
// It builds each car's index record with the algolia package and applies the
// site's own search.filters with the local engine's filter grammar, so the
// counts are those the index would answer for the same filter; it joins the
// two edge packages, as platform does, and neither knows about it.
package sitestats

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"forecourt/functions/algolia"
	"forecourt/functions/localsearch"
	"forecourt/shared"
)

// Compute summarises the cars placed on the site at the time they were
// placed. Cars whose placement does not list the site are left out; the
// site's search.filters apply as in every listing query.
func Compute(site shared.Site, cars []shared.IndexedCar, now time.Time) (shared.SiteStats, error) {
	filter, err := localsearch.ParseRecordFilter(site.Search.Filters)
	if err != nil {
		return shared.SiteStats{}, fmt.Errorf("site %s search.filters: %w", site.Slug, err)
	}
	st := shared.SiteStats{ComputedAt: now.UTC(), Facets: map[string]map[string]int{}, MinPrice: map[string]float64{}}
	for _, name := range shared.StatsFacets {
		st.Facets[name] = map[string]int{}
	}
	for _, ic := range cars {
		if !slices.Contains(ic.Placement.Sites, site.Slug) {
			continue
		}
		rec, err := algolia.NewRecord(ic)
		if err != nil {
			return shared.SiteStats{}, err
		}
		if !filter.Match(rec) {
			continue
		}
		st.NbHits++
		for _, name := range shared.StatsFacets {
			if v, ok := rec[name].(string); ok && v != "" {
				st.Facets[name][v]++
			}
		}
		if p := ic.Car.Price; p > shared.BudgetMinFilterPrice {
			for _, t := range []string{"", string(ic.Car.CarType)} {
				if cur, ok := st.MinPrice[t]; !ok || p < cur {
					st.MinPrice[t] = p
				}
			}
		}
	}
	return st, nil
}

// CarReader reads a dealership's cars from the source of truth.
type CarReader interface {
	StoredCars(ctx context.Context, dealershipSlug string) ([]shared.StoredCar, error)
}

// SiteReader lists the site configs.
type SiteReader interface {
	ListSites(ctx context.Context) ([]shared.Site, error)
}

// Saver keeps a site's stats (dynamo.SiteStore).
type Saver interface {
	SaveSiteStats(ctx context.Context, siteSlug string, st shared.SiteStats) error
}

// Refresher recomputes the stats of the sites a dealership's change touches.
type Refresher struct {
	Cars  CarReader
	Sites SiteReader
	Store Saver
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// RefreshStats recomputes and saves the stats of every site listing the
// dealership, reading all of each such site's dealerships from DynamoDB
// (a group's stats span its rooftops). Feed runs, reindexes and sweeps call
// it once per dealership they changed.
func (r *Refresher) RefreshStats(ctx context.Context, dealershipSlug string) error {
	now := time.Now()
	if r.Now != nil {
		now = r.Now()
	}
	sites, err := r.Sites.ListSites(ctx)
	if err != nil {
		return fmt.Errorf("site stats: list sites: %w", err)
	}
	cache := map[string][]shared.IndexedCar{}
	for _, site := range sites {
		if _, ok := site.Dealership(dealershipSlug); !ok {
			continue
		}
		var cars []shared.IndexedCar
		for _, d := range site.Dealerships {
			placed, ok := cache[d.Slug]
			if !ok {
				stored, err := r.Cars.StoredCars(ctx, d.Slug)
				if err != nil {
					return fmt.Errorf("site stats %s: cars of %s: %w", site.Slug, d.Slug, err)
				}
				placer := shared.NewPlacer(d.Slug, sites)
				for _, sc := range stored {
					placed = append(placed, shared.IndexedCar{Car: sc.Car, Placement: placer.Place(sc.Car, now)})
				}
				cache[d.Slug] = placed
			}
			cars = append(cars, placed...)
		}
		st, err := Compute(site, cars, now)
		if err != nil {
			return err
		}
		if err := r.Store.SaveSiteStats(ctx, site.Slug, st); err != nil {
			return fmt.Errorf("site stats %s: %w", site.Slug, err)
		}
		slog.DebugContext(ctx, "site stats refreshed", "site", site.Slug, "cars", st.NbHits)
	}
	return nil
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"forecourt/functions/demo"
	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/shared"
)

// seeder puts the demo tenants into a fresh local stack. Everything it does
// is idempotent, and stock is only generated for dealerships without cars,
// so a second `make dev` keeps the data.
type seeder struct {
	sites shared.SiteStore
	// pageStore receives pages, each tenant's content pages by slug.
	pageStore interface {
		SavePages(ctx context.Context, slug string, pages map[string]string) error
	}
	pages map[string]map[string]string
	cars  shared.CarStore
	keys  *dynamo.ProviderKeyStore
	index interface {
		// Provision: settings, replicas and the search key's
		// restrictions, as the deploy applies them (issue 35).
		Provision(ctx context.Context) error
	}
	feed        *feed.Service
	reviews     *dynamo.ReviewStore
	providerKey string
	// count is the stock size per dealership: demo.Count, smaller in tests.
	count func(dealershipSlug string) int
	now   time.Time
	log   *slog.Logger
}

func (s *seeder) seed(ctx context.Context, tenants []shared.Site) error {
	// The tenant files are the source of site config, as in AWS, where the
	// tenant stack writes them: edits show up on the next start.
	var dealerships []string
	owner := map[string]shared.Site{}
	for _, site := range tenants {
		if err := s.sites.SaveSite(ctx, site); err != nil {
			return fmt.Errorf("save site %s: %w", site.Slug, err)
		}
		if s.pageStore != nil && s.pages != nil {
			if err := s.pageStore.SavePages(ctx, site.Slug, s.pages[site.Slug]); err != nil {
				return fmt.Errorf("save pages of %s: %w", site.Slug, err)
			}
		}
		for _, d := range site.Dealerships {
			if _, seen := owner[d.Slug]; !seen {
				owner[d.Slug] = site
				dealerships = append(dealerships, d.Slug)
			}
		}
	}
	if err := s.keys.PutKey(ctx, s.providerKey, shared.Provider{Name: "demo", Dealerships: dealerships}); err != nil {
		return fmt.Errorf("demo provider key: %w", err)
	}
	if err := s.index.Provision(ctx); err != nil {
		return fmt.Errorf("index settings: %w", err)
	}
	kept := false
	for _, slug := range dealerships {
		if err := s.seedStock(ctx, owner[slug], slug); err != nil {
			return err
		}
		had, err := s.seedReviews(ctx, tenants, slug)
		if err != nil {
			return err
		}
		kept = kept || had
	}
	if kept {
		// Reviews kept in .data/ may predate the by-location index and the
		// summaries (issue 31): the backfill is idempotent and small here.
		rep, err := s.reviews.BackfillReviews(ctx)
		if err != nil {
			return fmt.Errorf("reviews backfill: %w", err)
		}
		s.log.Info("reviews backfilled", "indexed", rep.Reviews, "summaries", rep.Summaries)
	}
	return nil
}

// seedReviews gives each of the dealership's locations demo reviews, checked
// by the rules the reviews endpoint runs, unless the dealership has some
// (had).
func (s *seeder) seedReviews(ctx context.Context, tenants []shared.Site, slug string) (had bool, err error) {
	if s.reviews == nil {
		return false, nil
	}
	existing, err := s.reviews.FindReviews(ctx, slug)
	if err != nil {
		return false, err
	}
	if len(existing) > 0 {
		return true, nil
	}
	ids := map[string]bool{}
	var reviews []shared.Review
	for _, site := range tenants {
		for _, l := range site.Locations {
			if l.DealershipSlug == slug && !ids[l.ID] {
				ids[l.ID] = true
				// As many as the location page lists, so its summary
				// counts what "Show all" shows (issue 32 item 8).
				reviews = append(reviews, demo.Reviews(l, demo.ReviewCount(l, site.Reviews), s.now)...)
			}
		}
	}
	if err := shared.ValidateReviews(reviews, ids); err != nil {
		return false, fmt.Errorf("demo reviews of %s: %w", slug, err)
	}
	if err := s.reviews.SaveReviews(ctx, slug, reviews); err != nil {
		return false, err
	}
	s.log.Info("reviews seeded", "dealership", slug, "reviews", len(reviews))
	return false, nil
}

// seedStock feeds a dealership's demo stock through feed.Service.Ingest,
// the code the feed endpoint runs, unless the dealership has cars already.
func (s *seeder) seedStock(ctx context.Context, site shared.Site, slug string) error {
	existing, err := s.cars.FindCarsByDealership(ctx, slug)
	if err != nil {
		return fmt.Errorf("stock of %s: %w", slug, err)
	}
	if len(existing) > 0 {
		s.log.Info("stock kept", "dealership", slug, "cars", len(existing))
		return nil
	}
	var d shared.Dealership
	for _, cand := range site.Dealerships {
		if cand.Slug == slug {
			d = cand
		}
	}
	cars := demo.Stock(d, site.Stock.CarTypes, s.count(slug), s.now)
	demo.PlaceAt(cars, site.Locations)
	body, err := json.Marshal(cars)
	if err != nil {
		return fmt.Errorf("encode stock of %s: %w", slug, err)
	}
	rep, err := s.feed.Ingest(ctx, feed.Request{
		DealershipSlug: slug,
		Mode:           feed.ModeFull,
		ContentType:    "application/json",
		Body:           bytes.NewReader(body),
	})
	if err != nil {
		return fmt.Errorf("ingest demo stock of %s: %w", slug, err)
	}
	if rep.Rejected > 0 {
		s.log.Warn("demo rows rejected", "dealership", slug, "rejected", rep.Rejected, "first", rep.RejectedRows[0])
	}
	if rep.Status != feed.StatusSucceeded {
		return fmt.Errorf("ingest demo stock of %s: run %s ended %s", slug, rep.RunID, rep.Status)
	}
	s.log.Info("stock seeded", "dealership", slug, "created", rep.Created, "took_ms", rep.DurationMS)
	return nil
}

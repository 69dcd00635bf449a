// Package sitestats computes and keeps each site's stock summary
// (shared.SiteStats) from the cars placed on it, so that the home page reads
// its counts from GET /api/site instead of asking the search index on every
// visit (issue 18: search requests are most of the running cost).
//
// It builds each car's index record with indexrecord and applies the
// site's own search.filters with recordfilter (the grammar the local engine
// evaluates queries with), so the counts are those the index would answer
// for the same filter, without compiling the engine into production.
package sitestats

import (
	"context"
	crand "crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"time"

	"golang.org/x/sync/errgroup"

	"forecourt/functions/indexrecord"
	"forecourt/functions/recordfilter"
	"forecourt/shared"
)

// Compute summarises the cars placed on the site at the time they were
// placed. Cars whose placement does not list the site are left out; the
// site's search.filters apply as in every listing query.
func Compute(site shared.Site, cars []shared.IndexedCar, now time.Time) (shared.SiteStats, error) {
	filter, err := recordfilter.Compile(site.Search.Filters)
	if err != nil {
		return shared.SiteStats{}, fmt.Errorf("site %s search.filters: %w", site.Slug, err)
	}
	st := newStats(now)
	for _, ic := range cars {
		if !slices.Contains(ic.Placement.Sites, site.Slug) {
			continue
		}
		rec, err := indexrecord.NewRecord(ic).Map()
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
		if mk, md := ic.Car.Make, ic.Car.Model; mk != "" && md != "" {
			if st.Models[mk] == nil {
				st.Models[mk] = map[string]int{}
			}
			st.Models[mk][md]++
		}
		if p := ic.Car.Price; p > shared.BudgetMinFilterPrice {
			lowerMin(st.MinPrice, "", p)
			lowerMin(st.MinPrice, string(ic.Car.CarType), p)
		}
	}
	return st, nil
}

// newStats is a site's stats with no car: every facet present and empty.
func newStats(now time.Time) shared.SiteStats {
	st := shared.SiteStats{Format: shared.SiteStatsFormat, ComputedAt: now.UTC(), Facets: map[string]map[string]int{},
		MinPrice: map[string]float64{}, Models: map[string]map[string]int{}}
	for _, name := range shared.StatsFacets {
		st.Facets[name] = map[string]int{}
	}
	return st
}

// lowerMin keeps the lowest price seen for key.
func lowerMin(m map[string]float64, key string, price float64) {
	if cur, ok := m[key]; !ok || price < cur {
		m[key] = price
	}
}

// CarReader reads a dealership's cars from the source of truth.
type CarReader interface {
	StoredCars(ctx context.Context, dealershipSlug string) ([]shared.StoredCar, error)
}

// Store keeps each dealership's share of a site's stats and the site's
// total (dynamo.SiteStore).
type Store interface {
	// SaveDealershipStats with fill replaces only a missing share or one
	// with another SiteHash.
	SaveDealershipStats(ctx context.Context, site, dealership string, share shared.StatsShare, fill bool) error
	DealershipStats(ctx context.Context, site string, dealerships []string) (map[string]shared.StatsShare, error)
	// SiteStatsVersion is the total's version and the tokens of the
	// shares it was summed from, by dealership.
	SiteStatsVersion(ctx context.Context, site string) (int64, map[string]string, error)
	// SaveSiteStats saves the total if the site is still at version, else
	// answers shared.ECONFLICT.
	SaveSiteStats(ctx context.Context, site string, st shared.SiteStats, tokens map[string]string, version int64) error
	// SitesOf returns the sites that list the dealership: another
	// dealership's share is placed with its own sites, which the run's
	// list (its own sites) may not all hold.
	SitesOf(ctx context.Context, dealershipSlug string) ([]shared.Site, error)
}

// Merge adds up the shares of a site's stats: counts add, the lowest
// prices win. Compute over all the cars equals Merge of Compute over any
// split of them.
func Merge(now time.Time, parts ...shared.SiteStats) shared.SiteStats {
	st := newStats(now)
	for _, p := range parts {
		st.NbHits += p.NbHits
		for name, counts := range p.Facets {
			if st.Facets[name] == nil {
				st.Facets[name] = map[string]int{}
			}
			for v, n := range counts {
				st.Facets[name][v] += n
			}
		}
		for t, price := range p.MinPrice {
			lowerMin(st.MinPrice, t, price)
		}
		for mk, models := range p.Models {
			if st.Models[mk] == nil {
				st.Models[mk] = map[string]int{}
			}
			for md, n := range models {
				st.Models[mk][md] += n
			}
		}
		// A total is only as new as its oldest share.
		st.Format = min(st.Format, p.Format)
	}
	return st
}

// saveAttempts bounds the optimistic retries of one site's total when
// other dealerships' runs save it at the same time.
const saveAttempts = 10

// fillConcurrency bounds the dealerships whose shares one refresh
// computes again at once (after a site config change).
const fillConcurrency = 8

// Refresher recomputes the stats of the sites a dealership's change touches.
type Refresher struct {
	Cars  CarReader
	Store Store
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// RefreshStats recomputes the dealership's share of every site listing it
// (of sites, the configs its caller placed the cars with) from its own
// cars, then each such site's total from the shares of all its
// dealerships. Feed runs, reindexes and sweeps call it once per dealership
// they changed, holding that dealership's lease, so each share has one
// writer; the totals are saved with a version check, so of runs finishing
// at once the last to save has read every share (issue 18: a run costs the
// same whether its site has 1 dealership or 200).
func (r *Refresher) RefreshStats(ctx context.Context, dealershipSlug string, sites []shared.Site) error {
	now := time.Now()
	if r.Now != nil {
		now = r.Now()
	}
	var err error
	var placed []shared.IndexedCar
	read := false
	for _, site := range sites {
		if _, ok := site.Dealership(dealershipSlug); !ok {
			continue
		}
		if !read {
			if placed, err = r.placedCars(ctx, dealershipSlug, sites, now); err != nil {
				return err
			}
			read = true
		}
		part, err := Compute(site, placed, now)
		if err != nil {
			return err
		}
		share := shared.StatsShare{Stats: part, SiteHash: siteHash(site), Token: newToken()}
		if err := r.Store.SaveDealershipStats(ctx, site.Slug, dealershipSlug, share, false); err != nil {
			return fmt.Errorf("site stats %s: %w", site.Slug, err)
		}
		if err := r.saveTotal(ctx, site, sites, dealershipSlug, share.Token, now); err != nil {
			return err
		}
	}
	return nil
}

// saveTotal saves the site's total from its dealerships' shares, until a
// saved total includes the dealership's share with the token: its own
// save, or another run's that read the share after it was written. When
// another run saves in between, it reads the shares again; of runs ending
// at once the last to save has read every share.
func (r *Refresher) saveTotal(ctx context.Context, site shared.Site, sites []shared.Site, dealership, token string, now time.Time) error {
	slugs := make([]string, len(site.Dealerships))
	for i, d := range site.Dealerships {
		slugs[i] = d.Slug
	}
	for attempt := range saveAttempts {
		version, included, err := r.Store.SiteStatsVersion(ctx, site.Slug)
		if err != nil {
			return fmt.Errorf("site stats %s: %w", site.Slug, err)
		}
		if included[dealership] == token {
			return nil
		}
		parts, err := r.shares(ctx, site, slugs, sites, now)
		if err != nil {
			return err
		}
		list := make([]shared.SiteStats, 0, len(parts))
		tokens := make(map[string]string, len(parts))
		for _, d := range slugs {
			list = append(list, parts[d].Stats)
			if t := parts[d].Token; t != "" {
				tokens[d] = t
			}
		}
		st := Merge(now, list...)
		err = r.Store.SaveSiteStats(ctx, site.Slug, st, tokens, version)
		if shared.ErrorCode(err) == shared.ECONFLICT {
			// Another run saved first; it may have summed this share already.
			select {
			case <-ctx.Done():
				return fmt.Errorf("site stats %s: %w", site.Slug, ctx.Err())
			case <-time.After(time.Duration(1+rand.IntN(5*(attempt+1))) * time.Millisecond):
			}
			continue
		}
		if err != nil {
			return fmt.Errorf("site stats %s: %w", site.Slug, err)
		}
		slog.DebugContext(ctx, "site stats refreshed", "site", site.Slug, "cars", st.NbHits, "version", version+1)
		return nil
	}
	return fmt.Errorf("site stats %s: saved by other runs %d times in a row; the next run or sweep saves it", site.Slug, saveAttempts)
}

// shares reads the site's dealerships' shares. A missing share counts as
// none: every run, reindex and sweep that changes a dealership's cars
// writes its share, and the sweep fills in the shares of cars that predate
// them (FillStats). A share computed under another site config (a tenant
// deploy changed the site) is computed again from its cars, stored only if
// still not current, and the shares are read again so that a share its own
// run wrote meanwhile wins.
func (r *Refresher) shares(ctx context.Context, site shared.Site, slugs []string, sites []shared.Site, now time.Time) (map[string]shared.StatsShare, error) {
	parts, err := r.Store.DealershipStats(ctx, site.Slug, slugs)
	if err != nil {
		return nil, fmt.Errorf("site stats %s: %w", site.Slug, err)
	}
	hash := siteHash(site)
	var stale []string
	for d, p := range parts {
		if p.SiteHash != hash {
			stale = append(stale, d)
		}
	}
	if len(stale) == 0 {
		return parts, nil
	}
	// A config change reaches every share at once: compute them side by side.
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(fillConcurrency)
	for _, d := range stale {
		g.Go(func() error {
			// The placer takes the dealership's name and finance from the
			// first site listing it, so it needs all of d's sites.
			own, err := r.Store.SitesOf(gctx, d)
			if err != nil {
				return fmt.Errorf("site stats %s: %w", site.Slug, err)
			}
			return r.fill(gctx, site, d, own, now)
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if parts, err = r.Store.DealershipStats(ctx, site.Slug, slugs); err != nil {
		return nil, fmt.Errorf("site stats %s: %w", site.Slug, err)
	}
	return parts, nil
}

// fill computes the dealership's share of the site from its cars and
// stores it unless a current one is stored.
func (r *Refresher) fill(ctx context.Context, site shared.Site, dealership string, sites []shared.Site, now time.Time) error {
	placed, err := r.placedCars(ctx, dealership, sites, now)
	if err != nil {
		return err
	}
	part, err := Compute(site, placed, now)
	if err != nil {
		return err
	}
	share := shared.StatsShare{Stats: part, SiteHash: siteHash(site), Token: newToken()}
	if err := r.Store.SaveDealershipStats(ctx, site.Slug, dealership, share, true); err != nil {
		return fmt.Errorf("site stats %s: %w", site.Slug, err)
	}
	return nil
}

// FillStats gives the dealership a current share on every site listing it
// where it has none (its cars predate the shares) or one computed under
// another config, and saves those sites' totals; where its shares are
// current it reads nothing else. The hourly sweep calls it for every
// dealership it sweeps without changes.
func (r *Refresher) FillStats(ctx context.Context, dealershipSlug string, sites []shared.Site) error {
	now := time.Now()
	if r.Now != nil {
		now = r.Now()
	}
	for _, site := range sites {
		if _, ok := site.Dealership(dealershipSlug); !ok {
			continue
		}
		parts, err := r.Store.DealershipStats(ctx, site.Slug, []string{dealershipSlug})
		if err != nil {
			return fmt.Errorf("site stats %s: %w", site.Slug, err)
		}
		if p, ok := parts[dealershipSlug]; ok && p.SiteHash == siteHash(site) {
			continue
		}
		if err := r.fill(ctx, site, dealershipSlug, sites, now); err != nil {
			return err
		}
		parts, err = r.Store.DealershipStats(ctx, site.Slug, []string{dealershipSlug})
		if err != nil {
			return fmt.Errorf("site stats %s: %w", site.Slug, err)
		}
		if err := r.saveTotal(ctx, site, sites, dealershipSlug, parts[dealershipSlug].Token, now); err != nil {
			return err
		}
	}
	return nil
}

// placedCars reads the dealership's cars and places them on the sites.
func (r *Refresher) placedCars(ctx context.Context, dealershipSlug string, sites []shared.Site, now time.Time) ([]shared.IndexedCar, error) {
	stored, err := r.Cars.StoredCars(ctx, dealershipSlug)
	if err != nil {
		return nil, fmt.Errorf("site stats: cars of %s: %w", dealershipSlug, err)
	}
	return shared.NewPlacer(dealershipSlug, sites).PlaceAll(stored, now), nil
}

// siteHash names the site config a share was computed under.
func siteHash(site shared.Site) string {
	// The stats' format is part of it: a share of an older format is
	// computed again like one under another config.
	b, err := json.Marshal(struct {
		Format int         `json:"format"`
		Site   shared.Site `json:"site"`
	}{shared.SiteStatsFormat, site})
	if err != nil {
		return "" // a config that cannot be encoded never matches a stored share
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// newToken names one write of a share.
func newToken() string {
	var b [8]byte
	crand.Read(b[:])
	return hex.EncodeToString(b[:])
}

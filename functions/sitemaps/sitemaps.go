// Package sitemaps keeps each site's stored sitemap list
// (shared.SitemapCars, issue 14): derived data like the search index,
// rewritten after every feed run, reindex or sweep that changed a
// dealership's cars, so that serving a sitemap is one read instead of a read
// of every car of every dealership of the site (docs/contracts.md "Stored
// sitemaps").
//
// Each dealership's share of a site's list is written by that dealership's
// own run (under its lease: one writer), then the site's list is merged from
// all the shares and saved with a conditional write, as sitestats saves its
// totals, so a run costs the same whether its site has 1 dealership or 200.
package sitemaps

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sort"
	"time"

	"golang.org/x/sync/errgroup"

	"forecourt/functions/visible"
	"forecourt/shared"
)

// Objects stores the lists by key (S3Objects in AWS, DirObjects locally).
type Objects interface {
	// Get is the object's body and version; shared.ENOTFOUND when absent.
	Get(ctx context.Context, key string) (body []byte, version string, err error)
	// Version is the object's version without its body; shared.ENOTFOUND
	// when absent.
	Version(ctx context.Context, key string) (string, error)
	// Put writes the object whatever is stored.
	Put(ctx context.Context, key string, body []byte) error
	// Swap writes the object only if it is still at version (""
	// meaning: only if absent), else fails with shared.ECONFLICT.
	Swap(ctx context.Context, key string, body []byte, version string) error
}

// CarReader reads a dealership's cars from the source of truth
// (dynamo.CarStore).
type CarReader interface {
	StoredCars(ctx context.Context, dealershipSlug string) ([]shared.StoredCar, error)
}

// SiteKey is where the site's list is stored.
func SiteKey(site string) string { return "sites/" + site + "/cars.json" }

// ShareKey is where the dealership's share of the site's list is stored.
func ShareKey(site, dealership string) string {
	return "sites/" + site + "/dealerships/" + dealership + ".json"
}

// saveAttempts bounds the conditional saves of one site's list when other
// dealerships' runs save it at the same time.
const saveAttempts = 10

// readConcurrency bounds the shares one merge reads at once.
const readConcurrency = 16

// Refresher rewrites the lists of the sites a dealership's change touches.
type Refresher struct {
	Cars    CarReader
	Objects Objects
	// Now is the clock (default time.Now).
	Now func() time.Time
}

func (r *Refresher) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

// RefreshSitemaps rewrites the dealership's share of every site listing it
// (of sites, the configs its caller placed the cars with) from its own
// cars, then each such site's list from the shares of all its dealerships.
// Feed runs, reindexes and sweeps call it holding the dealership's lease.
// A site that fails does not stop the others; the errors are joined.
func (r *Refresher) RefreshSitemaps(ctx context.Context, dealershipSlug string, sites []shared.Site) error {
	return r.refresh(ctx, dealershipSlug, sites, false)
}

// FillSitemaps writes the dealership's share and the site's list only
// where its share is missing or built under another site config, or the
// site's list is missing: the hourly sweep's catch-up for dealerships it
// left unchanged (cars that predate the lists, a site config change, a
// list deleted or lost).
func (r *Refresher) FillSitemaps(ctx context.Context, dealershipSlug string, sites []shared.Site) error {
	return r.refresh(ctx, dealershipSlug, sites, true)
}

func (r *Refresher) refresh(ctx context.Context, dealershipSlug string, sites []shared.Site, onlyMissing bool) error {
	now := r.now()
	var stored []shared.StoredCar
	read := false
	var errs []error
	for _, site := range sites {
		if _, ok := site.Dealership(dealershipSlug); !ok {
			continue
		}
		if onlyMissing {
			current, err := r.current(ctx, site, dealershipSlug)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if current {
				continue
			}
		}
		if !read {
			var err error
			if stored, err = r.Cars.StoredCars(ctx, dealershipSlug); err != nil {
				return fmt.Errorf("sitemaps: cars of %s: %w", dealershipSlug, err)
			}
			read = true
		}
		share, err := shareOf(site, stored, now)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		body, err := json.Marshal(share)
		if err != nil {
			return fmt.Errorf("sitemaps: share of %s on %s: %w", dealershipSlug, site.Slug, err)
		}
		if err := r.Objects.Put(ctx, ShareKey(site.Slug, dealershipSlug), body); err != nil {
			errs = append(errs, fmt.Errorf("sitemaps: share of %s on %s: %w", dealershipSlug, site.Slug, err))
			continue
		}
		if err := r.saveSite(ctx, site, dealershipSlug, share, now); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// current reports whether the dealership's share of the site is built
// under the site's config and the site's list exists.
func (r *Refresher) current(ctx context.Context, site shared.Site, dealership string) (bool, error) {
	share, ok, err := r.load(ctx, ShareKey(site.Slug, dealership), site)
	if err != nil || !ok || share.SiteHash == "" {
		return false, err
	}
	if _, err := r.Objects.Version(ctx, SiteKey(site.Slug)); err != nil {
		if shared.ErrorCode(err) == shared.ENOTFOUND {
			return false, nil
		}
		return false, fmt.Errorf("sitemaps: list of %s: %w", site.Slug, err)
	}
	return true, nil
}

// saveSite saves the site's list merged from its dealerships' shares, with
// own's share as just written, if no other run saved it since its version
// was read; else it reads and merges again. The version is read before the
// shares, so of runs ending at once the last to save has read every share.
func (r *Refresher) saveSite(ctx context.Context, site shared.Site, own string, share shared.SitemapCars, now time.Time) error {
	key := SiteKey(site.Slug)
	for attempt := range saveAttempts {
		version, err := r.Objects.Version(ctx, key)
		if err != nil && shared.ErrorCode(err) != shared.ENOTFOUND {
			return fmt.Errorf("sitemaps: list of %s: %w", site.Slug, err)
		}
		cars, err := r.merge(ctx, site, own, share, now)
		if err != nil {
			return err
		}
		body, err := json.Marshal(shared.SitemapCars{SiteHash: site.SitemapHash(), BuiltAt: now.UTC(), Cars: cars})
		if err != nil {
			return fmt.Errorf("sitemaps: list of %s: %w", site.Slug, err)
		}
		err = r.Objects.Swap(ctx, key, body, version)
		if shared.ErrorCode(err) == shared.ECONFLICT {
			// Another run saved first; read its list's version and merge again.
			select {
			case <-ctx.Done():
				return fmt.Errorf("sitemaps: list of %s: %w", site.Slug, ctx.Err())
			case <-time.After(time.Duration(1+rand.IntN(5*(attempt+1))) * time.Millisecond):
			}
			continue
		}
		if err != nil {
			return fmt.Errorf("sitemaps: list of %s: %w", site.Slug, err)
		}
		slog.DebugContext(ctx, "sitemap list saved", "site", site.Slug, "cars", len(cars))
		return nil
	}
	return fmt.Errorf("sitemaps: list of %s saved by other runs %d times in a row; the next run or sweep saves it", site.Slug, saveAttempts)
}

// merge is the site's cars from its dealerships' shares, each car once, by
// slug. A share missing or built under another config (its dealership has
// had no run since) is computed from that dealership's cars for this merge
// but not stored: its own run or sweep writes it, under its lease.
func (r *Refresher) merge(ctx context.Context, site shared.Site, own string, ownShare shared.SitemapCars, now time.Time) ([]shared.SitemapCar, error) {
	parts := make([][]shared.SitemapCar, len(site.Dealerships))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(readConcurrency)
	for i, d := range site.Dealerships {
		if d.Slug == own {
			parts[i] = ownShare.Cars
			continue
		}
		g.Go(func() error {
			share, ok, err := r.load(gctx, ShareKey(site.Slug, d.Slug), site)
			if err != nil {
				return err
			}
			if !ok {
				stored, err := r.Cars.StoredCars(gctx, d.Slug)
				if err != nil {
					return fmt.Errorf("sitemaps: cars of %s: %w", d.Slug, err)
				}
				if share, err = shareOf(site, stored, now); err != nil {
					return err
				}
			}
			parts[i] = share.Cars
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	out := []shared.SitemapCar{}
	for _, p := range parts {
		for _, c := range p {
			if !seen[c.Slug] {
				seen[c.Slug] = true
				out = append(out, c)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Slug < out[j].Slug })
	return out, nil
}

// load reads a stored list; ok is false when it is absent or was built
// under another config of the site.
func (r *Refresher) load(ctx context.Context, key string, site shared.Site) (shared.SitemapCars, bool, error) {
	return load(ctx, r.Objects, key, site)
}

func load(ctx context.Context, objects Objects, key string, site shared.Site) (shared.SitemapCars, bool, error) {
	body, _, err := objects.Get(ctx, key)
	if shared.ErrorCode(err) == shared.ENOTFOUND {
		return shared.SitemapCars{}, false, nil
	}
	if err != nil {
		return shared.SitemapCars{}, false, fmt.Errorf("sitemaps: read %s: %w", key, err)
	}
	var list shared.SitemapCars
	if err := json.Unmarshal(body, &list); err != nil {
		// A list that cannot be read is rebuilt, never served.
		slog.WarnContext(ctx, "sitemap list unreadable", "key", key, "err", err)
		return shared.SitemapCars{}, false, nil
	}
	if list.SiteHash != site.SitemapHash() {
		return shared.SitemapCars{}, false, nil
	}
	return list, true, nil
}

// shareOf is the dealership's share of the site's list: its available cars
// the site shows, its search.filters applied (functions/visible, the one
// filter the API and the search key use: issue 31).
func shareOf(site shared.Site, stored []shared.StoredCar, now time.Time) (shared.SitemapCars, error) {
	shown, err := visible.For(site)
	if err != nil {
		return shared.SitemapCars{}, fmt.Errorf("sitemaps: %w", err)
	}
	share := shared.SitemapCars{SiteHash: site.SitemapHash(), BuiltAt: now.UTC(), Cars: []shared.SitemapCar{}}
	for _, c := range stored {
		if c.Available() && shown.Shows(c.Car, now) {
			share.Cars = append(share.Cars, shared.NewSitemapCar(c.Car, c.UpdatedAt))
		}
	}
	sort.Slice(share.Cars, func(i, j int) bool { return share.Cars[i].Slug < share.Cars[j].Slug })
	return share, nil
}

// Reader reads the sites' stored lists for serving.
type Reader struct {
	Objects Objects
}

// SiteCars is the site's stored list, read with one GET; ok is false when
// it is absent or was built under another config of the site (the caller
// builds the sitemap from the cars instead).
func (r Reader) SiteCars(ctx context.Context, site shared.Site) ([]shared.SitemapCar, bool, error) {
	list, ok, err := load(ctx, r.Objects, SiteKey(site.Slug), site)
	if err != nil || !ok {
		return nil, false, err
	}
	return list.Cars, true, nil
}

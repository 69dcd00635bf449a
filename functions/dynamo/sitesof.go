package dynamo

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"forecourt/functions/contract"
	"forecourt/shared"
)

// A dealership's lookup item names the sites that show it, so that a feed
// run reads its own few sites instead of scanning the whole sites table
// (docs/scaling.md "Feed runs read their own sites"). It lives in the sites
// table, keyed "dealership#<slug>", so that one transaction writes a site
// and the lookups of its dealerships, here and in the tenant stack's custom
// resource (infra/constructs/tenant): they cannot drift.
//
// A lookup may name a site that no longer lists the dealership (the tenant
// stack's write only adds, as it cannot see the config it replaces): readers
// keep only the sites whose config lists it, and `forecourt sites relink`
// prunes them. It never misses a site, except for items written before the
// lookups existed: a dealership without a lookup item gets one built from a
// scan on its first read (SitesOf).
const sitesOfPrefix = contract.SitesOfPrefix

// The dealerships list is one item in the sites table naming every
// dealership that has a lookup item, so that work across all dealerships
// (the hourly sweep, a full reindex) reads it and their lookups instead of
// scanning the sites or the cars (docs/scaling.md "The dealerships list").
// Every write that creates or extends a lookup adds to it in the same
// transaction; it only grows, as lookup items are never deleted. Its
// built_at is set by the one scan that builds it from the items an older
// release wrote (Dealerships heals a list without it) and by `forecourt
// sites relink`: until then the list may miss dealerships.
const dealershipListKey = contract.DealershipListKey

type dealershipListItem struct {
	Slug        string    `dynamo:"slug,hash"`
	Dealerships []string  `dynamo:"dealerships,set"`
	BuiltAt     time.Time `dynamo:"built_at"`
}

// maxSiteDealerships is how many dealerships one transaction can link
// beside the site's own write and the dealerships list's: a transaction
// holds at most 100 actions.
const maxSiteDealerships = contract.MaxSiteDealerships

// saveSiteAttempts is how often SaveSite reads and writes again when another
// writer changed the site in between.
const saveSiteAttempts = 3

type sitesOfItem struct {
	Slug  string   `dynamo:"slug,hash"`
	Sites []string `dynamo:"sites,set"`
}

func sitesOfKey(dealership string) string { return sitesOfPrefix + dealership }

func isSitesOfKey(slug string) bool { return strings.HasPrefix(slug, sitesOfPrefix) }

// isSiteKey is false for the items the sites table holds beside the sites:
// the lookups and the dealerships list.
func isSiteKey(slug string) bool { return !isSitesOfKey(slug) && slug != dealershipListKey }

// listDealerships adds the dealerships to the dealerships list.
func (s *SiteStore) listDealerships(dealerships ...string) *dynamo.Update {
	return s.table.Update("slug", dealershipListKey).AddStringsToSet("dealerships", dealerships...)
}

// SaveSite creates or replaces a site's config, keeping the item's other
// attributes (pages, stats, app client). In the same transaction it adds
// the site to the lookup of every dealership it lists and removes it from
// those it listed before and no longer does. A site with more dealerships
// than one transaction holds (a large group) gets its additions first, as
// plain updates (a lookup naming a site that does not list the dealership
// yet is skipped by readers), and its removals in further transactions,
// each checking that the site is still as written: a removal can be left
// undone, never done wrongly.
func (s *SiteStore) SaveSite(ctx context.Context, site shared.Site) error {
	b, err := json.Marshal(site)
	if err != nil {
		return fmt.Errorf("encode site %s: %w", site.Slug, err)
	}
	now := s.now().UTC()
	listed := dealershipSlugs(site)
	link := func(d string) *dynamo.Update {
		return s.table.Update("slug", sitesOfKey(d)).AddStringsToSet("sites", site.Slug)
	}
	unlink := func(d string) *dynamo.Update {
		return s.table.Update("slug", sitesOfKey(d)).DeleteStringsFromSet("sites", site.Slug)
	}
	for range saveSiteAttempts {
		before, version, err := s.storedDealerships(ctx, site.Slug)
		if err != nil {
			return err
		}
		var dropped []string
		for _, d := range before {
			if !slices.Contains(listed, d) {
				dropped = append(dropped, d)
			}
		}
		// config_version makes the read above and this write one step: a
		// writer in between fails the condition and we read again.
		up := s.table.Update("slug", site.Slug).Set("config", string(b)).Set("updated_at", now).Set("config_version", version+1)
		if version == 0 {
			up = up.If("attribute_not_exists('config_version')")
		} else {
			up = up.If("'config_version' = ?", version)
		}
		tx := s.db.WriteTx().Update(up)
		if len(listed) > 0 {
			tx = tx.Update(s.listDealerships(listed...))
		}
		if len(listed)+len(dropped) <= maxSiteDealerships {
			for _, d := range listed {
				tx = tx.Update(link(d))
			}
			for _, d := range dropped {
				tx = tx.Update(unlink(d))
			}
			dropped = nil
		} else {
			for _, d := range listed {
				if err := link(d).Run(ctx); err != nil {
					return fmt.Errorf("save site %s: link %s: %w", site.Slug, d, err)
				}
			}
		}
		err = tx.Run(ctx)
		if isTxConditionFailed(err) {
			continue
		}
		if err != nil {
			return fmt.Errorf("save site %s: %w", site.Slug, err)
		}
		for chunk := range slices.Chunk(dropped, maxSiteDealerships) {
			tx := s.db.WriteTx().Check(s.table.Check("slug", site.Slug).If("'config_version' = ?", version+1))
			for _, d := range chunk {
				tx = tx.Update(unlink(d))
			}
			if err := tx.Run(ctx); isTxConditionFailed(err) {
				return nil // written again since: stale links at worst, which readers skip
			} else if err != nil {
				return fmt.Errorf("save site %s: unlink: %w", site.Slug, err)
			}
		}
		return nil
	}
	return shared.Errorf(shared.ECONFLICT, "site %q changed by another writer during %d attempts to save it", site.Slug, saveSiteAttempts)
}

// storedDealerships reads, strongly consistent, the dealerships the stored
// config of the site lists and its config version (0 for none).
func (s *SiteStore) storedDealerships(ctx context.Context, slug string) ([]string, int64, error) {
	var it struct {
		Config  string `dynamo:"config"`
		Version int64  `dynamo:"config_version"`
	}
	err := s.table.Get("slug", slug).Project("config", "config_version").Consistent(true).One(ctx, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("read site %s: %w", slug, err)
	}
	if it.Config == "" {
		return nil, it.Version, nil
	}
	var cfg struct {
		Dealerships []struct {
			Slug string `json:"slug"`
		} `json:"dealerships"`
	}
	if err := json.Unmarshal([]byte(it.Config), &cfg); err != nil {
		return nil, 0, fmt.Errorf("decode site %s: %w", slug, err)
	}
	out := make([]string, 0, len(cfg.Dealerships))
	for _, d := range cfg.Dealerships {
		if !slices.Contains(out, d.Slug) {
			out = append(out, d.Slug)
		}
	}
	return out, it.Version, nil
}

// dealershipSlugs lists the site's dealerships, each once.
func dealershipSlugs(site shared.Site) []string {
	out := make([]string, 0, len(site.Dealerships))
	for _, d := range site.Dealerships {
		if !slices.Contains(out, d.Slug) {
			out = append(out, d.Slug)
		}
	}
	return out
}

// SitesOf returns the sites that list the dealership, by slug: one read of
// its lookup item and one batch read of those sites, never a scan. A
// dealership without a lookup item (one that predates them) gets one,
// built from a scan, on this first read.
func (s *SiteStore) SitesOf(ctx context.Context, dealership string) ([]shared.Site, error) {
	var it sitesOfItem
	err := s.table.Get("slug", sitesOfKey(dealership)).Consistent(true).One(ctx, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return s.healSitesOf(ctx, dealership)
	}
	if err != nil {
		return nil, fmt.Errorf("sites of %s: %w", dealership, err)
	}
	all, err := s.placementSites(ctx, it.Sites)
	if err != nil {
		return nil, fmt.Errorf("sites of %s: %w", dealership, err)
	}
	// A stale entry (the site dropped the dealership) is left out.
	sites := slices.DeleteFunc(all, func(site shared.Site) bool {
		_, ok := site.Dealership(dealership)
		return !ok
	})
	return sites, nil
}

// placementSites batch-reads the sites with the slugs (absent ones left
// out), sorted by slug, without their pages: most of a site item, and no
// placement needs them.
func (s *SiteStore) placementSites(ctx context.Context, slugs []string) ([]shared.Site, error) {
	if len(slugs) == 0 {
		return []shared.Site{}, nil
	}
	keys := make([]dynamo.Keyed, len(slugs))
	for i, slug := range slugs {
		keys[i] = dynamo.Keys{slug}
	}
	var items []siteItem
	// Batch reads split themselves into requests of 100 keys.
	err := s.table.Batch("slug").Get(keys...).Project("slug", "config", "auth_client_id").All(ctx, &items)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return nil, err
	}
	sites, err := decodeAll(items, decodeSite)
	if err != nil {
		return nil, err
	}
	sortSites(sites)
	return sites, nil
}

// healSitesOf builds a missing lookup item from a scan. It only adds, as
// every site write does, so it cannot undo a concurrent write.
func (s *SiteStore) healSitesOf(ctx context.Context, dealership string) ([]shared.Site, error) {
	all, err := s.ListSites(ctx)
	if err != nil {
		return nil, err
	}
	sites := shared.SitesListing(all, dealership)
	slugs := make([]string, len(sites))
	for i, site := range sites {
		slugs[i] = site.Slug
	}
	up := s.table.Update("slug", sitesOfKey(dealership)).Set("relinked_at", s.now().UTC())
	if len(slugs) > 0 {
		up = up.AddStringsToSet("sites", slugs...)
	}
	if err := s.db.WriteTx().Update(up).Update(s.listDealerships(dealership)).Run(ctx); err != nil {
		return nil, fmt.Errorf("link sites of %s: %w", dealership, err)
	}
	return sites, nil
}

// RelinkReport is what RelinkDealerships changed.
type RelinkReport struct {
	// Dealerships counts the dealerships the sites list.
	Dealerships int `json:"dealerships"`
	// Added and Removed count site entries added to and removed from
	// dealerships' lookups.
	Added   int `json:"added"`
	Removed int `json:"removed"`
}

// RelinkDealerships rebuilds every dealership's lookup from the site
// configs (one scan): it adds the sites missing from a lookup and removes
// those that no longer list the dealership. Run it once after upgrading
// data written before the lookups, or to prune entries that tenant stack
// deploys left (`forecourt sites relink`).
func (s *SiteStore) RelinkDealerships(ctx context.Context) (RelinkReport, error) {
	var items []struct {
		Slug   string   `dynamo:"slug"`
		Config string   `dynamo:"config"`
		Sites  []string `dynamo:"sites,set"`
	}
	if err := s.table.Scan().Project("slug", "config", "sites").All(ctx, &items); err != nil {
		return RelinkReport{}, fmt.Errorf("scan sites: %w", err)
	}
	want := map[string][]string{}
	have := map[string][]string{}
	for _, it := range items {
		if isSitesOfKey(it.Slug) {
			have[strings.TrimPrefix(it.Slug, sitesOfPrefix)] = it.Sites
			continue
		}
		if !isSiteKey(it.Slug) {
			continue
		}
		site, err := decodeSite(siteItem{Slug: it.Slug, Config: it.Config})
		if err != nil {
			return RelinkReport{}, err
		}
		for _, d := range dealershipSlugs(site) {
			want[d] = append(want[d], site.Slug)
		}
	}
	rep := RelinkReport{Dealerships: len(want)}
	dealerships := make([]string, 0, len(want)+len(have))
	for d := range want {
		dealerships = append(dealerships, d)
	}
	for d := range have {
		if _, ok := want[d]; !ok {
			dealerships = append(dealerships, d)
		}
	}
	slices.Sort(dealerships)
	for _, d := range dealerships {
		var add, remove []string
		for _, site := range want[d] {
			if !slices.Contains(have[d], site) {
				add = append(add, site)
			}
		}
		for _, site := range have[d] {
			if !slices.Contains(want[d], site) {
				remove = append(remove, site)
			}
		}
		// Two updates: one expression cannot add to and delete from a set.
		if len(add) > 0 || have[d] == nil {
			up := s.table.Update("slug", sitesOfKey(d)).Set("relinked_at", s.now().UTC())
			if len(add) > 0 {
				up = up.AddStringsToSet("sites", add...)
			}
			if err := up.Run(ctx); err != nil {
				return rep, fmt.Errorf("link sites of %s: %w", d, err)
			}
		}
		if len(remove) > 0 {
			if err := s.table.Update("slug", sitesOfKey(d)).DeleteStringsFromSet("sites", remove...).Run(ctx); err != nil {
				return rep, fmt.Errorf("unlink sites of %s: %w", d, err)
			}
		}
		rep.Added += len(add)
		rep.Removed += len(remove)
	}
	// Every dealership now has a lookup item: the list names them all.
	if err := s.markListBuilt(ctx, dealerships); err != nil {
		return rep, err
	}
	return rep, nil
}

// markListBuilt adds the dealerships to the dealerships list and marks it
// complete. It only adds, as every site write does, so a write racing the
// scan before it is kept.
func (s *SiteStore) markListBuilt(ctx context.Context, dealerships []string) error {
	up := s.table.Update("slug", dealershipListKey).Set("built_at", s.now().UTC())
	if len(dealerships) > 0 {
		up = up.AddStringsToSet("dealerships", dealerships...)
	}
	if err := up.Run(ctx); err != nil {
		return fmt.Errorf("write the dealerships list: %w", err)
	}
	return nil
}

// Dealerships returns every dealership the dealerships list names (each
// that some site lists or has listed), by slug, and every site that lists
// one of them: one read of the list, batch reads of their lookups and of
// those sites, never a scan (docs/scaling.md "The dealerships list"). A
// list not yet built (data of an older release) is built from one scan on
// this first read by RelinkDealerships.
func (s *SiteStore) Dealerships(ctx context.Context) ([]string, []shared.Site, error) {
	list, err := s.dealershipList(ctx)
	if err == nil && list.BuiltAt.IsZero() {
		// Built as `forecourt sites relink` builds it, lookups included.
		if _, err = s.RelinkDealerships(ctx); err == nil {
			list, err = s.dealershipList(ctx)
		}
	}
	if err != nil {
		return nil, nil, err
	}
	dealerships := slices.Sorted(slices.Values(list.Dealerships))
	if len(dealerships) == 0 {
		return dealerships, []shared.Site{}, nil
	}
	keys := make([]dynamo.Keyed, len(dealerships))
	for i, d := range dealerships {
		keys[i] = dynamo.Keys{sitesOfKey(d)}
	}
	var lookups []sitesOfItem
	// Batch reads split themselves into requests of 100 keys.
	err = s.table.Batch("slug").Get(keys...).Consistent(true).All(ctx, &lookups)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return nil, nil, fmt.Errorf("read the dealerships' lookups: %w", err)
	}
	seen := map[string]bool{}
	var slugs []string
	for _, it := range lookups {
		for _, site := range it.Sites {
			if !seen[site] {
				seen[site] = true
				slugs = append(slugs, site)
			}
		}
	}
	sites, err := s.placementSites(ctx, slugs)
	if err != nil {
		return nil, nil, fmt.Errorf("read the dealerships' sites: %w", err)
	}
	return dealerships, sites, nil
}

// dealershipList reads the dealerships list, strongly consistent; an
// absent list is an empty one, never built.
func (s *SiteStore) dealershipList(ctx context.Context) (dealershipListItem, error) {
	var list dealershipListItem
	err := s.table.Get("slug", dealershipListKey).Consistent(true).One(ctx, &list)
	if errors.Is(err, dynamo.ErrNotFound) {
		return dealershipListItem{}, nil
	}
	if err != nil {
		return list, fmt.Errorf("read the dealerships list: %w", err)
	}
	return list, nil
}

func sortSites(sites []shared.Site) {
	slices.SortFunc(sites, func(a, b shared.Site) int { return cmp.Compare(a.Slug, b.Slug) })
}

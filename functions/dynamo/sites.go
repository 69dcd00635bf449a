package dynamo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"forecourt/shared"
)

type siteItem struct {
	Slug      string    `dynamo:"slug,hash"`
	Config    string    `dynamo:"config"`
	UpdatedAt time.Time `dynamo:"updated_at"`
	// Pages is the site's content pages as JSON, path to Markdown source
	// (tenantfile.LoadPages); written beside the config by the tenant stack
	// in AWS and by SavePages locally.
	Pages string `dynamo:"pages,omitempty"`
	// AuthClientID is the site's shopper app client, written by its tenant
	// stack in AWS (shared.Site.AuthClientID).
	AuthClientID string `dynamo:"auth_client_id,omitempty"`
	// Stats is the site's stock summary (shared.SiteStats JSON), written by
	// SaveSiteStats after feed runs; SaveSite leaves it in place.
	Stats string `dynamo:"stats,omitempty"`
}

// SiteStore keeps site configurations as JSON. It implements shared.SiteStore.
type SiteStore struct {
	db    *dynamo.DB
	table dynamo.Table
	// parts holds each dealership's share of a site's stats (sitestats.go),
	// in the feed-runs table beside the leases that serialise its writers.
	parts dynamo.Table
	now   func() time.Time
}

var _ shared.SiteStore = (*SiteStore)(nil)

// NewSiteStore returns the store over t.Sites.
func NewSiteStore(db *dynamo.DB, t Tables) *SiteStore {
	return &SiteStore{db: db, table: db.Table(t.Sites), parts: db.Table(t.FeedRuns), now: time.Now}
}

// FindSite returns the site with the slug, or an ENOTFOUND error.
func (s *SiteStore) FindSite(ctx context.Context, slug string) (shared.Site, error) {
	if !isSiteKey(slug) {
		return shared.Site{}, shared.Errorf(shared.ENOTFOUND, "site %q not found", slug)
	}
	var it siteItem
	err := s.table.Get("slug", slug).One(ctx, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return shared.Site{}, shared.Errorf(shared.ENOTFOUND, "site %q not found", slug)
	}
	if err != nil {
		return shared.Site{}, fmt.Errorf("find site %s: %w", slug, err)
	}
	return decodeSite(it)
}

// ListSites returns every site, by slug. It scans the whole table: a feed
// run reads its own sites with SitesOf, work across all dealerships reads
// Dealerships instead (docs/scaling.md).
func (s *SiteStore) ListSites(ctx context.Context) ([]shared.Site, error) {
	var items []siteItem
	if err := s.table.Scan().Filter("NOT begins_with($, ?) AND $ <> ?", "slug", sitesOfPrefix, "slug", dealershipListKey).All(ctx, &items); err != nil {
		return nil, fmt.Errorf("list sites: %w", err)
	}
	sites, err := decodeAll(items, decodeSite)
	if err != nil {
		return nil, err
	}
	sortSites(sites)
	return sites, nil
}

// SavePages replaces the content pages of a site (path to Markdown source).
func (s *SiteStore) SavePages(ctx context.Context, slug string, pages map[string]string) error {
	b, err := json.Marshal(pages)
	if err != nil {
		return fmt.Errorf("encode pages of %s: %w", slug, err)
	}
	if err := s.table.Update("slug", slug).Set("pages", string(b)).Run(ctx); err != nil {
		return fmt.Errorf("save pages of %s: %w", slug, err)
	}
	return nil
}

// FindPages returns the content pages of a site (path to Markdown source);
// none for a site without pages, ENOTFOUND for an unknown site.
func (s *SiteStore) FindPages(ctx context.Context, slug string) (map[string]string, error) {
	var it siteItem
	err := s.table.Get("slug", slug).Project("slug", "pages").One(ctx, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return nil, shared.Errorf(shared.ENOTFOUND, "site %q not found", slug)
	}
	if err != nil {
		return nil, fmt.Errorf("find pages of %s: %w", slug, err)
	}
	pages := map[string]string{}
	if it.Pages == "" {
		return pages, nil
	}
	if err := json.Unmarshal([]byte(it.Pages), &pages); err != nil {
		return nil, fmt.Errorf("decode pages of %s: %w", slug, err)
	}
	return pages, nil
}

// decodeSite reads a stored config onto the documented defaults, as the
// tenant files are read, so that a field missing from a stored item means
// its default to every reader. It is not strict: an item written by an older
// release must still load.
func decodeSite(it siteItem) (shared.Site, error) {
	site := shared.DecodeBase()
	if err := json.Unmarshal([]byte(it.Config), &site); err != nil {
		return shared.Site{}, fmt.Errorf("decode site %s: %w", it.Slug, err)
	}
	shared.ApplyDefaults(&site)
	site.AuthClientID = it.AuthClientID
	return site, nil
}

// SiteStats returns the site's stock summary, nil when no feed run has
// computed one yet.
func (s *SiteStore) SiteStats(ctx context.Context, slug string) (*shared.SiteStats, error) {
	var it siteItem
	err := s.table.Get("slug", slug).One(ctx, &it)
	if errors.Is(err, dynamo.ErrNotFound) || (err == nil && it.Stats == "") {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("stats of %s: %w", slug, err)
	}
	var st shared.SiteStats
	if err := json.Unmarshal([]byte(it.Stats), &st); err != nil {
		return nil, fmt.Errorf("decode stats of %s: %w", slug, err)
	}
	return &st, nil
}

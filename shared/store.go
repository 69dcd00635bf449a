package shared

import "context"

// CarStore is the source of truth for stock (DESIGN.md decision 2).
type CarStore interface {
	// FindCarsBySlug returns every car with the slug. Slugs are claimed
	// uniquely at ingestion, but a site must still pick its own car: a
	// slug is looked up within the requesting site (issue 15).
	FindCarsBySlug(ctx context.Context, slug string) ([]Car, error)
	// FindCarsByDealership returns every car of the dealership, sold ones included.
	FindCarsByDealership(ctx context.Context, dealershipSlug string) ([]Car, error)
}

// SiteStore holds the site configurations that infra/tenants/*.json define.
type SiteStore interface {
	// FindSite returns the site with the slug, or an ENOTFOUND error.
	FindSite(ctx context.Context, slug string) (Site, error)
	// ListSites returns every site.
	ListSites(ctx context.Context) ([]Site, error)
	// SaveSite creates or replaces a site.
	SaveSite(ctx context.Context, site Site) error
}

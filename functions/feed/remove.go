package feed

import (
	"context"
	"fmt"

	"forecourt/shared"
)

// RemovalReport is what RemoveDealership removed.
type RemovalReport struct {
	// Cars counts the dealership's cars deleted from DynamoDB and the index.
	Cars int `json:"cars"`
	// Sites are the sites listing the dealership, whose stats were
	// refreshed without its cars.
	Sites []string `json:"sites"`
}

// RemoveDealership deletes every car of the dealership from the index and
// then from DynamoDB, its manifest, and its share of the stats and stored
// sitemap lists of the sites still listing it (offboarding, docs/operations.md). It holds the
// dealership's lease, so no feed runs meanwhile; revoke the provider keys
// first, or a later feed brings the stock back. Run again after a failure:
// what is already gone is skipped.
func (s *Service) RemoveDealership(ctx context.Context, slug string) (RemovalReport, error) {
	holder := "remove-" + newRunID(s.cfg.Now())
	lease, err := s.acquire(ctx, slug, holder)
	if err != nil {
		return RemovalReport{}, err
	}
	rep, err := s.removeDealership(ctx, slug, lease.Manifest)
	// Clean only when the index holds none of the cars any more.
	s.release(ctx, slug, holder, err == nil)
	if err != nil {
		return rep, fmt.Errorf("remove %s: %w", slug, err)
	}
	return rep, nil
}

func (s *Service) removeDealership(ctx context.Context, slug string, manifest shared.ManifestRef) (RemovalReport, error) {
	states, err := s.cfg.Cars.States(ctx, slug)
	if err != nil {
		return RemovalReport{}, err
	}
	ids := make([]string, len(states))
	for i, st := range states {
		ids[i] = st.ID
	}
	// The index first: a record whose car is still stored can be found and
	// removed again, one whose car is gone could not be.
	if err := s.cfg.Index.Delete(ctx, ids); err != nil {
		return RemovalReport{}, err
	}
	if err := s.cfg.Cars.DeleteCars(ctx, slug, ids); err != nil {
		return RemovalReport{}, err
	}
	if err := s.cfg.Runs.DeleteManifest(ctx, slug, manifest); err != nil {
		return RemovalReport{}, err
	}
	if err := s.cfg.Runs.SavePhotoHosts(ctx, slug, nil); err != nil { // no cars left to retry
		return RemovalReport{}, err
	}
	rep := RemovalReport{Cars: len(ids), Sites: []string{}}
	sites, err := s.cfg.Sites.SitesOf(ctx, slug)
	if err != nil {
		return rep, err
	}
	for _, site := range sites {
		rep.Sites = append(rep.Sites, site.Slug)
	}
	s.refreshStats(ctx, slug, sites)    // its share becomes empty; the totals drop its cars
	s.refreshSitemaps(ctx, slug, sites) // and the sites' sitemaps stop listing them
	s.refreshFeeds(ctx, slug, sites)    // and its vehicle feeds
	return rep, nil
}

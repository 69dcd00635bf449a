package httpapi

import (
	"context"

	"golang.org/x/sync/errgroup"

	"forecourt/functions/seo"
	"forecourt/shared"
)

// similarCars are up to n cars for sale the site shows that are like c
// (seo.Similar's ranking: same model, same make, same body), for the
// recently-sold page. It ranks the site's stored sitemap list (one read,
// the cars the site shows for sale) and reads only the cars it picks, by
// slug, n at a time and at most 2n: the page used to read every car of the
// site per request. A picked car no longer for sale (the list is rewritten
// after each run) is skipped.
func (s *apiServer) similarCars(ctx context.Context, site shared.Site, c shared.Car, n int) ([]shared.Car, error) {
	list, err := s.sitemapCars(ctx, site)
	if err != nil {
		return nil, err
	}
	stubs := make([]shared.Car, 0, len(list))
	for _, e := range list {
		if e.Slug != c.Slug {
			stubs = append(stubs, shared.Car{ID: e.Slug, Slug: e.Slug, CarType: e.CarType, Make: e.Make, Model: e.Model, SimpleBody: e.Body})
		}
	}
	picked := seo.Similar(c, stubs, 2*n)
	out := make([]shared.Car, 0, n)
	for start := 0; start < len(picked) && len(out) < n; start += n {
		batch := picked[start:min(start+n, len(picked))]
		found := make([]*shared.Car, len(batch))
		g, gctx := errgroup.WithContext(ctx)
		for i, p := range batch {
			g.Go(func() error {
				car, err := s.shownCar(gctx, site, p.Slug)
				switch {
				case shared.ErrorCode(err) == shared.ENOTFOUND:
					return nil
				case err != nil:
					return err
				case car.Available():
					found[i] = &car
				}
				return nil
			})
		}
		if err := g.Wait(); err != nil {
			return nil, err
		}
		for _, car := range found {
			if car != nil && len(out) < n {
				out = append(out, *car)
			}
		}
	}
	return out, nil
}

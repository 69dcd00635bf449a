package feed

import (
	"context"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"forecourt/shared"
)

// PhotoMirror copies a feed's photos to the platform's own store (issue 14
// "Images"; media.Mirror implements it), so a dead DMS host never breaks a
// car page.
type PhotoMirror interface {
	// Mirror returns the /media/ path of the photo at url, or "" and no
	// error when url is not on one of hosts (not the provider's to mirror).
	Mirror(ctx context.Context, hosts []string, url string) (string, error)
}

// photoWorkers is how many photos are fetched at once: enough to hide a
// slow host, few enough not to hammer one DMS.
const photoWorkers = 8

// DefaultPhotoBudget bounds the mirroring of one run when its context has
// no deadline; with one, mirroring takes at most half the time left.
const DefaultPhotoBudget = 2 * time.Minute

// mirrorPhotos points the images, primary image and thumbnails of the cars
// (writes[i] and changed[i], the same car) at mirrored copies where their
// URL is on one of hosts. A car with a photo that could not be mirrored
// keeps that URL and is marked PhotosPending with no content hash, so the
// next run sending it tries again. It never fails: photos are not worth a
// run.
func (s *Service) mirrorPhotos(ctx context.Context, rep *Report, hosts []string, writes []shared.StoredCar, changed []shared.IndexedCar) {
	if s.cfg.Photos == nil || len(hosts) == 0 || len(changed) == 0 {
		return
	}
	budget := DefaultPhotoBudget
	if d, ok := ctx.Deadline(); ok {
		budget = time.Until(d) / 2
	}
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()

	// One fetch per URL per run: a photo shared by several cars is fetched once.
	type result struct {
		path string
		err  error
	}
	results := map[string]*result{}
	var urls []string
	for _, ic := range changed {
		for _, u := range photoURLs(ic.Car) {
			if _, seen := results[u]; !seen {
				results[u] = nil
				urls = append(urls, u)
			}
		}
	}
	var mu sync.Mutex
	g := errgroup.Group{}
	g.SetLimit(photoWorkers)
	for _, u := range urls {
		g.Go(func() error {
			path, err := s.cfg.Photos.Mirror(ctx, hosts, u)
			mu.Lock()
			results[u] = &result{path, err}
			mu.Unlock()
			return nil
		})
	}
	_ = g.Wait()

	for i := range changed {
		pending := false
		rewrite := func(u string) string {
			r := results[u]
			switch {
			case r == nil:
				return u
			case r.err != nil:
				pending = true
				return u
			case r.path != "":
				return r.path
			}
			return u
		}
		c := changed[i].Car
		c.Images = append([]shared.Image(nil), c.Images...)
		for j, img := range c.Images {
			if img.URL == "" && img.Image != nil {
				c.Images[j].Image = &shared.ImageRef{URL: rewrite(img.Image.URL)}
			} else {
				c.Images[j].URL = rewrite(img.URL)
			}
		}
		c.Thumbnails = append([]string(nil), c.Thumbnails...)
		for j, t := range c.Thumbnails {
			c.Thumbnails[j] = rewrite(t)
		}
		if c.PrimaryImageURL != "" {
			c.PrimaryImageURL = rewrite(c.PrimaryImageURL)
		}
		changed[i].Car, writes[i].Car = c, c
		if pending {
			writes[i].PhotosPending = true
			writes[i].ContentHash = "" // differs from any feed's: the next run retries
		}
	}
	for _, r := range results {
		switch {
		case r.err != nil:
			rep.PhotosFailed++
			// A few examples, not one line per photo: a dead host fails thousands.
			if rep.PhotosFailed <= maxPhotoErrorsLogged {
				s.cfg.Logger.WarnContext(ctx, "photo not mirrored", "dealership", rep.DealershipSlug, "run", rep.RunID, "err", r.err)
			}
		case r.path != "":
			rep.PhotosMirrored++
		}
	}
	if rep.PhotosFailed > maxPhotoErrorsLogged {
		s.cfg.Logger.WarnContext(ctx, "photos not mirrored", "dealership", rep.DealershipSlug, "run", rep.RunID, "failed", rep.PhotosFailed)
	}
}

// maxPhotoErrorsLogged is how many failed photos a run logs one by one.
const maxPhotoErrorsLogged = 5

// photoURLs are the car's photo URLs, each once.
func photoURLs(c shared.Car) []string {
	seen := map[string]bool{}
	var out []string
	add := func(u string) {
		if u != "" && !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	for _, img := range c.Images {
		add(img.Src())
	}
	add(c.PrimaryImageURL)
	for _, t := range c.Thumbnails {
		add(t)
	}
	return out
}

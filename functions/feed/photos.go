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

// photoBudget is how long mirroring may take within ctx: at most limit and
// at most half the time ctx has left, so the caller still writes its cars.
func photoBudget(ctx context.Context, limit time.Duration) time.Duration {
	if d, ok := ctx.Deadline(); ok {
		return min(limit, time.Until(d)/2)
	}
	return limit
}

// mirrorPhotos points the images, primary image and thumbnails of the cars
// (writes[i] and changed[i], the same car) at mirrored copies where their
// URL is on one of hosts; a URL the car's PhotoSources already maps is not
// fetched again. A car with a photo that could not be mirrored keeps that
// URL and is marked PhotosPending, so the sweep and the next run sending it
// try again. It never fails: photos are not worth a run.
//
// A photo the mirror refuses for what it is (shared.EINVALID: over the
// pixel limit, issue 31) is left out of its car, not retried, and reported
// as a photo problem of the car's row (rows: car id to feed row).
func (s *Service) mirrorPhotos(ctx context.Context, rep *Report, hosts []string, writes []shared.StoredCar, changed []shared.IndexedCar, rows map[string]int) {
	if s.cfg.Photos == nil || len(hosts) == 0 || len(changed) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, photoBudget(ctx, DefaultPhotoBudget))
	defer cancel()
	cars := make([]*shared.StoredCar, len(changed))
	for i := range changed {
		cars[i] = &writes[i]
	}
	res := s.mirrorCars(ctx, hosts, cars)
	for i := range changed {
		changed[i].Car = writes[i].Car
		for _, err := range res.refused[i] {
			rep.PhotoProblems = append(rep.PhotoProblems, RowError{Row: rows[writes[i].ID], Field: "images", Reason: err.Error() + "; left out"})
		}
	}
	rep.PhotosMirrored += res.mirrored
	rep.PhotosFailed += res.failed
	s.logPhotoErrors(ctx, rep.DealershipSlug, "run", rep.RunID, res)
	if res.failed > 0 {
		// The sweep has no provider key: it retries from the hosts saved here.
		if err := s.cfg.Runs.SavePhotoHosts(ctx, rep.DealershipSlug, hosts); err != nil {
			s.cfg.Logger.WarnContext(ctx, "photo hosts not saved; the next run retries the photos", "dealership", rep.DealershipSlug, "err", err)
		}
	}
}

// mirrored is what mirrorCars did: distinct URLs fetched and stored, and
// failed (with the first few errors).
type mirrored struct {
	mirrored, failed int
	errs             []error
	// refused are, by index of the car, its photos refused for what they
	// are (shared.EINVALID), which the car no longer shows.
	refused map[int][]error
}

// maxPhotoErrorsLogged is how many failed photos a run logs one by one.
const maxPhotoErrorsLogged = 5

func (s *Service) logPhotoErrors(ctx context.Context, dealership, what, id string, res mirrored) {
	// A few examples, not one line per photo: a dead host fails thousands.
	for _, err := range res.errs {
		s.cfg.Logger.WarnContext(ctx, "photo not mirrored", "dealership", dealership, what, id, "err", err)
	}
	if res.failed > len(res.errs) {
		s.cfg.Logger.WarnContext(ctx, "photos not mirrored", "dealership", dealership, what, id, "failed", res.failed)
	}
}

// mirrorCars rewrites each car's photo URLs on hosts to mirrored copies,
// fetching each distinct URL once and none its PhotoSources already maps;
// it sets each car's PhotoSources to the copies it shows and PhotosPending
// when a photo failed.
func (s *Service) mirrorCars(ctx context.Context, hosts []string, cars []*shared.StoredCar) mirrored {
	type result struct {
		path string
		err  error
	}
	results := map[string]*result{}
	var urls []string
	for _, sc := range cars {
		for _, u := range photoURLs(sc.Car) {
			if _, seen := results[u]; seen {
				continue
			}
			if path, ok := sc.PhotoSources[u]; ok {
				results[u] = &result{path: path} // mirrored by an earlier run
				continue
			}
			results[u] = nil
			urls = append(urls, u)
		}
	}
	var mu sync.Mutex
	fetched := map[string]*result{}
	g := errgroup.Group{}
	g.SetLimit(photoWorkers)
	for _, u := range urls {
		g.Go(func() error {
			path, err := s.cfg.Photos.Mirror(ctx, hosts, u)
			mu.Lock()
			fetched[u] = &result{path, err}
			mu.Unlock()
			return nil
		})
	}
	_ = g.Wait()
	var res mirrored
	for _, u := range urls {
		r := fetched[u]
		results[u] = r
		switch {
		case r.err != nil:
			res.failed++
			if len(res.errs) < maxPhotoErrorsLogged {
				res.errs = append(res.errs, r.err)
			}
		case r.path != "":
			res.mirrored++
		}
	}

	for i, sc := range cars {
		pending := false
		sources := map[string]string{}
		refused := map[string]bool{}
		// rewrite is the URL the car shows for u; "" drops a refused photo.
		rewrite := func(u string) string {
			r := results[u]
			switch {
			case r == nil:
				return u
			case r.err != nil && shared.ErrorCode(r.err) == shared.EINVALID:
				if !refused[u] {
					refused[u] = true
					if res.refused == nil {
						res.refused = map[int][]error{}
					}
					res.refused[i] = append(res.refused[i], r.err)
				}
				return ""
			case r.err != nil:
				pending = true
				return u
			case r.path != "":
				sources[u] = r.path
				return r.path
			}
			return u
		}
		c := sc.Car
		images := make([]shared.Image, 0, len(c.Images))
		for _, img := range c.Images {
			if img.URL == "" && img.Image != nil {
				if u := rewrite(img.Image.URL); u != "" {
					img.Image = &shared.ImageRef{URL: u}
					images = append(images, img)
				}
			} else if u := rewrite(img.URL); u != "" || img.URL == "" {
				img.URL = u
				images = append(images, img)
			}
		}
		if c.Images != nil {
			c.Images = images
		}
		thumbs := make([]string, 0, len(c.Thumbnails))
		for _, t := range c.Thumbnails {
			if u := rewrite(t); u != "" || t == "" {
				thumbs = append(thumbs, u)
			}
		}
		if c.Thumbnails != nil {
			c.Thumbnails = thumbs
		}
		if c.PrimaryImageURL != "" {
			c.PrimaryImageURL = rewrite(c.PrimaryImageURL)
		}
		// Copies mirrored before (the sweep sees their /media/ paths, not
		// their sources) stay mapped while the car still shows them.
		shows := map[string]bool{}
		for _, u := range photoURLs(c) {
			shows[u] = true
		}
		for u, path := range sc.PhotoSources {
			if _, ok := sources[u]; !ok && shows[path] {
				sources[u] = path
			}
		}
		if len(sources) == 0 {
			sources = nil
		}
		sc.Car, sc.PhotoSources, sc.PhotosPending = c, sources, pending
	}
	return res
}

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

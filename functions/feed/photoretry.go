package feed

import (
	"context"
	"fmt"
	"time"

	"forecourt/shared"
)

// DefaultSweepPhotoCars and DefaultSweepPhotoBudget bound the sweep's photo
// retry per dealership: a dead DMS host costs each hourly sweep at most
// this many cars and this long, and the backlog drains over sweeps.
const (
	DefaultSweepPhotoCars   = 100
	DefaultSweepPhotoBudget = 30 * time.Second
)

// retryPhotos is the sweep's photo step for one dealership, under its
// lease: it mirrors again the photos of up to SweepPhotoCars cars marked
// photos pending, from the hosts the run that left them pending saved, and
// writes the cars (DynamoDB, then their index records). states are updated
// to the written cars; it reports whether it wrote any, and whether the
// index missed some of those writes. A failure is logged and leaves the
// cars pending: photos are not worth a sweep.
func (s *Service) retryPhotos(ctx context.Context, slug string, placer shared.Placer, states []shared.CarState) (wrote, indexBehind bool) {
	if s.cfg.Photos == nil {
		return false, false
	}
	var ids []string
	for _, st := range states {
		if st.PhotosPending && len(ids) < s.cfg.SweepPhotoCars {
			ids = append(ids, st.ID)
		}
	}
	if len(ids) == 0 {
		return false, false
	}
	cleared, written, err := s.retryPhotosOf(ctx, slug, placer, ids)
	if err != nil {
		s.cfg.Logger.WarnContext(ctx, "photo retry failed; the cars stay pending", "dealership", slug, "err", err)
	}
	for i, st := range states {
		if c, ok := written[st.ID]; ok {
			states[i].PhotosPending = c.PhotosPending
		}
	}
	if len(written) > 0 {
		s.cfg.Logger.InfoContext(ctx, "pending photos retried", "dealership", slug, "cars", len(written), "cleared", cleared)
	}
	return len(written) > 0, err != nil && len(written) > 0
}

func (s *Service) retryPhotosOf(ctx context.Context, slug string, placer shared.Placer, ids []string) (cleared int, written map[string]shared.StoredCar, err error) {
	// A hanging host must not eat the time the sweep's other dealerships
	// need: with less than two budgets left, the next sweep retries.
	if d, ok := ctx.Deadline(); ok && time.Until(d) < 2*s.cfg.SweepPhotoBudget {
		return 0, nil, nil
	}
	hosts, err := s.cfg.Runs.PhotoHosts(ctx, slug)
	if err != nil || len(hosts) == 0 {
		return 0, nil, err // no hosts saved: the next run that sends the cars retries
	}
	stored, err := s.cfg.Cars.GetCars(ctx, slug, ids)
	if err != nil {
		return 0, nil, err
	}
	var cars []*shared.StoredCar
	for i := range stored {
		if stored[i].PhotosPending {
			cars = append(cars, &stored[i])
		}
	}
	if len(cars) == 0 {
		return 0, nil, nil
	}
	mctx, cancel := context.WithTimeout(ctx, photoBudget(ctx, s.cfg.SweepPhotoBudget))
	res := s.mirrorCars(mctx, hosts, cars)
	cancel()
	s.logPhotoErrors(ctx, slug, "step", "sweep", res)

	now := s.cfg.Now()
	writes := make([]shared.StoredCar, len(cars))
	var indexed []shared.IndexedCar
	for i, sc := range cars {
		if !sc.PhotosPending {
			cleared++
		}
		sc.UpdatedAt = now
		writes[i] = *sc
		// Re-placed at now, as any write does; a car no site shows keeps no record.
		if p := placer.Place(sc.Car, now); len(p.Sites) > 0 && !sc.Unindexed {
			indexed = append(indexed, shared.IndexedCar{Car: sc.Car, Placement: p})
		}
	}
	if err := s.cfg.Cars.PutCars(ctx, writes); err != nil {
		return 0, nil, err
	}
	written = make(map[string]shared.StoredCar, len(writes))
	for _, w := range writes {
		written[w.ID] = w
	}
	if err := s.cfg.Index.Save(ctx, indexed); err != nil {
		return cleared, written, fmt.Errorf("index the retried cars: %w", err)
	}
	return cleared, written, nil
}

// Package watchlist is the signed-in shopper's list of saved cars (spec 000
// §7, issue 12): which cars of a site a shopper may save, how the list reads
// back (a sold car shown as sold, a car gone from the site listed without
// its details) and the save's analytics event 39. The API handler verifies
// the shopper's token, decodes the body and writes the answer; the rules
// are here, over the stores the dynamo package provides.
package watchlist

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"golang.org/x/sync/errgroup"

	"forecourt/functions/visible"
	"forecourt/shared"
)

// Store keeps watchlists (dynamo.WatchlistStore).
type Store interface {
	SaveCar(ctx context.Context, w shared.Watchlist, c shared.SavedCar) (shared.SavedCar, error)
	RemoveCar(ctx context.Context, w shared.Watchlist, carID string) (bool, error)
	SavedCars(ctx context.Context, w shared.Watchlist) ([]shared.SavedCar, error)
}

// MaxBatchGet is the most keys one DynamoDB BatchGetItem reads.
const MaxBatchGet = 100

// Cars finds the cars of a watchlist (dynamo.CarStore).
type Cars interface {
	FindCar(ctx context.Context, dealershipSlug, id string) (shared.Car, error)
	// GetCarsByKey reads the cars with the keys (at most MaxBatchGet) with
	// one batch read; missing ones are left out (issue 31: a list costs
	// one read per 100 saved cars, not one per car).
	GetCarsByKey(ctx context.Context, keys []shared.CarKey) ([]shared.Car, error)
}

// carsAmong finds a car among several dealerships in one read
// (dynamo.CarStore); a Cars that offers it saves a group site's watchlist a
// round trip per rooftop (issue 12: save p99 <= 20 ms).
type carsAmong interface {
	FindCarAmong(ctx context.Context, dealershipSlugs []string, id string) (shared.Car, error)
}

// Events records analytics events (dynamo.EventStore).
type Events interface {
	RecordEvent(ctx context.Context, e shared.StoredEvent) error
}

// Service applies the watchlist's rules.
type Service struct {
	Store Store
	Cars  Cars
	// Events records event 39 on a save; nil logs it only.
	Events Events
	// Now is the clock (default time.Now).
	Now func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Saved is a save's outcome and how long its steps took (the API's
// Server-Timing).
type Saved struct {
	Car shared.SavedCar
	// Lookup is finding the car; Writes the save and its event side by
	// side, of which Item is the save's own time and Event the event's.
	Lookup, Writes, Item, Event time.Duration
}

// Save puts a car the site shows on the shopper's list. A car of another
// site, or one the site does not show, is ENOTFOUND exactly like a missing
// one.
func (s *Service) Save(ctx context.Context, site shared.Site, list shared.Watchlist, carID string) (Saved, error) {
	var out Saved
	looked := time.Now()
	car, err := s.siteCar(ctx, site, carID)
	out.Lookup = time.Since(looked)
	if err != nil {
		return out, err
	}
	shown, err := visible.For(site)
	if err != nil {
		return out, err
	}
	if !shown.Shows(car, s.now()) {
		return out, shared.Errorf(shared.ENOTFOUND, "car not found")
	}
	// The save and its event 39 are written side by side, both before the
	// answer (a Lambda may be frozen once it has answered): one round trip
	// of latency instead of two. A save that fails after its event was
	// written leaves an event for an attempted save, as a browser's own
	// report of the click would; the save itself is never half done.
	phase := time.Now()
	recorded := make(chan time.Duration, 1)
	go func() {
		s.recordSave(ctx, site, car)
		recorded <- time.Since(phase)
	}()
	saved, err := s.Store.SaveCar(ctx, list, shared.SavedCar{
		CarID: car.ID, DealershipSlug: car.DealershipSlug, SavedAt: s.now().UTC(),
	})
	out.Item = time.Since(phase)
	out.Event = <-recorded
	out.Writes = time.Since(phase)
	if err != nil {
		return out, fmt.Errorf("save car: %w", err)
	}
	out.Car = saved
	return out, nil
}

// recordSave stores analytics event 39 (spec 000 §7) for a save the server
// made, so the count does not depend on what a browser reports. The save
// has happened whatever becomes of the event: a failure is logged, not
// answered. The shopper is not recorded.
func (s *Service) recordSave(ctx context.Context, site shared.Site, car shared.Car) {
	if s.Events == nil {
		slog.InfoContext(ctx, "event", "event_id", shared.EventSave, "site", site.Slug, "car_id", car.ID)
		return
	}
	err := s.Events.RecordEvent(ctx, shared.StoredEvent{
		Site: site.Slug, EventID: strconv.Itoa(shared.EventSave), CarID: car.ID, DealershipID: car.DealershipID, At: s.now(),
	})
	if err != nil {
		slog.WarnContext(ctx, "record save event", "site", site.Slug, "car_id", car.ID, "err", err)
	}
}

// Remove takes a car off the list. Removing a car that is not on it
// succeeds (a retry), but only for a car of this site: another site's is
// ENOTFOUND.
func (s *Service) Remove(ctx context.Context, site shared.Site, list shared.Watchlist, carID string) error {
	removed, err := s.Store.RemoveCar(ctx, list, carID)
	if err != nil {
		return fmt.Errorf("remove car: %w", err)
	}
	if !removed {
		if _, err := s.siteCar(ctx, site, carID); err != nil {
			return err
		}
	}
	return nil
}

// Entry is one saved car as the site shows it now: its current price and
// status, a sold car shown as sold. Car and View are nil when the car is
// gone from the site altogether (Available false, nothing else known).
type Entry struct {
	CarID     string
	SavedAt   time.Time
	Available bool
	Car       *shared.Car
	View      *shared.CarView
}

// List is the shopper's list on the site, newest save first, each car read
// again so its price and status are today's.
func (s *Service) List(ctx context.Context, site shared.Site, list shared.Watchlist) ([]Entry, error) {
	saved, err := s.Store.SavedCars(ctx, list)
	if err != nil {
		return nil, fmt.Errorf("read watchlist: %w", err)
	}
	shown, err := visible.For(site)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]Entry, len(saved))
	var keys []shared.CarKey
	for i, sc := range saved {
		out[i] = Entry{CarID: sc.CarID, SavedAt: sc.SavedAt}
		if _, owned := site.Dealership(sc.DealershipSlug); owned { // a dealership that left the site shows nothing
			keys = append(keys, shared.CarKey{DealershipSlug: sc.DealershipSlug, ID: sc.CarID})
		}
	}
	byKey, err := s.carsByKey(ctx, keys)
	if err != nil {
		return nil, err
	}
	for i, sc := range saved {
		car, ok := byKey[shared.CarKey{DealershipSlug: sc.DealershipSlug, ID: sc.CarID}]
		if !ok {
			continue
		}
		// A sold car stays listed, shown as sold, even past the listing's
		// retention; a car the site no longer shows for any other reason
		// is listed without its details.
		sold := car.Sold || car.Status == shared.StatusSold
		if !shown.Shows(car, now) && !(sold && car.ShowOnDealerWebsite) {
			continue
		}
		view := shared.ViewCar(car, site, now)
		public := shared.PublicCar(car)
		out[i].Car, out[i].View, out[i].Available = &public, &view, car.Available()
	}
	return out, nil
}

// carsByKey reads the cars one batch per MaxBatchGet keys (issue 31), the
// batches side by side.
func (s *Service) carsByKey(ctx context.Context, keys []shared.CarKey) (map[shared.CarKey]shared.Car, error) {
	found := make([][]shared.Car, (len(keys)+MaxBatchGet-1)/MaxBatchGet)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(8)
	for b := range found {
		g.Go(func() error {
			cars, err := s.Cars.GetCarsByKey(gctx, keys[b*MaxBatchGet:min((b+1)*MaxBatchGet, len(keys))])
			if err != nil {
				return fmt.Errorf("read saved cars: %w", err)
			}
			found[b] = cars
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	byKey := map[shared.CarKey]shared.Car{}
	for _, cars := range found {
		for _, c := range cars {
			byKey[shared.CarKey{DealershipSlug: c.DealershipSlug, ID: c.ID}] = c
		}
	}
	return byKey, nil
}

// siteCar finds a car of one of the site's dealerships. A car of another
// site is not found, exactly like a missing one.
func (s *Service) siteCar(ctx context.Context, site shared.Site, id string) (shared.Car, error) {
	if among, ok := s.Cars.(carsAmong); ok && len(site.Dealerships) > 1 {
		slugs := make([]string, len(site.Dealerships))
		for i, d := range site.Dealerships {
			slugs[i] = d.Slug
		}
		return among.FindCarAmong(ctx, slugs, id)
	}
	for _, d := range site.Dealerships {
		car, err := s.Cars.FindCar(ctx, d.Slug, id)
		if shared.ErrorCode(err) == shared.ENOTFOUND {
			continue
		}
		if err != nil {
			return shared.Car{}, fmt.Errorf("find car %s/%s: %w", d.Slug, id, err)
		}
		return car, nil
	}
	return shared.Car{}, shared.Errorf(shared.ENOTFOUND, "car not found")
}

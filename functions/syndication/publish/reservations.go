package publish

import (
	"cmp"
	"context"
	"log/slog"
	"time"

	"forecourt/shared"
)

// IndexSaver writes search records (algolia.Index; reserve.Index).
type IndexSaver interface {
	Save(ctx context.Context, cars []shared.IndexedCar) error
}

// SiteLister finds the sites that list a dealership (dynamo.SiteStore).
type SiteLister interface {
	SitesOf(ctx context.Context, dealershipSlug string) ([]shared.Site, error)
}

// ReservationIndex is the index a reservation writes a car's RESERVED
// flag through, which then rewrites the car's dealership's vehicle feeds
// (issue 37: Meta marks a held car PENDING, the others leave it out, and a
// released car comes back). A feed failure is logged, never fails the
// reservation: the feeds are derived data and the next change rewrites them.
type ReservationIndex struct {
	Index  IndexSaver
	Sites  SiteLister
	Feeds  *Publisher
	Logger *slog.Logger
	// FeedTimeout bounds the feeds' rewrite (default DefaultReservationFeedTimeout):
	// it runs inside the payment webhook, before the dealer's lead is sent,
	// so a large dealership's rewrite must not use up the api function's time.
	FeedTimeout time.Duration
}

// DefaultReservationFeedTimeout is ReservationIndex.FeedTimeout's default.
const DefaultReservationFeedTimeout = 3 * time.Second

// Save writes the records, then the feeds of each dealership they belong to.
func (r ReservationIndex) Save(ctx context.Context, cars []shared.IndexedCar) error {
	if err := r.Index.Save(ctx, cars); err != nil {
		return err
	}
	done := map[string]bool{}
	for _, c := range cars {
		slug := c.Car.DealershipSlug
		if slug == "" || done[slug] {
			continue
		}
		done[slug] = true
		fctx, cancel := context.WithTimeout(ctx, cmp.Or(r.FeedTimeout, DefaultReservationFeedTimeout))
		sites, err := r.Sites.SitesOf(fctx, slug)
		if err == nil {
			_, err = r.Feeds.RefreshFeeds(fctx, slug, sites)
		}
		cancel()
		if err != nil {
			r.logger().ErrorContext(ctx, "vehicle feeds not refreshed after a reservation", "dealership", slug, "error", err)
		}
	}
	return nil
}

func (r ReservationIndex) logger() *slog.Logger {
	if r.Logger != nil {
		return r.Logger
	}
	return slog.Default()
}

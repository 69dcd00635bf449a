package feed

import (
	"context"

	"forecourt/shared"
)

// FeedRefresher rewrites a dealership's vehicle feeds for Google, Meta and
// TikTok and its stock health report (syndication/publish.Publisher; issue
// 37): derived data, on the same triggers as the sitemaps.
type FeedRefresher interface {
	// RefreshFeeds rewrites them and returns how many cars each format
	// drops.
	RefreshFeeds(ctx context.Context, dealershipSlug string, sites []shared.Site) (map[string]int, error)
	// FillFeeds writes them only where none are stored (the sweep's
	// catch-up) and returns the counts as stored.
	FillFeeds(ctx context.Context, dealershipSlug string, sites []shared.Site) (map[string]int, error)
}

// refreshFeeds rewrites the dealership's feeds; callers hold its lease.
// Like the sitemaps, a failure is logged and never fails the caller. The
// counts are nil without a refresher or a site publishing a format.
func (s *Service) refreshFeeds(ctx context.Context, slug string, sites []shared.Site) map[string]int {
	return s.feeds(ctx, slug, sites, false)
}

// fillFeeds catches up the feeds of a dealership the sweep left unchanged.
func (s *Service) fillFeeds(ctx context.Context, slug string, sites []shared.Site) map[string]int {
	return s.feeds(ctx, slug, sites, true)
}

func (s *Service) feeds(ctx context.Context, slug string, sites []shared.Site, fill bool) map[string]int {
	if s.cfg.Feeds == nil {
		return nil
	}
	do := s.cfg.Feeds.RefreshFeeds
	if fill {
		do = s.cfg.Feeds.FillFeeds
	}
	counts, err := do(ctx, slug, sites)
	if err != nil {
		s.cfg.Logger.ErrorContext(ctx, "vehicle feeds not refreshed", "dealership", slug, "error", err)
	}
	if len(counts) == 0 {
		return nil
	}
	return counts
}

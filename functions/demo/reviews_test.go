package demo

import (
	"fmt"
	"testing"

	"forecourt/functions/tenantfile"
	"forecourt/shared"
)

// Issue 32 item 8: demo reviews repeated one sentence four times, and every
// location read "24 reviews" then "Show all 12". Each demo location's
// reviews are distinct sentences, their number varies by location, and the
// summary's count is the number the list holds ("Show all N").
func TestDemoReviewsAreVariedAndCountsMatch(t *testing.T) {
	sites, err := tenantfile.Load("../../infra/tenants")
	if err != nil {
		t.Fatal(err)
	}
	counts := map[int]bool{}
	for _, site := range sites {
		for _, l := range site.Locations {
			reviews := Reviews(l, ReviewCount(l, site.Reviews), now)
			listed, _ := shared.ListedReviews(reviews, site.Reviews)
			stored := shared.SummarizeReviews(reviews)
			summary := shared.LocationReviewSummary(l, &stored)
			if summary == nil || summary.Count != len(listed) {
				t.Errorf("%s %s: summary %+v, list holds %d", site.Slug, l.ID, summary, len(listed))
			}
			seen := map[string]bool{}
			for _, r := range reviews {
				if seen[r.Text] {
					t.Errorf("%s %s: %q twice", site.Slug, l.ID, r.Text)
				}
				seen[r.Text] = true
			}
			counts[len(reviews)] = true
		}
	}
	if len(counts) < 2 {
		t.Errorf("every demo location has the same number of reviews: %v", counts)
	}
}

// ReviewCount stays within what the list shows, whatever the config.
func TestReviewCount(t *testing.T) {
	for _, cfg := range []shared.ReviewsConfig{
		{Shown: 10, FullQuantity: 12},
		{Shown: 12, FullQuantity: 12},
		{Shown: 4, FullQuantity: 0},
		{},
	} {
		for i := range 20 {
			l := shared.Location{ID: fmt.Sprintf("loc-%d", i)}
			n := ReviewCount(l, cfg)
			limit := max(cfg.FullQuantity, cfg.Shown)
			if limit == 0 {
				limit = shared.DefaultReviewsFullQuantity
			}
			if n < 1 || n > limit {
				t.Errorf("%+v %s: %d reviews, want 1..%d", cfg, l.ID, n, limit)
			}
		}
	}
}

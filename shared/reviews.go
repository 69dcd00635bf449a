package shared

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Review is one customer review of a location (spec 001 §3 "Review").
type Review struct {
	ID                      string  `json:"id"`
	LocationID              string  `json:"location_id,omitempty"`
	Text                    string  `json:"text"`
	CustomerName            string  `json:"customer_name"`
	Rating                  float64 `json:"rating"`
	CreatedAtTimeAgoInWords string  `json:"created_at_time_ago_in_words,omitempty"`
	ReviewDate              string  `json:"review_date,omitempty"`
	ReviewDateInWords       string  `json:"review_date_in_words,omitempty"`
}

// ReviewSummary is a location's review count and average (spec 001 §3).
type ReviewSummary struct {
	Count         int     `json:"count"`
	AverageRating float64 `json:"average_rating"`
}

// FilterReviews keeps the reviews a site shows (spec 001 §3 Review, §9
// Reviews): it drops reviews whose text contains "Translated", reviews by a
// hidden name (reviews.hidden_names, matched ignoring case and surrounding
// spaces) and reviews rated below reviews.min_rating. Order is kept; the
// caller shows the first reviews.shown.
func FilterReviews(reviews []Review, cfg ReviewsConfig) []Review {
	var out []Review
	for _, r := range reviews {
		if cfg.Lists(r) {
			out = append(out, r)
		}
	}
	return out
}

// Lists reports whether a site with this config lists the review
// (FilterReviews of one review).
func (cfg ReviewsConfig) Lists(r Review) bool {
	if NeverListed(r) || r.Rating < float64(cfg.MinRating) {
		return false
	}
	for _, n := range cfg.HiddenNames {
		if strings.EqualFold(strings.TrimSpace(n), strings.TrimSpace(r.CustomerName)) {
			return false
		}
	}
	return true
}

// NeverListed reports whether no site lists the review, whatever its
// config: machine-translated text. The reviews store leaves such reviews
// out of its by-location index (issue 31), so a page never reads them.
func NeverListed(r Review) bool { return strings.Contains(r.Text, "Translated") }

// ListLimit is how many reviews a location page lists at most
// (ListedReviews): reviews.full_quantity, at least reviews.shown, and
// DefaultReviewsFullQuantity when neither is set.
func (cfg ReviewsConfig) ListLimit() int {
	if n := max(cfg.FullQuantity, cfg.Shown); n > 0 {
		return n
	}
	return DefaultReviewsFullQuantity
}

// SummarizeReviews is the count and average rating (one decimal) of every
// review received, before FilterReviews: the summary describes the location,
// the list shows its best.
func SummarizeReviews(reviews []Review) ReviewSummary {
	var sum float64
	for _, r := range reviews {
		sum += r.Rating
	}
	return ReviewSummaryOf(len(reviews), sum)
}

// ReviewSummaryOf is the summary of count reviews whose ratings add up to
// sum: the reviews store keeps these two per location (issue 31), so a
// page reads one item, not every review.
func ReviewSummaryOf(count int, sum float64) ReviewSummary {
	if count <= 0 {
		return ReviewSummary{}
	}
	return ReviewSummary{Count: count, AverageRating: math.Round(sum/float64(count)*10) / 10}
}

// LocationReviewSummary is the location's summary: the stored reviews'
// (stored, nil or of count 0 when none were received), else the configured
// average_rating and review_count (or reviews), else nil.
func LocationReviewSummary(l Location, stored *ReviewSummary) *ReviewSummary {
	if stored != nil && stored.Count > 0 {
		s := *stored
		return &s
	}
	if l.Reviews != nil && l.Reviews.Count > 0 {
		s := *l.Reviews
		return &s
	}
	if l.ReviewCount > 0 {
		return &ReviewSummary{Count: l.ReviewCount, AverageRating: l.AverageRating}
	}
	return nil
}

// StarFill is how full each of five stars is drawn for a rating (spec 001
// §9 "Star rating"): a whole star per whole point, and the fraction above
// 30 percent partly filled (below it the star stays empty). Values are 0..1.
func StarFill(rating float64) [5]float64 {
	var out [5]float64
	for i := range out {
		f := math.Max(0, math.Min(1, rating-float64(i)))
		if f < 1 && f <= 0.3 {
			f = 0
		}
		out[i] = math.Round(f*100) / 100
	}
	return out
}

// DefaultReviewsFullQuantity is how many reviews "Show all" lists (spec 001 §9).
const DefaultReviewsFullQuantity = 12

// ListedReviews are the reviews a location page sends: FilterReviews, then
// the first cfg.FullQuantity (at least cfg.Shown); shown is how many of them
// the page shows before "Show all" (cfg.Shown, or all when fewer).
func ListedReviews(reviews []Review, cfg ReviewsConfig) (listed []Review, shown int) {
	listed = FilterReviews(reviews, cfg)
	if limit := cfg.ListLimit(); len(listed) > limit {
		listed = listed[:limit]
	}
	shown = len(listed)
	if cfg.Shown > 0 && cfg.Shown < shown {
		shown = cfg.Shown
	}
	return listed, shown
}

// SortReviewsNewestFirst orders reviews by review date, newest first, then by
// location and id so that equal dates keep one order.
func SortReviewsNewestFirst(reviews []Review) {
	slices.SortStableFunc(reviews, func(a, b Review) int {
		return cmp.Or(cmp.Compare(b.ReviewDate, a.ReviewDate), cmp.Compare(a.LocationID, b.LocationID), cmp.Compare(a.ID, b.ID))
	})
}

// ReviewDateInWords says how long before now a review's date (2006-01-02)
// was: "today", "yesterday", "5 days ago", "3 weeks ago", "4 months ago",
// "2 years ago"; "" for a missing or malformed date. It depends on now, so
// it is computed when read.
func ReviewDateInWords(date string, now time.Time) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return ""
	}
	y, m, dd := now.Date()
	days := int(time.Date(y, m, dd, 0, 0, 0, 0, time.UTC).Sub(d).Hours() / 24)
	plural := func(n int, unit string) string {
		if n == 1 {
			return "1 " + unit + " ago"
		}
		return strconv.Itoa(n) + " " + unit + "s ago"
	}
	switch {
	case days <= 0:
		return "today"
	case days == 1:
		return "yesterday"
	case days < 14:
		return plural(days, "day")
	case days < 60:
		return plural(days/7, "week")
	case days < 365:
		return plural(days/30, "month")
	}
	return plural(days/365, "year")
}

// ValidateReviews checks a reviews feed (spec 001 §3 "Review"): every review
// has an id, a location of locationIDs, a rating from 1 to 5, text of at most
// 5000 characters and, when given, a review date like 2026-01-31. Errors name
// the field as reviews[i].field.
func ValidateReviews(reviews []Review, locationIDs map[string]bool) error {
	var errs []error
	seen := map[string]bool{}
	for i, r := range reviews {
		p := fmt.Sprintf("reviews[%d]", i)
		switch {
		case strings.TrimSpace(r.ID) == "":
			errs = append(errs, FieldError(p+".id", "required"))
		case seen[r.LocationID+"#"+r.ID]:
			errs = append(errs, FieldError(p+".id", "duplicate review %q", r.ID))
		}
		seen[r.LocationID+"#"+r.ID] = true
		if !locationIDs[r.LocationID] {
			errs = append(errs, FieldError(p+".location_id", "%q is not a location of this dealership", r.LocationID))
		}
		if r.Rating < 1 || r.Rating > 5 {
			errs = append(errs, FieldError(p+".rating", "want 1 to 5, got %v", r.Rating))
		}
		if utf8.RuneCountInString(r.Text) > 5000 {
			errs = append(errs, FieldError(p+".text", "at most 5000 characters"))
		}
		if r.ReviewDate != "" {
			if _, err := time.Parse(time.DateOnly, r.ReviewDate); err != nil {
				errs = append(errs, FieldError(p+".review_date", "want a date like 2026-01-31, got %q", r.ReviewDate))
			}
		}
	}
	return errors.Join(errs...)
}

package shared

import "strings"

// Review is one customer review of a location (spec 001 §3 "Review").
type Review struct {
	ID                      string  `json:"id"`
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
next:
	for _, r := range reviews {
		if strings.Contains(r.Text, "Translated") || r.Rating < float64(cfg.MinRating) {
			continue
		}
		for _, n := range cfg.HiddenNames {
			if strings.EqualFold(strings.TrimSpace(n), strings.TrimSpace(r.CustomerName)) {
				continue next
			}
		}
		out = append(out, r)
	}
	return out
}

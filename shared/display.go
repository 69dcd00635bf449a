package shared

import (
	"net/url"
	"strings"
	"time"
	"unicode/utf8"
)

// AutograbMinPrice: a car needs a price above this for a valuation (spec 001 §9).
const AutograbMinPrice = 200

// AutograbEligible reports whether the valuation provider's market data is
// used for the car (spec 001 §4 "Autograb eligibility"): the site has the
// feature on, the car is in stock, not sold, not reserved, and priced above 200.
func AutograbEligible(c Car, s Site) bool {
	return s.Features.Autograb && c.Status == StatusInStock && !c.Sold && !c.Reserved && c.Price > AutograbMinPrice
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

// RouteGated reports whether a path needs a signed-in user (spec 001 §5
// "Gating"): checkout and buy-online, personalised finance and online
// payment always; spin-to-win when the site gates it
// (features.spin_to_win_gated). Trade-in and sell-my-car never are.
func RouteGated(path string, s Site) bool {
	p := strings.TrimSuffix(strings.SplitN(path, "?", 2)[0], "/")
	switch {
	case strings.HasPrefix(p, "/cars/") && (strings.HasSuffix(p, "/checkout") || strings.HasSuffix(p, "/buy-online")):
		return true
	case p == "/checkout-journey", p == "/personalised/finance", p == "/online-payment":
		return true
	case p == "/spin-to-win":
		return s.Features.SpinToWinGated
	}
	return false
}

// SignInPath is where a signed-out visitor on a gated route goes (spec 001
// §4): /sign-in?type={type}&redirect={path}&back={back}.
func SignInPath(kind, redirect, back string) string {
	q := url.Values{"type": {kind}, "redirect": {redirect}, "back": {back}}
	return "/sign-in?" + q.Encode()
}

// DealerCommentsLimit is where dealer comments are truncated (spec 000 §9).
const DealerCommentsLimit = 400

// DealerComments is a car's comments laid out for the detail page.
type DealerComments struct {
	Segments  []string `json:"segments"`  // the text split on '|', trimmed, empty parts dropped
	Short     []string `json:"short"`     // Segments cut to the first 400 characters in total
	Truncated bool     `json:"truncated"` // Short is shorter than Segments (show more / show less)
}

// SplitDealerComments splits comments on the bar character and truncates them
// at 400 characters (spec 000 §2 "Car detail"). Characters are Unicode code
// points; bars do not count.
func SplitDealerComments(text string) DealerComments {
	var d DealerComments
	for _, seg := range strings.Split(text, "|") {
		if seg = strings.TrimSpace(seg); seg != "" {
			d.Segments = append(d.Segments, seg)
		}
	}
	left := DealerCommentsLimit
	for _, seg := range d.Segments {
		if left <= 0 {
			d.Truncated = true
			break
		}
		if n := utf8.RuneCountInString(seg); n > left {
			d.Short = append(d.Short, string([]rune(seg)[:left]))
			d.Truncated = true
			break
		}
		d.Short = append(d.Short, seg)
		left -= utf8.RuneCountInString(seg)
	}
	return d
}

// StockCountCap: counts above this are replaced (spec 000 §9).
const StockCountCap = 1999

// StockCount is the stock count to show for a search (spec 000 §9): a hit
// count above 1999 is replaced by the configured stock count when there is
// one, else by the sum of the facet's counts when positive; otherwise the
// hit count stands.
func StockCount(nbHits, configured int, facetCounts map[string]int) int {
	if nbHits <= StockCountCap {
		return nbHits
	}
	if configured > 0 {
		return configured
	}
	sum := 0
	for _, n := range facetCounts {
		sum += n
	}
	if sum > 0 {
		return sum
	}
	return nbHits
}

// ConfiguredStockCount sums the stock_count of the site's dealerships
// (or of the one dealership when dealershipSlug is set).
func ConfiguredStockCount(s Site, dealershipSlug string) int {
	sum := 0
	for _, d := range s.Dealerships {
		if dealershipSlug == "" || d.Slug == dealershipSlug {
			sum += d.StockCount
		}
	}
	return sum
}

// PromoActive reports whether a promo tile runs at now: on or after its
// start date and before its expiry date (dates in UTC; empty means open).
func PromoActive(p PromoTile, now time.Time) bool {
	day := now.UTC().Format(time.DateOnly)
	if p.Start != "" && day < p.Start {
		return false
	}
	if p.Expiry != "" && day >= p.Expiry {
		return false
	}
	return true
}

// PromoShows reports whether an active tile shows for the car types the
// listing is refined to (spec 001 §3 promo tile display and strictDisplay):
// a tile without display shows everywhere; otherwise, with no car type
// refinement it shows unless strictDisplay; with one, it shows when any
// refined type is in display (every refined type when strictDisplay).
func PromoShows(p PromoTile, refined []CarType) bool {
	if len(p.Display) == 0 {
		return true
	}
	if len(refined) == 0 {
		return !p.StrictDisplay
	}
	in := func(t CarType) bool {
		for _, d := range p.Display {
			if d == t {
				return true
			}
		}
		return false
	}
	for _, t := range refined {
		if in(t) && !p.StrictDisplay {
			return true
		}
		if !in(t) && p.StrictDisplay {
			return false
		}
	}
	return p.StrictDisplay
}

// DefaultSoldRetentionDays is how long a sold car stays searchable when a
// site sets no stock.sold_retention_days (spec 001 §9).
const DefaultSoldRetentionDays = 3

// SoldRetentionDays is the site's stock.sold_retention_days, or the
// default for a site stored without defaults applied.
func (s Site) SoldRetentionDays() int {
	if s.Stock.SoldRetentionDays > 0 {
		return s.Stock.SoldRetentionDays
	}
	return DefaultSoldRetentionDays
}

// SearchableUntil is when a sold car stops being shown and leaves the
// index: its sold date plus retentionDays (spec 001 §4, §9), in unix
// seconds. A car that is not sold, by flag or by status, has no limit (0);
// reserved and coming-soon cars stay. Ingestion stamps every sold car with
// a sold date, so a sold car without one has no retention left.
//
// The index (searchable_until), the sweep and GET /api/cars all use this
// one rule, so that a car leaves search and its page together.
func SearchableUntil(c Car, retentionDays int) int64 {
	if !c.Sold && c.Status != StatusSold {
		return 0
	}
	return c.SoldDateTimestamp + int64(retentionDays)*24*60*60
}

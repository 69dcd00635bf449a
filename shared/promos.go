package shared

import "time"

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

// DefaultCTAPosition is the CTA card's position among results (spec 001 §9).
const DefaultCTAPosition = 30

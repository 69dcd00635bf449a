package shared

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// Shows reports whether the site shows the car at now: one of the site's
// dealerships owns it, the dealer lets it be shown (show_on_dealer_website),
// the site sells its car type, and, when sold, it is still within this
// site's sold retention (spec 001 §4, §9). The index placement, the
// listing's records and GET /api/cars all decide by this one rule.
func (s Site) Shows(c Car, now time.Time) bool {
	until, ok := s.showsUntil(c)
	return ok && (until == 0 || now.Unix() <= until)
}

// SoldPast reports whether the site showed the car while it was sold and
// no longer does because its sold retention has passed (issue 14: such a
// car's page answers 410 "recently sold" rather than a bare 404).
func (s Site) SoldPast(c Car, now time.Time) bool {
	until, ok := s.showsUntil(c)
	return ok && until != 0 && now.Unix() > until
}

// showsUntil reports whether the site would show the car at some time, and
// the last unix second it does: 0 for a car that is not sold (no limit).
func (s Site) showsUntil(c Car) (until int64, ok bool) {
	if !c.ShowOnDealerWebsite {
		return 0, false
	}
	if _, owned := s.Dealership(c.DealershipSlug); !owned {
		return 0, false
	}
	if types := s.Stock.CarTypes; len(types) > 0 && !slices.Contains(types, c.CarType) {
		return 0, false
	}
	return SearchableUntil(c, s.SoldRetentionDays()), true
}

// SearchKeyFilter is the filter a site's secured search key embeds: the
// site's records (sites:<slug>, placed by Shows) of the dealerships the
// site lists now, and its StockFilter. The search service ANDs it into
// every query, so a shopper who edits the browser's filters still reads
// only what the site shows (issue 15). Naming the dealerships means one
// removed from the site is out of the key's reach at once, although its
// records list the site until the next reindex (issue 31); a site with no
// dealership reaches nothing. The web's base filter repeats the stock
// filter for its facet counts; the key is what enforces it.
func (s Site) SearchKeyFilter() string {
	site := "sites:" + strconv.Quote(s.Slug)
	parts := []string{site}
	if len(s.Dealerships) == 0 {
		parts = append(parts, "NOT "+site)
	} else {
		ors := make([]string, len(s.Dealerships))
		for i, d := range s.Dealerships {
			ors[i] = "dealership_slug:" + strconv.Quote(d.Slug)
		}
		parts = append(parts, "("+strings.Join(ors, " OR ")+")")
	}
	return strings.Join(append(parts, s.StockFilter()...), " AND ")
}

// StockFilter are the filter terms that select the site's stock: its own
// search.filters and the car types it sells (unless all three), each
// parenthesised, to be joined with AND. The secured key embeds them and
// every listing query repeats them (seo.BaseFilters, web baseFilters).
func (s Site) StockFilter() []string {
	var parts []string
	if own := strings.TrimSpace(s.Search.Filters); own != "" {
		parts = append(parts, "("+own+")")
	}
	if types := s.Stock.CarTypes; len(types) > 0 && !sellsAllTypes(types) {
		ors := make([]string, len(types))
		for i, t := range types {
			ors[i] = "car_type:" + strconv.Quote(string(t))
		}
		parts = append(parts, "("+strings.Join(ors, " OR ")+")")
	}
	return parts
}

func sellsAllTypes(types []CarType) bool {
	for _, t := range []CarType{CarTypeNew, CarTypeUsed, CarTypeDemo} {
		if !slices.Contains(types, t) {
			return false
		}
	}
	return true
}

// Package visible decides on the server's side whether a site shows a car:
// shared.Site.Shows (dealership, show_on_dealer_website, car types, sold
// retention) and the site's own search.filters, tested on the car's index
// record as the site's secured search key tests it. The car page, leads,
// reservations, the watchlist, compare and the car documents decide by it,
// so a car the site's search never shows is not shown by the API either
// (issue 31).
package visible

import (
	"fmt"
	"time"

	"forecourt/functions/indexrecord"
	"forecourt/functions/recordfilter"
	"forecourt/shared"
)

// Site is a site with its search.filters parsed once.
type Site struct {
	site   shared.Site
	filter recordfilter.Filter
	own    bool // the site has search.filters of its own
}

// For parses the site's search.filters. An error means the site's config
// is broken; callers answer it as a server error, never as "shown".
func For(site shared.Site) (Site, error) {
	f, err := recordfilter.Compile(site.Search.Filters)
	if err != nil {
		return Site{}, fmt.Errorf("site %s search.filters: %w", site.Slug, err)
	}
	return Site{site: site, filter: f, own: site.Search.Filters != ""}, nil
}

// Shows reports whether the site shows the car at now.
func (v Site) Shows(c shared.Car, now time.Time) bool {
	return v.site.Shows(c, now) && v.matches(c, now)
}

// SoldPast is shared.Site.SoldPast for a car the site's search.filters
// let through: a car they hide was never shown, so it is not "recently
// sold" either.
func (v Site) SoldPast(c shared.Car, now time.Time) bool {
	return v.site.SoldPast(c, now) && v.matches(c, now)
}

// matches tests the site's filter on the record the index holds for the
// car as this site places it.
func (v Site) matches(c shared.Car, now time.Time) bool {
	if !v.own {
		return true
	}
	ic := shared.IndexedCar{Car: c, Placement: shared.NewPlacer(c.DealershipSlug, []shared.Site{v.site}).Place(c, now)}
	rec, err := indexrecord.NewRecord(ic).Map()
	if err != nil {
		return false // a car that has no record is in no search
	}
	return v.filter.Match(rec)
}

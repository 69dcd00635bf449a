package shared_test

import (
	"testing"
	"time"

	"forecourt/shared"
)

// spec 001 §4, §9: a site shows a car its dealership owns, the dealer lets
// it show, of a type the site sells, and a sold car only within this site's
// own sold retention (the last second included).
func TestSiteShows(t *testing.T) {
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	site := shared.Site{Slug: "s", Dealerships: []shared.Dealership{{Slug: "north"}},
		Stock: shared.StockConfig{SoldRetentionDays: 3, CarTypes: []shared.CarType{shared.CarTypeUsed, shared.CarTypeDemo}}}
	base := shared.Car{DealershipSlug: "north", CarType: shared.CarTypeUsed, ShowOnDealerWebsite: true, Status: shared.StatusInStock}
	sold := func(ago time.Duration) shared.Car {
		c := base
		c.Sold, c.Status, c.SoldDateTimestamp = true, shared.StatusSold, now.Add(-ago).Unix()
		return c
	}
	with := func(f func(*shared.Car)) shared.Car { c := base; f(&c); return c }
	noRetention := site
	noRetention.Stock.SoldRetentionDays = 0 // stored without defaults: 3 days
	for _, tt := range []struct {
		name string
		site shared.Site
		car  shared.Car
		want bool
	}{
		{"in stock", site, base, true},
		{"reserved", site, with(func(c *shared.Car) { c.Reserved = true }), true},
		{"hidden by the dealer", site, with(func(c *shared.Car) { c.ShowOnDealerWebsite = false }), false},
		{"another dealership", site, with(func(c *shared.Car) { c.DealershipSlug = "south" }), false},
		{"a type the site does not sell", site, with(func(c *shared.Car) { c.CarType = shared.CarTypeNew }), false},
		{"sold 2 days ago", site, sold(48 * time.Hour), true},
		{"sold exactly 3 days ago", site, sold(72 * time.Hour), true},
		{"sold 3 days and a second ago", site, sold(72*time.Hour + time.Second), false},
		{"default retention", noRetention, sold(71 * time.Hour), true},
		{"sold by status only, no date", site, with(func(c *shared.Car) { c.Status = shared.StatusSold }), false},
	} {
		if got := tt.site.Shows(tt.car, now); got != tt.want {
			t.Errorf("%s: Shows got %v, want %v", tt.name, got, tt.want)
		}
	}
}

// Issue 14 "Real statuses": a car the site showed while sold is past its
// retention once Shows turns false on the time alone; any other car the
// site does not show (another dealer's, hidden, a type it does not sell, in
// stock) is not.
func TestSiteSoldPast(t *testing.T) {
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	site := shared.Site{Slug: "s", Dealerships: []shared.Dealership{{Slug: "north"}},
		Stock: shared.StockConfig{SoldRetentionDays: 3, CarTypes: []shared.CarType{shared.CarTypeUsed}}}
	sold := func(ago time.Duration, f func(*shared.Car)) shared.Car {
		c := shared.Car{DealershipSlug: "north", CarType: shared.CarTypeUsed, ShowOnDealerWebsite: true,
			Sold: true, Status: shared.StatusSold, SoldDateTimestamp: now.Add(-ago).Unix()}
		f(&c)
		return c
	}
	same := func(*shared.Car) {}
	for _, tt := range []struct {
		name string
		car  shared.Car
		want bool
	}{
		{"sold 4 days ago", sold(96*time.Hour, same), true},
		{"sold 3 days and a second ago", sold(72*time.Hour+time.Second, same), true},
		{"sold 2 days ago: still shown", sold(48*time.Hour, same), false},
		{"in stock", sold(0, func(c *shared.Car) { c.Sold, c.Status, c.SoldDateTimestamp = false, shared.StatusInStock, 0 }), false},
		{"another dealership's", sold(96*time.Hour, func(c *shared.Car) { c.DealershipSlug = "south" }), false},
		{"hidden by the dealer", sold(96*time.Hour, func(c *shared.Car) { c.ShowOnDealerWebsite = false }), false},
		{"a type the site does not sell", sold(96*time.Hour, func(c *shared.Car) { c.CarType = shared.CarTypeNew }), false},
	} {
		if got := site.SoldPast(tt.car, now); got != tt.want {
			t.Errorf("%s: SoldPast got %v, want %v", tt.name, got, tt.want)
		}
	}
}

// Issue 15 "Search keys carry the whole visibility rule": the key's filter
// is the site's records of the dealerships it lists now (issue 31: a
// removed dealership's records, still placed on the site until a reindex,
// are out of reach), its own search.filters and the car types it sells.
func TestSearchKeyFilter(t *testing.T) {
	one := []shared.Dealership{{Slug: "d1"}}
	for _, tc := range []struct {
		name string
		site shared.Site
		want string
	}{
		{"every type", shared.Site{Slug: "metro", Dealerships: one, Stock: shared.StockConfig{CarTypes: []shared.CarType{shared.CarTypeNew, shared.CarTypeUsed, shared.CarTypeDemo}}}, `sites:"metro" AND (dealership_slug:"d1")`},
		{"no types configured, two dealerships", shared.Site{Slug: "metro", Dealerships: []shared.Dealership{{Slug: "d1"}, {Slug: "d2"}}}, `sites:"metro" AND (dealership_slug:"d1" OR dealership_slug:"d2")`},
		{"no dealership: nothing", shared.Site{Slug: "metro"}, `sites:"metro" AND NOT sites:"metro"`},
		{"used only", shared.Site{Slug: "north", Dealerships: one, Stock: shared.StockConfig{CarTypes: []shared.CarType{shared.CarTypeUsed}}}, `sites:"north" AND (dealership_slug:"d1") AND (car_type:"used")`},
		{"own filters and two types", shared.Site{Slug: "west", Dealerships: one, Search: shared.SearchConfig{Filters: " certified:true "},
			Stock: shared.StockConfig{CarTypes: []shared.CarType{shared.CarTypeNew, shared.CarTypeDemo}}},
			`sites:"west" AND (dealership_slug:"d1") AND (certified:true) AND (car_type:"new" OR car_type:"demo")`},
	} {
		if got := tc.site.SearchKeyFilter(); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}
}

package shared

import "testing"

// Issue 14 stored sitemaps: a stored list is kept across config changes
// that do not change which cars the site lists (a colour, the order of its
// dealerships) and dropped when its dealerships, car types or search.filters
// change (issue 31).
func TestSitemapHash(t *testing.T) {
	base := func() Site {
		s := DefaultSite()
		s.Slug = "group"
		s.Dealerships = []Dealership{{Slug: "north"}, {Slug: "south"}}
		s.Stock.CarTypes = []CarType{"used", "new"}
		return s
	}
	want := base().SitemapHash()
	for _, tt := range []struct {
		name   string
		change func(*Site)
		same   bool
	}{
		{"another colour", func(s *Site) { s.Theme.PrimaryColor = "#000000" }, true},
		{"dealerships reordered", func(s *Site) { s.Dealerships[0], s.Dealerships[1] = s.Dealerships[1], s.Dealerships[0] }, true},
		{"car types reordered", func(s *Site) { s.Stock.CarTypes = []CarType{"new", "used"} }, true},
		{"a dealership added", func(s *Site) { s.Dealerships = append(s.Dealerships, Dealership{Slug: "east"}) }, false},
		{"a car type dropped", func(s *Site) { s.Stock.CarTypes = []CarType{"used"} }, false},
		{"another site", func(s *Site) { s.Slug = "other" }, false},
		// Issue 31: search.filters decide which cars are listed too.
		{"search filters set", func(s *Site) { s.Search.Filters = "NOT make:Toyota" }, false},
	} {
		s := base()
		tt.change(&s)
		if got := s.SitemapHash() == want; got != tt.same {
			t.Errorf("%s: same hash %v, want %v", tt.name, got, tt.same)
		}
	}
}

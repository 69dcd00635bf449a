package shared

import "testing"

// Issue 36 item 3: each config section's rules (one siteChecks method per
// section) refuse a bad value under its field's JSON path; rows for the
// sections no other test covered.
func TestValidateSections(t *testing.T) {
	base := Site{Slug: "acme", Name: "Acme", Dealerships: []Dealership{{Slug: "main", Name: "Main"}}}
	if err := base.Validate(); err != nil {
		t.Fatalf("base site refused: %v", err)
	}
	for _, tt := range []struct {
		section string
		edit    func(*Site)
		field   string
	}{
		{"identity", func(s *Site) { s.Theme.PrimaryColor = "blue" }, "theme.primary_color"},
		{"identity", func(s *Site) { s.EdgeCell = -1 }, "edge_cell"},
		{"dealerships", func(s *Site) { s.Dealerships = append(s.Dealerships, Dealership{Slug: "main", Name: "Again"}) }, "dealerships[1].slug"},
		{"time_zone", func(s *Site) { s.TimeZone = "Mars/Olympus" }, "time_zone"},
		{"card", func(s *Site) { s.Card.Chips = []string{"wings"} }, "card.chips[0]"},
		{"finance", func(s *Site) { s.Finance.InterestRate = 51 }, "finance.interest_rate"},
		{"stock", func(s *Site) { s.Stock.ListingPath = "/cars/" }, "stock.listing_path"},
		{"reviews", func(s *Site) { s.Reviews.MinRating = 6 }, "reviews.min_rating"},
		{"budget", func(s *Site) { s.Budget.SliderMin, s.Budget.SliderMax = 500, 100 }, "budget.slider_max"},
		{"car_page", func(s *Site) { s.CarPage.SimilarCars = -1 }, "car_page.similar_cars"},
		{"dealership_websites", func(s *Site) { s.DealershipWebsites = []DealershipWebsite{{Name: "Other"}} }, "dealership_websites[0].url"},
		{"home", func(s *Site) { s.Home.SlideSeconds = -1 }, "home.slide_seconds"},
		{"footer", func(s *Site) { s.Footer.PaymentMethods = []string{"barter"} }, "footer.payment_methods[0]"},
		{"offers", func(s *Site) { s.Offers = []Offer{{ID: "a b", Name: "Spring"}} }, "offers[0].id"},
	} {
		s := base
		tt.edit(&s)
		if _, refused := FieldMessages(s.Validate())[tt.field]; !refused {
			t.Errorf("%s: %s not refused; got %v", tt.section, tt.field, s.Validate())
		}
	}
}

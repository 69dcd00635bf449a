package shared

import (
	"strings"
	"testing"
)

func labels(items []NavItem) string {
	var out []string
	for _, n := range items {
		out = append(out, n.Label+" "+n.Path)
	}
	return strings.Join(out, ", ")
}

// Spec 001 §2 "Footer groups": the defaults follow the car types sold and
// the trade-in entry point.
func TestFooterDefaults(t *testing.T) {
	all := DefaultSite()
	if got, want := labels(all.Footer.BuyerTools), "New Cars /search/new-cars, Demo Cars /search/demo-cars, Used Cars /search/used-cars, Book a Test Drive /book-test-drive/, Current Offers /special-offers, Finance Enquiry /finance, Trade-In /trade-in, Favourites /favourites"; got != want {
		t.Errorf("buyer tools: got %q, want %q", got, want)
	}
	if got := labels(all.Footer.Service); !strings.HasPrefix(got, "Vehicle Service /service, Genuine Parts and Accessories") {
		t.Errorf("service: %q", got)
	}
	if got := labels(all.Footer.Dealer); !strings.Contains(got, "Terms And Conditions /terms-and-conditions/") {
		t.Errorf("dealer group lacks the terms: %q", got)
	}
	if got := strings.Join(all.Footer.PaymentMethods, ", "); got != "Mastercard, Visa, Maestro, Google Pay, Apple Pay" {
		t.Errorf("payments: %q", got)
	}

	// Issue 33: the saved cars are found again from the footer, the
	// watchlist where the site has accounts, else this device's favourites;
	// and the locations (with hours and reviews) from the dealer's group.
	if got, want := labels(all.Footer.BuyerTools[len(all.Footer.BuyerTools)-1:]), "Favourites /favourites"; got != want {
		t.Errorf("buyer tools end: got %q, want %q", got, want)
	}
	garage := DecodeBase()
	garage.Features.Garage, garage.Features.WatchlistPath = true, "/my-watchlist"
	ApplyDefaults(&garage)
	if got, want := labels(garage.Footer.BuyerTools[len(garage.Footer.BuyerTools)-1:]), "Watchlist /my-watchlist"; got != want {
		t.Errorf("garage buyer tools end: got %q, want %q", got, want)
	}
	none := DecodeBase()
	none.Features.Favourites = false
	ApplyDefaults(&none)
	if got := labels(none.Footer.BuyerTools); strings.Contains(got, "Favourites") || strings.Contains(got, "Watchlist") {
		t.Errorf("a site that saves nothing links saved cars: %q", got)
	}
	if got := labels(all.Footer.Dealer); !strings.Contains(got, "Our Locations /dealerships") {
		t.Errorf("dealer group lacks the locations: %q", got)
	}

	var used Site
	used.Stock.CarTypes = []CarType{CarTypeUsed}
	used.Features.TradeIn, used.Features.TradeInPath = true, "/sell-your-car"
	ApplyDefaults(&used)
	// Issue 32 item 9: Our Stock is a used-only site's used-car listing; a
	// second link to it is not another tool.
	if got, want := labels(used.Footer.BuyerTools), "Book a Test Drive /book-test-drive/, Current Offers /special-offers, Finance Enquiry /finance, Trade-In /sell-your-car"; got != want {
		t.Errorf("used-only buyer tools: got %q, want %q", got, want)
	}
}

// Spec 001 §2 "Locations control": visible locations sorted sales, service,
// parts; tel: only when phone links are on. Issue 33: the last line leads to
// every location with its hours and reviews, so a site whose lines only
// call still reaches them.
func TestHeaderLocations(t *testing.T) {
	hidden := false
	s := Site{Locations: []Location{
		{Name: "Parts", LocationType: LocationParts, ContactDetail: ContactDetail{LandlinePhone: "(07) 3000 0003"}},
		{Name: "Service", LocationType: LocationService, ContactDetail: ContactDetail{Phone: "+61 400 000 002"}},
		{Name: "Hidden", Visible: &hidden, ContactDetail: ContactDetail{Phone: "1"}},
		{Name: "Sales", ContactDetail: ContactDetail{Phone: "07 3000 0001"}},
		{Name: "No phone", LocationType: LocationSales},
	}}
	s.Features.PhoneLinks = true
	got := HeaderLocations(s)
	want := []LocationLink{
		{"Sales", "07 3000 0001", "tel:0730000001", "Call Sales on 07 3000 0001"}, {"No phone", "", "/contact", "No phone: contact us"},
		{"Service", "+61 400 000 002", "tel:+61400000002", "Call Service on +61 400 000 002"},
		{"Parts", "(07) 3000 0003", "tel:0730000003", "Call Parts on (07) 3000 0003"},
		{"All locations", "", "/dealerships", "All locations, hours and reviews"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("[%d]: got %+v, want %+v", i, got[i], want[i])
		}
	}
	s.Features.PhoneLinks = false
	for _, l := range HeaderLocations(s) {
		if l.Href != "/contact" && l.Href != LocationsPath {
			t.Errorf("phone links off: %s links %q, want /contact", l.Name, l.Href)
		}
	}
	if got := HeaderLocations(Site{}); len(got) != 0 {
		t.Errorf("no locations: got %+v, want none", got)
	}
}

// Issue 32 item 5: the spec's /book-test-drive/ page (spec 001 §2) is
// linked from every demo site's footer, used-only yards included, through
// the Buyer Tools default.
func TestEveryDemoSiteLinksBookTestDrive(t *testing.T) {
	sites, err := demoTenants()
	if err != nil {
		t.Fatal(err)
	}
	var used Site
	used.Stock.CarTypes = []CarType{CarTypeUsed}
	ApplyDefaults(&used)
	used.Slug = "a used-only site"
	def := DefaultSite()
	def.Slug = "the default site"
	for _, s := range append(sites, def, used) {
		t.Run(s.Slug, func(t *testing.T) {
			if got := labels(s.Footer.BuyerTools); !strings.Contains(got, "Book a Test Drive "+BookTestDrivePath) {
				t.Errorf("buyer tools %q lack Book a Test Drive %s", got, BookTestDrivePath)
			}
		})
	}
}

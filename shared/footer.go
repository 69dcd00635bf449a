package shared

import "slices"

// PaymentMethods are the cards and wallets the footer's 'We accept:' strip
// can show (spec 001 §2), in its default order.
var PaymentMethods = []string{"Mastercard", "Visa", "Maestro", "Google Pay", "Apple Pay"}

// BookTestDrivePath is the test drive booking without a car page (spec 001
// §2); a car page's link names its car with ?car=<slug> (?car_id= by id
// still works).
const BookTestDrivePath = "/book-test-drive/"

// carTypeLinks are the search pages of each car type, in menu order.
var carTypeLinks = []struct {
	t     CarType
	label string
	path  string
}{
	{CarTypeNew, "New Cars", "/search/new-cars"},
	{CarTypeDemo, "Demo Cars", "/search/demo-cars"},
	{CarTypeUsed, "Used Cars", "/search/used-cars"},
}

// applyFooterDefaults fills the footer groups the site left out (spec 001
// §2 "Footer groups"). It runs after the stock and feature defaults, which
// it reads.
//
// Issue 32 item 9: a link appears once, and only for stock the site sells.
// The car-type links sit in Buyer Tools, as the spec lists them, and only
// when the site sells more than one type: on a used-only site Our Stock is
// the used-car listing (HeaderMenu's rule).
func applyFooterDefaults(s *Site) {
	f := &s.Footer
	var types []NavItem
	if len(s.Stock.CarTypes) > 1 {
		for _, c := range carTypeLinks {
			if slices.Contains(s.Stock.CarTypes, c.t) {
				types = append(types, NavItem{Label: c.label, Path: c.path})
			}
		}
	}
	if f.Vehicles == nil {
		f.Vehicles = []NavItem{{Label: "Our Stock", Path: StockPath}}
	}
	if f.BuyerTools == nil {
		// Book a Test Drive follows the stock, before the other tools: the
		// car page offers it for test-drive-only cars only, so this is the
		// way to it for every other car (issue 32 item 5).
		f.BuyerTools = append(slices.Clone(types),
			NavItem{Label: "Book a Test Drive", Path: BookTestDrivePath},
			NavItem{Label: "Current Offers", Path: "/special-offers"},
			NavItem{Label: "Finance Enquiry", Path: "/finance"})
		if s.Features.TradeIn {
			f.BuyerTools = append(f.BuyerTools, NavItem{Label: "Trade-In", Path: s.Features.TradeInPath})
		}
		// Issue 33: hearted cars are found again, where the heart keeps them.
		switch {
		case s.Features.Garage:
			f.BuyerTools = append(f.BuyerTools, NavItem{Label: "Watchlist", Path: s.Features.WatchlistPath})
		case s.Features.Favourites:
			f.BuyerTools = append(f.BuyerTools, NavItem{Label: "Favourites", Path: s.Features.FavouritesPath})
		}
	}
	if f.Service == nil {
		f.Service = []NavItem{
			{Label: "Vehicle Service", Path: "/service"},
			{Label: "Genuine Parts and Accessories", Path: "/vehicle-parts-and-accessories"},
			{Label: "Warranty", Path: "/warranty"},
			{Label: "Prepaid Maintenance Plan", Path: "/prepaid-maintenance-plan"},
			{Label: "Roadside Assistance", Path: "/roadside-assistance"},
		}
	}
	if f.Dealer == nil {
		f.Dealer = []NavItem{
			{Label: "About Us", Path: "/about"},
			{Label: "Contact Us", Path: "/contact"},
			// Issue 33: every site links its locations, hours and reviews.
			{Label: locationsTitle(s), Path: LocationsPath},
			{Label: "Terms And Conditions", Path: "/terms-and-conditions/"},
			{Label: "Privacy Policy", Path: "/privacy-policy"},
			{Label: "FAQs", Path: "/faqs"},
		}
	}
	if f.PaymentMethods == nil {
		f.PaymentMethods = slices.Clone(PaymentMethods)
	}
}

// LocationsPath lists every location with its hours and reviews (spec 001
// §2 "/dealerships"): the footer and the header's Locations control lead there.
const LocationsPath = "/dealerships"

func locationsTitle(s *Site) string {
	if s.Texts.LocationsTitle != "" {
		return s.Texts.LocationsTitle
	}
	return "Our Locations"
}

// LocationLink is one line of the header's Locations dropdown.
type LocationLink struct {
	Name  string `json:"name"`
	Phone string `json:"phone,omitempty"`
	// Href is tel:<number> when the site's phone links are on and the
	// location has a number, else /contact (spec 001 §2); the last line's
	// is LocationsPath.
	Href string `json:"href"`
	// Label is the line's accessible name (Header and the painted header
	// both read it).
	Label string `json:"label"`
}

// HeaderLocations returns the header's Locations dropdown: the visible
// locations ordered sales, service, parts (SortedLocations), each with its
// phone (mobile, else landline) and link, then a line to every location's
// hours and reviews (issue 33: where phone links are on, the other lines
// only call). No visible location, no lines.
func HeaderLocations(s Site) []LocationLink {
	sorted := SortedLocations(s.Locations)
	if len(sorted) == 0 {
		return nil
	}
	out := make([]LocationLink, 0, len(sorted)+1)
	for _, l := range sorted {
		phone := l.ContactDetail.Phone
		if phone == "" {
			phone = l.ContactDetail.LandlinePhone
		}
		link := LocationLink{Name: l.Name, Phone: phone, Href: "/contact"}
		switch {
		case s.Features.PhoneLinks && phone != "":
			link.Href = "tel:" + telNumber(phone)
			link.Label = "Call " + l.Name + " on " + phone
		case phone != "":
			link.Label = l.Name + ", " + phone + ": contact us"
		default:
			link.Label = l.Name + ": contact us"
		}
		out = append(out, link)
	}
	return append(out, LocationLink{Name: "All locations", Href: LocationsPath, Label: "All locations, hours and reviews"})
}

// telNumber keeps the digits and a leading + of a display number.
func telNumber(p string) string {
	b := make([]rune, 0, len(p))
	for i, r := range p {
		if r >= '0' && r <= '9' || (r == '+' && i == 0) {
			b = append(b, r)
		}
	}
	return string(b)
}

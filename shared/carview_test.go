package shared

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestViewCar(t *testing.T) {
	now := time.Date(2025, 6, 10, 12, 0, 0, 0, time.UTC)
	site := DefaultSite()
	site.Phones = PhonesByCarType{Used: "07 5550 1000"}
	site.Finance.Provider = "Manual"
	rate, week := 8.99, 120.0
	live := Car{
		ID: "c1", Make: "Mazda", Model: "CX-5", CarType: CarTypeUsed, Status: StatusInStock,
		Price: 31990, BeforePrice: 33990, CreatedAt: now.Add(-48 * time.Hour),
		DealerComments: "One owner | Logbooks",
		FinanceLenders: map[string]FinanceLender{"manual": {InterestRate: &rate, ComparisonRate: &rate, PaymentWeek: &week}},
	}
	sold := live
	sold.Sold, sold.DealerComments, sold.FinanceLenders = true, "", nil

	tests := []struct {
		name  string
		car   Car
		check func(t *testing.T, v CarView)
	}{
		{"spec 001 §5: price and was-price", live, func(t *testing.T, v CarView) {
			if v.Price.Text != "$31,990" || v.Price.WasText != "$33,990" {
				t.Errorf("price %+v, want $31,990 was $33,990", v.Price)
			}
		}},
		{"spec 000 §4: a car created two days ago is New", live, func(t *testing.T, v CarView) {
			if v.Tag.Kind != TagNew || !v.Available {
				t.Errorf("tag %+v available %v, want new and available", v.Tag, v.Available)
			}
		}},
		{"spec 000 §2: comments split on the bar", live, func(t *testing.T, v CarView) {
			if strings.Join(v.Comments.Segments, "/") != "One owner/Logbooks" {
				t.Errorf("segments %q", v.Comments.Segments)
			}
		}},
		{"spec 001 §8: the used number for a used car", live, func(t *testing.T, v CarView) {
			if v.Phone != "07 5550 1000" {
				t.Errorf("phone %q, want the used number", v.Phone)
			}
		}},
		{"spec 001 §5: the provider's lender data when eligible", live, func(t *testing.T, v CarView) {
			if v.Finance == nil || v.Finance.Provider != "Manual" || v.Finance.Amount != 120 || v.Finance.Frequency != FrequencyWeekly {
				t.Errorf("finance %+v, want Manual with 120 a week", v.Finance)
			}
		}},
		{"spec 001 §4: a sold car shows the sold tag, no finance", sold, func(t *testing.T, v CarView) {
			if v.Tag.Kind != TagSold || v.Tag.Text != "JUST SOLD" || v.Available || v.Finance != nil {
				t.Errorf("view %+v, want sold, unavailable, no finance", v)
			}
		}},
		{"no comments are empty lists in JSON, not null", sold, func(t *testing.T, v CarView) {
			b, _ := json.Marshal(v.Comments)
			if string(b) != `{"segments":[],"short":[],"truncated":false}` {
				t.Errorf("comments JSON %s", b)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, ViewCar(tt.car, site, now)) })
	}
}

func kinds(actions []CarAction) []string {
	out := []string{}
	for _, a := range actions {
		out = append(out, a.Kind)
	}
	return out
}

func findAction(actions []CarAction, kind string) (CarAction, bool) {
	for _, a := range actions {
		if a.Kind == kind {
			return a, true
		}
	}
	return CarAction{}, false
}

// TestCarActions covers spec 001 §2 "Action buttons" and the per-site
// sidebar overrides.
func TestCarActions(t *testing.T) {
	now := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	base := Car{ID: "c 1", Slug: "2022-toyota-corolla", Make: "Toyota", Model: "Corolla", SimpleBody: "Hatch",
		CarType: CarTypeUsed, Status: StatusInStock, Price: 24990, DealershipSlug: "d",
		Location: &CarLocation{Phone: "07 5550 2000"}}
	car := func(mut func(*Car)) Car {
		c := base
		if mut != nil {
			mut(&c)
		}
		return c
	}
	site := func(mut func(*Site)) Site {
		s := DefaultSite()
		s.Dealerships = []Dealership{{Slug: "d", Name: "D"}}
		if mut != nil {
			mut(&s)
		}
		return s
	}
	tests := []struct {
		name  string
		car   Car
		site  Site
		check func(t *testing.T, a []CarAction)
	}{
		{"defaults: enquiry, reserve with the deposit, trade-in, call", car(nil), site(nil), func(t *testing.T, a []CarAction) {
			if got := strings.Join(kinds(a), ","); got != "enquiry,reserve,trade_in,call" {
				t.Fatalf("actions %s, want enquiry,reserve,trade_in,call", got)
			}
			if a[0].Label != "Enquire Now" {
				t.Errorf("enquiry label %q, want Enquire Now (spec 001 §9)", a[0].Label)
			}
			if a[1].Label != "Reserve Now $200" || a[1].Href != "/cars/2022-toyota-corolla/checkout" {
				t.Errorf("reserve %+v, want Reserve Now $200 to the checkout", a[1])
			}
			if a[2].Href != "/cars/trade-in?car_id=c+1" {
				t.Errorf("trade-in href %q, want /cars/trade-in?car_id=c+1", a[2].Href)
			}
			if a[3].Phone != "07 5550 2000" || a[3].Label != "Call the dealer" {
				t.Errorf("call %+v, want the location phone", a[3])
			}
		}},
		{"the enquiry label per site", car(nil), site(func(s *Site) { s.Texts.EnquireLabel = "Message Now" }), func(t *testing.T, a []CarAction) {
			if e, _ := findAction(a, ActionEnquiry); e.Label != "Message Now" {
				t.Errorf("enquiry label %q, want Message Now", e.Label)
			}
		}},
		{"Test Drive Only cars offer the test drive", car(func(c *Car) { c.Tag = "Test Drive Only" }), site(nil), func(t *testing.T, a []CarAction) {
			if d, ok := findAction(a, ActionTestDrive); !ok || d.Label != "Book a Test Drive" {
				t.Errorf("actions %v, want Book a Test Drive", kinds(a))
			}
		}},
		{"other cars: no test drive unless the site offers it for similar cars", car(nil), site(nil), func(t *testing.T, a []CarAction) {
			if _, ok := findAction(a, ActionTestDrive); ok {
				t.Errorf("actions %v, want no test drive", kinds(a))
			}
		}},
		// Spec 001 §2: the one brand's flag offers the test drive on the
		// similar cars' cards (CarViewSimilar), not on every car's sidebar.
		{"the similar-cars flag adds no test drive to a car that is not test-drive-only", car(nil), site(func(s *Site) { s.Features.TestDriveForSimilar = true }), func(t *testing.T, a []CarAction) {
			if _, ok := findAction(a, ActionTestDrive); ok {
				t.Errorf("actions %v, want no test drive", kinds(a))
			}
		}},
		{"reserving off: no Reserve Now", car(nil), site(func(s *Site) { s.Features.Reserve = false }), func(t *testing.T, a []CarAction) {
			if _, ok := findAction(a, ActionReserve); ok {
				t.Errorf("actions %v, want no reserve", kinds(a))
			}
		}},
		{"a reserved car: no Reserve Now", car(func(c *Car) { c.Reserved = true }), site(nil), func(t *testing.T, a []CarAction) {
			if _, ok := findAction(a, ActionReserve); ok {
				t.Errorf("actions %v, want no reserve", kinds(a))
			}
		}},
		{"buy-online brand path", car(nil), site(func(s *Site) { s.Features.ReservePath = "buy-online" }), func(t *testing.T, a []CarAction) {
			if r, _ := findAction(a, ActionReserve); r.Href != "/cars/2022-toyota-corolla/buy-online" {
				t.Errorf("reserve href %q", r.Href)
			}
		}},
		{"used cars go to the checkout journey where configured", car(nil), site(func(s *Site) { s.Features.CheckoutJourney = true }), func(t *testing.T, a []CarAction) {
			if r, _ := findAction(a, ActionReserve); r.Href != "/checkout-journey?car_id=2022-toyota-corolla" {
				t.Errorf("reserve href %q", r.Href)
			}
		}},
		{"trade-in off: no Trade-in", car(nil), site(func(s *Site) { s.Features.TradeIn = false }), func(t *testing.T, a []CarAction) {
			if _, ok := findAction(a, ActionTradeIn); ok {
				t.Errorf("actions %v, want no trade-in", kinds(a))
			}
		}},
		{"a history report file shows its button", car(func(c *Car) { c.File = "https://reports.example/abc.pdf" }), site(nil), func(t *testing.T, a []CarAction) {
			if h, ok := findAction(a, ActionHistoryReport); !ok || h.Href != "https://reports.example/abc.pdf" {
				t.Errorf("actions %+v, want the history report", a)
			}
		}},
		{"a file that is no link: no button", car(func(c *Car) { c.File = "javascript:alert(1)" }), site(nil), func(t *testing.T, a []CarAction) {
			if _, ok := findAction(a, ActionHistoryReport); ok {
				t.Errorf("actions %v, want no history report", kinds(a))
			}
		}},
		{"no phone anywhere: no Call", car(func(c *Car) { c.Location = nil }), site(nil), func(t *testing.T, a []CarAction) {
			if _, ok := findAction(a, ActionCall); ok {
				t.Errorf("actions %v, want no call", kinds(a))
			}
		}},
		{"chat from config", car(nil), site(func(s *Site) { s.Features.Chat = true }), func(t *testing.T, a []CarAction) {
			if _, ok := findAction(a, ActionChat); !ok {
				t.Errorf("actions %v, want chat", kinds(a))
			}
		}},
		{"sidebar override: which buttons, their order and labels", car(nil), site(func(s *Site) {
			s.CarPage.Sidebar.Buttons = []string{ActionCall, ActionEnquiry}
			s.CarPage.Sidebar.Labels = map[string]string{ActionCall: "Ring us"}
		}), func(t *testing.T, a []CarAction) {
			if got := strings.Join(kinds(a), ","); got != "call,enquiry" || a[0].Label != "Ring us" {
				t.Errorf("actions %+v, want call (Ring us), enquiry", a)
			}
		}},
		{"phones by car type: the site's used number wins over the location", car(nil), site(func(s *Site) { s.Phones.Used = "1300 000 111" }), func(t *testing.T, a []CarAction) {
			if c, _ := findAction(a, ActionCall); c.Phone != "1300 000 111" {
				t.Errorf("call phone %q, want the used number", c.Phone)
			}
		}},
		{"spec 001 §2: an unavailable car shows only Find Me Something Similar", car(func(c *Car) { c.Sold = true }), site(nil), func(t *testing.T, a []CarAction) {
			if len(a) != 1 || a[0].Kind != ActionFindSimilar || a[0].Label != "Find Me Something Similar" || a[0].Href != "/search/Toyota/Corolla" {
				t.Errorf("actions %+v, want only find_similar to /search/Toyota/Corolla", a)
			}
		}},
		{"the lower-case wording per site", car(func(c *Car) { c.Status = StatusSold }), site(func(s *Site) { s.Texts.FindSimilar = "find me something similar" }), func(t *testing.T, a []CarAction) {
			if a[0].Label != "find me something similar" {
				t.Errorf("label %q", a[0].Label)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, ViewCar(tt.car, tt.site, now).Actions) })
	}
}

func TestSimilarCarsPath(t *testing.T) {
	tests := []struct {
		name string
		car  Car
		want string
	}{
		{"issue 17: same make and model", Car{Make: "Land Rover", Model: "Range Rover Sport"}, "/search/Land%20Rover/Range%20Rover%20Sport"},
		{"no model: body type and price band", Car{Make: "Toyota", SimpleBody: "SUV", Price: 24990}, "/search/new-used-and-demo-cars/?body=SUV&price=20000:29999"},
		{"top band is open up to the clamp", Car{SimpleBody: "Ute", Price: 120000}, "/search/new-used-and-demo-cars/?body=Ute&price=100000:1000000"},
		{"make only", Car{Make: "Kia"}, "/search/Kia"},
		{"nothing known: the whole listing", Car{}, "/search/new-used-and-demo-cars/"},
	}
	for _, tt := range tests {
		if got := SimilarCarsPath(tt.car); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestSimilarCarsFilter: the car page's similar-cars block asks the index
// for the same cars Find Me Something Similar lists (issue 17, spec 000 §7
// secondary lookup), with values quoted for the filter grammar.
func TestSimilarCarsFilter(t *testing.T) {
	tests := []struct {
		name string
		car  Car
		want string
	}{
		{"same make and model", Car{Make: "Land Rover", Model: "Range Rover Sport", SimpleBody: "SUV", Price: 90000}, `make:"Land Rover" AND model:"Range Rover Sport"`},
		{"no model: body type and price band", Car{Make: "Toyota", SimpleBody: "SUV", Price: 24990}, `simple_body:"SUV" AND price:20000 TO 29999`},
		{"no price: body type", Car{SimpleBody: "Ute"}, `simple_body:"Ute"`},
		{"make only", Car{Make: "Kia"}, `make:"Kia"`},
		{"quotes in a value are escaped", Car{Make: `Bob's "Special"`, Model: `A\B`}, `make:"Bob's \"Special\"" AND model:"A\\B"`},
		{"nothing known: no block", Car{}, ""},
	}
	for _, tt := range tests {
		if got := SimilarCarsFilter(tt.car); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestCarViewSimilar: the block carries the site's count and is left out
// when the site sets car_page.similar_cars to 0 (issue 17); it offers Book a
// Test Drive on its cards where the site says so (spec 001 §2).
func TestCarViewSimilar(t *testing.T) {
	now := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	car := Car{ID: "c1", Slug: "s", Make: "Toyota", Model: "RAV4", CarType: CarTypeUsed, Status: StatusInStock, Price: 30000}
	tests := []struct {
		name      string
		count     int
		testDrive bool
		want      *SimilarCars
	}{
		{"default 4", DefaultWidgetCount, false, &SimilarCars{Filters: `make:"Toyota" AND model:"RAV4"`, Limit: 4}},
		{"site asks for 8", 8, false, &SimilarCars{Filters: `make:"Toyota" AND model:"RAV4"`, Limit: 8}},
		{"0 turns it off", 0, true, nil},
		// Spec 001 §2: Book a Test Drive "on one brand for similar cars".
		{"features.test_drive_for_similar: the similar cars offer the test drive", DefaultWidgetCount, true, &SimilarCars{Filters: `make:"Toyota" AND model:"RAV4"`, Limit: 4, TestDrive: true}},
	}
	for _, tt := range tests {
		s := DefaultSite()
		s.CarPage.SimilarCars = tt.count
		s.Features.TestDriveForSimilar = tt.testDrive
		got := ViewCar(car, s, now).Similar
		if (got == nil) != (tt.want == nil) || (got != nil && *got != *tt.want) {
			t.Errorf("%s: got %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// TestCarViewBadgesAndTabs covers the certified badge (spec 001 §5), the
// below-market badge (§4 eligibility + §5 threshold), the reservable flag,
// the tabs (spec 000 §2) and the used-car texts.
func TestCarViewBadgesAndTabs(t *testing.T) {
	now := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	s := DefaultSite()
	s.Dealerships = []Dealership{{Slug: "d", Name: "D"}}
	s.Features.CertifiedProgramme = "Toyota"
	s.Features.Autograb = true
	base := Car{ID: "c1", Slug: "s", Make: "Toyota", Model: "RAV4", CarType: CarTypeUsed, Status: StatusInStock,
		Price: 30000, Certified: true, DealershipSlug: "d",
		AutograbData: &AutograbData{StateAverageMarketPrice: 32000, AverageMarketPrice: 31000}}
	mut := func(f func(*Car, *Site)) (Car, Site) {
		c, ss := base, s
		if f != nil {
			f(&c, &ss)
		}
		return c, ss
	}
	tests := []struct {
		name  string
		f     func(*Car, *Site)
		check func(t *testing.T, v CarView)
	}{
		{"certified Toyota on a site with the feature: badge and dialog title", nil, func(t *testing.T, v CarView) {
			if v.Certified == nil || v.Certified.Title != "Toyota Certified Pre-Owned" || !strings.HasPrefix(v.Certified.Text, "This vehicle is Toyota Certified Pre-Owned") {
				t.Errorf("certified %+v", v.Certified)
			}
		}},
		{"the badge does not depend on the tag banner (a reserved car keeps it)", func(c *Car, _ *Site) { c.Reserved = true }, func(t *testing.T, v CarView) {
			if v.Certified == nil || v.Tag.Kind != TagReserved {
				t.Errorf("certified %+v tag %+v, want both", v.Certified, v.Tag)
			}
		}},
		{"no badge when sold", func(c *Car, _ *Site) { c.Sold = true }, func(t *testing.T, v CarView) {
			if v.Certified != nil {
				t.Errorf("certified %+v, want none", v.Certified)
			}
		}},
		{"no badge with the feature off", func(_ *Car, s *Site) { s.Features.CertifiedBadge = false }, func(t *testing.T, v CarView) {
			if v.Certified != nil {
				t.Errorf("certified %+v, want none", v.Certified)
			}
		}},
		{"no badge on another make", func(c *Car, _ *Site) { c.Make = "Mazda" }, func(t *testing.T, v CarView) {
			if v.Certified != nil {
				t.Errorf("certified %+v, want none", v.Certified)
			}
		}},
		{"below market with the figures", nil, func(t *testing.T, v CarView) {
			if v.Market == nil || !v.Price.BelowMarket || v.Market.BelowBy != 2000 || v.Market.StateAverage != 32000 {
				t.Errorf("market %+v below %v", v.Market, v.Price.BelowMarket)
			}
		}},
		{"no below-market badge without the feature", func(_ *Car, s *Site) { s.Features.Autograb = false }, func(t *testing.T, v CarView) {
			if v.Market != nil || v.Price.BelowMarket {
				t.Errorf("market %+v below %v, want none", v.Market, v.Price.BelowMarket)
			}
		}},
		{"no below-market badge on a reserved car", func(c *Car, _ *Site) { c.Reserved = true }, func(t *testing.T, v CarView) {
			if v.Market != nil || v.Price.BelowMarket {
				t.Errorf("market %+v, want none", v.Market)
			}
		}},
		{"499 under is not enough", func(c *Car, _ *Site) { c.AutograbData = &AutograbData{StateAverageMarketPrice: 30499} }, func(t *testing.T, v CarView) {
			if v.Market != nil {
				t.Errorf("market %+v, want none", v.Market)
			}
		}},
		{"reservable: in stock, priced, not reserved", nil, func(t *testing.T, v CarView) {
			if !v.Reservable || v.Reserve == nil || v.Reserve.Deposit != 200 || v.Reserve.HoldHours != 48 {
				t.Errorf("reservable %v reserve %+v", v.Reservable, v.Reserve)
			}
		}},
		{"coming soon is not reservable", func(c *Car, _ *Site) { c.Status = StatusComingSoon }, func(t *testing.T, v CarView) {
			if v.Reservable || v.Reserve != nil {
				t.Errorf("reservable %v", v.Reservable)
			}
		}},
		{"no price is not reservable", func(c *Car, _ *Site) { c.Price = 0 }, func(t *testing.T, v CarView) {
			if v.Reservable {
				t.Errorf("reservable %v", v.Reservable)
			}
		}},
		{"tabs in spec order; no Features without standardEquipment", nil, func(t *testing.T, v CarView) {
			var titles []string
			for _, tb := range v.Tabs {
				titles = append(titles, tb.Title)
			}
			if got := strings.Join(titles, "|"); got != "Dealer Comments|What's Included|Why Buy From Us?|Reserve Online|Protect Your Car" {
				t.Errorf("tabs %s", got)
			}
			if !strings.Contains(v.Tabs[3].Body, "$200") || !strings.Contains(v.Tabs[3].Body, "48 hours") {
				t.Errorf("reserve online text %q, want the deposit and hold", v.Tabs[3].Body)
			}
		}},
		{"Features tab with standardEquipment; titles per site", func(c *Car, s *Site) {
			c.StandardEquipment = []string{"Cruise control", "Reversing camera"}
			s.Texts.DealerCommentsTitle = "From the dealer"
			s.CarPage.Tabs.Protect.Hidden = true
		}, func(t *testing.T, v CarView) {
			last := v.Tabs[len(v.Tabs)-1]
			if last.ID != TabFeatures || len(last.Items) != 2 || v.Tabs[0].Title != "From the dealer" {
				t.Errorf("tabs %+v", v.Tabs)
			}
			for _, tb := range v.Tabs {
				if tb.ID == TabProtect {
					t.Errorf("protect tab shown though hidden")
				}
			}
		}},
		{"used-car terms and the guarantee where enabled", func(_ *Car, s *Site) {
			s.CarPage.UsedCarTerms.Show = true
			s.Features.UsedGuarantee = true
		}, func(t *testing.T, v CarView) {
			if !strings.Contains(v.UsedCarTerms, "14 days") || !strings.Contains(v.UsedCarTerms, "500 km") || !strings.Contains(v.UsedGuarantee, "48-hour") {
				t.Errorf("terms %q guarantee %q", v.UsedCarTerms, v.UsedGuarantee)
			}
		}},
		{"no used-car texts on a new car", func(c *Car, s *Site) {
			c.CarType = CarTypeNew
			s.CarPage.UsedCarTerms.Show = true
			s.Features.UsedGuarantee = true
		}, func(t *testing.T, v CarView) {
			if v.UsedCarTerms != "" || v.UsedGuarantee != "" {
				t.Errorf("terms %q guarantee %q, want none", v.UsedCarTerms, v.UsedGuarantee)
			}
		}},
		{"brochure path", nil, func(t *testing.T, v CarView) {
			if v.PDFPath != "/api/cars/s/pdf" {
				t.Errorf("pdf path %q", v.PDFPath)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ss := mut(tt.f)
			tt.check(t, ViewCar(c, ss, now))
		})
	}
}

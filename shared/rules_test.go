package shared

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestCarPhone(t *testing.T) {
	loc := &CarLocation{Phone: "0491 570 999"}
	tests := []struct {
		name   string
		phones PhonesByCarType
		car    Car
		want   string
	}{
		{"override wins", PhonesByCarType{Override: "1", New: "2", Used: "3", Demo: "4"}, Car{CarType: CarTypeUsed, Location: loc}, "1"},
		{"per car type: used", PhonesByCarType{New: "2", Used: "3", Demo: "4"}, Car{CarType: CarTypeUsed}, "3"},
		{"per car type: demo", PhonesByCarType{New: "2", Used: "3", Demo: "4"}, Car{CarType: CarTypeDemo}, "4"},
		{"demo falls back to new", PhonesByCarType{New: "2", Used: "3"}, Car{CarType: CarTypeDemo}, "2"},
		{"used without a used number takes new", PhonesByCarType{New: "2"}, Car{CarType: CarTypeUsed}, "2"},
		{"new without a new number takes used", PhonesByCarType{Used: "3"}, Car{CarType: CarTypeNew}, "3"},
		{"blank numbers are skipped", PhonesByCarType{Override: "  ", Used: "3"}, Car{CarType: CarTypeUsed}, "3"},
		{"then the car's location", PhonesByCarType{}, Car{CarType: CarTypeNew, Location: loc}, "0491 570 999"},
		{"nothing at all", PhonesByCarType{}, Car{CarType: CarTypeNew}, ""},
	}
	for _, tt := range tests {
		t.Run("spec 001 §8: "+tt.name, func(t *testing.T) {
			if got := CarPhone(tt.car, Site{Phones: tt.phones}); got != tt.want {
				t.Errorf("CarPhone = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestOpeningHoursLines(t *testing.T) {
	open := func(d int, o, c string) OpeningHours {
		return OpeningHours{Weekday: d, Status: "Open", Open: o, Close: c}
	}
	closed := func(d int) OpeningHours { return OpeningHours{Weekday: d, Status: "Closed"} }
	week := []OpeningHours{closed(0), open(1, "08:30", "17:30"), open(2, "08:30", "17:30"), open(3, "08:30", "17:30"),
		open(4, "08:30", "17:30"), open(5, "08:30", "17:30"), open(6, "09:00", "12:00")}
	tests := []struct {
		name   string
		hours  []OpeningHours
		closed string
		want   []HoursLine
	}{
		{"identical weekdays collapse to Mon-Fri; Monday first, Sunday last; 12-hour times", week, "", []HoursLine{
			{Days: "Mon-Fri", Text: "8:30am - 5:30pm"}, {Days: "Saturday", Text: "9:00am - 12:00pm"}, {Days: "Sunday", Text: "Closed", Closed: true}}},
		{"the site's closed text", week, "By appointment only", []HoursLine{
			{Days: "Mon-Fri", Text: "8:30am - 5:30pm"}, {Days: "Saturday", Text: "9:00am - 12:00pm"}, {Days: "Sunday", Text: "By appointment only", Closed: true}}},
		{"a different Thursday keeps every day", []OpeningHours{open(5, "08:30", "17:30"), open(4, "08:30", "21:00"), open(3, "08:30", "17:30"),
			open(2, "08:30", "17:30"), open(1, "08:30", "17:30")}, "", []HoursLine{
			{Days: "Monday", Text: "8:30am - 5:30pm"}, {Days: "Tuesday", Text: "8:30am - 5:30pm"}, {Days: "Wednesday", Text: "8:30am - 5:30pm"},
			{Days: "Thursday", Text: "8:30am - 9:00pm"}, {Days: "Friday", Text: "8:30am - 5:30pm"}}},
		{"a missing weekday keeps the others apart", []OpeningHours{open(1, "09:00", "17:00"), open(2, "09:00", "17:00")}, "", []HoursLine{
			{Days: "Monday", Text: "9:00am - 5:00pm"}, {Days: "Tuesday", Text: "9:00am - 5:00pm"}}},
		{"formatted hours when times are missing", []OpeningHours{{Weekday: 6, Status: "Open", FormatedHours: "9 - 1"}}, "", []HoursLine{{Days: "Saturday", Text: "9 - 1"}}},
		{"missing hours show nothing", nil, "", nil},
	}
	for _, tt := range tests {
		t.Run("spec 001 §2: "+tt.name, func(t *testing.T) {
			if got := OpeningHoursLines(tt.hours, tt.closed); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestClock12(t *testing.T) {
	tests := map[string]string{"00:00": "12:00am", "00:30": "12:30am", "08:05": "8:05am", "11:59": "11:59am", "12:00": "12:00pm",
		"13:15": "1:15pm", "17:30:00": "5:30pm", "23:59": "11:59pm", "9:00": "9:00am"}
	for in, want := range tests {
		if got, err := Clock12(in); err != nil || got != want {
			t.Errorf("Clock12(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "24:00", "8am", "12:60"} {
		if _, err := Clock12(in); err == nil {
			t.Errorf("Clock12(%q): want an error", in)
		}
	}
}

func TestSortedLocations(t *testing.T) {
	hidden := false
	locs := []Location{
		{ID: "parts", LocationType: LocationParts},
		{ID: "service", LocationType: LocationService},
		{ID: "hidden", LocationType: LocationSales, Visible: &hidden},
		{ID: "blank"},
		{ID: "sales", LocationType: LocationSales},
	}
	var ids []string
	for _, l := range SortedLocations(locs) {
		ids = append(ids, l.ID)
	}
	if want := "blank,sales,service,parts"; strings.Join(ids, ",") != want {
		t.Errorf("spec 001 §2, §9: order = %v, want %s (blank counts as sales; hidden dropped)", ids, want)
	}
}

func TestContactSlug(t *testing.T) {
	tests := map[string]string{
		"Riverside Toyota - Sales":        "riverside-toyota",
		"Riverside Toyota - Service":      "riverside-toyota",
		"Coastal Motor Group - Parts":     "coastal-motor-group",
		"Coastal Used Car Centre":         "coastal-used-car-centre",
		"Sales & Service - North - SALES": "sales-service-north",
		"Parts-R-Us":                      "parts-r-us",
	}
	for in, want := range tests {
		if got := ContactSlug(in); got != want {
			t.Errorf("spec 001 §2: ContactSlug(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLeadEventID(t *testing.T) {
	used := &Car{CarType: CarTypeUsed}
	newCar := &Car{CarType: CarTypeNew}
	tdOnly := &Car{CarType: CarTypeUsed, Tag: "Test Drive Only"}
	tests := []struct {
		name string
		t    LeadType
		car  *Car
		want int
	}{
		{"general enquiry", LeadEnquiry, nil, 22},
		{"careers", LeadCareers, used, 51},
		{"test drive only tag", LeadEnquiry, tdOnly, 17},
		{"used enquiry", LeadEnquiry, used, 15},
		{"used test drive", LeadTestDrive, used, 48},
		{"other enquiry", LeadEnquiry, newCar, 14},
		{"other test drive", LeadTestDrive, newCar, 17},
	}
	for _, tt := range tests {
		if got := LeadEventID(tt.t, tt.car); got != tt.want {
			t.Errorf("spec 001 §9: %s: event = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestNormalizeLead(t *testing.T) {
	s := DefaultSite()
	careers := NormalizeLead(Lead{Category: "Careers Enquiry"}, s, nil)
	if careers.Category != "General Enquiry" || careers.Subcategory != "Career Enquiry" || careers.EventID != 51 {
		t.Errorf("spec 001 §4: careers lead = %+v", careers)
	}
	car := &Car{ID: "c1", Make: "Mazda", Model: "CX-5", StockNum: "S1", DealershipSlug: "d", CarType: CarTypeUsed, Status: StatusInStock}
	l := NormalizeLead(Lead{Type: LeadEnquiry}, s, car)
	if l.Category != "General Enquiry" || l.EventID != 15 || l.VehicleMake != "Mazda" || l.StockNumber != "S1" ||
		l.DealershipSlug != "d" || l.PreferredContactMethod != "Phone" || l.VehicleStatus != "in_stock" {
		t.Errorf("spec 001 §3 lead form defaults: %+v", l)
	}
}

func TestValidateLead(t *testing.T) {
	one := DefaultSite()
	one.Dealerships = []Dealership{{Slug: "a", Name: "A"}}
	group := DefaultSite()
	group.Dealerships = []Dealership{{Slug: "a", Name: "A"}, {Slug: "b", Name: "B"}}
	optional := one
	optional.Leads.MessageOptional = true
	ok := Lead{Type: LeadEnquiry, FirstName: "Sam", Phone: "0491 570 110", Postcode: "4032", Message: "Is it available?"}
	with := func(mut func(*Lead)) Lead { l := ok; mut(&l); return l }
	tests := []struct {
		name      string
		site      Site
		lead      Lead
		wantField string
	}{
		{"valid enquiry", one, ok, ""},
		{"message required by default", one, with(func(l *Lead) { l.Message = " " }), "message"},
		{"message optional per dealer", optional, with(func(l *Lead) { l.Message = "" }), ""},
		{"test drive message optional", one, with(func(l *Lead) { l.Type = LeadTestDrive; l.Message = "" }), ""},
		{"postcode of 3 digits", one, with(func(l *Lead) { l.Postcode = "403" }), "postcode"},
		{"postcode with letters", one, with(func(l *Lead) { l.Postcode = "40a2" }), "postcode"},
		{"name required", one, with(func(l *Lead) { l.FirstName = "" }), "name"},
		{"phone or email", one, with(func(l *Lead) { l.Phone = "" }), "phone"},
		{"bad email", one, with(func(l *Lead) { l.Email = "sam@" }), "email"},
		{"group needs a dealership", group, ok, "dealership_slug"},
		{"group with a dealership", group, with(func(l *Lead) { l.DealershipSlug = "b" }), ""},
		{"unknown dealership", one, with(func(l *Lead) { l.DealershipSlug = "zzz" }), "dealership_slug"},
	}
	for _, tt := range tests {
		t.Run("spec 001 §5: "+tt.name, func(t *testing.T) {
			err := ValidateLead(tt.lead, tt.site)
			var e *Error
			switch {
			case tt.wantField == "" && err != nil:
				t.Errorf("unexpected error %v", err)
			case tt.wantField != "" && (!errors.As(err, &e) || e.Field != tt.wantField || e.Code != EINVALID):
				t.Errorf("error %v, want EINVALID on %s", err, tt.wantField)
			}
		})
	}
	if err := ValidateLead(with(func(l *Lead) { l.Postcode = "12" }), one); err == nil || !strings.Contains(err.Error(), PostcodeMessage) {
		t.Errorf("postcode message: %v", err)
	}
}

func TestAutograbEligible(t *testing.T) {
	on := Site{Features: Features{Autograb: true}}
	base := Car{Status: StatusInStock, Price: 201}
	tests := []struct {
		name string
		site Site
		car  Car
		want bool
	}{
		{"eligible", on, base, true},
		{"feature off", Site{}, base, false},
		{"coming soon", on, Car{Status: StatusComingSoon, Price: 20000}, false},
		{"sold", on, Car{Status: StatusInStock, Sold: true, Price: 20000}, false},
		{"reserved", on, Car{Status: StatusInStock, Reserved: true, Price: 20000}, false},
		{"price 200", on, Car{Status: StatusInStock, Price: 200}, false},
	}
	for _, tt := range tests {
		if got := AutograbEligible(tt.car, tt.site); got != tt.want {
			t.Errorf("spec 001 §4: %s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestFilterReviews(t *testing.T) {
	reviews := []Review{
		{ID: "1", Text: "Great service", CustomerName: "Jo", Rating: 5},
		{ID: "2", Text: "(Translated by Google) Very good", CustomerName: "Ana", Rating: 5},
		{ID: "3", Text: "Fine", CustomerName: "Lee", Rating: 3},
		{ID: "4", Text: "Helpful staff", CustomerName: " a google user ", Rating: 5},
		{ID: "5", Text: "Good", CustomerName: "Max", Rating: 4},
	}
	got := FilterReviews(reviews, ReviewsConfig{MinRating: 4, HiddenNames: []string{"A Google User"}})
	var ids []string
	for _, r := range got {
		ids = append(ids, r.ID)
	}
	if strings.Join(ids, ",") != "1,5" {
		t.Errorf("spec 001 §3, §9: kept %v, want 1,5", ids)
	}
}

func TestRouteGated(t *testing.T) {
	gated := Site{Features: Features{SpinToWinGated: true}}
	open := Site{}
	tests := []struct {
		path string
		site Site
		want bool
	}{
		{"/cars/2020-toyota-corolla-abc/checkout", open, true},
		{"/cars/2020-toyota-corolla-abc/buy-online/", open, true},
		{"/personalised/finance?car_id=1", open, true},
		{"/online-payment", open, true},
		{"/spin-to-win", gated, true},
		{"/spin-to-win", open, false},
		{"/trade-in", gated, false},
		{"/sell-my-car", gated, false},
		{"/cars/trade-in?car_id=1", gated, false},
		{"/cars/2020-toyota-corolla-abc", gated, false},
	}
	for _, tt := range tests {
		if got := RouteGated(tt.path, tt.site); got != tt.want {
			t.Errorf("spec 001 §5: RouteGated(%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
	if got, want := SignInPath("watchlist", "/cars/x", "/search"), "/sign-in?back=%2Fsearch&redirect=%2Fcars%2Fx&type=watchlist"; got != want {
		t.Errorf("SignInPath = %q, want %q", got, want)
	}
}

func TestSplitDealerComments(t *testing.T) {
	long := strings.Repeat("a", 300)
	tests := []struct {
		name      string
		text      string
		segments  int
		short     []string
		truncated bool
	}{
		{"segments split on the bar", "One owner | Full service history||Logbooks ", 3, []string{"One owner", "Full service history", "Logbooks"}, false},
		{"empty", "", 0, nil, false},
		{"cut at 400 characters across segments", long + "|" + long, 2, []string{long, strings.Repeat("a", 100)}, true},
		{"exactly 400 is not truncated", strings.Repeat("é", 400), 1, []string{strings.Repeat("é", 400)}, false},
		{"401 is", strings.Repeat("é", 401), 1, []string{strings.Repeat("é", 400)}, true},
		{"a segment after the limit is dropped", strings.Repeat("b", 400) + "|more", 2, []string{strings.Repeat("b", 400)}, true},
	}
	for _, tt := range tests {
		t.Run("spec 000 §2: "+tt.name, func(t *testing.T) {
			d := SplitDealerComments(tt.text)
			if len(d.Segments) != tt.segments || !reflect.DeepEqual(d.Short, tt.short) || d.Truncated != tt.truncated {
				t.Errorf("got %d segments, short %q, truncated %v", len(d.Segments), d.Short, d.Truncated)
			}
		})
	}
}

func TestPromoRules(t *testing.T) {
	now := time.Date(2025, 7, 15, 10, 0, 0, 0, time.UTC)
	july := PromoTile{Start: "2025-07-01", Expiry: "2025-08-01"}
	if !PromoActive(july, now) || PromoActive(july, now.AddDate(0, 1, 0)) || PromoActive(july, now.AddDate(0, -1, 0)) || !PromoActive(PromoTile{}, now) {
		t.Error("spec 001 §9: a promo runs from its start to its expiry")
	}
	used := PromoTile{Display: []CarType{CarTypeUsed}}
	strict := PromoTile{Display: []CarType{CarTypeUsed}, StrictDisplay: true}
	tests := []struct {
		name    string
		p       PromoTile
		refined []CarType
		want    bool
	}{
		{"no display shows everywhere", PromoTile{}, []CarType{CarTypeNew}, true},
		{"display without refinement", used, nil, true},
		{"strict display without refinement", strict, nil, false},
		{"display matching", used, []CarType{CarTypeUsed, CarTypeNew}, true},
		{"display not matching", used, []CarType{CarTypeNew}, false},
		{"strict needs every refined type", strict, []CarType{CarTypeUsed, CarTypeNew}, false},
		{"strict matching", strict, []CarType{CarTypeUsed}, true},
	}
	for _, tt := range tests {
		if got := PromoShows(tt.p, tt.refined); got != tt.want {
			t.Errorf("spec 001 §3: %s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

// spec 001 §9 "Sold cars in search": a sold car stays searchable for the
// site's retention days after its sold date; other cars have no limit.
func TestSearchableUntil(t *testing.T) {
	const soldAt = 1_600_000_000
	for _, tt := range []struct {
		name string
		car  Car
		days int
		want int64
	}{
		{"in stock", Car{Status: StatusInStock}, 14, 0},
		{"coming soon", Car{Status: StatusComingSoon}, 14, 0},
		{"reserved", Car{Status: StatusInStock, Reserved: true}, 14, 0},
		{"sold by flag", Car{Sold: true, SoldDateTimestamp: soldAt}, 14, soldAt + 14*86400},
		{"sold by status", Car{Status: StatusSold, SoldDateTimestamp: soldAt}, 3, soldAt + 3*86400},
		{"sold without a date has no retention left", Car{Sold: true}, 3, 3 * 86400},
	} {
		if got := SearchableUntil(tt.car, tt.days); got != tt.want {
			t.Errorf("spec 001 §9: %s: got %d, want %d", tt.name, got, tt.want)
		}
	}
}

// spec 001 §9: sold_retention_days defaults to 3.
func TestSiteSoldRetentionDays(t *testing.T) {
	for _, tt := range []struct {
		set, want int
	}{{0, DefaultSoldRetentionDays}, {14, 14}} {
		s := Site{Stock: StockConfig{SoldRetentionDays: tt.set}}
		if got := s.SoldRetentionDays(); got != tt.want {
			t.Errorf("spec 001 §9: sold_retention_days %d: got %d, want %d", tt.set, got, tt.want)
		}
	}
}

func TestConfiguredStockCount(t *testing.T) {
	s := Site{Dealerships: []Dealership{{Slug: "a", StockCount: 250}, {Slug: "b", StockCount: 300}, {Slug: "c"}}}
	if got := ConfiguredStockCount(s, ""); got != 550 {
		t.Errorf("site total = %d, want 550", got)
	}
	if got := ConfiguredStockCount(s, "b"); got != 300 {
		t.Errorf("dealership b = %d, want 300", got)
	}
}

func TestImageSrc(t *testing.T) {
	if got := (Image{URL: "a.jpg"}).Src(); got != "a.jpg" {
		t.Errorf("flat form: %q", got)
	}
	if got := (Image{Image: &ImageRef{URL: "b.jpg"}}).Src(); got != "b.jpg" {
		t.Errorf("spec 000 §3 nested image.url form: %q", got)
	}
}

func TestOfferManufacturerForms(t *testing.T) {
	for _, in := range []string{`{"id":"o1","name":"Drive away","manufacturer":"Toyota"}`, `{"id":"o1","name":"Drive away","manufacturer":{"name":"Toyota"}}`} {
		var o Offer
		if err := decodeStrict([]byte(in), &o); err != nil || o.Manufacturer.Name != "Toyota" {
			t.Errorf("spec 001 §3 offer manufacturer (name or string) %s: %+v, %v", in, o.Manufacturer, err)
		}
	}
	var o Offer
	if err := decodeStrict([]byte(`{"manufacturer": 7}`), &o); err == nil {
		t.Error("a number is neither a name nor an object")
	}
	if got := (OfferModel{Slug: "rav4"}).Link(); got != "/rav4" {
		t.Errorf("model link = %q", got)
	}
	if got := (OfferModel{Slug: "rav4", OverrideURL: "/models/rav4-hybrid"}).Link(); got != "/models/rav4-hybrid" {
		t.Errorf("override link = %q", got)
	}
}

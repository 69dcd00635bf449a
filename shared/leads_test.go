package shared

import (
	"errors"
	"fmt"
	"maps"
	"strings"
	"testing"
)

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
	car := &Car{ID: "c1", Make: "Mazda", Model: "CX-5", StockNum: "S1", DealershipSlug: "d", CarType: CarTypeUsed, Status: StatusInStock}
	tests := []struct {
		rule string
		in   Lead
		car  *Car
		want func(Lead) bool
	}{
		{"spec 001 §4 careers category rewritten", Lead{Category: "Careers Enquiry"}, nil, func(l Lead) bool {
			return l.Type == LeadCareers && l.Category == CategoryGeneralEnquiry && l.Subcategory == SubcategoryCareers && l.EventID == EventCareers
		}},
		{"spec 001 §4 Career Enquiry category rewritten", Lead{Category: "career enquiry"}, nil, func(l Lead) bool {
			return l.Category == CategoryGeneralEnquiry && l.Subcategory == SubcategoryCareers && l.EventID == 51
		}},
		{"spec 001 §4 careers type", Lead{Type: LeadCareers, Category: "Sales"}, car, func(l Lead) bool {
			return l.Category == CategoryGeneralEnquiry && l.EventID == 51
		}},
		{"spec 001 §5 default category", Lead{Type: LeadEnquiry}, nil, func(l Lead) bool {
			return l.Category == CategoryGeneralEnquiry && l.EventID == EventEnquiry
		}},
		{"spec 001 §5 a chosen category kept", Lead{Type: LeadEnquiry, Category: "Service"}, nil, func(l Lead) bool { return l.Category == "Service" }},
		{"spec 001 §9 event id from the car", Lead{Type: LeadTestDrive}, car, func(l Lead) bool { return l.EventID == EventUsedTestDrive }},
		{"spec 001 §9 a sent event id kept", Lead{Type: LeadEnquiry, EventID: 22}, car, func(l Lead) bool { return l.EventID == 22 }},
		{"spec 001 §3 preferred contact defaults to Phone", Lead{}, nil, func(l Lead) bool { return l.PreferredContactMethod == "Phone" }},
		{"spec 001 §3 preferred contact kept", Lead{PreferredContactMethod: "SMS"}, nil, func(l Lead) bool { return l.PreferredContactMethod == "SMS" }},
		{"spec 001 §3 lead form defaults from the car", Lead{Type: LeadEnquiry}, car, func(l Lead) bool {
			return l.CarID == "c1" && l.VehicleMake == "Mazda" && l.VehicleModel == "CX-5" && l.StockNumber == "S1" &&
				l.DealershipSlug == "d" && l.CarType == CarTypeUsed && l.VehicleStatus == "in_stock" && l.EventID == EventUsedCar
		}},
		{"spec 001 §3 sent values win over the car's", Lead{DealershipSlug: "x", StockNumber: "Z"}, car, func(l Lead) bool {
			return l.DealershipSlug == "x" && l.StockNumber == "Z"
		}},
		{"spec 001 §9 finance enquiry defaults: vehicle type Car, state qld", Lead{Type: LeadFinance}, nil, func(l Lead) bool {
			return l.VehicleType == "Car" && l.State == "qld"
		}},
		{"spec 001 §9 a chosen vehicle type and state kept (state lower case)", Lead{Type: LeadFinance, VehicleType: "Motorcycle", State: "NSW"}, nil, func(l Lead) bool {
			return l.VehicleType == "Motorcycle" && l.State == "nsw"
		}},
		{"spec 001 §9 other leads get no finance defaults", Lead{Type: LeadEnquiry}, nil, func(l Lead) bool {
			return l.VehicleType == "" && l.State == ""
		}},
		{"issue 17 calculator repayments recomputed from the inputs", Lead{Type: LeadFinance, Calculator: &CalculatorFigures{
			CalculatorInput: CalculatorInput{Price: 30000, Deposit: 5000, TermYears: 5, InterestRate: 10}, Weekly: 1}}, nil, func(l Lead) bool {
			want := CalculateFinance(CalculatorInput{Price: 30000, Deposit: 5000, TermYears: 5, InterestRate: 10})
			return l.Calculator.Weekly == want.Weekly && l.Calculator.Fortnightly == want.Fortnightly && l.Calculator.Monthly == want.Monthly && want.Weekly > 1
		}},
	}
	for _, tt := range tests {
		if got := NormalizeLead(tt.in, s, tt.car); !tt.want(got) {
			t.Errorf("%s: got %+v", tt.rule, got)
		}
	}
	// A lead without a dealership goes to a one-dealership site's; a group
	// site's stays without one (ValidateLead then asks for it).
	one, group := DefaultSite(), DefaultSite()
	one.Dealerships = []Dealership{{Slug: "a"}}
	group.Dealerships = []Dealership{{Slug: "a"}, {Slug: "b"}}
	if got := NormalizeLead(Lead{Type: LeadEnquiry}, one, nil).DealershipSlug; got != "a" {
		t.Errorf("one dealership: dealership %q, want a", got)
	}
	if got := NormalizeLead(Lead{Type: LeadEnquiry}, group, nil).DealershipSlug; got != "" {
		t.Errorf("a group site: dealership %q, want none chosen for the shopper", got)
	}
}

func TestValidateLead(t *testing.T) {
	one := DefaultSite()
	one.Dealerships = []Dealership{{Slug: "a", Name: "A"}}
	group := DefaultSite()
	group.Dealerships = []Dealership{{Slug: "a", Name: "A"}, {Slug: "b", Name: "B"}}
	optional := one
	optional.Leads.MessageOptional = true
	located := one
	located.Locations = []Location{{ID: "loc-a", DealershipSlug: "a"}, {ID: "loc-b", DealershipSlug: "b"}}
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
		{"car enquiry message optional (issue 32 item 14)", one, with(func(l *Lead) { l.CarID = "c1"; l.Message = "" }), ""},
		{"test drive message optional", one, with(func(l *Lead) { l.Type = LeadTestDrive; l.Message = "" }), ""},
		{"postcode of 3 digits", one, with(func(l *Lead) { l.Postcode = "403" }), "postcode"},
		{"postcode with letters", one, with(func(l *Lead) { l.Postcode = "40a2" }), "postcode"},
		{"name required", one, with(func(l *Lead) { l.FirstName = "" }), "name"},
		{"phone or email", one, with(func(l *Lead) { l.Phone = "" }), "phone"},
		{"bad email", one, with(func(l *Lead) { l.Email = "sam@" }), "email"},
		{"group needs a dealership", group, ok, "dealership_slug"},
		{"group with a dealership", group, with(func(l *Lead) { l.DealershipSlug = "b" }), ""},
		{"unknown dealership", one, with(func(l *Lead) { l.DealershipSlug = "zzz" }), "dealership_slug"},
		{"another site's location", located, with(func(l *Lead) { l.LocationID = "elsewhere" }), "location_id"},
		{"location of another dealership", located, with(func(l *Lead) { l.DealershipSlug = "a"; l.LocationID = "loc-b" }), "location_id"},
		{"location of the site", located, with(func(l *Lead) { l.DealershipSlug = "a"; l.LocationID = "loc-a" }), ""},
		{"trade-in step without contact", one, Lead{Type: LeadTradeIn, Rego: "ABC123"}, ""},
		{"completed trade-in needs a name", one, Lead{Type: LeadTradeIn, FormCompleted: true, Phone: "0491570110"}, "name"},
		{"trade-in postcode checked on every step", one, Lead{Type: LeadTradeIn, Postcode: "40"}, "postcode"},
		{"trade-in vehicle from a rego lookup", one, Lead{Type: LeadTradeIn, TradeInVehicle: &TradeInVehicle{Year: 2018, Make: "Mazda", Model: "CX-5", KM: 85000}}, ""},
		{"trade-in vehicle year implausible", one, Lead{Type: LeadTradeIn, TradeInVehicle: &TradeInVehicle{Year: 18, Make: "Mazda"}}, "trade_in_vehicle.year"},
		{"trade-in vehicle negative km", one, Lead{Type: LeadTradeIn, TradeInVehicle: &TradeInVehicle{Make: "Mazda", KM: -1}}, "trade_in_vehicle.km"},
		{"trade-in condition answer of the site's options", one, Lead{Type: LeadTradeIn, AdjustmentAnswers: map[string]string{"condition": "Good", "service_history": "Full"}}, ""},
		{"trade-in condition answer not an option", one, Lead{Type: LeadTradeIn, AdjustmentAnswers: map[string]string{"condition": "Shiny"}}, "adjustmentAnswers.condition"},
		{"trade-in condition question the site does not ask", one, Lead{Type: LeadTradeIn, AdjustmentAnswers: map[string]string{"paint": "Red"}}, "adjustmentAnswers.paint"},
		{"photo request message optional", one, with(func(l *Lead) { l.Type = LeadPhotos; l.Message = "" }), ""},
		{"email alone suffices", one, with(func(l *Lead) { l.Phone = ""; l.Email = "sam@example.com" }), ""},
		{"unknown form type", one, with(func(l *Lead) { l.Type = "quote" }), "type"},
		{"no type is an enquiry", one, with(func(l *Lead) { l.Type = ""; l.Message = "" }), "message"},
		{"contact method SMS", one, with(func(l *Lead) { l.PreferredContactMethod = "SMS" }), ""},
		{"contact method unknown", one, with(func(l *Lead) { l.PreferredContactMethod = "Fax" }), "preferred_contact_method"},
		{"under finance Yes", one, with(func(l *Lead) { l.UnderFinance = "Yes" }), ""},
		{"under finance other", one, with(func(l *Lead) { l.UnderFinance = "maybe" }), "under_finance"},
		{"has trade-in other", one, with(func(l *Lead) { l.HasTradeIn = "true" }), "has_trade_in"},
		{"test drive appointment", one, with(func(l *Lead) { l.Type = LeadTestDrive; l.Appointment = "2026-06-01T10:00:00+10:00" }), ""},
		{"test drive appointment not a time", one, with(func(l *Lead) { l.Type = LeadTestDrive; l.Appointment = "tomorrow" }), "appointment"},
		{"finance state of the list", one, with(func(l *Lead) { l.Type = LeadFinance; l.State = "QLD" }), ""},
		{"finance state unknown", one, with(func(l *Lead) { l.Type = LeadFinance; l.State = "queensland" }), "state"},
		{"finance vehicle type too long", one, with(func(l *Lead) { l.Type = LeadFinance; l.VehicleType = strings.Repeat("x", 41) }), "vehicle_type"},
		{"finance calculator figures in range", one, with(func(l *Lead) {
			l.Type = LeadFinance
			l.Calculator = &CalculatorFigures{CalculatorInput: CalculatorInput{Price: 30000, Deposit: 0, TermYears: 5, InterestRate: 10}}
		}), ""},
		{"finance calculator deposit over the price", one, with(func(l *Lead) {
			l.Type = LeadFinance
			l.Calculator = &CalculatorFigures{CalculatorInput: CalculatorInput{Price: 30000, Deposit: 40000, TermYears: 5, InterestRate: 10}}
		}), "calculator.deposit"},
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

// Spec 001 §3 "Lead form defaults": opt_in is checked unless the form says
// otherwise; a site with leads.opt_in_checked false (issue 32: express
// consent) reads an omitted opt_in as no.
func TestDecodeLeadOptInDefault(t *testing.T) {
	for _, tt := range []struct {
		body    string
		checked bool
		want    bool
	}{
		{`{"name":"Sam"}`, true, true},
		{`{"name":"Sam","opt_in":false}`, true, false},
		{`{"name":"Sam","opt_in":true}`, true, true},
		{`{"name":"Sam"}`, false, false},
		{`{"name":"Sam","opt_in":true}`, false, true},
	} {
		l, err := DecodeLead([]byte(tt.body), tt.checked)
		if err != nil || l.OptIn != tt.want {
			t.Errorf("spec 001 §3 opt_in default: %s (opt_in_checked %v): got %v, %v; want %v", tt.body, tt.checked, l.OptIn, err, tt.want)
		}
	}
	if _, err := DecodeLead([]byte(`{"name":`), true); err == nil {
		t.Error("malformed JSON decoded")
	}
}

// Spec 001 §7: a user-contact record only when name, email and phone are all present.
func TestWantsContactRecord(t *testing.T) {
	full := Lead{FirstName: "Sam", Email: "sam@example.com", Phone: "0491570110"}
	for _, tt := range []struct {
		name string
		l    Lead
		want bool
	}{
		{"all three", full, true},
		{"no name", Lead{Email: full.Email, Phone: full.Phone}, false},
		{"no email", Lead{FirstName: "Sam", Phone: full.Phone}, false},
		{"no phone", Lead{FirstName: "Sam", Email: full.Email}, false},
		{"blank phone", Lead{FirstName: "Sam", Email: full.Email, Phone: " "}, false},
	} {
		if got := tt.l.WantsContactRecord(); got != tt.want {
			t.Errorf("spec 001 §7 user contact: %s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

// docs/contracts.md "Leads": every lead but an unfinished trade-in is ready for the dealer at once.
func TestReadyForDealer(t *testing.T) {
	for _, tt := range []struct {
		l    Lead
		want bool
	}{
		{Lead{Type: LeadEnquiry}, true},
		{Lead{Type: LeadTestDrive}, true},
		{Lead{Type: LeadFinance}, true},
		{Lead{Type: LeadPhotos}, true},
		{Lead{Type: LeadCareers}, true},
		{Lead{Type: LeadTradeIn}, false},
		{Lead{Type: LeadTradeIn, FormCompleted: true}, true},
	} {
		if got := tt.l.ReadyForDealer(); got != tt.want {
			t.Errorf("ready of %+v: got %v, want %v", tt.l, got, tt.want)
		}
	}
}

// Several field errors come back together (docs/contracts.md "HTTP API").
func TestFieldMessages(t *testing.T) {
	err := ValidateLead(Lead{Type: LeadEnquiry, Postcode: "12"}, DefaultSite())
	got := FieldMessages(fmt.Errorf("submit: %w", err))
	want := map[string]string{"name": "First Name is required", "phone": ContactMessage,
		"postcode": PostcodeMessage, "message": "Message is required"}
	if !maps.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if FieldMessages(errors.New("plain")) != nil || FieldMessages(nil) != nil {
		t.Error("an error without fields has field messages")
	}
}

// Issue 32 item 14: the reference a shopper reads on the success page and
// the dealer's e-mail names: the id's first eight letters or digits, upper
// case, in two groups of four.
func TestLeadReference(t *testing.T) {
	for _, tt := range []struct{ id, want string }{
		{"3f9a0c12d4e5b6a7c8d9e0f1a2b3c4d5", "3F9A-0C12"},
		{"lead-ref-1", "LEAD-REF1"},
		{"ab12", "AB12"},
		{"", ""},
	} {
		if got := LeadReference(tt.id); got != tt.want {
			t.Errorf("LeadReference(%q) = %q, want %q", tt.id, got, tt.want)
		}
	}
}

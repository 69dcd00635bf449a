package shared

import (
	"errors"
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

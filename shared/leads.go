package shared

import (
	"errors"
	"regexp"
	"strings"
)

// Lead event ids (spec 001 §9 "Lead events", spec 000 §7).
const (
	EventEnquiry        = 22 // default enquiry, general enquiry
	EventCareers        = 51
	EventTestDriveOnly  = 17 // a car tagged Test Drive Only
	EventUsedCar        = 15
	EventUsedTestDrive  = 48
	EventOtherCar       = 14
	EventOtherTestDrive = 17
	EventCall           = 25 // phone reveal
	EventSave           = 39 // favourite or watchlist save
)

// TestDriveOnlyTag is the tag of cars that can only be test driven (spec 001 §2).
const TestDriveOnlyTag = "Test Drive Only"

// LeadEventID returns the tracking event id of a lead (spec 001 §9): careers
// 51; a lead about a car tagged Test Drive Only 17; a used car 15 (48 for a
// test drive); any other car 14 (17 for a test drive); no car 22.
func LeadEventID(t LeadType, car *Car) int {
	if t == LeadCareers {
		return EventCareers
	}
	if car == nil {
		return EventEnquiry
	}
	testDrive := t == LeadTestDrive
	switch {
	case strings.EqualFold(strings.TrimSpace(car.Tag), TestDriveOnlyTag):
		return EventTestDriveOnly
	case car.CarType == CarTypeUsed && testDrive:
		return EventUsedTestDrive
	case car.CarType == CarTypeUsed:
		return EventUsedCar
	case testDrive:
		return EventOtherTestDrive
	}
	return EventOtherCar
}

// NormalizeLead applies the lead category rules of spec 001 §4 and fills the
// event id: a careers enquiry becomes category General Enquiry with
// subcategory Career Enquiry and event 51; an empty category becomes the
// site's default (General Enquiry).
func NormalizeLead(l Lead, s Site, car *Car) Lead {
	if l.Type == LeadCareers || strings.EqualFold(l.Category, "Careers Enquiry") || strings.EqualFold(l.Category, "Career Enquiry") {
		l.Type = LeadCareers
		l.Category = CategoryGeneralEnquiry
		l.Subcategory = SubcategoryCareers
	}
	if l.Category == "" {
		l.Category = s.Leads.DefaultCategory
	}
	if l.EventID == 0 {
		l.EventID = LeadEventID(l.Type, car)
	}
	if l.PreferredContactMethod == "" {
		l.PreferredContactMethod = "Phone"
	}
	if car != nil {
		if l.CarID == "" {
			l.CarID = car.ID
		}
		if l.DealershipSlug == "" {
			l.DealershipSlug = car.DealershipSlug
		}
		if l.StockNumber == "" {
			l.StockNumber = car.StockNum
		}
		if l.VehicleMake == "" {
			l.VehicleMake = car.Make
		}
		if l.VehicleModel == "" {
			l.VehicleModel = car.Model
		}
		if l.CarType == "" {
			l.CarType = car.CarType
		}
		if l.VehicleStatus == "" {
			l.VehicleStatus = string(car.Status)
		}
	}
	return l
}

var (
	postcodeRE = regexp.MustCompile(`^\d{4}$`)
	emailRE    = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)
)

// PostcodeMessage is the postcode field's error (spec 001 §5).
const PostcodeMessage = "Invalid postcode. Please enter a 4-digit number."

// ValidateLead checks a lead form submission against spec 001 §5 "Enquiry
// form" and "Postcode": a first name and a phone or email; a 4-digit
// postcode when given; a message for enquiries unless the site's
// leads.message_optional lifts it (test drives, photo requests and trade-ins
// never need one); and a dealership when the site has several. Every
// violation is an EINVALID *Error naming the field (joined).
func ValidateLead(l Lead, s Site) error {
	var errs []error
	bad := func(field, msg string) { errs = append(errs, FieldError(field, "%s", msg)) }
	if strings.TrimSpace(l.FirstName) == "" {
		bad("name", "First Name is required")
	}
	if strings.TrimSpace(l.Phone) == "" && strings.TrimSpace(l.Email) == "" {
		bad("phone", "a Mobile Number or an email is required")
	}
	if l.Email != "" && !emailRE.MatchString(strings.TrimSpace(l.Email)) {
		bad("email", "Invalid email address.")
	}
	if l.Postcode != "" && !postcodeRE.MatchString(l.Postcode) {
		bad("postcode", PostcodeMessage)
	}
	if (l.Type == LeadEnquiry || l.Type == "") && !s.Leads.MessageOptional && strings.TrimSpace(l.Message) == "" {
		bad("message", "Message is required")
	}
	if len(s.Dealerships) > 1 && l.DealershipSlug == "" {
		bad("dealership_slug", "Select a Preferred Dealership")
	}
	if _, ok := s.Dealership(l.DealershipSlug); l.DealershipSlug != "" && !ok {
		bad("dealership_slug", "unknown dealership")
	}
	return errors.Join(errs...)
}

package shared

import (
	"encoding/json"
	"errors"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
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
	if l.Type == LeadFinance {
		if l.VehicleType == "" {
			l.VehicleType = s.Finance.VehicleType
		}
		if l.State == "" {
			l.State = s.Finance.State
		}
		l.State = strings.ToLower(l.State)
	}
	if c := l.Calculator; c != nil {
		// The dealer reads figures Go computed, never ones the browser sent.
		r := CalculateFinance(c.CalculatorInput)
		c2 := CalculatorFigures{CalculatorInput: c.CalculatorInput, Weekly: r.Weekly, Fortnightly: r.Fortnightly, Monthly: r.Monthly}
		l.Calculator = &c2
	}
	// The car's dealership id is what the CRM files a trade-in under
	// (spec 001 §3 "Trade-in lead"): Go's, never the browser's.
	l.CarDealershipID = ""
	if car != nil {
		l.CarDealershipID = car.DealershipID
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
	// A site with one dealership sends every lead there; a group site's lead
	// names its dealership (or its car does).
	if l.DealershipSlug == "" && len(s.Dealerships) == 1 {
		l.DealershipSlug = s.Dealerships[0].Slug
	}
	l.ManufacturerSlug = leadManufacturerSlug(l, s, car)
	if strings.TrimSpace(l.Message) == "" {
		l.Message = DefaultLeadMessage(l.Type, car)
	}
	l.AdditionalServices = foldCheckOptions(l.AdditionalServices, s.Leads.CheckOptions)
	return l
}

// PhotoRequestMessage is the Request Photos form's hidden default message
// (spec 000 §2 "Forms in this area").
const PhotoRequestMessage = "Please send photos for this car"

// DefaultLeadMessage is the message a lead gets when the shopper leaves it
// empty (spec 001 §3 "Lead form defaults": message): a car enquiry names
// the car, so the dealer knows what to answer; a photo request asks for
// photos. Other leads keep no message ("").
func DefaultLeadMessage(t LeadType, car *Car) string {
	switch {
	case car == nil:
		return ""
	case t == LeadPhotos:
		return PhotoRequestMessage
	case t == LeadEnquiry || t == "":
		title := CarTitle(*car, false)
		if title == "" {
			title = "this car"
		}
		if car.StockNum != "" {
			title += " (stock " + car.StockNum + ")"
		}
		return "I'm interested in the " + title + ". Is it still available?"
	}
	return ""
}

// leadManufacturerSlug is the lead's manufacturer_slug (spec 001 §3 "Lead
// form defaults"): the make of the car it is about, else of its Vehicle
// Make (an offer's), else the site's manufacturer on a franchised site;
// "" when none is a known manufacturer. The browser's value is not
// trusted: the CRM routes by it.
func leadManufacturerSlug(l Lead, s Site, car *Car) string {
	for _, name := range []string{carMake(car), l.VehicleMake} {
		if m, ok := ManufacturerNamed(name); ok && name != "" {
			return m.Slug
		}
	}
	if s.Manufacturer != nil {
		return s.Manufacturer.Slug
	}
	return ""
}

func carMake(car *Car) string {
	if car == nil {
		return ""
	}
	return car.Make
}

// foldCheckOptions is the lead's additional_services (spec 001 §3 "Form
// submission payload": check-option fields folded into one list): the
// ticked options in the site's order, each once. Unknown ones are kept for
// ValidateLead to name.
func foldCheckOptions(ticked, options []string) []string {
	if len(ticked) == 0 {
		return nil
	}
	var out []string
	for _, o := range options {
		if slices.Contains(ticked, o) {
			out = append(out, o)
		}
	}
	for _, t := range ticked {
		if !slices.Contains(options, t) && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

var (
	postcodeRE = regexp.MustCompile(`^\d{4}$`)
	emailRE    = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)
)

// ContactMessage is the error of a lead with neither a phone nor an email,
// worded as a person would ask (issue 32 item 14); the field is phone.
const ContactMessage = "Enter a mobile number or an email so we can reply"

// maxPageID bounds a lead's page_id, the path of the page its form was on.
const maxPageID = 300

// PostcodeMessage is the postcode field's error (spec 001 §5).
const PostcodeMessage = "Invalid postcode. Please enter a 4-digit number."

// ValidateLead checks a lead form submission against spec 001 §5 "Enquiry
// form" and "Postcode": a first name and a phone or email; a 4-digit
// postcode when given; a message for enquiries without a car unless the
// site's leads.message_optional lifts it (car enquiries, test drives, photo
// requests and trade-ins never need one); a dealership when the site has several; a dealership and
// a location of this site only; a known form type; a preferred contact
// method of Phone, Email or SMS; Yes or No for under_finance and
// has_trade_in; an RFC 3339 appointment when given; a trade-in vehicle's
// plausible year and km and condition answers from the site's questions. A trade-in is built over several steps
// (issue 9: vehicle first, contact last), so its contact fields are
// required only once form_completed is set. Every violation is an EINVALID
// *Error naming the field (joined).
func ValidateLead(l Lead, s Site) error {
	var errs []error
	bad := func(field, msg string) { errs = append(errs, FieldError(field, "%s", msg)) }
	needContact := l.Type != LeadTradeIn || l.FormCompleted
	if needContact && strings.TrimSpace(l.FirstName) == "" {
		bad("name", "First Name is required")
	}
	if needContact && strings.TrimSpace(l.Phone) == "" && strings.TrimSpace(l.Email) == "" {
		bad("phone", ContactMessage)
	}
	if l.Email != "" && !emailRE.MatchString(strings.TrimSpace(l.Email)) {
		bad("email", "Invalid email address.")
	}
	if l.Postcode != "" && !postcodeRE.MatchString(l.Postcode) {
		bad("postcode", PostcodeMessage)
	}
	// A car enquiry needs no message: the car is its subject (spec 001 §5
	// "the caller says it is optional"; issue 32 item 14).
	if (l.Type == LeadEnquiry || l.Type == "") && l.CarID == "" && !s.Leads.MessageOptional && strings.TrimSpace(l.Message) == "" {
		bad("message", "Message is required")
	}
	if len(s.Dealerships) > 1 && l.DealershipSlug == "" {
		bad("dealership_slug", "Select a Preferred Dealership")
	}
	if _, ok := s.Dealership(l.DealershipSlug); l.DealershipSlug != "" && !ok {
		bad("dealership_slug", "unknown dealership")
	}
	if l.LocationID != "" && !s.hasLocation(l.LocationID, l.DealershipSlug) {
		bad("location_id", "unknown location")
	}
	if !slices.Contains(leadTypes, l.Type) {
		bad("type", "unknown form type")
	}
	if l.PreferredContactMethod != "" && !slices.Contains(contactMethods, l.PreferredContactMethod) {
		bad("preferred_contact_method", "Choose Phone, Email or SMS")
	}
	for _, yn := range [][2]string{{"under_finance", l.UnderFinance}, {"has_trade_in", l.HasTradeIn}} {
		if yn[1] != "" && yn[1] != "Yes" && yn[1] != "No" {
			bad(yn[0], "Choose Yes or No")
		}
	}
	if l.Appointment != "" {
		if _, err := time.Parse(time.RFC3339, l.Appointment); err != nil {
			bad("appointment", "Choose a date and time")
		}
	}
	for _, svc := range l.AdditionalServices {
		if !slices.Contains(s.Leads.CheckOptions, svc) {
			bad("additional_services", "unknown option "+strconv.Quote(Truncate(svc, 40)))
		}
	}
	if len(l.PageID) > maxPageID || (l.PageID != "" && !strings.HasPrefix(l.PageID, "/")) {
		bad("page_id", "want the page's path, at most 300 characters")
	}
	errs = append(errs, validateTradeIn(l, s)...)
	errs = append(errs, validateFinanceFields(l)...)
	return errors.Join(errs...)
}

// FinanceStates are the finance enquiry's state choices (spec 001 §9:
// default qld), lower case as the spec writes its default.
var FinanceStates = []string{"act", "nsw", "nt", "qld", "sa", "tas", "vic", "wa"}

// maxVehicleType bounds the finance enquiry's vehicle type, a short label
// such as Car, Motorcycle or Caravan.
const maxVehicleType = 40

// validateFinanceFields checks a finance lead's vehicle type, state and
// calculator figures. Go alone checks them: the browser offers only a
// select of FinanceStates and the calculator's own checked figures.
func validateFinanceFields(l Lead) []error {
	var errs []error
	if len(l.VehicleType) > maxVehicleType {
		errs = append(errs, FieldError("vehicle_type", "at most %d characters", maxVehicleType))
	}
	if l.State != "" && !slices.Contains(FinanceStates, strings.ToLower(l.State)) {
		errs = append(errs, FieldError("state", "Choose a state or territory"))
	}
	if c := l.Calculator; c != nil {
		r := CalculateFinance(c.CalculatorInput)
		for _, f := range slices.Sorted(maps.Keys(r.Errors)) {
			errs = append(errs, FieldError("calculator."+f, "%s", r.Errors[f]))
		}
	}
	return errs
}

// leadTypes are the form types a lead may have ("" is an enquiry).
var leadTypes = []LeadType{"", LeadEnquiry, LeadTestDrive, LeadTradeIn, LeadFinance, LeadPhotos, LeadCareers}

// LeadTypes are the form types a lead may have, "" (an enquiry) first:
// what a renderer of every type, such as the lead e-mail, goes through.
func LeadTypes() []LeadType { return slices.Clone(leadTypes) }

// contactMethods are the preferred contact methods of spec 001 §5.
var contactMethods = []string{"Phone", "Email", "SMS"}

// hasLocation reports whether the site has the location, of the dealership
// when one is named.
func (s Site) hasLocation(id, dealershipSlug string) bool {
	for _, loc := range s.Locations {
		if loc.ID == id && (dealershipSlug == "" || loc.DealershipSlug == "" || loc.DealershipSlug == dealershipSlug) {
			return true
		}
	}
	return false
}

// LeadReference is the short reference a shopper reads on the success page
// and the dealer's lead e-mail names (issue 32 item 14): the id's first
// eight letters or digits, upper case, as two groups of four. A lead id is
// 32 hex digits, so two leads of a site share one about once in 65,000
// pairs; the full id stays in the e-mail beside it.
func LeadReference(id string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(id) {
		if b.Len() == 8 {
			break
		}
		if ('0' <= r && r <= '9') || ('A' <= r && r <= 'Z') {
			b.WriteRune(r)
		}
	}
	ref := b.String()
	if len(ref) <= 4 {
		return ref
	}
	return ref[:4] + "-" + ref[4:]
}

// WantsContactRecord reports whether a user-contact record is kept for the
// lead (spec 001 §7): only when name, email and phone are all present.
func (l Lead) WantsContactRecord() bool {
	return strings.TrimSpace(l.FirstName) != "" && strings.TrimSpace(l.Email) != "" && strings.TrimSpace(l.Phone) != ""
}

// ReadyForDealer reports whether the lead should go to the dealer:
// every lead but a trade-in, which goes when its last step sets
// form_completed (docs/contracts.md "Leads").
func (l Lead) ReadyForDealer() bool {
	return l.Type != LeadTradeIn || l.FormCompleted
}

// DecodeLead decodes a lead form payload, with opt_in optIn when the payload
// omits it: the site's leads.opt_in_checked (spec 001 §3 "Lead form
// defaults": opt_in checked by default). Unknown fields are left to the
// caller's decoder: this one ignores them.
func DecodeLead(data []byte, optIn bool) (Lead, error) {
	l := Lead{OptIn: optIn}
	if err := json.Unmarshal(data, &l); err != nil {
		return Lead{}, err
	}
	return l, nil
}

// LeadType is the kind of lead a form sends.
type LeadType string

const (
	LeadEnquiry   LeadType = "enquiry"
	LeadTestDrive LeadType = "test_drive"
	LeadTradeIn   LeadType = "trade_in"
	LeadFinance   LeadType = "finance"
	LeadPhotos    LeadType = "request_photos"
	LeadCareers   LeadType = "careers"
)

// Lead categories with special handling (spec 001 §4, §5).
const (
	CategoryGeneralEnquiry = "General Enquiry"
	SubcategoryCareers     = "Career Enquiry"
	// SubcategoryReservationPaid marks the enquiry lead a paid online
	// reservation makes (issue 13; functions/reserve writes it).
	SubcategoryReservationPaid = "Online Reservation - Deposit Paid"
)

// Lead is a lead form submission: the contact fields, the lead form defaults,
// and the enquiry, test drive, trade-in and finance fields of spec 001 §3
// ("Lead form defaults", "Trade-in lead", "Enquiry form fields", "Form
// submission payload") and §7. JSON names are the spec's, including its
// "Vehicle Make", "Vehicle Model" and "Rego".
type Lead struct {
	Type LeadType `json:"type"`
	// Category and EventID may be left out of a form's payload:
	// NormalizeLead fills both, so a stored or delivered lead carries them.
	Category    string `json:"category,omitempty"`
	Subcategory string `json:"subcategory,omitempty"`
	EventID     int    `json:"event_id,omitempty"`
	PageID      string `json:"page_id,omitempty"`

	// Contact fields.
	FirstName              string `json:"name"`
	LastName               string `json:"last_name,omitempty"`
	Postcode               string `json:"postcode,omitempty"`
	Phone                  string `json:"phone,omitempty"`
	Email                  string `json:"email,omitempty"`
	PreferredContactMethod string `json:"preferred_contact_method,omitempty"` // Phone (default), Email, SMS
	OptIn                  bool   `json:"opt_in"`                             // default the site's leads.opt_in_checked
	TermsConditions        bool   `json:"terms_conditions,omitempty"`

	// Where and what.
	DealershipSlug       string   `json:"dealership_slug,omitempty"`
	ManufacturerSlug     string   `json:"manufacturer_slug,omitempty"`
	LocationID           string   `json:"location_id,omitempty"`
	Location             string   `json:"location,omitempty"`
	DistributionLocation string   `json:"distribution_location,omitempty"`
	CarID                string   `json:"car_id,omitempty"`
	CarDealershipID      string   `json:"car_dealership_id,omitempty"`
	CarType              CarType  `json:"car_type,omitempty"`
	StockNumber          string   `json:"stock_number,omitempty"`
	VehicleMake          string   `json:"Vehicle Make,omitempty"`
	VehicleModel         string   `json:"Vehicle Model,omitempty"`
	VehicleStatus        string   `json:"vehicle_status,omitempty"`
	Message              string   `json:"message,omitempty"`
	Rego                 string   `json:"Rego,omitempty"`
	UnderFinance         string   `json:"under_finance,omitempty"` // Yes or No
	HasTradeIn           string   `json:"has_trade_in,omitempty"`  // Yes or No
	AdditionalServices   []string `json:"additional_services,omitempty"`

	// Test drive.
	Appointment string `json:"appointment,omitempty"` // RFC 3339; optional

	// Trade-in.
	URL            string          `json:"url,omitempty"`
	Source         string          `json:"source,omitempty"` // "Website"
	UserAgent      string          `json:"user_agent,omitempty"`
	LeadAttributes *LeadAttributes `json:"lead_attributes,omitempty"`
	RegoState      string          `json:"regoState,omitempty"`
	OfferAccepted  bool            `json:"offer_accepted,omitempty"`
	// TradeInVehicle is the shopper's car (the first step); AdjustmentAnswers
	// its condition answers by question id (the second step, spec 001 §7
	// "valuation adjustments").
	TradeInVehicle    *TradeInVehicle   `json:"trade_in_vehicle,omitempty"`
	AdjustmentAnswers map[string]string `json:"adjustmentAnswers,omitempty"`
	FormCompleted     bool              `json:"form_completed,omitempty"`

	// Finance.
	PreferredDealership string  `json:"preferredDealership,omitempty"`
	VehiclePriceBudget  float64 `json:"vehiclePriceBudget,omitempty"`
	// VehicleType and State default to the site's finance.vehicle_type
	// (Car) and finance.state (qld) on a finance lead (spec 001 §9).
	VehicleType string `json:"vehicle_type,omitempty"`
	State       string `json:"state,omitempty"`
	// Calculator is the finance calculator's figures the shopper applied
	// with; NormalizeLead recomputes the repayments from the inputs.
	Calculator *CalculatorFigures `json:"calculator,omitempty"`
}

// CalculatorFigures are the finance calculator's inputs and the repayments
// they give (CalculateFinance), as a finance lead carries them.
type CalculatorFigures struct {
	CalculatorInput
	Weekly      int `json:"weekly"`
	Fortnightly int `json:"fortnightly"`
	Monthly     int `json:"monthly"`
}

// LeadAttributes is the trade-in lead's browsing context.
type LeadAttributes struct {
	VisitedPages      []string          `json:"visited_pages,omitempty"`
	LinkedQueryParams map[string]string `json:"linked_query_params,omitempty"`
}

// Contact is a user-contact record (spec 001 §5): who enquired with a
// dealership, as their latest lead names them, and how often. A lead keeps
// one only when it gives a name, an e-mail address and a phone
// (WantsContactRecord); docs/contracts.md "Leads" has the item.
type Contact struct {
	Site           string    `json:"site"`
	DealershipSlug string    `json:"dealership_slug"`
	FirstName      string    `json:"name"`
	LastName       string    `json:"last_name,omitempty"`
	Email          string    `json:"email"`
	Phone          string    `json:"phone"`
	OptIn          bool      `json:"opt_in"`
	Leads          int       `json:"leads"`
	FirstLead      string    `json:"first_lead"`
	LastLead       string    `json:"last_lead"`
	FirstSeen      time.Time `json:"first_seen"`
	LastSeen       time.Time `json:"last_seen"`
}

// StoredLead is a lead as the leads table keeps it, the part the intake
// writes (docs/contracts.md "Leads"); delivery state is the deliverer's.
type StoredLead struct {
	ID             string
	Site           string
	DealershipSlug string
	CreatedAt      time.Time
	// Lead is the normalized lead.
	Lead Lead
	// Car is the car the lead is about, as it was at submit; nil when none.
	Car *Car
	// TokenHash is the hex SHA-256 of the lead token handed to the browser.
	TokenHash string
	// Ready is true once the lead should go to the dealer.
	Ready     bool
	ExpiresAt time.Time
}

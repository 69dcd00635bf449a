package shared

import (
	"encoding/json"
	"fmt"
)

// Review is one customer review of a location (spec 001 §3 "Review").
type Review struct {
	ID                      string  `json:"id"`
	Text                    string  `json:"text"`
	CustomerName            string  `json:"customer_name"`
	Rating                  float64 `json:"rating"`
	CreatedAtTimeAgoInWords string  `json:"created_at_time_ago_in_words,omitempty"`
	ReviewDate              string  `json:"review_date,omitempty"`
	ReviewDateInWords       string  `json:"review_date_in_words,omitempty"`
}

// ReviewSummary is a location's review count and average (spec 001 §3).
type ReviewSummary struct {
	Count         int     `json:"count"`
	AverageRating float64 `json:"average_rating"`
}

// Offer is a manufacturer or dealer special offer (spec 001 §3 "Offer").
type Offer struct {
	ID                   string            `json:"id"`
	Name                 string            `json:"name"`
	Manufacturer         OfferManufacturer `json:"manufacturer"`
	Model                *OfferModel       `json:"model,omitempty"`
	SanitizedDescription string            `json:"sanitized_description,omitempty"`
	Disclaimer           string            `json:"disclaimer,omitempty"`
	ImageURL             string            `json:"image_url,omitempty"`
	ImageOrModelImage    *ImageRef         `json:"image_or_model_image,omitempty"`
	ExcludedWebsiteIDs   []string          `json:"excluded_website_ids,omitempty"`
}

// OfferModel is the model an offer is for. Its link is OverrideURL, or
// "/{slug}" (spec 001 §2).
type OfferModel struct {
	Name        string `json:"name"`
	Slug        string `json:"slug"`
	OverrideURL string `json:"override_url,omitempty"`
}

// Link returns the model page an offer's "Explore {model}" button opens.
func (m OfferModel) Link() string {
	if m.OverrideURL != "" {
		return m.OverrideURL
	}
	return "/" + m.Slug
}

// OfferManufacturer is an offer's manufacturer, which sources send either as
// a name or as an object with a name (spec 001 §3). It always encodes as an
// object.
type OfferManufacturer struct {
	Name string `json:"name"`
	Slug string `json:"slug,omitempty"`
}

// UnmarshalJSON accepts "Toyota" as well as {"name": "Toyota"}.
func (m *OfferManufacturer) UnmarshalJSON(b []byte) error {
	var name string
	if err := json.Unmarshal(b, &name); err == nil {
		*m = OfferManufacturer{Name: name}
		return nil
	}
	type plain OfferManufacturer
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return fmt.Errorf("offer manufacturer: want string or object: %w", err)
	}
	*m = OfferManufacturer(p)
	return nil
}

// DealershipWebsite is one entry of the brand banner of dealership websites
// (spec 001 §3 "Other entities").
type DealershipWebsite struct {
	URL   string    `json:"url"`
	Make  string    `json:"make,omitempty"`
	Slug  string    `json:"slug,omitempty"`
	Logo  *ImageRef `json:"logo,omitempty"`
	Title string    `json:"title,omitempty"`
	Name  string    `json:"name"`
}

// FavouriteEntry is a car saved locally by a visitor (spec 001 §3 "Favourite entry").
type FavouriteEntry struct {
	ID              string `json:"id"`
	Name            string `json:"name"`
	Slug            string `json:"slug"`
	Make            string `json:"make"`
	Model           string `json:"model"`
	PrimaryImageURL string `json:"primary_image_url,omitempty"`
}

// WatchlistEntry is a car on a signed-in user's server watchlist (spec 000 §3, §7).
type WatchlistEntry struct {
	PhoneNumber string `json:"phone_number"`
	CarID       string `json:"car_id"`
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
	SubcategoryOfferAccept = "3. Offer Accepted"
)

// Lead is a lead form submission: the contact fields, the lead form defaults,
// and the enquiry, test drive, trade-in and finance fields of spec 001 §3
// ("Lead form defaults", "Trade-in lead", "Enquiry form fields", "Form
// submission payload") and §7. JSON names are the spec's, including its
// "Vehicle Make", "Vehicle Model" and "Rego".
type Lead struct {
	Type        LeadType `json:"type"`
	Category    string   `json:"category"`
	Subcategory string   `json:"subcategory,omitempty"`
	EventID     int      `json:"event_id"`
	PageID      string   `json:"page_id,omitempty"`

	// Contact fields.
	FirstName              string `json:"name"`
	LastName               string `json:"last_name,omitempty"`
	Postcode               string `json:"postcode,omitempty"`
	Phone                  string `json:"phone,omitempty"`
	Email                  string `json:"email,omitempty"`
	PreferredContactMethod string `json:"preferred_contact_method,omitempty"` // Phone (default), Email, SMS
	OptIn                  bool   `json:"opt_in"`                             // default true
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
	FormCompleted  bool            `json:"form_completed,omitempty"`

	// Finance.
	PreferredDealership string  `json:"preferredDealership,omitempty"`
	VehiclePriceBudget  float64 `json:"vehiclePriceBudget,omitempty"`
}

// LeadAttributes is the trade-in lead's browsing context.
type LeadAttributes struct {
	VisitedPages      []string          `json:"visited_pages,omitempty"`
	LinkedQueryParams map[string]string `json:"linked_query_params,omitempty"`
}

package shared

// Site is one dealer website's configuration: identity, branding, the
// dealerships whose stock it shows, and every per-dealer behaviour as a named,
// typed field with a documented default (DESIGN.md decision 3). The tenant
// files infra/tenants/<slug>.json hold exactly this shape.
//
// Defaults are applied by ApplyDefaults when a site is loaded; a field's doc
// comment names its default.
type Site struct {
	// Identity and brand.
	Slug            string        `json:"slug"`
	Template        string        `json:"template"` // default "classic"
	ID              string        `json:"id"`
	Name            string        `json:"name"`
	Logo            *ImageRef     `json:"logo,omitempty"`
	Manufacturer    *Manufacturer `json:"manufacturer,omitempty"` // franchised dealers
	DealershipGroup string        `json:"dealership_group,omitempty"`
	Theme           Theme         `json:"theme"`
	// Domains the site answers on in production (CloudFront aliases).
	Domains []string `json:"domains,omitempty"`

	Dealerships []Dealership `json:"dealerships"`
	Locations   []Location   `json:"locations,omitempty"`

	Address Address `json:"address"`
	MapKey  string  `json:"map_key,omitempty"`

	// Social and display.
	FacebookURL      string          `json:"facebook_url,omitempty"`
	InstagramURL     string          `json:"instagram_url,omitempty"`
	OverrideCity     string          `json:"override_city,omitempty"`
	Navigation       []NavItem       `json:"navigation,omitempty"`
	SearchCategories []string        `json:"search_categories,omitempty"`
	VDPConfig        VDPConfig       `json:"vdp_config"`
	Texts            Texts           `json:"texts"`
	Phones           PhonesByCarType `json:"phones"`
	Features         Features        `json:"features"`
	Search           SearchConfig    `json:"search"`
	Card             CardConfig      `json:"card"`
	Finance          FinanceConfig   `json:"finance"`
	Stock            StockConfig     `json:"stock"`
	Promotions       []PromoTile     `json:"promotions,omitempty"`
}

// ImageRef is an image by URL.
type ImageRef struct {
	URL string `json:"url"`
}

// Theme is the site's look, applied as CSS custom properties.
type Theme struct {
	PrimaryColor   string `json:"primary_color"`    // default "#1d4ed8"
	AccentColor    string `json:"accent_color"`     // default "#f59e0b"
	HeaderBg       string `json:"header_bg"`        // default "#ffffff"
	HeaderText     string `json:"header_text"`      // default "#111827"
	FontFamily     string `json:"font_family"`      // default system UI stack
	BorderRadiusPx int    `json:"border_radius_px"` // default 8
}

// Dealership is one rooftop or franchise whose stock a site shows. Feeds are
// pushed per dealership; a dealership may appear on several sites (a group
// site and its own).
type Dealership struct {
	ID         string    `json:"id"`
	Slug       string    `json:"slug"`
	Name       string    `json:"name"`
	URL        string    `json:"url,omitempty"`
	Make       string    `json:"make,omitempty"`
	Logo       *ImageRef `json:"logo,omitempty"`
	StockCount int       `json:"stock_count,omitempty"` // shown when the search count is above 1999 (spec 000 §9)
}

// Manufacturer is a car maker (spec 001 §3).
type Manufacturer struct {
	ID   string    `json:"id,omitempty"`
	Name string    `json:"name"`
	Slug string    `json:"slug,omitempty"`
	Logo *ImageRef `json:"logo,omitempty"`
}

// NavItem is one header menu entry; Children make a dropdown.
type NavItem struct {
	Label    string    `json:"label"`
	Path     string    `json:"path"`
	Children []NavItem `json:"children,omitempty"`
}

// VDPConfig configures the car detail page.
type VDPConfig struct {
	ShowMapSection bool `json:"show_map_section"`
}

// Texts are the site's wording overrides (spec 001 §9 "Text defaults").
type Texts struct {
	NoPrice      string `json:"no_price"`      // default "Enquire for price."
	NewArrival   string `json:"new_arrival"`   // default "New Arrival"
	SoldTag      string `json:"sold_tag"`      // default "JUST SOLD"
	NewTag       string `json:"new_tag"`       // default "New"
	CallText     string `json:"call_text"`     // default "Call the dealer"
	EnquireLabel string `json:"enquire_label"` // default "Enquire Now"
}

// PhonesByCarType are the sales numbers by stock class (spec 001 §8 phone
// fallback order: override, per car type, new, used, the car's location).
type PhonesByCarType struct {
	Override string `json:"override,omitempty"`
	New      string `json:"new,omitempty"`
	Used     string `json:"used,omitempty"`
	Demo     string `json:"demo,omitempty"`
}

// Features are the per-dealer switches that the original platform keyed on
// lists of site slugs.
type Features struct {
	Garage             bool   `json:"garage"`                        // server watchlist; default false (local favourites)
	Compare            bool   `json:"compare"`                       // default true
	Favourites         bool   `json:"favourites"`                    // default true
	Autograb           bool   `json:"autograb"`                      // default false
	Redbook            bool   `json:"redbook"`                       // default false
	ElectricTag        bool   `json:"electric_tag"`                  // tag priority 1; default false
	CertifiedProgramme string `json:"certified_programme,omitempty"` // make whose certified-used image shows (tag priority 3); default none
	Reserve            bool   `json:"reserve"`                       // default true
	ReservePath        string `json:"reserve_path"`                  // "checkout" or "buy-online"; default "checkout"
	TradeIn            bool   `json:"trade_in"`                      // default true
	PhoneLinks         bool   `json:"phone_links"`                   // default true
}

// SearchConfig shapes the listing (spec 000 §2, §9).
type SearchConfig struct {
	// Filters is a search filter string ANDed into every query (spec 001 §7).
	Filters string `json:"filters,omitempty"`
	// Facets lists the enabled facets by the spec's names, in display order.
	// Default: make, model, car_type, price, body, year, km, fuel, transmission, colour.
	Facets []string `json:"facets,omitempty"`
	// SortOptions lists the enabled sorts: relevance, latest, price_desc,
	// price_asc, km_desc, km_asc. Default: relevance, latest, price_desc, price_asc.
	SortOptions []string `json:"sort_options,omitempty"`
	// PriceAscExcludesZero adds price > 0 to the price-ascending sort.
	PriceAscExcludesZero bool `json:"price_asc_excludes_zero"`
	// PopularMakes are listed first in the make dropdown; default none.
	PopularMakes []string `json:"popular_makes,omitempty"`
	// MakesCollapsed is how many makes show before "show all"; default 7.
	MakesCollapsed int `json:"makes_collapsed"`
	// RememberCollapsed keeps facet sections' open state across visits.
	RememberCollapsed bool `json:"remember_collapsed"`
	// PromoPositions are the result positions (1-based) of promo tiles; default [8, 17].
	PromoPositions []int `json:"promo_positions,omitempty"`
}

// CardConfig shapes the car card (spec 000 §2 "Car card").
type CardConfig struct {
	// ExtendedTitle adds name, colour, gears, transmission and body configuration to the title.
	ExtendedTitle bool `json:"extended_title"`
	// Chips are the attribute chips in order; default car_type, simple_body, km, simple_transmission, stocknum.
	Chips []string `json:"chips,omitempty"`
	// LocationOverlay shows the location name over the image.
	LocationOverlay bool `json:"location_overlay"`
}

// FinanceConfig chooses the finance provider and the estimate defaults (spec 001 §5, §9).
type FinanceConfig struct {
	Provider     string  `json:"provider,omitempty"` // one of the spec's finance_provider values; empty hides estimates
	InterestRate float64 `json:"interest_rate"`      // default 8.5
	TermYears    int     `json:"term_years"`         // default 5
	Disclaimer   string  `json:"disclaimer,omitempty"`
	// HiddenMakes hides the estimate for these makes (spec 001 §5).
	HiddenMakes []string `json:"hidden_makes,omitempty"`
}

// StockConfig decides which stock a site shows.
type StockConfig struct {
	// CarTypes the site sells; default new, used, demo. A used-only dealer lists ["used"].
	CarTypes []CarType `json:"car_types,omitempty"`
	// SoldRetentionDays keeps sold cars searchable this long; default 3 (spec 001 §9).
	SoldRetentionDays int `json:"sold_retention_days"`
}

// PromoTile is a promotional tile inserted among results (spec 001 §3, §9).
type PromoTile struct {
	ID            string    `json:"id"`
	Title         string    `json:"title"`
	Body          string    `json:"body,omitempty"`
	ImageURL      string    `json:"image_url,omitempty"`
	Alt           string    `json:"alt,omitempty"`
	Background    string    `json:"background,omitempty"`
	LinkPath      string    `json:"link_path,omitempty"`
	Display       []CarType `json:"display,omitempty"` // car groups it shows for; empty = all
	StrictDisplay bool      `json:"strictDisplay"`
	Start         string    `json:"start,omitempty"`  // ISO date; empty = always
	Expiry        string    `json:"expiry,omitempty"` // ISO date; empty = never
	Position      int       `json:"position,omitempty"`
}

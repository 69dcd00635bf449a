package shared

// Site is one dealer website's configuration: identity, branding, the
// dealerships whose stock it shows, and every per-dealer behaviour as a named,
// typed field with a documented default (DESIGN.md decision 3). The tenant
// files infra/tenants/<slug>.json hold exactly this shape.
//
// Defaults: a field's doc comment names its default. DecodeSite starts from
// DefaultSite, so a boolean whose default is true stays true when the JSON
// leaves it out; ApplyDefaults fills every other zero-valued field.
type Site struct {
	// Identity and brand.
	Slug         string        `json:"slug"`
	Template     string        `json:"template"` // default "classic"
	ID           string        `json:"id"`
	Name         string        `json:"name"`
	Logo         *ImageRef     `json:"logo,omitempty"`
	Manufacturer *Manufacturer `json:"manufacturer,omitempty"` // franchised dealers
	Theme        Theme         `json:"theme"`
	// Domains the site answers on in production (CloudFront aliases).
	Domains []string `json:"domains,omitempty"`
	// EdgeCell is the edge cell (stack Forecourt-Edge-<n>) whose shared
	// CloudFront parts the site's distribution uses: docs/scaling.md.
	// Deployment only: never sent to browsers. Set once, by
	// `forecourt tenants new`; a site never moves cell.
	EdgeCell int `json:"edge_cell,omitempty"`
	// AuthClientID is the site's own shopper app client, which its tenant
	// stack creates and stores beside the config (never in a tenant file):
	// a shopper token is accepted on this site only when issued to it.
	AuthClientID string `json:"-"`

	// DealerType picks the shared content pages' wording (warranty,
	// service): "franchise" or "independent"; default DefaultDealerType
	// (franchise when the site has a manufacturer or sells new or demo cars).
	DealerType DealerType `json:"dealer_type"`

	Dealerships []Dealership `json:"dealerships"`
	Locations   []Location   `json:"locations,omitempty"`

	Address Address `json:"address"`
	// TimeZone is the IANA zone of the site's locations (test-drive slots);
	// a location's own time_zone overrides it; default "Australia/Sydney".
	TimeZone string `json:"time_zone"`

	// Social and display.
	FacebookURL  string `json:"facebook_url,omitempty"`
	InstagramURL string `json:"instagram_url,omitempty"`
	// OverrideCity is the city the site names itself by ("Gold Coast" for a
	// yard in Southport) in its page descriptions, in place of the address's
	// (spec 001 §3 "Social and display"); default "" (the address's city).
	OverrideCity string          `json:"override_city,omitempty"`
	Navigation   []NavItem       `json:"navigation,omitempty"`
	VDPConfig    VDPConfig       `json:"vdp_config"`
	Texts        Texts           `json:"texts"`
	Phones       PhonesByCarType `json:"phones"`
	Features     Features        `json:"features"`
	Search       SearchConfig    `json:"search"`
	Card         CardConfig      `json:"card"`
	Finance      FinanceConfig   `json:"finance"`
	Stock        StockConfig     `json:"stock"`
	Promotions   []PromoTile     `json:"promotions,omitempty"`
	// PromoTexts are the site's words for each promo kind (spec 001 §9).
	PromoTexts PromoTexts `json:"promo_texts"`

	// Per-dealer behaviour beyond the listing.
	Header         HeaderConfig    `json:"header"`
	Leads          LeadsConfig     `json:"leads"`
	Hours          HoursConfig     `json:"hours"`
	Reviews        ReviewsConfig   `json:"reviews"`
	LocationsBlock LocationsConfig `json:"locations_block"`
	Budget         BudgetConfig    `json:"budget"`
	Reserve        ReserveConfig   `json:"reserve"`
	// CarPage holds the car page's tabs, sidebar and used-car texts (issue 10).
	CarPage            CarPageConfig       `json:"car_page"`
	DealershipWebsites []DealershipWebsite `json:"dealership_websites,omitempty"` // brand banner
	// Home shapes the home page's promotions slider (issue 17).
	Home   HomeConfig   `json:"home"`
	Footer FooterConfig `json:"footer"`
	// Syndication is which vehicle feeds (Google, Meta, TikTok) the site
	// publishes per dealership (issue 37); default none (every format off).
	// Server-only: GET /api/site leaves it out.
	Syndication *SyndicationConfig `json:"syndication,omitempty"`
	// Offers are the site's special offers (spec 001 §3 "Offer"), kept in
	// the tenant file; GET /api/offers serves those OffersFor lets through.
	// GET /api/site leaves them out.
	Offers []Offer `json:"offers,omitempty"`
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
	// Roles are derived from PrimaryColor and AccentColor (ColourRoles);
	// a tenant file's value is replaced.
	Roles ThemeRoles `json:"roles"`
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
	// HideFinance hides finance estimates for this dealership's cars (spec 001 §5
	// "a list of certain dealerships"); default false.
	HideFinance bool `json:"hide_finance,omitempty"`
	// Webhook, when set, also posts each of the dealership's leads to its
	// CRM as signed JSON (docs/contracts.md "Lead webhook"); default none.
	Webhook *DealershipWebhook `json:"webhook,omitempty"`
	// StoreCode identifies the dealership in vehicle feeds (Google's
	// store_code, as its Business Profile names it; issue 37); default its slug.
	StoreCode string `json:"store_code,omitempty"`
}

// DealershipWebhook is where a dealership's CRM takes leads.
type DealershipWebhook struct {
	// URL receives a POST per lead: https, or http to localhost for local use.
	URL string `json:"url"`
	// SecretName names the signing secret: in AWS a Secrets Manager secret
	// (the CDK app creates one per name), locally FORECOURT_SECRET_<NAME>.
	SecretName string `json:"secret_name"`
}

// Dealership returns the site's dealership with the slug. A site shows the
// stock of its dealerships only, so this is the tenant check for a car.
func (s Site) Dealership(slug string) (Dealership, bool) {
	for _, d := range s.Dealerships {
		if d.Slug == slug {
			return d, true
		}
	}
	return Dealership{}, false
}

// SitesListing returns the sites among sites that list the dealership, in
// their order: what a store's SitesOf answers.
func SitesListing(sites []Site, dealershipSlug string) []Site {
	out := []Site{}
	for _, s := range sites {
		if _, ok := s.Dealership(dealershipSlug); ok {
			out = append(out, s)
		}
	}
	return out
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
	// Models makes the entry a dropdown of the models of the site's
	// manufacturer in stock (the search index's model facet, spec 001 §2
	// "Vehicles (models dropdown)"), followed by Children; default false.
	// Needs manufacturer.
	Models bool `json:"models,omitempty"`
	// Stock makes the entry a dropdown of the site's stock: each make in
	// stock (the index's make facet) to its listing, then Children (give
	// it an "All stock" child: the dropdown replaces the entry's link; spec
	// 001 §2 "/cars/ Our Stock, with a dynamic dropdown of stock");
	// default false: a plain link.
	Stock bool `json:"stock,omitempty"`
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
	EnquireLabel string `json:"enquire_label"` // default "Enquire Now" ("Message Now" for some dealers)
	// SubmitLabel, when set, replaces every lead form's button label;
	// default "": each button says what it does ("Send enquiry", "Request
	// test drive"; issue 32 item 14, docs/spec-deviations.md).
	SubmitLabel string `json:"submit_label"`
	UsedKeyword string `json:"used_keyword"` // default "Used"
	// FindSimilar replaces the actions of an unavailable car; default
	// "Find Me Something Similar" (one brand uses lower case).
	FindSimilar         string `json:"find_similar"`
	DealerCommentsTitle string `json:"dealer_comments_title"` // default "Dealer Comments"
	// DealerCommentsPending shows when a car has no comments; default
	// "Dealer comments are pending. Please check back here later." (spec 000 §8).
	DealerCommentsPending string `json:"dealer_comments_pending"`
	SoldNotice            string `json:"sold_notice"`     // default "Unfortunately this vehicle recently sold."
	LocationsTitle        string `json:"locations_title"` // default "Our Locations"
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
	ElectricTag        bool   `json:"electric_tag"`                  // tag priority 1; default false
	CertifiedProgramme string `json:"certified_programme,omitempty"` // make whose certified-used image shows (tag priority 3); default none
	// CertifiedBadgeImage is the certified-used badge image (tag priority 3,
	// spec 000 §4) by URL; default "" (the web's bundled badge).
	CertifiedBadgeImage string `json:"certified_badge_image,omitempty"`
	Reserve             bool   `json:"reserve"`      // default true
	ReservePath         string `json:"reserve_path"` // "checkout" or "buy-online"; default "checkout"
	TradeIn             bool   `json:"trade_in"`     // default true
	PhoneLinks          bool   `json:"phone_links"`  // default true
	// CertifiedBadge shows the certified badge on cars of CertifiedProgramme's
	// make (spec 001 §5); default true.
	CertifiedBadge bool `json:"certified_badge"`
	// UsedGuarantee shows the 48-hour money-back guarantee and 12 months
	// roadside assist text on used cars (spec 000 §9, one manufacturer's dealers); default false.
	UsedGuarantee bool `json:"used_guarantee"`
	// CheckoutJourney sends used-car purchases to /checkout-journey (spec 001 §2); default false.
	CheckoutJourney bool `json:"checkout_journey"`
	// TradeInPath is the trade-in entry point: "/trade-in" (default),
	// "/sell-your-car" or "/sell-my-car" (spec 001 §2); the others redirect to it.
	TradeInPath string `json:"trade_in_path"`
	// FavouritesPath is the page listing a visitor's local favourites (spec
	// 000 §4, §6; issue 12): a path of its own, default "/favourites".
	FavouritesPath string `json:"favourites_path"`
	// WatchlistPath is the signed-in shopper's watchlist page where Garage is
	// on (spec 000 §2: the View List target, "path from configuration");
	// default "/watchlist".
	WatchlistPath string `json:"watchlist_path"`
	// SpinToWin turns the /spin-to-win route on; default false.
	SpinToWin bool `json:"spin_to_win"`
	// SpinToWinGated requires sign-in for /spin-to-win (spec 001 §5 gating); default true.
	SpinToWinGated bool `json:"spin_to_win_gated"`
	// Chat shows the chat button on car pages; default false.
	Chat bool `json:"chat"`
	// TestDriveForSimilar shows Book a Test Drive on the cards of a car
	// page's similar cars (spec 001 §2 "on one brand for similar cars");
	// the car's own sidebar offers it only on a test-drive-only car. Default false.
	TestDriveForSimilar bool `json:"test_drive_for_similar"`
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
	// PromoRandomOrder shuffles the tiles shown at the first position (one brand); default false.
	PromoRandomOrder bool `json:"promo_random_order"`
	// CTA is the call-to-action card among the results (spec 001 §9 "CTA
	// item card"), shown in its start/expiry window; none by default.
	CTA *PromoTile `json:"cta,omitempty"`
	// CTAPosition is the CTA card's 1-based position among all results,
	// counted across pages (page 2's 9th slot at 21 per page); default 30
	// (spec 001 §9). With fewer results it follows the last car.
	CTAPosition int `json:"cta_position"`
	// MakesCollapsedToPopular collapses the make list to the number of
	// popular makes instead of MakesCollapsed (spec 000 §9); default false.
	MakesCollapsedToPopular bool `json:"makes_collapsed_to_popular"`
	// BadgeFilter shows the badge facet switch; default false (on for used-car brands, spec 001 §4).
	BadgeFilter bool `json:"badge_filter"`
	// LocationFilter shows the location facet switch; default true (off for used-car brands).
	LocationFilter bool `json:"location_filter"`
	// HitsPerPage is the page size; default 21 (spec 000 §9).
	HitsPerPage int `json:"hits_per_page"`
	// CustomBodies are the body-type tiles a site chooses, in order (spec 001
	// §9: the tile limit is then 20 instead of 4); default none (the most common bodies).
	CustomBodies []string `json:"custom_bodies,omitempty"`
	// ManufacturerFilter adds make:"<manufacturer.name>" to every listing
	// query of a manufacturer's site (spec 001 §7 "filter string from site
	// config plus manufacturer"); default false, because a franchised dealer
	// also sells used cars of other makes.
	ManufacturerFilter bool `json:"manufacturer_filter"`
	// PhotosFirst lists cars with photos before cars showing only a
	// placeholder in the default (relevance) order, newest first within
	// each (the index's photo_rank); default true (issue 32 item 8).
	PhotosFirst bool `json:"photos_first"`
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
	// HiddenMakes hides the estimate for these makes (spec 001 §5); default ["Suzuki"].
	HiddenMakes []string `json:"hidden_makes,omitempty"`
	// WeeklyOnCard shows the weekly repayment with its rate tooltip on cards and
	// car pages (spec 001 §2, one brand); default false.
	WeeklyOnCard bool `json:"weekly_on_card"`
	// ComparisonRate is the rate shown in the estimate's fine print, rounded to 2
	// decimals; 0 (default) shows the interest rate.
	ComparisonRate float64 `json:"comparison_rate,omitempty"`
	// DefaultRateEstimate shows an estimate at InterestRate over TermYears for
	// a car without the provider's lender data, labelled DefaultRateLabel
	// (issue 17 clarification); default false: the block stays hidden.
	DefaultRateEstimate bool `json:"default_rate_estimate"`
	// DefaultRateLabel labels such an estimate; default "Estimate at our standard rate".
	DefaultRateLabel string `json:"default_rate_label"`
	// FinePrint is the comparison-rate fine print; default "Comparison rate is
	// based on a 5-year secured loan of $30,000." (spec 001 §9).
	FinePrint string `json:"fine_print"`
	// IndicativeDisclaimer is the indicative-only disclaimer under every
	// estimate; default the spec 001 §9 text (shared.DefaultIndicativeDisclaimer).
	IndicativeDisclaimer string `json:"indicative_disclaimer"`
	// CalculatorRate prefills the finance calculator's rate; default 10
	// (spec 001 §9: the calculator's default differs from the estimate's 8.5).
	CalculatorRate float64 `json:"calculator_rate"`
	// VehicleType and State are the finance enquiry's defaults; default "Car"
	// and "qld" (spec 001 §9).
	VehicleType string `json:"vehicle_type"`
	State       string `json:"state"`
}

// CarPageConfig is the per-dealer content of the car page (spec 000 §2 tabs,
// spec 001 §2 sidebar, §9 used-car terms).
type CarPageConfig struct {
	Tabs    CarPageTabs   `json:"tabs"`
	Sidebar SidebarConfig `json:"sidebar"`
	// UsedCarTerms is the used-car terms block on used cars.
	UsedCarTerms UsedCarTerms `json:"used_car_terms"`
	// UsedGuaranteeText shows on used cars where features.used_guarantee is
	// on; default "48-hour money-back guarantee and 12 months roadside assist
	// on every used vehicle."
	UsedGuaranteeText string `json:"used_guarantee_text"`
	// CertifiedText is the certified badge's info dialog (spec 001 §2), with
	// "{programme}" standing for features.certified_programme; default
	// shared.DefaultCertifiedText.
	CertifiedText string `json:"certified_text"`
	// SimilarCars is how many similar cars the car page lists below the
	// car (spec 000 §7 secondary lookup, issue 17); they are asked for only
	// once the block scrolls into view (issue 18: 0 searches on load).
	// Default 4; 0 turns the block off.
	SimilarCars int `json:"similar_cars"`
}

// CarPageTabs are the tabs' titles and texts. Defaults: the spec's titles
// (Dealer Comments from texts.dealer_comments_title, What's Included, Why
// Buy From Us?, Reserve Online, Protect Your Car, Features); Reserve
// Online's body is made from the reserve terms when left empty; a tab with
// an empty body is not shown.
type CarPageTabs struct {
	DealerComments TabText `json:"dealer_comments"`
	WhatsIncluded  TabText `json:"whats_included"`
	WhyBuy         TabText `json:"why_buy"`
	ReserveOnline  TabText `json:"reserve_online"`
	Protect        TabText `json:"protect"`
	Features       TabText `json:"features"`
}

// TabText is one tab's title and text; Hidden leaves the tab out.
type TabText struct {
	Title  string `json:"title"`
	Body   string `json:"body,omitempty"`
	Hidden bool   `json:"hidden,omitempty"`
}

// SidebarConfig overrides the car page's action buttons (spec 001 §2).
type SidebarConfig struct {
	// Buttons lists the buttons that may show, in order, by kind: enquiry,
	// test_drive, reserve, trade_in, history_report, call, chat. Default all
	// of them in that order. Each still shows only when its rule holds.
	Buttons []string `json:"buttons,omitempty"`
	// Labels overrides button labels by kind (find_similar included).
	Labels map[string]string `json:"labels,omitempty"`
}

// UsedCarTerms is the used-car terms text (spec 001 §9).
type UsedCarTerms struct {
	// Show shows it on used cars; default false.
	Show bool `json:"show"`
	// Text defaults to the spec's terms (shared.DefaultUsedCarTerms).
	Text string `json:"text"`
}

// StockConfig decides which stock a site shows.
type StockConfig struct {
	// CarTypes the site sells; default new, used, demo. A used-only dealer lists ["used"].
	CarTypes []CarType `json:"car_types,omitempty"`
	// ListingPath is the listing of all the site's stock, where "Browse
	// all cars" and the home page's stock search lead; default
	// StockListingPath(car_types): "/search/used-cars" for a used-only site.
	ListingPath string `json:"listing_path"`
	// SoldRetentionDays keeps sold cars searchable this long; default 3 (spec 001 §9).
	SoldRetentionDays int `json:"sold_retention_days"`
	// MaxAgeYears is the default stock filter's age rule (spec 000 §9): cars
	// older than this many years are left out of the listing; 0 (default) keeps every year.
	MaxAgeYears int `json:"max_age_years,omitempty"`
}

// PromoTile is a promotional tile inserted among results (spec 001 §3, §9).
type PromoTile struct {
	ID string `json:"id"`
	// Kind names the tile's content (spec 001 §9); fields the tile leaves
	// out come from the site's PromoTexts for that kind. Empty: free text.
	Kind          PromoKind `json:"kind,omitempty"`
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

// HeaderConfig shapes the header (spec 001 §2 "Header and footer").
type HeaderConfig struct {
	// HoverMenus opens dropdowns on hover instead of click; default false.
	HoverMenus bool `json:"hover_menus"`
	// LocationsLink makes the Locations control a link to /dealerships instead
	// of a dropdown; default false.
	LocationsLink bool `json:"locations_link"`
}

// FooterConfig holds the footer's link groups (spec 001 §2 "Header and
// footer"). Each list left out gets its default from ApplyDefaults.
type FooterConfig struct {
	// Vehicles: default Our Stock.
	Vehicles []NavItem `json:"vehicles,omitempty"`
	// BuyerTools: default New Cars, Demo Cars, Used Cars (the types sold,
	// when there are two or more), Book a Test Drive (/book-test-drive/),
	// Current Offers, Finance Enquiry,
	// Trade-In (when trade-in is on, to features.trade_in_path).
	BuyerTools []NavItem `json:"buyer_tools,omitempty"`
	// Service ("Servicing and Parts"): default Vehicle Service, Genuine Parts
	// and Accessories, Warranty, Prepaid Maintenance Plan, Roadside Assistance.
	Service []NavItem `json:"service,omitempty"`
	// Dealer is the group named for the dealer: default About Us, Contact
	// Us, Terms And Conditions, Privacy Policy, FAQs.
	Dealer []NavItem `json:"dealer,omitempty"`
	// PaymentMethods fill the 'We accept:' strip; default Mastercard, Visa,
	// Maestro, Google Pay, Apple Pay. ["none"] hides the strip.
	PaymentMethods []string `json:"payment_methods,omitempty"`
}

// LeadsConfig shapes the lead forms (spec 001 §5 "Enquiry form", §9 "Lead events").
type LeadsConfig struct {
	// MessageOptional lifts the enquiry form's message requirement; default false.
	MessageOptional bool `json:"message_optional"`
	// OptInChecked starts the forms' marketing opt-in ticked, and is what a
	// lead that omits opt_in means; default true (spec 001 §3). A dealer
	// that wants express consent under the Spam Act 2003 sets it false
	// (docs/spec-deviations.md).
	OptInChecked bool `json:"opt_in_checked"`
	// Categories are the general enquiry's category select options (spec 001
	// §5: shown for event 22 / General Enquiry); default DefaultLeadCategories.
	Categories []string `json:"categories"`
	// AskUnderFinance asks 'Is your car currently under finance?' (Yes/No)
	// on the generic enquiry; default false.
	AskUnderFinance bool `json:"ask_under_finance"`
	// CheckOptions are the enquiry form's tick boxes of extra services
	// ("Finance", "Extended warranty"); the ticked ones arrive folded into
	// the lead's additional_services (spec 001 §3 "Form submission
	// payload"). Default none: no boxes, and a lead naming a service is
	// refused.
	CheckOptions []string `json:"check_options,omitempty"`
	// AskTradeIn asks 'Do you have a trade-in?' (Yes/No) on the generic
	// enquiry; default false.
	AskTradeIn bool `json:"ask_trade_in"`
	// Terms is the text of the generic enquiry's terms checkbox, which the
	// shopper must tick; default "" (no checkbox).
	Terms string `json:"terms,omitempty"`
	// LocationPlaceholder is the location select's placeholder; default
	// "Please Select a Dealership Location".
	LocationPlaceholder string `json:"location_placeholder"`
	// DealershipPlaceholder is the dealership select's placeholder; default
	// "Select a Preferred Dealership".
	DealershipPlaceholder string `json:"dealership_placeholder"`
	// TermsNote shows "You must agree to the terms of use before submitting
	// the form"; default false.
	TermsNote bool `json:"terms_note"`
	// Captcha shows a captcha on lead forms; default true.
	Captcha bool `json:"captcha"`
	// TradeInQuestions are the trade-in form's condition questions, whose
	// answers are the lead's adjustmentAnswers; default DefaultTradeInQuestions.
	TradeInQuestions []TradeInQuestion `json:"trade_in_questions"`
	// Disclaimer is the dealer's test-drive terms; when set a terms checkbox shows.
	Disclaimer string `json:"disclaimer,omitempty"`
	// DefaultCategory is the enquiry category select's default; default "General Enquiry".
	DefaultCategory string `json:"default_category"`
	// Email receives lead copies; default none (the location's email).
	Email string `json:"email,omitempty"`
	// RetentionDays is how long a lead is kept before DynamoDB's TTL
	// removes it; default 730 (two years, issue 9).
	RetentionDays int `json:"retention_days"`
	// TestDrive shapes the test-drive appointment slots.
	TestDrive TestDriveConfig `json:"test_drive"`
}

// TestDriveConfig shapes GET /api/test-drive/slots (issue 9): slots within
// the location's opening hours for the next Days days, SlotMinutes apart,
// none sooner than LeadMinutes from now.
type TestDriveConfig struct {
	Days        int `json:"days"`         // default 14
	SlotMinutes int `json:"slot_minutes"` // default 30
	LeadMinutes int `json:"lead_minutes"` // default 120
}

// HoursConfig shapes opening hours (spec 001 §2 "Opening hours").
type HoursConfig struct {
	// ClosedText replaces a closed weekday's status text, e.g. "By appointment
	// only"; default "" (the status text, "Closed").
	ClosedText string `json:"closed_text,omitempty"`
	// ClosedEnquireLink shows an Enquire Now link on closed weekdays; default false.
	ClosedEnquireLink bool `json:"closed_enquire_link"`
}

// ReviewsConfig filters and sizes the reviews block (spec 001 §3 Review, §9 Reviews).
type ReviewsConfig struct {
	MinRating   int      `json:"min_rating"`             // default 4
	HiddenNames []string `json:"hidden_names,omitempty"` // reviewer names never shown
	Shown       int      `json:"shown"`                  // default 10
	// FullQuantity is how many reviews "Show all" reveals (spec 001 §9
	// "Google reviews full quantity is 12"); default 12.
	FullQuantity int `json:"full_quantity"`
}

// BudgetConfig holds the budget finder's defaults (spec 001 §5, §9 "Budget finder").
type BudgetConfig struct {
	Frequency        string  `json:"frequency"`          // "monthly" (default) or "weekly"
	MonthlyRepayment float64 `json:"monthly_repayment"`  // default 600
	WeeklyRepayment  float64 `json:"weekly_repayment"`   // default 200
	Deposit          float64 `json:"deposit"`            // default 2000
	TermYears        int     `json:"term_years"`         // default 5
	SliderMin        int     `json:"slider_min"`         // default 5000
	SliderMax        int     `json:"slider_max"`         // default 250000
	SliderStep       int     `json:"slider_step"`        // default 500
	FallbackMaxPrice int     `json:"fallback_max_price"` // default 100000
	// CarType preselects the car type; default "" (all).
	CarType CarType `json:"car_type,omitempty"`
}

// ReserveConfig holds the reserve-online terms (spec 000 §9, spec 001 §9).
type ReserveConfig struct {
	Deposit   int `json:"deposit"`    // dollars; default 200
	HoldHours int `json:"hold_hours"` // default 48
	// RefundableText is the refund terms shown at checkout (issue 13);
	// default DefaultRefundableText.
	RefundableText string `json:"refundable_text,omitempty"`
	// CarTypes and Dealerships limit which cars may be reserved online
	// (issue 13); empty means every car type and every dealership of the site.
	CarTypes    []CarType `json:"car_types,omitempty"`
	Dealerships []string  `json:"dealerships,omitempty"`
	// TimeZone overrides the IANA time zone a hold's end is shown in; empty
	// means the dealership's location's zone, else the site's time_zone
	// (HoldZone).
	TimeZone string `json:"time_zone,omitempty"`
	// MaxPendingHolds is how many cars one shopper may hold in checkout
	// (pending, PendingHold each) on the site at once (issue 31: one shopper
	// cannot hold every reservable car); default DefaultMaxPendingHolds (2),
	// at least 1. A paid deposit no longer counts.
	MaxPendingHolds int `json:"max_pending_holds"`
}

// DefaultWidgetCount is how many cars a fixed-count widget (home latest
// arrivals, car page similar cars) lists unless the site says otherwise;
// MaxWidgetCount bounds it (one search answer, one row or two of cards).
const (
	DefaultWidgetCount = 4
	MaxWidgetCount     = 12
)

// Default promotions slide size (spec 001 §9).
const (
	DefaultSlideWidth  = 1920
	DefaultSlideHeight = 540
)

// HomeConfig shapes the home page (spec 001 §9 "Promotions slider"; issue 17).
type HomeConfig struct {
	// Slides are the promotions slider's slides in order; each shows from its
	// start until its expiry (PromoActive, judged when the page is viewed).
	// A slide needs an image_url (with alt text) or a background.
	Slides []PromoTile `json:"slides,omitempty"`
	// SlideWidth and SlideHeight are the slides' intrinsic size; default
	// 1920 × 540 (spec 001 §9).
	SlideWidth  int `json:"slide_width"`
	SlideHeight int `json:"slide_height"`
	// SlideSeconds is the autoplay interval; default 6. Autoplay never runs
	// for a shopper who asks for reduced motion.
	SlideSeconds int `json:"slide_seconds"`
	// LatestArrivals is how many of the newest cars the home page lists
	// (spec 000 §7 secondary lookup, issue 17), asked for only once the
	// block scrolls into view (issue 18: at most one search before the
	// shopper interacts). Default 4; 0 turns the block off.
	LatestArrivals int `json:"latest_arrivals"`
	// OurDealerships picks the home page's one "Our dealerships" section
	// (issue 32 item 10: it showed twice on a group and linked off-site):
	// "list" (default) the site's dealerships with links to their stock on
	// this site, shown when it has more than one; "websites" the brand
	// banner of dealership_websites (spec 001 §2), linking each entry's url;
	// "off" none.
	OurDealerships OurDealerships `json:"our_dealerships"`
}

// OurDealerships is what the home page's "Our dealerships" section lists.
type OurDealerships string

// The values of HomeConfig.OurDealerships.
const (
	OurDealershipsList     OurDealerships = "list"
	OurDealershipsWebsites OurDealerships = "websites"
	OurDealershipsOff      OurDealerships = "off"
)

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

// LocationsConfig shapes the location blocks and the map (spec 001 §2
// "Location blocks", §9 "Display").
type LocationsConfig struct {
	// Layout of several locations: "grid" (default) or "list".
	Layout string `json:"layout"`
	// ShowContact shows the contact buttons and licence numbers on location
	// cards (spec 001 §2 "show flag"); default true.
	ShowContact bool `json:"show_contact"`
	// EmailUs offers the email-us modal on cards of locations with an e-mail; default true.
	EmailUs bool `json:"email_us"`
	// BookService shows Book a Service (to /service) on service locations; default false.
	BookService bool `json:"book_service"`
	// MapStyleURL is the MapLibre style of the map (in AWS an Amazon Location
	// Service map style with its key); default "" shows a static card instead.
	MapStyleURL string `json:"map_style_url,omitempty"`
	// MapZoom is the map's zoom; default 10.
	MapZoom int `json:"map_zoom"`
	// ViewLocation is where a location card's View Location goes (spec 001
	// §2): "page" (/locations/{slug}) or "contact" (/contact, which shows
	// the locations); default "contact" on a manufacturer's site, else "page".
	ViewLocation string `json:"view_location"`
	// ContactFilter picks the locations /contact shows (spec 001 §2's
	// location filters); default type "all".
	ContactFilter LocationFilter `json:"contact_filter"`
}

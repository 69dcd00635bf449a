package shared

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
)

// Sort options (spec 000 §9, spec 001 §9), named as the index replicas are:
// replica "<index>_<option>"; relevance is the main index.
const (
	SortRelevance = "relevance"
	SortLatest    = "latest"
	SortPriceDesc = "price_desc"
	SortPriceAsc  = "price_asc"
	SortKMDesc    = "km_desc"
	SortKMAsc     = "km_asc"
)

// SortOptions lists every sort option in display order.
var SortOptions = []string{SortRelevance, SortLatest, SortPriceDesc, SortPriceAsc, SortKMDesc, SortKMAsc}

// Facets lists every facet of the listing by its spec name (spec 000 §2).
var Facets = []string{
	"badge", "status", "car_type", "categories", "city", "colour", "dealership_name",
	"filtered_features", "item_type", "km", "location_name", "make", "make_model", "model",
	"price", "subscription_price", "price_range", "seats", "body", "drive", "fuel",
	"transmission", "state", "tag", "weekly_price_range", "year",
}

// CardChips lists the attributes a car card can show as chips (spec 000 §2).
var CardChips = []string{
	"car_type", "simple_body", "km", "simple_transmission", "stocknum",
	"simple_fuel", "colour", "drive", "seats", "doors", "year", "engine_size",
}

// FinanceProviders are the spec's finance_provider values (spec 001 §3).
var FinanceProviders = []string{"Taurus", "Powertorque", "AusLoans", "Angle", "360 Finance", "Nissan Finance", "Manual", "Car Clarity"}

// Templates are the site templates the web app renders (web/src/features/site/theme.ts).
var Templates = []string{"classic", "modern"}

var (
	slugRE   = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	colourRE = regexp.MustCompile(`^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`)
	clockRE  = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)
	// A dealer CRM's webhook: https anywhere, plain http only to this machine.
	webhookURLRE = regexp.MustCompile(`^(https://[^\s/?#]+|http://(localhost|127\.0\.0\.1)(:\d+)?)(/[^\s]*)?$`)
	// Secrets Manager names: letters, digits and /_+=.@-.
	secretNameRE = regexp.MustCompile(`^[A-Za-z0-9/_+=.@-]{1,256}$`)

	offerIDRE = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
)

// DefaultLeadCategories are the general enquiry's categories unless a site
// names its own; "Careers Enquiry" becomes General Enquiry / Career Enquiry
// (NormalizeLead).
var DefaultLeadCategories = []string{CategoryGeneralEnquiry, "Sales Enquiry", "Service Enquiry", "Parts Enquiry", "Finance Enquiry", "Careers Enquiry"}

// DefaultSite returns a site holding every documented default.
func DefaultSite() Site {
	s := DecodeBase()
	applyDerivedDefaults(&s)
	return s
}

// DecodeBase is what a site's JSON is decoded onto (DecodeSite, the stored
// configs), before ApplyDefaults: every default except those derived from
// other fields (the footer's links, the dealer type, the stock listing
// path). A field the JSON leaves out keeps its default, booleans that
// default to true included; a derived default is filled after decoding,
// so it follows the file's stock.car_types, not the default types (issue 32
// item 9: a used-only yard's footer linked New Cars and Demo Cars).
func DecodeBase() Site {
	var s Site
	s.Features = Features{Compare: true, Favourites: true, Reserve: true, TradeIn: true, PhoneLinks: true, CertifiedBadge: true, SpinToWinGated: true}
	s.Search.LocationFilter = true
	s.Search.PhotosFirst = true
	s.Leads.Captcha = true
	s.Leads.OptInChecked = true
	s.Leads.Categories = slices.Clone(DefaultLeadCategories)
	s.LocationsBlock.ShowContact, s.LocationsBlock.EmailUs = true, true
	// Counts whose 0 means "off": set here so a tenant file can say 0.
	s.Home.LatestArrivals, s.CarPage.SimilarCars = DefaultWidgetCount, DefaultWidgetCount
	applyOwnDefaults(&s)
	return s
}

// ApplyDefaults sets every zero-valued field that has a documented default.
// Booleans whose default is true cannot be told apart from false here;
// DecodeBase sets those.
func ApplyDefaults(s *Site) {
	applyOwnDefaults(s)
	applyDerivedDefaults(s)
}

// applyDerivedDefaults fills the defaults computed from other fields, which
// must run after the site's own values are in (DecodeBase).
func applyDerivedDefaults(s *Site) {
	if s.DealerType == "" {
		s.DealerType = DefaultDealerType(*s)
	}
	if s.Stock.ListingPath == "" {
		s.Stock.ListingPath = StockListingPath(s.Stock.CarTypes)
	}
	if s.LocationsBlock.ViewLocation == "" {
		s.LocationsBlock.ViewLocation = "page"
		if s.Manufacturer != nil && s.Manufacturer.Name != "" {
			s.LocationsBlock.ViewLocation = "contact"
		}
	}
	applyFooterDefaults(s)
	applyPromoTextDefaults(s)
	// The roles follow the brand colours, never the file (issue 32).
	s.Theme.Roles, _ = ColourRoles(s.Theme.PrimaryColor, s.Theme.AccentColor)
}

// applyOwnDefaults fills the defaults that depend on no other field.
func applyOwnDefaults(s *Site) {
	setStr := func(p *string, v string) {
		if *p == "" {
			*p = v
		}
	}
	setInt := func(p *int, v int) {
		if *p == 0 {
			*p = v
		}
	}
	setFloat := func(p *float64, v float64) {
		if *p == 0 {
			*p = v
		}
	}
	setStr(&s.Template, "classic")

	t := &s.Theme
	setStr(&t.PrimaryColor, "#1d4ed8")
	setStr(&t.AccentColor, "#f59e0b")
	setStr(&t.HeaderBg, "#ffffff")
	setStr(&t.HeaderText, "#111827")
	setStr(&t.FontFamily, `system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`)
	setInt(&t.BorderRadiusPx, 8)

	x := &s.Texts
	setStr(&x.NoPrice, "Enquire for price.")
	setStr(&x.NewArrival, "New Arrival")
	setStr(&x.SoldTag, "JUST SOLD")
	setStr(&x.NewTag, "New")
	setStr(&x.CallText, "Call the dealer")
	setStr(&x.EnquireLabel, "Enquire Now")
	setStr(&x.UsedKeyword, "Used")
	setStr(&x.FindSimilar, "Find Me Something Similar")
	setStr(&x.DealerCommentsTitle, "Dealer Comments")
	setStr(&x.DealerCommentsPending, "Dealer comments are pending. Please check back here later.")
	setStr(&x.SoldNotice, "Unfortunately this vehicle recently sold.")
	setStr(&x.LocationsTitle, "Our Locations")

	setStr(&s.LocationsBlock.Layout, "grid")
	setInt(&s.LocationsBlock.MapZoom, 10)
	setStr(&s.LocationsBlock.ContactFilter.Type, "all")
	for i := range s.Locations {
		setStr(&s.Locations[i].TimeZone, DefaultTimeZone)
	}

	setStr(&s.Features.ReservePath, "checkout")
	// Served canonical, as car makes are indexed, so the tag rule (Go and
	// TypeScript alike) compares plain names ("range rover" -> "Land Rover").
	if p := s.Features.CertifiedProgramme; p != "" {
		s.Features.CertifiedProgramme = CanonicalMake(p)
	}
	setStr(&s.Features.TradeInPath, "/trade-in")
	setStr(&s.Features.FavouritesPath, DefaultFavouritesPath)
	setStr(&s.Features.WatchlistPath, DefaultWatchlistPath)
	if len(s.Leads.TradeInQuestions) == 0 {
		s.Leads.TradeInQuestions = DefaultTradeInQuestions()
	}

	q := &s.Search
	if len(q.Facets) == 0 {
		q.Facets = []string{"make", "model", "car_type", "price", "body", "year", "km", "fuel", "transmission", "colour"}
	}
	if len(q.SortOptions) == 0 {
		q.SortOptions = []string{SortRelevance, SortLatest, SortPriceDesc, SortPriceAsc}
	}
	setInt(&q.CTAPosition, DefaultCTAPosition)
	if len(q.PromoPositions) == 0 {
		q.PromoPositions = []int{8, 17}
	}
	setInt(&q.MakesCollapsed, 7)
	setInt(&q.HitsPerPage, 21)

	if len(s.Card.Chips) == 0 {
		s.Card.Chips = []string{"car_type", "simple_body", "km", "simple_transmission", "stocknum"}
	}

	f := &s.Finance
	setFloat(&f.InterestRate, DefaultInterestRate)
	setInt(&f.TermYears, DefaultTermYears)
	if f.HiddenMakes == nil {
		f.HiddenMakes = []string{"Suzuki"}
	}

	if len(s.Stock.CarTypes) == 0 {
		s.Stock.CarTypes = []CarType{CarTypeNew, CarTypeUsed, CarTypeDemo}
	}
	setInt(&s.Stock.SoldRetentionDays, DefaultSoldRetentionDays)

	setStr(&s.Leads.LocationPlaceholder, "Please Select a Dealership Location")
	setStr(&s.Leads.DealershipPlaceholder, "Select a Preferred Dealership")
	setStr(&s.Leads.DefaultCategory, CategoryGeneralEnquiry)
	setInt(&s.Leads.RetentionDays, DefaultLeadRetentionDays)
	setInt(&s.Leads.TestDrive.Days, 14)
	setInt(&s.Leads.TestDrive.SlotMinutes, 30)
	setInt(&s.Leads.TestDrive.LeadMinutes, 120)
	setStr(&s.TimeZone, DefaultTimeZone)

	setInt(&s.Reviews.MinRating, 4)
	setInt(&s.Reviews.Shown, 10)
	setInt(&s.Reviews.FullQuantity, DefaultReviewsFullQuantity)

	b := &s.Budget
	setStr(&b.Frequency, "monthly")
	setFloat(&b.MonthlyRepayment, 600)
	setFloat(&b.WeeklyRepayment, 200)
	setFloat(&b.Deposit, 2000)
	setInt(&b.TermYears, 5)
	setInt(&b.SliderMin, 5000)
	setInt(&b.SliderMax, 250000)
	setInt(&b.SliderStep, 500)
	setInt(&b.FallbackMaxPrice, 100000)

	setInt(&s.Home.SlideWidth, DefaultSlideWidth)
	setInt(&s.Home.SlideHeight, DefaultSlideHeight)
	setInt(&s.Home.SlideSeconds, 6)
	if s.Home.OurDealerships == "" {
		s.Home.OurDealerships = OurDealershipsList
	}

	setInt(&s.Reserve.Deposit, 200)
	setInt(&s.Reserve.HoldHours, 48)
	setInt(&s.Reserve.MaxPendingHolds, DefaultMaxPendingHolds)
	setStr(&s.Reserve.RefundableText, DefaultRefundableText)

	setStr(&f.DefaultRateLabel, DefaultRateEstimateLabel)
	setFloat(&f.CalculatorRate, DefaultCalculatorRate)
	setStr(&f.VehicleType, "Car")
	setStr(&f.State, "qld")
	setStr(&f.FinePrint, DefaultFinePrint)
	setStr(&f.IndicativeDisclaimer, DefaultIndicativeDisclaimer)
	applyCarPageDefaults(&s.CarPage)

	applyManufacturerDefaults(s.Manufacturer)
}

// DecodeSite reads one site configuration from r. name (usually the file
// path) prefixes every error. The JSON is strict: an unknown field or a value
// of the wrong type is an error naming the field's JSON path. Defaults are
// applied, then the site is validated. Every error is a *FileError wrapping
// an EINVALID *Error with Field set; several are joined.
func DecodeSite(r io.Reader, name string) (Site, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Site{}, fmt.Errorf("read site %s: %w", name, err)
	}
	data, err = withoutSchemaKey(data)
	if err != nil {
		return Site{}, inFile(name, err)
	}
	s := DecodeBase()
	if err := decodeStrict(data, &s); err != nil {
		return Site{}, inFile(name, err)
	}
	ApplyDefaults(&s)
	if err := s.Validate(); err != nil {
		return Site{}, inFile(name, err)
	}
	return s, nil
}

// withoutSchemaKey removes a top-level "$schema" (the tenant file's JSON
// Schema, infra/tenant.schema.json, for editors) from a site document: it is
// not part of the site. A document that is not a JSON object is returned
// as it is, for decodeStrict to report.
func withoutSchemaKey(data []byte) ([]byte, error) {
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil {
		return data, nil
	}
	raw, ok := top["$schema"]
	if !ok {
		return data, nil
	}
	var ref any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&ref); err != nil {
		return nil, FieldError("$schema", "%v", err)
	}
	if _, ok := ref.(string); !ok {
		return nil, FieldError("$schema", "want string, got %s", jsonKind(ref))
	}
	delete(top, "$schema")
	out, err := json.Marshal(top)
	if err != nil {
		return nil, fmt.Errorf("site without $schema: %w", err)
	}
	return out, nil
}

// checkNav checks menu entries: each needs a label, and a path unless it
// only opens a dropdown.
func checkNav(items []NavItem, path string, bad func(field, format string, args ...any), checkPath func(field, v string)) {
	for i, n := range items {
		p := fmt.Sprintf("%s[%d]", path, i)
		if strings.TrimSpace(n.Label) == "" {
			bad(p+".label", "required")
		}
		if (len(n.Children) == 0 && !n.Models) || n.Path != "" {
			checkPath(p+".path", n.Path)
		}
		checkNav(n.Children, p+".children", bad, checkPath)
	}
}

// BudgetClampLimit is the budget finder's upper bound for repayment and deposit (spec 001 §5).
const BudgetClampLimit = 1_000_000

// Car page text defaults (spec 000 §2, spec 001 §9).
const (
	DefaultUsedCarTerms = "Change your mind? Return the vehicle within 14 days for a refund or exchange, " +
		"provided it has travelled no more than 500 km, has at least a quarter tank of fuel, " +
		"and comes back with all keys and accessories, free of any financial lien."
	DefaultCertifiedText = "This vehicle is {programme} Certified Pre-Owned: it has passed the manufacturer's " +
		"certification inspection and comes with the programme's benefits. Ask us for the details."
	DefaultUsedGuaranteeText = "48-hour money-back guarantee and 12 months roadside assist on every used vehicle."
	DefaultWhatsIncludedText = "Every vehicle is inspected and detailed before delivery, and comes with its " +
		"service history where available and a registration check."
	DefaultWhyBuyText = "We are a local, licensed motor dealer. Every car is priced to the market, " +
		"backed by our team after you drive away, and you can trade in, finance and insure in one place."
	DefaultProtectText = "Ask us about extended warranty, paint and interior protection, and " +
		"insurance options to protect your car from day one."
)

// applyCarPageDefaults fills the car page's titles and texts.
func applyCarPageDefaults(c *CarPageConfig) {
	setStr := func(p *string, v string) {
		if *p == "" {
			*p = v
		}
	}
	t := &c.Tabs
	setStr(&t.WhatsIncluded.Title, "What's Included")
	setStr(&t.WhatsIncluded.Body, DefaultWhatsIncludedText)
	setStr(&t.WhyBuy.Title, "Why Buy From Us?")
	setStr(&t.WhyBuy.Body, DefaultWhyBuyText)
	setStr(&t.ReserveOnline.Title, "Reserve Online")
	setStr(&t.Protect.Title, "Protect Your Car")
	setStr(&t.Protect.Body, DefaultProtectText)
	setStr(&t.Features.Title, "Features")
	if len(c.Sidebar.Buttons) == 0 {
		c.Sidebar.Buttons = slices.Clone(ActionKinds)
	}
	setStr(&c.UsedCarTerms.Text, DefaultUsedCarTerms)
	setStr(&c.UsedGuaranteeText, DefaultUsedGuaranteeText)
	setStr(&c.CertifiedText, DefaultCertifiedText)
}

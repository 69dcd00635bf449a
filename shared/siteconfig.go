package shared

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"time"
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

// Validate checks the site's semantic rules and returns every violation as
// an EINVALID *Error naming the field's JSON path (joined when several).
// Zero values that ApplyDefaults would fill are accepted.
func (s Site) Validate() error {
	var errs []error
	bad := func(field, format string, args ...any) {
		errs = append(errs, FieldError(field, format, args...))
	}
	required := func(field, v string) {
		if strings.TrimSpace(v) == "" {
			bad(field, "required")
		}
	}
	// uniqueID checks a required id that no earlier entry of its list has.
	uniqueID := func(field, kind, v string, seen map[string]bool) {
		if v == "" {
			bad(field, "required")
		} else if seen[v] {
			bad(field, "duplicate %s %q", kind, v)
		}
		seen[v] = true
	}
	date := func(field, v, example string) time.Time {
		t, err := time.Parse(time.DateOnly, v)
		if err != nil {
			bad(field, "want a date like %s, got %q", example, v)
		}
		return t
	}
	if s.EdgeCell < 0 {
		bad("edge_cell", "must be 1 or more, got %d", s.EdgeCell)
	}
	checkSlug := func(field, v string) {
		if v == "" {
			bad(field, "required")
		} else if !slugRE.MatchString(v) {
			bad(field, "%q is not a slug (lower-case letters and digits joined by single hyphens)", v)
		}
	}
	oneOf := func(field, v string, allowed []string) {
		if !slices.Contains(allowed, v) {
			bad(field, "unknown value %q; want one of %s", v, strings.Join(allowed, ", "))
		}
	}
	checkColour := func(field, v string) {
		if v != "" && !colourRE.MatchString(v) {
			bad(field, "%q is not a hex colour like #1d4ed8", v)
		}
	}
	checkCarType := func(field string, v CarType) {
		oneOf(field, string(v), []string{string(CarTypeNew), string(CarTypeUsed), string(CarTypeDemo)})
	}
	checkPath := func(field, v string) {
		if v == "" {
			bad(field, "required")
		} else if !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "https://") && !strings.HasPrefix(v, "http://") {
			bad(field, "%q must start with / or be an http(s) URL", v)
		}
	}
	nonNegative := func(field string, v int) {
		if v < 0 {
			bad(field, "must not be negative, got %d", v)
		}
	}

	checkSlug("slug", s.Slug)
	required("name", s.Name)
	if s.Template != "" {
		oneOf("template", s.Template, Templates)
	}
	if s.LocationsBlock.Layout != "" {
		oneOf("locations_block.layout", s.LocationsBlock.Layout, []string{"grid", "list"})
	}
	if s.LocationsBlock.ViewLocation != "" {
		oneOf("locations_block.view_location", s.LocationsBlock.ViewLocation, []string{"page", "contact"})
	}
	if t := s.LocationsBlock.ContactFilter.Type; t != "" && !slices.Contains(LocationFilterTypes, t) &&
		!slices.ContainsFunc(s.Locations, func(l Location) bool { return l.ID == t }) {
		bad("locations_block.contact_filter.type", "want one of %s or a location id of this site, got %q", strings.Join(LocationFilterTypes, ", "), t)
	}
	if z := s.LocationsBlock.MapZoom; z < 0 || z > 22 {
		bad("locations_block.map_zoom", "want 1 to 22, got %d", z)
	}
	if s.Logo != nil && s.Logo.URL == "" {
		bad("logo.url", "required when logo is set")
	}
	if s.Manufacturer != nil && s.Manufacturer.Name == "" {
		bad("manufacturer.name", "required when manufacturer is set")
	}
	checkColour("theme.primary_color", s.Theme.PrimaryColor)
	checkColour("theme.accent_color", s.Theme.AccentColor)
	checkColour("theme.header_bg", s.Theme.HeaderBg)
	checkColour("theme.header_text", s.Theme.HeaderText)
	nonNegative("theme.border_radius_px", s.Theme.BorderRadiusPx)

	dealerships := map[string]bool{}
	if len(s.Dealerships) == 0 {
		bad("dealerships", "at least one dealership is required")
	}
	for i, d := range s.Dealerships {
		p := fmt.Sprintf("dealerships[%d]", i)
		checkSlug(p+".slug", d.Slug)
		if dealerships[d.Slug] {
			bad(p+".slug", "duplicate dealership slug %q", d.Slug)
		}
		dealerships[d.Slug] = true
		required(p+".name", d.Name)
		nonNegative(p+".stock_count", d.StockCount)
		if w := d.Webhook; w != nil {
			if !webhookURLRE.MatchString(w.URL) {
				bad(p+".webhook.url", "want an https URL (http only to localhost), got %q", w.URL)
			}
			if !secretNameRE.MatchString(w.SecretName) {
				bad(p+".webhook.secret_name", "want a secret name like forecourt/webhook/%s, got %q", d.Slug, w.SecretName)
			}
		}
	}

	locIDs := map[string]bool{}
	for i, l := range s.Locations {
		p := fmt.Sprintf("locations[%d]", i)
		uniqueID(p+".id", "location id", l.ID, locIDs)
		required(p+".name", l.Name)
		if l.Slug != "" {
			checkSlug(p+".slug", l.Slug)
		}
		oneOf(p+".location_type", string(l.LocationType), []string{"", string(LocationSales), string(LocationService), string(LocationParts)})
		if _, err := time.LoadLocation(l.TimeZone); l.TimeZone != "" && (err != nil || l.TimeZone == "Local") {
			bad(p+".time_zone", "want an IANA time zone like Australia/Brisbane, got %q", l.TimeZone)
		}
		if l.DealershipSlug != "" && !dealerships[l.DealershipSlug] {
			bad(p+".dealership_slug", "%q is not one of the site's dealerships", l.DealershipSlug)
		}
		if len(l.Team) > MaxTeamMembers {
			bad(p+".team", "at most %d members, got %d", MaxTeamMembers, len(l.Team))
		}
		for j, m := range l.Team {
			tp := fmt.Sprintf("%s.team[%d]", p, j)
			required(tp+".name", m.Name)
			// "/" alone would let "//host/..." through: a protocol-relative link to any host.
			if m.Photo != nil && !strings.HasPrefix(m.Photo.URL, "/media/") && !strings.HasPrefix(m.Photo.URL, "https://") {
				bad(tp+".photo.url", "want a /media/ path or an https URL, got %q", m.Photo.URL)
			}
		}
		for j, h := range l.ContactDetail.OpeningHours {
			hp := fmt.Sprintf("%s.contact_detail.opening_hours[%d]", p, j)
			if h.Weekday < 0 || h.Weekday > 6 {
				bad(hp+".weekday", "want 0 (Sunday) to 6 (Saturday), got %d", h.Weekday)
			}
			oneOf(hp+".status", h.Status, []string{"Open", "Closed"})
			if h.Status == "Open" {
				if !clockRE.MatchString(h.Open) {
					bad(hp+".open", "want a 24-hour time like 08:30, got %q", h.Open)
				}
				if !clockRE.MatchString(h.Close) {
					bad(hp+".close", "want a 24-hour time like 17:00, got %q", h.Close)
				} else if clockRE.MatchString(h.Open) && h.Close <= h.Open {
					bad(hp+".close", "closes at %s, not after it opens at %s", h.Close, h.Open)
				}
			}
		}
		for j, sh := range l.SpecialHours {
			hp := fmt.Sprintf("%s.special_hours[%d]", p, j)
			date(hp+".date", sh.Date, "2025-12-25")
			oneOf(hp+".status", sh.Status, []string{"Open", "Closed"})
			oneOf(hp+".department", sh.Department, []string{"sales", "service", "parts", "all"})
			for _, c := range []struct{ f, v string }{{"start_hour", sh.StartHour}, {"end_hour", sh.EndHour}} {
				if c.v != "" && !clockRE.MatchString(c.v) {
					bad(hp+"."+c.f, "want a 24-hour time like 09:00, got %q", c.v)
				}
			}
		}
	}

	checkNav(s.Navigation, "navigation", bad, checkPath)

	for i, f := range s.Search.Facets {
		oneOf(fmt.Sprintf("search.facets[%d]", i), f, Facets)
	}
	for i, o := range s.Search.SortOptions {
		oneOf(fmt.Sprintf("search.sort_options[%d]", i), o, SortOptions)
	}
	for i, p := range s.Search.PromoPositions {
		if p <= 0 {
			bad(fmt.Sprintf("search.promo_positions[%d]", i), "want a position above 0, got %d", p)
		}
	}
	nonNegative("search.cta_position", s.Search.CTAPosition)
	if c := s.Search.CTA; c != nil {
		validatePromoKind(s, "search.cta", *c, bad)
		required("search.cta.title", c.Title)
		if c.LinkPath != "" && !strings.HasPrefix(c.LinkPath, "/") {
			bad("search.cta.link_path", "want a site path starting with /, got %q", c.LinkPath)
		}
	}
	for i, m := range s.Search.PopularMakes {
		if strings.TrimSpace(m) == "" {
			bad(fmt.Sprintf("search.popular_makes[%d]", i), "empty make")
		}
	}
	nonNegative("search.makes_collapsed", s.Search.MakesCollapsed)
	if s.Search.HitsPerPage < 0 || s.Search.HitsPerPage > 1000 {
		bad("search.hits_per_page", "want 1 to 1000, got %d", s.Search.HitsPerPage)
	}
	for i, c := range s.Card.Chips {
		oneOf(fmt.Sprintf("card.chips[%d]", i), c, CardChips)
	}

	if s.Finance.Provider != "" {
		oneOf("finance.provider", s.Finance.Provider, FinanceProviders)
	}
	if r := s.Finance.InterestRate; r < 0 || r > 50 {
		bad("finance.interest_rate", "want a percentage from 0 to 50, got %v", r)
	}
	if y := s.Finance.TermYears; y < 0 || y > 10 {
		bad("finance.term_years", "want 1 to 10 years, got %d", y)
	}

	if s.DealerType != "" {
		oneOf("dealer_type", string(s.DealerType), []string{string(DealerFranchise), string(DealerIndependent)})
	}
	if p := s.Stock.ListingPath; p != "" && !strings.HasPrefix(p, "/search/") {
		bad("stock.listing_path", "%q must be a listing path starting /search/", p)
	}
	for i, t := range s.Stock.CarTypes {
		checkCarType(fmt.Sprintf("stock.car_types[%d]", i), t)
	}
	nonNegative("stock.sold_retention_days", s.Stock.SoldRetentionDays)
	nonNegative("stock.max_age_years", s.Stock.MaxAgeYears)

	if s.Features.ReservePath != "" {
		oneOf("features.reserve_path", s.Features.ReservePath, []string{"checkout", "buy-online"})
	}
	if s.Features.TradeInPath != "" {
		oneOf("features.trade_in_path", s.Features.TradeInPath, TradeInPaths)
	}
	if p := s.Features.FavouritesPath; p != "" && !favouritesPathPattern.MatchString(p) {
		bad("features.favourites_path", "want a path such as /favourites (lower-case letters, digits, - and /), got %q", p)
	}
	if p := s.Features.WatchlistPath; p != "" && !favouritesPathPattern.MatchString(p) {
		bad("features.watchlist_path", "want a path such as /watchlist (lower-case letters, digits, - and /), got %q", p)
	}
	if err := validateTradeInQuestions(s.Leads.TradeInQuestions); err != nil {
		errs = append(errs, err)
	}

	promoIDs := map[string]bool{}
	for i, p := range s.Promotions {
		pp := fmt.Sprintf("promotions[%d]", i)
		uniqueID(pp+".id", "promotion id", p.ID, promoIDs)
		validatePromoKind(s, pp, p, bad)
		required(pp+".title", p.Title)
		for j, t := range p.Display {
			checkCarType(fmt.Sprintf("%s.display[%d]", pp, j), t)
		}
		var start, expiry time.Time
		if p.Start != "" {
			start = date(pp+".start", p.Start, "2025-07-01")
		}
		if p.Expiry != "" {
			expiry = date(pp+".expiry", p.Expiry, "2025-08-01")
		}
		if !start.IsZero() && !expiry.IsZero() && expiry.Before(start) {
			bad(pp+".expiry", "%s is before start %s", p.Expiry, p.Start)
		}
		if p.Position < 0 {
			bad(pp+".position", "want a position above 0, got %d", p.Position)
		}
		if p.LinkPath != "" {
			checkPath(pp+".link_path", p.LinkPath)
		}
	}

	if r := s.Reviews.MinRating; r < 0 || r > 5 {
		bad("reviews.min_rating", "want 0 to 5, got %d", r)
	}
	nonNegative("reviews.shown", s.Reviews.Shown)
	nonNegative("reviews.full_quantity", s.Reviews.FullQuantity)

	b := s.Budget
	if b.Frequency != "" {
		oneOf("budget.frequency", b.Frequency, []string{"monthly", "weekly"})
	}
	if b.CarType != "" {
		checkCarType("budget.car_type", b.CarType)
	}
	if b.SliderMin < 0 || (b.SliderMax != 0 && b.SliderMax <= b.SliderMin) {
		bad("budget.slider_max", "want above slider_min %d, got %d", b.SliderMin, b.SliderMax)
	}
	nonNegative("budget.slider_step", b.SliderStep)
	for _, c := range []struct {
		f string
		v float64
	}{{"budget.monthly_repayment", b.MonthlyRepayment}, {"budget.weekly_repayment", b.WeeklyRepayment}, {"budget.deposit", b.Deposit}} {
		if c.v < 0 || c.v > BudgetClampLimit {
			bad(c.f, "want 0 to %d, got %v", BudgetClampLimit, c.v)
		}
	}
	nonNegative("reserve.deposit", s.Reserve.Deposit)
	nonNegative("reserve.hold_hours", s.Reserve.HoldHours)
	nonNegative("reserve.max_pending_holds", s.Reserve.MaxPendingHolds)
	nonNegative("leads.retention_days", s.Leads.RetentionDays)
	nonNegative("leads.test_drive.days", s.Leads.TestDrive.Days)
	if s.Leads.TestDrive.Days > 90 {
		bad("leads.test_drive.days", "at most 90, got %d", s.Leads.TestDrive.Days)
	}
	nonNegative("leads.test_drive.lead_minutes", s.Leads.TestDrive.LeadMinutes)
	if m := s.Leads.TestDrive.SlotMinutes; m < 0 || (m != 0 && m < 5) {
		bad("leads.test_drive.slot_minutes", "at least 5, got %d", m)
	}
	checkZone := func(field, v string) {
		if v == "" {
			return
		}
		if _, err := time.LoadLocation(v); err != nil {
			bad(field, "%q is not an IANA time zone like Australia/Sydney", v)
		}
	}
	checkZone("time_zone", s.TimeZone)
	for i, l := range s.Locations {
		checkZone(fmt.Sprintf("locations[%d].time_zone", i), l.TimeZone)
	}
	for i, t := range s.Reserve.CarTypes {
		checkCarType(fmt.Sprintf("reserve.car_types[%d]", i), t)
	}
	for i, d := range s.Reserve.Dealerships {
		checkSlug(fmt.Sprintf("reserve.dealerships[%d]", i), d)
	}
	if _, err := time.LoadLocation(s.Reserve.TimeZone); s.Reserve.TimeZone != "" && err != nil {
		bad("reserve.time_zone", "%q is not an IANA time zone like Australia/Brisbane", s.Reserve.TimeZone)
	}

	for i, b := range s.CarPage.Sidebar.Buttons {
		oneOf(fmt.Sprintf("car_page.sidebar.buttons[%d]", i), b, ActionKinds)
	}
	for k := range s.CarPage.Sidebar.Labels {
		oneOf("car_page.sidebar.labels."+k, k, append(slices.Clone(ActionKinds), ActionFindSimilar))
	}

	checkNav(s.Footer.Vehicles, "footer.vehicles", bad, checkPath)
	checkNav(s.Footer.BuyerTools, "footer.buyer_tools", bad, checkPath)
	checkNav(s.Footer.Service, "footer.service", bad, checkPath)
	checkNav(s.Footer.Dealer, "footer.dealer", bad, checkPath)
	for i, m := range s.Footer.PaymentMethods {
		oneOf(fmt.Sprintf("footer.payment_methods[%d]", i), m, append(slices.Clone(PaymentMethods), "none"))
	}
	for i, n := range s.Navigation {
		if n.Models && s.Manufacturer == nil {
			bad(fmt.Sprintf("navigation[%d].models", i), "needs manufacturer: the models come from its stock")
		}
		// The dropdown replaces the entry's own link: without a child
		// linking it (All stock), nothing in the menu reaches that page.
		if n.Stock && len(n.Children) == 0 {
			bad(fmt.Sprintf("navigation[%d].children", i), "a stock dropdown needs a child linking its own page (e.g. All stock to %s)", cmp.Or(n.Path, "/cars/"))
		}
	}
	offerIDs := map[string]bool{}
	for i, o := range s.Offers {
		op := fmt.Sprintf("offers[%d]", i)
		uniqueID(op+".id", "offer id", o.ID, offerIDs)
		if o.ID != "" && !offerIDRE.MatchString(o.ID) {
			bad(op+".id", "%q must be letters, digits, - or _ (it is a URL segment)", o.ID)
		}
		required(op+".name", o.Name)
		if o.Model != nil && o.Model.OverrideURL != "" {
			checkPath(op+".model.override_url", o.Model.OverrideURL)
		}
	}

	slideIDs := map[string]bool{}
	for i, sl := range s.Home.Slides {
		sp := fmt.Sprintf("home.slides[%d]", i)
		uniqueID(sp+".id", "slide id", sl.ID, slideIDs)
		validatePromoKind(s, sp, sl, bad)
		required(sp+".title", sl.Title)
		if sl.ImageURL == "" && sl.Background == "" {
			bad(sp+".image_url", "a slide needs an image_url or a background")
		}
		if sl.ImageURL != "" {
			checkPath(sp+".image_url", sl.ImageURL)
			required(sp+".alt", sl.Alt)
		}
		if sl.LinkPath != "" {
			checkPath(sp+".link_path", sl.LinkPath)
		}
		var start, expiry time.Time
		if sl.Start != "" {
			start = date(sp+".start", sl.Start, "2025-07-01")
		}
		if sl.Expiry != "" {
			expiry = date(sp+".expiry", sl.Expiry, "2025-08-01")
		}
		if !start.IsZero() && !expiry.IsZero() && expiry.Before(start) {
			bad(sp+".expiry", "%s is before start %s", sl.Expiry, sl.Start)
		}
	}
	nonNegative("home.slide_width", s.Home.SlideWidth)
	nonNegative("home.slide_height", s.Home.SlideHeight)
	nonNegative("home.slide_seconds", s.Home.SlideSeconds)
	if v := s.Home.OurDealerships; v != "" {
		oneOf("home.our_dealerships", string(v), []string{string(OurDealershipsList), string(OurDealershipsWebsites), string(OurDealershipsOff)})
	}
	if n := s.Home.LatestArrivals; n < 0 || n > MaxWidgetCount {
		bad("home.latest_arrivals", "must be 0 to %d, got %d", MaxWidgetCount, n)
	}
	if n := s.CarPage.SimilarCars; n < 0 || n > MaxWidgetCount {
		bad("car_page.similar_cars", "must be 0 to %d, got %d", MaxWidgetCount, n)
	}

	for i, w := range s.DealershipWebsites {
		wp := fmt.Sprintf("dealership_websites[%d]", i)
		if w.Name == "" {
			bad(wp+".name", "required")
		}
		checkPath(wp+".url", w.URL)
	}
	validateSyndication(s, bad)
	return errors.Join(errs...)
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

package shared

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Validate checks the site's semantic rules and returns every violation as
// an EINVALID *Error naming the field's JSON path (joined when several).
// Zero values that ApplyDefaults would fill are accepted. Each config
// section's rules are one method of siteChecks, in the order of the site
// file (shared.Site's fields).
func (s Site) Validate() error {
	c := &siteChecks{}
	c.identity(s)
	dealerships := c.dealerships(s)
	c.locations(s, dealerships)
	c.timeZone(s)
	c.navigation(s)
	c.features(s)
	c.search(s)
	c.card(s)
	c.finance(s)
	c.stock(s)
	c.promotions(s)
	c.leads(s)
	c.reviews(s)
	c.locationsBlock(s)
	c.budget(s)
	c.reserve(s)
	c.carPage(s)
	c.dealershipWebsites(s)
	c.home(s)
	c.footer(s)
	c.offers(s)
	validateSyndication(s, c.bad)
	return errors.Join(c.errs...)
}

// siteChecks collects a site's violations; its methods are the rules
// shared by several sections.
type siteChecks struct {
	errs []error
}

func (ck *siteChecks) bad(field, format string, args ...any) {
	ck.errs = append(ck.errs, FieldError(field, format, args...))
}

func (ck *siteChecks) required(field, v string) {
	if strings.TrimSpace(v) == "" {
		ck.bad(field, "required")
	}
}

// uniqueID checks a required id that no earlier entry of its list has.
func (ck *siteChecks) uniqueID(field, kind, v string, seen map[string]bool) {
	if v == "" {
		ck.bad(field, "required")
	} else if seen[v] {
		ck.bad(field, "duplicate %s %q", kind, v)
	}
	seen[v] = true
}

func (ck *siteChecks) date(field, v, example string) time.Time {
	t, err := time.Parse(time.DateOnly, v)
	if err != nil {
		ck.bad(field, "want a date like %s, got %q", example, v)
	}
	return t
}

func (ck *siteChecks) checkSlug(field, v string) {
	if v == "" {
		ck.bad(field, "required")
	} else if !slugRE.MatchString(v) {
		ck.bad(field, "%q is not a slug (lower-case letters and digits joined by single hyphens)", v)
	}
}
func (ck *siteChecks) oneOf(field, v string, allowed []string) {
	if !slices.Contains(allowed, v) {
		ck.bad(field, "unknown value %q; want one of %s", v, strings.Join(allowed, ", "))
	}
}
func (ck *siteChecks) checkColour(field, v string) {
	if v != "" && !colourRE.MatchString(v) {
		ck.bad(field, "%q is not a hex colour like #1d4ed8", v)
	}
}
func (ck *siteChecks) checkCarType(field string, v CarType) {
	ck.oneOf(field, string(v), []string{string(CarTypeNew), string(CarTypeUsed), string(CarTypeDemo)})
}
func (ck *siteChecks) checkPath(field, v string) {
	if v == "" {
		ck.bad(field, "required")
	} else if !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "https://") && !strings.HasPrefix(v, "http://") {
		ck.bad(field, "%q must start with / or be an http(s) URL", v)
	}
}
func (ck *siteChecks) nonNegative(field string, v int) {
	if v < 0 {
		ck.bad(field, "must not be negative, got %d", v)
	}
}

func (ck *siteChecks) checkZone(field, v string) {
	if v == "" {
		return
	}
	if _, err := time.LoadLocation(v); err != nil {
		ck.bad(field, "%q is not an IANA time zone like Australia/Sydney", v)
	}
}

// identity is the site's name and brand: slug, template, name, logo, manufacturer, theme, edge_cell, dealer_type.
func (ck *siteChecks) identity(s Site) {
	ck.checkSlug("slug", s.Slug)
	ck.required("name", s.Name)
	if s.Template != "" {
		ck.oneOf("template", s.Template, Templates)
	}
	if s.Logo != nil && s.Logo.URL == "" {
		ck.bad("logo.url", "required when logo is set")
	}
	if s.Manufacturer != nil && s.Manufacturer.Name == "" {
		ck.bad("manufacturer.name", "required when manufacturer is set")
	}
	ck.checkColour("theme.primary_color", s.Theme.PrimaryColor)
	ck.checkColour("theme.accent_color", s.Theme.AccentColor)
	ck.checkColour("theme.header_bg", s.Theme.HeaderBg)
	ck.checkColour("theme.header_text", s.Theme.HeaderText)
	ck.nonNegative("theme.border_radius_px", s.Theme.BorderRadiusPx)

	if s.EdgeCell < 0 {
		ck.bad("edge_cell", "must be 1 or more, got %d", s.EdgeCell)
	}
	if s.DealerType != "" {
		ck.oneOf("dealer_type", string(s.DealerType), []string{string(DealerFranchise), string(DealerIndependent)})
	}
}

// dealerships checks dealerships[] and returns their slugs.
func (ck *siteChecks) dealerships(s Site) map[string]bool {
	dealerships := map[string]bool{}
	if len(s.Dealerships) == 0 {
		ck.bad("dealerships", "at least one dealership is required")
	}
	for i, d := range s.Dealerships {
		p := fmt.Sprintf("dealerships[%d]", i)
		ck.checkSlug(p+".slug", d.Slug)
		if dealerships[d.Slug] {
			ck.bad(p+".slug", "duplicate dealership slug %q", d.Slug)
		}
		dealerships[d.Slug] = true
		ck.required(p+".name", d.Name)
		ck.nonNegative(p+".stock_count", d.StockCount)
		if w := d.Webhook; w != nil {
			if !webhookURLRE.MatchString(w.URL) {
				ck.bad(p+".webhook.url", "want an https URL (http only to localhost), got %q", w.URL)
			}
			if !secretNameRE.MatchString(w.SecretName) {
				ck.bad(p+".webhook.secret_name", "want a secret name like forecourt/webhook/%s, got %q", d.Slug, w.SecretName)
			}
		}
	}
	return dealerships
}

// locations checks locations[], each naming one of the dealerships.
func (ck *siteChecks) locations(s Site, dealerships map[string]bool) {
	locIDs := map[string]bool{}
	for i, l := range s.Locations {
		p := fmt.Sprintf("locations[%d]", i)
		ck.uniqueID(p+".id", "location id", l.ID, locIDs)
		ck.required(p+".name", l.Name)
		if l.Slug != "" {
			ck.checkSlug(p+".slug", l.Slug)
		}
		ck.oneOf(p+".location_type", string(l.LocationType), []string{"", string(LocationSales), string(LocationService), string(LocationParts)})
		if _, err := time.LoadLocation(l.TimeZone); l.TimeZone != "" && (err != nil || l.TimeZone == "Local") {
			ck.bad(p+".time_zone", "want an IANA time zone like Australia/Brisbane, got %q", l.TimeZone)
		}
		if l.DealershipSlug != "" && !dealerships[l.DealershipSlug] {
			ck.bad(p+".dealership_slug", "%q is not one of the site's dealerships", l.DealershipSlug)
		}
		if len(l.Team) > MaxTeamMembers {
			ck.bad(p+".team", "at most %d members, got %d", MaxTeamMembers, len(l.Team))
		}
		for j, m := range l.Team {
			tp := fmt.Sprintf("%s.team[%d]", p, j)
			ck.required(tp+".name", m.Name)
			// "/" alone would let "//host/..." through: a protocol-relative link to any host.
			if m.Photo != nil && !strings.HasPrefix(m.Photo.URL, "/media/") && !strings.HasPrefix(m.Photo.URL, "https://") {
				ck.bad(tp+".photo.url", "want a /media/ path or an https URL, got %q", m.Photo.URL)
			}
		}
		for j, h := range l.ContactDetail.OpeningHours {
			hp := fmt.Sprintf("%s.contact_detail.opening_hours[%d]", p, j)
			if h.Weekday < 0 || h.Weekday > 6 {
				ck.bad(hp+".weekday", "want 0 (Sunday) to 6 (Saturday), got %d", h.Weekday)
			}
			ck.oneOf(hp+".status", h.Status, []string{"Open", "Closed"})
			if h.Status == "Open" {
				if !clockRE.MatchString(h.Open) {
					ck.bad(hp+".open", "want a 24-hour time like 08:30, got %q", h.Open)
				}
				if !clockRE.MatchString(h.Close) {
					ck.bad(hp+".close", "want a 24-hour time like 17:00, got %q", h.Close)
				} else if clockRE.MatchString(h.Open) && h.Close <= h.Open {
					ck.bad(hp+".close", "closes at %s, not after it opens at %s", h.Close, h.Open)
				}
			}
		}
		for j, sh := range l.SpecialHours {
			hp := fmt.Sprintf("%s.special_hours[%d]", p, j)
			ck.date(hp+".date", sh.Date, "2025-12-25")
			ck.oneOf(hp+".status", sh.Status, []string{"Open", "Closed"})
			ck.oneOf(hp+".department", sh.Department, []string{"sales", "service", "parts", "all"})
			for _, c := range []struct{ f, v string }{{"start_hour", sh.StartHour}, {"end_hour", sh.EndHour}} {
				if c.v != "" && !clockRE.MatchString(c.v) {
					ck.bad(hp+"."+c.f, "want a 24-hour time like 09:00, got %q", c.v)
				}
			}
		}
	}
}

// timeZone checks time_zone and each location's.
func (ck *siteChecks) timeZone(s Site) {
	ck.checkZone("time_zone", s.TimeZone)
	for i, l := range s.Locations {
		ck.checkZone(fmt.Sprintf("locations[%d].time_zone", i), l.TimeZone)
	}
}

// navigation checks the menu.
func (ck *siteChecks) navigation(s Site) {
	checkNav(s.Navigation, "navigation", ck.bad, ck.checkPath)

	for i, n := range s.Navigation {
		if n.Models && s.Manufacturer == nil {
			ck.bad(fmt.Sprintf("navigation[%d].models", i), "needs manufacturer: the models come from its stock")
		}
		// The dropdown replaces the entry's own link: without a child
		// linking it (All stock), nothing in the menu reaches that page.
		if n.Stock && len(n.Children) == 0 {
			ck.bad(fmt.Sprintf("navigation[%d].children", i), "a stock dropdown needs a child linking its own page (e.g. All stock to %s)", cmp.Or(n.Path, "/cars/"))
		}
	}
}

// features checks the feature pages' paths.
func (ck *siteChecks) features(s Site) {
	if s.Features.ReservePath != "" {
		ck.oneOf("features.reserve_path", s.Features.ReservePath, []string{"checkout", "buy-online"})
	}
	if s.Features.TradeInPath != "" {
		ck.oneOf("features.trade_in_path", s.Features.TradeInPath, TradeInPaths)
	}
	if p := s.Features.FavouritesPath; p != "" && !favouritesPathPattern.MatchString(p) {
		ck.bad("features.favourites_path", "want a path such as /favourites (lower-case letters, digits, - and /), got %q", p)
	}
	if p := s.Features.WatchlistPath; p != "" && !favouritesPathPattern.MatchString(p) {
		ck.bad("features.watchlist_path", "want a path such as /watchlist (lower-case letters, digits, - and /), got %q", p)
	}
}

// search checks the listing's settings.
func (ck *siteChecks) search(s Site) {
	for i, f := range s.Search.Facets {
		ck.oneOf(fmt.Sprintf("search.facets[%d]", i), f, Facets)
	}
	for i, o := range s.Search.SortOptions {
		ck.oneOf(fmt.Sprintf("search.sort_options[%d]", i), o, SortOptions)
	}
	for i, p := range s.Search.PromoPositions {
		if p <= 0 {
			ck.bad(fmt.Sprintf("search.promo_positions[%d]", i), "want a position above 0, got %d", p)
		}
	}
	ck.nonNegative("search.cta_position", s.Search.CTAPosition)
	if c := s.Search.CTA; c != nil {
		validatePromoKind(s, "search.cta", *c, ck.bad)
		ck.required("search.cta.title", c.Title)
		if c.LinkPath != "" && !strings.HasPrefix(c.LinkPath, "/") {
			ck.bad("search.cta.link_path", "want a site path starting with /, got %q", c.LinkPath)
		}
	}
	for i, m := range s.Search.PopularMakes {
		if strings.TrimSpace(m) == "" {
			ck.bad(fmt.Sprintf("search.popular_makes[%d]", i), "empty make")
		}
	}
	ck.nonNegative("search.makes_collapsed", s.Search.MakesCollapsed)
	if s.Search.HitsPerPage < 0 || s.Search.HitsPerPage > 1000 {
		ck.bad("search.hits_per_page", "want 1 to 1000, got %d", s.Search.HitsPerPage)
	}
}

// card checks the listing card.
func (ck *siteChecks) card(s Site) {
	for i, c := range s.Card.Chips {
		ck.oneOf(fmt.Sprintf("card.chips[%d]", i), c, CardChips)
	}
}

// finance checks the finance estimate's settings.
func (ck *siteChecks) finance(s Site) {
	if s.Finance.Provider != "" {
		ck.oneOf("finance.provider", s.Finance.Provider, FinanceProviders)
	}
	if r := s.Finance.InterestRate; r < 0 || r > 50 {
		ck.bad("finance.interest_rate", "want a percentage from 0 to 50, got %v", r)
	}
	if y := s.Finance.TermYears; y < 0 || y > 10 {
		ck.bad("finance.term_years", "want 1 to 10 years, got %d", y)
	}
}

// stock checks what stock the site shows.
func (ck *siteChecks) stock(s Site) {
	if p := s.Stock.ListingPath; p != "" && !strings.HasPrefix(p, "/search/") {
		ck.bad("stock.listing_path", "%q must be a listing path starting /search/", p)
	}
	for i, t := range s.Stock.CarTypes {
		ck.checkCarType(fmt.Sprintf("stock.car_types[%d]", i), t)
	}
	ck.nonNegative("stock.sold_retention_days", s.Stock.SoldRetentionDays)
	ck.nonNegative("stock.max_age_years", s.Stock.MaxAgeYears)
}

// promotions checks promotions[].
func (ck *siteChecks) promotions(s Site) {
	promoIDs := map[string]bool{}
	for i, p := range s.Promotions {
		pp := fmt.Sprintf("promotions[%d]", i)
		ck.uniqueID(pp+".id", "promotion id", p.ID, promoIDs)
		validatePromoKind(s, pp, p, ck.bad)
		ck.required(pp+".title", p.Title)
		for j, t := range p.Display {
			ck.checkCarType(fmt.Sprintf("%s.display[%d]", pp, j), t)
		}
		var start, expiry time.Time
		if p.Start != "" {
			start = ck.date(pp+".start", p.Start, "2025-07-01")
		}
		if p.Expiry != "" {
			expiry = ck.date(pp+".expiry", p.Expiry, "2025-08-01")
		}
		if !start.IsZero() && !expiry.IsZero() && expiry.Before(start) {
			ck.bad(pp+".expiry", "%s is before start %s", p.Expiry, p.Start)
		}
		if p.Position < 0 {
			ck.bad(pp+".position", "want a position above 0, got %d", p.Position)
		}
		if p.LinkPath != "" {
			ck.checkPath(pp+".link_path", p.LinkPath)
		}
	}
}

// leads checks the trade-in questions, lead retention and test-drive slots.
func (ck *siteChecks) leads(s Site) {
	if err := validateTradeInQuestions(s.Leads.TradeInQuestions); err != nil {
		ck.errs = append(ck.errs, err)
	}

	ck.nonNegative("leads.retention_days", s.Leads.RetentionDays)
	ck.nonNegative("leads.test_drive.days", s.Leads.TestDrive.Days)
	if s.Leads.TestDrive.Days > 90 {
		ck.bad("leads.test_drive.days", "at most 90, got %d", s.Leads.TestDrive.Days)
	}
	ck.nonNegative("leads.test_drive.lead_minutes", s.Leads.TestDrive.LeadMinutes)
	if m := s.Leads.TestDrive.SlotMinutes; m < 0 || (m != 0 && m < 5) {
		ck.bad("leads.test_drive.slot_minutes", "at least 5, got %d", m)
	}
}

// reviews checks the reviews widget.
func (ck *siteChecks) reviews(s Site) {
	if r := s.Reviews.MinRating; r < 0 || r > 5 {
		ck.bad("reviews.min_rating", "want 0 to 5, got %d", r)
	}
	ck.nonNegative("reviews.shown", s.Reviews.Shown)
	ck.nonNegative("reviews.full_quantity", s.Reviews.FullQuantity)
}

// locationsBlock checks the locations block.
func (ck *siteChecks) locationsBlock(s Site) {
	if s.LocationsBlock.Layout != "" {
		ck.oneOf("locations_block.layout", s.LocationsBlock.Layout, []string{"grid", "list"})
	}
	if s.LocationsBlock.ViewLocation != "" {
		ck.oneOf("locations_block.view_location", s.LocationsBlock.ViewLocation, []string{"page", "contact"})
	}
	if t := s.LocationsBlock.ContactFilter.Type; t != "" && !slices.Contains(LocationFilterTypes, t) &&
		!slices.ContainsFunc(s.Locations, func(l Location) bool { return l.ID == t }) {
		ck.bad("locations_block.contact_filter.type", "want one of %s or a location id of this site, got %q", strings.Join(LocationFilterTypes, ", "), t)
	}
	if z := s.LocationsBlock.MapZoom; z < 0 || z > 22 {
		ck.bad("locations_block.map_zoom", "want 1 to 22, got %d", z)
	}
}

// budget checks the budget finder.
func (ck *siteChecks) budget(s Site) {
	b := s.Budget
	if b.Frequency != "" {
		ck.oneOf("budget.frequency", b.Frequency, []string{"monthly", "weekly"})
	}
	if b.CarType != "" {
		ck.checkCarType("budget.car_type", b.CarType)
	}
	if b.SliderMin < 0 || (b.SliderMax != 0 && b.SliderMax <= b.SliderMin) {
		ck.bad("budget.slider_max", "want above slider_min %d, got %d", b.SliderMin, b.SliderMax)
	}
	ck.nonNegative("budget.slider_step", b.SliderStep)
	for _, c := range []struct {
		f string
		v float64
	}{{"budget.monthly_repayment", b.MonthlyRepayment}, {"budget.weekly_repayment", b.WeeklyRepayment}, {"budget.deposit", b.Deposit}} {
		if c.v < 0 || c.v > BudgetClampLimit {
			ck.bad(c.f, "want 0 to %d, got %v", BudgetClampLimit, c.v)
		}
	}
}

// reserve checks online reservations.
func (ck *siteChecks) reserve(s Site) {
	ck.nonNegative("reserve.deposit", s.Reserve.Deposit)
	ck.nonNegative("reserve.hold_hours", s.Reserve.HoldHours)
	ck.nonNegative("reserve.max_pending_holds", s.Reserve.MaxPendingHolds)
	for i, t := range s.Reserve.CarTypes {
		ck.checkCarType(fmt.Sprintf("reserve.car_types[%d]", i), t)
	}
	for i, d := range s.Reserve.Dealerships {
		ck.checkSlug(fmt.Sprintf("reserve.dealerships[%d]", i), d)
	}
	if _, err := time.LoadLocation(s.Reserve.TimeZone); s.Reserve.TimeZone != "" && err != nil {
		ck.bad("reserve.time_zone", "%q is not an IANA time zone like Australia/Brisbane", s.Reserve.TimeZone)
	}
}

// carPage checks the car page's sidebar and similar cars.
func (ck *siteChecks) carPage(s Site) {
	for i, b := range s.CarPage.Sidebar.Buttons {
		ck.oneOf(fmt.Sprintf("car_page.sidebar.buttons[%d]", i), b, ActionKinds)
	}
	for k := range s.CarPage.Sidebar.Labels {
		ck.oneOf("car_page.sidebar.labels."+k, k, append(slices.Clone(ActionKinds), ActionFindSimilar))
	}

	if n := s.CarPage.SimilarCars; n < 0 || n > MaxWidgetCount {
		ck.bad("car_page.similar_cars", "must be 0 to %d, got %d", MaxWidgetCount, n)
	}
}

// dealershipWebsites checks dealership_websites[].
func (ck *siteChecks) dealershipWebsites(s Site) {
	for i, w := range s.DealershipWebsites {
		wp := fmt.Sprintf("dealership_websites[%d]", i)
		if w.Name == "" {
			ck.bad(wp+".name", "required")
		}
		ck.checkPath(wp+".url", w.URL)
	}
}

// home checks the home page's slides and widgets.
func (ck *siteChecks) home(s Site) {
	slideIDs := map[string]bool{}
	for i, sl := range s.Home.Slides {
		sp := fmt.Sprintf("home.slides[%d]", i)
		ck.uniqueID(sp+".id", "slide id", sl.ID, slideIDs)
		validatePromoKind(s, sp, sl, ck.bad)
		ck.required(sp+".title", sl.Title)
		if sl.ImageURL == "" && sl.Background == "" {
			ck.bad(sp+".image_url", "a slide needs an image_url or a background")
		}
		if sl.ImageURL != "" {
			ck.checkPath(sp+".image_url", sl.ImageURL)
			ck.required(sp+".alt", sl.Alt)
		}
		if sl.LinkPath != "" {
			ck.checkPath(sp+".link_path", sl.LinkPath)
		}
		var start, expiry time.Time
		if sl.Start != "" {
			start = ck.date(sp+".start", sl.Start, "2025-07-01")
		}
		if sl.Expiry != "" {
			expiry = ck.date(sp+".expiry", sl.Expiry, "2025-08-01")
		}
		if !start.IsZero() && !expiry.IsZero() && expiry.Before(start) {
			ck.bad(sp+".expiry", "%s is before start %s", sl.Expiry, sl.Start)
		}
	}
	ck.nonNegative("home.slide_width", s.Home.SlideWidth)
	ck.nonNegative("home.slide_height", s.Home.SlideHeight)
	ck.nonNegative("home.slide_seconds", s.Home.SlideSeconds)
	if v := s.Home.OurDealerships; v != "" {
		ck.oneOf("home.our_dealerships", string(v), []string{string(OurDealershipsList), string(OurDealershipsWebsites), string(OurDealershipsOff)})
	}
	if n := s.Home.LatestArrivals; n < 0 || n > MaxWidgetCount {
		ck.bad("home.latest_arrivals", "must be 0 to %d, got %d", MaxWidgetCount, n)
	}
}

// footer checks the footer's menus and payment methods.
func (ck *siteChecks) footer(s Site) {
	checkNav(s.Footer.Vehicles, "footer.vehicles", ck.bad, ck.checkPath)
	checkNav(s.Footer.BuyerTools, "footer.buyer_tools", ck.bad, ck.checkPath)
	checkNav(s.Footer.Service, "footer.service", ck.bad, ck.checkPath)
	checkNav(s.Footer.Dealer, "footer.dealer", ck.bad, ck.checkPath)
	for i, m := range s.Footer.PaymentMethods {
		ck.oneOf(fmt.Sprintf("footer.payment_methods[%d]", i), m, append(slices.Clone(PaymentMethods), "none"))
	}
}

// offers checks offers[].
func (ck *siteChecks) offers(s Site) {
	offerIDs := map[string]bool{}
	for i, o := range s.Offers {
		op := fmt.Sprintf("offers[%d]", i)
		ck.uniqueID(op+".id", "offer id", o.ID, offerIDs)
		if o.ID != "" && !offerIDRE.MatchString(o.ID) {
			ck.bad(op+".id", "%q must be letters, digits, - or _ (it is a URL segment)", o.ID)
		}
		ck.required(op+".name", o.Name)
		if o.Model != nil && o.Model.OverrideURL != "" {
			ck.checkPath(op+".model.override_url", o.Model.OverrideURL)
		}
	}
}

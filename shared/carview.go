package shared

import (
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// CarView is what the car page shows of a car on one site that the server
// can compute (DESIGN.md decision 9): GET /api/cars/{slug} ships it beside
// the car and the web renders it, keeping no copy of these rules. It depends
// on the site and on the time of the request, so it is computed per answer,
// never stored.
type CarView struct {
	// Price is the price block (spec 001 §5 "Price display"). Its
	// below_market is set only when the car is also Autograb-eligible
	// (spec 001 §4), as Market is.
	Price PriceDisplay `json:"price"`
	// Tag is the tag banner (spec 000 §4); Kind is TagSold for a car that
	// is not available.
	Tag CardTag `json:"tag"`
	// Available is Car.Available: false shows the sold notice and hides the
	// save button (spec 001 §4).
	Available bool `json:"available"`
	// Comments are the dealer comments split and cut for the page (spec 000 §2).
	Comments DealerComments `json:"comments"`
	// Phone is the number to call about the car (spec 001 §8's fallback
	// order), "" when the site has none.
	Phone string `json:"phone"`
	// Finance is the estimate block when it shows (spec 001 §5 "Finance
	// estimate eligibility", §9), nil when it does not.
	Finance *FinanceEstimate `json:"finance,omitempty"`
	// Reservable is the car-level reserve rule (ReservableCar): available, in
	// stock, not reserved, priced. Reserve Now also needs the site's
	// features.reserve; Reserve is set when both hold.
	Reservable bool `json:"reservable"`
	// Reserve is the Reserve Now offer, nil when the button does not show.
	Reserve *ReserveOffer `json:"reserve,omitempty"`
	// Certified is the certified badge and its info dialog (spec 001 §5),
	// nil when the badge does not show. Independent of the tag banner.
	Certified *CertifiedBadge `json:"certified,omitempty"`
	// Market is the below-market badge's figures (spec 001 §4 Autograb
	// eligibility, §5 threshold), nil when the badge does not show.
	Market *MarketComparison `json:"market,omitempty"`
	// HistoryReport is the vehicle history report link (the car's file),
	// "" when the car has none.
	HistoryReport string `json:"history_report,omitempty"`
	// Actions are the sidebar buttons in display order (spec 001 §2 "Action
	// buttons", per-site car_page.sidebar). An unavailable car has exactly
	// one: find_similar.
	Actions []CarAction `json:"actions"`
	// Tabs are the car page's tabs in order (spec 000 §2): dealer_comments
	// (rendered from Comments), whats_included, why_buy, reserve_online,
	// protect, features (only with standardEquipment; Items).
	Tabs []CarTab `json:"tabs"`
	// UsedCarTerms is the used-car terms text (spec 001 §9), set for used
	// cars on sites with car_page.used_car_terms.show.
	UsedCarTerms string `json:"used_car_terms,omitempty"`
	// UsedGuarantee is the 48-hour money-back / 12 months roadside text,
	// set for used cars on sites with features.used_guarantee.
	UsedGuarantee string `json:"used_guarantee,omitempty"`
	// PDFPath is the brochure download (GET /api/cars/{slug}/pdf), saved as
	// {slug}.pdf (spec 001 §7).
	PDFPath string `json:"pdf_path"`
	// Similar is the similar-cars block, nil when the site turns it off
	// (car_page.similar_cars 0) or nothing about the car is known.
	Similar *SimilarCars `json:"similar,omitempty"`
}

// FinanceEstimate is the finance block of a car on a site, every figure
// computed and rounded here (spec 001 §5, §9).
type FinanceEstimate struct {
	// Provider is the site's finance provider (finance.provider).
	Provider string `json:"provider"`
	// Source is FinanceFromLender (the provider's lender data on the car) or
	// FinanceFromSiteDefault (the site's default rate and term, only where
	// finance.default_rate_estimate is on; the page labels it with Label).
	Source string `json:"source"`
	// Label names a site-default estimate ("Estimate at our standard
	// rate"); "" for lender estimates.
	Label string `json:"label,omitempty"`
	// Frequency is "weekly", or "monthly" for Nissan Finance.
	Frequency string `json:"frequency"`
	// Amount is the repayment in whole dollars per Frequency.
	Amount int `json:"amount"`
	// AmountText is Amount formatted, "$123".
	AmountText string `json:"amount_text"`
	// InterestRate is the rate per annum, rounded to 2 decimals.
	InterestRate float64 `json:"interest_rate"`
	// ComparisonRate is rounded to 2 decimals; absent for site-default estimates.
	ComparisonRate *float64 `json:"comparison_rate,omitempty"`
	// TermMonths is the loan term the estimate assumes.
	TermMonths int `json:"term_months"`
	// TermText is the term for people: "5 years", "54 months".
	TermText string `json:"term_text"`
	// Deposit is the deposit the estimate assumes (Taurus: 10% of the
	// price), nil when none.
	Deposit *FinanceDeposit `json:"deposit,omitempty"`
	// Balloon is the final balloon payment in whole dollars, 0 when none.
	Balloon int `json:"balloon,omitempty"`
	// OfferValidUntil is the last day of a Taurus offer, one month from the
	// day of the request (YYYY-MM-DD); "" for other providers.
	OfferValidUntil string `json:"offer_valid_until,omitempty"`
	// FinePrint is the comparison-rate fine print (finance.fine_print).
	FinePrint string `json:"fine_print"`
	// Disclaimer is the indicative-only disclaimer (finance.indicative_disclaimer).
	Disclaimer string `json:"disclaimer"`
	// DisclaimerPath loads the provider's own disclaimer for the car lazily
	// (GET /api/cars/{id}/finance-disclaimer); "" when the car's lender
	// data has none and the site sets no finance.disclaimer.
	DisclaimerPath string `json:"disclaimer_path,omitempty"`
	// TermsPath is the rate tooltip's link (spec 001 §2).
	TermsPath string `json:"terms_path"`
}

// Per is the repayment's period as the pages write it after the amount
// ("$123 per week"): "month" for a monthly estimate, else "week".
func (f FinanceEstimate) Per() string {
	if f.Frequency == FrequencyMonthly {
		return "month"
	}
	return "week"
}

// FinanceDeposit is a deposit an estimate assumes.
type FinanceDeposit struct {
	// Percent of the price, 0 when the lender gave an amount.
	Percent    int    `json:"percent,omitempty"`
	Amount     int    `json:"amount"`
	AmountText string `json:"amount_text"`
}

// Finance estimate sources.
const (
	FinanceFromLender      = "lender"
	FinanceFromSiteDefault = "site_default"
)

// ReserveOffer is the Reserve Now button of a reservable car.
type ReserveOffer struct {
	// Deposit is the reserve deposit in dollars (reserve.deposit, default 200).
	Deposit int `json:"deposit"`
	// PriceText is the amount the button appends, "$200".
	PriceText string `json:"price_text"`
	// Path is the reserve route: /cars/{slug}/checkout, /cars/{slug}/buy-online
	// (features.reserve_path), or /checkout-journey?car_id={slug} for used
	// cars where features.checkout_journey is on (spec 001 §2).
	Path string `json:"path"`
	// HoldHours is how long the car is held (reserve.hold_hours, default 48).
	HoldHours int `json:"hold_hours"`
}

// CertifiedBadge is the certified badge and its info dialog.
type CertifiedBadge struct {
	// Programme is the make of the programme (features.certified_programme).
	Programme string `json:"programme"`
	// Title is "<programme> Certified Pre-Owned", the badge and dialog title.
	Title string `json:"title"`
	// Text is the info dialog's text (car_page.certified_text, "{programme}"
	// replaced by the programme's make).
	Text string `json:"text"`
}

// MarketComparison is the below-market badge's figures.
type MarketComparison struct {
	StateAverage    int `json:"state_average"`
	NationalAverage int `json:"national_average,omitempty"`
	// BelowBy is how far the price is under the state average, whole dollars.
	BelowBy int `json:"below_by"`
}

// CarAction is one sidebar button.
type CarAction struct {
	// Kind is one of the Action* constants.
	Kind string `json:"kind"`
	// Label is the button's text, with a site's car_page.sidebar.labels
	// override applied.
	Label string `json:"label"`
	// Href is where a link button goes (reserve, trade_in, history_report,
	// find_similar); "" for buttons that open a form or dialog.
	Href string `json:"href,omitempty"`
	// Phone is the number the call button reveals.
	Phone string `json:"phone,omitempty"`
}

// SimilarCars is the car page's similar-cars block (spec 000 §7 secondary
// lookup by filter string with a limit; issue 17).
type SimilarCars struct {
	// Filters is the index filter string of cars like this one
	// (SimilarCarsFilter); the browser adds the site's base filters.
	Filters string `json:"filters"`
	// Limit is how many cars to list (car_page.similar_cars).
	Limit int `json:"limit"`
	// TestDrive puts Book a Test Drive on each similar car's card
	// (features.test_drive_for_similar; spec 001 §2 "on one brand for
	// similar cars").
	TestDrive bool `json:"test_drive,omitempty"`
}

// Action kinds (spec 001 §2 "Action buttons").
const (
	ActionEnquiry       = "enquiry"        // opens the enquiry form
	ActionTestDrive     = "test_drive"     // opens the test-drive modal (width 600)
	ActionReserve       = "reserve"        // links to the reserve route
	ActionTradeIn       = "trade_in"       // links to /cars/trade-in?car_id={id}
	ActionHistoryReport = "history_report" // links to the car's file
	ActionCall          = "call"           // reveals the phone number
	ActionChat          = "chat"           // opens the chat widget
	ActionFindSimilar   = "find_similar"   // replaces every other action on an unavailable car
)

// ActionKinds lists the sidebar buttons in their default order.
var ActionKinds = []string{ActionEnquiry, ActionTestDrive, ActionReserve, ActionTradeIn, ActionHistoryReport, ActionCall, ActionChat}

// CarTab is one tab of the car page.
type CarTab struct {
	// ID is one of the Tab* constants.
	ID    string `json:"id"`
	Title string `json:"title"`
	// Body is the tab's text; paragraphs are separated by blank lines.
	// Empty for dealer_comments (rendered from CarView.Comments) and features.
	Body string `json:"body,omitempty"`
	// Items is the features tab's list (standardEquipment).
	Items []string `json:"items,omitempty"`
}

// Car page tab ids, in page order (spec 000 §2).
const (
	TabDealerComments = "dealer_comments"
	TabWhatsIncluded  = "whats_included"
	TabWhyBuy         = "why_buy"
	TabReserveOnline  = "reserve_online"
	TabProtect        = "protect"
	TabFeatures       = "features"
)

// ViewCar computes the car page's view of c on site s at time now.
func ViewCar(c Car, s Site, now time.Time) CarView {
	v := CarView{
		Price:         DisplayPrice(c, s),
		Tag:           TagFor(c, s, now),
		Available:     c.Available(),
		Comments:      SplitDealerComments(c.DealerComments),
		Phone:         CarPhone(c, s),
		Finance:       EstimateFinance(c, s, now),
		Reservable:    ReservableCar(c),
		Reserve:       ReserveFor(c, s),
		Certified:     CertifiedBadgeFor(c, s),
		Market:        MarketFor(c, s),
		HistoryReport: HistoryReportLink(c),
		PDFPath:       "/api/cars/" + url.PathEscape(c.Slug) + "/pdf",
	}
	v.Price.BelowMarket = v.Market != nil
	// The page renders lists, so an absent comment is an empty list, not null.
	if v.Comments.Segments == nil {
		v.Comments.Segments, v.Comments.Short = []string{}, []string{}
	}
	v.Actions = CarActions(c, s, v)
	if f := SimilarCarsFilter(c); f != "" && s.CarPage.SimilarCars > 0 {
		v.Similar = &SimilarCars{Filters: f, Limit: s.CarPage.SimilarCars, TestDrive: s.Features.TestDriveForSimilar}
	}
	v.Tabs = CarTabs(c, s)
	if c.CarType == CarTypeUsed {
		if s.CarPage.UsedCarTerms.Show {
			v.UsedCarTerms = s.CarPage.UsedCarTerms.Text
		}
		if s.Features.UsedGuarantee {
			v.UsedGuarantee = s.CarPage.UsedGuaranteeText
		}
	}
	return v
}

// ReservableCar reports whether a car can be reserved online at all: it is
// available and in stock (not coming soon), not already reserved, and has a
// price (spec 001 §2, §3 "reservable flag"). The site's features.reserve
// decides whether the button shows (ReserveFor).
func ReservableCar(c Car) bool {
	return c.Available() && c.Status == StatusInStock && !c.Reserved && HasPrice(c.Price)
}

// ReserveFor returns the Reserve Now offer when the car is reservable and
// the site has reserving on, else nil.
func ReserveFor(c Car, s Site) *ReserveOffer {
	if !ReserveAllowed(c, s) { // issue 13: also reserve.car_types and reserve.dealerships
		return nil
	}
	path := "/cars/" + url.PathEscape(c.Slug) + "/" + s.Features.ReservePath
	if s.Features.CheckoutJourney && c.CarType == CarTypeUsed {
		path = "/checkout-journey?car_id=" + url.QueryEscape(c.Slug)
	}
	o := &ReserveOffer{Deposit: s.Reserve.Deposit, Path: path, HoldHours: s.Reserve.HoldHours}
	if o.Deposit > 0 {
		o.PriceText = FormatPrice(float64(o.Deposit))
	}
	return o
}

// CertifiedBadgeFor returns the certified badge when the car's make is the
// site's certified programme (Toyota in the spec; features.certified_programme),
// the car is certified, the site has features.certified_badge on and the
// car is not sold (spec 001 §5). Unlike the tag banner's certified tag it
// does not depend on car type or on higher-priority tags.
func CertifiedBadgeFor(c Car, s Site) *CertifiedBadge {
	p := s.Features.CertifiedProgramme
	if !s.Features.CertifiedBadge || p == "" || !c.Certified || c.Sold || c.Status == StatusSold {
		return nil
	}
	if !strings.EqualFold(strings.TrimSpace(c.Make), p) {
		return nil
	}
	return &CertifiedBadge{Programme: p, Title: p + " Certified Pre-Owned", Text: strings.ReplaceAll(s.CarPage.CertifiedText, "{programme}", p)}
}

// MarketFor returns the below-market badge's figures when the car is
// Autograb-eligible (spec 001 §4) and DisplayPrice's 499 rule (§5) puts it
// below the market, else nil.
func MarketFor(c Car, s Site) *MarketComparison {
	if !AutograbEligible(c, s) || c.AutograbData == nil || !DisplayPrice(c, s).BelowMarket {
		return nil
	}
	a := c.AutograbData
	return &MarketComparison{
		StateAverage:    roundDollars(a.StateAverageMarketPrice),
		NationalAverage: roundDollars(a.AverageMarketPrice),
		BelowBy:         roundDollars(a.StateAverageMarketPrice - c.Price),
	}
}

// HistoryReportLink returns the car's history report link when it is a
// web address or a site path, else "" (the button does not show).
func HistoryReportLink(c Car) string {
	f := strings.TrimSpace(c.File)
	if strings.HasPrefix(f, "https://") || strings.HasPrefix(f, "http://") || (strings.HasPrefix(f, "/") && !strings.HasPrefix(f, "//")) {
		return f
	}
	return ""
}

// CarActions returns the sidebar buttons of spec 001 §2 in the site's order
// (car_page.sidebar.buttons) with its labels. An unavailable car gets only
// Find Me Something Similar, linking to a listing of similar cars (issue 17).
func CarActions(c Car, s Site, v CarView) []CarAction {
	sb := s.CarPage.Sidebar
	label := func(kind, def string) string {
		if l := strings.TrimSpace(sb.Labels[kind]); l != "" {
			return l
		}
		return def
	}
	if !c.Available() {
		return []CarAction{{Kind: ActionFindSimilar, Label: label(ActionFindSimilar, s.Texts.FindSimilar), Href: SimilarCarsPath(c)}}
	}
	buttons := sb.Buttons
	if len(buttons) == 0 {
		buttons = ActionKinds // a site that skipped ApplyDefaults
	}
	out := []CarAction{}
	for _, kind := range buttons {
		switch kind {
		case ActionEnquiry:
			out = append(out, CarAction{Kind: kind, Label: label(kind, s.Texts.EnquireLabel)})
		case ActionTestDrive:
			// Only a test-drive-only car; the site flag is for the similar
			// cars' cards (SimilarCars.TestDrive), not this car (spec 001 §2).
			if TestDriveOnly(c) {
				out = append(out, CarAction{Kind: kind, Label: label(kind, "Book a Test Drive")})
			}
		case ActionReserve:
			if r := v.Reserve; r != nil {
				text := label(kind, "Reserve Now")
				if r.PriceText != "" {
					text += " " + r.PriceText
				}
				out = append(out, CarAction{Kind: kind, Label: text, Href: r.Path})
			}
		case ActionTradeIn:
			if s.Features.TradeIn {
				out = append(out, CarAction{Kind: kind, Label: label(kind, "Trade-in"), Href: "/cars/trade-in?car_id=" + url.QueryEscape(c.ID)})
			}
		case ActionHistoryReport:
			if v.HistoryReport != "" {
				out = append(out, CarAction{Kind: kind, Label: label(kind, "Vehicle History Report"), Href: v.HistoryReport})
			}
		case ActionCall:
			if v.Phone != "" {
				out = append(out, CarAction{Kind: kind, Label: label(kind, s.Texts.CallText), Phone: v.Phone})
			}
		case ActionChat:
			if s.Features.Chat {
				out = append(out, CarAction{Kind: kind, Label: label(kind, "Chat")})
			}
		}
	}
	return out
}

// TestDriveOnly reports whether the car carries the Test Drive Only tag.
func TestDriveOnly(c Car) bool {
	return strings.EqualFold(strings.TrimSpace(c.Tag), TestDriveOnlyTag)
}

// ListingPath is the listing of all stock (docs/contracts.md "Web routes").
const ListingPath = "/search/new-used-and-demo-cars/"

// SimilarCarsPath is the listing of cars like c (issue 17): the same make
// and model (/search/{make}/{model}); without both, the same body type and
// price band (/search/new-used-and-demo-cars/?body=SUV&price=20000:29999);
// else the whole listing. The URL is in the listing's documented form
// (web/src/lib/listingUrl.ts parses it).
func SimilarCarsPath(c Car) string {
	make, model := strings.TrimSpace(c.Make), strings.TrimSpace(c.Model)
	if make != "" && model != "" {
		return "/search/" + url.PathEscape(make) + "/" + url.PathEscape(model)
	}
	q := url.Values{}
	if b := strings.TrimSpace(c.SimpleBody); b != "" {
		q.Set("body", b)
	}
	if lo, hi, ok := PriceBand(c.Price); ok {
		q.Set("price", itoa(lo)+":"+itoa(hi))
	}
	if len(q) == 0 {
		if make != "" {
			return "/search/" + url.PathEscape(make)
		}
		return ListingPath
	}
	return ListingPath + "?" + strings.ReplaceAll(q.Encode(), "%3A", ":")
}

// SimilarCarsFilter is the index filter string of cars like c, by the same
// rule as SimilarCarsPath: same make and model, else the same body type and
// price band, else the same make; "" when nothing is known.
func SimilarCarsFilter(c Car) string {
	make, model := strings.TrimSpace(c.Make), strings.TrimSpace(c.Model)
	if make != "" && model != "" {
		return facetFilter("make", make) + " AND " + facetFilter("model", model)
	}
	var parts []string
	if b := strings.TrimSpace(c.SimpleBody); b != "" {
		parts = append(parts, facetFilter("simple_body", b))
	}
	if lo, hi, ok := PriceBand(c.Price); ok {
		parts = append(parts, "price:"+itoa(lo)+" TO "+itoa(hi))
	}
	if len(parts) == 0 && make != "" {
		parts = append(parts, facetFilter("make", make))
	}
	return strings.Join(parts, " AND ")
}

// facetFilter is one quoted facet condition of a filter string: make:"Land Rover".
func facetFilter(attribute, value string) string {
	return attribute + `:"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(value) + `"`
}

// PriceBand returns the bounds of the price_range bucket (PriceRange) the
// price falls in, the top bucket open-ended (hi 0 written as empty is not
// used: the top band is 100000:). ok is false without a price.
func PriceBand(price float64) (lo, hi int, ok bool) {
	bounds := []int{0, 10000, 20000, 30000, 40000, 50000, 75000, 100000}
	if !HasPrice(price) {
		return 0, 0, false
	}
	for i := len(bounds) - 1; i >= 0; i-- {
		if price >= float64(bounds[i]) {
			if i == len(bounds)-1 {
				return bounds[i], 1_000_000, true
			}
			return bounds[i], bounds[i+1] - 1, true
		}
	}
	return 0, 0, false
}

// CarTabs returns the car page's tabs in spec order (spec 000 §2) with the
// site's titles and texts (car_page.tabs). A tab the site hides, or whose
// text is empty, is left out; Reserve Online shows only where the site
// has reserving on; Features only when the car has standardEquipment.
func CarTabs(c Car, s Site) []CarTab {
	t := s.CarPage.Tabs
	out := []CarTab{}
	add := func(id string, tt TabText, items []string, always bool) {
		if tt.Hidden || (!always && strings.TrimSpace(tt.Body) == "") {
			return
		}
		out = append(out, CarTab{ID: id, Title: tt.Title, Body: tt.Body, Items: items})
	}
	dc := t.DealerComments
	if dc.Title == "" {
		dc.Title = s.Texts.DealerCommentsTitle
	}
	add(TabDealerComments, TabText{Title: dc.Title, Hidden: dc.Hidden}, nil, true)
	add(TabWhatsIncluded, t.WhatsIncluded, nil, false)
	add(TabWhyBuy, t.WhyBuy, nil, false)
	if s.Features.Reserve {
		ro := t.ReserveOnline
		if strings.TrimSpace(ro.Body) == "" {
			ro.Body = ReserveOnlineText(s)
		}
		add(TabReserveOnline, ro, nil, false)
	}
	add(TabProtect, t.Protect, nil, false)
	if len(c.StandardEquipment) > 0 {
		add(TabFeatures, TabText{Title: t.Features.Title, Hidden: t.Features.Hidden}, c.StandardEquipment, true)
	}
	return out
}

// ReserveOnlineText is the default Reserve Online tab text, from the site's
// reserve terms (spec 001 §9: $200 refundable deposit, held 48 hours).
func ReserveOnlineText(s Site) string {
	return "Reserve this vehicle online with a fully refundable " + FormatPrice(float64(s.Reserve.Deposit)) +
		" deposit and we will hold it for you for " + itoa(s.Reserve.HoldHours) +
		" hours while you arrange an inspection, a test drive or finance."
}

func roundDollars(v float64) int { return int(math.Round(v)) }

func itoa(n int) string { return strconv.Itoa(n) }

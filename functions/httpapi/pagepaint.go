package httpapi

import (
	"html/template"

	"forecourt/functions/httpapi/route"
	"forecourt/functions/pages"
	"forecourt/functions/seo"
	"forecourt/shared"
)

// The scripts a painted page carries its data in, for the app's first
// render to be the painted page without a request (web getOffers.ts,
// getPage.ts), as forecourt-location does for a location.
const (
	inlineOffers = "forecourt-offers" // OffersResponse, on /special-offers
	inlineOffer  = "forecourt-offer"  // shared.OfferView, on the offer's page
	inlinePage   = "forecourt-page"   // ContentPageData, on a content page or its 404
	// LocationsResponse (GET /api/locations), on /dealerships: its
	// locations block renders with the page rather than after it.
	inlineLocations = "forecourt-locations"
)

// ContentPageData is what a content path inlines: the path and its page,
// nil for the 404 (GET /api/pages/{path}'s answer either way).
type ContentPageData struct {
	Path string      `json:"path"`
	Page *pages.Page `json:"page"`
}

// carTradeInPath is the car page's trade-in link, which keeps its own
// path whatever the site names (web CAR_TRADE_IN_PATH).
const carTradeInPath = "/cars/trade-in"

// paintAppPage paints one of the app's own pages (issue 34) as its
// component's first render at path: its heading and a box for the rest;
// h is left as it is for a page the app sends elsewhere at once. stats
// are the site's, as the page inlines them for the app's first render.
func paintAppPage(h *seo.Head, p seo.Page, kind route.Paint, path string, stats *shared.SiteStats) {
	site := p.Site
	head := &seo.PageHeadPaint{Tag: "section", Class: "lead-page"}
	switch kind {
	case route.PaintFinance:
		h.Paint = p.FinancePaint(path)
		h.Route = h.Paint.Route
		return
	case route.PaintTradeIn:
		if !site.Features.TradeIn {
			h.Paint = p.NotFoundPaint()
			h.Paint.Route = string(kind)
			h.Route = h.Paint.Route
			return
		}
		if path != carTradeInPath && path != site.Features.TradeInPath {
			return // the app goes to the site's own trade-in path
		}
		head.Tag, head.Class, head.Header = "div", "trade-in", true
		head.Heading = `Get a <span class="trade-in__word">trade-in</span> appraisal`
		if path != carTradeInPath && site.Features.TradeInPath != "/trade-in" {
			head.Heading = "Sell your car"
		}
		head.Lead = "Tell us about your car in three short steps. The dealership will appraise it and contact you with a value: a fair figure needs a person to look at the details, so none is given online."
	case route.PaintContact:
		head.Heading = "Contact Us"
	case route.PaintEnquiry:
		head.Heading = "General Enquiry"
	case route.PaintBookTestDrive:
		head.Class = "lead-page lead-page--narrow"
		head.Heading, head.Lead = "Book a Test Drive", "Tell us when suits you and the dealership will confirm your test drive."
	case route.PaintSignIn:
		head.Tag, head.Class = "main", "page sign-in"
		head.Heading, head.Lead = "Sign in", "Sign in to continue."
	case route.PaintDealerships:
		h.Paint = p.DealershipsPagePaint(stats)
		h.Route = h.Paint.Route
		return
	case route.PaintManufacturers:
		head.Class, head.Heading = "directory", "Manufacturers"
	case route.PaintCompare:
		head.Tag, head.Class, head.Heading, head.Focusable = "div", "page compare", "Compare cars", true
	default:
		return
	}
	h.Paint = p.PageHeadPaint(string(kind), head)
	h.Route = h.Paint.Route
}

// paintNamed paints a page headed with a record's name: a location's
// contact page or a dealership's cars.
func paintNamed(h *seo.Head, p seo.Page, kind route.Paint, name string) {
	head := &seo.PageHeadPaint{Tag: "section", Class: "lead-page", Heading: template.HTML(template.HTMLEscapeString("Contact " + shared.StripDepartment(name)))}
	if kind == route.PaintDealershipCars {
		head = &seo.PageHeadPaint{Tag: "div", Class: "listing listing--dealership", Listing: true, Heading: template.HTML(template.HTMLEscapeString(name + " stock"))}
	}
	h.Paint = p.PageHeadPaint(string(kind), head)
	h.Route = h.Paint.Route
}

// paintTeam paints a team page: the team's heading where the location
// lists one, else the location page headed as the team's (TeamPage).
func paintTeam(h *seo.Head, p seo.Page, data LocationPageData) {
	l := data.Page.Location
	if len(l.Team) == 0 {
		paintLocation(h, p, data)
		h.Paint.Location.Heading = "Meet the " + l.Name + " team"
	} else {
		h.Paint = p.PageHeadPaint(string(route.PaintTeam), &seo.PageHeadPaint{Tag: "div", Class: "team-page",
			Heading: template.HTML(template.HTMLEscapeString("Meet the " + l.Name + " team"))})
	}
	h.Paint.Route = string(route.PaintTeam)
	h.Route = h.Paint.Route
}

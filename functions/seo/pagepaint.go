package seo

import (
	"html/template"
	"regexp"
	"strconv"
	"strings"

	"forecourt/functions/pages"
	"forecourt/shared"
)

// OffersPaint is the offers page with its cards (templates/OffersPage.tmpl),
// as OffersPage renders the offers inlined with it.
type OffersPaint struct {
	Offers []OfferCardPaint
}

// OfferCardPaint is one offer card (templates/OfferCard.tmpl, web
// OfferCard). Single is the offer's own page: its name the h1, its
// description whole and its enquiry form open (OfferPage).
type OfferCardPaint struct {
	shared.OfferView
	Single bool
}

// ContentPaint is a site's Markdown page (templates/ContentPage.tmpl).
type ContentPaint struct {
	Title string
	// OwnHeading is true when the page's HTML opens with its h1; the
	// title is the heading otherwise (ContentPage).
	OwnHeading bool
	// HTML is the page's body as pages.Render made it: CommonMark with
	// raw HTML dropped, so it is safe to write as is.
	HTML template.HTML
}

// NotFoundPaint is the 404 screen (templates/NotFound.tmpl, web NotFound).
type NotFoundPaint struct {
	Title string
	// Listing is where its search and Browse all cars go.
	Listing string
}

// PageHeadPaint is one of the app's own pages: its wrapper, heading and
// lead as its component renders them, then a box of the screen's height
// where its form or list comes (templates/PageHead.tmpl).
type PageHeadPaint struct {
	// Tag is the wrapper's element: "div", "section" or "main".
	Tag   string
	Class string
	// Header puts the heading and lead in a <header> (trade-in, finance).
	Header bool
	// Heading is the h1's content (trade-in's keeps "trade-in" unbroken).
	Heading template.HTML
	Lead    string
	// Listing lays the heading out as a listing's (listing__heading with
	// its count line, blank until the app counts).
	Listing bool
	// Focusable gives the h1 tabindex -1 (compare focuses it on removal).
	Focusable bool
	// Calculator is the finance calculator under the header (/finance).
	Calculator *CalculatorPaint
	// Dealerships are /dealerships' cards and finder under the heading.
	Dealerships *DealershipsPaint
}

// opensWithHeading is ContentPage's test for a page whose HTML has its own h1.
var opensWithHeading = regexp.MustCompile(`^\s*<h1`)

// OffersPaint is the paint of the offers page.
func (p Page) OffersPaint(offers []shared.OfferView) *Paint {
	op := &OffersPaint{}
	for _, o := range offers {
		op.Offers = append(op.Offers, OfferCardPaint{OfferView: o})
	}
	paint := p.sitePaint()
	paint.Route = "offers"
	paint.Offers = op
	return &paint
}

// OfferPaint is the paint of one offer's page.
func (p Page) OfferPaint(o shared.OfferView) *Paint {
	paint := p.sitePaint()
	paint.Route = "offer"
	paint.Offer = &OfferCardPaint{OfferView: o, Single: true}
	return &paint
}

// ContentPaint is the paint of a content page.
func (p Page) ContentPaint(page pages.Page) *Paint {
	paint := p.sitePaint()
	paint.Route = "content"
	paint.Content = &ContentPaint{Title: page.Title, OwnHeading: opensWithHeading.MatchString(page.HTML), HTML: template.HTML(page.HTML)}
	return &paint
}

// NotFoundPaint is the paint of the content route's 404.
func (p Page) NotFoundPaint() *Paint {
	paint := p.sitePaint()
	paint.Route = "content"
	paint.NotFound = &NotFoundPaint{Title: "Page not found", Listing: ListingPath}
	return &paint
}

// PageHeadPaint is the paint of one of the app's own pages; route is its
// web route (route.Paint).
func (p Page) PageHeadPaint(route string, head *PageHeadPaint) *Paint {
	paint := p.sitePaint()
	paint.Route = route
	paint.PageHead = head
	return &paint
}

// CalculatorPaint is the finance calculator's first render on /finance
// (templates/FinanceCalculator.tmpl, web FinanceCalculator): no price, so
// no figures yet, the site's term and rate, and its fine print.
type CalculatorPaint struct {
	// Fields are price and deposit, before the term; Rate comes after it.
	Fields     []CalculatorFieldPaint
	Terms      []CalculatorTermPaint
	Rate       CalculatorFieldPaint
	FinePrint  string
	Disclaimer string
	// ApplyPath is Apply for finance's link, the enquiry at its form.
	ApplyPath string
}

// CalculatorFieldPaint is one text field of the calculator.
type CalculatorFieldPaint struct {
	Name, Label, InputMode, Value string
}

// CalculatorTermPaint is one option of the term select.
type CalculatorTermPaint struct {
	Years    int
	Label    string
	Selected bool
}

// FinancePaint is the paint of a finance page at path: its header, and on
// /finance the calculator above the enquiry (FinanceEnquiryPage).
func (p Page) FinancePaint(path string) *Paint {
	head := &PageHeadPaint{Tag: "div", Class: "finance-enquiry", Header: true,
		Heading: "Finance enquiry", Lead: "Tell us your budget and the finance team will be in touch with options."}
	switch strings.TrimRight(path, "/") {
	case "/finance-pre-approval":
		head.Heading, head.Lead = "Finance pre-approval", "Know what you can spend before you choose: tell us about yourself and the finance team will be in touch about pre-approval."
	case "/finance":
		head.Calculator = calculatorPaint(p.Site.Finance)
	}
	return p.PageHeadPaint("finance", head)
}

// calculatorPaint is FinanceCalculator's first state for the site's
// finance settings: the site's term (5 years when unset) capped at the
// calculator's longest, and its calculator rate.
func calculatorPaint(f shared.FinanceConfig) *CalculatorPaint {
	term := f.TermYears
	if term == 0 {
		term = 5
	}
	term = min(term, shared.CalculatorMaxTerm)
	c := &CalculatorPaint{
		Fields: []CalculatorFieldPaint{
			{Name: "price", Label: "Vehicle price ($)", InputMode: "numeric"},
			{Name: "deposit", Label: "Deposit ($)", InputMode: "numeric", Value: "0"},
		},
		Rate:       CalculatorFieldPaint{Name: "interest_rate", Label: "Interest rate (% p.a.)", InputMode: "decimal", Value: strconv.FormatFloat(f.CalculatorRate, 'f', -1, 64)},
		FinePrint:  f.FinePrint,
		Disclaimer: f.IndicativeDisclaimer,
		ApplyPath:  "/finance-enquiry#finance-form",
	}
	for y := 1; y <= shared.CalculatorMaxTerm; y++ {
		label := strconv.Itoa(y) + " years"
		if y == 1 {
			label = "1 year"
		}
		c.Terms = append(c.Terms, CalculatorTermPaint{Years: y, Label: label, Selected: y == term})
	}
	return c
}

// DealershipsPaint is /dealerships' list and nearest-dealership finder
// (templates/DealershipsPage.tmpl, web DealershipList, NearestDealership).
type DealershipsPaint struct {
	Cards []DealershipCardPaint
}

// DealershipCardPaint is one dealership's card. Count is "N cars", empty
// when the site's stats do not count the dealership_name facet (the app
// asks the index then, and its first render has no count either).
type DealershipCardPaint struct {
	Name, Make, Count       string
	SearchPath, ListingPath string
}

// DealershipsPagePaint is the paint of /dealerships: its heading, each
// dealership's card with its stock count from stats (GET /api/site's, which
// the app's first render reads), and the finder below them.
func (p Page) DealershipsPagePaint(stats *shared.SiteStats) *Paint {
	var counts map[string]int
	if stats != nil {
		counts = stats.Facets["dealership_name"]
	}
	d := &DealershipsPaint{}
	for _, dl := range p.Site.Dealerships {
		c := DealershipCardPaint{Name: dl.Name, Make: dl.Make, SearchPath: DealershipSearchPath(dl.Slug), ListingPath: DealershipListingPath(dl.Slug)}
		if n, ok := counts[dl.Name]; ok {
			c.Count = carCount(n)
		}
		d.Cards = append(d.Cards, c)
	}
	return p.PageHeadPaint("dealerships", &PageHeadPaint{Tag: "section", Class: "directory", Heading: "Our dealerships", Dealerships: d})
}

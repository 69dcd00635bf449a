package seo

import (
	"html/template"
	"regexp"

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

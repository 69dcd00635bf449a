package httpapi

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"forecourt/functions/seo"
	"forecourt/shared"
)

// paintedOffersFixture is an offers page's input: cards with and without
// an image, a model link, and description and disclaimer cut or whole.
func paintedOffersFixture() (shared.Site, []shared.OfferView) {
	site := shared.Site{Slug: "coastal", Name: "Coastal Motor Group"}
	long := strings.Repeat("Drive away with a five year warranty and free servicing. ", 5)
	offers := []shared.Offer{
		{ID: "o1", Name: "CX-5 drive away", Manufacturer: shared.OfferManufacturer{Name: "Mazda"}, Model: &shared.OfferModel{Name: "CX-5", Slug: "cx-5"},
			ImageURL: "/media/offers/cx5.jpg", SanitizedDescription: long, Disclaimer: long},
		{ID: "o2", Name: "Service special", SanitizedDescription: "Half-price first service.", Disclaimer: "Conditions apply."},
		{ID: "o3", Name: "Finance from 2.9%", Model: &shared.OfferModel{Name: "Sportage", OverrideURL: "https://kia.example/sportage"}},
	}
	var views []shared.OfferView
	for _, o := range offers {
		views = append(views, shared.ViewOffer(o))
	}
	return site, views
}

// Issue 34: the offers page is painted from its first HTML, and its cards
// are OfferCard's own markup (web OfferCard.paint.test.tsx renders the
// fixture written here with OffersPage and compares the DOM).
func TestOfferPaintGolden(t *testing.T) {
	site, offers := paintedOffersFixture()
	shell, err := seo.ParseShell([]byte(docIndex))
	if err != nil {
		t.Fatal(err)
	}
	p := seo.Page{Site: site, Origin: "https://coastal.example", Path: "/special-offers"}
	h := p.Offers(len(offers))
	h.Paint = p.OffersPaint(offers)
	var page bytes.Buffer
	if err := shell.Render(&page, h); err != nil {
		t.Fatal(err)
	}
	input, err := json.MarshalIndent(map[string]any{"site": site, "offers": offers}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "TestOfferPaintGolden", "OfferCard.paint.test.tsx", map[string][]byte{"offers-painted.html": page.Bytes(), "offers-painted.json": append(input, '\n')})
}

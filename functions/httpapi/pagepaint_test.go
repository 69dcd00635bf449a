package httpapi

import (
	"strings"
	"testing"

	"forecourt/shared"
)

// Issue 34 "Every page painted": each page answers HTML that shows, before
// any script runs, the header and the page's heading (and its cards, body
// or a box for its form), in a root naming the route whose chunk the app
// loads before it replaces it; the data the app's first render needs is
// inlined with it.
func TestDocumentPaintsPages(t *testing.T) {
	h := documentAPIWith(t, func(c fakeCars) shared.CarStore { return c }, func(c *APIConfig) {
		s := c.Sites.(fakeSites)["riverside"]
		s.Features.TradeIn, s.Features.TradeInPath = true, "/trade-in"
		c.Sites = fakeSites{"riverside": s}
	})
	tests := []struct {
		path  string
		paint string
		want  []string
	}{
		{"/special-offers", "offers", []string{`<h1>Special Offers</h1>`, `<h2 class="offer-card__name"><a href="/offers/o1">Corolla drive away deal</a></h2>`,
			`<a href="/offers/toyota/o2">HiLux bonus</a>`, `<script id="forecourt-offers" type="application/json">`}},
		{"/offers/toyota/o2", "offer", []string{`<h1 class="offer-card__name">HiLux bonus</h1>`, `<h2 id="offer-o2-enquiry-h" tabindex="-1">Enquire about HiLux bonus</h2>`,
			`<script id="forecourt-offer" type="application/json">`}},
		{"/about-us", "content", []string{`<article class="content-page"><h1>About us</h1><div class="content-page__body"><p>Hello</p>`,
			`<script id="forecourt-page" type="application/json">`}},
		{"/no-such-page", "content", []string{`<section class="not-found"><h1>Page not found</h1>`, `action="/search/new-used-and-demo-cars/"`,
			`<script id="forecourt-page" type="application/json">{"path":"/no-such-page","page":null}`}},
		{"/finance", "finance", []string{`<div class="finance-enquiry"><header><h1>Finance enquiry</h1>`}},
		{"/finance-pre-approval", "finance", []string{`<h1>Finance pre-approval</h1>`}},
		{"/trade-in", "trade-in", []string{`<div class="trade-in"><header><h1>Get a <span class="trade-in__word">trade-in</span> appraisal</h1>`}},
		{"/contact-us", "contact", []string{`<section class="lead-page"><h1>Contact Us</h1>`}},
		{"/enquiry", "enquiry", []string{`<h1>General Enquiry</h1>`}},
		{"/book-test-drive", "book-test-drive", []string{`<section class="lead-page lead-page--narrow"><h1>Book a Test Drive</h1>`}},
		{"/sign-in", "sign-in", []string{`<main class="page sign-in"><h1>Sign in</h1>`}},
		{"/dealerships", "dealerships", []string{`<section class="directory"><h1>Our dealerships</h1>`}},
		{"/manufacturers", "manufacturers", []string{`<section class="directory"><h1>Manufacturers</h1>`}},
		{"/compare", "compare", []string{`<div class="page compare"><h1 tabindex="-1">Compare cars</h1>`}},
		{"/contact-us/riverside-sales", "contact-location", []string{`<h1>Contact Riverside Sales</h1>`}},
		{"/dealerships/riverside-toyota/cars", "dealership-cars", []string{`<div class="listing__heading"><h1>Riverside Toyota stock</h1>`}},
		{"/teams/sales", "team", []string{`<h1>Meet the Riverside Sales team</h1>`, `<address><span>Brisbane QLD</span></address>`}},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			page := get(h, tt.path, "riverside", testSecret).Body.String()
			if !strings.Contains(page, `<div id="root" data-paint="`+tt.paint+`"><div class="layout layout--classic">`) {
				t.Fatalf("root not painted as %q:\n%s", tt.paint, page)
			}
			if !strings.Contains(page, `<header class="site-header">`) {
				t.Error("no header painted")
			}
			for _, want := range tt.want {
				if !strings.Contains(page, want) {
					t.Errorf("no %s in\n%s", want, page)
				}
			}
			if strings.Contains(page, "Loading") {
				t.Error("painted page says it is loading")
			}
		})
	}
}

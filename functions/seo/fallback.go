package seo

import (
	"net/url"
	"strings"

	"forecourt/shared"
)

// SoldNotice is the spec's line for a sold car (spec 001 §2 "Car detail
// page"), which the page of a car sold past its retention repeats.
const SoldNotice = "Unfortunately this vehicle recently sold."

// listingLinks lead a reader without JavaScript into the stock: all of it,
// then each car type the site sells.
func (p Page) listingLinks() []Link {
	links := []Link{{Text: "All cars for sale", URL: p.Origin + p.Site.StockListing()}}
	types := p.Site.Stock.CarTypes
	if len(types) == 0 {
		types = []shared.CarType{shared.CarTypeNew, shared.CarTypeUsed, shared.CarTypeDemo}
	}
	for _, t := range []shared.CarType{shared.CarTypeNew, shared.CarTypeDemo, shared.CarTypeUsed} {
		for _, sold := range types {
			if sold == t {
				links = append(links, Link{Text: t.Label() + " cars", URL: p.Origin + "/search/" + string(t) + "-cars/"})
			}
		}
	}
	return links
}

// makeModelLinks are the listing of a car's make and model, and its make.
func (p Page) makeModelLinks(c shared.Car) []Link {
	var out []Link
	if c.Make == "" {
		return nil
	}
	if c.Model != "" {
		out = append(out, Link{Text: c.Make + " " + c.Model + " cars for sale",
			URL: p.Origin + "/search/" + url.PathEscape(c.Make) + "/" + url.PathEscape(c.Model) + "/"})
	}
	return append(out, Link{Text: c.Make + " cars for sale", URL: p.Origin + "/search/" + url.PathEscape(c.Make) + "/"})
}

// pageFallback is the fallback of a page with no details of its own: its
// title as the heading and the listing's links.
func (p Page) pageFallback(heading string) *Fallback {
	return &Fallback{Heading: heading, Links: p.listingLinks()}
}

// carFallback is a car page's fallback: what a shopper compares (price,
// km, body, transmission, fuel, colour, VIN, where it is) and links to its
// make and model and the listing.
func (p Page) carFallback(f CarFacts) *Fallback {
	c := f.Car
	fb := &Fallback{Heading: CarName(c)}
	add := func(label, v string) {
		if v = strings.TrimSpace(v); v != "" {
			fb.Facts = append(fb.Facts, label+": "+v)
		}
	}
	if !f.View.Available {
		fb.Facts = append(fb.Facts, SoldNotice)
	}
	if f.View.Price.HasPrice {
		add("Price", strings.TrimSpace(f.View.Price.Text+" "+f.View.Price.PriceType))
	}
	add("Condition", c.CarType.Label())
	if c.KM > 0 {
		add("Kilometres", shared.FormatKM(float64(c.KM)))
	}
	add("Body", firstNonEmpty(c.SimpleBody, c.Body))
	add("Transmission", firstNonEmpty(c.SimpleTransmission, c.Trans))
	add("Fuel", firstNonEmpty(c.SimpleFuel, c.Fuel))
	add("Colour", c.Colour)
	add("VIN", c.VIN)
	add("Stock number", c.StockNum)
	add("Location", carLocationName(p.Site, c))
	fb.Links = append(p.makeModelLinks(c), p.listingLinks()...)
	return fb
}

// Sold is the page of a car the site showed and no longer does because it
// sold past the site's retention (issue 14 "Real statuses"): 410, kept out
// of search results, saying it sold and linking to similar cars in stock
// and to its make and model's listing.
func (p Page) Sold(c shared.Car, similar []shared.Car) Head {
	name := CarName(c)
	what := strings.TrimSpace(c.Make + " " + c.Model)
	desc := SoldNotice + " See similar cars for sale at " + p.Site.Name + "."
	if what != "" {
		desc = SoldNotice + " See similar " + what + " cars for sale at " + p.Site.Name + "."
	}
	h := p.base(p.titled("Recently sold: "+name), desc)
	h.Status = 410
	h.Robots = "noindex"
	h.Canonical = ""
	fb := &Fallback{Heading: "Recently sold: " + name, Facts: []string{SoldNotice}}
	for _, s := range similar {
		fb.Links = append(fb.Links, Link{Text: CarName(s), URL: p.Origin + "/cars/" + url.PathEscape(s.Slug)})
	}
	fb.Links = append(fb.Links, p.makeModelLinks(c)...)
	fb.Links = append(fb.Links, p.listingLinks()...)
	h.NoScript = fb
	return h
}

// Similar picks up to n of the cars that are most like c: same make and
// model first, then same make, then same body type, in the order given.
func Similar(c shared.Car, cars []shared.Car, n int) []shared.Car {
	rank := func(o shared.Car) int {
		switch {
		case c.Make != "" && strings.EqualFold(o.Make, c.Make) && strings.EqualFold(o.Model, c.Model):
			return 0
		case c.Make != "" && strings.EqualFold(o.Make, c.Make):
			return 1
		case c.SimpleBody != "" && o.SimpleBody == c.SimpleBody:
			return 2
		}
		return 3
	}
	var out []shared.Car
	for r := 0; r < 3 && len(out) < n; r++ {
		for _, o := range cars {
			if o.ID != c.ID && rank(o) == r && len(out) < n {
				out = append(out, o)
			}
		}
	}
	return out
}

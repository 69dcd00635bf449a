package seo

import (
	"strings"
	"time"

	"forecourt/shared"
)

// FooterPaint is the site footer as the web's Footer renders it
// (templates/Footer.tmpl): painted after main, so a painted page is whole
// before any script runs (issue 34). It stands below the fold: a painted
// main is at least a screen high (web app.css), so the app's longer page
// moves nothing in view when it takes over.
type FooterPaint struct {
	SiteName string
	// Groups are Vehicles, Buyer Tools and Servicing and Parts, those with
	// links.
	Groups []FooterGroup
	// Dealer is the group named for the dealer (shown even when empty).
	Dealer []FooterLink
	// Address is the site's address on one line, "" for none.
	Address string
	// Social are the site's Facebook and Instagram pages.
	Social []FooterLink
	// Payments fill the 'We accept:' strip; none hides it.
	Payments []string
	// Year is the copyright line's.
	Year int
}

// FooterGroup is one titled list of the footer's links.
type FooterGroup struct {
	Title string
	Links []FooterLink
}

// FooterLink is one link of the footer (MenuLink).
type FooterLink struct {
	Label string
	Href  Href
}

// FooterPaint is the site's footer at now, as Footer renders it from the
// site's footer lists (defaults applied by shared.ApplyDefaults).
func (p Page) FooterPaint(now time.Time) *FooterPaint {
	s := p.Site
	f := s.Footer
	fp := &FooterPaint{SiteName: s.Name, Dealer: footerLinks(f.Dealer), Year: now.Year()}
	for _, g := range []FooterGroup{
		{"Vehicles", footerLinks(f.Vehicles)},
		{"Buyer Tools", footerLinks(f.BuyerTools)},
		{"Servicing and Parts", footerLinks(f.Service)},
	} {
		if len(g.Links) > 0 {
			fp.Groups = append(fp.Groups, g)
		}
	}
	if a := s.Address; a.Street != "" || a.City != "" {
		var parts []string
		for _, v := range []string{a.Street, a.City, a.State, a.Postcode} {
			if v != "" {
				parts = append(parts, v)
			}
		}
		fp.Address = strings.Join(parts, ", ")
	}
	for _, l := range []FooterLink{{"Facebook", Href(s.FacebookURL)}, {"Instagram", Href(s.InstagramURL)}} {
		if l.Href != "" {
			fp.Social = append(fp.Social, l)
		}
	}
	for _, m := range f.PaymentMethods {
		if m != "none" {
			fp.Payments = append(fp.Payments, m)
		}
	}
	return fp
}

func footerLinks(items []shared.NavItem) []FooterLink {
	var out []FooterLink
	for _, it := range items {
		out = append(out, FooterLink{Label: it.Label, Href: Href(it.Path)})
	}
	return out
}

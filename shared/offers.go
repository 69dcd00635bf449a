package shared

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Offer is a manufacturer or dealer special offer (spec 001 §3 "Offer").
type Offer struct {
	ID                   string            `json:"id"`
	Name                 string            `json:"name"`
	Manufacturer         OfferManufacturer `json:"manufacturer"`
	Model                *OfferModel       `json:"model,omitempty"`
	SanitizedDescription string            `json:"sanitized_description,omitempty"`
	Disclaimer           string            `json:"disclaimer,omitempty"`
	ImageURL             string            `json:"image_url,omitempty"`
	ImageOrModelImage    *ImageRef         `json:"image_or_model_image,omitempty"`
	ExcludedWebsiteIDs   []string          `json:"excluded_website_ids,omitempty"`
}

// OfferModel is the model an offer is for. Its link is OverrideURL, or
// "/{slug}" (spec 001 §2).
type OfferModel struct {
	Name        string `json:"name"`
	Slug        string `json:"slug"`
	OverrideURL string `json:"override_url,omitempty"`
}

// Link returns the model page an offer's "Explore {model}" button opens.
func (m OfferModel) Link() string {
	if m.OverrideURL != "" {
		return m.OverrideURL
	}
	return "/" + m.Slug
}

// OfferManufacturer is an offer's manufacturer, which sources send either as
// a name or as an object with a name (spec 001 §3). It always encodes as an
// object.
type OfferManufacturer struct {
	Name string `json:"name"`
	Slug string `json:"slug,omitempty"`
}

// UnmarshalJSON accepts "Toyota" as well as {"name": "Toyota"}.
func (m *OfferManufacturer) UnmarshalJSON(b []byte) error {
	var name string
	if err := json.Unmarshal(b, &name); err == nil {
		*m = OfferManufacturer{Name: name}
		return nil
	}
	type plain OfferManufacturer
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return fmt.Errorf("offer manufacturer: want string or object: %w", err)
	}
	*m = OfferManufacturer(p)
	return nil
}

// Offer text limits (spec 001 §4 "Descriptions and disclaimers"): a
// description over 200 characters is cut to 160 until expanded; a
// disclaimer over 200 is cut to 200.
const (
	OfferDescriptionLimit = 200
	OfferDescriptionCut   = 160
	OfferDisclaimerLimit  = 200
)

// OfferView is an offer as a site shows it: the offer, plus what the
// offer cards and pages display, computed here once.
type OfferView struct {
	Offer
	// Path is the offer's own page: /offers/{manufacturer slug}/{id}, or
	// /offers/{id} when the offer names no manufacturer.
	Path string `json:"path"`
	// ModelLink is the "Explore {model}" target (OfferModel.Link); empty
	// when the offer names no model.
	ModelLink string `json:"model_link,omitempty"`
	// Image is image_url, else image_or_model_image.url; empty for none.
	Image string `json:"image,omitempty"`
	// DescriptionShort is the description cut to 160 characters when it
	// is over 200 (the card shows it with "view more"); empty when the
	// whole description shows.
	DescriptionShort string `json:"description_short,omitempty"`
	// DisclaimerShort is the disclaimer cut to 200 characters when it is
	// over 200 ("view full"); empty when the whole disclaimer shows.
	DisclaimerShort string `json:"disclaimer_short,omitempty"`
}

// ManufacturerSlug is the manufacturer's slug: its own, else the built-in
// list's for its name ("MERCEDES BENZ" -> "mercedes-benz", "VW" ->
// "volkswagen"), else its name as a slug.
func (m OfferManufacturer) ManufacturerSlug() string {
	if m.Slug != "" {
		return m.Slug
	}
	if known, ok := ManufacturerNamed(m.Name); ok {
		return known.Slug
	}
	return Slugify(m.Name)
}

// OffersFor returns the offers the site shows, in their configured order:
// every offer except those whose excluded_website_ids name the site's id
// or slug (spec 001 §3).
func OffersFor(site Site, offers []Offer) []OfferView {
	out := make([]OfferView, 0, len(offers))
	for _, o := range offers {
		if o.ExcludedFrom(site) {
			continue
		}
		out = append(out, ViewOffer(o))
	}
	return out
}

// ExcludedFrom reports whether the offer's excluded_website_ids name the site.
func (o Offer) ExcludedFrom(site Site) bool {
	for _, id := range o.ExcludedWebsiteIDs {
		if id != "" && (id == site.ID || id == site.Slug) {
			return true
		}
	}
	return false
}

// ViewOffer computes what a card or page shows for one offer.
func ViewOffer(o Offer) OfferView {
	v := OfferView{Offer: o, Path: "/offers/" + o.ID, Image: o.ImageURL}
	if s := o.Manufacturer.ManufacturerSlug(); s != "" {
		v.Path = "/offers/" + s + "/" + o.ID
	}
	if o.Model != nil && (o.Model.Slug != "" || o.Model.OverrideURL != "") {
		v.ModelLink = o.Model.Link()
	}
	if v.Image == "" && o.ImageOrModelImage != nil {
		v.Image = o.ImageOrModelImage.URL
	}
	v.DescriptionShort = cutOver(o.SanitizedDescription, OfferDescriptionLimit, OfferDescriptionCut)
	v.DisclaimerShort = cutOver(o.Disclaimer, OfferDisclaimerLimit, OfferDisclaimerLimit)
	return v
}

// FindOffer returns the site's offer with the id, if the site shows it.
func FindOffer(site Site, offers []Offer, id string) (OfferView, bool) {
	for _, v := range OffersFor(site, offers) {
		if v.ID == id {
			return v, true
		}
	}
	return OfferView{}, false
}

// cutOver returns s cut to n characters (runes), trailing space trimmed and
// an ellipsis added, when s is longer than limit; else "".
func cutOver(s string, limit, n int) string {
	r := []rune(s)
	if len(r) <= limit {
		return ""
	}
	return strings.TrimRight(string(r[:n]), " \t\n") + "…"
}

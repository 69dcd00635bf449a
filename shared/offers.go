package shared

import (
	"encoding/json"
	"fmt"
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

package seo

import (
	"fmt"
	"strings"

	"forecourt/shared"
)

// The schema.org types the pages publish, as Go structs written to JSON-LD.
// Field names are schema.org's; Google's vehicle listing rich results are
// the reference for which fields a Car needs (README "Structured data").

const schemaContext = "https://schema.org"

// Thing is a named schema.org entity (Brand, Organization).
type Thing struct {
	Type string `json:"@type"`
	Name string `json:"name"`
}

// QuantitativeValue is a figure with its UN/CEFACT unit code (KMT: km).
type QuantitativeValue struct {
	Type     string `json:"@type"`
	Value    int    `json:"value"`
	UnitCode string `json:"unitCode"`
}

// PostalAddress is a street address.
type PostalAddress struct {
	Type            string `json:"@type"`
	StreetAddress   string `json:"streetAddress,omitempty"`
	AddressLocality string `json:"addressLocality,omitempty"`
	AddressRegion   string `json:"addressRegion,omitempty"`
	PostalCode      string `json:"postalCode,omitempty"`
	AddressCountry  string `json:"addressCountry"`
}

// GeoCoordinates is a latitude and longitude.
type GeoCoordinates struct {
	Type      string  `json:"@type"`
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

// OpeningHoursSpecification is one weekday's opening hours.
type OpeningHoursSpecification struct {
	Type      string `json:"@type"`
	DayOfWeek string `json:"dayOfWeek"`
	Opens     string `json:"opens"`
	Closes    string `json:"closes"`
}

// AutoDealer is a dealership location (schema.org AutoDealer, a
// LocalBusiness).
type AutoDealer struct {
	Context                   string                      `json:"@context,omitempty"`
	Type                      string                      `json:"@type"`
	Name                      string                      `json:"name"`
	URL                       string                      `json:"url,omitempty"`
	Telephone                 string                      `json:"telephone,omitempty"`
	Email                     string                      `json:"email,omitempty"`
	Address                   *PostalAddress              `json:"address,omitempty"`
	Geo                       *GeoCoordinates             `json:"geo,omitempty"`
	OpeningHoursSpecification []OpeningHoursSpecification `json:"openingHoursSpecification,omitempty"`
}

// Offer is a car's price.
type Offer struct {
	Type          string      `json:"@type"`
	Price         float64     `json:"price"`
	PriceCurrency string      `json:"priceCurrency"`
	Availability  string      `json:"availability"`
	URL           string      `json:"url,omitempty"`
	Seller        *AutoDealer `json:"seller,omitempty"`
}

// Car is a vehicle for sale (schema.org Car).
type Car struct {
	Context                     string             `json:"@context"`
	Type                        string             `json:"@type"`
	Name                        string             `json:"name"`
	URL                         string             `json:"url,omitempty"`
	Description                 string             `json:"description,omitempty"`
	VehicleIdentificationNumber string             `json:"vehicleIdentificationNumber,omitempty"`
	Brand                       *Thing             `json:"brand,omitempty"`
	Model                       string             `json:"model,omitempty"`
	VehicleConfiguration        string             `json:"vehicleConfiguration,omitempty"`
	VehicleModelDate            string             `json:"vehicleModelDate,omitempty"`
	MileageFromOdometer         *QuantitativeValue `json:"mileageFromOdometer,omitempty"`
	ItemCondition               string             `json:"itemCondition"`
	BodyType                    string             `json:"bodyType,omitempty"`
	FuelType                    string             `json:"fuelType,omitempty"`
	VehicleTransmission         string             `json:"vehicleTransmission,omitempty"`
	Color                       string             `json:"color,omitempty"`
	SeatingCapacity             int                `json:"seatingCapacity,omitempty"`
	NumberOfDoors               int                `json:"numberOfDoors,omitempty"`
	Image                       []string           `json:"image,omitempty"`
	Offers                      *Offer             `json:"offers,omitempty"`
}

// ListItem is one step of a breadcrumb trail.
type ListItem struct {
	Type     string `json:"@type"`
	Position int    `json:"position"`
	Name     string `json:"name"`
	Item     string `json:"item,omitempty"`
}

// BreadcrumbList is a page's place in the site.
type BreadcrumbList struct {
	Context         string     `json:"@context"`
	Type            string     `json:"@type"`
	ItemListElement []ListItem `json:"itemListElement"`
}

// Crumb is one breadcrumb: a name and an absolute URL (empty for the page itself).
type Crumb struct{ Name, URL string }

// Breadcrumbs builds a BreadcrumbList.
func Breadcrumbs(crumbs ...Crumb) BreadcrumbList {
	b := BreadcrumbList{Context: schemaContext, Type: "BreadcrumbList"}
	for i, c := range crumbs {
		b.ItemListElement = append(b.ItemListElement, ListItem{Type: "ListItem", Position: i + 1, Name: c.Name, Item: c.URL})
	}
	return b
}

// WebSite is the home page's site with its search box (SearchAction).
type WebSite struct {
	Context         string        `json:"@context"`
	Type            string        `json:"@type"`
	Name            string        `json:"name"`
	URL             string        `json:"url"`
	PotentialAction *SearchAction `json:"potentialAction,omitempty"`
}

// SearchAction tells search engines how to search the site's stock.
type SearchAction struct {
	Type       string `json:"@type"`
	Target     string `json:"target"`
	QueryInput string `json:"query-input"`
}

// Organization is the dealer (group) behind the site.
type Organization struct {
	Context string `json:"@context"`
	Type    string `json:"@type"`
	Name    string `json:"name"`
	URL     string `json:"url"`
	Logo    string `json:"logo,omitempty"`
}

// Schema.org condition and availability URLs.
const (
	ConditionNew  = "https://schema.org/NewCondition"
	ConditionUsed = "https://schema.org/UsedCondition"
	InStock       = "https://schema.org/InStock"
	PreOrder      = "https://schema.org/PreOrder"
	SoldOut       = "https://schema.org/SoldOut"
)

// Condition maps a car type to schema.org's condition: only new cars are
// NewCondition; a demo car has been registered and driven, so it is used.
func Condition(t shared.CarType) string {
	if t == shared.CarTypeNew {
		return ConditionNew
	}
	return ConditionUsed
}

// Availability maps a car's state to schema.org's availability.
func Availability(c shared.Car) string {
	switch {
	case !c.Available():
		return SoldOut
	case c.Status == shared.StatusComingSoon:
		return PreOrder
	default:
		return InStock
	}
}

var weekdays = [7]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}

// Dealer describes a location as an AutoDealer; url is its page.
func Dealer(l shared.Location, url string) AutoDealer {
	d := AutoDealer{Type: "AutoDealer", Name: l.Name, URL: url, Email: l.ContactDetail.Email,
		Telephone: firstNonEmpty(l.ContactDetail.Phone, l.ContactDetail.LandlinePhone)}
	d.Address = postal(l.Address)
	if l.Address.Lat != 0 || l.Address.Long != 0 {
		d.Geo = &GeoCoordinates{Type: "GeoCoordinates", Latitude: l.Address.Lat, Longitude: l.Address.Long}
	}
	for _, h := range l.ContactDetail.OpeningHours {
		if !strings.EqualFold(h.Status, "open") || h.Open == "" || h.Close == "" || h.Weekday < 0 || h.Weekday > 6 {
			continue
		}
		d.OpeningHoursSpecification = append(d.OpeningHoursSpecification, OpeningHoursSpecification{
			Type: "OpeningHoursSpecification", DayOfWeek: "https://schema.org/" + weekdays[h.Weekday], Opens: h.Open, Closes: h.Close,
		})
	}
	return d
}

func postal(a shared.Address) *PostalAddress {
	if a == (shared.Address{}) {
		return nil
	}
	return &PostalAddress{Type: "PostalAddress", StreetAddress: a.Street, AddressLocality: a.City,
		AddressRegion: a.State, PostalCode: a.Postcode, AddressCountry: "AU"}
}

// CarData is the schema.org Car of a car page. seller is the car's
// location as an AutoDealer; images are absolute URLs.
func CarData(c shared.Car, url string, images []string, seller *AutoDealer) Car {
	out := Car{
		Context: schemaContext, Type: "Car", Name: CarName(c), URL: url,
		VehicleIdentificationNumber: c.VIN,
		Model:                       c.Model,
		VehicleConfiguration:        c.Badge,
		ItemCondition:               Condition(c.CarType),
		BodyType:                    firstNonEmpty(c.SimpleBody, c.Body),
		FuelType:                    firstNonEmpty(c.SimpleFuel, c.Fuel),
		VehicleTransmission:         firstNonEmpty(c.SimpleTransmission, c.Trans),
		Color:                       c.Colour,
		SeatingCapacity:             c.Seats,
		NumberOfDoors:               c.Doors,
		Image:                       images,
		MileageFromOdometer:         &QuantitativeValue{Type: "QuantitativeValue", Value: c.KM, UnitCode: "KMT"},
	}
	if c.Make != "" {
		out.Brand = &Thing{Type: "Brand", Name: c.Make}
	}
	if c.Year > 0 {
		out.VehicleModelDate = fmt.Sprint(c.Year)
	}
	// A car without a price has no Offer: an Offer of 0 would advertise it free.
	if c.Price > 0 {
		out.Offers = &Offer{Type: "Offer", Price: c.Price, PriceCurrency: "AUD", Availability: Availability(c), URL: url, Seller: seller}
	}
	return out
}

// CarName is "2021 Toyota Corolla Ascent Sport".
func CarName(c shared.Car) string {
	var parts []string
	if c.Year > 0 {
		parts = append(parts, fmt.Sprint(c.Year))
	}
	for _, p := range []string{c.Make, c.Model, c.Badge} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return c.Name
	}
	return strings.Join(parts, " ")
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

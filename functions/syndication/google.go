package syndication

import (
	"cmp"
	"strconv"
	"strings"

	"forecourt/shared"
)

// Google's vehicle ads primary feed (issue 37): tab-separated, the
// attribute headers exactly as Google's feed specification names them
// ("Vehicle listings feed specification", developers.google.com
// /vehicle-listings/reference/feed-specification, and Merchant Center's
// "Upload a primary feed for vehicle ads", support.google.com/merchants
// /answer/11192663). Required: vin, store_code, dealership_name,
// dealership_address, price, condition, make, model, year, mileage for a
// used car; image_link is "recommended", but an ad without a photo is not
// worth running, so a car without one is dropped too. A reserved car is
// left out: the primary feed has no attribute for a held car.
var googleSpec = spec{
	header: []string{"vin", "id", "store_code", "dealership_name", "dealership_address", "link", "image_link",
		"additional_image_link", "date_in_stock", "price", "condition", "certified_pre-owned", "make", "model", "trim", "year",
		"mileage", "exterior_color", "body_style", "fuel", "transmission"},
	photoWidth: 1280,
	write:      writeTSV,
	check: func(v vehicle) ([]Reason, string) {
		r := common(v)
		r, vinDetail := requireVIN(r, v)
		var bodyDetail string
		if b := v.simpleBody; b != "" {
			if _, ok := googleBodies[b]; !ok {
				r = append(r, BodyType)
				bodyDetail = "Google's vehicle ads take passenger cars and utes, not " + b
			}
		}
		if v.car.Reserved {
			r = append(r, Reserved)
		}
		return sortReasons(r), joinDetail(vinDetail, bodyDetail)
	},
	row: func(v vehicle) []string {
		c := v.car
		condition, mileage := "new", ""
		if v.used() {
			condition = "used"
		}
		if c.KM > 0 {
			mileage = strconv.Itoa(c.KM) + " km"
		}
		cpo := ""
		if c.Certified && v.used() {
			cpo = "yes"
		}
		var extra []string
		if len(v.photos) > 1 {
			extra = v.photos[1:min(len(v.photos), 11)]
		}
		inStock := ""
		if !c.CreatedAt.IsZero() {
			inStock = c.CreatedAt.UTC().Format("2006-01-02")
		}
		return []string{v.vin, cmp.Or(c.StockNum, c.ID), v.dealership.FeedStoreCode(), v.dealership.Name, googleAddress(v.address), v.link, v.photos[0],
			strings.Join(extra, ","), inStock, price(c), condition, cpo, c.Make, c.Model, c.Badge, strconv.Itoa(c.Year),
			mileage, c.Colour, googleBodies[v.simpleBody], googleFuels[c.SimpleFuel], strings.ToLower(c.SimpleTransmission)}
	},
}

// googleAddress is the full address with city, postcode and country, as
// Google's example writes it ("1800 Amphibious Blvd., Mountain View, CA
// 94045, US").
func googleAddress(a shared.Address) string {
	var parts []string
	for _, p := range []string{a.Street, a.City, strings.TrimSpace(a.State + " " + a.Postcode)} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(append(parts, "AU"), ", ")
}

// googleBodies map the simple bodies to Google's body_style values. A bus,
// motorhome or light truck has none: vehicle ads are for passenger cars
// and pickups only.
var googleBodies = map[string]string{
	shared.BodySedan: "sedan", shared.BodyHatch: "hatchback", shared.BodySUV: "suv", shared.BodyUte: "ute",
	shared.BodyCabChassis: "ute", shared.BodyWagon: "station_wagon", shared.BodyVan: "full_size_van",
	shared.BodyCoupe: "coupe", shared.BodyConvertible: "convertible", shared.BodyPeopleMover: "minivan",
}

// googleFuels map the simple fuels to Google's fuel values; LPG and other
// fuels are left blank (the attribute is optional).
var googleFuels = map[string]string{
	shared.FuelPetrol: "gasoline", shared.FuelDiesel: "diesel", shared.FuelElectric: "electric",
	shared.FuelHybrid: "hybrid", shared.FuelPlugInHybrid: "plug_in_hybrid",
}

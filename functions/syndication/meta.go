package syndication

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"

	"forecourt/shared"
)

// metaImages is how many photos a Meta row carries (image[0].url ...).
const metaImages = 10

// Meta's automotive inventory catalog (issue 37): CSV with the columns of
// Meta's "Auto Ads reference" (developers.facebook.com/documentation
// /ads-commerce/marketing-api/auto-ads/reference: "Automotive Inventory Ads -
// Supported Feed Formats"; nested fields flattened in JSON-path columns,
// image[0].url, address.city, mileage.value). Required there: vehicle_id,
// title, description, url, make, model, year, mileage, image, body_style,
// price, address, state_of_vehicle. The VIN is optional outside the US: a
// VIN that is there must be one. A reserved car stays listed with
// availability PENDING.
var metaSpec = spec{
	header: func() []string {
		h := []string{"vehicle_id", "title", "description", "url", "make", "model", "year", "trim",
			"mileage.value", "mileage.unit"}
		for i := range metaImages {
			h = append(h, fmt.Sprintf("image[%d].url", i))
		}
		return append(h, "body_style", "drivetrain", "fuel_type", "transmission", "vin", "state_of_vehicle",
			"price", "exterior_color", "availability", "dealer_name", "address.addr1", "address.city",
			"address.region", "address.postal_code", "address.country", "latitude", "longitude")
	}(),
	photoWidth: 960,
	write:      writeCSV,
	check: func(v vehicle) ([]Reason, string) {
		r := common(v)
		r, vinDetail := optionalVIN(r, v)
		var bodyDetail string
		if _, ok := metaBodies[v.simpleBody]; !ok {
			r = append(r, BodyType)
			bodyDetail = bodyMissing("Meta", v.simpleBody)
		}
		return sortReasons(r), joinDetail(vinDetail, bodyDetail)
	},
	row: func(v vehicle) []string {
		c, a := v.car, v.address
		row := []string{c.ID, v.title, v.description, v.link, c.Make, c.Model, strconv.Itoa(c.Year), c.Badge,
			strconv.Itoa(max(c.KM, 0)), "KM"}
		for i := range metaImages {
			row = append(row, at(v.photos, i))
		}
		availability := "AVAILABLE"
		if c.Reserved {
			availability = "PENDING"
		}
		return append(row, metaBodies[v.simpleBody], drivetrain(c.Drive), metaFuels[c.SimpleFuel],
			strings.ToUpper(c.SimpleTransmission), v.vin, stateOfVehicle(c), price(c), c.Colour, availability,
			v.dealership.Name, a.Street, a.City, a.State, a.Postcode, "AU", coord(a.Lat), coord(a.Long))
	},
}

// stateOfVehicle is NEW, USED or CPO (a certified used or demo car), as
// Meta and TikTok name it.
func stateOfVehicle(c shared.Car) string {
	switch {
	case c.CarType == shared.CarTypeNew:
		return "NEW"
	case c.Certified:
		return "CPO"
	}
	return "USED"
}

func bodyMissing(platform, body string) string {
	if body == "" {
		return platform + " needs a body style; the car has none"
	}
	return platform + " has no body style for " + body
}

// metaBodies map the simple bodies to Meta's body_style values.
var metaBodies = map[string]string{
	shared.BodySedan: "SEDAN", shared.BodyHatch: "HATCHBACK", shared.BodySUV: "SUV", shared.BodyUte: "PICKUP",
	shared.BodyCabChassis: "PICKUP", shared.BodyWagon: "WAGON", shared.BodyVan: "VAN", shared.BodyCoupe: "COUPE",
	shared.BodyConvertible: "CONVERTIBLE", shared.BodyPeopleMover: "MINIVAN", shared.BodyBus: "MINIBUS",
	shared.BodyLightTruck: "TRUCK",
}

// metaFuels map the simple fuels to Meta's fuel_type values.
var metaFuels = map[string]string{
	shared.FuelPetrol: "PETROL", shared.FuelDiesel: "DIESEL", shared.FuelElectric: "ELECTRIC",
	shared.FuelHybrid: "HYBRID", shared.FuelPlugInHybrid: "PLUGIN_HYBRID", shared.FuelLPG: "OTHER", shared.FuelOther: "OTHER",
}

// drivetrain maps a feed's drive ("4X4", "AWD", "Front Wheel Drive") to
// Meta's and TikTok's values; "" when it cannot tell.
func drivetrain(raw string) string {
	s := strings.ToLower(strings.Join(strings.Fields(raw), " "))
	switch {
	case s == "":
		return ""
	case strings.Contains(s, "awd") || strings.Contains(s, "all wheel"):
		return "AWD"
	case strings.Contains(s, "4x4") || strings.Contains(s, "4wd") || strings.Contains(s, "four wheel"):
		return "4X4"
	case strings.Contains(s, "fwd") || strings.Contains(s, "front"):
		return "FWD"
	case strings.Contains(s, "rwd") || strings.Contains(s, "rear"):
		return "RWD"
	case strings.Contains(s, "4x2"):
		return "4X2"
	}
	return "OTHER"
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return ""
}

func coord(f float64) string {
	if f == 0 {
		return ""
	}
	return strconv.FormatFloat(f, 'f', 6, 64)
}

// writeCSV writes RFC 4180 CSV (quoted where a cell needs it), each cell
// on one line.
func writeCSV(rows [][]string) ([]byte, error) {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	for _, row := range rows {
		clean := make([]string, len(row))
		for i, c := range row {
			clean[i] = oneLine(c)
		}
		if err := w.Write(clean); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

package syndication

import (
	"strconv"
	"strings"

	"forecourt/shared"
)

// TikTok's automotive inventory catalog (issue 37): CSV with the fields of
// TikTok's "Available fields for Automotive Ads inventory catalogs"
// (ads.tiktok.com/help/article/available-fields-for-automotive-ads-inventory-catalogs,
// July 2025) and the state_of_vehicle values of "Available parameters for
// Automotive Ads". Required there: vehicle_id, title, description, url,
// make, model, year, mileage.value and .unit (0 for a new car), image_link
// (at least 500x500; 800x600 is ideal, so the 960 px 3:2 photo), body_style.
// vin is optional (at most 17 characters): a VIN that is there must be
// one. The article lists no availability field, so a reserved car is left
// out.
var tiktokSpec = spec{
	header: []string{"vehicle_id", "title", "description", "url", "make", "model", "year", "trim",
		"mileage.value", "mileage.unit", "image_link", "additional_image_link", "transmission", "body_style",
		"drivetrain", "vin", "state_of_vehicle", "exterior_color", "price"},
	photoWidth: 960,
	write:      writeCSV,
	check: func(v vehicle) ([]Reason, string) {
		r := common(v)
		r, vinDetail := optionalVIN(r, v)
		var bodyDetail string
		if _, ok := tiktokBodies[v.simpleBody]; !ok {
			r = append(r, BodyType)
			bodyDetail = bodyMissing("TikTok", v.simpleBody)
		}
		if v.car.Reserved {
			r = append(r, Reserved)
		}
		return sortReasons(r), joinDetail(vinDetail, bodyDetail)
	},
	row: func(v vehicle) []string {
		c := v.car
		var extra []string
		if len(v.photos) > 1 {
			extra = v.photos[1:min(len(v.photos), 10)]
		}
		trans := ""
		switch c.SimpleTransmission {
		case shared.TransmissionAutomatic:
			trans = "AUTOMATIC"
		case shared.TransmissionManual:
			trans = "MANUAL"
		}
		return []string{c.ID, v.title, v.description, v.link, c.Make, c.Model, strconv.Itoa(c.Year), c.Badge,
			strconv.Itoa(max(c.KM, 0)), "KM", v.photos[0], strings.Join(extra, ","), trans, tiktokBodies[v.simpleBody],
			drivetrain(c.Drive), v.vin, stateOfVehicle(c), c.Colour, price(c)}
	},
}

// tiktokBodies map the simple bodies to TikTok's body_style values (its
// list ends in OTHER, which takes a bus or motorhome).
var tiktokBodies = map[string]string{
	shared.BodySedan: "SEDAN", shared.BodyHatch: "HATCHBACK", shared.BodySUV: "SUV", shared.BodyUte: "TRUCK",
	shared.BodyCabChassis: "TRUCK", shared.BodyWagon: "WAGON", shared.BodyVan: "VAN", shared.BodyCoupe: "COUPE",
	shared.BodyConvertible: "CONVERTIBLE", shared.BodyPeopleMover: "MINIVAN", shared.BodyBus: "OTHER",
	shared.BodyMotorhome: "OTHER", shared.BodyLightTruck: "TRUCK",
}

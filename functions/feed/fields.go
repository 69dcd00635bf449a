package feed

import (
	"reflect"
	"strings"

	"forecourt/shared"
)

// fieldKind is how a feed value is coerced into a Car field.
type fieldKind int

const (
	kindString fieldKind = iota
	kindInt
	kindFloat
	kindBool
	kindStrings
	kindImages
	kindTime
	kindNested // objects: JSON feeds only
)

// carFields maps each Car JSON name to its kind.
var carFields = func() map[string]fieldKind {
	m := map[string]fieldKind{}
	t := reflect.TypeOf(shared.Car{})
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		switch {
		case f.Type == reflect.TypeOf([]shared.Image{}):
			m[name] = kindImages
		case f.Type.String() == "time.Time":
			m[name] = kindTime
		case f.Type.Kind() == reflect.String:
			m[name] = kindString
		case f.Type.Kind() == reflect.Int || f.Type.Kind() == reflect.Int64:
			m[name] = kindInt
		case f.Type.Kind() == reflect.Float64:
			m[name] = kindFloat
		case f.Type.Kind() == reflect.Bool:
			m[name] = kindBool
		case f.Type == reflect.TypeOf([]string{}):
			m[name] = kindStrings
		default:
			m[name] = kindNested
		}
	}
	return m
}()

// aliases maps column names that dealer management systems use, squashed
// (shared.Squash), to Car JSON names.
var aliases = map[string]string{
	"stocknumber": "stocknum", "stockno": "stocknum", "stock": "stocknum", "stockid": "stocknum",
	"stockcode": "stocknum", "stocknum": "stocknum",
	"vinnumber": "vin", "vehicleidentificationnumber": "vin",
	"modelyear": "year", "yr": "year", "yearofmanufacture": "year",
	"manufacturer": "make", "brand": "make",
	"modelname": "model",
	"trim":      "badge", "variant": "badge", "grade": "badge", "badgedescription": "badge",
	"bodytype": "body", "bodystyle": "body", "bodyshape": "body",
	"odometer": "km", "kms": "km", "kilometres": "km", "kilometers": "km", "mileage": "km", "odo": "km",
	"odometerreading": "km",
	"saleprice":       "price", "retailprice": "price", "driveawayprice": "price", "advertisedprice": "price",
	"listprice": "price", "sellingprice": "price",
	"color": "colour", "exteriorcolour": "colour", "exteriorcolor": "colour", "extcolour": "colour",
	"interiorcolor": "interior_colour", "trimcolour": "interior_colour",
	"transmission": "trans", "gearbox": "trans", "transmissiontype": "trans",
	"fueltype":  "fuel",
	"drivetype": "drive", "drivetrain": "drive", "driveline": "drive",
	"seatcount": "seats", "numberofseats": "seats", "doorcount": "doors", "numberofdoors": "doors",
	"photos": "images", "imageurls": "images", "photourls": "images", "pictures": "images", "imageurl": "images",
	"comments": "dealercomments", "description": "dealercomments", "notes": "dealercomments",
	"vehicledescription": "dealercomments",
	"stockstatus":        "status", "vehiclestatus": "status",
	"condition": "car_type", "newused": "car_type", "stocktype": "car_type", "type": "car_type",
	"vehicletype": "car_type",
	"rego":        "regplate", "registration": "regplate", "regonumber": "regplate", "registrationnumber": "regplate",
	"regoexpiry": "rego_expiry", "registrationexpiry": "rego_expiry",
	"engine": "engine_size", "enginecapacity": "engine_size",
	"features": "standardEquipment", "equipment": "standardEquipment",
	"location": "location_name", "yard": "location_name",
}

// carNames maps normalised names to Car JSON names; aliases maps them to
// the usual DMS names. A Car name wins over an alias of the same spelling
// ("location", "variant"), so a feed of Car JSON keeps its nested objects.
var carNames = func() map[string]string {
	m := make(map[string]string, len(carFields))
	for name := range carFields {
		m[shared.Squash(name)] = name
	}
	return m
}()

// Columns maps source column (or JSON key) names to Car JSON names, with a
// provider's own mapping taking precedence over the usual names.
type Columns map[string]string

// fieldFor returns the Car JSON name for a source name, or "" to ignore it.
// scalar says the value is text or a number: where the Car field of that
// name holds an object (a CSV "variant" or "location" column), the DMS
// alias ("badge", "location_name") applies instead.
func (c Columns) fieldFor(name string, scalar bool) string {
	if f, ok := c[name]; ok {
		return f
	}
	n := shared.Squash(name)
	for k, f := range c {
		if shared.Squash(k) == n {
			return f
		}
	}
	if f, ok := carNames[n]; ok {
		if alias, ok := aliases[n]; ok && scalar && carFields[f] == kindNested {
			return alias
		}
		return f
	}
	return aliases[n]
}

package shared

import (
	"regexp"
	"strings"
	"unicode"
)

// Simple body labels: the simple_body facet's values.
const (
	BodySedan       = "Sedan"
	BodyHatch       = "Hatch"
	BodySUV         = "SUV"
	BodyUte         = "Ute"
	BodyCabChassis  = "Cab Chassis"
	BodyWagon       = "Wagon"
	BodyVan         = "Van"
	BodyCoupe       = "Coupe"
	BodyConvertible = "Convertible"
	BodyPeopleMover = "People Mover"
	BodyBus         = "Bus"
	BodyMotorhome   = "Motorhome"
	BodyLightTruck  = "Light Truck"
)

// ValidBodyTypes are the body types spec 001 §9 accepts.
// SimpleBodies are the simple_body facet's labels, in the order SimpleBody
// tries them; the web resolves /search/{body} paths against them (spec 001 §2).
var SimpleBodies = []string{BodySedan, BodyHatch, BodySUV, BodyUte, BodyCabChassis, BodyWagon, BodyVan, BodyCoupe,
	BodyConvertible, BodyPeopleMover, BodyBus, BodyMotorhome, BodyLightTruck}

var ValidBodyTypes = []string{"4x4", "bus", "cabChassis", "convertible", "coupe", "hardtop", "hatch", "hatchback", "motorhome", "lightTruck", "peopleMover", "sedan", "softtop", "suv", "ute", "van", "wagon", "stationWagon"}

// ValidBodyType reports whether raw is one of spec 001 §9's valid body types,
// ignoring case, spaces, hyphens and underscores ("cab chassis" = "cabChassis").
func ValidBodyType(raw string) bool {
	k := Squash(raw)
	for _, b := range ValidBodyTypes {
		if Squash(b) == k {
			return true
		}
	}
	return false
}

// bodyRules map words found in a feed's body description to a simple body,
// first match wins: the more specific words come first ("cab chassis" before
// "ute", "minivan" before "van").
var bodyRules = []struct {
	words []string
	body  string
}{
	{[]string{"cabchassis", "cab chassis", "tray"}, BodyCabChassis},
	{[]string{"motorhome", "motor home", "campervan", "camper"}, BodyMotorhome},
	{[]string{"peoplemover", "people mover", "mpv", "minivan"}, BodyPeopleMover},
	{[]string{"lighttruck", "light truck", "truck"}, BodyLightTruck},
	{[]string{"bus"}, BodyBus},
	{[]string{"ute", "utility", "pickup", "pick up", "pick-up"}, BodyUte},
	{[]string{"suv", "4x4", "4wd", "sports utility", "sport utility", "crossover"}, BodySUV},
	{[]string{"convertible", "cabriolet", "cabrio", "roadster", "softtop", "soft top", "spyder", "spider"}, BodyConvertible},
	{[]string{"coupe", "hardtop", "hard top"}, BodyCoupe},
	{[]string{"hatch", "hatchback", "liftback"}, BodyHatch},
	{[]string{"wagon", "stationwagon", "station wagon", "estate", "touring"}, BodyWagon},
	{[]string{"van", "panel van"}, BodyVan},
	{[]string{"sedan", "saloon"}, BodySedan},
}

var wordSplit = regexp.MustCompile(`[^a-z0-9]+`)

// SimpleBody maps a feed's body description ("4D SEDAN", "Dual Cab Utility",
// "cabChassis", "5dr Hatchback") to a simple body label for the simple_body
// facet; ok is false when nothing matches. Words match whole, so "Bus" does
// not match "Business".
func SimpleBody(raw string) (string, bool) {
	text := wordText(splitCamel(raw))
	for _, r := range bodyRules {
		if hasWord(text, r.words...) {
			return r.body, true
		}
	}
	return "", false
}

// wordText lower-cases s and joins its words with single spaces, padded
// with one on each side, for hasWord.
func wordText(s string) string {
	return " " + strings.Join(wordSplit.Split(strings.ToLower(s), -1), " ") + " "
}

// hasWord reports whether the wordText text holds any of words as whole
// words ("bus" is not in " business ").
func hasWord(text string, words ...string) bool {
	for _, w := range words {
		if strings.Contains(text, " "+w+" ") {
			return true
		}
	}
	return false
}

// splitCamel puts a space before each upper-case letter that follows a
// lower-case one, so "cabChassis" reads as "cab Chassis".
func splitCamel(s string) string {
	var b strings.Builder
	var prev rune
	for _, r := range s {
		if unicode.IsUpper(r) && unicode.IsLower(prev) {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// Simple fuel labels: the simple_fuel values. Electric and the hybrids earn
// the electric tag (spec 000 §4).
const (
	FuelPetrol       = "Petrol"
	FuelDiesel       = "Diesel"
	FuelElectric     = "Electric"
	FuelHybrid       = "Hybrid"
	FuelPlugInHybrid = "Plug-in Hybrid"
	FuelLPG          = "LPG"
	FuelOther        = "Other"
)

// SimpleFuel maps a feed's fuel description to a simple fuel: "" for an
// empty one, Other for one it does not know.
func SimpleFuel(raw string) string {
	text := wordText(raw)
	has := func(ws ...string) bool { return hasWord(text, ws...) }
	switch {
	case strings.TrimSpace(raw) == "":
		return ""
	case has("phev", "plug in", "plugin"):
		return FuelPlugInHybrid
	case has("hybrid", "hev", "mhev"):
		return FuelHybrid
	case has("electric", "ev", "bev", "battery"):
		return FuelElectric
	case has("diesel", "dsl", "turbo diesel"):
		return FuelDiesel
	case has("lpg", "gas", "cng"):
		return FuelLPG
	case has("petrol", "unleaded", "ulp", "pulp", "premium", "e10", "gasoline", "leaded"):
		return FuelPetrol
	}
	return FuelOther
}

// Simple transmissions: the transmission facet's values.
const (
	TransmissionAutomatic = "Automatic"
	TransmissionManual    = "Manual"
)

// SimpleTransmission maps a feed's transmission ("6 SP AUTOMATIC", "CVT",
// "Sports Automatic Dual Clutch", "5 sp Manual", "A", "M") to Automatic or
// Manual, and "" when it cannot tell. Clutchless automated manuals count as
// automatic, as buyers filter them.
func SimpleTransmission(raw string) string {
	s := strings.ToLower(strings.TrimSpace(raw))
	switch {
	case s == "":
		return ""
	case s == "a" || s == "auto":
		return TransmissionAutomatic
	case s == "m" || s == "man":
		return TransmissionManual
	case strings.Contains(s, "automated manual") || strings.Contains(s, "amt"):
		return TransmissionAutomatic
	case strings.Contains(s, "manual"):
		return TransmissionManual
	}
	for _, w := range []string{"auto", "cvt", "dct", "dsg", "dual clutch", "tiptronic", "steptronic", "variable", "reduction", "single speed", "1 sp", "sequential"} {
		if strings.Contains(s, w) {
			return TransmissionAutomatic
		}
	}
	return ""
}

// Makes is the built-in list of car makes sold in Australia, by their
// canonical spelling: the names of shared/manufacturers.json.
var Makes = func() []string {
	out := make([]string, len(manufacturerTable))
	for i, r := range manufacturerTable {
		out[i] = r.Name
	}
	return out
}()

// CanonicalMake returns the canonical spelling of a make: "TOYOTA" and
// " toyota " give "Toyota", "mercedes benz" gives "Mercedes-Benz" (the
// built-in manufacturer list, ManufacturerNamed). A make not in the list
// comes back trimmed with each word capitalised.
func CanonicalMake(raw string) string {
	raw = strings.Join(strings.Fields(raw), " ")
	if m, ok := ManufacturerNamed(raw); ok {
		return m.Name
	}
	words := strings.Fields(strings.ToLower(raw))
	for i, w := range words {
		r := []rune(w)
		r[0] = unicode.ToUpper(r[0])
		words[i] = string(r)
	}
	return strings.Join(words, " ")
}

// Squash lower-cases s and drops everything but letters and digits, so that
// spellings that differ only in case, spaces and punctuation compare equal
// ("Stock No.", "stock_no" and "STOCKNO"; "cab chassis" and "cabChassis").
func Squash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

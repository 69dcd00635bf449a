package shared

import (
	"math"
	"strings"
)

// MetresPerFoot converts feet to metres (spec 001 §9).
const MetresPerFoot = 0.3048

// FeetToMetres converts a length in feet to metres, rounded to centimetres.
func FeetToMetres(ft float64) float64 {
	return math.Round(ft*MetresPerFoot*100) / 100
}

// NormalizeCaravanDimensions stores a caravan's body length and width in
// metres (spec 001 §3 "specifications (caravan)", §9 feet factor 0.3048):
// a feed that gives them in feet ("ft", "feet", "foot", `'`) is converted,
// metres ("m", "metres", "meters") are kept, no unit is left as given. An
// unknown unit returns the field and the reason to reject the row with.
func NormalizeCaravanDimensions(s *CaravanSpecifications) (field, reason string) {
	if s == nil {
		return "", ""
	}
	switch strings.ToLower(strings.TrimSpace(s.DimensionUnit)) {
	case "":
		s.DimensionUnit = ""
	case "m", "metre", "metres", "meter", "meters":
		s.DimensionUnit = "m"
	case "ft", "feet", "foot", "'":
		s.BodyLength = FeetToMetres(s.BodyLength)
		s.BodyWidth = FeetToMetres(s.BodyWidth)
		s.DimensionUnit = "m"
	default:
		return "specifications.dimension_unit", `must be "m" or "ft", not "` + s.DimensionUnit + `"`
	}
	return "", ""
}

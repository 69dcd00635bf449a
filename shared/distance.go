package shared

import (
	"cmp"
	"math"
	"slices"
)

// EarthRadiusKm is the radius of the great-circle distance (spec 001 §9 "Display").
const EarthRadiusKm = 6371.0

// DistanceKm is the great-circle (haversine) distance in kilometres between
// two points given in degrees.
func DistanceKm(lat1, lng1, lat2, lng2 float64) float64 {
	rad := math.Pi / 180
	dLat := (lat2 - lat1) * rad
	dLng := (lng2 - lng1) * rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLng/2)*math.Sin(dLng/2)
	return 2 * EarthRadiusKm * math.Asin(math.Min(1, math.Sqrt(a)))
}

// LocationDistance is a location and its distance from a point.
type LocationDistance struct {
	Location   Location
	DistanceKm float64
}

// NearestLocations orders the visible locations that have coordinates by
// their distance from (lat, lng), nearest first; equal distances keep the
// sales, service, parts order of SortedLocations.
func NearestLocations(locs []Location, lat, lng float64) []LocationDistance {
	var out []LocationDistance
	for _, l := range SortedLocations(locs) {
		if l.Address.Lat == 0 && l.Address.Long == 0 {
			continue
		}
		d := DistanceKm(lat, lng, l.Address.Lat, l.Address.Long)
		out = append(out, LocationDistance{Location: l, DistanceKm: math.Round(d*10) / 10})
	}
	slices.SortStableFunc(out, func(a, b LocationDistance) int { return cmp.Compare(a.DistanceKm, b.DistanceKm) })
	return out
}

// GeoQuery asks where a postcode or a place name is (GET /api/geocode).
type GeoQuery struct {
	Postcode string
	Text     string
}

// GeoPlace is a geocoded point and a name for it.
type GeoPlace struct {
	Lat      float64 `json:"lat"`
	Lng      float64 `json:"lng"`
	Place    string  `json:"place"`
	Postcode string  `json:"postcode,omitempty"`
}

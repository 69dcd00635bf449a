package shared

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"
)

// Rules of the listing page that the server paints before the scripts run
// (issue 14 first paint) and the web renders afterwards; each has a twin in
// web/src and a vector file both run (testdata/vectors/README.md).

// listingTypeTitles name a listing by its sorted car types (web
// components/search/ListingHeading.tsx TYPE_TITLES).
var listingTypeTitles = map[string]string{
	"new":      "New cars",
	"used":     "Used cars",
	"demo":     "Demo cars",
	"demo,new": "New and demo cars",
}

// ListingTitle is the listing's heading from its refinement lists (the
// path preset and the URL's filters): "Toyota Corolla", "Toyota cars",
// "Used cars" (also on a used-only site), "New, used and demo cars"; one
// dealership_slug adds " at <dealership name>" (web listingTitle; vector
// listing_title.json).
func ListingTitle(refinements map[string][]string, s Site) string {
	types := refinements["car_type"]
	if len(types) == 0 {
		for _, t := range s.Stock.CarTypes {
			types = append(types, string(t))
		}
	}
	sorted := append([]string(nil), types...)
	sort.Strings(sorted)
	makes, models := refinements["make"], refinements["model"]
	var title string
	switch {
	case len(makes) == 1 && len(models) == 1:
		title = makes[0] + " " + models[0]
	case len(makes) == 1:
		title = makes[0] + " cars"
	default:
		var ok bool
		if title, ok = listingTypeTitles[strings.Join(sorted, ",")]; !ok {
			title = "New, used and demo cars"
		}
	}
	if ds := refinements["dealership_slug"]; len(ds) == 1 {
		name := ds[0]
		if d, ok := s.Dealership(ds[0]); ok {
			name = d.Name
		}
		return title + " at " + name
	}
	return title
}

// FacetCount is one value of a facet with its count in the results.
type FacetCount struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// Body tile limits (spec 001 §9): the most common four, or up to twenty of
// the site's own list (search.custom_bodies).
const (
	BodyTileLimit       = 4
	CustomBodyTileLimit = 20
)

// BodyTiles picks the listing's body-type tiles from the simple_body facet
// counts: the site's custom bodies in its order (matched ignoring case) when
// it lists any, else the most common four, ties by name (web bodyTiles;
// vector body_tiles.json). The listing shows them only when there are two
// or more.
func BodyTiles(counts []FacetCount, custom []string) []FacetCount {
	if len(custom) > 0 {
		by := map[string]FacetCount{}
		for _, c := range counts {
			by[strings.ToLower(c.Name)] = c
		}
		var out []FacetCount
		for _, b := range custom {
			if c, ok := by[strings.ToLower(b)]; ok && len(out) < CustomBodyTileLimit {
				out = append(out, c)
			}
		}
		return out
	}
	out := append([]FacetCount(nil), counts...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Name < out[j].Name
	})
	if len(out) > BodyTileLimit {
		out = out[:BodyTileLimit]
	}
	return out
}

// CarTypeLabel names a car type for shoppers: the site's used keyword
// (texts.used_keyword) for used cars, otherwise the type capitalised (web
// lib/format.ts carTypeLabel).
func CarTypeLabel(t string, usedKeyword string) string {
	if t == string(CarTypeUsed) && usedKeyword != "" {
		return usedKeyword
	}
	if t == "" {
		return ""
	}
	return strings.ToUpper(t[:1]) + t[1:]
}

// ChipsOf are a listing card's attribute chips (spec 000 §2): the site's
// card.chips, each a car field by its JSON name, in order, those the car
// has a value for; km reads "35,120 km", car_type its label, stocknum
// "Stock #123" (web chipsOf; vector card_chips.json).
func ChipsOf(c Car, s Site) []string {
	b, err := json.Marshal(c)
	if err != nil {
		return nil
	}
	var fields map[string]any
	if err := json.Unmarshal(b, &fields); err != nil {
		return nil
	}
	var out []string
	for _, chip := range s.Card.Chips {
		if t := chipText(fields[chip], chip, s.Texts.UsedKeyword); t != "" {
			out = append(out, t)
		}
	}
	return out
}

func chipText(v any, chip, usedKeyword string) string {
	var text string
	switch v := v.(type) {
	case string:
		if v == "" || v == "null" {
			return ""
		}
		text = v
	case float64:
		if chip == "km" {
			return FormatKM(v)
		}
		text = strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		text = strconv.FormatBool(v)
	default:
		// Absent, null, or a list or object, which no chip names.
		return ""
	}
	switch chip {
	case "km":
		// The web formats only a number.
		return ""
	case "car_type":
		return CarTypeLabel(text, usedKeyword)
	case "stocknum":
		return "Stock #" + text
	}
	return text
}

// MaskPhone hides all but the first four digits of a number until the
// shopper reveals it (spec 000 §4), keeping its spacing: "07 3000 0002"
// reads "07 30XX XXXX" (web lib/carPhone.ts maskPhone; vector
// mask_phone.json).
func MaskPhone(phone string) string {
	seen := 0
	return strings.Map(func(r rune) rune {
		if r < '0' || r > '9' {
			return r
		}
		seen++
		if seen <= 4 {
			return r
		}
		return 'X'
	}, strings.TrimSpace(phone))
}

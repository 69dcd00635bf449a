package feed

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"forecourt/shared"
)

// MaxListItems caps a car's lists (images, features, lenders): a dealer's
// listing has dozens, and a longer list is a broken or hostile feed.
const MaxListItems = 200

// RowError is why a row was rejected.
type RowError struct {
	Row    int    `json:"row"`
	Field  string `json:"field"`
	Reason string `json:"reason"`
}

func (e RowError) Error() string { return fmt.Sprintf("row %d: %s: %s", e.Row, e.Field, e.Reason) }

// vinPattern is a 17-character VIN: letters and digits without I, O and Q.
var vinPattern = regexp.MustCompile(`^[A-HJ-NPR-Z0-9]{17}$`)

// ParseRow coerces, validates and normalises one row into a car of the
// dealership (issue 4 "Validation per row"). now bounds the model year.
func ParseRow(row Row, dealershipSlug string, now time.Time) (shared.Car, *RowError) {
	reject := func(field, format string, args ...any) (shared.Car, *RowError) {
		return shared.Car{}, &RowError{Row: row.Num, Field: field, Reason: fmt.Sprintf(format, args...)}
	}
	if row.Invalid != "" {
		return reject("car", "%s", row.Invalid)
	}
	values := make(map[string]any, len(row.Fields))
	for name, v := range row.Fields {
		cv, err := coerce(carFields[name], v)
		if err != nil {
			return reject(name, "%v", err)
		}
		if rv := reflect.ValueOf(cv); rv.Kind() == reflect.Slice && rv.Len() > MaxListItems {
			return reject(name, "at most %d entries, got %d", MaxListItems, rv.Len())
		}
		if cv != nil {
			values[name] = cv
		}
	}
	if v, ok := values["finance_lenders"]; ok {
		if field, reason := checkLenderTypes(v); field != "" {
			return reject(field, "%s", reason)
		}
	}
	raw, err := json.Marshal(values)
	if err != nil {
		return reject("car", "cannot encode: %v", err)
	}
	var c shared.Car
	if err := json.Unmarshal(raw, &c); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return reject(te.Field, "expected %s, got %s", te.Type, te.Value)
		}
		return reject("car", "%v", err)
	}

	trimStrings(&c)
	c.DealershipSlug = dealershipSlug
	c.ID, c.Slug = "", "" // assigned by the service from stock number or VIN
	c.VIN = strings.ToUpper(c.VIN)
	switch {
	case c.StockNum == "" && c.VIN == "":
		return reject("stocknum", "a stock number or a VIN is required")
	case c.VIN != "" && !vinPattern.MatchString(c.VIN):
		return reject("vin", "must be 17 letters and digits without I, O or Q")
	case c.Make == "":
		return reject("make", "is required")
	case c.Model == "":
		return reject("model", "is required")
	case c.Year == 0:
		return reject("year", "is required")
	case c.Year < 1900 || c.Year > now.Year()+1:
		return reject("year", "must be from 1900 to %d", now.Year()+1)
	case c.Price < 0:
		return reject("price", "must not be negative")
	case c.KM < 0:
		return reject("km", "must not be negative")
	case c.Seats < 0:
		return reject("seats", "must not be negative")
	case c.Doors < 0:
		return reject("doors", "must not be negative")
	}
	ct, ok := carType(string(c.CarType))
	if !ok {
		if c.CarType == "" {
			return reject("car_type", "is required (new, used or demo)")
		}
		return reject("car_type", "must be new, used or demo, not %q", c.CarType)
	}
	c.CarType = ct
	lenders, field, reason := shared.NormalizeLenders(c.FinanceLenders)
	if field != "" {
		return reject(field, "%s", reason)
	}
	c.FinanceLenders = lenders
	if field, reason := shared.NormalizeCaravanDimensions(c.Specifications); field != "" {
		return reject(field, "%s", reason)
	}
	status, reserved := carStatus(string(c.Status))
	c.Status, c.Reserved = status, c.Reserved || reserved
	if c.Sold || c.Status == shared.StatusSold {
		c.Sold, c.Status = true, shared.StatusSold
	}
	if !c.Sold {
		c.SoldDateTimestamp = 0
	}

	c.Make = shared.CanonicalMake(c.Make)
	c.Model = modelCase(c.Model)
	if c.Body != "" {
		if simple, ok := shared.SimpleBody(c.Body); ok {
			c.SimpleBody = simple
		}
	}
	c.SimpleFuel = shared.SimpleFuel(c.Fuel)
	c.SimpleTransmission = shared.SimpleTransmission(c.Trans)
	if c.PrimaryImageURL == "" && len(c.Images) > 0 {
		c.PrimaryImageURL = c.Images[0].Src()
	}
	if c.PhotosCount == 0 {
		c.PhotosCount = len(c.Images)
	}
	if _, given := row.Fields["show_on_dealer_website"]; !given {
		c.ShowOnDealerWebsite = true
	}
	return c, nil
}

func carType(raw string) (shared.CarType, bool) {
	switch shared.Squash(raw) {
	case "new", "brandnew":
		return shared.CarTypeNew, true
	case "used", "preowned", "secondhand", "usedcar", "certifiedpreowned":
		return shared.CarTypeUsed, true
	case "demo", "demonstrator", "exdemo", "demovehicle":
		return shared.CarTypeDemo, true
	}
	return "", false
}

// carStatus maps a feed's status; reserved reports a status that means the
// car is held for a buyer (it stays in stock, flagged reserved).
func carStatus(raw string) (status shared.CarStatus, reserved bool) {
	switch shared.Squash(raw) {
	case "", "instock", "available", "active", "forsale", "stock", "live":
		return shared.StatusInStock, false
	case "comingsoon", "incoming", "intransit", "arriving", "onorder":
		return shared.StatusComingSoon, false
	case "sold", "delivered":
		return shared.StatusSold, false
	case "reserved", "underoffer", "deposittaken", "onhold":
		return shared.StatusInStock, true
	}
	return shared.CarStatus(strings.ReplaceAll(strings.ToLower(strings.TrimSpace(raw)), " ", "_")), false
}

// modelSpellings are makers' spellings that no casing rule gives, by the
// word in lower case.
var modelSpellings = map[string]string{
	"hilux": "HiLux", "hiace": "HiAce", "landcruiser": "LandCruiser",
	"mazda2": "Mazda2", "mazda3": "Mazda3", "mazda6": "Mazda6",
	"e-tron": "e-tron", "iload": "iLoad", "imax": "iMax", "ix": "iX", "fe": "Fe",
}

// hyundaiNumber is a Hyundai or BMW model number with its lower-case i
// ("i30", "ix35", "i3").
var hyundaiNumber = regexp.MustCompile(`^ix?\d+$`)

// modelCase gives shouted or whispered model names ("COROLLA", "corolla")
// the maker's casing (issue 32 item 8: "Hyundai I30"): a known spelling
// (modelSpellings), a lower-case i before a Hyundai or BMW number, words
// with digits upper case ("CX-5", "X5"), hyphenated parts of one or two
// letters upper case ("C-HR", "MU-X"), short shouted words upper case
// ("ASX"), other words with an initial capital. A mixed-case model is the
// maker's own casing and is kept.
func modelCase(s string) string {
	if s != strings.ToUpper(s) && s != strings.ToLower(s) {
		return s
	}
	shouted := s == strings.ToUpper(s)
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		switch {
		case modelSpellings[w] != "":
			words[i] = modelSpellings[w]
		case hyundaiNumber.MatchString(w):
			// already lower case
		case strings.ContainsFunc(w, unicode.IsDigit):
			words[i] = strings.ToUpper(w)
		case strings.Contains(w, "-"):
			parts := strings.Split(w, "-")
			for j, p := range parts {
				if len(p) <= 2 {
					parts[j] = strings.ToUpper(p)
				} else {
					parts[j] = initialCapital(p)
				}
			}
			words[i] = strings.Join(parts, "-")
		case len(w) <= 3 && shouted:
			words[i] = strings.ToUpper(w)
		default:
			words[i] = initialCapital(w)
		}
	}
	return strings.Join(words, " ")
}

func initialCapital(w string) string {
	r := []rune(w)
	if len(r) > 0 {
		r[0] = unicode.ToUpper(r[0])
	}
	return string(r)
}

func trimStrings(c *shared.Car) {
	for _, p := range []*string{&c.StockNum, &c.VIN, &c.Make, &c.Model, &c.Badge, &c.Series,
		&c.Body, &c.Fuel, &c.Trans, &c.Drive, &c.Colour, &c.Name, &c.Tag} {
		*p = strings.Join(strings.Fields(*p), " ")
	}
}

// coerce turns a CSV string or a JSON value into the JSON value the Car
// field expects; nil drops an empty value.
func coerce(kind fieldKind, v any) (any, error) {
	s, isString := v.(string)
	if isString && strings.TrimSpace(s) == "" {
		return nil, nil
	}
	switch kind {
	case kindString:
		switch x := v.(type) {
		case string:
			return x, nil
		case json.Number:
			return x.String(), nil
		case bool:
			return strconv.FormatBool(x), nil
		}
		return nil, fmt.Errorf("expected text")
	case kindInt, kindFloat:
		var f float64
		switch x := v.(type) {
		case json.Number:
			var err error
			if f, err = x.Float64(); err != nil {
				return nil, fmt.Errorf("%q is not a number", x)
			}
		case string:
			var err error
			if f, err = parseNumber(x); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("expected a number")
		}
		if kind == kindInt {
			if f != math.Trunc(f) && math.Abs(f) < 1e15 {
				f = math.Round(f)
			}
			return int64(f), nil
		}
		return f, nil
	case kindBool:
		switch x := v.(type) {
		case bool:
			return x, nil
		case json.Number:
			return x.String() != "0", nil
		case string:
			switch shared.Squash(x) {
			case "true", "yes", "y", "1", "x":
				return true, nil
			case "false", "no", "n", "0":
				return false, nil
			}
			return nil, fmt.Errorf("%q is not yes or no", x)
		}
		return nil, fmt.Errorf("expected true or false")
	case kindStrings:
		if isString {
			return splitList(s, "|;\n"), nil
		}
		return v, nil
	case kindImages:
		var urls []string
		switch x := v.(type) {
		case string:
			urls = splitList(x, "|;, \n")
		case []any:
			out := make([]any, 0, len(x))
			for _, item := range x {
				if u, ok := item.(string); ok {
					out = append(out, map[string]any{"url": strings.TrimSpace(u)})
				} else {
					out = append(out, item)
				}
			}
			return out, nil
		default:
			return nil, fmt.Errorf("expected a list of image URLs")
		}
		out := make([]any, len(urls))
		for i, u := range urls {
			out[i] = map[string]any{"url": u}
		}
		return out, nil
	case kindTime:
		if !isString {
			return nil, fmt.Errorf("expected a date")
		}
		for _, layout := range []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02"} {
			if t, err := time.Parse(layout, strings.TrimSpace(s)); err == nil {
				return t.UTC().Format(time.RFC3339), nil
			}
		}
		return nil, fmt.Errorf("%q is not a date", s)
	}
	if isString {
		return nil, nil // nested data cannot come from a CSV cell
	}
	return v, nil
}

// parseNumber reads "$12,990", "45 000 km", "12.5" and the like.
func parseNumber(s string) (float64, error) {
	clean := strings.Map(func(r rune) rune {
		switch {
		case r == '$' || r == ',' || unicode.IsSpace(r):
			return -1
		}
		return r
	}, s)
	clean = strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(clean), "kms"), "km")
	f, err := strconv.ParseFloat(clean, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	return f, nil
}

func splitList(s, seps string) []string {
	parts := strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(seps, r) })
	out := parts[:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// checkLenderTypes decodes finance_lenders provider by provider, so a value
// of the wrong type is reported with its provider in the path
// (finance_lenders.Angle.interestRate); encoding/json leaves map keys out.
func checkLenderTypes(v any) (field, reason string) {
	m, ok := v.(map[string]any)
	if !ok {
		return "finance_lenders", "expected an object keyed by finance provider"
	}
	for k, lv := range m {
		raw, err := json.Marshal(lv)
		if err != nil {
			return "finance_lenders." + k, err.Error()
		}
		var l shared.FinanceLender
		if err := json.Unmarshal(raw, &l); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) && te.Field != "" {
				return "finance_lenders." + k + "." + te.Field, fmt.Sprintf("expected %s, got %s", te.Type, te.Value)
			}
			return "finance_lenders." + k, "expected an object of lender data"
		}
	}
	return "", ""
}

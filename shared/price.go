package shared

import (
	"math"
	"strconv"
	"strings"
)

// PriceDisplay is what a card or car page shows for a car's price.
type PriceDisplay struct {
	// Text is the formatted price ("$24,990"), PREORDER, or the site's
	// no-price text.
	Text string `json:"text"`
	// HasPrice is true when Text is a price.
	HasPrice bool `json:"has_price"`
	// WasText is the formatted before_price, set only when it exceeds the price.
	WasText string `json:"was_text"`
	// BelowMarket shows the below-market badge.
	BelowMarket bool `json:"below_market"`
	// PriceType is the car's price type ("Drive Away", "Excl. Govt. Charges"), when priced.
	PriceType string `json:"price_type"`
}

// PreorderText is shown for a preorder car without a price (spec 001 §5).
const PreorderText = "PREORDER"

// DisplayPrice applies spec 001 §5 "Price display" and §9 thresholds:
//   - a price is shown only when above 10; otherwise PREORDER for preorder
//     cars, else the site's no-price text (texts.no_price);
//   - the was-price is shown only when before_price exceeds the price;
//   - the below-market badge is shown only when the price is more than 499
//     below the state or the national market average, and below the state
//     average.
func DisplayPrice(c Car, s Site) PriceDisplay {
	if !HasPrice(c.Price) {
		if c.Preorder {
			return PriceDisplay{Text: PreorderText}
		}
		return PriceDisplay{Text: s.Texts.NoPrice}
	}
	d := PriceDisplay{Text: FormatPrice(c.Price), HasPrice: true, PriceType: c.PriceType}
	if c.BeforePrice > c.Price {
		d.WasText = FormatPrice(c.BeforePrice)
	}
	if a := c.AutograbData; a != nil {
		state, national := a.StateAverageMarketPrice, a.AverageMarketPrice
		farBelow := (state > 0 && state-c.Price > MarketPriceThreshold) ||
			(national > 0 && national-c.Price > MarketPriceThreshold)
		d.BelowMarket = farBelow && state > 0 && c.Price < state
	}
	return d
}

// FormatPrice formats whole dollars with thousands separators: 24990 ->
// "$24,990". Cents are rounded half away from zero.
func FormatPrice(p float64) string {
	n := FormatNumber(p)
	if rest, ok := strings.CutPrefix(n, "-"); ok {
		return "-$" + rest
	}
	return "$" + n
}

// FormatNumber writes a whole number with thousands separators, as the
// pages show counts and readings: 1234567.5 -> "1,234,568" (rounded half
// away from zero). The web's lib/format.ts writes the same
// (testdata/vectors/number_format.json).
func FormatNumber(v float64) string {
	n := int64(math.Round(v))
	sign := ""
	if n < 0 {
		sign, n = "-", -n
	}
	digits := strconv.FormatInt(n, 10)
	out := make([]byte, 0, len(digits)+len(digits)/3)
	for i := range len(digits) {
		if i > 0 && (len(digits)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, digits[i])
	}
	return sign + string(out)
}

// FormatKM writes an odometer reading as the pages show it: "35,120 km".
func FormatKM(km float64) string {
	return FormatNumber(km) + " km"
}

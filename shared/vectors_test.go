package shared

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// The files in testdata/vectors hold rule cases that the web's Vitest suite
// runs too, so Go and TypeScript agree (issue 5 "Rules shared with Go").
// Each file is an array of {name, input, want}; see testdata/vectors/README.md.

type vector[In, Want any] struct {
	Name  string `json:"name"`
	Input In     `json:"input"`
	Want  Want   `json:"want"`
}

// loadVectors reads a vector file strictly: a field the Go types do not know
// is an error, so a typo in a case cannot pass silently.
func loadVectors[In, Want any](t *testing.T, file string) []vector[In, Want] {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "vectors", file))
	if err != nil {
		t.Fatal(err)
	}
	var vs []vector[In, Want]
	if err := decodeStrict(data, &vs); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if len(vs) == 0 {
		t.Fatalf("%s: no cases", file)
	}
	return vs
}

func TestPriceDisplayVectors(t *testing.T) {
	type in struct {
		Car  Car  `json:"car"`
		Site Site `json:"site"`
	}
	for _, v := range loadVectors[in, PriceDisplay](t, "price_display.json") {
		t.Run(v.Name, func(t *testing.T) {
			if got := DisplayPrice(v.Input.Car, v.Input.Site); got != v.Want {
				t.Errorf("DisplayPrice = %+v, want %+v", got, v.Want)
			}
		})
	}
}

// Whole numbers, prices and odometer readings as every page writes them;
// the web's lib/format.ts writes them without Intl (issue 14: the first
// Intl.NumberFormat costs 12-20 ms on the listing's boot).
func TestNumberFormatVectors(t *testing.T) {
	type want struct {
		Number string `json:"number"`
		Price  string `json:"price"`
		KM     string `json:"km"`
	}
	for _, v := range loadVectors[struct {
		Value float64 `json:"value"`
	}, want](t, "number_format.json") {
		t.Run(v.Name, func(t *testing.T) {
			got := want{FormatNumber(v.Input.Value), FormatPrice(v.Input.Value), FormatKM(v.Input.Value)}
			if got != v.Want {
				t.Errorf("got %+v, want %+v", got, v.Want)
			}
		})
	}
}

func TestTagPriorityVectors(t *testing.T) {
	type in struct {
		Car  Car       `json:"car"`
		Site Site      `json:"site"`
		Now  time.Time `json:"now"`
	}
	for _, v := range loadVectors[in, CardTag](t, "tag_priority.json") {
		t.Run(v.Name, func(t *testing.T) {
			if got := TagFor(v.Input.Car, v.Input.Site, v.Input.Now); got != v.Want {
				t.Errorf("TagFor = %+v, want %+v", got, v.Want)
			}
		})
	}
}

func TestStockCountVectors(t *testing.T) {
	type in struct {
		NbHits      int            `json:"nb_hits"`
		StockCount  int            `json:"stock_count"`
		FacetCounts map[string]int `json:"facet_counts"`
	}
	type want struct {
		Count int `json:"count"`
	}
	for _, v := range loadVectors[in, want](t, "stock_count.json") {
		t.Run(v.Name, func(t *testing.T) {
			if got := StockCount(v.Input.NbHits, v.Input.StockCount, v.Input.FacetCounts); got != v.Want.Count {
				t.Errorf("StockCount = %d, want %d", got, v.Want.Count)
			}
		})
	}
}

func TestPriceRangeVectors(t *testing.T) {
	type in struct {
		Price        float64 `json:"price"`
		InterestRate float64 `json:"interest_rate"`
		TermYears    int     `json:"term_years"`
	}
	type want struct {
		PriceRange       string `json:"price_range"`
		WeeklyPrice      int    `json:"weekly_price"`
		WeeklyPriceRange string `json:"weekly_price_range"`
	}
	for _, v := range loadVectors[in, want](t, "price_range.json") {
		t.Run(v.Name, func(t *testing.T) {
			w := WeeklyRepayment(v.Input.Price, v.Input.InterestRate, v.Input.TermYears)
			got := want{PriceRange(v.Input.Price), w, WeeklyPriceRange(w)}
			if got != v.Want {
				t.Errorf("got %+v, want %+v", got, v.Want)
			}
		})
	}
}

// The vector files must stay plain JSON arrays of {name, input, want} for the
// TypeScript runner.
func TestVectorFilesShape(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "vectors", "*.json"))
	if len(files) < 5 {
		t.Fatalf("found %d vector files, want at least 5", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var cases []map[string]json.RawMessage
		if err := json.Unmarshal(data, &cases); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		names := map[string]bool{}
		for i, c := range cases {
			if len(c) != 3 || c["name"] == nil || c["input"] == nil || c["want"] == nil {
				t.Errorf("%s[%d]: want exactly name, input and want", f, i)
			}
			var name string
			_ = json.Unmarshal(c["name"], &name)
			if names[name] {
				t.Errorf("%s: duplicate case name %q", f, name)
			}
			names[name] = true
		}
	}
}

func TestPromoVectors(t *testing.T) {
	type in struct {
		Tile    PromoTile `json:"tile"`
		Now     time.Time `json:"now"`
		Refined []CarType `json:"refined"`
	}
	type want struct {
		Active bool `json:"active"`
		Shows  bool `json:"shows"`
	}
	for _, v := range loadVectors[in, want](t, "promo.json") {
		t.Run(v.Name, func(t *testing.T) {
			got := want{Active: PromoActive(v.Input.Tile, v.Input.Now), Shows: PromoShows(v.Input.Tile, v.Input.Refined)}
			if got != v.Want {
				t.Errorf("got %+v, want %+v", got, v.Want)
			}
		})
	}
}

// finance_estimate.json: the finance block of spec 001 §5, §9 as
// EstimateFinance computes it; the listing's cards run a twin on the same cases.
func TestFinanceEstimateVectors(t *testing.T) {
	type in struct {
		Car  Car       `json:"car"`
		Site Site      `json:"site"`
		Now  time.Time `json:"now"`
	}
	for _, v := range loadVectors[in, *FinanceEstimate](t, "finance_estimate.json") {
		t.Run(v.Name, func(t *testing.T) {
			got := EstimateFinance(v.Input.Car, v.Input.Site, v.Input.Now)
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(v.Want)
			if string(g) != string(w) {
				t.Errorf("EstimateFinance =\n %s\nwant\n %s", g, w)
			}
		})
	}
}

func TestFinanceCalculatorVectors(t *testing.T) {
	for _, v := range loadVectors[CalculatorInput, Calculation](t, "finance_calculator.json") {
		t.Run(v.Name, func(t *testing.T) {
			got := CalculateFinance(v.Input)
			if got.Loan != v.Want.Loan || got.Weekly != v.Want.Weekly || got.Fortnightly != v.Want.Fortnightly || got.Monthly != v.Want.Monthly {
				t.Errorf("CalculateFinance(%+v) = %+v, want %+v", v.Input, got, v.Want)
			}
			if len(got.Errors) != len(v.Want.Errors) {
				t.Errorf("errors = %v, want %v", got.Errors, v.Want.Errors)
			}
			for k, msg := range v.Want.Errors {
				if got.Errors[k] != msg {
					t.Errorf("errors[%s] = %q, want %q", k, got.Errors[k], msg)
				}
			}
		})
	}
}

// Issue 13: Reserve Now on the car page (ReserveFor) and on listing cards
// (web/src/lib/reserveOffer.ts) offer the same deposit and path.
func TestReserveOfferVectors(t *testing.T) {
	type in struct {
		Car  Car  `json:"car"`
		Site Site `json:"site"`
	}
	for _, v := range loadVectors[in, *ReserveOffer](t, "reserve_offer.json") {
		t.Run(v.Name, func(t *testing.T) {
			got := ReserveFor(v.Input.Car, v.Input.Site)
			if (got == nil) != (v.Want == nil) || (got != nil && *got != *v.Want) {
				t.Errorf("ReserveFor = %+v, want %+v", got, v.Want)
			}
		})
	}
}

// promo_kinds.json: a tile naming a promo kind as GET /api/site serves it
// (spec 001 §9); the web renders each want with PromoTileCard.
func TestPromoKindVectors(t *testing.T) {
	type in struct {
		Site json.RawMessage `json:"site"`
		Tile json.RawMessage `json:"tile"`
	}
	for _, v := range loadVectors[in, PromoTile](t, "promo_kinds.json") {
		t.Run(v.Name, func(t *testing.T) {
			members := `"promotions": [` + string(v.Input.Tile) + `]`
			if site := strings.TrimSpace(string(v.Input.Site)); site != "{}" {
				members += ", " + strings.TrimSuffix(strings.TrimPrefix(site, "{"), "}")
			}
			s, err := DecodeSite(strings.NewReader(withField(members)), v.Name)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := json.Marshal(s.Promotions[0])
			want, _ := json.Marshal(v.Want)
			if string(got) != string(want) {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}

// manufacturer_names.json: a make as a feed, brand path or offer spells it,
// found in the built-in list (spec 001 §3); the web runs manufacturerNamed.
func TestManufacturerNameVectors(t *testing.T) {
	type in struct {
		Raw string `json:"raw"`
	}
	type want struct {
		Name string `json:"name"`
		Slug string `json:"slug"`
	}
	for _, v := range loadVectors[in, *want](t, "manufacturer_names.json") {
		t.Run(v.Name, func(t *testing.T) {
			m, ok := ManufacturerNamed(v.Input.Raw)
			var got *want
			if ok {
				got = &want{m.Name, m.Slug}
			}
			if (got == nil) != (v.Want == nil) || (got != nil && *got != *v.Want) {
				t.Errorf("ManufacturerNamed(%q) = %+v, want %+v", v.Input.Raw, got, v.Want)
			}
		})
	}
}

// Issue 17: Find Me Something Similar goes to the same listing from the car
// page (SimilarCarsPath, view.actions) and from a sold car's listing card
// (similarPath in web/src/lib/listingUrl.ts).
func TestSimilarCarsPathVectors(t *testing.T) {
	type in struct {
		Car Car `json:"car"`
	}
	for _, v := range loadVectors[in, string](t, "similar_cars_path.json") {
		t.Run(v.Name, func(t *testing.T) {
			if got := SimilarCarsPath(v.Input.Car); got != v.Want {
				t.Errorf("SimilarCarsPath = %q, want %q", got, v.Want)
			}
		})
	}
}

// The car page's title (issue 14: the server paints it before the scripts
// run, the app then shows the same): carTitle in web/src/lib/carTitle.ts.
func TestCarTitleVectors(t *testing.T) {
	type in struct {
		Car      Car  `json:"car"`
		Extended bool `json:"extended"`
	}
	for _, v := range loadVectors[in, string](t, "car_title.json") {
		t.Run(v.Name, func(t *testing.T) {
			if got := CarTitle(v.Input.Car, v.Input.Extended); got != v.Want {
				t.Errorf("CarTitle = %q, want %q", got, v.Want)
			}
		})
	}
}

// The header's menu (spec 001 §2; issue 14: the server paints it before the
// scripts run, the app's Header then shows the same): navigationOf in
// web/src/app/navigation.ts.
func TestHeaderMenuVectors(t *testing.T) {
	type in struct {
		Site Site `json:"site"`
	}
	for _, v := range loadVectors[in, []NavItem](t, "header_menu.json") {
		t.Run(v.Name, func(t *testing.T) {
			if got := HeaderMenu(v.Input.Site); !reflect.DeepEqual(got, v.Want) {
				t.Errorf("HeaderMenu = %+v, want %+v", got, v.Want)
			}
		})
	}
}

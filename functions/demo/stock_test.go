package demo

import (
	"context"
	"fmt"
	"net/url"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"forecourt/shared"
)

var now = time.Date(2026, 3, 14, 9, 30, 0, 0, time.UTC)

var (
	allTypes = []shared.CarType{shared.CarTypeNew, shared.CarTypeUsed, shared.CarTypeDemo}
	usedOnly = []shared.CarType{shared.CarTypeUsed}
	toyota   = shared.Dealership{ID: "d1", Slug: "riverside-toyota", Name: "Riverside Toyota", Make: "Toyota"}
	usedYard = shared.Dealership{ID: "d2", Slug: "northside-used", Name: "Northside Used"}
)

// Issue 2: the stock is generated deterministically.
func TestStockIsDeterministic(t *testing.T) {
	a := Stock(toyota, allTypes, 200, now)
	b := Stock(toyota, allTypes, 200, now)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two runs with the same dealership and time gave different stock")
	}
	other := Stock(shared.Dealership{Slug: "elsewhere-toyota", Make: "Toyota"}, allTypes, 200, now)
	if reflect.DeepEqual(a[0].VIN, other[0].VIN) {
		t.Error("two dealerships got the same first car; the slug should seed the generator")
	}
}

func findVariant(c shared.Car) (model, variant, bool) {
	for _, m := range catalogue {
		if m.Make != c.Make || m.Model != c.Model {
			continue
		}
		for _, v := range m.Variants {
			if v.Badge == c.Badge {
				return m, v, true
			}
		}
	}
	return model{}, variant{}, false
}

var vinPattern = regexp.MustCompile(`^[A-HJ-NPR-Z0-9]{17}$`)

// Issue 2 "prices and km that fit year and type", and VIN/plate formats.
func TestStockIsRealistic(t *testing.T) {
	cars := append(Stock(toyota, allTypes, 550, now), Stock(usedYard, usedOnly, 350, now)...)
	ids, slugs, stocknums := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, c := range cars {
		m, v, ok := findVariant(c)
		if !ok {
			t.Fatalf("%s: %s %s %s is not in the catalogue", c.StockNum, c.Make, c.Model, c.Badge)
		}
		if ids[c.ID] || slugs[c.Slug] || stocknums[c.StockNum] {
			t.Errorf("%s: duplicate id, slug or stocknum", c.StockNum)
		}
		ids[c.ID], slugs[c.Slug], stocknums[c.StockNum] = true, true, true
		if !vinPattern.MatchString(c.VIN) {
			t.Errorf("%s: VIN %q is not 17 characters without I, O and Q", c.StockNum, c.VIN)
		}
		if c.Year < m.FirstYear || (m.LastYear != 0 && c.Year > m.LastYear) {
			t.Errorf("%s: %d %s %s was not sold that year", c.StockNum, c.Year, c.Make, c.Model)
		}
		rrp := float64(v.RRP)
		switch c.CarType {
		case shared.CarTypeNew:
			if c.Year != now.Year() || c.KM >= 50 {
				t.Errorf("%s: new car %d with %d km, want this year and under 50 km", c.StockNum, c.Year, c.KM)
			}
			if c.Price != 0 && (c.Price < 0.9*rrp || c.Price > rrp) {
				t.Errorf("%s: new price %v outside 90-100%% of RRP %v", c.StockNum, c.Price, rrp)
			}
			if c.RegPlate != "" {
				t.Errorf("%s: new car has a plate", c.StockNum)
			}
		case shared.CarTypeDemo:
			if c.Year < now.Year()-1 || c.KM < 1000 || c.KM > 15000 {
				t.Errorf("%s: demo %d with %d km", c.StockNum, c.Year, c.KM)
			}
			if c.Price != 0 && (c.Price < 0.8*rrp || c.Price >= rrp) {
				t.Errorf("%s: demo price %v not under RRP %v", c.StockNum, c.Price, rrp)
			}
		case shared.CarTypeUsed:
			age := now.Year() - c.Year
			if age < 1 || age > 15 {
				t.Errorf("%s: used car aged %d years", c.StockNum, age)
			}
			if c.KM < age*15000/2 || c.KM > age*15000*3/2+5000 {
				t.Errorf("%s: %d-year-old car with %d km", c.StockNum, age, c.KM)
			}
			if c.Price != 0 && (c.Price >= rrp || c.Price < 3000) {
				t.Errorf("%s: used price %v against RRP %v", c.StockNum, c.Price, rrp)
			}
			if !c.HasNVIC || c.RegPlate == "" {
				t.Errorf("%s: used car without NVIC or plate", c.StockNum)
			}
		}
		if c.Price != 0 && int(c.Price)%1000 != 990 {
			t.Errorf("%s: price %v does not end in 990", c.StockNum, c.Price)
		}
		if c.Sold != (c.Status == shared.StatusSold) {
			t.Errorf("%s: sold %v with status %s", c.StockNum, c.Sold, c.Status)
		}
		if c.Sold && (c.SoldDateTimestamp > now.Unix() || c.SoldDateTimestamp < now.Add(-72*time.Hour).Unix()) {
			t.Errorf("%s: sold date %d not in the last three days", c.StockNum, c.SoldDateTimestamp)
		}
		if c.Certified && (c.Make != "Toyota" || c.CarType != shared.CarTypeUsed) {
			t.Errorf("%s: certified %s %s", c.StockNum, c.CarType, c.Make)
		}
		if n := len(c.Images); c.PrimaryImageURL != PlaceholderPath && (n < 3 || n > 6 || c.PhotosCount != n) {
			t.Errorf("%s: %d images, photos_count %d", c.StockNum, n, c.PhotosCount)
		}
		if len(c.Images) == 0 || c.PrimaryImageURL != c.Images[0].URL {
			t.Errorf("%s: primary image %q is not the first image", c.StockNum, c.PrimaryImageURL)
		}
		if c.Specifications != nil {
			t.Errorf("%s: caravan data set", c.StockNum)
		}
		// Market figures only on priced used cars (TestStockBelowMarketIsAFew).
		if c.AutograbData != nil && (c.CarType != shared.CarTypeUsed || !shared.HasPrice(c.Price)) {
			t.Errorf("%s: market figures on a %s car priced %v", c.StockNum, c.CarType, c.Price)
		}
		// Issue 10: priced cars carry lender data (TestDemoFinanceRulesAreVisible); a car without a price has none.
		if c.FinanceLenders != nil && !shared.HasPrice(c.Price) {
			t.Errorf("%s: lender data on a car without a price", c.StockNum)
		}
		if c.ComplianceDate > now.Format("2006-01") {
			t.Errorf("%s: compliance date %s is in the future", c.StockNum, c.ComplianceDate)
		}
		if c.CreatedAt.After(now) || !c.ShowOnDealerWebsite || c.SimpleBody == "" || c.SimpleFuel == "" || c.SimpleTransmission == "" {
			t.Errorf("%s: missing basics: %+v", c.StockNum, c)
		}
	}
}

// Issue 2: "some sold, reserved, coming soon, certified, without price, with
// placeholder images"; dealer comments come in '|' segments (spec 000 §2).
func TestStockHasEveryCondition(t *testing.T) {
	cars := Stock(toyota, allTypes, 550, now)
	count := map[string]int{}
	for _, c := range cars {
		count[string(c.CarType)]++
		if c.Sold {
			count["sold"]++
		}
		if c.Reserved {
			count["reserved"]++
		}
		if c.Status == shared.StatusComingSoon {
			count["coming_soon"]++
		}
		if c.Certified {
			count["certified"]++
		}
		if c.Price == 0 {
			count["no price"]++
		}
		if c.PrimaryImageURL == PlaceholderPath && c.Status == shared.StatusInStock {
			count["placeholder only"]++
		}
		if strings.Count(c.DealerComments, "|") >= 2 {
			count["comments"]++
		}
		if c.DealerComments == "" {
			count["no comments"]++
		}
		if c.Tag != "" {
			count["tag"]++
		}
		if c.CarType != shared.CarTypeUsed && c.Make != "Toyota" {
			t.Errorf("%s: a Toyota dealer's %s stock is a %s", c.StockNum, c.CarType, c.Make)
		}
	}
	for _, k := range []string{"new", "demo", "used", "sold", "reserved", "coming_soon", "certified", "no price", "placeholder only", "comments", "no comments", "tag"} {
		if count[k] == 0 {
			t.Errorf("no car is %s (counts %v)", k, count)
		}
	}
	makes := map[string]bool{}
	for _, c := range cars {
		if c.CarType == shared.CarTypeUsed {
			makes[c.Make] = true
		}
	}
	if len(makes) < 5 {
		t.Errorf("used stock has %d makes, want a mix", len(makes))
	}
}

// Issue 17: the demo shows the below-market badge on a realistic few used
// cars of a site with Autograb on (spec 001 §4, §5), and never on new or
// demo stock, which carries no market figures.
func TestStockBelowMarketIsAFew(t *testing.T) {
	site := shared.Site{Slug: "s", Dealerships: []shared.Dealership{toyota}}
	site.Features.Autograb = true
	cars := Stock(toyota, allTypes, 550, now)
	below, used := 0, 0
	for _, c := range cars {
		if c.CarType != shared.CarTypeUsed {
			if c.AutograbData != nil {
				t.Errorf("%s: a %s car carries market figures", c.StockNum, c.CarType)
			}
			continue
		}
		used++
		if shared.MarketFor(c, site) != nil {
			below++
		}
	}
	if below == 0 || below*4 > used {
		t.Errorf("%d of %d used cars below market, want some but under a quarter", below, used)
	}
}

// A used-only dealer gets only used cars (spec 000 §1), also when the site
// lists other types but the dealership has no make.
func TestUsedOnlyDealer(t *testing.T) {
	for _, types := range [][]shared.CarType{usedOnly, allTypes} {
		for _, c := range Stock(usedYard, types, 300, now) {
			if c.CarType != shared.CarTypeUsed {
				t.Fatalf("%s: used-only dealer got a %s car", c.StockNum, c.CarType)
			}
		}
	}
	for _, c := range Stock(toyota, usedOnly, 200, now) {
		if c.CarType != shared.CarTypeUsed {
			t.Fatalf("%s: site selling used only got a %s car", c.StockNum, c.CarType)
		}
	}
}

// Issue 2: at least 1,500 cars over the demo tenants.
func TestDemoCounts(t *testing.T) {
	total := 0
	for _, slug := range []string{"northside-used", "riverside-toyota", "coastal-mazda", "coastal-kia", "coastal-used-centre"} {
		total += Count(slug)
	}
	if total < 1500 {
		t.Errorf("demo stock totals %d, want at least 1500", total)
	}
	if Count("someone-new") != DefaultCount {
		t.Errorf("Count of an unknown dealership: got %d, want %d", Count("someone-new"), DefaultCount)
	}
}

func TestPlaceAt(t *testing.T) {
	cars := Stock(usedYard, usedOnly, 4, now)
	PlaceAt(cars, []shared.Location{
		{ID: "l1", Name: "Main Yard", DealershipSlug: "northside-used", LocationType: shared.LocationSales, Address: shared.Address{City: "Chermside", State: "QLD"}},
		{ID: "l2", Name: "Service", DealershipSlug: "northside-used", LocationType: shared.LocationService},
		{ID: "l3", Name: "Annex", DealershipSlug: "northside-used", Address: shared.Address{City: "Aspley", State: "QLD"}},
	})
	want := []string{"Main Yard", "Annex", "Main Yard", "Annex"}
	for i, c := range cars {
		if c.LocationName != want[i] || c.Location == nil || c.Location.Name != want[i] || c.State != "QLD" {
			t.Errorf("car %d: got location %q, want %q (service locations hold no stock)", i, c.LocationName, want[i])
		}
	}
}

// Every image a car points at is in the store, as SVG (cacheability is
// the /media route's: httpapi.TestMediaRoute; the whole path through the
// dev gateway: devgateway TestGatewayServesEveryDemoImage).
func TestImagesHoldEveryCarImage(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range append(Stock(toyota, allTypes, 300, now), Stock(usedYard, usedOnly, 300, now)...) {
		for _, img := range c.Images {
			seen[img.URL] = true
		}
	}
	media := func(target string) ([]byte, string, error) {
		u, err := url.Parse(target)
		if err != nil {
			t.Fatal(err)
		}
		name, ok := strings.CutPrefix(u.Path, "/media/")
		if !ok {
			t.Fatalf("%s is not under /media/", target)
		}
		return Images{}.Media(context.Background(), name, u.Query())
	}
	for target := range seen {
		body, typ, err := media(target)
		if err != nil || typ != "image/svg+xml" || !strings.HasPrefix(string(body), "<svg") {
			t.Errorf("GET %s: %v %q", target, err, typ)
		}
	}
	for _, target := range []string{"/media/demo/tank/red.svg", "/media/demo/sedan/tartan.svg", "/media/logos/northside-used.svg", "/media/demo/sedan/red.png", "/media/demo/sedan"} {
		if _, _, err := media(target); shared.ErrorCode(err) != shared.ENOTFOUND {
			t.Errorf("GET %s: got %v, want not_found", target, err)
		}
	}
}

func TestEveryBodyHasAnIllustration(t *testing.T) {
	for body, slug := range bodySlugs {
		if _, ok := silhouettes[slug]; !ok {
			t.Errorf("body %s has no silhouette", body)
		}
	}
}

// Issue 17 "found on the way": the newest-first listing shows a realistic
// few New cars (spec 000 §9: 8 days from created_at), not a whole page.
func TestStockNewArrivalsAreAFew(t *testing.T) {
	for _, n := range []int{40, 550} {
		cars := Stock(toyota, allTypes, n, now)
		recent, oldest := 0, time.Duration(0)
		for _, c := range cars {
			age := now.Sub(c.CreatedAt)
			if age < shared.NewTagWindow {
				recent++
			}
			oldest = max(oldest, age)
		}
		if recent < 1 || recent > 10 {
			t.Errorf("%d cars: %d arrived within the New window, want a few (1-10)", n, recent)
		}
		if oldest < 60*24*time.Hour {
			t.Errorf("%d cars: the oldest arrived %v ago, want stock spread over months", n, oldest)
		}
	}
}

func TestReviewsAreDeterministic(t *testing.T) {
	now := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	loc := shared.Location{ID: "loc-a"}
	a, b := Reviews(loc, 12, now), Reviews(loc, 12, now)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same location gave different reviews")
	}
	if err := shared.ValidateReviews(a, map[string]bool{"loc-a": true}); err != nil {
		t.Fatalf("demo reviews are not a valid feed: %v", err)
	}
}

// Issue 32 item 8: the car artwork was cropped at bonnet and tail (a 2:1
// drawing in the card's 3:2 frame under object-fit: cover). The artwork is
// 3:2 like the card and gallery frames, and every point of every body,
// wheel and lamp lies inside SafeArea, which any frame from 4:3 to 16:9
// shows whole.
func TestArtworkIsShownWhole(t *testing.T) {
	svg, _ := CarSVG("sedan", "red", 1)
	if !strings.Contains(svg, `viewBox="0 0 480 320"`) {
		t.Fatalf("artwork is not 3:2: %.120s", svg)
	}
	x0, y0, x1, y1 := SafeArea[0], SafeArea[1], SafeArea[2], SafeArea[3]
	for slug, s := range silhouettes {
		pts := pathPoints(t, s.body)
		for _, w := range s.wheels {
			pts = append(pts, [2]float64{w - s.radius, groundY}, [2]float64{w + s.radius, groundY})
		}
		for _, p := range pts {
			// Drawn lifted, and mirrored on even angles.
			x, y := p[0], p[1]-lift
			for _, x := range []float64{x, artW - x} {
				if x < x0 || x > x1 || y < y0 || y > y1 {
					t.Errorf("%s: point (%g, %g) outside the safe area %v", slug, x, y, SafeArea)
				}
			}
		}
	}
}

// pathPoints returns the end and control points of an SVG path of M, L, C,
// A and Z commands with absolute coordinates.
func pathPoints(t *testing.T, d string) [][2]float64 {
	t.Helper()
	var out [][2]float64
	fields := strings.Fields(regexp.MustCompile(`([MLCAZ])`).ReplaceAllString(d, " $1 "))
	var nums []float64
	var cmd string
	flush := func() {
		switch cmd {
		case "A":
			for i := 0; i+6 < len(nums); i += 7 {
				out = append(out, [2]float64{nums[i+5], nums[i+6]})
			}
		default:
			for i := 0; i+1 < len(nums); i += 2 {
				out = append(out, [2]float64{nums[i], nums[i+1]})
			}
		}
		nums = nums[:0]
	}
	for _, f := range fields {
		if strings.Contains("MLCAZ", f) {
			flush()
			cmd = f
			continue
		}
		var v float64
		if _, err := fmt.Sscan(f, &v); err != nil {
			t.Fatalf("path %q: %v", d, err)
		}
		nums = append(nums, v)
	}
	flush()
	return out
}

// Issue 32 item 5: every demo dealership has some test-drive-only cars, so
// the car page's Book a Test Drive (spec 001 §2: shown for a car tagged Test
// Drive Only) can be seen on each demo site, used-only yards included; a
// few of them are in stock with photos, the page a shopper would open.
func TestEveryDemoDealershipHasTestDriveOnlyCars(t *testing.T) {
	tests := []struct {
		d     shared.Dealership
		types []shared.CarType
	}{
		{toyota, allTypes},
		{usedYard, usedOnly},
		{shared.Dealership{ID: "m", Slug: "coastal-mazda", Make: "Mazda"}, allTypes},
		{shared.Dealership{ID: "k", Slug: "coastal-kia", Make: "Kia"}, allTypes},
		{shared.Dealership{ID: "u", Slug: "coastal-used-centre"}, allTypes},
	}
	site := shared.Site{Slug: "s"}
	site.CarPage.Sidebar.Buttons = shared.ActionKinds
	for _, tt := range tests {
		t.Run(tt.d.Slug, func(t *testing.T) {
			available, button, shown := 0, 0, 0
			for _, c := range Stock(tt.d, tt.types, Count(tt.d.Slug), now) {
				if !c.Available() {
					continue
				}
				available++
				for _, a := range shared.CarActions(c, site, shared.CarView{}) {
					if a.Kind == shared.ActionTestDrive {
						button++
						if c.Status == shared.StatusInStock && c.PrimaryImageURL != PlaceholderPath {
							shown++
						}
					}
				}
			}
			if button*100 < available*pctTestDriveOnly/2 || shown < 3 {
				t.Errorf("%d of %d available cars offer Book a Test Drive (%d in stock with photos), want about %d%% and at least 3 with photos",
					button, available, shown, pctTestDriveOnly)
			}
		})
	}
}

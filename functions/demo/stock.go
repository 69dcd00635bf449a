package demo

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"forecourt/shared"
)

// counts is the demo stock size of each demo dealership (issue 2: at least
// 1,500 cars over the three demo tenants).
var counts = map[string]int{
	"northside-used":      350,
	"riverside-toyota":    550,
	"coastal-mazda":       250,
	"coastal-kia":         250,
	"coastal-used-centre": 250,
}

// DefaultCount is the stock size of a dealership not among the demo tenants.
const DefaultCount = 200

// Count returns how many demo cars the dealership gets.
func Count(dealershipSlug string) int {
	if n, ok := counts[dealershipSlug]; ok {
		return n
	}
	return DefaultCount
}

// Shares of stock with each condition, in percent. They are small enough
// that every listing still looks like a normal yard.
const (
	pctSold        = 4
	pctComingSoon  = 4
	pctReserved    = 3
	pctNoPrice     = 3
	pctPlaceholder = 3
	pctTag         = 8
	pctNoComments  = 5
	// pctTestDriveOnly of the cars are tagged Test Drive Only, whatever
	// their type, so every demo site shows the car page's Book a Test
	// Drive (spec 001 §2; issue 32 item 5).
	pctTestDriveOnly = 4
)

// Image paths served by Images (under /media/).
const (
	PlaceholderPath = "/media/demo/placeholder.svg"
	imagePrefix     = "/media/demo/"
)

// ImagePath returns the illustration of a body in a base colour from one of
// six angles (1-6).
func ImagePath(body, base string, angle int) string {
	return fmt.Sprintf("%s%s/%s.svg?angle=%d", imagePrefix, bodySlugs[body], base, angle)
}

// Stock generates n cars for the dealership. The result depends only on the
// arguments: the dealership's slug seeds the generator, and now fixes the
// current year and the dates. A franchised dealership (Make set) gets new and
// demo stock of its own make when carTypes allows; used stock is mixed. A
// dealership without a make, or whose carTypes is ["used"], gets used cars only.
func Stock(d shared.Dealership, carTypes []shared.CarType, n int, now time.Time) []shared.Car {
	h := fnv.New64a()
	h.Write([]byte(d.Slug))
	seed := h.Sum64()
	g := &generator{
		r:      rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		n:      n,
		d:      d,
		now:    now.UTC().Truncate(time.Second),
		prefix: stockPrefix(d.Slug),
	}
	g.own = ownModels(d.Make, g.now.Year())
	g.types = typeWeights(carTypes, len(g.own) > 0)
	cars := make([]shared.Car, 0, n)
	for i := range n {
		cars = append(cars, g.car(i))
	}
	return cars
}

type generator struct {
	r      *rand.Rand
	n      int // cars in the stock
	d      shared.Dealership
	now    time.Time
	prefix string
	own    []weighted[model] // current models of the dealership's make
	types  []weighted[shared.CarType]
}

type weighted[T any] struct {
	v T
	w int
}

func pick[T any](r *rand.Rand, items []weighted[T]) T {
	total := 0
	for _, it := range items {
		total += it.w
	}
	n := r.IntN(total)
	for _, it := range items {
		if n < it.w {
			return it.v
		}
		n -= it.w
	}
	return items[len(items)-1].v
}

func one[T any](r *rand.Rand, items []T) T { return items[r.IntN(len(items))] }

// typeWeights is the mix of a franchised yard: half new, a tenth demo, the
// rest used, limited to the types the site sells.
func typeWeights(carTypes []shared.CarType, franchised bool) []weighted[shared.CarType] {
	if len(carTypes) == 0 {
		carTypes = []shared.CarType{shared.CarTypeNew, shared.CarTypeUsed, shared.CarTypeDemo}
	}
	var out []weighted[shared.CarType]
	for _, t := range []weighted[shared.CarType]{{shared.CarTypeNew, 50}, {shared.CarTypeDemo, 10}, {shared.CarTypeUsed, 40}} {
		if !slices.Contains(carTypes, t.v) || (t.v != shared.CarTypeUsed && !franchised) {
			continue
		}
		out = append(out, t)
	}
	if len(out) == 0 {
		out = []weighted[shared.CarType]{{shared.CarTypeUsed, 1}}
	}
	return out
}

// ownModels returns the make's models on sale in the year, weighted.
func ownModels(mk string, year int) []weighted[model] {
	if mk == "" {
		return nil
	}
	var out []weighted[model]
	for _, m := range catalogue {
		if strings.EqualFold(m.Make, mk) && m.LastYear == 0 && m.FirstYear <= year {
			out = append(out, weighted[model]{m, m.Weight})
		}
	}
	return out
}

// usedModel picks a used car's model: a franchised yard's trade-ins are
// often its own make; otherwise models come as commonly as on the road.
func (g *generator) usedModel() model {
	pool := catalogue
	if len(g.own) > 0 && g.r.IntN(100) < 40 {
		pool = nil
		for _, m := range catalogue {
			if strings.EqualFold(m.Make, g.d.Make) {
				pool = append(pool, m)
			}
		}
	}
	items := make([]weighted[model], 0, len(pool))
	for _, m := range pool {
		if m.FirstYear < g.now.Year() {
			items = append(items, weighted[model]{m, m.Weight})
		}
	}
	return pick(g.r, items)
}

func (g *generator) car(i int) shared.Car {
	r := g.r
	carType := pick(r, g.types)
	var m model
	if carType == shared.CarTypeUsed {
		m = g.usedModel()
	} else {
		m = pick(r, g.own)
	}
	v := one(r, m.Variants)
	year, km := g.yearAndKM(carType, m)
	age := g.now.Year() - year
	price := g.price(carType, v.RRP, age, km)

	c := shared.Car{
		ID:                  g.uuid(),
		Year:                year,
		Make:                m.Make,
		Model:               m.Model,
		Badge:               v.Badge,
		CarType:             carType,
		Status:              shared.StatusInStock,
		ItemType:            "Car",
		CreatedAt:           g.now.Add(-g.arrivedAgo(r.Float64())),
		Price:               price,
		PriceType:           "Drive Away",
		StockNum:            fmt.Sprintf("%s%s%05d", g.prefix, strings.ToUpper(string(carType[0])), 10000+i),
		VIN:                 g.vin(m.Make, year),
		KM:                  km,
		Seats:               m.Seats,
		Doors:               m.Doors,
		Body:                fullBody[m.Body],
		SimpleBody:          m.Body,
		Fuel:                fuelName(v.Fuel),
		SimpleFuel:          v.Fuel,
		Trans:               transName(v),
		SimpleTransmission:  simpleTrans(v),
		Drive:               v.Drive,
		EngineSize:          engineSize(v),
		Views:               r.IntN(600),
		HasNVIC:             true,
		ComplianceDate:      complianceDate(r, year, g.now),
		DealershipID:        g.d.ID,
		DealershipSlug:      g.d.Slug,
		ShowOnDealerWebsite: true,
		Variant:             variantDetails(m, v),
		Categories:          categories(m, v),
	}
	c.BuildDate = c.ComplianceDate
	c.Name = strings.Join([]string{fmt.Sprint(year), m.Make, m.Model, v.Badge}, " ")
	c.Slug = shared.Slugify(fmt.Sprintf("%s %s", c.Name, c.ID[:8]))
	p := g.paint(m.Make)
	c.Colour = p.Name
	c.InteriorColour = Interior(m, v, c.StockNum)
	if carType != shared.CarTypeNew {
		c.RegPlate = g.plate()
		c.RegoExpiry = g.now.AddDate(0, 1+r.IntN(12), 0).Format(time.DateOnly)
	}
	c.StandardEquipment = Equipment(m, v, year)
	c.DealerComments = g.comments(c)

	// Conditions, at most one status change per car.
	roll := r.IntN(100)
	switch {
	case roll < pctSold:
		c.Sold, c.Status = true, shared.StatusSold
		// Sold in the last 60 hours, so it is still searchable under the
		// default three-day retention (spec 001 §9).
		c.SoldDateTimestamp = g.now.Add(-time.Duration(r.IntN(60*60)) * time.Minute).Unix()
	case roll < pctSold+pctComingSoon:
		c.Status = shared.StatusComingSoon
	case roll < pctSold+pctComingSoon+pctReserved:
		c.Reserved = true
	}
	if carType == shared.CarTypeUsed && strings.EqualFold(m.Make, "Toyota") && age <= 6 && km < 140000 && r.IntN(100) < 80 {
		c.Certified = true
	}
	if !c.Sold && r.IntN(100) < pctTag {
		c.Tag = one(r, tags)
		if carType == shared.CarTypeDemo {
			c.Tag = "Test Drive Only"
		}
		if c.Tag == "Price Drop" && c.Price > 0 {
			c.BeforePrice = c.Price + float64(1000*(1+r.IntN(3)))
		}
	}
	if !c.Sold && testDriveOnly(c.StockNum) {
		c.Tag, c.BeforePrice = shared.TestDriveOnlyTag, 0
	}
	if r.IntN(100) < pctNoPrice {
		c.Price, c.PriceType, c.BeforePrice = 0, "", 0
	}
	if c.Status == shared.StatusComingSoon || r.IntN(100) < pctPlaceholder {
		c.Images = []shared.Image{{URL: PlaceholderPath}}
		c.Thumbnails = []string{PlaceholderPath}
		c.PrimaryImageURL = PlaceholderPath
	} else {
		for a := range 3 + r.IntN(4) {
			url := ImagePath(m.Body, p.Base, a+1)
			c.Images = append(c.Images, shared.Image{URL: url})
			c.Thumbnails = append(c.Thumbnails, url)
		}
		c.PrimaryImageURL = c.Images[0].URL
		c.PhotosCount = len(c.Images)
	}
	c.FinanceLenders = lenders(c, g.now)
	c.AutograbData = market(c)
	return c
}

// testDriveOnly picks the pctTestDriveOnly share of cars tagged Test Drive
// Only beyond the demo cars the tag roll gives it. Like market, it hashes
// the stock number rather than drawing from the generator, so the rest of
// the demo stock stays as it was.
func testDriveOnly(stockNum string) bool {
	h := fnv.New64a()
	h.Write([]byte("test drive " + stockNum))
	return h.Sum64()%100 < pctTestDriveOnly
}

// market gives a priced used car the valuation provider's market averages,
// as a feed with Autograb would: from 8% under to 3% over its price, so a
// few are more than 499 under the state average and show the below-market
// badge where a site turns Autograb on (spec 001 §4, §5). Like lenders, it
// hashes the stock number, leaving the rest of the demo stock unchanged.
func market(c shared.Car) *shared.AutograbData {
	if c.CarType != shared.CarTypeUsed || !shared.HasPrice(c.Price) {
		return nil
	}
	h := fnv.New64a()
	h.Write([]byte("market " + c.StockNum))
	x := h.Sum64()
	state := c.Price * (0.92 + float64(x%12)/100)
	national := state * (0.98 + float64((x/12)%5)/100)
	return &shared.AutograbData{StateAverageMarketPrice: math.Round(state), AverageMarketPrice: math.Round(national)}
}

// pctNoLender is the share of priced cars without lender data, whose
// finance block stays hidden (spec 001 §5).
const pctNoLender = 10

// lenderDisclaimers are the demo providers' own disclaimers (spec 001 §7),
// served lazily by GET /api/cars/{id}/finance-disclaimer.
var lenderDisclaimers = map[string]string{
	"Taurus":         "Taurus Finance: credit provided by Taurus Finance Pty Ltd to approved applicants. The estimate assumes a 10% deposit; fees and charges apply and the rate offered depends on your credit assessment.",
	"Angle":          "Angle Finance: weekly repayments are estimates for approved applicants only, based on the rate and term shown. An establishment fee and monthly account keeping fee may apply.",
	"Nissan Finance": "Nissan Financial Services: monthly repayments shown are indicative for approved business and personal applicants. A final balloon payment may apply; conditions, fees and charges apply.",
	"AusLoans":       "AusLoans: repayments are a guide only and do not constitute an offer of finance.",
}

// captiveMake names the make a captive lender (a manufacturer's own finance
// arm) lends on; its lender data is on that make's cars only.
var captiveMake = map[string]string{"Nissan Finance": "Nissan"}

// lenders gives a priced car lender data for the demo tenants' providers
// (Taurus, Angle, AusLoans, and Nissan Finance on Nissans only: a captive
// lender lends on its own make), as a finance broker's feed would: Angle
// and AusLoans with a weekly payment, Nissan Finance with a monthly one and
// a 30% balloon on new cars, Taurus with rates only (the estimate assumes
// its 10% deposit). A lender's rate, term and balloon follow the kind of car
// (type and age), never a draw per car, so of two cars of a kind the
// cheaper repays less (issue 32). It hashes the stock number, not the
// generator's stream, so the rest of the demo stock is unchanged by it.
func lenders(c shared.Car, now time.Time) map[string]shared.FinanceLender {
	h := fnv.New64a()
	h.Write([]byte(c.StockNum))
	if !shared.HasPrice(c.Price) || h.Sum64()%100 < pctNoLender {
		return nil
	}
	age := max(now.Year()-c.Year, 0)
	rate, term := 6.99, 60 // new and demo stock
	switch {
	case c.CarType == shared.CarTypeDemo:
		rate = 7.29
	case c.CarType == shared.CarTypeUsed:
		rate = 7.99 + float64(min(age, 12))*0.25
		if age > 7 {
			term = 48
		}
	}
	out := map[string]shared.FinanceLender{}
	for _, p := range []string{"Taurus", "Angle", "Nissan Finance", "AusLoans"} {
		if make, captive := captiveMake[p]; captive && !strings.EqualFold(make, c.Make) {
			continue
		}
		l := shared.FinanceLender{
			InterestRate:   ptr(rate),
			ComparisonRate: ptr(math.Round((rate+0.46)*100) / 100),
			TermMonths:     term,
			Disclaimer:     lenderDisclaimers[p],
		}
		switch p {
		case "Angle", "AusLoans":
			l.PaymentWeek = ptr(float64(shared.Repayment(c.Price, 0, rate, term, 52)))
		case "Nissan Finance":
			if c.CarType == shared.CarTypeNew {
				l.Balloon = math.Round(c.Price * 0.3)
			}
			l.PaymentMonth = ptr(float64(shared.Repayment(c.Price, l.Balloon, rate, term, 12)))
		}
		out[p] = l
	}
	return out
}

func ptr[T any](v T) *T { return &v }

// yearAndKM keeps year and odometer consistent with the car type: new cars
// are this year's with delivery kilometres, demonstrators this or last
// year's with up to 15,000 km, used cars 1-15 years old at about 15,000 km a year.
func (g *generator) yearAndKM(t shared.CarType, m model) (year, km int) {
	r, this := g.r, g.now.Year()
	switch t {
	case shared.CarTypeNew:
		return this, r.IntN(50)
	case shared.CarTypeDemo:
		year = this - r.IntN(2)
		if year < m.FirstYear {
			year = m.FirstYear
		}
		return year, 1000 + r.IntN(14001)
	}
	// Younger cars are commoner: the smaller of two draws skews to 1-6 years.
	age := 1 + min(r.IntN(15), r.IntN(15))
	year = this - age
	last := this - 1
	if m.LastYear != 0 {
		last = min(last, m.LastYear)
	}
	year = max(min(year, last), m.FirstYear)
	age = this - year
	perYear := 15000 * (0.65 + 0.7*r.Float64())
	km = int(float64(age)*perYear) + r.IntN(5000)
	return year, km
}

// price follows the type: new at RRP (less a small dealer discount),
// demonstrators 6-14% under RRP, used depreciated by age and distance.
// Prices end in 990, as yards price them.
func (g *generator) price(t shared.CarType, rrp, age, km int) float64 {
	r, p := g.r, float64(rrp)
	switch t {
	case shared.CarTypeNew:
		p *= 1 - 0.03*r.Float64()
	case shared.CarTypeDemo:
		p *= 0.86 + 0.08*r.Float64()
	default:
		p *= 0.82 * math.Pow(0.88, float64(age-1))
		// Every 10,000 km over or under the yearly average moves the price 1.5%.
		extra := float64(km-age*15000) / 10000
		p *= 1 - math.Max(-0.15, math.Min(0.25, 0.015*extra))
		p *= 0.95 + 0.1*r.Float64()
		p = math.Max(p, 4990)
	}
	return math.Floor(p/1000)*1000 - 10
}

// Arrivals: about recentArrivals cars of a stock arrived within the New tag's
// window (spec 000 §9: 8 days), the rest over the stockAge before it, so
// that the newest-first listing marks a realistic few New rather than a
// whole page.
const (
	recentArrivals = 4
	recentWindow   = 7 * 24 * time.Hour // inside the 8-day New window
	olderFrom      = 9 * 24 * time.Hour // clear of it
	stockAge       = 270 * 24 * time.Hour
)

// arrivedAgo maps one uniform draw p in [0, 1) to how long before now a car
// arrived: the first recentArrivals/n of the range within the last week,
// the rest spread evenly from nine days to nine months back.
func (g *generator) arrivedAgo(p float64) time.Duration {
	recent := min(1, float64(recentArrivals)/float64(max(g.n, 1)))
	if p < recent {
		return time.Duration(p / recent * float64(recentWindow)).Truncate(time.Minute)
	}
	return (olderFrom + time.Duration((p-recent)/(1-recent)*float64(stockAge-olderFrom))).Truncate(time.Minute)
}

func (g *generator) uuid() string {
	a, b := g.r.Uint64(), g.r.Uint64()
	a = a&^0xf000 | 0x4000         // version 4
	b = b&^(0xc<<60) | (0x8 << 60) // RFC 4122 variant
	return fmt.Sprintf("%08x-%04x-%04x-%04x-%012x", a>>32, (a>>16)&0xffff, a&0xffff, b>>48, b&0xffffffffffff)
}

// vinChars are the characters a VIN may use: no I, O or Q.
const vinChars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"

// vinYear is the model-year character for 2001-2039 (position 10).
const vinYear = "123456789ABCDEFGHJKLMNPRSTVWXY123456789"

func (g *generator) vin(mk string, year int) string {
	var b strings.Builder
	w, ok := wmi[mk]
	if !ok {
		w = "MNA"
	}
	b.WriteString(w)
	for range 5 {
		b.WriteByte(vinChars[g.r.IntN(len(vinChars))])
	}
	b.WriteByte("0123456789X"[g.r.IntN(11)]) // check digit position
	if year >= 2001 && year-2001 < len(vinYear) {
		b.WriteByte(vinYear[year-2001])
	} else {
		b.WriteByte('0')
	}
	b.WriteByte(vinChars[g.r.IntN(23)]) // plant: letters only
	fmt.Fprintf(&b, "%06d", g.r.IntN(1000000))
	return b.String()
}

// plate returns a registration plate in one of the common state formats.
func (g *generator) plate() string {
	r := g.r
	letter := func() byte { return "ABCDEFGHJKLMNPRSTUVWXYZ"[r.IntN(23)] }
	digit := func() byte { return byte('0' + r.IntN(10)) }
	var f string
	switch r.IntN(3) {
	case 0: // NSW: AB12CD
		f = string([]byte{letter(), letter(), digit(), digit(), letter(), letter()})
	case 1: // QLD: 123AB4
		f = string([]byte{digit(), digit(), digit(), letter(), letter(), digit()})
	default: // VIC: 1AB2CD
		f = string([]byte{digit(), letter(), letter(), digit(), letter(), letter()})
	}
	return f
}

func (g *generator) paint(mk string) paint {
	if p, ok := paints[mk]; ok {
		return one(g.r, p)
	}
	return one(g.r, genericPaints)
}

// newMiddles are the comment segments that fit a new or demo car: no
// roadworthy certificate, which comes with a used car changing hands.
var newMiddles = slices.DeleteFunc(slices.Clone(commentMiddles), usedCarOnly)

// comments returns dealer comments in the feed form: segments separated by
// '|' (spec 000 §2). A few cars have none, so the pending text shows.
func (g *generator) comments(c shared.Car) string {
	r := g.r
	if r.IntN(100) < pctNoComments {
		return ""
	}
	var parts []string
	switch c.CarType {
	case shared.CarTypeNew:
		parts = []string{
			fmt.Sprintf("Brand new %s %s %s in %s", c.Make, c.Model, c.Badge, c.Colour),
			"Full factory warranty and capped-price servicing",
			one(r, newMiddles),
		}
	case shared.CarTypeDemo:
		parts = []string{
			fmt.Sprintf("Ex-demonstrator %s %s %s with only %d km", c.Make, c.Model, c.Badge, c.KM),
			"Balance of factory warranty",
			one(r, newMiddles),
		}
	default:
		parts = []string{one(r, commentOpeners), one(r, commentMiddles), one(r, commentMiddles)}
		if parts[1] == parts[2] {
			parts = parts[:2]
		}
	}
	parts = append(parts, one(r, commentClosers))
	return strings.Join(parts, "|")
}

// stockPrefix makes a stock-number prefix from the slug's word initials.
func stockPrefix(slug string) string {
	var b strings.Builder
	for w := range strings.SplitSeq(slug, "-") {
		if w != "" {
			b.WriteByte(w[0])
		}
	}
	return strings.ToUpper(b.String())
}

func fuelName(f string) string {
	switch f {
	case Petrol:
		return "Unleaded Petrol"
	case Hybrid:
		return "Hybrid (Petrol)"
	case PHEV:
		return "Plug-in Hybrid (Petrol)"
	}
	return f
}

func transName(v variant) string {
	switch {
	case v.Fuel == Electric || v.Gears == 1:
		return "Reduction Gear"
	case v.Gears == 0:
		return "Constantly Variable Transmission"
	case v.Manual:
		return fmt.Sprintf("%d Speed Manual", v.Gears)
	}
	return fmt.Sprintf("%d Speed Automatic", v.Gears)
}

func simpleTrans(v variant) string {
	if v.Manual {
		return "Manual"
	}
	return "Automatic"
}

func engineSize(v variant) string {
	if v.Litres == 0 {
		return ""
	}
	return fmt.Sprintf("%.1fL", v.Litres)
}

func variantDetails(m model, v variant) *shared.Variant {
	out := &shared.Variant{
		Cylinders:        v.Cylinders,
		EngineSize:       int(math.Round(v.Litres * 1000)),
		EngineSizeLitres: v.Litres,
		GearType:         simpleTrans(v),
		ANCAPRating:      5,
	}
	switch {
	case v.Fuel == Electric:
		out.Induction = ""
	case v.Turbo:
		out.Induction = "Turbo Intercooled"
	default:
		out.Induction = "Aspirated"
	}
	if v.Fuel != Electric {
		// A rough combined figure: bigger engines and diesels drink more.
		l := 3.5 + 1.6*v.Litres
		if v.Fuel == Hybrid || v.Fuel == PHEV {
			l *= 0.6
		}
		out.FuelConsumptionCombined = math.Round(l*10) / 10
		out.FuelCapacity = float64(45 + 5*int(v.Litres*2))
	}
	if m.Body == Ute {
		out.BodyConfiguration = "Double Cab Pick Up"
	}
	return out
}

func categories(m model, v variant) []string {
	var out []string
	if v.Drive == "4WD" {
		out = append(out, "4x4")
	}
	if m.Seats >= 7 {
		out = append(out, "7+ Seats")
	}
	if v.Fuel == Electric || v.Fuel == Hybrid || v.Fuel == PHEV {
		out = append(out, "Electric & Hybrid")
	}
	if m.Body == Ute || m.Body == Van {
		out = append(out, "Work")
	}
	return out
}

// complianceDate is a month of the year, never after now.
func complianceDate(r *rand.Rand, year int, now time.Time) string {
	months := 12
	if year >= now.Year() {
		months = int(now.Month())
	}
	return fmt.Sprintf("%d-%02d", year, 1+r.IntN(months))
}

// PlaceAt puts each car at one of its dealership's sales locations, in turn,
// copying the location's name, phone and address onto the car.
func PlaceAt(cars []shared.Car, locations []shared.Location) {
	byDealer := map[string][]shared.Location{}
	for _, l := range locations {
		if l.LocationType == "" || l.LocationType == shared.LocationSales {
			byDealer[l.DealershipSlug] = append(byDealer[l.DealershipSlug], l)
		}
	}
	for i := range cars {
		locs := byDealer[cars[i].DealershipSlug]
		if len(locs) == 0 {
			continue
		}
		l := locs[i%len(locs)]
		addr := l.Address
		cars[i].Location = &shared.CarLocation{
			ID: l.ID, Name: l.Name, Slug: l.Slug, Phone: l.ContactDetail.Phone,
			Address: &addr, DistributionLocations: l.DistributionLocations,
		}
		cars[i].LocationID, cars[i].LocationName = l.ID, l.Name
		cars[i].City, cars[i].State = l.Address.City, l.Address.State
	}
}

// Package syndication writes a dealership's vehicle feeds for the ad
// platforms (issue 37): Google's vehicle ads primary feed (TSV), Meta's
// automotive inventory catalog (CSV) and TikTok's automotive inventory
// catalog (CSV), and says which cars each format drops and why (the stock
// health report). Domain in, bytes out: no I/O (functions/syndication/publish
// stores and serves the files).
package syndication

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"forecourt/shared"
)

// Format is one platform's feed format.
type Format string

const (
	Google Format = "google"
	Meta   Format = "meta"
	TikTok Format = "tiktok"
)

// Formats are every format, in the order reports list them.
var Formats = []Format{Google, Meta, TikTok}

// ParseFormat reads a format's name.
func ParseFormat(s string) (Format, bool) {
	f := Format(s)
	return f, slices.Contains(Formats, f)
}

// Enabled reports whether the site publishes the format.
func (f Format) Enabled(s shared.Site) bool { return f.config(s).Enabled }

func (f Format) config(s shared.Site) shared.FeedFormatConfig {
	if s.Syndication == nil {
		return shared.FeedFormatConfig{}
	}
	switch f {
	case Google:
		return s.Syndication.Google
	case Meta:
		return s.Syndication.Meta
	case TikTok:
		return s.Syndication.TikTok
	}
	return shared.FeedFormatConfig{}
}

// ContentType is the file's media type.
func (f Format) ContentType() string {
	if f == Google {
		return "text/tab-separated-values; charset=utf-8"
	}
	return "text/csv; charset=utf-8"
}

// Ext is the file's extension.
func (f Format) Ext() string {
	if f == Google {
		return "tsv"
	}
	return "csv"
}

// Reason is why a format drops a car.
type Reason string

const (
	NoVIN            Reason = "no_vin"
	InvalidVIN       Reason = "invalid_vin"
	NoPhoto          Reason = "no_photo"
	PlaceholderPhoto Reason = "placeholder_photo"
	NoPrice          Reason = "no_price" // none, or not above the display threshold
	NoMake           Reason = "no_make"
	NoModel          Reason = "no_model"
	NoYear           Reason = "no_year"
	NoMileage        Reason = "no_mileage" // a used or demo car without km
	BodyType         Reason = "body_type"  // outside the format's list, or none where required
	Reserved         Reason = "reserved"   // the format has no way to mark a held car
)

// Reasons are every reason, in the order a report lists them.
var Reasons = []Reason{NoVIN, InvalidVIN, NoPhoto, PlaceholderPhoto, NoPrice, NoMake, NoModel, NoYear, NoMileage, BodyType, Reserved}

// Drop is a car a format leaves out, and why.
type Drop struct {
	CarID    string   `json:"car_id"`
	Slug     string   `json:"slug"`
	StockNum string   `json:"stocknum,omitempty"`
	Title    string   `json:"title"`
	Reasons  []Reason `json:"reasons"`
	// Detail explains a reason where its name is not enough (the VIN's
	// problem, the body type the format has no value for).
	Detail string `json:"detail,omitempty"`
}

// Input is one dealership's stock on one site.
type Input struct {
	Site       shared.Site
	Dealership shared.Dealership
	// Cars are the dealership's cars the site shows (functions/visible);
	// sold and unavailable cars are left out here.
	Cars []shared.Car
	// Origin is the scheme and host links start with: the site's primary
	// domain over https (Site.PrimaryOrigin) unless set (local use only).
	Origin string
}

// Result is one format's file and the cars it dropped.
type Result struct {
	Format  Format `json:"format"`
	Body    []byte `json:"-"`
	Listed  int    `json:"listed"`
	Dropped []Drop `json:"dropped"`
}

// Build writes the format's file for the dealership's available cars.
func Build(f Format, in Input) (Result, error) {
	spec, ok := specs[f]
	if !ok {
		return Result{}, fmt.Errorf("syndication: unknown format %q", f)
	}
	desc, err := shared.FeedDescriptionTemplate(f.config(in.Site).DescriptionTemplate)
	if err != nil {
		return Result{}, fmt.Errorf("syndication: %s description_template: %w", f, err)
	}
	origin := cmp.Or(in.Origin, in.Site.PrimaryOrigin())
	if origin == "" {
		return Result{}, fmt.Errorf("syndication: site %s has no domain to link cars on", in.Site.Slug)
	}
	res := Result{Format: f, Dropped: []Drop{}}
	rows := [][]string{spec.header}
	cars := slices.Clone(in.Cars)
	slices.SortFunc(cars, func(a, b shared.Car) int { return strings.Compare(a.Slug, b.Slug) })
	for _, c := range cars {
		if !c.Available() {
			continue
		}
		v := newVehicle(c, in, origin, spec.photoWidth)
		if reasons, detail := spec.check(v); len(reasons) > 0 {
			res.Dropped = append(res.Dropped, Drop{CarID: c.ID, Slug: c.Slug, StockNum: c.StockNum, Title: v.title, Reasons: reasons, Detail: detail})
			continue
		}
		if v.description, err = describe(desc, v); err != nil {
			return Result{}, fmt.Errorf("syndication: %s description of %s: %w", f, c.ID, err)
		}
		rows = append(rows, spec.row(v))
		res.Listed++
	}
	if res.Body, err = spec.write(rows); err != nil {
		return Result{}, fmt.Errorf("syndication: write %s: %w", f, err)
	}
	return res, nil
}

// spec is one format: its columns, its checks and its photo width.
type spec struct {
	header     []string
	row        func(v vehicle) []string
	check      func(v vehicle) ([]Reason, string)
	write      func(rows [][]string) ([]byte, error)
	photoWidth int
}

var specs = map[Format]spec{Google: googleSpec, Meta: metaSpec, TikTok: tiktokSpec}

// vehicle is a car's values as the formats share them.
type vehicle struct {
	car         shared.Car
	dealership  shared.Dealership
	title       string
	link        string
	photos      []string // absolute, placeholders left out
	placeholder bool     // the car has photos, all placeholders
	address     shared.Address
	vin         string
	description string
	simpleBody  string
}

func newVehicle(c shared.Car, in Input, origin string, width int) vehicle {
	v := vehicle{
		car: c, dealership: in.Dealership,
		title: shared.CarTitle(c, false),
		link:  origin + shared.CarPath(c.Slug),
		vin:   NormalizeVIN(c.VIN),
		simpleBody: cmp.Or(c.SimpleBody, func() string {
			b, _ := shared.SimpleBody(c.Body)
			return b
		}()),
		address: dealerAddress(in.Site, in.Dealership, c),
	}
	if c.Badge != "" {
		v.title += " " + c.Badge
	}
	seen := map[string]bool{}
	hadAny := false
	for _, src := range append([]string{c.PrimaryImageURL}, imageURLs(c)...) {
		if src == "" || seen[src] {
			continue
		}
		seen[src] = true
		hadAny = true
		if shared.FirstPhoto(shared.Car{PrimaryImageURL: src}) == "" {
			continue // a placeholder
		}
		v.photos = append(v.photos, photoURL(origin, src, width))
	}
	v.placeholder = hadAny && len(v.photos) == 0
	return v
}

func imageURLs(c shared.Car) []string {
	out := make([]string, 0, len(c.Images))
	for _, im := range c.Images {
		out = append(out, im.Src())
	}
	return out
}

// photoURL is a photo's absolute URL: a photo mirrored under /media/ at
// the width the platform takes (the /media resizer's fixed widths, 3:2
// JPEG), another path on the dealer's domain, another host's as given.
func photoURL(origin, src string, width int) string {
	if !strings.HasPrefix(src, "/") {
		return src
	}
	if shared.PhotoResizable(src) {
		return origin + src + "?w=" + strconv.Itoa(width)
	}
	return origin + src
}

// dealerAddress is where the car is sold from: its own location's
// address, else the dealership's primary (or first) location's, else the
// site's.
func dealerAddress(s shared.Site, d shared.Dealership, c shared.Car) shared.Address {
	if c.Location != nil && c.Location.Address != nil && c.Location.Address.Street != "" {
		return *c.Location.Address
	}
	var found *shared.Location
	for i, l := range s.Locations {
		if l.DealershipSlug != d.Slug || l.Address.Street == "" {
			continue
		}
		if found == nil || (l.Primary && !found.Primary) {
			found = &s.Locations[i]
		}
	}
	if found != nil {
		return found.Address
	}
	return s.Address
}

// condition is the car's condition in Google's words: new, or used (a demo
// car is registered, so used).
func (v vehicle) used() bool { return v.car.CarType != shared.CarTypeNew }

func (v vehicle) odometer() string {
	if v.car.KM <= 0 {
		return ""
	}
	return shared.FormatKM(float64(v.car.KM))
}

func describe(t *template.Template, v vehicle) (string, error) {
	c := v.car
	var b strings.Builder
	err := t.Execute(&b, shared.FeedDescription{
		Title: v.title, Condition: c.CarType.Label(), Odometer: v.odometer(),
		Body: c.Body, Transmission: cmp.Or(c.SimpleTransmission, c.Trans), Fuel: cmp.Or(c.SimpleFuel, c.Fuel),
		Colour: c.Colour, Dealership: v.dealership.Name, Comments: c.DealerComments,
	})
	if err != nil {
		return "", err
	}
	return truncate(oneLine(b.String()), maxDescription), nil
}

// maxDescription is the longest description Meta and TikTok take.
const maxDescription = 5000

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	r := []rune(s)
	for len(string(r)) > n {
		r = r[:len(r)-1]
	}
	return string(r)
}

// oneLine folds tabs and line breaks into spaces: a TSV cell cannot hold
// them, and a CSV reader that splits on lines would break a row.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// price is the car's price as the platforms write it: dollars and cents and
// the currency ("24990.00 AUD", ISO 4217); "" when the site shows no price (spec 001
// §5: not above 10).
func price(c shared.Car) string {
	if !shared.HasPrice(c.Price) {
		return ""
	}
	return fmt.Sprintf("%.2f AUD", c.Price)
}

// common are the checks every format makes.
func common(v vehicle) []Reason {
	var r []Reason
	switch {
	case v.placeholder:
		r = append(r, PlaceholderPhoto)
	case len(v.photos) == 0:
		r = append(r, NoPhoto)
	}
	if price(v.car) == "" {
		r = append(r, NoPrice)
	}
	if strings.TrimSpace(v.car.Make) == "" {
		r = append(r, NoMake)
	}
	if strings.TrimSpace(v.car.Model) == "" {
		r = append(r, NoModel)
	}
	if v.car.Year <= 0 {
		r = append(r, NoYear)
	}
	if v.used() && v.car.KM <= 0 {
		r = append(r, NoMileage)
	}
	return r
}

// requireVIN adds the VIN's reason: none, or not a VIN.
func requireVIN(r []Reason, v vehicle) ([]Reason, string) {
	switch p := CheckVIN(v.vin); p {
	case VINOK:
		return r, ""
	case VINMissing:
		return append(r, NoVIN), ""
	default:
		return append(r, InvalidVIN), "VIN " + string(p)
	}
}

// optionalVIN adds InvalidVIN for a VIN that is there but not a VIN.
func optionalVIN(r []Reason, v vehicle) ([]Reason, string) {
	if p := CheckVIN(v.vin); p != VINOK && p != VINMissing {
		return append(r, InvalidVIN), "VIN " + string(p)
	}
	return r, ""
}

// sortReasons orders reasons as Reasons lists them.
func sortReasons(r []Reason) []Reason {
	slices.SortFunc(r, func(a, b Reason) int { return slices.Index(Reasons, a) - slices.Index(Reasons, b) })
	return slices.Compact(r)
}

func joinDetail(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "; ")
}

// writeTSV writes rows tab-separated, each cell on one line (oneLine).
func writeTSV(rows [][]string) ([]byte, error) {
	var b bytes.Buffer
	for _, row := range rows {
		for i, cell := range row {
			if i > 0 {
				b.WriteByte('\t')
			}
			b.WriteString(oneLine(cell))
		}
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}

// Package brochure draws a car's printable brochure, the vehicle PDF of spec
// 001 §7 ("Download vehicle PDF by car slug"): photo, title, price display,
// finance estimate with its fine print and disclaimers, key details,
// features, the dealer's contact and the page's address, on one or two A4
// pages. It renders what shared.ViewCar decided; it decides no rule itself.
package brochure

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"forecourt/shared"
)

// MaxPages is the brochure's length limit (issue 10: one to two pages).
const MaxPages = 2

// Photo is an image the brochure can embed: a JPEG this package encoded
// (PhotoOf), never bytes from elsewhere.
type Photo struct {
	jpeg []byte
}

// Input is everything the brochure shows.
type Input struct {
	Car  shared.Car
	View shared.CarView
	Site shared.Site
	// PageURL is the car page's address, printed so a reader can find it.
	PageURL string
	// Photo is the car's primary photo; nil draws no photo.
	Photo *Photo
	// ProviderDisclaimer is the finance provider's disclaimer for the car
	// (shared.FinanceDisclaimer), printed under the estimate.
	ProviderDisclaimer string
	// Now stamps the document's dates, so the same input gives the same bytes.
	Now time.Time
}

// Page geometry in millimetres (A4 portrait).
const (
	pageW     = 210.0
	margin    = 12.0
	contentW  = pageW - 2*margin
	photoMaxH = 95.0
)

// Write renders the brochure as PDF to w.
func Write(w io.Writer, in Input) error {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetMargins(margin, margin, margin)
	pdf.SetAutoPageBreak(true, margin+6)
	pdf.SetCreationDate(in.Now)
	pdf.SetModificationDate(in.Now)
	pdf.SetCatalogSort(true)
	title := carTitle(in.Car)
	pdf.SetTitle(title, true)
	pdf.SetAuthor(in.Site.Name, true)
	pdf.SetCreator("Forecourt", true)
	// Core fonts are cp1252; the translator maps UTF-8 text to it.
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	d := &doc{pdf: pdf, tr: tr, accent: hexRGB(in.Site.Theme.PrimaryColor)}
	pdf.SetFooterFunc(func() {
		pdf.SetY(-margin - 2)
		pdf.SetFont("Helvetica", "", 8)
		pdf.SetTextColor(110, 110, 110)
		pdf.CellFormat(contentW/2, 4, tr(in.Site.Name), "", 0, "L", false, 0, "")
		pdf.CellFormat(contentW/2, 4, fmt.Sprintf("Page %d", pdf.PageNo()), "", 0, "R", false, 0, "")
	})
	pdf.AddPage()

	d.header(in)
	d.photo(in.Photo)
	d.titleBlock(in, title)
	d.finance(in)
	d.details(in)
	d.features(in.Car)
	d.contact(in)
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("draw brochure for %s: %w", in.Car.Slug, err)
	}
	if n := pdf.PageNo(); n > MaxPages {
		return fmt.Errorf("draw brochure for %s: %d pages, want at most %d", in.Car.Slug, n, MaxPages)
	}
	if err := pdf.Output(w); err != nil {
		return fmt.Errorf("write brochure for %s: %w", in.Car.Slug, err)
	}
	return nil
}

// Bytes renders the brochure and returns it.
func Bytes(in Input) ([]byte, error) {
	var b bytes.Buffer
	if err := Write(&b, in); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

type doc struct {
	pdf    *fpdf.Fpdf
	tr     func(string) string
	accent [3]int
}

func (d *doc) text(size float64, style string, r, g, b int) {
	d.pdf.SetFont("Helvetica", style, size)
	d.pdf.SetTextColor(r, g, b)
}

// header prints the dealer's name and the page's address.
func (d *doc) header(in Input) {
	p := d.pdf
	d.text(14, "B", d.accent[0], d.accent[1], d.accent[2])
	p.CellFormat(contentW, 7, d.tr(in.Site.Name), "", 1, "L", false, 0, "")
	if in.PageURL != "" {
		d.text(8, "", 90, 90, 90)
		p.CellFormat(contentW, 4, d.tr(in.PageURL), "", 1, "L", false, 0, in.PageURL)
	}
	p.Ln(3)
}

// photo embeds the photo scaled to the content width, at most photoMaxH tall.
func (d *doc) photo(ph *Photo) {
	if ph == nil || len(ph.jpeg) == 0 {
		return
	}
	p := d.pdf
	opts := fpdf.ImageOptions{ImageType: "JPG", ReadDpi: false}
	info := p.RegisterImageOptionsReader("photo", opts, bytes.NewReader(ph.jpeg))
	if p.Err() || info == nil || info.Width() <= 0 {
		// A photo that cannot be read leaves the brochure without one,
		// not without a brochure.
		p.ClearError()
		return
	}
	w, h := contentW, contentW*info.Height()/info.Width()
	if h > photoMaxH {
		w, h = photoMaxH*info.Width()/info.Height(), photoMaxH
	}
	x := margin + (contentW-w)/2
	p.ImageOptions("photo", x, p.GetY(), w, h, false, opts, 0, "")
	p.SetY(p.GetY() + h + 4)
}

func (d *doc) titleBlock(in Input, title string) {
	p, c, v := d.pdf, in.Car, in.View
	d.text(18, "B", 17, 24, 39)
	p.MultiCell(contentW, 8, d.tr(title), "", "L", false)
	if sub := strings.TrimSpace(strings.Join(nonEmpty(c.Badge, c.Series), " ")); sub != "" {
		d.text(11, "", 75, 85, 99)
		p.MultiCell(contentW, 5, d.tr(sub), "", "L", false)
	}
	p.Ln(2)
	d.text(20, "B", d.accent[0], d.accent[1], d.accent[2])
	price := v.Price.Text
	p.CellFormat(p.GetStringWidth(d.tr(price))+3, 9, d.tr(price), "", 0, "L", false, 0, "")
	d.text(10, "", 75, 85, 99)
	var notes []string
	if v.Price.PriceType != "" {
		notes = append(notes, v.Price.PriceType)
	}
	if v.Price.WasText != "" {
		notes = append(notes, "was "+v.Price.WasText)
	}
	if v.Market != nil {
		notes = append(notes, "Below market: "+shared.FormatPrice(float64(v.Market.BelowBy))+" under the state average")
	}
	p.CellFormat(0, 9, d.tr(strings.Join(notes, "  ·  ")), "", 1, "L", false, 0, "")
	if v.Certified != nil {
		d.text(10, "B", 17, 24, 39)
		p.CellFormat(contentW, 5, d.tr(v.Certified.Title), "", 1, "L", false, 0, "")
	}
	if !v.Available {
		d.text(11, "B", 185, 28, 28)
		p.MultiCell(contentW, 6, d.tr(in.Site.Texts.SoldNotice), "", "L", false)
	}
	p.Ln(2)
}

// finance prints the estimate with its terms, fine print and disclaimers.
func (d *doc) finance(in Input) {
	e := in.View.Finance
	if e == nil {
		return
	}
	p := d.pdf
	d.section("Finance estimate")
	d.text(14, "B", 17, 24, 39)
	p.CellFormat(contentW, 7, d.tr(e.AmountText+" per "+e.Per()+"*"), "", 1, "L", false, 0, "")
	d.text(9, "", 55, 65, 81)
	terms := []string{strconv.FormatFloat(e.InterestRate, 'f', 2, 64) + "% p.a."}
	if e.ComparisonRate != nil {
		terms = append(terms, "comparison rate "+strconv.FormatFloat(*e.ComparisonRate, 'f', 2, 64)+"% p.a.")
	}
	if e.TermText != "" {
		terms = append(terms, "over "+e.TermText)
	}
	if e.Deposit != nil {
		dep := e.Deposit.AmountText + " deposit"
		if e.Deposit.Percent > 0 {
			dep += " (" + strconv.Itoa(e.Deposit.Percent) + "%)"
		}
		terms = append(terms, dep)
	}
	if e.Balloon > 0 {
		terms = append(terms, shared.FormatPrice(float64(e.Balloon))+" balloon")
	}
	p.MultiCell(contentW, 4.5, d.tr(strings.Join(terms, ", ")), "", "L", false)
	if e.Label != "" {
		p.MultiCell(contentW, 4.5, d.tr(e.Label), "", "L", false)
	}
	if e.OfferValidUntil != "" {
		if t, err := time.Parse(time.DateOnly, e.OfferValidUntil); err == nil {
			p.MultiCell(contentW, 4.5, d.tr("Offer valid until "+t.Format("2 January 2006")+"."), "", "L", false)
		}
	}
	d.text(7.5, "", 90, 90, 90)
	p.MultiCell(contentW, 3.6, d.tr("*"+e.FinePrint+" "+e.Disclaimer), "", "L", false)
	if in.ProviderDisclaimer != "" {
		p.MultiCell(contentW, 3.6, d.tr(in.ProviderDisclaimer), "", "L", false)
	}
	p.Ln(2)
}

// details prints the key details as label/value rows, two columns; rows
// without a value are left out (spec 001 §5).
func (d *doc) details(in Input) {
	rows := DetailRows(in.Car)
	if len(rows) == 0 {
		return
	}
	p := d.pdf
	d.section("Key details")
	colW := contentW / 2
	for i, r := range rows {
		d.text(9, "", 100, 100, 100)
		p.CellFormat(30, 5, d.tr(r[0]), "", 0, "L", false, 0, "")
		d.text(9, "B", 17, 24, 39)
		ln := 0
		if i%2 == 1 || i == len(rows)-1 {
			ln = 1
		}
		p.CellFormat(colW-30, 5, d.tr(r[1]), "", ln, "L", false, 0, "")
	}
	p.Ln(2)
}

// maxFeatures keeps the brochure within two pages.
const maxFeatures = 36

func (d *doc) features(c shared.Car) {
	items := c.StandardEquipment
	if len(items) == 0 {
		return
	}
	p := d.pdf
	d.section("Features")
	more := 0
	if len(items) > maxFeatures {
		items, more = items[:maxFeatures], len(items)-maxFeatures
	}
	colW := contentW / 2
	d.text(9, "", 31, 41, 55)
	for i, f := range items {
		ln := 0
		if i%2 == 1 || i == len(items)-1 {
			ln = 1
		}
		p.CellFormat(colW, 4.8, d.tr(truncate("- "+f, 60)), "", ln, "L", false, 0, "")
	}
	if more > 0 {
		d.text(8, "I", 90, 90, 90)
		p.CellFormat(contentW, 4.8, d.tr(fmt.Sprintf("and %d more on the car's page", more)), "", 1, "L", false, 0, "")
	}
	p.Ln(2)
}

// contact prints the dealership, the car's location and the number to call.
func (d *doc) contact(in Input) {
	p, c := d.pdf, in.Car
	d.section("Contact")
	d.text(10, "B", 17, 24, 39)
	dealer := in.Site.Name
	if dl, ok := in.Site.Dealership(c.DealershipSlug); ok && dl.Name != "" {
		dealer = dl.Name
	}
	p.MultiCell(contentW, 5, d.tr(dealer), "", "L", false)
	d.text(9.5, "", 31, 41, 55)
	if l := c.Location; l != nil {
		if l.Name != "" && l.Name != dealer {
			p.MultiCell(contentW, 4.8, d.tr(l.Name), "", "L", false)
		}
		if a := l.Address; a != nil {
			if line := strings.Join(nonEmpty(a.Street, strings.Join(nonEmpty(a.City, a.State, a.Postcode), " ")), ", "); line != "" {
				p.MultiCell(contentW, 4.8, d.tr(line), "", "L", false)
			}
		}
	}
	if in.View.Phone != "" {
		p.MultiCell(contentW, 4.8, d.tr("Phone: "+in.View.Phone), "", "L", false)
	}
	if in.PageURL != "" {
		p.MultiCell(contentW, 4.8, d.tr("View online: "+in.PageURL), "", "L", false)
	}
}

func (d *doc) section(title string) {
	p := d.pdf
	p.Ln(1)
	d.text(11, "B", d.accent[0], d.accent[1], d.accent[2])
	p.CellFormat(contentW, 6, d.tr(title), "B", 1, "L", false, 0, "")
	p.Ln(1.5)
}

// DetailRows are the brochure's key details as label and value, in order,
// leaving out rows without a value ("", "null": spec 001 §5).
func DetailRows(c shared.Car) [][2]string {
	km := ""
	if c.KM > 0 || c.CarType == shared.CarTypeUsed {
		km = shared.FormatKM(float64(c.KM))
	}
	seats, doors, year := "", "", ""
	if c.Seats > 0 {
		seats = strconv.Itoa(c.Seats)
	}
	if c.Doors > 0 {
		doors = strconv.Itoa(c.Doors)
	}
	if c.Year > 0 {
		year = strconv.Itoa(c.Year)
	}
	candidates := [][2]string{
		{"Condition", titleCase(string(c.CarType))},
		{"Year", year},
		{"Kilometres", km},
		{"Body", c.SimpleBody},
		{"Transmission", firstOf(c.Trans, c.SimpleTransmission)},
		{"Fuel", firstOf(c.SimpleFuel, c.Fuel)},
		{"Engine", c.EngineSize},
		{"Drive", c.Drive},
		{"Colour", c.Colour},
		{"Interior", c.InteriorColour},
		{"Seats", seats},
		{"Doors", doors},
		{"Stock no.", c.StockNum},
		{"VIN", c.VIN},
		{"Rego", c.RegPlate},
	}
	var out [][2]string
	for _, r := range candidates {
		if v := strings.TrimSpace(r[1]); v != "" && !strings.EqualFold(v, "null") {
			out = append(out, [2]string{r[0], v})
		}
	}
	return out
}

// carTitle is the car title (shared.CarTitle), or the car's name (else its
// slug) when it has no make.
func carTitle(c shared.Car) string {
	if c.Make != "" {
		return shared.CarTitle(c, false)
	}
	return cmp.Or(c.Name, c.Slug)
}

func nonEmpty(vals ...string) []string {
	var out []string
	for _, v := range vals {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

func firstOf(vals ...string) string {
	if v := nonEmpty(vals...); len(v) > 0 {
		return v[0]
	}
	return ""
}

func titleCase(s string) string {
	if s == "" {
		return ""
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// hexRGB reads a theme colour "#1d4ed8" (or "#abc"); anything else is a dark blue.
func hexRGB(s string) [3]int {
	s = strings.TrimPrefix(s, "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) != 6 {
		return [3]int{29, 78, 216}
	}
	var out [3]int
	for i := range 3 {
		v, err := strconv.ParseUint(s[2*i:2*i+2], 16, 8)
		if err != nil {
			return [3]int{29, 78, 216}
		}
		out[i] = int(v)
	}
	return out
}

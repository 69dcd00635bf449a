package seo

import (
	"embed"
	"fmt"
	"html/template"
	"strconv"

	"forecourt/shared"
)

// templateFiles are the painted parts kept as one file per React component
// they mirror (issue 34), each defining a template of the component's name
// that paintTemplate calls.
//
//go:embed templates/*.tmpl
var templateFiles embed.FS

// withComponents adds the component templates to t.
func withComponents(t *template.Template) *template.Template {
	return template.Must(t.ParseFS(templateFiles, "templates/*.tmpl"))
}

// LocationPaint is a location page's part above the fold as the web's
// LocationPage renders it (templates/LocationPage.tmpl).
type LocationPaint struct {
	// Heading is the page's h1: the location's name.
	Heading string
	// Name is the location's name, which the map box is labelled with.
	Name   string
	Rating *PaintRating
	// LiveMap is true where the site has a map style and the location a
	// point: the app's live map's box, else the drawn placeholder.
	LiveMap bool
	// Directions is the Open in Maps and Get Directions link, "" for none.
	Directions string
	// Address is the address lines (the web's addressLines).
	Address []string
	// Licence and MVR are shown where the site shows contact details.
	Licence, MVR string
	// ContactPath is the Contact button's link, "" when the site hides it.
	ContactPath string
	EmailUs     bool
	BookService bool
	// Departments are the hours' tabs, painted when there are two or more.
	Departments []PaintTab
	// Hours are the selected department's contact and hours.
	Hours *PaintHours
	// Enquire is the link on closed days' hours, "" when the site has none.
	Enquire string
}

// PaintRating is a review summary's stars, average and text (StarRating).
type PaintRating struct {
	// Fills are each star's fill as its style ("width:50%").
	Fills   []template.CSS
	Average string
	Text    string
}

// PaintTab is one department tab.
type PaintTab struct {
	Label    string
	Selected bool
}

// PaintHours is the department panel's open-now line, phones, address
// (only where it is not the page's) and hours table.
type PaintHours struct {
	// Tab is true when the panel belongs to tabs; TabIndex is the selected one.
	Tab      bool
	TabIndex int
	OpenNow  *shared.OpenStatus
	Phones   []PaintPhone
	Address  []string
	Lines    []shared.HoursLine
	Holiday  bool
}

// PaintPhone is a phone line; Href is its tel: link, "" where the site
// does not link phones.
type PaintPhone struct {
	Label, Number string
	Href          template.URL
}

// NewPaintRating draws a review summary as StarRating does.
func NewPaintRating(stars [5]float64, average float64, text string) *PaintRating {
	r := &PaintRating{Average: strconv.FormatFloat(average, 'f', 1, 64), Text: text}
	for _, f := range stars {
		r.Fills = append(r.Fills, template.CSS(fmt.Sprintf("width:%d%%", int(f*100+0.5))))
	}
	return r
}

// LocationPaint is the paint of a location page.
func (p Page) LocationPaint(l *LocationPaint) *Paint {
	paint := p.sitePaint()
	paint.Route = "location"
	paint.Location = l
	return &paint
}

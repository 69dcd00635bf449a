package httpapi

import (
	"html/template"
	"regexp"
	"slices"
	"strings"

	"forecourt/functions/seo"
	"forecourt/shared"
)

// paintLocation paints a location page (issue 34) from the data it inlines,
// as the web's LocationPage renders it at once from the same data, so the
// app's first render is the painted page and nothing moves.
func paintLocation(h *seo.Head, p seo.Page, data LocationPageData) {
	h.Paint = p.LocationPaint(locationPaint(p.Site, data.Page))
	h.Route = h.Paint.Route
}

// departmentLabels are the hours tabs' labels (LocationPage DEPARTMENT).
var departmentLabels = map[shared.LocationType]string{"sales": "Sales", "service": "Service", "parts": "Parts"}

// notDialable is what a tel: link leaves out of a number (Phones).
var notDialable = regexp.MustCompile(`[^\d+]`)

// locationPaint is LocationPage's first render of page on site.
func locationPaint(site shared.Site, page LocationResponse) *seo.LocationPaint {
	l := page.Location
	cfg := site.LocationsBlock
	lp := &seo.LocationPaint{
		Heading:    l.Name,
		Name:       l.Name,
		LiveMap:    cfg.MapStyleURL != "" && (l.Address.Lat != 0 || l.Address.Long != 0),
		Directions: l.DirectionsURL,
		Address:    addressLines(l.Address),
		EmailUs:    cfg.ShowContact && cfg.EmailUs,
		// Book a Service shows on a service location only (LocationInfo).
		BookService: cfg.BookService && l.LocationType == "service",
	}
	if r := l.ReviewSummary; r != nil {
		lp.Rating = seo.NewPaintRating(r.Stars, r.AverageRating, r.Text)
	}
	if cfg.ShowContact {
		lp.Licence, lp.MVR, lp.ContactPath = l.DealerLicenseNumber, l.MotorVehicleRepairer, l.ContactPath
	}
	if site.Hours.ClosedEnquireLink {
		lp.Enquire = site.Texts.EnquireLabel
		if lp.Enquire == "" {
			lp.Enquire = "Enquire Now"
		}
	}
	depts := page.Departments
	if len(depts) == 0 {
		depts = []LocationView{l}
	}
	// The page's own location's tab is open, else the first (DepartmentHours).
	active := max(slices.IndexFunc(depts, func(d LocationView) bool { return d.ID == l.ID }), 0)
	for i, d := range depts {
		label, ok := departmentLabels[d.LocationType]
		if d.LocationType == "" {
			label, ok = departmentLabels["sales"], true
		}
		if !ok {
			label = d.Name
		}
		lp.Departments = append(lp.Departments, seo.PaintTab{Label: label, Selected: i == active})
	}
	d := depts[active]
	hours := &seo.PaintHours{Tab: len(depts) > 1, TabIndex: active, OpenNow: d.OpenNow, Lines: d.Hours, Holiday: len(d.HolidayHours) > 0}
	for _, ph := range []struct{ label, number string }{{"Phone", d.ContactDetail.LandlinePhone}, {"Mobile", d.ContactDetail.Phone}} {
		if ph.number == "" {
			continue
		}
		line := seo.PaintPhone{Label: ph.label, Number: ph.number}
		if site.Features.PhoneLinks {
			line.Href = template.URL("tel:" + notDialable.ReplaceAllString(ph.number, ""))
		}
		hours.Phones = append(hours.Phones, line)
	}
	if d.Address.Street != l.Address.Street {
		hours.Address = addressLines(d.Address)
	}
	lp.Hours = hours
	return lp
}

// addressLines are an address as the web's addressLines lays it out: the
// street, then city, state and postcode.
func addressLines(a shared.Address) []string {
	var out []string
	if a.Street != "" {
		out = append(out, a.Street)
	}
	var rest []string
	for _, s := range []string{a.City, a.State, a.Postcode} {
		if s != "" {
			rest = append(rest, s)
		}
	}
	if line := strings.Join(rest, " "); line != "" {
		out = append(out, line)
	}
	return out
}

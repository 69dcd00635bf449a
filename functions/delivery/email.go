package delivery

import (
	"bytes"
	"fmt"
	"html/template"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"forecourt/shared"
)

// LeadEmail is a lead's e-mail as the sales desk works from it (issue 32 item
// 4): a subject naming the type, the car and the shopper, and one body as
// plain text and as HTML. The ADF attachment is built apart (adf.FromLead).
type LeadEmail struct {
	Subject string
	Text    string
	HTML    string
}

// TypeLabel names what the lead asks for, as the subject and body start:
// "Test drive", "Trade-in", "Finance", "Reservation/deposit", ... A paid
// reservation is an enquiry lead marked by its subcategory
// (functions/reserve).
func TypeLabel(l shared.Lead) string {
	if l.Subcategory == shared.SubcategoryReservationPaid {
		return "Reservation/deposit"
	}
	switch l.Type {
	case shared.LeadTestDrive:
		return "Test drive"
	case shared.LeadTradeIn:
		return "Trade-in"
	case shared.LeadFinance:
		return "Finance"
	case shared.LeadPhotos:
		return "Photo request"
	case shared.LeadCareers:
		return "Careers enquiry"
	}
	return "General enquiry"
}

// row is one labelled value; Href makes it a link (the car's page, tel:,
// mailto:).
type row struct {
	Label, Value string
	Href         template.URL
	// Pre keeps the value's line breaks (a shopper's message).
	Pre bool
}

// section is a titled group of rows; a section without rows is left out.
type section struct {
	Title string
	Rows  []row
}

func (s *section) add(label, value string) {
	if value = strings.TrimSpace(value); value != "" {
		s.Rows = append(s.Rows, row{Label: label, Value: value})
	}
}

func (s *section) link(label, value, href string) {
	if value = strings.TrimSpace(value); value != "" {
		s.Rows = append(s.Rows, row{Label: label, Value: value, Href: template.URL(href)})
	}
}

// emailData is what the templates render.
type emailData struct {
	Heading  string
	Sections []section
	Footer   string
}

const footer = "The full lead is attached as ADF XML (lead.xml) for your CRM."

// RenderEmail lays out the stored lead for the sales desk (docs/contracts.md
// "Lead delivery"): a test drive's requested slot first, then the shopper
// and how to reach them, the trade-in or finance answers, the car with its
// price as the site shows it and a link to its page on the site's primary
// domain, the dealership, and the lead's reference and received time.
// Times are in the dealership's time zone. dealer is the dealership's
// display name.
func RenderEmail(site shared.Site, it Item, dealer string) LeadEmail {
	l := it.Lead
	zone := leadZone(site, it)
	label := TypeLabel(l)
	var secs []section

	if l.Type == shared.LeadTestDrive {
		s := section{Title: "Requested test drive"}
		s.add("Day and time", appointment(l.Appointment, zone))
		secs = append(secs, s)
	}

	shopper := section{Title: "Shopper"}
	if l.Subcategory != shared.SubcategoryReservationPaid {
		shopper.add("Name", shopperName(l))
	}
	if tel := telURL(l.Phone); tel != "" {
		shopper.link("Phone", l.Phone, tel)
	}
	if l.Email != "" {
		shopper.link("Email", l.Email, "mailto:"+strings.TrimSpace(l.Email))
	}
	shopper.add("Postcode", l.Postcode)
	shopper.add("Preferred contact", l.PreferredContactMethod)
	shopper.add("Marketing consent", yesNo(l.OptIn))
	if l.TermsConditions {
		shopper.add("Terms accepted", "Yes")
	}
	if m := strings.TrimSpace(l.Message); m != "" {
		shopper.Rows = append(shopper.Rows, row{Label: "Message", Value: m, Pre: true})
	}
	secs = append(secs, shopper)

	switch {
	case l.Type == shared.LeadTradeIn || l.TradeInVehicle != nil:
		secs = append(secs, tradeInSection(site, l))
	case l.Type == shared.LeadFinance:
		secs = append(secs, financeSection(l))
	default:
		s := section{Title: "Answers"}
		s.add("Has a trade-in", l.HasTradeIn)
		s.add("Under finance", l.UnderFinance)
		s.add("Additional services", strings.Join(l.AdditionalServices, ", "))
		secs = append(secs, s)
	}

	secs = append(secs, carSection(site, it))

	where := section{Title: "Sent to"}
	where.add("Dealership", dealer)
	if loc, ok := leadLocation(site, dealershipOf(it), l.LocationID); ok {
		where.add("Location", loc.Name)
		if tel := telURL(loc.ContactDetail.Phone); tel != "" {
			where.link("Location phone", loc.ContactDetail.Phone, tel)
		}
	}
	secs = append(secs, where)

	ref := section{Title: "Lead"}
	ref.add("Type", label)
	ref.add("Enquiry", enquiry(site, l))
	// The page the form was on, as the ADF's comments name it (issue 32).
	ref.add("Form page", l.PageID)
	// The short reference is the one the shopper was shown (issue 32 item 14).
	ref.add("Reference", shared.LeadReference(it.ID))
	ref.add("Lead id", it.ID)
	if !it.CreatedAt.IsZero() {
		ref.add("Received", longTime(it.CreatedAt, zone))
	}
	secs = append(secs, ref)

	d := emailData{Heading: joinNonEmpty(" – ", label, subjectCar(it)), Footer: footer}
	for _, s := range secs {
		if len(s.Rows) > 0 {
			d.Sections = append(d.Sections, s)
		}
	}
	return LeadEmail{Subject: Subject(it), Text: renderText(d), HTML: renderHTML(d)}
}

// enquiry is the lead's category and subcategory where they say more than
// its type: a trade-in's subcategory is its last form step, and a test
// drive or other form sent without a category has the site's default
// (General Enquiry), which would mislabel it.
func enquiry(site shared.Site, l shared.Lead) string {
	switch l.Type {
	case shared.LeadTradeIn:
		return ""
	case "", shared.LeadEnquiry, shared.LeadCareers:
		return joinNonEmpty(" – ", l.Category, l.Subcategory)
	}
	cat := l.Category
	if strings.EqualFold(cat, shared.CategoryGeneralEnquiry) || strings.EqualFold(cat, site.Leads.DefaultCategory) {
		cat = ""
	}
	return joinNonEmpty(" – ", cat, l.Subcategory)
}

// Subject is "<type> – <year make model variant> – <shopper>", leaving out
// what is unknown: a trade-in names the shopper's car, any other lead the
// dealer's car (else the make and model it names).
func Subject(it Item) string {
	name := shopperName(it.Lead)
	if it.Lead.Subcategory == shared.SubcategoryReservationPaid {
		name = "" // the reservation's lead has a placeholder, not a name
	}
	return oneLine(joinNonEmpty(" – ", TypeLabel(it.Lead), subjectCar(it), name))
}

// subjectCar is the car the subject names.
func subjectCar(it Item) string {
	if v := it.Lead.TradeInVehicle; it.Lead.Type == shared.LeadTradeIn && v != nil && v.Name() != "" {
		return v.Name()
	}
	if c := it.Car; c != nil {
		return joinNonEmpty(" ", shared.CarTitle(*c, false), variant(*c))
	}
	return joinNonEmpty(" ", it.Lead.VehicleMake, it.Lead.VehicleModel)
}

// variant is the car's variant as its page shows it: badge · series.
func variant(c shared.Car) string { return joinNonEmpty(" · ", c.Badge, c.Series) }

func carSection(site shared.Site, it Item) section {
	s := section{Title: "Car of interest"}
	l := it.Lead
	c := it.Car
	if c == nil {
		s.add("Car", joinNonEmpty(" ", l.VehicleMake, l.VehicleModel))
		s.add("Stock number", l.StockNumber)
		return s
	}
	s.add("Car", shared.CarTitle(*c, false))
	s.add("Variant", variant(*c))
	s.add("Stock number", c.StockNum)
	s.add("VIN", c.VIN)
	p := shared.DisplayPrice(*c, site)
	price := joinNonEmpty(" ", p.Text, p.PriceType)
	if p.WasText != "" {
		price += " (was " + p.WasText + ")"
	}
	s.add("Price", price)
	s.add("Condition", c.CarType.Label())
	if c.KM > 0 {
		s.add("Odometer", shared.FormatKM(float64(c.KM)))
	}
	s.add("Colour", c.Colour)
	if origin := site.PrimaryOrigin(); origin != "" && c.Slug != "" {
		u := origin + shared.CarPath(c.Slug)
		s.link("Page", u, u)
	}
	return s
}

func tradeInSection(site shared.Site, l shared.Lead) section {
	s := section{Title: "Trade-in"}
	if v := l.TradeInVehicle; v != nil {
		s.add("Vehicle", v.Name())
		s.add("Rego", joinNonEmpty(" ", l.Rego, strings.ToUpper(l.RegoState)))
		s.add("VIN", v.VIN)
		if v.KM > 0 {
			s.add("Odometer", shared.FormatKM(float64(v.KM)))
		}
		s.add("Body", v.Body)
		s.add("Transmission", v.Transmission)
		s.add("Fuel", v.Fuel)
		s.add("Colour", v.Colour)
	} else {
		s.add("Rego", joinNonEmpty(" ", l.Rego, strings.ToUpper(l.RegoState)))
	}
	// The site's questions in their order, with their labels; an answer to
	// a question the site no longer asks keeps its id.
	qs := site.Leads.TradeInQuestions
	if len(qs) == 0 {
		qs = shared.DefaultTradeInQuestions()
	}
	done := map[string]bool{}
	for _, q := range qs {
		if a, ok := l.AdjustmentAnswers[q.ID]; ok {
			s.add(q.Label, a)
			done[q.ID] = true
		}
	}
	var rest []string
	for id := range l.AdjustmentAnswers {
		if !done[id] {
			rest = append(rest, id)
		}
	}
	slices.Sort(rest)
	for _, id := range rest {
		s.add(id, l.AdjustmentAnswers[id])
	}
	s.add("Under finance", l.UnderFinance)
	if l.OfferAccepted {
		s.add("Offer accepted", "Yes")
	}
	return s
}

func financeSection(l shared.Lead) section {
	s := section{Title: "Finance"}
	s.add("Vehicle type", l.VehicleType)
	s.add("State", strings.ToUpper(l.State))
	if l.VehiclePriceBudget > 0 {
		s.add("Vehicle price budget", shared.FormatPrice(l.VehiclePriceBudget))
	}
	s.add("Preferred dealership", l.PreferredDealership)
	s.add("Has a trade-in", l.HasTradeIn)
	s.add("Under finance", l.UnderFinance)
	if c := l.Calculator; c != nil {
		s.add("Calculator price", shared.FormatPrice(c.Price))
		s.add("Deposit", shared.FormatPrice(c.Deposit))
		if c.TermYears > 0 {
			s.add("Term", fmt.Sprintf("%d years", c.TermYears))
		}
		s.add("Interest rate", strconv.FormatFloat(c.InterestRate, 'f', -1, 64)+"%")
		if c.Weekly > 0 {
			s.add("Repayments", fmt.Sprintf("%s weekly, %s fortnightly, %s monthly",
				shared.FormatPrice(float64(c.Weekly)), shared.FormatPrice(float64(c.Fortnightly)), shared.FormatPrice(float64(c.Monthly))))
		}
	}
	return s
}

// leadZone is the time zone the lead's times are shown in: the zone of
// the location the lead names, else the car's test-drive location (where
// the slots came from), else the location the lead goes to, else the
// site's.
func leadZone(site shared.Site, it Item) *time.Location {
	loc, ok := shared.Location{}, false
	if id := it.Lead.LocationID; id != "" {
		i := slices.IndexFunc(site.Locations, func(l shared.Location) bool { return l.ID == id })
		loc, ok = shared.Location{}, i >= 0
		if ok {
			loc = site.Locations[i]
		}
	}
	if !ok && it.Car != nil {
		loc, ok = site.TestDriveLocation(*it.Car)
	}
	if !ok {
		loc, _ = leadLocation(site, dealershipOf(it), "")
	}
	tz, err := site.ZoneOf(loc)
	if err != nil {
		return time.UTC
	}
	return tz
}

// appointment is the requested slot in the dealership's zone, or what to
// do when the shopper chose none.
func appointment(rfc3339 string, zone *time.Location) string {
	if strings.TrimSpace(rfc3339) == "" {
		return "No time chosen: call the shopper to arrange one"
	}
	t, err := time.Parse(time.RFC3339, rfc3339)
	if err != nil {
		return rfc3339 // validated at intake; shown as sent rather than lost
	}
	return longTime(t, zone)
}

// longTime is "Tuesday 24 November 2026, 9:30 am AEDT".
func longTime(t time.Time, zone *time.Location) string {
	return t.In(zone).Format("Monday 2 January 2006, 3:04 pm MST")
}

// dealershipOf is the slug of the lead's dealership.
func dealershipOf(it Item) string {
	if it.DealershipSlug != "" {
		return it.DealershipSlug
	}
	return it.Lead.DealershipSlug
}

func shopperName(l shared.Lead) string { return joinNonEmpty(" ", l.FirstName, l.LastName) }

func yesNo(b bool) string {
	if b {
		return "Yes"
	}
	return "No"
}

// telURL is a tap-to-call link for a phone number as the shopper typed it:
// its digits, with a leading + kept; "" when it has none.
func telURL(phone string) string {
	var b strings.Builder
	for i, r := range strings.TrimSpace(phone) {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '+' && i == 0:
			b.WriteRune(r)
		}
	}
	if strings.Trim(b.String(), "+") == "" {
		return ""
	}
	return "tel:" + b.String()
}

func joinNonEmpty(sep string, parts ...string) string {
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}

// oneLine makes a header value of s: control characters (line breaks a
// shopper typed into a name) become spaces.
func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s), func(r rune) bool { return r == ' ' }), " ")
}

func renderText(d emailData) string {
	var b strings.Builder
	b.WriteString(d.Heading + "\n")
	for _, s := range d.Sections {
		fmt.Fprintf(&b, "\n%s\n%s\n", s.Title, strings.Repeat("-", len([]rune(s.Title))))
		for _, r := range s.Rows {
			v := r.Value
			if r.Pre {
				v = strings.ReplaceAll(v, "\n", "\n  ")
			}
			fmt.Fprintf(&b, "%s: %s\n", r.Label, v)
		}
	}
	b.WriteString("\n" + d.Footer + "\n")
	return b.String()
}

// htmlTemplate escapes every value (html/template): names, messages and
// answers are the shopper's own text.
var htmlTemplate = template.Must(template.New("lead").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Heading}}</title></head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.4;color:#1a1a1a">
<h1 style="font-size:20px;margin:0 0 12px">{{.Heading}}</h1>
{{range .Sections}}<h2 style="font-size:16px;margin:20px 0 6px;border-bottom:1px solid #ccc;padding-bottom:4px">{{.Title}}</h2>
<table role="presentation" style="border-collapse:collapse">
{{range .Rows}}<tr><th scope="row" style="text-align:left;vertical-align:top;padding:3px 16px 3px 0;font-weight:normal;color:#555;white-space:nowrap">{{.Label}}</th><td style="padding:3px 0{{if .Pre}};white-space:pre-wrap{{end}}">{{if .Href}}<a href="{{.Href}}">{{.Value}}</a>{{else}}{{.Value}}{{end}}</td></tr>
{{end}}</table>
{{end}}<p style="margin-top:20px;color:#555;font-size:13px">{{.Footer}}</p>
</body></html>
`))

func renderHTML(d emailData) string {
	var b bytes.Buffer
	if err := htmlTemplate.Execute(&b, d); err != nil {
		// The template and data are ours; a failure is a bug, and the text
		// part still carries everything.
		return ""
	}
	return b.String()
}

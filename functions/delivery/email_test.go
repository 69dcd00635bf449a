package delivery_test

import (
	"html"
	"regexp"
	"strings"
	"testing"
	"time"

	"forecourt/functions/delivery"
	"forecourt/functions/reserve"
	"forecourt/shared"
)

// emailSite is a dealer with a primary domain and its sales yard in Perth,
// so times in the e-mail must be converted from UTC to AWST.
func emailSite() shared.Site {
	s := demoSite()
	s.Domains = []string{"www.Demo-Motors.com.au", "demo-motors.com.au"}
	s.TimeZone = "Australia/Sydney"
	s.Locations[1].TimeZone = "Australia/Perth"
	s.Leads.TradeInQuestions = shared.DefaultTradeInQuestions()
	return s
}

func emailCar() *shared.Car {
	return &shared.Car{ID: "c1", Slug: "2021-toyota-corolla-stk-4242", Year: 2021, Make: "Toyota", Model: "Corolla",
		Badge: "Ascent Sport", Series: "ZWE211R", StockNum: "STK-4242", VIN: "JTNKU3JE60J123456",
		Price: 25990, PriceType: "Drive Away", CarType: shared.CarTypeUsed, KM: 35120, Colour: "Eclipse Black",
		DealershipSlug: "demo-motors"}
}

// contact is the shopper every case starts from; each case changes what
// its form sends.
func contact(t shared.LeadType) shared.Lead {
	return shared.Lead{Type: t, Category: shared.CategoryGeneralEnquiry, FirstName: "Ada", LastName: "Lovelace",
		Phone: "0400 000 000", Email: "ada@example.test", Postcode: "6000", PreferredContactMethod: "SMS",
		OptIn: false, DealershipSlug: "demo-motors"}
}

// htmlText is the HTML part as a person reads it: tags dropped, entities
// decoded, whitespace collapsed, so "Label Value" is one table row.
func htmlText(s string) string {
	s = regexp.MustCompile(`(?s)<head>.*</head>|<[^>]*>`).ReplaceAllString(s, " ")
	return strings.Join(strings.Fields(html.UnescapeString(s)), " ")
}

// Issue 32 item 4: each lead type's e-mail names the type, the car and
// the shopper in its subject, and carries in both its text and HTML parts
// what the sales desk acts on: the test-drive slot in the dealership's
// zone, the trade-in's vehicle and condition answers, the finance answers,
// the shopper's contact details, postcode, preferred contact and consent,
// the car's stock number, VIN, price as the site shows it, variant and a
// link to its page on the site's primary domain, the dealership and
// location, the lead's reference and received time.
func TestLeadEmailPerType(t *testing.T) {
	received := time.Date(2026, 11, 30, 23, 5, 0, 0, time.UTC) // 7:05 am the next day in Perth
	calc := shared.CalculatorInput{Price: 25990, Deposit: 5000, TermYears: 5, InterestRate: 7.5}
	figures := shared.CalculateFinance(calc)

	// Every case names these, from the shopper, the car and the lead.
	shopper := [][2]string{
		{"Phone", "0400 000 000"}, {"Email", "ada@example.test"}, {"Postcode", "6000"},
		{"Preferred contact", "SMS"}, {"Marketing consent", "No"},
		{"Dealership", "Demo Motors"}, {"Location", "Yard"},
		{"Reference", "LEAD-REF1"}, {"Lead id", "lead-ref-1"}, {"Received", "Tuesday 1 December 2026, 7:05 am AWST"},
	}
	car := [][2]string{
		{"Stock number", "STK-4242"}, {"VIN", "JTNKU3JE60J123456"}, {"Price", "$25,990 Drive Away"},
		{"Variant", "Ascent Sport · ZWE211R"},
		{"Page", "https://www.demo-motors.com.au/cars/2021-toyota-corolla-stk-4242"},
	}
	named := append([][2]string{{"Name", "Ada Lovelace"}}, shopper...)

	tests := []struct {
		name        string
		lead        func() shared.Lead
		car         *shared.Car
		wantSubject string
		want        [][2]string // label, value: "Label: value" in the text, "Label value" in the HTML
		wantNot     []string
	}{
		{
			name: "general enquiry",
			lead: func() shared.Lead {
				l := contact(shared.LeadEnquiry)
				l.Message = "Is it still available?"
				return l
			},
			car:         emailCar(),
			wantSubject: "General enquiry – 2021 Toyota Corolla Ascent Sport · ZWE211R – Ada Lovelace",
			want:        join(named, car, [][2]string{{"Message", "Is it still available?"}, {"Type", "General enquiry"}}),
		},
		{
			// Issue 32: the page the form was on, as the ADF's "Form page" has it.
			name: "enquiry names its form page",
			lead: func() shared.Lead {
				l := contact(shared.LeadEnquiry)
				l.PageID = "/contact-us/sales"
				return l
			},
			wantSubject: "General enquiry – Ada Lovelace",
			want:        join(named, [][2]string{{"Form page", "/contact-us/sales"}, {"Type", "General enquiry"}}),
		},
		{
			name: "test drive",
			lead: func() shared.Lead {
				l := contact(shared.LeadTestDrive)
				l.Appointment = "2026-12-01T01:30:00Z"
				return l
			},
			car:         emailCar(),
			wantSubject: "Test drive – 2021 Toyota Corolla Ascent Sport · ZWE211R – Ada Lovelace",
			want:        join(named, car, [][2]string{{"Day and time", "Tuesday 1 December 2026, 9:30 am AWST"}, {"Type", "Test drive"}}),
			wantNot:     []string{"General Enquiry", "General enquiry"},
		},
		{
			name:        "test drive without a time",
			lead:        func() shared.Lead { return contact(shared.LeadTestDrive) },
			car:         emailCar(),
			wantSubject: "Test drive – 2021 Toyota Corolla Ascent Sport · ZWE211R – Ada Lovelace",
			want:        join(named, car, [][2]string{{"Day and time", "No time chosen: call the shopper to arrange one"}}),
		},
		{
			name: "trade-in",
			lead: func() shared.Lead {
				l := contact(shared.LeadTradeIn)
				l.Category, l.Subcategory, l.FormCompleted = "Trade-In", "3. Contact Details", true
				l.Rego, l.RegoState, l.UnderFinance = "ABC123", "qld", "No"
				l.TradeInVehicle = &shared.TradeInVehicle{Year: 2019, Make: "Toyota", Model: "Corolla", Badge: "Ascent Sport", KM: 64000, VIN: "JTDBR32E720012345"}
				l.AdjustmentAnswers = map[string]string{"condition": "Good", "service_history": "Full", "accident_history": "No", "keys": "2 or more"}
				return l
			},
			wantSubject: "Trade-in – 2019 Toyota Corolla Ascent Sport – Ada Lovelace",
			want: join(named, [][2]string{
				{"Vehicle", "2019 Toyota Corolla Ascent Sport"}, {"Rego", "ABC123 QLD"}, {"VIN", "JTDBR32E720012345"},
				{"Odometer", "64,000 km"}, {"Overall condition", "Good"}, {"Service history", "Full"},
				{"Has it been in an accident?", "No"}, {"Number of keys", "2 or more"}, {"Under finance", "No"},
				{"Type", "Trade-in"},
			}),
			wantNot: []string{"3. Contact Details"},
		},
		{
			name: "finance",
			lead: func() shared.Lead {
				l := contact(shared.LeadFinance)
				l.Category, l.Subcategory = "Finance Enquiry", "Pre-Approval"
				l.VehicleType, l.State, l.VehiclePriceBudget, l.HasTradeIn = "Car", "qld", 30000, "Yes"
				l.Calculator = &shared.CalculatorFigures{CalculatorInput: calc, Weekly: figures.Weekly, Fortnightly: figures.Fortnightly, Monthly: figures.Monthly}
				return l
			},
			car:         emailCar(),
			wantSubject: "Finance – 2021 Toyota Corolla Ascent Sport · ZWE211R – Ada Lovelace",
			want: join(named, car, [][2]string{
				{"Vehicle type", "Car"}, {"State", "QLD"}, {"Vehicle price budget", "$30,000"}, {"Has a trade-in", "Yes"},
				{"Deposit", "$5,000"}, {"Term", "5 years"}, {"Interest rate", "7.5%"},
				{"Repayments", shared.FormatPrice(float64(figures.Weekly)) + " weekly, " + shared.FormatPrice(float64(figures.Fortnightly)) +
					" fortnightly, " + shared.FormatPrice(float64(figures.Monthly)) + " monthly"},
				{"Enquiry", "Finance Enquiry – Pre-Approval"},
			}),
		},
		{
			name:        "photo request",
			lead:        func() shared.Lead { return contact(shared.LeadPhotos) },
			car:         emailCar(),
			wantSubject: "Photo request – 2021 Toyota Corolla Ascent Sport · ZWE211R – Ada Lovelace",
			want:        join(named, car),
		},
		{
			name: "careers",
			lead: func() shared.Lead {
				l := contact(shared.LeadCareers)
				l.Subcategory, l.Message = shared.SubcategoryCareers, "I would like to apply."
				return l
			},
			wantSubject: "Careers enquiry – Ada Lovelace",
			want:        join(named, [][2]string{{"Message", "I would like to apply."}, {"Enquiry", "General Enquiry – Career Enquiry"}}),
		},
		{
			name: "reservation and deposit",
			lead: func() shared.Lead {
				l := contact(shared.LeadEnquiry)
				l.FirstName, l.LastName, l.Email = "Online reservation", "", ""
				l.OptIn = true
				l.Subcategory = reserve.SubcategoryReservationPaid
				l.Message = "Deposit of $500 paid online (reservation r1)."
				return l
			},
			car:         emailCar(),
			wantSubject: "Reservation/deposit – 2021 Toyota Corolla Ascent Sport · ZWE211R",
			want: join(car, [][2]string{{"Phone", "0400 000 000"}, {"Marketing consent", "Yes"},
				{"Message", "Deposit of $500 paid online (reservation r1)."}, {"Type", "Reservation/deposit"}}),
			wantNot: []string{"Online reservation"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			it := delivery.Item{ID: "lead-ref-1", Kind: delivery.KindLead, Site: "demo", DealershipSlug: "demo-motors",
				CreatedAt: received, Lead: tc.lead(), Car: tc.car, Ready: true}
			e := delivery.RenderEmail(emailSite(), it, "Demo Motors")
			if e.Subject != tc.wantSubject {
				t.Errorf("subject = %q, want %q", e.Subject, tc.wantSubject)
			}
			page := htmlText(e.HTML)
			for _, f := range tc.want {
				if line := f[0] + ": " + f[1]; !strings.Contains(e.Text, line) {
					t.Errorf("text lacks %q:\n%s", line, e.Text)
				}
				if cell := f[0] + " " + f[1]; !strings.Contains(page, cell) {
					t.Errorf("HTML lacks %q:\n%s", cell, page)
				}
			}
			for _, s := range tc.wantNot {
				if strings.Contains(e.Subject+e.Text+e.HTML, s) {
					t.Errorf("the e-mail says %q", s)
				}
			}
			if tc.lead().Phone != "" && !strings.Contains(e.HTML, `href="tel:0400000000"`) {
				t.Errorf("HTML has no tap-to-call link:\n%s", e.HTML)
			}
			if tc.car != nil && !strings.Contains(e.HTML, `href="https://www.demo-motors.com.au/cars/2021-toyota-corolla-stk-4242"`) {
				t.Errorf("HTML has no link to the car's page:\n%s", e.HTML)
			}
		})
	}
}

func join(groups ...[][2]string) [][2]string {
	var out [][2]string
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

// Every lead type the intake accepts has its own name in the subject
// (issue 32 item 4: a test drive was titled "General Enquiry"); only an
// enquiry is a general enquiry.
func TestTypeLabelNamesEveryLeadType(t *testing.T) {
	seen := map[string]shared.LeadType{}
	for _, typ := range shared.LeadTypes() {
		got := delivery.TypeLabel(shared.Lead{Type: typ})
		general := typ == "" || typ == shared.LeadEnquiry
		if general != (got == "General enquiry") {
			t.Errorf("type %q is labelled %q", typ, got)
		}
		if prev, dup := seen[got]; dup && !(general && (prev == "" || prev == shared.LeadEnquiry)) {
			t.Errorf("types %q and %q are both labelled %q", prev, typ, got)
		}
		seen[got] = typ
	}
	// A paid reservation is an enquiry lead marked by functions/reserve.
	if reserve.SubcategoryReservationPaid != shared.SubcategoryReservationPaid {
		t.Errorf("reserve marks reservations %q, the e-mail looks for %q", reserve.SubcategoryReservationPaid, shared.SubcategoryReservationPaid)
	}
}

// Issue 32 item 4: what a shopper typed is escaped in the HTML part
// (html/template), and a line break in a name cannot reach the Subject
// header.
func TestLeadEmailEscapesTheShopper(t *testing.T) {
	l := contact(shared.LeadEnquiry)
	l.FirstName = "<script>alert(1)</script>\r\nBcc: x@evil.test"
	l.Message = `<img src=x onerror=alert(1)> & "quoted"`
	l.Email = `ada"><b>@example.test`
	e := delivery.RenderEmail(emailSite(), delivery.Item{ID: "x", Lead: l, Car: emailCar(), DealershipSlug: "demo-motors"}, "Demo <Motors>")
	for _, bad := range []string{"<script>", "<img", "<b>", "<Motors>"} {
		if strings.Contains(e.HTML, bad) {
			t.Errorf("HTML carries %q unescaped:\n%s", bad, e.HTML)
		}
	}
	for _, good := range []string{"&lt;script&gt;", "&lt;img src=x onerror=alert(1)&gt; &amp; &#34;quoted&#34;"} {
		if !strings.Contains(e.HTML, good) {
			t.Errorf("HTML lacks %q:\n%s", good, e.HTML)
		}
	}
	if !strings.Contains(e.Text, l.Message) {
		t.Errorf("the text part should carry the message as typed:\n%s", e.Text)
	}
	if strings.ContainsAny(e.Subject, "\r\n") {
		t.Errorf("subject %q has a line break", e.Subject)
	}
}

package adf

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"forecourt/shared"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden.xml")

var (
	received = time.Date(2026, 11, 23, 9, 30, 0, 0, time.FixedZone("AEDT", 11*3600))
	dealer   = Vendor{Name: "Harbour City Motors", URL: "https://harbourcity.example", Email: "leads@harbourcity.example", Phone: "02 9000 0000"}
	usedCar  = shared.Car{
		ID: "car-1", Year: 2021, Make: "Toyota", Model: "Corolla", Badge: "Ascent Sport",
		CarType: shared.CarTypeUsed, Status: shared.StatusInStock, Price: 24990, StockNum: "HC1234",
		VIN: "JTDBR32E720012345", KM: 41250, Colour: "Glacier White", DealershipSlug: "harbour-city",
	}
	contactFields = shared.Lead{
		FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.com", Phone: "0400 000 000",
		Postcode: "2000", OptIn: true, PreferredContactMethod: "Email",
	}
)

func withContact(l shared.Lead) shared.Lead {
	l.FirstName, l.LastName, l.Email, l.Phone = contactFields.FirstName, contactFields.LastName, contactFields.Email, contactFields.Phone
	l.Postcode, l.OptIn, l.PreferredContactMethod = contactFields.Postcode, contactFields.OptIn, contactFields.PreferredContactMethod
	return l
}

// wantVehicle is what a test expects of one <vehicle>.
type wantVehicle struct {
	interest, status, year, make, model, stock, vin, price, comments string
}

// TestFromLeadMarshal (issue 9 "Storage and delivery": an ADF 1.0 XML lead
// naming prospect, vehicle with year/make/model/stock/vin/price, customer
// contact, vendor and provider; "Tests": validated against the ADF 1.0 DTD
// kept in testdata, well-formed, required elements present).
func TestFromLeadMarshal(t *testing.T) {
	tests := []struct {
		name     string
		lead     shared.Lead
		car      *shared.Car
		golden   string
		vehicles []wantVehicle
		comments []string // lines the customer comments carry
	}{
		{
			name:   "enquiry about a car",
			lead:   withContact(shared.Lead{Type: shared.LeadEnquiry, Category: "General Enquiry", Message: "Is it still available?", AdditionalServices: []string{"Finance", "Extended warranty"}}),
			car:    &usedCar,
			golden: "enquiry.golden.xml",
			vehicles: []wantVehicle{{interest: "buy", status: "used", year: "2021", make: "Toyota", model: "Corolla",
				stock: "HC1234", vin: "JTDBR32E720012345", price: "24990"}},
			comments: []string{"Is it still available?", "Enquiry type: General Enquiry", "Preferred contact method: Email", "Additional services: Finance, Extended warranty", "Marketing opt-in: Yes"},
		},
		{
			name: "general enquiry without a car",
			// Issue 33: the page the form was on (page_id) reaches the dealer.
			lead:     withContact(shared.Lead{Type: shared.LeadCareers, Category: "General Enquiry", Subcategory: "Career Enquiry", Message: "Are you hiring?", PageID: "/contact"}),
			vehicles: []wantVehicle{{interest: "buy"}},
			comments: []string{"Are you hiring?", "Enquiry type: General Enquiry - Career Enquiry", "Form page: /contact"},
		},
		{
			name: "test drive of a demo car",
			lead: withContact(shared.Lead{Type: shared.LeadTestDrive, Category: "Test Drive", Appointment: "2026-11-28T10:00:00+11:00"}),
			car: func() *shared.Car {
				c := usedCar
				c.CarType, c.StockNum = shared.CarTypeDemo, "D77"
				return &c
			}(),
			vehicles: []wantVehicle{{interest: "test-drive", status: "used", year: "2021", make: "Toyota", model: "Corolla", stock: "D77", vin: "JTDBR32E720012345", price: "24990", comments: "Demo vehicle"}},
		},
		{
			name: "enquiry with a trade-in",
			lead: withContact(shared.Lead{Type: shared.LeadEnquiry, Category: "General Enquiry", Message: "What would you give me for my car?",
				HasTradeIn: "Yes", Rego: "ABC123", RegoState: "NSW", UnderFinance: "No"}),
			car: &usedCar,
			vehicles: []wantVehicle{
				{interest: "buy", status: "used", year: "2021", make: "Toyota", model: "Corolla", stock: "HC1234", vin: "JTDBR32E720012345", price: "24990"},
				{interest: "trade-in", status: "used", comments: "Rego: ABC123 NSW\nUnder finance: No"},
			},
		},
		{
			name:     "trade-in without a car of interest",
			lead:     withContact(shared.Lead{Type: shared.LeadTradeIn, Category: "Trade-in", VehicleMake: "Mazda", VehicleModel: "CX-5", Rego: "XYZ987", RegoState: "VIC", Source: "Website", URL: "https://harbourcity.example/sell-my-car"}),
			vehicles: []wantVehicle{{interest: "trade-in", status: "used", make: "Mazda", model: "CX-5", comments: "Rego: XYZ987 VIC"}},
			comments: []string{"Enquiry type: Trade-in", "Page: https://harbourcity.example/sell-my-car"},
		},
		{
			// spec 001 §3 "Trade-in lead": source, user_agent and lead_attributes reach the dealer.
			name: "trade-in lead's source, user agent, visited pages and linked query parameters",
			lead: withContact(shared.Lead{Type: shared.LeadTradeIn, Category: "Trade-In", VehicleMake: "Kia", VehicleModel: "Rio",
				Source: "Website", UserAgent: "Mozilla/5.0 (Test)", URL: "https://harbourcity.example/trade-in?utm_source=mail",
				LeadAttributes: &shared.LeadAttributes{VisitedPages: []string{"/cars/kia-rio", "/trade-in"}, LinkedQueryParams: map[string]string{"utm_source": "mail", "car_id": "c9"}}}),
			vehicles: []wantVehicle{{interest: "trade-in", status: "used", make: "Kia", model: "Rio"}},
			comments: []string{"Source: Website", "User agent: Mozilla/5.0 (Test)", "Visited pages: /cars/kia-rio, /trade-in",
				"Linked query parameters: car_id=c9, utm_source=mail"},
		},
		{
			// spec 001 §9, issue 17: the finance enquiry's vehicle type, state and calculator figures.
			name: "finance enquiry with the calculator's figures",
			lead: withContact(shared.Lead{Type: shared.LeadFinance, Category: "Finance Enquiry", VehicleType: "Car", State: "qld",
				Calculator: &shared.CalculatorFigures{CalculatorInput: shared.CalculatorInput{Price: 30000, Deposit: 5000, TermYears: 5, InterestRate: 10}, Weekly: 122, Fortnightly: 244, Monthly: 531}}),
			vehicles: []wantVehicle{{interest: "buy"}},
			comments: []string{"Vehicle type: Car", "State: QLD",
				"Finance calculator: price $30000, deposit $5000, 5 years at 10% p.a.: $122 weekly, $244 fortnightly, $531 monthly"},
		},
		{
			name:     "enquiry naming a distribution location",
			lead:     withContact(shared.Lead{Type: shared.LeadEnquiry, Category: "General Enquiry", Message: "Hi", DistributionLocation: "Gold Coast"}),
			vehicles: []wantVehicle{{interest: "buy"}},
			comments: []string{"Distribution location: Gold Coast"},
		},
		{
			name: "trade-in of a looked-up vehicle with its condition answers, against a car",
			lead: withContact(shared.Lead{Type: shared.LeadTradeIn, Category: "Trade-In", Rego: "ABC123", RegoState: "QLD", UnderFinance: "No",
				TradeInVehicle:    &shared.TradeInVehicle{Year: 2018, Make: "Mazda", Model: "CX-5", Badge: "Maxx", VIN: "JM0KF4W1A00000001", KM: 85000, Body: "SUV"},
				AdjustmentAnswers: map[string]string{"service_history": "Full", "condition": "Good"}}),
			car: &usedCar,
			vehicles: []wantVehicle{
				{interest: "buy", status: "used", year: "2021", make: "Toyota", model: "Corolla", stock: "HC1234", vin: "JTDBR32E720012345", price: "24990"},
				{interest: "trade-in", status: "used", year: "2018", make: "Mazda", model: "CX-5", vin: "JM0KF4W1A00000001",
					comments: "Body: SUV\nRego: ABC123 QLD\nUnder finance: No\nCondition: Good\nService history: Full"},
			},
		},
	}
	d := loadDTD(t, "testdata/adf-1.0.dtd")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Marshal(FromLead("lead-42", received, tt.lead, tt.car, dealer))
			if err != nil {
				t.Fatal(err)
			}
			root := checkADF(t, d, out)
			p := root.child("prospect")

			if got := p.child("id"); got == nil || got.text != "lead-42" || got.attrs["source"] != "Forecourt" || got.attrs["sequence"] != "1" {
				t.Errorf("id: got %+v, want lead-42 sequence 1 source Forecourt", got)
			}
			if got := p.child("requestdate").text; got != "2026-11-23T09:30:00+11:00" {
				t.Errorf("requestdate: got %q, want 2026-11-23T09:30:00+11:00", got)
			}
			vs := p.all("vehicle")
			if len(vs) != len(tt.vehicles) {
				t.Fatalf("got %d vehicles, want %d:\n%s", len(vs), len(tt.vehicles), out)
			}
			for i, w := range tt.vehicles {
				v := vs[i]
				got := wantVehicle{
					interest: v.attrs["interest"], status: v.attrs["status"], year: text(v, "year"), make: text(v, "make"),
					model: text(v, "model"), stock: text(v, "stock"), vin: text(v, "vin"), comments: text(v, "comments"),
				}
				if pr := v.child("price"); pr != nil {
					got.price = pr.text
					if pr.attrs["type"] != "asking" || pr.attrs["currency"] != "AUD" {
						t.Errorf("vehicle %d price attributes %v, want asking AUD", i, pr.attrs)
					}
				}
				if got != w {
					t.Errorf("vehicle %d: got %+v, want %+v", i, got, w)
				}
			}
			comments := text(p.child("customer"), "comments")
			for _, line := range tt.comments {
				if !strings.Contains("\n"+comments+"\n", "\n"+line+"\n") {
					t.Errorf("customer comments lack line %q:\n%s", line, comments)
				}
			}
			if tt.golden != "" {
				golden(t, filepath.Join("testdata", tt.golden), out)
			}
		})
	}
}

// TestContactDetails: names, preferred contact, postcode and a test drive's
// appointment land in their ADF elements.
func TestContactDetails(t *testing.T) {
	l := withContact(shared.Lead{Type: shared.LeadTestDrive, Appointment: "2026-11-28T10:00:00+11:00"})
	l.PreferredContactMethod = "SMS"
	out, err := Marshal(FromLead("lead-7", received, l, &usedCar, dealer))
	if err != nil {
		t.Fatal(err)
	}
	root := checkADF(t, loadDTD(t, "testdata/adf-1.0.dtd"), out)
	c := root.child("prospect").child("customer").child("contact")
	names := c.all("name")
	if len(names) != 2 || names[0].attrs["part"] != "first" || names[0].text != "Ada" || names[1].attrs["part"] != "last" || names[1].text != "Lovelace" {
		t.Errorf("names: got %+v %+v, want first Ada, last Lovelace", names[0], names[len(names)-1])
	}
	if ph := c.child("phone"); ph == nil || ph.text != "0400 000 000" || ph.attrs["preferredcontact"] != "1" {
		t.Errorf("phone: got %+v, want 0400 000 000 preferred", ph)
	}
	if em := c.child("email"); em == nil || em.attrs["preferredcontact"] != "" {
		t.Errorf("email: got %+v, want not preferred", em)
	}
	if got := text(c.child("address"), "postalcode"); got != "2000" {
		t.Errorf("postalcode: got %q, want 2000", got)
	}
	tf := root.child("prospect").child("customer").child("timeframe")
	if got := text(tf, "earliestdate"); got != "2026-11-28T10:00:00+11:00" {
		t.Errorf("timeframe earliestdate: got %q, want 2026-11-28T10:00:00+11:00", got)
	}
	v := root.child("prospect").child("vendor")
	if text(v, "vendorname") != dealer.Name || text(v.child("contact"), "email") != dealer.Email {
		t.Errorf("vendor: got %q %q, want %q %q", text(v, "vendorname"), text(v.child("contact"), "email"), dealer.Name, dealer.Email)
	}
}

// TestHostileInput: markup, entities, quotes and control characters in any
// field are escaped or stripped; the output stays well-formed and valid, and
// each field reads back as the text given, control characters removed.
func TestHostileInput(t *testing.T) {
	hostile := func(s string) string {
		return s + ` </name><script>alert("x")</script> & &amp; 'q' "dq" ]]> <!-- ` + "\x00\x01\x08\x0b\x0c\x1b\x7f\u0085\ufffe\xff" + `?>`
	}
	strip := func(s string) string {
		return s + ` </name><script>alert("x")</script> & &amp; 'q' "dq" ]]> <!-- ?>`
	}
	l := Lead{
		ID:          hostile("id"),
		RequestDate: received,
		Vehicles: []Vehicle{{Interest: `buy" evil="1`, Status: "<new>", Year: 2020, Make: hostile("make"), Model: hostile("model"), VIN: hostile("vin"),
			Stock: hostile("stock"), Trim: hostile("trim"), Colour: hostile("colour"), Comments: hostile("comments")}},
		Customer: Customer{FirstName: hostile("first"), LastName: hostile("last"), Email: hostile("email"), Phone: hostile("phone"),
			Postcode: hostile("postcode"), Comments: hostile("line1\r\nline2")},
		Vendor:   Vendor{Name: hostile("vendor"), URL: hostile("url"), Email: hostile("vemail")},
		Provider: Provider{URL: hostile("purl")},
	}
	out, err := Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range out {
		if b < 0x20 && b != '\n' && b != '\t' {
			t.Fatalf("output carries control byte %#x:\n%q", b, out)
		}
	}
	root := checkADF(t, loadDTD(t, "testdata/adf-1.0.dtd"), out)
	p := root.child("prospect")
	v := p.child("vehicle")
	c := p.child("customer")
	if got := v.attrs["interest"]; got != "buy" {
		t.Errorf("interest: got %q, want buy (not an ADF value: default)", got)
	}
	if _, ok := v.attrs["status"]; ok {
		t.Errorf("status: got %q, want none (not an ADF value)", v.attrs["status"])
	}
	names := c.child("contact").all("name")
	checks := []struct{ field, got, want string }{
		{"id", p.child("id").text, strip("id")},
		{"make", text(v, "make"), strip("make")},
		{"model", text(v, "model"), strip("model")},
		{"vin", text(v, "vin"), strip("vin")},
		{"stock", text(v, "stock"), strip("stock")},
		{"trim", text(v, "trim"), strip("trim")},
		{"colour", text(v.child("colorcombination"), "exteriorcolor"), strip("colour")},
		{"vehicle comments", text(v, "comments"), strip("comments")},
		{"first name", names[0].text, strip("first")},
		{"last name", names[1].text, strip("last")},
		{"email", text(c.child("contact"), "email"), strip("email")},
		{"phone", text(c.child("contact"), "phone"), strip("phone")},
		{"postcode", text(c.child("contact").child("address"), "postalcode"), strip("postcode")},
		{"customer comments", text(c, "comments"), strip("line1\nline2")},
		{"vendor", text(p.child("vendor"), "vendorname"), strip("vendor")},
		{"vendor url", text(p.child("vendor"), "url"), strip("url")},
		{"vendor email", text(p.child("vendor").child("contact"), "email"), strip("vemail")},
		{"provider url", text(p.child("provider"), "url"), strip("purl")},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %q, want %q", c.field, c.got, c.want)
		}
	}
}

// checkADF parses out (well-formed, one root), checks the ADF processing
// instruction, validates against the DTD and checks the rules the ADF
// specification states in prose, returning the root.
func checkADF(t *testing.T, d dtd, out []byte) *node {
	t.Helper()
	root, pis, err := parseXML(out)
	if err != nil {
		t.Fatalf("not well-formed: %v\n%s", err, out)
	}
	if len(pis) != 2 || pis[0].Target != "xml" || pis[1].Target != "adf" || string(pis[1].Inst) != `version="1.0"` {
		t.Errorf("processing instructions %+v, want <?xml ...?> then <?adf version=\"1.0\"?>", pis)
	}
	if root.name != "adf" {
		t.Fatalf("root <%s>, want <adf>", root.name)
	}
	if errs := d.validate(root, ""); len(errs) > 0 {
		t.Fatalf("invalid against testdata/adf-1.0.dtd:\n%s\n%s", strings.Join(errs, "\n"), out)
	}
	for _, p := range root.all("prospect") {
		if _, err := time.Parse(time.RFC3339, p.child("requestdate").text); err != nil {
			t.Errorf("requestdate %q is not ISO 8601: %v", p.child("requestdate").text, err)
		}
		contact := p.child("customer").child("contact")
		if contact.child("email") == nil && contact.child("phone") == nil {
			t.Errorf("customer contact has neither email nor phone:\n%s", out)
		}
		if strings.TrimSpace(text(p.child("vendor"), "vendorname")) == "" {
			t.Errorf("vendorname empty:\n%s", out)
		}
	}
	return root
}

// text returns the text of n's first child named name ("" when absent).
func text(n *node, name string) string {
	if n == nil {
		return ""
	}
	if c := n.child(name); c != nil {
		return c.text
	}
	return ""
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -update rewrites it):\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

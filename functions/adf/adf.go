// Package adf writes a lead as ADF 1.0 XML, the auto industry's lead format
// (Auto-lead Data Format), which dealer CRMs read from the lead e-mail
// (DESIGN.md decision 8, issue 9). Elements follow the order and occurrence
// of the ADF 1.0 DTD (testdata/adf-1.0.dtd); optional elements are left out
// when empty; the DTD's required ones (year, make, model of a vehicle) are
// written even when empty.
package adf

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// ProviderName is the lead's provider: this platform.
const ProviderName = "Forecourt"

// Vehicle interests of ADF 1.0 used here.
const (
	InterestBuy       = "buy"
	InterestTestDrive = "test-drive"
	InterestTradeIn   = "trade-in"
)

// Vehicle statuses of ADF 1.0.
const (
	StatusNew  = "new"
	StatusUsed = "used"
)

// Lead is one ADF prospect.
type Lead struct {
	ID          string    // the lead id: <id sequence="1" source="Forecourt">
	RequestDate time.Time // when the lead was received
	// Vehicles are the cars the lead is about, the car of interest first
	// and a trade-in (Interest "trade-in") after it. ADF requires at least
	// one: a lead without any gets an empty one (a general enquiry).
	Vehicles []Vehicle
	Customer Customer
	Vendor   Vendor
	Provider Provider // Name defaults to ProviderName
}

// Vehicle is an ADF vehicle.
type Vehicle struct {
	Interest string // InterestBuy (default), InterestTestDrive, InterestTradeIn
	Status   string // StatusNew, StatusUsed or "" (not stated)
	Year     int    // 0: unknown
	Make     string
	Model    string
	VIN      string
	Stock    string
	Trim     string // the badge
	Odometer int    // km; 0: not stated
	Colour   string // exterior
	Price    float64
	Comments string
}

// Customer is the shopper.
type Customer struct {
	FirstName string
	LastName  string
	Email     string
	Phone     string
	Postcode  string
	// PreferredContact is the lead's preferred contact method: "Email"
	// marks the email, "Phone" or "SMS" the phone, as preferred.
	PreferredContact string
	// Appointment is the requested test-drive time; zero when none.
	Appointment time.Time
	Comments    string
}

// Vendor is the dealership receiving the lead.
type Vendor struct {
	Name  string
	URL   string
	Email string
	Phone string
}

// Provider is the system that sent the lead.
type Provider struct {
	Name  string
	URL   string
	Email string
}

// Marshal returns l as an ADF 1.0 document: the XML declaration, the
// <?adf version="1.0"?> instruction and one <adf> with one prospect. Text is
// escaped by encoding/xml; characters XML cannot carry (control characters,
// invalid UTF-8) are dropped first.
func Marshal(l Lead) ([]byte, error) {
	var buf bytes.Buffer
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	for _, tok := range []xml.Token{
		xml.ProcInst{Target: "xml", Inst: []byte(`version="1.0" encoding="UTF-8"`)},
		xml.CharData("\n"),
		xml.ProcInst{Target: "adf", Inst: []byte(`version="1.0"`)},
		xml.CharData("\n"),
	} {
		if err := enc.EncodeToken(tok); err != nil {
			return nil, fmt.Errorf("adf: %w", err)
		}
	}
	if err := enc.Encode(document{Prospect: newProspect(l)}); err != nil {
		return nil, fmt.Errorf("adf: encode lead: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("adf: %w", err)
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

// The XML form, in the DTD's element order.
type (
	document struct {
		XMLName  xml.Name `xml:"adf"`
		Prospect prospect `xml:"prospect"`
	}
	prospect struct {
		Status      string      `xml:"status,attr"`
		ID          *idElem     `xml:"id"`
		RequestDate string      `xml:"requestdate"`
		Vehicles    []vehicle   `xml:"vehicle"`
		Customer    customer    `xml:"customer"`
		Vendor      vendor      `xml:"vendor"`
		Provider    providerXML `xml:"provider"`
	}
	idElem struct {
		Sequence string `xml:"sequence,attr"`
		Source   string `xml:"source,attr"`
		Value    string `xml:",chardata"`
	}
	vehicle struct {
		Interest string            `xml:"interest,attr"`
		Status   string            `xml:"status,attr,omitempty"`
		Year     string            `xml:"year"`
		Make     string            `xml:"make"`
		Model    string            `xml:"model"`
		VIN      string            `xml:"vin,omitempty"`
		Stock    string            `xml:"stock,omitempty"`
		Trim     string            `xml:"trim,omitempty"`
		Odometer *odometer         `xml:"odometer"`
		Colour   *colorCombination `xml:"colorcombination"`
		Price    *price            `xml:"price"`
		Comments string            `xml:"comments,omitempty"`
	}
	odometer struct {
		Units string `xml:"units,attr"`
		Value string `xml:",chardata"`
	}
	colorCombination struct {
		Exterior string `xml:"exteriorcolor"`
	}
	price struct {
		Type     string `xml:"type,attr"`
		Currency string `xml:"currency,attr"`
		Value    string `xml:",chardata"`
	}
	customer struct {
		Contact   contact    `xml:"contact"`
		Timeframe *timeframe `xml:"timeframe"`
		Comments  string     `xml:"comments,omitempty"`
	}
	contact struct {
		Names   []name   `xml:"name"`
		Email   *email   `xml:"email"`
		Phone   *phone   `xml:"phone"`
		Address *address `xml:"address"`
	}
	name struct {
		Part  string `xml:"part,attr"`
		Value string `xml:",chardata"`
	}
	email struct {
		Preferred string `xml:"preferredcontact,attr,omitempty"`
		Value     string `xml:",chardata"`
	}
	phone struct {
		Type      string `xml:"type,attr"`
		Preferred string `xml:"preferredcontact,attr,omitempty"`
		Value     string `xml:",chardata"`
	}
	// address carries the postcode only; ADF requires a street line, which
	// the forms do not ask for, so it is written empty.
	address struct {
		Street     street `xml:"street"`
		PostalCode string `xml:"postalcode"`
	}
	street struct {
		Line  string `xml:"line,attr"`
		Value string `xml:",chardata"`
	}
	timeframe struct {
		Description  string `xml:"description"`
		EarliestDate string `xml:"earliestdate"`
	}
	vendor struct {
		VendorName string  `xml:"vendorname"`
		URL        string  `xml:"url,omitempty"`
		Contact    contact `xml:"contact"`
	}
	providerXML struct {
		Name  name   `xml:"name"`
		URL   string `xml:"url,omitempty"`
		Email string `xml:"email,omitempty"`
	}
)

func newProspect(l Lead) prospect {
	p := prospect{
		Status:      "new",
		RequestDate: l.RequestDate.Format(time.RFC3339),
		Customer:    newCustomer(l.Customer),
		Vendor:      newVendor(l.Vendor),
		Provider:    newProvider(l.Provider),
	}
	if id := clean(l.ID); id != "" {
		p.ID = &idElem{Sequence: "1", Source: ProviderName, Value: id}
	}
	for _, v := range l.Vehicles {
		p.Vehicles = append(p.Vehicles, newVehicle(v))
	}
	if len(p.Vehicles) == 0 {
		p.Vehicles = []vehicle{newVehicle(Vehicle{})}
	}
	return p
}

func newVehicle(v Vehicle) vehicle {
	x := vehicle{
		Interest: oneOf(v.Interest, InterestBuy, InterestBuy, InterestTestDrive, InterestTradeIn),
		Status:   oneOf(v.Status, "", StatusNew, StatusUsed),
		Make:     clean(v.Make),
		Model:    clean(v.Model),
		VIN:      clean(v.VIN),
		Stock:    clean(v.Stock),
		Trim:     clean(v.Trim),
		Comments: clean(v.Comments),
	}
	if v.Year > 0 {
		x.Year = strconv.Itoa(v.Year)
	}
	if v.Odometer > 0 {
		x.Odometer = &odometer{Units: "km", Value: strconv.Itoa(v.Odometer)}
	}
	if c := clean(v.Colour); c != "" {
		x.Colour = &colorCombination{Exterior: c}
	}
	if v.Price > 0 {
		x.Price = &price{Type: "asking", Currency: "AUD", Value: money(v.Price)}
	}
	return x
}

func newCustomer(c Customer) customer {
	x := customer{Contact: contact{Names: names(c.FirstName, c.LastName)}, Comments: clean(c.Comments)}
	preferred := strings.ToLower(strings.TrimSpace(c.PreferredContact))
	if e := clean(c.Email); e != "" {
		x.Contact.Email = &email{Value: e}
		if preferred == "email" {
			x.Contact.Email.Preferred = "1"
		}
	}
	if p := clean(c.Phone); p != "" {
		x.Contact.Phone = &phone{Type: "voice", Value: p}
		if preferred == "phone" || preferred == "sms" {
			x.Contact.Phone.Preferred = "1"
		}
	}
	if pc := clean(c.Postcode); pc != "" {
		x.Contact.Address = &address{Street: street{Line: "1"}, PostalCode: pc}
	}
	if !c.Appointment.IsZero() {
		x.Timeframe = &timeframe{Description: "Test drive appointment", EarliestDate: c.Appointment.Format(time.RFC3339)}
	}
	return x
}

// names is the contact's name elements; ADF needs at least one.
func names(first, last string) []name {
	var ns []name
	if f := clean(first); f != "" {
		ns = append(ns, name{Part: "first", Value: f})
	}
	if l := clean(last); l != "" {
		ns = append(ns, name{Part: "last", Value: l})
	}
	if len(ns) == 0 {
		ns = []name{{Part: "full"}}
	}
	return ns
}

func newVendor(v Vendor) vendor {
	n := clean(v.Name)
	x := vendor{VendorName: n, URL: clean(v.URL), Contact: contact{Names: []name{{Part: "full", Value: n}}}}
	if e := clean(v.Email); e != "" {
		x.Contact.Email = &email{Value: e}
	}
	if p := clean(v.Phone); p != "" {
		x.Contact.Phone = &phone{Type: "voice", Value: p}
	}
	return x
}

func newProvider(p Provider) providerXML {
	n := clean(p.Name)
	if n == "" {
		n = ProviderName
	}
	return providerXML{Name: name{Part: "full", Value: n}, URL: clean(p.URL), Email: clean(p.Email)}
}

// oneOf returns v when it is one of allowed, else def: attribute values
// must be the DTD's enumerations.
func oneOf(v, def string, allowed ...string) string {
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	return def
}

// money writes whole dollars without decimals, cents with two.
func money(v float64) string {
	if v == float64(int64(v)) {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

// clean trims s and drops what XML 1.0 cannot carry or a CRM would
// misread: invalid UTF-8 and control characters other than tab and newline
// (a carriage return before a newline goes too, one alone becomes a newline).
func clean(s string) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\r':
			return '\n'
		case r == '\t' || r == '\n':
			return r
		case unicode.IsControl(r), r == 0xFFFE, r == 0xFFFF:
			return -1
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}

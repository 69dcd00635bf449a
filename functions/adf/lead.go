package adf

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"forecourt/shared"
)

// FromLead builds the ADF lead of a stored lead: id and received are the
// store's, l is the lead as normalised by shared.NormalizeLead, car the car
// it is about (nil when none) and vendor the dealership it goes to.
//
// The car of interest comes first (interest "test-drive" for a test drive,
// else "buy"). A trade-in lead, or one answering 'Do you have a trade-in?'
// with Yes, adds the shopper's car as a vehicle with interest "trade-in",
// carrying its rego; without a car of interest a trade-in lead's Vehicle
// Make and Model are the shopper's car's, and it is the only vehicle. Form
// fields ADF has no element for go into the customer's comments as labelled
// lines, so the dealer sees every answer. The caller may adjust the result
// (a rego lookup's year and model, say) before Marshal.
func FromLead(id string, received time.Time, l shared.Lead, car *shared.Car, vendor Vendor) Lead {
	out := Lead{ID: id, RequestDate: received, Vendor: vendor}
	hasTradeIn := l.Type == shared.LeadTradeIn || strings.EqualFold(l.HasTradeIn, "Yes")
	ownCarOnly := l.Type == shared.LeadTradeIn && car == nil

	interest := InterestBuy
	if l.Type == shared.LeadTestDrive {
		interest = InterestTestDrive
	}
	switch {
	case car != nil:
		out.Vehicles = append(out.Vehicles, vehicleOf(*car, interest))
	case !ownCarOnly:
		out.Vehicles = append(out.Vehicles, Vehicle{
			Interest: interest,
			Status:   status(l.CarType),
			Make:     l.VehicleMake,
			Model:    l.VehicleModel,
			Stock:    l.StockNumber,
		})
	}

	var notes lines
	notes.add("", l.Message)
	category := l.Category
	if l.Subcategory != "" {
		category += " - " + l.Subcategory
	}
	notes.add("Enquiry type", category)
	notes.add("Preferred contact method", l.PreferredContactMethod)
	if hasTradeIn {
		trade := Vehicle{Interest: InterestTradeIn, Status: StatusUsed}
		if ownCarOnly {
			trade.Make, trade.Model = l.VehicleMake, l.VehicleModel
		}
		var tn lines
		if v := l.TradeInVehicle; v != nil {
			trade.Year, trade.Trim, trade.VIN, trade.Odometer, trade.Colour = v.Year, v.Badge, v.VIN, v.KM, v.Colour
			if v.Make != "" {
				trade.Make, trade.Model = v.Make, v.Model
			}
			tn.add("Body", v.Body)
			tn.add("Transmission", v.Transmission)
			tn.add("Fuel", v.Fuel)
		}
		tn.add("Rego", strings.TrimSpace(l.Rego+" "+l.RegoState))
		tn.add("Under finance", l.UnderFinance)
		for _, id := range slices.Sorted(maps.Keys(l.AdjustmentAnswers)) {
			tn.add(questionLabel(id), l.AdjustmentAnswers[id])
		}
		trade.Comments = tn.String()
		out.Vehicles = append(out.Vehicles, trade)
	} else {
		notes.add("Trade-in", l.HasTradeIn)
		notes.add("Rego", l.Rego)
		notes.add("Under finance", l.UnderFinance)
	}
	notes.add("Additional services", strings.Join(l.AdditionalServices, ", "))
	notes.add("Preferred dealership", l.PreferredDealership)
	if l.VehiclePriceBudget > 0 {
		notes.add("Vehicle price budget", "$"+money(l.VehiclePriceBudget))
	}
	notes.add("Vehicle type", l.VehicleType)
	notes.add("State", strings.ToUpper(l.State))
	if c := l.Calculator; c != nil {
		notes.add("Finance calculator", calculatorLine(*c))
	}
	notes.add("Location", l.Location)
	notes.add("Distribution location", l.DistributionLocation)
	notes.add("Marketing opt-in", yesNo(l.OptIn))
	notes.add("Page", l.URL)
	notes.add("Form page", l.PageID)
	notes.add("Source", l.Source)
	notes.add("User agent", l.UserAgent)
	if a := l.LeadAttributes; a != nil {
		notes.add("Visited pages", strings.Join(a.VisitedPages, ", "))
		notes.add("Linked query parameters", queryLine(a.LinkedQueryParams))
	}

	c := Customer{
		FirstName:        l.FirstName,
		LastName:         l.LastName,
		Email:            l.Email,
		Phone:            l.Phone,
		Postcode:         l.Postcode,
		PreferredContact: l.PreferredContactMethod,
	}
	if a := strings.TrimSpace(l.Appointment); a != "" {
		if t, err := time.Parse(time.RFC3339, a); err == nil {
			c.Appointment = t
		} else {
			notes.add("Requested appointment", a)
		}
	}
	c.Comments = notes.String()
	out.Customer = c
	return out
}

// calculatorLine is the finance calculator's figures as one comment line.
func calculatorLine(c shared.CalculatorFigures) string {
	return fmt.Sprintf("price $%s, deposit $%s, %d years at %g%% p.a.: $%d weekly, $%d fortnightly, $%d monthly",
		money(c.Price), money(c.Deposit), c.TermYears, c.InterestRate, c.Weekly, c.Fortnightly, c.Monthly)
}

// queryLine writes query parameters as key=value pairs in key order.
func queryLine(q map[string]string) string {
	parts := make([]string, 0, len(q))
	for _, k := range slices.Sorted(maps.Keys(q)) {
		parts = append(parts, k+"="+q[k])
	}
	return strings.Join(parts, ", ")
}

func vehicleOf(car shared.Car, interest string) Vehicle {
	v := Vehicle{
		Interest: interest,
		Status:   status(car.CarType),
		Year:     car.Year,
		Make:     car.Make,
		Model:    car.Model,
		VIN:      car.VIN,
		Stock:    car.StockNum,
		Trim:     car.Badge,
		Odometer: car.KM,
		Colour:   car.Colour,
		Price:    car.Price,
	}
	if car.CarType == shared.CarTypeDemo {
		v.Comments = "Demo vehicle"
	}
	return v
}

// status maps a car type to ADF's two: a demo car is registered, so used.
func status(t shared.CarType) string {
	switch t {
	case shared.CarTypeNew:
		return StatusNew
	case shared.CarTypeUsed, shared.CarTypeDemo:
		return StatusUsed
	}
	return ""
}

func yesNo(b bool) string {
	if b {
		return "Yes"
	}
	return "No"
}

// lines collects "Label: value" lines, skipping empty values.
type lines []string

func (ls *lines) add(label, value string) {
	value = strings.TrimSpace(value)
	switch {
	case value == "":
	case label == "":
		*ls = append(*ls, value)
	default:
		*ls = append(*ls, fmt.Sprintf("%s: %s", label, value))
	}
}

func (ls lines) String() string { return strings.Join(ls, "\n") }

// questionLabel names a condition answer in the ADF comments: the site's
// question id ("service_history") as words ("Service history"); the
// question texts are the site's and ADF carries the answer, not the form.
func questionLabel(id string) string {
	w := strings.ReplaceAll(id, "_", " ")
	if w == "" {
		return w
	}
	return strings.ToUpper(w[:1]) + w[1:]
}

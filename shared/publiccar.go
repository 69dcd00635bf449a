package shared

// PublicCar is the car as a shopper's answer carries it (issue 15 "Private
// car fields are public"): without the private seller's suburb and postcode
// and without the valuation provider's market figures, which only decide
// the below-market badge (CarView.Market ships what the page shows). The VIN
// stays: listings and structured data use it.
func PublicCar(c Car) Car {
	c.PrivateSuburb, c.PrivatePostcode = "", ""
	c.AutograbData = nil
	return c
}

// PrivateCarAttributes are the car's JSON attributes a search index must
// never return (set unretrievable on every index): PublicCar's private
// seller fields.
var PrivateCarAttributes = []string{"private_suburb", "private_postcode"}

package shared

// AutograbMinPrice: a car needs a price above this for a valuation (spec 001 §9).
const AutograbMinPrice = 200

// AutograbEligible reports whether the valuation provider's market data is
// used for the car (spec 001 §4 "Autograb eligibility"): the site has the
// feature on, the car is in stock, not sold, not reserved, and priced above 200.
func AutograbEligible(c Car, s Site) bool {
	return s.Features.Autograb && c.Status == StatusInStock && !c.Sold && !c.Reserved && c.Price > AutograbMinPrice
}

package shared

import "time"

// CarView is what the car page shows of a car on one site that the server
// can compute (DESIGN.md decision 9): GET /api/cars/{slug} ships it beside
// the car and the web renders it, keeping no copy of these rules. It depends
// on the site and on the time of the request, so it is computed per answer,
// never stored.
type CarView struct {
	// Price is the price block (spec 001 §5 "Price display").
	Price PriceDisplay `json:"price"`
	// Tag is the tag banner (spec 000 §4); Kind is TagSold for a car that
	// is not available.
	Tag CardTag `json:"tag"`
	// Available is Car.Available: false shows the sold notice and hides the
	// save button (spec 001 §4).
	Available bool `json:"available"`
	// Comments are the dealer comments split and cut for the page (spec 000 §2).
	Comments DealerComments `json:"comments"`
	// Phone is the number to call about the car (spec 001 §8's fallback
	// order), "" when the site has none.
	Phone string `json:"phone"`
	// Finance is the provider's estimate when the finance block shows (spec
	// 001 §5 "Finance estimate eligibility"), nil when it does not.
	Finance *FinanceEstimate `json:"finance,omitempty"`
}

// FinanceEstimate is the site's finance provider and its lender data for the car.
type FinanceEstimate struct {
	Provider string        `json:"provider"`
	Lender   FinanceLender `json:"lender"`
}

// ViewCar computes the car page's view of c on site s at time now.
func ViewCar(c Car, s Site, now time.Time) CarView {
	v := CarView{
		Price:     DisplayPrice(c, s),
		Tag:       TagFor(c, s, now),
		Available: c.Available(),
		Comments:  SplitDealerComments(c.DealerComments),
		Phone:     CarPhone(c, s),
	}
	// The page renders lists, so an absent comment is an empty list, not null.
	if v.Comments.Segments == nil {
		v.Comments.Segments, v.Comments.Short = []string{}, []string{}
	}
	if FinanceEligible(c, s, now) {
		l, _ := c.Lender(s.Finance.Provider)
		v.Finance = &FinanceEstimate{Provider: s.Finance.Provider, Lender: l}
	}
	return v
}

package shared

import "time"

// Shopper is a signed-in user as a verified token of the shopper user pool
// says (DESIGN.md decision 11). Nothing a request body says about a user is
// ever read in its place.
type Shopper struct {
	// Sub is the user's immutable id in the pool.
	Sub string
	// Username is the sign-in name (the phone number).
	Username string
	// PhoneNumber is the phone_number claim when the token also says
	// phone_number_verified is true; else empty (issue 31).
	PhoneNumber string
	// ClientID is the site's app client the token was issued to.
	ClientID string
}

// Watchlist names one shopper's list on one site (spec 000 §3 "Watchlist
// entry", §6): the same shopper has a separate list on each dealer's site.
type Watchlist struct {
	Site    string
	Shopper string // Shopper.Sub
}

// SavedCar is one car on a watchlist: which car, whose stock it is (the
// cars table's key), and when it was saved.
type SavedCar struct {
	CarID          string    `json:"car_id"`
	DealershipSlug string    `json:"dealership_slug"`
	SavedAt        time.Time `json:"saved_at"`
}

// CarKey names a stored car: the cars table's key (dealership, car id).
type CarKey struct {
	DealershipSlug string
	ID             string
}

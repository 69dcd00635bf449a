package shared

import "regexp"

// DefaultFavouritesPath is where a visitor's local favourites are listed
// unless the site names another page (features.favourites_path).
const DefaultFavouritesPath = "/favourites"

// DefaultWatchlistPath is where a signed-in shopper's watchlist is listed
// unless the site names another page (features.watchlist_path).
const DefaultWatchlistPath = "/watchlist"

// favouritesPathPattern is a path of the site's own: no query, no host.
var favouritesPathPattern = regexp.MustCompile(`^(/[a-z0-9-]+)+$`)

// FavouriteEntry is a car saved locally by a visitor (spec 001 §3 "Favourite entry").
type FavouriteEntry struct {
	ID              string `json:"id"`
	Name            string `json:"name"`
	Slug            string `json:"slug"`
	Make            string `json:"make"`
	Model           string `json:"model"`
	PrimaryImageURL string `json:"primary_image_url,omitempty"`
}

// WatchlistEntry is a car on a signed-in user's server watchlist (spec 000 §3, §7).
type WatchlistEntry struct {
	PhoneNumber string `json:"phone_number"`
	CarID       string `json:"car_id"`
}

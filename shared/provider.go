package shared

import "slices"

// Provider is a stock provider as its key identifies it.
type Provider struct {
	Name string
	// Dealerships are the dealership slugs the key may feed.
	Dealerships []string
	// Columns maps the provider's CSV column names to feed field names, for
	// exports whose headers the usual DMS names do not cover.
	Columns map[string]string
	// PhotoHosts is the allow-list of hosts whose feed photos are mirrored
	// ("cdn.dms.example", or ".dms.example" for its subdomains); empty
	// mirrors nothing (issue 14).
	PhotoHosts []string
}

// MayFeed reports whether the provider's key is scoped to the dealership.
func (p Provider) MayFeed(dealershipSlug string) bool {
	return slices.Contains(p.Dealerships, dealershipSlug)
}

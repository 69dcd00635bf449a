package shared

import "slices"

// DealerType is the kind of dealer a site is. It picks the wording of the
// shared content pages (warranty, service, roadside assistance): a
// franchise sells new cars for a maker and services them to its logbook;
// an independent yard sells used cars under the statutory warranty.
type DealerType string

const (
	DealerFranchise   DealerType = "franchise"
	DealerIndependent DealerType = "independent"
)

// DealerTypes lists every dealer type.
var DealerTypes = []DealerType{DealerFranchise, DealerIndependent}

// DefaultDealerType is the dealer type of a site that names none: a
// franchise when it has a manufacturer or sells new or demo cars, else an
// independent (a used-only yard).
func DefaultDealerType(s Site) DealerType {
	types := s.soldTypes()
	if s.Manufacturer != nil || slices.Contains(types, CarTypeNew) || slices.Contains(types, CarTypeDemo) {
		return DealerFranchise
	}
	return DealerIndependent
}

// soldTypes are the car types the site sells in menu order (new, used,
// demo); every type when stock.car_types is unset.
func (s Site) soldTypes() []CarType {
	all := []CarType{CarTypeNew, CarTypeUsed, CarTypeDemo}
	if len(s.Stock.CarTypes) == 0 {
		return all
	}
	var out []CarType
	for _, t := range all {
		if slices.Contains(s.Stock.CarTypes, t) {
			out = append(out, t)
		}
	}
	return out
}

// StockWords names the stock the site sells in a sentence: "new, used and
// demo cars", "used cars", "new and demo cars" (titles and descriptions).
func (s Site) StockWords() string {
	types := s.soldTypes()
	words := ""
	for i, t := range types {
		switch {
		case i == 0:
		case i == len(types)-1:
			words += " and "
		default:
			words += ", "
		}
		words += string(t)
	}
	return words + " cars"
}

// StockListingPath is the listing of all of a site's stock for the car
// types it sells, the web's car-type preset path where there is one
// (web lib/listingUrl.ts TYPE_PATHS): "/search/used-cars" for a used-only
// site, else ListingPath.
func StockListingPath(types []CarType) string {
	has := func(t CarType) bool { return slices.Contains(types, t) }
	switch {
	case len(types) == 0 || has(CarTypeUsed) && len(types) > 1:
		return ListingPath
	case !has(CarTypeUsed) && has(CarTypeNew) && has(CarTypeDemo):
		return "/search/new-and-demo-cars"
	case len(types) == 1:
		return "/search/" + string(types[0]) + "-cars"
	}
	return ListingPath
}

// StockListing is the site's listing of all its stock ("Browse all cars"):
// stock.listing_path, else StockListingPath of what it sells.
func (s Site) StockListing() string {
	if s.Stock.ListingPath != "" {
		return s.Stock.ListingPath
	}
	return StockListingPath(s.Stock.CarTypes)
}

package shared

import "time"

// NoExpiry is searchable_until for a car that is not sold: far enough that
// a numeric filter searchable_until > now always keeps it.
const NoExpiry int64 = 253402300799 // 9999-12-31T23:59:59Z

// Placement is what the sites showing a car contribute to its index record
// (docs/contracts.md "Search index").
type Placement struct {
	// Sites are the slugs of the sites that show the car (Site.Shows); a car
	// with none has no record.
	Sites          []string
	DealershipName string
	// InterestRate and TermYears give weekly_price (spec 001 §9 finance).
	InterestRate float64
	TermYears    int
	// SearchableUntil is the latest moment any site shows the car (unix
	// seconds): the latest per-site sold retention limit, NoExpiry for a car
	// that is not sold. After it the record leaves the index.
	SearchableUntil int64
	// BelowMarketSites are the Sites on which the car shows the below-market
	// badge (MarketFor, issue 17): Go decides it, the cards only read it.
	BelowMarketSites []string
	// PhotoRank is 1 for a car with photos (HasPhotos) of a dealership whose
	// first listing site has search.photos_first, else 0: the index ranks
	// by it before the arrival date (issue 32 item 8).
	PhotoRank int
}

// IndexedCar is a car with its placement: what an index write is built from.
type IndexedCar struct {
	Car       Car
	Placement Placement
}

// Placer places the cars of one dealership: the sites listing it are found
// once, and each car is then filtered per site by Site.Shows.
type Placer struct {
	sites          []Site // the sites listing the dealership, in config order
	dealershipName string
	interestRate   float64
	termYears      int
	photosFirst    bool
}

// NewPlacer returns the placer of the dealership's cars. The dealership
// name, finance settings and search.photos_first come from the first site
// listing it.
func NewPlacer(dealershipSlug string, sites []Site) Placer {
	p := Placer{interestRate: DefaultInterestRate, termYears: DefaultTermYears}
	for _, s := range sites {
		d, ok := s.Dealership(dealershipSlug)
		if !ok {
			continue
		}
		if len(p.sites) == 0 {
			p.dealershipName = d.Name
			p.photosFirst = s.Search.PhotosFirst
			if s.Finance.InterestRate > 0 {
				p.interestRate = s.Finance.InterestRate
			}
			if s.Finance.TermYears > 0 {
				p.termYears = s.Finance.TermYears
			}
		}
		p.sites = append(p.sites, s)
	}
	return p
}

// PlaceAll places the stored cars at now: what a reindex writes and what
// a site's stats count.
func (p Placer) PlaceAll(stored []StoredCar, now time.Time) []IndexedCar {
	out := make([]IndexedCar, len(stored))
	for i, sc := range stored {
		out[i] = IndexedCar{Car: sc.Car, Placement: p.Place(sc.Car, now)}
	}
	return out
}

// Place returns the car's placement at now. A car no site would ever show
// has SearchableUntil NoExpiry when not sold and its sold date when sold,
// so that the sweep treats a sold one as past retention.
func (p Placer) Place(c Car, now time.Time) Placement {
	pl := Placement{Sites: []string{}, DealershipName: p.dealershipName,
		InterestRate: p.interestRate, TermYears: p.termYears}
	if p.photosFirst && HasPhotos(c) {
		pl.PhotoRank = 1
	}
	var latest int64
	for _, s := range p.sites {
		until, ok := s.showsUntil(c)
		if !ok {
			continue
		}
		if until == 0 {
			latest = NoExpiry
		} else {
			latest = max(latest, until)
		}
		if until == 0 || now.Unix() <= until {
			pl.Sites = append(pl.Sites, s.Slug)
			if MarketFor(c, s) != nil {
				pl.BelowMarketSites = append(pl.BelowMarketSites, s.Slug)
			}
		}
	}
	switch {
	case latest != 0:
		pl.SearchableUntil = latest
	case c.Sold || c.Status == StatusSold:
		pl.SearchableUntil = c.SoldDateTimestamp
	default:
		pl.SearchableUntil = NoExpiry
	}
	return pl
}

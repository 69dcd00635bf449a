package shared

// DefaultSoldRetentionDays is how long a sold car stays searchable when a
// site sets no stock.sold_retention_days (spec 001 §9).
const DefaultSoldRetentionDays = 3

// SoldRetentionDays is the site's stock.sold_retention_days, or the
// default for a site stored without defaults applied.
func (s Site) SoldRetentionDays() int {
	if s.Stock.SoldRetentionDays > 0 {
		return s.Stock.SoldRetentionDays
	}
	return DefaultSoldRetentionDays
}

// SearchableUntil is when a sold car stops being shown and leaves the
// index: its sold date plus retentionDays (spec 001 §4, §9), in unix
// seconds. A car that is not sold, by flag or by status, has no limit (0);
// reserved and coming-soon cars stay. Ingestion stamps every sold car with
// a sold date, so a sold car without one has no retention left.
//
// Site.Shows applies it with the site's own retention, for GET /api/cars
// and for the index's sites alike, so that a car leaves a site's search and
// its page there together; the index's searchable_until is the latest of it
// over the sites showing the car (Placer.Place).
func SearchableUntil(c Car, retentionDays int) int64 {
	if !c.Sold && c.Status != StatusSold {
		return 0
	}
	return c.SoldDateTimestamp + int64(retentionDays)*24*60*60
}

package shared

import "testing"

// spec 001 §9 "Sold cars in search": a sold car stays searchable for the
// site's retention days after its sold date; other cars have no limit.
func TestSearchableUntil(t *testing.T) {
	const soldAt = 1_600_000_000
	for _, tt := range []struct {
		name string
		car  Car
		days int
		want int64
	}{
		{"in stock", Car{Status: StatusInStock}, 14, 0},
		{"coming soon", Car{Status: StatusComingSoon}, 14, 0},
		{"reserved", Car{Status: StatusInStock, Reserved: true}, 14, 0},
		{"sold by flag", Car{Sold: true, SoldDateTimestamp: soldAt}, 14, soldAt + 14*86400},
		{"sold by status", Car{Status: StatusSold, SoldDateTimestamp: soldAt}, 3, soldAt + 3*86400},
		{"sold without a date has no retention left", Car{Sold: true}, 3, 3 * 86400},
	} {
		if got := SearchableUntil(tt.car, tt.days); got != tt.want {
			t.Errorf("spec 001 §9: %s: got %d, want %d", tt.name, got, tt.want)
		}
	}
}

// spec 001 §9: sold_retention_days defaults to 3.
func TestSiteSoldRetentionDays(t *testing.T) {
	for _, tt := range []struct {
		set, want int
	}{{0, DefaultSoldRetentionDays}, {14, 14}} {
		s := Site{Stock: StockConfig{SoldRetentionDays: tt.set}}
		if got := s.SoldRetentionDays(); got != tt.want {
			t.Errorf("spec 001 §9: sold_retention_days %d: got %d, want %d", tt.set, got, tt.want)
		}
	}
}

package shared

import "testing"

func TestConfiguredStockCount(t *testing.T) {
	s := Site{Dealerships: []Dealership{{Slug: "a", StockCount: 250}, {Slug: "b", StockCount: 300}, {Slug: "c"}}}
	if got := ConfiguredStockCount(s, ""); got != 550 {
		t.Errorf("site total = %d, want 550", got)
	}
	if got := ConfiguredStockCount(s, "b"); got != 300 {
		t.Errorf("dealership b = %d, want 300", got)
	}
}

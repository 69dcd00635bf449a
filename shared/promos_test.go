package shared

import (
	"testing"
	"time"
)

func TestPromoRules(t *testing.T) {
	now := time.Date(2025, 7, 15, 10, 0, 0, 0, time.UTC)
	july := PromoTile{Start: "2025-07-01", Expiry: "2025-08-01"}
	if !PromoActive(july, now) || PromoActive(july, now.AddDate(0, 1, 0)) || PromoActive(july, now.AddDate(0, -1, 0)) || !PromoActive(PromoTile{}, now) {
		t.Error("spec 001 §9: a promo runs from its start to its expiry")
	}
	used := PromoTile{Display: []CarType{CarTypeUsed}}
	strict := PromoTile{Display: []CarType{CarTypeUsed}, StrictDisplay: true}
	tests := []struct {
		name    string
		p       PromoTile
		refined []CarType
		want    bool
	}{
		{"no display shows everywhere", PromoTile{}, []CarType{CarTypeNew}, true},
		{"display without refinement", used, nil, true},
		{"strict display without refinement", strict, nil, false},
		{"display matching", used, []CarType{CarTypeUsed, CarTypeNew}, true},
		{"display not matching", used, []CarType{CarTypeNew}, false},
		{"strict needs every refined type", strict, []CarType{CarTypeUsed, CarTypeNew}, false},
		{"strict matching", strict, []CarType{CarTypeUsed}, true},
	}
	for _, tt := range tests {
		if got := PromoShows(tt.p, tt.refined); got != tt.want {
			t.Errorf("spec 001 §3: %s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

package shared

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestViewCar(t *testing.T) {
	now := time.Date(2025, 6, 10, 12, 0, 0, 0, time.UTC)
	site := DefaultSite()
	site.Phones = PhonesByCarType{Used: "07 5550 1000"}
	site.Finance.Provider = "Manual"
	rate, week := 8.99, 120.0
	live := Car{
		ID: "c1", Make: "Mazda", Model: "CX-5", CarType: CarTypeUsed, Status: StatusInStock,
		Price: 31990, BeforePrice: 33990, CreatedAt: now.Add(-48 * time.Hour),
		DealerComments: "One owner | Logbooks",
		FinanceLenders: map[string]FinanceLender{"manual": {InterestRate: &rate, ComparisonRate: &rate, PaymentWeek: &week}},
	}
	sold := live
	sold.Sold, sold.DealerComments, sold.FinanceLenders = true, "", nil

	tests := []struct {
		name  string
		car   Car
		check func(t *testing.T, v CarView)
	}{
		{"spec 001 §5: price and was-price", live, func(t *testing.T, v CarView) {
			if v.Price.Text != "$31,990" || v.Price.WasText != "$33,990" {
				t.Errorf("price %+v, want $31,990 was $33,990", v.Price)
			}
		}},
		{"spec 000 §4: a car created two days ago is New", live, func(t *testing.T, v CarView) {
			if v.Tag.Kind != TagNew || !v.Available {
				t.Errorf("tag %+v available %v, want new and available", v.Tag, v.Available)
			}
		}},
		{"spec 000 §2: comments split on the bar", live, func(t *testing.T, v CarView) {
			if strings.Join(v.Comments.Segments, "/") != "One owner/Logbooks" {
				t.Errorf("segments %q", v.Comments.Segments)
			}
		}},
		{"spec 001 §8: the used number for a used car", live, func(t *testing.T, v CarView) {
			if v.Phone != "07 5550 1000" {
				t.Errorf("phone %q, want the used number", v.Phone)
			}
		}},
		{"spec 001 §5: the provider's lender data when eligible", live, func(t *testing.T, v CarView) {
			if v.Finance == nil || v.Finance.Provider != "Manual" || v.Finance.Amount != 120 || v.Finance.Frequency != FrequencyWeekly {
				t.Errorf("finance %+v, want Manual with 120 a week", v.Finance)
			}
		}},
		{"spec 001 §4: a sold car shows the sold tag, no finance", sold, func(t *testing.T, v CarView) {
			if v.Tag.Kind != TagSold || v.Tag.Text != "JUST SOLD" || v.Available || v.Finance != nil {
				t.Errorf("view %+v, want sold, unavailable, no finance", v)
			}
		}},
		{"no comments are empty lists in JSON, not null", sold, func(t *testing.T, v CarView) {
			b, _ := json.Marshal(v.Comments)
			if string(b) != `{"segments":[],"short":[],"truncated":false}` {
				t.Errorf("comments JSON %s", b)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, ViewCar(tt.car, site, now)) })
	}
}

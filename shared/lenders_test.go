package shared

import "testing"

// Issue 10: feeds carry finance_lenders keyed by provider (spec 001 §3).
func TestNormalizeLenders(t *testing.T) {
	tests := []struct {
		name      string
		in        map[string]FinanceLender
		wantKey   string
		wantField string
	}{
		{"spec spelling from any case", map[string]FinanceLender{"360finance": {}}, "360 Finance", ""},
		{"underscores", map[string]FinanceLender{"nissan_finance": {}}, "Nissan Finance", ""},
		{"a lender outside the list keeps its name", map[string]FinanceLender{" plenti ": {}}, "plenti", ""},
		{"rate above 50%", map[string]FinanceLender{"Angle": {ComparisonRate: ptr(51.0)}}, "", "finance_lenders.Angle.comparisonRate"},
		{"negative monthly payment", map[string]FinanceLender{"Nissan Finance": {PaymentMonth: ptr(-1.0)}}, "", "finance_lenders.Nissan Finance.paymentMonth"},
		{"term over ten years", map[string]FinanceLender{"Taurus": {TermYears: 11}}, "", "finance_lenders.Taurus.termYears"},
		{"negative deposit", map[string]FinanceLender{"Taurus": {Deposit: -5}}, "", "finance_lenders.Taurus.deposit"},
		{"negative balloon", map[string]FinanceLender{"Manual": {Balloon: -5}}, "", "finance_lenders.Manual.balloon"},
		{"empty provider name", map[string]FinanceLender{"  ": {}}, "", "finance_lenders"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, field, reason := NormalizeLenders(tt.in)
			if field != tt.wantField {
				t.Fatalf("field %q (%s), want %q", field, reason, tt.wantField)
			}
			if tt.wantKey != "" {
				if _, ok := out[tt.wantKey]; !ok || len(out) != 1 {
					t.Errorf("lenders %v, want one keyed %q", out, tt.wantKey)
				}
			}
		})
	}
}

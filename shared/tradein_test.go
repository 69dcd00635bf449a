package shared

import (
	"maps"
	"strings"
	"testing"
)

func TestTradeInVehicleName(t *testing.T) {
	tests := []struct {
		v    TradeInVehicle
		want string
	}{
		{TradeInVehicle{Year: 2018, Make: "Mazda", Model: "CX-5", Badge: "Maxx Sport"}, "2018 Mazda CX-5 Maxx Sport"},
		{TradeInVehicle{Make: "Mazda", Model: " CX-5 "}, "Mazda CX-5"},
		{TradeInVehicle{}, ""},
	}
	for _, tt := range tests {
		if got := tt.v.Name(); got != tt.want {
			t.Errorf("Name() = %q, want %q", got, tt.want)
		}
	}
}

// A site's condition questions come from its config with a default set
// (issue 9 trade-in: condition questions), and a bad list is refused with
// the field named.
func TestTradeInQuestionsConfig(t *testing.T) {
	s := DefaultSite()
	if len(s.Leads.TradeInQuestions) == 0 || s.Leads.TradeInQuestions[0].ID != "condition" {
		t.Fatalf("default questions = %v, want the default set starting with condition", s.Leads.TradeInQuestions)
	}
	bad := DefaultSite()
	bad.Leads.TradeInQuestions = []TradeInQuestion{{ID: "condition", Label: "Condition", Options: []string{"Good"}}, {ID: "condition", Label: "Again", Options: []string{"A", "B"}}}
	err := bad.Validate()
	if err == nil {
		t.Fatal("Validate() = nil, want errors on the questions")
	}
	for _, f := range []string{"leads.trade_in_questions[0].options", "leads.trade_in_questions[1].id"} {
		if _, ok := FieldMessages(err)[f]; !ok {
			t.Errorf("Validate() = %v, want an error on %s", err, f)
		}
	}
}

// spec 001 §2: a site's trade-in entry point is /trade-in, /sell-your-car or /sell-my-car.
func TestTradeInPath(t *testing.T) {
	for _, p := range TradeInPaths {
		s := DefaultSite()
		s.Features.TradeInPath = p
		if err := s.Validate(); err != nil && strings.Contains(err.Error(), "trade_in_path") {
			t.Errorf("trade_in_path %q refused: %v", p, err)
		}
	}
	s := DefaultSite()
	s.Features.TradeInPath = "/sell"
	if _, ok := FieldMessages(s.Validate())["features.trade_in_path"]; !ok {
		t.Errorf("trade_in_path /sell accepted")
	}
}

// TestTradeInValidationVectors runs the trade-in checks from the file the
// trade-in form's checks (web/src/features/trade-in/rules.ts) run too.
func TestTradeInValidationVectors(t *testing.T) {
	type in struct {
		Lead Lead `json:"lead"`
		Site Site `json:"site"`
	}
	for _, v := range loadVectors[in, map[string]string](t, "trade_in_validation.json") {
		t.Run(v.Name, func(t *testing.T) {
			got := FieldMessages(ValidateLead(v.Input.Lead, v.Input.Site))
			if len(got) == 0 && len(v.Want) == 0 {
				return
			}
			if !maps.Equal(got, v.Want) {
				t.Errorf("FieldMessages(ValidateLead) = %v, want %v", got, v.Want)
			}
		})
	}
}

package httpapi

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"forecourt/shared"
)

// Bad input gets a clear error naming the field and the JSON it wanted,
// never a Go type name (the watchlist, reservation and reviews bodies).
func TestTypeErrorNamesJSONTypes(t *testing.T) {
	type body struct {
		CarID   string          `json:"car_id"`
		Rating  float64         `json:"rating"`
		Count   int             `json:"count"`
		Reviews []shared.Review `json:"reviews"`
		On      bool            `json:"on"`
	}
	for _, tt := range []struct {
		in, field, want string
	}{
		{`{"car_id": 7}`, "car_id", "must be a string, got a JSON number"},
		{`{"rating": "five"}`, "rating", "must be a number, got a JSON string"},
		{`{"count": 1.5}`, "count", "must be a whole number"},
		{`{"reviews": {}}`, "reviews", "must be an array, got a JSON object"},
		{`{"on": "yes"}`, "on", "must be true or false"},
		{`[1]`, "body", "must be a JSON object, got a JSON array"},
		{`"x"`, "body", "must be a JSON object, got a JSON string"},
	} {
		var b body
		var te *json.UnmarshalTypeError
		if err := json.Unmarshal([]byte(tt.in), &b); !errors.As(err, &te) {
			t.Fatalf("%s: %v is no type error", tt.in, err)
		}
		var se *shared.Error
		if !errors.As(typeError(te), &se) || se.Field != tt.field || !strings.Contains(se.Message, tt.want) {
			t.Errorf("%s: got %+v, want field %s with %q", tt.in, se, tt.field, tt.want)
		}
		if strings.Contains(se.Message, "httpapi.") || strings.Contains(se.Message, "shared.") || strings.Contains(se.Message, "float64") {
			t.Errorf("%s: %q names a Go type", tt.in, se.Message)
		}
	}
}

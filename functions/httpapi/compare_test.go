package httpapi

import (
	"encoding/json"
	"slices"
	"testing"

	"forecourt/shared"
)

// GET /api/compare (spec 000 §4 compare, issue 12): the requesting site's
// cars side by side, another site's or an unknown id skipped, the list capped.
func TestCompare(t *testing.T) {
	h := carPageAPI(t, nil)
	tests := []struct {
		name, query, site string
		status            int
		wantIDs           []string
		wantField         string
	}{
		{"the site's cars in the order asked", "cars=id-plain,id-kia", "coastal", 200, []string{"id-plain", "id-kia"}, ""},
		{"another site's car and an unknown id skipped", "cars=id-kia,id-north,nope", "coastal", 200, []string{"id-kia"}, ""},
		{"the other site sees only its own", "cars=id-kia,id-north", "north", 200, []string{"id-north"}, ""},
		{"no cars: 400 naming cars", "cars=", "coastal", 400, nil, "cars"},
		{"five cars: 400 naming cars", "cars=a,b,c,d,e", "coastal", 400, nil, "cars"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := get(h, "/api/compare?"+tt.query, tt.site, testSecret)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			if tt.status != 200 {
				var body ErrorBody
				if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Error.Field != tt.wantField {
					t.Errorf("error body %s, want field %q", rec.Body, tt.wantField)
				}
				return
			}
			var body shared.Comparison
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, c := range body.Cars {
				ids = append(ids, c.ID)
			}
			if !slices.Equal(ids, tt.wantIDs) {
				t.Errorf("cars %q, want %q", ids, tt.wantIDs)
			}
			for _, r := range body.Rows {
				if len(r.Values) != len(tt.wantIDs) {
					t.Errorf("row %q has %d values for %d cars", r.Key, len(r.Values), len(tt.wantIDs))
				}
			}
		})
	}
}

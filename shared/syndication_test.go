package shared

import (
	"errors"
	"strings"
	"testing"
)

// Issue 37: a site's vehicle feed settings are checked when its tenant file
// is read: a description template that names an unknown field, or a store
// code a feed column cannot carry, is refused with its field.
func TestDecodeSiteSyndicationErrors(t *testing.T) {
	tests := []struct {
		name, json, wantField, wantMsg string
	}{
		{"unknown template field", withField(`"syndication": {"meta": {"enabled": true, "description_template": "{{.Price}}"}}`), "syndication.meta.description_template", "Price"},
		{"template syntax", withField(`"syndication": {"tiktok": {"description_template": "{{.Title"}}`), "syndication.tiktok.description_template", "not a template"},
		{"unknown format", withField(`"syndication": {"bing": {"enabled": true}}`), "syndication.bing", "unknown field"},
		{"store code with a tab", `{"slug": "a", "name": "A", "dealerships": [{"slug": "a", "name": "A", "store_code": "A\tB"}]}`, "dealerships[0].store_code", "tab"},
		{"store code too long", `{"slug": "a", "name": "A", "dealerships": [{"slug": "a", "name": "A", "store_code": "` + strings.Repeat("x", 65) + `"}]}`, "dealerships[0].store_code", "at most 64"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeSite(strings.NewReader(tt.json), "x.json")
			if err == nil {
				t.Fatal("DecodeSite succeeded, want an error")
			}
			var e *Error
			if errors.As(err, &e) && e.Field != tt.wantField {
				t.Errorf("field = %q, want %q (error: %v)", e.Field, tt.wantField, err)
			}
			if !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("error %q does not contain %q", err, tt.wantMsg)
			}
		})
	}
}

// Issue 37: every format is off unless the tenant file turns it on, and a
// dealership's store code defaults to its slug.
func TestSyndicationDefaults(t *testing.T) {
	s, err := DecodeSite(strings.NewReader(minimalSite), "x.json")
	if err != nil {
		t.Fatal(err)
	}
	if s.Syndication != nil {
		t.Errorf("syndication = %+v, want every format off", s.Syndication)
	}
	tests := []struct {
		d    Dealership
		want string
	}{
		{Dealership{Slug: "acme"}, "acme"},
		{Dealership{Slug: "acme", StoreCode: " ACME-01 "}, "ACME-01"},
	}
	for _, tt := range tests {
		if got := tt.d.FeedStoreCode(); got != tt.want {
			t.Errorf("FeedStoreCode(%+v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

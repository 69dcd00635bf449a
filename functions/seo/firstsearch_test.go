package seo

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
	"time"

	"forecourt/shared"
)

// The listing's first search is built in Go exactly as the web's listing
// sends it (issue 14, first paint without a round trip): the vector's wants
// were captured from the real listing render (web/src/features/listing/
// components/FirstSearch.test.tsx runs the same file).
func TestFirstSearchVectors(t *testing.T) {
	raw, err := os.ReadFile("../../shared/testdata/vectors/listing_first_search.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name  string `json:"name"`
		Input struct {
			Path  string          `json:"path"`
			Index string          `json:"index"`
			Now   time.Time       `json:"now"`
			Site  json.RawMessage `json:"site"`
		} `json:"input"`
		Want struct {
			Requests json.RawMessage `json:"requests"`
			State    json.RawMessage `json:"state"`
		} `json:"want"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			var site shared.Site
			if err := json.Unmarshal(tc.Input.Site, &site); err != nil {
				t.Fatal(err)
			}
			l, ok := ParseListing(tc.Input.Path)
			if !ok {
				t.Fatalf("ParseListing(%q): not a listing", tc.Input.Path)
			}
			got := l.FirstSearch(site, tc.Input.Index, tc.Input.Now)
			if want, got := decoded(t, tc.Want.Requests), asJSON(t, got.Requests); !reflect.DeepEqual(got, want) {
				t.Errorf("requests:\n got %v\nwant %v", got, want)
			}
			if want, got := decoded(t, tc.Want.State), asJSON(t, got.State); !reflect.DeepEqual(got, want) {
				t.Errorf("state:\n got %v\nwant %v", got, want)
			}
		})
	}
}

func decoded(t *testing.T, raw []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func asJSON(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return decoded(t, b)
}

// A dealership's own search is built in Go exactly as the web's
// DealershipSearchPage sends it (issue 34: the page is painted from its
// answer); web/src/features/dealerships/components/
// DealershipFirstSearch.test.tsx runs the same file against the real page.
func TestDealershipFirstSearchVectors(t *testing.T) {
	raw, err := os.ReadFile("../../shared/testdata/vectors/dealership_first_search.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name  string `json:"name"`
		Input struct {
			Slug  string          `json:"slug"`
			Index string          `json:"index"`
			Now   time.Time       `json:"now"`
			Site  json.RawMessage `json:"site"`
		} `json:"input"`
		Want struct {
			Requests json.RawMessage `json:"requests"`
			State    json.RawMessage `json:"state"`
		} `json:"want"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			var site shared.Site
			if err := json.Unmarshal(tc.Input.Site, &site); err != nil {
				t.Fatal(err)
			}
			got := DealershipFirstSearch(site, tc.Input.Index, tc.Input.Slug, tc.Input.Now)
			if want, got := decoded(t, tc.Want.Requests), asJSON(t, got.Requests); !reflect.DeepEqual(got, want) {
				t.Errorf("requests:\n got %v\nwant %v", got, want)
			}
			if want, got := decoded(t, tc.Want.State), asJSON(t, got.State); !reflect.DeepEqual(got, want) {
				t.Errorf("state:\n got %v\nwant %v", got, want)
			}
		})
	}
}

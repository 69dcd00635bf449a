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
	checkFirstSearchVectors(t, "listing_first_search.json", func(t *testing.T, raw json.RawMessage) FirstSearch {
		var in struct {
			Path  string          `json:"path"`
			Index string          `json:"index"`
			Now   time.Time       `json:"now"`
			Site  json.RawMessage `json:"site"`
		}
		site := decodeInput(t, raw, &in, &in.Site)
		l, ok := ParseListing(in.Path)
		if !ok {
			t.Fatalf("ParseListing(%q): not a listing", in.Path)
		}
		return l.FirstSearch(site, in.Index, in.Now)
	})
}

// A dealership's own search is built in Go exactly as the web's
// DealershipSearchPage sends it (issue 34: the page is painted from its
// answer); web/src/features/dealerships/components/
// DealershipFirstSearch.test.tsx runs the same file against the real page.
func TestDealershipFirstSearchVectors(t *testing.T) {
	checkFirstSearchVectors(t, "dealership_first_search.json", func(t *testing.T, raw json.RawMessage) FirstSearch {
		var in struct {
			Slug  string          `json:"slug"`
			Index string          `json:"index"`
			Now   time.Time       `json:"now"`
			Site  json.RawMessage `json:"site"`
		}
		site := decodeInput(t, raw, &in, &in.Site)
		return DealershipFirstSearch(site, in.Index, in.Slug, in.Now)
	})
}

// checkFirstSearchVectors runs a first-search vector file of
// shared/testdata/vectors: each case's input built into a search by build,
// whose requests and state must be the case's wants.
func checkFirstSearchVectors(t *testing.T, file string, build func(t *testing.T, input json.RawMessage) FirstSearch) {
	raw, err := os.ReadFile("../../shared/testdata/vectors/" + file)
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name  string          `json:"name"`
		Input json.RawMessage `json:"input"`
		Want  struct {
			Requests json.RawMessage `json:"requests"`
			State    json.RawMessage `json:"state"`
		} `json:"want"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatalf("%s has no cases", file)
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			got := build(t, tc.Input)
			if want, got := decoded(t, tc.Want.Requests), asJSON(t, got.Requests); !reflect.DeepEqual(got, want) {
				t.Errorf("requests:\n got %v\nwant %v", got, want)
			}
			if want, got := decoded(t, tc.Want.State), asJSON(t, got.State); !reflect.DeepEqual(got, want) {
				t.Errorf("state:\n got %v\nwant %v", got, want)
			}
		})
	}
}

// decodeInput decodes a case's input into in and the site it names.
func decodeInput(t *testing.T, raw json.RawMessage, in any, site *json.RawMessage) shared.Site {
	t.Helper()
	if err := json.Unmarshal(raw, in); err != nil {
		t.Fatal(err)
	}
	var s shared.Site
	if err := json.Unmarshal(*site, &s); err != nil {
		t.Fatal(err)
	}
	return s
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

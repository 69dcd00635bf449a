package seo

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// Listing paths read the same in Go (page heads, stock counts) and in the
// web (listingUrl.ts pathPreset): shared/testdata/vectors/listing_paths.json.
// /search/suv is a body tile, not a make "suv" (issue 14 "Noticed").
func TestListingPathVectors(t *testing.T) {
	raw, err := os.ReadFile("../../shared/testdata/vectors/listing_paths.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name  string `json:"name"`
		Input struct {
			Path string `json:"path"`
		} `json:"input"`
		Want map[string][]string `json:"want"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			l, ok := ParseListing(tc.Input.Path)
			if !ok {
				t.Fatalf("ParseListing(%q): not a listing", tc.Input.Path)
			}
			if got := l.filters(); !reflect.DeepEqual(got, tc.Want) {
				t.Errorf("ParseListing(%q): got %v, want %v", tc.Input.Path, got, tc.Want)
			}
		})
	}
}

// filters is the listing as the web's pathPreset writes it.
func (l Listing) filters() map[string][]string {
	out := map[string][]string{}
	for _, ct := range l.Types {
		out["car_type"] = append(out["car_type"], string(ct))
	}
	for k, v := range map[string]string{"make": l.Make, "model": l.Model, "body": l.Body} {
		if v != "" {
			out[k] = []string{v}
		}
	}
	return out
}

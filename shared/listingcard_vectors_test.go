package shared

import (
	"reflect"
	"testing"
)

// Issue 14 first paint: the listing rules the server paints with run the
// same cases as their web twins (testdata/vectors/README.md).

func TestListingTitleVectors(t *testing.T) {
	type in struct {
		Refinements map[string][]string `json:"refinements"`
		Site        Site                `json:"site"`
	}
	for _, v := range loadVectors[in, string](t, "listing_title.json") {
		t.Run(v.Name, func(t *testing.T) {
			if got := ListingTitle(v.Input.Refinements, v.Input.Site); got != v.Want {
				t.Errorf("ListingTitle = %q, want %q", got, v.Want)
			}
		})
	}
}

func TestBodyTilesVectors(t *testing.T) {
	type in struct {
		Counts []FacetCount `json:"counts"`
		Custom []string     `json:"custom"`
	}
	for _, v := range loadVectors[in, []FacetCount](t, "body_tiles.json") {
		t.Run(v.Name, func(t *testing.T) {
			if got := BodyTiles(v.Input.Counts, v.Input.Custom); !reflect.DeepEqual(got, v.Want) {
				t.Errorf("BodyTiles = %v, want %v", got, v.Want)
			}
		})
	}
}

func TestCardChipsVectors(t *testing.T) {
	type in struct {
		Car  Car  `json:"car"`
		Site Site `json:"site"`
	}
	for _, v := range loadVectors[in, []string](t, "card_chips.json") {
		t.Run(v.Name, func(t *testing.T) {
			if got := ChipsOf(v.Input.Car, v.Input.Site); !reflect.DeepEqual(got, v.Want) {
				t.Errorf("ChipsOf = %q, want %q", got, v.Want)
			}
		})
	}
}

func TestMaskPhoneVectors(t *testing.T) {
	for _, v := range loadVectors[string, string](t, "mask_phone.json") {
		t.Run(v.Name, func(t *testing.T) {
			if got := MaskPhone(v.Input); got != v.Want {
				t.Errorf("MaskPhone(%q) = %q, want %q", v.Input, got, v.Want)
			}
		})
	}
}

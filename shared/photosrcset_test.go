package shared

import (
	"encoding/json"
	"os"
	"testing"
)

// The web's srcset and the car page's preload name the same URLs (shared
// vector photo_srcset.json; web/src/lib/photoSrcSet.test.ts reads it too).
func TestSrcSetVectors(t *testing.T) {
	raw, err := os.ReadFile("testdata/vectors/photo_srcset.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name  string
		Input struct{ Src string }
		Want  struct{ SrcSet string }
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if got := PhotoSrcSet(c.Input.Src); got != c.Want.SrcSet {
			t.Errorf("%s: got %q, want %q", c.Name, got, c.Want.SrcSet)
		}
	}
}

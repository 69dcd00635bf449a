package demo

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"forecourt/shared"
)

// Issue 32 item 8: hero slides had no image. Each scene draws in the
// dealer's colours, with the cars inside the part every slider box shows;
// a bad parameter is an invalid-request error naming it.
func TestHeroSVG(t *testing.T) {
	for _, tc := range []struct {
		name  string
		query string
		code  string
		field string
	}{
		{"demo/hero/coast.svg", "primary=0c4a6e&accent=fbbf24&cars=suv-white,hatch-red", "", ""},
		{"demo/hero/city.svg", "primary=C00000&cars=sedan-silver", "", ""},
		{"demo/hero/hills.svg", "", "", ""},
		{"demo/hero/moon.svg", "", shared.ENOTFOUND, ""},
		{"demo/hero/coast.svg", "primary=red", shared.EINVALID, "primary"},
		{"demo/hero/coast.svg", "cars=tank-red", shared.EINVALID, "cars"},
		{"demo/hero/coast.svg", "cars=suv-tartan", shared.EINVALID, "cars"},
		{"demo/hero/coast.svg", "cars=suv-red,suv-red,suv-red", shared.EINVALID, "cars"},
	} {
		q, _ := url.ParseQuery(tc.query)
		body, typ, err := Images{}.Media(context.Background(), tc.name, q)
		if got := shared.ErrorCode(err); got != tc.code {
			t.Errorf("%s?%s: error %v, want code %q", tc.name, tc.query, err, tc.code)
			continue
		}
		if tc.code != "" {
			if tc.field != "" && !strings.Contains(err.Error(), tc.field) {
				t.Errorf("%s?%s: error %v does not name %s", tc.name, tc.query, err, tc.field)
			}
			continue
		}
		if typ != svgType || !strings.HasPrefix(string(body), "<svg") {
			t.Errorf("%s: %q %.40s", tc.name, typ, body)
		}
		if p := q.Get("primary"); p != "" && !strings.Contains(string(body), strings.ToLower(p)) {
			t.Errorf("%s: the dealer's colour %s is not drawn", tc.name, p)
		}
	}
}

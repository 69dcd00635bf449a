package cell

import (
	"encoding/json"
	"os/exec"
	"testing"
)

// The rewrite runs in CloudFront's JavaScript runtime; Node runs the same
// ES5-style handler. Pages keep their path, which the api Lambda renders
// per page (issue 14: the listing and car pages of spec 000 §2 get heads of
// their own); the shell's file name is the home page.
func TestSPARewrite(t *testing.T) {
	type query map[string]map[string]string
	tests := []struct {
		URI   string `json:"uri"`
		Query query  `json:"query"`
		Want  string `json:"-"`
	}{
		{"/", nil, "/"},
		{"/index.html", nil, "/"},
		{"/search/new-used-and-demo-cars/", nil, "/search/new-used-and-demo-cars/"},
		{"/cars/2021-toyota-hilux-sr5-abc123", nil, "/cars/2021-toyota-hilux-sr5-abc123"},
		{"/assets/index-4f3a9c.js", nil, "/assets/index-4f3a9c.js"},
		{"/favicon.ico", nil, "/favicon.ico"},
		{"/images/cars/suv-red.svg", nil, "/images/cars/suv-red.svg"},
		// Issue 14 "Images": a photo's size and format reach the api
		// Lambda in the path, in a fixed order, whatever the query's.
		{"/media/photos/ab12.jpg", query{"f": {"value": "webp"}, "w": {"value": "640"}}, "/media/_/w=640,f=webp/photos/ab12.jpg"},
		{"/media/photos/ab12.jpg", query{"w": {"value": "320"}, "q": {"value": "70"}, "utm": {"value": "x"}}, "/media/_/w=320,q=70/photos/ab12.jpg"},
		{"/media/photos/ab12.jpg", query{"w": {"value": "640/../../x,f=1"}}, "/media/_/w=640xf1/photos/ab12.jpg"},
		{"/media/logos/acme.svg", nil, "/media/logos/acme.svg"},
	}
	in, err := json.Marshal(tests)
	if err != nil {
		t.Fatal(err)
	}
	// Given the function's code, when CloudFront hands it each viewer request,
	script := spaRewrite + `
const tests = ` + string(in) + `;
console.log(JSON.stringify(tests.map(tt => {
  const r = handler({request: {uri: tt.uri, querystring: tt.query || {}}});
  return Object.keys(r.querystring).length ? r.uri + "?" + JSON.stringify(r.querystring) : r.uri;
})));`
	out, err := exec.Command("node", "-e", script).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got []string
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("decode %q: %v", out, err)
	}
	// then /index.html becomes /, a media size moves into the path with no
	// query string left, and every other path passes through.
	for i, tt := range tests {
		if got[i] != tt.Want {
			t.Errorf("%s %v: got %q, want %q", tt.URI, tt.Query, got[i], tt.Want)
		}
	}
}

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
	tests := []struct{ uri, want string }{
		{"/", "/"},
		{"/index.html", "/"},
		{"/search/new-used-and-demo-cars/", "/search/new-used-and-demo-cars/"},
		{"/cars/2021-toyota-hilux-sr5-abc123", "/cars/2021-toyota-hilux-sr5-abc123"},
		{"/assets/index-4f3a9c.js", "/assets/index-4f3a9c.js"},
		{"/favicon.ico", "/favicon.ico"},
		{"/images/cars/suv-red.svg", "/images/cars/suv-red.svg"},
	}
	uris := make([]string, len(tests))
	for i, tt := range tests {
		uris[i] = tt.uri
	}
	in, err := json.Marshal(uris)
	if err != nil {
		t.Fatal(err)
	}
	// Given the function's code, when CloudFront hands it each viewer request,
	script := spaRewrite + `
const uris = ` + string(in) + `;
console.log(JSON.stringify(uris.map(uri => handler({request: {uri: uri}}).uri)));`
	out, err := exec.Command("node", "-e", script).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got []string
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("decode %q: %v", out, err)
	}
	// then /index.html becomes / and every other path passes through.
	for i, tt := range tests {
		if got[i] != tt.want {
			t.Errorf("%s: got %q, want %q", tt.uri, got[i], tt.want)
		}
	}
}

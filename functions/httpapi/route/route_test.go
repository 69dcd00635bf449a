package route

import "testing"

// The table is well formed: no route twice, every route under a prefix
// served by the same Lambda as the prefix (so API Gateway's catch-all and
// the route agree), and paths converted to API Gateway's syntax.
func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Routes() {
		if seen[r.Key()] {
			t.Errorf("%s listed twice", r.Key())
		}
		seen[r.Key()] = true
		p, ok := PrefixOf(r.Pattern)
		if !ok || p.Lambda != r.Lambda {
			t.Errorf("%s (Lambda %s) is under prefix %+v", r.Key(), r.Lambda, p)
		}
	}
	for _, tt := range []struct{ pattern, want string }{
		{"/api/site", "/api/site"},
		{"/api/cars/{slug}", "/api/cars/{slug}"},
		{"/media/{proxy...}", "/media/{proxy+}"},
	} {
		if got := (Route{Pattern: tt.pattern}).GatewayPath(); got != tt.want {
			t.Errorf("GatewayPath(%q): got %q, want %q", tt.pattern, got, tt.want)
		}
	}
	if got := (Prefix{Path: "/api/"}).GatewayPath(); got != "/api/{proxy+}" {
		t.Errorf("prefix gateway path: got %q", got)
	}
}

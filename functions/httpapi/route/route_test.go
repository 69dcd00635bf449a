package route

import (
	"strings"
	"testing"
)

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

// API Gateway refuses two routes whose variables at the same level of the
// same parent have different names ("conflicting variable on the same
// hierarchical level", a ConflictException on deploy), so every route's
// variable at a given position under a given parent has one name.
func TestSiblingVariablesShareNames(t *testing.T) {
	names := map[string]string{} // parent path + level -> variable name
	for _, r := range Routes() {
		segs := strings.Split(strings.Trim(r.GatewayPath(), "/"), "/")
		for i, seg := range segs {
			if !strings.HasPrefix(seg, "{") {
				continue
			}
			name := strings.TrimSuffix(strings.Trim(seg, "{}"), "+")
			parent := strings.Join(segs[:i], "/")
			// Variables above this one are compared by position only.
			for j := range i {
				if strings.HasPrefix(segs[j], "{") {
					parent = strings.Replace(parent, segs[j], "{}", 1)
				}
			}
			if prev, ok := names[parent]; ok && prev != name {
				t.Errorf("%s: variable {%s} under /%s, where another route has {%s}", r.Key(), name, parent, prev)
			}
			names[parent] = name
		}
	}
}

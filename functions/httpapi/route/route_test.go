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
		if r.IsDocument() {
			// The pages route is every path outside the prefixes
			// (TestDocumentRoute).
			continue
		}
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

// Issue 14: the web app's pages are one route of the api Lambda, which API
// Gateway needs as two (the root and the greedy rest).
func TestDocumentRoute(t *testing.T) {
	var docs []Route
	for _, r := range Routes() {
		if r.IsDocument() {
			docs = append(docs, r)
		}
	}
	if len(docs) != 1 || docs[0].Lambda != API || docs[0].Key() != DocumentKey {
		t.Fatalf("document routes: got %+v, want one GET %s on the api Lambda", docs, DocumentPattern)
	}
	got := strings.Join(docs[0].GatewayPaths(), " ")
	if got != "/ /{path+}" {
		t.Errorf("gateway paths: got %q, want \"/ /{path+}\"", got)
	}
	if got := (Route{Method: "GET", Pattern: "/api/site"}).GatewayPaths(); len(got) != 1 || got[0] != "/api/site" {
		t.Errorf("other routes keep one gateway path: got %q", got)
	}
}

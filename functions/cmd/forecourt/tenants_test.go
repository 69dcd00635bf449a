package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 35: `forecourt tenants check FILE...` prints every problem of each
// tenant file on its own line, with the file and the JSON path, and fails
// when there is one; a good file says so.
func TestTenantsCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.json", `{"$schema": "../tenant.schema.json", "slug": "good", "id": "site-good", "name": "Good",
 "dealerships": [{"id": "d1", "slug": "good", "name": "Good"}]}`)
	bad := write("bad.json", `{"slug": "bad", "name": "Bad", "dealerships": [{"slug": "a", "name": "A"}, {"slug": "a", "name": "B"}],
 "theme": {"primary_color": "blue", "border_radius": 4}, "features": {"compare": "yes"}}`)
	tests := []struct {
		name    string
		files   []string
		wantErr bool
		wantOut []string
	}{
		{"good file", []string{good}, false, []string{good + ": ok"}},
		{"every problem with its path", []string{bad}, true, []string{
			bad + ": dealerships[1].slug: ",
			bad + ": theme.primary_color: ",
			bad + ": theme.border_radius: unknown field",
			bad + ": features.compare: ",
		}},
		{"several files", []string{good, bad}, true, []string{good + ": ok", bad + ": features.compare: "}},
		{"the demo tenants", []string{"../../../infra/tenants/northside-used.json", "../../../infra/tenants/riverside-toyota.json"}, false,
			[]string{"northside-used.json: ok", "riverside-toyota.json: ok"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			err := run(context.Background(), append([]string{"tenants", "check"}, tt.files...), &out, &errb)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v; output:\n%s", err, tt.wantErr, out.String())
			}
			for _, w := range tt.wantOut {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
		})
	}
}

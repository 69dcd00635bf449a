package tenantfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, dir, name, body string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Tenant files load sorted by slug; other files are ignored; a missing
// folder is an error (moved from shared.LoadSites).
func TestLoadSorted(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "beta.json", `{"slug": "beta", "name": "Beta", "dealerships": [{"slug": "beta", "name": "Beta"}]}`)
	write(t, dir, "alpha.json", `{"slug": "alpha", "name": "Alpha", "dealerships": [{"slug": "alpha", "name": "Alpha"}]}`)
	write(t, dir, "notes.txt", "ignored")
	sites, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(sites) != 2 || sites[0].Slug != "alpha" || sites[1].Slug != "beta" {
		t.Fatalf("sites = %v, want alpha then beta", sites)
	}
	if _, err := Load(filepath.Join(dir, "missing")); err == nil {
		t.Error("missing dir: want an error")
	}
}

// One set of rules (issue 8): the file the dev gateway used to accept and
// `cdk synth` rejected, a site in a file not named for its slug (which
// names its stack), is rejected here, by the loader both use; so is a
// second file with the same slug, and every bad file is reported, naming
// the file and the field.
func TestLoadRejectsBadFiles(t *testing.T) {
	const valid = `{"slug": "acme", "name": "A", "dealerships": [{"slug": "d", "name": "D"}]}`
	tests := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"file name differs from slug", map[string]string{"other.json": valid}, []string{"other.json", "slug", `"acme"`, "acme.json"}},
		{"second file with the slug", map[string]string{"acme.json": valid, "dup.json": valid}, []string{"dup.json", "acme.json"}},
		{"unknown field", map[string]string{"acme.json": strings.Replace(valid, `"name"`, `"colour": "red", "name"`, 1)}, []string{"acme.json", "colour"}},
		{"every bad file", map[string]string{"a.json": valid, "b.json": `{"slug": "b"}`}, []string{"a.json", "b.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, body := range tt.files {
				write(t, dir, name, body)
			}
			sites, err := Load(dir)
			if err == nil {
				t.Fatalf("got %v, want an error mentioning %q", sites, tt.want)
			}
			for _, want := range tt.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not mention %q", err, want)
				}
			}
		})
	}
}

// The demo tenants load under these rules.
func TestDemoTenantsLoad(t *testing.T) {
	sites, err := Load("../../infra/tenants")
	if err != nil {
		t.Fatal(err)
	}
	if len(sites) != 3 {
		t.Errorf("got %d demo tenants, want 3", len(sites))
	}
}

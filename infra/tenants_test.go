package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A tenant file names its stack, so it must be named for its slug and be a
// valid site config (issue 2 item 3: errors name the file and the field).
func TestLoadTenantsRejectsBadFiles(t *testing.T) {
	const valid = `{"slug": "%s", "name": "A", "dealerships": [{"id": "d", "slug": "d", "name": "D"}]}`
	tests := []struct {
		name, file, body string
		wantErr          []string
	}{
		{"named for its slug", "acme.json", strings.Replace(valid, "%s", "acme", 1), nil},
		{"file name differs from slug", "other.json", strings.Replace(valid, "%s", "acme", 1), []string{"acme", "acme.json"}},
		{"unknown field", "acme.json", `{"slug": "acme", "name": "A", "colour": "red", "dealerships": [{"id": "d", "slug": "d", "name": "D"}]}`, []string{"acme.json", "colour"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Given a tenants folder with one file
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, tt.file), []byte(tt.body), 0o644); err != nil {
				t.Fatal(err)
			}
			// When the tenants are loaded
			tenants, err := LoadTenants(dir)
			// Then a bad file is an error naming it and the problem
			if tt.wantErr == nil {
				if err != nil || len(tenants) != 1 || !strings.Contains(tenants[0].Config, `"slug":"acme"`) {
					t.Fatalf("got %v, %v; want the acme tenant", tenants, err)
				}
				return
			}
			if err == nil {
				t.Fatalf("got no error, want one mentioning %q", tt.wantErr)
			}
			for _, want := range tt.wantErr {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not mention %q", err, want)
				}
			}
		})
	}
}

// One tenant loader (issue 8): the file `make dev` used to accept, a site
// in a file not named for its slug, is refused here exactly as the dev
// gateway refuses it (devgateway TestRunRejectsAMisnamedTenantFile loads
// the same file).
func TestLoadTenantsRejectsTheMisnamedFile(t *testing.T) {
	_, err := LoadTenants("../functions/tenantfile/testdata/misnamed")
	if err == nil || !strings.Contains(err.Error(), "other.json") || !strings.Contains(err.Error(), "acme.json") {
		t.Fatalf("got %v, want the misnamed file rejected", err)
	}
}

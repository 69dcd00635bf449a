package tenantschema

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const minimal = `{"$schema": "../tenant.schema.json", "slug": "acme-cars", "id": "site-acme", "name": "Acme Cars",
 "dealerships": [{"id": "d1", "slug": "acme", "name": "Acme"}]`

// Issue 35: `forecourt tenants check FILE` prints every problem of a tenant
// file with its JSON path, whether the schema (types, unknown keys) or
// Site.Validate (the semantic rules) finds it.
func TestCheckNamesEveryProblemByPath(t *testing.T) {
	c, err := NewChecker()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		json string
		want []string // "path: message substring", in any order
	}{
		{"valid", minimal + `}`, nil},
		{"unknown nested key", minimal + `, "search": {"sort_optionz": []}}`, []string{"search.sort_optionz: unknown field"}},
		{"wrong type deep in a list", minimal + `, "locations": [{"id": "l1", "name": "Y", "dealership_slug": "acme", "address": {"lat": "x"}, "contact_detail": {}}]}`,
			[]string{"locations[0].address.lat: "}},
		{"rule of Site.Validate", `{"slug": "acme-cars", "name": "A", "dealerships": [{"slug": "a", "name": "A"}, {"slug": "a", "name": "B"}]}`,
			[]string{"dealerships[1].slug: duplicate"}},
		{"several at once", minimal + `, "theme": {"primary_color": "blue"}, "features": {"compare": 1}, "colour_scheme": "red"}`,
			[]string{"theme.primary_color: \"blue\" is not a hex colour", "features.compare: ", "colour_scheme: unknown field"}},
		{"offer manufacturer as a name or an object", minimal + `, "offers": [{"id": "o1", "name": "T", "manufacturer": "Toyota"}, {"id": "o2", "name": "U", "manufacturer": {"name": "Kia"}}]}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := c.Check("x.json", []byte(tt.json))
			var lines []string
			for _, p := range got {
				lines = append(lines, p.String())
			}
			if len(tt.want) == 0 && len(got) > 0 {
				t.Fatalf("got problems %q, want none", lines)
			}
			for _, w := range tt.want {
				if !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, w) }) {
					t.Errorf("no problem %q among %q", w, lines)
				}
			}
		})
	}
}

// Issue 35: every tenant file names the schema and satisfies it, so an
// editor opening one completes and checks it.
func TestTenantFilesNameAndSatisfyTheSchema(t *testing.T) {
	c, err := NewChecker()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("../../../infra/tenants/*.json")
	if len(files) == 0 {
		t.Fatal("no tenant files")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var top struct {
				Schema string `json:"$schema"`
			}
			if err := json.Unmarshal(data, &top); err != nil || top.Schema != Ref {
				t.Errorf(`"$schema" is %q, want %q`, top.Schema, Ref)
			}
			for _, p := range c.Check(f, data) {
				t.Errorf("%s", p)
			}
		})
	}
}

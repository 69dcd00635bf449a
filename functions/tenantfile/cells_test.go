package tenantfile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"forecourt/functions/internal/tenantschema"
	"forecourt/shared"
)

func sitesIn(cells ...int) []shared.Site {
	var sites []shared.Site
	for i, c := range cells {
		sites = append(sites, shared.Site{Slug: fmt.Sprintf("s%d", i), EdgeCell: c})
	}
	return sites
}

func repeat(cell, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = cell
	}
	return out
}

func TestNextCell(t *testing.T) {
	tests := []struct {
		name  string
		cells []int
		want  int
	}{
		{"no tenants", nil, 1},
		{"room in the first", repeat(1, CellSize-1), 1},
		{"first full", repeat(1, CellSize), 2},
		// A cell emptied by an offboarding is filled before a new one is made.
		{"gap below", append(repeat(1, CellSize), append(repeat(2, 3), repeat(3, CellSize)...)...), 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := NextCell(sitesIn(tt.cells...)); got != tt.want {
				t.Errorf("NextCell = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestCheckCells(t *testing.T) {
	if err := CheckCells(sitesIn(append(repeat(1, CellSize), 2)...)); err != nil {
		t.Errorf("full cells: %v", err)
	}
	err := CheckCells(sitesIn(append(repeat(1, CellSize+1), 0)...))
	for _, want := range []string{"edge cell 1 holds 91 tenants", "edge_cell: required"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CheckCells = %v, want it to say %q", err, want)
		}
	}
}

// A new tenant loads as it is written, joins the first cell with room, and
// existing tenants keep their cells.
func TestCreate(t *testing.T) {
	dir := t.TempDir()
	for i := 0; i < CellSize; i++ {
		if _, cell, err := Create(dir, fmt.Sprintf("dealer-%d", i), "Dealer"); err != nil || cell != 1 {
			t.Fatalf("tenant %d: cell %d, %v", i, cell, err)
		}
	}
	path, cell, err := Create(dir, "next-dealer", "Next Dealer")
	if err != nil || cell != 2 {
		t.Fatalf("Create = cell %d, %v; want cell 2", cell, err)
	}
	site, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if site.Slug != "next-dealer" || site.Name != "Next Dealer" || site.EdgeCell != 2 || len(site.Dealerships) != 1 {
		t.Errorf("loaded %+v", site)
	}
	if filepath.Base(path) != "next-dealer.json" {
		t.Errorf("path %s", path)
	}
	// Issue 35: a new tenant file names the schema, for the editor.
	if data, err := os.ReadFile(path); err != nil || !strings.Contains(string(data), `"$schema": "`+tenantschema.Ref+`"`) {
		t.Errorf("the new file does not name the schema %s:\n%s", tenantschema.Ref, data)
	}
	if _, _, err := Create(dir, "next-dealer", "Again"); err == nil {
		t.Error("Create over an existing file succeeded")
	}
	if _, _, err := Create(dir, "Bad Slug", "X"); err == nil {
		t.Error("Create with a bad slug succeeded")
	}
	sites, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckCells(sites); err != nil {
		t.Error(err)
	}
}

package tenantfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"

	"forecourt/functions/internal/tenantschema"
	"forecourt/shared"
)

// CellSize is how many tenants share one edge cell: the CloudFront parts a
// cell owns (its function, origin access control and policies) may each
// serve at most 100 distributions, so a cell stays below that with room for
// the odd extra distribution (docs/scaling.md).
const CellSize = 90

// CellCounts returns how many sites each cell holds.
func CellCounts(sites []shared.Site) map[int]int {
	counts := map[int]int{}
	for _, s := range sites {
		counts[s.EdgeCell]++
	}
	return counts
}

// NextCell is the cell a new site joins: the lowest-numbered cell with room.
// Filling the lowest first keeps the number of cells (and so of functions and
// policies in the account) as small as the tenants allow; sites already
// placed never move.
func NextCell(sites []shared.Site) int {
	counts := CellCounts(sites)
	for cell := 1; ; cell++ {
		if counts[cell] < CellSize {
			return cell
		}
	}
}

// CheckCells reports every site without a cell and every cell over
// CellSize, naming the sites' files.
func CheckCells(sites []shared.Site) error {
	var errs []error
	byCell := map[int][]string{}
	for _, s := range sites {
		if s.EdgeCell < 1 {
			errs = append(errs, &shared.FileError{File: s.Slug + ".json",
				Err: shared.FieldError("edge_cell", "required: the edge cell of the site's distribution (`forecourt tenants new` picks one)")})
			continue
		}
		byCell[s.EdgeCell] = append(byCell[s.EdgeCell], s.Slug)
	}
	cells := make([]int, 0, len(byCell))
	for c := range byCell {
		cells = append(cells, c)
	}
	sort.Ints(cells)
	for _, c := range cells {
		if n := len(byCell[c]); n > CellSize {
			errs = append(errs, fmt.Errorf("edge cell %d holds %d tenants, more than %d (last: %s): give the newest another cell",
				c, n, CellSize, byCell[c][n-1]))
		}
	}
	return errors.Join(errs...)
}

var newSlugRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Create writes dir/<slug>.json for a new dealer: the smallest valid site
// (one dealership named like the site, every other field at its default)
// in the first edge cell with room, and returns the file's path and cell.
// It refuses a slug that already has a file.
func Create(dir, slug, name string) (string, int, error) {
	if !newSlugRE.MatchString(slug) {
		return "", 0, fmt.Errorf("new tenant: %q is not a slug (lower-case letters and digits joined by single hyphens)", slug)
	}
	if name == "" {
		return "", 0, errors.New("new tenant: a name is required")
	}
	path := filepath.Join(dir, slug+".json")
	if _, err := os.Stat(path); err == nil {
		return "", 0, fmt.Errorf("new tenant: %s exists", path)
	}
	sites, err := Load(dir)
	if err != nil {
		return "", 0, fmt.Errorf("new tenant: %w", err)
	}
	cell := NextCell(sites)
	// The smallest file that loads: defaults fill the rest (shared.ApplyDefaults).
	file := map[string]any{
		// The schema, relative to infra/tenants, for editors (issue 35).
		"$schema": tenantschema.Ref,
		"slug":    slug,
		"id":      "site-" + slug,
		"name":    name,
		"dealerships": []map[string]string{
			{"id": "dlr-" + slug, "slug": slug, "name": name},
		},
		"edge_cell": cell,
	}
	data, err := json.MarshalIndent(file, "", "  ")
	if err != nil {
		return "", 0, fmt.Errorf("new tenant %s: %w", slug, err)
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		return "", 0, fmt.Errorf("new tenant %s: %w", slug, err)
	}
	if _, err := LoadFile(path); err != nil {
		os.Remove(path)
		return "", 0, fmt.Errorf("new tenant %s: the template does not load: %w", slug, err)
	}
	return path, cell, nil
}

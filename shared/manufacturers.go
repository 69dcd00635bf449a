package shared

import (
	_ "embed"
	"fmt"
)

// manufacturersJSON is the built-in manufacturer list (spec 001 §3
// "Manufacturer: id, name, slug, logo.url"). The web reads the same file
// (web/src/lib/manufacturers.ts), so the two cannot drift.
//
//go:embed manufacturers.json
var manufacturersJSON []byte

// manufacturerRow is one row of the built-in list: the manufacturer and
// the other spellings feeds use for its name.
type manufacturerRow struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Slug    string   `json:"slug"`
	Logo    ImageRef `json:"logo"`
	Aliases []string `json:"aliases,omitempty"`
}

func (r manufacturerRow) manufacturer() Manufacturer {
	logo := r.Logo
	return Manufacturer{ID: r.ID, Name: r.Name, Slug: r.Slug, Logo: &logo}
}

// manufacturerTable is the parsed list; manufacturerIndex finds a row by
// the squashed name, slug or alias.
var manufacturerTable, manufacturerIndex = func() ([]manufacturerRow, map[string]int) {
	var rows []manufacturerRow
	if err := decodeStrict(manufacturersJSON, &rows); err != nil {
		panic(fmt.Sprintf("shared/manufacturers.json: %v", err)) // checked in; a test reads it too
	}
	index := make(map[string]int, 2*len(rows))
	for i, r := range rows {
		index[Squash(r.Name)] = i
		index[Squash(r.Slug)] = i
		for _, a := range r.Aliases {
			index[Squash(a)] = i
		}
	}
	return rows, index
}()

// applyManufacturerDefaults completes a franchised site's manufacturer from
// the built-in list: the canonical name, and the id, slug and logo it leaves
// out. A manufacturer not in the list keeps what the tenant file says.
func applyManufacturerDefaults(m *Manufacturer) {
	if m == nil {
		return
	}
	known, ok := ManufacturerNamed(m.Name)
	if !ok {
		return
	}
	m.Name = known.Name
	if m.ID == "" {
		m.ID = known.ID
	}
	if m.Slug == "" {
		m.Slug = known.Slug
	}
	if m.Logo == nil || m.Logo.URL == "" {
		m.Logo = known.Logo
	}
}

// Manufacturers returns the built-in list, A to Z by name.
func Manufacturers() []Manufacturer {
	out := make([]Manufacturer, len(manufacturerTable))
	for i, r := range manufacturerTable {
		out[i] = r.manufacturer()
	}
	return out
}

// ManufacturerNamed finds a manufacturer by any spelling of its name, its
// slug or an alias, ignoring case, spaces and punctuation: "TOYOTA",
// "land-rover", "VW".
func ManufacturerNamed(raw string) (Manufacturer, bool) {
	i, ok := manufacturerIndex[Squash(raw)]
	if !ok {
		return Manufacturer{}, false
	}
	return manufacturerTable[i].manufacturer(), true
}

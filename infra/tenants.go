package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"forecourt/shared"
)

// Tenant is one infra/tenants/<slug>.json file: the typed site and the
// file's JSON, which is what the sites table stores.
type Tenant struct {
	Site shared.Site
	// Config is the file's JSON, compacted.
	Config string
}

// LoadTenants reads every *.json file in dir, in name order. A file must
// decode into shared.Site without unknown fields and be named for its slug.
func LoadTenants(dir string) ([]Tenant, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, fmt.Errorf("list tenants in %s: %w", dir, err)
	}
	sort.Strings(paths)
	tenants := make([]Tenant, 0, len(paths))
	for _, path := range paths {
		t, err := loadTenant(path)
		if err != nil {
			return nil, err
		}
		tenants = append(tenants, t)
	}
	return tenants, nil
}

func loadTenant(path string) (Tenant, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return Tenant{}, fmt.Errorf("tenant %s: %w", path, err)
	}
	var t Tenant
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&t.Site); err != nil {
		return Tenant{}, fmt.Errorf("tenant %s: %w", path, err)
	}
	if want := strings.TrimSuffix(filepath.Base(path), ".json"); t.Site.Slug != want {
		return Tenant{}, fmt.Errorf("tenant %s: slug %q does not match the file name %q", path, t.Site.Slug, want)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		return Tenant{}, fmt.Errorf("tenant %s: %w", path, err)
	}
	t.Config = compact.String()
	return t, nil
}

package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"forecourt/shared"
)

// Tenant is one infra/tenants/<slug>.json file: the validated site with its
// defaults applied, and the JSON the sites table stores for it.
type Tenant struct {
	Site shared.Site
	// Config is the site as JSON, the same form the local seeding writes
	// (dynamo.SiteStore.SaveSite), so readers need no defaults of their own.
	Config string
}

// LoadTenants loads and validates every *.json file in dir (shared.LoadSites)
// and checks that each file is named for its slug, which names its stack.
func LoadTenants(dir string) ([]Tenant, error) {
	sites, err := shared.LoadSites(dir)
	if err != nil {
		return nil, fmt.Errorf("tenants: %w", err)
	}
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, fmt.Errorf("tenants %s: %w", dir, err)
	}
	files := map[string]bool{}
	for _, p := range paths {
		files[strings.TrimSuffix(filepath.Base(p), ".json")] = true
	}
	tenants := make([]Tenant, 0, len(sites))
	for _, s := range sites {
		if !files[s.Slug] {
			return nil, fmt.Errorf("tenants %s: site %q must be in %s.json", dir, s.Slug, s.Slug)
		}
		config, err := json.Marshal(s)
		if err != nil {
			return nil, fmt.Errorf("tenant %s: encode: %w", s.Slug, err)
		}
		tenants = append(tenants, Tenant{Site: s, Config: string(config)})
	}
	return tenants, nil
}

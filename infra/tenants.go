package main

import (
	"encoding/json"
	"fmt"
	"slices"

	"forecourt/functions/tenantfile"
	"forecourt/shared"
)

// Tenant is one infra/tenants/<slug>.json file: the validated site with its
// defaults applied, and the JSON the sites table stores for it.
type Tenant struct {
	Site shared.Site
	// Config is the site as JSON, the same form the local seeding writes
	// (dynamo.SiteStore.SaveSite), so readers need no defaults of their own.
	Config string
	// Pages is the site's content pages as JSON, path to Markdown source
	// (tenantfile.LoadPages: infra/tenants/_defaults/pages, the site's
	// dealer type's _defaults/<dealer_type>/pages and
	// infra/tenants/<slug>/pages over them), stored beside Config in the
	// sites item's `pages`, where the api Lambda reads them.
	Pages string
}

// LoadTenants loads every *.json file in dir with the loader the dev
// gateway uses (tenantfile.Load: strict, validated, each file named for its
// slug, which names its stack).
func LoadTenants(dir string) ([]Tenant, error) {
	sites, err := tenantfile.Load(dir)
	if err != nil {
		return nil, fmt.Errorf("tenants: %w", err)
	}
	tenants := make([]Tenant, 0, len(sites))
	for _, s := range sites {
		config, err := json.Marshal(s)
		if err != nil {
			return nil, fmt.Errorf("tenant %s: encode: %w", s.Slug, err)
		}
		pages, err := tenantfile.LoadPages(dir, s)
		if err != nil {
			return nil, fmt.Errorf("tenant %s: %w", s.Slug, err)
		}
		pagesJSON, err := json.Marshal(pages)
		if err != nil {
			return nil, fmt.Errorf("tenant %s: encode pages: %w", s.Slug, err)
		}
		tenants = append(tenants, Tenant{Site: s, Config: string(config), Pages: string(pagesJSON)})
	}
	return tenants, nil
}

// WebhookSecretNames are the signing secrets the tenants' dealership
// webhooks name, sorted, each once (a group may share one).
func WebhookSecretNames(tenants []Tenant) []string {
	var names []string
	for _, t := range tenants {
		for _, d := range t.Site.Dealerships {
			if d.Webhook != nil && !slices.Contains(names, d.Webhook.SecretName) {
				names = append(names, d.Webhook.SecretName)
			}
		}
	}
	slices.Sort(names)
	return names
}

// Package tenantfile loads the tenant files, infra/tenants/<slug>.json: the
// one loader, with one set of rules, that both the dev gateway (seeding the
// sites table locally) and the CDK app (one stack per tenant, writing the
// sites table in AWS) use, so `make dev` accepts exactly the files
// `cdk synth` accepts. Decoding and validation are shared.DecodeSite's,
// pure functions in the domain; the files are this package's.
package tenantfile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"forecourt/functions/httpapi/route"
	"forecourt/shared"
)

// Load reads every *.json file in dir, sorted by slug. Each file is decoded
// strictly, given its defaults and validated (shared.DecodeSite); it must be
// named for its slug, which names its stack (and so no two files share a
// slug). Every bad file is reported (errors joined), each error
// naming the file and the field.
func Load(dir string) ([]shared.Site, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("load tenants: %w", err)
	}
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, fmt.Errorf("load tenants %s: %w", dir, err)
	}
	var (
		sites []shared.Site
		errs  []error
	)
	for _, p := range paths {
		s, err := LoadFile(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if want := s.Slug + ".json"; filepath.Base(p) != want {
			errs = append(errs, &shared.FileError{File: p, Err: shared.FieldError("slug", "site %q must be in %s, named for its slug", s.Slug, want)})
			continue
		}
		sites = append(sites, s)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	slices.SortFunc(sites, func(a, b shared.Site) int { return strings.Compare(a.Slug, b.Slug) })
	return sites, nil
}

// LoadFile reads and validates one tenant file (shared.DecodeSite).
func LoadFile(path string) (shared.Site, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return shared.Site{}, fmt.Errorf("load tenant: %w", err)
	}
	site, err := shared.DecodeSite(bytes.NewReader(data), path)
	if err != nil {
		return shared.Site{}, err
	}
	if err := route.CheckSitePaths(site.Features); err != nil {
		return shared.Site{}, fmt.Errorf("%s: %w", path, err)
	}
	return site, nil
}

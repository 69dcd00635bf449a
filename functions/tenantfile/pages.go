package tenantfile

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"forecourt/shared"
)

// DefaultPagesDir is the folder, beside the tenant files, of the content
// pages every site has unless it ships its own page at the same path.
const DefaultPagesDir = "_defaults"

// LoadPages returns the Markdown content pages of site, keyed by the URL
// path they answer without its slashes ("service", "pages/warranty",
// "brands/jeep"): the shared defaults in dir/_defaults/pages, then the
// pages worded for the site's dealer type in dir/_defaults/<dealer_type>/
// pages (a franchise's warranty is the maker's, an independent yard's is
// the statutory one: issue 32 item 9), then the site's own in
// dir/<slug>/pages, each replacing or adding to the last. Missing folders
// mean no pages. The sources are returned as written; rendering and front
// matter checks are functions/pages'.
func LoadPages(dir string, site shared.Site) (map[string]string, error) {
	slug := site.Slug
	out := map[string]string{}
	dealerType := site.DealerType
	if dealerType == "" {
		dealerType = shared.DefaultDealerType(site)
	}
	for _, base := range []string{DefaultPagesDir, filepath.Join(DefaultPagesDir, string(dealerType)), slug} {
		root := filepath.Join(dir, base, "pages")
		if _, err := os.Stat(root); os.IsNotExist(err) {
			continue
		}
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || filepath.Ext(p) != ".md" {
				return nil
			}
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[strings.ToLower(strings.TrimSuffix(filepath.ToSlash(rel), ".md"))] = string(b)
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("load pages of %s from %s: %w", slug, root, err)
		}
	}
	return out, nil
}

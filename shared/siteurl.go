package shared

import (
	"net/url"
	"strings"
)

// PrimaryOrigin is the scheme and host of the site's public address: its
// primary domain (the first of Domains) over https, lower-cased; "" when
// the site has no domain (a local-only site). Canonical URLs, sitemaps and
// the lead e-mail's link to the car all start from it.
func (s Site) PrimaryOrigin() string {
	for _, d := range s.Domains {
		if d = strings.TrimSpace(d); d != "" {
			return "https://" + strings.ToLower(d)
		}
	}
	return ""
}

// CarPath is the path of a car's page on its site: /cars/{slug}.
func CarPath(slug string) string { return "/cars/" + url.PathEscape(slug) }

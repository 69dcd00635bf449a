// Package media provides the stores behind GET /media/{proxy...}
// (httpapi.MediaStore) that production needs: dealer logos drawn from the
// site configs. The demo car images are the demo package's, mounted only by
// the dev gateway, so demo code stays out of the Lambdas.
package media

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"forecourt/shared"
)

// Store is what httpapi.MediaStore asks of a store.
type Store interface {
	Media(ctx context.Context, name string, query url.Values) (body []byte, contentType string, err error)
}

const svgType = "image/svg+xml"

// Union serves a name from the first store that holds it.
type Union []Store

// Media implements httpapi.MediaStore.
func (u Union) Media(ctx context.Context, name string, query url.Values) ([]byte, string, error) {
	for _, s := range u {
		body, contentType, err := s.Media(ctx, name, query)
		if shared.ErrorCode(err) != shared.ENOTFOUND {
			return body, contentType, err
		}
	}
	return nil, "", shared.Errorf(shared.ENOTFOUND, "no media at %q", name)
}

// SiteLister lists the site configs (dynamo.SiteStore).
type SiteLister interface {
	ListSites(ctx context.Context) ([]shared.Site, error)
}

// LogosMaxAge is how long Logos keeps the sites it read: a dealer
// onboarded, renamed or rebranded by a deploy shows in warm Lambda
// containers within it (CloudFront caches each logo for a day anyway).
const LogosMaxAge = 5 * time.Minute

// Logos serves logos/{slug}.svg for every site and each of its
// dealerships: a wordmark drawn in the site's theme. The sites are read on
// first use and again once LogosMaxAge has passed; a failed read is
// retried on the next request.
type Logos struct {
	sites  SiteLister
	now    func() time.Time
	mu     sync.Mutex
	logos  map[string][]byte // by site or dealership slug
	loaded time.Time
}

// NewLogos returns the logos of the sites the lister lists.
func NewLogos(sites SiteLister) *Logos { return &Logos{sites: sites, now: time.Now} }

// Media implements httpapi.MediaStore.
func (l *Logos) Media(ctx context.Context, name string, _ url.Values) ([]byte, string, error) {
	file, ok := strings.CutPrefix(name, "logos/")
	slug, svg := strings.CutSuffix(file, ".svg")
	if !ok || !svg || slug == "" || strings.Contains(slug, "/") {
		return nil, "", shared.Errorf(shared.ENOTFOUND, "no media at %q", name)
	}
	logos, err := l.load(ctx)
	if err != nil {
		return nil, "", err
	}
	logo, found := logos[slug]
	if !found {
		return nil, "", shared.Errorf(shared.ENOTFOUND, "no logo for %q", slug)
	}
	return logo, svgType, nil
}

func (l *Logos) load(ctx context.Context) (map[string][]byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if l.logos != nil && now.Sub(l.loaded) < LogosMaxAge {
		return l.logos, nil
	}
	sites, err := l.sites.ListSites(ctx)
	if err != nil {
		return nil, fmt.Errorf("load sites for logos: %w", err)
	}
	logos := map[string][]byte{}
	for _, s := range sites {
		logos[s.Slug] = []byte(LogoSVG(s))
		for _, d := range s.Dealerships {
			if _, ok := logos[d.Slug]; !ok {
				ds := s
				ds.Name = d.Name
				logos[d.Slug] = []byte(LogoSVG(ds))
			}
		}
	}
	l.logos, l.loaded = logos, now
	return logos, nil
}

// Sites lists a fixed set of sites, for a process that has them already
// (the dev gateway, from the tenant files).
type Sites []shared.Site

// ListSites implements SiteLister.
func (s Sites) ListSites(context.Context) ([]shared.Site, error) { return s, nil }

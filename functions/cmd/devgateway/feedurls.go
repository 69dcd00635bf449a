package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"forecourt/functions/syndication"
	"forecourt/functions/syndication/publish"
	"forecourt/shared"
)

// feedURLs writes each demo dealership's vehicle feeds where none are
// stored yet (a .data from before issue 37) and lists their URLs on the
// gateway, one line per dealership and format, for `make dev` to print.
func feedURLs(ctx context.Context, pub *publish.Publisher, tenants []shared.Site, port int) ([]string, error) {
	if pub == nil {
		return nil, nil
	}
	lines := []string{"Vehicle feeds (Google TSV, Meta and TikTok CSV; the token in each URL is the key):"}
	var errs []error
	for _, s := range tenants {
		origin := strings.TrimSuffix(siteURL(s.Slug, port), "/")
		for _, d := range s.Dealerships {
			if _, err := pub.FillFeeds(ctx, d.Slug, []shared.Site{s}); err != nil {
				errs = append(errs, err)
			}
			urls, err := pub.URLs(ctx, s, origin, d.Slug)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			for _, f := range syndication.Formats {
				if u, ok := urls[f]; ok {
					lines = append(lines, fmt.Sprintf("  %-20s %-6s %s", d.Slug, f, u))
				}
			}
		}
	}
	if len(lines) == 1 {
		lines = nil
	}
	return lines, errors.Join(errs...)
}

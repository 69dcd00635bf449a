package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"forecourt/functions/platform"
	"forecourt/functions/syndication"
	"forecourt/functions/syndication/publish"
	"forecourt/shared"
)

// errNoFeedStore is the answer when the environment names no feed store.
var errNoFeedStore = errors.New("no vehicle feed store: set FORECOURT_SITEMAPS_BUCKET (AWS) or FORECOURT_FEEDS_DIR (locally .data/feeds)")

func feedPlatform(ctx context.Context) (*platform.Platform, *publish.Publisher, error) {
	p, err := platform.FromEnv(ctx)
	if err != nil {
		return nil, nil, err
	}
	pub := p.Publisher()
	if pub == nil {
		return nil, nil, errNoFeedStore
	}
	return p, pub, nil
}

// feedsCommand runs `forecourt feeds rotate|urls` (issue 37).
func feedsCommand(ctx context.Context, sub string, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("feeds "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	dealership := fs.String("dealership", "", "dealership slug (required)")
	siteSlug := fs.String("site", "", "site slug (default: every site listing the dealership)")
	format := fs.String("format", "", "google, meta or tiktok (rotate: required)")
	origin := fs.String("origin", "", "origin the URLs start with (default: each site's primary domain over https)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dealership == "" {
		return shared.FieldError("dealership", "required")
	}
	f, ok := syndication.ParseFormat(*format)
	if sub == "rotate" && !ok {
		return shared.FieldError("format", "want google, meta or tiktok, got %q", *format)
	}
	p, pub, err := feedPlatform(ctx)
	if err != nil {
		return err
	}
	sites, err := p.Sites().SitesOf(ctx, *dealership)
	if err != nil {
		return fmt.Errorf("sites of %s: %w", *dealership, err)
	}
	done := 0
	for _, site := range sites {
		if *siteSlug != "" && site.Slug != *siteSlug {
			continue
		}
		base := cmp.Or(*origin, site.PrimaryOrigin())
		switch sub {
		case "rotate":
			if !f.Enabled(site) {
				continue
			}
			token, err := pub.Rotate(ctx, site, *dealership, f)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "%s %s %s: new URL (the old one answers 404 now):\n  %s\n", site.Slug, *dealership, f, base+publish.FeedPath(*dealership, token, f))
		case "urls":
			urls, err := pub.URLs(ctx, site, base, *dealership)
			if err != nil {
				return err
			}
			for _, g := range syndication.Formats {
				if u, ok := urls[g]; ok {
					fmt.Fprintf(stdout, "%s %s %-6s %s\n", site.Slug, *dealership, g, u)
				}
			}
		default:
			return fmt.Errorf("unknown feeds command %q", sub)
		}
		done++
	}
	if done == 0 {
		return shared.Errorf(shared.ENOTFOUND, "no site listing %s publishes %s", *dealership, cmp.Or(*format, "a vehicle feed"))
	}
	return nil
}

// stockHealth runs `forecourt stock health --dealership SLUG [--json]`:
// which cars each vehicle feed drops, and why.
func stockHealth(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("stock health", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dealership := fs.String("dealership", "", "dealership slug (required)")
	asJSON := fs.Bool("json", false, "print the report as GET /ingest/v1/dealerships/{slug}/health answers it")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dealership == "" {
		return shared.FieldError("dealership", "required")
	}
	p, pub, err := feedPlatform(ctx)
	if err != nil {
		return err
	}
	sites, err := p.Sites().SitesOf(ctx, *dealership)
	if err != nil {
		return fmt.Errorf("sites of %s: %w", *dealership, err)
	}
	// Unlike the API, which only reads, the command builds a site's report
	// that is not stored yet: it has no request deadline to outlast.
	if _, err := pub.FillFeeds(ctx, *dealership, sites); err != nil {
		return err
	}
	reports, _, err := pub.DealershipHealth(ctx, *dealership, sites)
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(map[string]any{"dealership": *dealership, "sites": reports})
	}
	if len(reports) == 0 {
		fmt.Fprintf(stdout, "%s: no site listing it publishes a vehicle feed\n", *dealership)
		return nil
	}
	writeHealth(stdout, reports)
	return nil
}

// writeHealth prints each site's formats and their dropped cars.
func writeHealth(w io.Writer, reports []syndication.Health) {
	for _, h := range reports {
		fmt.Fprintf(w, "%s on %s (built %s)\n", h.Dealership, h.Site, h.BuiltAt.Format("2006-01-02 15:04 MST"))
		for _, f := range h.Formats {
			fmt.Fprintf(w, "  %s\n", f.Summary())
			for _, d := range f.Dropped {
				reasons := make([]string, len(d.Reasons))
				for i, r := range d.Reasons {
					reasons[i] = string(r)
				}
				line := fmt.Sprintf("    %-10s %-40s %s", cmp.Or(d.StockNum, d.CarID), d.Title, strings.Join(reasons, ", "))
				if d.Detail != "" {
					line += " (" + d.Detail + ")"
				}
				fmt.Fprintln(w, strings.TrimRight(line, " "))
			}
		}
	}
}

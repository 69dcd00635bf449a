// Package publish keeps each dealership's vehicle feeds (issue 37) as
// stored objects, derived data like the sitemap lists: rewritten after
// every feed run, reindex, sweep and reservation change of the dealership,
// read with one GET when a platform fetches them, and guarded by a
// per-feed token that only the dealer's feed URL carries.
//
// Layout, under the store's prefix (feeds/ in the sitemaps bucket, or
// .data/feeds locally):
//
//	sites/{site}/dealerships/{dealership}/{format}.{tsv|csv}
//	sites/{site}/dealerships/{dealership}/health.json   (syndication.Health)
//	sites/{site}/dealerships/{dealership}/tokens.json   ({format: token})
package publish

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/url"
	"strings"
	"time"

	"forecourt/functions/syndication"
	"forecourt/functions/visible"
	"forecourt/shared"
)

// Objects stores the files by key (sitemaps.S3Objects with prefix feeds/
// in AWS, sitemaps.DirObjects locally).
type Objects interface {
	// Get is the object's body; shared.ENOTFOUND when absent.
	Get(ctx context.Context, key string) (body []byte, version string, err error)
	Put(ctx context.Context, key string, body []byte) error
	// Swap writes the object only if its version is still version ("" =
	// absent); shared.ECONFLICT when another writer came first.
	Swap(ctx context.Context, key string, body []byte, version string) error
}

// CarReader reads a dealership's cars from the source of truth
// (dynamo.CarStore).
type CarReader interface {
	StoredCars(ctx context.Context, dealershipSlug string) ([]shared.StoredCar, error)
}

// Publisher writes and reads the feeds.
type Publisher struct {
	Cars    CarReader
	Objects Objects
	// Now is the clock (default time.Now); Rand the token source (default
	// crypto/rand).
	Now  func() time.Time
	Rand io.Reader
	// Origin, when set, replaces a site's primary domain in the feeds'
	// links (the dev gateway's http://{site}.localhost:PORT; never in AWS).
	Origin func(site shared.Site) string
}

func (p *Publisher) now() time.Time {
	if p.Now != nil {
		return p.Now()
	}
	return time.Now()
}

func dir(site, dealership string) string {
	return "sites/" + site + "/dealerships/" + dealership + "/"
}

// FileKey is where a format's file is stored.
func FileKey(site, dealership string, f syndication.Format) string {
	return dir(site, dealership) + string(f) + "." + f.Ext()
}

// HealthKey is where the dealership's stock health on the site is stored.
func HealthKey(site, dealership string) string { return dir(site, dealership) + "health.json" }

// TokensKey is where the dealership's feed tokens on the site are stored.
func TokensKey(site, dealership string) string { return dir(site, dealership) + "tokens.json" }

// publishes reports whether the site publishes any format: it turns one
// on and has a domain to link its cars on.
func (p *Publisher) publishes(s shared.Site) bool {
	if s.PrimaryOrigin() == "" && p.Origin == nil {
		return false
	}
	for _, f := range syndication.Formats {
		if f.Enabled(s) {
			return true
		}
	}
	return false
}

// RefreshFeeds rewrites the dealership's feeds and health report on every
// site that lists it and publishes a format, from its stored cars, and
// returns how many cars each format drops (on a dealership listed by
// several sites, the most any site's feed drops). Feed runs, reindexes and
// sweeps call it under the dealership's lease; a reservation change calls
// it beside (the last writer's files are from the cars as they were then,
// and the next change rewrites them).
func (p *Publisher) RefreshFeeds(ctx context.Context, dealershipSlug string, sites []shared.Site) (map[string]int, error) {
	return p.refresh(ctx, dealershipSlug, sites, false)
}

// FillFeeds writes them only where the dealership's health report is
// missing (the sweep's catch-up: cars that predate the feeds, a format
// newly turned on), and returns the counts as stored.
func (p *Publisher) FillFeeds(ctx context.Context, dealershipSlug string, sites []shared.Site) (map[string]int, error) {
	return p.refresh(ctx, dealershipSlug, sites, true)
}

func (p *Publisher) refresh(ctx context.Context, slug string, sites []shared.Site, onlyMissing bool) (map[string]int, error) {
	now := p.now()
	var stored []shared.StoredCar
	read := false
	counts := map[string]int{}
	var errs []error
	for _, site := range sites {
		d, ok := site.Dealership(slug)
		if !ok || !p.publishes(site) {
			continue
		}
		if onlyMissing {
			h, ok, err := p.Health(ctx, site, slug)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if ok && sameFormats(h, site) {
				merge(counts, syndication.Counts(h))
				continue
			}
		}
		if !read {
			var err error
			if stored, err = p.Cars.StoredCars(ctx, slug); err != nil {
				return nil, fmt.Errorf("feeds: cars of %s: %w", slug, err)
			}
			read = true
		}
		h, err := p.write(ctx, site, d, stored, now)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		merge(counts, syndication.Counts(h))
	}
	return counts, errors.Join(errs...)
}

func merge(into, counts map[string]int) {
	for k, v := range counts {
		into[k] = max(into[k], v)
	}
}

// sameFormats reports whether a stored report covers exactly the formats
// the site publishes now.
func sameFormats(h syndication.Health, s shared.Site) bool {
	n := 0
	for _, f := range syndication.Formats {
		if f.Enabled(s) {
			n++
		}
	}
	if n != len(h.Formats) {
		return false
	}
	for _, fh := range h.Formats {
		if !fh.Format.Enabled(s) {
			return false
		}
	}
	return true
}

// write builds and stores the site's feeds of the dealership: the files,
// then the tokens (created once), then the health report, which marks the
// set complete.
func (p *Publisher) write(ctx context.Context, site shared.Site, d shared.Dealership, stored []shared.StoredCar, now time.Time) (syndication.Health, error) {
	shown, err := visible.For(site)
	if err != nil {
		return syndication.Health{}, fmt.Errorf("feeds: %w", err)
	}
	cars := make([]shared.Car, 0, len(stored))
	for _, c := range stored {
		if c.Available() && shown.Shows(c.Car, now) {
			cars = append(cars, c.Car)
		}
	}
	in := syndication.Input{Site: site, Dealership: d, Cars: cars}
	if p.Origin != nil {
		in.Origin = p.Origin(site)
	}
	results, h, err := syndication.BuildAll(in, now)
	if err != nil {
		return syndication.Health{}, fmt.Errorf("feeds of %s on %s: %w", d.Slug, site.Slug, err)
	}
	for _, r := range results {
		if err := p.Objects.Put(ctx, FileKey(site.Slug, d.Slug, r.Format), r.Body); err != nil {
			return syndication.Health{}, fmt.Errorf("feeds: %s of %s on %s: %w", r.Format, d.Slug, site.Slug, err)
		}
	}
	if _, err := p.tokens(ctx, site.Slug, d.Slug, true); err != nil {
		return syndication.Health{}, err
	}
	body, err := json.Marshal(h)
	if err != nil {
		return syndication.Health{}, fmt.Errorf("feeds: health of %s: %w", d.Slug, err)
	}
	if err := p.Objects.Put(ctx, HealthKey(site.Slug, d.Slug), body); err != nil {
		return syndication.Health{}, fmt.Errorf("feeds: health of %s on %s: %w", d.Slug, site.Slug, err)
	}
	return h, nil
}

// Health is the dealership's stored stock health on the site; ok is false
// when none is stored yet.
func (p *Publisher) Health(ctx context.Context, site shared.Site, dealership string) (syndication.Health, bool, error) {
	body, _, err := p.Objects.Get(ctx, HealthKey(site.Slug, dealership))
	if shared.ErrorCode(err) == shared.ENOTFOUND {
		return syndication.Health{}, false, nil
	}
	if err != nil {
		return syndication.Health{}, false, fmt.Errorf("feeds: health of %s on %s: %w", dealership, site.Slug, err)
	}
	var h syndication.Health
	if err := json.Unmarshal(body, &h); err != nil {
		return syndication.Health{}, false, nil // rebuilt by the next change or sweep
	}
	return h, true, nil
}

// DealershipHealth is the dealership's stored stock health on each site
// listing it that publishes a format, and the sites whose report is not
// built yet (none stored, or one of other formats than the site publishes
// now). It only reads: a 20,000-car dealership's feeds take longer to build
// than an API request may last, so the next feed run or the sweep's
// FillFeeds, under the dealership's lease, builds a pending site's.
func (p *Publisher) DealershipHealth(ctx context.Context, dealership string, sites []shared.Site) (reports []syndication.Health, pending []string, err error) {
	reports = []syndication.Health{}
	for _, site := range sites {
		if _, ok := site.Dealership(dealership); !ok || !p.publishes(site) {
			continue
		}
		h, ok, err := p.Health(ctx, site, dealership)
		if err != nil {
			return nil, nil, err
		}
		if !ok || !sameFormats(h, site) {
			pending = append(pending, site.Slug)
			continue
		}
		reports = append(reports, h)
	}
	return reports, pending, nil
}

// tokens reads the dealership's feed tokens on the site, creating the
// missing ones when create is set.
func (p *Publisher) tokens(ctx context.Context, site, dealership string, create bool) (map[string]string, error) {
	if !create {
		tokens, _, err := p.readTokens(ctx, site, dealership)
		return tokens, err
	}
	return p.updateTokens(ctx, site, dealership, func(map[string]string) {})
}

// readTokens is the stored tokens and their version ("" when none are).
func (p *Publisher) readTokens(ctx context.Context, site, dealership string) (map[string]string, string, error) {
	tokens := map[string]string{}
	body, version, err := p.Objects.Get(ctx, TokensKey(site, dealership))
	switch {
	case shared.ErrorCode(err) == shared.ENOTFOUND:
		return tokens, "", nil
	case err != nil:
		return nil, "", fmt.Errorf("feeds: tokens of %s on %s: %w", dealership, site, err)
	}
	if err := json.Unmarshal(body, &tokens); err != nil {
		return nil, "", fmt.Errorf("feeds: tokens of %s on %s unreadable: %w", dealership, site, err)
	}
	return tokens, version, nil
}

// tokenWriteAttempts bounds the compare-and-swap loop: each lost race means
// another writer stored its tokens, which the next read takes.
const tokenWriteAttempts = 5

// updateTokens applies change to the stored tokens, fills any format still
// without one and stores them only if no other writer did in between: a feed
// run, a reservation's rewrite and `forecourt feeds urls` may all create a
// dealership's first tokens at once, and a blind write would leave a URL
// already handed out pointing at a token that was overwritten.
func (p *Publisher) updateTokens(ctx context.Context, site, dealership string, change func(map[string]string)) (map[string]string, error) {
	key := TokensKey(site, dealership)
	for range tokenWriteAttempts {
		tokens, version, err := p.readTokens(ctx, site, dealership)
		if err != nil {
			return nil, err
		}
		before := maps.Clone(tokens)
		change(tokens)
		for _, f := range syndication.Formats {
			if tokens[string(f)] == "" {
				t, err := p.newToken()
				if err != nil {
					return nil, err
				}
				tokens[string(f)] = t
			}
		}
		if maps.Equal(before, tokens) {
			return tokens, nil
		}
		body, err := json.Marshal(tokens)
		if err != nil {
			return nil, err
		}
		err = p.Objects.Swap(ctx, key, body, version)
		if shared.ErrorCode(err) == shared.ECONFLICT {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("feeds: save %s: %w", key, err)
		}
		return tokens, nil
	}
	return nil, shared.Errorf(shared.ECONFLICT, "feeds: tokens of %s on %s changed %d times while being written", dealership, site, tokenWriteAttempts)
}

// tokenBytes is a token's entropy: 128 bits, not guessable.
const tokenBytes = 16

func (p *Publisher) newToken() (string, error) {
	src := p.Rand
	if src == nil {
		src = rand.Reader
	}
	b := make([]byte, tokenBytes)
	if _, err := io.ReadFull(src, b); err != nil {
		return "", fmt.Errorf("feeds: token: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// Rotate replaces the format's token (the old URL answers 404 at once)
// and returns the new one.
func (p *Publisher) Rotate(ctx context.Context, site shared.Site, dealership string, f syndication.Format) (string, error) {
	if _, ok := site.Dealership(dealership); !ok {
		return "", shared.Errorf(shared.ENOTFOUND, "site %s does not list dealership %s", site.Slug, dealership)
	}
	t, err := p.newToken()
	if err != nil {
		return "", err
	}
	tokens, err := p.updateTokens(ctx, site.Slug, dealership, func(tokens map[string]string) { tokens[string(f)] = t })
	if err != nil {
		return "", err
	}
	return tokens[string(f)], nil
}

// FeedPath is a feed's path on the site: /api/feeds/{dealership}/{token}/{format}.{ext}
// (under /api/, which robots.txt disallows and no sitemap lists).
func FeedPath(dealership, token string, f syndication.Format) string {
	return "/api/feeds/" + url.PathEscape(dealership) + "/" + token + "/" + string(f) + "." + f.Ext()
}

// URLs are the dealership's feed URLs on the site, by format, for the
// formats it publishes (creating tokens where missing).
func (p *Publisher) URLs(ctx context.Context, site shared.Site, origin, dealership string) (map[syndication.Format]string, error) {
	tokens, err := p.tokens(ctx, site.Slug, dealership, true)
	if err != nil {
		return nil, err
	}
	out := map[syndication.Format]string{}
	for _, f := range syndication.Formats {
		if f.Enabled(site) {
			out[f] = origin + FeedPath(dealership, tokens[string(f)], f)
		}
	}
	return out, nil
}

// FeedFile is the stored file a feed URL names: ENOTFOUND unless the site
// lists the dealership, publishes the format and the token is the
// format's current one.
func (p *Publisher) FeedFile(ctx context.Context, site shared.Site, dealership, token, file string) ([]byte, string, error) {
	notFound := shared.Errorf(shared.ENOTFOUND, "no such feed")
	name, ext, _ := strings.Cut(file, ".")
	f, ok := syndication.ParseFormat(name)
	if !ok || ext != f.Ext() || !f.Enabled(site) {
		return nil, "", notFound
	}
	if _, ok := site.Dealership(dealership); !ok {
		return nil, "", notFound
	}
	tokens, err := p.tokens(ctx, site.Slug, dealership, false)
	if err != nil {
		return nil, "", err
	}
	want := tokens[string(f)]
	if want == "" || subtle.ConstantTimeCompare([]byte(want), []byte(token)) != 1 {
		return nil, "", notFound
	}
	body, _, err := p.Objects.Get(ctx, FileKey(site.Slug, dealership, f))
	if shared.ErrorCode(err) == shared.ENOTFOUND {
		return nil, "", notFound
	}
	if err != nil {
		return nil, "", fmt.Errorf("feeds: %s of %s on %s: %w", f, dealership, site.Slug, err)
	}
	return body, f.ContentType(), nil
}

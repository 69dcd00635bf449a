package publish

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"forecourt/functions/sitemaps"
	"forecourt/functions/syndication"
	"forecourt/shared"
)

type fakeCars map[string][]shared.StoredCar

func (f fakeCars) StoredCars(_ context.Context, slug string) ([]shared.StoredCar, error) {
	return f[slug], nil
}

func site() shared.Site {
	s := shared.DefaultSite()
	s.Slug, s.Name, s.Domains = "acme-cars", "Acme Cars", []string{"www.acme.example"}
	s.Dealerships = []shared.Dealership{{ID: "d1", Slug: "acme", Name: "Acme Motors"}}
	s.Address = shared.Address{Street: "1 Main St", City: "Southport", State: "QLD", Postcode: "4215"}
	s.Syndication = &shared.SyndicationConfig{Google: shared.FeedFormatConfig{Enabled: true}, Meta: shared.FeedFormatConfig{Enabled: true}, TikTok: shared.FeedFormatConfig{Enabled: true}}
	return s
}

func car(id string) shared.StoredCar {
	return shared.StoredCar{Car: shared.Car{
		ID: id, Slug: "car-" + id, Year: 2021, Make: "Toyota", Model: "Corolla", CarType: shared.CarTypeUsed,
		Status: shared.StatusInStock, Price: 24990, VIN: "JTDBR32E720123456", KM: 35120, SimpleBody: shared.BodyHatch,
		PrimaryImageURL: "/media/photos/" + id + ".jpg", DealershipSlug: "acme", ShowOnDealerWebsite: true,
	}}
}

func newPublisher(t *testing.T, cars fakeCars) *Publisher {
	return &Publisher{Cars: cars, Objects: &sitemaps.DirObjects{Dir: t.TempDir()},
		Now: func() time.Time { return time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC) }}
}

// fetch is what a platform gets from a feed URL's path.
func fetch(p *Publisher, s shared.Site, rawURL string) ([]byte, error) {
	path := strings.TrimPrefix(rawURL, "https://www.acme.example/api/feeds/")
	parts := strings.Split(path, "/")
	body, _, err := p.FeedFile(context.Background(), s, parts[0], parts[1], parts[2])
	return body, err
}

// Issue 37: each format's URL serves the stored file; a wrong token, a
// token of another format, a format the site does not publish and a
// rotated token are all not found (the handler's 404).
func TestFeedURLsAndTokens(t *testing.T) {
	ctx := context.Background()
	s := site()
	p := newPublisher(t, fakeCars{"acme": {car("c1")}})
	if _, err := p.RefreshFeeds(ctx, "acme", []shared.Site{s}); err != nil {
		t.Fatal(err)
	}
	urls, err := p.URLs(ctx, s, "https://www.acme.example", "acme")
	if err != nil {
		t.Fatal(err)
	}
	if len(urls) != 3 {
		t.Fatalf("urls %v, want one per format", urls)
	}
	for f, u := range urls {
		body, err := fetch(p, s, u)
		if err != nil || !bytes.Contains(body, []byte("/cars/car-c1")) {
			t.Errorf("%s %s: %v %q, want the feed with car c1", f, u, err, body)
		}
	}
	google := urls[syndication.Google]
	tokenG := strings.Split(google, "/")[6]
	tokenM := strings.Split(urls[syndication.Meta], "/")[6]
	if len(tokenG) != 32 || tokenG == tokenM {
		t.Errorf("tokens %q %q: want 128-bit tokens, one per format", tokenG, tokenM)
	}
	tests := []struct{ name, url string }{
		{"wrong token", strings.Replace(google, tokenG, strings.Repeat("0", 32), 1)},
		{"another format's token", strings.Replace(google, tokenG, tokenM, 1)},
		{"wrong extension", strings.Replace(google, "google.tsv", "google.csv", 1)},
		{"unknown format", strings.Replace(google, "google.tsv", "bing.tsv", 1)},
		{"another dealership", strings.Replace(google, "/acme/", "/other/", 1)},
	}
	for _, tt := range tests {
		if _, err := fetch(p, s, tt.url); shared.ErrorCode(err) != shared.ENOTFOUND {
			t.Errorf("%s: %v, want not found", tt.name, err)
		}
	}
	off := s
	off.Syndication = &shared.SyndicationConfig{Meta: shared.FeedFormatConfig{Enabled: true}, TikTok: shared.FeedFormatConfig{Enabled: true}}
	if _, err := fetch(p, off, google); shared.ErrorCode(err) != shared.ENOTFOUND {
		t.Errorf("format turned off: %v, want not found", err)
	}
	fresh, err := p.Rotate(ctx, s, "acme", syndication.Google)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fetch(p, s, google); shared.ErrorCode(err) != shared.ENOTFOUND {
		t.Errorf("rotated token: %v, want not found", err)
	}
	if _, err := fetch(p, s, strings.Replace(google, tokenG, fresh, 1)); err != nil {
		t.Errorf("new token: %v", err)
	}
	if _, err := fetch(p, s, urls[syndication.Meta]); err != nil {
		t.Errorf("meta's token after rotating google's: %v", err)
	}
}

// Issue 37: a refresh after a car is sold leaves it out of every feed, and
// the counts name each format's drops.
func TestRefreshAfterSale(t *testing.T) {
	ctx := context.Background()
	s := site()
	noVIN := car("c2")
	noVIN.VIN = ""
	cars := fakeCars{"acme": {car("c1"), noVIN}}
	p := newPublisher(t, cars)
	counts, err := p.RefreshFeeds(ctx, "acme", []shared.Site{s})
	if err != nil {
		t.Fatal(err)
	}
	if counts["google"] != 1 || counts["meta"] != 0 || counts["tiktok"] != 0 {
		t.Errorf("counts %v, want google 1 (no VIN), meta 0, tiktok 0", counts)
	}
	urls, _ := p.URLs(ctx, s, "https://www.acme.example", "acme")
	sold := car("c1")
	sold.Sold, sold.Status = true, shared.StatusSold
	cars["acme"] = []shared.StoredCar{sold, noVIN}
	if _, err := p.RefreshFeeds(ctx, "acme", []shared.Site{s}); err != nil {
		t.Fatal(err)
	}
	for f, u := range urls {
		body, err := fetch(p, s, u)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(body, []byte("car-c1")) {
			t.Errorf("%s still lists the sold car:\n%s", f, body)
		}
	}
	hs, pending, err := p.DealershipHealth(ctx, "acme", []shared.Site{s})
	if err != nil || len(hs) != 1 || len(pending) != 0 || hs[0].Formats[0].Dropped[0].CarID != "c2" {
		t.Errorf("health %+v pending %v %v, want c2 dropped by google", hs, pending, err)
	}
}

// Issue 37: the stock health report only reads. A site whose report is not
// built yet is named pending and nothing is built: a 20,000-car build
// outlasts an API request, and the next feed run or the sweep builds it.
func TestDealershipHealthOnlyReads(t *testing.T) {
	ctx := context.Background()
	s := site()
	p := newPublisher(t, fakeCars{"acme": {car("c1")}})
	p.Cars = failingCars{}
	hs, pending, err := p.DealershipHealth(ctx, "acme", []shared.Site{s})
	if err != nil || len(hs) != 0 || len(pending) != 1 || pending[0] != s.Slug {
		t.Fatalf("health %+v pending %v %v, want no report and %s pending", hs, pending, err, s.Slug)
	}
	if _, ok, _ := p.Health(ctx, s, "acme"); ok {
		t.Error("reading the health report built one")
	}
	// A report of other formats than the site publishes now is pending too.
	p.Cars = fakeCars{"acme": {car("c1")}}
	less := s
	less.Syndication = &shared.SyndicationConfig{Google: shared.FeedFormatConfig{Enabled: true}}
	if _, err := p.RefreshFeeds(ctx, "acme", []shared.Site{less}); err != nil {
		t.Fatal(err)
	}
	if _, pending, _ := p.DealershipHealth(ctx, "acme", []shared.Site{s}); len(pending) != 1 {
		t.Errorf("a google-only report for a site publishing three formats: pending %v, want the site", pending)
	}
	if hs, pending, _ := p.DealershipHealth(ctx, "acme", []shared.Site{less}); len(hs) != 1 || len(pending) != 0 {
		t.Errorf("the current report: %d reports, pending %v; want it served", len(hs), pending)
	}
}

type failingCars struct{}

func (failingCars) StoredCars(context.Context, string) ([]shared.StoredCar, error) {
	return nil, errors.New("the health report read the cars")
}

// racingObjects stores another writer's tokens just after this writer first
// read none, as a feed run and a reservation's rewrite (or `forecourt feeds
// urls`) may both create a dealership's first tokens.
type racingObjects struct {
	Objects
	key   string
	other []byte
	raced bool
}

func (r *racingObjects) Get(ctx context.Context, key string) ([]byte, string, error) {
	body, version, err := r.Objects.Get(ctx, key)
	if key == r.key && !r.raced {
		r.raced = true
		if err := r.Objects.Put(ctx, key, r.other); err != nil {
			return nil, "", err
		}
	}
	return body, version, err
}

// Issue 37: a feed URL handed out stays valid when two writers create the
// dealership's first tokens at once: the one that loses the race takes the
// stored tokens rather than overwriting them. Rotate replaces only the
// format it names.
func TestTokensSurviveConcurrentCreation(t *testing.T) {
	ctx := context.Background()
	s := site()
	p := newPublisher(t, fakeCars{"acme": {car("c1")}})
	other := `{"google":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","meta":"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb","tiktok":"cccccccccccccccccccccccccccccccc"}`
	p.Objects = &racingObjects{Objects: p.Objects, key: TokensKey(s.Slug, "acme"), other: []byte(other)}
	urls, err := p.URLs(ctx, s, "https://www.acme.example", "acme")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(urls[syndication.Google], "/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/") {
		t.Fatalf("google URL %s, want the token the other writer stored", urls[syndication.Google])
	}
	tokens, _ := p.tokens(ctx, s.Slug, "acme", false)
	if tokens["meta"] != "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb" {
		t.Errorf("stored tokens %v, want the other writer's", tokens)
	}
	fresh, err := p.Rotate(ctx, s, "acme", syndication.Meta)
	if err != nil {
		t.Fatal(err)
	}
	tokens, _ = p.tokens(ctx, s.Slug, "acme", false)
	if tokens["meta"] != fresh || fresh == "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb" || tokens["google"] != "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" {
		t.Errorf("after rotating meta: %v (new %s), want only meta replaced", tokens, fresh)
	}
}

// Issue 37: the sweep's catch-up writes a dealership's feeds only where
// none are stored, and a site without a format writes nothing.
func TestFillFeeds(t *testing.T) {
	ctx := context.Background()
	s := site()
	cars := fakeCars{"acme": {car("c1")}}
	p := newPublisher(t, cars)
	if _, err := p.FillFeeds(ctx, "acme", []shared.Site{s}); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := p.Health(ctx, s, "acme"); !ok {
		t.Fatal("fill wrote no health report where none was stored")
	}
	cars["acme"] = nil // a fill over a current report reads no cars and rewrites nothing
	if _, err := p.FillFeeds(ctx, "acme", []shared.Site{s}); err != nil {
		t.Fatal(err)
	}
	if h, _, _ := p.Health(ctx, s, "acme"); h.Formats[0].Listed != 1 {
		t.Errorf("fill rewrote a current report: %+v", h.Formats[0])
	}
	none := s
	none.Slug = "quiet"
	none.Syndication = nil
	if _, err := p.RefreshFeeds(ctx, "acme", []shared.Site{none}); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := p.Health(ctx, none, "acme"); ok {
		t.Error("a site publishing no format got a health report")
	}
}

type savedIndex struct{ saved int }

func (s *savedIndex) Save(_ context.Context, cars []shared.IndexedCar) error {
	s.saved += len(cars)
	return nil
}

type listSites []shared.Site

func (l listSites) SitesOf(_ context.Context, slug string) ([]shared.Site, error) {
	return shared.SitesListing(l, slug), nil
}

// Issue 37: a reservation's record write rewrites the car's dealership's
// feeds: Meta shows the held car PENDING, Google leaves it out.
func TestReservationRewritesFeeds(t *testing.T) {
	ctx := context.Background()
	s := site()
	cars := fakeCars{"acme": {car("c1")}}
	p := newPublisher(t, cars)
	if _, err := p.RefreshFeeds(ctx, "acme", []shared.Site{s}); err != nil {
		t.Fatal(err)
	}
	urls, _ := p.URLs(ctx, s, "https://www.acme.example", "acme")
	held := car("c1")
	held.Reserved = true
	cars["acme"] = []shared.StoredCar{held}
	idx := &savedIndex{}
	r := ReservationIndex{Index: idx, Sites: listSites{s}, Feeds: p}
	if err := r.Save(ctx, []shared.IndexedCar{{Car: held.Car}}); err != nil {
		t.Fatal(err)
	}
	if idx.saved != 1 {
		t.Errorf("index saved %d records, want 1", idx.saved)
	}
	meta, _ := fetch(p, s, urls[syndication.Meta])
	google, _ := fetch(p, s, urls[syndication.Google])
	if !bytes.Contains(meta, []byte("PENDING")) || bytes.Contains(google, []byte("car-c1")) {
		t.Errorf("after the reservation: meta\n%s\ngoogle\n%s\nwant PENDING on meta and the car out of google", meta, google)
	}
}

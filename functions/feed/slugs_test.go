package feed_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/httpapi"
	"forecourt/functions/httpapi/route"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

// slugCar is the make, model and year of every car in these tests: a slug
// collides when stock number and id part do too.
var slugCar = shared.Car{Make: "Kia", Model: "Rio", Year: 2022}

// collidingStock constructs a stock number for dealership b whose first
// slug candidate is that of stock number stock at dealership a: the same
// characters with other punctuation between them (slugs keep only letters
// and digits), searched until the ids' first 4 hex characters agree. This
// is the reproduction: a provider choosing such a stock number.
func collidingStock(t *testing.T, a, stock, b string) string {
	t.Helper()
	mine := slugCar
	mine.StockNum = stock
	want := feed.Slug(mine, feed.CarID(a, "stock:"+strings.ToUpper(stock)))
	head, tail, ok := strings.Cut(stock, "-")
	if !ok {
		t.Fatalf("stock %q: want one hyphen to vary", stock)
	}
	const seps = "-./_#+~:"
	for n := 0; n < 1<<21; n++ {
		var sep []byte
		for m := n; ; m /= len(seps) {
			sep = append(sep, seps[m%len(seps)])
			if m < len(seps) {
				break
			}
		}
		theirs := head + string(sep) + tail
		id := feed.CarID(b, "stock:"+strings.ToUpper(theirs))
		if !strings.HasSuffix(want, "-"+id[:4]) { // cheap before the slug itself
			continue
		}
		c := slugCar
		c.StockNum = theirs
		if feed.Slug(c, id) == want {
			return theirs
		}
	}
	t.Fatalf("no stock number of %s collides with %s's %s", b, a, stock)
	return ""
}

// slugFeed is a delta feed of Kia Rios with the stock numbers.
func slugFeed(price int, stocks ...string) string {
	rows := make([]map[string]any, len(stocks))
	for i, s := range stocks {
		rows[i] = map[string]any{"stocknum": s, "make": slugCar.Make, "model": slugCar.Model, "year": slugCar.Year,
			"car_type": "used", "price": price}
	}
	b, _ := json.Marshal(rows)
	return string(b)
}

// slugsOf returns each stored car's slug by stock number.
func slugsOf(t *testing.T, cars *dynamo.CarStore, dealer string) map[string]string {
	t.Helper()
	stored, err := cars.FindCarsByDealership(context.Background(), dealer)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, c := range stored {
		out[c.StockNum] = c.Slug
	}
	return out
}

func pushFeed(t *testing.T, svc *feed.Service, dealer, mode, body string) feed.Report {
	t.Helper()
	rep, err := tryFeed(svc, dealer, mode, body)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// tryFeed applies a feed that must succeed with no rejected row.
func tryFeed(svc *feed.Service, dealer, mode, body string) (feed.Report, error) {
	rep, err := svc.Ingest(context.Background(), feed.Request{DealershipSlug: dealer, Mode: mode,
		ContentType: "application/json", Body: strings.NewReader(body)})
	if err != nil {
		return rep, fmt.Errorf("feed of %s: %w", dealer, err)
	}
	if rep.Status != feed.StatusSucceeded || rep.Rejected != 0 {
		return rep, fmt.Errorf("feed of %s: report %+v", dealer, rep)
	}
	return rep, nil
}

// Issue 15 "Slugs collide across tenants", the reproduction: a provider
// pushes a stock number whose slug equals another dealership's car. Its car
// gets the next candidate (a longer id part), the run reports nothing
// wrong, and the first car keeps its slug and its claim, also after it
// left the stock (docs/contracts.md "Car slugs": a claim outlives its car).
func TestProviderCannotTakeAnotherDealershipsSlug(t *testing.T) {
	e := newEnv(t)
	theirs := collidingStock(t, "north", "KR-2041", "south")
	pushFeed(t, e.svc, "north", feed.ModeDelta, slugFeed(19990, "KR-2041"))
	northSlug := slugsOf(t, e.cars, "north")["KR-2041"]

	for _, step := range []struct {
		name string
		run  func(t *testing.T)
	}{
		{"while north's car is in stock", func(*testing.T) {}},
		{"after north's car was removed", func(t *testing.T) {
			if rep := pushFeed(t, e.svc, "north", feed.ModeDelta, `{"cars":[],"remove":["KR-2041"]}`); rep.Removed != 1 {
				t.Fatalf("report %+v, want 1 removed", rep)
			}
			if rep := pushFeed(t, e.svc, "south", feed.ModeDelta, `{"cars":[],"remove":["`+theirs+`"]}`); rep.Removed != 1 {
				t.Fatalf("report %+v, want 1 removed", rep)
			}
		}},
	} {
		t.Run(step.name, func(t *testing.T) {
			step.run(t)
			rep := pushFeed(t, e.svc, "south", feed.ModeDelta, slugFeed(17990, theirs))
			if rep.Created != 1 {
				t.Fatalf("report %+v, want 1 created", rep)
			}
			got := slugsOf(t, e.cars, "south")[theirs]
			if got == northSlug || !strings.HasPrefix(got, northSlug) {
				t.Errorf("south's slug = %q; want %q with a longer id part", got, northSlug)
			}
			claim, err := e.cars.SlugClaim(context.Background(), northSlug)
			if err != nil || claim.DealershipSlug != "north" {
				t.Errorf("claim of %s = %+v, %v; want north's", northSlug, claim, err)
			}
		})
	}
	// North's car back under its stock number: its URL again.
	pushFeed(t, e.svc, "north", feed.ModeDelta, slugFeed(19990, "KR-2041"))
	if got := slugsOf(t, e.cars, "north")["KR-2041"]; got != northSlug {
		t.Errorf("north's car back: slug %q, want %q", got, northSlug)
	}
}

// Issue 15: a car that keeps its stock number keeps its slug across runs:
// unchanged, changed, sold by a full feed and back, removed and back.
func TestSlugKeptAcrossRuns(t *testing.T) {
	e := newEnv(t)
	pushFeed(t, e.svc, "north", feed.ModeFull, slugFeed(19990, "KR-1", "KR-2"))
	first := slugsOf(t, e.cars, "north")
	for _, tt := range []struct {
		name, mode, body string
	}{
		{"unchanged", feed.ModeFull, slugFeed(19990, "KR-1", "KR-2")},
		{"price changed", feed.ModeFull, slugFeed(18990, "KR-1", "KR-2")},
		{"KR-2 sold", feed.ModeFull, slugFeed(18990, "KR-1")},
		{"KR-2 back", feed.ModeFull, slugFeed(18990, "KR-1", "KR-2")},
		{"KR-2 removed", feed.ModeDelta, `{"cars":[],"remove":["KR-2"]}`},
		{"KR-2 back again", feed.ModeDelta, slugFeed(18990, "KR-2")},
	} {
		pushFeed(t, e.svc, "north", tt.mode, tt.body)
		for stock, slug := range slugsOf(t, e.cars, "north") {
			if slug != first[stock] {
				t.Errorf("%s: %s's slug %q, want %q", tt.name, stock, slug, first[stock])
			}
		}
	}
}

// noKeys mints no search key: the car page asks for none.
type noKeys struct{}

func (noKeys) SecuredKey(shared.Site, time.Time) (string, time.Time, error) {
	return "k", time.Time{}, nil
}

// Issue 15: two dealerships whose stock numbers make the same slugs feed at
// the same moment. Every car ends with a slug of its own, both sites' car
// pages answer 200 with their own car (never a 500), and running both feeds
// again keeps every slug.
func TestRacingFeedsClaimDistinctSlugs(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	cars := dynamo.NewCarStore(db, tables)
	siteTable := dynamo.NewSiteStore(db, tables)
	var sites staticSites
	for _, dealer := range []string{"north", "south"} {
		s := shared.DefaultSite()
		s.Slug, s.Name = dealer+"-site", dealer
		s.Dealerships = []shared.Dealership{{Slug: dealer, Name: dealer}}
		if err := siteTable.SaveSite(ctx, s); err != nil {
			t.Fatal(err)
		}
		sites = append(sites, s)
	}
	svc := feed.NewService(feed.ServiceConfig{Cars: cars, Runs: dynamo.NewRunStore(db, tables), Sites: sites, Index: newIndex()})
	const pairs = 12
	var north, south []string
	for i := range pairs {
		stock := fmt.Sprintf("KR-%d", 100+i)
		north = append(north, stock)
		south = append(south, collidingStock(t, "north", stock, "south"))
	}
	race := func(price int) {
		var wg sync.WaitGroup
		for dealer, stocks := range map[string][]string{"north": north, "south": south} {
			wg.Go(func() {
				if _, err := tryFeed(svc, dealer, feed.ModeFull, slugFeed(price, stocks...)); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if t.Failed() {
			t.FailNow()
		}
	}
	race(19990)

	const secret = "origin-secret"
	h, err := httpapi.NewHandler(httpapi.Deps{Lambda: route.API, API: &httpapi.APIConfig{Sites: siteTable, Cars: cars, Keys: noKeys{},
		OriginSecret: secret}, Media: noMedia{}})
	if err != nil {
		t.Fatal(err)
	}
	slugs := map[string]map[string]string{"north": slugsOf(t, cars, "north"), "south": slugsOf(t, cars, "south")}
	holder := map[string]string{}
	for dealer, bySlug := range slugs {
		if len(bySlug) != pairs {
			t.Fatalf("%s has %d cars, want %d", dealer, len(bySlug), pairs)
		}
		for stock, slug := range bySlug {
			if other, dup := holder[slug]; dup {
				t.Errorf("%s's %s and %s share slug %s", dealer, stock, other, slug)
			}
			holder[slug] = dealer + "/" + stock
			req := httptest.NewRequest(http.MethodGet, "/api/cars/"+slug, nil)
			req.Header.Set(httpapi.HeaderSite, dealer+"-site")
			req.Header.Set(httpapi.HeaderOriginSecret, secret)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			var body httpapi.CarResponse
			if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &body) != nil || body.Car.StockNum != stock {
				t.Errorf("%s-site GET /api/cars/%s: %d %.200s; want 200 with %s", dealer, slug, rec.Code, rec.Body, stock)
			}
		}
	}

	race(19990) // unchanged
	race(18990) // every car updated
	for dealer, bySlug := range slugs {
		for stock, slug := range slugsOf(t, cars, dealer) {
			if slug != bySlug[stock] {
				t.Errorf("%s's %s: slug %q after re-runs, want %q", dealer, stock, slug, bySlug[stock])
			}
		}
	}
}

// docs/contracts.md "Car slugs": a car's candidates, in the order it tries
// them; each is the same on every run.
func TestSlugCandidates(t *testing.T) {
	c := slugCar
	c.StockNum = "KR-2041"
	id := "0123456789abcdef0123"
	for _, tt := range []struct {
		k    int
		want string
	}{
		{0, "2022-kia-rio-kr-2041-0123"},
		{1, "2022-kia-rio-kr-2041-012345"},
		{8, "2022-kia-rio-kr-2041-0123456789abcdef0123"},
		{9, "2022-kia-rio-kr-2041-0123456789abcdef0123-2"},
		{10, "2022-kia-rio-kr-2041-0123456789abcdef0123-3"},
	} {
		if got := feed.SlugCandidate(c, id, tt.k); got != tt.want {
			t.Errorf("candidate %d = %q, want %q", tt.k, got, tt.want)
		}
	}
	if feed.Slug(c, id) != feed.SlugCandidate(c, id, 0) {
		t.Errorf("Slug is not the first candidate")
	}
}

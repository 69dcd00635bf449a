package dynamo_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

// Issue 15 "Slugs collide across tenants", docs/contracts.md "Car slugs": a
// slug is claimed once; the car holding it may claim it again (a run that
// stopped after claiming), another car may not, and a refused claim in a
// transaction does not keep the others of that transaction from landing.
func TestClaimSlugs(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	cars := dynamo.NewCarStore(db, tables)
	claim := func(slug, dealer, id string) shared.SlugClaim {
		return shared.SlugClaim{Slug: slug, DealershipSlug: dealer, CarID: id}
	}
	for _, tt := range []struct {
		name   string
		claims []shared.SlugClaim
		held   []bool
	}{
		{"free slugs", []shared.SlugClaim{claim("kia-ab12", "north", "n1"), claim("kia-cd34", "north", "n2")}, []bool{true, true}},
		{"the holder again", []shared.SlugClaim{claim("kia-ab12", "north", "n1")}, []bool{true}},
		{"another dealership's car", []shared.SlugClaim{claim("kia-ab12", "south", "n1")}, []bool{false}},
		{"another car of the dealership", []shared.SlugClaim{claim("kia-ab12", "north", "n3")}, []bool{false}},
		{"refused among free", []shared.SlugClaim{claim("kia-ef56", "south", "s1"), claim("kia-cd34", "south", "s2"),
			claim("kia-gh78", "south", "s3")}, []bool{true, false, true}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			held, err := cars.ClaimSlugs(ctx, tt.claims)
			if err != nil || fmt.Sprint(held) != fmt.Sprint(tt.held) {
				t.Fatalf("ClaimSlugs = %v, %v; want %v", held, err, tt.held)
			}
			for i, c := range tt.claims {
				got, err := cars.SlugClaim(ctx, c.Slug)
				if err != nil || (got == c) != tt.held[i] {
					t.Errorf("claim of %s = %+v, %v; held by %s/%s: %v", c.Slug, got, err, c.DealershipSlug, c.CarID, tt.held[i])
				}
			}
		})
	}
	if _, err := cars.SlugClaim(ctx, "never-claimed"); shared.ErrorCode(err) != shared.ENOTFOUND {
		t.Errorf("unclaimed slug: %v, want not_found", err)
	}
}

// A claim is stamped by the store's clock, as every other write of the
// store is, not the wall clock (issue 15 follow-up).
func TestClaimSlugsStampedByTheClock(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	cars := dynamo.NewCarStore(db, tables)
	at := time.Date(2026, 3, 2, 9, 30, 0, 0, time.UTC)
	dynamo.SetCarStoreClock(cars, func() time.Time { return at })
	if held, err := cars.ClaimSlugs(ctx, []shared.SlugClaim{{Slug: "kia-aa11", DealershipSlug: "north", CarID: "n1"}}); err != nil || !held[0] {
		t.Fatalf("ClaimSlugs = %v, %v", held, err)
	}
	var it struct {
		ClaimedAt string `dynamo:"claimed_at"`
	}
	if err := db.Table(tables.FeedRuns).Get("id", "slug#kia-aa11").One(ctx, &it); err != nil || it.ClaimedAt != "2026-03-02T09:30:00Z" {
		t.Errorf("claimed_at = %q, %v; want the clock's 2026-03-02T09:30:00Z", it.ClaimedAt, err)
	}
}

// Many claims, several transactions (100 claims each): every claim lands,
// and two stores racing for the same 250 slugs split them, each slug held
// by exactly one car.
func TestClaimSlugsRacing(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	cars := dynamo.NewCarStore(db, tables)
	const n = 250
	claims := func(dealer string) []shared.SlugClaim {
		out := make([]shared.SlugClaim, n)
		for i := range out {
			out[i] = shared.SlugClaim{Slug: fmt.Sprintf("2020-kia-rio-%03d", i), DealershipSlug: dealer, CarID: fmt.Sprintf("%s-%03d", dealer, i)}
		}
		return out
	}
	dealers := []string{"north", "south"}
	helds := make([][]bool, len(dealers))
	var wg sync.WaitGroup
	for d, dealer := range dealers {
		wg.Go(func() {
			held, err := cars.ClaimSlugs(ctx, claims(dealer))
			if err != nil {
				t.Errorf("%s: %v", dealer, err)
			}
			helds[d] = held
		})
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	for i := range n {
		if helds[0][i] == helds[1][i] {
			t.Errorf("slug %d: north holds it %v, south %v; want exactly one", i, helds[0][i], helds[1][i])
		}
	}
}

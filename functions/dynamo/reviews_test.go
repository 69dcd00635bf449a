package dynamo_test

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

// manyReviews are n reviews of the location: ratings 1 to 5, some by a
// hidden name, some machine-translated, some on one date, some undated.
func manyReviews(location string, n int) []shared.Review {
	out := make([]shared.Review, n)
	for i := range out {
		r := shared.Review{ID: fmt.Sprintf("r%03d", i), LocationID: location, CustomerName: fmt.Sprintf("Shopper %d", i),
			Text: "Great service", Rating: float64(1 + i%5), ReviewDate: fmt.Sprintf("2026-%02d-%02d", 1+i%11, 1+i%27)}
		switch {
		case i%7 == 0:
			r.CustomerName = "A Google User"
		case i%11 == 0:
			r.Text = "Translated by Google: good"
		case i%13 == 0:
			r.ReviewDate = ""
		case i%4 == 0:
			r.Rating = 4.5
		}
		out[i] = r
	}
	return out
}

// Issue 31 (unbounded reads): a location page reads a page of its
// location's reviews from the by-location index (a Query with the list's
// limit), not every review of the
// dealership, and shows the same list, count and average the whole set
// gave: the list is shared.ListedReviews of every stored review, the
// summary shared.SummarizeReviews of them, kept by each save.
func TestLatestReviewsReadAPageWithTheWholeSetsFigures(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	store := dynamo.NewReviewStore(db, tables)
	all := manyReviews("sales", 150)
	if err := store.SaveReviews(ctx, "north", append(all, manyReviews("service", 20)...)); err != nil {
		t.Fatal(err)
	}
	// A second save replaces some reviews with new ratings and adds some.
	again := append(manyReviews("sales", 20), shared.Review{ID: "new", LocationID: "sales", Rating: 5, Text: "Late", ReviewDate: "2026-12-01"})
	for i := range 20 {
		again[i].Rating = 5
	}
	if err := store.SaveReviews(ctx, "north", again); err != nil {
		t.Fatal(err)
	}
	every, err := store.FindReviews(ctx, "north")
	if err != nil {
		t.Fatal(err)
	}
	var sales []shared.Review
	for _, r := range every {
		if r.LocationID == "sales" {
			sales = append(sales, r)
		}
	}
	if len(sales) != 151 {
		t.Fatalf("stored %d sales reviews, want 151", len(sales))
	}
	for _, tt := range []struct {
		cfg     shared.ReviewsConfig
		maxRead int // pages of the limit until enough pass the filter
	}{
		{shared.ReviewsConfig{MinRating: 4, Shown: 10, FullQuantity: 12, HiddenNames: []string{"a google user "}}, 36},
		{shared.ReviewsConfig{MinRating: 5, Shown: 3, FullQuantity: 5}, 30},
		// Translated reviews are not in the index: every review read is listed.
		{shared.ReviewsConfig{MinRating: 1, Shown: 10, FullQuantity: 12}, 12},
	} {
		cfg := tt.cfg
		want, _ := shared.ListedReviews(sales, cfg)
		got, read, err := store.LatestReviews(ctx, "north", "sales", cfg.ListLimit(), cfg.Lists)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%+v: listed\n%v\nwant\n%v", cfg, got, want)
		}
		// A few pages of the index, never the location's 151.
		if read > tt.maxRead {
			t.Errorf("%+v: read %d reviews for %d, want at most %d", cfg, read, cfg.ListLimit(), tt.maxRead)
		}
	}
	sums, err := store.ReviewSummaries(ctx, []shared.Location{{ID: "sales", DealershipSlug: "north"}, {ID: "service", DealershipSlug: "north"}, {ID: "parts", DealershipSlug: "north"}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]shared.ReviewSummary{"sales": shared.SummarizeReviews(sales), "service": shared.SummarizeReviews(manyReviews("service", 20))}
	if !reflect.DeepEqual(sums, want) {
		t.Errorf("summaries %v, want %v", sums, want)
	}
	// Another dealership's location of the same id shares nothing.
	if other, _ := store.ReviewSummaries(ctx, []shared.Location{{ID: "sales", DealershipSlug: "south"}}); len(other) != 0 {
		t.Errorf("south's sales: %v, want none", other)
	}
}

// Issue 31: saves of one location at once keep every count (each chunk and
// its summary delta is one transaction over reviews as read).
func TestConcurrentReviewSavesKeepEveryCount(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	store := dynamo.NewReviewStore(db, tables)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each saves 30 of its own and the same 10 shared reviews.
			rs := manyReviews("sales", 10)
			for i := range 30 {
				rs = append(rs, shared.Review{ID: fmt.Sprintf("w%d-%d", w, i), LocationID: "sales", Rating: 4, Text: "ok"})
			}
			errs <- store.SaveReviews(ctx, "north", rs)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	every, _ := store.FindReviews(ctx, "north")
	sums, err := store.ReviewSummaries(ctx, []shared.Location{{ID: "sales", DealershipSlug: "north"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := shared.SummarizeReviews(every); len(every) != 130 || sums["sales"] != want {
		t.Errorf("%d stored, summary %+v; want 130 and %+v", len(every), sums["sales"], want)
	}
}

// Issue 31 (docs/operations.md "Reviews backfill"): reviews stored before
// the index and the summaries get both from BackfillReviews, which is
// idempotent.
func TestBackfillReviews(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	store := dynamo.NewReviewStore(db, tables)
	all := manyReviews("sales", 60)
	if err := dynamo.PutLegacyReviews(ctx, db, tables, "north", all); err != nil {
		t.Fatal(err)
	}
	cfg := shared.ReviewsConfig{MinRating: 4, Shown: 10, FullQuantity: 12}
	loc := []shared.Location{{ID: "sales", DealershipSlug: "north"}}
	if got, _, _ := store.LatestReviews(ctx, "north", "sales", 12, cfg.Lists); len(got) != 0 {
		t.Fatalf("before the backfill the index lists %d", len(got))
	}
	for run := range 2 {
		if _, err := store.BackfillReviews(ctx); err != nil {
			t.Fatal(err)
		}
		shared.SortReviewsNewestFirst(all)
		want, _ := shared.ListedReviews(all, cfg)
		got, _, err := store.LatestReviews(ctx, "north", "sales", cfg.ListLimit(), cfg.Lists)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("run %d: listed %v (%v), want %v", run, got, err, want)
		}
		sums, err := store.ReviewSummaries(ctx, loc)
		if err != nil || sums["sales"] != shared.SummarizeReviews(all) {
			t.Errorf("run %d: summary %v (%v), want %v", run, sums, err, shared.SummarizeReviews(all))
		}
	}
}

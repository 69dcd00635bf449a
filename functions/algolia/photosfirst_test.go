package algolia_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"forecourt/functions/algolia"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

// Issue 32 item 8: Coastal's first screens were "Photos coming soon"
// panels, because the default order put the newest cars first and the
// newest had no photos yet. With search.photos_first (default true) the
// default (relevance) order lists cars with photos first, newest first
// within each group; a site that turns it off gets newest first. The index
// settings the adapter writes decide it, in the local engine as in Algolia.
func TestDefaultOrderPutsPhotographedCarsFirst(t *testing.T) {
	_, cfg := testenv.Engine(t)
	cfg.Index = "photos_cars"
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := idx.EnsureSettings(ctx); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	photo := []shared.Image{{URL: "/media/demo/suv/red.svg?angle=1"}}
	placeholder := []shared.Image{{URL: "/media/demo/placeholder.svg"}}
	for _, tc := range []struct {
		name        string
		photosFirst bool
		want        string
	}{
		{"photos first (the default)", true, "p2,p4,n1,n3"},
		{"photos_first off: newest first", false, "n1,p2,n3,p4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dealer := fmt.Sprintf("dealer-%v", tc.photosFirst)
			site := shared.DefaultSite()
			site.Slug = "site-" + dealer
			site.Dealerships = []shared.Dealership{{Slug: dealer, Name: dealer}}
			if site.Search.PhotosFirst != true {
				t.Fatal("search.photos_first should default to true")
			}
			site.Search.PhotosFirst = tc.photosFirst
			placer := shared.NewPlacer(dealer, []shared.Site{site})
			var cars []shared.IndexedCar
			for i, id := range []string{"n1", "p2", "n3", "p4"} {
				c := shared.Car{ID: id + "-" + dealer, DealershipSlug: dealer, Make: "Kia", Model: "Sportage", CarType: shared.CarTypeNew,
					Status: shared.StatusInStock, ShowOnDealerWebsite: true, Price: 40000,
					CreatedAt: now.Add(-time.Duration(i) * time.Hour)}
				c.Images = photo
				if id[0] == 'n' {
					c.Images = placeholder
				}
				c.PrimaryImageURL = c.Images[0].URL
				cars = append(cars, shared.IndexedCar{Car: c, Placement: placer.Place(c, now)})
			}
			if err := idx.Save(ctx, cars); err != nil {
				t.Fatal(err)
			}
			sc := siteClient(t, idx, site, time.Now())
			res, err := sc.SearchSingleIndex(sc.NewApiSearchSingleIndexRequest(cfg.Index))
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			for i, h := range res.Hits {
				if i > 0 {
					got += ","
				}
				got += h.ObjectID[:2]
			}
			if got != tc.want {
				t.Errorf("order = %s, want %s", got, tc.want)
			}
		})
	}
}

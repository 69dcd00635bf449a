package dynamo_test

import (
	"context"
	"testing"

	"forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

// DESIGN.md decision 3: every optional site field has a documented default.
// A stored config that leaves fields out (one written by an older release,
// or by hand) reads with those defaults, as a tenant file does; what it sets
// is kept, and an unknown site is not_found.
func TestSiteStoreAppliesDefaults(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	sites := dynamo.NewSiteStore(db, tables)
	if err := db.Table(tables.Sites).Put(map[string]any{
		"slug":   "bare",
		"config": `{"slug":"bare","name":"Bare Motors","features":{"compare":false},"stock":{"sold_retention_days":14}}`,
	}).Run(ctx); err != nil {
		t.Fatal(err)
	}

	got, err := sites.FindSite(ctx, "bare")
	if err != nil {
		t.Fatal(err)
	}
	want := shared.DefaultSite()
	if got.Template != want.Template || got.Texts.NoPrice != want.Texts.NoPrice || got.Search.MakesCollapsed != want.Search.MakesCollapsed {
		t.Errorf("defaults: got template %q, no-price %q, makes %d; want %q, %q, %d",
			got.Template, got.Texts.NoPrice, got.Search.MakesCollapsed, want.Template, want.Texts.NoPrice, want.Search.MakesCollapsed)
	}
	if !got.Features.Favourites || got.Features.Compare {
		t.Errorf("features: got favourites %v compare %v, want the default true and the stored false", got.Features.Favourites, got.Features.Compare)
	}
	if got.Stock.SoldRetentionDays != 14 || got.Name != "Bare Motors" {
		t.Errorf("stored values: got retention %d name %q, want 14 and Bare Motors", got.Stock.SoldRetentionDays, got.Name)
	}

	if _, err := sites.FindSite(ctx, "nobody"); shared.ErrorCode(err) != shared.ENOTFOUND {
		t.Errorf("unknown site: got %v, want not_found", err)
	}
}

// docs/contracts.md "DynamoDB tables", sites: a saved site reads back by
// slug and in the list; saving again replaces it.
func TestSiteStoreSaveAndList(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	sites := dynamo.NewSiteStore(db, tables)
	for _, s := range []shared.Site{
		{Slug: "north", Name: "North", Dealerships: []shared.Dealership{{Slug: "north-lot", Name: "North Lot"}}},
		{Slug: "south", Name: "South (first)"},
		{Slug: "south", Name: "South", Stock: shared.StockConfig{SoldRetentionDays: 10}},
	} {
		if err := sites.SaveSite(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	list, err := sites.ListSites(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]shared.Site{}
	for _, s := range list {
		got[s.Slug] = s
	}
	if len(list) != 2 {
		t.Fatalf("listed %d sites, want 2", len(list))
	}
	for _, tt := range []struct {
		slug, name string
		retention  int
		dealership string
	}{
		{"north", "North", shared.DefaultSoldRetentionDays, "north-lot"},
		{"south", "South", 10, ""},
	} {
		found, err := sites.FindSite(ctx, tt.slug)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []shared.Site{found, got[tt.slug]} {
			_, hasDealer := s.Dealership(tt.dealership)
			if s.Name != tt.name || s.SoldRetentionDays() != tt.retention || (tt.dealership != "") != hasDealer {
				t.Errorf("%s: got name %q retention %d dealership %v, want %q %d %q",
					tt.slug, s.Name, s.SoldRetentionDays(), hasDealer, tt.name, tt.retention, tt.dealership)
			}
		}
	}
}

package algolia_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/algolia/algoliasearch-client-go/v4/algolia/search"

	"forecourt/functions/algolia"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

// Each batch action the official client sends does to the engine what it
// does to Algolia (DESIGN.md decision 2: the same adapter code in AWS and
// locally).
func TestBatchActionsAgainstEngine(t *testing.T) {
	_, cfg := testenv.Engine(t)
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	c := idx.Client()
	get := func(id string) map[string]any {
		t.Helper()
		obj, err := c.GetObject(c.NewApiGetObjectRequest(cfg.Index, id))
		var api *search.APIError
		if errors.As(err, &api) && api.Status == 404 {
			return nil
		}
		if err != nil {
			t.Fatalf("get %s: %v", id, err)
		}
		return *obj
	}
	batch := func(action search.Action, body map[string]any) {
		t.Helper()
		req := c.NewApiBatchRequest(cfg.Index, search.NewBatchWriteParams([]search.BatchRequest{*search.NewBatchRequest(action, body)}))
		if _, err := c.Batch(req); err != nil {
			t.Fatalf("%s: %v", action, err)
		}
	}
	for _, tc := range []struct {
		name   string
		action search.Action
		seed   map[string]any // the record before, nil for none
		body   map[string]any
		want   map[string]any // the record after, nil for none
	}{
		{"addObject", search.ACTION_ADD_OBJECT, nil,
			map[string]any{"objectID": "a", "make": "Kia"}, map[string]any{"objectID": "a", "make": "Kia"}},
		{"updateObject replaces", search.ACTION_UPDATE_OBJECT, map[string]any{"objectID": "u", "make": "Kia", "tag": "Hot"},
			map[string]any{"objectID": "u", "make": "Mazda"}, map[string]any{"objectID": "u", "make": "Mazda"}},
		{"updateObject creates", search.ACTION_UPDATE_OBJECT, nil,
			map[string]any{"objectID": "u2", "make": "Mazda"}, map[string]any{"objectID": "u2", "make": "Mazda"}},
		{"partialUpdateObject merges", search.ACTION_PARTIAL_UPDATE_OBJECT, map[string]any{"objectID": "p", "make": "Kia", "sold": false},
			map[string]any{"objectID": "p", "sold": true}, map[string]any{"objectID": "p", "make": "Kia", "sold": true}},
		{"partialUpdateObject creates", search.ACTION_PARTIAL_UPDATE_OBJECT, nil,
			map[string]any{"objectID": "p2", "sold": true}, map[string]any{"objectID": "p2", "sold": true}},
		{"partialUpdateObjectNoCreate merges", search.ACTION_PARTIAL_UPDATE_OBJECT_NO_CREATE, map[string]any{"objectID": "n", "make": "Kia"},
			map[string]any{"objectID": "n", "sold": true}, map[string]any{"objectID": "n", "make": "Kia", "sold": true}},
		{"partialUpdateObjectNoCreate does not create", search.ACTION_PARTIAL_UPDATE_OBJECT_NO_CREATE, nil,
			map[string]any{"objectID": "n2", "sold": true}, nil},
		{"deleteObject", search.ACTION_DELETE_OBJECT, map[string]any{"objectID": "d", "make": "Kia"},
			map[string]any{"objectID": "d"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			id := tc.body["objectID"].(string)
			if tc.seed != nil {
				batch(search.ACTION_ADD_OBJECT, tc.seed)
			}
			batch(tc.action, tc.body)
			got := get(id)
			if (got == nil) != (tc.want == nil) || len(got) != len(tc.want) {
				t.Fatalf("record = %v, want %v", got, tc.want)
			}
			for k, v := range tc.want {
				if got[k] != v {
					t.Errorf("%s = %v, want %v", k, got[k], v)
				}
			}
		})
	}
}

// The adapter's own writes (Save, PartialUpdateRecords, Delete) land in the engine
// and a site's secured key finds only its cars (docs/contracts.md).
func TestIndexWritesAndSecuredKey(t *testing.T) {
	_, cfg := testenv.Engine(t)
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := idx.EnsureSettings(ctx); err != nil {
		t.Fatal(err)
	}
	place := shared.Placement{Sites: []string{"north-site"}, DealershipName: "North", InterestRate: 8.5, TermYears: 5, SearchableUntil: shared.NoExpiry}
	car := shared.Car{ID: "c1", DealershipSlug: "north", Make: "Kia", Model: "Rio", Year: 2020, Price: 15000, Status: shared.StatusInStock}
	if err := idx.Save(ctx, []shared.IndexedCar{{Car: car, Placement: place}}); err != nil {
		t.Fatal(err)
	}
	if err := idx.PartialUpdateRecords(ctx, []algolia.Record{{"objectID": "c1", "price": 14000}}); err != nil {
		t.Fatal(err)
	}
	hits := func(site string) []search.Hit {
		t.Helper()
		sc := siteClient(t, idx, shared.Site{Slug: site, Dealerships: []shared.Dealership{{Slug: "north"}}}, time.Now())
		res, err := sc.SearchSingleIndex(sc.NewApiSearchSingleIndexRequest(cfg.Index))
		if err != nil {
			t.Fatalf("search as %s: %v", site, err)
		}
		return res.Hits
	}
	if h := hits("north-site"); len(h) != 1 || h[0].AdditionalProperties["price"] != 14000.0 {
		t.Errorf("north-site hits = %+v", h)
	}
	if h := hits("other-site"); len(h) != 0 {
		t.Errorf("other-site sees %d records", len(h))
	}
	if err := idx.Delete(ctx, []string{"c1"}); err != nil {
		t.Fatal(err)
	}
	if h := hits("north-site"); len(h) != 0 {
		t.Errorf("deleted record still found: %+v", h)
	}
}

// Issue 15 "Search keys carry the whole visibility rule", through the
// official client against the engine: a used-only site's key reads no new
// car whatever filters the shopper sends, reaches only the named replicas,
// and stops working after validUntil.
func TestSecuredKeyEnforcesVisibility(t *testing.T) {
	_, cfg := testenv.Engine(t)
	cfg.Index = "keys_cars"
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := idx.EnsureSettings(ctx); err != nil {
		t.Fatal(err)
	}
	place := shared.Placement{Sites: []string{"north-used"}, DealershipName: "North", SearchableUntil: shared.NoExpiry}
	used := shared.Car{ID: "u1", DealershipSlug: "north", Make: "Kia", Model: "Rio", CarType: shared.CarTypeUsed, Price: 15000, Status: shared.StatusInStock,
		PrivateSuburb: "Carlton", PrivatePostcode: "3053"}
	brandNew := shared.Car{ID: "n1", DealershipSlug: "north", Make: "Kia", Model: "EV6", CarType: shared.CarTypeNew, Price: 65000, Status: shared.StatusInStock}
	if err := idx.Save(ctx, []shared.IndexedCar{{Car: used, Placement: place}, {Car: brandNew, Placement: place}}); err != nil {
		t.Fatal(err)
	}
	site := shared.Site{Slug: "north-used", Dealerships: []shared.Dealership{{Slug: "north"}}, Stock: shared.StockConfig{CarTypes: []shared.CarType{shared.CarTypeUsed}}}
	client := func(now time.Time) *search.APIClient { return siteClient(t, idx, site, now) }
	sc := client(time.Now())
	ids := func(index, filters string) ([]string, error) {
		req := sc.NewApiSearchSingleIndexRequest(index)
		if filters != "" {
			req = req.WithSearchParams(search.SearchParamsObjectAsSearchParams(search.NewEmptySearchParamsObject().SetFilters(filters)))
		}
		res, err := sc.SearchSingleIndex(req)
		if err != nil {
			return nil, err
		}
		var out []string
		for _, h := range res.Hits {
			out = append(out, h.ObjectID)
		}
		return out, nil
	}
	for filters, want := range map[string]string{"": "[u1]", `car_type:"new"`: "[]", `car_type:"new" OR car_type:"used"`: "[u1]"} {
		got, err := ids("keys_cars", filters)
		if err != nil {
			t.Fatalf("filters %q: %v", filters, err)
		}
		if fmt.Sprint(got) != want {
			t.Errorf("filters %q: used-only site reads %v, want %s", filters, got, want)
		}
	}
	// Issue 15 "Private car fields are public": never returned by a search.
	for _, index := range []string{"keys_cars", "keys_cars_latest"} {
		res, err := sc.SearchSingleIndex(sc.NewApiSearchSingleIndexRequest(index))
		if err != nil || len(res.Hits) != 1 {
			t.Fatalf("%s: %v, %v", index, res, err)
		}
		for _, attr := range shared.PrivateCarAttributes {
			if v, ok := res.Hits[0].AdditionalProperties[attr]; ok {
				t.Errorf("%s: hit carries %s=%v", index, attr, v)
			}
		}
	}
	if got, err := ids("keys_cars_price_asc", `car_type:"new"`); err != nil || len(got) != 0 {
		t.Errorf("replica with car_type:new: %v, %v; want no hits", got, err)
	}
	if _, err := ids("keys_cars_other", ""); err == nil {
		t.Error("an index that is not a named replica answered")
	}
	if _, err := client(time.Now().Add(-25 * time.Hour)).SearchSingleIndex(sc.NewApiSearchSingleIndexRequest("keys_cars")); err == nil {
		t.Error("a key minted 25 h ago still searches")
	}
}

// Issue 18, replicas chosen for cost: a sort named in VirtualSorts is a
// virtual replica (no copy of the records) ordering by its criterion; the
// others stay standard; an unknown sort is refused.
func TestVirtualSorts(t *testing.T) {
	_, cfg := testenv.Engine(t)
	cfg.VirtualSorts = []string{shared.SortLatest}
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := idx.EnsureSettings(ctx); err != nil {
		t.Fatal(err)
	}
	settings, err := idx.Client().GetSettings(idx.Client().NewApiGetSettingsRequest(cfg.Index))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"virtual(" + cfg.Index + "_latest)", cfg.Index + "_price_asc"}
	for _, w := range want {
		if !slices.Contains(settings.Replicas, w) {
			t.Errorf("replicas %v: want %s among them", settings.Replicas, w)
		}
	}
	place := shared.Placement{Sites: []string{"s"}, SearchableUntil: shared.NoExpiry}
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	var cars []shared.IndexedCar
	for i, id := range []string{"old", "newest", "middle"} {
		created := map[string]int{"old": 0, "newest": 2, "middle": 1}[id]
		c := shared.Car{ID: id, Make: "Kia", Model: "Rio", Price: float64(10000 + i),
			Status: shared.StatusInStock, CreatedAt: day.AddDate(0, 0, created)}
		if id == "newest" {
			// Sold: last on the primary (desc(available) first), first by date.
			c.Sold, c.Status = true, shared.StatusSold
		}
		cars = append(cars, shared.IndexedCar{Car: c, Placement: place})
	}
	if err := idx.Save(ctx, cars); err != nil {
		t.Fatal(err)
	}
	res, err := idx.Client().SearchSingleIndex(idx.Client().NewApiSearchSingleIndexRequest(idx.SortIndices()[shared.SortLatest]))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range res.Hits {
		got = append(got, h.ObjectID)
	}
	if !slices.Equal(got, []string{"newest", "middle", "old"}) {
		t.Errorf("latest (virtual) order = %v, want newest first", got)
	}
	cfg.VirtualSorts = []string{"colour"}
	if _, err := algolia.New(cfg); err == nil || !strings.Contains(err.Error(), "colour") {
		t.Errorf("unknown virtual sort: got %v, want an error naming it", err)
	}
}

// Issue 31 "records carry private fields", the shopper's view: through the
// official client against the engine, a site's secured key asking for every
// attribute (attributesToRetrieve ["*"]) of an index that was never given
// the unretrievable setting reads no private field, since the record never
// held one.
func TestSecuredKeyReadsNoPrivateFieldWithoutSettings(t *testing.T) {
	_, cfg := testenv.Engine(t)
	cfg.Index = "bare_cars" // not EnsureSettings: no unretrievable attributes
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	// Facets only, so the key's sites filter applies; nothing unretrievable.
	c := idx.Client()
	if _, err := c.SetSettings(c.NewApiSetSettingsRequest(cfg.Index,
		search.NewEmptyIndexSettings().SetAttributesForFaceting(algolia.Facets))); err != nil {
		t.Fatal(err)
	}
	car := shared.Car{ID: "p1", DealershipSlug: "north", Make: "Kia", Model: "Rio", CarType: shared.CarTypeUsed, Price: 15000,
		Status: shared.StatusInStock, PrivateSuburb: "Carlton", PrivatePostcode: "3053",
		AutograbData: &shared.AutograbData{AverageMarketPrice: 17000}}
	place := shared.Placement{Sites: []string{"north"}, SearchableUntil: shared.NoExpiry}
	if err := idx.Save(ctx, []shared.IndexedCar{{Car: car, Placement: place}}); err != nil {
		t.Fatal(err)
	}
	sc := siteClient(t, idx, shared.Site{Slug: "north", Dealerships: []shared.Dealership{{Slug: "north"}}}, time.Now())
	res, err := sc.SearchSingleIndex(sc.NewApiSearchSingleIndexRequest(cfg.Index).WithSearchParams(
		search.SearchParamsObjectAsSearchParams(search.NewEmptySearchParamsObject().SetAttributesToRetrieve([]string{"*"}))))
	if err != nil || len(res.Hits) != 1 {
		t.Fatalf("search: %v, %v", res, err)
	}
	hit := res.Hits[0].AdditionalProperties
	if hit["make"] != "Kia" {
		t.Fatalf("hit = %v, want the car's attributes", hit)
	}
	for _, attr := range append(slices.Clone(shared.PrivateCarAttributes), "autograb_data") {
		if v, ok := hit[attr]; ok {
			t.Errorf("hit carries %s = %v", attr, v)
		}
	}
}

// Issue 31 "a removed dealership stays in the key's reach until a
// reindex": the records of a dealership the site no longer lists still
// name the site, but the site's key, minted from its current config,
// reads only its current dealerships' cars.
func TestSecuredKeyReachesOnlyCurrentDealerships(t *testing.T) {
	_, cfg := testenv.Engine(t)
	cfg.Index = "moved_cars"
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := idx.EnsureSettings(ctx); err != nil {
		t.Fatal(err)
	}
	place := shared.Placement{Sites: []string{"group"}, SearchableUntil: shared.NoExpiry}
	var cars []shared.IndexedCar
	for _, d := range []string{"kept", "removed"} {
		cars = append(cars, shared.IndexedCar{Car: shared.Car{ID: d + "-car", DealershipSlug: d, Make: "Kia", Model: "Rio",
			Price: 15000, Status: shared.StatusInStock}, Placement: place})
	}
	if err := idx.Save(ctx, cars); err != nil {
		t.Fatal(err)
	}
	sc := siteClient(t, idx, shared.Site{Slug: "group", Dealerships: []shared.Dealership{{Slug: "kept"}}}, time.Now())
	for _, filters := range []string{"", `dealership_slug:"removed"`} {
		req := sc.NewApiSearchSingleIndexRequest(cfg.Index)
		if filters != "" {
			req = req.WithSearchParams(search.SearchParamsObjectAsSearchParams(search.NewEmptySearchParamsObject().SetFilters(filters)))
		}
		res, err := sc.SearchSingleIndex(req)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, h := range res.Hits {
			got = append(got, h.ObjectID)
		}
		want := "[kept-car]"
		if filters != "" {
			want = "[]"
		}
		if fmt.Sprint(got) != want {
			t.Errorf("filters %q: the key reads %v, want %s", filters, got, want)
		}
	}
}

// siteClient is a search client holding the site's secured key, minted at
// now, as a shopper's browser holds it.
func siteClient(t *testing.T, idx *algolia.Index, site shared.Site, now time.Time) *search.APIClient {
	t.Helper()
	key, _, err := idx.SecuredKey(site, now)
	if err != nil {
		t.Fatal(err)
	}
	conf := *idx.Client().GetConfiguration()
	conf.ApiKey = key
	sc, err := search.NewClientWithConfig(conf)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

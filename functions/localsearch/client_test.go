package localsearch_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/algolia/algoliasearch-client-go/v4/algolia/call"
	"github.com/algolia/algoliasearch-client-go/v4/algolia/search"
	"github.com/algolia/algoliasearch-client-go/v4/algolia/transport"

	"forecourt/functions/localsearch"
)

const (
	appID     = "TESTAPP"
	adminKey  = "test-admin-key"
	searchKey = "test-search-key"
)

// startEngine serves a fresh engine and returns its host (127.0.0.1:port).
func startEngine(t *testing.T, dataDir string) (*localsearch.Engine, string) {
	t.Helper()
	e, err := localsearch.New(localsearch.Config{AppID: appID, AdminKey: adminKey, SearchKey: searchKey, DataDir: dataDir})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	srv := httptest.NewServer(e.Handler())
	t.Cleanup(srv.Close)
	return e, strings.TrimPrefix(srv.URL, "http://")
}

// newClient is the official Go client v4 pointed at host, as the ingestion code configures it.
func newClient(t *testing.T, host, key string) *search.APIClient {
	t.Helper()
	c, err := search.NewClientWithConfig(search.SearchConfiguration{Configuration: transport.Configuration{
		AppID: appID, ApiKey: key,
		Hosts: []transport.StatefulHost{transport.NewStatefulHost("http", host, call.IsReadWrite)},
	}})
	if err != nil {
		t.Fatalf("client: %v", err)
	}
	return c
}

// testCars is a small fleet across two tenants (sites a and b).
func testCars() []map[string]any {
	rows := []struct {
		make, model, body string
		price, km, year   int
		sites             []string
	}{
		{"Toyota", "Corolla", "Hatch", 21000, 40000, 2019, []string{"a"}},
		{"Toyota", "Camry", "Sedan", 28000, 30000, 2020, []string{"a"}},
		{"Toyota", "Corolla", "Sedan", 25000, 20000, 2021, []string{"b"}},
		{"Mazda", "CX-5", "SUV", 35000, 15000, 2022, []string{"a", "b"}},
		{"Ford", "Ranger", "Ute", 45000, 60000, 2018, []string{"b"}},
		{"Hyundai", "i30", "Hatch", 18000, 80000, 2017, []string{"a"}},
	}
	var out []map[string]any
	for i, r := range rows {
		out = append(out, map[string]any{
			"objectID": fmt.Sprintf("car-%d", i+1), "make": r.make, "model": r.model, "simple_body": r.body,
			"make_model": r.make + " " + r.model, "price": r.price, "km": r.km, "year": r.year, "sites": r.sites,
			"created_at_timestamp": 1700000000 + i*1000,
		})
	}
	return out
}

func setupCars(t *testing.T, c *search.APIClient) {
	t.Helper()
	settings := search.NewIndexSettings().
		SetSearchableAttributes([]string{"make_model", "make", "model", "unordered(simple_body)"}).
		SetAttributesForFaceting([]string{"make", "model", "simple_body", "price", "km", "year", "filterOnly(sites)"}).
		SetCustomRanking([]string{"desc(created_at_timestamp)"}).
		SetReplicas([]string{"cars_price_asc", "cars_price_desc"})
	res, err := c.SetSettings(c.NewApiSetSettingsRequest("cars", settings))
	if err != nil {
		t.Fatalf("SetSettings: %v", err)
	}
	if _, err := c.WaitForTask("cars", res.TaskID); err != nil {
		t.Fatalf("WaitForTask: %v", err)
	}
	for name, rank := range map[string]string{"cars_price_asc": "asc(price)", "cars_price_desc": "desc(price)"} {
		if _, err := c.SetSettings(c.NewApiSetSettingsRequest(name, search.NewIndexSettings().
			SetRanking([]string{rank, "typo", "words", "proximity", "attribute", "exact", "custom"}))); err != nil {
			t.Fatalf("SetSettings %s: %v", name, err)
		}
	}
	batches, err := c.SaveObjects("cars", testCars(), search.WithWaitForTasks(true))
	if err != nil {
		t.Fatalf("SaveObjects: %v", err)
	}
	if len(batches) != 1 || len(batches[0].ObjectIDs) != 6 {
		t.Fatalf("SaveObjects answered %+v", batches)
	}
}

func hitIDs(r *search.SearchResponse) []string {
	var ids []string
	for _, h := range r.Hits {
		ids = append(ids, h.ObjectID)
	}
	return ids
}

func multiSearch(t *testing.T, c *search.APIClient, reqs ...*search.SearchForHits) []search.SearchResponse {
	t.Helper()
	var qs []search.SearchQuery
	for _, r := range reqs {
		qs = append(qs, *search.SearchForHitsAsSearchQuery(r))
	}
	res, err := c.Search(c.NewApiSearchRequest(search.NewSearchMethodParams(qs)))
	if err != nil {
		t.Fatalf("Search: %v", err)
	}
	var out []search.SearchResponse
	for _, r := range res.Results {
		if r.SearchResponse == nil {
			t.Fatalf("result is not a search response: %+v", r)
		}
		out = append(out, *r.SearchResponse)
	}
	return out
}

// Issue 2 item 7 / issue 3: the official Go client writes settings and
// records and searches with text, facets, facet filters and pagination.
func TestGoClientSearch(t *testing.T) {
	_, host := startEngine(t, "")
	c := newClient(t, host, adminKey)
	setupCars(t, c)

	tests := []struct {
		name    string
		req     *search.SearchForHits
		wantIDs []string
		nbPages int32
	}{
		{"empty query ranks by customRanking", search.NewSearchForHits("cars"), []string{"car-6", "car-5", "car-4", "car-3", "car-2", "car-1"}, 1},
		{"two words with prefix", search.NewSearchForHits("cars").SetQuery("toyota cor"), []string{"car-3", "car-1"}, 1},
		{"typo", search.NewSearchForHits("cars").SetQuery("toyta"), []string{"car-3", "car-2", "car-1"}, 1},
		{"facet filter OR + numeric", search.NewSearchForHits("cars").
			SetFacetFilters(search.ArrayOfFacetFiltersAsFacetFilters([]search.FacetFilters{
				*search.ArrayOfFacetFiltersAsFacetFilters([]search.FacetFilters{*search.StringAsFacetFilters("make:Toyota"), *search.StringAsFacetFilters("make:Mazda")}),
			})).SetNumericFilters(search.StringAsNumericFilters("price>=25000")), []string{"car-4", "car-3", "car-2"}, 1},
		{"filters grammar", search.NewSearchForHits("cars").SetFilters(`(make:Toyota OR make:"Ford") AND NOT simple_body:Sedan AND year:2015 TO 2019`), []string{"car-5", "car-1"}, 1},
		{"pagination", search.NewSearchForHits("cars").SetHitsPerPage(4).SetPage(1), []string{"car-2", "car-1"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := multiSearch(t, c, tt.req)[0]
			if got := strings.Join(hitIDs(&r), ","); got != strings.Join(tt.wantIDs, ",") {
				t.Errorf("hits = %s, want %s", got, strings.Join(tt.wantIDs, ","))
			}
			if r.GetNbPages() != tt.nbPages {
				t.Errorf("nbPages = %d, want %d", r.GetNbPages(), tt.nbPages)
			}
		})
	}

	r := multiSearch(t, c, search.NewSearchForHits("cars").SetFacets([]string{"make", "price"}).SetHitsPerPage(0))[0]
	if got := r.GetFacets()["make"]["Toyota"]; got != 3 {
		t.Errorf("facets.make.Toyota = %d, want 3", got)
	}
	if s := r.GetFacetsStats()["price"]; s.GetMin() != 18000 || s.GetMax() != 45000 {
		t.Errorf("facets_stats.price = %+v, want min 18000 max 45000", s)
	}
	if r.GetNbHits() != 6 || len(r.Hits) != 0 {
		t.Errorf("nbHits %d hits %d, want 6 and 0", r.GetNbHits(), len(r.Hits))
	}

	// Standard replicas sort by their own ranking.
	asc := multiSearch(t, c, search.NewSearchForHits("cars_price_asc"), search.NewSearchForHits("cars_price_desc").SetQuery("toyota"))
	if got := strings.Join(hitIDs(&asc[0]), ","); got != "car-6,car-1,car-3,car-2,car-4,car-5" {
		t.Errorf("cars_price_asc = %s", got)
	}
	if got := strings.Join(hitIDs(&asc[1]), ","); got != "car-2,car-3,car-1" {
		t.Errorf("cars_price_desc toyota = %s", got)
	}
}

// Issue 3 "Keys": a secured key derived from the search key sees only its
// tenant's records, only its indices, and stops working when it expires or
// is tampered with.
func TestGoClientSecuredKeys(t *testing.T) {
	_, host := startEngine(t, "")
	admin := newClient(t, host, adminKey)
	setupCars(t, admin)

	key, err := admin.GenerateSecuredApiKey(searchKey, search.NewSecuredApiKeyRestrictions().
		SetFilters("sites:a").SetRestrictIndices([]string{"cars", "cars_*"}).SetValidUntil(time.Now().Add(time.Hour).Unix()))
	if err != nil {
		t.Fatal(err)
	}
	tenant := newClient(t, host, key)
	res := multiSearch(t, tenant,
		search.NewSearchForHits("cars").SetFacets([]string{"make"}),
		search.NewSearchForHits("cars_price_asc").SetFilters("make:Toyota OR make:Ford"))
	for _, h := range append(res[0].Hits, res[1].Hits...) {
		if h.ObjectID == "car-3" || h.ObjectID == "car-5" {
			t.Errorf("tenant a saw %s, a site-b car", h.ObjectID)
		}
	}
	if res[0].GetNbHits() != 4 || res[0].GetFacets()["make"]["Toyota"] != 2 {
		t.Errorf("tenant a: nbHits %d, Toyota facet %d; want 4 and 2", res[0].GetNbHits(), res[0].GetFacets()["make"]["Toyota"])
	}

	forbidden := func(name string, c *search.APIClient, index string) {
		t.Helper()
		_, err := c.Search(c.NewApiSearchRequest(search.NewSearchMethodParams([]search.SearchQuery{*search.SearchForHitsAsSearchQuery(search.NewSearchForHits(index))})))
		if err == nil || !strings.Contains(err.Error(), "403") {
			t.Errorf("%s: err = %v, want a 403", name, err)
		}
	}
	forbidden("index outside restrictIndices", tenant, "other")
	expired, _ := admin.GenerateSecuredApiKey(searchKey, search.NewSecuredApiKeyRestrictions().SetFilters("sites:a").SetValidUntil(time.Now().Add(-time.Minute).Unix()))
	forbidden("expired key", newClient(t, host, expired), "cars")
	forged, _ := admin.GenerateSecuredApiKey("not-the-search-key", search.NewSecuredApiKeyRestrictions().SetFilters("sites:b"))
	forbidden("key signed with another parent", newClient(t, host, forged), "cars")
	if _, err := tenant.SaveObjects("cars", testCars()[:1]); err == nil {
		t.Errorf("a secured key could write records")
	}
}

// Issue 3 "Persistence": indices, settings and replicas survive a restart.
func TestPersistenceAcrossRestart(t *testing.T) {
	dir := t.TempDir()
	e, host := startEngine(t, dir)
	setupCars(t, newClient(t, host, adminKey))
	if err := e.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	_, host2 := startEngine(t, dir)
	c := newClient(t, host2, adminKey)
	r := multiSearch(t, c, search.NewSearchForHits("cars_price_desc").SetQuery("mazda").SetFacets([]string{"make"}))[0]
	if got := strings.Join(hitIDs(&r), ","); got != "car-4" {
		t.Errorf("after restart hits = %s, want car-4", got)
	}
	s, err := c.GetSettings(c.NewApiGetSettingsRequest("cars"))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Replicas) != 2 {
		t.Errorf("replicas after restart = %v", s.Replicas)
	}
}

// Issue 3 API list through the Go client's helpers the ingestion side may
// use: single-index search, objects, partial updates, deletes, browse,
// facet value search, replaceAllObjects, list and clear.
func TestGoClientHelpers(t *testing.T) {
	_, host := startEngine(t, "")
	c := newClient(t, host, adminKey)
	setupCars(t, c)

	single, err := c.SearchSingleIndex(c.NewApiSearchSingleIndexRequest("cars").WithSearchParams(
		search.SearchParamsObjectAsSearchParams(search.NewEmptySearchParamsObject().SetQuery("ranger").SetFilters("sites:b"))))
	if err != nil || strings.Join(hitIDs(single), ",") != "car-5" {
		t.Fatalf("SearchSingleIndex: %v %v", err, single)
	}
	obj, err := c.GetObject(c.NewApiGetObjectRequest("cars", "car-4").WithAttributesToRetrieve([]string{"make"}))
	if err != nil || (*obj)["make"] != "Mazda" || (*obj)["price"] != nil {
		t.Fatalf("GetObject: %v %v", err, obj)
	}
	if _, err := c.PartialUpdateObjects("cars", []map[string]any{{"objectID": "car-4", "price": 33000}}, search.WithWaitForTasks(true)); err != nil {
		t.Fatalf("PartialUpdateObjects: %v", err)
	}
	if _, err := c.DeleteObjects("cars", []string{"car-6"}, search.WithWaitForTasks(true)); err != nil {
		t.Fatalf("DeleteObjects: %v", err)
	}
	if _, err := c.DeleteBy(c.NewApiDeleteByRequest("cars", search.NewEmptyDeleteByParams().SetFilters("make:Ford"))); err != nil {
		t.Fatalf("DeleteBy: %v", err)
	}
	var browsed []string
	err = c.BrowseObjects("cars", search.BrowseParamsObject{HitsPerPage: ptr(int32(2))}, search.WithAggregator(func(res any, err error) {
		if r, ok := res.(*search.BrowseResponse); ok {
			for _, h := range r.Hits {
				browsed = append(browsed, h.ObjectID)
			}
		}
	}))
	if err != nil || len(browsed) != 4 {
		t.Fatalf("BrowseObjects: %v, %v", err, browsed)
	}
	fv, err := c.SearchForFacetValues(c.NewApiSearchForFacetValuesRequest("cars", "simple_body").
		WithSearchForFacetValuesRequest(search.NewEmptySearchForFacetValuesRequest().SetFacetQuery("se")))
	if err == nil {
		t.Errorf("facet search on a non-searchable facet answered %v", fv)
	}

	if _, err := c.ReplaceAllObjects("cars", testCars()[:2]); err != nil {
		t.Fatalf("ReplaceAllObjects: %v", err)
	}
	r := multiSearch(t, c, search.NewSearchForHits("cars_price_desc"))[0]
	if got := strings.Join(hitIDs(&r), ","); got != "car-2,car-1" {
		t.Errorf("replica after ReplaceAllObjects = %s", got)
	}
	list, err := c.ListIndices(c.NewApiListIndicesRequest())
	if err != nil || len(list.Items) != 3 {
		t.Fatalf("ListIndices: %v %+v", err, list)
	}
	if _, err := c.ClearObjects(c.NewApiClearObjectsRequest("cars")); err != nil {
		t.Fatalf("ClearObjects: %v", err)
	}
}

func ptr[T any](v T) *T { return &v }

package localsearch_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"forecourt/functions/localsearch"
)

// api drives the engine's handler in-process with raw HTTP, to check the
// exact wire behaviour (statuses, bodies, headers) Algolia's clients rely on.
type api struct {
	t *testing.T
	h http.Handler
}

func newAPI(t *testing.T, cfg localsearch.Config) *api {
	t.Helper()
	if cfg.AppID == "" {
		cfg.AppID, cfg.AdminKey, cfg.SearchKey = appID, adminKey, searchKey
	}
	e, err := localsearch.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &api{t: t, h: e.Handler()}
}

func (a *api) do(method, path, key string, body any) *httptest.ResponseRecorder {
	a.t.Helper()
	var rd *bytes.Reader
	switch b := body.(type) {
	case nil:
		rd = bytes.NewReader(nil)
	case string:
		rd = bytes.NewReader([]byte(b))
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			a.t.Fatal(err)
		}
		rd = bytes.NewReader(j)
	}
	r := httptest.NewRequest(method, path, rd)
	if key != "" {
		r.Header.Set("X-Algolia-Application-Id", appID)
		r.Header.Set("X-Algolia-API-Key", key)
	}
	w := httptest.NewRecorder()
	a.h.ServeHTTP(w, r)
	return w
}

func (a *api) ok(method, path string, body any) map[string]any {
	a.t.Helper()
	w := a.do(method, path, adminKey, body)
	if w.Code != 200 && w.Code != 201 {
		a.t.Fatalf("%s %s: %d %s", method, path, w.Code, w.Body.String())
	}
	var m map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil {
		a.t.Fatalf("%s %s: invalid JSON %q", method, path, w.Body.String())
	}
	return m
}

func (a *api) seed() {
	a.t.Helper()
	a.ok("PUT", "/1/indexes/cars/settings", map[string]any{
		"searchableAttributes":  []string{"make_model", "make", "model", "unordered(simple_body)"},
		"attributesForFaceting": []string{"searchable(make)", "model", "simple_body", "price", "km", "year", "filterOnly(sites)"},
		"customRanking":         []string{"desc(created_at_timestamp)"},
	})
	var reqs []any
	for _, c := range testCars() {
		reqs = append(reqs, map[string]any{"action": "addObject", "body": c})
	}
	a.ok("POST", "/1/indexes/cars/batch", map[string]any{"requests": reqs})
}

func (a *api) query(index string, params map[string]any) map[string]any {
	a.t.Helper()
	return a.ok("POST", "/1/indexes/"+url.PathEscape(index)+"/query", params)
}

func ids(res map[string]any) string {
	var out []string
	for _, h := range res["hits"].([]any) {
		out = append(out, h.(map[string]any)["objectID"].(string))
	}
	return strings.Join(out, ",")
}

// DESIGN.md "InstantSearch sends": keys in the query string, text/plain,
// params in the URL-encoded string form; every response carries CORS.
func TestInstantSearchRequestShape(t *testing.T) {
	a := newAPI(t, localsearch.Config{})
	a.seed()
	body := `{"requests":[{"indexName":"cars","params":"facets=%5B%22make%22%2C%22price%22%5D&facetFilters=%5B%5B%22make%3AToyota%22%5D%5D&highlightPreTag=__ais-highlight__&highlightPostTag=__%2Fais-highlight__&hitsPerPage=2&query=coro"},{"indexName":"cars","params":"facets=make&hitsPerPage=0&analytics=false"}]}`
	r := httptest.NewRequest("POST", "/1/indexes/*/queries?x-algolia-agent=test&x-algolia-api-key="+searchKey+"&x-algolia-application-id="+appID, strings.NewReader(body))
	r.Header.Set("Content-Type", "text/plain")
	r.Header.Set("Origin", "http://a.localhost:8080")
	w := httptest.NewRecorder()
	a.h.ServeHTTP(w, r)
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body.String())
	}
	if got := w.Header().Get("Access-Control-Allow-Origin"); got != "http://a.localhost:8080" {
		t.Errorf("Access-Control-Allow-Origin = %q", got)
	}
	var res struct {
		Results []map[string]any `json:"results"`
	}
	json.Unmarshal(w.Body.Bytes(), &res)
	main := res.Results[0]
	if ids(main) != "car-3,car-1" || main["nbPages"].(float64) != 1 || main["nbHits"].(float64) != 2 {
		t.Errorf("main query: hits %s nbHits %v nbPages %v", ids(main), main["nbHits"], main["nbPages"])
	}
	hl := main["hits"].([]any)[0].(map[string]any)["_highlightResult"].(map[string]any)["model"].(map[string]any)
	if hl["value"] != "__ais-highlight__Coro__/ais-highlight__lla" || hl["matchLevel"] != "full" {
		t.Errorf("_highlightResult.model = %v", hl)
	}
	if _, ok := main["facets_stats"].(map[string]any)["price"]; !ok {
		t.Errorf("facets_stats.price missing: %v", main["facets_stats"])
	}
	disj := res.Results[1]
	if f := disj["facets"].(map[string]any)["make"].(map[string]any); f["Toyota"].(float64) != 3 || f["Mazda"].(float64) != 1 {
		t.Errorf("disjunctive facets = %v", f)
	}
	if len(disj["hits"].([]any)) != 0 || disj["nbPages"].(float64) != 0 {
		t.Errorf("hitsPerPage 0 answered %v hits, nbPages %v", len(disj["hits"].([]any)), disj["nbPages"])
	}

	pre := httptest.NewRequest("OPTIONS", "/1/indexes/*/queries", nil)
	pre.Header.Set("Origin", "http://x.localhost")
	pre.Header.Set("Access-Control-Request-Headers", "x-algolia-api-key,x-algolia-application-id,content-type")
	pw := httptest.NewRecorder()
	a.h.ServeHTTP(pw, pre)
	if pw.Code != 200 || !strings.Contains(pw.Header().Get("Access-Control-Allow-Headers"), "x-algolia-api-key") {
		t.Errorf("preflight: %d, allow headers %q", pw.Code, pw.Header().Get("Access-Control-Allow-Headers"))
	}
}

// Issue 3 "Keys" and "Robustness": Algolia's statuses and error bodies.
func TestErrorsAsAlgolia(t *testing.T) {
	a := newAPI(t, localsearch.Config{MaxBodyBytes: 4096})
	a.seed()
	tests := []struct {
		name, method, path, key string
		body                    any
		status                  int
		message                 string
	}{
		{"unknown key", "POST", "/1/indexes/cars/query", "nope", `{}`, 403, "Invalid Application-ID or API key"},
		{"no key", "POST", "/1/indexes/cars/query", "", `{}`, 403, "Invalid Application-ID or API key"},
		{"search key cannot write", "POST", "/1/indexes/cars/batch", searchKey, `{"requests":[]}`, 403, "Method not allowed with this API key"},
		{"search key cannot read settings", "GET", "/1/indexes/cars/settings", searchKey, nil, 403, "Method not allowed with this API key"},
		{"missing index", "POST", "/1/indexes/nope/query", searchKey, `{}`, 404, "Index does not exist"},
		{"missing object", "GET", "/1/indexes/cars/car-99", adminKey, nil, 404, "ObjectID does not exist"},
		{"malformed JSON", "POST", "/1/indexes/*/queries", searchKey, `{"requests":[`, 400, ""},
		{"unknown parameter", "POST", "/1/indexes/cars/query", searchKey, `{"hitsPerPagee":3}`, 400, "Unknown parameter: hitsPerPagee"},
		{"ill-typed parameter", "POST", "/1/indexes/cars/query", searchKey, `{"hitsPerPage":"many"}`, 400, ""},
		{"bad filters", "POST", "/1/indexes/cars/query", searchKey, `{"filters":"(make:A AND model:B) OR year:2000"}`, 400, ""},
		{"unknown batch action", "POST", "/1/indexes/cars/batch", adminKey, `{"requests":[{"action":"explode","body":{}}]}`, 400, ""},
		{"body too large", "POST", "/1/indexes/cars/batch", adminKey, `{"requests":[{"action":"addObject","body":{"x":"` + strings.Repeat("a", 5000) + `"}}]}`, 413, "Request body too large"},
		{"facet not searchable", "POST", "/1/indexes/cars/facets/model/query", searchKey, `{"facetQuery":"c"}`, 400, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := a.do(tt.method, tt.path, tt.key, tt.body)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body.String())
			}
			var e struct {
				Message string `json:"message"`
				Status  int    `json:"status"`
			}
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Status != tt.status || e.Message == "" {
				t.Errorf("body %q is not {message,status}", w.Body.String())
			}
			if tt.message != "" && e.Message != tt.message {
				t.Errorf("message %q, want %q", e.Message, tt.message)
			}
			if w.Header().Get("Access-Control-Allow-Origin") == "" {
				t.Errorf("no Access-Control-Allow-Origin on a %d", w.Code)
			}
		})
	}
}

// Issue 3 "Query semantics": typo budget, filters grammar, retrieval,
// pagination, facets options.
func TestQuerySemantics(t *testing.T) {
	a := newAPI(t, localsearch.Config{})
	a.seed()
	tests := []struct {
		name   string
		params map[string]any
		want   string
	}{
		{"no typo under 4 letters", map[string]any{"query": "kai"}, ""},
		{"one typo from 4 letters", map[string]any{"query": "frod"}, "car-5"},
		{"two typos need 8 letters", map[string]any{"query": "corolal"}, "car-3,car-1"},
		{"typoTolerance false", map[string]any{"query": "toyta", "typoTolerance": false}, ""},
		{"prefix only on the last word", map[string]any{"query": "toy corolla"}, ""},
		{"quoted value and NOT", map[string]any{"filters": `make:"Toyota" AND NOT model:Camry`}, "car-3,car-1"},
		{"numeric comparisons", map[string]any{"filters": "price < 21000 OR price >= 45000"}, "car-6,car-5"},
		{"range", map[string]any{"filters": "km:15000 TO 20000"}, "car-4,car-3"},
		{"facetFilters negation", map[string]any{"facetFilters": []any{"make:-Toyota", "make:-Mazda"}}, "car-6,car-5"},
		{"numericFilters nested OR", map[string]any{"numericFilters": []any{[]any{"year=2017", "year=2022"}}}, "car-6,car-4"},
		{"case-insensitive facet values", map[string]any{"facetFilters": "make:toyota", "hitsPerPage": 1}, "car-3"},
		{"offset and length", map[string]any{"offset": 1, "length": 2}, "car-5,car-4"},
		{"paginationLimitedTo", map[string]any{"page": 1, "hitsPerPage": 2, "paginationLimitedTo": 2}, ""},
		{"filterOnly attribute filters", map[string]any{"filters": "sites:b"}, "car-5,car-4,car-3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ids(a.query("cars", tt.params)); got != tt.want {
				t.Errorf("hits %q, want %q", got, tt.want)
			}
		})
	}

	res := a.query("cars", map[string]any{"query": "mazda", "attributesToRetrieve": []string{"make", "price"}, "facets": []string{"*"}, "maxValuesPerFacet": 1, "sortFacetValuesBy": "alpha"})
	hit := res["hits"].([]any)[0].(map[string]any)
	if _, ok := hit["model"]; ok || hit["make"] != "Mazda" || hit["objectID"] != "car-4" {
		t.Errorf("attributesToRetrieve: %v", hit)
	}
	facets := res["facets"].(map[string]any)
	if _, ok := facets["sites"]; ok {
		t.Errorf("filterOnly facet counted: %v", facets)
	}
	if len(facets["make"].(map[string]any)) != 1 {
		t.Errorf("maxValuesPerFacet 1: %v", facets["make"])
	}

	sffv := a.ok("POST", "/1/indexes/cars/facets/make/query", map[string]any{"params": "facetQuery=to&filters=sites%3Ab"})
	hits := sffv["facetHits"].([]any)
	if len(hits) != 1 || hits[0].(map[string]any)["highlighted"] != "<em>To</em>yota" || hits[0].(map[string]any)["count"].(float64) != 1 {
		t.Errorf("search for facet values: %v", hits)
	}
}

// Issue 3 API list: every batch action, object endpoints, browse with a
// cursor, deleteByQuery, clear, task, list and delete.
func TestWriteEndpoints(t *testing.T) {
	a := newAPI(t, localsearch.Config{})
	a.seed()
	a.ok("POST", "/1/indexes/*/batch", map[string]any{"requests": []any{
		map[string]any{"action": "partialUpdateObject", "indexName": "cars", "body": map[string]any{"objectID": "car-1", "price": 19999}},
		map[string]any{"action": "partialUpdateObjectNoCreate", "indexName": "cars", "body": map[string]any{"objectID": "car-77", "price": 1}},
		map[string]any{"action": "updateObject", "indexName": "cars", "body": map[string]any{"objectID": "car-2", "make": "Lexus", "price": 1}},
		map[string]any{"action": "deleteObject", "indexName": "cars", "body": map[string]any{"objectID": "car-6"}},
		map[string]any{"action": "addObject", "indexName": "other", "body": map[string]any{"name": "x"}},
	}})
	if got := a.ok("GET", "/1/indexes/cars/car-1", nil); got["price"].(float64) != 19999 || got["make"] != "Toyota" {
		t.Errorf("partial update: %v", got)
	}
	if w := a.do("GET", "/1/indexes/cars/car-77", adminKey, nil); w.Code != 404 {
		t.Errorf("partialUpdateObjectNoCreate created a record")
	}
	if got := a.ok("GET", "/1/indexes/cars/car-2?attributesToRetrieve=make", nil); got["make"] != "Lexus" || got["price"] != nil {
		t.Errorf("updateObject replaces the record: %v", got)
	}
	a.ok("PUT", "/1/indexes/cars/car-9", map[string]any{"make": "Kia", "price": 9000, "created_at_timestamp": 1})
	a.ok("POST", "/1/indexes/cars/car-9/partial", map[string]any{"price": map[string]any{"_operation": "Increment", "value": 1000}})
	if got := a.ok("GET", "/1/indexes/cars/car-9", nil); got["price"].(float64) != 10000 {
		t.Errorf("Increment: %v", got)
	}
	objs := a.ok("POST", "/1/indexes/*/objects", map[string]any{"requests": []any{
		map[string]any{"indexName": "cars", "objectID": "car-9"}, map[string]any{"indexName": "cars", "objectID": "car-6"}}})
	if r := objs["results"].([]any); r[0] == nil || r[1] != nil {
		t.Errorf("getObjects: %v", r)
	}

	page1 := a.ok("POST", "/1/indexes/cars/browse", map[string]any{"hitsPerPage": 3})
	page2 := a.ok("POST", "/1/indexes/cars/browse", map[string]any{"cursor": page1["cursor"]})
	if len(page1["hits"].([]any)) != 3 || len(page2["hits"].([]any)) != 3 || page2["cursor"] != nil {
		t.Errorf("browse: %d then %d hits, cursor %v", len(page1["hits"].([]any)), len(page2["hits"].([]any)), page2["cursor"])
	}

	a.ok("POST", "/1/indexes/cars/deleteByQuery", map[string]any{"filters": "make:Toyota"})
	if got := ids(a.query("cars", nil)); got != "car-5,car-4,car-9,car-2" { // car-2 lost created_at_timestamp: missing values rank last
		t.Errorf("after deleteByQuery: %s", got)
	}
	task := a.ok("POST", "/1/indexes/cars/clear", nil)
	if st := a.ok("GET", fmt.Sprintf("/1/indexes/cars/task/%d", int64(task["taskID"].(float64))), nil); st["status"] != "published" {
		t.Errorf("task status %v", st)
	}
	if got := a.query("cars", nil)["nbHits"].(float64); got != 0 {
		t.Errorf("after clear nbHits %v", got)
	}
	list := a.ok("GET", "/1/indexes", nil)
	if n := len(list["items"].([]any)); n != 2 {
		t.Errorf("list indices: %d items", n)
	}
	a.ok("DELETE", "/1/indexes/other", nil)
	if w := a.do("POST", "/1/indexes/other/query", adminKey, `{}`); w.Code != 404 {
		t.Errorf("deleted index still answers %d", w.Code)
	}
}

// Issue 3 "Keys": search-parameter overrides and wildcard restrictIndices.
func TestSecuredKeyOverrides(t *testing.T) {
	a := newAPI(t, localsearch.Config{})
	a.seed()
	key := secured(searchKey, "filters=sites%3Aa&hitsPerPage=1&restrictIndices=car%2A")
	w := a.do("POST", "/1/indexes/cars/query", key, `{"hitsPerPage":50,"filters":"make:Toyota"}`)
	var res map[string]any
	json.Unmarshal(w.Body.Bytes(), &res)
	if w.Code != 200 || ids(res) != "car-2" || res["nbHits"].(float64) != 2 {
		t.Errorf("overrides: %d %s", w.Code, w.Body.String())
	}
	if w := a.do("GET", "/1/indexes/cars/car-3", key, nil); w.Code != 404 {
		t.Errorf("secured key read another tenant's record: %d", w.Code)
	}
	raw := bytes.Replace([]byte(mustB64(secured(searchKey, "filters=sites%3Aa"))), []byte("sites%3Aa"), []byte("sites%3Ab"), 1)
	if w := a.do("POST", "/1/indexes/cars/query", key[:len(key)-4], `{}`); w.Code != 403 {
		t.Errorf("truncated key: %d", w.Code)
	}
	if w := a.do("POST", "/1/indexes/cars/query", b64(raw), `{}`); w.Code != 403 {
		t.Errorf("tampered key: %d", w.Code)
	}
}

// Searches and writes may interleave (the gateway serves browsers while a
// feed is ingested); run with -race to check the locking.
func TestConcurrentSearchAndWrite(t *testing.T) {
	a := newAPI(t, localsearch.Config{})
	a.seed()
	done := make(chan struct{})
	errs := make(chan string, 4)
	for g := 0; g < 3; g++ {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := 0; i < 50; i++ {
				r := httptest.NewRequest("POST", "/1/indexes/cars/query", strings.NewReader(`{"query":"toy","facets":["make"],"filters":"price > 1000"}`))
				r.Header.Set("X-Algolia-Application-Id", appID)
				r.Header.Set("X-Algolia-API-Key", searchKey)
				w := httptest.NewRecorder()
				a.h.ServeHTTP(w, r)
				if w.Code != 200 {
					errs <- w.Body.String()
					return
				}
			}
		}()
	}
	for i := 0; i < 50; i++ {
		a.ok("PUT", fmt.Sprintf("/1/indexes/cars/extra-%d", i%5), map[string]any{"make": "Toyota", "model": "Yaris", "price": 2000 + i})
	}
	for g := 0; g < 3; g++ {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Errorf("search failed during writes: %s", e)
	}
}

// Re-feeding the same stock (the feed's delta runs) replaces records in
// place as far as a searcher can tell, including after the store compacts
// its dead slots.
func TestUpdatesAndCompaction(t *testing.T) {
	a := newAPI(t, localsearch.Config{})
	a.ok("PUT", "/1/indexes/cars/settings", map[string]any{"attributesForFaceting": []string{"make"}, "searchableAttributes": []string{"make"}})
	for round := 0; round < 4; round++ {
		var reqs []any
		for i := 0; i < 600; i++ {
			mk := "Toyota"
			if (i+round)%3 == 0 {
				mk = "Ford"
			}
			reqs = append(reqs, map[string]any{"action": "updateObject", "body": map[string]any{"objectID": fmt.Sprint(i), "make": mk, "price": i + round}})
		}
		a.ok("POST", "/1/indexes/cars/batch", map[string]any{"requests": reqs})
	}
	res := a.query("cars", map[string]any{"query": "ford", "facets": []string{"make"}, "numericFilters": "price>=3"})
	// Round 3: Ford when i%3 == 0, i.e. 200 records; price = i+3 >= 3 for all.
	if res["nbHits"].(float64) != 200 {
		t.Errorf("nbHits %v, want 200", res["nbHits"])
	}
	if f := res["facets"].(map[string]any)["make"].(map[string]any); len(f) != 1 || f["Ford"].(float64) != 200 {
		t.Errorf("facets %v", f)
	}
	if all := a.query("cars", map[string]any{"hitsPerPage": 0, "facets": []string{"make"}}); all["nbHits"].(float64) != 600 {
		t.Errorf("total %v, want 600", all["nbHits"])
	}
}

// Issue 15 "Local stand-ins are too open": the engine answers browser pages
// of local origins only, and a page far past any result is a 400, not an
// overflow into page 0.
func TestLocalOriginsAndPageBound(t *testing.T) {
	a := newAPI(t, localsearch.Config{})
	a.seed()
	for origin, allowed := range map[string]bool{
		"http://localhost:5173": true, "http://northside.localhost:8080": true, "http://127.0.0.1:8080": true,
		"http://[::1]:8080": true, "https://evil.example": false, "http://localhost.evil.example": false, "null": false,
	} {
		r := httptest.NewRequest("OPTIONS", "/1/indexes/*/queries", nil)
		r.Header.Set("Origin", origin)
		r.Header.Set("Access-Control-Request-Method", "POST")
		w := httptest.NewRecorder()
		a.h.ServeHTTP(w, r)
		if got := w.Header().Get("Access-Control-Allow-Origin"); (got == origin) != allowed || (!allowed && got != "") {
			t.Errorf("origin %s: Access-Control-Allow-Origin %q; allowed should be %v", origin, got, allowed)
		}
	}
	r := httptest.NewRequest("POST", "/1/indexes/cars/query?x-algolia-api-key="+searchKey+"&x-algolia-application-id="+appID,
		strings.NewReader(`{"params":"page=4611686018427387904&hitsPerPage=20"}`))
	w := httptest.NewRecorder()
	a.h.ServeHTTP(w, r)
	if w.Code != 400 || !strings.Contains(w.Body.String(), "page must be at most") {
		t.Errorf("page 2^62: %d %s; want 400 naming page", w.Code, w.Body)
	}
}

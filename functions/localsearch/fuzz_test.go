package localsearch

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// fuzzStore is a small index to evaluate fuzzed filters against.
func fuzzStore() *store {
	st := newStore(newSchema([]string{"make", "model"}, []string{"make", "model", "year", "filterOnly(sites)"}))
	for i, r := range []map[string]any{
		{"make": "Toyota", "model": "Corolla", "year": 2019.0, "price": 21000.0, "sites": []any{"a"}, "_tags": []any{"new"}},
		{"make": "Ford", "model": "Ranger", "year": 2018.0, "price": 45000.0, "sites": []any{"b"}, "available": true},
		{"make": "Kia", "year": 2020.0, "price": []any{9000.0, 12000.0, 15000.0}, "sites": []any{"a", "b"}},
	} {
		st.putRaw(string(rune('a'+i)), []byte(`{}`), r)
	}
	return st
}

// Issue 3 "Robustness": the filters parser never panics, and whatever it
// accepts evaluates without panicking, to the same records whether it is
// evaluated over every slot (bitsets) or per candidate (text queries).
func FuzzFilters(f *testing.F) {
	for _, s := range []string{
		`make:Toyota`, `make:"Land Rover" AND NOT model:Camry`, `(make:Toyota OR make:Ford) AND year:2015 TO 2020`,
		`price < 10000 OR price >= 45000`, `available:true`, `_tags:new`, `(a:b AND c:d) OR e:f`, `NOT (a:b)`,
		`"make":'Toyota'`, `price != 5`, `year:2019`, `((((a:b))))`, `a:`, `:b`, `a:b OR`, `"unterminated`, `price > abc`,
		`a:b TO c`, `make:Toyota AND (sites:a OR sites:b)`, `price = 12000 AND sites:a`, `price != 9000 AND NOT make:Kia`,
		`price:10000 TO 13000 AND year > 2019`, strings.Repeat("(", 100) + "a:b" + strings.Repeat(")", 100),
	} {
		f.Add(s)
	}
	st := fuzzStore()
	f.Fuzz(func(t *testing.T, s string) {
		flt, err := parseFilters(s)
		if err != nil {
			return
		}
		cf := compileFilter(st, flt)
		bits := cf.eval(st, nil)
		st.alive.each(func(slot uint32) bool {
			if bits.has(slot) != cf.matches(slot) {
				t.Fatalf("%q: slot %d is %v as a bitset, %v per slot", s, slot, bits.has(slot), cf.matches(slot))
			}
			return true
		})
		for _, parse := range []func(any) (*filter, error){parseFacetFilters, parseNumericFilters, parseTagFilters} {
			if lf, err := parse(s); err == nil {
				compileFilter(st, lf).eval(st, nil)
			}
		}
	})
}

// Issue 3 "Robustness": a malformed search or batch request gets a 4xx,
// never a panic or a 500.
func FuzzQueriesDecode(f *testing.F) {
	for _, s := range []string{
		`{"requests":[{"indexName":"cars","params":"query=toyota&facets=%5B%22make%22%5D&hitsPerPage=5"}]}`,
		`{"requests":[{"indexName":"cars","query":"cor","facetFilters":[["make:Toyota","make:Ford"],"model:-Camry"],"numericFilters":["year>=2010"],"facets":["*"]}],"strategy":"none"}`,
		`{"requests":[{"indexName":"cars","params":"facetFilters=(make:Toyota,make:Ford),year:2019&offset=1&length=2"}]}`,
		`{"requests":[{"indexName":"cars","type":"facet","facet":"make","params":"facetQuery=to"}]}`,
		`{"requests":[{"indexName":"cars","hitsPerPage":-1}]}`, `{"requests":[{"indexName":"cars","page":1e99}]}`,
		`{"requests":[{"indexName":"cars","filters":"((a:b"}]}`, `{"requests":[{}]}`, `{"requests":"x"}`, `[]`, `null`, ``, `{`,
		`{"requests":[{"indexName":"cars","params":"%zz"}]}`, `{"requests":[{"indexName":"cars","facets":[1,2]}]}`,
		`{"requests":[{"indexName":"cars","query":"` + strings.Repeat("word ", 100) + `"}]}`,
	} {
		f.Add(s)
	}
	e, err := New(Config{AppID: "A", AdminKey: "admin", SearchKey: "search", MaxBodyBytes: 1 << 16})
	if err != nil {
		f.Fatal(err)
	}
	h := e.Handler()
	seed := httptest.NewRequest("PUT", "/1/indexes/cars/settings", strings.NewReader(`{"attributesForFaceting":["searchable(make)","model","year"]}`))
	seed.Header.Set("X-Algolia-Application-Id", "A")
	seed.Header.Set("X-Algolia-API-Key", "admin")
	h.ServeHTTP(httptest.NewRecorder(), seed)
	batch := httptest.NewRequest("POST", "/1/indexes/cars/batch", strings.NewReader(`{"requests":[{"action":"addObject","body":{"objectID":"1","make":"Toyota","model":"Corolla","year":2019}},{"action":"addObject","body":{"objectID":"2","make":"Ford","model":"Ranger","year":2018}}]}`))
	batch.Header.Set("X-Algolia-Application-Id", "A")
	batch.Header.Set("X-Algolia-API-Key", "admin")
	h.ServeHTTP(httptest.NewRecorder(), batch)

	f.Fuzz(func(t *testing.T, body string) {
		for _, path := range []string{"/1/indexes/*/queries", "/1/indexes/cars/query", "/1/indexes/cars/browse", "/1/indexes/cars/facets/make/query", "/1/indexes/scratch/batch"} {
			r := httptest.NewRequest("POST", path, strings.NewReader(body))
			r.Header.Set("X-Algolia-Application-Id", "A")
			r.Header.Set("X-Algolia-API-Key", "admin")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code >= 500 {
				t.Fatalf("POST %s %q: %d %s", path, body, w.Code, w.Body.String())
			}
		}
		// Each input starts from the same state.
		del := httptest.NewRequest("DELETE", "/1/indexes/scratch", nil)
		del.Header.Set("X-Algolia-Application-Id", "A")
		del.Header.Set("X-Algolia-API-Key", "admin")
		h.ServeHTTP(httptest.NewRecorder(), del)
	})
}

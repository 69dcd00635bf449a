package localsearch

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// Issue 3 "Search parameters" (response fields): the hand-written search
// response encoder writes exactly what encoding/json writes for the same
// result, so the fast path and the browse path answer the same bytes.
func TestResultEncodingMatchesEncodingJSON(t *testing.T) {
	off, length, sorted, strict := 3, 7, 12, 90
	tests := []struct {
		name string
		res  searchResult
	}{
		{"minimal", searchResult{Hits: json.RawMessage(`[]`), Facets: json.RawMessage(`{}`), RenderingContent: emptyObject}},
		{"everything", searchResult{
			Hits: json.RawMessage(`[{"objectID":"a","x":1}]`), NbHits: 12, Page: 1, NbPages: 2, HitsPerPage: 10,
			Offset: &off, Length: &length, NbSortedHits: &sorted, AppliedRelevancyStrictness: &strict,
			Facets: json.RawMessage(`{"make":{"Toyota":3}}`),
			FacetsStats: statsList{
				{"km", facetStats{Min: 1e-7, Max: 1e21, Avg: 0.1, Sum: 123456789}},
				{"price", facetStats{Min: -5, Max: 2.5e-9, Avg: 1.0 / 3, Sum: 0}},
			},
			ExhaustiveFacetsCount: true, Exhaustive: exhaustive{FacetsCount: true, Typo: true},
			Query: `toyota "<b>" & é \u2028`, Params: "query=toyota&x=%3C", Index: "cars",
			RenderingContent: map[string]any{"facetOrdering": map[string]any{"facets": map[string]any{"order": []any{"make"}}}},
			ProcessingTimeMS: 1, ServerTimeMS: 2, Cursor: "abc", QueryID: "q1",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, err := json.Marshal(&tt.res)
			if err != nil {
				t.Fatal(err)
			}
			got, err := tt.res.appendJSON(nil)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("appendJSON:\n got %s\nwant %s", got, want)
			}
		})
	}
}

// Issue 3 "Robustness": strings are escaped as encoding/json escapes them,
// and the record scanner used to render hits reads every member of any
// valid JSON object, in order, the way a decoder does.
func FuzzJSONEncoding(f *testing.F) {
	for _, s := range []string{
		`{"objectID":"a","make":"Toyota","sites":["a","b"],"nested":{"k":[1,{"x":"}"}]},"n":-1.5e3,"t":true,"z":null}`,
		`{"a\"b":"c\\d","\u00e9":"<&>","dup":1,"dup":2}`, `{}`, `{"a":"\ud800"}`, "plain \u2028 text \x01 <tag>", "\xff\xfe",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := appendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("appendJSONString(%q) = %s, want %s", s, got, want)
		}
		var decoded map[string]json.RawMessage
		if json.Unmarshal([]byte(s), &decoded) != nil || decoded == nil {
			return
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, []byte(s)); err != nil {
			t.Fatal(err)
		}
		raw := compact.Bytes()
		seen := map[string]json.RawMessage{}
		if !eachMember(raw, func(key, member []byte) { seen[string(key)] = memberValue(member) }) {
			t.Fatalf("eachMember rejected the valid object %s", raw)
		}
		if len(seen) != len(decoded) {
			t.Fatalf("eachMember saw %d members, the decoder %d, in %s", len(seen), len(decoded), raw)
		}
		for k, v := range decoded {
			var a, b any
			if json.Unmarshal(v, &a) != nil || json.Unmarshal(seen[k], &b) != nil || !reflect.DeepEqual(a, b) {
				t.Fatalf("member %q: decoder %s, eachMember %s", k, v, seen[k])
			}
		}
		hit := renderHit(nil, raw, &retriever{all: true, exclude: map[string]bool{"dup": true}}, nil)
		if !json.Valid(hit) {
			t.Fatalf("renderHit(%s) = %s, not JSON", raw, hit)
		}
	})
}

package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// naive answers the benchmark search by scanning every record, the way a
// straightforward implementation without indexes would: per record, match
// words by prefix on the searchable text, check filters, count facets,
// then sort the matches and render a page.
type naive struct {
	recs []map[string]any
}

func newNaive(cars []map[string]any) *naive { return &naive{recs: cars} }

type naiveResult struct {
	nbHits int
	hits   []json.RawMessage
	facets map[string]map[string]int
}

func (nv *naive) search(s search, site string) naiveResult {
	words := strings.Fields(strings.ToLower(s.text))
	match := func(r map[string]any, skipMake, skipBody bool) bool {
		if !hasString(r["sites"], site) {
			return false
		}
		price := toInt(r["price"])
		if price < s.lo || price > s.hi {
			return false
		}
		if !skipMake && !strings.EqualFold(fmt.Sprint(r["make"]), s.make) {
			return false
		}
		if !skipBody && !strings.EqualFold(fmt.Sprint(r["simple_body"]), s.bodyType) {
			return false
		}
		text := strings.Fields(strings.ToLower(strings.NewReplacer("-", " ").Replace(
			fmt.Sprint(r["make_model"], " ", r["make"], " ", r["model"], " ", r["badge"], " ", r["title"], " ", r["colour"]))))
		for i, w := range words {
			found := false
			for _, t := range text {
				if t == w || (i == len(words)-1 && strings.HasPrefix(t, w)) {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	}
	res := naiveResult{facets: map[string]map[string]int{}}
	var hits []map[string]any
	count := func(facet string, r map[string]any) {
		if res.facets[facet] == nil {
			res.facets[facet] = map[string]int{}
		}
		res.facets[facet][fmt.Sprint(r[facet])]++
	}
	for _, r := range nv.recs {
		if match(r, false, false) {
			hits = append(hits, r)
			for _, f := range []string{"make", "simple_body", "price", "year"} {
				count(f, r)
			}
		}
		if match(r, true, false) {
			count("make", r)
		}
		if match(r, false, true) {
			count("simple_body", r)
		}
	}
	sort.Slice(hits, func(i, j int) bool {
		return toInt(hits[i]["created_at_timestamp"]) > toInt(hits[j]["created_at_timestamp"])
	})
	res.nbHits = len(hits)
	for _, h := range hits[:min(21, len(hits))] {
		b, _ := json.Marshal(h)
		res.hits = append(res.hits, b)
	}
	return res
}

func hasString(v any, s string) bool {
	switch x := v.(type) {
	case []string:
		for _, e := range x {
			if e == s {
				return true
			}
		}
	case string:
		return x == s
	}
	return false
}

func toInt(v any) int {
	switch x := v.(type) {
	case int:
		return x
	case float64:
		return int(x)
	}
	return 0
}

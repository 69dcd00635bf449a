package localsearch

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// RecordFilter is a `filters` string parsed once, to test single records
// outside an index: callers that aggregate records themselves (the per-site
// stock stats shipped with GET /api/site) apply a site's own filter string
// with the grammar and value matching the engine uses for queries.
type RecordFilter struct{ f *filter }

// ParseRecordFilter parses Algolia's `filters` grammar; "" matches every record.
func ParseRecordFilter(s string) (RecordFilter, error) {
	if strings.TrimSpace(s) == "" {
		return RecordFilter{}, nil
	}
	f, err := parseFilters(s)
	if err != nil {
		return RecordFilter{}, fmt.Errorf("parse filters %q: %w", s, err)
	}
	return RecordFilter{f: f}, nil
}

// Match reports whether the record (as JSON decodes it) passes the filter.
// Facet values compare case-insensitively, as the engine's facets do.
func (rf RecordFilter) Match(rec map[string]any) bool { return matchRecord(rf.f, rec) }

func matchRecord(f *filter, rec map[string]any) bool {
	if f == nil {
		return true
	}
	switch f.kind {
	case fAnd:
		for _, k := range f.kids {
			if !matchRecord(k, rec) {
				return false
			}
		}
		return true
	case fOr:
		for _, k := range f.kids {
			if matchRecord(k, rec) {
				return true
			}
		}
		return false
	case fNot:
		return len(f.kids) > 0 && !matchRecord(f.kids[0], rec)
	case fFacet:
		want := strings.ToLower(f.value)
		for _, v := range recordValues(rec, f.attr) {
			if strings.ToLower(scalarString(v)) == want {
				return true
			}
		}
		return false
	case fRange:
		return anyNumber(rec, f.attr, func(x float64) bool { return x >= f.num && x <= f.hi })
	case fNumeric:
		x := f.num
		ops := map[string]func(float64) bool{
			"=": func(v float64) bool { return v == x }, "!=": func(v float64) bool { return v != x },
			"<": func(v float64) bool { return v < x }, "<=": func(v float64) bool { return v <= x },
			">": func(v float64) bool { return v > x }, ">=": func(v float64) bool { return v >= x },
		}
		if op, ok := ops[f.op]; ok {
			return anyNumber(rec, f.attr, op)
		}
	}
	return false
}

// recordValues are the values at a dotted attribute path, arrays flattened.
func recordValues(rec map[string]any, attr string) []any {
	var cur any = rec
	for _, part := range strings.Split(attr, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[part]
	}
	if list, ok := cur.([]any); ok {
		return list
	}
	if cur == nil {
		return nil
	}
	return []any{cur}
}

func scalarString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}

func anyNumber(rec map[string]any, attr string, ok func(float64) bool) bool {
	for _, v := range recordValues(rec, attr) {
		x := math.NaN()
		switch n := v.(type) {
		case float64:
			x = n
		case bool:
			if x = 0; n {
				x = 1
			}
		case string:
			if p, err := parseNumber(n); err == nil {
				x = p
			}
		}
		if !math.IsNaN(x) && ok(x) {
			return true
		}
	}
	return false
}

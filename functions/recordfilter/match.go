package recordfilter

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Filter is a `filters` string parsed once, to test single records
// outside an index (a site's search.filters on the server's side).
type Filter struct{ n *Node }

// Compile parses Algolia's `filters` grammar; "" matches every record.
func Compile(s string) (Filter, error) {
	if strings.TrimSpace(s) == "" {
		return Filter{}, nil
	}
	n, err := Parse(s)
	if err != nil {
		return Filter{}, fmt.Errorf("parse filters %q: %w", s, err)
	}
	return Filter{n: n}, nil
}

// Match reports whether the record (as JSON decodes it) passes the filter.
// Facet values compare case-insensitively, as the engine's facets do.
func (rf Filter) Match(rec map[string]any) bool { return matchRecord(rf.n, rec) }

func matchRecord(f *Node, rec map[string]any) bool {
	if f == nil {
		return true
	}
	switch f.Kind {
	case And:
		for _, k := range f.Kids {
			if !matchRecord(k, rec) {
				return false
			}
		}
		return true
	case Or:
		for _, k := range f.Kids {
			if matchRecord(k, rec) {
				return true
			}
		}
		return false
	case Not:
		return len(f.Kids) > 0 && !matchRecord(f.Kids[0], rec)
	case Facet:
		want := strings.ToLower(f.Value)
		for _, v := range recordValues(rec, f.Attr) {
			if strings.ToLower(scalarString(v)) == want {
				return true
			}
		}
		return false
	case Range:
		return anyNumber(rec, f.Attr, func(x float64) bool { return x >= f.Num && x <= f.Hi })
	case Numeric:
		x := f.Num
		ops := map[string]func(float64) bool{
			"=": func(v float64) bool { return v == x }, "!=": func(v float64) bool { return v != x },
			"<": func(v float64) bool { return v < x }, "<=": func(v float64) bool { return v <= x },
			">": func(v float64) bool { return v > x }, ">=": func(v float64) bool { return v >= x },
		}
		if op, ok := ops[f.Op]; ok {
			return anyNumber(rec, f.Attr, op)
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
			if p, err := ParseNumber(n); err == nil {
				x = p
			}
		}
		if !math.IsNaN(x) && ok(x) {
			return true
		}
	}
	return false
}

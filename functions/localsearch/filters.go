package localsearch

import (
	"encoding/json"
	"fmt"
	"strings"

	"forecourt/functions/recordfilter"
)

// The engine's filters are recordfilter's nodes: one grammar for queries,
// secured keys and the server's own record checks.
type (
	filter     = recordfilter.Node
	filterKind = recordfilter.Kind
)

const (
	fAnd     = recordfilter.And
	fOr      = recordfilter.Or
	fNot     = recordfilter.Not
	fFacet   = recordfilter.Facet   // attr:value (also _tags:value and booleans)
	fNumeric = recordfilter.Numeric // attr <op> number
	fRange   = recordfilter.Range   // attr:lo TO hi
)

var (
	parseFilters = recordfilter.Parse
	parseNumber  = recordfilter.ParseNumber
	and          = recordfilter.All
)

// parseFacetFilters parses facetFilters: a string, an array of strings
// (AND) whose elements may be arrays (OR). "attr:-value" negates; "\-"
// escapes a leading dash.
func parseFacetFilters(v any) (*filter, error) {
	return parseFilterList(v, "facetFilters", facetFilterItem)
}

// parseNumericFilters parses numericFilters ("price>=10", "year:2010 TO 2015").
func parseNumericFilters(v any) (*filter, error) {
	return parseFilterList(v, "numericFilters", numericFilterItem)
}

// parseTagFilters parses tagFilters ("tag", "-tag", nested OR arrays).
func parseTagFilters(v any) (*filter, error) {
	return parseFilterList(v, "tagFilters", func(s string) (*filter, error) {
		if strings.HasPrefix(s, "-") {
			return &filter{Kind: fNot, Kids: []*filter{{Kind: fFacet, Attr: "_tags", Value: s[1:]}}}, nil
		}
		return &filter{Kind: fFacet, Attr: "_tags", Value: strings.TrimPrefix(s, `\`)}, nil
	})
}

func facetFilterItem(s string) (*filter, error) {
	i := indexUnescaped(s, ':')
	if i <= 0 {
		return nil, fmt.Errorf("facetFilters: %q is not attribute:value", s)
	}
	attr, val := unescapeColons(s[:i]), s[i+1:]
	neg := false
	if strings.HasPrefix(val, "-") {
		neg, val = true, val[1:]
	} else if strings.HasPrefix(val, `\-`) {
		val = val[1:]
	}
	f := &filter{Kind: fFacet, Attr: strings.TrimSpace(attr), Value: unescapeColons(val)}
	if neg {
		return &filter{Kind: fNot, Kids: []*filter{f}}, nil
	}
	return f, nil
}

func indexUnescaped(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' {
			i++
			continue
		}
		if s[i] == c {
			return i
		}
	}
	return -1
}

func unescapeColons(s string) string { return strings.ReplaceAll(s, `\:`, ":") }

func numericFilterItem(s string) (*filter, error) {
	f, err := parseFilters(s)
	if err != nil {
		return nil, fmt.Errorf("numericFilters: %w", err)
	}
	if f == nil || (f.Kind != fNumeric && f.Kind != fRange) {
		return nil, fmt.Errorf("numericFilters: %q is not a numeric filter", s)
	}
	return f, nil
}

// parseFilterList handles the shared array shape of the legacy filter
// parameters. A string is either JSON (params-string form) or a
// comma-separated list where "(a,b)" is an OR group.
func parseFilterList(v any, name string, item func(string) (*filter, error)) (*filter, error) {
	switch x := v.(type) {
	case nil:
		return nil, nil
	case string:
		t := strings.TrimSpace(x)
		if t == "" {
			return nil, nil
		}
		if strings.HasPrefix(t, "[") {
			var arr []any
			if err := json.Unmarshal([]byte(t), &arr); err != nil {
				return nil, fmt.Errorf("%s: invalid JSON array: %w", name, err)
			}
			return parseFilterList(arr, name, item)
		}
		// The comma-separated form, read as the array form it stands for.
		var arr []any
		for _, part := range splitTopLevel(t) {
			part = strings.TrimSpace(part)
			if strings.HasPrefix(part, "(") && strings.HasSuffix(part, ")") {
				var ors []any
				for _, o := range strings.Split(part[1:len(part)-1], ",") {
					ors = append(ors, strings.TrimSpace(o))
				}
				arr = append(arr, ors)
				continue
			}
			arr = append(arr, part)
		}
		return parseFilterList(arr, name, item)
	case []any:
		var ands []*filter
		for _, e := range x {
			switch y := e.(type) {
			case string:
				f, err := item(y)
				if err != nil {
					return nil, err
				}
				ands = append(ands, f)
			case []any:
				var ors []*filter
				for _, o := range y {
					s, ok := o.(string)
					if !ok {
						return nil, fmt.Errorf("%s: nested elements must be strings", name)
					}
					f, err := item(s)
					if err != nil {
						return nil, err
					}
					ors = append(ors, f)
				}
				if len(ors) > 0 {
					ands = append(ands, &filter{Kind: fOr, Kids: ors})
				}
			default:
				return nil, fmt.Errorf("%s: elements must be strings or arrays of strings", name)
			}
		}
		return and(ands...), nil
	}
	return nil, fmt.Errorf("%s: must be a string or an array", name)
}

func splitTopLevel(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

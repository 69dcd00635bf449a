package localsearch

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// filterKind says what a filter node tests.
type filterKind int

const (
	fAnd filterKind = iota
	fOr
	fNot
	fFacet   // attr:value (also _tags:value and booleans)
	fNumeric // attr <op> number
	fRange   // attr:lo TO hi
)

// filter is the parsed form shared by `filters`, facetFilters,
// numericFilters, tagFilters and a secured key's restrictions.
type filter struct {
	kind  filterKind
	kids  []*filter
	attr  string
	value string  // fFacet
	op    string  // fNumeric: = != < <= > >=
	num   float64 // fNumeric, fRange low
	hi    float64 // fRange high
}

func and(fs ...*filter) *filter { return join(fAnd, fs) }

// join combines fs (nil ones dropped) under kind, lifting the children of
// those of the same kind: flat, so evaluation can order the terms.
func join(kind filterKind, fs []*filter) *filter {
	var kids []*filter
	for _, f := range fs {
		switch {
		case f == nil:
		case f.kind == kind:
			kids = append(kids, f.kids...)
		default:
			kids = append(kids, f)
		}
	}
	switch len(kids) {
	case 0:
		return nil
	case 1:
		return kids[0]
	}
	return &filter{kind: kind, kids: kids}
}

// maxFilterDepth bounds nesting so hostile input cannot exhaust the stack.
const maxFilterDepth = 32

// parseFilters parses Algolia's `filters` grammar: facet:value (values and
// attribute names may be quoted), attr <op> number, attr:lo TO hi,
// booleans, _tags:value, AND/OR/NOT and parentheses. Like Algolia it
// rejects an OR of AND groups and a NOT applied to a group.
func parseFilters(s string) (*filter, error) {
	toks, err := lexFilters(s)
	if err != nil {
		return nil, err
	}
	if len(toks) == 0 {
		return nil, nil
	}
	p := &filterParser{toks: toks}
	f, err := p.parseOr(0)
	if err != nil {
		return nil, err
	}
	if p.pos < len(p.toks) {
		return nil, fmt.Errorf("filters: unexpected token %q at col %d", p.toks[p.pos].text, p.toks[p.pos].col)
	}
	return f, nil
}

type tokKind int

const (
	tWord tokKind = iota
	tQuoted
	tLParen
	tRParen
	tOp // : = != < <= > >=
)

type token struct {
	kind tokKind
	text string
	col  int
}

func lexFilters(s string) ([]token, error) {
	var toks []token
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '(':
			toks = append(toks, token{tLParen, "(", i + 1})
			i++
		case c == ')':
			toks = append(toks, token{tRParen, ")", i + 1})
			i++
		case c == '"' || c == '\'':
			var b strings.Builder
			j := i + 1
			closed := false
			for j < len(s) {
				if s[j] == '\\' && j+1 < len(s) {
					b.WriteByte(s[j+1])
					j += 2
					continue
				}
				if s[j] == c {
					closed = true
					break
				}
				b.WriteByte(s[j])
				j++
			}
			if !closed {
				return nil, fmt.Errorf("filters: unterminated string at col %d", i+1)
			}
			toks = append(toks, token{tQuoted, b.String(), i + 1})
			i = j + 1
		case c == ':' || c == '=':
			toks = append(toks, token{tOp, string(c), i + 1})
			i++
		case c == '!' || c == '<' || c == '>':
			if i+1 < len(s) && s[i+1] == '=' {
				toks = append(toks, token{tOp, s[i : i+2], i + 1})
				i += 2
			} else if c == '!' {
				return nil, fmt.Errorf("filters: unexpected '!' at col %d", i+1)
			} else {
				toks = append(toks, token{tOp, string(c), i + 1})
				i++
			}
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t\n\r()\"':=!<>", rune(s[j])) {
				j++
			}
			toks = append(toks, token{tWord, s[i:j], i + 1})
			i = j
		}
	}
	return toks, nil
}

type filterParser struct {
	toks []token
	pos  int
}

func (p *filterParser) peek() *token {
	if p.pos < len(p.toks) {
		return &p.toks[p.pos]
	}
	return nil
}

func (p *filterParser) keyword(k string) bool {
	t := p.peek()
	if t != nil && t.kind == tWord && t.text == k {
		p.pos++
		return true
	}
	return false
}

func (p *filterParser) parseOr(depth int) (*filter, error) {
	if depth > maxFilterDepth {
		return nil, fmt.Errorf("filters: too deeply nested")
	}
	first, err := p.parseAnd(depth)
	if err != nil {
		return nil, err
	}
	kids := []*filter{first}
	for p.keyword("OR") {
		f, err := p.parseAnd(depth)
		if err != nil {
			return nil, err
		}
		kids = append(kids, f)
	}
	if len(kids) == 1 {
		return first, nil
	}
	for _, k := range kids {
		if k.kind == fAnd {
			return nil, fmt.Errorf("filters: filter (X AND Y) OR Z is not allowed, only (X OR Y) AND Z is allowed")
		}
	}
	return join(fOr, kids), nil
}

func (p *filterParser) parseAnd(depth int) (*filter, error) {
	first, err := p.parseUnary(depth)
	if err != nil {
		return nil, err
	}
	kids := []*filter{first}
	for p.keyword("AND") {
		f, err := p.parseUnary(depth)
		if err != nil {
			return nil, err
		}
		kids = append(kids, f)
	}
	if len(kids) == 1 {
		return first, nil
	}
	return and(kids...), nil
}

func (p *filterParser) parseUnary(depth int) (*filter, error) {
	t := p.peek()
	if t == nil {
		return nil, fmt.Errorf("filters: unexpected end of filter")
	}
	if p.keyword("NOT") {
		if n := p.peek(); n != nil && n.kind == tLParen {
			return nil, fmt.Errorf("filters: NOT cannot be applied to a group at col %d", n.col)
		}
		f, err := p.parseUnary(depth + 1)
		if err != nil {
			return nil, err
		}
		return &filter{kind: fNot, kids: []*filter{f}}, nil
	}
	if t.kind == tLParen {
		p.pos++
		f, err := p.parseOr(depth + 1)
		if err != nil {
			return nil, err
		}
		if r := p.peek(); r == nil || r.kind != tRParen {
			return nil, fmt.Errorf("filters: missing closing parenthesis")
		}
		p.pos++
		return f, nil
	}
	return p.parsePredicate()
}

func (p *filterParser) parsePredicate() (*filter, error) {
	t := p.peek()
	if t.kind != tWord && t.kind != tQuoted {
		return nil, fmt.Errorf("filters: unexpected token %q at col %d", t.text, t.col)
	}
	if t.kind == tWord && (t.text == "AND" || t.text == "OR" || t.text == "TO") {
		return nil, fmt.Errorf("filters: unexpected token %q at col %d", t.text, t.col)
	}
	attr := t.text
	p.pos++
	op := p.peek()
	if op == nil || op.kind != tOp {
		return nil, fmt.Errorf("filters: expected ':' or a comparison after %q at col %d", attr, t.col)
	}
	p.pos++
	v := p.peek()
	if v == nil || (v.kind != tWord && v.kind != tQuoted) {
		return nil, fmt.Errorf("filters: missing value after %q at col %d", attr+op.text, op.col)
	}
	p.pos++
	if op.text != ":" {
		n, err := parseNumber(v.text)
		if err != nil || v.kind == tQuoted {
			return nil, fmt.Errorf("filters: %q is not a number (col %d)", v.text, v.col)
		}
		return &filter{kind: fNumeric, attr: attr, op: op.text, num: n}, nil
	}
	if v.kind == tWord && p.keyword("TO") {
		hv := p.peek()
		if hv == nil || hv.kind != tWord {
			return nil, fmt.Errorf("filters: missing upper bound after TO")
		}
		p.pos++
		lo, err1 := parseNumber(v.text)
		hi, err2 := parseNumber(hv.text)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("filters: range %s TO %s needs numbers", v.text, hv.text)
		}
		return &filter{kind: fRange, attr: attr, num: lo, hi: hi}, nil
	}
	return &filter{kind: fFacet, attr: attr, value: v.text}, nil
}

func parseNumber(s string) (float64, error) {
	n, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(n) || math.IsInf(n, 0) {
		return 0, fmt.Errorf("not a number: %q", s)
	}
	return n, nil
}

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
			return &filter{kind: fNot, kids: []*filter{{kind: fFacet, attr: "_tags", value: s[1:]}}}, nil
		}
		return &filter{kind: fFacet, attr: "_tags", value: strings.TrimPrefix(s, `\`)}, nil
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
	f := &filter{kind: fFacet, attr: strings.TrimSpace(attr), value: unescapeColons(val)}
	if neg {
		return &filter{kind: fNot, kids: []*filter{f}}, nil
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
	if f == nil || (f.kind != fNumeric && f.kind != fRange) {
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
					ands = append(ands, &filter{kind: fOr, kids: ors})
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

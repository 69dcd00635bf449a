// Package recordfilter is Algolia's `filters` grammar and its test of one
// record: the one implementation the local search engine evaluates queries
// and secured keys with, and the server applies a site's search.filters
// with outside any index (the car page, leads, reservations, the home
// page's stock counts), so a car the site's search key hides is hidden
// everywhere (issue 31). Standard library only: it is compiled into the
// production Lambdas, the engine is not.
package recordfilter

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Kind says what a filter node tests.
type Kind int

const (
	And Kind = iota
	Or
	Not
	Facet   // attr:value (also _tags:value and booleans)
	Numeric // attr <op> number
	Range   // attr:lo TO hi
)

// Node is a parsed filter: the engine's `filters`, facetFilters,
// numericFilters, tagFilters and a secured key's restrictions all parse to it.
type Node struct {
	Kind  Kind
	Kids  []*Node
	Attr  string
	Value string  // Facet
	Op    string  // Numeric: = != < <= > >=
	Num   float64 // Numeric, Range low
	Hi    float64 // Range high
}

// All is the AND of fs, nil ones dropped; nil when none is left.
func All(fs ...*Node) *Node { return Join(And, fs) }

// Join combines fs (nil ones dropped) under kind, lifting the children of
// those of the same kind: flat, so evaluation can order the terms.
func Join(kind Kind, fs []*Node) *Node {
	var kids []*Node
	for _, f := range fs {
		switch {
		case f == nil:
		case f.Kind == kind:
			kids = append(kids, f.Kids...)
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
	return &Node{Kind: kind, Kids: kids}
}

// maxFilterDepth bounds nesting so hostile input cannot exhaust the stack.
const maxFilterDepth = 32

// Parse parses Algolia's `filters` grammar: facet:value (values and
// attribute names may be quoted), attr <op> number, attr:lo TO hi,
// booleans, _tags:value, AND/OR/NOT and parentheses. Like Algolia it
// rejects an OR of AND groups and a NOT applied to a group.
func Parse(s string) (*Node, error) {
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

func (p *filterParser) parseOr(depth int) (*Node, error) {
	if depth > maxFilterDepth {
		return nil, fmt.Errorf("filters: too deeply nested")
	}
	first, err := p.parseAnd(depth)
	if err != nil {
		return nil, err
	}
	kids := []*Node{first}
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
		if k.Kind == And {
			return nil, fmt.Errorf("filters: filter (X AND Y) OR Z is not allowed, only (X OR Y) AND Z is allowed")
		}
	}
	return Join(Or, kids), nil
}

func (p *filterParser) parseAnd(depth int) (*Node, error) {
	first, err := p.parseUnary(depth)
	if err != nil {
		return nil, err
	}
	kids := []*Node{first}
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
	return All(kids...), nil
}

func (p *filterParser) parseUnary(depth int) (*Node, error) {
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
		return &Node{Kind: Not, Kids: []*Node{f}}, nil
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

func (p *filterParser) parsePredicate() (*Node, error) {
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
		n, err := ParseNumber(v.text)
		if err != nil || v.kind == tQuoted {
			return nil, fmt.Errorf("filters: %q is not a number (col %d)", v.text, v.col)
		}
		return &Node{Kind: Numeric, Attr: attr, Op: op.text, Num: n}, nil
	}
	if v.kind == tWord && p.keyword("TO") {
		hv := p.peek()
		if hv == nil || hv.kind != tWord {
			return nil, fmt.Errorf("filters: missing upper bound after TO")
		}
		p.pos++
		lo, err1 := ParseNumber(v.text)
		hi, err2 := ParseNumber(hv.text)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("filters: range %s TO %s needs numbers", v.text, hv.text)
		}
		return &Node{Kind: Range, Attr: attr, Num: lo, Hi: hi}, nil
	}
	return &Node{Kind: Facet, Attr: attr, Value: v.text}, nil
}

// ParseNumber parses a finite number as the grammar reads one.
func ParseNumber(s string) (float64, error) {
	n, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(n) || math.IsInf(n, 0) {
		return 0, fmt.Errorf("not a number: %q", s)
	}
	return n, nil
}

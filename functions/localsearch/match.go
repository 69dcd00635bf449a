package localsearch

import (
	"math"
	"strings"
)

// cfilter is a filter resolved against one store: facet values point at
// their bitsets and numeric comparisons at their column and interval, so a
// filter can be evaluated over every slot at once (bitset) or, after a text
// query has narrowed the candidates, per slot in O(1).
type cfilter struct {
	kind   filterKind
	kids   []*cfilter
	val    *facetVal            // fFacet (nil = no record has the value)
	col    []float64            // numeric comparisons (nil = no record has a number there)
	more   map[uint32][]float64 // further elements of numeric arrays: any may match
	lo, hi float64              // inclusive interval
	ne     bool                 // "!=": outside the interval [lo, hi]
}

func compileFilter(st *store, f *filter) *cfilter {
	if f == nil {
		return nil
	}
	switch f.Kind {
	case fAnd, fOr, fNot:
		c := &cfilter{kind: f.Kind}
		for _, k := range f.Kids {
			c.kids = append(c.kids, compileFilter(st, k))
		}
		return c
	case fFacet:
		if fa := st.facet(f.Attr); fa != nil {
			c := &cfilter{kind: fFacet}
			if id, ok := fa.ids[strings.ToLower(f.Value)]; ok {
				c.val = fa.vals[id]
			}
			return c
		}
		// Booleans and numbers on attributes that are not facets match their value.
		switch v := strings.ToLower(f.Value); v {
		case "true", "false":
			x := 0.0
			if v == "true" {
				x = 1
			}
			return numInterval(st, f.Attr, x, x, false)
		}
		if x, err := parseNumber(f.Value); err == nil {
			return numInterval(st, f.Attr, x, x, false)
		}
		return &cfilter{kind: fFacet}
	case fRange:
		return numInterval(st, f.Attr, f.Num, f.Hi, false)
	case fNumeric:
		x, inf := f.Num, math.Inf(1)
		switch f.Op {
		case "=":
			return numInterval(st, f.Attr, x, x, false)
		case "!=":
			return numInterval(st, f.Attr, x, x, true)
		case "<":
			return numInterval(st, f.Attr, -inf, math.Nextafter(x, -inf), false)
		case "<=":
			return numInterval(st, f.Attr, -inf, x, false)
		case ">":
			return numInterval(st, f.Attr, math.Nextafter(x, inf), inf, false)
		default:
			return numInterval(st, f.Attr, x, inf, false)
		}
	}
	return &cfilter{kind: fFacet}
}

func numInterval(st *store, attr string, lo, hi float64, ne bool) *cfilter {
	return &cfilter{kind: fNumeric, col: st.numCol(attr), more: st.numMore[attr], lo: lo, hi: hi, ne: ne}
}

// matches evaluates c for one live slot.
func (c *cfilter) matches(s uint32) bool {
	if c == nil {
		return true
	}
	switch c.kind {
	case fAnd:
		for _, k := range c.kids {
			if !k.matches(s) {
				return false
			}
		}
		return true
	case fOr:
		for _, k := range c.kids {
			if k.matches(s) {
				return true
			}
		}
		return false
	case fNot:
		return !c.kids[0].matches(s)
	case fFacet:
		return c.val.has(s)
	case fNumeric:
		v := numAt(c.col, s)
		if v != v { // NaN: the record has no number there
			return false
		}
		if (v >= c.lo && v <= c.hi) != c.ne {
			return true
		}
		if c.more != nil {
			for _, x := range c.more[s] {
				if (x >= c.lo && x <= c.hi) != c.ne {
					return true
				}
			}
		}
		return false
	}
	return false
}

// eval returns the live slots matching c. Bitsets come from qs (nil =
// allocate) and intermediate ones are given back to it.
func (c *cfilter) eval(st *store, qs *qscratch) bitset {
	n := st.slots()
	if c == nil {
		b := qs.get(n)
		copy(b, st.alive)
		return b
	}
	switch c.kind {
	case fAnd:
		// Facet terms are bitset copies and intersect first; numeric terms
		// would scan a whole column, so they are checked only on the slots
		// still set.
		var b bitset
		for _, k := range c.kids {
			if k.kind == fNumeric {
				continue
			}
			kb := k.eval(st, qs)
			if b == nil {
				b = kb
				continue
			}
			b.andWith(kb)
			qs.put(kb)
		}
		for _, k := range c.kids {
			if k.kind != fNumeric {
				continue
			}
			if b == nil {
				b = k.eval(st, qs)
				continue
			}
			b.retain(k.matches)
		}
		return b
	case fOr:
		b := qs.get(n)
		for _, k := range c.kids {
			kb := k.eval(st, qs)
			b.orWith(kb)
			qs.put(kb)
		}
		return b
	case fNot:
		b := qs.get(n)
		copy(b, st.alive)
		kb := c.kids[0].eval(st, qs)
		b.andNotWith(kb)
		qs.put(kb)
		return b
	case fFacet:
		b := qs.get(n)
		c.val.setInto(b, st.alive)
		return b
	case fNumeric:
		b := qs.get(n)
		col, lo, hi, ne := c.col, c.lo, c.hi, c.ne
		for i, v := range col {
			if v == v && (v >= lo && v <= hi) != ne {
				b[i>>6] |= 1 << (uint(i) & 63)
			}
		}
		for s, xs := range c.more {
			for _, x := range xs {
				if (x >= lo && x <= hi) != ne {
					b[s>>6] |= 1 << (s & 63)
				}
			}
		}
		b.andWith(st.alive)
		return b
	}
	return qs.get(n)
}

package localsearch

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// searchQuery is a search request with every parameter resolved
// (settings < request < secured key).
type searchQuery struct {
	index         *index
	p             params
	text          string
	filter        *filter
	facets        []string
	maxValues     int
	sortAlpha     bool
	hitsPerPage   int
	page          int
	offset        int
	length        int
	useOffset     bool
	paginationMax int
	words         []queryWord // set by execute, reused by the highlighter
}

// compileQuery resolves p against ix's settings and parses its filters.
// keyFilter comes from a secured API key and is ANDed with the rest.
func compileQuery(ix *index, p params, keyFilter *filter) (*searchQuery, error) {
	q := &searchQuery{index: ix, p: p, text: p.str("query", "")}
	var parts []*filter
	if keyFilter != nil {
		parts = append(parts, keyFilter)
	}
	if s := p.str("filters", ""); strings.TrimSpace(s) != "" {
		f, err := parseFilters(s)
		if err != nil {
			return nil, badRequest("%v", err)
		}
		parts = append(parts, f)
	}
	for _, fp := range []struct {
		name  string
		parse func(any) (*filter, error)
	}{{"facetFilters", parseFacetFilters}, {"numericFilters", parseNumericFilters}, {"tagFilters", parseTagFilters}} {
		if v, ok := p[fp.name]; ok {
			f, err := fp.parse(v)
			if err != nil {
				return nil, badRequest("%v", err)
			}
			parts = append(parts, f)
		}
	}
	q.filter = and(parts...)
	q.facets, _ = p.list("facets")
	q.maxValues = p.int("maxValuesPerFacet", settingInt(ix, "maxValuesPerFacet", 100))
	if q.maxValues > 1000 {
		q.maxValues = 1000
	}
	q.sortAlpha = p.str("sortFacetValuesBy", settingStr(ix, "sortFacetValuesBy", "count")) == "alpha"
	q.hitsPerPage = p.int("hitsPerPage", settingInt(ix, "hitsPerPage", 20))
	if q.hitsPerPage < 0 || q.hitsPerPage > 1000 {
		return nil, badRequest("hitsPerPage must be between 0 and 1000")
	}
	q.page = p.int("page", 0)
	if q.page < 0 {
		return nil, badRequest("page must be positive")
	}
	if _, ok := p["offset"]; ok {
		q.useOffset = true
		q.offset = p.int("offset", 0)
		q.length = p.int("length", q.hitsPerPage)
		if q.offset < 0 || q.length < 0 || q.length > 1000 {
			return nil, badRequest("offset and length must be positive and length at most 1000")
		}
	}
	q.paginationMax = p.int("paginationLimitedTo", settingInt(ix, "paginationLimitedTo", 1000))
	return q, nil
}

func settingInt(ix *index, k string, def int) int {
	if f, ok := ix.settings[k].(float64); ok {
		return int(f)
	}
	return def
}

func settingStr(ix *index, k, def string) string {
	if s, ok := ix.settings[k].(string); ok {
		return s
	}
	return def
}

// evalFilter returns the live slots matching f (nil = all live slots).
func evalFilter(st *store, f *filter) bitset { return compileFilter(st, f).eval(st) }

// queryWord is one word of the query text.
type queryWord struct {
	orig    string // as typed, for matchedWords
	norm    string
	prefix  bool // the last word is matched as a prefix
	matches []termMatch
}

type termMatch struct {
	term   string
	typos  uint8
	exact  bool // the whole word, no typo
	prefix bool // term is longer than the query word
}

// candidate ranking state, per slot, for a text query.
type candState struct {
	seen              uint8
	wTypo             uint8
	wExact            bool
	wAttr, wPos       uint16
	typo              uint16
	exact             uint8
	attr              uint32
	prox              uint16
	lastAttr, lastPos uint16
}

type scratch struct{ st []candState }

var scratchPool = sync.Pool{New: func() any { return &scratch{} }}

// maxQueryWords bounds the work of one query, as Algolia does.
const maxQueryWords = 32

func splitQuery(text string) []queryWord {
	var words []queryWord
	forEachWord(text, func(w string, s, e int) {
		if len(words) < maxQueryWords {
			words = append(words, queryWord{orig: text[s:e], norm: w})
		}
	})
	if n := len(words); n > 0 {
		// Algolia matches the last word as a prefix unless the query ends with a space.
		words[n-1].prefix = !strings.HasSuffix(text, " ")
	}
	return words
}

// expandWords finds the dictionary terms each query word matches: exact,
// as a prefix (last word), and within Algolia's typo budget.
func expandWords(st *store, words []queryWord, p params, ix *index) {
	dict := st.dictionary()
	min1 := p.int("minWordSizefor1Typo", settingInt(ix, "minWordSizefor1Typo", 4))
	min2 := p.int("minWordSizefor2Typos", settingInt(ix, "minWordSizefor2Typos", 8))
	typoOn := true
	if v, ok := p["typoTolerance"]; ok {
		typoOn = v != false && v != "false"
	} else if v, ok := ix.settings["typoTolerance"]; ok {
		typoOn = v != false && v != "false"
	}
	for i := range words {
		w := &words[i]
		seen := map[string]bool{}
		if _, ok := st.terms[w.norm]; ok {
			w.matches = append(w.matches, termMatch{term: w.norm, exact: true})
			seen[w.norm] = true
		}
		if w.prefix {
			j := sort.SearchStrings(dict, w.norm)
			for ; j < len(dict) && strings.HasPrefix(dict[j], w.norm); j++ {
				if !seen[dict[j]] {
					seen[dict[j]] = true
					w.matches = append(w.matches, termMatch{term: dict[j], prefix: true})
				}
			}
		}
		n := utf8.RuneCountInString(w.norm)
		maxTypos := 0
		if typoOn && !isNumeric(w.norm) {
			switch {
			case n >= min2:
				maxTypos = 2
			case n >= min1:
				maxTypos = 1
			}
		}
		if maxTypos == 0 {
			continue
		}
		qr := []rune(w.norm)
		for _, t := range dict {
			if seen[t] {
				continue
			}
			tl := len(t) // bytes >= runes; a cheap first filter
			if tl+maxTypos < len(qr) || (!w.prefix && tl > 4*(len(qr)+maxTypos)) {
				continue
			}
			d := editDistance(qr, t, maxTypos, w.prefix)
			if d > 0 && d <= maxTypos {
				seen[t] = true
				w.matches = append(w.matches, termMatch{term: t, typos: uint8(d), prefix: w.prefix})
			}
		}
	}
}

func isNumeric(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// editDistance is the Damerau-Levenshtein (adjacent transposition) distance
// between q and t, or between q and the closest prefix of t when prefix is
// set; it returns k+1 as soon as the distance must exceed k.
func editDistance(q []rune, ts string, k int, prefix bool) int {
	t := []rune(ts)
	if !prefix && abs(len(t)-len(q)) > k {
		return k + 1
	}
	if prefix && len(t) > len(q)+k {
		t = t[:len(q)+k]
	}
	prev2 := make([]int, len(t)+1)
	prev := make([]int, len(t)+1)
	cur := make([]int, len(t)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(q); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(t); j++ {
			cost := 1
			if q[i-1] == t[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && q[i-1] == t[j-2] && q[i-2] == t[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > k {
			return k + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	if prefix {
		best := k + 1
		for _, v := range prev {
			best = min(best, v)
		}
		return best
	}
	return prev[len(t)]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// textMatch returns the slots in allowed matching every query word, with
// their ranking state in sc.
func textMatch(st *store, words []queryWord, allowed bitset, sc *scratch, unordered []bool) (cands []uint32, touched []uint32) {
	if allowed == nil {
		allowed = st.alive
	}
	if len(sc.st) < st.slots() {
		sc.st = make([]candState, st.slots()+st.slots()/4)
	}
	s := sc.st
	var cur []uint32
	for wi := range words {
		w := &words[wi]
		size := 0
		for _, m := range w.matches {
			size += len(st.terms[m.term])
		}
		if wi == 0 {
			touched = make([]uint32, 0, size)
		}
		cur = make([]uint32, 0, min(size, max(len(cur), 16)))
		for _, m := range w.matches {
			for _, p := range st.terms[m.term] {
				d := p.doc
				if !allowed.has(d) {
					continue
				}
				c := &s[d]
				if int(c.seen) == wi {
					c.seen++
					c.wTypo, c.wExact, c.wAttr, c.wPos = m.typos, m.exact, p.attr, p.pos
					if wi == 0 {
						touched = append(touched, d)
					}
					cur = append(cur, d)
				} else if int(c.seen) == wi+1 {
					// Several terms of the same word: keep the best match.
					if m.typos < c.wTypo || (m.typos == c.wTypo && (m.exact && !c.wExact || m.exact == c.wExact && (p.attr < c.wAttr || p.attr == c.wAttr && p.pos < c.wPos))) {
						c.wTypo, c.wExact, c.wAttr, c.wPos = m.typos, m.exact, p.attr, p.pos
					}
				}
			}
		}
		for _, d := range cur {
			c := &s[d]
			c.typo += uint16(c.wTypo)
			if c.wExact {
				c.exact++
			}
			key := uint32(c.wAttr) << 16
			if unordered != nil && int(c.wAttr) < len(unordered) && !unordered[c.wAttr] {
				key |= uint32(c.wPos)
			}
			if wi == 0 || key < c.attr {
				c.attr = key
			}
			if wi > 0 {
				if c.lastAttr == c.wAttr {
					c.prox += uint16(min(abs(int(c.wPos)-int(c.lastPos)), 8))
				} else {
					c.prox += 8
				}
			}
			c.lastAttr, c.lastPos = c.wAttr, c.wPos
		}
		if len(cur) == 0 {
			break
		}
	}
	return cur, touched
}

func releaseScratch(sc *scratch, touched []uint32) {
	for _, d := range touched {
		sc.st[d] = candState{}
	}
	scratchPool.Put(sc)
}

// rankCandidates sorts text-query candidates by the index's ranking formula.
func rankCandidates(cands []uint32, s []candState, rc *rankCache) {
	slices.SortFunc(cands, func(a, b uint32) int {
		ca, cb := &s[a], &s[b]
		for _, cr := range rc.crit {
			var x, y int64
			switch cr.kind {
			case cTypo:
				x, y = int64(ca.typo), int64(cb.typo)
			case cProximity:
				x, y = int64(ca.prox), int64(cb.prox)
			case cAttribute:
				x, y = int64(ca.attr), int64(cb.attr)
			case cExact:
				x, y = -int64(ca.exact), -int64(cb.exact)
			case cStatic:
				r := rc.ranks[cr.group]
				x, y = int64(r[a]), int64(r[b])
			default:
				continue // words: every candidate matches every word
			}
			if x != y {
				if x < y {
					return -1
				}
				return 1
			}
		}
		if a < b {
			return -1
		}
		if a > b {
			return 1
		}
		return 0
	})
}

// matchSet is the result of a search: either every slot of a bitset (no
// query text) in static order, or a ranked candidate list.
type matchSet struct {
	bits  bitset
	list  []uint32
	count int
}

func (m *matchSet) each(f func(uint32)) {
	if m.bits != nil {
		m.bits.each(func(s uint32) bool { f(s); return true })
		return
	}
	for _, s := range m.list {
		f(s)
	}
}

// textMemo shares the text matching of one request between its queries:
// InstantSearch sends the same query text once per refined disjunctive
// facet, with only the filters differing.
type textMemo struct {
	entries []*textEntry
}

type textEntry struct {
	key              string
	store            *store
	words            []queryWord
	sc               *scratch
	matched, touched []uint32
}

// release returns the scratch buffers; the memo must not be used afterwards.
func (m *textMemo) release() {
	if m == nil {
		return
	}
	for _, e := range m.entries {
		releaseScratch(e.sc, e.touched)
	}
	m.entries = nil
}

func textKey(q *searchQuery) string {
	return q.index.name + "\x00" + q.text + "\x00" + fmt.Sprint(q.p["typoTolerance"], q.p["minWordSizefor1Typo"], q.p["minWordSizefor2Typos"])
}

// execute runs q and returns the matches and the ordered slots of the
// requested window [from, to). memo may be nil.
func execute(q *searchQuery, from, to int, memo *textMemo) (matchSet, []uint32) {
	ix := q.index
	st := ix.store
	rc := ix.prepared()
	cf := compileFilter(st, q.filter)
	words := splitQuery(q.text)
	if len(words) == 0 {
		allowed := cf.eval(st)
		ms := matchSet{bits: allowed, count: allowed.count()}
		var page []uint32
		if to > from {
			i := 0
			for _, s := range rc.order {
				if !allowed.has(s) {
					continue
				}
				if i >= from {
					page = append(page, s)
				}
				i++
				if i >= to {
					break
				}
			}
		}
		return ms, page
	}
	var e *textEntry
	key := textKey(q)
	if memo != nil {
		for _, c := range memo.entries {
			if c.key == key && c.store == st {
				e = c
			}
		}
	}
	if e == nil {
		expandWords(st, words, q.p, ix)
		e = &textEntry{key: key, store: st, words: words, sc: scratchPool.Get().(*scratch)}
		e.matched, e.touched = textMatch(st, words, nil, e.sc, unorderedRanks(&st.schema))
		if memo != nil {
			memo.entries = append(memo.entries, e)
		} else {
			defer releaseScratch(e.sc, e.touched)
		}
	}
	q.words = e.words
	// The text narrows the candidates first; the filters are then checked
	// per candidate instead of over every record.
	cands := make([]uint32, 0, len(e.matched))
	for _, s := range e.matched {
		if cf.matches(s) {
			cands = append(cands, s)
		}
	}
	if to > from {
		rankCandidates(cands, e.sc.st, rc)
	}
	ms := matchSet{list: cands, count: len(cands)}
	var page []uint32
	if from < len(cands) {
		page = cands[from:min(to, len(cands))]
	}
	return ms, page
}

// unorderedRanks says, per searchable rank, whether word positions are
// ignored for the attribute criterion; nil means every attribute is unordered.
func unorderedRanks(sc *schema) []bool {
	if len(sc.searchable) == 0 {
		return nil
	}
	un := make([]bool, sc.searchable[len(sc.searchable)-1].rank+1)
	for _, a := range sc.searchable {
		un[a.rank] = a.unordered
	}
	return un
}

// facetCount is one facet value and its count.
type facetCount struct {
	value string
	count int
}

// facetStats is facets_stats for one numeric facet.
type facetStats struct {
	Min float64 `json:"min"`
	Max float64 `json:"max"`
	Avg float64 `json:"avg"`
	Sum float64 `json:"sum"`
}

// requestedFacets resolves `facets` (with "*") to declared, retrievable facets.
func requestedFacets(st *store, names []string) []int {
	var out []int
	seen := map[int]bool{}
	for _, n := range names {
		if n == "*" {
			for i, d := range st.schema.facetAttrs {
				if !d.filterOnly && !seen[i] && d.path != "_tags" {
					seen[i] = true
					out = append(out, i)
				}
			}
			continue
		}
		if i, ok := st.schema.facetByPath[n]; ok && !st.schema.facetAttrs[i].filterOnly && !seen[i] {
			seen[i] = true
			out = append(out, i)
		}
	}
	return out
}

// countFacets counts the values of facet attribute fi over the matches.
func countFacets(st *store, fi int, ms *matchSet) []int {
	fa := st.facets[fi]
	counts := make([]int, len(fa.display))
	if ms.bits != nil && ms.count > st.slots()/8 && len(fa.display) <= 512 {
		for id, v := range fa.vals {
			counts[id] = v.countIn(ms.bits)
		}
		return counts
	}
	if !fa.multi {
		ms.each(func(s uint32) {
			if v := fa.single[s]; v != 0 {
				counts[v-1]++
			}
		})
		return counts
	}
	ms.each(func(s uint32) {
		for _, r := range st.docs[s].fv {
			if int(r.attr) == fi {
				counts[r.val]++
			}
		}
	})
	return counts
}

// topFacetValues keeps the maxValues most frequent values (ties by name),
// sorted by count or alphabetically.
func topFacetValues(fa *facetAttr, counts []int, maxValues int, alpha bool) []facetCount {
	var out []facetCount
	for id, c := range counts {
		if c > 0 {
			out = append(out, facetCount{fa.display[id], c})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].count != out[j].count {
			return out[i].count > out[j].count
		}
		return out[i].value < out[j].value
	})
	if len(out) > maxValues {
		out = out[:maxValues]
	}
	if alpha {
		sort.Slice(out, func(i, j int) bool { return strings.ToLower(out[i].value) < strings.ToLower(out[j].value) })
	}
	return out
}

// statsOf computes facets_stats for a numeric attribute over the matches.
func statsOf(st *store, path string, ms *matchSet) (facetStats, bool) {
	col := st.numCol(path)
	if col == nil {
		return facetStats{}, false
	}
	s := facetStats{Min: math.Inf(1), Max: math.Inf(-1)}
	n := 0
	ms.each(func(slot uint32) {
		v := numAt(col, slot)
		if v != v {
			return
		}
		n++
		s.Sum += v
		s.Min = min(s.Min, v)
		s.Max = max(s.Max, v)
	})
	if n == 0 {
		return facetStats{}, false
	}
	s.Avg = s.Sum / float64(n)
	return s, true
}

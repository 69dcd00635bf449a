package localsearch

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
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
	text0         textOptions
	distinct      int         // hits kept per attributeForDistinct value; 0 = off
	strictness    int         // virtual replicas: relevancyStrictness
	words         []queryWord // set by execute, reused by the highlighter
}

// compileQuery resolves p against ix's settings and parses its filters.
// keyFilter comes from a secured API key and is ANDed with the rest.
// maxPage bounds page: far past any result (at most maxPage*1000 hits).
const maxPage = 1 << 20

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
	// page times hitsPerPage must not overflow into a small (or negative)
	// offset: page 2^62 used to answer page 0's hits.
	if q.page > maxPage {
		return nil, badRequest("page must be at most %d", maxPage)
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
	q.text0 = resolveTextOptions(ix, p)
	if settingStr(ix, "attributeForDistinct", "") != "" {
		v, ok := p["distinct"]
		if !ok {
			v = ix.settings["distinct"]
		}
		d, err := distinctLevel(v)
		if err != nil {
			return nil, err
		}
		q.distinct = d
	}
	q.strictness = p.int("relevancyStrictness", settingInt(ix, "relevancyStrictness", 100))
	if q.strictness < 0 || q.strictness > 100 {
		return nil, badRequest("relevancyStrictness must be between 0 and 100")
	}
	return q, nil
}

// distinctLevel reads `distinct`: true = 1, false = 0, or a count (0-4).
func distinctLevel(v any) (int, error) {
	n := 0
	switch x := v.(type) {
	case nil:
	case bool:
		if x {
			n = 1
		}
	case float64:
		if x != float64(int(x)) {
			return 0, badRequest("distinct must be a boolean or an integer between 0 and 4")
		}
		n = int(x)
	case int:
		n = x
	case string:
		switch x {
		case "true":
			n = 1
		case "false", "":
		default:
			i, err := strconv.Atoi(x)
			if err != nil {
				return 0, badRequest("distinct must be a boolean or an integer between 0 and 4")
			}
			n = i
		}
	default:
		return 0, badRequest("distinct must be a boolean or an integer between 0 and 4")
	}
	if n < 0 || n > 4 {
		return 0, badRequest("distinct must be a boolean or an integer between 0 and 4")
	}
	return n, nil
}

// textOptions are the parameters that change how query text matches.
type textOptions struct {
	typoOn     bool
	min1, min2 int
	restrict   []string // restrictSearchableAttributes; nil = every searchable attribute
}

func resolveTextOptions(ix *index, p params) textOptions {
	o := textOptions{
		typoOn: true,
		min1:   p.int("minWordSizefor1Typo", settingInt(ix, "minWordSizefor1Typo", 4)),
		min2:   p.int("minWordSizefor2Typos", settingInt(ix, "minWordSizefor2Typos", 8)),
	}
	if v, ok := p["typoTolerance"]; ok {
		o.typoOn = v != false && v != "false"
	} else if v, ok := ix.settings["typoTolerance"]; ok {
		o.typoOn = v != false && v != "false"
	}
	if r, ok := p.list("restrictSearchableAttributes"); ok && len(r) > 0 {
		o.restrict = r
	}
	return o
}

// allowedFields says, per field id of st, whether restrict selects it (the
// attribute itself or a nested path under it); nil means every field.
func (o *textOptions) allowedFields(st *store) []bool {
	if o.restrict == nil {
		return nil
	}
	ok := make([]bool, len(st.fields))
	for i, f := range st.fields {
		for _, r := range o.restrict {
			if f.path != "" && inAttribute(f.path, r) {
				ok[i] = true
			}
		}
	}
	return ok
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
func expandWords(st *store, words []queryWord, o textOptions) {
	dict := st.dictionary()
	min1, min2, typoOn := o.min1, o.min2, o.typoOn
	var ed editScratch
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
			d := ed.distance(qr, t, maxTypos, w.prefix)
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

// editScratch holds the rows of editDistance, reused across the dictionary
// scan so that scanning allocates nothing per term.
type editScratch struct {
	t                []rune
	prev2, prev, cur []int
}

// distance is the Damerau-Levenshtein (adjacent transposition) distance
// between q and t, or between q and the closest prefix of t when prefix is
// set; it returns k+1 as soon as the distance must exceed k.
func (ed *editScratch) distance(q []rune, ts string, k int, prefix bool) int {
	t := ed.t[:0]
	for _, r := range ts {
		t = append(t, r)
	}
	ed.t = t
	if !prefix && abs(len(t)-len(q)) > k {
		return k + 1
	}
	if prefix && len(t) > len(q)+k {
		t = t[:len(q)+k]
	}
	n := len(t) + 1
	if cap(ed.prev) < n {
		ed.prev2, ed.prev, ed.cur = make([]int, n), make([]int, n), make([]int, n)
	}
	prev2, prev, cur := ed.prev2[:n], ed.prev[:n], ed.cur[:n]
	clear(prev2)
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

// candState is the ranking state of one slot during a text query.
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

// scratch is the per-text-match working memory: a state per slot (reset
// through touched), the candidate lists and a mask of the rarest word.
// It is pooled so that a search allocates none of it.
type scratch struct {
	st      []candState
	touched []uint32
	cur     []uint32
	mask    bitset
}

var scratchPool = sync.Pool{New: func() any { return &scratch{} }}

// textMatch returns the live slots matching every query word, with their
// ranking state in sc. fields (nil = all) restricts the searchable fields.
func textMatch(st *store, words []queryWord, sc *scratch, unordered []bool, fields []bool) (cands []uint32, touched []uint32) {
	if len(sc.st) < st.slots() {
		sc.st = make([]candState, st.slots()+st.slots()/4)
	}
	s := sc.st
	allowed := st.alive
	ranks := st.fields
	// A term's postings: the best field of each record, plus the others
	// when only some fields are searched.
	lists := func(m termMatch) [2][]posting {
		ls := [2][]posting{st.terms[m.term]}
		if fields != nil {
			ls[1] = st.moreTerms[m.term]
		}
		return ls
	}
	// With several words, the rarest one bounds the candidates: a mask of
	// its records keeps the commoner words from touching slots that cannot
	// match (the state array is far larger than the CPU caches).
	if len(words) > 1 {
		rarest, best := 0, -1
		for wi := range words {
			size := 0
			for _, m := range words[wi].matches {
				for _, ps := range lists(m) {
					size += len(ps)
				}
			}
			if best < 0 || size < best {
				rarest, best = wi, size
			}
		}
		if rarest != 0 {
			n := len(st.alive)
			if cap(sc.mask) < n {
				sc.mask = make(bitset, n)
			}
			mask := sc.mask[:n]
			clear(mask)
			for _, m := range words[rarest].matches {
				for _, ps := range lists(m) {
					for _, p := range ps {
						if fields == nil || fields[p.field] {
							mask[p.doc>>6] |= 1 << (p.doc & 63)
						}
					}
				}
			}
			mask.andWith(st.alive)
			allowed = mask
		}
	}
	touched = sc.touched[:0]
	cur := sc.cur[:0]
	for wi := range words {
		w := &words[wi]
		cur = cur[:0]
		for _, m := range w.matches {
			for _, ps := range lists(m) {
				for _, p := range ps {
					d := p.doc
					if !allowed.has(d) || (fields != nil && !fields[p.field]) {
						continue
					}
					attr := ranks[p.field].rank
					c := &s[d]
					if int(c.seen) == wi {
						c.seen++
						c.wTypo, c.wExact, c.wAttr, c.wPos = m.typos, m.exact, attr, p.pos
						if wi == 0 {
							touched = append(touched, d)
						}
						cur = append(cur, d)
					} else if int(c.seen) == wi+1 {
						// Several terms or fields for the same word: keep the best match.
						if m.typos < c.wTypo || (m.typos == c.wTypo && (m.exact && !c.wExact || m.exact == c.wExact && (attr < c.wAttr || attr == c.wAttr && p.pos < c.wPos))) {
							c.wTypo, c.wExact, c.wAttr, c.wPos = m.typos, m.exact, attr, p.pos
						}
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
	sc.touched, sc.cur = touched, cur
	return cur, touched
}

func releaseScratch(sc *scratch, touched []uint32) {
	for _, d := range touched {
		sc.st[d] = candState{}
	}
	scratchPool.Put(sc)
}

// ranker orders text-query candidates by an index's ranking formula.
// staticFirst puts the custom/asc/desc criteria before the textual ones,
// which is how a virtual replica orders the hits it selected as relevant.
type ranker struct {
	s           []candState
	rc          *rankCache
	staticFirst bool
}

func (r *ranker) compare(a, b uint32) int {
	if r.staticFirst {
		if c := r.pass(a, b, passStatic); c != 0 {
			return c
		}
		if c := r.pass(a, b, passText); c != 0 {
			return c
		}
	} else if c := r.pass(a, b, passAll); c != 0 {
		return c
	}
	return cmpUint32(a, b) // final tie-break: insertion order
}

// Which criteria a ranking pass compares.
const (
	passAll = iota
	passStatic
	passText
)

func (r *ranker) pass(a, b uint32, which int) int {
	ca, cb := &r.s[a], &r.s[b]
	for _, cr := range r.rc.crit {
		if which == passStatic && cr.kind != cStatic || which == passText && cr.kind == cStatic {
			continue
		}
		var x, y uint32
		switch cr.kind {
		case cTypo:
			x, y = uint32(ca.typo), uint32(cb.typo)
		case cProximity:
			x, y = uint32(ca.prox), uint32(cb.prox)
		case cAttribute:
			x, y = ca.attr, cb.attr
		case cExact:
			x, y = uint32(cb.exact), uint32(ca.exact) // more exact words first
		case cStatic:
			rk := r.rc.ranks[cr.group]
			x, y = rk[a], rk[b]
		default:
			continue // words: every candidate matches every word
		}
		if c := cmpUint32(x, y); c != 0 {
			return c
		}
	}
	return 0
}

func cmpUint32(a, b uint32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// topWindow reorders list so that list[from:to] holds, sorted by cmp, the
// elements ranking from-th to to-th, and returns that window. Only the top
// `to` are selected, with a bounded heap (O(n log to)): a page never needs
// the whole candidate set sorted.
func topWindow[T any](list []T, from, to int, cmp func(a, b T) int) []T {
	to = min(to, len(list))
	if from >= to {
		return list[:0]
	}
	if to*4 >= len(list) {
		slices.SortFunc(list, cmp)
		return list[from:to]
	}
	h := list[:to]
	for i := to/2 - 1; i >= 0; i-- {
		siftDown(h, i, cmp)
	}
	for i := to; i < len(list); i++ {
		if cmp(list[i], h[0]) < 0 {
			list[i], h[0] = h[0], list[i]
			siftDown(h, 0, cmp)
		}
	}
	slices.SortFunc(h, cmp)
	return h[from:to]
}

// siftDown restores the max-heap (by cmp) property of h below i.
func siftDown[T any](h []T, i int, cmp func(a, b T) int) {
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		m := l
		if r := l + 1; r < len(h) && cmp(h[r], h[l]) > 0 {
			m = r
		}
		if cmp(h[m], h[i]) <= 0 {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

// relevant keeps the candidates a virtual replica considers relevant
// enough to sort (relevant sort): each scores 100 minus penalties against
// the best value among the candidates of each textual criterion (25 per
// extra typo, 10 per searchable-attribute rank, 2 per unit of proximity, 5
// per word not matched exactly), and is kept when its score reaches
// strictness. 100 keeps only the hits as relevant as the best ones; 0
// keeps every hit.
func relevant(cands []uint32, s []candState, strictness int, into []uint32) []uint32 {
	into = into[:0]
	if strictness <= 0 {
		return append(into, cands...)
	}
	var minTypo, minRank, minProx uint32 = math.MaxUint32, math.MaxUint32, math.MaxUint32
	var maxExact uint32
	for _, d := range cands {
		c := &s[d]
		minTypo = min(minTypo, uint32(c.typo))
		minRank = min(minRank, c.attr>>16)
		minProx = min(minProx, uint32(c.prox))
		maxExact = max(maxExact, uint32(c.exact))
	}
	for _, d := range cands {
		c := &s[d]
		score := 100 - 25*int(uint32(c.typo)-minTypo) - 10*int(c.attr>>16-minRank) -
			2*int(uint32(c.prox)-minProx) - 5*int(maxExact-uint32(c.exact))
		if score >= strictness {
			into = append(into, d)
		}
	}
	return into
}

// matchSet is the result of a search: every match, either as a bitset (no
// query text) or as a list, with the counts the response reports. Its
// buffers are pooled: call release once the response is rendered.
type matchSet struct {
	bits   bitset
	list   []uint32
	count  int // every match; facets are counted over them
	hits   int // nbHits: matches after distinct
	sorted int // virtual replicas: hits selected by relevant sort; -1 otherwise
	qs     *qscratch
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

// release returns the pooled buffers; m and the page must not be used afterwards.
func (m *matchSet) release() {
	if m.qs == nil {
		return
	}
	m.qs.put(m.bits)
	m.bits, m.list = nil, nil
	qscratchPool.Put(m.qs)
	m.qs = nil
}

// qscratch is the per-query working memory: candidate and page lists,
// facet counters, distinct counters and the bitsets of filter evaluation.
type qscratch struct {
	cands, ranked, page []uint32
	counts              []int
	dcount              []uint8
	free                []bitset
	facetOut            []facetCount
}

var qscratchPool = sync.Pool{New: func() any { return &qscratch{} }}

// get returns a zeroed bitset of n slots, reusing a released one.
func (qs *qscratch) get(n int) bitset {
	w := (n + 63) >> 6
	if qs != nil {
		for i := len(qs.free) - 1; i >= 0; i-- {
			if b := qs.free[i]; cap(b) >= w {
				qs.free = slices.Delete(qs.free, i, i+1)
				b = b[:w]
				clear(b)
				return b
			}
		}
	}
	return make(bitset, w)
}

// put gives b back for reuse by get.
func (qs *qscratch) put(b bitset) {
	if qs != nil && b != nil && len(qs.free) < 8 {
		qs.free = append(qs.free, b)
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

// textKey identifies the text matching of q: the index, the text and the
// options that change which records match.
func textKey(q *searchQuery) string {
	o := &q.text0
	b := make([]byte, 0, len(q.index.name)+len(q.text)+32)
	b = append(b, q.index.name...)
	b = append(b, 0)
	b = append(b, q.text...)
	b = append(b, 0)
	b = strconv.AppendBool(b, o.typoOn)
	b = append(b, 0)
	b = strconv.AppendInt(b, int64(o.min1), 10)
	b = append(b, 0)
	b = strconv.AppendInt(b, int64(o.min2), 10)
	for _, r := range o.restrict {
		b = append(b, 0)
		b = append(b, r...)
	}
	return string(b)
}

// execute runs q and returns the matches and the ordered slots of the
// requested window [from, to) of the hits. memo may be nil. The caller
// releases the match set when done with both.
func execute(q *searchQuery, from, to int, memo *textMemo) (matchSet, []uint32) {
	ix := q.index
	st := ix.store
	rc := ix.prepared()
	qs := qscratchPool.Get().(*qscratch)
	cf := compileFilter(st, q.filter)
	var groups []uint32
	if q.distinct > 0 {
		groups = rc.distinctGroups()
	}
	words := splitQuery(q.text)
	if len(words) == 0 {
		allowed := cf.eval(st, qs)
		ms := matchSet{bits: allowed, count: allowed.count(), sorted: -1, qs: qs}
		ms.hits = ms.count
		if groups != nil {
			ms.hits = qs.countDistinct(allowed, nil, groups, q.distinct)
		}
		if ix.virtual {
			ms.sorted = ms.hits // without text every hit is as relevant
		}
		return ms, qs.walk(rc.order, allowed, from, to, groups, q.distinct)
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
		expandWords(st, words, q.text0)
		e = &textEntry{key: key, store: st, words: words, sc: scratchPool.Get().(*scratch)}
		e.matched, e.touched = textMatch(st, words, e.sc, unorderedRanks(&st.schema), q.text0.allowedFields(st))
		if memo != nil {
			memo.entries = append(memo.entries, e)
		} else {
			defer releaseScratch(e.sc, e.touched)
		}
	}
	q.words = e.words
	// The text narrows the candidates first; the filters are then checked
	// per candidate instead of over every record.
	cands := qs.cands[:0]
	for _, s := range e.matched {
		if cf.matches(s) {
			cands = append(cands, s)
		}
	}
	qs.cands = cands
	ms := matchSet{list: cands, count: len(cands), hits: len(cands), sorted: -1, qs: qs}
	if groups != nil {
		ms.hits = qs.countDistinct(nil, cands, groups, q.distinct)
	}
	rk := &ranker{s: e.sc.st, rc: rc}
	list := cands
	if ix.virtual {
		qs.ranked = relevant(cands, e.sc.st, q.strictness, qs.ranked)
		list, rk.staticFirst = qs.ranked, true
		ms.sorted = len(list)
		if groups != nil {
			ms.sorted = qs.countDistinct(nil, list, groups, q.distinct)
		}
	}
	if to <= from {
		return ms, nil
	}
	if groups != nil {
		slices.SortFunc(list, rk.compare)
		return ms, qs.walk(list, nil, from, to, groups, q.distinct)
	}
	return ms, topWindow(list, from, to, rk.compare)
}

// walk returns the window [from, to) of order, keeping the slots in
// allowed (nil = all) and, with groups, at most perGroup per distinct group.
func (qs *qscratch) walk(order []uint32, allowed bitset, from, to int, groups []uint32, perGroup int) []uint32 {
	page := qs.page[:0]
	if to <= from {
		return page
	}
	if groups != nil {
		qs.resetDistinct(groups)
	}
	i := 0
	for _, s := range order {
		if allowed != nil && !allowed.has(s) {
			continue
		}
		if groups != nil && !qs.admit(groups, s, perGroup) {
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
	qs.page = page
	return page
}

// countDistinct counts the slots of bits or list once at most perGroup
// per distinct group (slots without a group count each).
func (qs *qscratch) countDistinct(bits bitset, list []uint32, groups []uint32, perGroup int) int {
	qs.resetDistinct(groups)
	n := 0
	count := func(s uint32) bool {
		if qs.admit(groups, s, perGroup) {
			n++
		}
		return true
	}
	if bits != nil {
		bits.each(count)
	}
	for _, s := range list {
		count(s)
	}
	return n
}

func (qs *qscratch) resetDistinct(groups []uint32) {
	if cap(qs.dcount) < len(groups)+1 {
		qs.dcount = make([]uint8, len(groups)+1)
	}
	qs.dcount = qs.dcount[:len(groups)+1]
	clear(qs.dcount)
}

// admit says whether slot s is within its group's quota, and counts it.
func (qs *qscratch) admit(groups []uint32, s uint32, perGroup int) bool {
	if int(s) >= len(groups) || groups[s] == 0 {
		return true
	}
	g := groups[s]
	if int(qs.dcount[g]) >= perGroup {
		return false
	}
	qs.dcount[g]++
	return true
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
// The counts live in the match set's scratch until the next call.
func countFacets(st *store, fi int, ms *matchSet) []int {
	fa := st.facets[fi]
	var counts []int
	if qs := ms.qs; qs != nil && cap(qs.counts) >= len(fa.display) {
		counts = qs.counts[:len(fa.display)]
		clear(counts)
	} else {
		counts = make([]int, len(fa.display))
		if qs != nil {
			qs.counts = counts
		}
	}
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
// sorted by count or alphabetically. into is reused for the result.
func topFacetValues(fa *facetAttr, counts []int, maxValues int, alpha bool, into []facetCount) []facetCount {
	out := into[:0]
	for id, c := range counts {
		if c > 0 {
			out = append(out, facetCount{fa.display[id], c})
		}
	}
	out = topWindow(out, 0, maxValues, func(a, b facetCount) int {
		if a.count != b.count {
			return b.count - a.count
		}
		return strings.Compare(a.value, b.value)
	})
	if alpha {
		slices.SortFunc(out, func(a, b facetCount) int { return compareFold(a.value, b.value) })
	}
	return out
}

// compareFold compares a and b as their lower-cased forms would compare,
// without building them.
func compareFold(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra, rb = unicode.ToLower(ra), unicode.ToLower(rb); ra != rb {
			return cmp.Compare(ra, rb)
		}
		a, b = a[na:], b[nb:]
	}
	return cmp.Compare(len(a), len(b))
}

// statsOf computes facets_stats for a numeric attribute over the matches.
func statsOf(st *store, path string, ms *matchSet) (facetStats, bool) {
	col := st.numCol(path)
	if col == nil {
		return facetStats{}, false
	}
	more := st.numMore[path] // further elements of numeric arrays
	s := facetStats{Min: math.Inf(1), Max: math.Inf(-1)}
	n := 0
	add := func(v float64) {
		n++
		s.Sum += v
		s.Min = min(s.Min, v)
		s.Max = max(s.Max, v)
	}
	ms.each(func(slot uint32) {
		v := numAt(col, slot)
		if v != v {
			return
		}
		add(v)
		if more != nil {
			for _, x := range more[slot] {
				add(x)
			}
		}
	})
	if n == 0 {
		return facetStats{}, false
	}
	s.Avg = s.Sum / float64(n)
	return s, true
}

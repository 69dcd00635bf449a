package localsearch

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// store holds the records of a primary index and every structure derived
// from them. Standard replicas share their primary's store and differ only
// in settings, so a write is indexed once.
//
// Slots are append-only: an update writes the record into a new slot and
// kills the old one, so posting lists never need in-place removal; dead
// slots are filtered by the alive bitset and compacted away when they
// outnumber the live ones.
type store struct {
	gen   uint64 // bumped on every write; derived caches compare against it
	docs  []*doc
	byID  map[string]uint32
	alive bitset
	live  int

	schema schema
	facets []*facetAttr
	nums   map[string][]float64 // attribute path -> first value per slot (NaN = none)
	// numMore holds the further elements of numeric arrays (path -> slot ->
	// values after the first), so a filter matches when any element does.
	numMore map[string]map[uint32][]float64
	// terms holds, per term and record, the occurrence in the best-ranked
	// field; moreTerms the occurrences in the record's other fields, read
	// only when restrictSearchableAttributes excludes some fields.
	terms     map[string][]posting
	moreTerms map[string][]posting
	fields    []searchField // field id -> searchable attribute path and rank
	fieldID   map[string]uint16

	dict *dictCache
}

// dictCache is the sorted term dictionary, built lazily under the engine's
// read lock (hence its own mutex) and rebuilt when terms change.
type dictCache struct {
	mu    sync.Mutex
	terms []string
	gen   uint64
}

// schema is what the primary's settings say to index.
type schema struct {
	searchable    []searchAttr // empty = every attribute, unordered, same rank
	facetAttrs    []facetDecl
	facetByPath   map[string]int
	searchRankFor map[string]int // path -> rank, memoised lookups (-1 = not searchable)
}

type searchAttr struct {
	path      string
	rank      int
	unordered bool
}

type facetDecl struct {
	path                   string
	filterOnly, searchable bool
}

type doc struct {
	id  string
	raw []byte // the record as stored, including objectID
	fv  []fvRef
}

type fvRef struct {
	attr uint16
	val  uint32
}

type posting struct {
	doc   uint32
	field uint16 // index into store.fields
	pos   uint16 // word position inside the attribute
}

// searchField is one searchable attribute path seen in the records.
type searchField struct {
	path string
	rank uint16 // searchable rank (the attribute criterion)
}

// overflowField is shared by every field past the 65,535th; it has no
// path, so restrictSearchableAttributes never selects it.
const overflowField = math.MaxUint16

// facetAttr is the inverted index of one attribute in attributesForFaceting.
type facetAttr struct {
	path    string
	ids     map[string]uint32 // lower-cased value -> id
	display []string          // id -> value as first seen
	vals    []*facetVal       // id -> slots having it
	single  []uint32          // slot -> id+1 when the slot has exactly one value
	multi   bool              // some slot has several values (single is then incomplete)
}

func newSchema(searchable []string, faceting []string) schema {
	s := schema{facetByPath: map[string]int{}, searchRankFor: map[string]int{}}
	for rank, entry := range searchable {
		for _, part := range strings.Split(entry, ",") {
			part = strings.TrimSpace(part)
			un := false
			if strings.HasPrefix(part, "unordered(") && strings.HasSuffix(part, ")") {
				part, un = part[len("unordered("):len(part)-1], true
			}
			if part != "" {
				s.searchable = append(s.searchable, searchAttr{path: part, rank: rank, unordered: un})
			}
		}
	}
	for _, f := range faceting {
		d := facetDecl{path: f}
		switch {
		case strings.HasPrefix(f, "filterOnly(") && strings.HasSuffix(f, ")"):
			d.path, d.filterOnly = f[len("filterOnly("):len(f)-1], true
		case strings.HasPrefix(f, "searchable(") && strings.HasSuffix(f, ")"):
			d.path, d.searchable = f[len("searchable("):len(f)-1], true
		case strings.HasPrefix(f, "afterDistinct(") && strings.HasSuffix(f, ")"):
			d.path = f[len("afterDistinct(") : len(f)-1]
		}
		if _, dup := s.facetByPath[d.path]; dup || d.path == "" {
			continue
		}
		s.facetByPath[d.path] = len(s.facetAttrs)
		s.facetAttrs = append(s.facetAttrs, d)
	}
	if _, ok := s.facetByPath["_tags"]; !ok {
		// _tags is always filterable (tagFilters, _tags:value) without being declared.
		s.facetByPath["_tags"] = len(s.facetAttrs)
		s.facetAttrs = append(s.facetAttrs, facetDecl{path: "_tags", filterOnly: true})
	}
	return s
}

// searchRank says whether path is searchable and with which rank; a nested
// path inherits the rank of a searchable ancestor.
func (s *schema) searchRank(path string) (rank int, unordered bool) {
	if len(s.searchable) == 0 {
		return 0, true
	}
	for _, a := range s.searchable {
		if inAttribute(path, a.path) {
			return a.rank, a.unordered
		}
	}
	return -1, false
}

// inAttribute reports whether the dotted path is attr or lies under it.
func inAttribute(path, attr string) bool {
	return path == attr || strings.HasPrefix(path, attr) && len(path) > len(attr) && path[len(attr)] == '.'
}

func newStore(sc schema) *store {
	st := &store{byID: map[string]uint32{}, schema: sc, nums: map[string][]float64{}, numMore: map[string]map[uint32][]float64{},
		terms: map[string][]posting{}, moreTerms: map[string][]posting{}, fieldID: map[string]uint16{}, dict: &dictCache{}}
	for _, d := range sc.facetAttrs {
		st.facets = append(st.facets, &facetAttr{path: d.path, ids: map[string]uint32{}})
	}
	return st
}

func (st *store) slots() int { return len(st.docs) }

// get returns the live slot of objectID.
func (st *store) get(id string) (uint32, bool) {
	s, ok := st.byID[id]
	return s, ok
}

// put stores rec (already carrying objectID) and indexes it, replacing any
// record with the same objectID.
func (st *store) put(id string, rec map[string]any) error {
	raw, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("encode record %s: %w", id, err)
	}
	st.putRaw(id, raw, rec)
	return nil
}

func (st *store) putRaw(id string, raw []byte, rec map[string]any) {
	st.gen++
	if old, ok := st.byID[id]; ok {
		st.kill(old)
	}
	slot := uint32(len(st.docs))
	d := &doc{id: id, raw: raw}
	st.docs = append(st.docs, d)
	st.alive = st.alive.set(slot)
	st.byID[id] = slot
	st.live++
	for _, fa := range st.facets {
		fa.single = append(fa.single, 0)
	}
	ix := indexer{st: st, slot: slot, d: d, numSeen: map[string]bool{}, perFacet: map[uint16]int{}}
	ix.walk("", rec)
	ix.flushTerms()
	st.maybeCompact()
}

func (st *store) remove(id string) bool {
	slot, ok := st.byID[id]
	if !ok {
		return false
	}
	st.gen++
	st.kill(slot)
	delete(st.byID, id)
	return true
}

func (st *store) kill(slot uint32) {
	d := st.docs[slot]
	if d == nil {
		return
	}
	for _, r := range d.fv {
		st.facets[r.attr].vals[r.val].remove(slot)
	}
	st.alive.clear(slot)
	st.docs[slot] = nil // the slot stays; its record is freed
	st.live--
}

// maybeCompact rebuilds the store when dead slots dominate, bounding the
// memory and the posting-list waste of append-only updates.
func (st *store) maybeCompact() {
	if len(st.docs) < 1024 || len(st.docs) < 2*st.live {
		return
	}
	fresh := st.rebuild(st.schema)
	*st = *fresh
}

// rebuild returns a new store with the live records indexed under sc.
func (st *store) rebuild(sc schema) *store {
	n := newStore(sc)
	for _, d := range st.docs {
		if d == nil {
			continue
		}
		rec, err := decodeRecord(d.raw)
		if err != nil {
			continue // raw was produced by json.Marshal; cannot fail to decode
		}
		n.putRaw(d.id, d.raw, rec)
	}
	n.gen = st.gen + 1 // not a generation the old store's caches have seen
	return n
}

func (st *store) clear() {
	g := st.gen
	*st = *newStore(st.schema)
	st.gen = g + 1
}

// record decodes the stored record of slot.
func (st *store) record(slot uint32) (map[string]any, error) {
	return decodeRecord(st.docs[slot].raw)
}

func decodeRecord(raw []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, err
	}
	return m, nil
}

// numCol returns the numeric column of path, or nil when no record has a
// number there. A column may be shorter than the slots: read it with numAt.
func (st *store) numCol(path string) []float64 { return st.nums[path] }

// numAt is the value of col at slot, NaN when there is none.
func numAt(col []float64, slot uint32) float64 {
	if int(slot) < len(col) {
		return col[slot]
	}
	return math.NaN()
}

func (st *store) facet(path string) *facetAttr {
	if i, ok := st.schema.facetByPath[path]; ok {
		return st.facets[i]
	}
	return nil
}

// dictionary returns the sorted term dictionary, rebuilding it when terms
// were added since it was last built. Safe under the engine's read lock.
func (st *store) dictionary() []string {
	c := st.dict
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.terms != nil && c.gen == st.gen {
		return c.terms
	}
	d := make([]string, 0, len(st.terms))
	for t := range st.terms {
		d = append(d, t)
	}
	sort.Strings(d)
	c.terms, c.gen = d, st.gen
	return d
}

// field returns the id of searchable path with the given rank, registering it.
func (st *store) field(path string, rank int) uint16 {
	if id, ok := st.fieldID[path]; ok {
		return id
	}
	if len(st.fields) >= overflowField {
		if len(st.fields) == overflowField {
			st.fields = append(st.fields, searchField{rank: math.MaxUint16})
		}
		return overflowField
	}
	id := uint16(len(st.fields))
	st.fields = append(st.fields, searchField{path: path, rank: uint16(min(rank, math.MaxUint16))})
	st.fieldID[path] = id
	return id
}

// indexer walks one record and feeds every index.
type indexer struct {
	st       *store
	slot     uint32
	d        *doc
	numSeen  map[string]bool
	perFacet map[uint16]int
	terms    map[termField]posting
	nextPos  map[string]int
}

type termField struct {
	term  string
	field uint16
}

func (ix *indexer) walk(path string, v any) {
	switch x := v.(type) {
	case map[string]any:
		for k, c := range x {
			p := k
			if path != "" {
				p = path + "." + k
			}
			ix.walk(p, c)
		}
	case []any:
		for _, c := range x {
			ix.walk(path, c)
		}
	case string:
		ix.facetValue(path, x)
		ix.text(path, x)
	case json.Number:
		if f, err := x.Float64(); err == nil {
			ix.number(path, f)
		}
		ix.facetValue(path, x.String())
		ix.text(path, x.String())
	case float64:
		ix.number(path, x)
		s := jsonNumberString(x)
		ix.facetValue(path, s)
		ix.text(path, s)
	case bool:
		n := 0.0
		if x {
			n = 1
		}
		ix.number(path, n)
		ix.facetValue(path, fmt.Sprint(x))
	}
}

func jsonNumberString(f float64) string {
	b, _ := json.Marshal(f)
	return string(b)
}

func (ix *indexer) number(path string, f float64) {
	if path == "" {
		return
	}
	st := ix.st
	if ix.numSeen[path] {
		// A further element of an array: filters match any element; sorting
		// and facets_stats' first-value column keep the first.
		m := st.numMore[path]
		if m == nil {
			m = map[uint32][]float64{}
			st.numMore[path] = m
		}
		m[ix.slot] = append(m[ix.slot], f)
		return
	}
	ix.numSeen[path] = true
	col := st.nums[path]
	// Columns grow lazily up to the highest slot with a value; shorter means NaN.
	for len(col) <= int(ix.slot) {
		col = append(col, math.NaN())
	}
	col[ix.slot] = f
	st.nums[path] = col
}

func (ix *indexer) facetValue(path, v string) {
	i, ok := ix.st.schema.facetByPath[path]
	if !ok {
		return
	}
	fa := ix.st.facets[i]
	key := strings.ToLower(v)
	id, ok := fa.ids[key]
	if !ok {
		id = uint32(len(fa.display))
		fa.ids[key] = id
		fa.display = append(fa.display, v)
		fa.vals = append(fa.vals, &facetVal{})
	}
	fv := fa.vals[id]
	if n := len(fv.list); n > 0 && fv.list[n-1] == ix.slot {
		return // the same value twice in one record
	}
	fv.add(ix.slot)
	ix.d.fv = append(ix.d.fv, fvRef{attr: uint16(i), val: id})
	ix.perFacet[uint16(i)]++
	if ix.perFacet[uint16(i)] == 1 {
		fa.single[ix.slot] = id + 1
	} else {
		fa.single[ix.slot] = 0
		fa.multi = true
	}
}

func (ix *indexer) text(path, s string) {
	if path == "" || path == "objectID" && len(ix.st.schema.searchable) == 0 {
		return
	}
	rank, _ := ix.st.schema.searchRank(path)
	if rank < 0 {
		return
	}
	if ix.terms == nil {
		ix.terms, ix.nextPos = map[termField]posting{}, map[string]int{}
	}
	field := ix.st.field(path, rank)
	pos := ix.nextPos[path]
	forEachWord(s, func(w string, _, _ int) {
		p := posting{doc: ix.slot, field: field, pos: uint16(min(pos, math.MaxUint16))}
		k := termField{w, field}
		if old, ok := ix.terms[k]; !ok || p.pos < old.pos {
			ix.terms[k] = p
		}
		pos++
	})
	ix.nextPos[path] = pos + 8 // array elements and values are not adjacent
}

// flushTerms adds the record's postings: per term, the best-ranked field's
// occurrence to terms and the others to moreTerms.
func (ix *indexer) flushTerms() {
	st := ix.st
	best := make(map[string]posting, len(ix.terms))
	for k, p := range ix.terms {
		if old, ok := best[k.term]; !ok || st.better(p, old) {
			best[k.term] = p
		}
	}
	for k, p := range ix.terms {
		if best[k.term] == p {
			st.terms[k.term] = append(st.terms[k.term], p)
		} else {
			st.moreTerms[k.term] = append(st.moreTerms[k.term], p)
		}
	}
}

// better orders two occurrences of a term in one record: lower searchable
// rank, then earlier position, then lower field id.
func (st *store) better(a, b posting) bool {
	ra, rb := st.fields[a.field].rank, st.fields[b.field].rank
	if ra != rb {
		return ra < rb
	}
	if a.pos != b.pos {
		return a.pos < b.pos
	}
	return a.field < b.field
}

// forEachWord calls f with each lower-cased word of s and its byte range.
// Words are runs of letters and digits, as Algolia separates them.
func forEachWord(s string, f func(word string, start, end int)) {
	start := -1
	for i := 0; i <= len(s); {
		var r rune
		size := 1
		if i < len(s) {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		isWord := i < len(s) && (unicode.IsLetter(r) || unicode.IsDigit(r))
		if isWord && start < 0 {
			start = i
		}
		if !isWord && start >= 0 {
			f(normalizeWord(s[start:i]), start, i)
			start = -1
		}
		i += size
	}
}

func normalizeWord(w string) string {
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= utf8.RuneSelf || ('A' <= c && c <= 'Z') {
			return strings.Map(foldRune, w)
		}
	}
	return w
}

// foldRune lower-cases and strips the common Latin diacritics, as Algolia
// matches "Škoda" with "skoda".
func foldRune(r rune) rune {
	r = unicode.ToLower(r)
	switch {
	case strings.ContainsRune("àáâãäåā", r):
		return 'a'
	case strings.ContainsRune("èéêëē", r):
		return 'e'
	case strings.ContainsRune("ìíîïī", r):
		return 'i'
	case strings.ContainsRune("òóôõöøō", r):
		return 'o'
	case strings.ContainsRune("ùúûüū", r):
		return 'u'
	case strings.ContainsRune("çćč", r):
		return 'c'
	case strings.ContainsRune("šś", r):
		return 's'
	case strings.ContainsRune("žźż", r):
		return 'z'
	case r == 'ñ':
		return 'n'
	}
	return r
}

// denseMin is the number of records from which a facet value also keeps a
// bitset. Rare values (a km reading, a price) stay as short slot lists, so
// memory is bounded by n/denseMin bitsets whatever the cardinality.
const denseMin = 256

// facetVal is the set of slots having one facet value: an ascending,
// append-only slot list (dead slots are filtered by the alive set), plus a
// bitset once the value is common.
type facetVal struct {
	list []uint32
	bits bitset
}

func (v *facetVal) add(s uint32) {
	v.list = append(v.list, s)
	switch {
	case v.bits != nil:
		v.bits = v.bits.set(s)
	case len(v.list) >= denseMin:
		v.bits = newBitset(int(s) + 1)
		for _, x := range v.list {
			v.bits = v.bits.set(x)
		}
	}
}

func (v *facetVal) remove(s uint32) {
	if v.bits != nil {
		v.bits.clear(s)
	}
}

// has reports whether live slot s has the value.
func (v *facetVal) has(s uint32) bool {
	if v == nil {
		return false
	}
	if v.bits != nil {
		return v.bits.has(s)
	}
	_, found := slices.BinarySearch(v.list, s)
	return found
}

// setInto sets in b (zeroed, sized for every slot) the live slots having the value.
func (v *facetVal) setInto(b, alive bitset) {
	if v == nil {
		return
	}
	if v.bits != nil {
		copy(b, v.bits)
	} else {
		for _, s := range v.list {
			b[s>>6] |= 1 << (s & 63)
		}
	}
	b.andWith(alive)
}

// countIn counts the slots of the value in the (live) set m.
func (v *facetVal) countIn(m bitset) int {
	if v.bits != nil {
		return m.andCount(v.bits)
	}
	n := 0
	for _, s := range v.list {
		if m.has(s) {
			n++
		}
	}
	return n
}

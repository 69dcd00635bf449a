package localsearch

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// searchResult is Algolia's search response. Field order follows Algolia.
// The hot path writes it with appendJSON; encoding/json (browse, single
// queries) gives the same bytes.
type searchResult struct {
	Hits                       json.RawMessage `json:"hits"` // the JSON array, rendered by search
	NbHits                     int             `json:"nbHits"`
	Page                       int             `json:"page"`
	NbPages                    int             `json:"nbPages"`
	HitsPerPage                int             `json:"hitsPerPage"`
	Offset                     *int            `json:"offset,omitempty"`
	Length                     *int            `json:"length,omitempty"`
	NbSortedHits               *int            `json:"nbSortedHits,omitempty"`
	AppliedRelevancyStrictness *int            `json:"appliedRelevancyStrictness,omitempty"`
	Facets                     json.RawMessage `json:"facets"`
	FacetsStats                statsList       `json:"facets_stats"`
	ExhaustiveFacetsCount      bool            `json:"exhaustiveFacetsCount"`
	ExhaustiveNbHits           bool            `json:"exhaustiveNbHits"`
	ExhaustiveTypo             bool            `json:"exhaustiveTypo"`
	Exhaustive                 exhaustive      `json:"exhaustive"`
	Query                      string          `json:"query"`
	Params                     string          `json:"params"`
	Index                      string          `json:"index,omitempty"`
	RenderingContent           any             `json:"renderingContent"`
	ProcessingTimeMS           int64           `json:"processingTimeMS"`
	ServerTimeMS               int64           `json:"serverTimeMS"`
	Cursor                     string          `json:"cursor,omitempty"`
	QueryID                    string          `json:"queryID,omitempty"`
	buf                        *[]byte         // pooled storage of Hits and Facets
}

type exhaustive struct {
	FacetsCount bool `json:"facetsCount"`
	NbHits      bool `json:"nbHits"`
	Typo        bool `json:"typo"`
}

// statsList is facets_stats, kept sorted by attribute (as a JSON object
// encodes its keys).
type statsList []namedStats

type namedStats struct {
	path string
	facetStats
}

func (l statsList) MarshalJSON() ([]byte, error) { return l.appendJSON(nil), nil }

func (l statsList) appendJSON(b []byte) []byte {
	b = append(b, '{')
	for i, s := range l {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, s.path)
		b = append(b, `:{"min":`...)
		b = appendFloat(b, s.Min)
		b = append(b, `,"max":`...)
		b = appendFloat(b, s.Max)
		b = append(b, `,"avg":`...)
		b = appendFloat(b, s.Avg)
		b = append(b, `,"sum":`...)
		b = appendFloat(b, s.Sum)
		b = append(b, '}')
	}
	return append(b, '}')
}

// emptyObject is the renderingContent answered when none is set.
var emptyObject = map[string]any{}

var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

// release returns the pooled buffer behind Hits and Facets; res must not
// be encoded afterwards.
func (res *searchResult) release() {
	if res.buf != nil {
		*res.buf = (*res.buf)[:0]
		bufPool.Put(res.buf)
		res.buf, res.Hits, res.Facets = nil, nil, nil
	}
}

// search runs q and renders Algolia's response. highlight=false is for browse.
// The caller releases the result once it is written.
func search(q *searchQuery, highlight bool, memo *textMemo) *searchResult {
	start := time.Now()
	hpp := q.hitsPerPage
	from, to := q.page*hpp, (q.page+1)*hpp
	if q.useOffset {
		from, to = q.offset, q.offset+q.length
	}
	limit := q.paginationMax
	if limit > 0 {
		to = min(to, limit)
	}
	if to < from {
		to = from
	}
	ms, page := execute(q, from, to, memo)
	defer ms.release()
	st := q.index.store

	res := &searchResult{
		NbHits: ms.hits, Page: q.page, HitsPerPage: hpp, Query: q.text, Params: encodeParams(q.p),
		Index: q.index.name, ExhaustiveFacetsCount: true, ExhaustiveNbHits: true, ExhaustiveTypo: true,
		Exhaustive: exhaustive{FacetsCount: true, NbHits: true, Typo: true},
	}
	if q.useOffset {
		res.Offset, res.Length = &q.offset, &q.length
	}
	reach := ms.hits
	if ms.sorted >= 0 {
		// Relevant sort: only the hits selected as relevant are paginated.
		res.NbSortedHits, res.AppliedRelevancyStrictness = &ms.sorted, &q.strictness
		reach = ms.sorted
	}
	if hpp > 0 {
		if limit > 0 {
			reach = min(reach, limit)
		}
		res.NbPages = (reach + hpp - 1) / hpp
	}
	if rc, ok := q.p["renderingContent"]; ok {
		res.RenderingContent = rc
	} else if rc, ok := q.index.settings["renderingContent"]; ok {
		res.RenderingContent = rc
	} else {
		res.RenderingContent = emptyObject
	}

	res.buf = bufPool.Get().(*[]byte)
	b := (*res.buf)[:0]
	b = append(b, '{')
	for n, fi := range requestedFacets(st, q.facets) {
		fa := st.facets[fi]
		counts := countFacets(st, fi, &ms)
		if n > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, fa.path)
		b = append(b, ":{"...)
		ms.qs.facetOut = topFacetValues(fa, counts, q.maxValues, q.sortAlpha, ms.qs.facetOut)
		for i, v := range ms.qs.facetOut {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, v.value)
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(v.count), 10)
		}
		b = append(b, '}')
		if s, ok := statsOf(st, fa.path, &ms); ok {
			res.FacetsStats = append(res.FacetsStats, namedStats{fa.path, s})
		}
	}
	b = append(b, '}')
	facetsEnd := len(b)
	slices.SortFunc(res.FacetsStats, func(x, y namedStats) int { return strings.Compare(x.path, y.path) })

	var hl *highlighter
	if highlight {
		hl = newHighlighter(q)
	}
	retrieve := newRetriever(q)
	b = append(b, '[')
	for i, slot := range page {
		if i > 0 {
			b = append(b, ',')
		}
		b = renderHit(b, st.docs[slot].raw, retrieve, hl)
	}
	b = append(b, ']')
	*res.buf = b
	res.Facets, res.Hits = b[:facetsEnd], b[facetsEnd:]
	if q.p.boolean("clickAnalytics", false) {
		res.QueryID = queryID(q)
	}
	res.ProcessingTimeMS = max(1, time.Since(start).Milliseconds())
	res.ServerTimeMS = res.ProcessingTimeMS
	return res
}

// appendJSON appends res as encoding/json would encode it.
func (res *searchResult) appendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"hits":`...)
	b = append(b, res.Hits...)
	b = append(b, `,"nbHits":`...)
	b = strconv.AppendInt(b, int64(res.NbHits), 10)
	b = append(b, `,"page":`...)
	b = strconv.AppendInt(b, int64(res.Page), 10)
	b = append(b, `,"nbPages":`...)
	b = strconv.AppendInt(b, int64(res.NbPages), 10)
	b = append(b, `,"hitsPerPage":`...)
	b = strconv.AppendInt(b, int64(res.HitsPerPage), 10)
	for _, f := range []struct {
		name string
		v    *int
	}{{"offset", res.Offset}, {"length", res.Length}, {"nbSortedHits", res.NbSortedHits}, {"appliedRelevancyStrictness", res.AppliedRelevancyStrictness}} {
		if f.v != nil {
			b = append(b, ',', '"')
			b = append(b, f.name...)
			b = append(b, '"', ':')
			b = strconv.AppendInt(b, int64(*f.v), 10)
		}
	}
	b = append(b, `,"facets":`...)
	b = append(b, res.Facets...)
	b = append(b, `,"facets_stats":`...)
	b = res.FacetsStats.appendJSON(b)
	b = append(b, `,"exhaustiveFacetsCount":`...)
	b = strconv.AppendBool(b, res.ExhaustiveFacetsCount)
	b = append(b, `,"exhaustiveNbHits":`...)
	b = strconv.AppendBool(b, res.ExhaustiveNbHits)
	b = append(b, `,"exhaustiveTypo":`...)
	b = strconv.AppendBool(b, res.ExhaustiveTypo)
	b = append(b, `,"exhaustive":{"facetsCount":`...)
	b = strconv.AppendBool(b, res.Exhaustive.FacetsCount)
	b = append(b, `,"nbHits":`...)
	b = strconv.AppendBool(b, res.Exhaustive.NbHits)
	b = append(b, `,"typo":`...)
	b = strconv.AppendBool(b, res.Exhaustive.Typo)
	b = append(b, `},"query":`...)
	b = appendJSONString(b, res.Query)
	b = append(b, `,"params":`...)
	b = appendJSONString(b, res.Params)
	if res.Index != "" {
		b = append(b, `,"index":`...)
		b = appendJSONString(b, res.Index)
	}
	b = append(b, `,"renderingContent":`...)
	if m, ok := res.RenderingContent.(map[string]any); ok && len(m) == 0 {
		b = append(b, "{}"...)
	} else {
		rc, err := json.Marshal(res.RenderingContent)
		if err != nil {
			return nil, err
		}
		b = append(b, rc...)
	}
	b = append(b, `,"processingTimeMS":`...)
	b = strconv.AppendInt(b, res.ProcessingTimeMS, 10)
	b = append(b, `,"serverTimeMS":`...)
	b = strconv.AppendInt(b, res.ServerTimeMS, 10)
	if res.Cursor != "" {
		b = append(b, `,"cursor":`...)
		b = appendJSONString(b, res.Cursor)
	}
	if res.QueryID != "" {
		b = append(b, `,"queryID":`...)
		b = appendJSONString(b, res.QueryID)
	}
	return append(b, '}'), nil
}

func queryID(q *searchQuery) string {
	h := uint64(14695981039346656037)
	for _, c := range []byte(q.index.name + "\x00" + encodeParams(q.p) + strconv.FormatInt(time.Now().UnixNano(), 10)) {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return strconv.FormatUint(h, 16) + strconv.FormatUint(h>>7, 16)
}

// retriever applies attributesToRetrieve and unretrievableAttributes.
type retriever struct {
	all     bool
	include map[string]bool
	exclude map[string]bool
}

func newRetriever(q *searchQuery) *retriever {
	r := &retriever{all: true}
	attrs, ok := q.p.list("attributesToRetrieve")
	if !ok {
		attrs = stringList(q.index.settings["attributesToRetrieve"])
		ok = attrs != nil
	}
	if ok {
		r.all = false
		r.include = map[string]bool{"objectID": true}
		for _, a := range attrs {
			switch {
			case a == "*":
				r.all = true
			case strings.HasPrefix(a, "-"):
				r.excludes(a[1:])
			default:
				r.include[a] = true
			}
		}
	}
	for _, a := range stringList(q.index.settings["unretrievableAttributes"]) {
		r.excludes(a)
	}
	return r
}

func (r *retriever) excludes(attr string) {
	if r.exclude == nil {
		r.exclude = map[string]bool{}
	}
	r.exclude[attr] = true
}

func (r *retriever) wants(attr string) bool {
	if r.exclude[attr] && attr != "objectID" {
		return false
	}
	return r.all || r.include[attr]
}

// renderHit appends the stored record raw (filtered) plus _highlightResult
// to b, copying the attributes that need no change as they are stored.
func renderHit(b, raw []byte, r *retriever, hl *highlighter) []byte {
	start := len(b)
	if r.all && len(r.exclude) == 0 {
		b = append(b, raw[:len(raw)-1]...)
	} else {
		b = append(b, '{')
		first := true
		ok := eachMember(raw, func(key, member []byte) {
			if !r.wants(string(key)) {
				return
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = append(b, member...)
		})
		if !ok {
			return append(b[:start], raw...)
		}
	}
	if hl != nil {
		comma := len(b)-start > 1
		b = hl.render(b, raw, comma)
	}
	return append(b, '}')
}

// jsonText is a JSON document held as a string or as bytes.
type jsonText interface{ ~string | ~[]byte }

// eachMember calls f with the key (unescaped) and the raw `"key":value`
// text of every member of the JSON object raw, in order, without
// allocating. It reports false when raw is not an object it can read.
func eachMember[T jsonText](raw T, f func(key, member T)) bool {
	i := skipSpace(raw, 0)
	if i >= len(raw) || raw[i] != '{' {
		return false
	}
	i = skipSpace(raw, i+1)
	if i < len(raw) && raw[i] == '}' {
		return true
	}
	for i < len(raw) {
		ks := i
		ke := skipValue(raw, ks)
		if ke < 0 || raw[ks] != '"' {
			return false
		}
		c := skipSpace(raw, ke)
		if c >= len(raw) || raw[c] != ':' {
			return false
		}
		vs := skipSpace(raw, c+1)
		ve := skipValue(raw, vs)
		if ve < 0 {
			return false
		}
		f(unquote(raw[ks:ke]), raw[ks:ve])
		if i = skipSpace(raw, ve); i >= len(raw) {
			return false
		}
		if raw[i] == '}' {
			return true
		}
		if raw[i] != ',' {
			return false
		}
		i = skipSpace(raw, i+1)
	}
	return false
}

// eachElement calls f with the raw text of every element of the JSON array raw.
func eachElement[T jsonText](raw T, f func(elem T)) bool {
	i := skipSpace(raw, 0)
	if i >= len(raw) || raw[i] != '[' {
		return false
	}
	i = skipSpace(raw, i+1)
	if i < len(raw) && raw[i] == ']' {
		return true
	}
	for i < len(raw) {
		e := skipValue(raw, i)
		if e < 0 {
			return false
		}
		f(raw[i:e])
		if i = skipSpace(raw, e); i >= len(raw) {
			return false
		}
		if raw[i] == ']' {
			return true
		}
		if raw[i] != ',' {
			return false
		}
		i = skipSpace(raw, i+1)
	}
	return false
}

// unquote decodes a JSON string token; only escaped strings allocate.
func unquote[T jsonText](tok T) T {
	inner := tok[1 : len(tok)-1]
	for i := 0; i < len(inner); i++ {
		if inner[i] == '\\' {
			var s string
			if json.Unmarshal([]byte(tok), &s) == nil {
				return T(s)
			}
			break
		}
	}
	return inner
}

// memberValue returns the value text of a `"key":value` member.
func memberValue[T jsonText](member T) T {
	e := skipValue(member, 0)
	return member[skipSpace(member, skipSpace(member, e)+1):]
}

// valueAt returns the raw JSON value at a dotted path of the object raw
// (a dotted key at any level is tried too).
func valueAt(raw []byte, path string) ([]byte, bool) {
	var found []byte
	var rest string
	eachMember(raw, func(key, member []byte) {
		k := string(key)
		if k == path || found == nil && inAttribute(path, k) {
			found, rest = memberValue(member), strings.TrimPrefix(path, k)
		}
	})
	if found == nil {
		return nil, false
	}
	if rest == "" {
		return found, true
	}
	return valueAt(found, rest[1:])
}

func skipSpace[T jsonText](b T, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipValue returns the index just past the JSON value starting at i, or
// -1 when it is malformed. It trusts the contents of strings and literals
// (stored records are produced by encoding/json).
func skipValue[T jsonText](b T, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		for j := i + 1; j < len(b); j++ {
			switch b[j] {
			case '\\':
				j++
			case '"':
				return j + 1
			}
		}
		return -1
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				e := skipValue(b, j)
				if e < 0 {
					return -1
				}
				j = e - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	}
	j := i
	for j < len(b) && !isDelimiter(b[j]) {
		j++
	}
	if j == i {
		return -1
	}
	return j
}

func isDelimiter(c byte) bool {
	switch c {
	case ',', '}', ']', ' ', '\t', '\n', '\r', ':', '{', '[', '"':
		return true
	}
	return false
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string, escaped exactly as
// encoding/json does (HTML characters, U+2028/9 and invalid UTF-8 too).
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	b = appendJSONText(b, s)
	return append(b, '"')
}

// appendJSONText appends the escaped contents of a JSON string (no quotes).
func appendJSONText(b []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(b, s[start:]...)
}

// appendFloat formats f as encoding/json does.
func appendFloat(b []byte, f float64) []byte {
	format := byte('f')
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

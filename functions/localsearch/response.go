package localsearch

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// searchResult is Algolia's search response. Field order follows Algolia.
type searchResult struct {
	Hits                  []json.RawMessage     `json:"hits"`
	NbHits                int                   `json:"nbHits"`
	Page                  int                   `json:"page"`
	NbPages               int                   `json:"nbPages"`
	HitsPerPage           int                   `json:"hitsPerPage"`
	Offset                *int                  `json:"offset,omitempty"`
	Length                *int                  `json:"length,omitempty"`
	Facets                json.RawMessage       `json:"facets"`
	FacetsStats           map[string]facetStats `json:"facets_stats"`
	ExhaustiveFacetsCount bool                  `json:"exhaustiveFacetsCount"`
	ExhaustiveNbHits      bool                  `json:"exhaustiveNbHits"`
	ExhaustiveTypo        bool                  `json:"exhaustiveTypo"`
	Exhaustive            map[string]bool       `json:"exhaustive"`
	Query                 string                `json:"query"`
	Params                string                `json:"params"`
	Index                 string                `json:"index,omitempty"`
	RenderingContent      any                   `json:"renderingContent"`
	ProcessingTimeMS      int64                 `json:"processingTimeMS"`
	ServerTimeMS          int64                 `json:"serverTimeMS"`
	Cursor                string                `json:"cursor,omitempty"`
	QueryID               string                `json:"queryID,omitempty"`
}

// search runs q and renders Algolia's response. highlight=false is for browse.
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
	st := q.index.store

	res := &searchResult{
		NbHits: ms.count, Page: q.page, HitsPerPage: hpp, Query: q.text, Params: encodeParams(q.p),
		Index: q.index.name, ExhaustiveFacetsCount: true, ExhaustiveNbHits: true, ExhaustiveTypo: true,
		Exhaustive:  map[string]bool{"facetsCount": true, "nbHits": true, "typo": true},
		FacetsStats: map[string]facetStats{},
	}
	if q.useOffset {
		res.Offset, res.Length = &q.offset, &q.length
	}
	if hpp > 0 {
		reach := ms.count
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
		res.RenderingContent = map[string]any{}
	}

	var fb bytes.Buffer
	fb.WriteByte('{')
	for n, fi := range requestedFacets(st, q.facets) {
		fa := st.facets[fi]
		counts := countFacets(st, fi, &ms)
		if n > 0 {
			fb.WriteByte(',')
		}
		writeJSONString(&fb, fa.path)
		fb.WriteString(":{")
		for i, v := range topFacetValues(fa, counts, q.maxValues, q.sortAlpha) {
			if i > 0 {
				fb.WriteByte(',')
			}
			writeJSONString(&fb, v.value)
			fb.WriteByte(':')
			fb.WriteString(strconv.Itoa(v.count))
		}
		fb.WriteByte('}')
		if s, ok := statsOf(st, fa.path, &ms); ok {
			res.FacetsStats[fa.path] = s
		}
	}
	fb.WriteByte('}')
	res.Facets = fb.Bytes()

	var hl *highlighter
	if highlight {
		hl = newHighlighter(q)
	}
	retrieve := newRetriever(q)
	res.Hits = make([]json.RawMessage, 0, len(page))
	for _, slot := range page {
		res.Hits = append(res.Hits, renderHit(st.docs[slot].raw, retrieve, hl))
	}
	if q.p.boolean("clickAnalytics", false) {
		res.QueryID = queryID(q)
	}
	res.ProcessingTimeMS = max(1, time.Since(start).Milliseconds())
	res.ServerTimeMS = res.ProcessingTimeMS
	return res
}

func queryID(q *searchQuery) string {
	h := uint64(14695981039346656037)
	for _, c := range []byte(q.index.name + "\x00" + encodeParams(q.p) + strconv.FormatInt(time.Now().UnixNano(), 10)) {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return strconv.FormatUint(h, 16) + strconv.FormatUint(h>>7, 16)
}

func writeJSONString(b *bytes.Buffer, s string) {
	j, _ := json.Marshal(s)
	b.Write(j)
}

// retriever applies attributesToRetrieve and unretrievableAttributes.
type retriever struct {
	all     bool
	include map[string]bool
	exclude map[string]bool
}

func newRetriever(q *searchQuery) *retriever {
	r := &retriever{all: true, exclude: map[string]bool{}}
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
				r.exclude[a[1:]] = true
			default:
				r.include[a] = true
			}
		}
	}
	for _, a := range stringList(q.index.settings["unretrievableAttributes"]) {
		r.exclude[a] = true
	}
	return r
}

func (r *retriever) wants(attr string) bool {
	if r.exclude[attr] && attr != "objectID" {
		return false
	}
	return r.all || r.include[attr]
}

// renderHit writes the stored record (filtered) plus _highlightResult
// without re-encoding attributes that need no change.
func renderHit(raw []byte, r *retriever, hl *highlighter) json.RawMessage {
	var top map[string]json.RawMessage
	needTop := !r.all || len(r.exclude) > 0 || hl != nil
	if needTop {
		if err := json.Unmarshal(raw, &top); err != nil {
			return raw
		}
	}
	var b bytes.Buffer
	if r.all && len(r.exclude) == 0 {
		b.Write(raw[:len(raw)-1])
	} else {
		b.WriteByte('{')
		first := true
		for k, v := range top {
			if !r.wants(k) {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			writeJSONString(&b, k)
			b.WriteByte(':')
			b.Write(v)
		}
	}
	if hl != nil {
		if h := hl.render(top); h != nil {
			if b.Len() > 1 {
				b.WriteByte(',')
			}
			b.WriteString(`"_highlightResult":`)
			b.Write(h)
		}
	}
	b.WriteByte('}')
	return b.Bytes()
}

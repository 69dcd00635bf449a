package localsearch

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// highlighter renders _highlightResult for the attributes to highlight.
type highlighter struct {
	all      bool
	attrs    []string
	pre      string
	post     string
	words    []queryWord
	termWord map[string]hlMatch
	members  []hlMember // per-hit scratch
	keys     []string   // per-hit scratch
}

type hlMatch struct {
	word      int
	prefixLen int // > 0: only this many bytes of the record word matched
}

// highlightTags are the tags around matched words: the request's, else the
// index's, else Algolia's defaults.
func (q *searchQuery) highlightTags() (pre, post string) {
	return q.p.str("highlightPreTag", settingStr(q.index, "highlightPreTag", "<em>")),
		q.p.str("highlightPostTag", settingStr(q.index, "highlightPostTag", "</em>"))
}

func newHighlighter(q *searchQuery) *highlighter {
	ix := q.index
	h := &highlighter{words: q.words, termWord: map[string]hlMatch{}}
	h.pre, h.post = q.highlightTags()
	attrs, ok := q.p.list("attributesToHighlight")
	if !ok {
		if v, set := ix.settings["attributesToHighlight"]; set {
			attrs, ok = stringList(v), true
		}
	}
	if !ok {
		if s := ix.store.schema.searchable; len(s) > 0 {
			seen := map[string]bool{}
			for _, a := range s {
				top, _, _ := strings.Cut(a.path, ".")
				if !seen[top] {
					seen[top] = true
					attrs = append(attrs, top)
				}
			}
		} else {
			h.all = true
		}
	}
	for _, a := range attrs {
		if a == "*" {
			h.all = true
		}
		top, _, _ := strings.Cut(a, ".")
		h.attrs = append(h.attrs, top)
	}
	slices.Sort(h.attrs)
	h.attrs = slices.Compact(h.attrs)
	for wi, w := range q.words {
		for _, m := range w.matches {
			if _, dup := h.termWord[m.term]; dup {
				continue
			}
			hm := hlMatch{word: wi}
			if m.prefix && m.typos == 0 {
				hm.prefixLen = len(w.norm)
			}
			h.termWord[m.term] = hm
		}
	}
	return h
}

// render appends `"_highlightResult":{...}` for the record raw to b (after
// a comma when comma is set), or nothing when no attribute qualifies.
// Attributes are written in key order, as a JSON object encodes them.
func (h *highlighter) render(b, raw []byte, comma bool) []byte {
	rs := string(raw) // one copy per hit; every value below is a substring of it
	h.members = h.members[:0]
	ok := eachMember(rs, func(key, member string) {
		h.members = append(h.members, hlMember{key, memberValue(member)})
	})
	if !ok {
		return b
	}
	attrs := h.attrs
	if h.all {
		attrs = h.keys[:0]
		for _, m := range h.members {
			if m.key != "objectID" && !strings.HasPrefix(m.key, "_") {
				attrs = append(attrs, m.key)
			}
		}
		slices.Sort(attrs)
		attrs = slices.Compact(attrs)
		h.keys = attrs
	}
	start := len(b)
	if comma {
		b = append(b, ',')
	}
	b = append(b, `"_highlightResult":{`...)
	n := 0
	for _, a := range attrs {
		v, found := h.member(a)
		if !found {
			continue
		}
		mark := len(b)
		if n > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, a)
		b = append(b, ':')
		var ok bool
		if b, ok = h.appendValue(b, v); ok {
			n++
		} else {
			b = b[:mark]
		}
	}
	if n == 0 {
		return b[:start]
	}
	return append(b, '}')
}

type hlMember struct{ key, value string }

// member returns the last value of top-level attribute a (as a JSON decoder keeps the last).
func (h *highlighter) member(a string) (string, bool) {
	for i := len(h.members) - 1; i >= 0; i-- {
		if h.members[i].key == a {
			return h.members[i].value, true
		}
	}
	return "", false
}

// appendValue appends the highlight of the JSON value v: an object per
// string or number, arrays element-wise; booleans and null have none.
func (h *highlighter) appendValue(b []byte, v string) ([]byte, bool) {
	if v == "" {
		return b, false
	}
	switch c := v[0]; {
	case c == '"':
		return h.appendText(b, unquote(v)), true
	case c == '-' || c >= '0' && c <= '9':
		return h.appendText(b, v), true
	case c == '[':
		b = append(b, '[')
		n := 0
		eachElement(v, func(e string) {
			mark := len(b)
			if n > 0 {
				b = append(b, ',')
			}
			var ok bool
			if b, ok = h.appendValue(b, e); ok {
				n++
			} else {
				b = b[:mark]
			}
		})
		return append(b, ']'), true
	case c == '{':
		// Nested objects are rare in records: decode and encode them.
		dv, err := decodeValue(json.RawMessage(v))
		if err != nil {
			return b, false
		}
		hv := h.value(dv)
		if hv == nil {
			return b, false
		}
		j, err := json.Marshal(hv)
		if err != nil {
			return b, false
		}
		return append(b, j...), true
	}
	return b, false
}

func decodeValue(raw json.RawMessage) (any, error) {
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

// value is the highlight of a decoded value (nested objects).
func (h *highlighter) value(v any) any {
	switch x := v.(type) {
	case string:
		return json.RawMessage(h.appendText(nil, x))
	case json.Number:
		return json.RawMessage(h.appendText(nil, x.String()))
	case []any:
		out := make([]any, 0, len(x))
		for _, e := range x {
			if hv := h.value(e); hv != nil {
				out = append(out, hv)
			}
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			if hv := h.value(e); hv != nil {
				out[k] = hv
			}
		}
		return out
	}
	return nil
}

// appendText appends the highlight object of one text:
// {"value","matchLevel","fullyHighlighted","matchedWords"}.
func (h *highlighter) appendText(b []byte, s string) []byte {
	var matched uint64 // bit per query word (at most maxQueryWords)
	last, full, any := 0, true, false
	b = append(b, `{"value":"`...)
	forEachWord(s, func(w string, start, end int) {
		m, ok := h.termWord[w]
		if !ok {
			full = false
			return
		}
		any = true
		matched |= 1 << m.word
		hlEnd := end
		if m.prefixLen > 0 && end-start == len(w) && start+m.prefixLen < end {
			hlEnd, full = start+m.prefixLen, false
		}
		b = appendJSONText(b, s[last:start])
		b = appendJSONText(b, h.pre)
		b = appendJSONText(b, s[start:hlEnd])
		b = appendJSONText(b, h.post)
		last = hlEnd
	})
	b = appendJSONText(b, s[last:])
	b = append(b, '"')
	if !any {
		return append(b, `,"matchLevel":"none","matchedWords":[]}`...)
	}
	all := matched == 1<<len(h.words)-1
	if all {
		b = append(b, `,"matchLevel":"full"`...)
	} else {
		b = append(b, `,"matchLevel":"partial"`...)
	}
	b = append(b, `,"fullyHighlighted":`...)
	b = strconv.AppendBool(b, full && all)
	b = append(b, `,"matchedWords":[`...)
	n := 0
	for i := range h.words {
		if matched&(1<<i) != 0 {
			if n > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, h.words[i].orig)
			n++
		}
	}
	return append(b, "]}"...)
}

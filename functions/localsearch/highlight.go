package localsearch

import (
	"bytes"
	"encoding/json"
	"sort"
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
}

type hlMatch struct {
	word      int
	prefixLen int // > 0: only this many bytes of the record word matched
}

func newHighlighter(q *searchQuery) *highlighter {
	ix := q.index
	h := &highlighter{
		pre:   q.p.str("highlightPreTag", settingStr(ix, "highlightPreTag", "<em>")),
		post:  q.p.str("highlightPostTag", settingStr(ix, "highlightPostTag", "</em>")),
		words: q.words, termWord: map[string]hlMatch{},
	}
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

// render returns the _highlightResult object for one record, or nil.
func (h *highlighter) render(top map[string]json.RawMessage) []byte {
	attrs := h.attrs
	if h.all {
		attrs = attrs[:0:0]
		for k := range top {
			if k != "objectID" && !strings.HasPrefix(k, "_") {
				attrs = append(attrs, k)
			}
		}
		sort.Strings(attrs)
	}
	out := map[string]any{}
	for _, a := range attrs {
		raw, ok := top[a]
		if !ok {
			continue
		}
		v, err := decodeValue(raw)
		if err != nil {
			continue
		}
		if hv := h.value(v); hv != nil {
			out[a] = hv
		}
	}
	if len(out) == 0 {
		return nil
	}
	b, err := json.Marshal(out)
	if err != nil {
		return nil
	}
	return b
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

func (h *highlighter) value(v any) any {
	switch x := v.(type) {
	case string:
		return h.text(x)
	case json.Number:
		return h.text(x.String())
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

type hlResult struct {
	Value            string   `json:"value"`
	MatchLevel       string   `json:"matchLevel"`
	FullyHighlighted *bool    `json:"fullyHighlighted,omitempty"`
	MatchedWords     []string `json:"matchedWords"`
}

func (h *highlighter) text(s string) hlResult {
	matched := make([]bool, len(h.words))
	var b strings.Builder
	last, full, any := 0, true, false
	forEachWord(s, func(w string, start, end int) {
		m, ok := h.termWord[w]
		if !ok {
			full = false
			return
		}
		any = true
		matched[m.word] = true
		hlEnd := end
		if m.prefixLen > 0 && end-start == len(w) && start+m.prefixLen < end {
			hlEnd, full = start+m.prefixLen, false
		}
		b.WriteString(s[last:start])
		b.WriteString(h.pre)
		b.WriteString(s[start:hlEnd])
		b.WriteString(h.post)
		last = hlEnd
	})
	r := hlResult{Value: s, MatchLevel: "none", MatchedWords: []string{}}
	if !any {
		return r
	}
	b.WriteString(s[last:])
	r.Value = b.String()
	all := true
	for i, ok := range matched {
		if ok {
			r.MatchedWords = append(r.MatchedWords, h.words[i].orig)
		} else {
			all = false
		}
	}
	r.MatchLevel = "partial"
	if all {
		r.MatchLevel = "full"
	}
	fh := full && all
	r.FullyHighlighted = &fh
	return r
}

package localsearch

import (
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// apiError is an Algolia error response: {"message": ..., "status": ...}.
type apiError struct {
	status  int
	message string
}

func (e *apiError) Error() string { return e.message }

func notFound(msg string) error { return &apiError{status: 404, message: msg} }

var errIndexMissing = &apiError{status: 404, message: "Index does not exist"}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"message":"Internal error","status":500}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	w.WriteHeader(status)
	w.Write(b)
}

func writeError(w http.ResponseWriter, r *http.Request, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		slog.ErrorContext(r.Context(), "localsearch request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		ae = &apiError{status: 500, message: "Internal error"}
	}
	writeJSON(w, ae.status, map[string]any{"message": ae.message, "status": ae.status})
}

// cors lets pages of local origins (localhost, <site>.localhost, loopback
// addresses) call the engine; keys in headers need a preflight. Algolia
// answers every origin, but this stand-in runs on a developer's machine,
// where any web page could otherwise read it (issue 15). A request without
// an Origin is not from a browser page.
func cors(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Add("Vary", "Origin")
	origin := r.Header.Get("Origin")
	switch {
	case origin == "":
		h.Set("Access-Control-Allow-Origin", "*")
	case localOrigin(origin):
		h.Set("Access-Control-Allow-Origin", origin)
	default:
		return
	}
	h.Set("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS")
	if req := r.Header.Get("Access-Control-Request-Headers"); req != "" {
		h.Set("Access-Control-Allow-Headers", req)
	} else {
		h.Set("Access-Control-Allow-Headers", "Content-Type, X-Algolia-Application-Id, X-Algolia-API-Key, X-Algolia-Agent, X-Algolia-UserToken")
	}
	h.Set("Access-Control-Max-Age", "86400")
}

// localOrigin reports whether a browser origin is on this machine.
func localOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	host := u.Hostname()
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

func (e *Engine) serveHTTP(w http.ResponseWriter, r *http.Request) {
	cors(w, r)
	if r.Method == http.MethodOptions {
		w.WriteHeader(http.StatusOK)
		return
	}
	defer func() {
		if p := recover(); p != nil {
			slog.ErrorContext(r.Context(), "localsearch panic", "method", r.Method, "path", r.URL.Path, "panic", p)
			writeError(w, r, fmt.Errorf("panic: %v", p))
		}
	}()
	if err := e.route(w, r); err != nil {
		writeError(w, r, err)
	}
}

// route dispatches Algolia's REST paths.
func (e *Engine) route(w http.ResponseWriter, r *http.Request) error {
	segs, err := pathSegments(r.URL.EscapedPath())
	if err != nil || len(segs) < 2 || segs[0] != "1" {
		return notFound("Not found")
	}
	acc, err := e.authenticate(r, e.now())
	if err != nil {
		return err
	}
	if segs[1] == "task" && len(segs) == 3 && r.Method == http.MethodGet {
		writeJSON(w, 200, map[string]any{"status": "published", "pendingTask": false})
		return nil
	}
	if segs[1] == "keys" && len(segs) == 3 {
		switch r.Method {
		case http.MethodGet:
			return e.getKey(w, acc, segs[2])
		case http.MethodPut:
			return e.updateKey(w, r, acc, segs[2])
		}
	}
	if segs[1] != "indexes" {
		return notFound("Not found")
	}
	segs = segs[2:]
	m := r.Method
	switch {
	case len(segs) == 0 && m == http.MethodGet:
		return e.listIndices(w, acc)
	case len(segs) == 2 && segs[0] == "*" && m == http.MethodPost:
		switch segs[1] {
		case "queries":
			return e.multiQuery(w, r, acc)
		case "objects":
			return e.getObjects(w, r, acc)
		case "batch":
			return e.batchReq(w, r, acc, "*")
		}
	case len(segs) == 1 && m == http.MethodPost:
		return e.addObject(w, r, acc, segs[0])
	case len(segs) == 1 && m == http.MethodDelete:
		return e.deleteIndexReq(w, acc, segs[0])
	case len(segs) == 1 && m == http.MethodGet:
		return e.singleQuery(w, r, acc, segs[0])
	case len(segs) == 2:
		name, rest := segs[0], segs[1]
		switch {
		case rest == "query" && m == http.MethodPost:
			return e.singleQuery(w, r, acc, name)
		case rest == "batch" && m == http.MethodPost:
			return e.batchReq(w, r, acc, name)
		case rest == "settings" && m == http.MethodGet:
			return e.getSettings(w, acc, name)
		case rest == "settings" && m == http.MethodPut:
			return e.putSettings(w, r, acc, name)
		case rest == "browse" && (m == http.MethodPost || m == http.MethodGet):
			return e.browse(w, r, acc, name)
		case rest == "clear" && m == http.MethodPost:
			return e.clearReq(w, acc, name)
		case rest == "deleteByQuery" && m == http.MethodPost:
			return e.deleteByQuery(w, r, acc, name)
		case rest == "operation" && m == http.MethodPost:
			return e.operation(w, r, acc, name)
		case m == http.MethodGet:
			return e.getObject(w, r, acc, name, rest)
		case m == http.MethodPut:
			return e.putObject(w, r, acc, name, rest)
		case m == http.MethodDelete:
			return e.deleteObject(w, acc, name, rest)
		}
	case len(segs) == 3 && segs[1] == "task" && m == http.MethodGet:
		if _, err := strconv.ParseInt(segs[2], 10, 64); err != nil {
			return badRequest("taskID must be an integer")
		}
		writeJSON(w, 200, map[string]any{"status": "published", "pendingTask": false})
		return nil
	case len(segs) == 3 && segs[2] == "partial" && m == http.MethodPost:
		return e.partialReq(w, r, acc, segs[0], segs[1])
	case len(segs) == 4 && segs[1] == "facets" && segs[3] == "query" && m == http.MethodPost:
		return e.facetQuery(w, r, acc, segs[0], segs[2])
	}
	return notFound("Not found")
}

func pathSegments(escaped string) ([]string, error) {
	parts := strings.Split(strings.Trim(escaped, "/"), "/")
	for i, p := range parts {
		u, err := url.PathUnescape(p)
		if err != nil {
			return nil, err
		}
		parts[i] = u
	}
	return parts, nil
}

// readBody reads the request body within the size limit, decompressing gzip.
func (e *Engine) readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	limit := e.cfg.MaxBodyBytes
	var rd io.Reader = http.MaxBytesReader(w, r.Body, limit)
	if strings.EqualFold(r.Header.Get("Content-Encoding"), "gzip") {
		gz, err := gzip.NewReader(rd)
		if err != nil {
			if isTooLarge(err) {
				return nil, tooLarge()
			}
			return nil, badRequest("Invalid gzip body")
		}
		defer gz.Close()
		rd = io.LimitReader(gz, limit+1)
	}
	b, err := io.ReadAll(rd)
	if err != nil {
		if isTooLarge(err) {
			return nil, tooLarge()
		}
		return nil, badRequest("Invalid request body")
	}
	if int64(len(b)) > limit {
		return nil, tooLarge()
	}
	return b, nil
}

func isTooLarge(err error) bool {
	var mbe *http.MaxBytesError
	return errors.As(err, &mbe)
}

func tooLarge() error { return &apiError{status: 413, message: "Request body too large"} }

// decodeBody decodes a JSON object body; an empty body is {}.
func (e *Engine) decodeBody(w http.ResponseWriter, r *http.Request, into any) error {
	b, err := e.readBody(w, r)
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(b)) == 0 {
		b = []byte("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(into); err != nil {
		return badRequest("Invalid JSON: %v", err)
	}
	if dec.More() {
		return badRequest("Invalid JSON: trailing data")
	}
	return nil
}

func nowString() string { return time.Now().UTC().Format(time.RFC3339) }

func needAdmin(acc *access) error {
	if !acc.admin {
		return errMethodNotAllowed
	}
	return nil
}

// ---- search ----

// decodeParams decodes a body holding one search request.
func (e *Engine) decodeParams(w http.ResponseWriter, r *http.Request) (params, error) {
	var req map[string]json.RawMessage
	if err := e.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	return requestParams(req)
}

// requestParams decodes one search request: the `params` string and the
// flattened parameters (which win).
func requestParams(req map[string]json.RawMessage) (params, error) {
	p := params{}
	if raw, ok := req["params"]; ok {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, badRequest("params must be a string")
		}
		if err := decodeParamString(s, p); err != nil {
			return nil, err
		}
	}
	for k, raw := range req {
		if requestOnlyKeys[k] {
			continue
		}
		if err := decodeParamJSON(k, raw, p); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// prepare resolves the index and the effective query for a search by acc.
func (e *Engine) prepare(acc *access, name string, p params) (*searchQuery, error) {
	if !acc.allowsIndex(name) {
		return nil, errIndexNotAllowed
	}
	ix, ok := e.lookup(name)
	if !ok {
		return nil, errIndexMissing
	}
	for k, v := range acc.overrides {
		p[k] = v
	}
	return compileQuery(ix, p, acc.filter)
}

// singleQuery answers POST /1/indexes/{i}/query and the legacy
// GET /1/indexes/{i}?query=, which carries the query text only.
func (e *Engine) singleQuery(w http.ResponseWriter, r *http.Request, acc *access, name string) error {
	p := params{}
	if r.Method == http.MethodGet {
		if q := r.URL.Query().Get("query"); q != "" {
			p["query"] = q
		}
	} else {
		var err error
		if p, err = e.decodeParams(w, r); err != nil {
			return err
		}
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	q, err := e.prepare(acc, name, p)
	if err != nil {
		return err
	}
	res := search(q, true, nil)
	defer res.release()
	return writeResults(w, nil, res)
}

// writeResults writes one search result, or {"results":[...]} when results
// is not nil, straight into a pooled buffer: the hits are stored JSON and
// are not re-validated by encoding/json.
func writeResults(w http.ResponseWriter, results []any, one *searchResult) error {
	bp := bufPool.Get().(*[]byte)
	defer func() { *bp = (*bp)[:0]; bufPool.Put(bp) }()
	b := *bp
	var err error
	if one != nil {
		b, err = one.appendJSON(b)
	} else {
		b = append(b, `{"results":[`...)
		for i, r := range results {
			if i > 0 {
				b = append(b, ',')
			}
			if sr, ok := r.(*searchResult); ok {
				b, err = sr.appendJSON(b)
			} else {
				var j []byte
				j, err = json.Marshal(r)
				b = append(b, j...)
			}
			if err != nil {
				break
			}
		}
		b = append(b, "]}"...)
	}
	*bp = b
	if err != nil {
		return fmt.Errorf("encode search results: %w", err)
	}
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	w.WriteHeader(http.StatusOK)
	w.Write(b) // a client gone mid-response is not an engine error
	return nil
}

func (e *Engine) multiQuery(w http.ResponseWriter, r *http.Request, acc *access) error {
	var body struct {
		Requests []map[string]json.RawMessage `json:"requests"`
		Strategy string                       `json:"strategy"`
	}
	if err := e.decodeBody(w, r, &body); err != nil {
		return err
	}
	if body.Strategy != "" && body.Strategy != "none" && body.Strategy != "stopIfEnoughMatches" {
		return badRequest("strategy must be none or stopIfEnoughMatches")
	}
	type job struct {
		name, typ, facet string
		p                params
	}
	jobs := make([]job, 0, len(body.Requests))
	for _, req := range body.Requests {
		var j job
		if err := jsonString(req, "indexName", &j.name); err != nil || j.name == "" {
			return badRequest("indexName is required in every request")
		}
		_ = jsonString(req, "type", &j.typ)
		_ = jsonString(req, "facet", &j.facet)
		p, err := requestParams(req)
		if err != nil {
			return err
		}
		j.p = p
		jobs = append(jobs, j)
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	results := make([]any, 0, len(jobs))
	enough := false
	memo := &textMemo{}
	defer memo.release()
	defer func() {
		for _, r := range results {
			if sr, ok := r.(*searchResult); ok {
				sr.release()
			}
		}
	}()
	for _, j := range jobs {
		if j.typ == "facet" {
			res, err := e.facetSearch(acc, j.name, j.facet, j.p)
			if err != nil {
				return err
			}
			results = append(results, res)
			continue
		}
		q, err := e.prepare(acc, j.name, j.p)
		if err != nil {
			return err
		}
		if enough {
			// stopIfEnoughMatches: later queries are answered empty, as Algolia does.
			q.hitsPerPage, q.facets = 0, nil
		}
		res := search(q, true, memo)
		if body.Strategy == "stopIfEnoughMatches" && res.NbHits >= q.hitsPerPage {
			enough = true
		}
		results = append(results, res)
	}
	return writeResults(w, results, nil)
}

func jsonString(m map[string]json.RawMessage, k string, into *string) error {
	raw, ok := m[k]
	if !ok {
		return nil
	}
	return json.Unmarshal(raw, into)
}

// ---- search for facet values ----

type facetHit struct {
	Value       string `json:"value"`
	Highlighted string `json:"highlighted"`
	Count       int    `json:"count"`
}

func (e *Engine) facetQuery(w http.ResponseWriter, r *http.Request, acc *access, name, facet string) error {
	p, err := e.decodeParams(w, r)
	if err != nil {
		return err
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	res, err := e.facetSearch(acc, name, facet, p)
	if err != nil {
		return err
	}
	writeJSON(w, 200, res)
	return nil
}

func (e *Engine) facetSearch(acc *access, name, facet string, p params) (map[string]any, error) {
	start := time.Now()
	fq := p.str("facetQuery", "")
	maxHits := p.int("maxFacetHits", 10)
	if maxHits < 1 || maxHits > 100 {
		return nil, badRequest("maxFacetHits must be between 1 and 100")
	}
	delete(p, "facetQuery")
	delete(p, "maxFacetHits")
	q, err := e.prepare(acc, name, p)
	if err != nil {
		return nil, err
	}
	st := q.index.store
	fi, ok := st.schema.facetByPath[facet]
	if !ok || !st.schema.facetAttrs[fi].searchable {
		return nil, badRequest("Cannot search in `%s` attribute, you need to add `searchable(%s)` to attributesForFaceting.", facet, facet)
	}
	ms, _ := execute(q, 0, 0, nil)
	defer ms.release()
	counts := countFacets(st, fi, &ms)
	fa := st.facets[fi]
	pre, post := q.highlightTags()
	needle := normalizeWord(strings.TrimSpace(fq))
	hits := []facetHit{}
	for _, v := range topFacetValues(fa, counts, len(counts), false, nil) {
		hl, ok := highlightFacetValue(v.value, needle, pre, post)
		if !ok {
			continue
		}
		hits = append(hits, facetHit{Value: v.value, Highlighted: hl, Count: v.count})
		if len(hits) == maxHits {
			break
		}
	}
	return map[string]any{"facetHits": hits, "exhaustiveFacetsCount": true, "processingTimeMS": max(1, time.Since(start).Milliseconds())}, nil
}

// highlightFacetValue matches needle as a prefix of any word of value.
func highlightFacetValue(value, needle, pre, post string) (string, bool) {
	if needle == "" {
		return value, true
	}
	out, found := "", false
	forEachWord(value, func(w string, s, e int) {
		if found || !strings.HasPrefix(w, needle) {
			return
		}
		found = true
		end := e
		if e-s == len(w) {
			end = s + len(needle)
		}
		out = value[:s] + pre + value[s:end] + post + value[end:]
	})
	return out, found
}

// ---- browse ----

type browseCursor struct {
	Params string `json:"p"`
	Offset int    `json:"o"`
}

func (e *Engine) browse(w http.ResponseWriter, r *http.Request, acc *access, name string) error {
	if err := needAdmin(acc); err != nil {
		return err
	}
	req := map[string]json.RawMessage{}
	if r.Method == http.MethodPost {
		if err := e.decodeBody(w, r, &req); err != nil {
			return err
		}
	}
	var cursor string
	_ = jsonString(req, "cursor", &cursor)
	if c := r.URL.Query().Get("cursor"); c != "" {
		cursor = c
	}
	delete(req, "cursor")
	p, err := requestParams(req)
	if err != nil {
		return err
	}
	offset := 0
	if cursor != "" {
		b, err := base64.RawURLEncoding.DecodeString(cursor)
		var c browseCursor
		if err != nil || json.Unmarshal(b, &c) != nil || c.Offset < 0 {
			return badRequest("Invalid cursor")
		}
		p = params{}
		if err := decodeParamString(c.Params, p); err != nil {
			return badRequest("Invalid cursor")
		}
		offset = c.Offset
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	q, err := e.prepare(acc, name, p)
	if err != nil {
		return err
	}
	if _, ok := p["hitsPerPage"]; !ok {
		q.hitsPerPage = 1000
	}
	q.useOffset, q.offset, q.length, q.paginationMax = true, offset, q.hitsPerPage, 0
	res := search(q, false, nil)
	defer res.release()
	res.Offset, res.Length = nil, nil
	res.Page = offset / max(1, q.hitsPerPage)
	if next := offset + q.hitsPerPage; q.hitsPerPage > 0 && next < res.NbHits {
		b, _ := json.Marshal(browseCursor{Params: encodeParams(p), Offset: next})
		res.Cursor = base64.RawURLEncoding.EncodeToString(b)
	}
	writeJSON(w, 200, res)
	return nil
}

// ---- objects ----

func (e *Engine) getObject(w http.ResponseWriter, r *http.Request, acc *access, name, id string) error {
	var attrs []string
	if a := r.URL.Query().Get("attributesToRetrieve"); a != "" {
		attrs = strings.Split(a, ",")
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	rec, err := e.readObject(acc, name, id, attrs)
	if err != nil {
		return err
	}
	if rec == nil {
		return notFound("ObjectID does not exist")
	}
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	w.Write(rec)
	return nil
}

// readObject returns a record as acc may see it, or nil.
func (e *Engine) readObject(acc *access, name, id string, attrs []string) (json.RawMessage, error) {
	if !acc.allowsIndex(name) {
		return nil, errIndexNotAllowed
	}
	ix, ok := e.lookup(name)
	if !ok {
		return nil, errIndexMissing
	}
	st := ix.store
	slot, ok := st.get(id)
	if !ok {
		return nil, nil
	}
	if acc.filter != nil && !compileFilter(st, acc.filter).matches(slot) {
		return nil, nil // a secured key never reveals records outside its filters
	}
	q := &searchQuery{index: ix, p: params{}}
	if attrs != nil {
		q.p["attributesToRetrieve"] = attrs
	}
	return renderHit(nil, st.docs[slot].raw, newRetriever(q), nil), nil
}

func (e *Engine) getObjects(w http.ResponseWriter, r *http.Request, acc *access) error {
	var body struct {
		Requests []struct {
			IndexName            string   `json:"indexName"`
			ObjectID             string   `json:"objectID"`
			AttributesToRetrieve []string `json:"attributesToRetrieve"`
		} `json:"requests"`
	}
	if err := e.decodeBody(w, r, &body); err != nil {
		return err
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	results := make([]json.RawMessage, 0, len(body.Requests))
	for _, rq := range body.Requests {
		rec, err := e.readObject(acc, rq.IndexName, rq.ObjectID, rq.AttributesToRetrieve)
		if err != nil && !errors.Is(err, errIndexMissing) {
			return err
		}
		if rec == nil {
			rec = json.RawMessage("null")
		}
		results = append(results, rec)
	}
	writeJSON(w, 200, map[string]any{"results": results})
	return nil
}

func newObjectID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// addObject stores a record under a new objectID (POST /1/indexes/{i}).
func (e *Engine) addObject(w http.ResponseWriter, r *http.Request, acc *access, name string) error {
	id := newObjectID()
	return e.saveObject(w, r, acc, name, id, 201, map[string]any{"createdAt": nowString(), "objectID": id})
}

// putObject stores a record under the given objectID (PUT /1/indexes/{i}/{id}).
func (e *Engine) putObject(w http.ResponseWriter, r *http.Request, acc *access, name, id string) error {
	return e.saveObject(w, r, acc, name, id, 200, map[string]any{"updatedAt": nowString(), "objectID": id})
}

// saveObject replaces the record id with the request body and answers
// status with answer plus the task id.
func (e *Engine) saveObject(w http.ResponseWriter, r *http.Request, acc *access, name, id string, status int, answer map[string]any) error {
	if err := needAdmin(acc); err != nil {
		return err
	}
	var raw json.RawMessage
	if err := e.decodeBody(w, r, &raw); err != nil {
		return err
	}
	rec, err := decodeObject(raw)
	if err != nil {
		return err
	}
	rec["objectID"] = id
	e.mu.Lock()
	defer e.mu.Unlock()
	ix, err := e.writable(name)
	if err != nil {
		return err
	}
	if err := ix.store.put(id, rec); err != nil {
		return err
	}
	e.touched(ix)
	answer["taskID"] = e.nextTask()
	writeJSON(w, status, answer)
	return nil
}

func (e *Engine) partialReq(w http.ResponseWriter, r *http.Request, acc *access, name, id string) error {
	if err := needAdmin(acc); err != nil {
		return err
	}
	var raw json.RawMessage
	if err := e.decodeBody(w, r, &raw); err != nil {
		return err
	}
	attrs, err := decodeObject(raw)
	if err != nil {
		return err
	}
	create := r.URL.Query().Get("createIfNotExists") != "false"
	e.mu.Lock()
	defer e.mu.Unlock()
	ix, err := e.writable(name)
	if err != nil {
		return err
	}
	if err := partialUpdate(ix.store, id, attrs, create); err != nil {
		return err
	}
	e.touched(ix)
	writeJSON(w, 200, map[string]any{"updatedAt": nowString(), "taskID": e.nextTask(), "objectID": id})
	return nil
}

func (e *Engine) deleteObject(w http.ResponseWriter, acc *access, name, id string) error {
	if err := needAdmin(acc); err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if ix, ok := e.lookup(name); ok {
		if err := ix.checkWritable(); err != nil {
			return err
		}
		ix.store.remove(id)
		e.touched(ix)
	}
	writeJSON(w, 200, map[string]any{"deletedAt": nowString(), "taskID": e.nextTask()})
	return nil
}

// ---- batch ----

type batchOp struct {
	Action    string          `json:"action"`
	IndexName string          `json:"indexName"`
	Body      json.RawMessage `json:"body"`
}

// batchReq answers POST /1/indexes/{name}/batch, and with name "*" the
// multi-index batch, whose operations name their index and which answers a
// task per index.
func (e *Engine) batchReq(w http.ResponseWriter, r *http.Request, acc *access, name string) error {
	if err := needAdmin(acc); err != nil {
		return err
	}
	var body struct {
		Requests []batchOp `json:"requests"`
	}
	if err := e.decodeBody(w, r, &body); err != nil {
		return err
	}
	if name != "*" {
		for i := range body.Requests {
			body.Requests[i].IndexName = name
		}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	ids, err := e.applyBatch(body.Requests)
	if err != nil {
		return err
	}
	if name != "*" {
		writeJSON(w, 200, map[string]any{"taskID": e.nextTask(), "objectIDs": ids})
		return nil
	}
	tasks := map[string]int64{}
	for _, op := range body.Requests {
		if _, ok := tasks[op.IndexName]; !ok {
			tasks[op.IndexName] = e.nextTask()
		}
	}
	writeJSON(w, 200, map[string]any{"taskID": tasks, "objectIDs": ids})
	return nil
}

// applyBatch validates every operation first, so a bad one rejects the
// whole batch (as Algolia does) instead of applying half of it.
func (e *Engine) applyBatch(ops []batchOp) ([]string, error) {
	type prepared struct {
		op  batchOp
		rec map[string]any
		raw []byte
		id  string
	}
	preps := make([]prepared, 0, len(ops))
	for i, op := range ops {
		p := prepared{op: op}
		if err := validIndexName(op.IndexName); err != nil {
			return nil, badRequest("requests[%d]: indexName is not valid", i)
		}
		switch op.Action {
		case "delete", "clear":
		case "addObject", "updateObject", "partialUpdateObject", "partialUpdateObjectNoCreate", "deleteObject":
			rec, err := decodeObject(op.Body)
			if err != nil {
				return nil, badRequest("requests[%d]: body must be a JSON object", i)
			}
			id, err := objectIDOf(rec)
			if err != nil {
				return nil, badRequest("requests[%d]: %v", i, err)
			}
			_, stringID := rec["objectID"].(string)
			if id == "" {
				if op.Action != "addObject" {
					return nil, badRequest("requests[%d]: objectID is required for %s", i, op.Action)
				}
				id = newObjectID()
			}
			rec["objectID"] = id
			p.rec, p.id = rec, id
			if stringID && (op.Action == "addObject" || op.Action == "updateObject") {
				// Keep the record as sent (compacted) rather than re-encoding it.
				var buf bytes.Buffer
				if json.Compact(&buf, op.Body) == nil {
					p.raw = buf.Bytes()
				}
			}
		default:
			return nil, badRequest("requests[%d]: unknown action %q", i, op.Action)
		}
		preps = append(preps, p)
	}
	ids := make([]string, 0, len(preps))
	for _, p := range preps {
		switch p.op.Action {
		case "delete":
			e.deleteIndex(p.op.IndexName)
			continue
		}
		ix, err := e.writable(p.op.IndexName)
		if err != nil {
			return nil, err
		}
		st := ix.store
		switch p.op.Action {
		case "clear":
			st.clear()
			e.shareStore(ix)
		case "addObject", "updateObject":
			if p.raw != nil {
				st.putRaw(p.id, p.raw, p.rec)
			} else {
				err = st.put(p.id, p.rec)
			}
		case "partialUpdateObject":
			err = partialUpdate(st, p.id, p.rec, true)
		case "partialUpdateObjectNoCreate":
			err = partialUpdate(st, p.id, p.rec, false)
		case "deleteObject":
			st.remove(p.id)
		}
		if err != nil {
			return nil, err
		}
		e.touched(ix)
		if p.id != "" {
			ids = append(ids, p.id)
		}
	}
	return ids, nil
}

// ---- index management ----

func (e *Engine) clearReq(w http.ResponseWriter, acc *access, name string) error {
	if err := needAdmin(acc); err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	ix, err := e.writable(name)
	if err != nil {
		return err
	}
	ix.store.clear()
	e.touched(ix)
	writeJSON(w, 200, map[string]any{"taskID": e.nextTask(), "updatedAt": nowString()})
	return nil
}

func (e *Engine) deleteByQuery(w http.ResponseWriter, r *http.Request, acc *access, name string) error {
	if err := needAdmin(acc); err != nil {
		return err
	}
	p, err := e.decodeParams(w, r)
	if err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	ix, ok := e.lookup(name)
	if ok {
		if err := ix.checkWritable(); err != nil {
			return err
		}
		q, err := compileQuery(ix, p, nil)
		if err != nil {
			return err
		}
		ms, _ := execute(q, 0, 0, nil)
		var ids []string
		ms.each(func(s uint32) { ids = append(ids, ix.store.docs[s].id) })
		ms.release()
		for _, id := range ids {
			ix.store.remove(id)
		}
		e.touched(ix)
	}
	writeJSON(w, 200, map[string]any{"taskID": e.nextTask(), "updatedAt": nowString(), "deletedAt": nowString()})
	return nil
}

func (e *Engine) deleteIndexReq(w http.ResponseWriter, acc *access, name string) error {
	if err := needAdmin(acc); err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.deleteIndex(name)
	writeJSON(w, 200, map[string]any{"taskID": e.nextTask(), "deletedAt": nowString()})
	return nil
}

func (e *Engine) getSettings(w http.ResponseWriter, acc *access, name string) error {
	if err := needAdmin(acc); err != nil {
		return err
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	ix, ok := e.lookup(name)
	if !ok {
		return errIndexMissing
	}
	writeJSON(w, 200, ix.settingsView())
	return nil
}

func (e *Engine) putSettings(w http.ResponseWriter, r *http.Request, acc *access, name string) error {
	if err := needAdmin(acc); err != nil {
		return err
	}
	b, err := e.readBody(w, r)
	if err != nil {
		return err
	}
	var body map[string]any
	if err := json.Unmarshal(b, &body); err != nil || body == nil {
		return badRequest("Invalid JSON: settings must be an object")
	}
	forward := r.URL.Query().Get("forwardToReplicas") == "true"
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.setSettings(name, body, forward); err != nil {
		return err
	}
	writeJSON(w, 200, map[string]any{"taskID": e.nextTask(), "updatedAt": nowString()})
	return nil
}

func (e *Engine) listIndices(w http.ResponseWriter, acc *access) error {
	if err := needAdmin(acc); err != nil {
		return err
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	items := []map[string]any{}
	for _, n := range e.indexNames() {
		ix := e.indices[n]
		it := map[string]any{
			"name": n, "createdAt": ix.createdAt.Format(time.RFC3339), "updatedAt": ix.updatedAt.Format(time.RFC3339),
			"entries": ix.store.live, "dataSize": 0, "fileSize": 0, "lastBuildTimeS": 0,
			"numberOfPendingTasks": 0, "pendingTask": false,
		}
		if ix.primary != "" {
			it["primary"] = ix.primary
		}
		if reps := stringList(ix.settings["replicas"]); len(reps) > 0 && ix.primary == "" {
			it["replicas"] = reps
		}
		items = append(items, it)
	}
	writeJSON(w, 200, map[string]any{"items": items, "nbPages": 1})
	return nil
}

// operation copies or moves an index (as replaceAllObjects does).
func (e *Engine) operation(w http.ResponseWriter, r *http.Request, acc *access, name string) error {
	if err := needAdmin(acc); err != nil {
		return err
	}
	var body struct {
		Operation   string   `json:"operation"`
		Destination string   `json:"destination"`
		Scope       []string `json:"scope"`
	}
	if err := e.decodeBody(w, r, &body); err != nil {
		return err
	}
	if body.Operation != "copy" && body.Operation != "move" {
		return badRequest("operation must be copy or move")
	}
	if err := validIndexName(body.Destination); err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	src, ok := e.lookup(name)
	if !ok {
		return errIndexMissing
	}
	if src.primary != "" {
		return badRequest("Cannot %s a replica index", body.Operation)
	}
	scope := map[string]bool{"settings": true, "records": true, "rules": true, "synonyms": true}
	if len(body.Scope) > 0 && body.Operation == "copy" {
		scope = map[string]bool{"records": false}
		for _, s := range body.Scope {
			scope[s] = true
		}
	}
	dst, err := e.ensure(body.Destination)
	if err != nil {
		return err
	}
	if dst.primary != "" {
		return badRequest("Cannot %s to a replica index", body.Operation)
	}
	keepReplicas := dst.settings["replicas"]
	if scope["settings"] {
		dst.settings = withoutReplicas(src.settings)
		if keepReplicas != nil {
			dst.settings["replicas"] = keepReplicas
		}
	}
	if scope["records"] || !scope["settings"] || len(body.Scope) == 0 {
		dst.store = src.store.rebuild(schemaOf(dst.settings))
	} else {
		dst.store = dst.store.rebuild(schemaOf(dst.settings))
	}
	e.shareStore(dst)
	dst.rank.reset()
	e.touched(dst)
	if body.Operation == "move" {
		e.deleteIndex(name)
	}
	writeJSON(w, 200, map[string]any{"taskID": e.nextTask(), "updatedAt": nowString()})
	return nil
}

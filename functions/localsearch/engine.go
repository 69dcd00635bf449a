// Package localsearch is an Algolia-compatible search engine for local
// development and tests. It serves Algolia's REST API (the subset the
// official clients and InstantSearch use; see README.md), verifies secured
// API keys exactly as Algolia generates them, and keeps indices in memory
// with snapshots on disk.
package localsearch

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/gzhttp"
)

// Config configures an Engine.
type Config struct {
	AppID, AdminKey, SearchKey string
	// SearchKeys are the application's other search-only keys, as
	// Algolia's dashboard creates them (the api Lambda's own server key,
	// issue 35); each may be a secured key's parent.
	SearchKeys   []string
	DataDir      string // "" = in memory only
	MaxBodyBytes int64  // 0 = DefaultMaxBodyBytes
	// Now is the engine's clock for keys' validity and rate limits (nil:
	// time.Now).
	Now func() time.Time
}

// DefaultMaxBodyBytes bounds request bodies (after decompression).
const DefaultMaxBodyBytes = 32 << 20

// Engine is the search engine. It is safe for concurrent use.
type Engine struct {
	cfg Config

	mu      sync.RWMutex // guards indices and everything in them
	indices map[string]*index
	taskID  int64
	// keys are the rights of the engine's own keys as PUT /1/keys/{key}
	// last set them (keyrights.go), by key.
	keys map[string]keyRights
	// calls counts each key's API calls per caller for
	// maxQueriesPerIPPerHour (ratelimit.go).
	calls callLog

	persist *persister
}

// index is a primary index or a replica. A replica shares its primary's
// store and has its own settings and ranking.
type index struct {
	name      string
	settings  map[string]any
	primary   string // non-empty for replicas
	virtual   bool
	store     *store
	createdAt time.Time
	updatedAt time.Time
	rank      *rankCache
}

// New returns an engine holding the indices persisted in cfg.DataDir.
func New(cfg Config) (*Engine, error) {
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = DefaultMaxBodyBytes
	}
	e := &Engine{cfg: cfg, indices: map[string]*index{}, taskID: time.Now().Unix()}
	if cfg.DataDir != "" {
		p, err := newPersister(cfg.DataDir)
		if err != nil {
			return nil, err
		}
		e.persist = p
		if err := e.load(); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// Handler returns the Algolia REST API, CORS included.
//
// Responses are gzip-compressed when the client accepts it, as Algolia's
// are: a listing's search answer shrinks about eightfold.
func (e *Engine) Handler() http.Handler { return gzhttp.GzipHandler(http.HandlerFunc(e.serveHTTP)) }

// Close flushes every index to DataDir.
func (e *Engine) Close() error {
	if e.persist == nil {
		return nil
	}
	return e.persist.close(e)
}

func (e *Engine) nextTask() int64 {
	e.taskID++
	return e.taskID
}

// lookup returns an index; the caller holds e.mu.
func (e *Engine) lookup(name string) (*index, bool) {
	ix, ok := e.indices[name]
	return ix, ok
}

// ensure returns the named index, creating an empty primary when missing.
// The caller holds e.mu for writing.
func (e *Engine) ensure(name string) (*index, error) {
	if ix, ok := e.indices[name]; ok {
		return ix, nil
	}
	if err := validIndexName(name); err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	ix := &index{name: name, settings: map[string]any{}, createdAt: now, updatedAt: now, rank: &rankCache{}}
	ix.store = newStore(schemaOf(ix.settings))
	e.indices[name] = ix
	return ix, nil
}

func validIndexName(name string) error {
	if name == "" || len(name) > 512 || strings.ContainsAny(name, "/\x00") || name == "*" {
		return badRequest("indexName is not valid")
	}
	return nil
}

// writable returns the primary to write records into.
func (e *Engine) writable(name string) (*index, error) {
	ix, err := e.ensure(name)
	if err != nil {
		return nil, err
	}
	if err := ix.checkWritable(); err != nil {
		return nil, err
	}
	return ix, nil
}

// checkWritable rejects writes to a replica: its records are its primary's.
func (ix *index) checkWritable() error {
	if ix.primary != "" {
		return badRequest("Cannot write to a replica index (%s is a replica of %s)", ix.name, ix.primary)
	}
	return nil
}

func (e *Engine) touched(ix *index) {
	ix.updatedAt = time.Now().UTC()
	if e.persist != nil {
		e.persist.dirty(ix.primaryName())
	}
}

func (ix *index) primaryName() string {
	if ix.primary != "" {
		return ix.primary
	}
	return ix.name
}

func schemaOf(settings map[string]any) schema {
	return newSchema(stringList(settings["searchableAttributes"]), stringList(settings["attributesForFaceting"]))
}

func stringList(v any) []string {
	switch x := v.(type) {
	case []string:
		return x
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// replicaSpec parses a `replicas` entry: "name" or "virtual(name)".
func replicaSpec(s string) (name string, virtual bool) {
	if strings.HasPrefix(s, "virtual(") && strings.HasSuffix(s, ")") {
		return s[len("virtual(") : len(s)-1], true
	}
	return s, false
}

// settingListKeys are settings that must be arrays of strings.
var settingListKeys = []string{
	"searchableAttributes", "attributesForFaceting", "replicas", "customRanking", "ranking",
	"attributesToRetrieve", "attributesToHighlight", "unretrievableAttributes", "attributesToSnippet",
	"numericAttributesForFiltering", "disableTypoToleranceOnAttributes",
}

// setSettings applies a settings PUT; the caller holds e.mu for writing.
func (e *Engine) setSettings(name string, body map[string]any, forward bool) error {
	for _, k := range settingListKeys {
		if v, ok := body[k]; ok && v != nil {
			arr, isArr := v.([]any)
			if !isArr {
				return badRequest("Invalid value for %s: expected an array of strings", k)
			}
			for _, x := range arr {
				if _, ok := x.(string); !ok {
					return badRequest("Invalid value for %s: expected an array of strings", k)
				}
			}
		}
	}
	for _, k := range []string{"hitsPerPage", "maxValuesPerFacet", "paginationLimitedTo", "minWordSizefor1Typo", "minWordSizefor2Typos"} {
		if v, ok := body[k]; ok && v != nil {
			if f, isNum := v.(float64); !isNum || f != float64(int(f)) || f < 0 {
				return badRequest("Invalid value for %s: expected a non-negative integer", k)
			}
		}
	}
	ix, err := e.ensure(name)
	if err != nil {
		return err
	}
	if ix.primary != "" {
		if _, ok := body["replicas"]; ok {
			return badRequest("Replicas cannot have replicas")
		}
	}
	old := schemaOf(ix.settings)
	applySettings(ix.settings, body)
	if ix.primary == "" {
		if ns := schemaOf(ix.settings); !sameSchema(old, ns) {
			ix.store = ix.store.rebuild(ns)
			e.shareStore(ix)
		}
		if _, ok := body["replicas"]; ok {
			if err := e.syncReplicas(ix); err != nil {
				return err
			}
		}
		if forward {
			for _, r := range stringList(ix.settings["replicas"]) {
				rn, _ := replicaSpec(r)
				if rix, ok := e.indices[rn]; ok {
					applySettings(rix.settings, withoutReplicas(body))
					rix.rank.reset()
				}
			}
		}
	}
	ix.rank.reset()
	e.touched(ix)
	return nil
}

// applySettings sets body's settings in dst; a null unsets one.
func applySettings(dst, body map[string]any) {
	for k, v := range body {
		if v == nil {
			delete(dst, k)
		} else {
			dst[k] = v
		}
	}
}

// withoutReplicas copies settings but their replicas, which belong to one
// index only.
func withoutReplicas(settings map[string]any) map[string]any {
	out := make(map[string]any, len(settings))
	for k, v := range settings {
		if k != "replicas" {
			out[k] = v
		}
	}
	return out
}

func sameSchema(a, b schema) bool {
	if len(a.searchable) != len(b.searchable) || len(a.facetAttrs) != len(b.facetAttrs) {
		return false
	}
	for i := range a.searchable {
		if a.searchable[i] != b.searchable[i] {
			return false
		}
	}
	for i := range a.facetAttrs {
		if a.facetAttrs[i] != b.facetAttrs[i] {
			return false
		}
	}
	return true
}

// shareStore points every replica of primary at its store.
func (e *Engine) shareStore(primary *index) {
	for _, ix := range e.indices {
		if ix.primary == primary.name {
			ix.store = primary.store
		}
	}
}

// syncReplicas creates the replicas listed in primary's settings (copying
// its settings, as Algolia does) and detaches the ones no longer listed.
func (e *Engine) syncReplicas(primary *index) error {
	want := map[string]bool{}
	for _, r := range stringList(primary.settings["replicas"]) {
		name, virtual := replicaSpec(r)
		if name == primary.name {
			return badRequest("An index cannot be its own replica")
		}
		want[name] = true
		if rix, ok := e.indices[name]; ok {
			if rix.primary == primary.name {
				continue
			}
			if rix.store.live > 0 || len(stringList(rix.settings["replicas"])) > 0 {
				return badRequest("Index %s already exists and cannot become a replica", name)
			}
		}
		if err := validIndexName(name); err != nil {
			return err
		}
		st := withoutReplicas(primary.settings)
		st["primary"] = primary.name
		now := time.Now().UTC()
		e.indices[name] = &index{name: name, settings: st, primary: primary.name, virtual: virtual,
			store: primary.store, createdAt: now, updatedAt: now, rank: &rankCache{}}
	}
	for name, ix := range e.indices {
		if ix.primary == primary.name && !want[name] {
			// A detached replica becomes an independent index with a copy of the records.
			ix.primary = ""
			delete(ix.settings, "primary")
			ix.store = primary.store.rebuild(schemaOf(ix.settings))
			ix.rank.reset()
		}
	}
	return nil
}

// settingsView is what GET settings answers: Algolia's defaults overlaid
// with what was set.
func (ix *index) settingsView() map[string]any {
	out := map[string]any{
		"minWordSizefor1Typo": 4, "minWordSizefor2Typos": 8, "hitsPerPage": 20, "maxValuesPerFacet": 100,
		"paginationLimitedTo": 1000, "exactOnSingleWordQuery": "attribute", "typoTolerance": true,
		"highlightPreTag": "<em>", "highlightPostTag": "</em>", "ranking": defaultRanking,
		"searchableAttributes": nil, "attributesForFaceting": nil, "customRanking": nil,
		"version": 2,
	}
	for k, v := range ix.settings {
		out[k] = v
	}
	return out
}

var defaultRanking = []string{"typo", "geo", "words", "filters", "proximity", "attribute", "exact", "custom"}

// deleteIndex removes an index; deleting a primary detaches its replicas.
func (e *Engine) deleteIndex(name string) {
	ix, ok := e.indices[name]
	if !ok {
		return
	}
	delete(e.indices, name)
	if ix.primary != "" {
		if p, ok := e.indices[ix.primary]; ok {
			var keep []any
			for _, r := range stringList(p.settings["replicas"]) {
				if rn, _ := replicaSpec(r); rn != name {
					keep = append(keep, r)
				}
			}
			p.settings["replicas"] = keep
			e.touched(p)
		}
	} else {
		for _, r := range e.indices {
			if r.primary == name {
				r.primary = ""
				delete(r.settings, "primary")
				r.store = newStore(schemaOf(r.settings))
				e.touched(r)
			}
		}
	}
	if e.persist != nil {
		e.persist.remove(name)
	}
}

// indexNames returns the names of all indices, sorted.
func (e *Engine) indexNames() []string {
	names := make([]string, 0, len(e.indices))
	for n := range e.indices {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// decodeObject parses a record body into a map, keeping numbers exact.
func decodeObject(raw json.RawMessage) (map[string]any, error) {
	m, err := decodeRecord(raw)
	if err != nil || m == nil {
		return nil, badRequest("Invalid record: expected a JSON object")
	}
	return m, nil
}

func objectIDOf(m map[string]any) (string, error) {
	switch v := m["objectID"].(type) {
	case string:
		if v == "" {
			return "", badRequest("objectID must not be empty")
		}
		return v, nil
	case json.Number:
		return v.String(), nil
	case nil:
		return "", nil
	}
	return "", badRequest("objectID must be a string")
}

// partialUpdate merges attrs into the stored record (creating it when
// create is true), supporting Algolia's built-in operations.
func partialUpdate(st *store, id string, attrs map[string]any, create bool) error {
	var rec map[string]any
	if slot, ok := st.get(id); ok {
		r, err := st.record(slot)
		if err != nil {
			return fmt.Errorf("decode stored record %s: %w", id, err)
		}
		rec = r
	} else if !create {
		return nil
	} else {
		rec = map[string]any{}
	}
	for k, v := range attrs {
		if k == "objectID" {
			continue
		}
		if op, ok := v.(map[string]any); ok {
			if name, ok := op["_operation"].(string); ok {
				if err := applyOperation(rec, k, name, op["value"]); err != nil {
					return err
				}
				continue
			}
		}
		rec[k] = v
	}
	rec["objectID"] = id
	return st.put(id, rec)
}

func applyOperation(rec map[string]any, k, op string, v any) error {
	num := func(x any) float64 {
		if n, ok := x.(json.Number); ok {
			f, _ := n.Float64()
			return f
		}
		return 0
	}
	switch op {
	case "Increment", "Decrement", "IncrementFrom", "IncrementSet":
		d := num(v)
		if op == "Decrement" {
			d = -d
		}
		rec[k] = json.Number(jsonNumberString(num(rec[k]) + d))
	case "Add", "AddUnique", "Remove":
		arr, _ := rec[k].([]any)
		switch op {
		case "Add":
			arr = append(arr, v)
		case "AddUnique":
			found := false
			for _, x := range arr {
				if fmt.Sprint(x) == fmt.Sprint(v) {
					found = true
				}
			}
			if !found {
				arr = append(arr, v)
			}
		case "Remove":
			var keep []any
			for _, x := range arr {
				if fmt.Sprint(x) != fmt.Sprint(v) {
					keep = append(keep, x)
				}
			}
			arr = keep
		}
		rec[k] = arr
	default:
		return badRequest("Unknown _operation %q", op)
	}
	return nil
}

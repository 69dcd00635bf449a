package localsearch

import (
	"encoding/json"
	"net/http"
	"time"
)

// keyRights are an API key's rights as Algolia's GET and PUT /1/keys/{key}
// carry them. The engine keeps what the deploy's step (`forecourt index
// settings`, algolia.Index.Provision) sets on its search keys, so a test can
// compare two engines. It enforces the rate limit (maxQueriesPerIPPerHour,
// ratelimit.go), not the index list (secured keys' own restrictions are
// enforced, keys.go).
type keyRights struct {
	ACL                    []string `json:"acl"`
	Description            string   `json:"description,omitempty"`
	Indexes                []string `json:"indexes,omitempty"`
	MaxHitsPerQuery        int      `json:"maxHitsPerQuery,omitempty"`
	MaxQueriesPerIPPerHour int      `json:"maxQueriesPerIPPerHour,omitempty"`
	QueryParameters        string   `json:"queryParameters,omitempty"`
	Referers               []string `json:"referers,omitempty"`
	Validity               int      `json:"validity,omitempty"`
}

// rightsOf answers a key's rights; ok is false for a key the engine does
// not have. Without a PUT, the admin key may do everything and the search
// key search, as Algolia's default keys.
func (e *Engine) rightsOf(key string) (keyRights, bool) {
	if r, ok := e.keys[key]; ok {
		return r, true
	}
	switch {
	case e.cfg.AdminKey != "" && equal(key, e.cfg.AdminKey):
		return keyRights{ACL: []string{"search", "browse", "addObject", "deleteObject", "deleteIndex", "settings", "editSettings", "listIndexes"}}, true
	}
	for _, k := range e.searchKeys() {
		if equal(key, k) {
			return keyRights{ACL: []string{"search"}}, true
		}
	}
	return keyRights{}, false
}

// getKey answers GET /1/keys/{key} (admin only).
func (e *Engine) getKey(w http.ResponseWriter, acc *access, key string) error {
	if err := needAdmin(acc); err != nil {
		return err
	}
	e.mu.RLock()
	rights, ok := e.rightsOf(key)
	e.mu.RUnlock()
	if !ok {
		return notFound("Key does not exist")
	}
	out := map[string]any{"value": key, "createdAt": time.Now().UnixMilli()}
	b, _ := json.Marshal(rights)
	_ = json.Unmarshal(b, &out)
	out["value"] = key
	writeJSON(w, 200, out)
	return nil
}

// updateKey answers PUT /1/keys/{key} (admin only): the body replaces the
// key's rights, as Algolia's update does.
func (e *Engine) updateKey(w http.ResponseWriter, r *http.Request, acc *access, key string) error {
	if err := needAdmin(acc); err != nil {
		return err
	}
	b, err := e.readBody(w, r)
	if err != nil {
		return err
	}
	var rights keyRights
	if err := json.Unmarshal(b, &rights); err != nil {
		return badRequest("Invalid JSON: %v", err)
	}
	if len(rights.ACL) == 0 {
		return badRequest("acl is required")
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if _, ok := e.rightsOf(key); !ok {
		return notFound("Key does not exist")
	}
	if e.keys == nil {
		e.keys = map[string]keyRights{}
	}
	e.keys[key] = rights
	writeJSON(w, 200, map[string]any{"key": key, "updatedAt": nowString()})
	return nil
}

package localsearch

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// access is what a request's API key allows.
type access struct {
	admin           bool
	filter          *filter        // secured key filters, ANDed with every search
	restrictIndices []string       // secured key index patterns; nil = any
	overrides       params         // secured key search parameters, applied last
	sources         []netip.Prefix // secured key restrictSources; nil = any address
}

var (
	errInvalidKey       = &apiError{status: 403, message: "Invalid Application-ID or API key"}
	errMethodNotAllowed = &apiError{status: 403, message: "Method not allowed with this API key"}
	errIndexNotAllowed  = &apiError{status: 403, message: "Index not allowed with this API key"}
)

// credentials reads the application id and key from headers or, as
// InstantSearch sends them, from the query string.
func credentials(r *http.Request) (appID, key string) {
	appID = r.Header.Get("X-Algolia-Application-Id")
	key = r.Header.Get("X-Algolia-API-Key")
	q := r.URL.Query()
	if appID == "" {
		appID = q.Get("x-algolia-application-id")
	}
	if key == "" {
		key = q.Get("x-algolia-api-key")
	}
	return appID, key
}

func equal(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// authenticate resolves the request's key: the admin key, a search key,
// or a secured key derived from a search key; then it counts the call
// against the key's (or the secured key's parent's) per-IP rate limit.
func (e *Engine) authenticate(r *http.Request, now time.Time) (*access, error) {
	appID, key := credentials(r)
	if appID == "" || key == "" || !equal(appID, e.cfg.AppID) {
		return nil, errInvalidKey
	}
	if e.cfg.AdminKey != "" && equal(key, e.cfg.AdminKey) {
		return &access{admin: true}, nil
	}
	a, parent, err := e.searchAccess(key, now)
	if err != nil {
		return nil, err
	}
	if !a.allowsSource(r.RemoteAddr) {
		return nil, errInvalidKey
	}
	if err := e.throttle(parent, a.caller(r.RemoteAddr), now); err != nil {
		return nil, err
	}
	return a, nil
}

// searchAccess resolves a search key or a secured key derived from one,
// and names that search key (the parent whose rights apply).
func (e *Engine) searchAccess(key string, now time.Time) (*access, string, error) {
	parents := e.searchKeys()
	for _, p := range parents {
		if equal(key, p) {
			return &access{}, p, nil
		}
	}
	for _, p := range parents {
		a, err := verifySecuredKey(p, key, now)
		if err == nil {
			return a, p, nil
		}
	}
	return nil, "", errInvalidKey
}

// searchKeys are the application's search-only keys.
func (e *Engine) searchKeys() []string {
	var out []string
	for _, k := range append([]string{e.cfg.SearchKey}, e.cfg.SearchKeys...) {
		if k != "" {
			out = append(out, k)
		}
	}
	return out
}

// caller is whom a rate limit counts: the secured key's user token when
// it carries one, else the caller's address (Algolia: "per IP address or
// user token").
func (a *access) caller(remoteAddr string) string {
	if tok, ok := a.overrides["userToken"].(string); ok && tok != "" {
		return "user:" + tok
	}
	if ap, err := netip.ParseAddrPort(remoteAddr); err == nil {
		return ap.Addr().Unmap().String()
	}
	return remoteAddr
}

// allowsSource applies restrictSources to the caller's address (the TCP
// peer, as Algolia sees the client: a proxy in front of the engine is the
// source it checks).
func (a *access) allowsSource(remoteAddr string) bool {
	if a.sources == nil {
		return true
	}
	ap, err := netip.ParseAddrPort(remoteAddr)
	if err != nil {
		return false
	}
	ip := ap.Addr().Unmap()
	for _, p := range a.sources {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// parseSources reads restrictSources: an IP address or a CIDR network
// ("192.168.1.0/24"); several may be separated by commas or semicolons.
func parseSources(v string) ([]netip.Prefix, error) {
	out := []netip.Prefix{}
	for _, part := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ';' }) {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if strings.Contains(part, "/") {
			p, err := netip.ParsePrefix(part)
			if err != nil {
				return nil, fmt.Errorf("restrictSources %q: %w", part, err)
			}
			out = append(out, p.Masked())
			continue
		}
		ip, err := netip.ParseAddr(part)
		if err != nil {
			return nil, fmt.Errorf("restrictSources %q: %w", part, err)
		}
		ip = ip.Unmap()
		out = append(out, netip.PrefixFrom(ip, ip.BitLen()))
	}
	if len(out) == 0 {
		return nil, nil // an empty restriction restricts nothing
	}
	return out, nil
}

// verifySecuredKey checks a key made as Algolia's clients make it:
// base64(hex(HMAC-SHA256(parent, restrictions)) + restrictions), where
// restrictions is a URL query string.
func verifySecuredKey(parent, key string, now time.Time) (*access, error) {
	if parent == "" {
		return nil, errInvalidKey
	}
	decoded, err := base64.StdEncoding.DecodeString(key)
	if err != nil || len(decoded) < sha256.Size*2 {
		return nil, errInvalidKey
	}
	sum, restrictions := decoded[:sha256.Size*2], decoded[sha256.Size*2:]
	mac := hmac.New(sha256.New, []byte(parent))
	mac.Write(restrictions)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), sum) {
		return nil, errInvalidKey
	}
	vals, err := url.ParseQuery(string(restrictions))
	if err != nil {
		return nil, errInvalidKey
	}
	a := &access{overrides: params{}}
	for k, vs := range vals {
		v := vs[len(vs)-1]
		switch k {
		case "validUntil":
			ts, err := strconv.ParseInt(v, 10, 64)
			if err != nil || now.Unix() > ts {
				return nil, errInvalidKey
			}
		case "restrictIndices":
			for _, p := range strings.Split(v, ",") {
				if p = strings.TrimSpace(p); p != "" {
					a.restrictIndices = append(a.restrictIndices, p)
				}
			}
			if a.restrictIndices == nil {
				a.restrictIndices = []string{}
			}
		case "filters":
			f, err := parseFilters(v)
			if err != nil {
				return nil, errInvalidKey
			}
			a.filter = f
		case "restrictSources":
			src, err := parseSources(v)
			if err != nil {
				return nil, errInvalidKey
			}
			a.sources = src
		case "userToken":
			// The key's user token replaces any the request sends, so analytics
			// and rate limits attribute its searches to that user.
			a.overrides["userToken"] = v
		case "referers":
			// Referer restrictions belong to stored API keys (not implemented);
			// a secured key carrying one is accepted without checking it.
		default:
			kind, ok := searchParams[k]
			if !ok {
				return nil, errInvalidKey
			}
			tv, err := fromString(k, kind, v)
			if err != nil {
				return nil, errInvalidKey
			}
			a.overrides[k] = tv
		}
	}
	return a, nil
}

// allowsIndex applies restrictIndices (patterns with '*' wildcards).
func (a *access) allowsIndex(name string) bool {
	if a.admin || a.restrictIndices == nil {
		return true
	}
	for _, p := range a.restrictIndices {
		if wildcardMatch(p, name) {
			return true
		}
	}
	return false
}

// wildcardMatch matches name against a pattern where '*' is any run.
func wildcardMatch(pattern, name string) bool {
	parts := strings.Split(pattern, "*")
	if len(parts) == 1 {
		return pattern == name
	}
	if !strings.HasPrefix(name, parts[0]) {
		return false
	}
	name = name[len(parts[0]):]
	for i, p := range parts[1:] {
		last := i == len(parts)-2
		if last {
			return strings.HasSuffix(name, p) && len(name) >= len(p)
		}
		j := strings.Index(name, p)
		if j < 0 {
			return false
		}
		name = name[j+len(p):]
	}
	return true
}

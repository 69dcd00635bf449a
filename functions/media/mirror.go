package media

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/google/renameio/v2"

	"forecourt/functions/contract"
	"forecourt/functions/imaging"
	"forecourt/shared"
)

// PhotosPrefix is where mirrored feed photos live under /media/.
const PhotosPrefix = contract.PhotosPrefix

// PhotoStore keeps mirrored photos by key ("photos/{hash}.{ext}").
type PhotoStore interface {
	Exists(ctx context.Context, key string) (bool, error)
	Put(ctx context.Context, key string, body []byte, contentType string) error
}

// Mirror copies feed photos from a provider's allowed hosts into a
// PhotoStore, named by the SHA-256 of their bytes (feed.PhotoMirror).
type Mirror struct {
	Store  PhotoStore
	Limits FetchLimits // Hosts is ignored: each call brings the provider's
	// allowed is the address rule (publicAddr; tests let loopback in).
	allowed  func(netip.Addr) bool
	mu       sync.Mutex
	fetchers map[string]*Fetcher // by allow-list
}

// extensions names the stored file by its sniffed type.
var extensions = map[string]string{"image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "image/gif": "gif"}

// Mirror returns the /media/ path of the photo at raw, or "" with no error
// when raw is not on one of hosts (it is not this provider's to mirror).
func (m *Mirror) Mirror(ctx context.Context, hosts []string, raw string) (string, error) {
	if len(hosts) == 0 {
		return "", nil
	}
	f := m.fetcher(hosts)
	u, err := url.Parse(raw)
	if err != nil || f.checkURL(u) != nil {
		return "", nil
	}
	body, ct, err := f.Fetch(ctx, raw)
	if err != nil {
		return "", err
	}
	// A photo the resizer refuses (over MaxPixels by its header, or no
	// readable header) is never stored: its every resized form would
	// answer 500 (issue 31). EINVALID tells the feed a retry cannot help.
	if ct == "image/jpeg" || ct == "image/png" {
		if err := imaging.CheckPixels(body); err != nil {
			return "", shared.Errorf(shared.EINVALID, "photo %s: %v", raw, err)
		}
	}
	sum := sha256.Sum256(body)
	key := PhotosPrefix + hex.EncodeToString(sum[:]) + "." + extensions[ct]
	ok, err := m.Store.Exists(ctx, key)
	if err != nil {
		return "", fmt.Errorf("mirror %s: %w", raw, err)
	}
	if !ok {
		if err := m.Store.Put(ctx, key, body, ct); err != nil {
			return "", fmt.Errorf("mirror %s: %w", raw, err)
		}
	}
	return "/media/" + key, nil
}

func (m *Mirror) fetcher(hosts []string) *Fetcher {
	k := strings.Join(hosts, ",")
	m.mu.Lock()
	defer m.mu.Unlock()
	if f, ok := m.fetchers[k]; ok {
		return f
	}
	if m.fetchers == nil {
		m.fetchers = map[string]*Fetcher{}
	}
	l := m.Limits
	l.Hosts = slices.Clone(hosts)
	allowed := m.allowed
	if allowed == nil {
		allowed = publicAddr
	}
	f := newFetcher(l, allowed)
	m.fetchers[k] = f
	return f
}

// DirPhotos keeps mirrored photos as files under Dir (locally
// .data/media) and serves them (a Store for /media/photos/...).
type DirPhotos struct{ Dir string }

func (d DirPhotos) path(key string) (string, error) {
	// One file directly under photos/: nothing can name a file elsewhere.
	rest, ok := strings.CutPrefix(key, PhotosPrefix)
	if !ok || rest == "" || rest == "." || rest == ".." || strings.ContainsAny(rest, `/\`) {
		return "", shared.Errorf(shared.ENOTFOUND, "no media at %q", key)
	}
	return filepath.Join(d.Dir, filepath.FromSlash(key)), nil
}

// Exists implements PhotoStore.
func (d DirPhotos) Exists(_ context.Context, key string) (bool, error) {
	p, err := d.path(key)
	if err != nil {
		return false, err
	}
	_, err = os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// Put implements PhotoStore, through a rename so a reader never sees half.
func (d DirPhotos) Put(_ context.Context, key string, body []byte, _ string) error {
	p, err := d.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	if err := renameio.WriteFile(p, body, 0o644); err != nil {
		return fmt.Errorf("write photo %s: %w", key, err)
	}
	return nil
}

// Media implements Store for photos/...
func (d DirPhotos) Media(_ context.Context, name string, _ url.Values) ([]byte, string, error) {
	p, err := d.path(name)
	if err != nil {
		return nil, "", err
	}
	body, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", shared.Errorf(shared.ENOTFOUND, "no media at %q", name)
	}
	if err != nil {
		return nil, "", fmt.Errorf("read photo %s: %w", name, err)
	}
	for ct, ext := range extensions {
		if strings.HasSuffix(name, "."+ext) {
			return body, ct, nil
		}
	}
	return nil, "", shared.Errorf(shared.ENOTFOUND, "no media at %q", name)
}

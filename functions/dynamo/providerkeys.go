package dynamo

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/guregu/dynamo/v2"

	"forecourt/shared"
)

type providerKeyItem struct {
	KeyHash     string            `dynamo:"key_hash,hash"`
	Provider    string            `dynamo:"provider"`
	Dealerships []string          `dynamo:"dealerships,set"`
	Columns     map[string]string `dynamo:"columns,omitempty"`
	PhotoHosts  []string          `dynamo:"photo_hosts,omitempty"`
	CreatedAt   time.Time         `dynamo:"created_at"`
}

// ProviderKeyStore keeps provider keys, hashed: a raw key is never stored.
type ProviderKeyStore struct {
	table dynamo.Table
	now   func() time.Time
}

// NewProviderKeyStore returns the store over t.ProviderKeys.
func NewProviderKeyStore(db *dynamo.DB, t Tables) *ProviderKeyStore {
	return &ProviderKeyStore{table: db.Table(t.ProviderKeys), now: time.Now}
}

// HashKey is the hex SHA-256 of a raw provider key, the table's key.
func HashKey(rawKey string) string {
	sum := sha256.Sum256([]byte(rawKey))
	return hex.EncodeToString(sum[:])
}

// PutKey stores rawKey (hashed) for the provider, scoped to the dealerships.
func (s *ProviderKeyStore) PutKey(ctx context.Context, rawKey string, p shared.Provider) error {
	if rawKey == "" {
		return shared.FieldError("key", "must not be empty")
	}
	it := providerKeyItem{
		KeyHash:     HashKey(rawKey),
		Provider:    p.Name,
		Dealerships: p.Dealerships,
		Columns:     p.Columns,
		PhotoHosts:  p.PhotoHosts,
		CreatedAt:   s.now().UTC(),
	}
	if err := s.table.Put(it).Run(ctx); err != nil {
		return fmt.Errorf("put provider key for %s: %w", p.Name, err)
	}
	return nil
}

// Lookup returns the provider of rawKey, or an EUNAUTHORIZED error.
func (s *ProviderKeyStore) Lookup(ctx context.Context, rawKey string) (shared.Provider, error) {
	if rawKey == "" {
		return shared.Provider{}, shared.Errorf(shared.EUNAUTHORIZED, "a provider key is required")
	}
	var it providerKeyItem
	err := s.table.Get("key_hash", HashKey(rawKey)).One(ctx, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return shared.Provider{}, shared.Errorf(shared.EUNAUTHORIZED, "unknown provider key")
	}
	if err != nil {
		return shared.Provider{}, fmt.Errorf("look up provider key: %w", err)
	}
	// The item was found by the hash; comparing it again in constant time
	// keeps the check independent of any index behaviour (issue 15).
	if subtle.ConstantTimeCompare([]byte(it.KeyHash), []byte(HashKey(rawKey))) != 1 {
		return shared.Provider{}, shared.Errorf(shared.EUNAUTHORIZED, "unknown provider key")
	}
	return shared.Provider{Name: it.Provider, Dealerships: it.Dealerships, Columns: it.Columns, PhotoHosts: it.PhotoHosts}, nil
}

// KeyIDLength is how many leading hex characters of a key's hash name it
// in `forecourt keys list|revoke|rotate`: enough to be unique, and no help
// in guessing the key (the hash is one-way).
const KeyIDLength = 12

// ProviderKeyInfo describes a stored key without anything that grants access.
type ProviderKeyInfo struct {
	ID          string // KeyIDLength hex characters of the key's hash
	Provider    string
	Dealerships []string
	CreatedAt   time.Time
}

func (it providerKeyItem) info() ProviderKeyInfo {
	return ProviderKeyInfo{ID: it.KeyHash[:min(KeyIDLength, len(it.KeyHash))], Provider: it.Provider,
		Dealerships: it.Dealerships, CreatedAt: it.CreatedAt}
}

// ListKeys returns every stored key, oldest first. The table holds a few
// keys per provider, so a Scan is the right read for an ops command.
func (s *ProviderKeyStore) ListKeys(ctx context.Context) ([]ProviderKeyInfo, error) {
	var items []providerKeyItem
	if err := s.table.Scan().All(ctx, &items); err != nil {
		return nil, fmt.Errorf("list provider keys: %w", err)
	}
	out := make([]ProviderKeyInfo, len(items))
	for i, it := range items {
		out[i] = it.info()
	}
	slices.SortFunc(out, func(a, b ProviderKeyInfo) int { return a.CreatedAt.Compare(b.CreatedAt) })
	return out, nil
}

// find returns the one key whose id (hash prefix) is id: ENOTFOUND for
// none, EINVALID when the id is too short to name one key.
func (s *ProviderKeyStore) find(ctx context.Context, id string) (providerKeyItem, error) {
	if len(id) < 8 {
		return providerKeyItem{}, shared.FieldError("id", "must be at least 8 characters of the key id `keys list` prints")
	}
	var items []providerKeyItem
	if err := s.table.Scan().Filter("begins_with($, ?)", "key_hash", strings.ToLower(id)).All(ctx, &items); err != nil {
		return providerKeyItem{}, fmt.Errorf("find provider key %s: %w", id, err)
	}
	switch len(items) {
	case 0:
		return providerKeyItem{}, shared.Errorf(shared.ENOTFOUND, "no provider key %s", id)
	case 1:
		return items[0], nil
	}
	return providerKeyItem{}, shared.FieldError("id", "names more than one key; give more characters")
}

// RevokeKey deletes the key id names: the next feed with it is 401.
func (s *ProviderKeyStore) RevokeKey(ctx context.Context, id string) (ProviderKeyInfo, error) {
	it, err := s.find(ctx, id)
	if err != nil {
		return ProviderKeyInfo{}, err
	}
	if err := s.table.Delete("key_hash", it.KeyHash).Run(ctx); err != nil {
		return ProviderKeyInfo{}, fmt.Errorf("revoke provider key %s: %w", id, err)
	}
	return it.info(), nil
}

// RotateKey stores newRawKey with the scope of the key id names and, unless
// keepOld, revokes the old one; keeping it lets a provider switch without
// a failed feed, then `keys revoke` ends it.
func (s *ProviderKeyStore) RotateKey(ctx context.Context, id, newRawKey string, keepOld bool) (old, created ProviderKeyInfo, err error) {
	it, err := s.find(ctx, id)
	if err != nil {
		return ProviderKeyInfo{}, ProviderKeyInfo{}, err
	}
	p := shared.Provider{Name: it.Provider, Dealerships: it.Dealerships, Columns: it.Columns, PhotoHosts: it.PhotoHosts}
	if err := s.PutKey(ctx, newRawKey, p); err != nil {
		return ProviderKeyInfo{}, ProviderKeyInfo{}, err
	}
	created = providerKeyItem{KeyHash: HashKey(newRawKey), Provider: it.Provider, Dealerships: it.Dealerships, CreatedAt: s.now().UTC()}.info()
	if !keepOld {
		if err := s.table.Delete("key_hash", it.KeyHash).Run(ctx); err != nil {
			return ProviderKeyInfo{}, created, fmt.Errorf("revoke rotated provider key %s: %w", id, err)
		}
	}
	return it.info(), created, nil
}

// Authorize returns the provider of rawKey if it may feed the dealership:
// EUNAUTHORIZED for an unknown key, EFORBIDDEN outside its scope.
func (s *ProviderKeyStore) Authorize(ctx context.Context, rawKey, dealershipSlug string) (shared.Provider, error) {
	p, err := s.Lookup(ctx, rawKey)
	if err != nil {
		return shared.Provider{}, err
	}
	if !p.MayFeed(dealershipSlug) {
		return shared.Provider{}, shared.Errorf(shared.EFORBIDDEN, "this key may not feed dealership %q", dealershipSlug)
	}
	return p, nil
}

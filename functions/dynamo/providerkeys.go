package dynamo

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"forecourt/shared"
)

type providerKeyItem struct {
	KeyHash     string            `dynamo:"key_hash,hash"`
	Provider    string            `dynamo:"provider"`
	Dealerships []string          `dynamo:"dealerships,set"`
	Columns     map[string]string `dynamo:"columns,omitempty"`
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
	return shared.Provider{Name: it.Provider, Dealerships: it.Dealerships, Columns: it.Columns}, nil
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

package dynamo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"
)

// photoHostsItem is a dealership's photo allow-list as its last feed run
// with unmirrored photos had it: the sweep, which has no provider key,
// retries those photos from these hosts only (issue 14).
type photoHostsItem struct {
	ID        string    `dynamo:"id,hash"`
	Hosts     []string  `dynamo:"hosts"`
	UpdatedAt time.Time `dynamo:"updated_at"`
}

const photoHostsPrefix = "photohosts#"

// SavePhotoHosts keeps hosts as the dealership's photo allow-list; none
// deletes it (a dealership leaving the platform).
func (s *RunStore) SavePhotoHosts(ctx context.Context, dealershipSlug string, hosts []string) error {
	if len(hosts) == 0 {
		if err := s.table.Delete("id", photoHostsPrefix+dealershipSlug).Run(ctx); err != nil {
			return fmt.Errorf("delete photo hosts of %s: %w", dealershipSlug, err)
		}
		return nil
	}
	it := photoHostsItem{ID: photoHostsPrefix + dealershipSlug, Hosts: hosts, UpdatedAt: s.now().UTC()}
	if err := s.table.Put(it).Run(ctx); err != nil {
		return fmt.Errorf("save photo hosts of %s: %w", dealershipSlug, err)
	}
	return nil
}

// PhotoHosts returns the dealership's saved photo allow-list; none when no
// run saved one.
func (s *RunStore) PhotoHosts(ctx context.Context, dealershipSlug string) ([]string, error) {
	var it photoHostsItem
	err := s.table.Get("id", photoHostsPrefix+dealershipSlug).One(ctx, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("photo hosts of %s: %w", dealershipSlug, err)
	}
	return it.Hosts, nil
}

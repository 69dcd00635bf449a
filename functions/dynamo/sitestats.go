package dynamo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/guregu/dynamo/v2"

	"forecourt/shared"
)

// A site's stats are kept in two layers (issue 18, feed bursts): each
// dealership's share, written by the run that holds its lease, and the
// site's total beside its config, which GET /api/site reads. A run reads
// the shares of the site's other dealerships instead of all their cars, so
// its cost does not grow with the group's stock.

const statsPartPrefix = "stats#"

type statsPartItem struct {
	ID       string `dynamo:"id,hash"`
	Stats    string `dynamo:"stats"`
	SiteHash string `dynamo:"site_hash"`
	Token    string `dynamo:"token"`
}

func statsPartID(site, dealership string) string {
	return statsPartPrefix + site + "#" + dealership
}

// SaveDealershipStats stores the dealership's share of the site's stats.
// With fill it only replaces a missing share or one computed under another
// site config: a reader filling in a share must never overwrite what the
// dealership's own run wrote under the current config.
func (s *SiteStore) SaveDealershipStats(ctx context.Context, site, dealership string, share shared.StatsShare, fill bool) error {
	b, err := json.Marshal(share.Stats)
	if err != nil {
		return fmt.Errorf("encode stats of %s on %s: %w", dealership, site, err)
	}
	put := s.parts.Put(statsPartItem{ID: statsPartID(site, dealership), Stats: string(b), SiteHash: share.SiteHash, Token: share.Token})
	if fill {
		put = put.If("attribute_not_exists(id) OR site_hash <> ?", share.SiteHash)
	}
	err = put.Run(ctx)
	if fill && dynamo.IsCondCheckFailed(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("save stats of %s on %s: %w", dealership, site, err)
	}
	return nil
}

// DealershipStats reads, strongly consistent, the stored shares of the
// dealerships on the site; a dealership with none is absent from the map.
func (s *SiteStore) DealershipStats(ctx context.Context, site string, dealerships []string) (map[string]shared.StatsShare, error) {
	out := make(map[string]shared.StatsShare, len(dealerships))
	if len(dealerships) == 0 {
		return out, nil
	}
	keys := make([]dynamo.Keyed, len(dealerships))
	bySlug := make(map[string]string, len(dealerships))
	for i, d := range dealerships {
		id := statsPartID(site, d)
		keys[i], bySlug[id] = dynamo.Keys{id}, d
	}
	var items []statsPartItem
	err := s.parts.Batch("id").Get(keys...).Consistent(true).All(ctx, &items)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return nil, fmt.Errorf("stats shares of %s: %w", site, err)
	}
	for _, it := range items {
		var st shared.SiteStats
		if err := json.Unmarshal([]byte(it.Stats), &st); err != nil {
			return nil, fmt.Errorf("decode %s: %w", it.ID, err)
		}
		out[bySlug[it.ID]] = shared.StatsShare{Stats: st, SiteHash: it.SiteHash, Token: it.Token}
	}
	return out, nil
}

// SiteStatsVersion is the number of times the site's total has been saved
// (0 before the first) and the tokens of the shares it was summed from, by
// dealership, read strongly consistent.
func (s *SiteStore) SiteStatsVersion(ctx context.Context, slug string) (int64, map[string]string, error) {
	var it struct {
		Version int64             `dynamo:"stats_version"`
		Tokens  map[string]string `dynamo:"stats_tokens"`
	}
	err := s.table.Get("slug", slug).Project("stats_version", "stats_tokens").Consistent(true).One(ctx, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return 0, nil, shared.Errorf(shared.ENOTFOUND, "site %q not found", slug)
	}
	if err != nil {
		return 0, nil, fmt.Errorf("stats version of %s: %w", slug, err)
	}
	return it.Version, it.Tokens, nil
}

// SaveSiteStats stores the site's total, summed from the shares whose
// tokens are given, if the total is still at version, and moves it to
// version+1; another writer having saved since is ECONFLICT (the caller
// reads the shares again). Stats never create a site item.
func (s *SiteStore) SaveSiteStats(ctx context.Context, slug string, st shared.SiteStats, tokens map[string]string, version int64) error {
	b, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("encode stats of %s: %w", slug, err)
	}
	up := s.table.Update("slug", slug).Set("stats", string(b)).Set("stats_version", version+1)
	if len(tokens) > 0 {
		up = up.Set("stats_tokens", tokens)
	} else {
		up = up.Remove("stats_tokens")
	}
	err = up.If("attribute_exists('slug') AND (attribute_not_exists('stats_version') OR 'stats_version' = ?)", version).Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		return shared.Errorf(shared.ECONFLICT, "stats of site %q saved by another run since version %d", slug, version)
	}
	if err != nil {
		return fmt.Errorf("save stats of %s: %w", slug, err)
	}
	return nil
}

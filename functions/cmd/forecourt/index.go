package main

import (
	"context"
	"fmt"
	"io"

	"forecourt/functions/algolia"
	"forecourt/functions/platform"
)

// indexSettings applies what the index needs (algolia.Index.Provision: its
// settings, sort replicas and both search keys' restrictions), configured as
// the Lambdas are: ALGOLIA_ADMIN_KEY, ALGOLIA_SEARCH_KEY and
// ALGOLIA_SERVER_SEARCH_KEY (FORECOURT_SEARCH_QUERIES_PER_IP_HOUR the
// browser key's limit) or, in the
// deploy job, their _SECRET_ID variables naming the secrets
// (docs/operations.md "Deploy from GitHub").
func indexSettings(ctx context.Context, stdout io.Writer) error {
	env, err := platform.ResolveEnv(ctx)
	if err != nil {
		return fmt.Errorf("index settings: %w", err)
	}
	cfg := algolia.ConfigFrom(env)
	if cfg.Index == "" {
		return fmt.Errorf("index settings: FORECOURT_INDEX is empty: name the index")
	}
	idx, err := algolia.New(cfg)
	if err != nil {
		return fmt.Errorf("index settings: %w", err)
	}
	if err := idx.Provision(ctx); err != nil {
		return fmt.Errorf("index settings: %w", err)
	}
	fmt.Fprintf(stdout, "applied the settings of index %s and its %d sort replicas\n", cfg.Index, len(idx.SortIndices())-1)
	fmt.Fprintf(stdout, "restricted the browser's search key to search on those indices, %d queries per IP per hour\n", idx.QueriesPerIPPerHour())
	fmt.Fprintln(stdout, "restricted the server's search key to search on those indices, no per-IP limit")
	return nil
}

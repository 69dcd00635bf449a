package main

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"forecourt/functions/algolia"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

// Issue 31 (second pass) "index settings never applied in production":
// `forecourt index settings`, which every deploy runs (deploy.yml), writes
// the index's settings to the engine the environment names: the private
// fields unretrievable, the facets and the sort replicas, each with its
// ranking. Run twice, it changes nothing (a deploy re-runs it).
func TestIndexSettingsCommand(t *testing.T) {
	ctx := context.Background()
	_, cfg := testenv.Engine(t)
	for name, v := range map[string]string{
		"ALGOLIA_APP_ID": cfg.AppID, "ALGOLIA_ADMIN_KEY": cfg.AdminKey, "ALGOLIA_HOST": cfg.Host, "FORECOURT_INDEX": cfg.Index,
		"ALGOLIA_SEARCH_KEY":        cfg.SearchKey, // issue 35: the keys it restricts
		"ALGOLIA_SERVER_SEARCH_KEY": cfg.ServerSearchKey,
		// The browser key's per-IP limit, typed config with a default.
		"FORECOURT_SEARCH_QUERIES_PER_IP_HOUR": "500",
	} {
		t.Setenv(name, v)
	}
	for run_ := range 2 {
		var out, errOut bytes.Buffer
		if err := run(ctx, []string{"index", "settings"}, &out, &errOut); err != nil {
			t.Fatalf("run %d: index settings: %v (%s)", run_, err, errOut.String())
		}
		if !strings.Contains(out.String(), "applied the settings of index "+cfg.Index) {
			t.Errorf("run %d: output %q", run_, out.String())
		}
	}
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Issue 35: the browser's key is limited per IP as configured, the
	// server's own key is not.
	for key, want := range map[string]int32{cfg.SearchKey: 500, cfg.ServerSearchKey: 0} {
		k, err := idx.Client().GetApiKey(idx.Client().NewApiGetApiKeyRequest(key))
		if err != nil {
			t.Fatal(err)
		}
		if k.GetMaxQueriesPerIPPerHour() != want || len(k.Acl) != 1 || k.Acl[0] != "search" {
			t.Errorf("key %s: acl %v, maxQueriesPerIPPerHour %d; want [search], %d", key, k.Acl, k.GetMaxQueriesPerIPPerHour(), want)
		}
	}
	got, err := idx.Client().GetSettings(idx.Client().NewApiGetSettingsRequest(cfg.Index))
	if err != nil {
		t.Fatal(err)
	}
	for _, private := range shared.PrivateCarAttributes {
		if !slices.Contains(got.UnretrievableAttributes, private) {
			t.Errorf("unretrievable %v lacks the private %s", got.UnretrievableAttributes, private)
		}
	}
	if !slices.Contains(got.AttributesForFaceting, "make") || !slices.Contains(got.AttributesForFaceting, "filterOnly(sites)") {
		t.Errorf("facets %v", got.AttributesForFaceting)
	}
	for option, name := range idx.SortIndices() {
		if option == shared.SortRelevance {
			continue
		}
		if !slices.Contains(got.Replicas, name) {
			t.Errorf("replicas %v lack %s (sort %s)", got.Replicas, name, option)
		}
	}
}

// A missing index name is refused with the variable to set, before any
// call to the search service.
func TestIndexSettingsNeedsAnIndex(t *testing.T) {
	t.Setenv("FORECOURT_INDEX", "")
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"index", "settings"}, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "FORECOURT_INDEX") {
		t.Errorf("err = %v, want one naming FORECOURT_INDEX", err)
	}
}

// Issue 35: a per-IP limit that is not a whole number from 1 up stops the
// command with the variable's name, before anything is applied.
func TestIndexSettingsRefusesABadQueryLimit(t *testing.T) {
	_, cfg := testenv.Engine(t)
	for _, v := range []string{"ten", "-5", "1.5"} {
		t.Run(v, func(t *testing.T) {
			for name, val := range map[string]string{
				"ALGOLIA_APP_ID": cfg.AppID, "ALGOLIA_ADMIN_KEY": cfg.AdminKey, "ALGOLIA_HOST": cfg.Host, "FORECOURT_INDEX": cfg.Index,
				"ALGOLIA_SEARCH_KEY": cfg.SearchKey, "ALGOLIA_SERVER_SEARCH_KEY": cfg.ServerSearchKey,
				"FORECOURT_SEARCH_QUERIES_PER_IP_HOUR": v,
			} {
				t.Setenv(name, val)
			}
			var out, errOut bytes.Buffer
			err := run(context.Background(), []string{"index", "settings"}, &out, &errOut)
			if err == nil || !strings.Contains(err.Error(), "FORECOURT_SEARCH_QUERIES_PER_IP_HOUR") {
				t.Errorf("got %v, want an error naming FORECOURT_SEARCH_QUERIES_PER_IP_HOUR", err)
			}
		})
	}
}

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
		"ALGOLIA_SEARCH_KEY": cfg.SearchKey, // issue 35: the key it restricts
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

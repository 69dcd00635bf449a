package algolia

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/algolia/algoliasearch-client-go/v4/algolia/search"
	"github.com/algolia/algoliasearch-client-go/v4/algolia/transport"
)

// SearchAs sends a multi-query search as a browser holding apiKey would (a
// site's secured key: its filters, indices and expiry bind every query) and
// returns the engine's results as they came, one per request. requests are
// the queries as InstantSearch hands them to its client ({indexName,
// params}); they are sent flattened, as the browser's client sends them.
// The client holds apiKey only, never the admin key.
func (ix *Index) SearchAs(ctx context.Context, apiKey string, requests any) ([]json.RawMessage, error) {
	body, err := flatRequests(requests)
	if err != nil {
		return nil, err
	}
	client, err := search.NewClientWithConfig(search.SearchConfiguration{Configuration: transport.Configuration{
		AppID:     ix.cfg.AppID,
		ApiKey:    apiKey,
		Hosts:     ix.hosts,
		Requester: ix.requester,
	}})
	if err != nil {
		return nil, fmt.Errorf("search client: %w", err)
	}
	resp, raw, err := client.CustomPostWithHTTPInfo(client.NewApiCustomPostRequest("1/indexes/*/queries").WithBody(body),
		search.WithContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("search: status %d", resp.StatusCode)
	}
	var out struct {
		Results []json.RawMessage `json:"results"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("search answer: %w", err)
	}
	return out.Results, nil
}

// flatRequests turns [{indexName, params}] into the body {requests:
// [{indexName, ...params}]}.
func flatRequests(requests any) (map[string]any, error) {
	b, err := json.Marshal(requests)
	if err != nil {
		return nil, fmt.Errorf("search requests: %w", err)
	}
	var in []struct {
		IndexName string         `json:"indexName"`
		Params    map[string]any `json:"params"`
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&in); err != nil {
		return nil, fmt.Errorf("search requests: %w", err)
	}
	out := make([]map[string]any, len(in))
	for i, r := range in {
		q := map[string]any{"indexName": r.IndexName}
		for k, v := range r.Params {
			q[k] = v
		}
		out[i] = q
	}
	return map[string]any{"requests": out}, nil
}

// Package platform connects to Forecourt's stores and search index as the
// environment configures them (docs/contracts.md "Environment"), so that the
// Lambda mains and the CLI wire the same parts the same way.
package platform

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	guregu "github.com/guregu/dynamo/v2"

	"forecourt/functions/algolia"
	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/httpapi"
)

// Platform holds the connected clients.
type Platform struct {
	DB          *guregu.DB
	Tables      dynamo.Tables
	Index       *algolia.Index
	IndexConfig algolia.Config
	// Logger receives the ingestion service's logs; nil means slog.Default().
	Logger *slog.Logger
}

// FromEnv connects to DynamoDB and the search index named by the environment.
func FromEnv(ctx context.Context) (*Platform, error) {
	db, err := dynamo.NewClient(ctx)
	if err != nil {
		return nil, fmt.Errorf("dynamodb: %w", err)
	}
	cfg := algolia.ConfigFromEnv()
	idx, err := algolia.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	return &Platform{DB: db, Tables: dynamo.TablesFromEnv(), Index: idx, IndexConfig: cfg}, nil
}

// Cars is the car store.
func (p *Platform) Cars() *dynamo.CarStore { return dynamo.NewCarStore(p.DB, p.Tables) }

// Sites is the site store.
func (p *Platform) Sites() *dynamo.SiteStore { return dynamo.NewSiteStore(p.DB, p.Tables) }

// ProviderKeys is the provider key store.
func (p *Platform) ProviderKeys() *dynamo.ProviderKeyStore {
	return dynamo.NewProviderKeyStore(p.DB, p.Tables)
}

// Feed is the ingestion service over the stores and the index.
func (p *Platform) Feed() *feed.Service {
	return feed.NewService(feed.ServiceConfig{
		Cars:   p.Cars(),
		Runs:   dynamo.NewRunStore(p.DB, p.Tables),
		Sites:  p.Sites(),
		Index:  p.Index,
		Logger: p.Logger,
	})
}

// API is the /api handler. originSecret is the value CloudFront (or the
// dev gateway) sends in X-Forecourt-Origin-Secret; publicSearchURL is the
// search host handed to browsers ("" = Algolia's own hosts).
func (p *Platform) API(originSecret, publicSearchURL string) (http.Handler, error) {
	h, err := httpapi.NewAPIHandler(httpapi.APIConfig{
		Sites: p.Sites(),
		Cars:  p.Cars(),
		Keys:  p.Index,
		Search: httpapi.SearchConfig{
			AppID:       p.IndexConfig.AppID,
			Host:        publicSearchURL,
			Index:       p.Index.Name(),
			SortIndices: p.Index.SortIndices(),
		},
		OriginSecret: originSecret,
	})
	if err != nil {
		return nil, fmt.Errorf("api handler: %w", err)
	}
	return h, nil
}

// Ingest is the /ingest handler over svc; opsKey guards the ops endpoints.
func (p *Platform) Ingest(svc *feed.Service, opsKey string) http.Handler {
	return httpapi.NewIngestHandler(svc, p.ProviderKeys(), opsKey)
}

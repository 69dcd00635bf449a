// Package platform connects to Forecourt's stores and search index as the
// environment configures them (docs/contracts.md "Environment"), so that the
// Lambda mains and the CLI wire the same parts the same way.
package platform

import (
	"context"
	"fmt"

	guregu "github.com/guregu/dynamo/v2"

	"forecourt/functions/algolia"
	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
)

// Platform holds the connected clients.
type Platform struct {
	DB          *guregu.DB
	Tables      dynamo.Tables
	Index       *algolia.Index
	IndexConfig algolia.Config
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
		Cars:  p.Cars(),
		Runs:  dynamo.NewRunStore(p.DB, p.Tables),
		Sites: p.Sites(),
		Index: p.Index,
	})
}

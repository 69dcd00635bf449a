package main

import (
	"fmt"
	"log/slog"
	"net/http"
	"time"

	gdynamo "github.com/guregu/dynamo/v2"

	"forecourt/functions/algolia"
	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/httpapi"
)

// platformConfig is what the handlers need beyond DynamoDB and the index.
type platformConfig struct {
	Secret          string // origin secret between the gateway and /api
	PublicSearchURL string // search host handed to browsers
	AppID           string
	OpsKey          string
	DemoProviderKey string
	Log             *slog.Logger
}

// platform is the API and ingestion handlers and the seeder over one
// DynamoDB and one search index: exactly what runs as Lambdas in AWS.
type platform struct {
	api, ingest http.Handler
	seeder      *seeder
}

func newPlatform(db *gdynamo.DB, tables dynamo.Tables, idx *algolia.Index, cfg platformConfig) (*platform, error) {
	sites := dynamo.NewSiteStore(db, tables)
	cars := dynamo.NewCarStore(db, tables)
	keys := dynamo.NewProviderKeyStore(db, tables)
	api, err := httpapi.NewAPIHandler(httpapi.APIConfig{
		Sites: sites,
		Cars:  cars,
		Keys:  idx,
		Search: httpapi.SearchConfig{
			AppID:       cfg.AppID,
			Host:        cfg.PublicSearchURL,
			Index:       idx.Name(),
			SortIndices: idx.SortIndices(),
		},
		OriginSecret: cfg.Secret,
	})
	if err != nil {
		return nil, fmt.Errorf("api handler: %w", err)
	}
	svc := feed.NewService(feed.ServiceConfig{
		Cars:   cars,
		Runs:   dynamo.NewRunStore(db, tables),
		Sites:  sites,
		Index:  idx,
		Logger: cfg.Log,
	})
	return &platform{
		api:    api,
		ingest: httpapi.NewIngestHandler(svc, keys, cfg.OpsKey),
		seeder: &seeder{
			sites: sites, cars: cars, keys: keys, index: idx, feed: svc,
			providerKey: cfg.DemoProviderKey,
			now:         time.Now(),
			log:         cfg.Log,
		},
	}, nil
}

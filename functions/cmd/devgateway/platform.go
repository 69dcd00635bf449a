package main

import (
	"log/slog"
	"net/http"
	"time"

	gdynamo "github.com/guregu/dynamo/v2"

	"forecourt/functions/algolia"
	"forecourt/functions/demo"
	"forecourt/functions/dynamo"
	fplatform "forecourt/functions/platform"
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
	p := &fplatform.Platform{DB: db, Tables: tables, Index: idx,
		IndexConfig: algolia.Config{AppID: cfg.AppID}, Logger: cfg.Log}
	api, err := p.API(cfg.Secret, cfg.PublicSearchURL)
	if err != nil {
		return nil, err
	}
	svc := p.Feed()
	return &platform{
		api:    api,
		ingest: p.Ingest(svc, cfg.OpsKey),
		seeder: &seeder{
			sites: p.Sites(), cars: p.Cars(), keys: p.ProviderKeys(), index: idx, feed: svc,
			providerKey: cfg.DemoProviderKey,
			count:       demo.Count,
			now:         time.Now(),
			log:         cfg.Log,
		},
	}, nil
}

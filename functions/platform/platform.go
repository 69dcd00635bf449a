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
	"forecourt/functions/media"
	"forecourt/functions/sitestats"
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
		Stats:  &sitestats.Refresher{Cars: p.Cars(), Sites: p.Sites(), Store: p.Sites()},
		Logger: p.Logger,
	})
}

// Leads is the lead store.
func (p *Platform) Leads() *dynamo.LeadStore { return dynamo.NewLeadStore(p.DB, p.Tables) }

func (p *Platform) leads(captchaKey string) *httpapi.LeadsConfig {
	if captchaKey == "" {
		return nil
	}
	return &httpapi.LeadsConfig{Store: p.Leads(), Cars: p.Cars(), CaptchaKey: []byte(captchaKey)}
}

// HandlerConfig is what the HTTP routes need beyond the stores and index.
type HandlerConfig struct {
	// OriginSecret is the value CloudFront (or the dev gateway) sends in
	// X-Forecourt-Origin-Secret; the /api routes need it.
	OriginSecret string
	// PublicSearchURL is the search host handed to browsers ("" = Algolia's
	// own hosts).
	PublicSearchURL string
	// OpsKey guards the ops endpoints; empty refuses them.
	OpsKey string
	// CaptchaKey signs the lead forms' captcha challenges
	// (FORECOURT_CAPTCHA_KEY); empty leaves the lead routes unconfigured
	// (they answer 500), as the ingest Lambda does not serve them.
	CaptchaKey string
	// Feed is the ingestion service; nil means a new Feed().
	Feed *feed.Service
	// Media is what /media serves; nil means the dealer logos drawn from
	// the sites table, all that production serves there.
	Media httpapi.MediaStore
}

// Handler is the one route table (httpapi.NewHandler) over the platform,
// limited to one Lambda's routes (route.API, route.Ingest) or, for "", all
// of them as the dev gateway serves them.
func (p *Platform) Handler(lambda string, cfg HandlerConfig) (http.Handler, error) {
	svc := cfg.Feed
	if svc == nil {
		svc = p.Feed()
	}
	store := cfg.Media
	if store == nil {
		store = media.NewLogos(p.Sites())
	}
	h, err := httpapi.NewHandler(httpapi.Deps{
		Lambda: lambda,
		API: &httpapi.APIConfig{
			Sites: p.Sites(),
			Cars:  p.Cars(),
			Keys:  p.Index,
			Stats: p.Sites(),
			Search: httpapi.SearchConfig{
				AppID:       p.IndexConfig.AppID,
				Host:        cfg.PublicSearchURL,
				Index:       p.Index.Name(),
				SortIndices: p.Index.SortIndices(),
			},
			OriginSecret: cfg.OriginSecret,
			Leads:        p.leads(cfg.CaptchaKey),
		},
		Ingest: &httpapi.IngestConfig{Feed: svc, Keys: p.ProviderKeys(), OpsKey: cfg.OpsKey},
		Media:  store,
	})
	if err != nil {
		return nil, fmt.Errorf("http handler: %w", err)
	}
	return h, nil
}

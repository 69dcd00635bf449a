// Command api is the /api/* Lambda: the httpapi handler behind API Gateway
// v2 through the api-proxy adapter (DESIGN.md decision 1). Configuration
// comes from the environment (docs/contracts.md "Environment").
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"sync"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"forecourt/functions/demo"
	"forecourt/functions/httpapi"
	"forecourt/functions/platform"
	"forecourt/shared"
)

// defaultPublicSearchURL is the search host handed to browsers locally.
const defaultPublicSearchURL = "http://localhost:7700"

func main() {
	h, err := newHandler(context.Background())
	if err != nil {
		slog.Error("start api", "err", err)
		os.Exit(1)
	}
	lambda.Start(httpadapter.NewV2(h).ProxyWithContext)
}

func newHandler(ctx context.Context) (http.Handler, error) {
	secret := os.Getenv("FORECOURT_ORIGIN_SECRET")
	if secret == "" {
		return nil, fmt.Errorf("FORECOURT_ORIGIN_SECRET is not set")
	}
	p, err := platform.FromEnv(ctx)
	if err != nil {
		return nil, err
	}
	host, ok := os.LookupEnv("FORECOURT_PUBLIC_SEARCH_URL")
	if !ok {
		host = defaultPublicSearchURL
	}
	api, err := p.API(secret, host)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("/api/", api)
	// CloudFront sends /media/* here too (infra: the media behaviour).
	mux.Handle("/media/", &mediaHandler{sites: p.Sites()})
	return mux, nil
}

// mediaHandler serves the demo car images and dealer logos. Logos are drawn
// from the site configs, read on first use and kept for the life of the
// Lambda container; a failed read is retried on the next request.
type mediaHandler struct {
	sites shared.SiteStore
	mu    sync.Mutex
	h     http.Handler
}

func (m *mediaHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	if m.h == nil {
		sites, err := m.sites.ListSites(r.Context())
		if err != nil {
			m.mu.Unlock()
			httpapi.WriteError(w, r, fmt.Errorf("load sites for media: %w", err))
			return
		}
		m.h = demo.MediaHandler(sites)
	}
	h := m.h
	m.mu.Unlock()
	h.ServeHTTP(w, r)
}

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

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"forecourt/functions/algolia"
	"forecourt/functions/dynamo"
	"forecourt/functions/httpapi"
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
	db, err := dynamo.NewClient(ctx)
	if err != nil {
		return nil, fmt.Errorf("dynamodb: %w", err)
	}
	tables := dynamo.TablesFromEnv()
	cfg := algolia.ConfigFromEnv()
	idx, err := algolia.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	host, ok := os.LookupEnv("FORECOURT_PUBLIC_SEARCH_URL")
	if !ok {
		host = defaultPublicSearchURL
	}
	return httpapi.NewAPIHandler(httpapi.APIConfig{
		Sites: dynamo.NewSiteStore(db, tables),
		Cars:  dynamo.NewCarStore(db, tables),
		Keys:  idx,
		Search: httpapi.SearchConfig{
			AppID:       cfg.AppID,
			Host:        host,
			Index:       idx.Name(),
			SortIndices: idx.SortIndices(),
		},
		OriginSecret: secret,
	})
}

// Command ingest is the /ingest/* Lambda: the ingestion handler behind API
// Gateway v2 through the api-proxy adapter (DESIGN.md decision 1).
// Configuration comes from the environment (docs/contracts.md "Environment").
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
	"forecourt/functions/feed"
	"forecourt/functions/httpapi"
)

func main() {
	h, err := newHandler(context.Background())
	if err != nil {
		slog.Error("start ingest", "err", err)
		os.Exit(1)
	}
	lambda.Start(httpadapter.NewV2(h).ProxyWithContext)
}

func newHandler(ctx context.Context) (http.Handler, error) {
	db, err := dynamo.NewClient(ctx)
	if err != nil {
		return nil, fmt.Errorf("dynamodb: %w", err)
	}
	tables := dynamo.TablesFromEnv()
	idx, err := algolia.New(algolia.ConfigFromEnv())
	if err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	svc := feed.NewService(feed.ServiceConfig{
		Cars:  dynamo.NewCarStore(db, tables),
		Runs:  dynamo.NewRunStore(db, tables),
		Sites: dynamo.NewSiteStore(db, tables),
		Index: idx,
	})
	return httpapi.NewIngestHandler(svc, dynamo.NewProviderKeyStore(db, tables), os.Getenv("FORECOURT_OPS_KEY")), nil
}

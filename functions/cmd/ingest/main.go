// Command ingest is the /ingest/* Lambda: its routes of the one route table
// (httpapi.NewHandler) behind API Gateway v2 through the api-proxy adapter
// (DESIGN.md decision 1). Configuration comes from the environment
// (docs/contracts.md "Environment").
package main

import (
	"context"
	"log/slog"
	"net/http"
	"os"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"forecourt/functions/httpapi/route"
	"forecourt/functions/logging"
	"forecourt/functions/platform"
)

func main() {
	// JSON lines with the request id, site and dealership (issue 15).
	logging.Setup(os.Stdout)
	h, err := newHandler(context.Background())
	if err != nil {
		slog.Error("start ingest", "err", err)
		os.Exit(1)
	}
	lambda.Start(httpadapter.NewV2(h).ProxyWithContext)
}

func newHandler(ctx context.Context) (http.Handler, error) {
	// The admin and ops keys by name from Secrets Manager in AWS (issue 15);
	// ingest has no use for the origin secret and is not given it.
	env, err := platform.ResolveEnv(ctx)
	if err != nil {
		return nil, err
	}
	p, err := platform.FromLookup(ctx, env)
	if err != nil {
		return nil, err
	}
	ops, _ := env("FORECOURT_OPS_KEY")
	return p.Handler(route.Ingest, platform.HandlerConfig{OpsKey: ops})
}

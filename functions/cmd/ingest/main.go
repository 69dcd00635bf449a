// Command ingest is the /ingest/* Lambda: its routes of the one route table
// (httpapi.NewHandler) behind API Gateway v2 through the api-proxy adapter
// (DESIGN.md decision 1). Configuration comes from the environment
// (docs/contracts.md "Environment").
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"forecourt/functions/httpapi/route"
	"forecourt/functions/logging"
	"forecourt/functions/platform"
	"forecourt/functions/upload"
)

func main() {
	// JSON lines with the request id, site and dealership (issue 15).
	logging.Setup(os.Stdout)
	ctx := context.Background()
	p, h, err := build(ctx)
	if err != nil {
		slog.Error("start ingest", "err", err)
		os.Exit(1)
	}
	lambda.Start(invoker{http: httpadapter.NewV2(h), uploads: p.Uploads(p.Feed())}.invoke)
}

// invoker serves the two events the function receives: API Gateway's
// requests and the uploads bucket's object-created notifications (a large
// feed's upload, issue 15).
type invoker struct {
	http    *httpadapter.HandlerAdapterV2
	uploads *upload.Service
}

func (i invoker) invoke(ctx context.Context, raw json.RawMessage) (any, error) {
	var probe struct {
		Records []struct {
			EventSource string `json:"eventSource"`
		} `json:"Records"`
	}
	if json.Unmarshal(raw, &probe) == nil && len(probe.Records) > 0 && probe.Records[0].EventSource == "aws:s3" {
		var ev events.S3Event
		if err := json.Unmarshal(raw, &ev); err != nil {
			return nil, fmt.Errorf("s3 event: %w", err)
		}
		return nil, applyUploads(ctx, i.uploads, ev)
	}
	var req events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal(raw, &req); err != nil {
		return nil, fmt.Errorf("api gateway event: %w", err)
	}
	return i.http.ProxyWithContext(ctx, req)
}

// applyUploads applies each uploaded feed; an error hands the event back
// to Lambda's retries (another run of the dealership, busy feed slots).
func applyUploads(ctx context.Context, svc *upload.Service, ev events.S3Event) error {
	if svc == nil {
		return fmt.Errorf("an upload arrived but FORECOURT_UPLOADS_BUCKET is not set")
	}
	for _, rec := range ev.Records {
		rep, err := svc.Apply(ctx, rec.S3.Object.URLDecodedKey)
		if err != nil {
			return err
		}
		slog.InfoContext(ctx, "upload applied", "run", rep.RunID, "dealership", rep.DealershipSlug, "status", rep.Status)
	}
	return nil
}

func newHandler(ctx context.Context) (http.Handler, error) {
	_, h, err := build(ctx)
	return h, err
}

func build(ctx context.Context) (*platform.Platform, http.Handler, error) {
	// The admin and ops keys by name from Secrets Manager in AWS (issue 15);
	// ingest has no use for the origin secret and is not given it.
	env, err := platform.ResolveEnv(ctx)
	if err != nil {
		return nil, nil, err
	}
	p, err := platform.FromLookup(ctx, env)
	if err != nil {
		return nil, nil, err
	}
	ops, _ := env("FORECOURT_OPS_KEY")
	h, err := p.Handler(route.Ingest, platform.HandlerConfig{OpsKey: ops})
	return p, h, err
}

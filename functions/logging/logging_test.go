package logging_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/aws/aws-lambda-go/lambdacontext"

	"forecourt/functions/logging"
)

// Issue 15 "structured JSON logs with request id, site and dealership on
// every line": a line logged with the request's context is one JSON object
// carrying the Lambda request id and the site and dealership the request
// named; a line without them has none.
func TestLinesCarryRequestSiteAndDealership(t *testing.T) {
	lambdaCtx := lambdacontext.NewContext(context.Background(), &lambdacontext.LambdaContext{AwsRequestID: "req-1"})
	for _, tt := range []struct {
		name  string
		ctx   context.Context
		attrs []any
		want  map[string]string
	}{
		{"tenant request", logging.WithDealership(logging.WithSite(lambdaCtx, "northside"), "northside-used"), nil,
			map[string]string{"request_id": "req-1", "site": "northside", "dealership": "northside-used"}},
		{"site only", logging.WithSite(lambdaCtx, "northside"), nil,
			map[string]string{"request_id": "req-1", "site": "northside", "dealership": ""}},
		{"line names its dealership", logging.WithDealership(lambdaCtx, "a"), []any{"dealership", "b"},
			map[string]string{"request_id": "req-1", "dealership": "b"}},
		{"no context", context.Background(), nil, map[string]string{"request_id": "", "site": "", "dealership": ""}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			logging.New(&buf).InfoContext(tt.ctx, "hello", tt.attrs...)
			var line map[string]any
			if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
				t.Fatalf("not one JSON object: %q", buf.String())
			}
			if line["msg"] != "hello" || line["level"] != "INFO" {
				t.Errorf("line %v lacks msg or level", line)
			}
			for k, want := range tt.want {
				got, _ := line[k].(string)
				if got != want {
					t.Errorf("%s = %q, want %q (line %s)", k, got, want, buf.String())
				}
			}
			if bytes.Count(buf.Bytes(), []byte(`"dealership"`)) > 1 {
				t.Errorf("dealership twice: %s", buf.String())
			}
		})
	}
}

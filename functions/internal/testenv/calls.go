package testenv

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsmiddleware "github.com/aws/aws-sdk-go-v2/aws/middleware"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/smithy-go/middleware"
	"github.com/guregu/dynamo/v2"

	"forecourt/functions/awsconf"
	fdynamo "forecourt/functions/dynamo"
)

// Call is one DynamoDB request: its operation (Scan, Query, GetItem...) and
// the table it names ("" for requests over several tables).
type Call struct{ Op, Table string }

// Calls records the DynamoDB requests a client made.
type Calls struct {
	mu    sync.Mutex
	calls []Call
}

// Reset forgets the requests recorded so far.
func (c *Calls) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls = nil
}

// Of returns the recorded requests of the operation.
func (c *Calls) Of(op string) []Call {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.DeleteFunc(slices.Clone(c.calls), func(call Call) bool { return call.Op != op })
}

// RecordingDB returns a client of the test's DynamoDB Local that records
// every request it makes, so a test can assert what a piece of work reads
// (e.g. that a feed run scans no table).
func RecordingDB(t testing.TB) (*dynamo.DB, *Calls) {
	t.Helper()
	calls := &Calls{}
	endpoint := DynamoEndpoint(t)
	cfg, err := awsconf.Load(context.Background(), endpoint, fdynamo.DefaultRegion)
	if err != nil {
		t.Fatalf("connect to DynamoDB: %v", err)
	}
	record := middleware.InitializeMiddlewareFunc("RecordCall", func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
		call := Call{Op: awsmiddleware.GetOperationName(ctx)}
		switch p := in.Parameters.(type) {
		case *dynamodb.ScanInput:
			call.Table = aws.ToString(p.TableName)
		case *dynamodb.QueryInput:
			call.Table = aws.ToString(p.TableName)
		case *dynamodb.GetItemInput:
			call.Table = aws.ToString(p.TableName)
		}
		calls.mu.Lock()
		calls.calls = append(calls.calls, call)
		calls.mu.Unlock()
		return next.HandleInitialize(ctx, in)
	})
	db := dynamo.New(cfg, func(o *dynamodb.Options) {
		o.BaseEndpoint = aws.String(endpoint)
		o.APIOptions = append(o.APIOptions, func(s *middleware.Stack) error {
			return s.Initialize.Add(record, middleware.After)
		})
	})
	return db, calls
}

// Package dynamo holds Forecourt's DynamoDB stores (cars, sites, provider
// keys, feed runs and leases) over guregu/dynamo, and table creation for
// local use. DynamoDB is the source of truth (DESIGN.md decision 2).
package dynamo

import (
	"context"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	"github.com/guregu/dynamo/v2"

	"forecourt/functions/awsconf"
)

// DefaultRegion is used when AWS_REGION is unset (docs/contracts.md).
const DefaultRegion = awsconf.DefaultRegion

// Config says where DynamoDB is. An empty Endpoint means AWS itself, with
// the default credential chain; a set Endpoint (DynamoDB Local) uses static
// dummy credentials.
type Config struct {
	Endpoint string
	Region   string
}

// ConfigFromEnv reads FORECOURT_DYNAMO_ENDPOINT and AWS_REGION.
func ConfigFromEnv() Config {
	region := os.Getenv("AWS_REGION")
	if region == "" {
		region = DefaultRegion
	}
	return Config{Endpoint: os.Getenv("FORECOURT_DYNAMO_ENDPOINT"), Region: region}
}

// Connect returns a DynamoDB client for cfg.
func Connect(ctx context.Context, cfg Config) (*dynamo.DB, error) {
	awsCfg, err := awsConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	clientOpts := []func(*dynamodb.Options){func(o *dynamodb.Options) { o.Retryer = retryer() }}
	if cfg.Endpoint != "" {
		clientOpts = append(clientOpts, func(o *dynamodb.Options) {
			o.BaseEndpoint = aws.String(cfg.Endpoint)
		})
	}
	return dynamo.New(awsCfg, clientOpts...), nil
}

// retryer is the SDK's standard retryer that also retries a transaction
// DynamoDB cancelled for a conflict with another write to one of its items
// (a lead and its contact record: one shopper sending two enquiries at
// once). A cancelled transaction wrote nothing, so running it again is safe.
func retryer() aws.Retryer {
	return retry.NewStandard(dynamo.RetryTxConflicts)
}

// ConnectStreams returns a DynamoDB Streams client for cfg: the dev
// gateway reads DynamoDB Local's lead stream with it (in AWS, Lambda's
// event source mapping does).
func ConnectStreams(ctx context.Context, cfg Config) (*dynamodbstreams.Client, error) {
	awsCfg, err := awsConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return dynamodbstreams.NewFromConfig(awsCfg, func(o *dynamodbstreams.Options) {
		if cfg.Endpoint != "" {
			o.BaseEndpoint = aws.String(cfg.Endpoint)
		}
	}), nil
}

// awsConfig loads the SDK configuration for cfg: static dummy credentials
// when an endpoint (DynamoDB Local) is set.
func awsConfig(ctx context.Context, cfg Config) (aws.Config, error) {
	return awsconf.Load(ctx, cfg.Endpoint, cfg.Region)
}

// NewClient returns a client configured from the environment
// (FORECOURT_DYNAMO_ENDPOINT, AWS_REGION). For mains.
func NewClient(ctx context.Context) (*dynamo.DB, error) {
	return Connect(ctx, ConfigFromEnv())
}

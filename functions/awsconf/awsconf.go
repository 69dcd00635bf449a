// Package awsconf loads the AWS SDK configuration the same way for every
// client (DynamoDB, S3): in AWS the default credential chain; against a
// local stand-in (an endpoint is set) static dummy credentials, which the
// stand-ins accept and which never reach AWS.
package awsconf

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
)

// DefaultRegion is used when no region is given (docs/contracts.md).
const DefaultRegion = "ap-southeast-2"

// Load returns the SDK configuration for region (DefaultRegion when
// empty), with dummy credentials when endpoint is set.
func Load(ctx context.Context, endpoint, region string) (aws.Config, error) {
	if region == "" {
		region = DefaultRegion
	}
	opts := []func(*config.LoadOptions) error{config.WithRegion(region)}
	if endpoint != "" {
		opts = append(opts, config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("local", "local", "")))
	}
	cfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return aws.Config{}, fmt.Errorf("load aws config: %w", err)
	}
	return cfg, nil
}

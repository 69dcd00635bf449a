// Package s3client builds the S3 clients every object store uses (feed
// uploads, stored sitemaps, mirrored photos): S3 itself in AWS, the dev
// gateway's stand-in locally. It is the one place an S3 client is made, so
// the services that keep objects do not build each other's clients.
package s3client

import (
	"context"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"forecourt/functions/awsconf"
)

// ClientConfig says where object storage is: Endpoint empty means S3
// itself with the default credentials; set (the dev gateway's stand-in),
// path-style addressing and dummy credentials.
type ClientConfig struct {
	Endpoint string
	Region   string
}

// ConfigFromEnv reads FORECOURT_S3_ENDPOINT and AWS_REGION.
func ConfigFromEnv() ClientConfig {
	return ClientConfig{Endpoint: os.Getenv("FORECOURT_S3_ENDPOINT"), Region: os.Getenv("AWS_REGION")}
}

// NewClient returns an S3 client for cfg.
func NewClient(ctx context.Context, cfg ClientConfig) (*s3.Client, error) {
	awsCfg, err := awsconf.Load(ctx, cfg.Endpoint, cfg.Region)
	if err != nil {
		return nil, err
	}
	return s3.NewFromConfig(awsCfg, func(o *s3.Options) {
		if cfg.Endpoint != "" {
			o.BaseEndpoint = aws.String(cfg.Endpoint)
			o.UsePathStyle = true
			// The stand-in sends no checksums; S3 does.
			o.DisableLogOutputChecksumValidationSkipped = true
		}
	}), nil
}

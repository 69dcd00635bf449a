// Command authorizer is API Gateway's Lambda REQUEST authorizer of the
// shopper routes (route.Shopper; payload 2.0, simple responses): it
// verifies the bearer token for the site the distribution names
// (functions/authorizer), reading that site's app client from the sites
// table. Configuration: COGNITO_USER_POOL_ID, AWS_REGION, SITES_TABLE
// (docs/contracts.md "Environment").
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/lambda"

	"forecourt/functions/authorizer"
	"forecourt/functions/cognito"
	"forecourt/functions/dynamo"
	"forecourt/functions/logging"
)

func main() {
	logging.Setup(os.Stdout)
	a, err := newAuthorizer(context.Background())
	if err != nil {
		slog.Error("start authorizer", "err", err)
		os.Exit(1)
	}
	lambda.Start(a.Authorize)
}

func newAuthorizer(ctx context.Context) (authorizer.Authorizer, error) {
	pool, ok, err := cognito.PoolFromEnv()
	if err != nil {
		return authorizer.Authorizer{}, fmt.Errorf("shopper user pool: %w", err)
	}
	if !ok {
		return authorizer.Authorizer{}, errors.New("COGNITO_USER_POOL_ID is not set")
	}
	shoppers, err := cognito.NewShoppers(ctx, pool)
	if err != nil {
		return authorizer.Authorizer{}, err
	}
	db, err := dynamo.NewClient(ctx)
	if err != nil {
		return authorizer.Authorizer{}, fmt.Errorf("dynamodb: %w", err)
	}
	return authorizer.Authorizer{Sites: dynamo.NewSiteStore(db, dynamo.TablesFromEnv()), Shoppers: shoppers}, nil
}

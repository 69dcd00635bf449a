// Command deliver is the Lambda on the leads table's stream: it e-mails
// each ready lead to its dealership as ADF XML, exactly once
// (docs/contracts.md "Leads"). Locally the dev gateway runs the same
// delivery.Deliverer over DynamoDB Local's stream (delivery.Poll).
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"

	"forecourt/functions/delivery"
	"forecourt/functions/dynamo"
	"forecourt/functions/logging"
	"forecourt/functions/mail"
	"forecourt/functions/secrets"
	"forecourt/functions/webhook"
)

func main() {
	// JSON lines with the request id, site and dealership (issue 15).
	logging.Setup(os.Stdout)
	d, err := newDeliverer(context.Background())
	if err != nil {
		slog.Error("start deliver", "err", err)
		os.Exit(1)
	}
	lambda.Start(func(ctx context.Context, ev events.DynamoDBEvent) (events.DynamoDBEventResponse, error) {
		return d.HandleStream(ctx, ev)
	})
}

// newDeliverer wires the deliverer from the environment: the leads and
// sites tables, the mail sender (SES, or SMTP when
// FORECOURT_SMTP_ENDPOINT is set) and the dealers' webhook secrets
// (Secrets Manager in AWS).
func newDeliverer(ctx context.Context) (*delivery.Deliverer, error) {
	db, err := dynamo.NewClient(ctx)
	if err != nil {
		return nil, err
	}
	sender, err := mail.FromEnv(ctx)
	if err != nil {
		return nil, err
	}
	secretSource, err := secrets.FromEnv(ctx, os.Getenv)
	if err != nil {
		return nil, err
	}
	tables := dynamo.TablesFromEnv()
	return &delivery.Deliverer{
		Store:    dynamo.NewLeadDeliveryStore(db, tables.Leads),
		Sites:    dynamo.NewSiteStore(db, tables),
		Sender:   sender,
		Webhooks: &webhook.Client{},
		Secrets:  secretSource,
	}, nil
}

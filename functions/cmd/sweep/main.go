// Command sweep is the scheduled Lambda that applies sold retention to the
// search index (spec 001 §9 "Sold cars in search"): a sold car past every
// showing site's retention leaves it, one past some sites' retention is
// re-placed without them, so a dealership whose feeds stop still loses its
// expired cars.
// DynamoDB keeps them. `forecourt sweep` does the same by hand.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/lambda"

	"forecourt/functions/feed"
	"forecourt/functions/platform"
)

func main() {
	sweep, err := newSweep(context.Background())
	if err != nil {
		slog.Error("start sweep", "err", err)
		os.Exit(1)
	}
	lambda.Start(sweep)
}

// newSweep is the Lambda's function, wired from the environment.
func newSweep(ctx context.Context) (func(context.Context) (feed.SweepReport, error), error) {
	p, err := platform.FromEnv(ctx)
	if err != nil {
		return nil, err
	}
	svc := p.Feed()
	return func(ctx context.Context) (feed.SweepReport, error) {
		rep, err := svc.Sweep(ctx)
		if err != nil {
			return rep, err
		}
		slog.InfoContext(ctx, "swept", "dealerships", rep.Dealerships, "removed", rep.Removed, "replaced", rep.Replaced, "busy", rep.Busy)
		return rep, nil
	}, nil
}

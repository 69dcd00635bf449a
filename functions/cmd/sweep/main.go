// Command sweep is the scheduled Lambda that applies sold retention to the
// search index (spec 001 §9 "Sold cars in search"): a sold car past every
// showing site's retention leaves it, one past some sites' retention is
// re-placed without them, so a dealership whose feeds stop still loses its
// expired cars.
// DynamoDB keeps them. It also ends lapsed reservation holds (issue 13):
// the car is reservable again and its search record says so at once.
// `forecourt sweep` does the same by hand.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/lambda"

	"forecourt/functions/feed"
	"forecourt/functions/logging"
	"forecourt/functions/platform"
)

func main() {
	// JSON lines with the request id, site and dealership (issue 15).
	logging.Setup(os.Stdout)
	sweep, err := newSweep(context.Background())
	if err != nil {
		slog.Error("start sweep", "err", err)
		os.Exit(1)
	}
	lambda.Start(sweep)
}

// newSweep is the Lambda's function, wired from the environment.
func newSweep(ctx context.Context) (func(context.Context) (feed.SweepReport, error), error) {
	env, err := platform.ResolveEnv(ctx)
	if err != nil {
		return nil, err
	}
	p, err := platform.FromLookup(ctx, env)
	if err != nil {
		return nil, err
	}
	svc := p.Feed()
	// Ending a hold calls no Stripe API, so the sweep needs no Stripe key.
	holds := p.Reservations(platform.StripeConfig{})
	return func(ctx context.Context) (feed.SweepReport, error) {
		// Holds first, so a car whose hold ended is reservable at once; a
		// failure there must not stop the search sweep, nor hide.
		held, holdErr := holds.Sweep(ctx)
		if holdErr == nil {
			slog.InfoContext(ctx, "reservation holds ended", "released", held.Released, "cancelled", held.Cancelled)
		}
		rep, err := svc.Sweep(ctx)
		// Logged even when some dealerships failed: the others were swept
		// (each failure has its own error line, with its dealership).
		slog.InfoContext(ctx, "swept", "dealerships", rep.Dealerships, "removed", rep.Removed, "replaced", rep.Replaced, "busy", rep.Busy, "failed", len(rep.Failed))
		if err = errors.Join(err, wrap("reservation holds", holdErr)); err != nil {
			return rep, err
		}
		return rep, nil
	}, nil
}

// wrap adds context to err, keeping nil nil.
func wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", what, err)
}

package main

import (
	"context"
	"log/slog"

	"forecourt/functions/cognito"
	fplatform "forecourt/functions/platform"
	"forecourt/shared"
)

// localShoppers makes cognito-local hold the shopper pool with one app
// client per tenant, as the stateful stack does in AWS, and returns its
// token verifier. Without cognito-local the gateway still serves
// everything but sign-in and the watchlist, and says so.
func localShoppers(ctx context.Context, cfg config, tenants []shared.Site, log *slog.Logger) *cognito.Shoppers {
	slugs := make([]string, 0, len(tenants))
	for _, t := range tenants {
		slugs = append(slugs, t.Slug)
	}
	pool, err := cognito.EnsureLocalPool(ctx, cfg.CognitoEndpoint, cfg.Region, cognito.LocalPoolName, slugs)
	if err != nil {
		log.Warn("sign-in and the watchlist are off: cognito-local did not take the shopper pool", "endpoint", cfg.CognitoEndpoint, "err", err)
		return nil
	}
	s, err := fplatform.NewShoppers(ctx, pool)
	if err != nil {
		log.Warn("sign-in and the watchlist are off", "err", err)
		return nil
	}
	log.Info("shopper sign-in on cognito-local: a sign-up's confirmation code is kept in its data folder (node scripts/confirmation-code.mjs <phone>)", "pool", pool.ID, "endpoint", cfg.CognitoEndpoint)
	return s
}

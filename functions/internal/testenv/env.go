package testenv

import (
	"testing"

	"forecourt/functions/algolia"
	fdynamo "forecourt/functions/dynamo"
)

// Setenv points the environment a Lambda main reads (docs/contracts.md
// "Environment") at the test's DynamoDB tables and search engine, for
// wiring tests that build a main's handler from the environment.
func Setenv(t *testing.T, tables fdynamo.Tables, cfg algolia.Config) {
	t.Helper()
	// Every table the Lambdas read, from the one list TablesFromEnv reads
	// (REVIEWS_TABLE was once missing here).
	for env, name := range tables.EnvVars() {
		t.Setenv(env, *name)
	}
	for k, v := range map[string]string{
		"FORECOURT_DYNAMO_ENDPOINT": DynamoEndpoint(t),
		"AWS_REGION":                fdynamo.DefaultRegion,
		"ALGOLIA_APP_ID":            cfg.AppID,
		"ALGOLIA_ADMIN_KEY":         cfg.AdminKey,
		"ALGOLIA_SEARCH_KEY":        cfg.SearchKey,
		"ALGOLIA_SERVER_SEARCH_KEY": cfg.ServerSearchKey,
		"ALGOLIA_HOST":              cfg.Host,
		"FORECOURT_INDEX":           cfg.Index,
	} {
		t.Setenv(k, v)
	}
}

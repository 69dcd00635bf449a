package testenv

import (
	"testing"

	"forecourt/functions/algolia"
	fdynamo "forecourt/functions/dynamo"
)

// A main built from the environment after Setenv reads the test's tables,
// every one of them: REVIEWS_TABLE was missing, so wiring tests read the
// locations' reviews from the default table (issue 12 notes).
func TestSetenvPointsEveryTableAtTheTest(t *testing.T) {
	// An endpoint set: Setenv does not start DynamoDB Local for this.
	t.Setenv("FORECOURT_DYNAMO_ENDPOINT", "http://127.0.0.1:1")
	t.Setenv("FORECOURT_TABLE_PREFIX", "not-the-test-")
	want := fdynamo.TablesWithPrefix("the-test-")
	Setenv(t, want, algolia.Config{})
	if got := fdynamo.TablesFromEnv(); got != want {
		t.Errorf("TablesFromEnv after Setenv = %+v, want %+v", got, want)
	}
}

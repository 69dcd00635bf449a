package algolia_test

import (
	"forecourt/functions/algolia"
	"forecourt/functions/feed"
	"forecourt/functions/httpapi"
)

// The index satisfies the interfaces its callers declare; the callers do
// not import this package, so the check lives here.
var (
	_ feed.Index        = (*algolia.Index)(nil)
	_ httpapi.KeyMinter = (*algolia.Index)(nil)
)

package dynamo_test

import (
	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/httpapi"
)

// The stores satisfy the interfaces their callers declare; the callers do
// not import this package, so the check lives here.
var (
	_ feed.CarStore              = (*dynamo.CarStore)(nil)
	_ feed.RunStore              = (*dynamo.RunStore)(nil)
	_ feed.SiteLister            = (*dynamo.SiteStore)(nil)
	_ httpapi.ProviderAuthorizer = (*dynamo.ProviderKeyStore)(nil)
	_ httpapi.LeadStore          = (*dynamo.LeadStore)(nil)
	_ httpapi.CarFinder          = (*dynamo.CarStore)(nil)
)

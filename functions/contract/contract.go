// Package contract holds the names the Lambdas and the CDK app must agree
// on: object key prefixes the IAM grants and notifications scope, log
// messages the alarms' metric filters match, sites-table keys the tenant
// stacks write and defaults the templates set. It is a leaf (standard
// library only), so the CDK app (infra/) links it instead of the runtime
// packages that use the names, and compiles no handler or SDK client
// (issue 36; functions/internal/layers checks it).
package contract

// Object storage.
const (
	// PhotosPrefix is where mirrored feed photos live in the media bucket
	// and under /media/ (functions/media).
	PhotosPrefix = "photos/"
	// SitemapsPrefix is where the stored sitemap lists are kept in their
	// bucket (functions/sitemaps).
	SitemapsPrefix = "sitemaps/"
	// UploadKeyPrefix is where uploaded feeds are kept; the bucket's
	// notification applies objects created under it (functions/upload).
	UploadKeyPrefix = "feeds/"
	// VehicleFeedsPrefix is where the vehicle feeds are kept in the
	// sitemaps bucket (functions/platform, issue 37).
	VehicleFeedsPrefix = "feeds/"
)

// DefaultFeedSlots is FORECOURT_INGEST_SLOTS's default: enough for a
// thousand dealers' hourly feeds of a few seconds each, few enough that the
// index's write queue and the account's Lambda concurrency keep room for
// shoppers (docs/scaling.md "Feed bursts").
const DefaultFeedSlots = 40

// Log messages the alarms' metric filters match (infra: api.Monitor).
const (
	// MsgDeliveryFailed is the log line of a lead given up on; the
	// runbook (docs/operations.md) starts from it (functions/delivery).
	MsgDeliveryFailed = "lead delivery failed"
	// MsgRunFinished is the log line of every feed run that got to write
	// its cars, with the share of rows it rejected (functions/feed).
	MsgRunFinished = "feed run finished"
	// MsgIndexSyncFailed is the log line of a feed run that ends
	// StatusIndexFailed, in the ingest and uploads functions' logs alike.
	MsgIndexSyncFailed = "index sync failed; DynamoDB kept, next run reindexes"
	// StatusIndexFailed is the status of a feed run whose DynamoDB writes
	// stand and whose index sync failed; the next run or a reindex
	// repairs the index.
	StatusIndexFailed = "index_failed"
)

// Sites-table keys the tenant stack's custom resource writes beside the
// site (functions/dynamo: SiteStore.SaveSite and SitesOf).
const (
	// SitesOfPrefix starts the key of a dealership's lookup item, which
	// names the sites that show its cars.
	SitesOfPrefix = "dealership#"
	// DealershipListKey is the key of the dealerships list.
	DealershipListKey = "list#dealerships"
	// MaxSiteDealerships is how many dealerships one transaction can link
	// beside the site's own write and the dealerships list's: a
	// transaction holds at most 100 actions.
	MaxSiteDealerships = 98
)

// SitesOfKey is the sites-table key of the dealership's lookup item.
func SitesOfKey(dealership string) string { return SitesOfPrefix + dealership }

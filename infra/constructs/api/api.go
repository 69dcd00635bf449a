// Package api provides the HTTP API and the Go Lambdas behind it: /api/*
// and /media/* for shoppers' browsers and /ingest/* for stock providers
// (docs/contracts.md "HTTP API").
package api

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2authorizers"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2integrations"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscertificatemanager"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsevents"
	"github.com/aws/aws-cdk-go/awscdk/v2/awseventstargets"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambdadestinations"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambdaeventsources"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslogs"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3notifications"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssecretsmanager"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssqs"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"forecourt/functions/contract"
	"forecourt/functions/httpapi/route"
)

// Tables are the tables the functions read and write.
type Tables struct {
	Cars, Sites, ProviderKeys, FeedRuns, Leads awsdynamodb.ITable
	// Events receives tracking events (POST /api/events); only the api
	// function writes it.
	Events awsdynamodb.ITable
	// Watchlists holds shoppers' saved cars (issue 12).
	Watchlists awsdynamodb.ITable
	// Reviews holds the reviews providers push (docs/contracts.md "Reviews").
	Reviews awsdynamodb.ITable
	// Reservations holds online reservations and car locks (issue 13).
	Reservations awsdynamodb.ITable
}

// SecretRef names a Secrets Manager secret and, for a JSON secret, its
// field. A function is given the name (<VAR>_SECRET_ID, "name#field") and
// read access; it reads the value at cold start (functions/secrets), so no
// value or {{resolve:}} reference is in its environment (issue 15).
type SecretRef struct{ Name, Field string }

// ID is the variable's value: "name" or "name#field".
func (r SecretRef) ID() string {
	if r.Field == "" {
		return r.Name
	}
	return r.Name + "#" + r.Field
}

// Stripe is the Stripe account reservation deposits are paid through
// (issue 13).
type Stripe struct {
	SecretKey, WebhookSecret SecretRef
}

// Search is how the functions reach the search index.
type Search struct {
	AppID     string
	IndexName string
	// PublicURL is the search host handed to browsers by GET /api/site.
	PublicURL string
	AdminKey  SecretRef
	SearchKey SecretRef
	// APIWriteKey and APISearchKey are the api function's keys, in a secret
	// of their own (issue 31): a key that may only add and delete records
	// of the index, and the search-only key the browser's secured keys
	// derive from. APIServerSearchKey is its own search-only key, without
	// the browser key's per-IP limit, for the searches it makes itself
	// (issue 35).
	APIWriteKey, APISearchKey, APIServerSearchKey SecretRef
}

// Shoppers names the Cognito user pool and its web client, which the api
// function needs to verify shoppers' tokens.
type Shoppers struct {
	UserPoolID, ClientID *string
}

// Props configure the API.
type Props struct {
	// LambdaDir holds one folder per function, each with a `bootstrap`
	// binary built by scripts/build-lambdas.sh.
	LambdaDir string
	Tables    Tables
	Search    Search
	// OriginSecret is the value CloudFront sends in X-Forecourt-Origin-Secret;
	// only the api function checks it.
	OriginSecret SecretRef
	// CaptchaKey signs the lead forms' captcha challenges
	// (FORECOURT_CAPTCHA_KEY of the api function).
	CaptchaKey SecretRef
	// OpsKey guards POST /ingest/v1/reindex (FORECOURT_OPS_KEY of the ingest
	// function).
	OpsKey SecretRef
	// MailFrom is the sender of lead e-mails (FORECOURT_MAIL_FROM of the
	// deliver function): an address at a domain verified in SES, the only
	// identity the function may send as.
	MailFrom string
	Shoppers Shoppers
	// WebhookSecrets name the dealers' CRM webhook signing secrets (the
	// tenants' dealerships[].webhook.secret_name): one Secrets Manager
	// secret each, which only the deliver function may read.
	WebhookSecrets []string
	Stripe         Stripe
	// DomainName is the API's own host name (context forecourt:apiDomainName)
	// with its regional certificate (CertificateARN, in the stacks' region).
	// The distributions reach the API there, and the default execute-api
	// endpoint is disabled, so every request comes through CloudFront with
	// its tenant headers (issue 15). Its DNS record points at the
	// platform stack's ApiRegionalDomainName output.
	DomainName, CertificateARN string

	// uploads is the bucket large feeds are uploaded to; New creates it.
	uploads awss3.IBucket
	// sitemaps keeps the sites' stored sitemap lists (issue 14); New
	// creates it.
	sitemaps awss3.IBucket
	// media keeps the feed photos mirrored at ingest (issue 14); New
	// creates it.
	media awss3.IBucket
}

// grantMedia lets a function read the mirrored photos under
// contract.PhotosPrefix (GetObject, which HEAD needs; ListBucket of that
// prefix, so a missing photo reads as 404, not 403) and, with write, put
// them. No delete: a photo is named by its content and shared across cars.
func grantMedia(p *Props, fn awslambda.IFunction, write bool) {
	actions := []*string{jsii.String("s3:GetObject")}
	if write {
		actions = append(actions, jsii.String("s3:PutObject"))
	}
	fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:   &actions,
		Resources: &[]*string{p.media.ArnForObjects(jsii.String(contract.PhotosPrefix + "*"))},
	}))
	fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:    &[]*string{jsii.String("s3:ListBucket")},
		Resources:  &[]*string{p.media.BucketArn()},
		Conditions: &map[string]any{"StringLike": map[string]any{"s3:prefix": []string{contract.PhotosPrefix + "*"}}},
	}))
}

// grantSitemaps lets a function read the lists under contract.SitemapsPrefix
// (GetObject, which HEAD needs too; ListBucket of that prefix only, so that
// a missing list reads as 404, not 403) and, with write, put them (the
// conditional saves are PutObject too). No delete: a run only rewrites.
func grantSitemaps(p *Props, fn awslambda.IFunction, write bool) {
	actions := []*string{jsii.String("s3:GetObject")}
	if write {
		actions = append(actions, jsii.String("s3:PutObject"))
	}
	fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:   &actions,
		Resources: &[]*string{p.sitemaps.ArnForObjects(jsii.String(contract.SitemapsPrefix + "*"))},
	}))
	fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:    &[]*string{jsii.String("s3:ListBucket")},
		Resources:  &[]*string{p.sitemaps.BucketArn()},
		Conditions: &map[string]any{"StringLike": map[string]any{"s3:prefix": []string{contract.SitemapsPrefix + "*"}}},
	}))
}

// UploadsRetention is how long an uploaded feed is kept (for a provider's
// support question) before the bucket's lifecycle deletes it.
const UploadsRetention = 7

// feedRunEnv is what a function applying feeds (ingest, uploads) is told
// beyond the tables: the platform's feed slots, the reservations a run
// keeps reserved (issue 13) and the uploads bucket (issue 15).
func feedRunEnv(p *Props) map[string]*string {
	return map[string]*string{
		"FORECOURT_INGEST_SLOTS":   jsii.String(strconv.Itoa(IngestSlots)),
		"RESERVATIONS_TABLE":       p.Tables.Reservations.TableName(),
		"FORECOURT_UPLOADS_BUCKET": p.uploads.BucketName(),
		// Issue 14: a run rewrites the sitemap lists of its sites, and
		// mirrors the photos of providers with photo hosts.
		"FORECOURT_SITEMAPS_BUCKET": p.sitemaps.BucketName(),
		"FORECOURT_MEDIA_BUCKET":    p.media.BucketName(),
	}
}

// grantFeedRuns is what applying a feed touches: the cars, the sites read
// and their stock stats updated (issue 18), the run reports, leases and
// stats shares, and the dealership's held cars (the reservations'
// by-dealership index, read only). Only the actions the stores call
// (issue 31; recorded against DynamoDB Local, docs/operations.md): no
// Scan, stream reads or DescribeTable.
func grantFeedRuns(t Tables, fn awslambda.IFunction) {
	grant(t.Cars, fn, "BatchGetItem", "BatchWriteItem", "GetItem", "Query", "UpdateItem")
	grant(t.Sites, fn, "BatchGetItem", "GetItem", "UpdateItem")
	grant(t.FeedRuns, fn, "BatchGetItem", "BatchWriteItem", "DeleteItem", "GetItem", "PutItem", "UpdateItem")
	grant(t.Reservations, fn, "Query")
}

// grant gives fn the DynamoDB actions on the table (and its indexes).
func grant(table awsdynamodb.ITable, fn awslambda.IFunction, actions ...string) {
	full := make([]*string, len(actions))
	for i, a := range actions {
		full[i] = jsii.String("dynamodb:" + a)
	}
	table.Grant(fn, full...)
}

// folder is where scripts/build-lambdas.sh builds the function.
func (f function) folder() string {
	if f.dir != "" {
		return f.dir
	}
	return f.name
}

// API is the HTTP API with its functions.
type API struct {
	constructs.Construct
	HTTPAPI awsapigatewayv2.HttpApi
	// Domain is the API's host name, the tenant distributions' origin.
	Domain *string
	// RegionalDomain is what Domain's DNS record must point at.
	RegionalDomain *string
	Fns            map[string]awslambda.Function
}

// function describes one Lambda: the folder it is built into and what it
// may touch. Its HTTP routes come from the route table (Routes). Adding a
// Lambda means adding a row here and its name to scripts/build-lambdas.sh.
type function struct {
	name string
	// dir is the folder the function is built into when it shares another
	// function's binary (uploads runs the ingest binary); "" means name.
	dir     string
	memory  float64
	timeout float64 // seconds; API Gateway stops waiting at 30
	env     func(p *Props) map[string]*string
	// secrets are the variables the function reads from Secrets Manager,
	// by variable.
	secrets func(p *Props) map[string]SecretRef
	grant   func(t Tables, fn awslambda.IFunction)
	// schedule, when set, invokes the function on a timer instead of (or as
	// well as) through routes.
	schedule awsevents.Schedule
	// attach, when set, adds what else invokes the function or what it may
	// reach beyond the tables (a stream, a mail identity).
	attach func(c constructs.Construct, p *Props, fn awslambda.Function) error
	// reserved, when set, is the function's reserved concurrency: at most
	// this many run at once, and as many are kept for it.
	reserved float64
	// ownEnv, when set, gives the function only the variables env returns,
	// not every table's name and the search settings.
	ownEnv bool
}

// Feed bursts (docs/scaling.md): at most IngestSlots feeds apply at once
// (FORECOURT_INGEST_SLOTS; more are answered 429 with Retry-After); the
// ingest function's reserved concurrency leaves room above that for the
// quick 429 answers, run reports and reindexes, and API Gateway's limit on
// the feed route (FeedBurst) keeps requests below the reserved concurrency,
// so a burst is answered 429 by the gateway or the handler, never by a
// throttled Lambda.
const (
	// UploadConcurrency caps the uploaded feeds applied at once; they take
	// feed slots as posted feeds do.
	UploadConcurrency = 10
	IngestSlots       = contract.DefaultFeedSlots
	IngestConcurrency = IngestSlots + 20
	FeedBurst         = IngestConcurrency - 10
	FeedRate          = 25
	// APIConcurrency is the api function's reserved concurrency: at ~50 ms
	// an answer, 4,000 requests a second, far above the busiest hour's
	// shoppers over every tenant (docs/scaling.md); it is a ceiling as well,
	// which API Gateway's stage limits keep requests below.
	APIConcurrency = 200
	// DeliverConcurrency bounds lead delivery: the leads stream has few
	// shards, and the SMTP/SES send rate is the limit, not the Lambda.
	DeliverConcurrency = 10
	// AuthorizerConcurrency bounds the shopper-token authorizer: a token
	// check takes a few milliseconds and API Gateway caches each decision
	// (AuthorizerCacheTTL), so this serves thousands of new sign-ins a
	// second while a flood of forged tokens cannot take the account's
	// concurrency.
	AuthorizerConcurrency = 50
)

// Authorizer is the Lambda REQUEST authorizer of the shopper routes
// (route.Shopper, issue 12): it verifies the bearer token for the site the
// distribution names, with the api function's own verifier
// (functions/authorizer). Not a JWT authorizer: that takes at most 50
// audiences, and each tenant has its own app client.
const Authorizer = "authorizer"

// AuthorizerCacheTTL is how long API Gateway keeps an authorizer's answer
// for the same Authorization and X-Forecourt-Site (seconds). A token
// expiring within it is still refused by the handler, which verifies
// every request.
const AuthorizerCacheTTL = 300

// AuthorizerIdentity are the authorizer's identity sources: a request
// lacking either is answered 401 by API Gateway without invoking it.
func AuthorizerIdentity() []string {
	return []string{"$request.header.Authorization", "$request.header." + SiteHeader}
}

// SiteHeader names the requesting site; the tenant distributions set it
// (httpapi.HeaderSite) on every origin request.
const SiteHeader = "X-Forecourt-Site"

// functions lists the Lambdas; a function, not a variable, so no caller can
// change the list.
func functions() []function {
	return []function{
		{
			// Also /media/*: the dealer logos, which the distributions cache.
			// Reserved (issue 15): a flood of shoppers cannot starve feeds,
			// the sweep or lead delivery of account concurrency, nor they it.
			name: route.API, memory: 512, timeout: 10, reserved: APIConcurrency,
			env: func(p *Props) map[string]*string {
				return map[string]*string{
					"FORECOURT_PUBLIC_SEARCH_URL": jsii.String(p.Search.PublicURL),
					"COGNITO_USER_POOL_ID":        p.Shoppers.UserPoolID,
					"COGNITO_CLIENT_ID":           p.Shoppers.ClientID,
					"EVENTS_TABLE":                p.Tables.Events.TableName(),
					"WATCHLISTS_TABLE":            p.Tables.Watchlists.TableName(),
					// Issue 13: reservations, paid through Stripe.
					"RESERVATIONS_TABLE": p.Tables.Reservations.TableName(),
					// Issue 14: the sitemaps are served from the stored lists,
					// mirrored feed photos from their bucket.
					"FORECOURT_SITEMAPS_BUCKET": p.sitemaps.BucketName(),
					"FORECOURT_MEDIA_BUCKET":    p.media.BucketName(),
				}
			},
			secrets: func(p *Props) map[string]SecretRef {
				return map[string]SecretRef{
					"ALGOLIA_SEARCH_KEY": p.Search.APISearchKey,
					// Issue 35: the first searches it inlines in pages.
					"ALGOLIA_SERVER_SEARCH_KEY": p.Search.APIServerSearchKey,
					"FORECOURT_CAPTCHA_KEY":     p.CaptchaKey,
					"FORECOURT_ORIGIN_SECRET":   p.OriginSecret,
					"STRIPE_SECRET_KEY":         p.Stripe.SecretKey,
					"STRIPE_WEBHOOK_SECRET":     p.Stripe.WebhookSecret,
					// Marking a paid car reserved rewrites its search record
					// at once, so this function writes to the index too:
					// with a key that may only add and delete records
					// (issue 31), not the admin key.
					"ALGOLIA_WRITE_KEY": p.Search.APIWriteKey,
				}
			},
			grant: func(t Tables, fn awslambda.IFunction) {
				// Issue 31: only the actions its routes' stores make
				// (functions/dynamo). Cars: a car page, compare and similar
				// (GetItem, BatchGetItem, the slug index's Query), a paid
				// reservation's flag (UpdateItem); no scans.
				t.Cars.Grant(fn, jsii.String("dynamodb:GetItem"), jsii.String("dynamodb:BatchGetItem"),
					jsii.String("dynamodb:Query"), jsii.String("dynamodb:UpdateItem"))
				// A site, its pages and stats; the sites of a dealership.
				t.Sites.Grant(fn, jsii.String("dynamodb:GetItem"), jsii.String("dynamodb:BatchGetItem"))
				// Leads, their contact records and captcha replay keys
				// (POST/PATCH /api/leads): no batch writes, deletes or scans.
				t.Leads.Grant(fn, jsii.String("dynamodb:GetItem"), jsii.String("dynamodb:PutItem"),
					jsii.String("dynamodb:UpdateItem"))
				// Tracking events are written, never read back (POST /api/events).
				t.Events.Grant(fn, jsii.String("dynamodb:PutItem"))
				// The watchlist reads a list (Query), saves a car (one
				// UpdateItem keeping the first saved_at) and removes one: no
				// scans, batch writes or table changes.
				t.Watchlists.Grant(fn, jsii.String("dynamodb:Query"),
					jsii.String("dynamodb:UpdateItem"), jsii.String("dynamodb:DeleteItem"))
				// Review summaries (BatchGetItem) and a location's page of
				// reviews (Query of the by-location index), issue 31.
				t.Reviews.Grant(fn, jsii.String("dynamodb:Query"), jsii.String("dynamodb:BatchGetItem"))
				// Reservations: conditional puts, transactions over the
				// reservation and its car lock, the dealership GSI; and the
				// car's reserved flag (UpdateItem only).
				t.Reservations.Grant(fn, jsii.String("dynamodb:GetItem"), jsii.String("dynamodb:PutItem"),
					jsii.String("dynamodb:UpdateItem"), jsii.String("dynamodb:DeleteItem"), jsii.String("dynamodb:Query"),
					jsii.String("dynamodb:ConditionCheckItem"))
			},
			attach: func(_ constructs.Construct, p *Props, fn awslambda.Function) error {
				// The sitemaps read the stored lists, never write them;
				// /media/photos/ likewise.
				grantSitemaps(p, fn, false)
				grantFeeds(p, fn) // issue 37: serves them, rewrites them after a reservation
				grantMedia(p, fn, false)
				return nil
			},
		},
		{
			// Issue 12: checks shopper tokens before the shopper routes reach
			// the api function. It reads a site's app client id, nothing else.
			name: Authorizer, memory: 256, timeout: 5, reserved: AuthorizerConcurrency, ownEnv: true,
			env: func(p *Props) map[string]*string {
				return map[string]*string{
					"COGNITO_USER_POOL_ID": p.Shoppers.UserPoolID,
					"SITES_TABLE":          p.Tables.Sites.TableName(),
				}
			},
			grant: func(t Tables, fn awslambda.IFunction) {
				t.Sites.Grant(fn, jsii.String("dynamodb:GetItem"))
			},
		},
		{
			name: route.Ingest, memory: 1024, timeout: 29, reserved: IngestConcurrency,
			env: feedRunEnv, // and it presigns large feeds' uploads (issue 15)
			attach: func(_ constructs.Construct, p *Props, fn awslambda.Function) error {
				p.uploads.GrantPut(fn, jsii.String(contract.UploadKeyPrefix+"*"))
				grantSitemaps(p, fn, true)
				grantFeeds(p, fn)
				grantMedia(p, fn, true)
				return nil
			},
			secrets: func(p *Props) map[string]SecretRef {
				return map[string]SecretRef{"ALGOLIA_ADMIN_KEY": p.Search.AdminKey, "FORECOURT_OPS_KEY": p.OpsKey}
			},
			grant: func(t Tables, fn awslambda.IFunction) {
				grantFeedRuns(t, fn)
				// POST /ingest/reindex of every dealership builds the
				// dealerships list from the sites when it was never built.
				grant(t.Sites, fn, "Scan")
				grant(t.ProviderKeys, fn, "GetItem")
				// POST /ingest/v1/dealerships/{slug}/reviews.
				// Each chunk of reviews and its locations' summaries is one
				// transaction (PutItem, UpdateItem) after a BatchGetItem of
				// the reviews it replaces (issue 31).
				grant(t.Reviews, fn, "BatchGetItem", "PutItem", "UpdateItem")
			},
		},
		{
			// Issue 15: a feed uploaded to the uploads bucket is applied by
			// the ingest binary from the object-created event, with the time
			// a 50 MB feed needs (API Gateway's 29 s does not bind here).
			// Lambda retries a failed event twice over up to six hours
			// (another run of the dealership, busy feed slots), then hands
			// it to a dead-letter queue; a feed that is not one ends its run
			// failed and is not retried. Memory: twice the peak RSS of the
			// worst feed the limits accept (docs/operations.md, membench).
			name: "uploads", dir: route.Ingest, memory: 1024, timeout: 900, reserved: UploadConcurrency,
			env: feedRunEnv,
			secrets: func(p *Props) map[string]SecretRef {
				return map[string]SecretRef{"ALGOLIA_ADMIN_KEY": p.Search.AdminKey}
			},
			grant: grantFeedRuns,
			attach: func(c constructs.Construct, p *Props, fn awslambda.Function) error {
				p.uploads.GrantRead(fn, jsii.String(contract.UploadKeyPrefix+"*"))
				grantSitemaps(p, fn, true)
				grantFeeds(p, fn)
				grantMedia(p, fn, true)
				p.uploads.AddEventNotification(awss3.EventType_OBJECT_CREATED, awss3notifications.NewLambdaDestination(fn),
					&awss3.NotificationKeyFilter{Prefix: jsii.String(contract.UploadKeyPrefix)})
				dlq := awssqs.NewQueue(c, jsii.String("UploadsFailed"), &awssqs.QueueProps{
					RetentionPeriod: awscdk.Duration_Days(jsii.Number(14)),
					EnforceSSL:      jsii.Bool(true),
				})
				fn.ConfigureAsyncInvoke(&awslambda.EventInvokeConfigOptions{
					RetryAttempts: jsii.Number(2),
					MaxEventAge:   awscdk.Duration_Hours(jsii.Number(6)),
					OnFailure:     awslambdadestinations.NewSqsDestination(dlq),
				})
				return nil
			},
		},
		{
			// Sold cars leave the index once past their site's retention
			// even when a dealership's feeds stop (spec 001 §9).
			// One at a time: an hourly run never overlaps a slow one.
			name: "sweep", memory: 512, timeout: 300, reserved: 1,
			schedule: awsevents.Schedule_Rate(awscdk.Duration_Hours(jsii.Number(1))),
			env: func(p *Props) map[string]*string {
				// Issue 13: it also ends lapsed reservation holds; issue 14:
				// it rewrites or fills in the sitemap lists, and mirrors the
				// photos feed runs left pending.
				return map[string]*string{"RESERVATIONS_TABLE": p.Tables.Reservations.TableName(),
					"FORECOURT_SITEMAPS_BUCKET": p.sitemaps.BucketName(),
					"FORECOURT_MEDIA_BUCKET":    p.media.BucketName()}
			},
			attach: func(_ constructs.Construct, p *Props, fn awslambda.Function) error {
				grantSitemaps(p, fn, true)
				grantFeeds(p, fn)
				grantMedia(p, fn, true)
				return nil
			},
			secrets: func(p *Props) map[string]SecretRef {
				return map[string]SecretRef{"ALGOLIA_ADMIN_KEY": p.Search.AdminKey}
			},
			grant: func(t Tables, fn awslambda.IFunction) {
				grantFeedRuns(t, fn) // site stats after a sweep, sold cars, leases
				// The sweep of every dealership builds the dealerships list
				// from the sites when it was never built.
				grant(t.Sites, fn, "Scan")
				// Lapsed and paid holds end: the holding indexes read, the
				// reservation moved (issue 13).
				grant(t.Reservations, fn, "DeleteItem", "GetItem", "PutItem", "UpdateItem")
			},
		},
		{
			// Each ready lead to its dealership as ADF e-mail, exactly once
			// (docs/contracts.md "Lead delivery"), from the leads table's
			// stream. The timeout leaves HandleStream time to wait out a
			// short retry before handing the record back to Lambda.
			// Memory: the smallest Lambda has over 3x its measured peak, and
			// nobody waits on its CPU (docs/operations.md, membench).
			name: "deliver", memory: 128, timeout: 60, reserved: DeliverConcurrency,
			env: func(p *Props) map[string]*string {
				return map[string]*string{"FORECOURT_MAIL_FROM": jsii.String(p.MailFrom)}
			},
			grant: func(t Tables, fn awslambda.IFunction) {
				// Reads a lead and updates its delivery fields; it never
				// creates or deletes one (the stream read is attachDelivery's).
				t.Leads.Grant(fn, jsii.String("dynamodb:GetItem"), jsii.String("dynamodb:UpdateItem"))
				t.Sites.GrantReadData(fn)
			},
			attach: attachDelivery,
		},
	}
}

// attachDelivery feeds the deliver function from the leads table's stream
// (a failing record is split off and retried, then parked on a dead-letter
// queue; records the function reports as failed are retried alone) and lets
// it send mail as the sender's domain only.
func attachDelivery(c constructs.Construct, p *Props, fn awslambda.Function) error {
	if err := attachWebhookSecrets(c, p, fn); err != nil {
		return err
	}
	_, domain, ok := strings.Cut(p.MailFrom, "@")
	domain = strings.TrimSuffix(strings.TrimSpace(domain), ">")
	if !ok || domain == "" || strings.ContainsAny(domain, " <>@") {
		return fmt.Errorf("api: the lead sender %q is not an address (context forecourt:mailFrom)", p.MailFrom)
	}
	dlq := awssqs.NewQueue(c, jsii.String("DeliverDeadLetters"), &awssqs.QueueProps{
		Encryption:      awssqs.QueueEncryption_SQS_MANAGED,
		RetentionPeriod: awscdk.Duration_Days(jsii.Number(14)),
		// Parked records name leads: never in the clear (cdk-nag SQS4).
		EnforceSSL: jsii.Bool(true),
	})
	fn.AddEventSource(awslambdaeventsources.NewDynamoEventSource(p.Tables.Leads, &awslambdaeventsources.DynamoEventSourceProps{
		StartingPosition:        awslambda.StartingPosition_TRIM_HORIZON,
		BatchSize:               jsii.Number(10),
		BisectBatchOnError:      jsii.Bool(true),
		ReportBatchItemFailures: jsii.Bool(true),
		RetryAttempts:           jsii.Number(10),
		OnFailure:               awslambdaeventsources.NewSqsDlq(dlq),
	}))
	identity := awscdk.Stack_Of(c).FormatArn(&awscdk.ArnComponents{
		Service: jsii.String("ses"), Resource: jsii.String("identity"), ResourceName: jsii.String(domain),
	})
	fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:   jsii.Strings("ses:SendEmail", "ses:SendRawEmail"),
		Resources: jsii.Strings(*identity),
	}))
	return nil
}

// attachWebhookSecrets creates one secret per webhook secret name (a
// generated value that ops share with the dealer's CRM, or replace with
// the CRM's own with put-secret-value), retained when the stack goes, and
// lets the deliver function read exactly those (docs/contracts.md "Lead
// webhook").
func attachWebhookSecrets(c constructs.Construct, p *Props, fn awslambda.Function) error {
	seen := map[string]bool{}
	for _, name := range p.WebhookSecrets {
		if name == "" || seen[name] {
			continue
		}
		seen[name] = true
		secret := awssecretsmanager.NewSecret(c, jsii.String("WebhookSecret-"+name), &awssecretsmanager.SecretProps{
			SecretName:  jsii.String(name),
			Description: jsii.String("Signs lead webhooks (X-Forecourt-Signature) for a dealer's CRM"),
			GenerateSecretString: &awssecretsmanager.SecretStringGenerator{
				PasswordLength:     jsii.Number(48),
				ExcludePunctuation: jsii.Bool(true),
			},
			RemovalPolicy: awscdk.RemovalPolicy_RETAIN,
		})
		secret.GrantRead(fn, nil)
	}
	return nil
}

// SecretIDSuffix ends the variable naming a secret (functions/secrets.IDSuffix).
const SecretIDSuffix = "_SECRET_ID"

// grantSecrets lets fn read the secrets it is given by name, each imported
// once in c.
func grantSecrets(c constructs.Construct, imported map[string]awssecretsmanager.ISecret, refs map[string]SecretRef, fn awslambda.IFunction) {
	for _, ref := range refs {
		sec, ok := imported[ref.Name]
		if !ok {
			sec = awssecretsmanager.Secret_FromSecretNameV2(c, jsii.String("Secret-"+ref.Name), jsii.String(ref.Name))
			imported[ref.Name] = sec
		}
		sec.GrantRead(fn, nil)
	}
}

// Names are the Lambdas' names, the folders scripts/build-lambdas.sh
// builds them into (a test keeps its LAMBDAS list equal to this).
func Names() []string {
	var names []string
	for _, f := range functions() {
		if f.dir == "" { // a function sharing a binary has no folder of its own
			names = append(names, f.name)
		}
	}
	return names
}

// New creates the functions and the HTTP API routing to them. It fails when
// a function's binary has not been built.
func New(scope constructs.Construct, id string, p *Props) (*API, error) {
	for _, f := range functions() {
		bootstrap := filepath.Join(p.LambdaDir, f.folder(), "bootstrap")
		if _, err := os.Stat(bootstrap); err != nil {
			return nil, fmt.Errorf("lambda %s: %w (run scripts/build-lambdas.sh)", f.name, err)
		}
	}
	if p.DomainName == "" || p.CertificateARN == "" {
		return nil, fmt.Errorf("api: the API's domain name and its regional certificate are required (context forecourt:apiDomainName and forecourt:apiCertificateArn): the execute-api endpoint is disabled")
	}
	c := constructs.NewConstruct(scope, jsii.String(id))
	domain := awsapigatewayv2.NewDomainName(c, jsii.String("DomainName"), &awsapigatewayv2.DomainNameProps{
		DomainName:  jsii.String(p.DomainName),
		Certificate: awscertificatemanager.Certificate_FromCertificateArn(c, jsii.String("Certificate"), jsii.String(p.CertificateARN)),
	})
	// Feeds over API Gateway's 10 MB are PUT here (issue 15); private,
	// encrypted, TLS only, and kept a week.
	withUploads := *p
	withUploads.uploads = awss3.NewBucket(c, jsii.String("Uploads"), &awss3.BucketProps{
		BlockPublicAccess: awss3.BlockPublicAccess_BLOCK_ALL(),
		Encryption:        awss3.BucketEncryption_S3_MANAGED,
		EnforceSSL:        jsii.Bool(true),
		LifecycleRules: &[]*awss3.LifecycleRule{{
			Expiration: awscdk.Duration_Days(jsii.Number(UploadsRetention)),
		}},
	})
	// The stored sitemap lists (issue 14): derived data, rebuilt by any
	// run or `forecourt reindex`, so not versioned; private, encrypted, TLS
	// only.
	withUploads.sitemaps = awss3.NewBucket(c, jsii.String("Sitemaps"), &awss3.BucketProps{
		BlockPublicAccess: awss3.BlockPublicAccess_BLOCK_ALL(),
		Encryption:        awss3.BucketEncryption_S3_MANAGED,
		EnforceSSL:        jsii.Bool(true),
	})
	// Feed photos mirrored at ingest (issue 14): served through the api
	// at /media/photos/, so private like the others; not versioned (a
	// photo's name is its content).
	withUploads.media = awss3.NewBucket(c, jsii.String("Media"), &awss3.BucketProps{
		BlockPublicAccess: awss3.BlockPublicAccess_BLOCK_ALL(),
		Encryption:        awss3.BucketEncryption_S3_MANAGED,
		EnforceSSL:        jsii.Bool(true),
	})
	p = &withUploads
	httpAPI := awsapigatewayv2.NewHttpApi(c, jsii.String("HttpApi"), &awsapigatewayv2.HttpApiProps{
		Description:               jsii.String("Forecourt /api and /ingest, reached through the tenant distributions"),
		DefaultDomainMapping:      &awsapigatewayv2.DomainMappingOptions{DomainName: domain},
		DisableExecuteApiEndpoint: jsii.Bool(true),
	})
	a := &API{
		Construct:      c,
		HTTPAPI:        httpAPI,
		Domain:         jsii.String(p.DomainName),
		RegionalDomain: domain.RegionalDomainName(),
		Fns:            map[string]awslambda.Function{},
	}
	var throttledRoutes []awsapigatewayv2.HttpRoute
	imported := map[string]awssecretsmanager.ISecret{}
	for _, f := range functions() {
		fn := newFunction(c, f, p)
		f.grant(p.Tables, fn)
		if f.secrets != nil {
			grantSecrets(c, imported, f.secrets(p), fn)
		}
		a.Fns[f.name] = fn
	}
	identity := AuthorizerIdentity()
	shopperAuth := awsapigatewayv2authorizers.NewHttpLambdaAuthorizer(jsii.String("ShopperAuthorizer"), a.Fns[Authorizer],
		&awsapigatewayv2authorizers.HttpLambdaAuthorizerProps{
			AuthorizerName:  jsii.String("shopper-token"),
			IdentitySource:  jsii.Strings(identity...),
			ResponseTypes:   &[]awsapigatewayv2authorizers.HttpLambdaResponseType{awsapigatewayv2authorizers.HttpLambdaResponseType_SIMPLE},
			ResultsCacheTtl: awscdk.Duration_Seconds(jsii.Number(AuthorizerCacheTTL)),
		})
	shopperRoutes := ShopperRoutes()
	for _, f := range functions() {
		fn := a.Fns[f.name]
		integration := awsapigatewayv2integrations.NewHttpLambdaIntegration(
			jsii.String(f.name+"Integration"), fn,
			&awsapigatewayv2integrations.HttpLambdaIntegrationProps{
				PayloadFormatVersion: awsapigatewayv2.PayloadFormatVersion_VERSION_2_0(),
			})
		for _, r := range Routes(f.name) {
			opts := &awsapigatewayv2.AddRoutesOptions{
				Path:        jsii.String(r.Path),
				Methods:     &[]awsapigatewayv2.HttpMethod{awsapigatewayv2.HttpMethod(r.Method)},
				Integration: integration,
			}
			if shopperRoutes[r.Key()] {
				opts.Authorizer = shopperAuth
			}
			added := httpAPI.AddRoutes(opts)
			if _, ok := Throttled()[r.Key()]; ok {
				throttledRoutes = append(throttledRoutes, *added...)
			}
		}
		if f.attach != nil {
			if err := f.attach(c, p, fn); err != nil {
				return nil, err
			}
		}
		if f.schedule != nil {
			awsevents.NewRule(c, jsii.String("Fn"+f.name+"Schedule"), &awsevents.RuleProps{
				Schedule: f.schedule,
				Targets:  &[]awsevents.IRuleTarget{awseventstargets.NewLambdaFunction(fn, nil)},
			})
		}
	}
	if err := throttle(httpAPI, throttledRoutes); err != nil {
		return nil, err
	}
	return a, nil
}

// Throttling is one route's API Gateway limit (requests per second, burst).
type Throttling struct{ Rate, Burst float64 }

// StageRate and StageBurst limit every route Throttled does not name, for
// all callers together (issue 15).
const (
	StageRate  = 1000
	StageBurst = 500
)

// Throttled returns the routes API Gateway limits, by route key, for every
// caller together, so a flood of lead submits cannot run up the DynamoDB
// bill or the dealers' inboxes (issue 9). The limits sit well above the
// busiest tenant's expected rate of leads.
func Throttled() map[string]Throttling {
	return map[string]Throttling{
		"POST /api/leads":            {Rate: 50, Burst: 100},
		"PATCH /api/leads/{lead_id}": {Rate: 50, Burst: 100},
		// Every page view of every tenant may send a few.
		"POST /api/events": {Rate: 200, Burst: 400},
		// A registration provider bills per lookup.
		"POST /api/leads/rego-lookup": {Rate: 20, Burst: 40},
		// Issue 15: each one opens a Stripe checkout session and holds a car.
		"POST /api/reservations": {Rate: 20, Burst: 40},

		// Every dealer's feed on the hour: see IngestConcurrency.
		"POST /ingest/v1/dealerships/{slug}/feed": {Rate: FeedRate, Burst: FeedBurst},
		// Each stores a run and presigns a PUT of up to 50 MB; a provider
		// needs one an hour per dealership.
		"POST /ingest/v1/dealerships/{slug}/uploads": {Rate: 5, Burst: 10},
	}
}

// throttle sets the route limits on the default stage, which must come
// after the routes: a stage naming a route key that does not exist yet
// fails to deploy.
func throttle(httpAPI awsapigatewayv2.HttpApi, routes []awsapigatewayv2.HttpRoute) error {
	stage, ok := httpAPI.DefaultStage().Node().DefaultChild().(awsapigatewayv2.CfnStage)
	if !ok {
		return fmt.Errorf("api: the HTTP API's default stage is not a CfnStage")
	}
	settings := map[string]any{}
	for key, t := range Throttled() {
		settings[key] = map[string]any{"ThrottlingRateLimit": t.Rate, "ThrottlingBurstLimit": t.Burst}
	}
	stage.AddPropertyOverride(jsii.String("RouteSettings"), settings)
	// Issue 15: every other route too, below what the api function's
	// reserved concurrency serves, so a flood is answered 429 by API Gateway.
	stage.AddPropertyOverride(jsii.String("DefaultRouteSettings"), map[string]any{
		"ThrottlingRateLimit": StageRate, "ThrottlingBurstLimit": StageBurst})
	for _, r := range routes {
		stage.Node().AddDependency(r)
	}
	return nil
}

// GatewayRoute is one API Gateway route.
type GatewayRoute struct {
	// Method is an HTTP method or ANY.
	Method string
	Path   string
}

// Key is the route's key as API Gateway writes it, "GET /api/site".
func (r GatewayRoute) Key() string { return r.Method + " " + r.Path }

// Routes are the API Gateway routes to the Lambda, from the one route table
// the handlers mount (forecourt/functions/httpapi/route): one per route,
// and a catch-all per prefix the Lambda answers, so that an unknown path
// still reaches the handler's JSON 404 or 405 instead of API Gateway's own
// error.
func Routes(lambda string) []GatewayRoute {
	var rs []GatewayRoute
	for _, r := range route.Routes() {
		if r.Lambda == lambda {
			for _, path := range r.GatewayPaths() {
				rs = append(rs, GatewayRoute{r.Method, path})
			}
		}
	}
	for _, p := range route.Prefixes() {
		if p.Lambda == lambda {
			rs = append(rs, GatewayRoute{"ANY", p.GatewayPath()})
		}
	}
	return rs
}

// ShopperRoutes are the API Gateway route keys of the routes marked
// route.Shopper: the shopper-token authorizer (Authorizer) runs before
// each, and the handler verifies the token again.
func ShopperRoutes() map[string]bool {
	keys := map[string]bool{}
	for _, r := range route.Routes() {
		if r.Auth() == route.Shopper {
			keys[GatewayRoute{r.Method, r.GatewayPath()}.Key()] = true
		}
	}
	return keys
}

func newFunction(scope constructs.Construct, f function, p *Props) awslambda.Function {
	env := map[string]*string{}
	if !f.ownEnv {
		env = commonEnv(p)
	}
	for k, v := range f.env(p) {
		env[k] = v
	}
	if f.secrets != nil {
		for k, ref := range f.secrets(p) {
			env[k+SecretIDSuffix] = jsii.String(ref.ID())
		}
	}
	id := "Fn" + f.name
	logs := awslogs.NewLogGroup(scope, jsii.String(id+"Logs"), &awslogs.LogGroupProps{
		Retention:     awslogs.RetentionDays_ONE_MONTH,
		RemovalPolicy: awscdk.RemovalPolicy_DESTROY,
	})
	var reserved *float64
	if f.reserved > 0 {
		reserved = jsii.Number(f.reserved)
	}
	return awslambda.NewFunction(scope, jsii.String(id), &awslambda.FunctionProps{
		ReservedConcurrentExecutions: reserved,
		Runtime:                      awslambda.Runtime_PROVIDED_AL2023(),
		Architecture:                 awslambda.Architecture_ARM_64(),
		Handler:                      jsii.String("bootstrap"),
		Code:                         awslambda.Code_FromAsset(jsii.String(filepath.Join(p.LambdaDir, f.folder())), nil),
		MemorySize:                   jsii.Number(f.memory),
		Timeout:                      awscdk.Duration_Seconds(jsii.Number(f.timeout)),
		Environment:                  &env,
		LogGroup:                     logs,
		Description:                  jsii.String("Forecourt " + f.name),
	})
}

// commonEnv is what most functions are told: every table's name and how to
// reach the search index.
func commonEnv(p *Props) map[string]*string {
	return map[string]*string{
		"CARS_TABLE":          p.Tables.Cars.TableName(),
		"SITES_TABLE":         p.Tables.Sites.TableName(),
		"PROVIDER_KEYS_TABLE": p.Tables.ProviderKeys.TableName(),
		"FEED_RUNS_TABLE":     p.Tables.FeedRuns.TableName(),
		"LEADS_TABLE":         p.Tables.Leads.TableName(),
		"REVIEWS_TABLE":       p.Tables.Reviews.TableName(),
		"ALGOLIA_APP_ID":      jsii.String(p.Search.AppID),
		// Set and empty: the client uses Algolia's own hosts. Left unset,
		// algolia.ConfigFromEnv would take the local engine's address.
		"ALGOLIA_HOST":    jsii.String(""),
		"FORECOURT_INDEX": jsii.String(p.Search.IndexName),
	}
}

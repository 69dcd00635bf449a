package main

import (
	"forecourt/functions/upload"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"log/slog"
	"net/http"
	"os"
	"time"

	gdynamo "github.com/guregu/dynamo/v2"

	"forecourt/functions/algolia"
	"forecourt/functions/cognito"
	"forecourt/functions/demo"
	"forecourt/functions/dynamo"
	"forecourt/functions/media"
	fplatform "forecourt/functions/platform"
	"forecourt/functions/rego"
	"forecourt/functions/seo"
	"forecourt/functions/sitemaps"
	"forecourt/functions/syndication/publish"
	"forecourt/shared"
)

// platformConfig is what the handlers need beyond DynamoDB and the index.
type platformConfig struct {
	Secret          string // origin secret between the gateway and /api
	PublicSearchURL string // search host handed to browsers
	AppID           string
	OpsKey          string
	CaptchaKey      string
	DemoProviderKey string
	// FeedSlots caps concurrent feeds as in AWS (FORECOURT_INGEST_SLOTS).
	FeedSlots int
	Tenants   []shared.Site // the tenant files, for the logos
	// Pages are each tenant's content pages by slug (tenantfile.LoadPages),
	// written beside its config as the tenant stack does in AWS.
	Pages map[string]map[string]string
	Log   *slog.Logger
	// Shoppers verifies shopper tokens of cognito-local's pool; nil turns
	// sign-in and the watchlist off.
	Shoppers *cognito.Shoppers
	// Stripe is stripe-mock's and the checkout stand-in's (issue 13); nil
	// turns reserving off.
	Stripe *checkoutStandIn
	// WebDist is the built web app whose index.html the pages render over.
	WebDist string
	// Objects is the S3 API the large-feed uploads go to (the gateway's
	// stand-in, objects.go); nil turns the uploads route off.
	Objects *s3.Client
	// SitemapsDir keeps the stored sitemap lists (issue 14), as their
	// bucket does in AWS; "" builds every sitemap from the cars.
	SitemapsDir string
	// MediaDir keeps the feed photos mirrored at ingest (issue 14), as
	// the media bucket does in AWS; "" mirrors nothing.
	MediaDir string
	// FeedsDir keeps the vehicle feeds (issue 37), as the sitemaps
	// bucket's feeds/ does in AWS; "" publishes none.
	FeedsDir string
}

// platform is the handler of every route and the seeder over one DynamoDB
// and one search index: the route table the Lambdas serve in AWS, with the
// demo car images added to /media.
type platform struct {
	app     http.Handler
	uploads *upload.Service    // nil without Objects
	feeds   *publish.Publisher // nil without FeedsDir
	seeder  *seeder
	sites   shared.SiteStore // for the lead deliverer and the shopper routes' authorizer
}

func newPlatform(db *gdynamo.DB, tables dynamo.Tables, idx *algolia.Index, cfg platformConfig) (*platform, error) {
	p := &fplatform.Platform{DB: db, Tables: tables, Index: idx,
		IndexConfig: algolia.Config{AppID: cfg.AppID}, Logger: cfg.Log, FeedSlots: cfg.FeedSlots, Shoppers: cfg.Shoppers}
	if cfg.Objects != nil {
		p.S3, p.UploadBucket = cfg.Objects, uploadsBucket
	}
	if cfg.SitemapsDir != "" {
		p.Sitemaps = &sitemaps.DirObjects{Dir: cfg.SitemapsDir}
	}
	if cfg.MediaDir != "" {
		p.Photos = media.DirPhotos{Dir: cfg.MediaDir}
	}
	if cfg.FeedsDir != "" {
		p.Feeds = &sitemaps.DirObjects{Dir: cfg.FeedsDir}
	}
	svc := p.Feed()
	app, err := p.Handler("", fplatform.HandlerConfig{
		OriginSecret: cfg.Secret, PublicSearchURL: cfg.PublicSearchURL, OpsKey: cfg.OpsKey, Feed: svc,
		CaptchaKey: cfg.CaptchaKey,
		// The logos come from the tenant files, as the sites table holds
		// them in AWS; only here are the demo stock's images served.
		Media: media.Resized{Store: media.Union{demo.Images{}, media.NewLogos(media.Sites(cfg.Tenants))}},
		// The rego lookup's stand-in knows the demo plates.
		Rego:   rego.NewTable(demo.Plates()),
		Stripe: cfg.stripe(),
		// Pages are rendered over the built app, as the api Lambda does.
		Shell: seo.DirShell{FS: os.DirFS(cfg.WebDist)},
	})
	if err != nil {
		return nil, err
	}
	return &platform{
		app:     app,
		uploads: p.Uploads(svc),
		feeds:   p.Publisher(),
		sites:   p.Sites(),
		seeder: &seeder{
			sites: p.Sites(), pageStore: p.Sites(), pages: cfg.Pages, cars: p.Cars(), keys: p.ProviderKeys(), index: idx, feed: svc, reviews: p.Reviews(),
			providerKey: cfg.DemoProviderKey,
			count:       demo.Count,
			now:         time.Now(),
			log:         cfg.Log,
		},
	}, nil
}

// stripe is the reservations' Stripe: stripe-mock behind the checkout
// stand-in (stripecheckout.go).
func (cfg platformConfig) stripe() fplatform.StripeConfig {
	if cfg.Stripe == nil {
		return fplatform.StripeConfig{}
	}
	return fplatform.StripeConfig{SecretKey: "stand-in", WebhookSecret: cfg.Stripe.webhookSecret, Payments: cfg.Stripe}
}

// Package platform connects to Forecourt's stores and search index as the
// environment configures them (docs/contracts.md "Environment"), so that the
// Lambda mains and the CLI wire the same parts the same way.
package platform

import (
	"context"
	"fmt"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"log/slog"
	"net/http"
	"os"
	"strconv"

	guregu "github.com/guregu/dynamo/v2"

	"forecourt/functions/algolia"
	"forecourt/functions/brochure"
	"forecourt/functions/cognito"
	"forecourt/functions/contract"
	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/geocode"
	"forecourt/functions/httpapi"
	"forecourt/functions/media"
	"forecourt/functions/rego"
	"forecourt/functions/reserve"
	"forecourt/functions/s3client"
	"forecourt/functions/secrets"
	"forecourt/functions/seo"
	"forecourt/functions/sitemaps"
	"forecourt/functions/sitestats"
	"forecourt/functions/upload"
	"forecourt/shared"
)

// Platform holds the connected clients.
type Platform struct {
	DB          *guregu.DB
	Tables      dynamo.Tables
	Index       *algolia.Index
	IndexConfig algolia.Config
	// Logger receives the ingestion service's logs; nil means slog.Default().
	Logger *slog.Logger
	// FeedSlots caps how many feeds apply at once platform-wide
	// (feed.ServiceConfig.MaxRuns); 0 means no cap.
	FeedSlots int
	// Shoppers verifies shopper tokens (COGNITO_USER_POOL_ID and
	// COGNITO_CLIENT_IDS); nil when no user pool is configured.
	Shoppers *cognito.Shoppers
	// S3 and UploadBucket take feeds too large to post
	// (FORECOURT_UPLOADS_BUCKET, FORECOURT_S3_ENDPOINT); without them the
	// uploads route answers 500.
	S3           *s3.Client
	UploadBucket string
	// Sitemaps holds the sites' stored sitemap lists (issue 14;
	// FORECOURT_SITEMAPS_BUCKET, or FORECOURT_SITEMAPS_DIR locally); nil
	// means none: every sitemap is built from the cars per request.
	Sitemaps sitemaps.Objects
	// Feeds holds the dealerships' vehicle feeds (issue 37; the sitemaps
	// bucket under FeedsPrefix, or FORECOURT_FEEDS_DIR locally); nil
	// publishes none.
	Feeds sitemaps.Objects
	// Photos keeps the feed photos mirrored at ingest and serves them at
	// /media/photos/ (issue 14; FORECOURT_MEDIA_BUCKET, or
	// FORECOURT_MEDIA_DIR locally); nil mirrors nothing.
	Photos media.Photos
}

// PhotosFromEnv is the mirrored photo store the environment names: the
// bucket FORECOURT_MEDIA_BUCKET (through client), else the folder
// FORECOURT_MEDIA_DIR, else nil.
func PhotosFromEnv(ctx context.Context, client *s3.Client) (media.Photos, error) {
	if bucket := os.Getenv("FORECOURT_MEDIA_BUCKET"); bucket != "" {
		if client == nil {
			var err error
			if client, err = s3client.NewClient(ctx, s3client.ConfigFromEnv()); err != nil {
				return nil, fmt.Errorf("media: %w", err)
			}
		}
		return media.S3Photos{Client: client, Bucket: bucket}, nil
	}
	if dir := os.Getenv("FORECOURT_MEDIA_DIR"); dir != "" {
		return media.DirPhotos{Dir: dir}, nil
	}
	return nil, nil
}

// SitemapsPrefix is where the lists are kept in their bucket.
const SitemapsPrefix = contract.SitemapsPrefix

// SitemapObjectsFromEnv is the sitemap store the environment names: the
// bucket FORECOURT_SITEMAPS_BUCKET (through client), else the folder
// FORECOURT_SITEMAPS_DIR, else nil.
func SitemapObjectsFromEnv(ctx context.Context, client *s3.Client) (sitemaps.Objects, error) {
	if bucket := os.Getenv("FORECOURT_SITEMAPS_BUCKET"); bucket != "" {
		if client == nil {
			var err error
			if client, err = s3client.NewClient(ctx, s3client.ConfigFromEnv()); err != nil {
				return nil, fmt.Errorf("sitemaps: %w", err)
			}
		}
		return sitemaps.S3Objects{Client: client, Bucket: bucket, Prefix: SitemapsPrefix}, nil
	}
	if dir := os.Getenv("FORECOURT_SITEMAPS_DIR"); dir != "" {
		return &sitemaps.DirObjects{Dir: dir}, nil
	}
	return nil, nil
}

// Uploads is the large-feed upload service over the feed service, or nil
// when no bucket is configured.
func (p *Platform) Uploads(svc *feed.Service) *upload.Service {
	if p.S3 == nil || p.UploadBucket == "" {
		return nil
	}
	return &upload.Service{Feeds: svc, Client: p.S3, Bucket: p.UploadBucket}
}

// DefaultFeedSlots is FORECOURT_INGEST_SLOTS's default: enough for a
// thousand dealers' hourly feeds of a few seconds each, few enough that the
// index's write queue and the account's Lambda concurrency keep room for
// shoppers (docs/scaling.md "Feed bursts").
const DefaultFeedSlots = contract.DefaultFeedSlots

// FeedSlotsFromEnv reads FORECOURT_INGEST_SLOTS (default DefaultFeedSlots;
// 0 turns the cap off).
func FeedSlotsFromEnv() (int, error) {
	v, ok := os.LookupEnv("FORECOURT_INGEST_SLOTS")
	if !ok || v == "" {
		return DefaultFeedSlots, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("FORECOURT_INGEST_SLOTS: want a whole number of 0 or more, got %q", v)
	}
	return n, nil
}

// FromEnv connects to DynamoDB and the search index named by the environment.
func FromEnv(ctx context.Context) (*Platform, error) { return FromLookup(ctx, os.LookupEnv) }

// FromLookup is FromEnv with the search keys read through lookup (the
// environment with its secrets resolved, ResolveEnv).
func FromLookup(ctx context.Context, lookup secrets.Lookup) (*Platform, error) {
	db, err := dynamo.NewClient(ctx)
	if err != nil {
		return nil, fmt.Errorf("dynamodb: %w", err)
	}
	cfg := SearchConfig(lookup)
	idx, err := algolia.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	slots, err := FeedSlotsFromEnv()
	if err != nil {
		return nil, err
	}
	p := &Platform{DB: db, Tables: dynamo.TablesFromEnv(), Index: idx, IndexConfig: cfg, FeedSlots: slots}
	if bucket := os.Getenv("FORECOURT_UPLOADS_BUCKET"); bucket != "" {
		if p.S3, err = s3client.NewClient(ctx, s3client.ConfigFromEnv()); err != nil {
			return nil, fmt.Errorf("uploads: %w", err)
		}
		p.UploadBucket = bucket
	}
	if p.Sitemaps, err = SitemapObjectsFromEnv(ctx, p.S3); err != nil {
		return nil, err
	}
	if p.Feeds, err = FeedObjectsFromEnv(ctx, p.S3); err != nil {
		return nil, err
	}
	if p.Photos, err = PhotosFromEnv(ctx, p.S3); err != nil {
		return nil, err
	}
	pool, ok, err := cognito.PoolFromEnv()
	if err != nil {
		return nil, fmt.Errorf("shopper user pool: %w", err)
	}
	if ok {
		if p.Shoppers, err = NewShoppers(ctx, pool); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// SearchConfig is algolia.ConfigFrom with ALGOLIA_WRITE_KEY, when set, as
// the key records are written with: the api function is given a key that
// may only add and delete records, never the admin key (issue 31).
func SearchConfig(lookup secrets.Lookup) algolia.Config {
	cfg := algolia.ConfigFrom(lookup)
	if k, ok := lookup("ALGOLIA_WRITE_KEY"); ok && k != "" {
		cfg.AdminKey = k
	}
	return cfg
}

// NewShoppers returns the verifier of the pool's tokens; its key cache
// lives as long as ctx.
func NewShoppers(ctx context.Context, pool cognito.Pool) (*cognito.Shoppers, error) {
	return cognito.NewShoppers(ctx, pool)
}

// Watchlists is the watchlist store.
func (p *Platform) Watchlists() *dynamo.WatchlistStore {
	return dynamo.NewWatchlistStore(p.DB, p.Tables)
}

func (p *Platform) signIn() *httpapi.SignInConfig {
	if p.Shoppers == nil {
		return nil
	}
	pool := p.Shoppers.Pool
	return &httpapi.SignInConfig{UserPoolID: pool.ID, Region: pool.Region, Endpoint: pool.Endpoint, Clients: pool.Clients}
}

func (p *Platform) watchlist() *httpapi.WatchlistConfig {
	cfg := &httpapi.WatchlistConfig{Cars: p.Cars(), Store: p.Watchlists()}
	if p.Shoppers != nil {
		cfg.Shoppers = p.Shoppers
	}
	return cfg
}

// Cars is the car store.
func (p *Platform) Cars() *dynamo.CarStore { return dynamo.NewCarStore(p.DB, p.Tables) }

// Sites is the site store.
func (p *Platform) Sites() *dynamo.SiteStore { return dynamo.NewSiteStore(p.DB, p.Tables) }

// ProviderKeys is the provider key store.
func (p *Platform) ProviderKeys() *dynamo.ProviderKeyStore {
	return dynamo.NewProviderKeyStore(p.DB, p.Tables)
}

// Feed is the ingestion service over the stores and the index.
func (p *Platform) Feed() *feed.Service {
	runs := dynamo.NewRunStore(p.DB, p.Tables)
	return feed.NewService(feed.ServiceConfig{
		Cars:      p.Cars(),
		Runs:      runs,
		Sites:     p.Sites(),
		Index:     p.Index,
		Holds:     dynamo.NewReservationStore(p.DB, p.Tables),
		Logger:    p.Logger,
		Admission: runs,
		MaxRuns:   p.FeedSlots,
		Stats:     &sitestats.Refresher{Cars: p.Cars(), Store: p.Sites()},
		Sitemaps:  p.sitemapRefresher(),
		Feeds:     p.feedRefresher(),
		Photos:    p.photoMirror(),
	})
}

// brochurePhotos loads a brochure's photo: a mirrored one from Photos,
// any other over the web.
func (p *Platform) brochurePhotos() httpapi.PhotoLoader {
	if p.Photos == nil {
		return webPhotos()
	}
	return brochure.StoredPhotos{Media: p.Photos, Web: webPhotos()}
}

// photoMirror mirrors feed photos into Photos, or is nil (no store).
func (p *Platform) photoMirror() feed.PhotoMirror {
	if p.Photos == nil {
		return nil
	}
	return &media.Mirror{Store: p.Photos}
}

// sitemapRefresher rewrites the stored sitemap lists, or is nil (no
// store) so that the feed service skips them.
func (p *Platform) sitemapRefresher() feed.SitemapRefresher {
	if p.Sitemaps == nil {
		return nil
	}
	return &sitemaps.Refresher{Cars: p.Cars(), Objects: p.Sitemaps}
}

// sitemapReader reads the stored lists, or is nil (no store).
func (p *Platform) sitemapReader() httpapi.SitemapReader {
	if p.Sitemaps == nil {
		return nil
	}
	return sitemaps.Reader{Objects: p.Sitemaps}
}

func (p *Platform) ingestConfig(svc *feed.Service, opsKey string) *httpapi.IngestConfig {
	c := &httpapi.IngestConfig{Feed: svc, Keys: p.ProviderKeys(), OpsKey: opsKey, Reviews: p.Reviews(), Sites: p.Sites(), Health: p.feedHealth()}
	if u := p.Uploads(svc); u != nil { // a nil *upload.Service must not become a non-nil interface
		c.Uploads = u
	}
	return c
}

// Reviews is the review store.
func (p *Platform) Reviews() *dynamo.ReviewStore { return dynamo.NewReviewStore(p.DB, p.Tables) }

// Leads is the lead store.
func (p *Platform) Leads() *dynamo.LeadStore { return dynamo.NewLeadStore(p.DB, p.Tables) }

func (p *Platform) leads(captchaKey string) *httpapi.LeadsConfig {
	if captchaKey == "" {
		return nil
	}
	return &httpapi.LeadsConfig{Store: p.Leads(), Cars: p.Cars(), CaptchaKey: []byte(captchaKey)}
}

// HandlerConfig is what the HTTP routes need beyond the stores and index.
type HandlerConfig struct {
	// OriginSecret is the value CloudFront (or the dev gateway) sends in
	// X-Forecourt-Origin-Secret; the /api routes need it.
	OriginSecret string
	// OriginSecrets, when set, are the accepted origin secrets (current and,
	// during a rotation, previous) instead of OriginSecret.
	OriginSecrets httpapi.OriginSecrets
	// PublicSearchURL is the search host handed to browsers ("" = Algolia's
	// own hosts).
	PublicSearchURL string
	// OpsKey guards the ops endpoints; empty refuses them.
	OpsKey string
	// CaptchaKey signs the lead forms' captcha challenges
	// (FORECOURT_CAPTCHA_KEY); empty leaves the lead routes unconfigured
	// (they answer 500), as the ingest Lambda does not serve them.
	CaptchaKey string
	// Stripe takes reservation deposits (issue 13): STRIPE_SECRET_KEY,
	// STRIPE_WEBHOOK_SECRET and, locally, STRIPE_API_BASE (stripe-mock).
	// Without the keys the reservation routes answer 500.
	Stripe StripeConfig
	// Feed is the ingestion service; nil means a new Feed().
	Feed *feed.Service
	// Media is what /media serves; nil means the dealer logos drawn from
	// the sites table, all that production serves there.
	Media httpapi.MediaStore
	// Rego is the registration provider the trade-in form's rego lookup
	// asks; nil (no provider is contracted in AWS yet) means the form does
	// not offer the lookup and asks for make and model (issue 35).
	Rego rego.Provider
	// Shell is the web app's built index.html the pages are rendered over
	// (issue 14); nil leaves the pages route answering 500.
	Shell seo.ShellSource
}

// Handler is the one route table (httpapi.NewHandler) over the platform,
// limited to one Lambda's routes (route.API, route.Ingest) or, for "", all
// of them as the dev gateway serves them.
func (p *Platform) Handler(lambda string, cfg HandlerConfig) (http.Handler, error) {
	svc := cfg.Feed
	if svc == nil {
		svc = p.Feed()
	}
	store := cfg.Media
	if store == nil {
		store = media.NewLogos(p.Sites())
	}
	if p.Photos != nil {
		store = media.Union{p.Photos, store}
	}
	// A nil provider must reach the API as a nil interface, not a typed nil.
	var plates httpapi.RegoLookup
	if cfg.Rego != nil {
		plates = cfg.Rego
	}
	h, err := httpapi.NewHandler(httpapi.Deps{
		Lambda: lambda,
		API: &httpapi.APIConfig{
			Sites:    p.Sites(),
			Cars:     p.Cars(),
			Keys:     p.Index,
			Stats:    p.Sites(),
			Sitemaps: p.sitemapReader(),
			Feeds:    p.feedFiles(),
			Search: httpapi.SearchConfig{
				AppID:       p.IndexConfig.AppID,
				Host:        cfg.PublicSearchURL,
				Index:       p.Index.Name(),
				SortIndices: p.Index.SortIndices(),
			},
			OriginSecret:  cfg.OriginSecret,
			OriginSecrets: cfg.OriginSecrets,
			Leads:         p.leads(cfg.CaptchaKey),
			Rego:          plates,
			Events:        dynamo.NewEventStore(p.DB, p.Tables),

			CarsByID: p.Cars(),
			Photos:   p.brochurePhotos(),

			Pages:        p.Sites(),
			SignIn:       p.signIn(),
			Watchlist:    p.watchlist(),
			Reviews:      p.Reviews(),
			Geocoder:     geocode.NewOffline(),
			Reservations: p.reservationsConfig(cfg.Stripe),
			Shell:        cfg.Shell,
			FirstSearch:  p.Index,
			ServerKeys:   p.Index.ServerKeys(),
		},
		Ingest: p.ingestConfig(svc, cfg.OpsKey),
		Media:  media.Resized{Store: store},
	})
	if err != nil {
		return nil, fmt.Errorf("http handler: %w", err)
	}
	return h, nil
}

// StripeConfig is the Stripe account reservations are paid through.
type StripeConfig struct {
	SecretKey, WebhookSecret string
	// APIBase is stripe-mock's URL locally; empty in AWS.
	APIBase string
	// Payments replaces Stripe: the dev gateway's checkout stand-in.
	Payments reserve.Payments
}

// StripeFromEnv reads STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and
// STRIPE_API_BASE.
func StripeFromEnv() StripeConfig { return StripeFrom(os.LookupEnv) }

// StripeFrom reads the same variables through lookup.
func StripeFrom(lookup secrets.Lookup) StripeConfig {
	get := func(k string) string { v, _ := lookup(k); return v }
	return StripeConfig{SecretKey: get("STRIPE_SECRET_KEY"), WebhookSecret: get("STRIPE_WEBHOOK_SECRET"), APIBase: get("STRIPE_API_BASE")}
}

// SecretVars are the variables a Lambda may receive as secret names
// (<VAR>_SECRET_ID, secrets.Resolve) instead of values (issue 15).
func SecretVars() []string {
	return []string{"ALGOLIA_ADMIN_KEY", "ALGOLIA_WRITE_KEY", "ALGOLIA_SEARCH_KEY", "ALGOLIA_SERVER_SEARCH_KEY", "FORECOURT_CAPTCHA_KEY",
		"STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "FORECOURT_OPS_KEY"}
}

// ResolveEnv reads the secrets the environment names (SecretVars) once, at
// a Lambda's cold start: from Secrets Manager in AWS, from
// FORECOURT_SECRET_<NAME> against a local stack (secrets.FromEnv).
func ResolveEnv(ctx context.Context) (secrets.Lookup, error) {
	named := false
	for _, v := range SecretVars() {
		named = named || os.Getenv(v+secrets.IDSuffix) != ""
	}
	if !named {
		return os.LookupEnv, nil
	}
	src, err := secrets.FromEnv(ctx, os.Getenv)
	if err != nil {
		return nil, err
	}
	return secrets.Resolve(ctx, src, os.LookupEnv, SecretVars()...)
}

// Reservations is the reservation service (issue 13); without a Stripe key
// it can list, cancel and sweep but not take or refund deposits.
func (p *Platform) Reservations(sc StripeConfig) *reserve.Service {
	cfg := reserve.Config{
		Store: dynamo.NewReservationStore(p.DB, p.Tables), Cars: p.Cars(), Index: p.reservationIndex(),
		Leads: p.Leads(), Sites: p.Sites(), WebhookSecret: sc.WebhookSecret,
	}
	switch {
	case sc.Payments != nil:
		cfg.Payments = sc.Payments
	case sc.SecretKey != "":
		cfg.Payments = reserve.NewStripe(sc.SecretKey, sc.APIBase)
	}
	return reserve.New(cfg)
}

func (p *Platform) reservationsConfig(sc StripeConfig) *httpapi.ReservationsConfig {
	if sc.SecretKey == "" || sc.WebhookSecret == "" || p.Shoppers == nil {
		return nil
	}
	return &httpapi.ReservationsConfig{Service: reserver{p.Reservations(sc)}, Shoppers: p.Shoppers}
}

// reserver adapts reserve.Service to httpapi.Reserver.
type reserver struct{ *reserve.Service }

func (r reserver) Reserve(ctx context.Context, st httpapi.ReserveStart) (shared.Reservation, error) {
	return r.Service.Reserve(ctx, reserve.Start(st))
}

// webPhotos is the brochure's loader of photos on other hosts, through the
// guard photo mirroring uses (media.Fetcher) with the brochure's limits.
func webPhotos() brochure.WebPhotos {
	return brochure.WebPhotos{Fetcher: media.NewFetcher(media.FetchLimits{Timeout: brochure.PhotoTimeout, MaxBytes: brochure.PhotoMaxBytes})}
}

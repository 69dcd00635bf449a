// Command devgateway runs the whole platform locally in one process
// (DESIGN.md decisions 4 and 6): the search engine on its own port, every
// route of the route table (httpapi.NewHandler, as the Lambdas serve them)
// against DynamoDB Local with the demo images added to /media, and the
// built web app per tenant host, standing in for CloudFront and API Gateway.
// It creates the tables and seeds the demo tenants when they are missing.
//
// Every setting is a flag whose default comes from the environment
// (docs/contracts.md "Environment").
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	gdynamo "github.com/guregu/dynamo/v2"
	"github.com/klauspost/compress/gzhttp"

	"forecourt/functions/algolia"
	"forecourt/functions/authorizer"
	"forecourt/functions/delivery"
	"forecourt/functions/dynamo"
	"forecourt/functions/localsearch"
	"forecourt/functions/mail"
	"forecourt/functions/secrets"
	"forecourt/functions/securityheaders"

	fplatform "forecourt/functions/platform"
	"forecourt/functions/s3client"
	"forecourt/functions/tenantfile"
	"forecourt/functions/upload"
	"forecourt/functions/webhook"
)

type config struct {
	GatewayPort     int
	SearchPort      int
	DataDir         string
	DynamoEndpoint  string
	Region          string
	CognitoEndpoint string
	TenantsDir      string
	WebDist         string
	DemoProviderKey string
	PublicSearchURL string
	OpsKey          string
	CaptchaKey      string
	FeedSlots       int
	Tables          dynamo.Tables
	Algolia         algolia.Config
}

// localCaptchaKey signs captcha challenges locally, so that the demo sites'
// lead forms work with no setup. Only the dev gateway has a default: the
// api Lambda refuses to start without FORECOURT_CAPTCHA_KEY.
const localCaptchaKey = "forecourt-local-captcha-key"

// loadConfig reads flags, with defaults from the environment.
func loadConfig(args []string, getenv func(string) string) (config, error) {
	env := func(name, def string) string {
		if v := getenv(name); v != "" {
			return v
		}
		return def
	}
	envInt := func(name string, def int) (int, error) {
		v := getenv(name)
		if v == "" {
			return def, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 || n > 65535 {
			return 0, fmt.Errorf("%s=%q is not a port number", name, v)
		}
		return n, nil
	}
	gatewayPort, err := envInt("FORECOURT_GATEWAY_PORT", 8080)
	if err != nil {
		return config{}, err
	}
	searchPort, err := envInt("FORECOURT_SEARCH_PORT", 7700)
	if err != nil {
		return config{}, err
	}
	feedSlots, err := envInt("FORECOURT_INGEST_SLOTS", fplatform.DefaultFeedSlots)
	if err != nil {
		return config{}, err
	}
	var c config
	fs := flag.NewFlagSet("devgateway", flag.ContinueOnError)
	fs.IntVar(&c.GatewayPort, "port", gatewayPort, "gateway port (FORECOURT_GATEWAY_PORT)")
	fs.IntVar(&c.SearchPort, "search-port", searchPort, "search engine port (FORECOURT_SEARCH_PORT)")
	fs.StringVar(&c.DataDir, "data", env("FORECOURT_DATA_DIR", ".data"), "data directory; the engine keeps its indices in DIR/search (FORECOURT_DATA_DIR)")
	fs.StringVar(&c.DynamoEndpoint, "dynamo", env("FORECOURT_DYNAMO_ENDPOINT", "http://127.0.0.1:8000"), "DynamoDB Local endpoint (FORECOURT_DYNAMO_ENDPOINT)")
	fs.StringVar(&c.Region, "region", env("AWS_REGION", dynamo.DefaultRegion), "AWS region (AWS_REGION)")
	fs.StringVar(&c.CognitoEndpoint, "cognito", env("FORECOURT_COGNITO_ENDPOINT", "http://127.0.0.1:9229"), "cognito-local endpoint, for /healthz (FORECOURT_COGNITO_ENDPOINT)")
	fs.StringVar(&c.TenantsDir, "tenants", "infra/tenants", "directory of tenant site files")
	fs.StringVar(&c.WebDist, "web", env("FORECOURT_WEB_DIST", "web/dist"), "built web app (FORECOURT_WEB_DIST)")
	fs.StringVar(&c.DemoProviderKey, "provider-key", env("FORECOURT_DEMO_PROVIDER_KEY", "demo-provider-key"), "provider key for every demo dealership (FORECOURT_DEMO_PROVIDER_KEY)")
	fs.StringVar(&c.OpsKey, "ops-key", getenv("FORECOURT_OPS_KEY"), "bearer key for ops endpoints; empty refuses them (FORECOURT_OPS_KEY)")
	fs.IntVar(&c.FeedSlots, "ingest-slots", feedSlots, "feeds applied at once; more are answered 429 (FORECOURT_INGEST_SLOTS; 0: no cap)")
	fs.StringVar(&c.CaptchaKey, "captcha-key", env("FORECOURT_CAPTCHA_KEY", localCaptchaKey), "key signing the lead forms' captcha challenges (FORECOURT_CAPTCHA_KEY)")
	publicSearch := fs.String("public-search-url", getenv("FORECOURT_PUBLIC_SEARCH_URL"), "search host handed to browsers (FORECOURT_PUBLIC_SEARCH_URL; default http://localhost:<search-port>)")
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	c.PublicSearchURL = *publicSearch
	if c.PublicSearchURL == "" {
		c.PublicSearchURL = fmt.Sprintf("http://localhost:%d", c.SearchPort)
	}
	c.Tables = dynamo.TablesFromEnv()
	c.Algolia = algolia.ConfigFromEnv()
	// The gateway writes to the engine it runs, wherever ALGOLIA_HOST points.
	c.Algolia.Host = fmt.Sprintf("http://127.0.0.1:%d", c.SearchPort)
	return c, nil
}

func main() {
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	cfg, err := loadConfig(os.Args[1:], os.Getenv)
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "devgateway:", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, cfg, os.Stdout, log); err != nil {
		fmt.Fprintln(os.Stderr, "devgateway:", err)
		os.Exit(1)
	}
}

// run serves until ctx ends, then shuts down and flushes the engine.
func run(ctx context.Context, cfg config, out io.Writer, log *slog.Logger) error {
	tenants, err := tenantfile.Load(cfg.TenantsDir)
	if err != nil {
		return fmt.Errorf("load tenants: %w", err)
	}
	if len(tenants) == 0 {
		return fmt.Errorf("no tenant files in %s", cfg.TenantsDir)
	}
	pages := map[string]map[string]string{}
	for _, t := range tenants {
		if pages[t.Slug], err = tenantfile.LoadPages(cfg.TenantsDir, t); err != nil {
			return fmt.Errorf("load tenants: %w", err)
		}
	}
	// Claim both ports first, so a busy one fails at once and clearly.
	gatewayLns, err := listen(cfg.GatewayPort, "FORECOURT_GATEWAY_PORT", "the dev gateway")
	if err != nil {
		return err
	}
	searchLns, err := listen(cfg.SearchPort, "FORECOURT_SEARCH_PORT", "the search engine")
	if err != nil {
		closeAll(gatewayLns)
		return err
	}

	engine, err := localsearch.New(localsearch.Config{
		AppID: cfg.Algolia.AppID, AdminKey: cfg.Algolia.AdminKey, SearchKey: cfg.Algolia.SearchKey,
		SearchKeys: []string{cfg.Algolia.ServerSearchKey},
		DataDir:    filepath.Join(cfg.DataDir, "search"),
	})
	if err != nil {
		closeAll(gatewayLns)
		closeAll(searchLns)
		return fmt.Errorf("search engine: %w", err)
	}
	defer func() {
		if err := engine.Close(); err != nil {
			log.Error("flush search engine", "err", err)
		}
	}()
	searchSrv := newServer(engine.Handler())
	serveAll(searchSrv, searchLns, log)
	defer shutdown(searchSrv)

	db, err := dynamo.Connect(ctx, dynamo.Config{Endpoint: cfg.DynamoEndpoint, Region: cfg.Region})
	if err != nil {
		return fmt.Errorf("dynamodb: %w", err)
	}
	idx, err := algolia.New(cfg.Algolia)
	if err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	secret, err := randomSecret()
	if err != nil {
		return err
	}
	shoppers := localShoppers(ctx, cfg, tenants, log)
	// Reserving online (issue 13) needs stripe-mock (STRIPE_API_BASE, which
	// make dev starts); without it reserving answers 500.
	var standIn *checkoutStandIn
	if sc := fplatform.StripeFromEnv(); sc.APIBase != "" && sc.SecretKey != "" && sc.WebhookSecret != "" {
		standIn = newCheckoutStandIn(stripeStandInConfig{SecretKey: sc.SecretKey, WebhookSecret: sc.WebhookSecret, APIBase: sc.APIBase,
			WebhookURL: fmt.Sprintf("http://127.0.0.1:%d/api/stripe/webhook", cfg.GatewayPort)})
	}
	// Large feeds (issue 15) upload to the gateway's own S3 stand-in.
	objects, err := newObjectStandIn(log)
	if err != nil {
		return fmt.Errorf("object store stand-in: %w", err)
	}
	objectsClient, err := s3client.NewClient(ctx, s3client.ClientConfig{
		Endpoint: fmt.Sprintf("http://127.0.0.1:%d%s", cfg.GatewayPort, objectsStandInPath), Region: cfg.Region})
	if err != nil {
		return err
	}
	p, err := newPlatform(db, cfg.Tables, idx, platformConfig{
		Objects: objectsClient,
		Secret:  secret, PublicSearchURL: cfg.PublicSearchURL, AppID: cfg.Algolia.AppID,
		OpsKey: cfg.OpsKey, CaptchaKey: cfg.CaptchaKey, DemoProviderKey: cfg.DemoProviderKey, Tenants: tenants, Log: log,
		FeedSlots: cfg.FeedSlots,

		Pages:    pages,
		Shoppers: shoppers, Stripe: standIn,
		WebDist:     cfg.WebDist,
		SitemapsDir: filepath.Join(cfg.DataDir, "sitemaps"),
		MediaDir:    filepath.Join(cfg.DataDir, "media"),
		FeedsDir:    filepath.Join(cfg.DataDir, "feeds"),
	})
	if err != nil {
		return err
	}

	probeClient := &http.Client{Timeout: 2 * time.Second}
	h := &health{timeout: 2 * time.Second, probes: []probe{
		{"dynamodb", func(ctx context.Context) error {
			_, err := db.ListTables().All(ctx)
			return err
		}},
		{"search", httpProbe(probeClient, fmt.Sprintf("http://127.0.0.1:%d/1/indexes", cfg.SearchPort))},
		{"cognito", httpProbe(probeClient, cfg.CognitoEndpoint)},
	}}
	gw := newGateway(tenants, cfg.GatewayPort, secret, p.app, h,
		spaHandler{dist: os.DirFS(cfg.WebDist), dir: cfg.WebDist})
	if standIn != nil {
		gw.checkout = standIn
	}
	if shoppers != nil {
		// As API Gateway runs the authorizer Lambda before the shopper routes.
		gw.shoppers = newShopperGate(authorizer.Authorizer{Sites: p.sites, Shoppers: shoppers})
	}
	objects.uploads = func() *upload.Service { return p.uploads }
	gw.objects = objects
	gw.security = securityheaders.Headers(securityheaders.ForSites(cfg.PublicSearchURL, tenants).WithAuth(cfg.CognitoEndpoint))
	gatewaySrv := newServer(compressed(gw))
	serveAll(gatewaySrv, gatewayLns, log)
	defer shutdown(gatewaySrv)
	fmt.Fprintf(out, "gateway on http://localhost:%d (search engine on %d); seeding…\n", cfg.GatewayPort, cfg.SearchPort)

	if err := prepare(ctx, db, cfg.Tables, log); err != nil {
		return err
	}
	if err := p.seeder.seed(ctx, tenants); err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return fmt.Errorf("seed: %w", err)
	}
	if err := startDelivery(ctx, cfg, db, p, log); err != nil {
		// Leads are still stored; a gateway that can send delivers them
		// (the poller reads the stream from its start).
		log.Warn("lead delivery is off", "err", err)
	}
	feedLines, err := feedURLs(ctx, p.feeds, tenants, cfg.GatewayPort)
	if err != nil {
		log.Warn("vehicle feeds not written", "err", err)
	}
	h.ready.Store(true)
	fmt.Fprintln(out, "Forecourt is ready. Demo sites:")
	for _, s := range tenants {
		fmt.Fprintf(out, "  %-28s %s\n", s.Name, siteURL(s.Slug, cfg.GatewayPort))
	}
	fmt.Fprintf(out, "Feeds: POST http://localhost:%d/ingest/v1/dealerships/<slug>/feed with Authorization: Bearer %s\n", cfg.GatewayPort, cfg.DemoProviderKey)
	for _, l := range feedLines {
		fmt.Fprintln(out, l)
	}
	<-ctx.Done()
	fmt.Fprintln(out, "stopping")
	objects.Wait() // an uploaded feed being applied finishes, as its Lambda would
	return nil
}

// compressed gzips h's answers for clients that accept it: CloudFront
// compresses what it serves, so the gateway standing in for it does too (a
// listing's JavaScript and search answers shrink several times over).
func compressed(h http.Handler) http.Handler { return gzhttp.GzipHandler(h) }

// prepare creates the tables, waiting for DynamoDB Local to come up: the
// scripts start it just before the gateway.
func prepare(ctx context.Context, db *gdynamo.DB, tables dynamo.Tables, log *slog.Logger) error {
	deadline := time.Now().Add(90 * time.Second)
	for {
		err := dynamo.CreateTables(ctx, db, tables)
		if err == nil {
			return nil
		}
		if ctx.Err() != nil || time.Now().After(deadline) {
			return fmt.Errorf("create tables: %w", err)
		}
		log.Info("waiting for DynamoDB", "err", err)
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}

// listen claims the port on IPv4 loopback (and IPv6 loopback when there is
// one: browsers may resolve localhost to ::1). A busy port is an error that
// names it and the variable that moves it.
func listen(port int, envVar, what string) ([]net.Listener, error) {
	ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
	if err != nil {
		return nil, fmt.Errorf("port %d for %s is not free (%v): stop what uses it or set %s to another port", port, what, err, envVar)
	}
	lns := []net.Listener{ln}
	if ln6, err := net.Listen("tcp", fmt.Sprintf("[::1]:%d", port)); err == nil {
		lns = append(lns, ln6)
	}
	return lns, nil
}

func serveAll(srv *http.Server, lns []net.Listener, log *slog.Logger) {
	for _, ln := range lns {
		go func() {
			if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				log.Error("serve", "addr", ln.Addr().String(), "err", err)
			}
		}()
	}
}

func shutdown(srv *http.Server) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(ctx)
}

func closeAll(lns []net.Listener) {
	for _, ln := range lns {
		ln.Close()
	}
}

// randomSecret is the origin secret between the gateway and /api, new each run.
func randomSecret() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("origin secret: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// startDelivery runs the lead deliverer over DynamoDB Local's lead stream
// until ctx ends, as the deliver Lambda does in AWS on the table's stream
// (docs/contracts.md "Lead delivery"); mail goes to MailDev
// (FORECOURT_SMTP_ENDPOINT).
func startDelivery(ctx context.Context, cfg config, db *gdynamo.DB, p *platform, log *slog.Logger) error {
	streams, err := dynamo.ConnectStreams(ctx, dynamo.Config{Endpoint: cfg.DynamoEndpoint, Region: cfg.Region})
	if err != nil {
		return err
	}
	sender, err := mail.FromEnv(ctx)
	if err != nil {
		return err
	}
	d := &delivery.Deliverer{Store: dynamo.NewLeadDeliveryStore(db, cfg.Tables.Leads), Sites: p.sites, Sender: sender,
		// A dealer webhook configured locally is signed with
		// FORECOURT_SECRET_<NAME>, else a dev secret derived from its name.
		Webhooks: &webhook.Client{}, Secrets: secrets.Env{Getenv: os.Getenv, DevPrefix: devSecretPrefix}}
	go pollLeads(ctx, streams, cfg.Tables.Leads, d, log)
	return nil
}

// devSecretPrefix makes the local signing secret of a webhook whose
// FORECOURT_SECRET_<NAME> is unset: this prefix and the secret's name.
const devSecretPrefix = "forecourt-local-secret:"

// pollLeads delivers the leads of table's stream until ctx ends.
func pollLeads(ctx context.Context, streams delivery.StreamsAPI, table string, d *delivery.Deliverer, log *slog.Logger) {
	if err := delivery.Poll(ctx, streams, table, d); err != nil && ctx.Err() == nil {
		log.Error("lead delivery stopped", "err", err)
	}
}

// newServer bounds how long a client may take to send a request, so a slow
// or stalled client cannot hold connections open (issue 15); a 50 MB feed
// over a local link reads in well under ReadTimeout.
func newServer(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 2 * time.Minute,
		IdleTimeout: 2 * time.Minute}
}

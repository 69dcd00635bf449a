// Command membench measures the memory each Lambda needs (issue 15: "Lambda
// memory and timeout chosen from measurement"): it runs each function's
// handler, wired from the environment as its main wires it, in a fresh
// process of its own under a representative load against the local stack,
// and prints the process's peak Go heap (sampled through runtime/metrics),
// its peak Go-managed memory and its peak resident set (VmHWM from
// /proc/self/status), beside an idle process of the same binary measured in
// the same run (the baseline: what the runtime and the binary cost before
// any work).
//
// The loads (each a function's busiest realistic invocation or instance):
//   - api: sequential requests as one Lambda instance serves them:
//     GET /api/site, GET /api/cars/{slug}, POST /api/leads and, when
//     -shell names a built web app, the car page's document.
//   - uploads: a 50 MB CSV applied from its object as the bucket's
//     notification applies it: 5,000 cars as the upload test's feed, or
//     -upload-cars 20000, the most cars a feed may hold (make bench).
//   - sweep: one invocation over every dealership: one of -cars cars, a
//     fifth of them sold past retention, the api's 250 and the upload's.
//   - deliver: batches of 10 stream records (the event source's batch
//     size) of ready leads, e-mailed over SMTP.
//   - authorizer: verifications of cognito-local ID tokens.
//
// The parent process seeds DynamoDB Local (FORECOURT_DYNAMO_ENDPOINT),
// serves the search engine and an S3 stand-in (gofakes3) in-process, and
// needs cognito-local (FORECOURT_COGNITO_ENDPOINT) and an SMTP server
// (FORECOURT_SMTP_ENDPOINT, MailDev): scripts/bench.sh starts them.
package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"forecourt/functions/algolia"
	"forecourt/functions/authorizer"
	"forecourt/functions/cognito"
	"forecourt/functions/delivery"
	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/httpapi"
	"forecourt/functions/httpapi/route"
	"forecourt/functions/internal/gatewaybench"
	"forecourt/functions/localsearch"
	"forecourt/functions/logging"
	"forecourt/functions/mail"
	"forecourt/functions/platform"
	"forecourt/functions/s3client"
	"forecourt/functions/secrets"
	"forecourt/functions/seo"
	"forecourt/functions/upload"
	"forecourt/functions/webhook"
	"forecourt/shared"
)

const (
	siteSlug      = "membench-motors"
	apiDealer     = "membench-kia"
	sweepDealer   = "membench-yard"
	uploadDealer  = "membench-upload"
	originSecret  = "membench-origin-secret"
	providerKey   = "membench-provider-key"
	uploadsBucket = "uploads"
	sitemapBucket = "sitemaps"
	deliverBatch  = 10 // infra: the deliver function's stream batch size
)

// plan is what the parent seeded, for a child's load.
type plan struct {
	CarSlugs  []string `json:"car_slugs"`
	UploadKey string   `json:"upload_key"`
	LeadIDs   []string `json:"lead_ids"`
	Tokens    []string `json:"tokens"`
	Requests  int      `json:"requests"`
	Verifies  int      `json:"verifies"`
	Shell     string   `json:"shell"`
}

// figures are one child's measurements.
type figures struct {
	Fn        string  `json:"fn"`
	Work      string  `json:"work"`
	HeapPeak  uint64  `json:"heap_peak"` // bytes: live and not yet swept heap objects
	GoPeak    uint64  `json:"go_peak"`   // bytes: all memory the Go runtime mapped
	RSSStart  uint64  `json:"rss_start"` // bytes: VmRSS before the function was built
	RSSPeak   uint64  `json:"rss_peak"`  // bytes: VmHWM at the end
	Seconds   float64 `json:"seconds"`   // the load's wall time, cold start included
	CPU       float64 `json:"cpu"`       // the load's CPU seconds (user and system), cold start included
	Units     int     `json:"units"`     // requests, cars created, dealerships, leads or verifications
	Samples   int     `json:"samples"`   // heap samples taken
	Unhealthy string  `json:"unhealthy"` // why the load's answers were wrong, if they were
}

func main() {
	child := flag.String("child", "", "run one function's load in this process (set by the parent)")
	planFile := flag.String("plan", "", "the parent's plan (with -child)")
	cars := flag.Int("cars", 5000, "cars of the swept dealership")
	requests := flag.Int("requests", 2000, "api requests")
	leads := flag.Int("leads", 200, "leads delivered, in batches of 10")
	verifies := flag.Int("verifies", 2000, "authorizer verifications")
	users := flag.Int("users", 20, "shoppers signed up in cognito-local (their tokens are verified in turn)")
	uploadCars := flag.Int("upload-cars", 5000, "cars of the 50 MB upload (the feed limits accept up to 20,000)")
	fns := flag.String("fns", "idle,api,uploads,sweep,deliver,authorizer", "the functions to measure, in order")
	shell := flag.String("shell", "", "folder of the built web app (index.html): the api load adds car page documents")
	flag.Parse()
	if *child != "" {
		// The Lambdas' JSON logger, as their mains set it up; the lines are
		// not wanted here, their cost is.
		logging.Setup(io.Discard)
		if err := runChild(*child, *planFile); err != nil {
			fmt.Fprintln(os.Stderr, "membench "+*child+":", err)
			os.Exit(1)
		}
		return
	}
	slog.SetLogLoggerLevel(slog.LevelWarn) // the seeding's run lines are noise here
	cfg := parentConfig{cars: *cars, requests: *requests, leads: *leads, verifies: *verifies, users: *users, shell: *shell,
		uploadCars: *uploadCars, fns: strings.Split(*fns, ",")}
	if err := runParent(context.Background(), cfg); err != nil {
		fmt.Fprintln(os.Stderr, "membench:", err)
		os.Exit(1)
	}
}

type parentConfig struct {
	cars, requests, leads, verifies, users, uploadCars int
	shell                                              string
	fns                                                []string
}

func runParent(ctx context.Context, c parentConfig) error {
	dynamoURL := os.Getenv("FORECOURT_DYNAMO_ENDPOINT")
	cognitoURL := os.Getenv("FORECOURT_COGNITO_ENDPOINT")
	smtp := os.Getenv("FORECOURT_SMTP_ENDPOINT")
	if dynamoURL == "" || cognitoURL == "" || smtp == "" {
		return errors.New("FORECOURT_DYNAMO_ENDPOINT, FORECOURT_COGNITO_ENDPOINT and FORECOURT_SMTP_ENDPOINT must name the local stack (scripts/bench.sh starts it)")
	}
	db, err := dynamo.Connect(ctx, dynamo.Config{Endpoint: dynamoURL})
	if err != nil {
		return err
	}
	tables := dynamo.TablesWithPrefix(fmt.Sprintf("membench-%d-", time.Now().UnixNano()))
	if err := dynamo.CreateTables(ctx, db, tables); err != nil {
		return err
	}
	defer func() {
		for _, name := range tables.EnvVars() {
			_ = db.Table(*name).DeleteTable().Run(context.Background())
		}
	}()

	// The search engine and the S3 stand-in live in this process, so that
	// the children measure only the functions.
	icfg := algolia.Config{AppID: "MEMBENCH", AdminKey: "membench-admin", SearchKey: "membench-search", ServerSearchKey: "membench-server-search", Index: "cars"}
	eng, err := localsearch.New(localsearch.Config{AppID: icfg.AppID, AdminKey: icfg.AdminKey, SearchKey: icfg.SearchKey, SearchKeys: []string{icfg.ServerSearchKey}})
	if err != nil {
		return err
	}
	defer eng.Close()
	engine := httptest.NewServer(eng.Handler())
	defer engine.Close()
	icfg.Host = engine.URL
	idx, err := algolia.New(icfg)
	if err != nil {
		return err
	}
	if err := idx.EnsureSettings(ctx); err != nil {
		return err
	}
	backend := s3mem.New()
	for _, b := range []string{uploadsBucket, sitemapBucket} {
		if err := backend.CreateBucket(b); err != nil {
			return err
		}
	}
	objects := httptest.NewServer(gofakes3.New(backend).Server())
	defer objects.Close()
	s3c, err := s3client.NewClient(ctx, s3client.ClientConfig{Endpoint: objects.URL})
	if err != nil {
		return err
	}

	pool, err := cognito.EnsureLocalPool(ctx, cognitoURL, dynamo.DefaultRegion, fmt.Sprintf("membench-%d", time.Now().UnixNano()), []string{siteSlug})
	if err != nil {
		return err
	}
	site := benchSite(pool.ClientFor(siteSlug))
	p := &platform.Platform{DB: db, Tables: tables, Index: idx, IndexConfig: icfg, S3: s3c, UploadBucket: uploadsBucket}
	if err := p.Sites().SaveSite(ctx, site); err != nil {
		return err
	}
	// The site's app client, as its tenant stack stores it in AWS (the
	// authorizer reads it from the item).
	if err := db.Table(tables.Sites).Update("slug", siteSlug).Set("auth_client_id", pool.ClientFor(siteSlug)).Run(ctx); err != nil {
		return err
	}
	if err := dynamo.NewProviderKeyStore(db, tables).PutKey(ctx, providerKey, shared.Provider{Name: "membench", Dealerships: []string{uploadDealer}}); err != nil {
		return err
	}

	fmt.Printf("seeding: 250 cars for the api, %d for the sweep, a 50 MB upload of %d cars, %d leads, %d shoppers\n", c.cars, c.uploadCars, c.leads, c.users)
	var pl plan
	pl.Requests, pl.Verifies, pl.Shell = c.requests, c.verifies, c.shell
	svc := p.Feed()
	if _, err := svc.Ingest(ctx, feed.Request{DealershipSlug: apiDealer, Mode: feed.ModeFull, ContentType: "text/csv",
		Body: bytes.NewReader(carsCSV(250, 0))}); err != nil {
		return fmt.Errorf("seed the api's cars: %w", err)
	}
	stock, err := p.Cars().FindCarsByDealership(ctx, apiDealer)
	if err != nil {
		return err
	}
	for _, car := range stock {
		pl.CarSlugs = append(pl.CarSlugs, car.Slug)
	}
	if err := seedSweep(ctx, p, c.cars); err != nil {
		return err
	}
	if pl.UploadKey, err = seedUpload(ctx, p, c.uploadCars); err != nil {
		return err
	}
	if pl.LeadIDs, err = seedLeads(ctx, p, c.leads); err != nil {
		return err
	}
	client := &http.Client{Timeout: 30 * time.Second}
	for range c.users {
		pl.Tokens = append(pl.Tokens, gatewaybench.SignUp(client, cognitoURL, pool.ID, pool.ClientFor(siteSlug)))
	}

	dir, err := os.MkdirTemp("", "membench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	planPath := filepath.Join(dir, "plan.json")
	b, _ := json.Marshal(pl)
	if err := os.WriteFile(planPath, b, 0o600); err != nil {
		return err
	}
	env := os.Environ()
	for k, v := range tables.EnvVars() {
		env = append(env, k+"="+*v)
	}
	env = append(env,
		"AWS_REGION="+dynamo.DefaultRegion,
		"ALGOLIA_APP_ID="+icfg.AppID, "ALGOLIA_ADMIN_KEY="+icfg.AdminKey, "ALGOLIA_SEARCH_KEY="+icfg.SearchKey, "ALGOLIA_SERVER_SEARCH_KEY="+icfg.ServerSearchKey,
		"ALGOLIA_HOST="+icfg.Host, "FORECOURT_INDEX="+icfg.Index,
		"FORECOURT_S3_ENDPOINT="+objects.URL, "FORECOURT_UPLOADS_BUCKET="+uploadsBucket, "FORECOURT_SITEMAPS_BUCKET="+sitemapBucket,
		"COGNITO_USER_POOL_ID="+pool.ID, "FORECOURT_ORIGIN_SECRET="+originSecret, "FORECOURT_CAPTCHA_KEY=membench-captcha-key",
		"FORECOURT_MAIL_FROM=", "FORECOURT_SMTP_ENDPOINT="+smtp,
	)
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	fmt.Printf("membench, %s: each function in a fresh process; heap sampled every millisecond\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	fmt.Printf("%-11s %10s %10s %10s %11s %10s %12s  %s\n", "function", "peak heap", "peak Go", "peak RSS", "RSS - idle", "CPU", "CPU a unit", "load")
	var idle figures
	for _, fn := range c.fns {
		cmd := exec.CommandContext(ctx, exe, "-child", fn, "-plan", planPath)
		cmd.Env = env
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			return fmt.Errorf("%s: %w", fn, err)
		}
		var f figures
		if err := json.Unmarshal(bytes.TrimSpace(lastLine(out)), &f); err != nil {
			return fmt.Errorf("%s: read its figures %q: %w", fn, out, err)
		}
		if fn == "idle" {
			idle = f
		}
		perUnit := 0.0
		if f.Units > 0 {
			perUnit = f.CPU * 1000 / float64(f.Units)
		}
		fmt.Printf("%-11s %7.1f MB %7.1f MB %7.1f MB %8.1f MB %8.2f s %9.3f ms  %s (%.1f s wall, %d samples)\n", fn, mb(f.HeapPeak), mb(f.GoPeak), mb(f.RSSPeak),
			mb(f.RSSPeak)-mb(idle.RSSPeak), f.CPU, perUnit, f.Work, f.Seconds, f.Samples)
		if f.Unhealthy != "" {
			return fmt.Errorf("%s: %s", fn, f.Unhealthy)
		}
	}
	return nil
}

func lastLine(b []byte) []byte {
	b = bytes.TrimSpace(b)
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		return b[i+1:]
	}
	return b
}

func mb(b uint64) float64 { return float64(b) / (1 << 20) }

func benchSite(client string) shared.Site {
	s := shared.DefaultSite()
	s.Slug, s.ID, s.Name = siteSlug, "site-membench", "Membench Motors"
	s.AuthClientID = client
	s.Leads.Captcha = false // its proof of work is the browser's cost, not the server's
	s.Leads.Email = "leads@membench.test"
	s.Dealerships = []shared.Dealership{{ID: "d1", Slug: apiDealer, Name: "Membench Kia"},
		{ID: "d2", Slug: sweepDealer, Name: "Membench Yard"}, {ID: "d3", Slug: uploadDealer, Name: "Membench Upload"}}
	s.Locations = []shared.Location{{ID: "yard", Name: "Yard", DealershipSlug: apiDealer,
		ContactDetail: shared.ContactDetail{Email: "sales@membench.test"}}}
	shared.ApplyDefaults(&s)
	return s
}

// carsCSV is a feed of n cars with dealer comments of about comment bytes.
func carsCSV(n, comment int) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"stocknum", "make", "model", "year", "car_type", "price", "km", "dealercomments"})
	const phrase = "One owner, full service history, two keys. "
	text := "Clean car."
	if comment > 0 {
		text = strings.Repeat(phrase, comment/len(phrase)+1)[:comment]
	}
	for i := range n {
		_ = w.Write([]string{fmt.Sprintf("M%05d", i), "Kia", "Sportage", "2021", "used", fmt.Sprint(20000 + i), fmt.Sprint(10000 + i), text})
	}
	w.Flush()
	return buf.Bytes()
}

// seedSweep stocks the swept dealership 40 days ago and sells a fifth of
// it then: those cars are past every retention now, so the sweep removes
// them from the index.
func seedSweep(ctx context.Context, p *platform.Platform, n int) error {
	then := time.Now().Add(-40 * 24 * time.Hour)
	svc := feed.NewService(feed.ServiceConfig{Cars: p.Cars(), Runs: dynamo.NewRunStore(p.DB, p.Tables), Sites: p.Sites(),
		Index: p.Index, Now: func() time.Time { return then }})
	for _, stock := range []int{n, n - n/5} {
		rep, err := svc.Ingest(ctx, feed.Request{DealershipSlug: sweepDealer, Mode: feed.ModeFull, ContentType: "text/csv",
			Body: bytes.NewReader(carsCSV(stock, 0))})
		if err != nil {
			return fmt.Errorf("seed the sweep's cars: %w", err)
		}
		if rep.Status != feed.StatusSucceeded {
			return fmt.Errorf("seed the sweep's cars: run %s", rep.Status)
		}
	}
	return nil
}

// seedUpload asks for an upload as a provider does and PUTs a 50 MB CSV
// feed of the cars to its URL (5,000: the upload test's feed, long
// comments; 20,000: the most cars a feed may hold).
func seedUpload(ctx context.Context, p *platform.Platform, cars int) (string, error) {
	h, err := p.Handler(route.Ingest, platform.HandlerConfig{})
	if err != nil {
		return "", err
	}
	api := httptest.NewServer(h)
	defer api.Close()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, api.URL+"/ingest/v1/dealerships/"+uploadDealer+"/uploads?mode=full",
		strings.NewReader(`{"content_type":"text/csv"}`))
	req.Header.Set("Authorization", "Bearer "+providerKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var tk upload.Ticket
	if err := json.NewDecoder(resp.Body).Decode(&tk); err != nil || resp.StatusCode != http.StatusCreated {
		return "", fmt.Errorf("upload ticket: %s, %v", resp.Status, err)
	}
	body := carsCSV(cars, 50_000_000/cars-60)
	put, _ := http.NewRequestWithContext(ctx, tk.Method, tk.URL, bytes.NewReader(body))
	put.ContentLength = int64(len(body))
	for k, v := range tk.Headers {
		put.Header.Set(k, v)
	}
	presp, err := http.DefaultClient.Do(put)
	if err != nil {
		return "", err
	}
	io.Copy(io.Discard, presp.Body)
	presp.Body.Close()
	if presp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("PUT the upload: %s", presp.Status)
	}
	fmt.Printf("  upload: a %.1f MB CSV of %d cars\n", float64(len(body))/1e6, cars)
	return upload.KeyPrefix + uploadDealer + "/" + tk.RunID, nil
}

// seedLeads stores ready leads as POST /api/leads leaves them, for the
// deliverer's stream records.
func seedLeads(ctx context.Context, p *platform.Platform, n int) ([]string, error) {
	lead, _ := json.Marshal(shared.Lead{Type: shared.LeadEnquiry, Category: "General Enquiry", FirstName: "Ada",
		Email: "ada@example.test", Phone: "0491570110", Message: "Is it still available?"})
	ids := make([]string, n)
	for i := range n {
		ids[i] = fmt.Sprintf("membench-lead-%06d", i)
		if err := p.DB.Table(p.Tables.Leads).Put(map[string]any{
			"id": ids[i], "kind": "lead", "site": siteSlug, "dealership_slug": apiDealer, "lead": string(lead),
			"created_at": time.Now().UTC().Format(time.RFC3339), "ready": true, "delivery_status": "pending", "attempts": 0,
		}).Run(ctx); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// runChild builds one function as its main does, runs its load and prints
// its figures as one JSON line.
func runChild(fn, planFile string) error {
	ctx := context.Background()
	b, err := os.ReadFile(planFile)
	if err != nil {
		return err
	}
	var pl plan
	if err := json.Unmarshal(b, &pl); err != nil {
		return err
	}
	f := figures{Fn: fn}
	if f.RSSStart, err = procStatus("VmRSS"); err != nil {
		return err
	}
	stop := sampleHeap(&f)
	start, cpu0 := time.Now(), cpuSeconds()
	switch fn {
	case "idle":
		f.Work = "the same binary, nothing run"
	case "api":
		err = loadAPI(ctx, pl, &f)
	case "uploads":
		err = loadUploads(ctx, pl, &f)
	case "sweep":
		err = loadSweep(ctx, &f)
	case "deliver":
		err = loadDeliver(ctx, pl, &f)
	case "authorizer":
		err = loadAuthorizer(ctx, pl, &f)
	default:
		err = fmt.Errorf("unknown function %q", fn)
	}
	f.Seconds, f.CPU = time.Since(start).Seconds(), cpuSeconds()-cpu0
	stop()
	if err != nil {
		return err
	}
	if f.RSSPeak, err = procStatus("VmHWM"); err != nil {
		return err
	}
	return json.NewEncoder(os.Stdout).Encode(f)
}

// sampleHeap samples the heap every millisecond into f until stopped.
func sampleHeap(f *figures) (stop func()) {
	samples := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/total:bytes"}}
	read := func() {
		metrics.Read(samples)
		f.HeapPeak = max(f.HeapPeak, samples[0].Value.Uint64())
		f.GoPeak = max(f.GoPeak, samples[1].Value.Uint64())
		f.Samples++
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				read()
			}
		}
	}()
	return func() {
		close(done)
		wg.Wait()
		read()
	}
}

// cpuSeconds is the CPU time this process has used, user and system.
func cpuSeconds() float64 {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return float64(u.Utime.Nano()+u.Stime.Nano()) / 1e9
}

// procStatus reads a kB field of /proc/self/status, in bytes.
func procStatus(field string) (uint64, error) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb * 1024, err
		}
	}
	return 0, fmt.Errorf("no %s in /proc/self/status", field)
}

// platformFromEnv wires the platform from the environment, as each
// function's main does.
func platformFromEnv(ctx context.Context) (secrets.Lookup, *platform.Platform, error) {
	env, err := platform.ResolveEnv(ctx)
	if err != nil {
		return nil, nil, err
	}
	p, err := platform.FromLookup(ctx, env)
	if err != nil {
		return nil, nil, err
	}
	return env, p, nil
}

// loadAPI serves requests one at a time, as one Lambda instance does,
// through the API Gateway adapter cmd/api uses.
func loadAPI(ctx context.Context, pl plan, f *figures) error {
	env, p, err := platformFromEnv(ctx)
	if err != nil {
		return err
	}
	shellDir := pl.Shell
	documents := shellDir != ""
	if !documents {
		shellDir = os.TempDir()
	}
	h, err := p.Handler(route.API, platform.HandlerConfig{OriginSecrets: secrets.Static{originSecret}, PublicSearchURL: "http://localhost:7700",
		CaptchaKey: "membench-captcha-key", Stripe: platform.StripeFrom(env), Shell: seo.DirShell{FS: os.DirFS(shellDir)}})
	if err != nil {
		return err
	}
	adapter := httpadapter.NewV2(h)
	kinds := []string{"site", "car", "lead"}
	if documents {
		kinds = append(kinds, "document")
	}
	counts := map[string]int{}
	for i := range pl.Requests {
		slug := pl.CarSlugs[i%len(pl.CarSlugs)]
		kind := kinds[i%len(kinds)]
		method, path, body, want := http.MethodGet, "", "", http.StatusOK
		switch kind {
		case "site":
			path = "/api/site"
		case "car":
			path = "/api/cars/" + slug
		case "lead":
			method, path, want = http.MethodPost, "/api/leads", http.StatusCreated
			b, _ := json.Marshal(map[string]any{"type": "enquiry", "name": fmt.Sprintf("Membench %d", i), "phone": "0491570110",
				"postcode": "4000", "email": fmt.Sprintf("membench%d@example.test", i), "message": "Is it still available?",
				"dealership_slug": apiDealer})
			body = string(b)
		case "document":
			path = "/cars/" + slug
		}
		resp, err := adapter.ProxyWithContext(ctx, events.APIGatewayV2HTTPRequest{
			Version: "2.0", RawPath: path, Body: body,
			Headers: map[string]string{
				strings.ToLower(httpapi.HeaderSite): siteSlug, strings.ToLower(httpapi.HeaderOriginSecret): originSecret,
				"content-type": "application/json", strings.ToLower(httpapi.HeaderIdempotency): fmt.Sprintf("membench-%d", i),
				"host": siteSlug + ".example",
			},
			RequestContext: events.APIGatewayV2HTTPRequestContext{HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{
				Method: method, Path: path, SourceIP: "203.0.113.7"}},
		})
		if err != nil {
			return fmt.Errorf("%s %s: %w", method, path, err)
		}
		if resp.StatusCode != want && f.Unhealthy == "" {
			f.Unhealthy = fmt.Sprintf("%s %s answered %d, want %d: %.200s", method, path, resp.StatusCode, want, resp.Body)
		}
		counts[kind]++
	}
	f.Units = pl.Requests
	f.Work = fmt.Sprintf("%d requests in turn: %d GET /api/site, %d GET /api/cars/{slug}, %d POST /api/leads", pl.Requests,
		counts["site"], counts["car"], counts["lead"])
	if documents {
		f.Work += fmt.Sprintf(", %d car page documents", counts["document"])
	}
	return nil
}

// loadUploads applies the uploaded 50 MB feed as cmd/ingest does on the
// bucket's notification.
func loadUploads(ctx context.Context, pl plan, f *figures) error {
	_, p, err := platformFromEnv(ctx)
	if err != nil {
		return err
	}
	uploads := p.Uploads(p.Feed())
	if uploads == nil {
		return errors.New("FORECOURT_UPLOADS_BUCKET is not set")
	}
	rep, err := uploads.Apply(ctx, pl.UploadKey)
	if err != nil {
		return err
	}
	if rep.Status != feed.StatusSucceeded {
		f.Unhealthy = fmt.Sprintf("the upload's run ended %s: %s", rep.Status, rep.Error)
	}
	f.Units = rep.Created
	f.Work = fmt.Sprintf("a 50 MB CSV upload applied: %d cars created", rep.Created)
	return nil
}

// loadSweep is one invocation of cmd/sweep's function.
func loadSweep(ctx context.Context, f *figures) error {
	_, p, err := platformFromEnv(ctx)
	if err != nil {
		return err
	}
	svc := p.Feed()
	holds := p.Reservations(platform.StripeConfig{})
	if _, err := holds.Sweep(ctx); err != nil {
		return err
	}
	rep, err := svc.Sweep(ctx)
	if err != nil {
		return err
	}
	if rep.Removed == 0 {
		f.Unhealthy = fmt.Sprintf("the sweep removed nothing: %+v", rep)
	}
	f.Units = rep.Dealerships
	f.Work = fmt.Sprintf("one sweep of %d dealerships: %d sold cars past retention removed", rep.Dealerships, rep.Removed)
	return nil
}

// loadDeliver hands the deliverer, wired as cmd/deliver wires it, the
// leads' stream records in batches of the event source's size.
func loadDeliver(ctx context.Context, pl plan, f *figures) error {
	db, err := dynamo.NewClient(ctx)
	if err != nil {
		return err
	}
	sender, err := mail.FromEnv(ctx)
	if err != nil {
		return err
	}
	secretSource, err := secrets.FromEnv(ctx, os.Getenv)
	if err != nil {
		return err
	}
	tables := dynamo.TablesFromEnv()
	d := &delivery.Deliverer{Store: dynamo.NewLeadDeliveryStore(db, tables.Leads), Sites: dynamo.NewSiteStore(db, tables),
		Sender: sender, Webhooks: &webhook.Client{}, Secrets: secretSource}
	for lo := 0; lo < len(pl.LeadIDs); lo += deliverBatch {
		var ev events.DynamoDBEvent
		for k, id := range pl.LeadIDs[lo:min(lo+deliverBatch, len(pl.LeadIDs))] {
			ev.Records = append(ev.Records, events.DynamoDBEventRecord{EventName: "INSERT", Change: events.DynamoDBStreamRecord{
				SequenceNumber: strconv.Itoa(lo + k + 1), NewImage: map[string]events.DynamoDBAttributeValue{
					"id": events.NewStringAttribute(id), "kind": events.NewStringAttribute("lead"),
					"ready": events.NewBooleanAttribute(true), "delivery_status": events.NewStringAttribute("pending"),
				}}})
		}
		resp, err := d.HandleStream(ctx, ev)
		if err != nil {
			return err
		}
		if len(resp.BatchItemFailures) > 0 && f.Unhealthy == "" {
			f.Unhealthy = fmt.Sprintf("%d records of a batch failed", len(resp.BatchItemFailures))
		}
	}
	f.Units = len(pl.LeadIDs)
	f.Work = fmt.Sprintf("%d leads e-mailed, in batches of %d stream records", len(pl.LeadIDs), deliverBatch)
	return nil
}

// loadAuthorizer verifies the shoppers' tokens in turn with the
// authorizer cmd/authorizer builds.
func loadAuthorizer(ctx context.Context, pl plan, f *figures) error {
	pool, ok, err := cognito.PoolFromEnv()
	if err != nil || !ok {
		return fmt.Errorf("shopper user pool: %v (configured: %v)", err, ok)
	}
	shoppers, err := cognito.NewShoppers(ctx, pool)
	if err != nil {
		return err
	}
	db, err := dynamo.NewClient(ctx)
	if err != nil {
		return err
	}
	a := authorizer.Authorizer{Sites: dynamo.NewSiteStore(db, dynamo.TablesFromEnv()), Shoppers: shoppers}
	for i := range pl.Verifies {
		resp, err := a.Authorize(ctx, events.APIGatewayV2CustomAuthorizerV2Request{Version: "2.0", Type: "REQUEST",
			RouteKey: "POST /api/watchlist/save-car", Headers: map[string]string{
				"authorization": "Bearer " + pl.Tokens[i%len(pl.Tokens)], "x-forecourt-site": siteSlug}})
		if err != nil {
			return err
		}
		if !resp.IsAuthorized && f.Unhealthy == "" {
			f.Unhealthy = "a valid token was refused"
		}
	}
	f.Units = pl.Verifies
	f.Work = fmt.Sprintf("%d verifications of %d shoppers' ID tokens", pl.Verifies, len(pl.Tokens))
	return nil
}

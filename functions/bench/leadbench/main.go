// Command leadbench load-tests the lead path (issue 9 "Tests": a load test,
// not a timed test): the real /api handler (platform.Handler) over
// DynamoDB Local behind a real HTTP listener, and the deliverer polling the
// leads table's stream (delivery.Poll) with 20% of its e-mail sends failing
// at random.
//
//  1. 1,000 concurrent submits, 200 of them sent again at once with the
//     same Idempotency-Key; then it checks that every distinct lead is
//     stored once and e-mailed exactly once (a recording sender counts by
//     Message-ID), and exits 1 when not.
//  2. POST /api/leads at 50 concurrent clients, beside GET /api/site at 50
//     as the baseline measured in the same run: p50, p99 and the ratio.
//
// DynamoDB is FORECOURT_DYNAMO_ENDPOINT (default http://127.0.0.1:8000).
// The captcha is off for the bench site (its proof of work is the
// browser's cost, not the server's).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	gdynamo "github.com/guregu/dynamo/v2"

	"forecourt/functions/algolia"
	"forecourt/functions/delivery"
	"forecourt/functions/dynamo"
	"forecourt/functions/httpapi"
	"forecourt/functions/httpapi/route"
	"forecourt/functions/mail"
	"forecourt/functions/platform"
	"forecourt/shared"
)

const (
	benchSite    = "bench-motors"
	originSecret = "bench-origin-secret"
)

func main() {
	leads := flag.Int("leads", 1000, "concurrent distinct submits")
	retries := flag.Int("retries", 200, "of them sent again with the same Idempotency-Key")
	failRate := flag.Float64("fail", 0.2, "share of e-mail sends that fail")
	clients := flag.Int("clients", 50, "concurrent clients for the latency figures")
	requests := flag.Int("requests", 2000, "requests per latency run")
	flag.Parse()
	if err := run(context.Background(), *leads, *retries, *failRate, *clients, *requests); err != nil {
		fmt.Fprintln(os.Stderr, "leadbench:", err)
		os.Exit(1)
	}
}

// flakySender fails a share of sends at random with an SMTP 451, as a busy
// mail server does, and passes the others to next.
type flakySender struct {
	rate   float64
	next   mail.Sender
	failed atomic.Int64
}

func (f *flakySender) Send(ctx context.Context, m mail.Message) error {
	if rand.Float64() < f.rate {
		f.failed.Add(1)
		return &mail.Error{Op: "smtp send", Code: "451", Temporary: true}
	}
	return f.next.Send(ctx, m)
}

// recorder counts accepted e-mails by Message-ID.
type recorder struct {
	mu   sync.Mutex
	byID map[string]int
}

func (r *recorder) Send(_ context.Context, m mail.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.byID[m.MessageID]++
	return nil
}

func benchSiteConfig() shared.Site {
	s := shared.DefaultSite()
	s.Slug, s.ID, s.Name = benchSite, "site-bench", "Bench Motors"
	s.Leads.Captcha = false
	s.Dealerships = []shared.Dealership{{ID: "d1", Slug: "bench-kia", Name: "Bench Kia"}}
	s.Locations = []shared.Location{{ID: "yard", Name: "Yard", DealershipSlug: "bench-kia",
		ContactDetail: shared.ContactDetail{Email: "sales@bench.test"}}}
	return s
}

func run(ctx context.Context, nLeads, nRetries int, failRate float64, clients, requests int) error {
	endpoint := os.Getenv("FORECOURT_DYNAMO_ENDPOINT")
	if endpoint == "" {
		endpoint = "http://127.0.0.1:8000"
	}
	cfg := dynamo.Config{Endpoint: endpoint}
	db, err := dynamo.Connect(ctx, cfg)
	if err != nil {
		return err
	}
	tables := dynamo.TablesWithPrefix(fmt.Sprintf("leadbench-%d-", time.Now().UnixNano()))
	if err := dynamo.CreateTables(ctx, db, tables); err != nil {
		return err
	}
	defer func() {
		for _, name := range []string{tables.Cars, tables.Sites, tables.ProviderKeys, tables.FeedRuns, tables.Leads, tables.Events} {
			_ = db.Table(name).DeleteTable().Run(context.Background())
		}
	}()
	if err := dynamo.NewSiteStore(db, tables).SaveSite(ctx, benchSiteConfig()); err != nil {
		return err
	}
	idx, err := algolia.New(algolia.Config{AppID: "BENCH", AdminKey: "bench-admin", SearchKey: "bench-search",
		Host: "http://127.0.0.1:1", Index: "cars"})
	if err != nil {
		return err
	}
	p := &platform.Platform{DB: db, Tables: tables, Index: idx, IndexConfig: algolia.Config{AppID: "BENCH"}}
	h, err := p.Handler(route.API, platform.HandlerConfig{OriginSecret: originSecret, CaptchaKey: "bench-captcha-key"})
	if err != nil {
		return err
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * nLeads}, Timeout: 60 * time.Second}

	// The deliverer, as the dev gateway runs it, over the table's stream.
	rec := &recorder{byID: map[string]int{}}
	flaky := &flakySender{rate: failRate, next: rec}
	d := &delivery.Deliverer{Store: dynamo.NewLeadDeliveryStore(db, tables.Leads), Sites: p.Sites(), Sender: flaky,
		// Enough attempts that 20% random failures do not exhaust them
		// (0.2^10), with short waits so the bench ends in seconds.
		MaxAttempts: 10, Backoff: func(int) time.Duration { return 20 * time.Millisecond }}
	streams, err := dynamo.ConnectStreams(ctx, cfg)
	if err != nil {
		return err
	}
	pollCtx, stopPoll := context.WithCancel(ctx)
	defer stopPoll()
	polled := make(chan error, 1)
	go func() { polled <- delivery.Poll(pollCtx, streams, tables.Leads, d) }()

	// 1. Concurrent submits with retries.
	fmt.Printf("leads: %d concurrent submits, %d retried with the same Idempotency-Key, %.0f%% of e-mail sends failing\n",
		nLeads, nRetries, failRate*100)
	type answer struct {
		key, id string
		status  int
	}
	answers := make(chan answer, nLeads+nRetries)
	var wg sync.WaitGroup
	start := make(chan struct{})
	var errs atomic.Int64
	submit := func(i int) {
		defer wg.Done()
		<-start
		key := fmt.Sprintf("bench-%d", i)
		status, body, err := post(client, srv.URL, key, leadBody(i))
		if err != nil {
			errs.Add(1)
			return
		}
		var c httpapi.LeadCreated
		_ = json.Unmarshal(body, &c)
		answers <- answer{key: key, id: c.LeadID, status: status}
	}
	t0 := time.Now()
	for i := range nLeads {
		wg.Add(1)
		go submit(i)
	}
	for i := range nRetries {
		wg.Add(1)
		go submit(i * nLeads / max(nRetries, 1))
	}
	close(start)
	wg.Wait()
	close(answers)
	submitTime := time.Since(t0)

	idsByKey := map[string]map[string]bool{}
	statuses := map[int]int{}
	for a := range answers {
		statuses[a.status]++
		if idsByKey[a.key] == nil {
			idsByKey[a.key] = map[string]bool{}
		}
		idsByKey[a.key][a.id] = true
	}
	var problems []string
	if n := errs.Load(); n > 0 {
		problems = append(problems, fmt.Sprintf("%d requests failed outright", n))
	}
	distinct := map[string]bool{}
	for key, ids := range idsByKey {
		if len(ids) != 1 {
			problems = append(problems, fmt.Sprintf("key %s answered with %d lead ids", key, len(ids)))
		}
		for id := range ids {
			distinct[id] = true
		}
	}
	fmt.Printf("  answers in %v: %v (201 created, 200 a retry's same lead)\n", submitTime.Round(time.Millisecond), statuses)
	if statuses[http.StatusCreated] != nLeads || statuses[http.StatusOK] != nRetries {
		problems = append(problems, fmt.Sprintf("want %d created and %d retries answered 200", nLeads, nRetries))
	}
	stored, err := countLeads(ctx, db, tables.Leads, "")
	if err != nil {
		return err
	}
	fmt.Printf("  distinct leads answered %d, stored %d (want %d each)\n", len(distinct), stored, nLeads)
	if len(distinct) != nLeads || stored != nLeads {
		problems = append(problems, "leads lost or stored twice")
	}

	// Wait until every lead is delivered (or failed), then count e-mails.
	deadline := time.Now().Add(5 * time.Minute)
	for {
		done, err := countLeads(ctx, db, tables.Leads, delivery.StatusDelivered)
		if err != nil {
			return err
		}
		failed, err := countLeads(ctx, db, tables.Leads, delivery.StatusFailed)
		if err != nil {
			return err
		}
		if done+failed >= stored || time.Now().After(deadline) {
			fmt.Printf("  delivered %d, failed %d, in %v since the first submit; %d sends failed on the way\n",
				done, failed, time.Since(t0).Round(time.Millisecond), flaky.failed.Load())
			if done != nLeads {
				problems = append(problems, fmt.Sprintf("%d of %d leads delivered", done, nLeads))
			}
			break
		}
		time.Sleep(200 * time.Millisecond) // polling DynamoDB for the outcome, not timing
	}
	rec.mu.Lock()
	once, twice := 0, 0
	for id := range distinct {
		switch rec.byID[delivery.MessageID(id)] {
		case 1:
			once++
		case 0:
		default:
			twice++
		}
	}
	total := 0
	for _, n := range rec.byID {
		total += n
	}
	rec.mu.Unlock()
	fmt.Printf("  e-mails: %d leads e-mailed exactly once, %d more than once, %d e-mails in all (want %d, 0, %d)\n",
		once, twice, total, nLeads, nLeads)
	if once != nLeads || twice != 0 || total != nLeads {
		problems = append(problems, "e-mails lost or duplicated")
	}

	// 2. Latency at `clients` concurrent clients, baseline first.
	fmt.Printf("latency at %d concurrent clients, %d requests each run (the deliverer polling meanwhile)\n", clients, requests)
	site, err := measure(clients, requests, func(int) (int, error) {
		status, _, err := get(client, srv.URL+"/api/site")
		return status, err
	})
	if err != nil {
		return err
	}
	var seq atomic.Int64
	leadsLat, err := measure(clients, requests, func(int) (int, error) {
		i := int(seq.Add(1)) + nLeads
		status, _, err := post(client, srv.URL, fmt.Sprintf("latency-%d", i), leadBody(i))
		return status, err
	})
	if err != nil {
		return err
	}
	fmt.Printf("  GET /api/site (baseline)  p50 %v  p99 %v\n", site.p50, site.p99)
	fmt.Printf("  POST /api/leads           p50 %v  p99 %v\n", leadsLat.p50, leadsLat.p99)
	fmt.Printf("  ratio POST/GET            p50 %.1fx  p99 %.1fx   (issue 9 target: POST p99 <= 30ms)\n",
		ratio(leadsLat.p50, site.p50), ratio(leadsLat.p99, site.p99))

	stopPoll()
	if err := <-polled; err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("poll: %w", err)
	}
	if len(problems) > 0 {
		for _, p := range problems {
			fmt.Println("  FAIL:", p)
		}
		return errors.New("the lead path lost or duplicated leads or e-mails")
	}
	fmt.Println("  ok: 0 lost, 0 duplicated, 0 double e-mails")
	return nil
}

func leadBody(i int) []byte {
	b, _ := json.Marshal(map[string]any{
		"type": "enquiry", "name": fmt.Sprintf("Bench %d", i), "phone": "0491570110", "postcode": "4000",
		"email": fmt.Sprintf("bench%d@example.test", i), "message": "Is it still available?",
	})
	return b
}

func post(c *http.Client, base, key string, body []byte) (int, []byte, error) {
	req, _ := http.NewRequest(http.MethodPost, base+"/api/leads", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(httpapi.HeaderIdempotency, key)
	return do(c, req)
}

func get(c *http.Client, url string) (int, []byte, error) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	return do(c, req)
}

func do(c *http.Client, req *http.Request) (int, []byte, error) {
	req.Header.Set(httpapi.HeaderSite, benchSite)
	req.Header.Set(httpapi.HeaderOriginSecret, originSecret)
	resp, err := c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp.StatusCode, body, err
}

type latencies struct{ p50, p99 time.Duration }

// measure runs `requests` calls of f over `clients` goroutines and returns
// the percentiles; a status other than 200 or 201 is an error.
func measure(clients, requests int, f func(i int) (int, error)) (latencies, error) {
	var next atomic.Int64
	times := make([]time.Duration, requests)
	var wg sync.WaitGroup
	var firstErr error
	var once sync.Once
	for range clients {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= requests {
					return
				}
				t := time.Now()
				status, err := f(i)
				times[i] = time.Since(t)
				if err == nil && status != http.StatusOK && status != http.StatusCreated {
					err = fmt.Errorf("status %d", status)
				}
				if err != nil {
					once.Do(func() { firstErr = err })
				}
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return latencies{}, firstErr
	}
	slices.Sort(times)
	pct := func(p float64) time.Duration {
		return times[min(int(float64(len(times))*p), len(times)-1)].Round(10 * time.Microsecond)
	}
	return latencies{p50: pct(0.50), p99: pct(0.99)}, nil
}

func ratio(a, b time.Duration) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// countLeads counts the lead items, of one delivery status when set.
func countLeads(ctx context.Context, db *gdynamo.DB, table, status string) (int, error) {
	scan := db.Table(table).Scan().Consistent(true).Filter("kind = ?", dynamo.KindLead)
	if status != "" {
		scan = scan.Filter("delivery_status = ?", status)
	}
	n, err := scan.Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count leads: %w", err)
	}
	return int(n), nil
}

package delivery_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/guregu/dynamo/v2"

	"forecourt/functions/delivery"
	fdynamo "forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/logging"
	"forecourt/functions/mail"
	"forecourt/shared"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// leadsTable is a fresh leads table as dynamo.CreateTables makes it (the
// contract's key, stream and TTL), in DynamoDB Local.
func leadsTable(t *testing.T) (*dynamo.DB, string) {
	t.Helper()
	db, tables := testenv.DB(t)
	return db, tables.Leads
}

// sites is an in-memory shared.SiteStore.
type sites map[string]shared.Site

func (s sites) FindSite(_ context.Context, slug string) (shared.Site, error) {
	site, ok := s[slug]
	if !ok {
		return shared.Site{}, errors.New("not found")
	}
	return site, nil
}
func (s sites) ListSites(context.Context) ([]shared.Site, error) { return nil, nil }
func (s sites) SaveSite(context.Context, shared.Site) error      { return nil }

func demoSite() shared.Site {
	return shared.Site{
		Slug: "demo", Name: "Demo Motors Group",
		Dealerships: []shared.Dealership{{ID: "d1", Slug: "demo-motors", Name: "Demo Motors"}},
		Locations: []shared.Location{
			{ID: "svc", Name: "Service", LocationType: shared.LocationService, DealershipSlug: "demo-motors",
				ContactDetail: shared.ContactDetail{Email: "service@demo.test"}},
			{ID: "yard", Name: "Yard", LocationType: shared.LocationSales, DealershipSlug: "demo-motors",
				ContactDetail: shared.ContactDetail{Email: "sales@demo.test", Phone: "0299990000"}},
		},
	}
}

// failingSender fails its first n sends with an SMTP 451, then sends
// through next.
type failingSender struct {
	mu   sync.Mutex
	n    int
	next mail.Sender
}

func (f *failingSender) Send(ctx context.Context, m mail.Message) error {
	f.mu.Lock()
	fail := f.n > 0
	f.n--
	f.mu.Unlock()
	if fail {
		return &mail.Error{Op: "smtp send", Code: "451", Temporary: true}
	}
	return f.next.Send(ctx, m)
}

type env struct {
	db    *dynamo.DB
	table string
	store *fdynamo.LeadDeliveryStore
	dev   testenv.MailDev
	smtp  mail.Sender
}

func newEnv(t *testing.T) env {
	t.Helper()
	db, table := leadsTable(t)
	dev := testenv.StartMailDev(t)
	smtp, err := mail.NewSMTP(dev.SMTP, mail.LocalFrom)
	if err != nil {
		t.Fatalf("smtp: %v", err)
	}
	return env{db: db, table: table, store: fdynamo.NewLeadDeliveryStore(db, table), dev: dev, smtp: smtp}
}

func (e env) deliverer(sender mail.Sender) *delivery.Deliverer {
	return &delivery.Deliverer{
		Store: e.store, Sites: sites{"demo": demoSite()}, Sender: sender,
		Backoff: func(int) time.Duration { return 0 },
	}
}

// put stores a lead item as the intake API does (docs/contracts.md "Leads").
func (e env) put(t *testing.T, ready bool, lead shared.Lead, car *shared.Car) string {
	t.Helper()
	id := testenv.RandomID() + testenv.RandomID()
	lj, _ := json.Marshal(lead)
	item := map[string]any{
		"id": id, "kind": "lead", "site": "demo", "dealership_slug": "demo-motors",
		"created_at": time.Now().UTC().Format(time.RFC3339), "lead": string(lj),
		"ready": ready, "delivery_status": "pending", "attempts": 0,
		"expires_at": time.Now().Add(24 * time.Hour).Unix(),
	}
	if car != nil {
		cj, _ := json.Marshal(car)
		item["car"] = string(cj)
	}
	if err := e.db.Table(e.table).Put(item).Run(context.Background()); err != nil {
		t.Fatalf("put lead: %v", err)
	}
	return id
}

func enquiry() (shared.Lead, *shared.Car) {
	return shared.Lead{
			Type: shared.LeadEnquiry, Category: "Vehicle Enquiry", FirstName: "Ada", LastName: "Lovelace",
			Email: "ada@example.test", Phone: "0400000000", Postcode: "2000", Message: "Is it available?",
			DealershipSlug: "demo-motors",
		}, &shared.Car{ID: "c1", Year: 2021, Make: "Toyota", Model: "Corolla", StockNum: "STK-4242",
			DealershipSlug: "demo-motors", Price: 25990}
}

func (e env) count(t *testing.T, id string) int {
	t.Helper()
	found, err := e.dev.WithMessageID(context.Background(), delivery.MessageID(id))
	if err != nil {
		t.Fatalf("read MailDev: %v", err)
	}
	return len(found)
}

func (e env) item(t *testing.T, id string) delivery.Item {
	t.Helper()
	it, err := e.store.Get(context.Background(), id)
	if err != nil {
		t.Fatalf("get: %v", err)
	}
	return it
}

// Delivery rule: a ready lead is e-mailed to the dealership's lead address
// with its ADF attached, naming the car's stock number and the dealership.
func TestDeliverSendsADF(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	lead, car := enquiry()
	id := e.put(t, true, lead, car)

	res, err := e.deliverer(e.smtp).Deliver(ctx, id)
	if err != nil || res != delivery.Sent {
		t.Fatalf("Deliver = %q, %v; want sent", res, err)
	}
	m := e.dev.WaitForEmail(t, delivery.MessageID(id), 10*time.Second)
	if len(m.To) != 1 || m.To[0].Address != "sales@demo.test" {
		t.Errorf("to = %+v, want the sales location's address", m.To)
	}
	if want := "General enquiry – 2021 Toyota Corolla – Ada Lovelace"; m.Subject != want {
		t.Errorf("subject = %q, want %q", m.Subject, want)
	}
	var xml []byte
	for _, a := range m.Attachments {
		if a.Filename == "lead.xml" {
			if xml, err = e.dev.Attachment(ctx, m, a); err != nil {
				t.Fatalf("attachment: %v", err)
			}
		}
	}
	for _, want := range []string{"<stock>STK-4242</stock>", "Demo Motors", `<?adf version="1.0"?>`} {
		if !strings.Contains(string(xml), want) {
			t.Errorf("lead.xml lacks %q:\n%s", want, xml)
		}
	}
	if it := e.item(t, id); it.Status != delivery.StatusDelivered {
		t.Errorf("status = %q, want delivered", it.Status)
	}
}

// Delivery rule: a redelivered stream record (Deliver called again) finds
// the lead delivered and sends nothing.
func TestDeliverTwiceSendsOnce(t *testing.T) {
	e := newEnv(t)
	lead, car := enquiry()
	id := e.put(t, true, lead, car)
	d := e.deliverer(e.smtp)
	for i, want := range []delivery.Result{delivery.Sent, delivery.Skipped} {
		if res, err := d.Deliver(context.Background(), id); err != nil || res != want {
			t.Fatalf("Deliver #%d = %q, %v; want %q", i+1, res, err, want)
		}
	}
	e.dev.WaitForEmail(t, delivery.MessageID(id), 10*time.Second)
	if n := e.count(t, id); n != 1 {
		t.Errorf("%d e-mails, want 1", n)
	}
}

// Delivery rule: a failed send records attempts and last_error (a code),
// and a later attempt delivers; after the limit the lead is failed.
func TestDeliverRetriesThenFails(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	lead, car := enquiry()

	t.Run("delivered on a later try", func(t *testing.T) {
		id := e.put(t, true, lead, car)
		d := e.deliverer(&failingSender{n: 2, next: e.smtp})
		for i := 1; i <= 2; i++ {
			_, err := d.Deliver(ctx, id)
			var retry *delivery.RetryError
			if !errors.As(err, &retry) || retry.Attempts != i {
				t.Fatalf("Deliver #%d: err = %v, want a retry after attempt %d", i, err, i)
			}
			it := e.item(t, id)
			if it.Status != delivery.StatusPending || it.Attempts != i || it.LastError != "smtp send 451" {
				t.Fatalf("after attempt %d: status %q attempts %d last_error %q", i, it.Status, it.Attempts, it.LastError)
			}
		}
		if res, err := d.Deliver(ctx, id); err != nil || res != delivery.Sent {
			t.Fatalf("third Deliver = %q, %v", res, err)
		}
		e.dev.WaitForEmail(t, delivery.MessageID(id), 10*time.Second)
		if it := e.item(t, id); it.Status != delivery.StatusDelivered || it.Attempts != 2 {
			t.Errorf("status %q attempts %d, want delivered after 2", it.Status, it.Attempts)
		}
	})

	t.Run("failed after the limit, redrive makes it pending", func(t *testing.T) {
		id := e.put(t, true, lead, car)
		d := e.deliverer(&failingSender{n: 100, next: e.smtp})
		d.MaxAttempts = 3
		var logs bytes.Buffer
		prev := slog.Default()
		slog.SetDefault(logging.New(&logs))
		res, err := d.DeliverWithRetry(ctx, id)
		slog.SetDefault(prev)
		if err != nil || res != delivery.FailedLead {
			t.Fatalf("DeliverWithRetry = %q, %v; want failed", res, err)
		}
		// Issue 15: the failed-deliveries alarm counts this JSON line; it
		// names the lead and the code, never the shopper.
		var line map[string]any
		if err := json.Unmarshal(logs.Bytes(), &line); err != nil || line["msg"] != delivery.MsgDeliveryFailed ||
			line["lead"] != id || line["code"] != "smtp send 451" || strings.Contains(logs.String(), lead.Email) {
			t.Errorf("log %q: want one %q line naming lead %s and its code only", logs.String(), delivery.MsgDeliveryFailed, id)
		}
		if it := e.item(t, id); it.Status != delivery.StatusFailed || it.Attempts != 3 || it.LastError != "smtp send 451" {
			t.Errorf("status %q attempts %d last_error %q", it.Status, it.Attempts, it.LastError)
		}
		if res, _ := d.Deliver(ctx, id); res != delivery.Skipped {
			t.Errorf("Deliver of a failed lead = %q, want skipped", res)
		}
		if n, err := e.store.Redrive(ctx, "demo-motors"); err != nil || n != 1 {
			t.Fatalf("Redrive = %d, %v; want 1", n, err)
		}
		if res, err := e.deliverer(e.smtp).Deliver(ctx, id); err != nil || res != delivery.Sent {
			t.Fatalf("Deliver after redrive = %q, %v", res, err)
		}
		e.dev.WaitForEmail(t, delivery.MessageID(id), 10*time.Second)
	})
}

// Delivery rule: a lead with no lead address is failed with
// last_error "no lead address".
func TestDeliverNoAddress(t *testing.T) {
	e := newEnv(t)
	lead, car := enquiry()
	id := e.put(t, true, lead, car)
	d := e.deliverer(e.smtp)
	site := demoSite()
	site.Locations = nil
	d.Sites = sites{"demo": site}
	if res, err := d.Deliver(context.Background(), id); err != nil || res != delivery.FailedLead {
		t.Fatalf("Deliver = %q, %v; want failed", res, err)
	}
	if it := e.item(t, id); it.Status != delivery.StatusFailed || it.LastError != "no lead address" {
		t.Errorf("status %q last_error %q", it.Status, it.LastError)
	}
}

// Delivery rule: a trade-in that is not ready sends nothing until ready.
func TestDeliverWaitsForReady(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	lead := shared.Lead{Type: shared.LeadTradeIn, Category: "Trade-In", FirstName: "Ada", Email: "ada@example.test",
		VehicleMake: "Mazda", VehicleModel: "3", Rego: "ABC123", DealershipSlug: "demo-motors"}
	id := e.put(t, false, lead, nil)
	d := e.deliverer(e.smtp)
	if res, err := d.Deliver(ctx, id); err != nil || res != delivery.Skipped {
		t.Fatalf("Deliver not ready = %q, %v; want skipped", res, err)
	}
	if err := e.db.Table(e.table).Update("id", id).Set("ready", true).Run(ctx); err != nil {
		t.Fatal(err)
	}
	if res, err := d.Deliver(ctx, id); err != nil || res != delivery.Sent {
		t.Fatalf("Deliver ready = %q, %v; want sent", res, err)
	}
	if m := e.dev.WaitForEmail(t, delivery.MessageID(id), 10*time.Second); m.Subject != "Trade-in – Mazda 3 – Ada" {
		t.Errorf("subject = %q", m.Subject)
	}
}

// Issue 9 trade-in: a trade-in not against a dealer's car names the
// shopper's own car (its looked-up year, make and model) in the subject,
// with its odometer in the body (text and HTML, issue 32 item 4).
func TestDeliverTradeInNamesTheVehicle(t *testing.T) {
	e := newEnv(t)
	lead := shared.Lead{Type: shared.LeadTradeIn, Category: "Trade-In", FirstName: "Ada", Email: "ada@example.test", FormCompleted: true,
		Rego: "ABC123", DealershipSlug: "demo-motors", TradeInVehicle: &shared.TradeInVehicle{Year: 2018, Make: "Mazda", Model: "CX-5", KM: 85000}}
	id := e.put(t, true, lead, nil)
	if res, err := e.deliverer(e.smtp).Deliver(context.Background(), id); err != nil || res != delivery.Sent {
		t.Fatalf("Deliver = %q, %v; want sent", res, err)
	}
	m := e.dev.WaitForEmail(t, delivery.MessageID(id), 10*time.Second)
	if m.Subject != "Trade-in – 2018 Mazda CX-5 – Ada" || !strings.Contains(m.Text, "Odometer: 85,000 km") || !strings.Contains(m.HTML, "85,000 km") {
		t.Errorf("subject %q, text %q; want the trade-in vehicle and its km", m.Subject, m.Text)
	}
}

// Delivery rule: exactly once under concurrency: 20 deliverers of one
// lead send one e-mail.
func TestDeliverConcurrent(t *testing.T) {
	e := newEnv(t)
	lead, car := enquiry()
	id := e.put(t, true, lead, car)
	d := e.deliverer(e.smtp)
	var wg sync.WaitGroup
	results := make([]delivery.Result, 20)
	for i := range results {
		wg.Go(func() {
			res, err := d.Deliver(context.Background(), id)
			if err != nil {
				t.Errorf("Deliver: %v", err)
			}
			results[i] = res
		})
	}
	wg.Wait()
	sent := 0
	for _, r := range results {
		if r == delivery.Sent {
			sent++
		}
	}
	if sent != 1 {
		t.Errorf("%d deliverers sent, want 1 (%v)", sent, results)
	}
	e.dev.WaitForEmail(t, delivery.MessageID(id), 10*time.Second)
	if n := e.count(t, id); n != 1 {
		t.Errorf("%d e-mails, want 1", n)
	}
}

// Poll delivers a lead inserted into the table, from DynamoDB Local's stream.
func TestPollDelivers(t *testing.T) {
	e := newEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	streams, err := fdynamo.ConnectStreams(ctx, fdynamo.Config{Endpoint: testenv.DynamoEndpoint(t)})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- delivery.Poll(ctx, streams, e.table, e.deliverer(e.smtp)) }()

	lead, car := enquiry()
	id := e.put(t, true, lead, car)
	e.dev.WaitForEmail(t, delivery.MessageID(id), 20*time.Second)
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("Poll = %v, want context.Canceled", err)
	}
	if n := e.count(t, id); n != 1 {
		t.Errorf("%d e-mails, want 1", n)
	}
}

// HandleStream delivers INSERT and MODIFY records of ready pending leads
// and ignores the others (not leads, not ready, REMOVE).
func TestHandleStream(t *testing.T) {
	e := newEnv(t)
	lead, car := enquiry()
	ready := e.put(t, true, lead, car)
	notReady := e.put(t, false, lead, car)
	image := func(id, kind string, ready bool) map[string]events.DynamoDBAttributeValue {
		return map[string]events.DynamoDBAttributeValue{
			"id": events.NewStringAttribute(id), "kind": events.NewStringAttribute(kind),
			"ready": events.NewBooleanAttribute(ready), "delivery_status": events.NewStringAttribute("pending"),
		}
	}
	rec := func(name, seq string, im map[string]events.DynamoDBAttributeValue) events.DynamoDBEventRecord {
		return events.DynamoDBEventRecord{EventName: name, Change: events.DynamoDBStreamRecord{SequenceNumber: seq, NewImage: im}}
	}
	ev := events.DynamoDBEvent{Records: []events.DynamoDBEventRecord{
		rec("INSERT", "1", image("captcha#x", "captcha", false)),
		rec("INSERT", "2", image(notReady, "lead", false)),
		rec("INSERT", "3", image(ready, "lead", true)),
		rec("MODIFY", "4", image(ready, "lead", true)), // redelivered
		rec("REMOVE", "5", nil),
	}}
	resp, err := e.deliverer(e.smtp).HandleStream(context.Background(), ev)
	if err != nil || len(resp.BatchItemFailures) != 0 {
		t.Fatalf("HandleStream = %+v, %v", resp, err)
	}
	e.dev.WaitForEmail(t, delivery.MessageID(ready), 10*time.Second)
	if n := e.count(t, ready); n != 1 {
		t.Errorf("%d e-mails, want 1", n)
	}
	if it := e.item(t, notReady); it.Status != delivery.StatusPending {
		t.Errorf("not-ready lead status %q, want pending", it.Status)
	}
}

// A record whose lead's retry is not yet due (a Lambda retry of a batch
// whose invocation ran out of time) waits for it and delivers, rather than
// finishing with the lead still pending and nothing left to bring it back.
func TestHandleStreamWaitsForDueRetry(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	lead, car := enquiry()
	id := e.put(t, true, lead, car)
	due := time.Now().Add(time.Second).Unix()
	if err := e.db.Table(e.table).Update("id", id).Set("claim_until", due).Set("attempts", 1).Run(ctx); err != nil {
		t.Fatal(err)
	}
	ev := events.DynamoDBEvent{Records: []events.DynamoDBEventRecord{{EventName: "MODIFY", Change: events.DynamoDBStreamRecord{
		SequenceNumber: "1", NewImage: map[string]events.DynamoDBAttributeValue{
			"id": events.NewStringAttribute(id), "kind": events.NewStringAttribute("lead"),
			"ready": events.NewBooleanAttribute(true), "delivery_status": events.NewStringAttribute("pending"),
		}}}}}
	resp, err := e.deliverer(e.smtp).HandleStream(ctx, ev)
	if err != nil || len(resp.BatchItemFailures) != 0 {
		t.Fatalf("HandleStream = %+v, %v", resp, err)
	}
	if it := e.item(t, id); it.Status != delivery.StatusDelivered {
		t.Errorf("status %q, want delivered", it.Status)
	}
	e.dev.WaitForEmail(t, delivery.MessageID(id), 10*time.Second)

	// Out of time: the record is reported for Lambda to retry.
	id2 := e.put(t, true, lead, car)
	if err := e.db.Table(e.table).Update("id", id2).Set("claim_until", time.Now().Add(time.Hour).Unix()).Run(ctx); err != nil {
		t.Fatal(err)
	}
	ev.Records[0].Change.NewImage["id"] = events.NewStringAttribute(id2)
	short, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	resp, err = e.deliverer(e.smtp).HandleStream(short, ev)
	if err != nil || len(resp.BatchItemFailures) != 1 || resp.BatchItemFailures[0].ItemIdentifier != "1" {
		t.Errorf("HandleStream out of time = %+v, %v; want record 1 reported", resp, err)
	}
}

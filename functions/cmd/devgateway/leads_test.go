package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"forecourt/functions/altcha"
	"forecourt/functions/delivery"
	"forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/mail"
	"forecourt/shared"
)

// Issue 9 ("each lead appears once in MailDev as ADF XML naming the car and
// the dealership"): an enquiry sent through the gateway, captcha solved as
// the widget does and retried with the same Idempotency-Key, is stored once
// and reaches the dealership's inbox exactly once, by the deliverer the
// gateway runs over DynamoDB Local's stream (the deliver Lambda's code).
func TestEnquiryReachesTheDealerInboxOnce(t *testing.T) {
	s := bootStack(t)
	md := testenv.StartMailDev(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	streams, err := dynamo.ConnectStreams(ctx, dynamo.Config{Endpoint: testenv.DynamoEndpoint(t)})
	if err != nil {
		t.Fatal(err)
	}
	sender, err := mail.NewSMTP(md.SMTP, mail.LocalFrom)
	if err != nil {
		t.Fatal(err)
	}
	d := &delivery.Deliverer{Store: delivery.NewDynamoStore(s.db, s.tables.Leads), Sites: s.p.sites, Sender: sender}
	go pollLeads(ctx, streams, s.tables.Leads, d, slog.New(slog.NewTextHandler(io.Discard, nil)))

	cars, err := s.p.seeder.cars.FindCarsByDealership(ctx, "riverside-toyota")
	if err != nil {
		t.Fatal(err)
	}
	var car shared.Car
	for _, c := range cars {
		if c.Available() && c.ShowOnDealerWebsite && c.CarType == shared.CarTypeUsed {
			car = c
			break
		}
	}
	if car.ID == "" {
		t.Fatal("the seeded riverside-toyota stock has no available used car")
	}

	rec := tenantRequest(s, "GET", "/api/captcha", "", nil)
	var ch altcha.Challenge
	if err := json.Unmarshal(rec.Body.Bytes(), &ch); err != nil || rec.Code != 200 {
		t.Fatalf("GET /api/captcha: %d %s", rec.Code, rec.Body)
	}
	payload, err := altcha.Solve(ch)
	if err != nil {
		t.Fatal(err)
	}
	body := `{"type":"enquiry","name":"Sam","last_name":"Lee","phone":"0491570110","email":"sam@example.com","postcode":"4032",` +
		`"message":"Is it still available?","dealership_slug":"riverside-toyota","car_id":"` + car.ID + `","altcha":"` + payload + `"}`
	var ids []string
	for i, want := range []int{http.StatusCreated, http.StatusOK} {
		rec := tenantRequest(s, "POST", "/api/leads", body, map[string]string{"Idempotency-Key": "submit-1"})
		var got struct {
			LeadID string `json:"lead_id"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != want {
			t.Fatalf("submit %d: got %d %s, want %d", i+1, rec.Code, rec.Body, want)
		}
		ids = append(ids, got.LeadID)
	}
	if ids[0] == "" || ids[0] != ids[1] {
		t.Fatalf("a retried submit answered lead %q, then %q: want the same lead", ids[0], ids[1])
	}

	email := md.WaitForEmail(t, delivery.MessageID(ids[0]), 30*time.Second)
	if len(email.To) != 1 || email.To[0].Address != "sales@riversidetoyota.com.au" {
		t.Errorf("sent to %+v, want the sales location's address", email.To)
	}
	var adf string
	for _, a := range email.Attachments {
		b, err := md.Attachment(ctx, email, a)
		if err != nil {
			t.Fatal(err)
		}
		adf += string(b)
	}
	for _, want := range []string{"<stock>" + car.StockNum + "</stock>", "Riverside Toyota", "<?adf version=\"1.0\"?>"} {
		if !strings.Contains(adf, want) {
			t.Errorf("the ADF attachment lacks %q:\n%s", want, adf)
		}
	}
	// Exactly once: the stream also carried the delivery's own updates.
	if found, err := md.WithMessageID(ctx, delivery.MessageID(ids[0])); err != nil || len(found) != 1 {
		t.Errorf("the lead arrived %d times (%v), want once", len(found), err)
	}
}

// tenantRequest sends a request to riverside-toyota's host through the gateway.
func tenantRequest(s *stack, method, path, body string, headers map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, "http://riverside-toyota.localhost:8080"+path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	s.gw.ServeHTTP(rec, req)
	return rec
}

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
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
	md := deskInbox(t, s)
	ctx := context.Background()

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

	payload := captcha(t, s)
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

// deskInbox runs the lead deliverer over the stack's leads stream, as the
// gateway does, sending to MailDev, whose inbox it returns.
func deskInbox(t *testing.T, s *stack) testenv.MailDev {
	t.Helper()
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
	d := &delivery.Deliverer{Store: dynamo.NewLeadDeliveryStore(s.db, s.tables.Leads), Sites: s.p.sites, Sender: sender}
	go pollLeads(ctx, streams, s.tables.Leads, d, slog.New(slog.NewTextHandler(io.Discard, nil)))
	return md
}

// captcha solves a fresh challenge as the widget does.
func captcha(t *testing.T, s *stack) string {
	t.Helper()
	rec := tenantRequest(s, "GET", "/api/captcha", "", nil)
	var ch altcha.Challenge
	if err := json.Unmarshal(rec.Body.Bytes(), &ch); err != nil || rec.Code != 200 {
		t.Fatalf("GET /api/captcha: %d %s", rec.Code, rec.Body)
	}
	payload, err := altcha.Solve(ch)
	if err != nil {
		t.Fatal(err)
	}
	return payload
}

// send sends a JSON request through the gateway and decodes the answer
// into out, failing unless it has the status.
func send(t *testing.T, s *stack, method, path string, body any, headers map[string]string, status int, out any) {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	rec := tenantRequest(s, method, path, string(b), headers)
	if rec.Code != status {
		t.Fatalf("%s %s: %d %s, want %d", method, path, rec.Code, rec.Body, status)
	}
	if out != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, rec.Body)
		}
	}
}

// readsAll fails for each "Label: value" missing from either part of the
// e-mail (MailDev's text and html); the HTML is compared as a person reads
// it, "Label value" in one table row.
func readsAll(t *testing.T, email testenv.Email, wants ...string) {
	t.Helper()
	page := strings.Join(strings.Fields(html.UnescapeString(regexp.MustCompile(`(?s)<head>.*</head>|<[^>]*>`).ReplaceAllString(email.HTML, " "))), " ")
	for _, w := range wants {
		if !strings.Contains(email.Text, w) {
			t.Errorf("the text part lacks %q:\n%s", w, email.Text)
		}
		if !strings.Contains(page, strings.Replace(w, ": ", " ", 1)) {
			t.Errorf("the HTML part lacks %q:\n%s", w, page)
		}
	}
}

// Issue 32 item 4: a test drive and a trade-in sent through the gateway,
// as the web sends them, reach the sales desk (MailDev, read through its
// REST API) titled by their type and carrying what the desk acts on: the
// requested slot in the dealership's time zone, the trade-in's condition
// answers, and the shopper's postcode, preferred contact and consent, the
// car's price as the site shows it, its variant and a link to its page on
// the dealer's domain. Before, a test drive arrived as "General Enquiry"
// without its time, and a trade-in without its answers.
func TestTestDriveAndTradeInReachTheDeskReadyToWork(t *testing.T) {
	s := bootStack(t)
	md := deskInbox(t, s)
	ctx := context.Background()
	site, err := s.p.sites.FindSite(ctx, "riverside-toyota")
	if err != nil {
		t.Fatal(err)
	}
	cars, err := s.p.seeder.cars.FindCarsByDealership(ctx, "riverside-toyota")
	if err != nil {
		t.Fatal(err)
	}
	var car shared.Car
	for _, c := range cars {
		if c.Available() && c.ShowOnDealerWebsite && c.Badge != "" && shared.HasPrice(c.Price) {
			car = c
			break
		}
	}
	if car.ID == "" {
		t.Fatal("the seeded riverside-toyota stock has no available priced car with a badge")
	}
	price := shared.DisplayPrice(car, site)
	link := site.PrimaryOrigin() + "/cars/" + car.Slug
	if !strings.HasPrefix(link, "https://www.riversidetoyota.com.au/cars/") {
		t.Fatalf("link %q: want the site's primary domain", link)
	}
	carName := fmt.Sprintf("%d %s %s", car.Year, car.Make, car.Model)

	t.Run("test drive", func(t *testing.T) {
		var slots shared.Slots
		send(t, s, "GET", "/api/test-drive/slots?car_id="+url.QueryEscape(car.ID), nil, nil, http.StatusOK, &slots)
		if len(slots.Days) == 0 || len(slots.Days[0].Slots) == 0 {
			t.Fatalf("no test-drive slots for %s: %+v", car.ID, slots)
		}
		slot := slots.Days[0].Slots[len(slots.Days[0].Slots)-1]
		zone, err := time.LoadLocation(slots.TimeZone)
		if err != nil {
			t.Fatal(err)
		}
		start, err := time.Parse(time.RFC3339, slot.Start)
		if err != nil {
			t.Fatal(err)
		}
		var created struct {
			LeadID string `json:"lead_id"`
		}
		send(t, s, "POST", "/api/leads", map[string]any{
			"type": "test_drive", "name": "Sam", "last_name": "Lee", "phone": "0491 570 110", "email": "sam@example.com",
			"postcode": "4032", "preferred_contact_method": "SMS", "opt_in": false, "car_id": car.ID,
			"dealership_slug": "riverside-toyota", "appointment": slot.Start, "altcha": captcha(t, s),
		}, nil, http.StatusCreated, &created)

		email := md.WaitForEmail(t, delivery.MessageID(created.LeadID), 30*time.Second)
		if want := "Test drive – " + carName + " " + car.Badge; !strings.HasPrefix(email.Subject, want) || !strings.HasSuffix(email.Subject, " – Sam Lee") {
			t.Errorf("subject %q, want it to start %q and name Sam Lee", email.Subject, want)
		}
		// The slot as the shopper picked it: its day in the dealership's
		// zone and the time the slot list labelled it with.
		readsAll(t, email,
			"Day and time: "+start.In(zone).Format("Monday 2 January 2006")+", "+slot.Label,
			"Postcode: 4032", "Preferred contact: SMS", "Marketing consent: No",
			"Price: "+price.Text, "Variant: "+car.Badge, "Stock number: "+car.StockNum, "Page: "+link,
			"Reference: "+shared.LeadReference(created.LeadID), "Lead id: "+created.LeadID)
		if !strings.Contains(email.HTML, `href="`+link+`"`) || !strings.Contains(email.HTML, `href="tel:0491570110"`) {
			t.Errorf("the HTML part lacks the car's link or the tap-to-call link:\n%s", email.HTML)
		}
	})

	t.Run("trade-in", func(t *testing.T) {
		var created struct {
			LeadID    string `json:"lead_id"`
			LeadToken string `json:"lead_token"`
		}
		// The three steps as the trade-in form sends them (useTradeIn.ts).
		send(t, s, "POST", "/api/leads", map[string]any{
			"type": "trade_in", "category": "Trade-In", "name": "", "opt_in": true, "car_id": car.ID,
			"dealership_slug": "riverside-toyota", "source": "Website", "subcategory": "1. Vehicle Details",
			"Rego": "ABC123", "regoState": "QLD", "altcha": captcha(t, s),
			"trade_in_vehicle": map[string]any{"year": 2019, "make": "Toyota", "model": "Corolla", "badge": "Ascent Sport"},
		}, nil, http.StatusCreated, &created)
		token := map[string]string{"X-Lead-Token": created.LeadToken}
		send(t, s, "PATCH", "/api/leads/"+created.LeadID, map[string]any{
			"subcategory": "2. Vehicle Condition", "trade_in_vehicle": map[string]any{"km": 64000},
			"adjustmentAnswers": map[string]string{"condition": "Good", "service_history": "Full", "accident_history": "No", "keys": "2 or more"},
			"under_finance":     "No",
		}, token, http.StatusOK, nil)
		send(t, s, "PATCH", "/api/leads/"+created.LeadID, map[string]any{
			"name": "Tess", "last_name": "Tester", "phone": "0491 570 110", "postcode": "4000",
			"preferred_contact_method": "Phone", "opt_in": true, "subcategory": "3. Contact Details", "form_completed": true,
		}, token, http.StatusOK, nil)

		email := md.WaitForEmail(t, delivery.MessageID(created.LeadID), 30*time.Second)
		if want := "Trade-in – 2019 Toyota Corolla Ascent Sport – Tess Tester"; email.Subject != want {
			t.Errorf("subject %q, want %q", email.Subject, want)
		}
		readsAll(t, email,
			"Vehicle: 2019 Toyota Corolla Ascent Sport", "Odometer: 64,000 km", "Rego: ABC123 QLD",
			"Overall condition: Good", "Service history: Full", "Has it been in an accident?: No", "Number of keys: 2 or more",
			"Under finance: No", "Postcode: 4000", "Preferred contact: Phone", "Marketing consent: Yes",
			"Price: "+price.Text, "Variant: "+car.Badge, "Page: "+link)
		if strings.Contains(email.Subject+email.Text+email.HTML, "3. Contact Details") {
			t.Errorf("the e-mail names the form's last step:\n%s", email.Text)
		}
	})
}

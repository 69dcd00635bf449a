package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/functions/rego"
	"forecourt/shared"
)

type memEvents struct {
	mu     sync.Mutex
	events []shared.StoredEvent
}

func (m *memEvents) RecordEvent(_ context.Context, e shared.StoredEvent) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.events = append(m.events, e)
	return nil
}

// shopperAPI serves "acme" (Brisbane; a yard open weekdays 9-11 and a
// hidden one) and "other", whose car c9 acme must not see.
func shopperAPI(t *testing.T) (http.Handler, *memEvents) {
	t.Helper()
	acme := shared.DefaultSite()
	acme.Slug, acme.ID, acme.TimeZone = "acme", "site-acme", "Australia/Brisbane"
	acme.Dealerships = []shared.Dealership{{ID: "d-kia", Slug: "acme-kia", Name: "Acme Kia"}}
	hidden := false
	var hours []shared.OpeningHours
	for d := 1; d <= 5; d++ {
		hours = append(hours, shared.OpeningHours{Weekday: d, Status: "Open", Open: "09:00", Close: "11:00"})
	}
	acme.Locations = []shared.Location{
		{ID: "yard", DealershipSlug: "acme-kia", ContactDetail: shared.ContactDetail{OpeningHours: hours}},
		{ID: "secret", DealershipSlug: "acme-kia", Visible: &hidden},
	}
	other := shared.DefaultSite()
	other.Slug = "other"
	other.Dealerships = []shared.Dealership{{Slug: "other-ford", Name: "Other Ford"}}
	other.Locations = []shared.Location{{ID: "far", DealershipSlug: "other-ford", ContactDetail: shared.ContactDetail{OpeningHours: hours}}}
	car := shared.Car{ID: "c1", DealershipSlug: "acme-kia", CarType: shared.CarTypeUsed, Status: shared.StatusInStock, ShowOnDealerWebsite: true}
	foreign := car
	foreign.ID, foreign.DealershipSlug = "c9", "other-ford"
	events := &memEvents{}
	h, err := newAPIHandler(APIConfig{
		Sites: fakeSites{"acme": acme, "other": other}, Cars: fakeCars{}, Keys: fakeKeys{}, OriginSecret: testSecret,
		Now:    func() time.Time { return testNow },
		Leads:  &LeadsConfig{Store: newMemLeads(), Cars: memCars{"acme-kia/c1": car, "other-ford/c9": foreign}, CaptchaKey: captchaKey},
		Rego:   rego.NewTable([]shared.RegoVehicle{{Rego: "ABC123", State: "QLD", Year: 2019, Make: "Toyota", Model: "Corolla", VIN: "JTN1"}}),
		Events: events,
	})
	if err != nil {
		t.Fatal(err)
	}
	return h, events
}

// Issue 9: the test-drive form's appointment slots come from the car's
// location's hours in the site's time zone.
func TestTestDriveSlotsRoute(t *testing.T) {
	h, _ := shopperAPI(t)
	rec := send(h, "GET", "/api/test-drive/slots?car_id=c1", "acme", nil, "")
	if rec.Code != http.StatusOK {
		t.Fatalf("got %d %s", rec.Code, rec.Body)
	}
	var got shared.Slots
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	// testNow is Tue 10 Jun 22:00 in Brisbane: the first slot is Wednesday 9:00.
	if got.TimeZone != "Australia/Brisbane" || len(got.Days) == 0 || got.Days[0].Date != "2025-06-11" ||
		got.Days[0].Slots[0] != (shared.Slot{Start: "2025-06-11T09:00:00+10:00", Label: "9:00 am"}) {
		t.Errorf("got %+v, want Brisbane days from Wed 11 Jun 9:00 am", got)
	}
	if n := len(got.Days); n != 9 { // Tue 10 to Mon 23 Jun: 9 weekdays after this evening
		t.Errorf("got %d days, want the 9 weekdays left of the next 14 days", n)
	}
	if rec := send(h, "GET", "/api/test-drive/slots?location_id=yard", "acme", nil, ""); rec.Code != http.StatusOK {
		t.Errorf("by location: %d %s", rec.Code, rec.Body)
	}
	for _, tt := range []struct {
		path string
		code int
	}{
		{"/api/test-drive/slots?car_id=c9", http.StatusNotFound},          // another site's car
		{"/api/test-drive/slots?car_id=nope", http.StatusNotFound},        // no such car
		{"/api/test-drive/slots?location_id=far", http.StatusNotFound},    // another site's location
		{"/api/test-drive/slots?location_id=secret", http.StatusNotFound}, // hidden
		{"/api/test-drive/slots", http.StatusBadRequest},
	} {
		if rec := send(h, "GET", tt.path, "acme", nil, ""); rec.Code != tt.code {
			t.Errorf("%s: got %d %s, want %d", tt.path, rec.Code, rec.Body, tt.code)
		}
	}
}

func TestRegoLookupRoute(t *testing.T) {
	h, _ := shopperAPI(t)
	rec := send(h, "POST", "/api/leads/rego-lookup", "acme", nil, `{"rego":"abc 123","regoState":"qld"}`)
	var v shared.RegoVehicle
	_ = json.Unmarshal(rec.Body.Bytes(), &v)
	if rec.Code != http.StatusOK || v.Make != "Toyota" || v.Year != 2019 || v.VIN != "JTN1" {
		t.Errorf("known plate: %d %s", rec.Code, rec.Body)
	}
	for _, tt := range []struct {
		body   string
		code   int
		fields []string
	}{
		{`{"rego":"ZZZ999","regoState":"QLD"}`, http.StatusNotFound, nil},
		{`{"rego":"ABC123","regoState":"NSW"}`, http.StatusNotFound, nil}, // a plate is per state
		{`{"rego":"AB$","regoState":"XX"}`, http.StatusBadRequest, []string{"rego", "regoState"}},
		{`{"rego":`, http.StatusBadRequest, nil},
		{`{"rego":"` + strings.Repeat("A", 2000) + `"}`, http.StatusRequestEntityTooLarge, nil},
	} {
		rec := send(h, "POST", "/api/leads/rego-lookup", "acme", nil, tt.body)
		if rec.Code != tt.code {
			t.Errorf("%.40s: got %d %s, want %d", tt.body, rec.Code, rec.Body, tt.code)
			continue
		}
		var body ErrorBody
		_ = json.Unmarshal(rec.Body.Bytes(), &body)
		if body.Error.Message == "" {
			t.Errorf("%.40s: no error message: %s", tt.body, rec.Body)
		}
		for _, f := range tt.fields {
			if body.Error.Fields[f] == "" {
				t.Errorf("%.40s: no error on %s: %s", tt.body, f, rec.Body)
			}
		}
	}
}

// Spec 000 §7, spec 001 §9: tracking events with known ids are stored for
// the tenant header's site; others are refused.
func TestEventsRoute(t *testing.T) {
	h, events := shopperAPI(t)
	rec := send(h, "POST", "/api/events", "acme", map[string]string{"Content-Type": "text/plain;charset=UTF-8"},
		`{"event_id":25,"car_id":"c1","dealership_id":"d-kia","website_id":"site-acme"}`)
	if rec.Code != http.StatusAccepted {
		t.Fatalf("got %d %s, want 202", rec.Code, rec.Body)
	}
	want := shared.StoredEvent{Site: "acme", EventID: "25", CarID: "c1", DealershipID: "d-kia", At: testNow}
	if len(events.events) != 1 || events.events[0] != want {
		t.Errorf("stored %+v, want %+v", events.events, want)
	}
	for _, tt := range []struct {
		site, body, field string
		code              int
	}{
		{"acme", `{"event_id":99}`, "event_id", http.StatusBadRequest},
		{"acme", `{"event_id":"conversion","website_id":"site-other"}`, "website_id", http.StatusBadRequest},
		{"other", `{"event_id":39,"dealership_id":"d-kia"}`, "dealership_id", http.StatusBadRequest},
		{"acme", `{"event_id":39,"phone":"0400"}`, "phone", http.StatusBadRequest},
		{"acme", `{"event_id":"39","car_id":"` + strings.Repeat("x", 3000) + `"}`, "", http.StatusRequestEntityTooLarge},
	} {
		rec := send(h, "POST", "/api/events", tt.site, nil, tt.body)
		var body ErrorBody
		_ = json.Unmarshal(rec.Body.Bytes(), &body)
		if rec.Code != tt.code || body.Error.Field != tt.field {
			t.Errorf("%s %.50s: got %d %s, want %d on %q", tt.site, tt.body, rec.Code, rec.Body, tt.code, tt.field)
		}
	}
	if len(events.events) != 1 {
		t.Errorf("refused events were stored: %+v", events.events)
	}
}

// Issue 9: a lead's TTL follows the site's leads.retention_days (default
// 730 days) rather than a fixed two years.
func TestLeadRetentionFromSiteConfig(t *testing.T) {
	h, store := leadsAPI(t)
	for _, tt := range []struct {
		site string
		days int
	}{{"other", 730}} {
		rec := send(h, "POST", "/api/leads", tt.site, nil, `{`+validLead+`}`)
		var c LeadCreated
		_ = json.Unmarshal(rec.Body.Bytes(), &c)
		l, err := store.FindLead(context.Background(), c.LeadID)
		if err != nil {
			t.Fatalf("%s: %d %s: %v", tt.site, rec.Code, rec.Body, err)
		}
		if want := testNow.AddDate(0, 0, tt.days); !l.ExpiresAt.Equal(want) {
			t.Errorf("%s: expires %v, want %v", tt.site, l.ExpiresAt, want)
		}
	}
	short := shared.DefaultSite()
	short.Slug, short.Leads.Captcha, short.Leads.RetentionDays = "short", false, 30
	short.Dealerships = []shared.Dealership{{Slug: "short-kia", Name: "Short Kia"}}
	store2 := newMemLeads()
	h2, err := newAPIHandler(APIConfig{
		Sites: fakeSites{"short": short}, Cars: fakeCars{}, Keys: fakeKeys{}, OriginSecret: testSecret,
		Now:   func() time.Time { return testNow },
		Leads: &LeadsConfig{Store: store2, Cars: memCars{}, CaptchaKey: captchaKey},
	})
	if err != nil {
		t.Fatal(err)
	}
	rec := send(h2, "POST", "/api/leads", "short", nil, `{`+validLead+`}`)
	var c LeadCreated
	_ = json.Unmarshal(rec.Body.Bytes(), &c)
	l, err := store2.FindLead(context.Background(), c.LeadID)
	if err != nil || !l.ExpiresAt.Equal(testNow.AddDate(0, 0, 30)) {
		t.Errorf("retention_days 30: %d %s, expires %v (%v), want %v", rec.Code, rec.Body, l.ExpiresAt, err, testNow.AddDate(0, 0, 30))
	}
}

// The dealers' CRM webhooks (URL, secret name) are the server's only.
func TestSiteHidesWebhooks(t *testing.T) {
	site := shared.DefaultSite()
	site.Slug = "acme"
	site.Dealerships = []shared.Dealership{{Slug: "acme-kia", Name: "Acme Kia",
		Webhook: &shared.DealershipWebhook{URL: "https://crm.example/hook", SecretName: "forecourt/webhook/acme"}}}
	h, err := newAPIHandler(APIConfig{Sites: fakeSites{"acme": site}, Cars: fakeCars{}, Keys: fakeKeys{}, OriginSecret: testSecret})
	if err != nil {
		t.Fatal(err)
	}
	rec := send(h, "GET", "/api/site", "acme", nil, "")
	if rec.Code != http.StatusOK || strings.Contains(rec.Body.String(), "crm.example") || strings.Contains(rec.Body.String(), "webhook") {
		t.Errorf("GET /api/site: %d %s, want no webhook", rec.Code, rec.Body)
	}
}

// Issue 35 "nothing that always fails in production": the trade-in form's
// rego lookup is offered only where a registration provider is configured.
// GET /api/site says whether it is (rego_lookup), and without a provider the
// lookup route answers 404 with a reason instead of "not found" for every
// plate or a 500.
func TestRegoLookupOnlyWithAProvider(t *testing.T) {
	acme := shared.DefaultSite()
	acme.Slug, acme.ID = "acme", "site-acme"
	acme.Dealerships = []shared.Dealership{{ID: "d-kia", Slug: "acme-kia", Name: "Acme Kia"}}
	table := rego.NewTable([]shared.RegoVehicle{{Rego: "ABC123", State: "QLD", Year: 2019, Make: "Toyota", Model: "Corolla"}})
	tests := []struct {
		name       string
		provider   rego.Provider
		wantOffer  bool
		wantLookup int
	}{
		{"a provider", table, true, http.StatusOK},
		{"no provider", nil, false, http.StatusNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := APIConfig{Sites: fakeSites{"acme": acme}, Cars: fakeCars{}, Keys: fakeKeys{}, OriginSecret: testSecret,
				Now: func() time.Time { return testNow }}
			if tt.provider != nil {
				cfg.Rego = tt.provider
			}
			h, err := newAPIHandler(cfg)
			if err != nil {
				t.Fatal(err)
			}
			rec := send(h, "GET", "/api/site", "acme", nil, "")
			var site SiteResponse
			if err := json.Unmarshal(rec.Body.Bytes(), &site); err != nil || rec.Code != http.StatusOK {
				t.Fatalf("GET /api/site: %d %s", rec.Code, rec.Body)
			}
			if site.RegoLookup != tt.wantOffer {
				t.Errorf("rego_lookup = %v, want %v", site.RegoLookup, tt.wantOffer)
			}
			rec = send(h, "POST", "/api/leads/rego-lookup", "acme", nil, `{"rego":"ABC123","regoState":"QLD"}`)
			if rec.Code != tt.wantLookup {
				t.Errorf("lookup: got %d %s, want %d", rec.Code, rec.Body, tt.wantLookup)
			}
			if tt.wantLookup != http.StatusOK && !strings.Contains(rec.Body.String(), "make and model") {
				t.Errorf("lookup without a provider does not say what to do instead: %s", rec.Body)
			}
		})
	}
}

package httpapi

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/functions/altcha"
	"forecourt/functions/leads"
	"forecourt/functions/logging"
	"forecourt/shared"
)

// memLeads is an in-memory LeadStore with dynamo.LeadStore's conditions.
type memLeads struct {
	mu      sync.Mutex
	leads   map[string]shared.StoredLead
	captcha map[string]string
}

func newMemLeads() *memLeads {
	return &memLeads{leads: map[string]shared.StoredLead{}, captcha: map[string]string{}}
}

func (m *memLeads) CreateLead(_ context.Context, l shared.StoredLead) (shared.StoredLead, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if old, ok := m.leads[l.ID]; ok {
		return old, false, nil
	}
	m.leads[l.ID] = l
	return l, true, nil
}

func (m *memLeads) FindLead(_ context.Context, id string) (shared.StoredLead, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	l, ok := m.leads[id]
	if !ok {
		return shared.StoredLead{}, shared.Errorf(shared.ENOTFOUND, "lead not found")
	}
	return l, nil
}

func (m *memLeads) UpdateLead(_ context.Context, old, next shared.StoredLead) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	cur := m.leads[old.ID]
	a, _ := json.Marshal(cur.Lead)
	b, _ := json.Marshal(old.Lead)
	if cur.Ready || string(a) != string(b) {
		return shared.Errorf(shared.ECONFLICT, "changed")
	}
	cur.Lead, cur.Ready = next.Lead, next.Ready
	m.leads[old.ID] = cur
	return nil
}

func (m *memLeads) AcceptCaptcha(_ context.Context, key, leadID string, _ time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if got, ok := m.captcha[key]; ok && got != leadID {
		return shared.Errorf(shared.ECONFLICT, "captcha already used")
	}
	m.captcha[key] = leadID
	return nil
}

func (m *memLeads) count() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.leads)
}

type memCars map[string]shared.Car // by dealership + "/" + id

func (c memCars) FindCar(_ context.Context, dealership, id string) (shared.Car, error) {
	car, ok := c[dealership+"/"+id]
	if !ok {
		return shared.Car{}, shared.Errorf(shared.ENOTFOUND, "no car")
	}
	return car, nil
}

var captchaKey = []byte("test-captcha-key")

// leadsAPI serves two sites: "acme" (one dealership, captcha on, a location)
// and "other" (captcha off).
func leadsAPI(t *testing.T) (http.Handler, *memLeads) {
	t.Helper()
	acme := shared.DefaultSite()
	acme.Slug = "acme"
	acme.Dealerships = []shared.Dealership{{Slug: "acme-kia", Name: "Acme Kia"}}
	acme.Locations = []shared.Location{{ID: "loc-1", DealershipSlug: "acme-kia"}}
	other := shared.DefaultSite()
	other.Slug = "other"
	other.Leads.Captcha = false
	other.Leads.OptInChecked = false
	other.Dealerships = []shared.Dealership{{Slug: "other-ford", Name: "Other Ford"}}
	car := shared.Car{ID: "c1", Slug: "c1", StockNum: "K1", Make: "Kia", Model: "Rio", DealershipSlug: "acme-kia",
		CarType: shared.CarTypeUsed, Status: shared.StatusInStock, ShowOnDealerWebsite: true}
	hidden := car
	hidden.ID, hidden.ShowOnDealerWebsite = "c2", false
	store := newMemLeads()
	h, err := newAPIHandler(APIConfig{
		Sites: fakeSites{"acme": acme, "other": other}, Cars: fakeCars{}, Keys: fakeKeys{}, OriginSecret: testSecret,
		Now:   func() time.Time { return testNow },
		Leads: &LeadsConfig{Store: store, Cars: memCars{"acme-kia/c1": car, "acme-kia/c2": hidden}, CaptchaKey: captchaKey},
	})
	if err != nil {
		t.Fatal(err)
	}
	return h, store
}

func send(h http.Handler, method, path, site string, header map[string]string, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set(HeaderSite, site)
	req.Header.Set(HeaderOriginSecret, testSecret)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// solve fetches a challenge from GET /api/captcha and solves it as the
// widget does, returning the base64 payload.
func solve(t *testing.T, h http.Handler) string {
	t.Helper()
	rec := send(h, "GET", "/api/captcha", "acme", nil, "")
	if rec.Code != 200 || rec.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("GET /api/captcha: %d %q %s", rec.Code, rec.Header().Get("Cache-Control"), rec.Body)
	}
	var ch altcha.Challenge
	if err := json.Unmarshal(rec.Body.Bytes(), &ch); err != nil {
		t.Fatal(err)
	}
	payload, err := altcha.Solve(ch)
	if err != nil {
		t.Fatal(err)
	}
	return payload
}

const validLead = `"type":"enquiry","name":"Sam","phone":"0491570110","postcode":"4032","message":"Is it available?"`

func withAltcha(fields, payload string) string {
	return `{` + fields + `,"altcha":"` + payload + `"}`
}

// GET /api/captcha: the widget's challenge JSON, expiring in ten minutes,
// with the measured work factor altcha.MaxNumber (issue 31).
func TestCaptchaChallenge(t *testing.T) {
	h, _ := leadsAPI(t)
	rec := send(h, "GET", "/api/captcha", "acme", nil, "")
	var got map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"algorithm", "challenge", "salt", "signature", "maxnumber"} {
		if _, ok := got[k]; !ok {
			t.Errorf("challenge has no %s: %s", k, rec.Body)
		}
	}
	want := "expires=" + strconv.FormatInt(testNow.Add(10*time.Minute).Unix(), 10)
	if !strings.Contains(got["salt"].(string), want) {
		t.Errorf("salt %v, want %s", got["salt"], want)
	}
	if got["maxnumber"] != float64(altcha.MaxNumber) {
		t.Errorf("maxnumber %v, want altcha.MaxNumber %d", got["maxnumber"], altcha.MaxNumber)
	}
}

// Issue 32: on a site whose opt-in starts unticked (leads.opt_in_checked
// false: express consent), a lead that does not say opt_in is stored
// without consent; one that ticks it keeps it.
func TestCreateLeadOptInFollowsSite(t *testing.T) {
	h, store := leadsAPI(t)
	for _, tt := range []struct {
		fields string
		want   bool
	}{
		{`"type":"enquiry","name":"Sam","phone":"0491570110","message":"Hi"`, false},
		{`"type":"enquiry","name":"Sam","phone":"0491570110","message":"Hi","opt_in":true`, true},
	} {
		rec := send(h, "POST", "/api/leads", "other", map[string]string{HeaderIdempotency: tt.fields}, "{"+tt.fields+"}")
		if rec.Code != http.StatusCreated {
			t.Fatalf("%s: %d %s", tt.fields, rec.Code, rec.Body)
		}
		var created LeadCreated
		_ = json.Unmarshal(rec.Body.Bytes(), &created)
		l, _ := store.FindLead(context.Background(), created.LeadID)
		if l.Lead.OptIn != tt.want {
			t.Errorf("%s: stored opt_in %v, want %v", tt.fields, l.Lead.OptIn, tt.want)
		}
	}
}

// Issue 32 item 14: a car enquiry without a message is accepted (the car
// is its subject), and the answer carries the short reference the success
// page shows and the dealer's e-mail names.
func TestCreateLeadCarEnquiryReference(t *testing.T) {
	h, _ := leadsAPI(t)
	tests := []struct {
		name, site, body string
		wantStatus       int
	}{
		{"car enquiry without a message", "acme", withAltcha(`"type":"enquiry","name":"Sam","phone":"0491570110","car_id":"c1"`, solve(t, h)), http.StatusCreated},
		{"general enquiry with a message", "other", "{" + validLead + "}", http.StatusCreated},
		{"general enquiry without a message", "other", `{"type":"enquiry","name":"Sam","phone":"0491570110"}`, http.StatusBadRequest},
	}
	ref := regexp.MustCompile(`^[0-9A-F]{4}-[0-9A-F]{4}$`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := send(h, "POST", "/api/leads", tt.site, nil, tt.body)
			if rec.Code != tt.wantStatus {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.wantStatus, rec.Body)
			}
			if tt.wantStatus != http.StatusCreated {
				return
			}
			var created LeadCreated
			if err := json.Unmarshal(rec.Body.Bytes(), &created); err != nil {
				t.Fatal(err)
			}
			if !ref.MatchString(created.Reference) || created.Reference != shared.LeadReference(created.LeadID) {
				t.Errorf("reference %q of lead %q, want shared.LeadReference's XXXX-XXXX", created.Reference, created.LeadID)
			}
		})
	}
}

// Issue 9 POST /api/leads: 201 with an id and token; a retry with the same
// Idempotency-Key (and the same captcha solution) is 200 with the same id
// and token, storing nothing twice; the lead is normalized and snapshots
// the car.
func TestCreateLeadIdempotent(t *testing.T) {
	h, store := leadsAPI(t)
	payload := solve(t, h)
	body := withAltcha(validLead+`,"car_id":"c1"`, payload)
	key := map[string]string{HeaderIdempotency: "attempt-1"}
	first := send(h, "POST", "/api/leads", "acme", key, body)
	if first.Code != http.StatusCreated {
		t.Fatalf("first: %d %s", first.Code, first.Body)
	}
	var a, b LeadCreated
	_ = json.Unmarshal(first.Body.Bytes(), &a)
	retry := send(h, "POST", "/api/leads", "acme", key, body)
	_ = json.Unmarshal(retry.Body.Bytes(), &b)
	if retry.Code != http.StatusOK || b != a || len(a.LeadID) != 32 || a.LeadToken == "" {
		t.Errorf("retry: %d %+v, want 200 with %+v", retry.Code, b, a)
	}
	if store.count() != 1 {
		t.Errorf("stored %d leads, want 1", store.count())
	}
	l, _ := store.FindLead(context.Background(), a.LeadID)
	if l.Site != "acme" || l.DealershipSlug != "acme-kia" || l.Car == nil || l.Car.StockNum != "K1" ||
		!l.Ready || !l.Lead.OptIn || l.Lead.EventID != shared.EventUsedCar || l.TokenHash != leads.HashToken(a.LeadToken) {
		t.Errorf("stored lead: %+v", l)
	}
	sum := sha256.Sum256([]byte("acme\x00attempt-1"))
	if a.LeadID != hex.EncodeToString(sum[:])[:32] {
		t.Errorf("id %s is not the contract's hash of the key", a.LeadID)
	}
	// A retry after the challenge expired still finds its lead.
	late, err := newAPIHandler(APIConfig{
		Sites: fakeSites{"acme": func() shared.Site {
			s := shared.DefaultSite()
			s.Slug = "acme"
			s.Dealerships = []shared.Dealership{{Slug: "acme-kia"}}
			return s
		}()},
		Cars: fakeCars{}, Keys: fakeKeys{}, OriginSecret: testSecret,
		Now:   func() time.Time { return testNow.Add(time.Hour) },
		Leads: &LeadsConfig{Store: store, Cars: memCars{}, CaptchaKey: captchaKey},
	})
	if err != nil {
		t.Fatal(err)
	}
	var c LeadCreated
	rec := send(late, "POST", "/api/leads", "acme", key, withAltcha(validLead, payload))
	_ = json.Unmarshal(rec.Body.Bytes(), &c)
	if rec.Code != http.StatusOK || c != a {
		t.Errorf("late retry: %d %s, want 200 with %+v", rec.Code, rec.Body, a)
	}
	// The same expired solution without a stored lead is refused.
	rec = send(late, "POST", "/api/leads", "acme", map[string]string{HeaderIdempotency: "attempt-2"}, withAltcha(validLead, payload))
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"altcha"`) {
		t.Errorf("expired captcha: %d %s", rec.Code, rec.Body)
	}
	// Without a key every submit is a new lead, and needs a new captcha.
	noKey := send(h, "POST", "/api/leads", "acme", nil, withAltcha(validLead, solve(t, h)))
	if noKey.Code != http.StatusCreated || store.count() != 2 {
		t.Errorf("no key: %d %s, %d stored", noKey.Code, noKey.Body, store.count())
	}
}

// Concurrent submits with one key answer one lead id.
func TestCreateLeadConcurrentSameKey(t *testing.T) {
	h, store := leadsAPI(t)
	body := `{` + validLead + `}`
	var wg sync.WaitGroup
	ids := make([]string, 8)
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := send(h, "POST", "/api/leads", "other", map[string]string{HeaderIdempotency: "k"}, body)
			var got LeadCreated
			_ = json.Unmarshal(rec.Body.Bytes(), &got)
			ids[i] = got.LeadID
		}()
	}
	wg.Wait()
	for _, id := range ids {
		if id == "" || id != ids[0] {
			t.Fatalf("ids %v, want one", ids)
		}
	}
	if store.count() != 1 {
		t.Errorf("stored %d, want 1", store.count())
	}
}

// Issue 9 and spec 001 §5: validation errors come back together by field;
// the site comes from the tenant header, so another site's dealership,
// location or car is a 400 on that field; the captcha is required when the
// site has it on, and a solution is accepted once.
func TestCreateLeadRefused(t *testing.T) {
	h, store := leadsAPI(t)
	used := solve(t, h)
	if rec := send(h, "POST", "/api/leads", "acme", nil, withAltcha(validLead, used)); rec.Code != 201 {
		t.Fatalf("setup: %d %s", rec.Code, rec.Body)
	}
	tests := []struct {
		name, site, body string
		wantStatus       int
		wantFields       map[string]string
	}{
		{"several fields at once", "other", `{"type":"enquiry","postcode":"40a"}`, 400, map[string]string{
			"postcode": shared.PostcodeMessage, "name": "First Name is required",
			"phone": shared.ContactMessage, "message": "Message is required"}},
		{"another site's dealership", "other", `{` + validLead + `,"dealership_slug":"acme-kia"}`, 400,
			map[string]string{"dealership_slug": "unknown dealership"}},
		{"another site's location", "other", `{` + validLead + `,"location_id":"loc-1"}`, 400,
			map[string]string{"location_id": "unknown location"}},
		{"another site's car", "other", `{` + validLead + `,"car_id":"c1"}`, 400,
			map[string]string{"car_id": "This car is no longer available."}},
		{"a car the site does not show", "acme", withAltcha(validLead+`,"car_id":"c2"`, solve(t, h)), 400,
			map[string]string{"car_id": "This car is no longer available."}},
		{"captcha required", "acme", `{` + validLead + `}`, 400, map[string]string{"altcha": leads.CaptchaFieldMessage}},
		{"captcha replayed", "acme", withAltcha(validLead, used), 400,
			map[string]string{"altcha": "This captcha was already used; please try again."}},
		{"captcha bad", "acme", withAltcha(validLead, "bm90IGEgcGF5bG9hZA=="), 400,
			map[string]string{"altcha": "The captcha is not valid; please try again."}},
		{"captcha signed with another key", "acme", withAltcha(validLead, foreignSolution(t)), 400,
			map[string]string{"altcha": "The captcha is not valid; please try again."}},
		{"spec 001 §9 a finance lead's unknown state", "other", `{"type":"finance","name":"Sam","phone":"0491570110","state":"queensland"}`, 400,
			map[string]string{"state": "Choose a state or territory"}},
		{"issue 17 a finance lead's calculator deposit over the price", "other",
			`{"type":"finance","name":"Sam","phone":"0491570110","calculator":{"price":20000,"deposit":25000,"term_years":5,"interest_rate":10}}`, 400,
			map[string]string{"calculator.deposit": shared.CalcDepositMessage}},
		{"not JSON", "other", `{"name":`, 400, nil},
	}
	for _, tt := range tests {
		rec := send(h, "POST", "/api/leads", tt.site, nil, tt.body)
		var got ErrorBody
		_ = json.Unmarshal(rec.Body.Bytes(), &got)
		if rec.Code != tt.wantStatus || got.Error.Code != shared.EINVALID {
			t.Errorf("%s: %d %s", tt.name, rec.Code, rec.Body)
			continue
		}
		if tt.wantFields == nil {
			continue
		}
		if len(got.Error.Fields) != len(tt.wantFields) {
			t.Errorf("%s: fields %v, want %v", tt.name, got.Error.Fields, tt.wantFields)
		}
		for f, msg := range tt.wantFields {
			if got.Error.Fields[f] != msg {
				t.Errorf("%s: field %s: %q, want %q", tt.name, f, got.Error.Fields[f], msg)
			}
		}
	}
	if store.count() != 1 {
		t.Errorf("refused submits stored leads: %d", store.count())
	}
}

// foreignSolution is a solved challenge signed with another key.
func foreignSolution(t *testing.T) string {
	t.Helper()
	ch, err := altcha.NewChallenge([]byte("other-key"), 10, testNow.Add(time.Minute), strings.NewReader(strings.Repeat("x", 64)))
	if err != nil {
		t.Fatal(err)
	}
	for n := int64(0); n <= 10; n++ {
		sum := sha256.Sum256([]byte(ch.Salt + strconv.FormatInt(n, 10)))
		if hex.EncodeToString(sum[:]) == ch.Challenge {
			p, _ := json.Marshal(altcha.Payload{Algorithm: ch.Algorithm, Challenge: ch.Challenge, Number: n, Salt: ch.Salt, Signature: ch.Signature})
			return base64.StdEncoding.EncodeToString(p)
		}
	}
	t.Fatal("no solution")
	return ""
}

// Issue 9 PATCH /api/leads/{lead_id}: only the browser holding the token
// changes the lead (403 otherwise), another site's lead is 404, only the
// later steps' fields change, and form_completed makes the trade-in ready.
func TestUpdateLead(t *testing.T) {
	h, store := leadsAPI(t)
	rec := send(h, "POST", "/api/leads", "other", nil, `{"type":"trade_in","Rego":"ABC123","regoState":"QLD"}`)
	var created LeadCreated
	if err := json.Unmarshal(rec.Body.Bytes(), &created); err != nil || rec.Code != 201 {
		t.Fatalf("create trade-in: %d %s", rec.Code, rec.Body)
	}
	if l, _ := store.FindLead(context.Background(), created.LeadID); l.Ready {
		t.Fatal("an unfinished trade-in is ready")
	}
	path := "/api/leads/" + created.LeadID
	tok := map[string]string{HeaderLeadToken: created.LeadToken}
	tests := []struct {
		name, site, path string
		header           map[string]string
		body             string
		wantStatus       int
		want             string
	}{
		{"no token", "other", path, nil, `{"offer_accepted":true}`, 403, `"forbidden"`},
		{"wrong token", "other", path, map[string]string{HeaderLeadToken: strings.Repeat("0", 64)}, `{"offer_accepted":true}`, 403, `"forbidden"`},
		{"another site's lead", "acme", path, tok, `{"offer_accepted":true}`, 404, `"not_found"`},
		{"unknown lead", "other", "/api/leads/nothing", tok, `{}`, 404, `"not_found"`},
		{"fixed fields refused", "other", path, tok, `{"dealership_slug":"x","car_id":"c1","message":"ok"}`, 400, `"fields":{"car_id":"cannot be changed after the lead is sent","dealership_slug":"cannot be changed after the lead is sent"}`},
		{"bad postcode", "other", path, tok, `{"postcode":"1"}`, 400, shared.PostcodeMessage},
		{"vehicle step", "other", path, tok, `{"lead_attributes":{"visited_pages":["/trade-in"]},"Vehicle Make":"Kia"}`, 200, `"ready":false`},
		{"completed without contact", "other", path, tok, `{"form_completed":true}`, 400, `"name"`},
		{"offer accepted", "other", path, tok, `{"subcategory":"3. Offer Accepted","offer_accepted":true,"form_completed":true,"name":"Sam","email":"sam@example.com"}`, 200, `"ready":true`},
		{"after it was sent", "other", path, tok, `{"message":"late"}`, 409, `"conflict"`},
	}
	for _, tt := range tests {
		rec := send(h, "PATCH", tt.path, tt.site, tt.header, tt.body)
		if rec.Code != tt.wantStatus || !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("%s: %d %s, want %d with %s", tt.name, rec.Code, rec.Body, tt.wantStatus, tt.want)
		}
	}
	l, _ := store.FindLead(context.Background(), created.LeadID)
	if !l.Ready || l.Lead.Rego != "ABC123" || l.Lead.VehicleMake != "Kia" || l.Lead.Subcategory != "3. Offer Accepted" ||
		l.Lead.LeadAttributes == nil || l.Lead.FirstName != "Sam" || l.Lead.Message != "" {
		t.Errorf("merged lead: %+v", l.Lead)
	}
}

// Issue 9 trade-in, three steps: the vehicle creates the lead, the
// condition step merges km into the vehicle and adds the answers
// (spec 001 §7 valuation adjustments), a bad answer names its field, and
// the contact step completes it: one lead, ready once.
func TestTradeInSteps(t *testing.T) {
	h, store := leadsAPI(t)
	rec := send(h, "POST", "/api/leads", "other", nil,
		`{"type":"trade_in","category":"Trade-In","subcategory":"1. Vehicle Details","Rego":"ABC123","regoState":"QLD","trade_in_vehicle":{"year":2018,"make":"Mazda","model":"CX-5","vin":"JM0KF4W1A00000001"}}`)
	var created LeadCreated
	if err := json.Unmarshal(rec.Body.Bytes(), &created); err != nil || rec.Code != 201 {
		t.Fatalf("create trade-in: %d %s", rec.Code, rec.Body)
	}
	path := "/api/leads/" + created.LeadID
	tok := map[string]string{HeaderLeadToken: created.LeadToken}
	steps := []struct {
		name, body string
		wantStatus int
		want       string
	}{
		{"unknown condition answer", `{"adjustmentAnswers":{"condition":"Shiny"}}`, 400, `"adjustmentAnswers.condition"`},
		{"implausible km", `{"trade_in_vehicle":{"km":-5}}`, 400, `"trade_in_vehicle.km"`},
		{"condition step", `{"subcategory":"2. Vehicle Condition","trade_in_vehicle":{"km":85000},"adjustmentAnswers":{"condition":"Good","service_history":"Full"},"under_finance":"No"}`, 200, `"ready":false`},
		{"contact step", `{"subcategory":"3. Contact Details","form_completed":true,"name":"Sam","phone":"0491570110","postcode":"4032"}`, 200, `"ready":true`},
	}
	for _, st := range steps {
		rec := send(h, "PATCH", path, "other", tok, st.body)
		if rec.Code != st.wantStatus || !strings.Contains(rec.Body.String(), st.want) {
			t.Errorf("%s: %d %s, want %d with %s", st.name, rec.Code, rec.Body, st.wantStatus, st.want)
		}
	}
	l, _ := store.FindLead(context.Background(), created.LeadID)
	v := l.Lead.TradeInVehicle
	if store.count() != 1 || !l.Ready || v == nil || v.Make != "Mazda" || v.Year != 2018 || v.KM != 85000 || v.VIN == "" ||
		l.Lead.AdjustmentAnswers["condition"] != "Good" || l.Lead.FirstName != "Sam" {
		t.Errorf("after three steps: %d leads, %+v, vehicle %+v", store.count(), l.Lead, v)
	}
}

type failingLeads struct{ *memLeads }

func (failingLeads) CreateLead(context.Context, shared.StoredLead) (shared.StoredLead, bool, error) {
	return shared.StoredLead{}, false, errors.New("store unavailable")
}

// Issue 9 "PII: no lead field is logged": a lead that fails to store is a
// 500 whose log line names no field of the lead.
func TestCreateLeadLogsNoLeadField(t *testing.T) {
	var logs bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(logging.New(&logs))
	t.Cleanup(func() { slog.SetDefault(prev) })

	other := shared.DefaultSite()
	other.Slug, other.Leads.Captcha = "other", false
	h, err := newAPIHandler(APIConfig{
		Sites: fakeSites{"other": other}, Cars: fakeCars{}, Keys: fakeKeys{}, OriginSecret: testSecret,
		Leads: &LeadsConfig{Store: failingLeads{newMemLeads()}, Cars: memCars{}, CaptchaKey: captchaKey},
	})
	if err != nil {
		t.Fatal(err)
	}
	rec := send(h, "POST", "/api/leads", "other", nil,
		`{"type":"enquiry","name":"Quentin","last_name":"Zebedee","phone":"0491570999","email":"qz@example.com","postcode":"4999","message":"Secret question"}`)
	if rec.Code != http.StatusInternalServerError || logs.Len() == 0 {
		t.Fatalf("got %d %s, logs %q; want a logged 500", rec.Code, rec.Body, logs.String())
	}
	// Issue 15: the line is the Lambdas' JSON and names the site.
	var line map[string]any
	if err := json.Unmarshal(logs.Bytes(), &line); err != nil || line["site"] != "other" || line["msg"] != "request failed" {
		t.Errorf("log %q: want one JSON line of the failed request naming site other", logs.String())
	}
	for _, v := range []string{"Quentin", "Zebedee", "0491570999", "qz@example.com", "4999", "Secret question"} {
		if strings.Contains(logs.String(), v) || strings.Contains(rec.Body.String(), v) {
			t.Errorf("%q leaked: log %q, body %s", v, logs.String(), rec.Body)
		}
	}
}

// Spec 001 §9, issue 17: a finance lead is stored with vehicle type Car and
// state qld unless sent, and with the calculator's repayments Go computed
// (a browser's figures are not trusted).
func TestFinanceLeadDefaultsAndCalculator(t *testing.T) {
	h, store := leadsAPI(t)
	rec := send(h, "POST", "/api/leads", "other", nil,
		`{"type":"finance","name":"Sam","phone":"0491570110","calculator":{"price":30000,"deposit":5000,"term_years":5,"interest_rate":10,"weekly":1,"fortnightly":1,"monthly":1}}`)
	if rec.Code != 201 {
		t.Fatalf("POST: %d %s", rec.Code, rec.Body)
	}
	var created LeadCreated
	if err := json.Unmarshal(rec.Body.Bytes(), &created); err != nil {
		t.Fatal(err)
	}
	got, err := store.FindLead(context.Background(), created.LeadID)
	if err != nil {
		t.Fatal(err)
	}
	want := shared.CalculateFinance(shared.CalculatorInput{Price: 30000, Deposit: 5000, TermYears: 5, InterestRate: 10})
	l := got.Lead
	if l.VehicleType != "Car" || l.State != "qld" || l.Calculator == nil ||
		l.Calculator.Weekly != want.Weekly || l.Calculator.Fortnightly != want.Fortnightly || l.Calculator.Monthly != want.Monthly {
		t.Errorf("stored vehicle_type %q, state %q, calculator %+v; want Car, qld, %+v", l.VehicleType, l.State, l.Calculator, want)
	}
}

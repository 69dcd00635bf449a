package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"testing"
	"time"

	"forecourt/shared"
)

// payloadAPI serves "crm" (captcha off, one Ford dealership, a franchised
// Ford site with two check options) with a used Kia c1, a new Kia c3 and a
// Test Drive Only car c4, and records tracking events.
func payloadAPI(t *testing.T) (http.Handler, *memLeads, *memEvents) {
	t.Helper()
	site := shared.DefaultSite()
	site.Slug = "crm"
	site.Leads.Captcha = false
	site.Leads.CheckOptions = []string{"Finance", "Extended warranty"}
	site.Manufacturer = &shared.Manufacturer{Name: "Ford", Slug: "ford"}
	site.Dealerships = []shared.Dealership{{ID: "dlr-9", Slug: "crm-ford", Name: "CRM Ford"}}
	used := shared.Car{ID: "c1", Slug: "c1", Year: 2021, StockNum: "K1", Make: "Kia", Model: "Rio", DealershipSlug: "crm-ford",
		DealershipID: "dlr-9", CarType: shared.CarTypeUsed, Status: shared.StatusInStock, ShowOnDealerWebsite: true}
	fresh := used
	fresh.ID, fresh.Slug, fresh.CarType = "c3", "c3", shared.CarTypeNew
	tdo := fresh
	tdo.ID, tdo.Slug, tdo.Tag = "c4", "c4", shared.TestDriveOnlyTag
	store, events := newMemLeads(), &memEvents{}
	h, err := newAPIHandler(APIConfig{
		Sites: fakeSites{"crm": site}, Cars: fakeCars{}, Keys: fakeKeys{}, OriginSecret: testSecret,
		Now:    func() time.Time { return testNow },
		Events: events,
		Leads:  &LeadsConfig{Store: store, Cars: memCars{"crm-ford/c1": used, "crm-ford/c3": fresh, "crm-ford/c4": tdo}, CaptchaKey: captchaKey},
	})
	if err != nil {
		t.Fatal(err)
	}
	return h, store, events
}

// Issue 33 "the lead payload the dealer's CRM expects" (spec 001 §3 "Lead
// form defaults", "Trade-in lead", "Form submission payload"; §7, §9 "Lead
// events"): what POST /api/leads stores for the deliverer (the ADF e-mail
// and the webhook carry the stored lead) and what it records as the car
// action's tracking event.
func TestCreateLeadCRMPayload(t *testing.T) {
	const contact = `"name":"Sam","phone":"0491570110","postcode":"4032"`
	tests := []struct {
		rule    string
		body    string
		referer string
		check   func(l shared.Lead) bool
		event   string // the car-action event recorded; "" none
	}{
		{"manufacturer_slug is the car's make, not the site's or the browser's",
			`{"type":"enquiry",` + contact + `,"car_id":"c1","message":"Hi","manufacturer_slug":"bmw"}`, "",
			func(l shared.Lead) bool { return l.ManufacturerSlug == "kia" }, "15"},
		{"manufacturer_slug of an offer enquiry is its Vehicle Make's",
			`{"type":"enquiry",` + contact + `,"message":"Hi","Vehicle Make":"Kia","Vehicle Model":"Rio"}`, "",
			func(l shared.Lead) bool { return l.ManufacturerSlug == "kia" }, ""},
		{"manufacturer_slug of a general enquiry on a franchised site is the site's",
			`{"type":"enquiry",` + contact + `,"message":"Hi"}`, "",
			func(l shared.Lead) bool { return l.ManufacturerSlug == "ford" }, ""},
		{"a car enquiry without a message gets the default naming the car",
			`{"type":"enquiry",` + contact + `,"car_id":"c3"}`, "",
			func(l shared.Lead) bool {
				return l.Message == "I'm interested in the 2021 Kia Rio (stock K1). Is it still available?"
			}, "14"},
		{"a shopper's message is kept",
			`{"type":"enquiry",` + contact + `,"car_id":"c3","message":"Colour?"}`, "",
			func(l shared.Lead) bool { return l.Message == "Colour?" }, "14"},
		{"a photo request without a message asks for photos",
			`{"type":"request_photos",` + contact + `,"car_id":"c1"}`, "",
			func(l shared.Lead) bool { return l.Message == shared.PhotoRequestMessage }, "15"},
		{"the trade-in's car_dealership_id is the car's dealership id, not the browser's",
			`{"type":"trade_in","car_id":"c1","car_dealership_id":"evil","opt_in":false}`, "",
			func(l shared.Lead) bool { return l.CarDealershipID == "dlr-9" }, "15"},
		{"a lead without a car names no car dealership",
			`{"type":"enquiry",` + contact + `,"message":"Hi","car_dealership_id":"dlr-9"}`, "",
			func(l shared.Lead) bool { return l.CarDealershipID == "" }, ""},
		{"page_id is the page the form was on (the Referer's path) when the browser names none",
			`{"type":"enquiry",` + contact + `,"message":"Hi"}`, "https://crm.example/cars/c1?x=1",
			func(l shared.Lead) bool { return l.PageID == "/cars/c1" }, ""},
		{"a sent page_id wins",
			`{"type":"enquiry",` + contact + `,"message":"Hi","page_id":"/contact"}`, "https://crm.example/cars/c1",
			func(l shared.Lead) bool { return l.PageID == "/contact" }, ""},
		{"check options folded into additional_services in the site's order, once each",
			`{"type":"enquiry",` + contact + `,"message":"Hi","additional_services":["Extended warranty","Finance","Finance"]}`, "",
			func(l shared.Lead) bool {
				return slices.Equal(l.AdditionalServices, []string{"Finance", "Extended warranty"})
			}, ""},
		{"a used car's test drive records event 48",
			`{"type":"test_drive",` + contact + `,"car_id":"c1"}`, "",
			func(shared.Lead) bool { return true }, "48"},
		{"a new car's test drive records event 17",
			`{"type":"test_drive",` + contact + `,"car_id":"c3"}`, "",
			func(shared.Lead) bool { return true }, "17"},
		{"a Test Drive Only car's enquiry records event 17",
			`{"type":"enquiry",` + contact + `,"car_id":"c4","message":"Hi"}`, "",
			func(shared.Lead) bool { return true }, "17"},
		// The events table counts car actions: the recorded id is the
		// server's (by the lead's type and car), never one the body names.
		{"a body's event_id is not what the events table records",
			`{"type":"test_drive",` + contact + `,"car_id":"c1","event_id":39}`, "",
			func(shared.Lead) bool { return true }, "48"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			h, store, events := payloadAPI(t)
			hdr := map[string]string{HeaderIdempotency: "k1"}
			if tt.referer != "" {
				hdr["Referer"] = tt.referer
			}
			rec := send(h, "POST", "/api/leads", "crm", hdr, tt.body)
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
			if !tt.check(got.Lead) {
				b, _ := json.Marshal(got.Lead)
				t.Errorf("stored lead %s", b)
			}
			// A retry of the same submit records nothing more.
			if rec := send(h, "POST", "/api/leads", "crm", hdr, tt.body); rec.Code != 200 {
				t.Fatalf("retry: %d %s", rec.Code, rec.Body)
			}
			var ids []string
			for _, e := range events.events {
				ids = append(ids, e.EventID)
				if e.Site != "crm" || e.CarID == "" || e.DealershipID != "dlr-9" {
					t.Errorf("event %+v: want site crm, the car and its dealership id", e)
				}
			}
			want := []string{}
			if tt.event != "" {
				want = []string{tt.event}
			}
			if !slices.Equal(append([]string{}, ids...), want) {
				t.Errorf("recorded events %v, want %v", ids, want)
			}
		})
	}
}

// Issue 33: a service that is not one of the site's check options is
// refused on additional_services, as is a page_id that is not a path.
func TestCreateLeadRefusesUnknownCheckOption(t *testing.T) {
	h, _, _ := payloadAPI(t)
	for _, tt := range []struct{ body, field string }{
		{`{"type":"enquiry","name":"Sam","phone":"0491570110","message":"Hi","additional_services":["Free car"]}`, "additional_services"},
		{`{"type":"enquiry","name":"Sam","phone":"0491570110","message":"Hi","page_id":"javascript:x"}`, "page_id"},
	} {
		rec := send(h, "POST", "/api/leads", "crm", nil, tt.body)
		if rec.Code != 400 || !containsField(rec.Body.Bytes(), tt.field) {
			t.Errorf("%s: %d %s; want 400 naming %s", tt.body, rec.Code, rec.Body, tt.field)
		}
	}
}

func containsField(body []byte, field string) bool {
	var e struct {
		Error struct {
			Fields map[string]string `json:"fields"`
		} `json:"error"`
	}
	_ = json.Unmarshal(body, &e)
	_, ok := e.Error.Fields[field]
	return ok
}

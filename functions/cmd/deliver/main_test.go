package main

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"forecourt/functions/delivery"
	"forecourt/functions/dynamo"
	"forecourt/functions/internal/testenv"
	"forecourt/shared"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// The deliver Lambda's wiring (issue 9 "Storage and delivery"): built from
// the environment (LEADS_TABLE, SITES_TABLE, FORECOURT_SMTP_ENDPOINT), one
// stream record of a ready lead becomes one e-mail in MailDev.
func TestDeliverFromEnv(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	dev := testenv.StartMailDev(t)
	leads := tables.Leads
	for k, v := range map[string]string{
		"FORECOURT_DYNAMO_ENDPOINT": testenv.DynamoEndpoint(t), "AWS_REGION": dynamo.DefaultRegion,
		"SITES_TABLE": tables.Sites, "LEADS_TABLE": leads,
		"FORECOURT_SMTP_ENDPOINT": dev.SMTP, "FORECOURT_MAIL_FROM": "",
	} {
		t.Setenv(k, v)
	}
	site := shared.Site{Slug: "acme", Name: "Acme Motors", Dealerships: []shared.Dealership{{Slug: "acme-kia", Name: "Acme Kia"}},
		Leads: shared.LeadsConfig{Email: "leads@acme.test"}}
	if err := dynamo.NewSiteStore(db, tables).SaveSite(ctx, site); err != nil {
		t.Fatal(err)
	}
	id := testenv.RandomID() + testenv.RandomID()
	lead, _ := json.Marshal(shared.Lead{Type: shared.LeadEnquiry, Category: "General Enquiry", FirstName: "Ada", Message: "Hello"})
	if err := db.Table(leads).Put(map[string]any{
		"id": id, "kind": "lead", "site": "acme", "dealership_slug": "acme-kia", "lead": string(lead),
		"created_at": time.Now().UTC().Format(time.RFC3339), "ready": true, "delivery_status": "pending", "attempts": 0,
	}).Run(ctx); err != nil {
		t.Fatal(err)
	}

	d, err := newDeliverer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := d.HandleStream(ctx, events.DynamoDBEvent{Records: []events.DynamoDBEventRecord{{
		EventName: "INSERT", Change: events.DynamoDBStreamRecord{SequenceNumber: "1", NewImage: map[string]events.DynamoDBAttributeValue{
			"id": events.NewStringAttribute(id), "kind": events.NewStringAttribute("lead"),
			"ready": events.NewBooleanAttribute(true), "delivery_status": events.NewStringAttribute("pending"),
		}}}}})
	if err != nil || len(resp.BatchItemFailures) != 0 {
		t.Fatalf("HandleStream = %+v, %v", resp, err)
	}
	m := dev.WaitForEmail(t, delivery.MessageID(id), 10*time.Second)
	if len(m.To) != 1 || m.To[0].Address != "leads@acme.test" {
		t.Errorf("to = %+v, want the site's leads.email", m.To)
	}
}

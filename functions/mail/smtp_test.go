package mail_test

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"forecourt/functions/internal/testenv"
	"forecourt/functions/mail"
)

func TestMain(m *testing.M) { testenv.Main(m) }

const adf = `<?xml version="1.0"?><?adf version="1.0"?><adf><prospect><vehicle><stock>AB123</stock></vehicle></prospect></adf>`

// Issue 9, delivery: a lead sent through SMTP lands in MailDev, read back
// through its REST API (GET /api/email), with the ADF XML attached.
func TestSMTPDeliversToMailDev(t *testing.T) {
	dev := testenv.StartMailDev(t)
	s, err := mail.NewSMTP(dev.SMTP, "Forecourt Leads <leads@forecourt.test>")
	if err != nil {
		t.Fatalf("NewSMTP: %v", err)
	}
	id := "lead-" + testenv.RandomID() + "@forecourt.test"
	m := mail.Message{
		To:        []string{"sales@dealer.test"},
		Subject:   "Enquiry: 2021 Toyota Corolla (AB123)",
		Text:      "A shopper asked about stock AB123.",
		MessageID: id,
		Attachments: []mail.Attachment{
			{Filename: "lead.xml", ContentType: "application/xml", Data: []byte(adf)},
		},
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.Send(ctx, m); err != nil {
		t.Fatalf("Send: %v", err)
	}

	got := dev.WaitForEmail(t, id, 10*time.Second)
	if got.Subject != m.Subject {
		t.Errorf("subject: got %q, want %q", got.Subject, m.Subject)
	}
	if len(got.From) != 1 || got.From[0].Address != "leads@forecourt.test" {
		t.Errorf("from: got %+v, want leads@forecourt.test", got.From)
	}
	if len(got.To) != 1 || got.To[0].Address != "sales@dealer.test" {
		t.Errorf("to: got %+v, want sales@dealer.test", got.To)
	}
	if !strings.Contains(got.Text, "A shopper asked about stock AB123.") {
		t.Errorf("text: got %q, want the message text", got.Text)
	}
	if len(got.Attachments) != 1 {
		t.Fatalf("attachments: got %+v, want lead.xml only", got.Attachments)
	}
	att := got.Attachments[0]
	if att.Filename != "lead.xml" || !strings.HasPrefix(att.ContentType, "application/xml") {
		t.Errorf("attachment: got %q %q, want lead.xml application/xml", att.Filename, att.ContentType)
	}
	data, err := dev.Attachment(ctx, got, att)
	if err != nil {
		t.Fatalf("read the attachment: %v", err)
	}
	if string(data) != adf {
		t.Errorf("attachment body: got %q, want %q", data, adf)
	}

	// Sent once, stored once: the inbox holds one message with this id.
	if all, err := dev.WithMessageID(ctx, id); err != nil || len(all) != 1 {
		t.Errorf("messages with id %s: got %d (%v), want 1", id, len(all), err)
	}
}

// Issue 9, PII: a failed send says why without naming the recipient.
func TestSMTPFailureNamesNoRecipient(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	s, err := mail.NewSMTP(addr, "leads@forecourt.test")
	if err != nil {
		t.Fatalf("NewSMTP: %v", err)
	}
	err = s.Send(context.Background(), mail.Message{To: []string{"sales@dealer.test"}, Subject: "s", Text: "t"})
	if err == nil {
		t.Fatal("Send to a closed port: got nil error")
	}
	if strings.Contains(err.Error(), "dealer.test") {
		t.Errorf("error %q names the recipient", err)
	}
}

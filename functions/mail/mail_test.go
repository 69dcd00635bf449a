package mail

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	netmail "net/mail"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
	"github.com/aws/smithy-go"
)

const adf = `<?xml version="1.0"?><?adf version="1.0"?><adf><prospect><vehicle><stock>AB123</stock></vehicle></prospect></adf>`

func leadMessage() Message {
	return Message{
		From:      "Forecourt Leads <leads@forecourt.test>",
		To:        []string{"sales@dealer.test", "manager@dealer.test"},
		ReplyTo:   []string{"shopper@example.test"},
		Subject:   "Enquiry: 2021 Toyota Corolla (AB123)",
		Text:      "A shopper asked about stock AB123.",
		MessageID: "lead-01H@forecourt.test",
		Headers:   map[string]string{"X-Forecourt-Lead": "01H"},
		Attachments: []Attachment{
			{Filename: "lead.xml", ContentType: "application/xml", Data: []byte(adf)},
		},
	}
}

// part is one leaf of a parsed MIME message.
type part struct {
	contentType, disposition, filename string
	// parent is the media type of the multipart the part is in.
	parent string
	body   []byte
}

// parse reads raw as a mail message and returns its headers and leaves.
func parse(t *testing.T, raw []byte) (netmail.Header, []part) {
	t.Helper()
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("read message: %v\n%s", err, raw)
	}
	var parts []part
	var walk func(parent, contentType string, header map[string][]string, body io.Reader)
	walk = func(parent, contentType string, header map[string][]string, body io.Reader) {
		mt, params, err := mime.ParseMediaType(contentType)
		if err != nil {
			t.Fatalf("content type %q: %v", contentType, err)
		}
		if strings.HasPrefix(mt, "multipart/") {
			r := multipart.NewReader(body, params["boundary"])
			for {
				p, err := r.NextRawPart()
				if err == io.EOF {
					return
				}
				if err != nil {
					t.Fatalf("multipart: %v", err)
				}
				walk(mt, p.Header.Get("Content-Type"), p.Header, p)
			}
		}
		data, err := io.ReadAll(body)
		if err != nil {
			t.Fatalf("read part: %v", err)
		}
		get := func(k string) string {
			if v := header[k]; len(v) > 0 {
				return v[0]
			}
			return ""
		}
		switch strings.ToLower(get("Content-Transfer-Encoding")) {
		case "base64":
			data = decodeBase64(t, data)
		case "quoted-printable":
			if data, err = io.ReadAll(quotedprintable.NewReader(bytes.NewReader(data))); err != nil {
				t.Fatalf("quoted-printable: %v", err)
			}
		}
		disp, dparams, _ := mime.ParseMediaType(get("Content-Disposition"))
		parts = append(parts, part{contentType: mt, disposition: disp, filename: dparams["filename"], parent: parent, body: data})
	}
	walk("", msg.Header.Get("Content-Type"), msg.Header, msg.Body)
	return msg.Header, parts
}

func decodeBase64(t *testing.T, data []byte) []byte {
	t.Helper()
	var clean []byte
	for _, c := range data {
		if c != '\r' && c != '\n' {
			clean = append(clean, c)
		}
	}
	out := make([]byte, len(clean))
	n, err := base64.StdEncoding.Decode(out, clean)
	if err != nil {
		t.Fatalf("base64: %v", err)
	}
	return out[:n]
}

// Issue 9, delivery: the lead goes out as a text e-mail with the ADF XML
// attached as application/xml, under a stable Message-ID.
func TestRawBuildsTheLeadMessage(t *testing.T) {
	tests := []struct {
		name        string
		edit        func(*Message)
		defaultFrom string
		wantFrom    string
		wantDisp    string
	}{
		{name: "attachment", edit: func(*Message) {}, wantFrom: "leads@forecourt.test", wantDisp: "attachment"},
		{name: "inline", edit: func(m *Message) { m.Attachments[0].Inline = true }, wantFrom: "leads@forecourt.test", wantDisp: "inline"},
		{name: "sender from configuration", edit: func(m *Message) { m.From = "" }, defaultFrom: "noreply@forecourt.test", wantFrom: "noreply@forecourt.test", wantDisp: "attachment"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := leadMessage()
			tc.edit(&m)
			raw, err := Raw(m, tc.defaultFrom)
			if err != nil {
				t.Fatalf("Raw: %v", err)
			}
			h, parts := parse(t, raw)
			if got, want := h.Get("Subject"), m.Subject; got != want {
				t.Errorf("Subject: got %q, want %q", got, want)
			}
			from, err := h.AddressList("From")
			if err != nil || len(from) != 1 || from[0].Address != tc.wantFrom {
				t.Errorf("From: got %v (%v), want %s", from, err, tc.wantFrom)
			}
			to, err := h.AddressList("To")
			if err != nil || len(to) != 2 || to[0].Address != "sales@dealer.test" || to[1].Address != "manager@dealer.test" {
				t.Errorf("To: got %v (%v), want the two dealer addresses", to, err)
			}
			if got, want := h.Get("Reply-To"), "<shopper@example.test>"; got != want {
				t.Errorf("Reply-To: got %q, want %q", got, want)
			}
			if got, want := h.Get("Message-ID"), "<lead-01H@forecourt.test>"; got != want {
				t.Errorf("Message-ID: got %q, want %q", got, want)
			}
			if got, want := h.Get("X-Forecourt-Lead"), "01H"; got != want {
				t.Errorf("X-Forecourt-Lead: got %q, want %q", got, want)
			}
			if h.Get("Date") == "" {
				t.Error("no Date header")
			}
			var text, xml *part
			for i := range parts {
				switch parts[i].contentType {
				case "text/plain":
					text = &parts[i]
				case "application/xml":
					xml = &parts[i]
				}
			}
			if text == nil || !strings.Contains(string(text.body), "A shopper asked about stock AB123.") {
				t.Errorf("text body: got %+v, want the message text", text)
			}
			if xml == nil {
				t.Fatalf("no application/xml part in %d parts", len(parts))
			}
			if xml.filename != "lead.xml" || xml.disposition != tc.wantDisp {
				t.Errorf("XML part: got filename %q disposition %q, want lead.xml %s", xml.filename, xml.disposition, tc.wantDisp)
			}
			if got := string(xml.body); got != adf {
				t.Errorf("XML body: got %q, want %q", got, adf)
			}
		})
	}
}

// Issue 32 item 4: the lead e-mail is laid out for a person as HTML, with
// the same content as plain text beside it (multipart/alternative) for mail
// clients that show text, and the ADF still attached.
func TestRawSendsTheHTMLBesideTheText(t *testing.T) {
	m := leadMessage()
	m.HTML = `<p>A shopper asked about stock <b>AB123</b>.</p>`
	raw, err := Raw(m, "")
	if err != nil {
		t.Fatalf("Raw: %v", err)
	}
	_, parts := parse(t, raw)
	got := map[string]part{}
	for _, p := range parts {
		got[p.contentType] = p
	}
	for ct, want := range map[string]string{"text/plain": m.Text, "text/html": m.HTML, "application/xml": adf} {
		p, ok := got[ct]
		if !ok {
			t.Errorf("no %s part in %d parts", ct, len(parts))
			continue
		}
		if string(p.body) != want {
			t.Errorf("%s body: got %q, want %q", ct, p.body, want)
		}
	}
	if got["text/plain"].parent != "multipart/alternative" || got["text/html"].parent != "multipart/alternative" {
		t.Errorf("text in %q and HTML in %q, want both alternatives of one multipart/alternative",
			got["text/plain"].parent, got["text/html"].parent)
	}
}

func TestRawGeneratesAMessageIDWhenNoneIsGiven(t *testing.T) {
	m := leadMessage()
	m.MessageID = ""
	raw, err := Raw(m, "")
	if err != nil {
		t.Fatalf("Raw: %v", err)
	}
	h, _ := parse(t, raw)
	if id := h.Get("Message-ID"); !strings.HasPrefix(id, "<") || !strings.Contains(id, "@") {
		t.Errorf("Message-ID: got %q, want a generated <id@host>", id)
	}
}

// Issue 9, PII: no lead field is logged, so a refused message's error
// names no address.
func TestRawRejectsWithoutNamingAddresses(t *testing.T) {
	tests := []struct {
		name string
		edit func(*Message)
		from string
		want string
	}{
		{"no sender", func(m *Message) { m.From = "" }, "", "no sender"},
		{"bad sender", func(m *Message) { m.From = "not an address shopper@" }, "", "sender is not a valid address"},
		{"no recipient", func(m *Message) { m.To = nil }, "", "no recipient"},
		{"bad recipient", func(m *Message) { m.To = []string{"sales@dealer.test", "shopper@@example.test"} }, "", "recipient 2 is not a valid address"},
		{"bad reply-to", func(m *Message) { m.ReplyTo = []string{"shopper at example.test"} }, "", "reply-to 1 is not a valid address"},
		{"subject injection", func(m *Message) { m.Subject = "Hi\r\nBcc: x@example.test" }, "", "line break"},
		{"header injection", func(m *Message) { m.Headers = map[string]string{"X-A": "1\r\nBcc: x@example.test"} }, "", "line break"},
		{"reserved header", func(m *Message) { m.Headers = map[string]string{"bcc": "x@example.test"} }, "", `header "bcc" cannot be set`},
		{"bad message id", func(m *Message) { m.MessageID = "no-at-sign" }, "", "message id"},
		{"attachment without name", func(m *Message) { m.Attachments[0].Filename = "" }, "", "attachment 1 needs a plain file name"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := leadMessage()
			tc.edit(&m)
			_, err := Raw(m, tc.from)
			if err == nil {
				t.Fatalf("Raw: got nil error, want one containing %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error: got %q, want it to contain %q", err, tc.want)
			}
			for _, addr := range []string{"shopper", "dealer.test", "example.test"} {
				if strings.Contains(err.Error(), addr) {
					t.Errorf("error %q names an address (%s)", err, addr)
				}
			}
		})
	}
}

type fakeSES struct {
	in  *sesv2.SendEmailInput
	err error
}

func (f *fakeSES) SendEmail(_ context.Context, in *sesv2.SendEmailInput, _ ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error) {
	f.in = in
	return &sesv2.SendEmailOutput{}, f.err
}

// Issue 9, delivery in AWS: SES sends the same MIME message as SMTP, from
// the verified sender.
func TestSESSendsTheRawMessage(t *testing.T) {
	fake := &fakeSES{}
	s, err := NewSES(fake, "leads@forecourt.test")
	if err != nil {
		t.Fatalf("NewSES: %v", err)
	}
	m := leadMessage()
	m.From = ""
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatalf("Send: %v", err)
	}
	if got, want := *fake.in.FromEmailAddress, "leads@forecourt.test"; got != want {
		t.Errorf("FromEmailAddress: got %q, want %q", got, want)
	}
	if got := fake.in.Destination.ToAddresses; len(got) != 2 || got[0] != "sales@dealer.test" {
		t.Errorf("ToAddresses: got %v, want the dealer addresses", got)
	}
	if fake.in.Content == nil || fake.in.Content.Raw == nil {
		t.Fatalf("Content: got %+v, want raw content", fake.in.Content)
	}
	h, parts := parse(t, fake.in.Content.Raw.Data)
	if got, want := h.Get("Message-ID"), "<lead-01H@forecourt.test>"; got != want {
		t.Errorf("Message-ID: got %q, want %q", got, want)
	}
	found := false
	for _, p := range parts {
		found = found || (p.contentType == "application/xml" && string(p.body) == adf)
	}
	if !found {
		t.Error("the raw message has no application/xml part with the ADF")
	}
}

func TestSESErrorsKeepTheCodeAndDropTheText(t *testing.T) {
	tests := []struct {
		name      string
		err       error
		code      string
		temporary bool
	}{
		{"rejected", &smithy.GenericAPIError{Code: "MessageRejected", Message: "Email address is not verified: sales@dealer.test", Fault: smithy.FaultClient}, "MessageRejected", false},
		{"throttled", &types.TooManyRequestsException{Message: aws.String("slow down for sales@dealer.test")}, "TooManyRequestsException", true},
		{"server fault", &smithy.GenericAPIError{Code: "InternalFailure", Message: "sales@dealer.test", Fault: smithy.FaultServer}, "InternalFailure", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := NewSES(&fakeSES{err: tc.err}, "leads@forecourt.test")
			err := s.Send(context.Background(), leadMessage())
			var me *Error
			if !errors.As(err, &me) {
				t.Fatalf("error: got %v (%T), want *mail.Error", err, err)
			}
			if me.Code != tc.code || me.Temporary != tc.temporary {
				t.Errorf("got code %q temporary %v, want %q %v", me.Code, me.Temporary, tc.code, tc.temporary)
			}
			if strings.Contains(err.Error(), "dealer.test") {
				t.Errorf("error %q names an address", err)
			}
		})
	}
}

func TestNewSESNeedsASender(t *testing.T) {
	if _, err := NewSES(&fakeSES{}, ""); err == nil || !strings.Contains(err.Error(), "FORECOURT_MAIL_FROM") {
		t.Errorf("NewSES without a sender: got %v, want an error naming FORECOURT_MAIL_FROM", err)
	}
}

// docs/contracts.md, Environment: SMTP when FORECOURT_SMTP_ENDPOINT is set,
// else SES, which needs FORECOURT_MAIL_FROM.
func TestFromEnv(t *testing.T) {
	tests := []struct {
		name, endpoint, from string
		want                 string // "smtp", "ses" or an error fragment
	}{
		{"MailDev", "127.0.0.1:1025", "", "smtp"},
		{"bad endpoint", "localhost", "", "not host:port"},
		{"SES", "", "leads@forecourt.test", "ses"},
		{"SES without a sender", "", "", "FORECOURT_MAIL_FROM is unset"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("FORECOURT_SMTP_ENDPOINT", tc.endpoint)
			t.Setenv("FORECOURT_MAIL_FROM", tc.from)
			t.Setenv("AWS_REGION", "ap-southeast-2")
			s, err := FromEnv(context.Background())
			var got string
			switch v := s.(type) {
			case *SMTP:
				got = "smtp"
				if v.from != LocalFrom {
					t.Errorf("SMTP sender: got %q, want %q", v.from, LocalFrom)
				}
			case *SES:
				got = "ses"
			}
			if err != nil {
				got = err.Error()
			}
			if !strings.Contains(got, tc.want) {
				t.Errorf("FromEnv: got %q, want %q", got, tc.want)
			}
		})
	}
}

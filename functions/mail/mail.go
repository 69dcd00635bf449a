// Package mail sends e-mail: through SMTP to MailDev locally and through
// Amazon SES in AWS, the same MIME message either way, so that what a
// developer reads in the local inbox is what a dealer receives.
//
// Messages carry shoppers' details (PII): nothing here logs a message, and
// errors never carry an address or the provider's text, which can name one.
package mail

import (
	"bytes"
	"context"
	"fmt"
	"net/mail"
	"strings"

	gomail "github.com/wneessen/go-mail"
)

// Sender delivers one message. Send returns only after the provider has
// accepted the message.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Message is one e-mail: a text body, optionally an HTML one, and any
// attachments.
type Message struct {
	// From is the sender; empty means the Sender's configured address
	// (FORECOURT_MAIL_FROM), which is what SES requires in AWS.
	From    string
	To      []string
	ReplyTo []string
	Subject string
	Text    string
	// HTML, when set, is the same content as Text laid out as HTML: the
	// message carries both as multipart/alternative, Text first, so a
	// client that shows only text still has all of it.
	HTML string
	// MessageID, when set, is the Message-ID header ("lead-123@forecourt",
	// angle brackets optional). A stable id per lead lets an inbox or CRM
	// recognise a resent message as the same one.
	MessageID string
	// Headers are extra header fields, such as X-Forecourt-Lead. They cannot
	// replace the ones the fields above set.
	Headers     map[string]string
	Attachments []Attachment
}

// Attachment is a file in the message: the ADF XML lead, for instance,
// with ContentType "application/xml".
type Attachment struct {
	Filename    string
	ContentType string
	Data        []byte
	// Inline shows the part in the body (Content-Disposition: inline)
	// rather than as a download.
	Inline bool
}

// reserved are the header fields that Message's own fields set.
var reserved = map[string]bool{
	"from": true, "to": true, "cc": true, "bcc": true, "reply-to": true, "subject": true,
	"message-id": true, "date": true, "mime-version": true, "content-type": true,
	"content-transfer-encoding": true, "sender": true, "return-path": true,
}

// Error is a failed send. It keeps what a caller needs to decide on a retry
// and leaves out the provider's text, which can name recipients.
type Error struct {
	Op        string // "smtp send", "ses send"
	Code      string // the SMTP reply code or the SES error code, when known
	Temporary bool   // the provider said a later attempt may succeed
}

func (e *Error) Error() string {
	s := "mail: " + e.Op + " failed"
	if e.Code != "" {
		s += " (" + e.Code + ")"
	}
	if e.Temporary {
		s += ", temporary"
	}
	return s
}

// compose validates m and builds it as a go-mail message, From filled in
// with from when m has none.
func compose(m Message, from string) (*gomail.Msg, error) {
	if m.From == "" {
		m.From = from
	}
	if m.From == "" {
		return nil, fmt.Errorf("mail: no sender: set Message.From or FORECOURT_MAIL_FROM")
	}
	// Addresses are checked here, by position, because the library's own
	// errors quote the address.
	if _, err := mail.ParseAddress(m.From); err != nil {
		return nil, fmt.Errorf("mail: the sender is not a valid address")
	}
	if len(m.To) == 0 {
		return nil, fmt.Errorf("mail: no recipient")
	}
	for i, a := range m.To {
		if _, err := mail.ParseAddress(a); err != nil {
			return nil, fmt.Errorf("mail: recipient %d is not a valid address", i+1)
		}
	}
	for i, a := range m.ReplyTo {
		if _, err := mail.ParseAddress(a); err != nil {
			return nil, fmt.Errorf("mail: reply-to %d is not a valid address", i+1)
		}
	}
	if strings.ContainsAny(m.Subject, "\r\n") {
		return nil, fmt.Errorf("mail: the subject has a line break")
	}

	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	msg.SetUserAgent("Forecourt")
	if err := msg.From(m.From); err != nil {
		return nil, fmt.Errorf("mail: the sender is not a valid address")
	}
	if err := msg.To(m.To...); err != nil {
		return nil, fmt.Errorf("mail: a recipient is not a valid address")
	}
	if len(m.ReplyTo) > 0 {
		if err := msg.SetAddrHeader(gomail.HeaderReplyTo, m.ReplyTo...); err != nil {
			return nil, fmt.Errorf("mail: a reply-to is not a valid address")
		}
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	if m.MessageID != "" {
		id := strings.TrimSuffix(strings.TrimPrefix(m.MessageID, "<"), ">")
		if !validMessageID(id) {
			return nil, fmt.Errorf("mail: message id %q is not left@right without spaces or brackets", m.MessageID)
		}
		msg.SetMessageIDWithValue(id)
	} else {
		msg.SetMessageID()
	}
	for name, value := range m.Headers {
		if !validHeaderName(name) || reserved[strings.ToLower(name)] {
			return nil, fmt.Errorf("mail: header %q cannot be set", name)
		}
		if strings.ContainsAny(value, "\r\n") {
			return nil, fmt.Errorf("mail: header %q has a line break", name)
		}
		msg.SetGenHeader(gomail.Header(name), value)
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	for i, a := range m.Attachments {
		if a.Filename == "" || strings.ContainsAny(a.Filename, "\r\n\"/\\") {
			return nil, fmt.Errorf("mail: attachment %d needs a plain file name", i+1)
		}
		ct := a.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		opts := []gomail.FileOption{gomail.WithFileContentType(gomail.ContentType(ct))}
		r := bytes.NewReader(a.Data)
		if a.Inline {
			msg.EmbedReadSeeker(a.Filename, r, opts...)
		} else {
			msg.AttachReadSeeker(a.Filename, r, opts...)
		}
	}
	return msg, nil
}

// Raw returns m as the MIME message both senders send (RFC 5322), with
// From filled in with from when m has none.
func Raw(m Message, from string) ([]byte, error) {
	msg, err := compose(m, from)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := msg.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("mail: write the MIME message: %w", err)
	}
	return buf.Bytes(), nil
}

func validMessageID(id string) bool {
	left, right, ok := strings.Cut(id, "@")
	return ok && left != "" && right != "" && !strings.ContainsAny(id, " \t\r\n<>\"")
}

// validHeaderName: RFC 5322 field names are printable ASCII except colon.
func validHeaderName(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range []byte(name) {
		if c <= ' ' || c > '~' || c == ':' {
			return false
		}
	}
	return true
}

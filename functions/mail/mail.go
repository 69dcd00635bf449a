// Package mail sends e-mail: through SMTP to MailDev locally and through
// Amazon SES in AWS, the same MIME message either way, so that what a
// developer reads in the local inbox is what a dealer receives.
//
// Messages carry shoppers' details (PII): nothing here logs a message, and
// errors never carry an address or the provider's text, which can name one.
package mail

import (
	"bytes"
	"fmt"
	"net/mail"
	"strings"

	gomail "github.com/wneessen/go-mail"

	"forecourt/shared"
)

// Sender, Message, Attachment and Error are the outgoing e-mail's model,
// in shared (shared/email.go) so that a service sends mail without
// importing this adapter (issue 36).
type (
	Sender     = shared.MailSender
	Message    = shared.MailMessage
	Attachment = shared.MailAttachment
	Error      = shared.MailError
)

// reserved are the header fields that Message's own fields set.
var reserved = map[string]bool{
	"from": true, "to": true, "cc": true, "bcc": true, "reply-to": true, "subject": true,
	"message-id": true, "date": true, "mime-version": true, "content-type": true,
	"content-transfer-encoding": true, "sender": true, "return-path": true,
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

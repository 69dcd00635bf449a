package shared

import "context"

// The outgoing e-mail's model: functions/mail sends it (SMTP locally, SES
// in AWS), and services such as lead delivery build it without importing
// that adapter. Messages carry shoppers' details (PII): errors never carry
// an address or the provider's text, which can name one.

// MailSender delivers one e-mail (functions/mail: SMTP locally, SES in
// AWS). Send returns only after the provider has accepted the message.
type MailSender interface {
	Send(ctx context.Context, m MailMessage) error
}

// MailMessage is one e-mail: a text body, optionally an HTML one, and any
// attachments.
type MailMessage struct {
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
	Attachments []MailAttachment
}

// MailAttachment is a file in the message: the ADF XML lead, for instance,
// with ContentType "application/xml".
type MailAttachment struct {
	Filename    string
	ContentType string
	Data        []byte
	// Inline shows the part in the body (Content-Disposition: inline)
	// rather than as a download.
	Inline bool
}

// MailError is a failed send. It keeps what a caller needs to decide on a retry
// and leaves out the provider's text, which can name recipients.
type MailError struct {
	Op        string // "smtp send", "ses send"
	Code      string // the SMTP reply code or the SES error code, when known
	Temporary bool   // the provider said a later attempt may succeed
}

func (e *MailError) Error() string {
	s := "mail: " + e.Op + " failed"
	if e.Code != "" {
		s += " (" + e.Code + ")"
	}
	if e.Temporary {
		s += ", temporary"
	}
	return s
}

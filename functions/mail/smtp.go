package mail

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// SMTP sends through an SMTP server without TLS or authentication: the
// local stand-in, MailDev. AWS sends through SES.
type SMTP struct {
	host string
	port int
	from string
}

// NewSMTP returns a sender to the server at endpoint ("127.0.0.1:1025"),
// using from for messages that name no sender.
func NewSMTP(endpoint, from string) (*SMTP, error) {
	host, portText, err := net.SplitHostPort(endpoint)
	if err != nil {
		return nil, fmt.Errorf("mail: SMTP endpoint %q is not host:port: %w", endpoint, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port <= 0 || port > 65535 {
		return nil, fmt.Errorf("mail: SMTP endpoint %q has no valid port", endpoint)
	}
	return &SMTP{host: host, port: port, from: from}, nil
}

// Send connects, sends m and disconnects. A connection per message keeps
// the sender safe for concurrent use; lead volume does not need a pool.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg, err := compose(m, s.from)
	if err != nil {
		return err
	}
	c, err := gomail.NewClient(s.host,
		gomail.WithPort(s.port),
		gomail.WithTLSPolicy(gomail.NoTLS),
		gomail.WithTimeout(30*time.Second),
	)
	if err != nil {
		return fmt.Errorf("mail: smtp client for %s:%d: %w", s.host, s.port, err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return smtpError(err)
	}
	return nil
}

// smtpError drops the library's text, which lists the recipients.
func smtpError(err error) error {
	var se *gomail.SendError
	if !errors.As(err, &se) {
		// Dial and context errors name the server, never a recipient.
		return fmt.Errorf("mail: smtp send: %w", err)
	}
	e := &Error{Op: "smtp send: " + se.Reason.String(), Temporary: se.IsTemp()}
	if code := se.ErrorCode(); code != 0 {
		e.Code = strconv.Itoa(code)
	}
	return e
}

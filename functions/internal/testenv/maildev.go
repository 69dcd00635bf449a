package testenv

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// MailDev is a running MailDev (npm maildev 3.0.0): where tests send and
// where they read what arrived.
type MailDev struct {
	// SMTP is host:port, the value of FORECOURT_SMTP_ENDPOINT.
	SMTP string
	// Web is the base URL of the inbox and its REST API (/api/email), the
	// value of FORECOURT_MAIL_WEB_URL.
	Web string
}

var maildev struct {
	once sync.Once
	dev  MailDev
	stop func()
	err  error
}

// StartMailDev returns the MailDev the environment names when
// FORECOURT_SMTP_ENDPOINT is set (scripts/test.sh starts one and sets it
// with FORECOURT_MAIL_WEB_URL); otherwise it starts MailDev on free ports,
// once per test binary, and Main stops it. The inbox may be shared with
// other tests, so tests find their messages by Message-ID.
func StartMailDev(t testing.TB) MailDev {
	t.Helper()
	if ep := os.Getenv("FORECOURT_SMTP_ENDPOINT"); ep != "" {
		web := os.Getenv("FORECOURT_MAIL_WEB_URL")
		if web == "" {
			t.Fatalf("FORECOURT_SMTP_ENDPOINT is set but FORECOURT_MAIL_WEB_URL is not: tests read mail through MailDev's REST API")
		}
		return MailDev{SMTP: ep, Web: strings.TrimSuffix(web, "/")}
	}
	maildev.once.Do(func() { maildev.dev, maildev.stop, maildev.err = startMailDev() })
	if maildev.err != nil {
		t.Fatalf("MailDev: %v", maildev.err)
	}
	return maildev.dev
}

func stopMailDev() {
	if maildev.stop != nil {
		maildev.stop()
	}
}

// startMailDev starts MailDev and returns it with the function that stops
// it and removes its mail.
func startMailDev() (MailDev, func(), error) {
	root, err := RepoRoot()
	if err != nil {
		return MailDev{}, nil, err
	}
	bin := filepath.Join(root, "node_modules", "maildev", "dist", "bin", "maildev.js")
	if _, err := os.Stat(bin); err != nil {
		return MailDev{}, nil, fmt.Errorf("MailDev not found at %s (run npm install)", bin)
	}
	smtpPort, err := freePort()
	if err != nil {
		return MailDev{}, nil, err
	}
	webPort, err := freePort()
	for err == nil && webPort == smtpPort {
		webPort, err = freePort()
	}
	if err != nil {
		return MailDev{}, nil, err
	}
	// Its own mail directory: MailDev otherwise keeps attachments in a
	// temp folder that every instance on the machine shares.
	dir, err := os.MkdirTemp("", "forecourt-maildev-")
	if err != nil {
		return MailDev{}, nil, fmt.Errorf("mail directory: %w", err)
	}
	cmd := exec.Command("node", bin, "--smtp", fmt.Sprint(smtpPort), "--web", fmt.Sprint(webPort),
		"--ip", "127.0.0.1", "--web-ip", "127.0.0.1", "--mail-directory", dir)
	dev := MailDev{SMTP: fmt.Sprintf("127.0.0.1:%d", smtpPort), Web: fmt.Sprintf("http://127.0.0.1:%d", webPort)}
	// The web server starts after the SMTP listener, so a healthy API
	// means both answer.
	stop, err := startProcess("MailDev", cmd, dev.Web+"/api/healthz", healthy, dir)
	if err != nil {
		return MailDev{}, nil, err
	}
	return dev, stop, nil
}

// Email is MailDev's JSON for one received message: the fields tests read.
type Email struct {
	ID          string            `json:"id"`
	Subject     string            `json:"subject"`
	Text        string            `json:"text"`
	HTML        string            `json:"html"`
	From        []EmailAddress    `json:"from"`
	To          []EmailAddress    `json:"to"`
	Headers     map[string]any    `json:"headers"`
	Attachments []EmailAttachment `json:"attachments"`
}

// EmailAddress is one parsed address.
type EmailAddress struct {
	Address string `json:"address"`
	Name    string `json:"name"`
}

// EmailAttachment is an attachment's metadata; Attachment fetches its bytes.
type EmailAttachment struct {
	Filename           string `json:"filename"`
	GeneratedFileName  string `json:"generatedFileName"`
	ContentType        string `json:"contentType"`
	ContentDisposition string `json:"contentDisposition"`
}

// MessageID is the Message-ID header without its angle brackets.
func (e Email) MessageID() string {
	v, _ := e.Headers["message-id"].(string)
	return strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(v), "<"), ">")
}

// Emails returns every message in the inbox (GET /api/email).
func (d MailDev) Emails(ctx context.Context) ([]Email, error) {
	var emails []Email
	if err := d.get(ctx, "/api/email", func(r io.Reader) error { return json.NewDecoder(r).Decode(&emails) }); err != nil {
		return nil, err
	}
	return emails, nil
}

// WithMessageID returns the messages whose Message-ID is id (angle brackets
// optional): more than one means the same message arrived twice.
func (d MailDev) WithMessageID(ctx context.Context, id string) ([]Email, error) {
	id = strings.TrimSuffix(strings.TrimPrefix(id, "<"), ">")
	emails, err := d.Emails(ctx)
	if err != nil {
		return nil, err
	}
	var found []Email
	for _, e := range emails {
		if e.MessageID() == id {
			found = append(found, e)
		}
	}
	return found, nil
}

// WaitForEmail polls the inbox until a message with Message-ID id has
// arrived, and returns it; it fails the test after timeout.
func (d MailDev) WaitForEmail(t testing.TB, id string, timeout time.Duration) Email {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	var lastErr error
	for {
		found, err := d.WithMessageID(ctx, id)
		if err == nil && len(found) > 0 {
			return found[0]
		}
		if err != nil {
			lastErr = err
		}
		select {
		case <-ctx.Done():
			t.Fatalf("no message %q in MailDev at %s within %s (last error: %v)", id, d.Web, timeout, lastErr)
		case <-tick.C:
		}
	}
}

// Attachment returns the bytes of one of e's attachments.
func (d MailDev) Attachment(ctx context.Context, e Email, a EmailAttachment) ([]byte, error) {
	var data []byte
	path := "/api/email/" + url.PathEscape(e.ID) + "/attachment/" + url.PathEscape(a.GeneratedFileName)
	err := d.get(ctx, path, func(r io.Reader) error {
		var err error
		data, err = io.ReadAll(r)
		return err
	})
	return data, err
}

func (d MailDev) get(ctx context.Context, path string, read func(io.Reader) error) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, d.Web+path, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("GET %s: %w", path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: status %d", path, resp.StatusCode)
	}
	if err := read(resp.Body); err != nil {
		return fmt.Errorf("GET %s: read: %w", path, err)
	}
	return nil
}

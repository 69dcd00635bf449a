package feed

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Push is one feed sent to the ingestion endpoint by a client (the CLI's
// feed push, the burst benchmark).
type Push struct {
	// Endpoint is the feed URL: <base>/ingest/v1/dealerships/<slug>/feed[?mode=].
	Endpoint    string
	Key         string // provider key
	ContentType string // application/json or text/csv
	// Body is the gzip-compressed feed, sent whole on every attempt.
	Body []byte
	// Retries is how many 429 answers are waited out (each for its
	// Retry-After) before giving up.
	Retries int
	// Body wraps each attempt's body reader (progress display); nil: none.
	Wrap func(io.Reader) io.Reader
	// Waited is told of each wait (a message for the operator); nil: none.
	Waited func(attempt int, wait time.Duration)
}

// Send posts the feed and returns the run report. A 429 (the platform is
// applying as many feeds as it allows, docs/contracts.md) is retried after
// its Retry-After; any other failure is returned with the server's answer.
func (p Push) Send(ctx context.Context, client *http.Client) (Report, error) {
	for attempt := 0; ; attempt++ {
		var body io.Reader = bytes.NewReader(p.Body)
		if p.Wrap != nil {
			body = p.Wrap(body)
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.Endpoint, body)
		if err != nil {
			return Report{}, err
		}
		req.ContentLength = int64(len(p.Body))
		req.Header.Set("Content-Type", p.ContentType)
		req.Header.Set("Content-Encoding", "gzip")
		req.Header.Set("Authorization", "Bearer "+p.Key)
		resp, err := client.Do(req)
		if err != nil {
			return Report{}, err
		}
		out, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return Report{}, fmt.Errorf("read response: %w", err)
		}
		if resp.StatusCode == http.StatusTooManyRequests && attempt < p.Retries {
			wait := retryAfter(resp.Header.Get("Retry-After"))
			if p.Waited != nil {
				p.Waited(attempt+1, wait)
			}
			select {
			case <-ctx.Done():
				return Report{}, ctx.Err()
			case <-time.After(wait):
			}
			continue
		}
		if resp.StatusCode != http.StatusOK {
			return Report{}, fmt.Errorf("%s: %s", resp.Status, strings.TrimSpace(string(out)))
		}
		var rep Report
		if err := json.Unmarshal(out, &rep); err != nil {
			return Report{}, fmt.Errorf("decode report: %w", err)
		}
		return rep, nil
	}
}

// retryAfter reads a Retry-After in seconds (the only form the API sends);
// missing or odd values wait 10 s.
func retryAfter(v string) time.Duration {
	if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n >= 0 && n <= 3600 {
		return time.Duration(n) * time.Second
	}
	return 10 * time.Second
}

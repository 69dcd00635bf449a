package main

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"forecourt/functions/httpapi"
)

// probe reports whether one part of the local stack answers.
type probe struct {
	name  string
	check func(ctx context.Context) error
}

// health answers GET /healthz: 200 once seeding is done and every probe
// passes, else 503 naming what is not ready.
type health struct {
	probes []probe
	ready  atomic.Bool // seeding finished
	// timeout bounds each probe.
	timeout time.Duration
}

// HealthBody is the JSON of /healthz.
type HealthBody struct {
	Status   string            `json:"status"` // ready or starting
	NotReady map[string]string `json:"not_ready,omitempty"`
}

func (h *health) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	body := HealthBody{Status: "ready", NotReady: h.notReady(r.Context())}
	status := http.StatusOK
	if len(body.NotReady) > 0 {
		body.Status, status = "starting", http.StatusServiceUnavailable
	}
	httpapi.WriteJSON(w, status, body)
}

func (h *health) notReady(ctx context.Context) map[string]string {
	out := map[string]string{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, p := range h.probes {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(ctx, h.timeout)
			defer cancel()
			if err := p.check(ctx); err != nil {
				mu.Lock()
				out[p.name] = err.Error()
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if !h.ready.Load() {
		out["seed"] = "creating tables and seeding the demo tenants"
	}
	return out
}

// httpProbe passes when url answers HTTP at all: any status means the
// server is up (cognito-local answers 400 to a plain GET).
func httpProbe(client *http.Client, url string) func(ctx context.Context) error {
	return func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err != nil {
			return fmt.Errorf("no answer: %w", err)
		}
		resp.Body.Close()
		return nil
	}
}

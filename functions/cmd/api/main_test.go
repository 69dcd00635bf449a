package main

import (
	"context"
	"strings"
	"testing"
)

// Tenancy (docs/contracts.md): the API refuses to start without the origin
// secret, rather than serving every request 403.
func TestNewHandlerNeedsOriginSecret(t *testing.T) {
	t.Setenv("FORECOURT_ORIGIN_SECRET", "")
	_, err := newHandler(context.Background())
	if err == nil || !strings.Contains(err.Error(), "FORECOURT_ORIGIN_SECRET") {
		t.Fatalf("got %v, want an error naming FORECOURT_ORIGIN_SECRET", err)
	}
}

func TestNewHandlerFromEnv(t *testing.T) {
	t.Setenv("FORECOURT_ORIGIN_SECRET", "secret")
	t.Setenv("FORECOURT_DYNAMO_ENDPOINT", "http://127.0.0.1:1")
	h, err := newHandler(context.Background())
	if err != nil || h == nil {
		t.Fatalf("newHandler: %v", err)
	}
}

package reserve_test

import (
	"context"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"forecourt/functions/reserve"
)

// stripeMock returns the URL of stripe-mock: STRIPE_API_BASE when set (make
// test starts one), else one started for the test from PATH or GOPATH/bin.
// It fails rather than skips when stripe-mock is missing: scripts/deps.sh
// installs it, and a skip would hide the gap.
func stripeMock(t *testing.T) string {
	t.Helper()
	if base := os.Getenv("STRIPE_API_BASE"); base != "" {
		return base
	}
	bin, err := exec.LookPath("stripe-mock")
	if err != nil {
		out, _ := exec.Command("go", "env", "GOPATH").Output()
		bin = filepath.Join(strings.TrimSpace(string(out)), "bin", "stripe-mock")
		if _, err := os.Stat(bin); err != nil {
			t.Fatalf("stripe-mock is not installed: run scripts/deps.sh (go install github.com/stripe/stripe-mock@v0.203.0)")
		}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(bin, "-http-addr", addr)
	if err := cmd.Start(); err != nil {
		t.Fatalf("start stripe-mock: %v", err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	base := "http://" + addr
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(base + "/v1/charges")
		if err == nil {
			resp.Body.Close()
			return base
		}
		if time.Now().After(deadline) {
			t.Fatalf("stripe-mock did not answer at %s: %v", base, err)
		}
		time.Sleep(50 * time.Millisecond) // polling a starting process, not waiting a fixed time
	}
}

// Issue 13: the deposit's Checkout Session and its refund go through
// stripe-go to a Stripe API (stripe-mock validates every parameter against
// Stripe's OpenAPI spec).
func TestStripeAgainstStripeMock(t *testing.T) {
	ctx := context.Background()
	s := reserve.NewStripe("sk_test_123", stripeMock(t))
	co, err := s.CreateCheckout(ctx, reserve.CheckoutRequest{
		ReservationID: "res_abc", AmountCents: 20000, Currency: "aud", Description: "Refundable deposit to reserve 2021 Mazda CX-5",
		SuccessURL: "https://northside.example/reservations/res_abc", CancelURL: "https://northside.example/cars/x",
		ExpiresAt: time.Now().Add(30 * time.Minute),
	})
	if err != nil {
		t.Fatalf("checkout session: %v", err)
	}
	if !strings.HasPrefix(co.SessionID, "cs_") || co.URL == "" {
		t.Fatalf("checkout %+v: want a cs_ session with a URL", co)
	}
	if err := s.Refund(ctx, "pi_123", "res_abc"); err != nil {
		t.Fatalf("refund: %v", err)
	}
}

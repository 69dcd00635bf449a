package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stripe/stripe-go/v84/webhook"

	"forecourt/functions/reserve"
)

// Issue 13: the dev gateway's stand-in of Stripe's hosted checkout is
// labelled as such, and its Pay button sends checkout.session.completed
// signed with the webhook secret the API verifies, then returns the
// shopper to the success URL.
func TestCheckoutStandInPaysThroughASignedWebhook(t *testing.T) {
	const secret = "whsec_standin_test"
	var got struct {
		typ, reservation string
		err              error
	}
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		ev, err := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), secret)
		got.err = err
		if err == nil {
			got.typ = string(ev.Type)
			got.reservation = ev.GetObjectValue("metadata", "reservation_id")
		}
		w.WriteHeader(http.StatusOK)
	}))
	defer hook.Close()
	c := newCheckoutStandIn(stripeStandInConfig{SecretKey: "sk_test", WebhookSecret: secret, APIBase: "http://127.0.0.1:1", WebhookURL: hook.URL})
	c.sessions["res_1"] = standInSession{SessionID: "cs_test_1", CheckoutRequest: reserve.CheckoutRequest{
		ReservationID: "res_1", AmountCents: 20000, Currency: "aud", Description: "Refundable deposit to reserve 2021 Mazda CX-5",
		SuccessURL: "http://northside.localhost:8080/reservations/res_1", CancelURL: "http://northside.localhost:8080/cars/x"}}

	page := httptest.NewRecorder()
	c.ServeHTTP(page, httptest.NewRequest(http.MethodGet, checkoutStandInPath+"res_1", nil))
	if body := page.Body.String(); page.Code != 200 || !strings.Contains(body, "Local stand-in for Stripe") || !strings.Contains(body, "$200") {
		t.Fatalf("stand-in page %d: want it labelled as the local stand-in showing $200\n%s", page.Code, body)
	}
	pay := httptest.NewRecorder()
	c.ServeHTTP(pay, httptest.NewRequest(http.MethodPost, checkoutStandInPath+"res_1", nil))
	if pay.Code != http.StatusSeeOther || pay.Header().Get("Location") != "http://northside.localhost:8080/reservations/res_1" {
		t.Fatalf("pay: %d to %q, want 303 to the success URL", pay.Code, pay.Header().Get("Location"))
	}
	if got.err != nil || got.typ != "checkout.session.completed" || got.reservation != "res_1" {
		t.Fatalf("webhook: %+v, want a verified checkout.session.completed for res_1", got)
	}
	missing := httptest.NewRecorder()
	c.ServeHTTP(missing, httptest.NewRequest(http.MethodGet, checkoutStandInPath+"res_unknown", nil))
	if missing.Code != http.StatusNotFound {
		t.Fatalf("unknown session: %d, want 404", missing.Code)
	}
}

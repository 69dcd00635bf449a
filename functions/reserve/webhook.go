package reserve

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/stripe/stripe-go/v84"
	"github.com/stripe/stripe-go/v84/webhook"

	"forecourt/shared"
)

// HandleWebhook verifies a Stripe webhook delivery's signature and moves
// its reservation. A bad signature is an EINVALID error (400) and changes
// nothing; an event handled before is acknowledged and ignored.
func (s *Service) HandleWebhook(ctx context.Context, payload []byte, signature string) error {
	if s.cfg.WebhookSecret == "" {
		return fmt.Errorf("stripe webhook secret is not configured")
	}
	// The endpoint's API version is set in Stripe's dashboard and may lag
	// the library's; only the ids and metadata below are read.
	ev, err := webhook.ConstructEventWithOptions(payload, signature, s.cfg.WebhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return shared.Errorf(shared.EINVALID, "the Stripe-Signature header does not verify: %v", err)
	}
	seen, err := s.cfg.Store.EventSeen(ctx, ev.ID)
	if err != nil {
		return err
	}
	if seen {
		slog.InfoContext(ctx, "stripe event replayed", "event", ev.ID, "type", ev.Type)
		return nil
	}
	if err := s.handleEvent(ctx, ev); err != nil {
		return err
	}
	// Marked only once handled, so Stripe's retry of a failed delivery runs
	// again; each move is conditional, so a concurrent duplicate is harmless.
	return s.cfg.Store.MarkEvent(ctx, ev.ID, s.cfg.Now())
}

func (s *Service) handleEvent(ctx context.Context, ev stripe.Event) error {
	switch ev.Type {
	case "checkout.session.completed":
		var sess stripe.CheckoutSession
		if err := json.Unmarshal(ev.Data.Raw, &sess); err != nil {
			return shared.Errorf(shared.EINVALID, "checkout session of event %s: %v", ev.ID, err)
		}
		id := sess.Metadata[MetadataReservationID]
		if id == "" || sess.PaymentStatus != stripe.CheckoutSessionPaymentStatusPaid {
			return nil
		}
		pi := ""
		if sess.PaymentIntent != nil {
			pi = sess.PaymentIntent.ID
		}
		return s.eventErr(s.pay(ctx, id, pi))
	case "payment_intent.succeeded":
		var intent stripe.PaymentIntent
		if err := json.Unmarshal(ev.Data.Raw, &intent); err != nil {
			return shared.Errorf(shared.EINVALID, "payment intent of event %s: %v", ev.ID, err)
		}
		if id := intent.Metadata[MetadataReservationID]; id != "" {
			return s.eventErr(s.pay(ctx, id, intent.ID))
		}
	case "charge.refunded":
		var ch stripe.Charge
		if err := json.Unmarshal(ev.Data.Raw, &ch); err != nil {
			return shared.Errorf(shared.EINVALID, "charge of event %s: %v", ev.ID, err)
		}
		id := ch.Metadata[MetadataReservationID]
		if id == "" || !ch.Refunded {
			return nil
		}
		return s.eventErr(s.refunded(ctx, id))
	}
	return nil
}

// eventErr acknowledges events about reservations that do not exist (a
// test payment in the same Stripe account): retrying cannot help.
func (s *Service) eventErr(err error) error {
	if shared.ErrorCode(err) == shared.ENOTFOUND {
		return nil
	}
	return err
}

// refunded records a refund made in Stripe (the dashboard, or Refund).
func (s *Service) refunded(ctx context.Context, id string) error {
	r, err := s.cfg.Store.Reservation(ctx, id)
	if err != nil {
		return err
	}
	if !r.State.CanMove(shared.ReservationRefunded) {
		return nil // refunded already, or never paid
	}
	_, err = s.move(ctx, r, shared.ReservationRefunded)
	if shared.ErrorCode(err) == shared.ECONFLICT {
		return nil
	}
	return err
}

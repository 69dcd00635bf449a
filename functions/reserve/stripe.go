package reserve

import (
	"context"
	"fmt"

	"github.com/stripe/stripe-go/v84"
)

// MetadataReservationID is the Stripe metadata key carrying the
// reservation id on the checkout session and its payment intent.
const MetadataReservationID = "reservation_id"

// Stripe takes deposits through Stripe Checkout.
type Stripe struct {
	client *stripe.Client
}

// NewStripe returns the Stripe payments of the secret key. apiBase is
// stripe-mock's URL locally ("http://127.0.0.1:12111"); empty in AWS.
func NewStripe(secretKey, apiBase string) *Stripe {
	var opts []stripe.ClientOption
	if apiBase != "" {
		opts = append(opts, stripe.WithBackends(stripe.NewBackendsWithConfig(&stripe.BackendConfig{URL: stripe.String(apiBase)})))
	}
	return &Stripe{client: stripe.NewClient(secretKey, opts...)}
}

// CreateCheckout creates a Checkout Session for the deposit. The
// reservation id is its metadata, its payment intent's metadata and its
// idempotency key, so a retried request creates no second session.
func (s *Stripe) CreateCheckout(ctx context.Context, req CheckoutRequest) (Checkout, error) {
	meta := map[string]string{MetadataReservationID: req.ReservationID}
	params := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModePayment)),
		ClientReferenceID: stripe.String(req.ReservationID),
		SuccessURL:        stripe.String(req.SuccessURL),
		CancelURL:         stripe.String(req.CancelURL),
		ExpiresAt:         stripe.Int64(req.ExpiresAt.Unix()),
		Metadata:          meta,
		PaymentIntentData: &stripe.CheckoutSessionCreatePaymentIntentDataParams{Metadata: meta},
		LineItems: []*stripe.CheckoutSessionCreateLineItemParams{{
			Quantity: stripe.Int64(1),
			PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
				Currency:    stripe.String(req.Currency),
				UnitAmount:  stripe.Int64(req.AmountCents),
				ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(req.Description)},
			},
		}},
	}
	params.SetIdempotencyKey("checkout-" + req.ReservationID)
	sess, err := s.client.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return Checkout{}, fmt.Errorf("stripe checkout session: %w", err)
	}
	return Checkout{SessionID: sess.ID, URL: sess.URL}, nil
}

// Refund refunds the payment in full, once per reservation.
func (s *Stripe) Refund(ctx context.Context, paymentIntentID, reservationID string) error {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(paymentIntentID),
		Metadata:      map[string]string{MetadataReservationID: reservationID},
	}
	params.SetIdempotencyKey("refund-" + reservationID)
	if _, err := s.client.V1Refunds.Create(ctx, params); err != nil {
		return fmt.Errorf("stripe refund of %s: %w", paymentIntentID, err)
	}
	return nil
}

package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"forecourt/shared"
)

// Reserver runs online reservations (issue 13); the reserve package's
// Service implements it.
type Reserver interface {
	Reserve(ctx context.Context, st ReserveStart) (shared.Reservation, error)
	Reservation(ctx context.Context, site shared.Site, shopper shared.Shopper, id string) (shared.Reservation, error)
	// Mine lists the shopper's reservations on the site, newest first.
	Mine(ctx context.Context, site shared.Site, shopper shared.Shopper) ([]shared.Reservation, error)
	HandleWebhook(ctx context.Context, payload []byte, signature string) error
}

// ReserveStart is a shopper's request to reserve a car, as the handler
// hands it over.
type ReserveStart struct {
	Site    shared.Site
	Shopper shared.Shopper
	CarID   string
	// Origin is the site's public address, for Stripe's return URLs.
	Origin string
}

// ReservationsConfig configures the reservation routes.
type ReservationsConfig struct {
	Service  Reserver
	Shoppers ShopperVerifier
}

// maxWebhookBody bounds a Stripe event; Stripe's are a few kilobytes.
const maxWebhookBody = 256 << 10

// ReservationRequest is the body of POST /api/reservations.
type ReservationRequest struct {
	CarID string `json:"car_id"`
}

// ReservationCreated answers POST /api/reservations (201): where to pay.
type ReservationCreated struct {
	ReservationID string `json:"reservation_id"`
	CheckoutURL   string `json:"checkout_url"`
}

// ReservationResponse answers GET /api/reservations/{id} for its owner.
type ReservationResponse struct {
	ReservationID string                  `json:"reservation_id"`
	State         shared.ReservationState `json:"state"`
	CarID         string                  `json:"car_id"`
	CarSlug       string                  `json:"car_slug"`
	CarTitle      string                  `json:"car_title"`
	DepositCents  int64                   `json:"deposit_cents"`
	Currency      string                  `json:"currency"`
	// HeldUntil is when the hold ends, RFC 3339 (UTC); the page shows it in
	// the dealership's time zone.
	HeldUntil string `json:"held_until"`
	// HeldUntilText is HeldUntil in the dealership's time zone, as shown
	// (shared.HoldEndText).
	HeldUntilText string `json:"held_until_text"`
	// HoldHours is how long a paid deposit holds the car on this site.
	HoldHours int    `json:"hold_hours"`
	CreatedAt string `json:"created_at"`
	// PaidAt is RFC 3339 (UTC) once paid.
	PaidAt string `json:"paid_at,omitempty"`
	// Holding reports whether the reservation holds the car now.
	Holding        bool   `json:"holding"`
	RefundableText string `json:"refundable_text"`
	// CheckoutURL is where a pending reservation is paid.
	CheckoutURL string `json:"checkout_url,omitempty"`
}

func (s *apiServer) reservations() (*ReservationsConfig, error) {
	c := s.cfg.Reservations
	if c == nil || c.Service == nil || c.Shoppers == nil {
		return nil, errors.New("reservations are not configured: APIConfig.Reservations needs the service and the shopper user pool")
	}
	return c, nil
}

// shopperRoute runs h for a shopper signed in to the requesting site: the
// shopper is whoever the verified bearer token says (DESIGN.md decision 11).
func (s *apiServer) shopperRoute(h func(c *ReservationsConfig, shopper shared.Shopper) HandlerFunc) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		c, err := s.reservations()
		if err != nil {
			return err
		}
		token := bearerToken(r)
		if token == "" {
			w.Header().Set("WWW-Authenticate", `Bearer`)
			return shared.Errorf(shared.EUNAUTHORIZED, "sign in to reserve a car")
		}
		site := siteFrom(r.Context())
		shopper, err := c.Shoppers.VerifyShopper(r.Context(), token, site)
		if err != nil {
			slog.InfoContext(r.Context(), "reservation token refused", "site", site.Slug, "reason", err)
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
			return shared.Errorf(shared.EUNAUTHORIZED, "your sign-in has expired or is not for this site; sign in again")
		}
		return h(c, shopper)(w, r)
	}
}

func (s *apiServer) handleCreateReservation(c *ReservationsConfig, shopper shared.Shopper) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req ReservationRequest
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxWatchlistBody))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			var tooLarge *http.MaxBytesError
			var typeErr *json.UnmarshalTypeError
			switch {
			case errors.As(err, &tooLarge):
				return shared.Errorf(shared.ETOOLARGE, "the body is larger than %d bytes", maxWatchlistBody)
			case errors.As(err, &typeErr):
				return typeError(typeErr)
			case strings.HasPrefix(err.Error(), "json: unknown field "):
				field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
				return shared.FieldError(field, "is not a field of this request; send car_id")
			case errors.Is(err, io.EOF):
				return shared.FieldError("car_id", "is required")
			default:
				return shared.Errorf(shared.EINVALID, "the body is not JSON")
			}
		}
		req.CarID = strings.TrimSpace(req.CarID)
		switch {
		case req.CarID == "":
			return shared.FieldError("car_id", "is required")
		case len(req.CarID) > 128:
			return shared.FieldError("car_id", "is longer than 128 characters")
		}
		site := siteFrom(r.Context())
		res, err := c.Service.Reserve(r.Context(), ReserveStart{Site: site, Shopper: shopper, CarID: req.CarID, Origin: returnOrigin(site, r)})
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", errorCacheControl)
		w.Header().Set("Location", "/api/reservations/"+res.ID)
		WriteJSON(w, http.StatusCreated, ReservationCreated{ReservationID: res.ID, CheckoutURL: res.CheckoutURL})
		return nil
	}
}

// returnOrigin is the origin Stripe sends the shopper back to: the page's
// own (the browser's Origin header) when it is one of the site's addresses,
// a domain of the site or the host the request itself came to (a local
// site), else the site's public address. The shopper's sign-in lives in
// that origin's storage, so a return to another of the site's domains would
// sign them out, and locally the production domain does not resolve at all;
// any other Origin is ignored so a caller cannot point the return elsewhere.
func returnOrigin(site shared.Site, r *http.Request) string {
	if u, err := url.Parse(r.Header.Get("Origin")); err == nil && u.Host != "" && u.Path == "" && u.User == nil {
		own := (u.Scheme == "http" || u.Scheme == "https") && strings.EqualFold(u.Host, r.Host)
		for _, d := range site.Domains {
			own = own || u.Scheme == "https" && strings.EqualFold(u.Host, strings.TrimSpace(d))
		}
		if own {
			return u.Scheme + "://" + strings.ToLower(u.Host)
		}
	}
	return siteBaseURL(site, r)
}

// ReservationList answers GET /api/reservations: the signed-in shopper's
// reservations on this site, newest first (the /online-payment page).
type ReservationList struct {
	Reservations []ReservationResponse `json:"reservations"`
}

func (s *apiServer) handleListReservations(c *ReservationsConfig, shopper shared.Shopper) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		site := siteFrom(r.Context())
		list, err := c.Service.Mine(r.Context(), site, shopper)
		if err != nil {
			return err
		}
		out := ReservationList{Reservations: make([]ReservationResponse, 0, len(list))}
		for _, res := range list {
			out.Reservations = append(out.Reservations, s.reservationResponse(site, res))
		}
		w.Header().Set("Cache-Control", errorCacheControl)
		WriteJSON(w, http.StatusOK, out)
		return nil
	}
}

func (s *apiServer) handleGetReservation(c *ReservationsConfig, shopper shared.Shopper) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		site := siteFrom(r.Context())
		res, err := c.Service.Reservation(r.Context(), site, shopper, r.PathValue("id"))
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", errorCacheControl)
		WriteJSON(w, http.StatusOK, s.reservationResponse(site, res))
		return nil
	}
}

// reservationResponse is what the reservation's shopper is shown of it.
func (s *apiServer) reservationResponse(site shared.Site, res shared.Reservation) ReservationResponse {
	out := ReservationResponse{
		ReservationID: res.ID, State: res.State, CarID: res.CarID, CarSlug: res.CarSlug, CarTitle: res.CarTitle,
		DepositCents: res.DepositCents, Currency: res.Currency, HeldUntil: res.HeldUntil.UTC().Format(time.RFC3339),
		CreatedAt: res.CreatedAt.UTC().Format(time.RFC3339), Holding: res.Holds(s.now()),
		RefundableText: site.Reserve.RefundableText, HeldUntilText: shared.HoldEndText(res, site),
		HoldHours: site.Reserve.HoldHours,
	}
	if !res.PaidAt.IsZero() {
		out.PaidAt = res.PaidAt.UTC().Format(time.RFC3339)
	}
	if res.State == shared.ReservationPending {
		out.CheckoutURL = res.CheckoutURL
	}
	return out
}

// handleStripeWebhook receives Stripe's events. It is not a tenant route:
// Stripe calls it directly, without the origin secret, and the signature
// (verified by the service) is its authentication.
func (s *apiServer) handleStripeWebhook(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Cache-Control", errorCacheControl)
	c, err := s.reservations()
	if err != nil {
		return err
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return shared.Errorf(shared.ETOOLARGE, "the event is larger than %d bytes", maxWebhookBody)
		}
		return fmt.Errorf("read webhook: %w", err)
	}
	if err := c.Service.HandleWebhook(r.Context(), body, r.Header.Get("Stripe-Signature")); err != nil {
		return err
	}
	WriteJSON(w, http.StatusOK, map[string]bool{"received": true})
	return nil
}

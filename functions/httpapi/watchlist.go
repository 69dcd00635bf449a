package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"forecourt/functions/cognito"
	"forecourt/functions/watchlist"
	"forecourt/shared"
)

// ShopperVerifier says who a token's shopper is on a site. The cognito
// package's Shoppers implements it: the token must be a current one of the
// shopper pool issued to that site's own app client.
type ShopperVerifier interface {
	VerifyShopper(ctx context.Context, token string, site shared.Site) (shared.Shopper, error)
}

// WatchlistStore keeps watchlists (dynamo.WatchlistStore); WatchlistCars
// finds their cars (dynamo.CarStore). The rules over them are package
// watchlist's.
type (
	WatchlistStore = watchlist.Store
	WatchlistCars  = watchlist.Cars
)

// WatchlistConfig configures the watchlist routes (issue 12, spec 000 §7)
// of the api Lambda.
type WatchlistConfig struct {
	Store WatchlistStore
	Cars  WatchlistCars
	// Shoppers verifies tokens; nil (no user pool configured) answers every
	// watchlist request 500.
	Shoppers ShopperVerifier
}

// maxWatchlistBody bounds a save or remove body: two short fields.
const maxWatchlistBody = 4 << 10

// watchlistServer serves the watchlist routes.
type watchlistServer struct {
	cfg     WatchlistConfig
	service *watchlist.Service
}

// watchlist returns the watchlist routes' server, or an error when they
// are not configured.
func (s *apiServer) watchlist() (*watchlistServer, error) {
	c := s.cfg.Watchlist
	if c == nil || c.Store == nil || c.Cars == nil || c.Shoppers == nil {
		return nil, errors.New("watchlist is not configured: APIConfig.Watchlist needs a store, cars and the shopper user pool (COGNITO_USER_POOL_ID)")
	}
	// Events records event 39 on a save (APIConfig.Events); none logs it only.
	var events watchlist.Events
	if s.cfg.Events != nil {
		events = s.cfg.Events
	}
	return &watchlistServer{cfg: *c, service: &watchlist.Service{Store: c.Store, Cars: c.Cars, Events: events, Now: s.now}}, nil
}

// watchlistRoute runs one of watchlistServer's handlers for a signed-in
// shopper of the requesting site.
func (s *apiServer) watchlistRoute(h func(*watchlistServer) HandlerFunc) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		ws, err := s.watchlist()
		if err != nil {
			return err
		}
		return ws.signedIn(h(ws))(w, r)
	}
}

type shopperKey struct{}

// signedIn verifies the bearer token for the requesting site and puts the
// shopper in the context. The shopper is who the token says, never what
// the body says (DESIGN.md decision 11).
func (s *watchlistServer) signedIn(h HandlerFunc) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		token := bearerToken(r)
		if token == "" {
			w.Header().Set("WWW-Authenticate", `Bearer`)
			return shared.Errorf(shared.EUNAUTHORIZED, "sign in to use your watchlist")
		}
		site := siteFrom(r.Context())
		verified := time.Now()
		shopper, err := s.cfg.Shoppers.VerifyShopper(r.Context(), token, site)
		serverTiming(w, "token", verified)
		if err != nil {
			// The reason is for the log only: it would help a forger.
			slog.InfoContext(r.Context(), "watchlist token refused", "site", site.Slug, "reason", err)
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
			return shared.Errorf(shared.EUNAUTHORIZED, "your sign-in has expired or is not for this site; sign in again")
		}
		return h(w, r.WithContext(context.WithValue(r.Context(), shopperKey{}, shopper)))
	}
}

func bearerToken(r *http.Request) string { return cognito.BearerToken(r.Header.Get("Authorization")) }

func watchlistOf(r *http.Request) shared.Watchlist {
	shopper, _ := r.Context().Value(shopperKey{}).(shared.Shopper)
	return shared.Watchlist{Site: siteFrom(r.Context()).Slug, Shopper: shopper.Sub}
}

// WatchlistRequest is the body of save-car and remove-car (spec 000 §7).
// PhoneNumber is accepted for the spec's callers and ignored: the shopper
// is the token's (docs/spec-deviations.md).
type WatchlistRequest struct {
	CarID       string `json:"car_id"`
	PhoneNumber string `json:"phone_number,omitempty"`
}

// WatchlistChange answers save-car and remove-car: the car and whether it
// is on the list now.
type WatchlistChange struct {
	Success bool   `json:"success"`
	CarID   string `json:"car_id"`
	Saved   bool   `json:"saved"`
	// SavedAt is RFC 3339 (UTC) on a save.
	SavedAt string `json:"saved_at,omitempty"`
}

// WatchlistResponse answers GET /api/watchlist, newest save first.
type WatchlistResponse struct {
	Success bool           `json:"success"`
	Cars    []WatchlistCar `json:"cars"`
}

// WatchlistCar is one saved car as the site shows it now: its current
// price and status, a sold car shown as sold. Car is absent when the car
// is gone from the site altogether (Available false, nothing else known).
type WatchlistCar struct {
	CarID string `json:"car_id"`
	// SavedAt is RFC 3339 (UTC).
	SavedAt   string          `json:"saved_at"`
	Available bool            `json:"available"`
	Car       *shared.Car     `json:"car,omitempty"`
	View      *shared.CarView `json:"view,omitempty"`
}

func decodeWatchlistRequest(w http.ResponseWriter, r *http.Request) (WatchlistRequest, error) {
	var req WatchlistRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxWatchlistBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		var tooLarge *http.MaxBytesError
		var typeErr *json.UnmarshalTypeError
		switch {
		case errors.As(err, &tooLarge):
			return req, shared.Errorf(shared.ETOOLARGE, "the body is larger than %d bytes", maxWatchlistBody)
		case errors.As(err, &typeErr):
			return req, typeError(typeErr)
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
			return req, shared.FieldError(field, "is not a field of this request; send car_id")
		case errors.Is(err, io.EOF):
			return req, shared.FieldError("car_id", "is required")
		default:
			return req, shared.Errorf(shared.EINVALID, "the body is not JSON")
		}
	}
	req.CarID = strings.TrimSpace(req.CarID)
	switch {
	case req.CarID == "":
		return req, shared.FieldError("car_id", "is required")
	case len(req.CarID) > 128:
		return req, shared.FieldError("car_id", "is longer than 128 characters")
	}
	return req, nil
}

func (s *watchlistServer) handleSave(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeWatchlistRequest(w, r)
	if err != nil {
		return err
	}
	saved, err := s.service.Save(r.Context(), siteFrom(r.Context()), watchlistOf(r), req.CarID)
	timing(w, "car", saved.Lookup)
	if saved.Writes > 0 {
		timing(w, "save+event", saved.Writes)
		// The two writes' own times, within save+event (a dotted name is a
		// part of the phase before the dot).
		w.Header().Add("Server-Timing", fmt.Sprintf("save.item;dur=%.2f, save.event;dur=%.2f",
			float64(saved.Item.Microseconds())/1000, float64(saved.Event.Microseconds())/1000))
	}
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", errorCacheControl)
	WriteJSON(w, http.StatusOK, WatchlistChange{Success: true, CarID: saved.Car.CarID, Saved: true, SavedAt: saved.Car.SavedAt.UTC().Format(time.RFC3339)})
	return nil
}

func (s *watchlistServer) handleRemove(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeWatchlistRequest(w, r)
	if err != nil {
		return err
	}
	if err := s.service.Remove(r.Context(), siteFrom(r.Context()), watchlistOf(r), req.CarID); err != nil {
		return err
	}
	w.Header().Set("Cache-Control", errorCacheControl)
	WriteJSON(w, http.StatusOK, WatchlistChange{Success: true, CarID: req.CarID, Saved: false})
	return nil
}

func (s *watchlistServer) handleList(w http.ResponseWriter, r *http.Request) error {
	entries, err := s.service.List(r.Context(), siteFrom(r.Context()), watchlistOf(r))
	if err != nil {
		return err
	}
	out := make([]WatchlistCar, len(entries))
	for i, e := range entries {
		out[i] = WatchlistCar{CarID: e.CarID, SavedAt: e.SavedAt.UTC().Format(time.RFC3339), Available: e.Available, Car: e.Car, View: e.View}
	}
	w.Header().Set("Cache-Control", errorCacheControl)
	WriteJSON(w, http.StatusOK, WatchlistResponse{Success: true, Cars: out})
	return nil
}

package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"forecourt/functions/cognito"
	"forecourt/functions/visible"
	"forecourt/shared"
)

// ShopperVerifier says who a token's shopper is on a site. The cognito
// package's Shoppers implements it: the token must be a current one of the
// shopper pool issued to that site's own app client.
type ShopperVerifier interface {
	VerifyShopper(ctx context.Context, token string, site shared.Site) (shared.Shopper, error)
}

// WatchlistStore keeps watchlists; the dynamo package's WatchlistStore
// implements it.
type WatchlistStore interface {
	SaveCar(ctx context.Context, w shared.Watchlist, c shared.SavedCar) (shared.SavedCar, error)
	RemoveCar(ctx context.Context, w shared.Watchlist, carID string) (bool, error)
	SavedCars(ctx context.Context, w shared.Watchlist) ([]shared.SavedCar, error)
}

// MaxBatchGet is the most keys one DynamoDB BatchGetItem reads.
const MaxBatchGet = 100

// WatchlistCars finds the cars of a watchlist; the dynamo package's
// CarStore implements it.
type WatchlistCars interface {
	CarFinder
	// GetCarsByKey reads the cars with the keys (at most MaxBatchGet) with
	// one batch read; missing ones are left out (issue 31: a list costs
	// one read per 100 saved cars, not one per car).
	GetCarsByKey(ctx context.Context, keys []shared.CarKey) ([]shared.Car, error)
}

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
	cfg WatchlistConfig
	now func() time.Time
	// events records event 39 on a save (APIConfig.Events); nil logs it only.
	events EventRecorder
}

// watchlist returns the watchlist routes' server, or an error when they
// are not configured.
func (s *apiServer) watchlist() (*watchlistServer, error) {
	c := s.cfg.Watchlist
	if c == nil || c.Store == nil || c.Cars == nil || c.Shoppers == nil {
		return nil, errors.New("watchlist is not configured: APIConfig.Watchlist needs a store, cars and the shopper user pool (COGNITO_USER_POOL_ID)")
	}
	return &watchlistServer{cfg: *c, now: s.now, events: s.cfg.Events}, nil
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

// carsAmong finds a car among several dealerships in one read
// (dynamo.CarStore); a CarFinder that offers it saves a group site's
// watchlist a round trip per rooftop (issue 12: save p99 <= 20 ms).
type carsAmong interface {
	FindCarAmong(ctx context.Context, dealershipSlugs []string, id string) (shared.Car, error)
}

// siteCar finds a car of one of the site's dealerships. A car of another
// site is not found, exactly like a missing one.
func (s *watchlistServer) siteCar(ctx context.Context, site shared.Site, id string) (shared.Car, error) {
	if among, ok := s.cfg.Cars.(carsAmong); ok && len(site.Dealerships) > 1 {
		slugs := make([]string, len(site.Dealerships))
		for i, d := range site.Dealerships {
			slugs[i] = d.Slug
		}
		return among.FindCarAmong(ctx, slugs, id)
	}
	for _, d := range site.Dealerships {
		car, err := s.cfg.Cars.FindCar(ctx, d.Slug, id)
		if shared.ErrorCode(err) == shared.ENOTFOUND {
			continue
		}
		if err != nil {
			return shared.Car{}, fmt.Errorf("find car %s/%s: %w", d.Slug, id, err)
		}
		return car, nil
	}
	return shared.Car{}, shared.Errorf(shared.ENOTFOUND, "car not found")
}

func (s *watchlistServer) handleSave(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeWatchlistRequest(w, r)
	if err != nil {
		return err
	}
	site, list := siteFrom(r.Context()), watchlistOf(r)
	looked := time.Now()
	car, err := s.siteCar(r.Context(), site, req.CarID)
	serverTiming(w, "car", looked)
	if err != nil {
		return err
	}
	shown, err := visible.For(site)
	if err != nil {
		return err
	}
	if !shown.Shows(car, s.now()) {
		return shared.Errorf(shared.ENOTFOUND, "car not found")
	}
	// The save and its event 39 are written side by side, both before the
	// answer (a Lambda may be frozen once it has answered): one round trip
	// of latency instead of two. A save that fails after its event was
	// written leaves an event for an attempted save, as a browser's own
	// report of the click would; the save itself is never half done.
	phase := time.Now()
	recorded := make(chan time.Duration, 1)
	go func() {
		s.recordSave(r.Context(), site, car)
		recorded <- time.Since(phase)
	}()
	saved, err := s.cfg.Store.SaveCar(r.Context(), list, shared.SavedCar{
		CarID: car.ID, DealershipSlug: car.DealershipSlug, SavedAt: s.now().UTC(),
	})
	item := time.Since(phase)
	event := <-recorded
	serverTiming(w, "save+event", phase)
	// The two writes' own times, within save+event (a dotted name is a
	// part of the phase before the dot).
	w.Header().Add("Server-Timing", fmt.Sprintf("save.item;dur=%.2f, save.event;dur=%.2f",
		float64(item.Microseconds())/1000, float64(event.Microseconds())/1000))
	if err != nil {
		return fmt.Errorf("save car: %w", err)
	}
	w.Header().Set("Cache-Control", errorCacheControl)
	WriteJSON(w, http.StatusOK, WatchlistChange{Success: true, CarID: car.ID, Saved: true, SavedAt: saved.SavedAt.UTC().Format(time.RFC3339)})
	return nil
}

// recordSave stores analytics event 39 (spec 000 §7) for a save the
// server made, so the count does not depend on what a browser reports. The
// save has happened whatever becomes of the event: a failure is logged, not
// answered. The shopper is not recorded.
func (s *watchlistServer) recordSave(ctx context.Context, site shared.Site, car shared.Car) {
	if s.events == nil {
		slog.InfoContext(ctx, "event", "event_id", shared.EventSave, "site", site.Slug, "car_id", car.ID)
		return
	}
	err := s.events.RecordEvent(ctx, shared.StoredEvent{
		Site: site.Slug, EventID: strconv.Itoa(shared.EventSave), CarID: car.ID, DealershipID: car.DealershipID, At: s.now(),
	})
	if err != nil {
		slog.WarnContext(ctx, "record save event", "site", site.Slug, "car_id", car.ID, "err", err)
	}
}

func (s *watchlistServer) handleRemove(w http.ResponseWriter, r *http.Request) error {
	req, err := decodeWatchlistRequest(w, r)
	if err != nil {
		return err
	}
	site, list := siteFrom(r.Context()), watchlistOf(r)
	removed, err := s.cfg.Store.RemoveCar(r.Context(), list, req.CarID)
	if err != nil {
		return fmt.Errorf("remove car: %w", err)
	}
	if !removed {
		// Removing a car that is not on the list succeeds (a retry), but
		// only for a car of this site: another site's is a 404.
		if _, err := s.siteCar(r.Context(), site, req.CarID); err != nil {
			return err
		}
	}
	w.Header().Set("Cache-Control", errorCacheControl)
	WriteJSON(w, http.StatusOK, WatchlistChange{Success: true, CarID: req.CarID, Saved: false})
	return nil
}

func (s *watchlistServer) handleList(w http.ResponseWriter, r *http.Request) error {
	site, list := siteFrom(r.Context()), watchlistOf(r)
	saved, err := s.cfg.Store.SavedCars(r.Context(), list)
	if err != nil {
		return fmt.Errorf("read watchlist: %w", err)
	}
	shown, err := visible.For(site)
	if err != nil {
		return err
	}
	now := s.now()
	out := make([]WatchlistCar, len(saved))
	// The saved cars of the site's dealerships, read one batch per
	// MaxBatchGet keys (issue 31), the batches side by side.
	var keys []shared.CarKey
	for i, sc := range saved {
		out[i] = WatchlistCar{CarID: sc.CarID, SavedAt: sc.SavedAt.UTC().Format(time.RFC3339)}
		if _, owned := site.Dealership(sc.DealershipSlug); owned { // a dealership that left the site shows nothing
			keys = append(keys, shared.CarKey{DealershipSlug: sc.DealershipSlug, ID: sc.CarID})
		}
	}
	found := make([][]shared.Car, (len(keys)+MaxBatchGet-1)/MaxBatchGet)
	g, ctx := errgroup.WithContext(r.Context())
	g.SetLimit(8)
	for b := range found {
		g.Go(func() error {
			cars, err := s.cfg.Cars.GetCarsByKey(ctx, keys[b*MaxBatchGet:min((b+1)*MaxBatchGet, len(keys))])
			if err != nil {
				return fmt.Errorf("read saved cars: %w", err)
			}
			found[b] = cars
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	byKey := map[shared.CarKey]shared.Car{}
	for _, cars := range found {
		for _, c := range cars {
			byKey[shared.CarKey{DealershipSlug: c.DealershipSlug, ID: c.ID}] = c
		}
	}
	for i, sc := range saved {
		car, ok := byKey[shared.CarKey{DealershipSlug: sc.DealershipSlug, ID: sc.CarID}]
		if !ok {
			continue
		}
		// A sold car stays listed, shown as sold, even past the
		// listing's retention; a car the site no longer shows for any
		// other reason is listed without its details.
		sold := car.Sold || car.Status == shared.StatusSold
		if !shown.Shows(car, now) && !(sold && car.ShowOnDealerWebsite) {
			continue
		}
		view := shared.ViewCar(car, site, now)
		public := shared.PublicCar(car)
		out[i].Car, out[i].View, out[i].Available = &public, &view, car.Available()
	}
	w.Header().Set("Cache-Control", errorCacheControl)
	WriteJSON(w, http.StatusOK, WatchlistResponse{Success: true, Cars: out})
	return nil
}

package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"forecourt/shared"
)

// RegoLookup finds a vehicle by plate (rego.Provider): an unknown plate is
// an ENOTFOUND error.
type RegoLookup interface {
	LookupRego(ctx context.Context, plate, state string) (shared.RegoVehicle, error)
}

// EventRecorder stores tracking events (dynamo.EventStore).
type EventRecorder interface {
	RecordEvent(ctx context.Context, e shared.StoredEvent) error
}

// Body limits of the small shopper endpoints.
const (
	maxEventBody = 2 << 10
	maxRegoBody  = 1 << 10
)

// handleTestDriveSlots answers GET /api/test-drive/slots?car_id= (or
// ?location_id=): the appointment slots of the location the test drive
// happens at (issue 9), computed by shared.TestDriveSlots.
func (s *apiServer) handleTestDriveSlots(w http.ResponseWriter, r *http.Request) error {
	site := siteFrom(r.Context())
	q := r.URL.Query()
	var loc shared.Location
	switch carID, locID := q.Get("car_id"), q.Get("location_id"); {
	case carID != "":
		svc, _, err := s.leads()
		if err != nil {
			return err
		}
		car, err := svc.SiteCar(r.Context(), site, "", carID)
		if shared.ErrorCode(err) == shared.EINVALID {
			// Another site's car is answered like a missing one.
			return shared.Errorf(shared.ENOTFOUND, "car not found")
		}
		if err != nil {
			return err
		}
		l, ok := site.TestDriveLocation(car)
		if !ok {
			return shared.Errorf(shared.ENOTFOUND, "this car has no location taking test drives")
		}
		loc = l
	case locID != "":
		found := false
		for _, l := range site.Locations {
			if l.ID == locID && l.IsVisible() {
				loc, found = l, true
				break
			}
		}
		if !found {
			return shared.Errorf(shared.ENOTFOUND, "location not found")
		}
	default:
		return shared.FieldError("car_id", "car_id or location_id is required")
	}
	tz, err := site.ZoneOf(loc)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	WriteJSON(w, http.StatusOK, shared.TestDriveSlots(loc, tz, site.Leads.TestDrive, s.now()))
	return nil
}

// RegoRequest is the body of POST /api/leads/rego-lookup.
type RegoRequest struct {
	Rego      string `json:"rego"`
	RegoState string `json:"regoState"`
}

// handleRegoLookup answers POST /api/leads/rego-lookup: the vehicle a
// plate is registered to, for the trade-in form.
func (s *apiServer) handleRegoLookup(w http.ResponseWriter, r *http.Request) error {
	if s.cfg.Rego == nil {
		// No registration provider: GET /api/site says rego_lookup false and
		// the form never asks; a caller that does gets a reason, not a 500.
		return shared.Errorf(shared.ENOTFOUND, "Rego lookup is not offered on this site. Please enter the make and model instead.")
	}
	body, err := readSmallBody(w, r, maxRegoBody)
	if err != nil {
		return err
	}
	var req RegoRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return shared.Errorf(shared.EINVALID, "the body is not a rego lookup: %v", jsonProblem(err))
	}
	plate, state, err := shared.ParseRego(req.Rego, req.RegoState)
	if err != nil {
		return err
	}
	v, err := s.cfg.Rego.LookupRego(r.Context(), plate, state)
	if shared.ErrorCode(err) == shared.ENOTFOUND {
		return err
	}
	if err != nil {
		return fmt.Errorf("rego lookup: %w", err)
	}
	w.Header().Set("Cache-Control", "no-store")
	WriteJSON(w, http.StatusOK, v)
	return nil
}

// EventAccepted is the body of POST /api/events.
type EventAccepted struct {
	Accepted bool `json:"accepted"`
}

// handleEvent answers POST /api/events: one tracking event, stored with a
// 90-day TTL, 202. Browsers send it with navigator.sendBeacon (any content
// type), so only the body's size and JSON are checked, not the header.
func (s *apiServer) handleEvent(w http.ResponseWriter, r *http.Request) error {
	if s.cfg.Events == nil {
		return errors.New("events are not configured: APIConfig.Events is nil")
	}
	site := siteFrom(r.Context())
	body, err := readSmallBody(w, r, maxEventBody)
	if err != nil {
		return err
	}
	var e shared.TrackingEvent
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return shared.FieldError(typeErr.Field, "has the wrong type")
		}
		if field, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return shared.FieldError(strings.Trim(field, `"`), "unknown field")
		}
		return shared.Errorf(shared.EINVALID, "the body is not an event: malformed JSON")
	}
	id, err := shared.ValidateEvent(e, site)
	if err != nil {
		return err
	}
	err = s.cfg.Events.RecordEvent(r.Context(), shared.StoredEvent{
		Site: site.Slug, EventID: id, CarID: e.CarID, DealershipID: e.DealershipID, At: s.now(),
	})
	if err != nil {
		return fmt.Errorf("record event: %w", err)
	}
	WriteJSON(w, http.StatusAccepted, EventAccepted{Accepted: true})
	return nil
}

func readSmallBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return nil, shared.Errorf(shared.ETOOLARGE, "the body is larger than %d bytes", limit)
	}
	if err != nil {
		return nil, fmt.Errorf("read body: %w", err)
	}
	return body, nil
}

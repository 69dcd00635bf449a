package shared

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Tracking events that are not lead event ids: a lead form's success
// (spec 001 §4 "a conversion event is sent") and the car the lead was
// about recorded as viewed (issue 17).
const (
	EventConversion = "conversion"
	EventCarViewed  = "car_viewed"
	// EventCarAction18 is the fifth car-action id of spec 001 §9 (14, 15,
	// 17, 48, 18); the spec names no meaning for it.
	EventCarAction18 = 18
)

// TrackingEventIDs are the ids POST /api/events accepts, as strings: the
// numeric ids of spec 000 §7 and spec 001 §9 and the named ones above.
var TrackingEventIDs = []string{
	strconv.Itoa(EventOtherCar), strconv.Itoa(EventUsedCar), strconv.Itoa(EventOtherTestDrive),
	strconv.Itoa(EventCarAction18), strconv.Itoa(EventEnquiry), strconv.Itoa(EventCall),
	strconv.Itoa(EventSave), strconv.Itoa(EventUsedTestDrive), strconv.Itoa(EventCareers),
	EventConversion, EventCarViewed,
}

// TrackingEvent is one POST /api/events body (issue 9). The site comes from
// the tenant headers; website_id, when sent, must be that site's id.
type TrackingEvent struct {
	// EventID is a number (25) or a name ("conversion"); see TrackingEventIDs.
	EventID      json.RawMessage `json:"event_id" tstype:"number | string"`
	CarID        string          `json:"car_id,omitempty"`
	DealershipID string          `json:"dealership_id,omitempty"`
	WebsiteID    string          `json:"website_id,omitempty"`
}

// maxEventField bounds the ids an event carries.
const maxEventField = 100

// ValidateEvent checks a tracking event for the site and returns its id as
// a string ("25", "conversion"): a known id; a dealership of the site (by id
// or slug); the site's own website_id; ids of at most 100 characters.
// Violations are EINVALID errors naming the field.
func ValidateEvent(e TrackingEvent, s Site) (string, error) {
	id, err := eventID(e.EventID)
	if err != nil {
		return "", err
	}
	if len(e.CarID) > maxEventField {
		return "", FieldError("car_id", "at most %d characters", maxEventField)
	}
	if e.DealershipID != "" && !slices.ContainsFunc(s.Dealerships, func(d Dealership) bool {
		return d.ID == e.DealershipID || d.Slug == e.DealershipID
	}) {
		return "", FieldError("dealership_id", "unknown dealership")
	}
	if e.WebsiteID != "" && e.WebsiteID != s.ID && e.WebsiteID != s.Slug {
		return "", FieldError("website_id", "not this website")
	}
	return id, nil
}

func eventID(raw json.RawMessage) (string, error) {
	var id string
	var n json.Number
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return "", FieldError("event_id", "required")
	case json.Unmarshal(raw, &id) == nil:
	case json.Unmarshal(raw, &n) == nil:
		id = n.String()
	default:
		return "", FieldError("event_id", "want a number or a name")
	}
	id = strings.TrimSpace(id)
	if !slices.Contains(TrackingEventIDs, id) {
		return "", FieldError("event_id", "unknown event %q; want one of %s", Truncate(id, 20), strings.Join(TrackingEventIDs, ", "))
	}
	return id, nil
}

// Truncate cuts s to at most n bytes for quoting it in a message, on a
// character boundary: a cut inside a multi-byte character would put an
// invalid byte sequence in the JSON error body.
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// StoredEvent is a tracking event as stored: the site from the tenant
// headers, the validated id, the time it arrived.
type StoredEvent struct {
	Site         string
	EventID      string
	CarID        string
	DealershipID string
	At           time.Time
}

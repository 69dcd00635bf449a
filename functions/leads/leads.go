// Package leads is lead intake (spec 001 §3-§5 and §7, issue 9): a form's
// lead checked against the site, stored exactly once per Idempotency-Key
// with a token only its browser holds, its later steps merged while it is
// not yet sent, and its car-action event counted by the server. The API
// handler reads the body and writes the answer; the rules are here, over
// the stores the dynamo package provides. Delivery to the dealer is
// package delivery's.
package leads

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"forecourt/functions/altcha"
	"forecourt/functions/visible"
	"forecourt/shared"
)

// Store keeps leads and captcha replay keys (dynamo.LeadStore;
// docs/contracts.md "Leads").
type Store interface {
	// CreateLead stores the lead unless its id exists; it returns the lead
	// as stored (the existing one when the id was taken) and whether it
	// wrote it.
	CreateLead(ctx context.Context, l shared.StoredLead) (shared.StoredLead, bool, error)
	// FindLead returns the lead or an ENOTFOUND error.
	FindLead(ctx context.Context, id string) (shared.StoredLead, error)
	// UpdateLead writes next's form fields and readiness if the stored lead
	// is still old and not ready, else an ECONFLICT error.
	UpdateLead(ctx context.Context, old, next shared.StoredLead) error
	// AcceptCaptcha records a solution's replay key for the lead; another
	// lead presenting it is an ECONFLICT error.
	AcceptCaptcha(ctx context.Context, replayKey, leadID string, expires time.Time) error
}

// Cars finds a dealership's car by id (dynamo.CarStore).
type Cars interface {
	FindCar(ctx context.Context, dealershipSlug, id string) (shared.Car, error)
}

// Events records analytics events (dynamo.EventStore).
type Events interface {
	RecordEvent(ctx context.Context, e shared.StoredEvent) error
}

// Service applies the intake rules.
type Service struct {
	Store Store
	Cars  Cars
	// Events records a lead's car-action event; nil logs it only.
	Events Events
	// CaptchaKey verifies ALTCHA solutions (FORECOURT_CAPTCHA_KEY).
	CaptchaKey []byte
	// Now is the clock (default time.Now).
	Now func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Limits and messages of intake.
const (
	// MaxIdempotencyKey is the longest Idempotency-Key taken.
	MaxIdempotencyKey   = 200
	leadTokenDomain     = "forecourt lead token\x00"
	CaptchaFieldMessage = "Please complete the captcha."
)

// Intake is a lead as a form sent it.
type Intake struct {
	Lead shared.Lead
	// Altcha is the solved captcha's payload, when the site asks for one.
	Altcha string
	// IdempotencyKey names the submission: a retry with the same key finds
	// the same lead and token ("" makes a new lead each time).
	IdempotencyKey string
	// Referer is the page the form was sent from (the Referer header), the
	// lead's page_id when the form names none.
	Referer string
}

// Created is a stored lead: its id, the token that lets its browser add
// the later steps, and its short reference. New is false for a retry.
type Created struct {
	ID, Token, Reference string
	New                  bool
}

// Create checks and stores a lead. It stores nothing when the lead is not
// valid, and a retry of a stored lead (same key) answers the same lead and
// token, even when its captcha has expired meanwhile.
func (s *Service) Create(ctx context.Context, site shared.Site, in Intake) (Created, error) {
	l := in.Lead
	var car *shared.Car
	if l.CarID != "" {
		c, err := s.SiteCar(ctx, site, l.DealershipSlug, l.CarID)
		if err != nil {
			return Created{}, err
		}
		car = &c
	}
	if l.PageID == "" {
		l.PageID = refererPath(in.Referer)
	}
	l = shared.NormalizeLead(l, site, car)
	if err := shared.ValidateLead(l, site); err != nil {
		return Created{}, err
	}

	id, token, err := identity(site.Slug, in.IdempotencyKey)
	if err != nil {
		return Created{}, err
	}
	now := s.now()
	if site.Leads.Captcha {
		if err := s.acceptCaptcha(ctx, in.Altcha, id, now); err != nil {
			// A retry of a stored lead stands even when its solution has
			// expired meanwhile: the captcha was passed the first time.
			if shared.ErrorCode(err) == shared.EINVALID && in.IdempotencyKey != "" {
				if stored, ferr := s.Store.FindLead(ctx, id); ferr == nil && stored.Site == site.Slug && TokenMatches(token, stored.TokenHash) {
					return Created{ID: stored.ID, Token: token, Reference: shared.LeadReference(stored.ID)}, nil
				}
			}
			return Created{}, err
		}
	}
	// The site's leads.retention_days (default 730) sets the TTL.
	stored, created, err := s.Store.CreateLead(ctx, shared.StoredLead{
		ID: id, Site: site.Slug, DealershipSlug: l.DealershipSlug, CreatedAt: now.UTC(),
		Lead: l, Car: car, TokenHash: HashToken(token), Ready: l.ReadyForDealer(),
		ExpiresAt: now.Add(site.LeadRetention()),
	})
	if err != nil {
		return Created{}, fmt.Errorf("store lead: %w", err)
	}
	if !created {
		// A retry with the same Idempotency-Key: the same lead and token.
		if stored.Site != site.Slug || !TokenMatches(token, stored.TokenHash) {
			return Created{}, shared.Errorf(shared.ECONFLICT, "this Idempotency-Key was used for another lead")
		}
	} else if car != nil {
		s.recordEvent(ctx, site, stored.Lead, car)
	}
	return Created{ID: stored.ID, Token: token, Reference: shared.LeadReference(stored.ID), New: created}, nil
}

// recordEvent stores the lead's car-action event (spec 001 §7, §9: 14, 15,
// 17 or 48 by the car's type and the form) in the events table, as the
// watchlist records 39: the server stored the lead, so the count does not
// depend on a browser reporting it. Once per lead (a retry records
// nothing); a failure is logged, the lead stands. The id is the server's,
// by the lead's type and car: an event_id the body names is kept on the
// lead for the CRM, never counted here (POST /api/events refuses 39 and
// the like from browsers).
func (s *Service) recordEvent(ctx context.Context, site shared.Site, l shared.Lead, car *shared.Car) {
	e := shared.StoredEvent{Site: site.Slug, EventID: strconv.Itoa(shared.LeadEventID(l.Type, car)), CarID: car.ID, DealershipID: car.DealershipID, At: s.now()}
	if s.Events == nil {
		slog.InfoContext(ctx, "event", "event_id", e.EventID, "site", site.Slug, "car_id", car.ID)
		return
	}
	if err := s.Events.RecordEvent(ctx, e); err != nil {
		slog.WarnContext(ctx, "record lead event", "site", site.Slug, "event_id", e.EventID, "car_id", car.ID, "err", err)
	}
}

// refererPath is the path of the page a form was sent from, the lead's
// page_id when the browser names none (spec 001 §3 "Form submission
// payload"); "" when the Referer is absent or not a URL. Browsers send the
// full same-origin Referer under the sites' strict-origin-when-cross-origin
// policy.
func refererPath(ref string) string {
	u, err := url.Parse(ref)
	if err != nil || !strings.HasPrefix(u.Path, "/") || len(u.Path) > 300 {
		return ""
	}
	return u.Path
}

// acceptCaptcha verifies the widget's payload and records its replay key
// for the lead: an EINVALID error on altcha when it is missing, bad,
// expired or used by another lead.
func (s *Service) acceptCaptcha(ctx context.Context, payload, leadID string, now time.Time) error {
	if payload == "" {
		return shared.FieldError("altcha", CaptchaFieldMessage)
	}
	sol, err := altcha.Verify(s.CaptchaKey, payload, now)
	if err != nil {
		return shared.FieldError("altcha", "The captcha is not valid; please try again.")
	}
	if err := s.Store.AcceptCaptcha(ctx, sol.ReplayKey, leadID, sol.Expires); err != nil {
		if shared.ErrorCode(err) == shared.ECONFLICT {
			return shared.FieldError("altcha", "This captcha was already used; please try again.")
		}
		return fmt.Errorf("accept captcha: %w", err)
	}
	return nil
}

// patchable are the lead fields (JSON names) a later step may change: the
// trade-in steps, the contact step and the offer. What the lead is about
// and where it goes (type, category, dealership, location, car) is fixed
// at creation.
var patchable = []string{
	"subcategory", "lead_attributes", "offer_accepted", "form_completed",
	"Rego", "regoState", "Vehicle Make", "Vehicle Model", "url", "user_agent", "source",
	"trade_in_vehicle", "adjustmentAnswers",
	"under_finance", "has_trade_in", "additional_services", "message", "appointment",
	"name", "last_name", "postcode", "phone", "email", "preferred_contact_method", "opt_in", "terms_conditions",
}

// Update merges a later step (a JSON object of lead fields) into a lead
// not yet sent, for the browser holding its token, and reports whether the
// lead is now ready for the dealer. Another site's lead is ENOTFOUND like a
// missing one; a field fixed at creation, a lead already sent or a
// concurrent step is refused and nothing is written.
func (s *Service) Update(ctx context.Context, site shared.Site, id, token string, body []byte) (ready bool, err error) {
	stored, err := s.Store.FindLead(ctx, id)
	if shared.ErrorCode(err) == shared.ENOTFOUND || (err == nil && stored.Site != site.Slug) {
		return false, shared.Errorf(shared.ENOTFOUND, "lead not found")
	}
	if err != nil {
		return false, fmt.Errorf("find lead: %w", err)
	}
	if !TokenMatches(token, stored.TokenHash) {
		return false, shared.Errorf(shared.EFORBIDDEN, "this lead belongs to another browser")
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(body, &fields); err != nil {
		return false, shared.Errorf(shared.EINVALID, "the body is not a JSON object: %v", JSONProblem(err))
	}
	names := slices.Collect(maps.Keys(fields))
	sort.Strings(names)
	var refused []error
	for _, name := range names {
		if !slices.Contains(patchable, name) {
			refused = append(refused, shared.FieldError(name, "cannot be changed after the lead is sent"))
		}
	}
	if err := errors.Join(refused...); err != nil {
		return false, err
	}
	if stored.Ready {
		return false, shared.Errorf(shared.ECONFLICT, "the lead was already sent to the dealer")
	}
	next := stored
	next.Lead.LeadAttributes = cloneAttributes(stored.Lead.LeadAttributes)
	next.Lead.AdditionalServices = slices.Clone(stored.Lead.AdditionalServices)
	// A step's trade_in_vehicle and adjustmentAnswers merge into the stored
	// ones (a later step adds the km); copies, so the stored lead the
	// update's condition compares stays as read.
	if v := stored.Lead.TradeInVehicle; v != nil {
		c := *v
		next.Lead.TradeInVehicle = &c
	}
	next.Lead.AdjustmentAnswers = maps.Clone(stored.Lead.AdjustmentAnswers)
	if err := json.Unmarshal(body, &next.Lead); err != nil {
		return false, shared.Errorf(shared.EINVALID, "the body is not a lead: %v", JSONProblem(err))
	}
	if err := shared.ValidateLead(next.Lead, site); err != nil {
		return false, err
	}
	next.Ready = next.Lead.ReadyForDealer()
	if err := s.Store.UpdateLead(ctx, stored, next); err != nil {
		if shared.ErrorCode(err) == shared.ECONFLICT {
			return false, err
		}
		return false, fmt.Errorf("update lead: %w", err)
	}
	return next.Ready, nil
}

// SiteCar finds the car a lead is about among the site's shown stock: in
// the named dealership, else in each of the site's. A car the site does not
// show is an error on car_id, as is a missing one.
func (s *Service) SiteCar(ctx context.Context, site shared.Site, dealershipSlug, id string) (shared.Car, error) {
	dealerships := []string{dealershipSlug}
	if dealershipSlug == "" {
		dealerships = dealerships[:0]
		for _, d := range site.Dealerships {
			dealerships = append(dealerships, d.Slug)
		}
	}
	shown, err := visible.For(site)
	if err != nil {
		return shared.Car{}, err
	}
	for _, d := range dealerships {
		if _, ok := site.Dealership(d); !ok {
			return shared.Car{}, shared.FieldError("dealership_slug", "unknown dealership")
		}
		car, err := s.Cars.FindCar(ctx, d, id)
		if shared.ErrorCode(err) == shared.ENOTFOUND {
			continue
		}
		if err != nil {
			return shared.Car{}, fmt.Errorf("find car of lead: %w", err)
		}
		if !shown.Shows(car, s.now()) {
			break
		}
		return car, nil
	}
	return shared.Car{}, shared.FieldError("car_id", "This car is no longer available.")
}

// identity returns a new lead's id and token (docs/contracts.md "Leads").
// With an Idempotency-Key both derive from it, so a retry finds the same
// lead and gets the same token back; the token is hashed in another domain
// than the id, so the id does not reveal it.
func identity(siteSlug, key string) (id, token string, err error) {
	if key == "" {
		return randomHex(16), randomHex(32), nil
	}
	if len(key) > MaxIdempotencyKey {
		return "", "", shared.Errorf(shared.EINVALID, "the Idempotency-Key header is longer than %d characters", MaxIdempotencyKey)
	}
	sum := sha256.Sum256([]byte(siteSlug + "\x00" + key))
	tok := sha256.Sum256([]byte(leadTokenDomain + siteSlug + "\x00" + key))
	return hex.EncodeToString(sum[:])[:32], hex.EncodeToString(tok[:]), nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24)
	return hex.EncodeToString(b)
}

// HashToken is what the leads table keeps of a lead's token.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// TokenMatches compares the token's hash with the stored one in constant time.
func TokenMatches(token, tokenHash string) bool {
	return token != "" && subtle.ConstantTimeCompare([]byte(HashToken(token)), []byte(tokenHash)) == 1
}

// JSONProblem describes a decode error without echoing the body, which
// carries a shopper's details.
func JSONProblem(err error) string {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return fmt.Sprintf("field %s has the wrong type", typeErr.Field)
	}
	return "malformed JSON"
}

func cloneAttributes(a *shared.LeadAttributes) *shared.LeadAttributes {
	if a == nil {
		return nil
	}
	c := *a
	c.VisitedPages = slices.Clone(a.VisitedPages)
	c.LinkedQueryParams = maps.Clone(a.LinkedQueryParams)
	return &c
}

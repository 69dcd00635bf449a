package httpapi

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
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

// LeadStore keeps leads and captcha replay keys (dynamo.LeadStore;
// docs/contracts.md "Leads").
type LeadStore interface {
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

// CarFinder finds a dealership's car by id (dynamo.CarStore).
type CarFinder interface {
	FindCar(ctx context.Context, dealershipSlug, id string) (shared.Car, error)
}

// LeadsConfig configures the lead routes.
type LeadsConfig struct {
	Store LeadStore
	Cars  CarFinder
	// CaptchaKey signs and verifies ALTCHA challenges (FORECOURT_CAPTCHA_KEY).
	CaptchaKey []byte
}

// captchaTTL is how long a captcha challenge is valid; its work factor is
// altcha.MaxNumber.
const captchaTTL = 10 * time.Minute

// Lead request limits.
const (
	maxLeadBody         = 64 << 10
	maxIdempotencyKey   = 200
	HeaderIdempotency   = "Idempotency-Key"
	HeaderLeadToken     = "X-Lead-Token"
	leadTokenDomain     = "forecourt lead token\x00"
	captchaFieldMessage = "Please complete the captcha."
)

// LeadRequest is the body of POST /api/leads: a lead form's fields and,
// when the site asks for a captcha, the ALTCHA widget's payload.
type LeadRequest struct {
	shared.Lead
	// Altcha is the solved challenge (docs/contracts.md "Captcha (ALTCHA v1)").
	Altcha string `json:"altcha,omitempty"`
}

// LeadCreated is the body of POST /api/leads (201, or 200 for a retry).
type LeadCreated struct {
	LeadID    string `json:"lead_id"`
	LeadToken string `json:"lead_token"`
	// Reference is the lead's short reference (shared.LeadReference): what
	// the success page shows and the dealer's e-mail names (issue 32 item 14).
	Reference string `json:"reference"`
}

// LeadUpdated is the body of PATCH /api/leads/{lead_id}.
type LeadUpdated struct {
	LeadID string `json:"lead_id"`
	Ready  bool   `json:"ready"`
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

func (s *apiServer) leads() (LeadsConfig, error) {
	if s.cfg.Leads == nil || s.cfg.Leads.Store == nil || s.cfg.Leads.Cars == nil || len(s.cfg.Leads.CaptchaKey) == 0 {
		return LeadsConfig{}, errors.New("leads are not configured: APIConfig.Leads needs a store, cars and a captcha key")
	}
	return *s.cfg.Leads, nil
}

// handleCaptcha answers GET /api/captcha: a fresh ALTCHA challenge.
func (s *apiServer) handleCaptcha(w http.ResponseWriter, r *http.Request) error {
	cfg, err := s.leads()
	if err != nil {
		return err
	}
	ch, err := altcha.NewChallenge(cfg.CaptchaKey, altcha.MaxNumber, s.now().Add(captchaTTL), rand.Reader)
	if err != nil {
		return fmt.Errorf("captcha challenge: %w", err)
	}
	w.Header().Set("Cache-Control", "no-store")
	WriteJSON(w, http.StatusOK, ch)
	return nil
}

// handleCreateLead answers POST /api/leads (issue 9, spec 001 §7).
func (s *apiServer) handleCreateLead(w http.ResponseWriter, r *http.Request) error {
	cfg, err := s.leads()
	if err != nil {
		return err
	}
	site := siteFrom(r.Context())
	body, err := readLeadBody(w, r)
	if err != nil {
		return err
	}
	// opt_in left out is the site's default (shared.DecodeLead's rule).
	req := LeadRequest{Lead: shared.Lead{OptIn: site.Leads.OptInChecked}}
	if err := json.Unmarshal(body, &req); err != nil {
		return shared.Errorf(shared.EINVALID, "the body is not a lead: %v", jsonProblem(err))
	}
	l := req.Lead

	var car *shared.Car
	if l.CarID != "" {
		c, err := s.siteCar(r.Context(), cfg.Cars, site, l.DealershipSlug, l.CarID)
		if err != nil {
			return err
		}
		car = &c
	}
	if l.PageID == "" {
		l.PageID = refererPath(r.Header.Get("Referer"))
	}
	l = shared.NormalizeLead(l, site, car)
	if err := shared.ValidateLead(l, site); err != nil {
		return err
	}

	id, token, err := leadIdentity(site.Slug, r.Header.Get(HeaderIdempotency))
	if err != nil {
		return err
	}
	now := s.now()
	if site.Leads.Captcha {
		if err := s.acceptCaptcha(r.Context(), cfg, req.Altcha, id, now); err != nil {
			// A retry of a stored lead stands even when its solution has
			// expired meanwhile: the captcha was passed the first time.
			if shared.ErrorCode(err) == shared.EINVALID && r.Header.Get(HeaderIdempotency) != "" {
				if stored, ferr := cfg.Store.FindLead(r.Context(), id); ferr == nil && stored.Site == site.Slug && tokenMatches(token, stored.TokenHash) {
					WriteJSON(w, http.StatusOK, LeadCreated{LeadID: stored.ID, LeadToken: token, Reference: shared.LeadReference(stored.ID)})
					return nil
				}
			}
			return err
		}
	}
	// The site's leads.retention_days (default 730) sets the TTL.
	retention := site.LeadRetention()
	stored, created, err := cfg.Store.CreateLead(r.Context(), shared.StoredLead{
		ID: id, Site: site.Slug, DealershipSlug: l.DealershipSlug, CreatedAt: now.UTC(),
		Lead: l, Car: car, TokenHash: hashToken(token), Ready: l.ReadyForDealer(),
		ExpiresAt: now.Add(retention),
	})
	if err != nil {
		return fmt.Errorf("store lead: %w", err)
	}
	status := http.StatusCreated
	if !created {
		// A retry with the same Idempotency-Key: the same lead and token.
		if stored.Site != site.Slug || !tokenMatches(token, stored.TokenHash) {
			return shared.Errorf(shared.ECONFLICT, "this Idempotency-Key was used for another lead")
		}
		status = http.StatusOK
	} else if car != nil {
		s.recordLeadEvent(r.Context(), site, stored.Lead, car)
	}
	WriteJSON(w, status, LeadCreated{LeadID: stored.ID, LeadToken: token, Reference: shared.LeadReference(stored.ID)})
	return nil
}

// recordLeadEvent stores the lead's car-action event (spec 001 §7, §9:
// 14, 15, 17 or 48 by the car's type and the form) in the events table, as
// the watchlist records 39: the server stored the lead, so the count does
// not depend on a browser reporting it. Once per lead (a retry records
// nothing); a failure is logged, the lead stands. The id is the server's,
// by the lead's type and car: an event_id the body names is kept on the
// lead for the CRM, never counted here (POST /api/events refuses 39 and
// the like from browsers).
func (s *apiServer) recordLeadEvent(ctx context.Context, site shared.Site, l shared.Lead, car *shared.Car) {
	e := shared.StoredEvent{Site: site.Slug, EventID: strconv.Itoa(shared.LeadEventID(l.Type, car)), CarID: car.ID, DealershipID: car.DealershipID, At: s.now()}
	if s.cfg.Events == nil {
		slog.InfoContext(ctx, "event", "event_id", e.EventID, "site", site.Slug, "car_id", car.ID)
		return
	}
	if err := s.cfg.Events.RecordEvent(ctx, e); err != nil {
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
func (s *apiServer) acceptCaptcha(ctx context.Context, cfg LeadsConfig, payload, leadID string, now time.Time) error {
	if payload == "" {
		return shared.FieldError("altcha", captchaFieldMessage)
	}
	sol, err := altcha.Verify(cfg.CaptchaKey, payload, now)
	if err != nil {
		return shared.FieldError("altcha", "The captcha is not valid; please try again.")
	}
	if err := cfg.Store.AcceptCaptcha(ctx, sol.ReplayKey, leadID, sol.Expires); err != nil {
		if shared.ErrorCode(err) == shared.ECONFLICT {
			return shared.FieldError("altcha", "This captcha was already used; please try again.")
		}
		return fmt.Errorf("accept captcha: %w", err)
	}
	return nil
}

// handleUpdateLead answers PATCH /api/leads/{lead_id}: a later step of a
// lead, from the browser holding its token.
func (s *apiServer) handleUpdateLead(w http.ResponseWriter, r *http.Request) error {
	cfg, err := s.leads()
	if err != nil {
		return err
	}
	site := siteFrom(r.Context())
	stored, err := cfg.Store.FindLead(r.Context(), r.PathValue("lead_id"))
	if shared.ErrorCode(err) == shared.ENOTFOUND || (err == nil && stored.Site != site.Slug) {
		// Another site's lead is answered like a missing one.
		return shared.Errorf(shared.ENOTFOUND, "lead not found")
	}
	if err != nil {
		return fmt.Errorf("find lead: %w", err)
	}
	if !tokenMatches(r.Header.Get(HeaderLeadToken), stored.TokenHash) {
		return shared.Errorf(shared.EFORBIDDEN, "this lead belongs to another browser")
	}
	body, err := readLeadBody(w, r)
	if err != nil {
		return err
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(body, &fields); err != nil {
		return shared.Errorf(shared.EINVALID, "the body is not a JSON object: %v", jsonProblem(err))
	}
	var refused []error
	names := make([]string, 0, len(fields))
	for name := range fields {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !slices.Contains(patchable, name) {
			refused = append(refused, shared.FieldError(name, "cannot be changed after the lead is sent"))
		}
	}
	if err := errors.Join(refused...); err != nil {
		return err
	}
	if stored.Ready {
		return shared.Errorf(shared.ECONFLICT, "the lead was already sent to the dealer")
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
		return shared.Errorf(shared.EINVALID, "the body is not a lead: %v", jsonProblem(err))
	}
	if err := shared.ValidateLead(next.Lead, site); err != nil {
		return err
	}
	next.Ready = next.Lead.ReadyForDealer()
	if err := cfg.Store.UpdateLead(r.Context(), stored, next); err != nil {
		if shared.ErrorCode(err) == shared.ECONFLICT {
			return err
		}
		return fmt.Errorf("update lead: %w", err)
	}
	WriteJSON(w, http.StatusOK, LeadUpdated{LeadID: stored.ID, Ready: next.Ready})
	return nil
}

// siteCar finds the car a lead is about among the site's shown stock: in
// the named dealership, else in each of the site's. A car the site does not
// show is an error on car_id, as is a missing one.
func (s *apiServer) siteCar(ctx context.Context, cars CarFinder, site shared.Site, dealershipSlug, id string) (shared.Car, error) {
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
		car, err := cars.FindCar(ctx, d, id)
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

// leadIdentity returns a new lead's id and token (docs/contracts.md
// "Leads"). With an Idempotency-Key both derive from it, so a retry finds
// the same lead and gets the same token back; the token is hashed in
// another domain than the id, so the id does not reveal it.
func leadIdentity(siteSlug, key string) (id, token string, err error) {
	if key == "" {
		return randomHex(16), randomHex(32), nil
	}
	if len(key) > maxIdempotencyKey {
		return "", "", shared.Errorf(shared.EINVALID, "the %s header is longer than %d characters", HeaderIdempotency, maxIdempotencyKey)
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

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// tokenMatches compares the token's hash with the stored one in constant time.
func tokenMatches(token, tokenHash string) bool {
	return token != "" && subtle.ConstantTimeCompare([]byte(hashToken(token)), []byte(tokenHash)) == 1
}

func readLeadBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxLeadBody))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return nil, shared.Errorf(shared.ETOOLARGE, "the body is larger than %d bytes", maxLeadBody)
	}
	if err != nil {
		return nil, fmt.Errorf("read lead body: %w", err)
	}
	return body, nil
}

// jsonProblem describes a decode error without echoing the body, which
// carries a shopper's details.
func jsonProblem(err error) string {
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
	if a.LinkedQueryParams != nil {
		c.LinkedQueryParams = make(map[string]string, len(a.LinkedQueryParams))
		for k, v := range a.LinkedQueryParams {
			c.LinkedQueryParams[k] = v
		}
	}
	return &c
}

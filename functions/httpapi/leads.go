package httpapi

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"forecourt/functions/altcha"
	"forecourt/functions/leads"
	"forecourt/shared"
)

// LeadStore keeps leads and captcha replay keys (dynamo.LeadStore); a
// CarFinder finds a dealership's car by id (dynamo.CarStore). The intake
// rules over them are package leads'.
type (
	LeadStore = leads.Store
	CarFinder = leads.Cars
)

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

// Lead request limits and headers.
const (
	maxLeadBody       = 64 << 10
	HeaderIdempotency = "Idempotency-Key"
	HeaderLeadToken   = "X-Lead-Token"
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

// leads is the intake service over the configured stores.
func (s *apiServer) leads() (*leads.Service, LeadsConfig, error) {
	c := s.cfg.Leads
	if c == nil || c.Store == nil || c.Cars == nil || len(c.CaptchaKey) == 0 {
		return nil, LeadsConfig{}, errors.New("leads are not configured: APIConfig.Leads needs a store, cars and a captcha key")
	}
	var events leads.Events
	if s.cfg.Events != nil {
		events = s.cfg.Events
	}
	return &leads.Service{Store: c.Store, Cars: c.Cars, Events: events, CaptchaKey: c.CaptchaKey, Now: s.now}, *c, nil
}

// handleCaptcha answers GET /api/captcha: a fresh ALTCHA challenge.
func (s *apiServer) handleCaptcha(w http.ResponseWriter, r *http.Request) error {
	_, cfg, err := s.leads()
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
	svc, _, err := s.leads()
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
	created, err := svc.Create(r.Context(), site, leads.Intake{
		Lead: req.Lead, Altcha: req.Altcha, IdempotencyKey: r.Header.Get(HeaderIdempotency), Referer: r.Header.Get("Referer"),
	})
	if err != nil {
		return err
	}
	status := http.StatusOK // a retry with the same Idempotency-Key
	if created.New {
		status = http.StatusCreated
	}
	WriteJSON(w, status, LeadCreated{LeadID: created.ID, LeadToken: created.Token, Reference: created.Reference})
	return nil
}

// handleUpdateLead answers PATCH /api/leads/{lead_id}: a later step of a
// lead, from the browser holding its token.
func (s *apiServer) handleUpdateLead(w http.ResponseWriter, r *http.Request) error {
	svc, _, err := s.leads()
	if err != nil {
		return err
	}
	body, err := readLeadBody(w, r)
	if err != nil {
		return err
	}
	id := r.PathValue("lead_id")
	ready, err := svc.Update(r.Context(), siteFrom(r.Context()), id, r.Header.Get(HeaderLeadToken), body)
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusOK, LeadUpdated{LeadID: id, Ready: ready})
	return nil
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
func jsonProblem(err error) string { return leads.JSONProblem(err) }

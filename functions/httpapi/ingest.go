package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"forecourt/functions/feed"
	"forecourt/functions/logging"
	"forecourt/functions/upload"
	"forecourt/shared"
)

// ProviderAuthorizer checks provider keys (the dynamo package's
// ProviderKeyStore implements it).
// Lookup fails with EUNAUTHORIZED for an unknown key; Authorize also with
// EFORBIDDEN for a dealership outside the key's scope.
type ProviderAuthorizer interface {
	Lookup(ctx context.Context, rawKey string) (shared.Provider, error)
	Authorize(ctx context.Context, rawKey, dealershipSlug string) (shared.Provider, error)
}

// Ingester is the ingestion service the /ingest routes drive (feed.Service
// implements it); an interface, so the handlers are tested without one.
type Ingester interface {
	Ingest(ctx context.Context, req feed.Request) (feed.Report, error)
	Run(ctx context.Context, id string) (feed.Report, error)
	Reindex(ctx context.Context, dealershipSlug string) (feed.ReindexReport, error)
}

// handlers are the ingestion API's handlers by route key (route.Routes;
// docs/contracts.md):
//
//	POST /ingest/v1/dealerships/{slug}/feed[?mode=full|delta][&force=true]  provider key
//	GET  /ingest/v1/runs/{id}                                  a provider key scoped to the run's dealership
//	POST /ingest/v1/reindex[?dealership=SLUG]                  ops key
//	POST /ingest/v1/dealerships/{slug}/uploads?mode=full|delta   provider key; a presigned PUT for a large feed
//
// An empty opsKey refuses every ops request.
func (s *ingestServer) handlers() map[string]http.Handler {
	return map[string]http.Handler{
		"POST /ingest/v1/dealerships/{slug}/feed":    Handle(s.handleFeed),
		"GET /ingest/v1/runs/{id}":                   Handle(s.handleRun),
		"POST /ingest/v1/reindex":                    Handle(s.handleReindex),
		"POST /ingest/v1/dealerships/{slug}/reviews": Handle(s.handleReviews),
		"POST /ingest/v1/dealerships/{slug}/uploads": Handle(s.handleUpload),
		healthRoute: Handle(s.handleHealth),
	}
}

// Uploader hands out upload URLs for large feeds (upload.Service).
type Uploader interface {
	Start(ctx context.Context, req upload.Request) (upload.Ticket, error)
}

// uploadRequest is the body of POST .../uploads: what the feed will be.
type uploadRequest struct {
	ContentType     string `json:"content_type"`
	ContentEncoding string `json:"content_encoding"`
}

// handleUpload answers 201 with a presigned PUT for a feed too large to
// post (issue 15); the run id it names is polled as any run's.
func (s *ingestServer) handleUpload(w http.ResponseWriter, r *http.Request) error {
	slug := r.PathValue("slug")
	provider, err := s.keys.Authorize(r.Context(), bearer(r), slug)
	if err != nil {
		return err
	}
	if s.uploads == nil {
		return fmt.Errorf("uploads: no bucket configured")
	}
	force, err := forceParam(r)
	if err != nil {
		return err
	}
	var body uploadRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&body); err != nil {
		return shared.FieldError("content_type", "send a JSON body {\"content_type\": \"text/csv\" or \"application/json\", \"content_encoding\": \"gzip\" or \"\"}: %v", err)
	}
	t, err := s.uploads.Start(r.Context(), upload.Request{
		DealershipSlug: slug, Mode: r.URL.Query().Get("mode"), Force: force,
		ContentType: body.ContentType, ContentEncoding: body.ContentEncoding,
		Columns: feed.Columns(provider.Columns), PhotoHosts: provider.PhotoHosts,
	})
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusCreated, t)
	return nil
}

// forceParam reads ?force=true|false.
func forceParam(r *http.Request) (bool, error) {
	v := r.URL.Query().Get("force")
	if v == "" {
		return false, nil
	}
	force, err := strconv.ParseBool(v)
	if err != nil {
		return false, shared.FieldError("force", "must be true or false, got %q", v)
	}
	return force, nil
}

type ingestServer struct {
	svc     Ingester
	keys    ProviderAuthorizer
	opsKey  string
	reviews ReviewWriter
	sites   DealershipSites
	uploads Uploader
	health  FeedHealth
}

// handleFeed writes its own error, so the error's log line names the
// dealership as the service's lines do.
func (s *ingestServer) handleFeed(w http.ResponseWriter, r *http.Request) error {
	r = r.WithContext(logging.WithDealership(r.Context(), r.PathValue("slug")))
	if err := s.feed(w, r); err != nil {
		WriteError(w, r, err)
	}
	return nil
}

func (s *ingestServer) feed(w http.ResponseWriter, r *http.Request) error {
	slug := r.PathValue("slug")
	provider, err := s.keys.Authorize(r.Context(), bearer(r), slug)
	if err != nil {
		return err
	}
	force, err := forceParam(r)
	if err != nil {
		return err
	}
	rep, err := s.svc.Ingest(r.Context(), feed.Request{
		DealershipSlug:  slug,
		Force:           force,
		Mode:            r.URL.Query().Get("mode"),
		ContentType:     r.Header.Get("Content-Type"),
		ContentEncoding: r.Header.Get("Content-Encoding"),
		Body:            r.Body,
		Columns:         feed.Columns(provider.Columns),
		PhotoHosts:      provider.PhotoHosts,
	})
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusOK, rep)
	return nil
}

func (s *ingestServer) handleRun(w http.ResponseWriter, r *http.Request) error {
	// The key is checked before the run is read, so that a caller without
	// a valid key cannot tell which run ids exist.
	provider, err := s.keys.Lookup(r.Context(), bearer(r))
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	rep, err := s.svc.Run(r.Context(), id)
	if err != nil {
		return err
	}
	// A run of a dealership outside the key's scope is answered like a
	// missing one: a provider learns nothing of other dealerships' runs.
	if !provider.MayFeed(rep.DealershipSlug) {
		return shared.Errorf(shared.ENOTFOUND, "run %q not found", id)
	}
	WriteJSON(w, http.StatusOK, rep)
	return nil
}

func (s *ingestServer) handleReindex(w http.ResponseWriter, r *http.Request) error {
	key := bearer(r)
	if key == "" {
		return shared.Errorf(shared.EUNAUTHORIZED, "an ops key is required")
	}
	if !secretEqual(key, s.opsKey) {
		return shared.Errorf(shared.EFORBIDDEN, "reindex needs the ops key")
	}
	rep, err := s.svc.Reindex(r.Context(), r.URL.Query().Get("dealership"))
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusOK, rep)
	return nil
}

func bearer(r *http.Request) string {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

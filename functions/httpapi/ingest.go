package httpapi

import (
	"context"
	"crypto/subtle"
	"net/http"
	"strings"

	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/shared"
)

// ProviderAuthorizer checks a provider key against a dealership
// (dynamo.ProviderKeyStore): EUNAUTHORIZED for an unknown key, EFORBIDDEN
// outside its scope.
type ProviderAuthorizer interface {
	Authorize(ctx context.Context, rawKey, dealershipSlug string) (dynamo.Provider, error)
}

// NewIngestHandler serves the ingestion API (docs/contracts.md):
//
//	POST /ingest/v1/dealerships/{slug}/feed[?mode=full|delta]  provider key
//	GET  /ingest/v1/runs/{id}                                  any provider key
//	POST /ingest/v1/reindex[?dealership=SLUG]                  ops key
//
// An empty opsKey refuses every ops request.
func NewIngestHandler(svc *feed.Service, keys ProviderAuthorizer, opsKey string) http.Handler {
	h := &ingestServer{svc: svc, keys: keys, opsKey: opsKey}
	mux := http.NewServeMux()
	mux.Handle("POST /ingest/v1/dealerships/{slug}/feed", Handle(h.handleFeed))
	mux.Handle("GET /ingest/v1/runs/{id}", Handle(h.handleRun))
	mux.Handle("POST /ingest/v1/reindex", Handle(h.handleReindex))
	mux.Handle("/", Handle(func(http.ResponseWriter, *http.Request) error {
		return shared.Errorf(shared.ENOTFOUND, "no such ingestion endpoint")
	}))
	return mux
}

type ingestServer struct {
	svc    *feed.Service
	keys   ProviderAuthorizer
	opsKey string
}

func (s *ingestServer) handleFeed(w http.ResponseWriter, r *http.Request) error {
	slug := r.PathValue("slug")
	provider, err := s.keys.Authorize(r.Context(), bearer(r), slug)
	if err != nil {
		return err
	}
	rep, err := s.svc.Ingest(r.Context(), feed.Request{
		DealershipSlug:  slug,
		Mode:            r.URL.Query().Get("mode"),
		ContentType:     r.Header.Get("Content-Type"),
		ContentEncoding: r.Header.Get("Content-Encoding"),
		Body:            r.Body,
		Columns:         feed.Columns(provider.Columns),
	})
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusOK, rep)
	return nil
}

func (s *ingestServer) handleRun(w http.ResponseWriter, r *http.Request) error {
	rep, err := s.svc.Run(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	// A provider sees only runs of dealerships its key may feed.
	if _, err := s.keys.Authorize(r.Context(), bearer(r), rep.DealershipSlug); err != nil {
		if shared.ErrorCode(err) == shared.EFORBIDDEN {
			return shared.Errorf(shared.ENOTFOUND, "run %q not found", r.PathValue("id"))
		}
		return err
	}
	WriteJSON(w, http.StatusOK, rep)
	return nil
}

func (s *ingestServer) handleReindex(w http.ResponseWriter, r *http.Request) error {
	key := bearer(r)
	if key == "" {
		return shared.Errorf(shared.EUNAUTHORIZED, "an ops key is required")
	}
	if s.opsKey == "" || subtle.ConstantTimeCompare([]byte(key), []byte(s.opsKey)) != 1 {
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

// compile-time check that the store satisfies the handler's interface.
var _ ProviderAuthorizer = (*dynamo.ProviderKeyStore)(nil)

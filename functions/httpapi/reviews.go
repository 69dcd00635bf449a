package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"forecourt/shared"
)

// ReviewWriter stores pushed reviews (dynamo.ReviewStore).
type ReviewWriter interface {
	SaveReviews(ctx context.Context, dealershipSlug string, reviews []shared.Review) error
}

// maxReviewsBody bounds a reviews feed (about 500 long reviews).
const maxReviewsBody = 4 << 20

// ReviewsFeed is the body of POST /ingest/v1/dealerships/{slug}/reviews.
type ReviewsFeed struct {
	Reviews []shared.Review `json:"reviews"`
}

// ReviewsReport is its answer.
type ReviewsReport struct {
	DealershipSlug string `json:"dealership_slug"`
	Received       int    `json:"received"`
	Saved          int    `json:"saved"`
}

// handleReviews stores a dealership's reviews (docs/contracts.md "Reviews"):
// the same provider keys as feeds, JSON, each review of one of the
// dealership's locations. The feed is checked whole before anything is
// written, and every wrong field is named.
func (s *ingestServer) handleReviews(w http.ResponseWriter, r *http.Request) error {
	slug := r.PathValue("slug")
	if _, err := s.keys.Authorize(r.Context(), bearer(r), slug); err != nil {
		return err
	}
	if s.reviews == nil || s.sites == nil {
		return fmt.Errorf("reviews: no review store configured")
	}
	var feed ReviewsFeed
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxReviewsBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&feed); err != nil {
		var tooBig *http.MaxBytesError
		var typeErr *json.UnmarshalTypeError
		switch {
		case errors.As(err, &tooBig):
			return shared.Errorf(shared.ETOOLARGE, "a reviews feed is at most %d bytes", maxReviewsBody)
		case errors.As(err, &typeErr):
			return typeError(typeErr)
		case errors.Is(err, io.EOF):
			return shared.FieldError("reviews", "required")
		}
		return shared.Errorf(shared.EINVALID, "malformed JSON: want {\"reviews\": [...]}")
	}
	if feed.Reviews == nil {
		return shared.FieldError("reviews", "required")
	}
	// A location names one of its own site's dealerships (site config
	// validation), so the dealership's own sites hold all of its
	// locations: read those, not every site (issue 15).
	sites, err := s.sites.SitesOf(r.Context(), slug)
	if err != nil {
		return fmt.Errorf("sites of %s: %w", slug, err)
	}
	ids := map[string]bool{}
	for _, site := range sites {
		for _, l := range site.Locations {
			if l.DealershipSlug == slug {
				ids[l.ID] = true
			}
		}
	}
	if err := shared.ValidateReviews(feed.Reviews, ids); err != nil {
		return err
	}
	if err := s.reviews.SaveReviews(r.Context(), slug, feed.Reviews); err != nil {
		return err
	}
	WriteJSON(w, http.StatusOK, ReviewsReport{DealershipSlug: slug, Received: len(feed.Reviews), Saved: len(feed.Reviews)})
	return nil
}

package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"forecourt/shared"
)

// MediaStore holds what GET /media/{proxy...} serves (docs/contracts.md
// "HTTP API"): in AWS the dealer logos drawn from the site configs, under
// the dev gateway the demo car images as well.
type MediaStore interface {
	// Media returns the file at name, its path under /media/
	// ("logos/acme.svg"), with its content type. query is the request's
	// query string, which a drawn image may read (?angle=). A name the store
	// does not hold is an ENOTFOUND error.
	Media(ctx context.Context, name string, query url.Values) (body []byte, contentType string, err error)
}

const (
	mediaRoute = "GET /media/{proxy...}"
	// Media is a pure function of its URL and the site config, which
	// changes rarely; the distributions cache it as long.
	mediaCacheControl = "public, max-age=86400"
	// A photo at a ?w= width is a pure function of its URL (mirrored photos
	// are named by content hash), so browsers and CloudFront keep it for
	// good.
	mediaImmutableCacheControl = "public, max-age=31536000, immutable"
)

func mediaHandler(store MediaStore) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Cache-Control", errorCacheControl)
		name := r.PathValue("proxy")
		body, contentType, err := store.Media(r.Context(), name, r.URL.Query())
		if err != nil {
			if shared.ErrorCode(err) == shared.ENOTFOUND {
				return shared.Errorf(shared.ENOTFOUND, "no media at %q", name)
			}
			return fmt.Errorf("media %q: %w", name, err)
		}
		w.Header().Set("Content-Type", contentType)
		// A mirrored photo is named by its content hash: it never changes.
		if r.URL.Query().Has("w") && contentType == "image/jpeg" || strings.HasPrefix(name, "photos/") {
			w.Header().Set("Cache-Control", mediaImmutableCacheControl)
		} else {
			w.Header().Set("Cache-Control", mediaCacheControl)
		}
		_, err = w.Write(body)
		return err
	}
}

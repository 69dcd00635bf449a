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
		name, query := sizedMedia(r.PathValue("proxy"), r.URL.Query())
		body, contentType, err := store.Media(r.Context(), name, query)
		if err != nil {
			if shared.ErrorCode(err) == shared.ENOTFOUND {
				return shared.Errorf(shared.ENOTFOUND, "no media at %q", name)
			}
			return fmt.Errorf("media %q: %w", name, err)
		}
		w.Header().Set("Content-Type", contentType)
		// A mirrored photo is named by its content hash: it never changes.
		if query.Has("w") && (contentType == "image/jpeg" || contentType == "image/webp") || strings.HasPrefix(name, "photos/") {
			w.Header().Set("Cache-Control", mediaImmutableCacheControl)
		} else {
			w.Header().Set("Cache-Control", mediaCacheControl)
		}
		_, err = w.Write(body)
		return err
	}
}

// sizedPrefix starts a media name whose size the edge moved from the query
// string into the path: CloudFront's CachingOptimized keys on the path and
// forwards no query string, so the cells' viewer-request function
// (infra/constructs/cell) rewrites /media/photos/x.jpg?w=640&f=webp to
// /media/_/w=640,f=webp/photos/x.jpg.
const sizedPrefix = "_/"

// sizedMedia undoes that rewrite: the name and the query it stands for. A
// name without the prefix keeps its own query string (the dev gateway).
func sizedMedia(name string, query url.Values) (string, url.Values) {
	rest, ok := strings.CutPrefix(name, sizedPrefix)
	if !ok {
		return name, query
	}
	params, name, ok := strings.Cut(rest, "/")
	if !ok {
		return rest, url.Values{} // no file after the sizes: a 404
	}
	query = url.Values{}
	for _, kv := range strings.Split(params, ",") {
		if k, v, ok := strings.Cut(kv, "="); ok {
			query.Set(k, v)
		}
	}
	return name, query
}

package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
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
		name, query, err := sizedMedia(r.PathValue("proxy"), r.URL.Query())
		if err != nil {
			return err
		}
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

// sizedKeys are the keys the viewer-request function writes into the
// path, in its order.
var sizedKeys = []string{"w", "q", "f"}

// sizedMedia undoes that rewrite: the name and the query it stands for. A
// name without the prefix keeps its own query string (the dev gateway).
// The path form must be what the function writes: keys of sizedKeys, each
// once, in its order, each with a value; any other spelling of the same
// size would be another cache key for the same photo (issue 31), so it is
// an EINVALID error on the field "size". The values themselves are the
// media store's to check (media.ParseSize), as in the query form.
func sizedMedia(name string, query url.Values) (string, url.Values, error) {
	rest, ok := strings.CutPrefix(name, sizedPrefix)
	if !ok {
		return name, query, nil
	}
	params, name, ok := strings.Cut(rest, "/")
	if !ok {
		return rest, url.Values{}, nil // no file after the sizes: a 404
	}
	query = url.Values{}
	next := 0 // the index in sizedKeys the next key may start at
	for _, kv := range strings.Split(params, ",") {
		k, v, ok := strings.Cut(kv, "=")
		at := slices.Index(sizedKeys[next:], k)
		if !ok || v == "" || at < 0 {
			return "", nil, shared.FieldError("size", "the path's sizes %q are not w=, q=, f= in that order, each once with a value", params)
		}
		next += at + 1
		query.Set(k, v)
	}
	return name, query, nil
}

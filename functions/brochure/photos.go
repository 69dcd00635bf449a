package brochure

import (
	"bytes"
	"context"
	"fmt"
	"image/jpeg"
	"net/http"
	"net/url"
	"strings"
	"time"

	"forecourt/functions/imaging"
	"forecourt/shared"
)

// PhotoFetcher downloads a photo from another host (media.Fetcher).
type PhotoFetcher interface {
	Fetch(ctx context.Context, rawURL string) (body []byte, contentType string, err error)
}

// WebPhotos loads a car's photo from another host for the brochure through
// Fetcher, the guard photo mirroring uses (media.Fetcher: public addresses
// only, checked at dial time and on every redirect, a time and size
// limit), since the URL is the feed's (issue 31: no second, weaker client).
type WebPhotos struct {
	Fetcher PhotoFetcher
}

// The limits of the fetcher WebPhotos is built with (platform), so a
// slow or huge image costs the brochure its photo, not its answer.
const (
	PhotoTimeout  = 3 * time.Second
	PhotoMaxBytes = 8 << 20
)

// LoadPhoto fetches the image at rawURL. A URL that is not http(s) (the
// demo stock's /media SVGs) is an EINVALID error, and so is an image of
// another type; callers draw the brochure without it.
func (w WebPhotos) LoadPhoto(ctx context.Context, rawURL string) (*Photo, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, shared.Errorf(shared.EINVALID, "photo %q is not an http(s) URL", rawURL)
	}
	data, _, err := w.Fetcher.Fetch(ctx, u.String())
	if err != nil {
		return nil, fmt.Errorf("brochure photo: %w", err)
	}
	return PhotoOf(data)
}

// photoQuality is the brochure's JPEG quality: print wants a little more
// than the web's cards.
const photoQuality = 85

// PhotoOf decodes a JPEG or PNG within imaging.MaxPixels and re-encodes it
// as JPEG, the only form the brochure embeds: fpdf parses an image from its
// header and panics on a short body (issue 31), so it never sees bytes it
// did not get from us. Anything else is an error: EINVALID for another
// type, the decoder's for a broken or oversized image.
func PhotoOf(data []byte) (*Photo, error) {
	switch http.DetectContentType(data) {
	case "image/jpeg", "image/png":
	default:
		return nil, shared.Errorf(shared.EINVALID, "photo is neither JPEG nor PNG")
	}
	img, err := imaging.Decode(data)
	if err != nil {
		return nil, fmt.Errorf("brochure photo: %w", err)
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: photoQuality}); err != nil {
		return nil, fmt.Errorf("brochure photo: encode jpeg: %w", err)
	}
	return &Photo{jpeg: b.Bytes()}, nil
}

// MediaReader reads a file served under /media/ (httpapi.MediaStore).
type MediaReader interface {
	Media(ctx context.Context, name string, query url.Values) (body []byte, contentType string, err error)
}

// StoredPhotos loads a feed photo mirrored at ingest (/media/photos/...,
// issue 14) from the media store, and any other photo through Web.
type StoredPhotos struct {
	Media MediaReader
	Web   WebPhotos
}

// LoadPhoto implements the brochure's photo loader.
func (s StoredPhotos) LoadPhoto(ctx context.Context, rawURL string) (*Photo, error) {
	name, mirrored := strings.CutPrefix(rawURL, "/media/photos/")
	if !mirrored {
		return s.Web.LoadPhoto(ctx, rawURL)
	}
	data, _, err := s.Media.Media(ctx, "photos/"+name, nil)
	if err != nil {
		return nil, fmt.Errorf("photo %s: %w", rawURL, err)
	}
	return PhotoOf(data)
}

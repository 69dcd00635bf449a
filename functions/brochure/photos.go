package brochure

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"forecourt/shared"
)

// WebPhotos loads a car's photo over HTTP(S) for the brochure: JPEG and PNG
// only (what PDF embeds), at most MaxBytes, within the client's timeout.
type WebPhotos struct {
	Client   *http.Client
	MaxBytes int64
}

// NewWebPhotos returns a loader with a 3-second timeout and an 8 MiB limit,
// so a slow or huge image costs the brochure its photo, not its answer.
func NewWebPhotos() WebPhotos {
	return WebPhotos{Client: &http.Client{Timeout: 3 * time.Second}, MaxBytes: 8 << 20}
}

// LoadPhoto fetches the image at rawURL. An image of another type (the demo
// stock's SVGs) is an EINVALID error; callers draw the brochure without it.
func (w WebPhotos) LoadPhoto(ctx context.Context, rawURL string) (*Photo, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, shared.Errorf(shared.EINVALID, "photo %q is not an http(s) URL", rawURL)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("photo %s: %w", rawURL, err)
	}
	resp, err := w.Client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("photo %s: %w", rawURL, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("photo %s: status %d", rawURL, resp.StatusCode)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, w.MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("photo %s: %w", rawURL, err)
	}
	if int64(len(data)) > w.MaxBytes {
		return nil, shared.Errorf(shared.EINVALID, "photo %s is over %d bytes", rawURL, w.MaxBytes)
	}
	return PhotoOf(data)
}

// PhotoOf types image bytes by their content: JPEG or PNG, else EINVALID.
func PhotoOf(data []byte) (*Photo, error) {
	switch http.DetectContentType(data) {
	case "image/jpeg":
		return &Photo{Data: data, Type: "JPG"}, nil
	case "image/png":
		return &Photo{Data: data, Type: "PNG"}, nil
	}
	return nil, shared.Errorf(shared.EINVALID, "photo is neither JPEG nor PNG")
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

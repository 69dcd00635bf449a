// Package imaging decodes the photos feeds and shoppers' uploads send,
// refusing from its header one whose pixels would cost an instance its
// memory. The media resizer and the brochure both decode through it; it
// does no I/O (issue 36: a renderer decodes without importing the media
// adapter).
package imaging

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // feeds send JPEG photos
	_ "image/png"  // and PNG ones
)

// MaxPixels bounds the photos decoded (about 40 megapixels, 160 MB as
// RGBA): a feed's photo or a mirrored one over it is refused from its
// header, before its pixels are allocated (issue 31: a tiny file can claim
// 60000x60000 and cost an instance its memory).
const MaxPixels = 40_000_000

// ErrTooManyPixels is a photo whose header says it is larger than MaxPixels.
var ErrTooManyPixels = errors.New("image has too many pixels")

// Decode decodes a JPEG or PNG whose header says it is at most MaxPixels;
// any other is refused with ErrTooManyPixels before it is decoded.
func Decode(src []byte) (image.Image, error) {
	if err := CheckPixels(src); err != nil {
		return nil, err
	}
	img, _, err := image.Decode(bytes.NewReader(src))
	if err != nil {
		return nil, fmt.Errorf("decode image: %w", err)
	}
	return img, nil
}

// CheckPixels reads the JPEG or PNG header only (mirroring checks a photo
// with it before storing it): an error for an unreadable one or one over
// MaxPixels (ErrTooManyPixels).
func CheckPixels(src []byte) error {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(src))
	if err != nil {
		return fmt.Errorf("decode image header: %w", err)
	}
	if n := int64(cfg.Width) * int64(cfg.Height); n > MaxPixels || cfg.Width <= 0 || cfg.Height <= 0 {
		return fmt.Errorf("%w: %dx%d is %.1f megapixels, over the %d megapixel limit",
			ErrTooManyPixels, cfg.Width, cfg.Height, float64(n)/1e6, MaxPixels/1_000_000)
	}
	return nil
}

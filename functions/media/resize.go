package media

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	_ "image/png" // feeds send PNG photos too
	"io"
	"net/url"
	"slices"
	"strconv"

	"github.com/gen2brain/webp"

	"forecourt/functions/imaging"
	"forecourt/shared"
)

// Widths are the photo widths /media serves (?w=): shared.PhotoWidths,
// which the pages' srcsets name (shared.PhotoSrcSet).
var Widths = shared.PhotoWidths

// Aspect is the card's and gallery's photo shape, width:height 3:2
// (CarCard's 480x320, Gallery's 960x640).
const aspectW, aspectH = 3, 2

// DefaultQuality is the one quality resized photos are encoded at; a 640
// px card stays well under 60 KB at it, as JPEG and as WebP. No URL can
// ask for another (issue 31): one rendering per width and format.
const DefaultQuality = 75

// Formats a resized photo is encoded in (?f=): JPEG unless WebP is asked
// for by name. The format is a parameter of the URL, not negotiated from
// Accept, so the URL alone is the cache key (docs/contracts.md "Media").
const (
	FormatJPEG = shared.PhotoFormatJPEG
	FormatWebP = shared.PhotoFormatWebP
)

// Resized serves raster photos of the store at a width of Widths, cropped
// to 3:2 around the centre, as JPEG or (?f=webp) WebP. Without ?w=, ?q=
// or ?f= the store's file is served unchanged; with any of them the size
// must be valid (ParseSize) before the store is read, so a bad URL costs
// no read. SVG and other non-raster files ignore a valid size.
type Resized struct{ Store Store }

// Media implements httpapi.MediaStore.
func (r Resized) Media(ctx context.Context, name string, query url.Values) ([]byte, string, error) {
	sized := query.Has("w") || query.Has("q") || query.Has("f")
	var size Size
	if sized {
		var err error
		if size, err = ParseSize(query); err != nil {
			return nil, "", err
		}
	}
	body, contentType, err := r.Store.Media(ctx, name, query)
	if err != nil || !sized || (contentType != "image/jpeg" && contentType != "image/png") {
		return body, contentType, err
	}
	out, ct, err := Resize(body, size)
	if err != nil {
		return nil, "", fmt.Errorf("resize %s: %w", name, err)
	}
	return out, ct, nil
}

// Size is what a resized photo's URL asks for.
type Size struct {
	Width, Quality int
	Format         string // FormatJPEG or FormatWebP
}

// ParseSize reads ?w= (one of Widths, required) and ?f= (jpeg, the
// default, or webp). The quality is always DefaultQuality: ?q=, even the
// default's value, is refused, since the web's srcset never sends it
// (issue 31: a few cache keys per photo, not one per quality).
func ParseSize(query url.Values) (Size, error) {
	width, err := strconv.Atoi(query.Get("w"))
	if err != nil || !slices.Contains(Widths, width) {
		return Size{}, shared.FieldError("w", "width must be one of %v", Widths)
	}
	s := Size{Width: width, Quality: DefaultQuality, Format: FormatJPEG}
	if query.Has("q") {
		return Size{}, shared.FieldError("q", "quality is not a parameter: photos are served at quality %d only; leave q out", DefaultQuality)
	}
	switch f := query.Get("f"); f {
	case "", FormatJPEG:
	case FormatWebP:
		s.Format = FormatWebP
	default:
		return Size{}, shared.FieldError("f", "format must be jpeg or webp")
	}
	return s, nil
}

// MaxPixels, ErrTooManyPixels and Decode are the pixel-limited decoding
// of package imaging, which the brochure shares.
const MaxPixels = imaging.MaxPixels

// ErrTooManyPixels is a photo whose header says it is larger than MaxPixels.
var ErrTooManyPixels = imaging.ErrTooManyPixels

// Decode decodes a JPEG or PNG whose header says it is at most MaxPixels
// (imaging.Decode).
func Decode(src []byte) (image.Image, error) { return imaging.Decode(src) }

// Resize decodes a JPEG or PNG (Decode: at most MaxPixels), crops it to 3:2 around its centre, scales
// it to s.Width (never up: a smaller source keeps its size) and encodes it
// in s.Format, returning the bytes and their content type.
func Resize(src []byte, s Size) ([]byte, string, error) {
	img, err := Decode(src)
	if err != nil {
		return nil, "", err
	}
	crop := cropToAspect(img.Bounds())
	width := min(s.Width, crop.Dx())
	height := max(1, width*aspectH/aspectW)
	dst := image.NewRGBA(image.Rect(0, 0, width, height))
	scaleArea(dst, img, crop)
	var buf bytes.Buffer
	typ, err := encode(&buf, dst, s.Format, s.Quality)
	if err != nil {
		return nil, "", err
	}
	return buf.Bytes(), typ, nil
}

// encode writes img as format (FormatWebP, else JPEG) at quality and
// returns its content type.
func encode(w io.Writer, img image.Image, format string, quality int) (string, error) {
	if format == FormatWebP {
		// libwebp compiled to WebAssembly, run by wazero: no cgo, so the
		// Lambda's static build keeps; the module compiles on first use
		// (its cold cost is measured in docs/spec-deviations.md, 001 §7).
		if err := webp.Encode(w, img, webp.Options{Quality: quality, Method: webpMethod}); err != nil {
			return "", fmt.Errorf("encode webp: %w", err)
		}
		return "image/webp", nil
	}
	if err := jpeg.Encode(w, img, &jpeg.Options{Quality: quality}); err != nil {
		return "", fmt.Errorf("encode jpeg: %w", err)
	}
	return "image/jpeg", nil
}

// webpMethod is libwebp's speed/size trade-off (0 fast .. 6 small; 4 is
// its default): on a 640 px card, 1 took a fifth of 4's time for 10% more
// bytes, still half the JPEG's (docs/spec-deviations.md, 001 §7).
const webpMethod = 1

// cropToAspect is the largest 3:2 rectangle centred in b.
func cropToAspect(b image.Rectangle) image.Rectangle {
	w, h := b.Dx(), b.Dy()
	if w*aspectH > h*aspectW { // too wide: trim the sides
		nw := h * aspectW / aspectH
		x := b.Min.X + (w-nw)/2
		return image.Rect(x, b.Min.Y, x+nw, b.Max.Y)
	}
	nh := w * aspectH / aspectW
	y := b.Min.Y + (h-nh)/2
	return image.Rect(b.Min.X, y, b.Max.X, y+nh)
}

// scaleArea fills dst with src's rectangle r, each destination pixel the
// mean of the source pixels it covers (a box filter: downscaling photos
// without the aliasing of nearest-neighbour).
func scaleArea(dst *image.RGBA, src image.Image, r image.Rectangle) {
	dw, dh := dst.Bounds().Dx(), dst.Bounds().Dy()
	for y := 0; y < dh; y++ {
		y0 := r.Min.Y + y*r.Dy()/dh
		y1 := max(y0+1, r.Min.Y+(y+1)*r.Dy()/dh)
		for x := 0; x < dw; x++ {
			x0 := r.Min.X + x*r.Dx()/dw
			x1 := max(x0+1, r.Min.X+(x+1)*r.Dx()/dw)
			var sr, sg, sb, n uint64
			for sy := y0; sy < y1; sy++ {
				for sx := x0; sx < x1; sx++ {
					cr, cg, cb, _ := src.At(sx, sy).RGBA()
					sr, sg, sb, n = sr+uint64(cr), sg+uint64(cg), sb+uint64(cb), n+1
				}
			}
			dst.SetRGBA(x, y, color.RGBA{uint8(sr / n >> 8), uint8(sg / n >> 8), uint8(sb / n >> 8), 0xff})
		}
	}
}

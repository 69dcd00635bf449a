package shared

import (
	"fmt"
	"regexp"
	"strings"
)

// PhotoWidths are the photo widths /media serves (?w=), the ones the
// layout's srcset names: a fixed set, so every width is cached once at
// CloudFront and nobody can make the Lambda render arbitrary sizes
// (vector image_widths.json).
var PhotoWidths = []int{320, 480, 640, 960, 1280, 1920}

// Formats a resized photo is encoded in (?f=): JPEG unless WebP is asked
// for by name. The format is a parameter of the URL, not negotiated from
// Accept, so the URL alone is the cache key (docs/contracts.md "Media").
const (
	PhotoFormatJPEG = "jpeg"
	PhotoFormatWebP = "webp"
)

var resizablePhoto = regexp.MustCompile(`(?i)^/media/.+\.(jpe?g|png)$`)

// PhotoResizable reports whether /media resizes the photo at src: a JPEG
// or PNG under /media/. Any other image (SVG, another host's URL) is
// served at one size.
func PhotoResizable(src string) bool { return resizablePhoto.MatchString(src) }

// PhotoSrcSet is the srcset of a photo /media resizes: WebP at every width
// of PhotoWidths, which every browser the site supports decodes; "" for
// a photo it does not resize. The pages' painted photos and their
// preloads use it; web lib/photoSrcSet.ts is its twin (vector
// photo_srcset.json).
func PhotoSrcSet(src string) string {
	if !PhotoResizable(src) {
		return ""
	}
	parts := make([]string, len(PhotoWidths))
	for i, w := range PhotoWidths {
		parts[i] = fmt.Sprintf("%s?w=%d&f=%s %dw", src, w, PhotoFormatWebP, w)
	}
	return strings.Join(parts, ", ")
}

package demo

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"forecourt/shared"
)

// silhouette is a side profile drawn in a 480x240 box: the body outline,
// the glasshouse, and the wheel centres. The car faces left.
type silhouette struct {
	body, glass string
	wheels      [2]int
}

var silhouettes = map[string]silhouette{
	"sedan": {"M40 182 L36 150 L60 132 L160 122 L215 88 L300 86 L360 118 L430 124 L444 150 L440 182 Z",
		"M170 122 L218 94 L296 92 L348 120 Z", [2]int{118, 362}},
	"hatch": {"M40 182 L36 150 L56 132 L150 122 L205 86 L330 84 L395 112 L412 150 L408 182 Z",
		"M162 121 L208 92 L326 90 L380 116 Z", [2]int{112, 340}},
	"suv": {"M36 182 L32 130 L52 112 L140 104 L195 62 L380 60 L420 92 L432 130 L430 182 Z",
		"M150 104 L198 68 L376 66 L408 100 Z", [2]int{116, 356}},
	"ute": {"M36 182 L32 128 L52 112 L135 104 L180 64 L270 62 L282 108 L444 108 L446 182 Z",
		"M146 104 L184 70 L264 68 L272 104 Z", [2]int{112, 372}},
	"wagon": {"M40 182 L34 148 L56 130 L150 120 L205 84 L400 82 L432 112 L440 150 L436 182 Z",
		"M162 120 L208 90 L396 88 L420 116 Z", [2]int{116, 364}},
	"van": {"M32 182 L28 120 L50 96 L95 52 L450 48 L452 182 Z",
		"M60 98 L100 58 L190 58 L190 98 Z", [2]int{104, 380}},
	"coupe": {"M40 182 L36 152 L60 136 L170 126 L235 92 L300 92 L390 124 L440 130 L446 152 L442 182 Z",
		"M180 126 L238 98 L296 98 L360 124 Z", [2]int{118, 366}},
	"convertible": {"M40 182 L36 152 L60 136 L190 128 L212 100 L220 100 L206 128 L430 126 L444 152 L440 182 Z",
		"M262 128 L268 108 L284 108 L286 128 Z", [2]int{118, 366}},
	"people-mover": {"M32 182 L28 128 L48 106 L120 94 L180 54 L420 52 L446 80 L450 182 Z",
		"M132 94 L184 60 L416 58 L436 86 Z", [2]int{110, 374}},
}

// backgrounds vary by angle so a car's photos do not all look the same.
var backgrounds = [...][2]string{
	{"#e0f2fe", "#f8fafc"}, {"#f1f5f9", "#e2e8f0"}, {"#fef3c7", "#fffbeb"},
	{"#dcfce7", "#f0fdf4"}, {"#ede9fe", "#f5f3ff"}, {"#fee2e2", "#fff1f2"},
}

// CarSVG draws a body type in a base colour; angle 1-6 picks the backdrop,
// and even angles show the other side. ok is false for an unknown body or colour.
func CarSVG(bodySlug, base string, angle int) (svg string, ok bool) {
	s, ok1 := silhouettes[bodySlug]
	fill, ok2 := baseColours[base]
	if !ok1 || !ok2 {
		return "", false
	}
	if angle < 1 || angle > len(backgrounds) {
		angle = 1
	}
	bg := backgrounds[angle-1]
	flip := ""
	if angle%2 == 0 {
		flip = ` transform="translate(480 0) scale(-1 1)"`
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 240" width="960" height="480">`)
	fmt.Fprintf(&b, `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>`, bg[0], bg[1])
	b.WriteString(`<rect width="480" height="240" fill="url(#bg)"/><rect y="206" width="480" height="34" fill="#cbd5e1" opacity="0.5"/>`)
	fmt.Fprintf(&b, `<g%s>`, flip)
	b.WriteString(`<ellipse cx="240" cy="208" rx="215" ry="9" fill="#0f172a" opacity="0.18"/>`)
	fmt.Fprintf(&b, `<path d="%s" fill="%s" stroke="#111827" stroke-opacity="0.45" stroke-width="2" stroke-linejoin="round"/>`, s.body, fill)
	fmt.Fprintf(&b, `<path d="%s" fill="#1e293b" opacity="0.78"/>`, s.glass)
	b.WriteString(`<rect x="38" y="142" width="16" height="7" rx="3" fill="#fde68a"/>`)
	for _, x := range s.wheels {
		fmt.Fprintf(&b, `<circle cx="%d" cy="182" r="30" fill="#111827"/><circle cx="%d" cy="182" r="15" fill="#9ca3af"/><circle cx="%d" cy="182" r="4" fill="#4b5563"/>`, x, x, x)
	}
	b.WriteString(`</g></svg>`)
	return b.String(), true
}

// placeholderSVG is the image of a car without photos yet (spec 000 §2:
// placeholder images show a New Arrival panel).
const placeholderSVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 240" width="960" height="480">` +
	`<rect width="480" height="240" fill="#e5e7eb"/>` +
	`<path d="M130 150 L128 122 L146 108 L196 102 L226 78 L300 76 L330 100 L352 108 L354 150 Z" fill="none" stroke="#9ca3af" stroke-width="4" stroke-linejoin="round"/>` +
	`<circle cx="170" cy="150" r="16" fill="none" stroke="#9ca3af" stroke-width="4"/><circle cx="312" cy="150" r="16" fill="none" stroke="#9ca3af" stroke-width="4"/>` +
	`<text x="240" y="200" text-anchor="middle" font-family="system-ui, sans-serif" font-size="22" font-weight="600" fill="#4b5563">Photos coming soon</text></svg>`

// Images serves the demo car images (httpapi.MediaStore): the names
// demo/{body}/{colour}.svg (?angle=1-6) and demo/placeholder.svg, which the
// demo stock links to (ImagePath, PlaceholderPath). Only the dev gateway
// mounts it; the logos are the media package's.
type Images struct{}

// Media implements httpapi.MediaStore.
func (Images) Media(_ context.Context, name string, query url.Values) ([]byte, string, error) {
	if name == "demo/placeholder.svg" {
		return []byte(placeholderSVG), svgType, nil
	}
	if rest, ok := strings.CutPrefix(name, "demo/"); ok {
		body, file, _ := strings.Cut(rest, "/")
		base, isSVG := strings.CutSuffix(file, ".svg")
		angle, _ := strconv.Atoi(query.Get("angle"))
		if svg, found := CarSVG(body, base, angle); isSVG && found {
			return []byte(svg), svgType, nil
		}
	}
	return nil, "", shared.Errorf(shared.ENOTFOUND, "no demo image at %q", name)
}

const svgType = "image/svg+xml"

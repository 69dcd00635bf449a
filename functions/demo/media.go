package demo

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"forecourt/shared"
)

// The car artwork is drawn to be shown whole (issue 32 item 8: cartoon
// cars cropped at bonnet and tail). Its frame is 3:2, the card's and the
// gallery's, and the car stays inside SafeArea, the part of the frame
// that survives a cover crop to any frame from 4:3 to 16:9.
const (
	artW, artH = 480, 320
	groundY    = 262 // where the tyres meet the floor, as the silhouettes are drawn
	lift       = 12  // the car is drawn this much higher, centring it in the frame
)

// SafeArea is the rectangle (x0, y0, x1, y1) of the 480 x 320 artwork that
// every frame from 4:3 to 16:9 shows under object-fit: cover.
var SafeArea = [4]float64{artW/2 - artH*4.0/3/2, artH/2 - artW*9.0/16/2, artW/2 + artH*4.0/3/2, artH/2 + artW*9.0/16/2}

// silhouette is a flat side profile facing left: the body outline (its
// lower edge cut by the wheel arches), the side windows, the lamps, the
// door lines and the wheel centres, all in the 480 x 320 frame.
type silhouette struct {
	body    string
	glass   []string
	doors   []float64 // x of each door shut line
	head    string    // headlamp
	tail    string    // tail lamp
	wheels  [2]float64
	radius  float64 // tyre radius
	beltY   float64 // the shoulder line, where the highlight runs
	mirrorX float64
}

// arches cuts the body's lower edge round both wheels, from the tail (x1)
// to the nose (x0) at height y.
func arches(x0, x1, y float64, w [2]float64, r float64) string {
	a := r + 5
	return fmt.Sprintf("L%g %g L%g %g A%g %g 0 0 0 %g %g L%g %g A%g %g 0 0 0 %g %g L%g %g Z",
		x1, y, w[1]+a, y, a, a, w[1]-a, y, w[0]+a, y, a, a, w[0]-a, y, x0, y)
}

func carShape(nose, top string, x0, x1, bottom float64, w [2]float64, r float64) string {
	return nose + " " + top + " " + arches(x0, x1, bottom, w, r)
}

var silhouettes = map[string]silhouette{
	"sedan": {
		body: carShape("M62 236 C52 234 50 214 56 204 L70 196", "C110 188 150 184 170 182 C192 162 216 146 240 142 L302 142 C330 144 352 162 370 178 L414 184 C426 186 430 198 428 212 L426 236",
			62, 426, 236, [2]float64{120, 352}, 28),
		glass: []string{"M180 182 C198 164 218 152 240 149 L270 149 L270 182 Z", "M278 149 L300 149 C322 151 340 164 354 180 L278 182 Z"},
		doors: []float64{274, 344},
		head:  "M56 206 L76 200 L78 208 L58 212 Z", tail: "M420 190 L428 192 L428 204 L418 202 Z",
		wheels: [2]float64{120, 352}, radius: 28, beltY: 186, mirrorX: 176,
	},
	"hatch": {
		body: carShape("M70 236 C60 234 58 214 64 204 L78 196", "C110 190 140 186 160 184 C182 162 206 142 232 138 L326 136 C350 138 370 154 384 174 C394 190 398 206 398 236",
			70, 398, 236, [2]float64{124, 330}, 28),
		glass: []string{"M172 184 C190 164 210 150 234 146 L268 145 L268 184 Z", "M276 145 L324 144 C344 146 360 160 370 178 L276 184 Z"},
		doors: []float64{272, 352},
		head:  "M64 206 L84 200 L86 208 L66 212 Z", tail: "M388 174 L396 178 L396 192 L388 190 Z",
		wheels: [2]float64{124, 330}, radius: 28, beltY: 188, mirrorX: 168,
	},
	"suv": {
		body: carShape("M62 232 C52 230 50 200 56 188 L70 180", "C100 174 130 170 150 168 C170 142 192 122 216 116 L394 114 C410 116 420 128 426 146 L432 180 C434 200 434 218 430 232",
			62, 430, 232, [2]float64{124, 362}, 31),
		glass: []string{"M162 168 C178 146 196 130 218 124 L272 123 L272 168 Z", "M280 123 L344 122 L344 168 L280 168 Z", "M352 122 L392 122 C404 124 412 134 416 150 L418 168 L352 168 Z"},
		doors: []float64{276, 348},
		head:  "M56 190 L80 184 L82 194 L58 198 Z", tail: "M424 150 L432 152 L434 176 L426 174 Z",
		wheels: [2]float64{124, 362}, radius: 31, beltY: 174, mirrorX: 158,
	},
	"ute": {
		body: carShape("M56 232 C46 230 44 200 50 188 L64 180", "C96 174 128 170 148 168 C166 144 186 124 208 118 L284 116 C292 116 296 122 296 130 L298 174 L436 174 C440 176 442 182 442 190 L440 232",
			56, 440, 232, [2]float64{118, 370}, 31),
		glass: []string{"M158 168 C174 146 192 130 210 125 L242 124 L242 168 Z", "M250 124 L282 123 C286 123 288 127 288 132 L288 168 L250 168 Z"},
		doors: []float64{246, 292},
		head:  "M50 190 L74 184 L76 194 L52 198 Z", tail: "M432 180 L440 180 L440 198 L432 198 Z",
		wheels: [2]float64{118, 370}, radius: 31, beltY: 178, mirrorX: 154,
	},
	"wagon": {
		body: carShape("M62 236 C52 234 50 214 56 204 L70 196", "C110 188 150 184 170 182 C192 162 216 146 240 142 L396 140 C412 142 422 156 426 172 C430 190 430 210 428 236",
			62, 428, 236, [2]float64{120, 356}, 28),
		glass: []string{"M180 182 C198 164 218 152 240 149 L272 148 L272 182 Z", "M280 148 L340 147 L340 182 L280 182 Z", "M348 147 L394 147 C406 149 414 160 416 176 L416 182 L348 182 Z"},
		doors: []float64{276, 344},
		head:  "M56 206 L76 200 L78 208 L58 212 Z", tail: "M420 178 L428 180 L428 196 L420 194 Z",
		wheels: [2]float64{120, 356}, radius: 28, beltY: 186, mirrorX: 176,
	},
	"van": {
		body: carShape("M50 236 C42 234 40 206 46 196 L62 186", "C82 180 96 176 104 170 C116 138 132 114 154 106 L426 102 C436 102 442 110 442 120 L444 236",
			50, 444, 236, [2]float64{110, 386}, 29),
		glass: []string{"M112 168 C122 142 136 124 156 116 L196 115 L196 168 Z", "M204 115 L262 114 L262 152 L204 152 Z"},
		doors: []float64{200, 268, 420},
		head:  "M46 198 L68 192 L70 202 L48 206 Z", tail: "M436 130 L444 130 L444 160 L436 160 Z",
		wheels: [2]float64{110, 386}, radius: 29, beltY: 172, mirrorX: 108,
	},
	"coupe": {
		body: carShape("M60 236 C50 234 50 218 56 210 L72 202", "C120 194 170 190 190 188 C216 170 240 158 262 156 L300 156 C334 160 372 178 396 190 L420 196 C430 198 432 210 430 236",
			60, 430, 236, [2]float64{122, 356}, 28),
		glass: []string{"M202 188 C222 172 242 163 262 162 L292 162 L292 190 Z", "M300 162 C326 166 350 178 366 190 L300 190 Z"},
		doors: []float64{296},
		head:  "M56 212 L78 206 L80 214 L58 218 Z", tail: "M422 198 L430 200 L430 212 L422 210 Z",
		wheels: [2]float64{122, 356}, radius: 28, beltY: 194, mirrorX: 196,
	},
	"convertible": {
		body: carShape("M60 236 C50 234 50 218 56 210 L72 202", "C120 196 170 192 196 190 L214 162 L220 162 L210 190 L400 192 L420 196 C430 198 432 210 430 236",
			60, 430, 236, [2]float64{122, 356}, 28),
		glass: []string{"M216 166 L219 166 L210 188 L206 188 Z"},
		doors: []float64{300},
		head:  "M56 212 L78 206 L80 214 L58 218 Z", tail: "M422 198 L430 200 L430 212 L422 210 Z",
		wheels: [2]float64{122, 356}, radius: 28, beltY: 198, mirrorX: 212,
	},
	"people-mover": {
		body: carShape("M54 234 C44 232 42 204 48 194 L64 186", "C92 180 118 176 136 172 C156 142 178 122 204 114 L410 110 C426 112 436 124 438 142 L442 234",
			54, 442, 234, [2]float64{118, 374}, 30),
		glass: []string{"M148 172 C166 148 184 132 206 122 L256 121 L256 170 Z", "M264 121 L336 120 L336 170 L264 170 Z", "M344 120 L406 119 C418 121 424 130 426 144 L426 170 L344 170 Z"},
		doors: []float64{260, 340},
		head:  "M48 196 L72 190 L74 200 L50 204 Z", tail: "M432 140 L440 142 L440 170 L432 168 Z",
		wheels: [2]float64{118, 374}, radius: 30, beltY: 176, mirrorX: 142,
	},
}

// backdrops are studio greys, varied by angle so a car's photos differ.
var backdrops = [...][2]string{
	{"#f1f5f9", "#e2e8f0"}, {"#f5f5f4", "#e7e5e4"}, {"#eef2f7", "#dde3ea"},
	{"#f4f4f5", "#e4e4e7"}, {"#f0f4f4", "#dfe6e6"}, {"#f6f5f3", "#e8e6e1"},
}

// shade mixes a #rrggbb colour toward black (f < 0) or white (f > 0).
func shade(hex string, f float64) string {
	var r, g, b int
	if _, err := fmt.Sscanf(hex, "#%02x%02x%02x", &r, &g, &b); err != nil {
		return hex
	}
	mix := func(c int) int {
		if f < 0 {
			return int(float64(c) * (1 + f))
		}
		return int(float64(c) + (255-float64(c))*f)
	}
	return fmt.Sprintf("#%02x%02x%02x", mix(r), mix(g), mix(b))
}

// CarSVG draws a body type in a base colour; angle 1-6 picks the backdrop,
// and even angles show the other side. ok is false for an unknown body or colour.
func CarSVG(bodySlug, base string, angle int) (svg string, ok bool) {
	s, ok1 := silhouettes[bodySlug]
	fill, ok2 := baseColours[base]
	if !ok1 || !ok2 {
		return "", false
	}
	if angle < 1 || angle > len(backdrops) {
		angle = 1
	}
	bg := backdrops[angle-1]
	flip := ""
	if angle%2 == 0 {
		flip = fmt.Sprintf(` transform="translate(%d 0) scale(-1 1)"`, artW)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d">`, artW, artH, artW*2, artH*2)
	fmt.Fprintf(&b, `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>`, bg[0], bg[1])
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="url(#bg)"/>`, artW, artH)
	fmt.Fprintf(&b, `<rect y="%d" width="%d" height="%d" fill="%s"/>`, groundY-lift, artW, artH-groundY+lift, shade(bg[1], -0.04))
	fmt.Fprintf(&b, `<g transform="translate(0 %d)"><g%s>`, -lift, flip)
	drawCar(&b, s, fill, "c")
	b.WriteString(`</g></g></svg>`)
	return b.String(), true
}

// drawCar draws a silhouette in a colour, with its shadow, in the 480 x 320
// frame; id prefixes its clip path and gradient so several cars can share
// one drawing.
func drawCar(b *strings.Builder, s silhouette, fill, id string) {
	fmt.Fprintf(b, `<defs><linearGradient id="%s-gl" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#334155"/><stop offset="0.55" stop-color="#1e293b"/><stop offset="1" stop-color="#0f172a"/></linearGradient>`, id)
	fmt.Fprintf(b, `<clipPath id="%s-body"><path d="%s"/></clipPath></defs>`, id, s.body)
	fmt.Fprintf(b, `<ellipse cx="%g" cy="%d" rx="%g" ry="7" fill="#0f172a" opacity="0.16"/>`, (s.wheels[0]+s.wheels[1])/2, groundY, (s.wheels[1]-s.wheels[0])/2+s.radius+36)
	// Body, a darker sill and a light shoulder, kept inside the outline.
	fmt.Fprintf(b, `<path d="%s" fill="%s"/>`, s.body, fill)
	fmt.Fprintf(b, `<g clip-path="url(#%s-body)"><rect x="0" y="%g" width="%d" height="80" fill="%s"/><rect x="0" y="%g" width="%d" height="3" fill="#ffffff" opacity="0.28"/></g>`,
		id, s.beltY+34, artW, shade(fill, -0.28), s.beltY-2, artW)
	fmt.Fprintf(b, `<path d="%s" fill="none" stroke="#0f172a" stroke-opacity="0.35" stroke-width="1.5" stroke-linejoin="round"/>`, s.body)
	for _, g := range s.glass {
		fmt.Fprintf(b, `<path d="%s" fill="url(#%s-gl)"/>`, g, id)
	}
	for _, x := range s.doors {
		fmt.Fprintf(b, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#0f172a" stroke-opacity="0.3" stroke-width="1.2"/>`, x, s.beltY-4, x-2, s.beltY+44)
		fmt.Fprintf(b, `<rect x="%g" y="%g" width="14" height="3" rx="1.5" fill="%s"/>`, x-22, s.beltY+8, shade(fill, -0.4))
	}
	fmt.Fprintf(b, `<path d="M%g %g l-10 -2 l-2 8 l10 2 Z" fill="%s"/>`, s.mirrorX, s.beltY-6, shade(fill, -0.2))
	fmt.Fprintf(b, `<path d="%s" fill="#fef9c3" stroke="#a16207" stroke-opacity="0.4"/><path d="%s" fill="#dc2626"/>`, s.head, s.tail)
	for _, x := range s.wheels {
		cy := float64(groundY) - s.radius
		fmt.Fprintf(b, `<circle cx="%g" cy="%g" r="%g" fill="#111827"/><circle cx="%g" cy="%g" r="%g" fill="#cbd5e1"/><circle cx="%g" cy="%g" r="%g" fill="none" stroke="#64748b" stroke-width="3" stroke-dasharray="4 5"/><circle cx="%g" cy="%g" r="4" fill="#475569"/>`,
			x, cy, s.radius, x, cy, s.radius*0.6, x, cy, s.radius*0.38, x, cy)
	}
}

// placeholderSVG is the image of a car without photos yet (spec 000 §2:
// placeholder images show a New Arrival panel).
const placeholderSVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 320" width="960" height="640">` +
	`<rect width="480" height="320" fill="#e5e7eb"/>` +
	`<path d="M130 190 L128 162 L146 148 L196 142 L226 118 L300 116 L330 140 L352 148 L354 190 Z" fill="none" stroke="#9ca3af" stroke-width="4" stroke-linejoin="round"/>` +
	`<circle cx="170" cy="190" r="16" fill="none" stroke="#9ca3af" stroke-width="4"/><circle cx="312" cy="190" r="16" fill="none" stroke="#9ca3af" stroke-width="4"/>` +
	`<text x="240" y="240" text-anchor="middle" font-family="system-ui, sans-serif" font-size="22" font-weight="600" fill="#4b5563">Photos coming soon</text></svg>`

// Images serves the demo car images (httpapi.MediaStore): the names
// demo/{body}/{colour}.svg (?angle=1-6) and demo/placeholder.svg, which the
// demo stock links to (ImagePath, PlaceholderPath), and the demo tenants'
// slides, demo/hero/{scene}.svg (HeroSVG). Only the dev gateway
// mounts it; the logos are the media package's.
type Images struct{}

// Media implements httpapi.MediaStore.
func (Images) Media(_ context.Context, name string, query url.Values) ([]byte, string, error) {
	if name == "demo/placeholder.svg" {
		return []byte(placeholderSVG), svgType, nil
	}
	if file, ok := strings.CutPrefix(name, "demo/hero/"); ok {
		if scene, isSVG := strings.CutSuffix(file, ".svg"); isSVG {
			svg, err := HeroSVG(scene, query)
			if err != nil {
				return nil, "", err
			}
			return []byte(svg), svgType, nil
		}
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

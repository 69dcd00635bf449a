package demo

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"forecourt/shared"
)

// Hero artwork: the demo tenants' home slides had no image (issue 32 item
// 8). HeroSVG draws a 1920 x 540 scene (the slider's default size) in a
// dealer's colours with cars on the road. The slider shows it with
// object-fit: cover from 1920 x 540 down to a phone's ~2:1 box, so the
// cars stand inside what every such box shows (heroSafe), at its right,
// on the road along the lower part; the slide's title sits at the upper
// left, over the sky, from 640 px (PromotionsSlider.css).
const (
	heroW, heroH = 1920, 540
	heroRoadY    = 470 // where the tyres meet the road
)

// heroSafe is the x range every slider box from 1920 x 540 to 2:1 shows.
var heroSafe = [2]float64{heroW/2 - heroH, heroW/2 + heroH}

// HeroScenes are the backdrops HeroSVG draws.
var HeroScenes = []string{"coast", "city", "hills"}

var hexColour = regexp.MustCompile(`^[0-9a-fA-F]{6}$`)

// heroCar is one car of a scene: a body slug and a base colour.
type heroCar struct{ body, colour string }

// HeroSVG draws a scene: primary and accent are the dealer's colours
// (six hex digits, no #), cars a comma-separated list of body-colour pairs
// ("suv-white,hatch-red", at most two). A bad parameter is an EINVALID
// error naming it.
func HeroSVG(scene string, q url.Values) (string, error) {
	known := false
	for _, s := range HeroScenes {
		known = known || s == scene
	}
	if !known {
		return "", shared.Errorf(shared.ENOTFOUND, "no hero scene %q", scene)
	}
	colour := func(name, def string) (string, error) {
		v := q.Get(name)
		if v == "" {
			return def, nil
		}
		if !hexColour.MatchString(v) {
			return "", shared.FieldError(name, "want six hex digits, got %q", v)
		}
		return "#" + strings.ToLower(v), nil
	}
	primary, err := colour("primary", "#1e3a5f")
	if err != nil {
		return "", err
	}
	accent, err := colour("accent", "#f59e0b")
	if err != nil {
		return "", err
	}
	var cars []heroCar
	for p := range strings.SplitSeq(q.Get("cars"), ",") {
		if p == "" {
			continue
		}
		i := strings.LastIndex(p, "-")
		if i < 0 {
			return "", shared.FieldError("cars", "want body-colour pairs, got %q", p)
		}
		c := heroCar{p[:i], p[i+1:]}
		if _, ok := silhouettes[c.body]; !ok {
			return "", shared.FieldError("cars", "unknown body %q", c.body)
		}
		if _, ok := baseColours[c.colour]; !ok {
			return "", shared.FieldError("cars", "unknown colour %q", c.colour)
		}
		cars = append(cars, c)
	}
	if len(cars) > 2 {
		return "", shared.FieldError("cars", "at most 2 cars, got %d", len(cars))
	}

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" preserveAspectRatio="xMidYMid slice">`, heroW, heroH, heroW, heroH)
	fmt.Fprintf(&b, `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="%s"/><stop offset="0.75" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>`,
		shade(primary, -0.35), primary, shade(primary, 0.45))
	fmt.Fprintf(&b, `<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="%s" stop-opacity="0.55"/><stop offset="1" stop-color="%s" stop-opacity="0"/></radialGradient></defs>`, accent, accent)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="url(#sky)"/>`, heroW, heroH)
	// The sun (the dealer's accent) behind the cars, with a soft glow.
	fmt.Fprintf(&b, `<circle cx="1180" cy="150" r="220" fill="url(#glow)"/><circle cx="1180" cy="150" r="70" fill="%s" opacity="0.9"/>`, accent)
	horizon := 360.0
	switch scene {
	case "coast":
		fmt.Fprintf(&b, `<path d="M0 300 C240 270 420 290 620 280 C780 272 900 300 1000 318 C1200 330 1500 300 1920 312 L1920 %g L0 %g Z" fill="%s" opacity="0.55"/>`, horizon, horizon, shade(primary, -0.45))
		fmt.Fprintf(&b, `<rect y="%g" width="%d" height="%g" fill="%s"/>`, horizon, heroW, heroRoadY-horizon, shade(primary, -0.2))
		for i := range 6 {
			y := horizon + 14 + float64(i)*16
			fmt.Fprintf(&b, `<path d="M%d %g q40 -8 80 0 t80 0 t80 0" fill="none" stroke="#ffffff" stroke-opacity="%.2f" stroke-width="3"/>`, 80+(i*331)%1700, y, 0.35-float64(i)*0.04)
		}
	case "city":
		x := 0.0
		for i := 0; x < heroW; i++ {
			w := 70 + float64((i*37)%60)
			h := 90 + float64((i*53)%170)
			fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="%s" opacity="0.75"/>`, x, horizon-h, w-8, h+heroRoadY-horizon, shade(primary, -0.3-float64(i%3)*0.08))
			for wy := horizon - h + 16; wy < horizon-10; wy += 22 {
				fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="6" fill="%s" opacity="0.35"/>`, x+10, wy, w-28, accent)
			}
			x += w
		}
	default: // hills
		fmt.Fprintf(&b, `<path d="M0 330 C300 250 560 300 820 270 C1100 240 1400 300 1920 260 L1920 %d L0 %d Z" fill="%s" opacity="0.8"/>`, heroRoadY, heroRoadY, shade(primary, -0.25))
		fmt.Fprintf(&b, `<path d="M0 390 C380 330 700 380 1060 350 C1400 325 1640 370 1920 340 L1920 %d L0 %d Z" fill="%s"/>`, heroRoadY, heroRoadY, shade(primary, -0.45))
	}
	// The road, its kerb and lane marks.
	fmt.Fprintf(&b, `<rect y="%d" width="%d" height="%d" fill="#1f2937"/><rect y="%d" width="%d" height="6" fill="#9ca3af"/>`, heroRoadY-8, heroW, heroH-heroRoadY+8, heroRoadY-8, heroW)
	for x := 40; x < heroW; x += 160 {
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="80" height="6" fill="#e5e7eb" opacity="0.8"/>`, x, heroRoadY+30)
	}
	// The cars, side by side at the right of the part every box shows,
	// below the title at the upper left, facing left. A silhouette
	// spans x 40-444 of its 480 frame.
	const scale, drawn, margin = 1.0, 404.0, 40.0
	right := heroSafe[1] - 12
	for i, c := range cars {
		x := right - (margin+drawn)*scale - float64(len(cars)-1-i)*(drawn*scale+60)
		fmt.Fprintf(&b, `<g transform="translate(%g %g) scale(%g)">`, x, heroRoadY-groundY*scale, scale)
		drawCar(&b, silhouettes[c.body], baseColours[c.colour], fmt.Sprintf("h%d", i))
		b.WriteString(`</g>`)
	}
	b.WriteString(`</svg>`)
	return b.String(), nil
}

package media

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"net/url"
	"os"
	"os/exec"
	"testing"

	"github.com/gen2brain/webp"
)

// scene is a deterministic w x h stand-in for a dealer's car photo (the
// repository holds no real one): a sky gradient, a textured ground, a car
// body with hard edges and highlights, and sensor noise, so that encoders
// meet smooth areas, edges and fine detail as in a photo rather than the
// flat colours a test pattern compresses to nothing.
func scene(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r := rand.New(rand.NewPCG(14, 640))
	// Value noise: a coarse random grid, bilinearly interpolated, a few octaves.
	const grid = 64
	var lattice [grid + 1][grid + 1]float64
	for i := range lattice {
		for j := range lattice[i] {
			lattice[i][j] = r.Float64()
		}
	}
	noise := func(x, y float64) float64 {
		v, amp, sum := 0.0, 1.0, 0.0
		for o := 0; o < 4; o++ {
			f := float64(int(1) << o)
			gx, gy := math.Mod(x*f, grid), math.Mod(y*f, grid)
			ix, iy := int(gx), int(gy)
			fx, fy := gx-float64(ix), gy-float64(iy)
			a := lattice[iy][ix]*(1-fx) + lattice[iy][ix+1]*fx
			b := lattice[iy+1][ix]*(1-fx) + lattice[iy+1][ix+1]*fx
			v += amp * (a*(1-fy) + b*fy)
			sum += amp
			amp /= 2
		}
		return v / sum
	}
	clamp := func(v float64) uint8 { return uint8(math.Max(0, math.Min(255, v))) }
	horizon := h * 55 / 100
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			nx, ny := float64(x)*16/float64(w), float64(y)*16/float64(h)
			n := noise(nx, ny)
			var c [3]float64
			if y < horizon { // sky with clouds
				t := float64(y) / float64(horizon)
				c = [3]float64{90 + 80*t + 60*n, 140 + 60*t + 60*n, 230 - 20*t + 25*n}
			} else { // asphalt: fine grain
				g := 70 + 60*noise(nx*8, ny*8)
				c = [3]float64{g, g, g + 5}
			}
			// The car: a rounded body across the middle, red with a
			// highlight band and dark windows.
			cx, cy := float64(x)/float64(w)-0.5, float64(y)/float64(h)-0.55
			if math.Abs(cx) < 0.33 && cy > -0.12 && cy < 0.12 && cx*cx/0.11+cy*cy/0.02 < 1.2 {
				shade := 0.6 + 0.4*math.Cos(cy*12)
				c = [3]float64{200 * shade, 20 * shade, 30 * shade}
				if cy < -0.04 && math.Abs(cx) < 0.2 {
					c = [3]float64{30 + 40*n, 40 + 40*n, 55 + 40*n}
				}
			}
			// Wheels.
			for _, wx := range []float64{-0.2, 0.2} {
				if d := math.Hypot(cx-wx, (cy-0.1)*float64(h)/float64(w)); d < 0.055 {
					c = [3]float64{20, 20, 22}
					if d < 0.03 {
						c = [3]float64{170, 170, 175}
					}
				}
			}
			for i := range c {
				c[i] += r.NormFloat64() * 4 // sensor noise
			}
			img.SetRGBA(x, y, color.RGBA{clamp(c[0]), clamp(c[1]), clamp(c[2]), 255})
		}
	}
	return img
}

func sceneJPEG(tb testing.TB) []byte {
	tb.Helper()
	var buf bytes.Buffer
	// A DMS's photo: 1600x1067 at quality 90.
	if err := jpeg.Encode(&buf, scene(1600, 1067), &jpeg.Options{Quality: 90}); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// Issue 14 "Images": ?f=webp gives a WebP of each served width, cropped to
// 3:2; a 640 px card photo is at most 60 KB, and smaller than the JPEG of
// the same size and quality.
func TestResizedWebP(t *testing.T) {
	src := sceneJPEG(t)
	store := Resized{Store: oneFile{src, "image/jpeg"}}
	for _, w := range Widths {
		body, ct, err := store.Media(context.Background(), "photos/x.jpg", url.Values{"w": {itoa(w)}, "f": {"webp"}})
		if err != nil || ct != "image/webp" {
			t.Fatalf("w=%d f=webp: %q, %v", w, ct, err)
		}
		img, err := webp.Decode(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("w=%d: not a WebP: %v", w, err)
		}
		want := image.Rect(0, 0, min(w, 1600), min(w, 1600)*2/3)
		if img.Bounds() != want {
			t.Errorf("w=%d: got %v, want %v", w, img.Bounds(), want)
		}
		if w != 640 {
			continue
		}
		jpg, _, err := store.Media(context.Background(), "photos/x.jpg", url.Values{"w": {"640"}})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("640 px card: WebP %d bytes, JPEG %d bytes (quality %d)", len(body), len(jpg), DefaultQuality)
		if len(body) > 60_000 {
			t.Errorf("640 px card WebP: %d bytes, want <= 60 KB", len(body))
		}
		if len(body) >= len(jpg) {
			t.Errorf("640 px card WebP %d bytes is not smaller than the JPEG's %d", len(body), len(jpg))
		}
	}
	if body, ct, err := store.Media(context.Background(), "photos/x.jpg", url.Values{"w": {"640"}, "f": {"jpeg"}}); err != nil || ct != "image/jpeg" {
		t.Errorf("f=jpeg: %q %v (%d bytes)", ct, err, len(body))
	}
}

// BenchmarkCardEncode encodes the 640 px card of one photo as JPEG (the
// baseline) and as WebP at the default quality, from the decoded, cropped,
// scaled image, and reports each one's bytes. Run with -tags nodynamic to
// measure the WebAssembly encoder the Lambda runs (a machine with
// libwebp.so may otherwise use it). The WebP module's compilation (the
// Lambda's cold cost) is BenchmarkFirstEncode's.
func BenchmarkCardEncode(b *testing.B) {
	card := card(b)
	webp.Init()
	for _, f := range []string{FormatJPEG, FormatWebP} {
		b.Run(f, func(b *testing.B) {
			var n int
			for b.Loop() {
				var buf bytes.Buffer
				if _, err := encode(&buf, card, f, DefaultQuality); err != nil {
					b.Fatal(err)
				}
				n = buf.Len()
			}
			b.ReportMetric(float64(n), "bytes")
		})
	}
}

// card is the 640 px card of the scene, as Resize makes it.
func card(tb testing.TB) *image.RGBA {
	tb.Helper()
	src, _, err := image.Decode(bytes.NewReader(sceneJPEG(tb)))
	if err != nil {
		tb.Fatal(err)
	}
	c := image.NewRGBA(image.Rect(0, 0, 640, 426))
	scaleArea(c, src, cropToAspect(src.Bounds()))
	return c
}

// BenchmarkResizeCard is a /media request for the 640 px card in each
// format: decode, crop, scale, encode (with the WebP module compiled on the
// first WebP encode of the process). BenchmarkFirstEncode runs it once in
// a fresh process per format.
func BenchmarkResizeCard(b *testing.B) {
	src := sceneJPEG(b)
	for _, f := range []string{FormatJPEG, FormatWebP} {
		b.Run(f, func(b *testing.B) {
			for b.Loop() {
				if _, _, err := Resize(src, Size{Width: 640, Quality: DefaultQuality, Format: f}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFirstEncode measures a fresh process's first card encode, WebP
// (which compiles the WebAssembly module first: the Lambda's cold cost)
// beside JPEG (the baseline), each in a child process that also decodes
// and scales the photo. Run with -tags nodynamic, as BenchmarkCardEncode.
func BenchmarkFirstEncode(b *testing.B) {
	for _, f := range []string{FormatJPEG, FormatWebP} {
		b.Run(f, func(b *testing.B) {
			for b.Loop() {
				cmd := exec.Command(os.Args[0], "-test.run=^$", "-test.bench=^BenchmarkResizeCard$/^"+f+"$", "-test.benchtime=1x")
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("%v: %s", err, out)
				}
			}
		})
	}
}

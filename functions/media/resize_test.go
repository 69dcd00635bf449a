package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/url"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"forecourt/shared"
)

type oneFile struct {
	body        []byte
	contentType string
}

func (f oneFile) Media(context.Context, string, url.Values) ([]byte, string, error) {
	return f.body, f.contentType, nil
}

// photo is a w x h PNG: red left half, blue right half.
func photo(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{255, 0, 0, 255}
			if x >= w/2 {
				c = color.RGBA{0, 0, 255, 255}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Issue 14 "Images": ?w= from the fixed set gives a JPEG that wide,
// cropped to the card's 3:2; a width outside the set or a bad ?q= is a
// field error; without ?w= and for SVG the file is served as it is.
func TestResized(t *testing.T) {
	src := photo(t, 2000, 2000) // square: the crop trims top and bottom
	store := Resized{Store: oneFile{src, "image/png"}}
	for _, w := range Widths {
		body, ct, err := store.Media(context.Background(), "cars/x/1.png", url.Values{"w": {itoa(w)}})
		if err != nil {
			t.Fatalf("w=%d: %v", w, err)
		}
		img, err := jpeg.Decode(bytes.NewReader(body))
		if err != nil || ct != "image/jpeg" {
			t.Fatalf("w=%d: %q not a JPEG: %v", w, ct, err)
		}
		if b := img.Bounds(); b.Dx() != w || b.Dy() != w*2/3 {
			t.Errorf("w=%d: got %dx%d, want %dx%d", w, b.Dx(), b.Dy(), w, w*2/3)
		}
	}
	for _, q := range []url.Values{{"w": {"500"}}, {"w": {"abc"}}, {"w": {"640"}, "q": {"0"}}, {"w": {"640"}, "q": {"101"}}, {"w": {"640"}, "f": {"avif"}}} {
		if _, _, err := store.Media(context.Background(), "cars/x/1.png", q); shared.ErrorCode(err) != shared.EINVALID {
			t.Errorf("%v: got %v, want a field error", q, err)
		}
	}
	if body, ct, _ := store.Media(context.Background(), "cars/x/1.png", url.Values{}); ct != "image/png" || !bytes.Equal(body, src) {
		t.Error("without ?w= the original should be served")
	}
	svg := Resized{Store: oneFile{[]byte("<svg/>"), svgType}}
	if body, ct, err := svg.Media(context.Background(), "logos/a.svg", url.Values{"w": {"640"}}); err != nil || ct != svgType || string(body) != "<svg/>" {
		t.Errorf("svg: got %q %q %v", body, ct, err)
	}
}

// Issue 31 (HIGH, media): a resized photo comes at the widths and the one
// quality the pages ask for (the srcset sends ?w= and ?f=webp, never ?q=),
// so each photo has a handful of renderings, not one per quality. Any ?q=,
// the default's too, and a ?q= or ?f= without ?w=, is a 400 on its field,
// refused before the store is read.
func TestResizedRefusesWhatNoPageAsks(t *testing.T) {
	for _, tt := range []struct {
		name      string
		query     url.Values
		wantField string
	}{
		{"a quality", url.Values{"w": {"640"}, "q": {"70"}}, "q"},
		{"the default quality by name", url.Values{"w": {"640"}, "q": {itoa(DefaultQuality)}}, "q"},
		{"an empty quality", url.Values{"w": {"640"}, "q": {""}}, "q"},
		{"a quality without a width", url.Values{"q": {"70"}}, "w"},
		{"a format without a width", url.Values{"f": {"webp"}}, "w"},
		{"a width off the list", url.Values{"w": {"641"}}, "w"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			store := &countingFile{oneFile: oneFile{photo(t, 40, 30), "image/png"}}
			_, _, err := Resized{Store: store}.Media(context.Background(), "cars/x/1.png", tt.query)
			var e *shared.Error
			if !errors.As(err, &e) || e.Code != shared.EINVALID || e.Field != tt.wantField {
				t.Fatalf("got %v, want a field error on %s", err, tt.wantField)
			}
			if e.Message == "" {
				t.Error("the error gives no reason")
			}
			if store.reads != 0 {
				t.Errorf("%d store reads, want none before the size is valid", store.reads)
			}
		})
	}
	for _, w := range Widths {
		for _, f := range []string{"", FormatJPEG, FormatWebP} {
			q := url.Values{"w": {itoa(w)}}
			if f != "" {
				q.Set("f", f)
			}
			if _, err := ParseSize(q); err != nil {
				t.Errorf("%v: %v, want served", q, err)
			}
		}
	}
}

// countingFile is oneFile counting its reads.
type countingFile struct {
	oneFile
	reads int
}

func (f *countingFile) Media(ctx context.Context, name string, q url.Values) ([]byte, string, error) {
	f.reads++
	return f.oneFile.Media(ctx, name, q)
}

// A wide photo is cropped at the sides around its centre, a small one is
// never scaled up, and a 640 px card photo stays under the 60 KB.
func TestResizeCropAndSize(t *testing.T) {
	out, _, err := Resize(photo(t, 3000, 1000), Size{Width: 640, Quality: DefaultQuality})
	if err != nil {
		t.Fatal(err)
	}
	img, _ := jpeg.Decode(bytes.NewReader(out))
	if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 426 {
		t.Fatalf("got %v", b)
	}
	if r, _, bl, _ := img.At(10, 200).RGBA(); r < bl {
		t.Error("left edge should still be red (centred crop)")
	}
	if r, _, bl, _ := img.At(630, 200).RGBA(); bl < r {
		t.Error("right edge should still be blue (centred crop)")
	}
	if len(out) > 60_000 {
		t.Errorf("640 px card: %d bytes, want <= 60 KB", len(out))
	}
	small, _, _ := Resize(photo(t, 300, 200), Size{Width: 1920, Quality: DefaultQuality})
	if img, _ := jpeg.Decode(bytes.NewReader(small)); img.Bounds().Dx() != 300 {
		t.Errorf("small photo scaled to %v", img.Bounds())
	}
	if _, _, err := Resize([]byte("not an image"), Size{Width: 640, Quality: 75}); err == nil {
		t.Error("a non-image decoded")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// The served widths are the web's srcset widths (shared vector
// image_widths.json; web/src/lib/photoSrcSet.test.ts reads it too).
func TestWidthVectors(t *testing.T) {
	raw, err := os.ReadFile("../../shared/testdata/vectors/image_widths.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name  string
		Input struct{ W string }
		Want  struct{ Served bool }
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		_, err := ParseSize(url.Values{"w": {c.Input.W}})
		if got := err == nil; got != c.Want.Served {
			t.Errorf("%s: served %v, want %v", c.Name, got, c.Want.Served)
		}
	}
}

// hugePNG is a PNG whose header says w x h but whose body is a few bytes:
// a decoder that trusts the header allocates w*h*4 bytes before it
// finds the pixels missing.
func hugePNG(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		crc := crc32.NewIEEE()
		crc.Write([]byte(typ))
		crc.Write(data)
		b.WriteString(typ)
		b.Write(data)
		binary.Write(&b, binary.BigEndian, crc.Sum32())
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	chunk("IHDR", ihdr)
	chunk("IDAT", []byte{0x78, 0x9c, 0x62, 0x00})
	chunk("IEND", nil)
	return b.Bytes()
}

// Issue 31 (MEDIUM, pixel limit): a photo whose header says more than
// MaxPixels is refused from its header, before its pixels are allocated
// (a 60000x60000 PNG of a few dozen bytes would take 14 GB), with an error
// naming its size; a photo within the limit decodes.
func TestDecodeRefusesTooManyPixels(t *testing.T) {
	for _, tt := range []struct {
		name    string
		src     []byte
		refused bool
	}{
		{"60000x60000 in a tiny file", hugePNG(60000, 60000), true},
		{"just over the limit", hugePNG(8000, 5001), true},
		{"a photo", photo(t, 300, 200), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, _, err := Resize(tt.src, Size{Width: 640, Quality: DefaultQuality, Format: FormatJPEG})
			runtime.ReadMemStats(&after)
			if !tt.refused {
				if err != nil {
					t.Fatalf("got %v, want it resized", err)
				}
				return
			}
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
				t.Errorf("allocated %d MB refusing it, want the header read only", grew>>20)
			}
			if !errors.Is(err, ErrTooManyPixels) || !strings.Contains(err.Error(), "megapixels") {
				t.Errorf("got %v, want ErrTooManyPixels naming the size", err)
			}
		})
	}
}

package brochure

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"testing"
	"time"

	"forecourt/functions/media"
	"forecourt/shared"
)

var testNow = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

func testInput(t *testing.T, mut func(*shared.Car, *shared.Site)) Input {
	t.Helper()
	s := shared.DefaultSite()
	s.Name = "Riverside Toyota"
	s.Dealerships = []shared.Dealership{{Slug: "riverside", Name: "Riverside Toyota Used"}}
	s.Finance.Provider = "Taurus"
	c := shared.Car{ID: "c-1", Slug: "2023-toyota-rav4-gx", Year: 2023, Make: "Toyota", Model: "RAV4", Badge: "GX",
		CarType: shared.CarTypeUsed, Status: shared.StatusInStock, Price: 38990, BeforePrice: 40990, PriceType: "Drive Away",
		KM: 23450, SimpleBody: "SUV", SimpleTransmission: "Automatic", SimpleFuel: "Hybrid", Colour: "Crystal Pearl",
		StockNum: "RT123", VIN: "JTMW1RFV10D012345", DealershipSlug: "riverside",
		StandardEquipment: []string{"Adaptive cruise control", "Reversing camera", "Apple CarPlay"},
		Location:          &shared.CarLocation{Name: "Riverside Toyota Used", Phone: "07 5550 3000", Address: &shared.Address{Street: "12 River Rd", City: "Toowong", State: "QLD", Postcode: "4066"}},
		FinanceLenders:    map[string]shared.FinanceLender{"Taurus": {InterestRate: ptr(7.49), ComparisonRate: ptr(8.214), TermMonths: 60, Disclaimer: "Taurus finance is subject to credit approval."}},
	}
	if mut != nil {
		mut(&c, &s)
	}
	return Input{Car: c, View: shared.ViewCar(c, s, testNow), Site: s, PageURL: "https://riverside.example/cars/" + c.Slug,
		ProviderDisclaimer: shared.FinanceDisclaimer(c, s), Now: testNow}
}

func ptr[T any](v T) *T { return &v }

// pdfText extracts the brochure's text as a reader's tool would
// (pdftotext, Debian's poppler-utils, installed by scripts/deps.sh).
func pdfText(t *testing.T, pdf []byte) (string, int) {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext is missing: install poppler-utils (scripts/deps.sh does)")
	}
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out), strings.Count(string(out), "\f")
}

// Issue 10 "Vehicle PDF": the brochure shows the title, price display,
// finance estimate with its disclaimers, key details, features, contact and
// page URL, on one or two pages.
func TestBrochureText(t *testing.T) {
	in := testInput(t, nil)
	pdf, err := Bytes(in)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", pdf[:8])
	}
	text, pages := pdfText(t, pdf)
	flat := strings.Join(strings.Fields(text), " ")
	weekly := in.View.Finance.AmountText
	for _, want := range []string{
		"Riverside Toyota", "2023 Toyota RAV4", "GX",
		"$38,990", "Drive Away", "was $40,990",
		weekly + " per week*", "7.49% p.a.", "comparison rate 8.21% p.a.", "over 5 years", "$3,899 deposit (10%)",
		"Offer valid until 23 December 2026.",
		"Comparison rate is based on a 5-year secured loan of $30,000.", "Repayments are indicative only",
		"Taurus finance is subject to credit approval.",
		"Kilometres", "23,450 km", "SUV", "Hybrid", "RT123", "JTMW1RFV10D012345",
		"Adaptive cruise control", "Apple CarPlay",
		"12 River Rd, Toowong QLD 4066", "Phone: 07 5550 3000",
		"https://riverside.example/cars/2023-toyota-rav4-gx",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("brochure text lacks %q:\n%s", want, text)
		}
	}
	if pages < 1 || pages > MaxPages {
		t.Errorf("%d pages, want 1 to %d", pages, MaxPages)
	}
}

func TestBrochureWithoutFinanceAndSold(t *testing.T) {
	in := testInput(t, func(c *shared.Car, _ *shared.Site) { c.Make, c.Sold, c.Status = "Suzuki", true, shared.StatusSold })
	pdf, err := Bytes(in)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := pdfText(t, pdf)
	flat := strings.Join(strings.Fields(text), " ")
	if strings.Contains(flat, "per week") || strings.Contains(flat, "Finance estimate") {
		t.Errorf("spec 001 §5: a Suzuki shows no estimate:\n%s", text)
	}
	if !strings.Contains(flat, "Unfortunately this vehicle recently sold.") {
		t.Errorf("a sold car's brochure lacks the sold notice:\n%s", text)
	}
}

// A long feature list stays within two pages.
func TestBrochureAtMostTwoPages(t *testing.T) {
	in := testInput(t, func(c *shared.Car, _ *shared.Site) {
		c.StandardEquipment = nil
		for i := range 200 {
			c.StandardEquipment = append(c.StandardEquipment, strings.Repeat("Feature ", 3)+string(rune('A'+i%26)))
		}
	})
	pdf, err := Bytes(in)
	if err != nil {
		t.Fatal(err)
	}
	text, pages := pdfText(t, pdf)
	if pages > MaxPages || !strings.Contains(text, "and 164 more on the car's page") {
		t.Errorf("%d pages, text:\n%s", pages, text)
	}
}

func testPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 64, 40))
	for x := range 64 {
		for y := range 40 {
			img.Set(x, y, color.RGBA{R: uint8(x * 4), G: 90, B: 160, A: 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The photo is fetched and embedded; an SVG (the demo stock's) is refused
// and the brochure is drawn without it.
func TestPhotos(t *testing.T) {
	pngData := testPNG(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/car.png":
			_, _ = w.Write(pngData)
		case "/car.svg":
			w.Header().Set("Content-Type", "image/svg+xml")
			_, _ = w.Write([]byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	// The real fetcher refuses the loopback test server
	// (TestWebPhotosRefuseInternalAddresses); this one stands in for a
	// public host.
	photos := WebPhotos{Fetcher: plainFetcher{}}
	ctx := context.Background()
	ph, err := photos.LoadPhoto(ctx, srv.URL+"/car.png")
	if err != nil || ph == nil {
		t.Fatalf("png: %+v, %v", ph, err)
	}
	in := testInput(t, nil)
	in.Photo = ph
	with, err := Bytes(in)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(with, []byte("/Subtype /Image")) {
		t.Error("brochure has no embedded image")
	}
	if _, err := photos.LoadPhoto(ctx, srv.URL+"/car.svg"); err == nil {
		t.Error("svg: got a photo, want an error")
	}
	if _, err := photos.LoadPhoto(ctx, "/media/demo/suv/white.svg"); shared.ErrorCode(err) != shared.EINVALID {
		t.Errorf("relative URL: got %v, want an invalid error", err)
	}
	if _, err := photos.LoadPhoto(ctx, srv.URL+"/missing.jpg"); err == nil {
		t.Error("404: got no error")
	}
}

func TestDetailRowsOmitEmpty(t *testing.T) {
	rows := DetailRows(shared.Car{CarType: shared.CarTypeNew, Year: 2025, Colour: "null", Drive: " "})
	for _, r := range rows {
		if r[0] == "Colour" || r[0] == "Drive" || r[0] == "Kilometres" {
			t.Errorf("row %v, want empty and null values left out (spec 001 §5)", r)
		}
	}
}

func BenchmarkBrochure(b *testing.B) {
	t := &testing.T{}
	in := testInput(t, nil)
	for b.Loop() {
		if _, err := Bytes(in); err != nil {
			b.Fatal(err)
		}
	}
}

// Issue 31 (MEDIUM, SSRF): a feed-supplied photo URL is fetched through
// the photo mirror's guarded fetcher (media.Fetcher): an address on the
// machine, the private network or the cloud's metadata service is refused
// at dial time, before any request is sent.
func TestWebPhotosRefuseInternalAddresses(t *testing.T) {
	pngData := testPNG(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write(pngData)
	}))
	defer srv.Close()
	for _, raw := range []string{
		srv.URL + "/car.png", // 127.0.0.1
		"http://169.254.169.254/latest/meta-data/",
		"http://10.0.0.8/car.png",
		"http://[::1]:1/car.png",
	} {
		photos := WebPhotos{Fetcher: media.NewFetcher(media.FetchLimits{Timeout: PhotoTimeout, MaxBytes: PhotoMaxBytes})}
		if _, err := photos.LoadPhoto(context.Background(), raw); !errors.Is(err, media.ErrBlocked) {
			t.Errorf("%s: got %v, want refused by the fetch guard", raw, err)
		}
	}
}

// withSize is a PNG whose header claims w x h, its body unchanged.
func withSize(src []byte, w, h uint32) []byte {
	out := bytes.Clone(src)
	binary.BigEndian.PutUint32(out[16:], w)
	binary.BigEndian.PutUint32(out[20:], h)
	binary.BigEndian.PutUint32(out[29:], crc32.ChecksumIEEE(out[12:29]))
	return out
}

// Issue 31 (MEDIUM, decode limits): the brochure hands fpdf only images it
// encoded itself: a photo is decoded within media.MaxPixels and embedded as
// the JPEG re-encoded from it; a truncated PNG or one whose header claims
// 60000x60000 is refused by PhotoOf, so the brochure is drawn without it.
func TestPhotoOfReencodes(t *testing.T) {
	good := testPNG(t)
	ph, err := PhotoOf(good)
	if err != nil {
		t.Fatalf("a PNG: %v", err)
	}
	in := testInput(t, nil)
	in.Photo = ph
	pdf, err := Bytes(in)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(pdf, []byte("/Subtype /Image")) || !bytes.Contains(pdf, []byte("/DCTDecode")) {
		t.Error("the photo is not embedded as a JPEG")
	}
	for _, tt := range []struct {
		name string
		src  []byte
		want error
	}{
		{"truncated after its header", good[:20], nil},
		{"60000x60000 claimed by a tiny file", withSize(good, 60000, 60000), media.ErrTooManyPixels},
		{"not an image", []byte("<svg/>"), nil},
	} {
		ph, err := PhotoOf(tt.src)
		if err == nil || tt.want != nil && !errors.Is(err, tt.want) {
			t.Errorf("%s: got %v, %v; want refused (%v)", tt.name, ph, err, tt.want)
		}
	}
}

// plainFetcher fetches with no address guard: the tests' stand-in for a
// public photo host on the loopback test server.
type plainFetcher struct{}

func (plainFetcher) Fetch(ctx context.Context, raw string) ([]byte, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, raw, nil)
	if err != nil {
		return nil, "", err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, "", fmt.Errorf("status %d", res.StatusCode)
	}
	body, err := io.ReadAll(res.Body)
	return body, http.DetectContentType(body), err
}

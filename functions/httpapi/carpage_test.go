package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"

	"forecourt/functions/brochure"
	"forecourt/shared"
)

// FindCar lets the fake store serve lookups by dealership and id.
func (f fakeCars) FindCar(_ context.Context, dealership, id string) (shared.Car, error) {
	for _, c := range f {
		if c.DealershipSlug == dealership && c.ID == id {
			return c, nil
		}
	}
	return shared.Car{}, shared.Errorf(shared.ENOTFOUND, "car %q not found", id)
}

type fakePhotos struct {
	got  *string
	fail bool
}

func (p fakePhotos) LoadPhoto(_ context.Context, url string) (*brochure.Photo, error) {
	*p.got = url
	if p.fail {
		return nil, shared.Errorf(shared.EINVALID, "not an image")
	}
	return nil, nil
}

func carPageAPI(t *testing.T, photos PhotoLoader) http.Handler {
	t.Helper()
	rate, cmp := 7.95, 8.4
	lenders := map[string]shared.FinanceLender{"Angle": {InterestRate: &rate, ComparisonRate: &cmp, PaymentWeek: ptrF(131.6), Disclaimer: "Angle Finance: approved applicants only."}}
	sites := fakeSites{
		"coastal": {Slug: "coastal", Name: "Coastal Motor Group", Domains: []string{"coastal.example"}, Dealerships: []shared.Dealership{{Slug: "coastal-kia", Name: "Coastal Kia"}},
			Finance: shared.FinanceConfig{Provider: "Angle", InterestRate: 8.5, TermYears: 5, FinePrint: shared.DefaultFinePrint, IndicativeDisclaimer: shared.DefaultIndicativeDisclaimer}},
		"north": {Slug: "north", Name: "Northside", Dealerships: []shared.Dealership{{Slug: "north-used", Name: "Northside Used"}},
			Finance: shared.FinanceConfig{Provider: "Taurus", Disclaimer: "Northside finance terms apply."}},
	}
	cars := fakeCars{}
	for _, c := range []shared.Car{
		{ID: "id-kia", Slug: "2024-kia-sportage", Year: 2024, Make: "Kia", Model: "Sportage", DealershipSlug: "coastal-kia", CarType: shared.CarTypeUsed,
			Status: shared.StatusInStock, Price: 35990, ShowOnDealerWebsite: true, FinanceLenders: lenders, PrimaryImageURL: "https://img.example/kia.jpg"},
		{ID: "id-plain", Slug: "2019-kia-rio", Year: 2019, Make: "Kia", Model: "Rio", DealershipSlug: "coastal-kia", CarType: shared.CarTypeUsed,
			Status: shared.StatusInStock, Price: 14990, ShowOnDealerWebsite: true},
		{ID: "id-north", Slug: "2018-mazda-3", Year: 2018, Make: "Mazda", Model: "3", DealershipSlug: "north-used", CarType: shared.CarTypeUsed,
			Status: shared.StatusInStock, Price: 17990, ShowOnDealerWebsite: true},
	} {
		cars[c.Slug] = c
	}
	h, err := newAPIHandler(APIConfig{Sites: sites, Cars: cars, CarsByID: cars, Photos: photos, Keys: fakeKeys{}, OriginSecret: testSecret,
		Now: func() time.Time { return testNow }})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func ptrF(v float64) *float64 { return &v }

// GET /api/cars/{id}/finance-disclaimer (spec 001 §7): the site's provider
// disclaimer for the car, tenant-scoped, cacheable.
func TestFinanceDisclaimer(t *testing.T) {
	h := carPageAPI(t, nil)
	tests := []struct {
		name, id, site string
		status         int
		want           string
	}{
		{"the provider's lender disclaimer", "id-kia", "coastal", 200, "Angle Finance: approved applicants only."},
		{"the site's disclaimer when the car has none", "id-north", "north", 200, "Northside finance terms apply."},
		{"no disclaimer at all: 404", "id-plain", "coastal", 404, ""},
		{"another site's car: 404", "id-north", "coastal", 404, ""},
		{"unknown car: 404", "nope", "coastal", 404, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := get(h, "/api/cars/"+tt.id+"/finance-disclaimer", tt.site, testSecret)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			if tt.status != 200 {
				if errorCode(t, rec) != shared.ENOTFOUND || rec.Header().Get("Cache-Control") != errorCacheControl {
					t.Errorf("error %s, cache %q", rec.Body, rec.Header().Get("Cache-Control"))
				}
				return
			}
			var body FinanceDisclaimerResponse
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Disclaimer != tt.want || body.CarID != tt.id {
				t.Errorf("body %s, want disclaimer %q (%v)", rec.Body, tt.want, err)
			}
			if got := rec.Header().Get("Cache-Control"); got != "public, max-age=300" {
				t.Errorf("Cache-Control %q, want public, max-age=300", got)
			}
		})
	}
}

// GET /api/cars/{id}?by=id finds a car by its id for the personalised
// finance page (spec 001 §2 /personalised/finance?car_id=), tenant-scoped.
func TestCarByID(t *testing.T) {
	h := carPageAPI(t, nil)
	tests := []struct {
		name, path, site string
		status           int
		wantSlug         string
	}{
		{"the site's car by id", "/api/cars/id-kia?by=id", "coastal", 200, "2024-kia-sportage"},
		{"another site's car by id: 404", "/api/cars/id-north?by=id", "coastal", 404, ""},
		{"unknown id: 404", "/api/cars/nope?by=id", "coastal", 404, ""},
		{"an id without by=id is read as a slug: 404", "/api/cars/id-kia", "coastal", 404, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := get(h, tt.path, tt.site, testSecret)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			if tt.status != 200 {
				return
			}
			var body CarResponse
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Car.Slug != tt.wantSlug {
				t.Errorf("body %s, want car %s (%v)", rec.Body, tt.wantSlug, err)
			}
		})
	}
}

// GET /api/cars/{slug} carries the view's finance block with the lazy
// disclaimer path, and its action buttons.
func TestCarViewFinanceAndActions(t *testing.T) {
	h := carPageAPI(t, nil)
	rec := get(h, "/api/cars/2024-kia-sportage", "coastal", testSecret)
	var body CarResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	f := body.View.Finance
	if f == nil || f.Amount != 132 || f.AmountText != "$132" || f.DisclaimerPath != "/api/cars/id-kia/finance-disclaimer" {
		t.Fatalf("finance %+v, want $132 a week with the disclaimer path", f)
	}
	if got := rec.Body.String(); !strings.Contains(got, `"actions":[{"kind":"enquiry"`) {
		t.Errorf("actions missing from %s", got)
	}
}

// GET /api/cars/{slug}/pdf (spec 001 §7): a PDF download named {slug}.pdf
// that names the car; 404 for another site's car.
func TestCarPDF(t *testing.T) {
	var fetched string
	h := carPageAPI(t, fakePhotos{got: &fetched, fail: true})
	rec := get(h, "/api/cars/2024-kia-sportage/pdf", "coastal", testSecret)
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	if got := rec.Header().Get("Content-Type"); got != "application/pdf" {
		t.Errorf("Content-Type %q", got)
	}
	if got := rec.Header().Get("Content-Disposition"); got != `attachment; filename="2024-kia-sportage.pdf"` {
		t.Errorf("Content-Disposition %q", got)
	}
	if fetched != "https://img.example/kia.jpg" {
		t.Errorf("photo fetched %q, want the primary image", fetched)
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext is missing: install poppler-utils (scripts/deps.sh does)")
	}
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = rec.Body
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(out)), " ")
	for _, want := range []string{"2024 Kia Sportage", "$35,990", "$132 per week*", "Angle Finance: approved applicants only.", "https://coastal.example/cars/2024-kia-sportage"} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF text lacks %q:\n%s", want, text)
		}
	}
	if rec := get(h, "/api/cars/2018-mazda-3/pdf", "coastal", testSecret); rec.Code != 404 {
		t.Errorf("another site's car: status %d, want 404", rec.Code)
	}
}

// photoBytes loads every photo as the given bytes, typed by brochure.PhotoOf
// as the stored and web loaders type them.
type photoBytes []byte

func (p photoBytes) LoadPhoto(context.Context, string) (*brochure.Photo, error) {
	return brochure.PhotoOf(p)
}

// Issue 31 (MEDIUM): a truncated PNG (a valid signature and header, then
// nothing) does not take the api down: the brochure is drawn without the
// photo. fpdf parses PNGs from their header and panicked on the short body.
func TestCarPDFWithTruncatedPhoto(t *testing.T) {
	var full bytes.Buffer
	if err := png.Encode(&full, image.NewRGBA(image.Rect(0, 0, 64, 48))); err != nil {
		t.Fatal(err)
	}
	h := carPageAPI(t, photoBytes(full.Bytes()[:20]))
	rec := get(h, "/api/cars/2024-kia-sportage/pdf", "coastal", testSecret)
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/pdf" {
		t.Fatalf("got %d %q, want the brochure", rec.Code, rec.Header().Get("Content-Type"))
	}
	if bytes.Contains(rec.Body.Bytes(), []byte("/Subtype /Image")) {
		t.Error("the brochure embeds the truncated photo")
	}
}

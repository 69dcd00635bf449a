package httpapi

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"forecourt/functions/sitemaps"
	"forecourt/functions/syndication"
	"forecourt/functions/syndication/publish"
	"forecourt/shared"
)

type storedCars []shared.StoredCar

func (s storedCars) StoredCars(context.Context, string) ([]shared.StoredCar, error) { return s, nil }

// Issue 37: a feed URL serves its file on the dealer's site, noindex; a
// wrong token, another site or a format the site does not publish is 404.
func TestFeedFileRoute(t *testing.T) {
	ctx := context.Background()
	site := shared.Site{Slug: "northside", Name: "Northside", Domains: []string{"www.northside.example"},
		Dealerships: []shared.Dealership{{Slug: "northside-used", Name: "Northside Used"}},
		Address:     shared.Address{Street: "1 Main St", City: "Chermside", State: "QLD", Postcode: "4032"}}
	site.Syndication = &shared.SyndicationConfig{Google: shared.FeedFormatConfig{Enabled: true}, Meta: shared.FeedFormatConfig{Enabled: true}}
	other := shared.Site{Slug: "other", Name: "Other", Dealerships: []shared.Dealership{{Slug: "other-cars"}}}
	car := shared.StoredCar{Car: shared.Car{ID: "c1", Slug: "car-c1", Year: 2021, Make: "Toyota", Model: "Corolla",
		CarType: shared.CarTypeUsed, Status: shared.StatusInStock, Price: 24990, VIN: "JTDBR32E720123456", KM: 100,
		SimpleBody: shared.BodyHatch, PrimaryImageURL: "https://img.example/1.jpg", DealershipSlug: "northside-used", ShowOnDealerWebsite: true}}
	pub := &publish.Publisher{Cars: storedCars{car}, Objects: &sitemaps.DirObjects{Dir: t.TempDir()}}
	if _, err := pub.RefreshFeeds(ctx, "northside-used", []shared.Site{site}); err != nil {
		t.Fatal(err)
	}
	urls, err := pub.URLs(ctx, site, "", "northside-used")
	if err != nil {
		t.Fatal(err)
	}
	h, err := newAPIHandler(APIConfig{Sites: fakeSites{"northside": site, "other": other}, Cars: fakeCars{}, Keys: fakeKeys{},
		OriginSecret: testSecret, Feeds: pub, Now: func() time.Time { return testNow }})
	if err != nil {
		t.Fatal(err)
	}
	google, meta := urls[syndication.Google], urls[syndication.Meta]
	tokenM := strings.Split(meta, "/")[4]
	tests := []struct {
		name, path, site string
		status           int
		contentType      string
	}{
		{"google", google, "northside", http.StatusOK, "text/tab-separated-values; charset=utf-8"},
		{"meta", meta, "northside", http.StatusOK, "text/csv; charset=utf-8"},
		{"wrong token", strings.Replace(google, strings.Split(google, "/")[4], strings.Repeat("f", 32), 1), "northside", http.StatusNotFound, ""},
		{"meta's token on google's file", strings.Replace(google, strings.Split(google, "/")[4], tokenM, 1), "northside", http.StatusNotFound, ""},
		{"tiktok, not published", strings.Replace(meta, "meta.csv", "tiktok.csv", 1), "northside", http.StatusNotFound, ""},
		{"the same URL on another site", google, "other", http.StatusNotFound, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := get(h, tt.path, tt.site, testSecret)
			if rec.Code != tt.status {
				t.Fatalf("%s: status %d, want %d: %s", tt.path, rec.Code, tt.status, rec.Body)
			}
			if got := rec.Header().Get("X-Robots-Tag"); got != "noindex, nofollow" && tt.site == "northside" {
				t.Errorf("X-Robots-Tag %q, want noindex, nofollow", got)
			}
			if tt.status == http.StatusOK {
				if rec.Header().Get("Content-Type") != tt.contentType || !strings.Contains(rec.Body.String(), "https://www.northside.example/cars/car-c1") {
					t.Errorf("content type %q body %q", rec.Header().Get("Content-Type"), rec.Body)
				}
			}
		})
	}
	if rec := get(h, google, "northside", ""); rec.Code != http.StatusForbidden {
		t.Errorf("without the origin secret: %d, want 403", rec.Code)
	}
}

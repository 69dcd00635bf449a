package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"forecourt/functions/dynamo"
	"forecourt/functions/feed"
	"forecourt/functions/httpapi"
	"forecourt/functions/httpapi/route"
	"forecourt/functions/internal/testenv"
	"forecourt/functions/sitemaps"
	"forecourt/functions/syndication"
	"forecourt/functions/syndication/publish"
	"forecourt/shared"
)

type healthCars []shared.StoredCar

func (h healthCars) StoredCars(context.Context, string) ([]shared.StoredCar, error) { return h, nil }

// Issue 37: GET /ingest/v1/dealerships/{slug}/health serves the stock
// health report to the dealership's provider key; another provider's key
// is refused and learns nothing of the dealership's cars. Before the
// dealership's first feed run the report is pending: 202 with Retry-After,
// the site named, nothing built by the request.
func TestHealthRoute(t *testing.T) {
	ctx := context.Background()
	db, tables := testenv.DB(t)
	keys := dynamo.NewProviderKeyStore(db, tables)
	for key, p := range map[string]shared.Provider{
		northKey: {Name: "north-dms", Dealerships: []string{"north"}},
		southKey: {Name: "south-dms", Dealerships: []string{"south"}},
	} {
		if err := keys.PutKey(ctx, key, p); err != nil {
			t.Fatal(err)
		}
	}
	site := shared.Site{Slug: "north-site", Name: "North", Domains: []string{"www.north.example"},
		Dealerships: []shared.Dealership{{Slug: "north", Name: "North Motors"}}}
	site.Syndication = &shared.SyndicationConfig{Google: shared.FeedFormatConfig{Enabled: true}}
	noVIN := shared.StoredCar{Car: shared.Car{ID: "c1", Slug: "car-c1", Year: 2021, Make: "Toyota", Model: "Corolla",
		CarType: shared.CarTypeUsed, Status: shared.StatusInStock, Price: 24990, KM: 100, SimpleBody: shared.BodyHatch,
		PrimaryImageURL: "https://img.example/1.jpg", DealershipSlug: "north", ShowOnDealerWebsite: true}}
	pub := &publish.Publisher{Cars: healthCars{noVIN}, Objects: &sitemaps.DirObjects{Dir: t.TempDir()}}
	h, err := httpapi.NewHandler(httpapi.Deps{Lambda: route.Ingest, Ingest: &httpapi.IngestConfig{
		Feed: feed.NewService(feed.ServiceConfig{}), Keys: keys, Sites: sites{site}, Health: pub}})
	if err != nil {
		t.Fatal(err)
	}
	get := func(key string) *httptest.ResponseRecorder {
		req, _ := http.NewRequest(http.MethodGet, "/ingest/v1/dealerships/north/health", nil)
		if key != "" {
			req.Header.Set("Authorization", "Bearer "+key)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	t.Run("before any feed run", func(t *testing.T) {
		rec := get(northKey)
		var body httpapi.HealthResponse
		_ = json.Unmarshal(rec.Body.Bytes(), &body)
		if rec.Code != http.StatusAccepted || rec.Header().Get("Retry-After") == "" || len(body.Sites) != 0 || len(body.Pending) != 1 || body.Pending[0] != "north-site" {
			t.Fatalf("status %d Retry-After %q body %s, want 202 naming north-site pending", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
		}
		if _, ok, _ := pub.Health(ctx, site, "north"); ok {
			t.Error("the request built the report")
		}
	})
	if _, err := pub.RefreshFeeds(ctx, "north", []shared.Site{site}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, key string
		status    int
	}{
		{"own key", northKey, http.StatusOK},
		{"another provider's key", southKey, http.StatusForbidden},
		{"no key", "", http.StatusUnauthorized},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := get(tt.key)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			if tt.status != http.StatusOK {
				if strings.Contains(rec.Body.String(), "car-c1") {
					t.Errorf("refused answer names the car: %s", rec.Body)
				}
				return
			}
			var body httpapi.HealthResponse
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
				t.Fatal(err)
			}
			if len(body.Sites) != 1 || len(body.Sites[0].Formats) != 1 {
				t.Fatalf("health %+v, want north-site's google report", body)
			}
			g := body.Sites[0].Formats[0]
			if g.Format != syndication.Google || len(g.Dropped) != 1 || g.Dropped[0].Slug != "car-c1" || g.Dropped[0].Reasons[0] != syndication.NoVIN || g.Counts[syndication.NoVIN] != 1 {
				t.Errorf("google health %+v, want car-c1 dropped for no_vin", g)
			}
		})
	}
}

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
// is refused and learns nothing of the dealership's cars.
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
			req, _ := http.NewRequest(http.MethodGet, "/ingest/v1/dealerships/north/health", nil)
			if tt.key != "" {
				req.Header.Set("Authorization", "Bearer "+tt.key)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
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

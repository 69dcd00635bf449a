package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"forecourt/shared"
)

// sharedSlugCars answers two cars of different tenants for one slug, as the
// store did when a provider pushed a stock number whose slug matched
// another dealership's car.
type sharedSlugCars struct{ fakeCars }

func (sharedSlugCars) FindCarsBySlug(context.Context, string) ([]shared.Car, error) {
	car := func(id, dealer string) shared.Car {
		return shared.Car{ID: id, Slug: "2022-kia-rio-s1-ab12", DealershipSlug: dealer, CarType: shared.CarTypeUsed,
			Status: shared.StatusInStock, ShowOnDealerWebsite: true}
	}
	return []shared.Car{car("theirs", "group-kia"), car("ours", "northside-used")}, nil
}

// Issue 15 "Slugs collide across tenants": a slug is looked up within the
// requesting site, so another tenant's car with the same slug neither
// breaks the page (it was a 500) nor shows on it.
func TestCarSlugLookedUpWithinSite(t *testing.T) {
	sites := fakeSites{
		"northside": {Slug: "northside", Dealerships: []shared.Dealership{{Slug: "northside-used"}}},
		"group":     {Slug: "group", Dealerships: []shared.Dealership{{Slug: "group-kia"}}},
		"other":     {Slug: "other", Dealerships: []shared.Dealership{{Slug: "other-cars"}}},
	}
	h, err := newAPIHandler(APIConfig{Sites: sites, Cars: sharedSlugCars{}, Keys: fakeKeys{}, OriginSecret: testSecret,
		Now: func() time.Time { return testNow }})
	if err != nil {
		t.Fatal(err)
	}
	for site, want := range map[string]string{"northside": "ours", "group": "theirs", "other": ""} {
		rec := get(h, "/api/cars/2022-kia-rio-s1-ab12", site, testSecret)
		if want == "" {
			if rec.Code != http.StatusNotFound {
				t.Errorf("%s: got %d, want 404 (%s)", site, rec.Code, rec.Body)
			}
			continue
		}
		var body CarResponse
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &body) != nil || body.Car.ID != want {
			t.Errorf("%s: got %d %s, want car %s", site, rec.Code, rec.Body, want)
		}
	}
}

// Issue 15 "Private car fields are public": GET /api/cars leaves out the
// private seller's suburb and postcode and the market figures; the view
// still carries the below-market comparison the page shows.
func TestCarAnswerLeavesOutPrivateFields(t *testing.T) {
	car := shared.Car{ID: "p1", Slug: "p1", DealershipSlug: "northside-used", CarType: shared.CarTypeUsed, Status: shared.StatusInStock,
		ShowOnDealerWebsite: true, Price: 20000, VIN: "JM0KF4W7A00123456", PrivateSuburb: "Carlton", PrivatePostcode: "3053",
		AutograbData: &shared.AutograbData{StateAverageMarketPrice: 24000, AverageMarketPrice: 23000}}
	site := shared.Site{Slug: "northside", Dealerships: []shared.Dealership{{Slug: "northside-used"}}}
	site.Features.Autograb = true
	h, err := newAPIHandler(APIConfig{Sites: fakeSites{"northside": site}, Cars: fakeCars{"p1": car}, Keys: fakeKeys{},
		OriginSecret: testSecret, Now: func() time.Time { return testNow }})
	if err != nil {
		t.Fatal(err)
	}
	rec := get(h, "/api/cars/p1", "northside", testSecret)
	var body struct {
		Car  map[string]any `json:"car"`
		View shared.CarView `json:"view"`
	}
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &body) != nil {
		t.Fatalf("got %d %s", rec.Code, rec.Body)
	}
	for _, attr := range []string{"private_suburb", "private_postcode", "autograb_data"} {
		if v, ok := body.Car[attr]; ok {
			t.Errorf("answer carries %s=%v", attr, v)
		}
	}
	if body.Car["vin"] != car.VIN {
		t.Errorf("vin = %v, want it kept", body.Car["vin"])
	}
	if body.View.Market == nil || body.View.Market.BelowBy != 4000 {
		t.Errorf("view.market = %+v; want the below-market figures", body.View.Market)
	}
}

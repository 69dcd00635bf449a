package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

// Issue 14 "Done when": a crawler that runs no JavaScript reads a car's
// title, price and VIN through the gateway, a listing's stock count, and
// gets a 404 for a car that does not exist.
func TestPagesThroughGateway(t *testing.T) {
	s := bootStack(t)
	ctx := context.Background()
	site := s.tenants[0]
	cars, err := s.p.seeder.cars.FindCarsByDealership(ctx, site.Dealerships[0].Slug)
	if err != nil || len(cars) == 0 {
		t.Fatalf("seeded cars of %s: %d, %v", site.Dealerships[0].Slug, len(cars), err)
	}
	car := cars[0]
	for _, c := range cars {
		if c.Available() && c.VIN != "" && c.Price > 0 {
			car = c
			break
		}
	}
	page := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		s.gw.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://"+site.Slug+".localhost:8080"+path, nil))
		return rec
	}
	title := regexp.MustCompile(`<title>(.*?)</title>`)

	rec := page("/cars/" + car.Slug)
	body := rec.Body.String()
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("car page: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	m := title.FindStringSubmatch(body)
	if m == nil || !strings.Contains(m[1], car.Make+" "+car.Model) || !strings.Contains(m[1], "$") {
		t.Errorf("car title: got %v, want the make, model and price", m)
	}
	for _, want := range []string{`"vehicleIdentificationNumber":"` + car.VIN + `"`, `property="og:image"`, `"priceCurrency":"AUD"`, `<div id=root data-paint="car">`} {
		if !strings.Contains(body, want) {
			t.Errorf("car page lacks %s", want)
		}
	}

	rec = page("/search/" + car.Make + "/")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "in stock at "+site.Name) {
		t.Errorf("listing: %d, want its stock count: %s", rec.Code, title.FindString(rec.Body.String()))
	}

	rec = page("/cars/no-such-car-000")
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), `<div id=root></div>`) || !strings.Contains(rec.Body.String(), "noindex") {
		t.Errorf("unknown car: got %d, want 404 with the app's shell, kept out of search", rec.Code)
	}
}

package geocode

import (
	"context"
	"math"
	"testing"

	"forecourt/shared"
)

func TestOfflineGeocode(t *testing.T) {
	o := NewOffline()
	near := func(p shared.GeoPlace, lat, lng float64) bool {
		return math.Abs(p.Lat-lat) < 0.1 && math.Abs(p.Lng-lng) < 0.1
	}
	tests := []struct {
		name     string
		q        shared.GeoQuery
		lat, lng float64
		place    string
	}{
		{"a postcode", shared.GeoQuery{Postcode: "4215"}, -27.97, 153.40, ""},
		{"a suburb", shared.GeoQuery{Text: "Parramatta"}, -33.81, 151.00, "Parramatta NSW 2150"},
		{"a suburb with state and postcode, any case", shared.GeoQuery{Text: "southport, qld 4215"}, -27.97, 153.40, "Southport QLD 4215"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := o.Geocode(context.Background(), tt.q)
			if err != nil {
				t.Fatalf("error %v", err)
			}
			if !near(got, tt.lat, tt.lng) {
				t.Errorf("got %+v, want near %v,%v", got, tt.lat, tt.lng)
			}
			if tt.q.Text != "" && got.Place != tt.place {
				t.Errorf("place %q, want %q", got.Place, tt.place)
			}
		})
	}
}

func TestOfflineGeocodeErrors(t *testing.T) {
	o := NewOffline()
	tests := []struct {
		q           shared.GeoQuery
		code, field string
		msg         string
	}{
		{shared.GeoQuery{Postcode: "0001"}, shared.ENOTFOUND, "postcode", "Invalid postcode"},
		{shared.GeoQuery{Postcode: "42a5"}, shared.EINVALID, "postcode", "Invalid postcode. Please enter a 4-digit number."},
		{shared.GeoQuery{Text: "Nowhereville"}, shared.ENOTFOUND, "q", "No suburb of that name"},
		{shared.GeoQuery{}, shared.EINVALID, "postcode", "a postcode or a suburb (q) is required"},
	}
	for _, tt := range tests {
		_, err := o.Geocode(context.Background(), tt.q)
		var e *shared.Error
		if !asErr(err, &e) || e.Code != tt.code || e.Field != tt.field || e.Message != tt.msg {
			t.Errorf("spec 001 §8 %+v: got %v, want %s on %s: %q", tt.q, err, tt.code, tt.field, tt.msg)
		}
	}
}

func asErr(err error, e **shared.Error) bool {
	x, ok := err.(*shared.Error)
	*e = x
	return ok
}

func TestPostcodePlaceNamesItsSuburbs(t *testing.T) {
	o := NewOffline()
	got, _ := o.Geocode(context.Background(), shared.GeoQuery{Postcode: "4215"})
	if got.Place != "Australia Fair, Labrador, Southport and 1 more (QLD 4215)" || got.Postcode != "4215" {
		t.Errorf("got %+v", got)
	}
}

func BenchmarkNewOffline(b *testing.B) {
	for b.Loop() {
		if _, err := parseTable(); err != nil {
			b.Fatal(err)
		}
	}
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"forecourt/functions/geocode"
	"forecourt/shared"
)

// forecourt geocode fills missing coordinates and leaves every other byte
// of a tenant file as it was.
func TestGeocodeTenantFile(t *testing.T) {
	src, err := os.ReadFile("../../../infra/tenants/riverside-toyota.json")
	if err != nil {
		t.Fatal(err)
	}
	// Given a tenant file whose first location lost its coordinates
	site, err := shared.DecodeSite(bytes.NewReader(src), "riverside-toyota.json")
	if err != nil {
		t.Fatal(err)
	}
	want := site.Locations[0].Address
	stripped := bytes.Replace(src, []byte(`"lat": `+jsonNum(want.Lat)+`,`), nil, 1)
	stripped = bytes.Replace(stripped, []byte(`"long": `+jsonNum(want.Long)), []byte(`"long": 0`), 1)
	dir := t.TempDir()
	file := filepath.Join(dir, "riverside-toyota.json")
	if err := os.WriteFile(file, stripped, 0o644); err != nil {
		t.Fatal(err)
	}
	// When it is geocoded
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"geocode", file}, &out, &errOut); err != nil {
		t.Fatalf("%v: %s", err, errOut.String())
	}
	// Then the location has its postcode's coordinates, within a few km
	got, _ := os.ReadFile(file)
	gsite, err := shared.DecodeSite(bytes.NewReader(got), file)
	if err != nil {
		t.Fatal(err)
	}
	a := gsite.Locations[0].Address
	if d := shared.DistanceKm(a.Lat, a.Long, want.Lat, want.Long); d > 5 {
		t.Errorf("geocoded %v,%v is %.1f km from %v,%v", a.Lat, a.Long, d, want.Lat, want.Long)
	}
	if !strings.Contains(out.String(), "1 locations geocoded") {
		t.Errorf("output %q", out.String())
	}
	// And a file with every coordinate is left byte for byte
	again, n, err := fillCoordinates(context.Background(), src, geocode.NewOffline(), &bytes.Buffer{})
	if err != nil || n != 0 || !bytes.Equal(again, src) {
		t.Errorf("complete file changed: n=%d err=%v", n, err)
	}
}

func jsonNum(f float64) string {
	b, _ := json.Marshal(f)
	return string(b)
}

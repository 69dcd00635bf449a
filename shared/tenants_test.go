package shared

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"
)

const tenantsDir = "../infra/tenants"

// demoTenants decodes the demo tenant files. Loading tenant files is
// functions/tenantfile's (shared does no I/O; its tests there cover the
// file rules); these tests check what the demo sites promise.
func demoTenants() ([]Site, error) {
	paths, err := filepath.Glob(filepath.Join(tenantsDir, "*.json"))
	if err != nil {
		return nil, err
	}
	var sites []Site
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		s, err := DecodeSite(bytes.NewReader(data), p)
		if err != nil {
			return nil, err
		}
		sites = append(sites, s)
	}
	return sites, nil
}

// The demo tenants (issue 2 item 5) must load under the strict loader, be
// distinct, and keep the shape each one promises.
func TestDemoTenants(t *testing.T) {
	sites, err := demoTenants()
	if err != nil {
		t.Fatal(err)
	}
	bySlug := map[string]Site{}
	for _, s := range sites {
		bySlug[s.Slug] = s
	}
	for _, slug := range []string{"coastal-motor-group", "northside-used", "riverside-toyota"} {
		if _, ok := bySlug[slug]; !ok {
			t.Fatalf("tenant %q missing from %s", slug, tenantsDir)
		}
	}

	seen := map[string]string{}
	distinct := func(what, v, slug string) {
		if prev, ok := seen[what+v]; ok {
			t.Errorf("%s %q shared by %s and %s", what, v, prev, slug)
		}
		seen[what+v] = slug
	}
	for _, s := range sites {
		file := filepath.Join(tenantsDir, s.Slug+".json")
		if _, err := os.Stat(file); err != nil {
			t.Errorf("site %q is not in %s", s.Slug, file)
		}
		distinct("name", s.Name, s.Slug)
		distinct("id", s.ID, s.Slug)
		distinct("primary colour", s.Theme.PrimaryColor, s.Slug)
		distinct("template+theme", s.Template+s.Theme.HeaderBg, s.Slug)
		if want := "/media/logos/" + s.Slug + ".svg"; s.Logo == nil || s.Logo.URL != want {
			t.Errorf("%s: logo = %v, want %s", s.Slug, s.Logo, want)
		}
		for _, d := range s.Dealerships {
			distinct("dealership", d.Slug, s.Slug)
		}
		if len(s.Locations) == 0 || len(s.Navigation) == 0 {
			t.Errorf("%s: want locations and navigation", s.Slug)
		}
		for _, l := range s.Locations {
			if len(OpeningHoursLines(l.ContactDetail.OpeningHours, "")) == 0 || l.Address.Street == "" || l.ContactDetail.Phone == "" {
				t.Errorf("%s: location %s lacks hours, address or phone", s.Slug, l.ID)
			}
		}
		if CarPhone(Car{CarType: CarTypeUsed}, s) == "" {
			t.Errorf("%s: no phone for a used car", s.Slug)
		}
	}

	north := bySlug["northside-used"]
	if north.Name != "Northside Used Cars" || !slices.Equal(north.Stock.CarTypes, []CarType{CarTypeUsed}) ||
		len(north.Dealerships) != 1 || north.Dealerships[0].Slug != "northside-used" ||
		!north.Card.ExtendedTitle || slices.Contains(north.Card.Chips, "stocknum") || north.Stock.SoldRetentionDays != 3 {
		t.Errorf("northside-used: %+v", north)
	}

	river := bySlug["riverside-toyota"]
	var types []LocationType
	for _, l := range SortedLocations(river.Locations) {
		types = append(types, l.LocationType)
	}
	if river.Name != "Riverside Toyota" || len(river.Stock.CarTypes) != 3 || river.Features.CertifiedProgramme != "Toyota" ||
		river.Finance.Provider != "Taurus" || len(river.Search.PopularMakes) == 0 || river.Stock.SoldRetentionDays != 14 ||
		!slices.Equal(types, []LocationType{LocationSales, LocationService}) {
		t.Errorf("riverside-toyota: %+v", river)
	}

	coastal := bySlug["coastal-motor-group"]
	var dealers []string
	for _, d := range coastal.Dealerships {
		dealers = append(dealers, d.Slug)
		if d.StockCount <= 0 {
			t.Errorf("coastal-motor-group: dealership %s has no stock_count", d.Slug)
		}
	}
	now := time.Now()
	var active, expired int
	for _, p := range coastal.Promotions {
		if PromoActive(p, now) {
			active++
		} else {
			expired++
		}
	}
	if !slices.Equal(dealers, []string{"coastal-mazda", "coastal-kia", "coastal-used-centre"}) || len(coastal.Locations) != 5 ||
		active != 1 || expired != 1 || !slices.Contains(coastal.Search.SortOptions, SortKMAsc) ||
		!slices.Contains(coastal.Search.SortOptions, SortKMDesc) || !coastal.Search.PriceAscExcludesZero {
		t.Errorf("coastal-motor-group: dealers %v, %d locations, %d active and %d expired promotions, sorts %v",
			dealers, len(coastal.Locations), active, expired, coastal.Search.SortOptions)
	}
}

// A loaded site survives the round trip the sites table makes (infra
// marshals it; readers decode it), both strictly and with plain encoding/json.
func TestDemoTenantsRoundTrip(t *testing.T) {
	sites, err := demoTenants()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sites {
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		again, err := DecodeSite(bytes.NewReader(data), s.Slug)
		if err != nil {
			t.Fatalf("%s: %v", s.Slug, err)
		}
		if !reflect.DeepEqual(again, s) {
			t.Errorf("%s: strict round trip changed the site", s.Slug)
		}
		var plain Site
		if err := json.Unmarshal(data, &plain); err != nil || !reflect.DeepEqual(plain, s) {
			t.Errorf("%s: plain round trip changed the site (err %v)", s.Slug, err)
		}
	}
}

package httpapi

import (
	"strings"
	"testing"

	"forecourt/shared"
)

// Issue 33: a listing reached by a lower-case make path is titled as its
// stock spells the make and model ("Toyota cars", not "toyota cars"): the
// stats' facets first, else the built-in manufacturer list.
func TestListingTitledAsTheStockSpellsIt(t *testing.T) {
	withStats := fakeStats{"riverside": {Format: shared.SiteStatsFormat, NbHits: 5,
		Facets: map[string]map[string]int{"make": {"Toyota": 5}},
		Models: map[string]map[string]int{"Toyota": {"Corolla": 3, "HiLux": 2}}}}
	tests := []struct {
		path  string
		stats fakeStats
		title string
		crumb string
	}{
		{"/search/toyota", withStats, "Toyota cars for sale | Riverside Toyota", `"name":"Toyota"`},
		{"/search/TOYOTA/", withStats, "Toyota cars for sale | Riverside Toyota", `"name":"Toyota"`},
		{"/search/toyota/hilux", withStats, "Toyota HiLux cars for sale | Riverside Toyota", `"name":"HiLux"`},
		{"/search/Toyota/Corolla/", withStats, "Toyota Corolla cars for sale | Riverside Toyota", `"name":"Corolla"`},
		// No stats: the make list's spelling.
		{"/search/toyota", nil, "Toyota cars for sale | Riverside Toyota", `"name":"Toyota"`},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			h := documentAPIWith(t, func(c fakeCars) shared.CarStore { return c }, func(c *APIConfig) {
				if tt.stats != nil {
					c.Stats = tt.stats
				}
			})
			rec := get(h, tt.path, "riverside", testSecret)
			if rec.Code != 200 {
				t.Fatalf("status %d", rec.Code)
			}
			body := rec.Body.String()
			if m := titleRe.FindStringSubmatch(body); m == nil || m[1] != tt.title {
				t.Errorf("title: got %v, want %q", m, tt.title)
			}
			if !strings.Contains(body, tt.crumb) {
				t.Errorf("breadcrumbs lack %s", tt.crumb)
			}
		})
	}
}

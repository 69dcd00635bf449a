package seo

import (
	"strings"
	"testing"
	"time"

	"forecourt/shared"
)

var quickStats = &shared.SiteStats{
	Facets: map[string]map[string]int{"make": {"Toyota": 5, "Land Rover": 1, "Kia": 2}},
	Models: map[string]map[string]int{"Toyota": {"HiLux": 3, "Corolla": 2}, "Land Rover": {"Defender": 1}, "Kia": {"Seltos": 2}},
}

// Issue 32: the painted home quick search, pressed before the app runs,
// opens the listing the app's own quick search opens (quickSearchPath):
// make and model in the path as the stock spells them, the price ceiling
// as the price range.
func TestQuickSearchPath(t *testing.T) {
	for _, tt := range []struct {
		name                  string
		make, model, maxPrice string
		stats                 *shared.SiteStats
		want                  string
	}{
		{"nothing chosen", "", "", "", quickStats, ListingPath},
		{"a make", "Toyota", "", "", quickStats, "/search/Toyota"},
		{"make and model", "Toyota", "HiLux", "", quickStats, "/search/Toyota/HiLux"},
		{"make, model and price", "Toyota", "HiLux", "50000", quickStats, "/search/Toyota/HiLux?price=:50000"},
		{"spelled as the stock", "toyota", "hilux", "", quickStats, "/search/Toyota/HiLux"},
		{"a model alone opens its make", "", "Seltos", "", quickStats, "/search/Kia/Seltos"},
		{"a model the make lacks is dropped", "Toyota", "Seltos", "", quickStats, "/search/Toyota"},
		{"a make with a space", "Land Rover", "Defender", "", quickStats, "/search/Land%20Rover/Defender"},
		{"only a price", "", "", "20000", quickStats, ListingPath + "?price=:20000"},
		{"a price that is no number is ignored", "Kia", "", "cheap", quickStats, "/search/Kia"},
		{"a negative price is ignored", "Kia", "", "-5", quickStats, "/search/Kia"},
		{"no stats: as given", "Toyota", "HiLux", "", nil, "/search/Toyota/HiLux"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := QuickSearchPath(tt.make, tt.model, tt.maxPrice, tt.stats); got != tt.want {
				t.Errorf("QuickSearchPath(%q, %q, %q) = %q, want %q", tt.make, tt.model, tt.maxPrice, got, tt.want)
			}
		})
	}
}

// Issue 32: the painted quick search sends its fields to QuickSearchAction
// and lists every make (popular ones first, as the app's makeMenu) and every
// make's models with their counts, so it works before the app runs; without
// stats its lists hold only their first option.
func TestHomePaintQuickSearch(t *testing.T) {
	site := riverside()
	site.Search.PopularMakes = []string{"kia", "Ford"}
	for _, tt := range []struct {
		name     string
		stats    *shared.SiteStats
		want     []string
		wantNone []string
	}{
		{"with stats", quickStats, []string{
			`<form class="quick-search" aria-label="Quick search" action="/search" method="get">`,
			`<select id="quick-search-make" name="make"><option value="">Any make</option><optgroup label="Popular makes"><option value="Kia">Kia (2)</option></optgroup>` +
				`<optgroup label="All makes"><option value="Kia">Kia (2)</option><option value="Land Rover">Land Rover (1)</option><option value="Toyota">Toyota (5)</option></optgroup></select>`,
			`<select id="quick-search-model" name="model"><option value="">Any model</option><optgroup label="Kia"><option value="Seltos">Seltos (2)</option></optgroup>` +
				`<optgroup label="Land Rover"><option value="Defender">Defender (1)</option></optgroup><optgroup label="Toyota"><option value="Corolla">Corolla (2)</option><option value="HiLux">HiLux (3)</option></optgroup></select>`,
			`<select id="quick-search-price" name="max_price">`,
		}, []string{"disabled"}},
		{"without stats", nil, []string{
			`<select id="quick-search-make" name="make"><option value="">Any make</option></select>`,
			`<select id="quick-search-model" name="model"><option value="">Any model</option></select>`,
		}, []string{"optgroup"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			page := Page{Site: site, Origin: "https://riverside.example", Path: "/"}
			got := render(t, Head{Status: 200, Title: "t", Paint: page.HomePaint(time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC), tt.stats)})
			form := got[strings.Index(got, `<div class="home-browse">`):]
			form = form[:strings.Index(form, `</form>`)]
			for _, w := range tt.want {
				if !strings.Contains(form, w) {
					t.Errorf("the quick search lacks\n%s\nin\n%s", w, form)
				}
			}
			for _, w := range tt.wantNone {
				if strings.Contains(form, w) {
					t.Errorf("the quick search has %q:\n%s", w, form)
				}
			}
		})
	}
}

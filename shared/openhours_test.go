package shared

import (
	"reflect"
	"testing"
	"time"
)

func weekHours() []OpeningHours {
	h := []OpeningHours{{Weekday: 0, Status: "Closed"}, {Weekday: 6, Status: "Open", Open: "08:00", Close: "16:00"}}
	for d := 1; d <= 5; d++ {
		h = append(h, OpeningHours{Weekday: d, Status: "Open", Open: "08:00", Close: "17:30"})
	}
	return h
}

func TestOpenStatusAt(t *testing.T) {
	loc := Location{LocationType: LocationSales, TimeZone: "Australia/Brisbane", ContactDetail: ContactDetail{OpeningHours: weekHours()},
		SpecialHours: []SpecialHours{
			{Status: "Closed", Date: "2026-12-25", Department: "all"},
			{Status: "Open", Date: "2026-12-31", StartHour: "09:00", EndHour: "14:00", Department: "sales"},
			{Status: "Closed", Date: "2026-12-30", Department: "service"},
		}}
	brisbane, _ := time.LoadLocation("Australia/Brisbane")
	at := func(s string) time.Time { t, _ := time.ParseInLocation("2006-01-02 15:04", s, brisbane); return t }
	tests := []struct {
		name string
		loc  Location
		now  time.Time
		want *OpenStatus
	}{
		{"open on a weekday, closing time in 12-hour form", loc, at("2026-11-23 10:00"), &OpenStatus{Open: true, Label: "Open now", Detail: "Closes 5:30 pm"}},
		{"before opening today", loc, at("2026-11-23 07:15"), &OpenStatus{Label: "Closed now", Detail: "Opens 8:00 am"}},
		{"after closing opens tomorrow", loc, at("2026-11-23 17:30"), &OpenStatus{Label: "Closed now", Detail: "Opens 8:00 am tomorrow"}},
		{"Saturday evening skips the closed Sunday", loc, at("2026-11-28 18:00"), &OpenStatus{Label: "Closed now", Detail: "Opens 8:00 am Monday"}},
		{"a holiday closes a weekday", loc, at("2026-12-25 10:00"), &OpenStatus{Label: "Closed now", Detail: "Opens 8:00 am tomorrow"}},
		{"special hours of the department replace the weekday's", loc, at("2026-12-31 10:00"), &OpenStatus{Open: true, Label: "Open now", Detail: "Closes 2:00 pm"}},
		{"another department's holiday does not apply", loc, at("2026-12-30 10:00"), &OpenStatus{Open: true, Label: "Open now", Detail: "Closes 5:30 pm"}},
		// 23:30 UTC Sunday is 9:30 Monday in Brisbane: the location's zone decides.
		{"the location's time zone, not the server's", loc, time.Date(2026, 11, 22, 23, 30, 0, 0, time.UTC), &OpenStatus{Open: true, Label: "Open now", Detail: "Closes 5:30 pm"}},
		{"missing hours show nothing", Location{}, at("2026-11-23 10:00"), nil},
	}
	for _, tt := range tests {
		t.Run("spec 001 §2: "+tt.name, func(t *testing.T) {
			if got := OpenStatusAt(Site{}, tt.loc, tt.now); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestOpenStatusZoneFallsBackToTheSite(t *testing.T) {
	loc := Location{ContactDetail: ContactDetail{OpeningHours: weekHours()}}
	// 21:30 UTC on Sunday 22 November is 8:30 Monday in Sydney (AEDT, +11),
	// 7:30 in Brisbane and 5:30 in Perth.
	now := time.Date(2026, 11, 22, 21, 30, 0, 0, time.UTC)
	if got := OpenStatusAt(Site{}, loc, now); got == nil || !got.Open {
		t.Errorf("no zone anywhere: got %+v, want open in Australia/Sydney", got)
	}
	perth := Site{TimeZone: "Australia/Perth"}
	if got := OpenStatusAt(perth, loc, now); got == nil || got.Open || got.Detail != "Opens 8:00 am" {
		t.Errorf("a site in Perth: got %+v, want closed, opens 8:00 am (the site's zone, as test-drive slots use)", got)
	}
	loc.TimeZone = "Australia/Sydney"
	if got := OpenStatusAt(perth, loc, now); got == nil || !got.Open {
		t.Errorf("the location's own zone wins over the site's: got %+v", got)
	}
}

func TestHolidayHoursFrom(t *testing.T) {
	loc := Location{SpecialHours: []SpecialHours{
		{Status: "Open", Date: "2026-12-31", StartHour: "09:00", EndHour: "14:00", Department: "sales"},
		{Status: "Closed", Date: "2026-12-25", Department: "all"},
		{Status: "Closed", Date: "2026-01-26", Department: "all"},
	}}
	got := HolidayHoursFrom(Site{}, loc, time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC))
	want := []HolidayHours{
		{Date: "2026-12-25", Label: "Friday 25 December 2026", Text: "Closed", Closed: true, Department: "all"},
		{Date: "2026-12-31", Label: "Thursday 31 December 2026", Text: "9:00 am - 2:00 pm", Department: "sales"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("spec 001 §2 Holiday Opening Hours (12-hour, upcoming only, by date):\ngot  %+v\nwant %+v", got, want)
	}
}

func TestDistanceKm(t *testing.T) {
	// Sydney GPO to Melbourne GPO is about 714 km on a 6371 km sphere.
	if d := DistanceKm(-33.8675, 151.2070, -37.8136, 144.9631); d < 712 || d > 716 {
		t.Errorf("Sydney-Melbourne = %.1f km, want about 714", d)
	}
	if d := DistanceKm(-27.97, 153.40, -27.97, 153.40); d != 0 {
		t.Errorf("same point = %v, want 0", d)
	}
}

func TestNearestLocations(t *testing.T) {
	locs := []Location{
		{ID: "far", Address: Address{Lat: -37.81, Long: 144.96}},
		{ID: "none"},
		{ID: "near", Address: Address{Lat: -33.87, Long: 151.21}},
		{ID: "hidden", Visible: new(bool), Address: Address{Lat: -33.87, Long: 151.21}},
	}
	got := NearestLocations(locs, -33.86, 151.20)
	if len(got) != 2 || got[0].Location.ID != "near" || got[1].Location.ID != "far" {
		t.Fatalf("got %+v, want near then far (no coordinates and hidden left out)", got)
	}
	if got[0].DistanceKm > 2 {
		t.Errorf("near distance %.1f, want under 2 km", got[0].DistanceKm)
	}
}

func TestFilterLocations(t *testing.T) {
	locs := []Location{
		{ID: "p", LocationType: LocationParts, Manufacturers: []string{"Kia"}},
		{ID: "s", Primary: true, LocationType: LocationSales, Manufacturers: []string{"Mazda"}, LocationSubtype: []string{"buying"}},
		{ID: "v", LocationType: LocationService, Manufacturers: []string{"Mazda"}},
		{ID: "blank"},
	}
	ids := func(ls []Location) (out []string) {
		for _, l := range ls {
			out = append(out, l.ID)
		}
		return out
	}
	tests := []struct {
		f    LocationFilter
		want []string
	}{
		{LocationFilter{}, []string{"s", "blank", "v", "p"}},
		{LocationFilter{Type: "primary"}, []string{"s"}},
		{LocationFilter{Type: "sales"}, []string{"s", "blank"}},
		{LocationFilter{Type: "service-and-parts"}, []string{"v", "p"}},
		{LocationFilter{Type: "v"}, []string{"v"}},
		{LocationFilter{Manufacturer: "mazda"}, []string{"s", "v"}},
		{LocationFilter{Subtype: "buying"}, []string{"s"}},
	}
	for _, tt := range tests {
		if got := ids(FilterLocations(locs, tt.f)); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("spec 001 §2 filter %+v: got %v, want %v", tt.f, got, tt.want)
		}
	}
}

func TestLocationGridColumns(t *testing.T) {
	for n, want := range map[int]int{1: 1, 2: 2, 3: 3, 4: 4, 5: 4, 6: 3, 7: 4} {
		if got := LocationGridColumns(n); got != want {
			t.Errorf("spec 001 §2, §9 grid columns for %d locations: got %d, want %d", n, got, want)
		}
	}
}

func TestStarFill(t *testing.T) {
	tests := map[float64][5]float64{
		4.6:  {1, 1, 1, 1, 0.6},
		4.3:  {1, 1, 1, 1, 0},
		4.31: {1, 1, 1, 1, 0.31},
		5:    {1, 1, 1, 1, 1},
		0:    {},
	}
	for r, want := range tests {
		if got := StarFill(r); got != want {
			t.Errorf("spec 001 §9 stars for %.2f: got %v, want %v (a fraction above 30%% partly filled)", r, got, want)
		}
	}
}

func TestReviewSummaryAndShown(t *testing.T) {
	var reviews []Review
	for i, r := range []float64{5, 5, 3, 4, 5, 5, 5, 5, 5, 5, 5, 5, 4} {
		reviews = append(reviews, Review{ID: string(rune('a' + i)), Rating: r, CustomerName: "N", Text: "ok"})
	}
	reviews[1].Text = "Great (Translated by Google)"
	sum := SummarizeReviews(reviews)
	if sum.Count != 13 || sum.AverageRating != 4.7 {
		t.Errorf("summary %+v, want 13 reviews averaging 4.7", sum)
	}
	shown, _ := ListedReviews(reviews, ReviewsConfig{MinRating: 4, Shown: 10})
	if len(shown) != 10 || shown[0].ID != "a" || shown[1].ID != "d" {
		t.Errorf("spec 001 §3, §9: got %d reviews starting %v, want 10 without the 3-star and Translated ones", len(shown), shown[:2])
	}
	// spec 001 §9: 10 shown, "Show all" up to the full quantity of 12.
	for _, tt := range []struct {
		name              string
		cfg               ReviewsConfig
		wantLen, wantShow int
	}{
		{"11 pass the filter: all listed, 10 shown", ReviewsConfig{MinRating: 4, Shown: 10, FullQuantity: 12}, 11, 10},
		{"full quantity cuts the list", ReviewsConfig{MinRating: 4, Shown: 5, FullQuantity: 8}, 8, 5},
		{"fewer than shown: all shown", ReviewsConfig{MinRating: 5, Shown: 10, FullQuantity: 12}, 9, 9},
		{"shown above the full quantity wins", ReviewsConfig{MinRating: 4, Shown: 11, FullQuantity: 3}, 11, 11},
	} {
		listed, n := ListedReviews(reviews, tt.cfg)
		if len(listed) != tt.wantLen || n != tt.wantShow {
			t.Errorf("%s: got %d listed, %d shown; want %d, %d", tt.name, len(listed), n, tt.wantLen, tt.wantShow)
		}
	}
	if s := LocationReviewSummary(Location{AverageRating: 4.8, ReviewCount: 388}, nil); s == nil || s.Count != 388 {
		t.Errorf("configured summary: got %+v", s)
	}
	if s := LocationReviewSummary(Location{}, nil); s != nil {
		t.Errorf("no reviews: got %+v, want nil", s)
	}
}

func TestReviewDateInWords(t *testing.T) {
	now := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	for date, want := range map[string]string{
		"2026-11-23": "today", "2026-11-22": "yesterday", "2026-11-18": "5 days ago", "2026-11-02": "3 weeks ago",
		"2026-07-20": "4 months ago", "2024-10-01": "2 years ago", "": "", "bad": "",
	} {
		if got := ReviewDateInWords(date, now); got != want {
			t.Errorf("ReviewDateInWords(%q) = %q, want %q", date, got, want)
		}
	}
}

func TestValidateReviews(t *testing.T) {
	locs := map[string]bool{"loc-a": true}
	err := ValidateReviews([]Review{
		{ID: "1", LocationID: "loc-a", Rating: 5},
		{ID: "", LocationID: "loc-b", Rating: 6, ReviewDate: "31/01/2026"},
		{ID: "1", LocationID: "loc-a", Rating: 4},
	}, locs)
	got := FieldMessages(err)
	for _, f := range []string{"reviews[1].id", "reviews[1].location_id", "reviews[1].rating", "reviews[1].review_date", "reviews[2].id"} {
		if got[f] == "" {
			t.Errorf("no error on %s; got %v", f, got)
		}
	}
	if _, bad := got["reviews[0].id"]; bad {
		t.Errorf("a valid review was refused: %v", got)
	}
}

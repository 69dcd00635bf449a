package shared

import (
	"strings"
	"testing"
	"time"
)

func weekdayHours() []OpeningHours {
	var h []OpeningHours
	for d := 1; d <= 5; d++ {
		h = append(h, OpeningHours{Weekday: d, Status: "Open", Open: "09:00", Close: "11:00"})
	}
	return append(h,
		OpeningHours{Weekday: 6, Status: "Open", Open: "09:00", Close: "10:00"},
		OpeningHours{Weekday: 0, Status: "Closed"})
}

// Issue 9: test-drive slots come from the location's opening hours in its
// time zone, skip closed days and special hours, and start no sooner than
// the lead time.
func TestTestDriveSlots(t *testing.T) {
	brisbane, _ := time.LoadLocation("Australia/Brisbane")
	sydney, _ := time.LoadLocation("Australia/Sydney")
	cfg := TestDriveConfig{Days: 7, SlotMinutes: 30, LeadMinutes: 120}
	loc := Location{ID: "l1", ContactDetail: ContactDetail{OpeningHours: weekdayHours()}}
	tests := []struct {
		name    string
		loc     Location
		tz      *time.Location
		cfg     TestDriveConfig
		now     time.Time
		want    []string // "date: labels" per day
		wantTZ  string
		firstAt string
	}{
		{
			name: "evening: today has no slot left; Sunday closed; Saturday short",
			loc:  loc, tz: brisbane, cfg: cfg,
			now: time.Date(2025, 6, 10, 12, 0, 0, 0, time.UTC), // Tue 22:00 in Brisbane
			want: []string{
				"2025-06-11 Wed 11 Jun: 9:00 am,9:30 am,10:00 am,10:30 am",
				"2025-06-12 Thu 12 Jun: 9:00 am,9:30 am,10:00 am,10:30 am",
				"2025-06-13 Fri 13 Jun: 9:00 am,9:30 am,10:00 am,10:30 am",
				"2025-06-14 Sat 14 Jun: 9:00 am,9:30 am",
				"2025-06-16 Mon 16 Jun: 9:00 am,9:30 am,10:00 am,10:30 am",
			},
			wantTZ: "Australia/Brisbane", firstAt: "2025-06-11T09:00:00+10:00",
		},
		{
			name: "lead time cuts today's early slots",
			loc:  loc, tz: brisbane, cfg: TestDriveConfig{Days: 1, SlotMinutes: 30, LeadMinutes: 60},
			now:  time.Date(2025, 6, 10, 9, 10, 0, 0, brisbane),
			want: []string{"2025-06-10 Tue 10 Jun: 10:30 am"},
		},
		{
			name: "special hours: a closed date and a short date",
			loc: Location{ContactDetail: loc.ContactDetail, SpecialHours: []SpecialHours{
				{Date: "2025-06-11", Status: "Closed", Department: "sales"},
				{Date: "2025-06-12", Status: "Open", Department: "all", StartHour: "10:00", EndHour: "10:30"},
				{Date: "2025-06-13", Status: "Closed", Department: "service"},
			}},
			tz: brisbane, cfg: TestDriveConfig{Days: 4, SlotMinutes: 30, LeadMinutes: 120},
			now: time.Date(2025, 6, 10, 12, 0, 0, 0, time.UTC),
			want: []string{
				"2025-06-12 Thu 12 Jun: 10:00 am",
				"2025-06-13 Fri 13 Jun: 9:00 am,9:30 am,10:00 am,10:30 am",
			},
		},
		{
			name: "daylight saving starts: 9:00 stays 9:00 local, offset +11",
			loc:  loc, tz: sydney, cfg: TestDriveConfig{Days: 2, SlotMinutes: 60, LeadMinutes: 0},
			now:    time.Date(2025, 10, 5, 0, 0, 0, 0, sydney), // Sunday, DST from 2 am
			want:   []string{"2025-10-06 Mon 6 Oct: 9:00 am,10:00 am"},
			wantTZ: "Australia/Sydney", firstAt: "2025-10-06T09:00:00+11:00",
		},
		{
			name: "no opening hours: no days",
			loc:  Location{}, tz: brisbane, cfg: cfg, now: time.Date(2025, 6, 10, 0, 0, 0, 0, time.UTC),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := TestDriveSlots(tt.loc, tt.tz, tt.cfg, tt.now)
			var lines []string
			for _, d := range got.Days {
				var labels []string
				for _, s := range d.Slots {
					labels = append(labels, s.Label)
					if st, err := time.Parse(time.RFC3339, s.Start); err != nil || st.Before(tt.now.Add(time.Duration(tt.cfg.LeadMinutes)*time.Minute)) {
						t.Errorf("slot %s: err %v or sooner than the lead time", s.Start, err)
					}
				}
				lines = append(lines, d.Date+" "+d.Label+": "+strings.Join(labels, ","))
			}
			if strings.Join(lines, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(tt.want, "\n"))
			}
			if got.Days == nil {
				t.Error("days is nil, want [] in JSON")
			}
			if tt.wantTZ != "" && got.TimeZone != tt.wantTZ {
				t.Errorf("time zone %q, want %q", got.TimeZone, tt.wantTZ)
			}
			if tt.firstAt != "" && got.Days[0].Slots[0].Start != tt.firstAt {
				t.Errorf("first slot %s, want %s", got.Days[0].Slots[0].Start, tt.firstAt)
			}
		})
	}
}

func TestZoneOfAndTestDriveLocation(t *testing.T) {
	s := DefaultSite()
	s.Locations = []Location{
		{ID: "svc", DealershipSlug: "d1", LocationType: LocationService},
		{ID: "yard", DealershipSlug: "d1", TimeZone: "Australia/Perth"},
		{ID: "other", DealershipSlug: "d2"},
	}
	if l, ok := s.TestDriveLocation(Car{DealershipSlug: "d1"}); !ok || l.ID != "yard" {
		t.Errorf("dealership fallback: got %q %v, want yard (the sales location)", l.ID, ok)
	}
	if l, ok := s.TestDriveLocation(Car{DealershipSlug: "d1", LocationID: "other"}); !ok || l.ID != "other" {
		t.Errorf("car's own location: got %q", l.ID)
	}
	if _, ok := s.TestDriveLocation(Car{DealershipSlug: "d9"}); ok {
		t.Error("a dealership without locations has a test-drive location")
	}
	for id, want := range map[string]string{"yard": "Australia/Perth", "other": DefaultTimeZone} {
		var l Location
		for _, x := range s.Locations {
			if x.ID == id {
				l = x
			}
		}
		if tz, err := s.ZoneOf(l); err != nil || tz.String() != want {
			t.Errorf("ZoneOf(%s) = %v %v, want %s", id, tz, err, want)
		}
	}
}

// Issue 9: a site's leads.retention_days drives the lead TTL; default two years.
func TestLeadRetention(t *testing.T) {
	s := DefaultSite()
	if got := s.LeadRetention(); got != 730*24*time.Hour {
		t.Errorf("default %v, want 730 days", got)
	}
	s.Leads.RetentionDays = 30
	if got := s.LeadRetention(); got != 30*24*time.Hour {
		t.Errorf("got %v, want 30 days", got)
	}
}

func TestParseRego(t *testing.T) {
	tests := []struct {
		rego, state string
		plate, st   string
		badFields   []string
	}{
		{"abc 123", "qld", "ABC123", "QLD", nil},
		{" 1-ab.c ", "Vic", "1ABC", "VIC", nil},
		{"", "NSW", "", "", []string{"rego"}},
		{"ABCDEFGHIJ", "NSW", "", "", []string{"rego"}},
		{"AB$12", "XX", "", "", []string{"rego", "regoState"}},
		{"ABC123", "", "", "", []string{"regoState"}},
	}
	for _, tt := range tests {
		plate, st, err := ParseRego(tt.rego, tt.state)
		fields := FieldMessages(err)
		if plate != tt.plate || st != tt.st || len(fields) != len(tt.badFields) {
			t.Errorf("ParseRego(%q, %q) = %q %q %v, want %q %q, errors on %v", tt.rego, tt.state, plate, st, fields, tt.plate, tt.st, tt.badFields)
		}
		for _, f := range tt.badFields {
			if fields[f] == "" {
				t.Errorf("ParseRego(%q, %q): no error on %s", tt.rego, tt.state, f)
			}
		}
	}
}

// Spec 000 §7, spec 001 §9: only the known event ids are accepted.
func TestValidateEvent(t *testing.T) {
	s := DefaultSite()
	s.ID, s.Slug = "site-1", "acme"
	s.Dealerships = []Dealership{{ID: "d-1", Slug: "acme-kia"}}
	tests := []struct {
		body, wantID, badField string
	}{
		{`25`, "25", ""},
		{`"39"`, "39", ""},
		{`"conversion"`, "conversion", ""},
		{`18`, "18", ""},
		{`99`, "", "event_id"},
		{`"click"`, "", "event_id"},
		{``, "", "event_id"},
		{`{}`, "", "event_id"},
	}
	for _, tt := range tests {
		id, err := ValidateEvent(TrackingEvent{EventID: []byte(tt.body)}, s)
		if id != tt.wantID || (tt.badField != "" && FieldMessages(err)[tt.badField] == "") || (tt.badField == "" && err != nil) {
			t.Errorf("event_id %s: got %q %v, want %q (bad %q)", tt.body, id, err, tt.wantID, tt.badField)
		}
	}
	for _, tt := range []struct {
		e   TrackingEvent
		bad string
	}{
		{TrackingEvent{DealershipID: "d-1", WebsiteID: "site-1"}, ""},
		{TrackingEvent{DealershipID: "acme-kia", WebsiteID: "acme"}, ""},
		{TrackingEvent{DealershipID: "other-ford"}, "dealership_id"},
		{TrackingEvent{WebsiteID: "site-2"}, "website_id"},
		{TrackingEvent{CarID: strings.Repeat("x", 101)}, "car_id"},
	} {
		tt.e.EventID = []byte(`22`)
		_, err := ValidateEvent(tt.e, s)
		if (tt.bad == "" && err != nil) || (tt.bad != "" && FieldMessages(err)[tt.bad] == "") {
			t.Errorf("%+v: got %v, want an error on %q", tt.e, err, tt.bad)
		}
	}
}

// A dealership's CRM webhook must be https (http only to this machine) and
// name a secret.
func TestValidateWebhook(t *testing.T) {
	for _, tt := range []struct {
		url, secret string
		bad         []string
	}{
		{"https://crm.example/leads", "forecourt/webhook/acme", nil},
		{"http://localhost:9000/hook", "local", nil},
		{"http://crm.example/leads", "forecourt/webhook/acme", []string{"dealerships[0].webhook.url"}},
		{"https://crm.example/leads", "", []string{"dealerships[0].webhook.secret_name"}},
	} {
		s := DefaultSite()
		s.Slug, s.Name = "acme", "Acme"
		s.Dealerships = []Dealership{{Slug: "acme-kia", Name: "Acme Kia", Webhook: &DealershipWebhook{URL: tt.url, SecretName: tt.secret}}}
		got := FieldMessages(s.Validate())
		if len(got) != len(tt.bad) {
			t.Errorf("%s %q: errors %v, want on %v", tt.url, tt.secret, got, tt.bad)
		}
		for _, f := range tt.bad {
			if got[f] == "" {
				t.Errorf("%s %q: no error on %s (%v)", tt.url, tt.secret, f, got)
			}
		}
	}
}

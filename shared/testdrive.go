package shared

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	// Lambda's provided.al2023 image has no zoneinfo; embedding it keeps
	// slot times right wherever the code runs.
	_ "time/tzdata"
)

// DefaultTimeZone is the site's time zone unless its config names one.
const DefaultTimeZone = "Australia/Sydney"

// DefaultLeadRetentionDays is how long a lead is kept unless the site's
// leads.retention_days says otherwise (issue 9: two years).
const DefaultLeadRetentionDays = 730

// LeadRetention is how long the site keeps a lead (leads.retention_days).
func (s Site) LeadRetention() time.Duration {
	days := s.Leads.RetentionDays
	if days <= 0 {
		days = DefaultLeadRetentionDays
	}
	return time.Duration(days) * 24 * time.Hour
}

// Slots is the body of GET /api/test-drive/slots: the days with at least
// one free test-drive slot, in the location's time zone.
type Slots struct {
	TimeZone string `json:"time_zone"`
	// Days is never null: TestDriveSlots starts from an empty list.
	Days []SlotDay `json:"days" tstype:"SlotDay[]"`
}

// SlotDay is one day of slots.
type SlotDay struct {
	Date  string `json:"date"`  // "2026-11-24", in the location's zone
	Label string `json:"label"` // "Tue 24 Nov"
	// Slots is never null: TestDriveSlots keeps only days with a slot.
	Slots []Slot `json:"slots" tstype:"Slot[]"`
}

// Slot is one appointment start.
type Slot struct {
	Start string `json:"start"` // RFC 3339 with the zone's offset
	Label string `json:"label"` // "9:00 am"
}

// ZoneOf returns the time zone of a location of the site: its own
// time_zone, else the site's, else DefaultTimeZone.
func (s Site) ZoneOf(l Location) (*time.Location, error) {
	name := l.TimeZone
	if name == "" {
		name = s.TimeZone
	}
	if name == "" {
		name = DefaultTimeZone
	}
	tz, err := time.LoadLocation(name)
	if err != nil {
		return nil, fmt.Errorf("time zone of location %q: %w", l.ID, err)
	}
	return tz, nil
}

// TestDriveLocation is the location a test drive of the car happens at: the
// site's location the car stands at (location_id), else the first visible
// sales location of the car's dealership.
func (s Site) TestDriveLocation(car Car) (Location, bool) {
	for _, l := range s.Locations {
		if car.LocationID != "" && l.ID == car.LocationID {
			return l, true
		}
	}
	for _, l := range SortedLocations(s.Locations) {
		if l.DealershipSlug == car.DealershipSlug && LocationRank(l.LocationType) == 1 {
			return l, true
		}
	}
	return Location{}, false
}

// TestDriveSlots lists the test-drive appointment slots at a location
// (issue 9): for each of the next cfg.Days days in the location's zone, a
// slot every cfg.SlotMinutes from opening until the last one that ends by
// closing. A special-hours entry for the date (department sales or all)
// replaces the weekday's hours: Closed removes the day, Open with hours
// uses them. No slot starts before now + cfg.LeadMinutes. Days without a
// slot are left out.
func TestDriveSlots(l Location, tz *time.Location, cfg TestDriveConfig, now time.Time) Slots {
	out := Slots{TimeZone: tz.String(), Days: []SlotDay{}}
	step := time.Duration(cfg.SlotMinutes) * time.Minute
	if step <= 0 {
		return out
	}
	earliest := now.Add(time.Duration(cfg.LeadMinutes) * time.Minute)
	local := now.In(tz)
	for i := 0; i < cfg.Days; i++ {
		day := time.Date(local.Year(), local.Month(), local.Day()+i, 0, 0, 0, 0, tz)
		open, closes, ok := hoursOn(l, day)
		if !ok {
			continue
		}
		sd := SlotDay{Date: day.Format(time.DateOnly), Label: day.Format("Mon 2 Jan")}
		start := atClock(day, open, tz)
		end := atClock(day, closes, tz)
		for t := start; !t.Add(step).After(end); t = t.Add(step) {
			if t.Before(earliest) {
				continue
			}
			sd.Slots = append(sd.Slots, Slot{Start: t.Format(time.RFC3339), Label: slotLabel(t)})
		}
		if len(sd.Slots) > 0 {
			out.Days = append(out.Days, sd)
		}
	}
	return out
}

// hoursOn returns the location's opening and closing minutes after
// midnight on day, and false when it is closed.
func hoursOn(l Location, day time.Time) (open, closes int, ok bool) {
	date := day.Format(time.DateOnly)
	for _, sh := range l.SpecialHours {
		if sh.Date != date || (sh.Department != "sales" && sh.Department != "all") {
			continue
		}
		if !strings.EqualFold(sh.Status, "Open") {
			return 0, 0, false
		}
		o, err1 := clockMinutes(sh.StartHour)
		c, err2 := clockMinutes(sh.EndHour)
		if err1 == nil && err2 == nil && c > o {
			return o, c, true
		}
		break // open on a special day without hours: the weekday's hours
	}
	for _, h := range l.ContactDetail.OpeningHours {
		if h.Weekday != int(day.Weekday()) || !strings.EqualFold(h.Status, "Open") {
			continue
		}
		o, err1 := clockMinutes(h.Open)
		c, err2 := clockMinutes(h.Close)
		if err1 == nil && err2 == nil && c > o {
			return o, c, true
		}
	}
	return 0, 0, false
}

// atClock is the instant minutes after midnight on day, as wall-clock time
// in tz (so a daylight-saving change keeps 9:00 at 9:00).
func atClock(day time.Time, minutes int, tz *time.Location) time.Time {
	return time.Date(day.Year(), day.Month(), day.Day(), minutes/60, minutes%60, 0, 0, tz)
}

func clockMinutes(hhmm string) (int, error) {
	m := clock24.FindStringSubmatch(strings.TrimSpace(hhmm))
	if m == nil {
		return 0, fmt.Errorf("clock %q: want HH:MM", hhmm)
	}
	h, _ := strconv.Atoi(m[1])
	min, _ := strconv.Atoi(m[2])
	if h > 24 || min > 59 || (h == 24 && min > 0) {
		return 0, fmt.Errorf("clock %q: out of range", hhmm)
	}
	return h*60 + min, nil
}

// slotLabel is a slot's time as shoppers read it: "9:00 am", "12:30 pm",
// as the opening hours write it (clockText, one 12-hour clock).
func slotLabel(t time.Time) string {
	return clockText(t.Hour()*60 + t.Minute())
}

package shared

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	// The zone database is embedded so that a location's hours mean the same
	// on a Lambda image without /usr/share/zoneinfo as on a laptop.
	_ "time/tzdata"
)

// OpenStatus is a location's "Open now / Closes 5:30 pm" line at one moment,
// in the location's time zone (spec 001 §2 "Opening hours"). It depends on
// the time of the request, so it is computed when read and never stored.
type OpenStatus struct {
	Open bool `json:"open"`
	// Label is "Open now" or "Closed now".
	Label string `json:"label"`
	// Detail is "Closes 5:30 pm", "Opens 8:00 am", "Opens 8:00 am Monday" or "".
	Detail string `json:"detail,omitempty"`
}

// HolidayHours is one line of the Holiday Opening Hours dialog (spec 001 §2).
type HolidayHours struct {
	Date       string `json:"date"`  // 2026-12-25
	Label      string `json:"label"` // "Friday 25 December"
	Text       string `json:"text"`  // "Closed", "9:00 am - 2:00 pm"
	Closed     bool   `json:"closed"`
	Department string `json:"department"`
}

// zoneOf is the zone a location's hours are kept in: the location's own,
// else the site's, else DefaultTimeZone (an unknown name falls back too, so
// a bad config shows hours rather than an error).
func zoneOf(s Site, l Location) *time.Location {
	if z, err := s.ZoneOf(l); err == nil && z.String() != "Local" {
		return z
	}
	z, _ := time.LoadLocation(DefaultTimeZone)
	return z
}

// department is the location's department as special hours name it.
func (l Location) department() string { return string(cmp.Or(l.LocationType, LocationSales)) }

// dayHours are one day's hours: closed, or open from..until in minutes past midnight.
type dayHours struct {
	known      bool
	closed     bool
	open, shut int
}

// hoursOn returns the location's hours on the local date of day: a special
// (holiday) entry for that date and its department (or "all") wins over the
// weekday's regular hours.
func (l Location) hoursOn(day time.Time) dayHours {
	date := day.Format(time.DateOnly)
	for _, sh := range l.SpecialHours {
		if sh.Date != date || (sh.Department != "all" && sh.Department != l.department()) {
			continue
		}
		if strings.EqualFold(sh.Status, "Closed") {
			return dayHours{known: true, closed: true}
		}
		o, err1 := minutes(sh.StartHour)
		c, err2 := minutes(sh.EndHour)
		if err1 == nil && err2 == nil && c > o {
			return dayHours{known: true, open: o, shut: c}
		}
	}
	for _, h := range l.ContactDetail.OpeningHours {
		if h.Weekday != int(day.Weekday()) {
			continue
		}
		if strings.EqualFold(h.Status, "Closed") {
			return dayHours{known: true, closed: true}
		}
		o, err1 := minutes(h.Open)
		c, err2 := minutes(h.Close)
		if err1 == nil && err2 == nil && c > o {
			return dayHours{known: true, open: o, shut: c}
		}
	}
	return dayHours{}
}

// OpenStatusAt says whether the location is open at now, in its time zone
// (its own, else the site's), and when it next closes or opens (within a week), holiday hours
// included. A location without opening hours has no status (nil): missing
// hours show nothing (spec 001 §2).
func OpenStatusAt(s Site, l Location, now time.Time) *OpenStatus {
	if len(l.ContactDetail.OpeningHours) == 0 {
		return nil
	}
	local := now.In(zoneOf(s, l))
	mins := local.Hour()*60 + local.Minute()
	today := l.hoursOn(local)
	if today.known && !today.closed && mins >= today.open && mins < today.shut {
		return &OpenStatus{Open: true, Label: "Open now", Detail: "Closes " + clockText(today.shut)}
	}
	st := &OpenStatus{Label: "Closed now"}
	if today.known && !today.closed && mins < today.open {
		st.Detail = "Opens " + clockText(today.open)
		return st
	}
	for d := 1; d <= 7; d++ {
		day := local.AddDate(0, 0, d)
		h := l.hoursOn(day)
		if h.known && !h.closed {
			when := day.Weekday().String()
			if d == 1 {
				when = "tomorrow"
			}
			st.Detail = fmt.Sprintf("Opens %s %s", clockText(h.open), when)
			break
		}
	}
	return st
}

// HolidayHoursFrom lists the location's special hours from today (in its
// time zone) on, by date, for the Holiday Opening Hours dialog, times in
// 12-hour form with am or pm (spec 001 §2). Past dates are left out, so the
// list is computed when read.
func HolidayHoursFrom(s Site, l Location, now time.Time) []HolidayHours {
	today := now.In(zoneOf(s, l)).Format(time.DateOnly)
	var out []HolidayHours
	for _, sh := range l.SpecialHours {
		d, err := time.Parse(time.DateOnly, sh.Date)
		if err != nil || sh.Date < today {
			continue
		}
		h := HolidayHours{Date: sh.Date, Label: d.Format("Monday 2 January 2006"), Department: sh.Department, Text: "Closed", Closed: true}
		if !strings.EqualFold(sh.Status, "Closed") {
			o, err1 := minutes(sh.StartHour)
			c, err2 := minutes(sh.EndHour)
			if err1 == nil && err2 == nil {
				h.Text, h.Closed = clockText(o)+" - "+clockText(c), false
			} else {
				h.Text, h.Closed = "Open", false
			}
		}
		out = append(out, h)
	}
	slices.SortStableFunc(out, func(a, b HolidayHours) int { return cmp.Compare(a.Date, b.Date) })
	return out
}

// minutes parses "HH:MM" as minutes past midnight.
func minutes(hhmm string) (int, error) {
	m := clock24.FindStringSubmatch(strings.TrimSpace(hhmm))
	if m == nil {
		return 0, fmt.Errorf("clock %q: want HH:MM", hhmm)
	}
	h, _ := strconv.Atoi(m[1])
	mm, _ := strconv.Atoi(m[2])
	if h > 23 || mm > 59 {
		return 0, fmt.Errorf("clock %q: out of range", hhmm)
	}
	return h*60 + mm, nil
}

// clockText writes minutes past midnight as "5:30 pm".
func clockText(mins int) string {
	s, _ := Clock12(fmt.Sprintf("%02d:%02d", mins/60, mins%60))
	return s[:len(s)-2] + " " + s[len(s)-2:]
}

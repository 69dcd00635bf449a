package shared

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// CarPhone returns the number to call about a car, by spec 001 §8's fallback
// order: the site's override; the number for the car's type (demo falling
// back to new); new; used; then the car's location phone. It is "" when
// there is none.
func CarPhone(c Car, s Site) string {
	p := s.Phones
	candidates := []string{p.Override}
	switch c.CarType {
	case CarTypeNew:
		candidates = append(candidates, p.New)
	case CarTypeUsed:
		candidates = append(candidates, p.Used)
	case CarTypeDemo:
		candidates = append(candidates, p.Demo, p.New)
	}
	candidates = append(candidates, p.New, p.Used)
	if c.Location != nil {
		candidates = append(candidates, c.Location.Phone)
	}
	for _, n := range candidates {
		if n = strings.TrimSpace(n); n != "" {
			return n
		}
	}
	return ""
}

// HoursLine is one line of an opening-hours table.
type HoursLine struct {
	Days   string `json:"days"`   // "Mon-Fri", "Saturday"
	Text   string `json:"text"`   // "8:30am - 5:30pm", or the closed text
	Closed bool   `json:"closed"` // the web adds an Enquire Now link when hours.closed_enquire_link is on
}

var weekdayNames = [7]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}

// OpeningHoursLines lays out a location's opening hours (spec 001 §2
// "Opening hours"): Monday first and Sunday last; the five weekday lines
// collapse into one "Mon-Fri" line when all five are present and identical;
// times in 12-hour format with am or pm; a closed day shows closedText (the
// site's hours.closed_text) or else its status. No hours give no lines.
func OpeningHoursLines(hours []OpeningHours, closedText string) []HoursLine {
	byDay := map[int]HoursLine{}
	for _, h := range hours {
		if h.Weekday < 0 || h.Weekday > 6 {
			continue
		}
		byDay[h.Weekday] = hoursLine(h, closedText)
	}
	var lines []HoursLine
	mon, ok := byDay[1]
	collapse := ok
	for d := 2; d <= 5 && collapse; d++ {
		l, ok := byDay[d]
		collapse = ok && l.Text == mon.Text && l.Closed == mon.Closed
	}
	for _, d := range []int{1, 2, 3, 4, 5, 6, 0} {
		l, ok := byDay[d]
		if !ok {
			continue
		}
		if collapse && d >= 1 && d <= 5 {
			if d == 1 {
				l.Days = "Mon-Fri"
				lines = append(lines, l)
			}
			continue
		}
		lines = append(lines, l)
	}
	return lines
}

func hoursLine(h OpeningHours, closedText string) HoursLine {
	l := HoursLine{Days: weekdayNames[h.Weekday]}
	if strings.EqualFold(h.Status, "Closed") {
		l.Closed = true
		l.Text = cmp.Or(closedText, h.Status)
		return l
	}
	open, err1 := Clock12(h.Open)
	closes, err2 := Clock12(h.Close)
	if err1 != nil || err2 != nil {
		l.Text = h.FormatedHours
		return l
	}
	l.Text = open + " - " + closes
	return l
}

var clock24 = regexp.MustCompile(`^(\d{1,2}):(\d{2})(?::\d{2})?$`)

// Clock12 turns a 24-hour time ("17:30", "08:00:00") into 12-hour form
// with am or pm ("5:30pm", "8:00am"); noon is 12:00pm, midnight 12:00am.
func Clock12(hhmm string) (string, error) {
	m := clock24.FindStringSubmatch(strings.TrimSpace(hhmm))
	if m == nil {
		return "", fmt.Errorf("clock %q: want HH:MM", hhmm)
	}
	h, _ := strconv.Atoi(m[1])
	if h > 23 || m[2] > "59" {
		return "", fmt.Errorf("clock %q: out of range", hhmm)
	}
	suffix := "am"
	if h >= 12 {
		suffix = "pm"
	}
	if h%12 == 0 {
		h = 12
	} else {
		h %= 12
	}
	return fmt.Sprintf("%d:%s%s", h, m[2], suffix), nil
}

// LocationRank orders departments: sales (and blank) 1, service 2, parts 3
// (spec 001 §9).
func LocationRank(t LocationType) int {
	switch t {
	case LocationService:
		return 2
	case LocationParts:
		return 3
	}
	return 1
}

// IsVisible reports whether the location is shown; visible defaults to true.
func (l Location) IsVisible() bool { return l.Visible == nil || *l.Visible }

// SortedLocations returns the visible locations ordered sales, service, parts
// (spec 001 §2 "Locations"), keeping the configured order within a rank.
func SortedLocations(locs []Location) []Location {
	out := make([]Location, 0, len(locs))
	for _, l := range locs {
		if l.IsVisible() {
			out = append(out, l)
		}
	}
	slices.SortStableFunc(out, func(a, b Location) int {
		return cmp.Compare(LocationRank(a.LocationType), LocationRank(b.LocationType))
	})
	return out
}

var departmentSuffix = regexp.MustCompile(`(?i)\s+-\s+(sales|service|parts)\s*$`)

// ContactSlug is the slug of a location's /contact-us/{slug} page: its name
// with a " - Sales", " - Service" or " - Parts" suffix stripped, slugified
// (spec 001 §2 routes).
func ContactSlug(name string) string {
	return Slugify(departmentSuffix.ReplaceAllString(name, ""))
}

// Slugify lower-cases s and joins its runs of letters and digits with single
// hyphens: "Coastal Mazda & Kia" -> "coastal-mazda-kia".
func Slugify(s string) string {
	var words []string
	for _, w := range wordSplit.Split(strings.ToLower(s), -1) {
		if w != "" {
			words = append(words, w)
		}
	}
	return strings.Join(words, "-")
}

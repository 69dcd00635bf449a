package shared

import (
	"cmp"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

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

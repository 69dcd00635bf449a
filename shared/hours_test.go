package shared

import (
	"reflect"
	"testing"
)

func TestOpeningHoursLines(t *testing.T) {
	open := func(d int, o, c string) OpeningHours {
		return OpeningHours{Weekday: d, Status: "Open", Open: o, Close: c}
	}
	closed := func(d int) OpeningHours { return OpeningHours{Weekday: d, Status: "Closed"} }
	week := []OpeningHours{closed(0), open(1, "08:30", "17:30"), open(2, "08:30", "17:30"), open(3, "08:30", "17:30"),
		open(4, "08:30", "17:30"), open(5, "08:30", "17:30"), open(6, "09:00", "12:00")}
	tests := []struct {
		name   string
		hours  []OpeningHours
		closed string
		want   []HoursLine
	}{
		{"identical weekdays collapse to Mon-Fri; Monday first, Sunday last; 12-hour times", week, "", []HoursLine{
			{Days: "Mon-Fri", Text: "8:30am - 5:30pm"}, {Days: "Saturday", Text: "9:00am - 12:00pm"}, {Days: "Sunday", Text: "Closed", Closed: true}}},
		{"the site's closed text", week, "By appointment only", []HoursLine{
			{Days: "Mon-Fri", Text: "8:30am - 5:30pm"}, {Days: "Saturday", Text: "9:00am - 12:00pm"}, {Days: "Sunday", Text: "By appointment only", Closed: true}}},
		{"a different Thursday keeps every day", []OpeningHours{open(5, "08:30", "17:30"), open(4, "08:30", "21:00"), open(3, "08:30", "17:30"),
			open(2, "08:30", "17:30"), open(1, "08:30", "17:30")}, "", []HoursLine{
			{Days: "Monday", Text: "8:30am - 5:30pm"}, {Days: "Tuesday", Text: "8:30am - 5:30pm"}, {Days: "Wednesday", Text: "8:30am - 5:30pm"},
			{Days: "Thursday", Text: "8:30am - 9:00pm"}, {Days: "Friday", Text: "8:30am - 5:30pm"}}},
		{"a missing weekday keeps the others apart", []OpeningHours{open(1, "09:00", "17:00"), open(2, "09:00", "17:00")}, "", []HoursLine{
			{Days: "Monday", Text: "9:00am - 5:00pm"}, {Days: "Tuesday", Text: "9:00am - 5:00pm"}}},
		{"formatted hours when times are missing", []OpeningHours{{Weekday: 6, Status: "Open", FormatedHours: "9 - 1"}}, "", []HoursLine{{Days: "Saturday", Text: "9 - 1"}}},
		{"missing hours show nothing", nil, "", nil},
	}
	for _, tt := range tests {
		t.Run("spec 001 §2: "+tt.name, func(t *testing.T) {
			if got := OpeningHoursLines(tt.hours, tt.closed); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestClock12(t *testing.T) {
	tests := map[string]string{"00:00": "12:00am", "00:30": "12:30am", "08:05": "8:05am", "11:59": "11:59am", "12:00": "12:00pm",
		"13:15": "1:15pm", "17:30:00": "5:30pm", "23:59": "11:59pm", "9:00": "9:00am"}
	for in, want := range tests {
		if got, err := Clock12(in); err != nil || got != want {
			t.Errorf("Clock12(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "24:00", "8am", "12:60"} {
		if _, err := Clock12(in); err == nil {
			t.Errorf("Clock12(%q): want an error", in)
		}
	}
}

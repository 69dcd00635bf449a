package shared

import (
	"testing"
	"unicode/utf8"
)

// A value quoted in an error is cut on a character boundary (feed
// body_problems, unknown event ids and lead options): half a character
// would be an invalid byte in the JSON error body.
func TestTruncate(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"hatch", 10, "hatch"},
		{"hatchback", 5, "hatch"},
		{"Ute – dual cab", 5, "Ute "},
		{"Ute – dual cab", 6, "Ute "},
		{"Ute – dual cab", 7, "Ute –"},
		{"", 3, ""},
	} {
		got := Truncate(tc.in, tc.n)
		if got != tc.want || !utf8.ValidString(got) {
			t.Errorf("Truncate(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}

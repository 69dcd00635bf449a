package shared

import (
	"reflect"
	"strings"
	"testing"
)

func TestSplitDealerComments(t *testing.T) {
	long := strings.Repeat("a", 300)
	tests := []struct {
		name      string
		text      string
		segments  int
		short     []string
		truncated bool
	}{
		{"segments split on the bar", "One owner | Full service history||Logbooks ", 3, []string{"One owner", "Full service history", "Logbooks"}, false},
		{"empty", "", 0, nil, false},
		{"cut at 400 characters across segments", long + "|" + long, 2, []string{long, strings.Repeat("a", 100)}, true},
		{"exactly 400 is not truncated", strings.Repeat("é", 400), 1, []string{strings.Repeat("é", 400)}, false},
		{"401 is", strings.Repeat("é", 401), 1, []string{strings.Repeat("é", 400)}, true},
		{"a segment after the limit is dropped", strings.Repeat("b", 400) + "|more", 2, []string{strings.Repeat("b", 400)}, true},
	}
	for _, tt := range tests {
		t.Run("spec 000 §2: "+tt.name, func(t *testing.T) {
			d := SplitDealerComments(tt.text)
			if len(d.Segments) != tt.segments || !reflect.DeepEqual(d.Short, tt.short) || d.Truncated != tt.truncated {
				t.Errorf("got %d segments, short %q, truncated %v", len(d.Segments), d.Short, d.Truncated)
			}
		})
	}
}

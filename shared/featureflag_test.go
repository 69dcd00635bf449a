package shared

import "testing"

// Issue 34: the page table names site flags by their JSON names.
func TestFeaturesFlag(t *testing.T) {
	f := Features{SpinToWin: true, FavouritesPath: "/favourites"}
	for _, tt := range []struct {
		name string
		want bool
	}{
		{"spin_to_win", true},
		{"spin_to_win_gated", false},
		{"favourites_path", false}, // not a boolean
		{"no_such_flag", false},
	} {
		if got := f.Flag(tt.name); got != tt.want {
			t.Errorf("Flag(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

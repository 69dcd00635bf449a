package shared

import "testing"

// Spec 001 §4: the sign-in path carries type, redirect and back. Which
// pages are gated is the page table's (route.Pages, TestGated).
func TestSignInPath(t *testing.T) {
	if got, want := SignInPath("watchlist", "/cars/x", "/search"), "/sign-in?back=%2Fsearch&redirect=%2Fcars%2Fx&type=watchlist"; got != want {
		t.Errorf("SignInPath = %q, want %q", got, want)
	}
}

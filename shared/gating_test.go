package shared

import "testing"

func TestRouteGated(t *testing.T) {
	gated := Site{Features: Features{SpinToWinGated: true}}
	open := Site{}
	tests := []struct {
		path string
		site Site
		want bool
	}{
		{"/cars/2020-toyota-corolla-abc/checkout", open, true},
		{"/cars/2020-toyota-corolla-abc/buy-online/", open, true},
		{"/personalised/finance?car_id=1", open, true},
		{"/online-payment", open, true},
		{"/spin-to-win", gated, true},
		{"/spin-to-win", open, false},
		{"/trade-in", gated, false},
		{"/sell-my-car", gated, false},
		{"/cars/trade-in?car_id=1", gated, false},
		{"/cars/2020-toyota-corolla-abc", gated, false},
	}
	for _, tt := range tests {
		if got := RouteGated(tt.path, tt.site); got != tt.want {
			t.Errorf("spec 001 §5: RouteGated(%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
	if got, want := SignInPath("watchlist", "/cars/x", "/search"), "/sign-in?back=%2Fsearch&redirect=%2Fcars%2Fx&type=watchlist"; got != want {
		t.Errorf("SignInPath = %q, want %q", got, want)
	}
}

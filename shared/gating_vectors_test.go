package shared

import "testing"

// gating.json and sign_in_path.json: RouteGated and SignInPath on the cases
// the web's twins (web/src/features/accounts/lib/gating.ts) run too.
func TestGatingVectors(t *testing.T) {
	type in struct {
		Path           string `json:"path"`
		SpinToWinGated bool   `json:"spin_to_win_gated"`
	}
	type want struct {
		Gated bool `json:"gated"`
	}
	for _, v := range loadVectors[in, want](t, "gating.json") {
		site := Site{Features: Features{SpinToWinGated: v.Input.SpinToWinGated}}
		if got := RouteGated(v.Input.Path, site); got != v.Want.Gated {
			t.Errorf("%s: RouteGated(%q) = %v, want %v", v.Name, v.Input.Path, got, v.Want.Gated)
		}
	}
}

func TestSignInPathVectors(t *testing.T) {
	type in struct {
		Kind     string `json:"kind"`
		Redirect string `json:"redirect"`
		Back     string `json:"back"`
	}
	for _, v := range loadVectors[in, string](t, "sign_in_path.json") {
		if got := SignInPath(v.Input.Kind, v.Input.Redirect, v.Input.Back); got != v.Want {
			t.Errorf("%s: got %q, want %q", v.Name, got, v.Want)
		}
	}
}

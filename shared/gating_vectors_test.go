package shared

import "testing"

// sign_in_path.json: SignInPath on the cases the web's twin
// (web/src/features/accounts/lib/gating.ts) runs too.
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

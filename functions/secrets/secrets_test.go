package secrets

import (
	"context"
	"testing"
)

// Locally a webhook secret comes from FORECOURT_SECRET_<NAME>, else (dev
// gateway only) from the dev prefix; with neither it is an error.
func TestEnv(t *testing.T) {
	if got, want := EnvName("forecourt/webhook/acme-kia"), "FORECOURT_SECRET_FORECOURT_WEBHOOK_ACME_KIA"; got != want {
		t.Errorf("EnvName = %q, want %q", got, want)
	}
	vars := map[string]string{"FORECOURT_SECRET_HOOK_A": "from-env"}
	getenv := func(k string) string { return vars[k] }
	ctx := context.Background()
	for _, tt := range []struct {
		src     Env
		name    string
		want    string
		wantErr bool
	}{
		{Env{Getenv: getenv}, "hook/a", "from-env", false},
		{Env{Getenv: getenv, DevPrefix: "dev:"}, "hook/a", "from-env", false},
		{Env{Getenv: getenv, DevPrefix: "dev:"}, "hook/b", "dev:hook/b", false},
		{Env{Getenv: getenv}, "hook/b", "", true},
	} {
		got, err := tt.src.Secret(ctx, tt.name)
		if got != tt.want || (err != nil) != tt.wantErr {
			t.Errorf("Secret(%q) with prefix %q = %q, %v; want %q (error %v)", tt.name, tt.src.DevPrefix, got, err, tt.want, tt.wantErr)
		}
	}
}

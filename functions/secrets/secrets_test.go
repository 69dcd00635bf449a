package secrets

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager/types"
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

// fakeManager answers GetSecretValue from versions by stage, counting calls.
type fakeManager struct {
	versions map[string]map[string]string // name → stage → value
	// created is when each name's versions were created, by stage
	// (Secrets Manager's CreatedDate); unset is the zero time.
	created map[string]map[string]time.Time
	calls   int
}

func (f *fakeManager) GetSecretValue(_ context.Context, in *secretsmanager.GetSecretValueInput, _ ...func(*secretsmanager.Options)) (*secretsmanager.GetSecretValueOutput, error) {
	f.calls++
	v, ok := f.versions[aws.ToString(in.SecretId)][aws.ToString(in.VersionStage)]
	if !ok {
		return nil, &types.ResourceNotFoundException{Message: aws.String("no such version")}
	}
	created := f.created[aws.ToString(in.SecretId)][aws.ToString(in.VersionStage)]
	return &secretsmanager.GetSecretValueOutput{SecretString: aws.String(v), CreatedDate: aws.Time(created)}, nil
}

// Issue 15 "Secrets": a Lambda's environment names its secrets
// (<VAR>_SECRET_ID, "name#field" for a JSON secret) and the values are
// read once at cold start; variables without a _SECRET_ID pass through.
func TestResolveReadsNamedSecretsOnce(t *testing.T) {
	f := &fakeManager{versions: map[string]map[string]string{
		"forecourt/algolia": {stageCurrent: `{"admin_key":"adm","search_key":"srch"}`},
		"forecourt/captcha": {stageCurrent: "cap"},
	}}
	m := newManager(f, time.Now)
	env := map[string]string{
		"ALGOLIA_ADMIN_KEY_SECRET_ID":     "forecourt/algolia#admin_key",
		"ALGOLIA_SEARCH_KEY_SECRET_ID":    "forecourt/algolia#search_key",
		"FORECOURT_CAPTCHA_KEY_SECRET_ID": "forecourt/captcha",
		"ALGOLIA_APP_ID":                  "APP",
	}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	got, err := Resolve(context.Background(), m, lookup, "ALGOLIA_ADMIN_KEY", "ALGOLIA_SEARCH_KEY", "FORECOURT_CAPTCHA_KEY", "STRIPE_SECRET_KEY")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"ALGOLIA_ADMIN_KEY": "adm", "ALGOLIA_SEARCH_KEY": "srch", "FORECOURT_CAPTCHA_KEY": "cap", "ALGOLIA_APP_ID": "APP"} {
		if v, ok := got(name); !ok || v != want {
			t.Errorf("%s = %q, %v; want %q", name, v, ok, want)
		}
	}
	if _, ok := got("STRIPE_SECRET_KEY"); ok {
		t.Errorf("STRIPE_SECRET_KEY is set, want unset (no _SECRET_ID)")
	}
	// The JSON secret is fetched once for both of its fields (cached).
	if f.calls != 2 {
		t.Errorf("GetSecretValue called %d times, want 2", f.calls)
	}
}

// A missing field or secret stops the cold start with the variable's name
// and never the secret's value in the message.
func TestResolveFailsClearly(t *testing.T) {
	f := &fakeManager{versions: map[string]map[string]string{"s": {stageCurrent: `{"other":"hunter2"}`}}}
	m := newManager(f, time.Now)
	for _, ref := range []string{"s#admin_key", "missing", "#admin_key"} {
		lookup := func(k string) (string, bool) { return ref, k == "X_SECRET_ID" }
		_, err := Resolve(context.Background(), m, lookup, "X")
		if err == nil || !strings.Contains(err.Error(), "X_SECRET_ID") || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("ref %q: err = %v, want one naming X_SECRET_ID without the value", ref, err)
		}
	}
}

// Issue 15: the origin secret rotates without downtime: while a rotation
// is under way both the new (AWSCURRENT) and the replaced (AWSPREVIOUS)
// value are accepted; a secret never rotated has one accepted value. The
// cache expires, so a warm Lambda learns of a rotation within CacheFor.
func TestRotatingAcceptsCurrentAndPrevious(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	f := &fakeManager{versions: map[string]map[string]string{"origin": {stageCurrent: "one"}}}
	m := newManager(f, func() time.Time { return now })
	r := Rotating{Source: m, Ref: "origin"}
	ctx := context.Background()
	if got, err := r.Accepted(ctx); err != nil || !slices.Equal(got, []string{"one"}) {
		t.Fatalf("before rotation: %v, %v; want [one]", got, err)
	}
	f.versions["origin"] = map[string]string{stageCurrent: "two", stagePrevious: "one"}
	f.created = map[string]map[string]time.Time{"origin": {stageCurrent: now}}
	if got, _ := r.Accepted(ctx); !slices.Equal(got, []string{"one"}) {
		t.Errorf("within the cache: %v, want [one] still", got)
	}
	now = now.Add(CacheFor)
	if got, err := r.Accepted(ctx); err != nil || !slices.Equal(got, []string{"two", "one"}) {
		t.Errorf("after rotation: %v, %v; want [two one]", got, err)
	}
}

// Issue 31 (second pass) "the previous origin secret stays valid until the
// next rotation": the replaced value is accepted only for OriginGrace after
// the new one was put (its version's creation), long enough to deploy every
// tenant stack; after that only the current value opens the origin, even
// if nobody rotates again.
func TestRotatingAcceptsPreviousForTheGracePeriodOnly(t *testing.T) {
	rotated := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	f := &fakeManager{
		versions: map[string]map[string]string{"origin": {stageCurrent: "two", stagePrevious: "one"}},
		created:  map[string]map[string]time.Time{"origin": {stageCurrent: rotated}},
	}
	tests := []struct {
		after time.Duration
		want  []string
	}{
		{0, []string{"two", "one"}},
		{OriginGrace - time.Minute, []string{"two", "one"}},
		{OriginGrace, []string{"two"}},
		{30 * 24 * time.Hour, []string{"two"}},
	}
	for _, tt := range tests {
		// A fresh container at each moment: nothing cached.
		now := rotated.Add(tt.after)
		r := Rotating{Source: newManager(f, func() time.Time { return now }), Ref: "origin"}
		got, err := r.Accepted(context.Background())
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("%v after the rotation: %v, %v; want %v", tt.after, got, err, tt.want)
		}
	}
	if OriginGrace < 12*time.Hour {
		t.Errorf("OriginGrace %v: too short to deploy every tenant stack", OriginGrace)
	}
}

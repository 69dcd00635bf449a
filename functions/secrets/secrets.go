// Package secrets reads named secrets (the search admin key, the origin
// secret, the captcha and Stripe keys, the dealerships' webhook signing
// secrets): from AWS Secrets Manager in AWS, from the environment locally.
// In AWS a Lambda's environment holds only secret names (IDSuffix), never
// values (issue 15).
package secrets

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager/types"
)

// Source returns the value of a named secret.
type Source interface {
	Secret(ctx context.Context, name string) (string, error)
}

// Env reads secrets from the environment: FORECOURT_SECRET_<NAME>, the
// name upper-cased with every other character than letters and digits
// turned into "_" ("forecourt/webhook/acme" → FORECOURT_SECRET_FORECOURT_WEBHOOK_ACME).
// When that is unset and DevPrefix is set (the dev gateway only), the
// secret is DevPrefix + name, so local webhooks are signed without setup.
type Env struct {
	Getenv    func(string) string
	DevPrefix string
}

// EnvName is the variable Env reads for a secret name.
func EnvName(name string) string {
	return "FORECOURT_SECRET_" + strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		case r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			return r
		}
		return '_'
	}, name)
}

func (e Env) Secret(_ context.Context, name string) (string, error) {
	if v := e.Getenv(EnvName(name)); v != "" {
		return v, nil
	}
	if e.DevPrefix != "" {
		return e.DevPrefix + name, nil
	}
	return "", fmt.Errorf("secret %q: %s is not set", name, EnvName(name))
}

// CacheFor is how long Manager keeps a secret: a rotated secret reaches
// warm Lambda containers within it.
const CacheFor = 5 * time.Minute

// Manager reads secrets from AWS Secrets Manager, caching each for CacheFor.
type Manager struct {
	client getter
	now    func() time.Time
	mu     sync.Mutex
	cache  map[string]cached // by name and version stage
}

// getter is the one Secrets Manager call Manager makes.
type getter interface {
	GetSecretValue(ctx context.Context, in *secretsmanager.GetSecretValueInput, opts ...func(*secretsmanager.Options)) (*secretsmanager.GetSecretValueOutput, error)
}

type cached struct {
	value string
	// created is when the version was created (Secrets Manager's
	// CreatedDate): for the current value, when it was rotated in.
	created time.Time
	at      time.Time
}

// Version stages Secrets Manager moves on a rotation: the new value becomes
// AWSCURRENT and the one it replaced AWSPREVIOUS.
const (
	stageCurrent  = "AWSCURRENT"
	stagePrevious = "AWSPREVIOUS"
)

// NewManager connects with the default credential chain and AWS_REGION.
func NewManager(ctx context.Context) (*Manager, error) {
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, fmt.Errorf("secrets manager config: %w", err)
	}
	return newManager(secretsmanager.NewFromConfig(cfg), time.Now), nil
}

func newManager(client getter, now func() time.Time) *Manager {
	return &Manager{client: client, now: now, cache: map[string]cached{}}
}

func (m *Manager) Secret(ctx context.Context, name string) (string, error) {
	c, err := m.stage(ctx, name, stageCurrent)
	return c.value, err
}

// Previous returns the value a rotation replaced, and false when the
// secret has never been rotated.
func (m *Manager) Previous(ctx context.Context, name string) (string, bool, error) {
	c, err := m.stage(ctx, name, stagePrevious)
	return c.value, c.value != "", err
}

// RotatedAt is when the secret's current value was put (its version's
// creation).
func (m *Manager) RotatedAt(ctx context.Context, name string) (time.Time, error) {
	c, err := m.stage(ctx, name, stageCurrent)
	return c.created, err
}

func (m *Manager) stage(ctx context.Context, name, stage string) (cached, error) {
	key := stage + "\x00" + name
	m.mu.Lock()
	c, ok := m.cache[key]
	m.mu.Unlock()
	if ok && m.now().Sub(c.at) < CacheFor {
		return c, nil
	}
	out, err := m.client.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{
		SecretId: aws.String(name), VersionStage: aws.String(stage)})
	var notFound *types.ResourceNotFoundException
	switch {
	case stage == stagePrevious && errors.As(err, &notFound):
		// Never rotated: no previous version. Cached like a value.
		out = &secretsmanager.GetSecretValueOutput{}
	case err != nil:
		return cached{}, fmt.Errorf("get secret %q (%s): %w", name, stage, err)
	}
	c = cached{value: aws.ToString(out.SecretString), created: aws.ToTime(out.CreatedDate), at: m.now()}
	m.mu.Lock()
	m.cache[key] = c
	m.mu.Unlock()
	return c, nil
}

// FromEnv chooses the source the environment configures: Secrets Manager
// in AWS, the environment (Env) when FORECOURT_DYNAMO_ENDPOINT names a
// local stack.
func FromEnv(ctx context.Context, getenv func(string) string) (Source, error) {
	if getenv("FORECOURT_DYNAMO_ENDPOINT") != "" {
		return Env{Getenv: getenv}, nil
	}
	return NewManager(ctx)
}

// IDSuffix marks a variable naming where another's value is kept: with
// ALGOLIA_ADMIN_KEY_SECRET_ID=forecourt/algolia#admin_key set, Resolve
// answers ALGOLIA_ADMIN_KEY with the field admin_key of the JSON secret
// forecourt/algolia. The name may be an ARN; "#field" is optional.
const IDSuffix = "_SECRET_ID"

// ParseRef splits "name#field" into the secret's name and its JSON field
// ("" for a plain string secret).
func ParseRef(ref string) (name, field string) {
	name, field, _ = strings.Cut(ref, "#")
	return name, field
}

// Value reads the secret ref names ("name" or "name#field") from src.
func Value(ctx context.Context, src Source, ref string) (string, error) {
	name, field := ParseRef(ref)
	if name == "" {
		return "", fmt.Errorf("secret reference %q names no secret", ref)
	}
	raw, err := src.Secret(ctx, name)
	if err != nil {
		return "", err
	}
	return fieldOf(name, field, raw)
}

func fieldOf(name, field, raw string) (string, error) {
	if field == "" {
		return raw, nil
	}
	var fields map[string]string
	if err := json.Unmarshal([]byte(raw), &fields); err != nil {
		// Never the value in the error: it may be the secret itself.
		return "", fmt.Errorf("secret %q is not a JSON object of strings", name)
	}
	v, ok := fields[field]
	if !ok || v == "" {
		return "", fmt.Errorf("secret %q has no field %q", name, field)
	}
	return v, nil
}

// Lookup answers a variable as os.LookupEnv does.
type Lookup func(name string) (string, bool)

// Resolve reads, once (a Lambda's cold start), every variable of names
// whose NAME+IDSuffix is set, from src, and returns a Lookup answering
// those with the secrets' values and every other variable from lookup.
// Locally nothing sets the _SECRET_ID variables and the values come from
// the environment as before.
func Resolve(ctx context.Context, src Source, lookup Lookup, names ...string) (Lookup, error) {
	values := map[string]string{}
	for _, n := range names {
		ref, ok := lookup(n + IDSuffix)
		if !ok || ref == "" {
			continue
		}
		v, err := Value(ctx, src, ref)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", n+IDSuffix, err)
		}
		values[n] = v
	}
	return func(name string) (string, bool) {
		if v, ok := values[name]; ok {
			return v, true
		}
		return lookup(name)
	}, nil
}

// Rotating is a secret that may have two accepted values while it is being
// rotated: the current one and, for OriginGrace after the rotation, the one
// it replaced (the origin secret, which the tenant distributions send and
// switch to only when their stacks are deployed again; docs/operations.md
// "Rotate a secret").
type Rotating struct {
	Source *Manager
	// Ref is "name" or "name#field".
	Ref string
}

// Accepted returns the current value and, within OriginGrace of a
// rotation, the previous.
func (r Rotating) Accepted(ctx context.Context) ([]string, error) {
	name, field := ParseRef(r.Ref)
	raw, err := r.Source.Secret(ctx, name)
	if err != nil {
		return nil, err
	}
	cur, err := fieldOf(name, field, raw)
	if err != nil {
		return nil, err
	}
	out := []string{cur}
	// The previous value only within OriginGrace of the rotation.
	rotated, err := r.Source.RotatedAt(ctx, name)
	if err != nil {
		return nil, err
	}
	if r.Source.now().Sub(rotated) >= OriginGrace {
		return out, nil
	}
	prevRaw, ok, err := r.Source.Previous(ctx, name)
	if err != nil {
		return nil, err
	}
	if ok {
		// A previous version without the field is no accepted value.
		if prev, err := fieldOf(name, field, prevRaw); err == nil {
			out = append(out, prev)
		}
	}
	return out, nil
}

// Static is a fixed list of accepted values (the dev gateway, tests, and a
// Lambda given the values themselves).
type Static []string

func (s Static) Accepted(context.Context) ([]string, error) { return s, nil }

// OriginGrace is how long a rotated origin secret's previous value stays
// accepted after the new one was put: time to deploy every tenant stack,
// whose distributions send the new value only then (docs/operations.md
// "Rotate a secret"). After it the previous value opens nothing, whether
// or not anyone rotates again (issue 31).
const OriginGrace = 24 * time.Hour

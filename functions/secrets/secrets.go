// Package secrets reads named secrets (the dealerships' webhook signing
// secrets): from AWS Secrets Manager in AWS, from the environment locally.
package secrets

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
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
	client *secretsmanager.Client
	now    func() time.Time
	mu     sync.Mutex
	cache  map[string]cached
}

type cached struct {
	value string
	at    time.Time
}

// NewManager connects with the default credential chain and AWS_REGION.
func NewManager(ctx context.Context) (*Manager, error) {
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, fmt.Errorf("secrets manager config: %w", err)
	}
	return &Manager{client: secretsmanager.NewFromConfig(cfg), now: time.Now, cache: map[string]cached{}}, nil
}

func (m *Manager) Secret(ctx context.Context, name string) (string, error) {
	m.mu.Lock()
	c, ok := m.cache[name]
	m.mu.Unlock()
	if ok && m.now().Sub(c.at) < CacheFor {
		return c.value, nil
	}
	out, err := m.client.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: aws.String(name)})
	if err != nil {
		return "", fmt.Errorf("get secret %q: %w", name, err)
	}
	v := aws.ToString(out.SecretString)
	m.mu.Lock()
	m.cache[name] = cached{value: v, at: m.now()}
	m.mu.Unlock()
	return v, nil
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

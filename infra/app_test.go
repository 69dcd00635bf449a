package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"forecourt/infra/constructs/api"
	"forecourt/shared"
)

// tenantsDir is the real tenant folder: the tests synthesize the stacks
// `cdk deploy` would deploy, one per file.
const tenantsDir = "tenants"

// The fixture tenant lists a domain, so the app attaches its certificate.
const (
	fixtureSlug        = "fixture-domains"
	fixtureDomain      = "cars.fixture.example"
	fixtureCertificate = "arn:aws:acm:us-east-1:000000000000:certificate/fixture"
)

// TestMain stops the jsii Node process after the tests. The process reads
// its environment when the CDK packages load, before TestMain runs, so the
// DESIGN.md variables (JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION=20 and
// the others) must be set by the caller (make test).
func TestMain(m *testing.M) {
	code := m.Run()
	jsii.Close()
	os.Exit(code)
}

// webFiles stand for a Vite build (web/dist): the shell and a hashed bundle.
var webFiles = map[string]string{
	"index.html":             `<!doctype html><script type="module" src="/assets/index-abc123.js"></script>`,
	"assets/index-abc123.js": `console.log("forecourt")`,
	"favicon.svg":            `<svg xmlns="http://www.w3.org/2000/svg"/>`,
}

// synthesized is the app built and synthesized once per test binary: each
// synthesis runs the CDK in Node through jsii and takes seconds.
type synthesized struct {
	stacks *Stacks
	// files are the slugs of the tenant files.
	files     []string
	tenants   map[string]Tenant
	templates map[string]assertions.Template
	json      map[string]map[string]any // stack name → template
}

var (
	synthOnce   sync.Once
	synthResult *synthesized
	synthErr    error
)

// synth returns the synthesized app: the real tenant files plus the
// fixture tenant, and dummy Lambda binaries in a temporary folder.
func synth(t *testing.T) *synthesized {
	t.Helper()
	synthOnce.Do(func() {
		synthResult, synthErr = synthApp(synthOptions{tenantsDir: tenantsDir, fixture: true, web: webFiles})
	})
	if synthErr != nil {
		t.Fatalf("synth: %v", synthErr)
	}
	return synthResult
}

// synthOptions choose what synthApp builds.
type synthOptions struct {
	tenantsDir string
	// fixture adds the fixture tenant (a domain with a certificate).
	fixture bool
	// web is the built SPA, file name to content.
	web map[string]string
	// context is added to the app's context (e.g. ctxTenants).
	context map[string]any
}

func synthApp(o synthOptions) (s *synthesized, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cdk: %v", r)
		}
	}()
	lambdaDir, err := os.MkdirTemp("", "forecourt-lambda-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(lambdaDir)
	for _, name := range api.Names() {
		if err := os.MkdirAll(filepath.Join(lambdaDir, name), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(lambdaDir, name, "bootstrap"), []byte("not a binary"), 0o755); err != nil {
			return nil, err
		}
	}
	webDist, err := os.MkdirTemp("", "forecourt-web-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(webDist)
	for name, body := range o.web {
		file := filepath.Join(webDist, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			return nil, err
		}
	}
	outDir, err := os.MkdirTemp("", "forecourt-cdk-out-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(outDir)

	// The shipped context (feature flags included), with test values on top.
	context, err := cdkContext("../cdk.json")
	if err != nil {
		return nil, err
	}
	for k, v := range map[string]any{
		ctxTenantsDir:               o.tenantsDir,
		ctxLambdaDir:                lambdaDir,
		ctxWebDist:                  webDist,
		ctxAlgoliaAppID:             "TESTAPP",
		ctxAlgoliaSecretName:        "test/algolia",
		ctxAlgoliaAPISecretName:     "test/algolia-api",
		ctxOriginSecretName:         "test/origin",
		ctxCaptchaSecretName:        "test/captcha",
		ctxStripeSecretName:         "test/stripe",
		ctxRegion:                   "eu-west-1",
		certificateKey(fixtureSlug): fixtureCertificate,
	} {
		context[k] = v
	}
	for k, v := range o.context {
		context[k] = v
	}
	app := awscdk.NewApp(&awscdk.AppProps{Outdir: jsii.String(outDir), Context: &context})
	cfg, tenants, err := ConfigFromContext(app, func(dir string) ([]Tenant, error) {
		real, err := LoadTenants(dir)
		if err != nil || !o.fixture {
			return real, err
		}
		fixture, err := shared.DecodeSite(strings.NewReader(`{"slug": "`+fixtureSlug+`", "name": "Fixture", "edge_cell": 1,
			"domains": ["`+fixtureDomain+`"], "dealerships": [{"id": "f1", "slug": "fixture", "name": "Fixture",
			"webhook": {"url": "https://crm.fixture.example/leads", "secret_name": "forecourt/webhook/fixture"}}]}`), "fixture")
		if err != nil {
			return nil, err
		}
		config, err := json.Marshal(fixture)
		if err != nil {
			return nil, err
		}
		return append(real, Tenant{Site: fixture, Config: string(config)}), nil
	})
	if err != nil {
		return nil, err
	}
	stacks, err := NewStacks(app, cfg, tenants)
	if err != nil {
		return nil, err
	}
	paths, err := filepath.Glob(filepath.Join(o.tenantsDir, "*.json"))
	if err != nil {
		return nil, err
	}
	s = &synthesized{
		stacks:    stacks,
		tenants:   map[string]Tenant{},
		templates: map[string]assertions.Template{},
		json:      map[string]map[string]any{},
	}
	for _, p := range paths {
		s.files = append(s.files, strings.TrimSuffix(filepath.Base(p), ".json"))
	}
	for _, t := range tenants {
		s.tenants[t.Site.Slug] = t
	}
	all := []awscdk.Stack{stacks.Stateful.Stack, stacks.Platform.Stack}
	for _, es := range stacks.Edges {
		all = append(all, es.Stack)
	}
	for _, ws := range stacks.EdgeWAFs {
		all = append(all, ws.Stack)
	}
	for _, ts := range stacks.Tenants {
		all = append(all, ts.Stack)
	}
	for _, st := range all {
		tpl := assertions.Template_FromStack(st, nil)
		s.templates[*st.StackName()] = tpl
		s.json[*st.StackName()] = *tpl.ToJSON()
	}
	return s, nil
}

// cdkContext reads the context of a cdk.json file.
func cdkContext(file string) (map[string]any, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var cdk struct {
		Context map[string]any `json:"context"`
	}
	if err := json.Unmarshal(raw, &cdk); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return cdk.Context, nil
}

// check runs a CDK assertion, which panics on failure (DESIGN.md), and
// reports the panic as a test failure.
func check(t *testing.T, what string, assert func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s: %v", what, r)
		}
	}()
	assert()
}

// resources returns the template's resources of type typ by logical id.
func resources(tpl map[string]any, typ string) map[string]map[string]any {
	out := map[string]map[string]any{}
	res, _ := tpl["Resources"].(map[string]any)
	for id, r := range res {
		r := r.(map[string]any)
		if r["Type"] == typ {
			out[id] = r
		}
	}
	return out
}

// only returns the single resource of type typ, failing otherwise.
func only(t *testing.T, tpl map[string]any, typ string) map[string]any {
	t.Helper()
	rs := resources(tpl, typ)
	if len(rs) != 1 {
		t.Fatalf("got %d %s resources, want 1", len(rs), typ)
	}
	for _, r := range rs {
		return r
	}
	return nil
}

// path walks nested maps and slices: keys for maps, ints for slices.
func path(v any, steps ...any) any {
	for _, s := range steps {
		switch k := s.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			l, _ := v.([]any)
			if k >= len(l) {
				return nil
			}
			v = l[k]
		}
	}
	return v
}

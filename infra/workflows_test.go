package main

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"
	"gopkg.in/yaml.v3"

	"forecourt/infra/constructs/github"
)

// workflow is the part of a GitHub Actions workflow the tests read.
type workflow struct {
	On          map[string]any    `yaml:"on"`
	Permissions map[string]string `yaml:"permissions"`
	Jobs        map[string]struct {
		If          string `yaml:"if"`
		Needs       any    `yaml:"needs"`
		Environment string `yaml:"environment"`
		Strategy    struct {
			FailFast *bool          `yaml:"fail-fast"`
			Matrix   map[string]any `yaml:"matrix"`
		} `yaml:"strategy"`
		Steps []struct {
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			With map[string]string `yaml:"with"`
			Env  map[string]string `yaml:"env"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

func readWorkflow(t *testing.T, name string) (workflow, string) {
	t.Helper()
	raw, err := os.ReadFile("../.github/workflows/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var w workflow
	if err := yaml.Unmarshal(raw, &w); err != nil {
		t.Fatalf("%s is not valid YAML: %v", name, err)
	}
	return w, string(raw)
}

var accountID = regexp.MustCompile(`\b\d{12}\b`)

// Issue 15 "Delivery": pull requests run make test (through .ci/run, the
// same entry point as a developer's); the deploy workflow runs cdk diff on
// pull requests and deploys main after a reviewer's approval, with OIDC
// credentials from a role named by a repository variable (no stored keys,
// no account id), platform stacks first, then every tenant's stack in a
// matrix where one failure does not cancel the others.
func TestWorkflows(t *testing.T) {
	ci, _ := readWorkflow(t, "ci.yml")
	if _, ok := ci.On["pull_request"]; !ok {
		t.Errorf("ci.yml does not run on pull requests: %v", ci.On)
	}
	runsCI := false
	for _, s := range ci.Jobs["test"].Steps {
		runsCI = runsCI || strings.TrimSpace(s.Run) == ".ci/run"
	}
	if !runsCI {
		t.Errorf("ci.yml's test job does not run .ci/run")
	}
	if entry, err := os.ReadFile("../.ci/run"); err != nil || !strings.Contains(string(entry), "make test") {
		t.Errorf(".ci/run does not run make test (%v)", err)
	}

	d, raw := readWorkflow(t, "deploy.yml")
	if d.Permissions["id-token"] != "write" {
		t.Errorf("deploy.yml permissions %v: OIDC needs id-token: write", d.Permissions)
	}
	for _, banned := range []string{"aws-access-key-id", "aws-secret-access-key", "AWS_SECRET_ACCESS_KEY"} {
		if strings.Contains(raw, banned) {
			t.Errorf("deploy.yml uses long-lived keys (%s)", banned)
		}
	}
	if id := accountID.FindString(raw); id != "" {
		t.Errorf("deploy.yml holds an account id %s", id)
	}
	roles := map[string]string{} // job → role-to-assume
	runs := map[string]string{}
	for name, job := range d.Jobs {
		for _, s := range job.Steps {
			if strings.HasPrefix(s.Uses, "aws-actions/configure-aws-credentials@") {
				roles[name] = s.With["role-to-assume"]
			}
			runs[name] += s.Run + "\n"
		}
	}
	for _, job := range []string{"diff", "platform", "tenant"} {
		if !strings.HasPrefix(roles[job], "${{ vars.") {
			t.Errorf("job %s assumes %q, want a role from a repository variable", job, roles[job])
		}
	}
	if !strings.Contains(d.Jobs["diff"].If, "pull_request") || !strings.Contains(runs["diff"], "cdk diff") {
		t.Errorf("diff job: if %q runs %q, want cdk diff on pull requests", d.Jobs["diff"].If, runs["diff"])
	}
	platform := d.Jobs["platform"]
	if !strings.Contains(platform.If, "refs/heads/main") || platform.Environment != github.Production {
		t.Errorf("platform job: if %q environment %q, want main only behind the %s environment (required reviewers)",
			platform.If, platform.Environment, github.Production)
	}
	for _, stack := range []string{StatefulStackName, PlatformStackName, EdgeStackPrefix + "*"} {
		if !strings.Contains(runs["platform"], stack) {
			t.Errorf("platform job does not deploy %s: %s", stack, runs["platform"])
		}
	}
	tenant := d.Jobs["tenant"]
	if tenant.Needs != "platform" {
		t.Errorf("tenant job needs %v, want platform (tenant stacks read its parameters)", tenant.Needs)
	}
	if tenant.Strategy.FailFast == nil || *tenant.Strategy.FailFast {
		t.Errorf("tenant matrix fail-fast %v, want false: one failure must not cancel the others", tenant.Strategy.FailFast)
	}
	if m, _ := tenant.Strategy.Matrix["slug"].(string); !strings.Contains(m, "needs.platform.outputs.tenants") {
		t.Errorf("tenant matrix %v, want the slugs of infra/tenants/*.json from the platform job", tenant.Strategy.Matrix)
	}
	if !strings.Contains(runs["tenant"], TenantStackPrefix+"${{ matrix.slug }}") || !strings.Contains(runs["platform"], "infra/tenants/*.json") {
		t.Errorf("tenant job does not deploy Forecourt-Tenant-<slug> from infra/tenants: %s", runs["tenant"])
	}
}

// The roles the workflows assume: a GitHub OIDC provider, a diff role that
// only pull requests of the repository may assume and that may assume only
// the CDK bootstrap's read-only lookup role, and a deploy role for the
// deploy workflow's environments only; no account id is written down.
func TestGitHubDeployRoles(t *testing.T) {
	app := awscdk.NewApp(nil)
	stack := awscdk.NewStack(app, jsii.String("Deploy"), nil)
	github.New(stack, "GitHub", github.Props{Repository: "forecourt/forecourt", DeploySecrets: deploySecrets("forecourt/algolia", "forecourt/algolia-api")})
	tpl := *assertions.Template_FromStack(stack, nil).ToJSON()
	provider := only(t, tpl, "AWS::IAM::OIDCProvider")
	if path(provider, "Properties", "Url") != "https://"+github.TokenHost || path(provider, "Properties", "ClientIdList", 0) != "sts.amazonaws.com" {
		t.Errorf("OIDC provider %v", provider)
	}
	roles := map[string]string{}
	for id, r := range resources(tpl, "AWS::IAM::Role") {
		trust, _ := json.Marshal(path(r, "Properties", "AssumeRolePolicyDocument"))
		roles[id] = string(trust)
	}
	policies := map[string]string{}
	for _, p := range resources(tpl, "AWS::IAM::Policy") {
		doc, _ := json.Marshal(path(p, "Properties", "PolicyDocument"))
		role, _ := path(p, "Properties", "Roles", 0, "Ref").(string)
		policies[role] = string(doc)
	}
	tests := []struct {
		prefix   string
		subjects []string
		allows   []string
		forbids  []string
	}{
		// Issue 31 (second pass): a pull request's code runs with the diff
		// role, so it reads templates, stack descriptions and the
		// /forecourt/ parameters itself and assumes no bootstrap role (the
		// lookup role is ReadOnlyAccess: distribution configs with the
		// origin secret, buckets, logs).
		{"GitHubDiffRole", []string{"repo:forecourt/forecourt:pull_request"},
			[]string{"cloudformation:GetTemplate", "cloudformation:DescribeStacks", ":stack/Forecourt-", "ssm:GetParameter", ":parameter/forecourt/"},
			[]string{"-deploy-role-", "environment:", "-lookup-role-", "sts:AssumeRole\"", "secretsmanager:", "s3:", "cloudfront:", "logs:", `"*"`}},
		{"GitHubDeployRole", []string{"repo:forecourt/forecourt:environment:production", "repo:forecourt/forecourt:environment:production-tenants"},
			// and reads the search admin key to apply the index settings,
			// and the search key's secret to restrict that key (issue 35).
			[]string{"-deploy-role-", "-file-publishing-role-", "-lookup-role-", "secretsmanager:GetSecretValue", ":secret:forecourt/algolia-??????",
				":secret:forecourt/algolia-api-??????"},
			[]string{"pull_request"}},
	}
	for _, tt := range tests {
		t.Run(tt.prefix, func(t *testing.T) {
			var id string
			for rid := range roles {
				if strings.HasPrefix(rid, tt.prefix) {
					id = rid
				}
			}
			if id == "" {
				t.Fatalf("no role %s", tt.prefix)
			}
			trust, policy := roles[id], policies[id]
			if !strings.Contains(trust, "sts:AssumeRoleWithWebIdentity") || !strings.Contains(trust, github.TokenHost+":aud") {
				t.Errorf("trust %s, want web identity from GitHub's tokens with the STS audience", trust)
			}
			for _, s := range tt.subjects {
				if !strings.Contains(trust, `"`+s+`"`) {
					t.Errorf("trust %s lacks subject %s", trust, s)
				}
			}
			for _, want := range tt.allows {
				if !strings.Contains(policy, want) {
					t.Errorf("policy %s lacks %s", policy, want)
				}
			}
			for _, not := range tt.forbids {
				if strings.Contains(trust+policy, not) {
					t.Errorf("role %s allows %s: %s %s", tt.prefix, not, trust, policy)
				}
			}
			if id := accountID.FindString(trust + policy); id != "" {
				t.Errorf("role %s holds an account id %s", tt.prefix, id)
			}
		})
	}
}

// stepIndex is the index of the first step of job whose run or uses
// contains s, or -1.
func stepIndex(w workflow, job, s string) int {
	for i, st := range w.Jobs[job].Steps {
		if strings.Contains(st.Run, s) || strings.Contains(st.Uses, s) {
			return i
		}
	}
	return -1
}

// Issue 31 (second pass) "the pull-request cdk diff job can read
// production": the pull request's own code (make synth runs its Go) runs
// before the job has any AWS credentials; only the CLI's diff runs with
// the diff role (TestGitHubDeployRoles: templates and /forecourt/
// parameters only).
func TestDiffJobSynthesizesWithoutCredentials(t *testing.T) {
	d, _ := readWorkflow(t, "deploy.yml")
	synth, creds, diff := stepIndex(d, "diff", "make synth"), stepIndex(d, "diff", "aws-actions/configure-aws-credentials@"), stepIndex(d, "diff", "cdk diff")
	if synth < 0 || creds < 0 || diff < 0 || !(synth < creds && creds < diff) {
		t.Errorf("diff job steps: synth %d, credentials %d, diff %d; want synth, then credentials, then diff", synth, creds, diff)
	}
}

// Issue 31 (second pass) "index settings never applied in production":
// every deploy of the platform applies the search index's settings
// (unretrievable private fields, facets, sort replicas) with `forecourt
// index settings`, after the platform stacks and before any tenant's, with
// the admin key read from its secret by name (no key in the workflow).
func TestDeployAppliesIndexSettings(t *testing.T) {
	d, raw := readWorkflow(t, "deploy.yml")
	deploy, settings := stepIndex(d, "platform", "Forecourt-Platform"), stepIndex(d, "platform", "index settings")
	if settings < 0 || settings < deploy {
		t.Fatalf("platform job: index settings at step %d, platform deploy at %d; want the settings applied after the deploy", settings, deploy)
	}
	step := d.Jobs["platform"].Steps[settings]
	if !strings.Contains(step.Run, "go run ./cmd/forecourt index settings") {
		t.Errorf("settings step runs %q, want the ops CLI's index settings", step.Run)
	}
	// Issue 35: and the search key's restrictions (search only, the index
	// and its replicas, the per-IP rate limit): the key is named by its
	// secret too.
	// And the server's own search key's, without the limit (issue 35, server key).
	for _, v := range []string{"ALGOLIA_APP_ID", "FORECOURT_INDEX", "ALGOLIA_ADMIN_KEY_SECRET_ID", "ALGOLIA_SEARCH_KEY_SECRET_ID",
		"ALGOLIA_SERVER_SEARCH_KEY_SECRET_ID", "ALGOLIA_HOST"} {
		if _, ok := step.Env[v]; !ok {
			t.Errorf("settings step env %v lacks %s", step.Env, v)
		}
	}
	if strings.Contains(raw, "ALGOLIA_ADMIN_KEY:") {
		t.Errorf("deploy.yml sets ALGOLIA_ADMIN_KEY itself: the key must come from its secret")
	}
}

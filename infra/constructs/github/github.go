// Package github provides the IAM roles GitHub Actions assumes with OIDC
// (.github/workflows/deploy.yml): no long-lived keys are stored anywhere.
// The deploy role may only assume the CDK bootstrap roles of its own
// account (CloudFormation changes the stacks with the bootstrap's execution
// role) and read the search admin key, to apply the index settings. The
// diff role, which runs a pull request's diff, assumes no role: it reads
// the stacks' templates and descriptions and the /forecourt/ parameters
// itself (issue 31).
package github

import (
	"fmt"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// TokenHost issues GitHub Actions' OIDC tokens.
const TokenHost = "token.actions.githubusercontent.com"

// Environments the deploy workflow's jobs run in: the platform job waits
// for a reviewer's approval in Production (required reviewers are set on
// the GitHub environment); the tenant jobs, which need the platform job,
// run in ProductionTenants without a second approval.
const (
	Production        = "production"
	ProductionTenants = "production-tenants"
)

// Props configure the roles.
type Props struct {
	// Repository is "owner/name".
	Repository string
	// ProviderARN is the account's GitHub OIDC provider when it has one
	// already (one per issuer and account); empty creates it.
	ProviderARN string
	// Qualifier is the CDK bootstrap qualifier ("hnb659fds" by default).
	Qualifier string
	// DeploySecrets name the Secrets Manager secrets the deploy job reads
	// (the search admin key's: `forecourt index settings`).
	DeploySecrets []string
}

// StackPrefix begins every Forecourt stack's name: the diff role reads
// only those stacks.
const StackPrefix = "Forecourt-"

// ParameterPrefix is the path of the parameters the stacks publish and
// read (package param), which the diff reads as CloudFormation
// parameters' values.
const ParameterPrefix = "/forecourt/"

// Roles are the workflow's roles.
type Roles struct {
	constructs.Construct
	// Diff reads the Forecourt stacks' templates and descriptions and the
	// /forecourt/ parameters, nothing else: pull requests run `cdk diff`.
	Diff awsiam.Role
	// Deploy may assume the bootstrap deploy, publishing and lookup roles,
	// from the deploy workflow's environments only.
	Deploy awsiam.Role
}

// New creates the OIDC provider (unless p.ProviderARN names one) and the
// two roles, each trusting only tokens of p.Repository for its subjects.
func New(scope constructs.Construct, id string, p Props) *Roles {
	c := constructs.NewConstruct(scope, jsii.String(id))
	qualifier := p.Qualifier
	if qualifier == "" {
		qualifier = "hnb659fds"
	}
	providerARN := jsii.String(p.ProviderARN)
	if p.ProviderARN == "" {
		provider := awsiam.NewCfnOIDCProvider(c, jsii.String("Provider"), &awsiam.CfnOIDCProviderProps{
			Url:          jsii.String("https://" + TokenHost),
			ClientIdList: jsii.Strings("sts.amazonaws.com"),
		})
		providerARN = provider.AttrArn()
	}
	role := func(id, description string, subjects []string, bootstrap ...string) awsiam.Role {
		r := awsiam.NewRole(c, jsii.String(id), &awsiam.RoleProps{
			Description: jsii.String(description),
			AssumedBy: awsiam.NewWebIdentityPrincipal(providerARN, &map[string]any{
				"StringEquals": map[string]any{TokenHost + ":aud": "sts.amazonaws.com"},
				"StringLike":   map[string]any{TokenHost + ":sub": subjects},
			}),
			MaxSessionDuration: awscdk.Duration_Hours(jsii.Number(2)),
		})
		var arns []*string
		for _, b := range bootstrap {
			// cdk-<qualifier>-<kind>-role-<account>-<region>, any region.
			arns = append(arns, jsii.String(fmt.Sprintf("arn:%s:iam::%s:role/cdk-%s-%s-role-%s-*",
				*awscdk.Aws_PARTITION(), *awscdk.Aws_ACCOUNT_ID(), qualifier, b, *awscdk.Aws_ACCOUNT_ID())))
		}
		if len(arns) > 0 {
			r.AddToPolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
				Actions:   jsii.Strings("sts:AssumeRole", "sts:TagSession"),
				Resources: &arns,
			}))
		}
		return r
	}
	repo := "repo:" + p.Repository + ":"
	arn := func(service, resource string) *string {
		return jsii.String(fmt.Sprintf("arn:%s:%s:*:%s:%s", *awscdk.Aws_PARTITION(), service, *awscdk.Aws_ACCOUNT_ID(), resource))
	}
	diff := role("DiffRole", "GitHub Actions: cdk diff on pull requests (templates and /forecourt/ parameters only)",
		[]string{repo + "pull_request"})
	// What `cdk diff --no-change-set` reads with the job's own credentials
	// when it cannot assume the lookup role: the deployed template and the
	// stack's description (its parameters' resolved values).
	diff.AddToPolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:   jsii.Strings("cloudformation:GetTemplate", "cloudformation:DescribeStacks"),
		Resources: &[]*string{arn("cloudformation", "stack/"+StackPrefix+"*/*")},
	}))
	diff.AddToPolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:   jsii.Strings("ssm:GetParameter", "ssm:GetParameters"),
		Resources: &[]*string{arn("ssm", "parameter"+ParameterPrefix+"*")},
	}))
	deploy := role("DeployRole", "GitHub Actions: cdk deploy of main after approval",
		[]string{repo + "environment:" + Production, repo + "environment:" + ProductionTenants},
		"deploy", "file-publishing", "image-publishing", "lookup")
	if len(p.DeploySecrets) > 0 {
		var secrets []*string
		for _, name := range p.DeploySecrets {
			// Secrets Manager appends six random characters to a name.
			secrets = append(secrets, arn("secretsmanager", "secret:"+name+"-??????"))
		}
		deploy.AddToPolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
			Actions:   jsii.Strings("secretsmanager:GetSecretValue"),
			Resources: &secrets,
		}))
	}
	return &Roles{Construct: c, Diff: diff, Deploy: deploy}
}

// Package waf provides Forecourt's AWS WAF web ACLs (issue 15): one
// CloudFront-scope ACL per edge cell, on the cell's tenant distributions,
// and one regional ACL on the shoppers' user pool, which browsers call
// directly (sign-up and sign-in never pass through CloudFront).
//
// A CloudFront-scope ACL must be created in us-east-1 while the other
// stacks live in the platform's region, so the cell's ACL stack publishes
// its ARN into the platform region's Parameter Store with one SDK call
// (Publish); tenant stacks read it like every other cell part.
package waf

import (
	"encoding/json"
	"fmt"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awswafv2"
	"github.com/aws/aws-cdk-go/awscdk/v2/customresources"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"forecourt/shared"
)

// CloudFrontRegion is where every CloudFront-scope web ACL lives.
const CloudFrontRegion = "us-east-1"

// Window is the rate rules' evaluation window: each limit counts one
// client address's requests over the last Window seconds.
const Window = 300

// Rate is one rate-based rule: at most Limit requests per Window seconds
// from one address (or to one site, PerSite) to paths starting with Path,
// to the page documents (Documents) or to every path but /ingest/
// (SiteWide) (CloudFront ACL), or to the Cognito operations Targets (user
// pool ACL).
type Rate struct {
	Name  string
	Path  string
	Limit int
	// PerPath counts each full path separately (per address): a stock
	// provider pushing feeds for hundreds of dealerships from one address
	// gets each dealership's allowance.
	PerPath bool
	// PerSite counts each site's requests together, whatever their address:
	// the viewer's Host header names the distribution, so its tenant.
	PerSite bool
	// Documents scopes the rule to page documents: the paths without a
	// file extension outside /api/, /ingest/ and /media/, which the tenant
	// distributions' default behaviour sends to the api Lambda to render.
	Documents bool
	// SiteWide scopes the rule to every path but /ingest/ (the providers',
	// limited by IngestRate and their keys).
	SiteWide bool
	// Targets are Cognito operations (the X-Amz-Target header's values).
	Targets []string
}

// EdgeRates are the tenant distributions' rate rules: the public writes
// (spec 001 leads, issue 13 reservations) per address and per site, the
// providers' ingestion, and (issue 31) /media/, the page documents and the
// whole site per address. WAF's smallest limit is 10 per window. The
// numbers and their reasons are in docs/operations.md "Edge rate limits".
var EdgeRates = []Rate{
	// A shopper sends a handful of enquiries; 50 in five minutes leaves
	// room for a showroom's shared address.
	{Name: "leads", Path: "/api/leads", Limit: 50},
	{Name: "reservations", Path: "/api/reservations", Limit: 50},
	// A provider pushes a feed every few minutes per dealership; API
	// Gateway's route throttles bound the total.
	{Name: "ingest", Path: "/ingest/", Limit: 300, PerPath: true},
	// One site's share of API Gateway's lead and reservation limits, which
	// every tenant shares (api.Throttled: 50 and 20 a second): a second
	// and a third of a request a second, so an abused site takes a few
	// per cent of them and the other dealers keep the rest.
	{Name: "leads-per-site", Path: "/api/leads", Limit: 300, PerSite: true},
	{Name: "reservations-per-site", Path: "/api/reservations", Limit: 100, PerSite: true},
	// Photos and logos: a listing page shows 24 cards, a car page a dozen
	// photos; 3,000 in five minutes is ten a second throughout.
	{Name: "media", Path: "/media/", Limit: 3000},
	// Page documents are loaded on arrival and on reload only (the app
	// routes in the browser): two a second for five minutes.
	{Name: "documents", Documents: true, Limit: 600},
	// Everything else from one address: 20 a second for five minutes.
	{Name: "site", SiteWide: true, Limit: 6000},
}

// cognitoTarget names a Cognito user pools API operation as the browser's
// X-Amz-Target header does.
func cognitoTarget(op string) string { return "AWSCognitoIdentityProviderService." + op }

// PoolRates are the user pool's rate rules. Every operation that sends an
// SMS costs money (sign-up, a resent code, a password reset), so it gets
// the tight limit; sign-in is rate-limited against password guessing.
var PoolRates = []Rate{
	{Name: "sms-sending", Limit: 10, Targets: []string{
		cognitoTarget("SignUp"), cognitoTarget("ResendConfirmationCode"), cognitoTarget("ForgotPassword")}},
	{Name: "sign-in", Limit: 100, Targets: []string{
		cognitoTarget("InitiateAuth"), cognitoTarget("RespondToAuthChallenge"), cognitoTarget("ConfirmSignUp"), cognitoTarget("ConfirmForgotPassword")}},
}

// rateLimitedBody is the key of the JSON answer of a blocked request.
const rateLimitedBody = "too-many-requests"

// rateLimitedJSON is the API's own error shape (httpapi.ErrorBody), so a
// client handles WAF's 429 like the API's.
func rateLimitedJSON() string {
	b, _ := json.Marshal(map[string]any{"error": map[string]string{
		"code":    shared.ETOOMANY,
		"message": "too many requests from this address; try again in a few minutes",
	}})
	return string(b)
}

// visibility names a rule's (or the ACL's) CloudWatch metrics.
func visibility(name string) *awswafv2.CfnWebACL_VisibilityConfigProperty {
	return &awswafv2.CfnWebACL_VisibilityConfigProperty{
		CloudWatchMetricsEnabled: jsii.Bool(true),
		MetricName:               jsii.String(name),
		SampledRequestsEnabled:   jsii.Bool(true),
	}
}

// managed is an AWS managed rule group, with rules switched to count.
func managed(priority int, group string, scopeDown any, countOnly ...string) *awswafv2.CfnWebACL_RuleProperty {
	stmt := &awswafv2.CfnWebACL_ManagedRuleGroupStatementProperty{
		VendorName:         jsii.String("AWS"),
		Name:               jsii.String(group),
		ScopeDownStatement: scopeDown,
	}
	var overrides []any
	for _, r := range countOnly {
		overrides = append(overrides, &awswafv2.CfnWebACL_RuleActionOverrideProperty{
			Name:        jsii.String(r),
			ActionToUse: &awswafv2.CfnWebACL_RuleActionProperty{Count: &awswafv2.CfnWebACL_CountActionProperty{}},
		})
	}
	if len(overrides) > 0 {
		stmt.RuleActionOverrides = overrides
	}
	return &awswafv2.CfnWebACL_RuleProperty{
		Name:             jsii.String(group),
		Priority:         jsii.Number(priority),
		OverrideAction:   &awswafv2.CfnWebACL_OverrideActionProperty{None: map[string]any{}},
		Statement:        &awswafv2.CfnWebACL_StatementProperty{ManagedRuleGroupStatement: stmt},
		VisibilityConfig: visibility(group),
	}
}

// transformations are WAF's text transformations, applied in order.
func transformations(types ...string) []any {
	out := make([]any, len(types))
	for i, t := range types {
		out[i] = &awswafv2.CfnWebACL_TextTransformationProperty{Priority: jsii.Number(i), Type: jsii.String(t)}
	}
	return out
}

// pathTransformations turn a path into the one API Gateway routes
// (issue 31): /api/l%65ads and /API/Leads match /api/leads.
func pathTransformations() []any { return transformations("URL_DECODE", "LOWERCASE") }

func byteMatch(field *awswafv2.CfnWebACL_FieldToMatchProperty, position, value string, transforms []any) *awswafv2.CfnWebACL_StatementProperty {
	return &awswafv2.CfnWebACL_StatementProperty{ByteMatchStatement: &awswafv2.CfnWebACL_ByteMatchStatementProperty{
		FieldToMatch:         field,
		PositionalConstraint: jsii.String(position),
		SearchString:         jsii.String(value),
		TextTransformations:  transforms,
	}}
}

func uriPath() *awswafv2.CfnWebACL_FieldToMatchProperty {
	return &awswafv2.CfnWebACL_FieldToMatchProperty{UriPath: map[string]any{}}
}

// pathStarts matches paths starting with prefix (lower-case), decoded.
func pathStarts(prefix string) *awswafv2.CfnWebACL_StatementProperty {
	return byteMatch(uriPath(), "STARTS_WITH", prefix, pathTransformations())
}

func not(s *awswafv2.CfnWebACL_StatementProperty) *awswafv2.CfnWebACL_StatementProperty {
	return &awswafv2.CfnWebACL_StatementProperty{NotStatement: &awswafv2.CfnWebACL_NotStatementProperty{Statement: s}}
}

func and(ss ...any) *awswafv2.CfnWebACL_StatementProperty {
	return &awswafv2.CfnWebACL_StatementProperty{AndStatement: &awswafv2.CfnWebACL_AndStatementProperty{Statements: ss}}
}

// documentPaths matches what the distributions' default behaviour sends to
// the api Lambda as a page: no dot anywhere in the path (CloudFront's
// "/*.*" files behaviour takes those), outside the API's prefixes.
func documentPaths() *awswafv2.CfnWebACL_StatementProperty {
	noExtension := &awswafv2.CfnWebACL_StatementProperty{RegexMatchStatement: &awswafv2.CfnWebACL_RegexMatchStatementProperty{
		FieldToMatch:        uriPath(),
		RegexString:         jsii.String("^[^.]*$"),
		TextTransformations: pathTransformations(),
	}}
	return and(noExtension, not(pathStarts("/api/")), not(pathStarts("/ingest/")), not(pathStarts("/media/")))
}

// rateRule blocks an address over r's limit with a 429 in the API's words.
func rateRule(priority int, r Rate) *awswafv2.CfnWebACL_RuleProperty {
	var scope *awswafv2.CfnWebACL_StatementProperty
	switch {
	case r.Path != "":
		scope = pathStarts(r.Path)
	case r.Documents:
		scope = documentPaths()
	case r.SiteWide:
		scope = not(pathStarts("/ingest/"))
	default:
		var any_ []any
		for _, t := range r.Targets {
			any_ = append(any_, byteMatch(&awswafv2.CfnWebACL_FieldToMatchProperty{
				SingleHeader: map[string]any{"Name": "x-amz-target"}}, "EXACTLY", t, transformations("NONE")))
		}
		scope = &awswafv2.CfnWebACL_StatementProperty{OrStatement: &awswafv2.CfnWebACL_OrStatementProperty{Statements: any_}}
		if len(any_) == 1 {
			scope = any_[0].(*awswafv2.CfnWebACL_StatementProperty)
		}
	}
	stmt := &awswafv2.CfnWebACL_RateBasedStatementProperty{
		Limit:               jsii.Number(r.Limit),
		EvaluationWindowSec: jsii.Number(Window),
		AggregateKeyType:    jsii.String("IP"),
		ScopeDownStatement:  scope,
	}
	switch {
	case r.PerPath:
		stmt.AggregateKeyType = jsii.String("CUSTOM_KEYS")
		stmt.CustomKeys = []any{
			&awswafv2.CfnWebACL_RateBasedStatementCustomKeyProperty{Ip: map[string]any{}},
			&awswafv2.CfnWebACL_RateBasedStatementCustomKeyProperty{UriPath: &awswafv2.CfnWebACL_RateLimitUriPathProperty{
				TextTransformations: pathTransformations()}},
		}
	case r.PerSite:
		// The viewer's Host (CloudFront routes on it, so it names the
		// tenant's distribution); the site header CloudFront adds is set
		// after WAF has run.
		stmt.AggregateKeyType = jsii.String("CUSTOM_KEYS")
		stmt.CustomKeys = []any{&awswafv2.CfnWebACL_RateBasedStatementCustomKeyProperty{
			Header: &awswafv2.CfnWebACL_RateLimitHeaderProperty{
				Name: jsii.String("host"), TextTransformations: transformations("LOWERCASE")}}}
	}
	return &awswafv2.CfnWebACL_RuleProperty{
		Name:     jsii.String("rate-" + r.Name),
		Priority: jsii.Number(priority),
		Action: &awswafv2.CfnWebACL_RuleActionProperty{Block: &awswafv2.CfnWebACL_BlockActionProperty{
			CustomResponse: &awswafv2.CfnWebACL_CustomResponseProperty{
				ResponseCode:          jsii.Number(429),
				CustomResponseBodyKey: jsii.String(rateLimitedBody),
				ResponseHeaders: []any{&awswafv2.CfnWebACL_CustomHTTPHeaderProperty{
					Name: jsii.String("Retry-After"), Value: jsii.String(fmt.Sprint(Window))}},
			}}},
		Statement:        &awswafv2.CfnWebACL_StatementProperty{RateBasedStatement: stmt},
		VisibilityConfig: visibility("rate-" + r.Name),
	}
}

func newACL(scope constructs.Construct, id, name, scopeKind, description string, rules []any) awswafv2.CfnWebACL {
	return awswafv2.NewCfnWebACL(scope, jsii.String(id), &awswafv2.CfnWebACLProps{
		Name:          jsii.String(name),
		Description:   jsii.String(description),
		Scope:         jsii.String(scopeKind),
		DefaultAction: &awswafv2.CfnWebACL_DefaultActionProperty{Allow: map[string]any{}},
		CustomResponseBodies: map[string]any{rateLimitedBody: &awswafv2.CfnWebACL_CustomResponseBodyProperty{
			ContentType: jsii.String("APPLICATION_JSON"), Content: jsii.String(rateLimitedJSON())}},
		Rules:            rules,
		VisibilityConfig: visibility(name),
	})
}

// NewEdgeACL creates edge cell n's CloudFront-scope ACL (its stack must be
// in CloudFrontRegion): AWS's common rule set and known bad inputs, then
// EdgeRates. The common rule set skips /ingest/: feeds are bodies of up to
// megabytes whose descriptions hold dealers' HTML, which its body size
// and cross-site scripting rules would block; the providers' keys and the
// feed parser guard that path. Its 8 KB body size rule only counts: every
// route has its own body limit with a JSON error the browser shows.
func NewEdgeACL(scope constructs.Construct, id string, n int) awswafv2.CfnWebACL {
	notIngest := not(pathStarts("/ingest/"))
	rules := []any{
		managed(0, "AWSManagedRulesCommonRuleSet", notIngest, "SizeRestrictions_BODY"),
		managed(1, "AWSManagedRulesKnownBadInputsRuleSet", nil),
	}
	for i, r := range EdgeRates {
		rules = append(rules, rateRule(10+i, r))
	}
	return newACL(scope, id, fmt.Sprintf("forecourt-edge-%d", n), "CLOUDFRONT",
		fmt.Sprintf("Forecourt edge cell %d: managed rules and rate limits on public writes and ingestion", n), rules)
}

// NewPoolACL creates the regional ACL of the shoppers' user pool and
// associates it: known bad inputs and PoolRates.
func NewPoolACL(scope constructs.Construct, id string, poolARN *string) awswafv2.CfnWebACL {
	c := constructs.NewConstruct(scope, jsii.String(id))
	rules := []any{managed(0, "AWSManagedRulesKnownBadInputsRuleSet", nil)}
	for i, r := range PoolRates {
		rules = append(rules, rateRule(10+i, r))
	}
	acl := newACL(c, "Acl", "forecourt-shoppers-"+*awscdk.Aws_REGION(), "REGIONAL",
		"Forecourt shoppers user pool: rate limits on SMS-sending operations and sign-in", rules)
	awswafv2.NewCfnWebACLAssociation(c, jsii.String("Association"), &awswafv2.CfnWebACLAssociationProps{
		ResourceArn: poolARN,
		WebAclArn:   acl.AttrArn(),
	})
	return acl
}

// Publish writes value under the SSM parameter name in region (the
// platform's), from a stack in another region: one SDK call on create and
// update, a delete when the stack goes.
func Publish(scope constructs.Construct, id, name, region string, value *string) customresources.AwsCustomResource {
	stack := awscdk.Stack_Of(scope)
	arn := stack.FormatArn(&awscdk.ArnComponents{
		Service:      jsii.String("ssm"),
		Region:       jsii.String(region),
		Resource:     jsii.String("parameter"),
		ResourceName: jsii.String(name[1:]), // the name's leading slash is the ARN's separator
	})
	put := &customresources.AwsSdkCall{
		Service: jsii.String("SSM"),
		Action:  jsii.String("putParameter"),
		Region:  jsii.String(region),
		Parameters: map[string]any{
			"Name": name, "Value": value, "Type": "String", "Overwrite": true,
		},
		PhysicalResourceId: customresources.PhysicalResourceId_Of(jsii.String(name)),
	}
	return customresources.NewAwsCustomResource(scope, jsii.String(id), &customresources.AwsCustomResourceProps{
		OnCreate: put,
		OnUpdate: put,
		OnDelete: &customresources.AwsSdkCall{
			Service:    jsii.String("SSM"),
			Action:     jsii.String("deleteParameter"),
			Region:     jsii.String(region),
			Parameters: map[string]any{"Name": name},
		},
		Policy: customresources.AwsCustomResourcePolicy_FromSdkCalls(&customresources.SdkCallsPolicyOptions{
			Resources: jsii.Strings(*arn),
		}),
		InstallLatestAwsSdk: jsii.Bool(false),
	})
}

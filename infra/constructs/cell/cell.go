// Package cell provides an edge cell: the CloudFront parts that up to
// tenantfile.CellSize tenant distributions share (the SPA viewer-request
// function on the document behaviour and the origin access control to the web bucket), so that no
// part is used by more than 100 distributions and the account holds one of
// each per cell rather than per tenant (docs/scaling.md). Cache and
// response headers policies are CloudFront's managed ones, which count
// against no quota; a part that must be custom (the hardening issue's web
// ACL and content security policy) belongs here. A cell publishes its parts
// as SSM parameters (package param); tenant stacks read them with Import.
package cell

import (
	"fmt"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfront"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"forecourt/functions/securityheaders"
	"forecourt/infra/constructs/param"
)

// Parameter parts of a cell (param.Cell(n, part)).
const (
	partFunctionARN  = "spa-function-arn"
	partFunctionName = "spa-function-name"
	partOAC          = "oac-id"
	partHeaders      = "headers-policy-id"
	partWebACL       = "web-acl-arn"
)

// WebACLParam is the parameter holding cell n's web ACL ARN. The ACL lives
// in us-east-1 (CloudFront's region for WAF), in its own stack, which
// writes this parameter into the cell's region (package waf).
func WebACLParam(n int) string { return param.Cell(n, partWebACL) }

// spaRewrite runs on the tenant distributions' document behaviour, whose
// pages the api Lambda renders per path (issue 14): the shell's own file
// name, /index.html, is the home page, so it is asked for as / and cached
// once. It also runs on /media/*, whose cache policy (the managed
// CachingOptimized: custom cache policies are capped at 20 per account,
// docs/scaling.md) keys on the path and forwards no query string: a
// photo's size and format (?w=, ?q=, ?f=) move into the path in a fixed
// order, /media/_/w=640,f=webp/photos/x.jpg, which the api Lambda reads
// back (httpapi sizedMedia). Only letters and digits of a value pass. Every
// other path passes unchanged.
const spaRewrite = `function handler(event) {
  var request = event.request;
  if (request.uri === '/index.html') {
    request.uri = '/';
  } else if (request.uri.indexOf('/media/') === 0) {
    var query = request.querystring || {};
    var sizes = [];
    ['w', 'q', 'f'].forEach(function (k) {
      var v = query[k] && query[k].value ? String(query[k].value).replace(/[^A-Za-z0-9]/g, '').slice(0, 8) : '';
      if (v) {
        sizes.push(k + '=' + v);
      }
    });
    if (sizes.length > 0) {
      request.uri = '/media/_/' + sizes.join(',') + request.uri.slice('/media'.length);
    }
    request.querystring = {};
  }
  return request;
}`

// functionName names cell n's function, so tenant stacks need read only its
// ARN. Function names are unique per account, and a cell stack and its
// tenants share a region, so the region keeps two deployments apart.
func functionName(n int) string {
	return fmt.Sprintf("forecourt-edge-%d-spa-%s", n, *awscdk.Aws_REGION())
}

// Cell is one edge cell's shared parts.
type Cell struct {
	constructs.Construct
	Number       int
	SPAFunction  awscloudfront.Function
	OriginAccess awscloudfront.S3OriginAccessControl
	// Headers are the security headers of every response of the cell's
	// distributions (issue 15): a content security policy allowing the
	// search host and the map origins of the cell's sites, HSTS, nosniff,
	// referrer and permissions policies, no framing.
	Headers awscloudfront.ResponseHeadersPolicy
}

// New creates cell n's parts for its sites (every tenant in the cell, so
// the policy allows what each of them uses) and publishes them.
func New(scope constructs.Construct, id string, n int, origins securityheaders.Origins) *Cell {
	c := constructs.NewConstruct(scope, jsii.String(id))
	cell := &Cell{
		Construct: c,
		Number:    n,
		SPAFunction: awscloudfront.NewFunction(c, jsii.String("SpaRewrite"), &awscloudfront.FunctionProps{
			Code:         awscloudfront.FunctionCode_FromInline(jsii.String(spaRewrite)),
			Runtime:      awscloudfront.FunctionRuntime_JS_2_0(),
			FunctionName: jsii.String(functionName(n)),
			Comment:      jsii.String(fmt.Sprintf("Forecourt edge cell %d: /index.html is the home page", n)),
		}),
		OriginAccess: awscloudfront.NewS3OriginAccessControl(c, jsii.String("OriginAccess"), &awscloudfront.S3OriginAccessControlProps{
			Description: jsii.String(fmt.Sprintf("Forecourt edge cell %d: the web bucket", n)),
			Signing:     awscloudfront.Signing_SIGV4_ALWAYS(),
		}),
	}
	cell.Headers = newHeadersPolicy(c, n, origins)
	param.Publish(c, "FunctionArnParam", param.Cell(n, partFunctionARN), cell.SPAFunction.FunctionArn())
	param.Publish(c, "HeadersPolicyParam", param.Cell(n, partHeaders), cell.Headers.ResponseHeadersPolicyId())
	param.Publish(c, "OriginAccessParam", param.Cell(n, partOAC), cell.OriginAccess.OriginAccessControlId())
	return cell
}

// newHeadersPolicy is the cell's response headers policy: the headers of
// functions/securityheaders, the same the dev gateway sends. Each header
// overrides one an origin sent, so no origin response can widen them.
func newHeadersPolicy(c constructs.Construct, n int, origins securityheaders.Origins) awscloudfront.ResponseHeadersPolicy {
	h := securityheaders.Headers(origins)
	return awscloudfront.NewResponseHeadersPolicy(c, jsii.String("SecurityHeaders"), &awscloudfront.ResponseHeadersPolicyProps{
		ResponseHeadersPolicyName: jsii.String(fmt.Sprintf("forecourt-edge-%d-security-%s", n, *awscdk.Aws_REGION())),
		Comment:                   jsii.String(fmt.Sprintf("Forecourt edge cell %d: CSP and security headers", n)),
		SecurityHeadersBehavior: &awscloudfront.ResponseSecurityHeadersBehavior{
			ContentSecurityPolicy: &awscloudfront.ResponseHeadersContentSecurityPolicy{
				ContentSecurityPolicy: jsii.String(h["Content-Security-Policy"]), Override: jsii.Bool(true)},
			ContentTypeOptions: &awscloudfront.ResponseHeadersContentTypeOptions{Override: jsii.Bool(true)},
			FrameOptions: &awscloudfront.ResponseHeadersFrameOptions{
				FrameOption: awscloudfront.HeadersFrameOption_DENY, Override: jsii.Bool(true)},
			ReferrerPolicy: &awscloudfront.ResponseHeadersReferrerPolicy{
				ReferrerPolicy: awscloudfront.HeadersReferrerPolicy_STRICT_ORIGIN_WHEN_CROSS_ORIGIN, Override: jsii.Bool(true)},
			StrictTransportSecurity: &awscloudfront.ResponseHeadersStrictTransportSecurity{
				AccessControlMaxAge: awscdk.Duration_Seconds(jsii.Number(securityheaders.HSTSMaxAge)),
				IncludeSubdomains:   jsii.Bool(true), Override: jsii.Bool(true)},
		},
		CustomHeadersBehavior: &awscloudfront.ResponseCustomHeadersBehavior{
			CustomHeaders: &[]*awscloudfront.ResponseCustomHeader{{
				Header: jsii.String("Permissions-Policy"), Value: jsii.String(h["Permissions-Policy"]), Override: jsii.Bool(true)}},
		},
	})
}

// Refs are cell n's parts as a tenant stack sees them: read from the cell's
// parameters when the tenant stack deploys.
type Refs struct {
	Number       int
	SPAFunction  awscloudfront.IFunction
	OriginAccess awscloudfront.IOriginAccessControl
	Headers      awscloudfront.IResponseHeadersPolicy
	// WebACLARN is the cell's AWS WAF web ACL (issue 15).
	WebACLARN *string
}

// Import reads cell n's parts in scope.
func Import(scope constructs.Construct, id string, n int) *Refs {
	c := constructs.NewConstruct(scope, jsii.String(id))
	value := func(part string) *string { return param.Value(c, param.Cell(n, part)) }
	return &Refs{
		Number: n,
		SPAFunction: awscloudfront.Function_FromFunctionAttributes(c, jsii.String("SpaRewrite"), &awscloudfront.FunctionAttributes{
			FunctionArn:     value(partFunctionARN),
			FunctionName:    jsii.String(functionName(n)),
			FunctionRuntime: jsii.String(*awscloudfront.FunctionRuntime_JS_2_0().Value()),
		}),
		OriginAccess: awscloudfront.S3OriginAccessControl_FromOriginAccessControlId(c, jsii.String("OriginAccess"), value(partOAC)),
		Headers:      awscloudfront.ResponseHeadersPolicy_FromResponseHeadersPolicyId(c, jsii.String("SecurityHeaders"), value(partHeaders)),
		WebACLARN:    value(partWebACL),
	}
}

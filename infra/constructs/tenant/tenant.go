// Package tenant provides one dealer site's edge: its CloudFront
// distribution (the SPA from S3; /api/*, /ingest/* and the cached /media/*
// from the HTTP API with the tenant's origin headers), the invalidation of
// the app shell on each web release, and the record that puts its site
// config into the sites table (DESIGN.md decision 4).
package tenant

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscertificatemanager"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfront"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfrontorigins"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/aws-cdk-go/awscdk/v2/customresources"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// Header names shared with the API's tenant resolution (docs/contracts.md "Tenancy").
const (
	SiteHeader         = "X-Forecourt-Site"
	OriginSecretHeader = "X-Forecourt-Origin-Secret"
)

// EdgeProps configure a tenant's distribution.
type EdgeProps struct {
	Slug string
	// WebBucket holds the SPA. It is imported (not the platform stack's
	// object) so that the origin does not try to edit its policy; the
	// platform stack grants read to the account's distributions.
	WebBucket awss3.IBucket
	// APIDomain is the HTTP API's host name.
	APIDomain    *string
	OriginSecret awscdk.SecretValue
	// Domains and CertificateARN (us-east-1) attach the dealer's own host
	// names; without a certificate the distribution answers on its
	// cloudfront.net name only.
	Domains        []string
	CertificateARN string
	// MediaCachePolicy caches /media/* (NewMediaCachePolicy).
	MediaCachePolicy awscloudfront.ICachePolicy
}

// Edge is a tenant's distribution.
type Edge struct {
	constructs.Construct
	Distribution awscloudfront.Distribution
}

// spaRewrite serves the app shell for client-side routes. Paths whose last
// segment has a file extension are files (the bundle, favicon, images);
// everything else is a route of the SPA.
const spaRewrite = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`

// NewEdge creates the distribution.
func NewEdge(scope constructs.Construct, id string, p *EdgeProps) *Edge {
	c := constructs.NewConstruct(scope, jsii.String(id))

	site := awscloudfrontorigins.S3BucketOrigin_WithOriginAccessControl(p.WebBucket, nil)
	rewrite := awscloudfront.NewFunction(c, jsii.String("SpaRewrite"), &awscloudfront.FunctionProps{
		Code:    awscloudfront.FunctionCode_FromInline(jsii.String(spaRewrite)),
		Runtime: awscloudfront.FunctionRuntime_JS_2_0(),
		Comment: jsii.String("Serve index.html for SPA routes"),
	})

	// CloudFront replaces any client-sent header of the same name with these,
	// so a shopper cannot choose another tenant.
	api := awscloudfrontorigins.NewHttpOrigin(p.APIDomain, &awscloudfrontorigins.HttpOriginProps{
		ProtocolPolicy: awscloudfront.OriginProtocolPolicy_HTTPS_ONLY,
		CustomHeaders: &map[string]*string{
			SiteHeader:         jsii.String(p.Slug),
			OriginSecretHeader: p.OriginSecret.UnsafeUnwrap(),
		},
	})
	apiBehavior := &awscloudfront.BehaviorOptions{
		Origin:               api,
		AllowedMethods:       awscloudfront.AllowedMethods_ALLOW_ALL(),
		ViewerProtocolPolicy: awscloudfront.ViewerProtocolPolicy_HTTPS_ONLY,
		CachePolicy:          awscloudfront.CachePolicy_CACHING_DISABLED(),
		// Every viewer header and query string except Host: API Gateway
		// answers only on its own host name.
		OriginRequestPolicy: awscloudfront.OriginRequestPolicy_ALL_VIEWER_EXCEPT_HOST_HEADER(),
	}

	props := &awscloudfront.DistributionProps{
		Comment:           jsii.String("Forecourt " + p.Slug),
		DefaultRootObject: jsii.String("index.html"),
		HttpVersion:       awscloudfront.HttpVersion_HTTP2_AND_3,
		DefaultBehavior: &awscloudfront.BehaviorOptions{
			Origin:               site,
			ViewerProtocolPolicy: awscloudfront.ViewerProtocolPolicy_REDIRECT_TO_HTTPS,
			CachePolicy:          awscloudfront.CachePolicy_CACHING_OPTIMIZED(),
			Compress:             jsii.Bool(true),
			FunctionAssociations: &[]*awscloudfront.FunctionAssociation{{
				Function:  rewrite,
				EventType: awscloudfront.FunctionEventType_VIEWER_REQUEST,
			}},
		},
		AdditionalBehaviors: &map[string]*awscloudfront.BehaviorOptions{
			"/api/*":    apiBehavior,
			"/ingest/*": apiBehavior,
			// Car images: a pure function of path and query, so cached; no
			// viewer header reaches the origin, so Host is the API's own.
			"/media/*": {
				Origin:               api,
				AllowedMethods:       awscloudfront.AllowedMethods_ALLOW_GET_HEAD(),
				ViewerProtocolPolicy: awscloudfront.ViewerProtocolPolicy_REDIRECT_TO_HTTPS,
				CachePolicy:          p.MediaCachePolicy,
				Compress:             jsii.Bool(true),
			},
		},
	}
	if len(p.Domains) > 0 && p.CertificateARN != "" {
		props.DomainNames = jsii.Strings(p.Domains...)
		props.Certificate = awscertificatemanager.Certificate_FromCertificateArn(c, jsii.String("Certificate"), jsii.String(p.CertificateARN))
		props.MinimumProtocolVersion = awscloudfront.SecurityPolicyProtocol_TLS_V1_2_2021
	}
	return &Edge{Construct: c, Distribution: awscloudfront.NewDistribution(c, jsii.String("Distribution"), props)}
}

// Media cache times: images are a pure function of their URL, and the API
// says how long it wants them kept (Cache-Control); without one, a day.
const (
	MediaDefaultTTLDays = 1
	MediaMaxTTLDays     = 30
)

// NewMediaCachePolicy creates the cache policy of the /media/* behaviour:
// the query string is part of the key (a car image's ?angle= selects the
// view), headers and cookies are not. The platform stack creates it once
// for every tenant: an account may hold only 20 custom cache policies.
func NewMediaCachePolicy(scope constructs.Construct, id string) awscloudfront.CachePolicy {
	return awscloudfront.NewCachePolicy(scope, jsii.String(id), &awscloudfront.CachePolicyProps{
		Comment:                    jsii.String("Forecourt /media/*: images keyed by path and query string"),
		DefaultTtl:                 awscdk.Duration_Days(jsii.Number(MediaDefaultTTLDays)),
		MinTtl:                     awscdk.Duration_Seconds(jsii.Number(0)),
		MaxTtl:                     awscdk.Duration_Days(jsii.Number(MediaMaxTTLDays)),
		QueryStringBehavior:        awscloudfront.CacheQueryStringBehavior_All(),
		HeaderBehavior:             awscloudfront.CacheHeaderBehavior_None(),
		CookieBehavior:             awscloudfront.CacheCookieBehavior_None(),
		EnableAcceptEncodingGzip:   jsii.Bool(true),
		EnableAcceptEncodingBrotli: jsii.Bool(true),
	})
}

// ShellPath is the app shell's cache key: the viewer-request rewrite turns
// every client-side route into it, so one invalidation covers them all.
const ShellPath = "/index.html"

// ShellInvalidationProps configure the shell invalidation.
type ShellInvalidationProps struct {
	Distribution awscloudfront.IDistribution
	// Release identifies the published web build; a new value invalidates.
	Release string
}

// NewShellInvalidation invalidates the distribution's cached app shell
// whenever Release changes. It lives in the tenant stack, which deploys
// after the platform stack has published the build: the deployment in the
// platform stack cannot name the tenants' distributions without a cycle.
func NewShellInvalidation(scope constructs.Construct, id string, p *ShellInvalidationProps) customresources.AwsCustomResource {
	invalidate := &customresources.AwsSdkCall{
		Service: jsii.String("CloudFront"),
		Action:  jsii.String("createInvalidation"),
		Parameters: map[string]interface{}{
			"DistributionId": p.Distribution.DistributionId(),
			"InvalidationBatch": map[string]interface{}{
				// CloudFront ignores a repeated reference, so a rollback to an
				// earlier release is not invalidated again; the shell's
				// no-cache header bounds that staleness by the cache
				// policy's minimum TTL.
				"CallerReference": "release-" + p.Release,
				"Paths":           map[string]interface{}{"Quantity": 1, "Items": []string{ShellPath}},
			},
		},
		PhysicalResourceId: customresources.PhysicalResourceId_Of(jsii.String("shell-invalidation")),
	}
	return customresources.NewAwsCustomResource(scope, jsii.String(id), &customresources.AwsCustomResourceProps{
		OnCreate: invalidate,
		OnUpdate: invalidate,
		Policy: customresources.AwsCustomResourcePolicy_FromSdkCalls(&customresources.SdkCallsPolicyOptions{
			Resources: &[]*string{p.Distribution.DistributionArn()},
		}),
		InstallLatestAwsSdk: jsii.Bool(false),
	})
}

// RecordProps configure the site record.
type RecordProps struct {
	Slug string
	// Config is the tenant file's JSON, stored as the item's `config`.
	Config string
	// Pages is the site's content pages as JSON (path to Markdown), stored
	// as the item's `pages`; empty stores "{}".
	Pages string
	Table awsdynamodb.ITable
}

// NewRecord writes the tenant's site config into the sites table on every
// deploy that changes it. Deleting the stack leaves the item in place, as
// the table itself is retained.
func NewRecord(scope constructs.Construct, id string, p *RecordProps) customresources.AwsCustomResource {
	pages := p.Pages
	if pages == "" {
		pages = "{}"
	}
	put := &customresources.AwsSdkCall{
		Service: jsii.String("DynamoDB"),
		Action:  jsii.String("putItem"),
		Parameters: map[string]interface{}{
			"TableName": p.Table.TableName(),
			"Item": map[string]interface{}{
				"slug":   map[string]interface{}{"S": p.Slug},
				"config": map[string]interface{}{"S": p.Config},
				"pages":  map[string]interface{}{"S": pages},
			},
		},
		PhysicalResourceId: customresources.PhysicalResourceId_Of(jsii.String("site#" + p.Slug)),
	}
	return customresources.NewAwsCustomResource(scope, jsii.String(id), &customresources.AwsCustomResourceProps{
		OnCreate: put,
		OnUpdate: put,
		Policy: customresources.AwsCustomResourcePolicy_FromSdkCalls(&customresources.SdkCallsPolicyOptions{
			Resources: &[]*string{p.Table.TableArn()},
		}),
		InstallLatestAwsSdk: jsii.Bool(false),
	})
}

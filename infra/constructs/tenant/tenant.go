// Package tenant provides one dealer site's edge: its CloudFront
// distribution (the SPA from S3; /api/*, /ingest/* and the cached /media/*
// from the HTTP API with the tenant's origin headers), built on the shared
// parts of its edge cell (package cell), and the record that puts its site
// config into the sites table (DESIGN.md decision 4). Nothing here depends
// on the web build: a release changes no tenant stack (the shell is served
// no-cache, see NewEdge).
package tenant

import (
	"fmt"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscertificatemanager"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfront"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfrontorigins"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/aws-cdk-go/awscdk/v2/customresources"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"forecourt/functions/contract"
	"forecourt/infra/constructs/cell"
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
	// Cell holds the parts the distribution shares with its cell's others.
	Cell *cell.Refs
	// LogBucket receives the distribution's access logs under <slug>/.
	LogBucket awss3.IBucket
}

// Edge is a tenant's distribution.
type Edge struct {
	constructs.Construct
	Distribution awscloudfront.Distribution
}

// NewEdge creates the distribution. The app shell (/index.html, which the
// cell's function serves for every client-side route) is uploaded with
// Cache-Control: no-cache, which CachingOptimized's one-second minimum TTL
// turns into "at most a second old": a web release reaches every site within
// a second of its upload, without an invalidation and so without touching
// the tenant stacks.
// getBehavior is a compressed GET and HEAD behaviour under the cell's
// response headers, with the cell's viewer-request function when fn is
// set: what the documents, files, media, site and quick-search behaviours
// share, so each says only how it differs.
func getBehavior(origin awscloudfront.IOrigin, headers awscloudfront.IResponseHeadersPolicy, cache awscloudfront.ICachePolicy,
	viewer awscloudfront.ViewerProtocolPolicy, fn awscloudfront.IFunction) *awscloudfront.BehaviorOptions {
	b := &awscloudfront.BehaviorOptions{
		Origin:                origin,
		AllowedMethods:        awscloudfront.AllowedMethods_ALLOW_GET_HEAD(),
		ViewerProtocolPolicy:  viewer,
		CachePolicy:           cache,
		ResponseHeadersPolicy: headers,
		Compress:              jsii.Bool(true),
	}
	if fn != nil {
		b.FunctionAssociations = &[]*awscloudfront.FunctionAssociation{{
			Function:  fn,
			EventType: awscloudfront.FunctionEventType_VIEWER_REQUEST,
		}}
	}
	return b
}

func NewEdge(scope constructs.Construct, id string, p *EdgeProps) *Edge {
	c := constructs.NewConstruct(scope, jsii.String(id))

	site := awscloudfrontorigins.S3BucketOrigin_WithOriginAccessControl(p.WebBucket, &awscloudfrontorigins.S3BucketOriginWithOACProps{
		OriginAccessControl: p.Cell.OriginAccess,
	})
	// The cell's security headers: its content security policy and the
	// others of functions/securityheaders (issue 15).
	headers := p.Cell.Headers

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
		Origin:                api,
		AllowedMethods:        awscloudfront.AllowedMethods_ALLOW_ALL(),
		ViewerProtocolPolicy:  awscloudfront.ViewerProtocolPolicy_HTTPS_ONLY,
		CachePolicy:           awscloudfront.CachePolicy_CACHING_DISABLED(),
		ResponseHeadersPolicy: headers,
		// Every viewer header and query string except Host: API Gateway
		// answers only on its own host name.
		OriginRequestPolicy: awscloudfront.OriginRequestPolicy_ALL_VIEWER_EXCEPT_HOST_HEADER(),
	}

	// Documents (every path without a file extension) are rendered per
	// page by the api Lambda (issue 14): a head of the page's own before any
	// script runs. Keyed on the path alone (CachingOptimized: no query
	// string, header or cookie reaches the origin, so the page depends on
	// the path and the tenant only), kept as long as the API says (a minute,
	// then stale-while-revalidate). No viewer header is forwarded, so Host
	// is the API's own, as API Gateway requires. The cell's function maps
	// /index.html to / so the shell's file name is the home page.
	documents := getBehavior(api, headers, awscloudfront.CachePolicy_CACHING_OPTIMIZED(),
		awscloudfront.ViewerProtocolPolicy_REDIRECT_TO_HTTPS, p.Cell.SPAFunction)
	// /search: the home page's quick search sent before the app runs
	// (issue 32: make, model, max_price), which the api Lambda redirects to
	// their listing. The documents' behaviour forwards no query string, so
	// this path forwards the viewer's (every viewer header but Host, as
	// /api/*) and caches nothing: each query is its own answer.
	quickSearch := getBehavior(api, headers, awscloudfront.CachePolicy_CACHING_DISABLED(),
		awscloudfront.ViewerProtocolPolicy_REDIRECT_TO_HTTPS, nil)
	quickSearch.OriginRequestPolicy = awscloudfront.OriginRequestPolicy_ALL_VIEWER_EXCEPT_HOST_HEADER()
	// Files of the web build from S3: the hashed bundles, cached a year.
	files := getBehavior(site, headers, awscloudfront.CachePolicy_CACHING_OPTIMIZED(),
		awscloudfront.ViewerProtocolPolicy_REDIRECT_TO_HTTPS, nil)
	// Logos and photos: a pure function of the path, cached as long as the
	// API says (a day, a year for photos; CachingOptimized keeps 1 s to a
	// year and keys on the path alone, forwarding no query string). A
	// photo's ?w=, ?q= and ?f= (issue 14 "Images") are moved into the path
	// by the cell's viewer-request function, so each size and format is its
	// own cache entry. No viewer header reaches the origin, so Host is the
	// API's own.
	mediaBehavior := getBehavior(api, headers, awscloudfront.CachePolicy_CACHING_OPTIMIZED(),
		awscloudfront.ViewerProtocolPolicy_REDIRECT_TO_HTTPS, p.Cell.SPAFunction)

	// GET /api/site (issue 15): a function of the tenant alone (the headers
	// CloudFront sets), read by every page view, so cached at the edge as
	// long as the API says (a minute; errors are no-store) under the managed
	// CachingOptimized (path only; no viewer header, query string or cookie
	// reaches the origin, so no viewer can vary it, and Host is the API's
	// own). Its search key is valid a day, far longer than a cached copy.
	siteBehavior := getBehavior(api, headers, awscloudfront.CachePolicy_CACHING_OPTIMIZED(),
		awscloudfront.ViewerProtocolPolicy_HTTPS_ONLY, nil)

	props := &awscloudfront.DistributionProps{
		Comment:         jsii.String("Forecourt " + p.Slug),
		HttpVersion:     awscloudfront.HttpVersion_HTTP2_AND_3,
		DefaultBehavior: documents,
		// The cell's web ACL (issue 15): managed rules and rate limits.
		WebAclId: p.Cell.WebACLARN,
	}
	if p.LogBucket != nil {
		// Issue 15: access logs, one prefix per tenant in the platform's
		// bucket (client addresses: it expires them after 90 days).
		props.EnableLogging = jsii.Bool(true)
		props.LogBucket = p.LogBucket
		props.LogFilePrefix = jsii.String(p.Slug + "/")
	}
	if len(p.Domains) > 0 && p.CertificateARN != "" {
		props.DomainNames = jsii.Strings(p.Domains...)
		props.Certificate = awscertificatemanager.Certificate_FromCertificateArn(c, jsii.String("Certificate"), jsii.String(p.CertificateARN))
		props.MinimumProtocolVersion = awscloudfront.SecurityPolicyProtocol_TLS_V1_2_2021
	}
	dist := awscloudfront.NewDistribution(c, jsii.String("Distribution"), props)
	// Behaviours are added one by one because CloudFront tries them in
	// order and "/*.*" (files at any depth: the build's root files) must
	// come after the API's prefixes, whose paths may hold dots (logos), and
	// after the per-tenant files the api Lambda writes (sitemaps, robots).
	for _, b := range []struct {
		pattern string
		opts    *awscloudfront.BehaviorOptions
	}{
		{"/api/site", siteBehavior}, // before /api/*, which CloudFront would match first
		{"/api/*", apiBehavior},
		{"/ingest/*", apiBehavior},
		{"/media/*", mediaBehavior},
		{"/search", quickSearch},
		{"/robots.txt", documents},
		{"/sitemap*.xml", documents},
		{"/assets/*", files},
		{"/*.*", files},
	} {
		dist.AddBehavior(jsii.String(b.pattern), b.opts.Origin, &awscloudfront.AddBehaviorOptions{
			AllowedMethods:        b.opts.AllowedMethods,
			ViewerProtocolPolicy:  b.opts.ViewerProtocolPolicy,
			CachePolicy:           b.opts.CachePolicy,
			OriginRequestPolicy:   b.opts.OriginRequestPolicy,
			ResponseHeadersPolicy: b.opts.ResponseHeadersPolicy,
			Compress:              b.opts.Compress,
			FunctionAssociations:  b.opts.FunctionAssociations,
		})
	}
	return &Edge{Construct: c, Distribution: dist}
}

// RecordProps configure the site record.
type RecordProps struct {
	Slug string
	// Config is the tenant file's JSON, stored as the item's `config`.
	Config string
	// Pages is the site's content pages as JSON (path to Markdown), stored
	// as the item's `pages`; empty stores "{}".
	Pages string
	// AuthClientID is the site's own shopper app client (auth.NewSiteClient),
	// stored as the item's `auth_client_id`: the API accepts a shopper token
	// on this site only when it was issued to this client.
	AuthClientID *string
	// Dealerships are the slugs of the site's dealerships: the same
	// transaction adds the site to each one's lookup item, which feed runs
	// read instead of scanning the table (dynamo.SiteStore.SitesOf).
	Dealerships []string
	Table       awsdynamodb.ITable
}

// NewRecord writes the tenant's site config into the sites table on every
// deploy that changes it, and links the site from its dealerships' lookup
// items in the same transaction. The site is updated, not put, so its
// stock stats stay until the next feed run recomputes them. A dealership
// the tenant file dropped keeps a stale entry (the call cannot see the
// config it replaces): readers skip it and `forecourt sites relink` prunes
// it. Deleting the stack leaves the items in place, as the table itself is
// retained.
func NewRecord(scope constructs.Construct, id string, p *RecordProps) customresources.AwsCustomResource {
	pages := p.Pages
	if pages == "" {
		pages = "{}"
	}
	linkItem := func(d string) interface{} {
		return map[string]interface{}{
			"Update": map[string]interface{}{
				"TableName":                 p.Table.TableName(),
				"Key":                       map[string]interface{}{"slug": map[string]interface{}{"S": contract.SitesOfKey(d)}},
				"UpdateExpression":          "ADD #sites :site",
				"ExpressionAttributeNames":  map[string]interface{}{"#sites": "sites"},
				"ExpressionAttributeValues": map[string]interface{}{":site": map[string]interface{}{"SS": []interface{}{p.Slug}}},
			},
		}
	}
	items := []interface{}{map[string]interface{}{
		"Update": map[string]interface{}{
			"TableName": p.Table.TableName(),
			"Key":       map[string]interface{}{"slug": map[string]interface{}{"S": p.Slug}},
			// config_version moves with every write, as SaveSite's does, so
			// a local writer's read-then-write sees this one.
			"UpdateExpression": "SET #config = :config, #pages = :pages, #client = :client ADD #version :one",
			// Names, not words: an attribute may be a reserved word.
			"ExpressionAttributeNames": map[string]interface{}{
				"#config": "config", "#pages": "pages", "#client": "auth_client_id", "#version": "config_version",
			},
			"ExpressionAttributeValues": map[string]interface{}{
				":config": map[string]interface{}{"S": p.Config},
				":pages":  map[string]interface{}{"S": pages},
				":client": map[string]interface{}{"S": p.AuthClientID},
				":one":    map[string]interface{}{"N": "1"},
			},
		},
	}}
	// The dealerships list names every dealership with a lookup (the sweep
	// and a full reindex read it instead of scanning): one action adds them all.
	if len(p.Dealerships) > 0 {
		listed := make([]interface{}, len(p.Dealerships))
		for i, d := range p.Dealerships {
			listed[i] = d
		}
		items = append(items, map[string]interface{}{
			"Update": map[string]interface{}{
				"TableName":                 p.Table.TableName(),
				"Key":                       map[string]interface{}{"slug": map[string]interface{}{"S": contract.DealershipListKey}},
				"UpdateExpression":          "ADD #dealerships :dealerships",
				"ExpressionAttributeNames":  map[string]interface{}{"#dealerships": "dealerships"},
				"ExpressionAttributeValues": map[string]interface{}{":dealerships": map[string]interface{}{"SS": listed}},
			},
		})
	}
	first := p.Dealerships
	if len(first) > contract.MaxSiteDealerships {
		first = first[:contract.MaxSiteDealerships]
	}
	for _, d := range first {
		items = append(items, linkItem(d))
	}
	// A group with more dealerships than one transaction holds links the
	// rest with more calls: a link before or without its site's write is
	// harmless (readers keep only sites whose config lists the dealership).
	for i, rest := 1, p.Dealerships[len(first):]; len(rest) > 0; i++ {
		chunk := rest[:min(len(rest), contract.MaxSiteDealerships+1)]
		rest = rest[len(chunk):]
		links := make([]interface{}, len(chunk))
		for j, d := range chunk {
			links[j] = linkItem(d)
		}
		call := &customresources.AwsSdkCall{
			Service:            jsii.String("DynamoDB"),
			Action:             jsii.String("transactWriteItems"),
			Parameters:         map[string]interface{}{"TransactItems": links},
			PhysicalResourceId: customresources.PhysicalResourceId_Of(jsii.String(fmt.Sprintf("site#%s#links#%d", p.Slug, i))),
		}
		customresources.NewAwsCustomResource(scope, jsii.String(fmt.Sprintf("%sLinks%d", id, i)), &customresources.AwsCustomResourceProps{
			OnCreate: call, OnUpdate: call, Policy: recordPolicy(p.Table), InstallLatestAwsSdk: jsii.Bool(false),
		})
	}
	write := &customresources.AwsSdkCall{
		Service:            jsii.String("DynamoDB"),
		Action:             jsii.String("transactWriteItems"),
		Parameters:         map[string]interface{}{"TransactItems": items},
		PhysicalResourceId: customresources.PhysicalResourceId_Of(jsii.String("site#" + p.Slug)),
	}
	return customresources.NewAwsCustomResource(scope, jsii.String(id), &customresources.AwsCustomResourceProps{
		OnCreate:            write,
		OnUpdate:            write,
		Policy:              recordPolicy(p.Table),
		InstallLatestAwsSdk: jsii.Bool(false),
	})
}

// recordPolicy lets a site record's calls update items of the sites table.
// A transaction is authorised by the actions it holds, not by an action of
// its own.
func recordPolicy(table awsdynamodb.ITable) customresources.AwsCustomResourcePolicy {
	return customresources.AwsCustomResourcePolicy_FromStatements(&[]awsiam.PolicyStatement{
		awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
			Actions:   jsii.Strings("dynamodb:UpdateItem"),
			Resources: &[]*string{table.TableArn()},
		}),
	})
}

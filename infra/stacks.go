package main

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfront"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"forecourt/infra/constructs/api"
	"forecourt/infra/constructs/auth"
	"forecourt/infra/constructs/data"
	"forecourt/infra/constructs/tenant"
	"forecourt/infra/constructs/web"
)

// StatefulStack holds what cannot be recreated: the tables and the user
// pool. It is deployed rarely, and its logical ids never change.
type StatefulStack struct {
	awscdk.Stack
	Tables   *data.Tables
	Shoppers *auth.Shoppers
}

// StatefulStackProps configure the stateful stack.
type StatefulStackProps struct {
	awscdk.StackProps
	// Tenants get one app client each in the user pool (auth.AddSiteClient).
	Tenants []Tenant
}

// NewStatefulStack creates the tables and the shoppers' user pool.
func NewStatefulStack(scope constructs.Construct, id string, props *StatefulStackProps) *StatefulStack {
	stack := awscdk.NewStack(scope, jsii.String(id), &props.StackProps)
	s := &StatefulStack{
		Stack:    stack,
		Tables:   data.NewTables(stack, "Tables"),
		Shoppers: auth.NewShoppers(stack, "Shoppers"),
	}
	output(stack, "UserPoolId", s.Shoppers.Pool.UserPoolId())
	output(stack, "UserPoolClientId", s.Shoppers.Client.UserPoolClientId())
	for _, t := range props.Tenants {
		s.Shoppers.AddSiteClient(t.Site.Slug, t.Site.Domains)
	}
	// `forecourt keys add` writes provider keys into this table (infra/README.md).
	output(stack, "ProviderKeysTableName", s.Tables.ProviderKeys.TableName())
	return s
}

// PlatformStack holds the shared runtime: the HTTP API, its Lambdas, the
// bucket with the SPA and what every tenant's distribution shares.
type PlatformStack struct {
	awscdk.Stack
	API *api.API
	Web *web.Site
	// MediaCachePolicy is the /media/* cache policy of every distribution.
	MediaCachePolicy awscloudfront.CachePolicy
}

// PlatformStackProps configure the platform stack.
type PlatformStackProps struct {
	awscdk.StackProps
	Stateful  *StatefulStack
	LambdaDir string
	// WebDist is the built SPA the stack publishes (web/dist).
	WebDist      string
	Search       api.Search
	OriginSecret awscdk.SecretValue
	// CaptchaKey is FORECOURT_CAPTCHA_KEY of the api function.
	CaptchaKey awscdk.SecretValue
	// MailFrom is FORECOURT_MAIL_FROM of the deliver function.
	MailFrom string
	// Stripe is the api function's Stripe keys (issue 13).
	Stripe api.Stripe
}

// NewPlatformStack creates the API, the functions, the web bucket with the
// built SPA in it, and the media cache policy.
func NewPlatformStack(scope constructs.Construct, id string, props *PlatformStackProps) (*PlatformStack, error) {
	stack := awscdk.NewStack(scope, jsii.String(id), &props.StackProps)
	t := props.Stateful.Tables
	a, err := api.New(stack, "Api", &api.Props{
		LambdaDir:    props.LambdaDir,
		Tables:       api.Tables{Cars: t.Cars, Sites: t.Sites, ProviderKeys: t.ProviderKeys, FeedRuns: t.FeedRuns, Leads: t.Leads, Watchlists: t.Watchlists, Reservations: t.Reservations},
		Search:       props.Search,
		OriginSecret: props.OriginSecret,
		CaptchaKey:   props.CaptchaKey,
		MailFrom:     props.MailFrom,
		Stripe:       props.Stripe,
		Shoppers: api.Shoppers{
			UserPoolID:  props.Stateful.Shoppers.Pool.UserPoolId(),
			ClientID:    props.Stateful.Shoppers.Client.UserPoolClientId(),
			SiteClients: siteClientIDs(props.Stateful.Shoppers),
		},
	})
	if err != nil {
		return nil, err
	}
	site, err := web.NewSite(stack, "Web", &web.SiteProps{DistDir: props.WebDist})
	if err != nil {
		return nil, err
	}
	s := &PlatformStack{
		Stack:            stack,
		API:              a,
		Web:              site,
		MediaCachePolicy: tenant.NewMediaCachePolicy(stack, "MediaCachePolicy"),
	}
	output(stack, "ApiEndpoint", a.HTTPAPI.ApiEndpoint())
	output(stack, "WebBucketName", s.Web.Bucket.BucketName())
	return s, nil
}

// TenantStack is one dealer's site at the edge.
type TenantStack struct {
	awscdk.Stack
	Edge *tenant.Edge
}

// TenantStackProps configure a tenant stack.
type TenantStackProps struct {
	awscdk.StackProps
	Stateful     *StatefulStack
	Platform     *PlatformStack
	Site         Tenant
	OriginSecret awscdk.SecretValue
	// CertificateARN is the us-east-1 certificate for the site's domains.
	CertificateARN string
}

// NewTenantStack creates the tenant's distribution, invalidates its app
// shell on each web release and writes its site config into the sites
// table, so that deploying the stack onboards the dealer.
func NewTenantStack(scope constructs.Construct, id string, props *TenantStackProps) *TenantStack {
	stack := awscdk.NewStack(scope, jsii.String(id), &props.StackProps)
	platformBucket := props.Platform.Web.Bucket
	bucket := awss3.Bucket_FromBucketAttributes(stack, jsii.String("WebBucket"), &awss3.BucketAttributes{
		BucketArn:                platformBucket.BucketArn(),
		BucketName:               platformBucket.BucketName(),
		BucketRegionalDomainName: platformBucket.BucketRegionalDomainName(),
	})
	// The platform stack's bucket policy already admits this account's
	// distributions (see web.NewSite).
	awscdk.Annotations_Of(stack).AcknowledgeWarning(
		jsii.String("@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac"),
		jsii.String("the platform stack grants the account's distributions read access"))
	if len(props.Site.Site.Domains) > 0 && props.CertificateARN == "" {
		awscdk.Annotations_Of(stack).AddWarningV2(jsii.String("forecourt:noCertificate"),
			jsii.String("site "+props.Site.Site.Slug+" lists domains but context "+certificateKey(props.Site.Site.Slug)+
				" is not set: the distribution answers on its cloudfront.net name only"))
	}
	edge := tenant.NewEdge(stack, "Edge", &tenant.EdgeProps{
		Slug:             props.Site.Site.Slug,
		WebBucket:        bucket,
		APIDomain:        props.Platform.API.Domain,
		OriginSecret:     props.OriginSecret,
		Domains:          props.Site.Site.Domains,
		CertificateARN:   props.CertificateARN,
		MediaCachePolicy: props.Platform.MediaCachePolicy,
	})
	tenant.NewShellInvalidation(stack, "ShellInvalidation", &tenant.ShellInvalidationProps{
		Distribution: edge.Distribution,
		Release:      props.Platform.Web.Release,
	})
	tenant.NewRecord(stack, "SiteRecord", &tenant.RecordProps{
		Slug:   props.Site.Site.Slug,
		Config: props.Site.Config,
		Table:  props.Stateful.Tables.Sites,
	})
	output(stack, "DistributionDomainName", edge.Distribution.DistributionDomainName())
	return &TenantStack{Stack: stack, Edge: edge}
}

// siteClientIDs are the tenants' app client ids by site slug.
func siteClientIDs(s *auth.Shoppers) map[string]*string {
	ids := map[string]*string{}
	for slug, c := range s.SiteClients {
		ids[slug] = c.UserPoolClientId()
	}
	return ids
}

func output(stack awscdk.Stack, id string, value *string) {
	awscdk.NewCfnOutput(stack, jsii.String(id), &awscdk.CfnOutputProps{Value: value})
}

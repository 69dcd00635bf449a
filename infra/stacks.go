package main

import (
	"slices"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscognito"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/aws-cdk-go/awscdk/v2/awswafv2"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"forecourt/functions/securityheaders"
	"forecourt/infra/constructs/api"
	"forecourt/infra/constructs/auth"
	"forecourt/infra/constructs/cell"
	"forecourt/infra/constructs/data"
	"forecourt/infra/constructs/github"
	"forecourt/infra/constructs/param"
	"forecourt/infra/constructs/tenant"
	"forecourt/infra/constructs/waf"
	"forecourt/infra/constructs/web"
	"forecourt/shared"
)

// StatefulStack holds what cannot be recreated: the tables and the user
// pool. It is deployed rarely, and its logical ids never change.
type StatefulStack struct {
	awscdk.Stack
	Tables   *data.Tables
	Shoppers *auth.Shoppers
	// ShoppersACL is the user pool's regional web ACL: browsers call
	// Cognito directly, so sign-up's rate limit cannot be at CloudFront.
	ShoppersACL awswafv2.CfnWebACL
}

// StatefulStackProps configure the stateful stack.
type StatefulStackProps struct {
	awscdk.StackProps
}

// NewStatefulStack creates the tables and the shoppers' user pool.
func NewStatefulStack(scope constructs.Construct, id string, props *StatefulStackProps) *StatefulStack {
	stack := awscdk.NewStack(scope, jsii.String(id), &props.StackProps)
	s := &StatefulStack{
		Stack:    stack,
		Tables:   data.NewTables(stack, "Tables"),
		Shoppers: auth.NewShoppers(stack, "Shoppers"),
	}
	s.ShoppersACL = waf.NewPoolACL(stack, "ShoppersWaf", s.Shoppers.Pool.UserPoolArn())
	output(stack, "UserPoolId", s.Shoppers.Pool.UserPoolId())
	output(stack, "UserPoolClientId", s.Shoppers.Client.UserPoolClientId())
	param.Publish(stack, "UserPoolIdParam", param.UserPoolID, s.Shoppers.Pool.UserPoolId())
	// `forecourt keys add` writes provider keys into this table (infra/README.md).
	output(stack, "ProviderKeysTableName", s.Tables.ProviderKeys.TableName())
	param.Publish(stack, "SitesTableNameParam", param.SitesTableName, s.Tables.Sites.TableName())
	return s
}

// PlatformStack holds the shared runtime: the HTTP API, its Lambdas and the
// bucket with the SPA. Tenant stacks read what they need of it from SSM
// parameters (package param), so a release changes no tenant stack.
type PlatformStack struct {
	awscdk.Stack
	API *api.API
	Web *web.Site
	// Monitoring is the alarms and the dashboard (issue 15).
	Monitoring *api.Monitoring
	// AccessLogs receives the tenant distributions' access logs.
	AccessLogs awss3.Bucket
}

// PlatformStackProps configure the platform stack.
type PlatformStackProps struct {
	awscdk.StackProps
	Stateful  *StatefulStack
	LambdaDir string
	// WebDist is the built SPA the stack publishes (web/dist).
	WebDist      string
	Search       api.Search
	OriginSecret api.SecretRef
	// CaptchaKey is FORECOURT_CAPTCHA_KEY of the api function.
	CaptchaKey api.SecretRef
	// OpsKey is FORECOURT_OPS_KEY of the ingest function.
	OpsKey api.SecretRef
	// MailFrom is FORECOURT_MAIL_FROM of the deliver function.
	MailFrom string
	// WebhookSecrets name the dealers' CRM webhook secrets (WebhookSecretNames).
	WebhookSecrets []string
	// Stripe is the api function's Stripe keys (issue 13).
	Stripe api.Stripe
	// AlarmTopicARN is the SNS topic the alarms notify (context
	// forecourt:alarmTopicArn); empty creates one.
	AlarmTopicARN string
	// APIDomainName and APICertificate are the API's own host name and its
	// regional certificate's ARN (api.Props.DomainName).
	APIDomainName, APICertificate string
	// SMSSpendLimit is the account's monthly SMS spend limit in USD
	// (auth.NewSMSSpendLimit).
	SMSSpendLimit int
	// RejectedRowsPercent is the feed runs' rejected share that alarms
	// (api.MonitorProps).
	RejectedRowsPercent int
}

// NewPlatformStack creates the API, the functions and the web bucket with
// the built SPA in it.
func NewPlatformStack(scope constructs.Construct, id string, props *PlatformStackProps) (*PlatformStack, error) {
	stack := awscdk.NewStack(scope, jsii.String(id), &props.StackProps)
	t := props.Stateful.Tables
	a, err := api.New(stack, "Api", &api.Props{
		LambdaDir:      props.LambdaDir,
		Tables:         api.Tables{Cars: t.Cars, Sites: t.Sites, ProviderKeys: t.ProviderKeys, FeedRuns: t.FeedRuns, Leads: t.Leads, Events: t.Events, Watchlists: t.Watchlists, Reviews: t.Reviews, Reservations: t.Reservations},
		Search:         props.Search,
		OriginSecret:   props.OriginSecret,
		CaptchaKey:     props.CaptchaKey,
		OpsKey:         props.OpsKey,
		MailFrom:       props.MailFrom,
		WebhookSecrets: props.WebhookSecrets,
		Stripe:         props.Stripe,
		DomainName:     props.APIDomainName,
		CertificateARN: props.APICertificate,
		Shoppers: api.Shoppers{
			UserPoolID: props.Stateful.Shoppers.Pool.UserPoolId(),
			ClientID:   props.Stateful.Shoppers.Client.UserPoolClientId(),
		},
	})
	if err != nil {
		return nil, err
	}
	site, err := web.NewSite(stack, "Web", &web.SiteProps{DistDir: props.WebDist})
	if err != nil {
		return nil, err
	}
	s := &PlatformStack{Stack: stack, API: a, Web: site, Monitoring: a.Monitor(api.MonitorProps{
		TopicARN: props.AlarmTopicARN, RejectedRowsPercent: props.RejectedRowsPercent})}
	// Issue 15: the shopper pool's texts are capped in spend. In the
	// platform stack, not beside the pool: it is an account setting, and a
	// refused value (above the account's SMS quota) should fail a release,
	// never roll back the stack holding the tables.
	auth.NewSMSSpendLimit(stack, "SmsSpendLimit", props.SMSSpendLimit)
	// CloudFront's standard logs need ACLs (the log delivery account writes
	// with one); they hold client addresses, so they expire.
	s.AccessLogs = awss3.NewBucket(stack, jsii.String("AccessLogs"), &awss3.BucketProps{
		ObjectOwnership:   awss3.ObjectOwnership_BUCKET_OWNER_PREFERRED,
		BlockPublicAccess: awss3.BlockPublicAccess_BLOCK_ALL(),
		Encryption:        awss3.BucketEncryption_S3_MANAGED,
		EnforceSSL:        jsii.Bool(true),
		LifecycleRules:    &[]*awss3.LifecycleRule{{Expiration: awscdk.Duration_Days(jsii.Number(AccessLogDays))}},
		RemovalPolicy:     awscdk.RemovalPolicy_RETAIN,
	})
	param.Publish(stack, "AccessLogBucketParam", param.AccessLogBucket, s.AccessLogs.BucketName())
	output(stack, "AlarmTopicArn", s.Monitoring.Topic.TopicArn())
	output(stack, "DashboardName", s.Monitoring.Dashboard.DashboardName())
	output(stack, "ApiDomainName", a.Domain)
	// The API domain's DNS record (a CNAME or alias) points here.
	output(stack, "ApiRegionalDomainName", a.RegionalDomain)
	output(stack, "WebBucketName", s.Web.Bucket.BucketName())
	param.Publish(stack, "ApiDomainParam", param.APIDomain, a.Domain)
	param.Publish(stack, "WebBucketNameParam", param.WebBucketName, s.Web.Bucket.BucketName())
	return s, nil
}

// AccessLogDays is how long CloudFront access logs are kept.
const AccessLogDays = 90

// NewDeployStack creates the roles GitHub Actions assumes with OIDC
// (package github) and outputs their ARNs for the repository variables
// AWS_DIFF_ROLE_ARN and AWS_DEPLOY_ROLE_ARN.
func NewDeployStack(scope constructs.Construct, id string, p github.Props, props *awscdk.StackProps) awscdk.Stack {
	stack := awscdk.NewStack(scope, jsii.String(id), props)
	roles := github.New(stack, "GitHub", p)
	output(stack, "DiffRoleArn", roles.Diff.RoleArn())
	output(stack, "DeployRoleArn", roles.Deploy.RoleArn())
	return stack
}

// EdgeStack is one edge cell (package cell): what up to
// tenantfile.CellSize tenants' distributions share.
type EdgeStack struct {
	awscdk.Stack
	Cell *cell.Cell
}

// NewEdgeStack creates edge cell n for the origins its sites use.
func NewEdgeStack(scope constructs.Construct, id string, n int, origins securityheaders.Origins, props *awscdk.StackProps) *EdgeStack {
	stack := awscdk.NewStack(scope, jsii.String(id), props)
	return &EdgeStack{Stack: stack, Cell: cell.New(stack, "Cell", n, origins)}
}

// EdgeWAFStack is edge cell n's AWS WAF web ACL. CloudFront takes web ACLs
// from us-east-1 only, so the stack is there whatever the platform's
// region, and writes the ACL's ARN into the platform region's parameter
// cell.WebACLParam(n), where the cell's tenant stacks read it.
type EdgeWAFStack struct {
	awscdk.Stack
	ACL awswafv2.CfnWebACL
}

// NewEdgeWAFStack creates cell n's web ACL; region is the platform's.
func NewEdgeWAFStack(scope constructs.Construct, id string, n int, region string, props *awscdk.StackProps) *EdgeWAFStack {
	p := *props
	p.Env = &awscdk.Environment{Region: jsii.String(waf.CloudFrontRegion)}
	if props.Env != nil {
		p.Env.Account = props.Env.Account
	}
	stack := awscdk.NewStack(scope, jsii.String(id), &p)
	acl := waf.NewEdgeACL(stack, "WebAcl", n)
	waf.Publish(stack, "WebAclArnParam", cell.WebACLParam(n), region, acl.AttrArn())
	output(stack, "WebAclArn", acl.AttrArn())
	return &EdgeWAFStack{Stack: stack, ACL: acl}
}

// TenantStack is one dealer's site at the edge.
type TenantStack struct {
	awscdk.Stack
	Edge *tenant.Edge
}

// TenantStackProps configure a tenant stack.
type TenantStackProps struct {
	awscdk.StackProps
	Site         Tenant
	OriginSecret awscdk.SecretValue
	// DependsOn are the stacks whose parameters the tenant stack reads (the
	// stateful and platform stacks and its edge cell), deployed first.
	DependsOn []awscdk.Stack
	// CertificateARN is the us-east-1 certificate for the site's domains.
	CertificateARN string
}

// NewTenantStack creates the tenant's distribution on its edge cell and
// writes its site config into the sites table, so that deploying the stack
// onboards the dealer. It changes only when the tenant file does: the
// platform, stateful and cell values it uses are SSM parameters, not
// exports, and the web build is not among them.
func NewTenantStack(scope constructs.Construct, id string, props *TenantStackProps) *TenantStack {
	stack := awscdk.NewStack(scope, jsii.String(id), &props.StackProps)
	for _, d := range props.DependsOn {
		stack.AddDependency(d, jsii.String("reads its SSM parameters"))
	}
	bucket := awss3.Bucket_FromBucketAttributes(stack, jsii.String("WebBucket"), &awss3.BucketAttributes{
		BucketName: param.Value(stack, param.WebBucketName),
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
		Slug:           props.Site.Site.Slug,
		WebBucket:      bucket,
		APIDomain:      param.Value(stack, param.APIDomain),
		OriginSecret:   props.OriginSecret,
		Domains:        props.Site.Site.Domains,
		CertificateARN: props.CertificateARN,
		Cell:           cell.Import(stack, "Cell", props.Site.Site.EdgeCell),
		LogBucket: awss3.Bucket_FromBucketAttributes(stack, jsii.String("AccessLogBucket"), &awss3.BucketAttributes{
			BucketName: param.Value(stack, param.AccessLogBucket),
		}),
	})
	// The site's own shopper app client, in the pool the stateful stack
	// publishes: the tenant's stack holds it, so the pool's stack does not
	// grow with the tenants.
	pool := awscognito.UserPool_FromUserPoolId(stack, jsii.String("Shoppers"), param.Value(stack, param.UserPoolID))
	client := auth.NewSiteClient(stack, "ShopperClient", pool, props.Site.Site.Slug, props.Site.Site.Domains)
	tenant.NewRecord(stack, "SiteRecord", &tenant.RecordProps{
		Slug:         props.Site.Site.Slug,
		Config:       props.Site.Config,
		Pages:        props.Site.Pages,
		AuthClientID: client.UserPoolClientId(),
		Dealerships:  dealershipSlugs(props.Site.Site),
		Table:        awsdynamodb.Table_FromTableName(stack, jsii.String("SitesTable"), param.Value(stack, param.SitesTableName)),
	})
	output(stack, "DistributionDomainName", edge.Distribution.DistributionDomainName())
	return &TenantStack{Stack: stack, Edge: edge}
}

func output(stack awscdk.Stack, id string, value *string) {
	awscdk.NewCfnOutput(stack, jsii.String(id), &awscdk.CfnOutputProps{Value: value})
}

// dealershipSlugs lists the site's dealerships, each once.
func dealershipSlugs(site shared.Site) []string {
	var out []string
	for _, d := range site.Dealerships {
		if !slices.Contains(out, d.Slug) {
			out = append(out, d.Slug)
		}
	}
	return out
}

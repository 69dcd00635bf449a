package main

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"forecourt/functions/securityheaders"
	"forecourt/functions/tenantfile"
	"forecourt/infra/constructs/api"
	"forecourt/infra/constructs/auth"
	"forecourt/infra/constructs/github"
	"forecourt/shared"
)

// Context keys (cdk.json holds their defaults; override with -c key=value).
const (
	ctxTenantsDir        = "forecourt:tenantsDir"
	ctxLambdaDir         = "forecourt:lambdaDir"
	ctxWebDist           = "forecourt:webDist"
	ctxAlgoliaAppID      = "forecourt:algoliaAppId"
	ctxIndexName         = "forecourt:indexName"
	ctxPublicSearchURL   = "forecourt:publicSearchUrl"
	ctxAlgoliaSecretName = "forecourt:algoliaSecretName"
	// ctxAlgoliaAPISecretName names the api function's search keys: a
	// write-only key and the search-only key (issue 31), never the admin key.
	ctxAlgoliaAPISecretName = "forecourt:algoliaApiSecretName"
	ctxOriginSecretName     = "forecourt:originSecretName"
	ctxCaptchaSecretName    = "forecourt:captchaSecretName"
	ctxOpsSecretName        = "forecourt:opsSecretName"
	ctxMailFrom             = "forecourt:mailFrom"
	ctxStripeSecretName     = "forecourt:stripeSecretName"
	ctxCertificatePrefix    = "forecourt:certificateArn:"
	// ctxAlarmTopicARN names the SNS topic the alarms notify (optional:
	// without it the platform stack creates one).
	ctxAlarmTopicARN = "forecourt:alarmTopicArn"
	// The API's own host name and its regional certificate: the default
	// execute-api endpoint is disabled (issue 15).
	ctxAPIDomainName     = "forecourt:apiDomainName"
	ctxAPICertificateARN = "forecourt:apiCertificateArn"
	// ctxTenants (-c tenants=a,b) builds only those tenants' stacks, their
	// edge cells and the stateful and platform stacks, so that deploying one
	// dealer among thousands synthesizes in seconds (docs/scaling.md).
	ctxTenants = "tenants"
	// ctxRegion is the stacks' region when they are environment-agnostic
	// (the CDK CLI sets CDK_DEFAULT_REGION): the cells' web ACLs, in
	// us-east-1, write their ARNs into it.
	ctxRegion = "forecourt:region"
	// ctxSMSSpendLimit is the account's monthly SMS spend limit in USD
	// (default auth.DefaultSMSSpendLimitUSD).
	ctxSMSSpendLimit = "forecourt:smsMonthlySpendLimitUsd"
	// ctxRejectedRowsPercent is the share of a feed run's rows that, when
	// rejected, alarms (default api.DefaultRejectedRowsPercent).
	ctxRejectedRowsPercent = "forecourt:rejectedRowsAlarmPercent"
	// ctxGitHubRepository ("owner/name") adds the stack of the roles the
	// GitHub workflows assume (DeployStackName); ctxGitHubProvider names
	// the account's GitHub OIDC provider when it already has one.
	ctxGitHubRepository = "forecourt:githubRepository"
	ctxGitHubProvider   = "forecourt:githubOidcProviderArn"
)

// Algolia secret fields: the secret named by forecourt:algoliaSecretName is
// a JSON object with these keys.
const (
	secretAdminKey  = "admin_key"
	secretSearchKey = "search_key"
	// secretWriteKey is the field of forecourt:algoliaApiSecretName's
	// secret holding the key that may only add and delete records of the
	// index (docs/operations.md "Search keys").
	secretWriteKey = "write_key"
	// secretServerSearchKey is the field of forecourt:algoliaApiSecretName's
	// secret holding the api function's own search-only key: the parent of
	// the keys its own searches use, without the browser key's per-IP
	// limit (issue 35).
	secretServerSearchKey = "server_search_key"
)

// Stripe secret fields (issue 13): the secret named by
// forecourt:stripeSecretName is a JSON object with these keys.
const (
	secretStripeKey     = "secret_key"
	secretStripeWebhook = "webhook_secret"
)

// Stack names. Tenant stacks are TenantStackPrefix + slug.
const (
	StatefulStackName = "Forecourt-Stateful"
	PlatformStackName = "Forecourt-Platform"
	TenantStackPrefix = "Forecourt-Tenant-"
	EdgeStackPrefix   = "Forecourt-Edge-"
	DeployStackName   = "Forecourt-Deploy"
)

// EdgeStackName is the stack of edge cell n.
func EdgeStackName(n int) string { return fmt.Sprintf("%s%d", EdgeStackPrefix, n) }

// EdgeWAFStackName is the stack of edge cell n's web ACL (in us-east-1);
// `cdk deploy 'Forecourt-Edge-*'` deploys it with the cell.
func EdgeWAFStackName(n int) string { return EdgeStackName(n) + "-Waf" }

func certificateKey(slug string) string { return ctxCertificatePrefix + slug }

// Config is everything the app reads from the CDK context.
type Config struct {
	TenantsDir        string
	LambdaDir         string
	WebDist           string
	AlgoliaAppID      string
	IndexName         string
	PublicSearchURL   string
	AlgoliaSecretName string
	// AlgoliaAPISecretName names the api function's write-only and search
	// keys' secret.
	AlgoliaAPISecretName string
	OriginSecretName     string
	CaptchaSecretName    string
	// OpsSecretName names the ops key's secret (POST /ingest/v1/reindex).
	OpsSecretName string
	// StripeSecretName names the Stripe keys' secret (issue 13).
	StripeSecretName string
	// MailFrom is the sender of lead e-mails, an address at a domain
	// verified in SES (the deliver function may send only as that domain).
	MailFrom string
	// CertificateARNs by site slug.
	CertificateARNs map[string]string
	// AlarmTopicARN is the SNS topic the alarms notify; empty: the platform
	// stack creates its own.
	AlarmTopicARN string
	// APIDomainName and APICertificateARN are the API's own host name and
	// its regional certificate.
	APIDomainName, APICertificateARN string
	// Only, when set, names the tenants to build (context "tenants").
	Only []string
	// Region is the stacks' region (context forecourt:region, else
	// CDK_DEFAULT_REGION).
	Region string
	// SMSSpendLimitUSD is the account's monthly SMS spend limit (context
	// forecourt:smsMonthlySpendLimitUsd).
	SMSSpendLimitUSD int
	// RejectedRowsPercent alarms on feed runs rejecting this share of
	// their rows (context forecourt:rejectedRowsAlarmPercent).
	RejectedRowsPercent int
	// GitHub configures the workflows' roles; no Repository, no stack.
	GitHub github.Props
}

// ConfigFromContext reads the configuration; every value but the
// certificates is required (cdk.json provides defaults).
func ConfigFromContext(app awscdk.App, load func(dir string) ([]Tenant, error)) (Config, []Tenant, error) {
	node := app.Node()
	get := func(key string) string {
		if v, ok := node.TryGetContext(jsii.String(key)).(string); ok {
			return v
		}
		return ""
	}
	c := Config{
		TenantsDir:           get(ctxTenantsDir),
		LambdaDir:            get(ctxLambdaDir),
		WebDist:              get(ctxWebDist),
		AlgoliaAppID:         get(ctxAlgoliaAppID),
		IndexName:            get(ctxIndexName),
		PublicSearchURL:      get(ctxPublicSearchURL),
		AlgoliaSecretName:    get(ctxAlgoliaSecretName),
		AlgoliaAPISecretName: get(ctxAlgoliaAPISecretName),
		OriginSecretName:     get(ctxOriginSecretName),
		CaptchaSecretName:    get(ctxCaptchaSecretName),
		OpsSecretName:        get(ctxOpsSecretName),
		StripeSecretName:     get(ctxStripeSecretName),
		MailFrom:             get(ctxMailFrom),
		CertificateARNs:      map[string]string{},
		AlarmTopicARN:        get(ctxAlarmTopicARN),
		APIDomainName:        get(ctxAPIDomainName),
		APICertificateARN:    get(ctxAPICertificateARN),
		Region:               get(ctxRegion),
		GitHub:               github.Props{Repository: get(ctxGitHubRepository), ProviderARN: get(ctxGitHubProvider)},
	}
	if c.Region == "" {
		c.Region = os.Getenv("CDK_DEFAULT_REGION")
	}
	c.GitHub.DeploySecrets = deploySecrets(c.AlgoliaSecretName, c.AlgoliaAPISecretName)
	var err error
	if c.SMSSpendLimitUSD, err = wholeNumber(node, ctxSMSSpendLimit, auth.DefaultSMSSpendLimitUSD, 1, 1<<31); err != nil {
		return Config{}, nil, err
	}
	if c.RejectedRowsPercent, err = wholeNumber(node, ctxRejectedRowsPercent, api.DefaultRejectedRowsPercent, 1, 100); err != nil {
		return Config{}, nil, err
	}
	for key, v := range map[string]string{
		ctxTenantsDir: c.TenantsDir, ctxLambdaDir: c.LambdaDir, ctxWebDist: c.WebDist, ctxAlgoliaAppID: c.AlgoliaAppID,
		ctxIndexName: c.IndexName, ctxAlgoliaSecretName: c.AlgoliaSecretName, ctxAlgoliaAPISecretName: c.AlgoliaAPISecretName, ctxOriginSecretName: c.OriginSecretName,
		ctxCaptchaSecretName: c.CaptchaSecretName, ctxOpsSecretName: c.OpsSecretName, ctxMailFrom: c.MailFrom, ctxStripeSecretName: c.StripeSecretName,
		ctxAPIDomainName: c.APIDomainName, ctxAPICertificateARN: c.APICertificateARN,
	} {
		if v == "" {
			return Config{}, nil, fmt.Errorf("context %s is not set (see cdk.json)", key)
		}
	}
	if c.PublicSearchURL == "" {
		// Browsers query Algolia's read hosts directly (DESIGN.md).
		c.PublicSearchURL = "https://" + c.AlgoliaAppID + "-dsn.algolia.net"
	}
	tenants, err := load(c.TenantsDir)
	if err != nil {
		return Config{}, nil, err
	}
	sites := make([]shared.Site, len(tenants))
	for i, t := range tenants {
		sites[i] = t.Site
	}
	if err := tenantfile.CheckCells(sites); err != nil {
		return Config{}, nil, fmt.Errorf("tenants: %w", err)
	}
	if only := get(ctxTenants); only != "" {
		known := map[string]bool{}
		for _, t := range tenants {
			known[t.Site.Slug] = true
		}
		for _, slug := range strings.Split(only, ",") {
			slug = strings.TrimSpace(slug)
			if !known[slug] {
				return Config{}, nil, fmt.Errorf("context %s: no tenant file %s.json in %s", ctxTenants, slug, c.TenantsDir)
			}
			c.Only = append(c.Only, slug)
		}
	}
	for _, t := range tenants {
		if arn := get(certificateKey(t.Site.Slug)); arn != "" {
			c.CertificateARNs[t.Site.Slug] = arn
		}
	}
	return c, tenants, nil
}

// wholeNumber reads a whole-number context value from lo to hi: a number
// in cdk.json, a string from -c; def when unset.
func wholeNumber(node constructs.Node, key string, def, lo, hi int) (int, error) {
	n := def
	switch v := node.TryGetContext(jsii.String(key)).(type) {
	case nil:
		return def, nil
	case float64:
		n = int(v)
		if float64(n) != v {
			return 0, fmt.Errorf("context %s: %v is not a whole number", key, v)
		}
	case string:
		var err error
		if n, err = strconv.Atoi(v); err != nil {
			return 0, fmt.Errorf("context %s: %q is not a whole number", key, v)
		}
	default:
		return 0, fmt.Errorf("context %s: %v is not a number", key, v)
	}
	if n < lo || n > hi {
		return 0, fmt.Errorf("context %s: %d is not from %d to %d", key, n, lo, hi)
	}
	return n, nil
}

// Stacks are the app's stacks.
type Stacks struct {
	Stateful *StatefulStack
	Platform *PlatformStack
	Edges    map[int]*EdgeStack      // by cell number
	EdgeWAFs map[int]*EdgeWAFStack   // by cell number
	Tenants  map[string]*TenantStack // by slug
}

// NewStacks adds the stacks to the app: the stateful and platform stacks,
// one stack per tenant and one per edge cell that a tenant uses; with
// c.Only, only those tenants and their cells.
func NewStacks(app awscdk.App, c Config, tenants []Tenant) (*Stacks, error) {
	if c.Region == "" {
		return nil, fmt.Errorf("the stacks' region is unknown: set CDK_DEFAULT_REGION (the CDK CLI does) or context %s; "+
			"the edge cells' web ACLs in us-east-1 write their ARNs into it", ctxRegion)
	}
	base := awscdk.StackProps{Env: environment()}
	stateful := NewStatefulStack(app, StatefulStackName, &StatefulStackProps{StackProps: base})
	// CloudFront cannot read a secret, so the distributions' origin header
	// is the one place a secret's value is resolved (at deploy time, never
	// into the template); the Lambdas get names only.
	originSecret := awscdk.SecretValue_SecretsManager(jsii.String(c.OriginSecretName), nil)
	algoliaKey := func(field string) api.SecretRef { return api.SecretRef{Name: c.AlgoliaSecretName, Field: field} }
	platform, err := NewPlatformStack(app, PlatformStackName, &PlatformStackProps{
		StackProps: base,
		Stateful:   stateful,
		LambdaDir:  c.LambdaDir,
		WebDist:    c.WebDist,
		Search: api.Search{
			AppID:              c.AlgoliaAppID,
			IndexName:          c.IndexName,
			PublicURL:          c.PublicSearchURL,
			AdminKey:           algoliaKey(secretAdminKey),
			SearchKey:          algoliaKey(secretSearchKey),
			APIWriteKey:        api.SecretRef{Name: c.AlgoliaAPISecretName, Field: secretWriteKey},
			APISearchKey:       api.SecretRef{Name: c.AlgoliaAPISecretName, Field: secretSearchKey},
			APIServerSearchKey: api.SecretRef{Name: c.AlgoliaAPISecretName, Field: secretServerSearchKey},
		},
		OriginSecret:        api.SecretRef{Name: c.OriginSecretName},
		CaptchaKey:          api.SecretRef{Name: c.CaptchaSecretName},
		OpsKey:              api.SecretRef{Name: c.OpsSecretName},
		MailFrom:            c.MailFrom,
		AlarmTopicARN:       c.AlarmTopicARN,
		APIDomainName:       c.APIDomainName,
		APICertificate:      c.APICertificateARN,
		SMSSpendLimit:       c.SMSSpendLimitUSD,
		RejectedRowsPercent: c.RejectedRowsPercent,
		WebhookSecrets:      WebhookSecretNames(tenants),
		Stripe: api.Stripe{
			SecretKey:     api.SecretRef{Name: c.StripeSecretName, Field: secretStripeKey},
			WebhookSecret: api.SecretRef{Name: c.StripeSecretName, Field: secretStripeWebhook},
		},
	})
	if err != nil {
		return nil, err
	}
	if c.GitHub.Repository != "" {
		NewDeployStack(app, DeployStackName, c.GitHub, &base)
	}
	s := &Stacks{Stateful: stateful, Platform: platform, Edges: map[int]*EdgeStack{}, EdgeWAFs: map[int]*EdgeWAFStack{}, Tenants: map[string]*TenantStack{}}
	for _, t := range tenants {
		slug := t.Site.Slug
		if len(c.Only) > 0 && !slices.Contains(c.Only, slug) {
			continue
		}
		n := t.Site.EdgeCell
		edge, ok := s.Edges[n]
		if !ok {
			origins := securityheaders.ForSites(c.PublicSearchURL, cellSites(tenants, n))
			// The sign-in form calls Cognito in the shopper pool's region
			// (the stacks share one region; a token until deploy).
			origins.Auth = []string{"https://cognito-idp." + *awscdk.Aws_REGION() + ".amazonaws.com"}
			edge = NewEdgeStack(app, EdgeStackName(n), n, origins, &base)
			s.Edges[n] = edge
			s.EdgeWAFs[n] = NewEdgeWAFStack(app, EdgeWAFStackName(n), n, c.Region, &base)
		}
		s.Tenants[slug] = NewTenantStack(app, TenantStackPrefix+slug, &TenantStackProps{
			StackProps:     base,
			Site:           t,
			OriginSecret:   originSecret,
			CertificateARN: c.CertificateARNs[slug],
			DependsOn:      []awscdk.Stack{stateful.Stack, platform.Stack, edge.Stack, s.EdgeWAFs[n].Stack},
		})
	}
	return s, nil
}

// cellSites are the sites of every tenant in cell n, built or not: the
// cell's policy must allow what each of them uses.
func cellSites(tenants []Tenant, n int) []shared.Site {
	var sites []shared.Site
	for _, t := range tenants {
		if t.Site.EdgeCell == n {
			sites = append(sites, t.Site)
		}
	}
	return sites
}

// environment targets the account and region of the CLI's credentials; with
// none the stacks are environment-agnostic (synth and tests).
func environment() *awscdk.Environment {
	account, region := os.Getenv("CDK_DEFAULT_ACCOUNT"), os.Getenv("CDK_DEFAULT_REGION")
	if account == "" || region == "" {
		return nil
	}
	return &awscdk.Environment{Account: jsii.String(account), Region: jsii.String(region)}
}

// deploySecrets are the secrets the deploy job reads (deploy.yml, `forecourt
// index settings`): the admin key's, to apply the index settings, and the
// API keys' (issue 35), whose search key it restricts.
func deploySecrets(algolia, algoliaAPI string) []string { return []string{algolia, algoliaAPI} }

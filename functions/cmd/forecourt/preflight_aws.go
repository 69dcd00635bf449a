package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/algolia/algoliasearch-client-go/v4/algolia/call"
	"github.com/algolia/algoliasearch-client-go/v4/algolia/search"
	"github.com/algolia/algoliasearch-client-go/v4/algolia/transport"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/acm"
	acmtypes "github.com/aws/aws-sdk-go-v2/service/acm/types"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	smtypes "github.com/aws/aws-sdk-go-v2/service/secretsmanager/types"
	"github.com/aws/aws-sdk-go-v2/service/servicequotas"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	sestypes "github.com/aws/aws-sdk-go-v2/service/sesv2/types"
	"github.com/aws/aws-sdk-go-v2/service/sns"

	"forecourt/functions/algolia"
	"forecourt/functions/tenantfile"
)

// runPreflight is `forecourt preflight [--cdk cdk.json]`: the plan from the
// CDK context and the tenant files, the answers from the account the AWS
// environment names and the Algolia application of the context.
func runPreflight(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("preflight", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cdkFile := fs.String("cdk", "cdk.json", "the CDK app's cdk.json (its context names secrets, sender, limits)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	plan, appID, err := loadPreflightPlan(*cdkFile)
	if err != nil {
		return fmt.Errorf("preflight: %w", err)
	}
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return fmt.Errorf("preflight: AWS configuration: %w", err)
	}
	acct := &awsAccount{cfg: cfg, appID: appID}
	return printPreflight(stdout, preflight(ctx, plan, acct))
}

// loadPreflightPlan reads cdk.json's context (the keys infra/app.go reads)
// and the tenant files it names.
func loadPreflightPlan(cdkFile string) (preflightPlan, string, error) {
	data, err := os.ReadFile(cdkFile)
	if err != nil {
		return preflightPlan{}, "", err
	}
	var doc struct {
		Context map[string]any `json:"context"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return preflightPlan{}, "", fmt.Errorf("%s: %w", cdkFile, err)
	}
	get := func(k string) string {
		switch v := doc.Context["forecourt:"+k].(type) {
		case string:
			return v
		case float64:
			return strconv.FormatFloat(v, 'f', -1, 64)
		}
		return ""
	}
	// Secret fields as infra/app.go names them.
	p := preflightPlan{
		Secrets: []secretNeed{
			{Name: get("algoliaSecretName"), Fields: []string{"admin_key", "search_key"}},
			{Name: get("algoliaApiSecretName"), Fields: []string{"write_key", "search_key", "server_search_key"}},
			{Name: get("stripeSecretName"), Fields: []string{"secret_key", "webhook_secret"}},
			{Name: get("originSecretName")},
			{Name: get("captchaSecretName")},
			{Name: get("opsSecretName")},
		},
		// The browser's secured keys derive from the api secret's search key,
		// the api's own searches' from its server_search_key (infra/app.go);
		// the deploy restricts both.
		SearchKeys: []searchKeyNeed{
			{Secret: get("algoliaApiSecretName"), Field: "search_key", Browser: true},
			{Secret: get("algoliaApiSecretName"), Field: "server_search_key"},
		},
		MailFrom: get("mailFrom"),
		Index:    get("indexName"),
		Facets:   algolia.Facets,
	}
	p.SMSSpendLimitUSD, _ = strconv.ParseFloat(get("smsMonthlySpendLimitUsd"), 64)
	ix, err := algolia.New(algolia.Config{AppID: "preflight", AdminKey: "preflight", Index: p.Index})
	if err != nil {
		return preflightPlan{}, "", err
	}
	for _, name := range ix.SortIndices() {
		if name != p.Index {
			p.Replicas = append(p.Replicas, name)
		}
	}
	slices.Sort(p.Replicas)
	dir := get("tenantsDir")
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(filepath.Dir(cdkFile), dir)
	}
	sites, err := tenantfile.Load(dir)
	if err != nil {
		return preflightPlan{}, "", err
	}
	for _, s := range sites {
		p.Tenants = append(p.Tenants, tenantNeed{Slug: s.Slug, Domains: s.Domains, CertificateARN: get("certificateArn:" + s.Slug)})
	}
	return p, get("algoliaAppId"), nil
}

// awsAccount answers preflight from AWS (the default credentials and
// region; certificates from us-east-1, where CloudFront reads them) and
// from Algolia with the admin key of the algolia secret.
type awsAccount struct {
	cfg      aws.Config
	appID    string
	adminKey string
	// searchHost replaces Algolia's hosts when set (a URL: the local
	// engine in tests).
	searchHost string
}

func (a *awsAccount) SecretValue(ctx context.Context, name string) (string, error) {
	out, err := secretsmanager.NewFromConfig(a.cfg).GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: aws.String(name)})
	var nf *smtypes.ResourceNotFoundException
	if errors.As(err, &nf) {
		return "", errNotFound
	}
	if err != nil {
		return "", err
	}
	v := aws.ToString(out.SecretString)
	if a.adminKey == "" {
		var f map[string]any
		if json.Unmarshal([]byte(v), &f) == nil {
			a.adminKey, _ = f["admin_key"].(string)
		}
	}
	return v, nil
}

func (a *awsAccount) SESIdentity(ctx context.Context, domain string) (bool, error) {
	out, err := sesv2.NewFromConfig(a.cfg).GetEmailIdentity(ctx, &sesv2.GetEmailIdentityInput{EmailIdentity: aws.String(domain)})
	var nf *sestypes.NotFoundException
	if errors.As(err, &nf) {
		return false, errNotFound
	}
	if err != nil {
		return false, err
	}
	return out.VerifiedForSendingStatus, nil
}

func (a *awsAccount) SESProductionAccess(ctx context.Context) (bool, error) {
	out, err := sesv2.NewFromConfig(a.cfg).GetAccount(ctx, &sesv2.GetAccountInput{})
	if err != nil {
		return false, err
	}
	return out.ProductionAccessEnabled, nil
}

func (a *awsAccount) SMSSpendLimitUSD(ctx context.Context) (float64, error) {
	out, err := sns.NewFromConfig(a.cfg).GetSMSAttributes(ctx, &sns.GetSMSAttributesInput{Attributes: []string{"MonthlySpendLimit"}})
	if err != nil {
		return 0, err
	}
	return strconv.ParseFloat(out.Attributes["MonthlySpendLimit"], 64)
}

func (a *awsAccount) Certificate(ctx context.Context, arn string) ([]string, bool, error) {
	out, err := acm.NewFromConfig(a.cfg, func(o *acm.Options) { o.Region = "us-east-1" }).
		DescribeCertificate(ctx, &acm.DescribeCertificateInput{CertificateArn: aws.String(arn)})
	var nf *acmtypes.ResourceNotFoundException
	if errors.As(err, &nf) {
		return nil, false, errNotFound
	}
	if err != nil {
		return nil, false, err
	}
	c := out.Certificate
	names := append([]string{aws.ToString(c.DomainName)}, c.SubjectAlternativeNames...)
	return names, c.Status == acmtypes.CertificateStatusIssued, nil
}

// quotaNames are Service Quotas' service codes and quota names for
// docs/scaling.md's quotas, matched by name (the names the General
// Reference lists); an unmatched one is reported, never guessed. Checked
// 2026-11-28: "Distributions per AWS account" is the CloudFront Developer
// Guide's and General Reference's (cf_region) name. The other names are
// as written before and not verified against a published list; a wrong
// one shows as "lists no quota named" rather than a wrong figure.
// usEast1: CloudFront is a global service, whose quotas Service Quotas
// lists in us-east-1 only (elsewhere: NoSuchResourceException, "the
// specified service does not exist"), and the web ACLs of CloudFront
// live there too (infra's EdgeWAF stacks).
var quotaNames = map[string]struct {
	service, name string
	usEast1       bool
}{
	"distributions":             {"cloudfront", "Distributions per AWS account", true},
	"functions":                 {"cloudfront", "CloudFront Functions per AWS account", true},
	"response-headers-policies": {"cloudfront", "Response headers policies per AWS account", true},
	"web-acls":                  {"wafv2", "Maximum web ACLs per account in WAF for CloudFront", true},
	"stacks":                    {"cloudformation", "Stack count", false},
	"user-pool-clients":         {"cognito-idp", "App clients per user pool", false},
}

func (a *awsAccount) Quota(ctx context.Context, name string) (float64, error) {
	q, ok := quotaNames[name]
	if !ok {
		return 0, fmt.Errorf("no Service Quotas name for %s", name)
	}
	c := servicequotas.NewFromConfig(a.cfg, func(o *servicequotas.Options) {
		if q.usEast1 {
			o.Region = "us-east-1"
		}
	})
	p := servicequotas.NewListServiceQuotasPaginator(c, &servicequotas.ListServiceQuotasInput{ServiceCode: aws.String(q.service)})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return 0, err
		}
		for _, sq := range page.Quotas {
			if strings.EqualFold(aws.ToString(sq.QuotaName), q.name) && sq.Value != nil {
				return *sq.Value, nil
			}
		}
	}
	return 0, fmt.Errorf("service %s lists no quota named %q", q.service, q.name)
}

func (a *awsAccount) algolia() (*search.APIClient, error) {
	if a.appID == "" || a.adminKey == "" {
		return nil, errors.New("no Algolia application id (forecourt:algoliaAppId) or admin key (the algolia secret)")
	}
	if a.searchHost == "" {
		return search.NewClient(a.appID, a.adminKey)
	}
	u, err := url.Parse(a.searchHost)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("bad search host %q", a.searchHost)
	}
	return search.NewClientWithConfig(search.SearchConfiguration{Configuration: transport.Configuration{
		AppID: a.appID, ApiKey: a.adminKey,
		Hosts: []transport.StatefulHost{transport.NewStatefulHost(u.Scheme, u.Host, call.IsReadWrite)},
	}})
}

func (a *awsAccount) IndexSettings(ctx context.Context, index string) ([]string, []string, error) {
	c, err := a.algolia()
	if err != nil {
		return nil, nil, err
	}
	s, err := c.GetSettings(c.NewApiGetSettingsRequest(index), search.WithContext(ctx))
	if err != nil {
		return nil, nil, err
	}
	return s.GetReplicas(), s.GetAttributesForFaceting(), nil
}

func (a *awsAccount) KeyRights(ctx context.Context, key string) ([]string, int, error) {
	c, err := a.algolia()
	if err != nil {
		return nil, 0, err
	}
	k, err := c.GetApiKey(c.NewApiGetApiKeyRequest(key), search.WithContext(ctx))
	if err != nil {
		return nil, 0, err
	}
	var acl []string
	for _, x := range k.GetAcl() {
		acl = append(acl, string(x))
	}
	return acl, int(k.GetMaxQueriesPerIPPerHour()), nil
}

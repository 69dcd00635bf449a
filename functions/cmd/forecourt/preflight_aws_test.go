package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"

	"forecourt/functions/algolia"
	"forecourt/functions/internal/testenv"
)

// awsAnswers is an AWS account as its APIs answer over HTTP: the real SDK
// v2 clients of awsAccount send their requests here (aws.Config's
// HTTPClient), and get the bodies AWS sends (JSON for Secrets Manager,
// SES v2, ACM and Service Quotas, XML for SNS), errors included.
type awsAnswers struct {
	secrets    map[string]string
	identities map[string]bool // domain → verified for sending; absent: not found
	production bool
	smsLimit   string
	certs      map[string]awsCert // arn → certificate; absent: not found
	quotas     map[string][]awsQuota
	requests   []string
}

type awsCert struct {
	domain string
	sans   []string
	status string
}

type awsQuota struct {
	name  string
	value float64
}

func (s *awsAnswers) Do(r *http.Request) (*http.Response, error) {
	var body []byte
	if r.Body != nil { // a GET has none
		body, _ = io.ReadAll(r.Body)
	}
	target := r.Header.Get("X-Amz-Target")
	s.requests = append(s.requests, r.URL.Host+" "+target+" "+r.URL.Path)
	var in map[string]any
	_ = json.Unmarshal(body, &in)
	str := func(k string) string { v, _ := in[k].(string); return v }
	switch {
	case target == "secretsmanager.GetSecretValue":
		v, ok := s.secrets[str("SecretId")]
		if !ok {
			return awsError(400, "ResourceNotFoundException", "Secrets Manager can't find the specified secret.")
		}
		return awsJSON(map[string]any{"ARN": "arn:aws:secretsmanager:ap-southeast-2:1:secret:" + str("SecretId"),
			"Name": str("SecretId"), "SecretString": v, "VersionId": "v1", "VersionStages": []string{"AWSCURRENT"}})
	case strings.HasPrefix(r.URL.Host, "email.") && strings.HasPrefix(r.URL.Path, "/v2/email/identities/"):
		domain, _ := url.PathUnescape(strings.TrimPrefix(r.URL.Path, "/v2/email/identities/"))
		verified, ok := s.identities[domain]
		if !ok {
			return awsError(404, "NotFoundException", "Email identity "+domain+" does not exist.")
		}
		return awsJSON(map[string]any{"IdentityType": "DOMAIN", "VerifiedForSendingStatus": verified,
			"VerificationStatus": map[bool]string{true: "SUCCESS", false: "PENDING"}[verified]})
	case strings.HasPrefix(r.URL.Host, "email.") && r.URL.Path == "/v2/email/account":
		return awsJSON(map[string]any{"ProductionAccessEnabled": s.production, "SendingEnabled": true,
			"EnforcementStatus": "HEALTHY"})
	case strings.HasPrefix(r.URL.Host, "sns."):
		if q, _ := url.ParseQuery(string(body)); q.Get("Action") != "GetSMSAttributes" {
			return awsError(400, "InvalidAction", "unexpected "+q.Get("Action"))
		}
		return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"text/xml"}},
			Body: io.NopCloser(strings.NewReader(`<GetSMSAttributesResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/">` +
				`<GetSMSAttributesResult><attributes><entry><key>MonthlySpendLimit</key><value>` + s.smsLimit + `</value></entry>` +
				`</attributes></GetSMSAttributesResult><ResponseMetadata><RequestId>r1</RequestId></ResponseMetadata></GetSMSAttributesResponse>`))}, nil
	case target == "CertificateManager.DescribeCertificate":
		if !strings.HasPrefix(r.URL.Host, "acm.us-east-1.") {
			return awsError(400, "ValidationException", "CloudFront reads certificates in us-east-1, not "+r.URL.Host)
		}
		c, ok := s.certs[str("CertificateArn")]
		if !ok {
			return awsError(400, "ResourceNotFoundException", "Could not find certificate "+str("CertificateArn"))
		}
		return awsJSON(map[string]any{"Certificate": map[string]any{"CertificateArn": str("CertificateArn"),
			"DomainName": c.domain, "SubjectAlternativeNames": c.sans, "Status": c.status}})
	case target == "ServiceQuotasV20190624.ListServiceQuotas" && (str("ServiceCode") == "cloudfront" || str("ServiceCode") == "wafv2") &&
		!strings.HasPrefix(r.URL.Host, "servicequotas.us-east-1."):
		// A global service's quotas (CloudFront, and WAF's for CloudFront,
		// whose web ACLs live in us-east-1) are only listed there.
		return awsError(400, "NoSuchResourceException", "The request failed because the specified service does not exist.")
	case target == "ServiceQuotasV20190624.ListServiceQuotas":
		var qs []map[string]any
		for _, q := range s.quotas[str("ServiceCode")] {
			qs = append(qs, map[string]any{"ServiceCode": str("ServiceCode"), "QuotaName": q.name, "QuotaCode": "L-TEST", "Value": q.value})
		}
		return awsJSON(map[string]any{"Quotas": qs})
	}
	return awsError(400, "UnknownOperationException", fmt.Sprintf("no stub for %s %s %s", r.URL.Host, target, r.URL.Path))
}

func awsJSON(v any) (*http.Response, error) {
	b, _ := json.Marshal(v)
	return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/x-amz-json-1.1"}},
		Body: io.NopCloser(bytes.NewReader(b))}, nil
}

func awsError(status int, code, message string) (*http.Response, error) {
	b, _ := json.Marshal(map[string]string{"__type": code, "message": message})
	return &http.Response{StatusCode: status, Header: http.Header{"Content-Type": {"application/x-amz-json-1.1"},
		"X-Amzn-Errortype": {code}}, Body: io.NopCloser(bytes.NewReader(b))}, nil
}

// Issue 35 "Preflight ... tested against AWS SDK stubs": awsAccount's
// adapters, with the real SDK v2 clients answered by recorded-shape HTTP
// bodies and the Algolia part by the local engine, name each missing item
// of an account on its own line; a complete account has none.
func TestPreflightAWSAdapters(t *testing.T) {
	ctx := context.Background()
	_, cfg := testenv.Engine(t)
	idx, err := algolia.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := idx.Provision(ctx); err != nil {
		t.Fatal(err)
	}
	var replicas []string
	for _, name := range idx.SortIndices() {
		if name != cfg.Index {
			replicas = append(replicas, name)
		}
	}
	slices.Sort(replicas)
	plan := preflightPlan{
		Secrets: []secretNeed{{Name: "forecourt/algolia", Fields: []string{"admin_key", "search_key"}},
			{Name: "forecourt/algolia-api", Fields: []string{"write_key", "search_key", "server_search_key"}},
			{Name: "forecourt/origin-secret"}},
		SearchKeys: []searchKeyNeed{{Secret: "forecourt/algolia-api", Field: "search_key", Browser: true},
			{Secret: "forecourt/algolia-api", Field: "server_search_key"}},
		MailFrom: "Leads <leads@forecourt.example>", SMSSpendLimitUSD: 100,
		Index: cfg.Index, Replicas: replicas, Facets: algolia.Facets,
		Tenants: []tenantNeed{{Slug: "acme", Domains: []string{"www.acme.example", "acme.example"}, CertificateARN: "arn:acme"}},
	}
	complete := func() *awsAnswers {
		return &awsAnswers{
			secrets: map[string]string{
				"forecourt/algolia": fmt.Sprintf(`{"admin_key":%q,"search_key":%q}`, cfg.AdminKey, cfg.SearchKey),
				"forecourt/algolia-api": fmt.Sprintf(`{"write_key":"w","search_key":%q,"server_search_key":%q}`,
					cfg.SearchKey, cfg.ServerSearchKey),
				"forecourt/origin-secret": "o",
			},
			identities: map[string]bool{"forecourt.example": true},
			production: true,
			smsLimit:   "100",
			certs:      map[string]awsCert{"arn:acme": {"acme.example", []string{"acme.example", "*.acme.example"}, "ISSUED"}},
			quotas: map[string][]awsQuota{
				"cloudfront": {{"Distributions per AWS account", 200}, {"CloudFront Functions per AWS account", 100},
					{"Response headers policies per AWS account", 20}},
				"wafv2":          {{"Maximum web ACLs per account in WAF for CloudFront", 100}},
				"cloudformation": {{"Stack count", 2000}},
				"cognito-idp":    {{"App clients per user pool", 1000}},
			},
		}
	}
	tests := []struct {
		name   string
		answer func(*awsAnswers)
		want   string
	}{
		{"nothing missing", nil, ""},
		{"a secret (Secrets Manager ResourceNotFoundException)", func(a *awsAnswers) { delete(a.secrets, "forecourt/origin-secret") },
			"secret forecourt/origin-secret: missing"},
		{"a secret's field", func(a *awsAnswers) {
			a.secrets["forecourt/algolia-api"] = fmt.Sprintf(`{"write_key":"w","search_key":%q}`, cfg.SearchKey)
		}, `secret forecourt/algolia-api: field "server_search_key" missing`},
		{"the SES identity (SES v2 NotFoundException)", func(a *awsAnswers) { a.identities = nil },
			"SES identity forecourt.example: not verified"},
		{"the SES identity unverified", func(a *awsAnswers) { a.identities["forecourt.example"] = false },
			"SES identity forecourt.example: not verified"},
		{"SES production access", func(a *awsAnswers) { a.production = false }, "SES sending mode: sandbox"},
		{"the SMS spend limit (SNS XML)", func(a *awsAnswers) { a.smsLimit = "1" }, "SMS spend limit: 1 USD a month, below the 100"},
		{"a certificate (ACM ResourceNotFoundException)", func(a *awsAnswers) { a.certs = nil },
			"tenant acme: certificate arn:acme not found in us-east-1"},
		{"a certificate pending validation", func(a *awsAnswers) {
			a.certs["arn:acme"] = awsCert{"acme.example", []string{"acme.example", "*.acme.example"}, "PENDING_VALIDATION"}
		}, "tenant acme: certificate arn:acme is not issued yet"},
		{"a domain the certificate lacks", func(a *awsAnswers) {
			a.certs["arn:acme"] = awsCert{"acme.example", []string{"acme.example"}, "ISSUED"}
		}, "tenant acme: certificate arn:acme does not cover www.acme.example"},
		{"a quota below the tenants (Service Quotas)", func(a *awsAnswers) { a.quotas["cognito-idp"] = []awsQuota{{"App clients per user pool", 1}} },
			"quota user-pool-clients: 1, 1 tenants need 2"},
		{"a quota Service Quotas does not list", func(a *awsAnswers) { delete(a.quotas, "wafv2") },
			`quota web-acls: cannot be read: service wafv2 lists no quota named "Maximum web ACLs per account in WAF for CloudFront"`},
		{"the server's search key is the browser's (Algolia)", func(a *awsAnswers) {
			a.secrets["forecourt/algolia-api"] = fmt.Sprintf(`{"write_key":"w","search_key":%q,"server_search_key":%q}`, cfg.SearchKey, cfg.SearchKey)
		}, "Algolia search key (forecourt/algolia-api server_search_key): the same key as search_key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			answers := complete()
			if tt.answer != nil {
				tt.answer(answers)
			}
			acct := &awsAccount{cfg: aws.Config{Region: "ap-southeast-2", HTTPClient: answers,
				Credentials: aws.AnonymousCredentials{}, Retryer: func() aws.Retryer { return aws.NopRetryer{} }},
				appID: cfg.AppID, searchHost: cfg.Host}
			var out bytes.Buffer
			err := printPreflight(&out, preflight(ctx, plan, acct))
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if tt.want == "" {
				if err != nil {
					t.Fatalf("complete account: %v\n%s\nrequests: %q", err, out.String(), answers.requests)
				}
				return
			}
			if err == nil || len(lines) != 1 || !strings.HasPrefix(lines[0], "MISSING "+tt.want) {
				t.Errorf("got %v and\n%s\nwant exactly one line MISSING %s...", err, out.String(), tt.want)
			}
		})
	}
}

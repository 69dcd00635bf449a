package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// stubAccount answers preflight's questions as an account that has
// everything, unless a test changes one answer.
type stubAccount struct {
	secrets    map[string]string
	identities map[string]bool
	production bool
	smsLimit   float64
	certs      map[string][]string // arn → names; absent: not found
	pending    map[string]bool
	quotas     map[string]float64
	replicas   []string
	facets     []string
	acl        []string
	limits     map[string]int // maxQueriesPerIPPerHour by key
}

func (s *stubAccount) SecretValue(_ context.Context, name string) (string, error) {
	v, ok := s.secrets[name]
	if !ok {
		return "", errNotFound
	}
	return v, nil
}
func (s *stubAccount) SESIdentity(_ context.Context, d string) (bool, error) {
	return s.identities[d], nil
}
func (s *stubAccount) SESProductionAccess(context.Context) (bool, error) { return s.production, nil }
func (s *stubAccount) SMSSpendLimitUSD(context.Context) (float64, error) { return s.smsLimit, nil }
func (s *stubAccount) Certificate(_ context.Context, arn string) ([]string, bool, error) {
	names, ok := s.certs[arn]
	if !ok {
		return nil, false, errNotFound
	}
	return names, !s.pending[arn], nil
}
func (s *stubAccount) Quota(_ context.Context, name string) (float64, error) {
	return s.quotas[name], nil
}
func (s *stubAccount) IndexSettings(context.Context, string) ([]string, []string, error) {
	return s.replicas, s.facets, nil
}
func (s *stubAccount) KeyRights(_ context.Context, key string) ([]string, int, error) {
	if key != "s" { // acl is the browser key's; the server's is search-only
		return []string{"search"}, s.limits[key], nil
	}
	return s.acl, s.limits[key], nil
}

func completeAccount() *stubAccount {
	return &stubAccount{
		secrets: map[string]string{
			"forecourt/algolia":       `{"admin_key":"a","search_key":"s","server_search_key":"v"}`,
			"forecourt/origin-secret": "o",
		},
		identities: map[string]bool{"forecourt.example": true},
		production: true,
		smsLimit:   100,
		certs:      map[string][]string{"arn:acme": {"*.acme.example", "acme.example"}},
		pending:    map[string]bool{},
		quotas: map[string]float64{"distributions": 500, "functions": 100, "response-headers-policies": 20,
			"web-acls": 100, "stacks": 2000, "user-pool-clients": 1000},
		replicas: []string{"cars_latest"},
		facets:   []string{"searchable(make)", "body"},
		acl:      []string{"search"},
		limits:   map[string]int{"s": 10000},
	}
}

func testPlan() preflightPlan {
	return preflightPlan{
		Secrets: []secretNeed{{Name: "forecourt/algolia", Fields: []string{"admin_key", "search_key"}}, {Name: "forecourt/origin-secret"}},
		SearchKeys: []searchKeyNeed{{Secret: "forecourt/algolia", Field: "search_key", Browser: true},
			{Secret: "forecourt/algolia", Field: "server_search_key"}},
		MailFrom:         "Leads <leads@forecourt.example>",
		SMSSpendLimitUSD: 100,
		Index:            "cars", Replicas: []string{"cars_latest"}, Facets: []string{"make", "body"},
		Tenants: []tenantNeed{
			{Slug: "acme", Domains: []string{"www.acme.example", "acme.example"}, CertificateARN: "arn:acme"},
			{Slug: "local-only"},
		},
	}
}

// Issue 35 "Preflight": run against an account missing one item at a time,
// `forecourt preflight` names exactly that item, on its own line.
func TestPreflightNamesEachMissingItem(t *testing.T) {
	tests := []struct {
		name string
		plan func(*preflightPlan)
		acct func(*stubAccount)
		want string
	}{
		{"nothing missing", nil, nil, ""},
		{"a secret", nil, func(a *stubAccount) { delete(a.secrets, "forecourt/origin-secret") }, "secret forecourt/origin-secret: missing"},
		{"a secret's field", nil, func(a *stubAccount) { a.secrets["forecourt/algolia"] = `{"admin_key":"a"}` }, `secret forecourt/algolia: field "search_key" missing`},
		{"a secret not JSON", nil, func(a *stubAccount) { a.secrets["forecourt/algolia"] = "plain" }, "secret forecourt/algolia: not a JSON object: a JSON object with admin_key, search_key"},
		{"the SES identity", nil, func(a *stubAccount) { a.identities = nil }, "SES identity forecourt.example: not verified"},
		{"SES production access", nil, func(a *stubAccount) { a.production = false }, "SES sending mode: sandbox"},
		{"the SMS spend limit", nil, func(a *stubAccount) { a.smsLimit = 1 }, "SMS spend limit: 1 USD a month, below the 100"},
		{"a tenant's certificate", func(p *preflightPlan) { p.Tenants[0].CertificateARN = "" }, nil, "tenant acme: no certificate for www.acme.example, acme.example"},
		{"a certificate not in ACM", nil, func(a *stubAccount) { delete(a.certs, "arn:acme") }, "tenant acme: certificate arn:acme not found"},
		{"a certificate pending", nil, func(a *stubAccount) { a.pending["arn:acme"] = true }, "tenant acme: certificate arn:acme is not issued yet"},
		{"a domain the certificate lacks", func(p *preflightPlan) { p.Tenants[0].Domains = append(p.Tenants[0].Domains, "acme.example.net") }, nil, "tenant acme: certificate arn:acme does not cover acme.example.net"},
		{"an index replica", nil, func(a *stubAccount) { a.replicas = nil }, "Algolia index cars: replica cars_latest missing"},
		{"an index facet", nil, func(a *stubAccount) { a.facets = []string{"make"} }, "Algolia index cars: facet body missing"},
		{"a search key that can write", nil, func(a *stubAccount) { a.acl = []string{"search", "addObject"} }, "Algolia search key (forecourt/algolia search_key): may search, addObject"},
		// Issue 35: the browser's key is limited per IP, the server's own is not, and they differ.
		{"no per-IP limit on the browser's key", nil, func(a *stubAccount) { a.limits = nil }, "Algolia search key (forecourt/algolia search_key): no per-IP rate limit"},
		{"a per-IP limit on the server's key", nil, func(a *stubAccount) { a.limits["v"] = 100 }, "Algolia search key (forecourt/algolia server_search_key): a per-IP rate limit of 100"},
		{"the server's key is the browser's", nil, func(a *stubAccount) {
			a.secrets["forecourt/algolia"] = `{"admin_key":"a","search_key":"s","server_search_key":"s"}`
		}, "Algolia search key (forecourt/algolia server_search_key): the same key as search_key"},
		{"a quota below the tenants", nil, func(a *stubAccount) { a.quotas["distributions"] = 1 }, "quota distributions: 1, 2 tenants need 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, a := testPlan(), completeAccount()
			if tt.plan != nil {
				tt.plan(&p)
			}
			if tt.acct != nil {
				tt.acct(a)
			}
			var out bytes.Buffer
			err := printPreflight(&out, preflight(context.Background(), p, a))
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if tt.want == "" {
				if err != nil {
					t.Fatalf("complete account: %v\n%s", err, out.String())
				}
				return
			}
			if err == nil || len(lines) != 1 || !strings.HasPrefix(lines[0], "MISSING "+tt.want) {
				t.Errorf("got %v and\n%s\nwant exactly one line MISSING %s...", err, out.String(), tt.want)
			}
		})
	}
}

// Issue 35: the plan is what the CDK app deploys: cdk.json's secret names
// with the fields infra/app.go reads, its sender and SMS limit, the index's
// replicas and facets, and every tenant's domains with its certificate.
func TestPreflightPlanFromCDKContext(t *testing.T) {
	p, _, err := loadPreflightPlan("../../../cdk.json")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		got  any
		want any
	}{
		{"secrets", len(p.Secrets), 6},
		{"algolia secret fields", strings.Join(p.Secrets[0].Fields, ","), "admin_key,search_key"},
		// Review: the key the deploy restricts and the browser's secured keys derive from (infra/app.go).
		{"search key secret", p.SearchKeys[0].Secret + " " + p.SearchKeys[0].Field, p.Secrets[1].Name + " search_key"},
		// Issue 35: the api's own searches' key, in the same secret (infra/app.go).
		{"api secret fields", strings.Join(p.Secrets[1].Fields, ","), "write_key,search_key,server_search_key"},
		{"server search key", p.SearchKeys[1].Secret + " " + p.SearchKeys[1].Field, p.Secrets[1].Name + " server_search_key"},
		{"sender", p.MailFrom, "leads@forecourt.example"},
		{"SMS limit", p.SMSSpendLimitUSD, 100.0},
		{"replicas", len(p.Replicas), 5},
		{"tenants", len(p.Tenants), 3},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, tt.got, tt.want)
		}
	}
	for _, tn := range p.Tenants {
		if len(tn.Domains) == 0 || tn.CertificateARN != "" {
			t.Errorf("demo tenant %s: domains %v, certificate %q; want domains and no certificate in cdk.json", tn.Slug, tn.Domains, tn.CertificateARN)
		}
	}
}

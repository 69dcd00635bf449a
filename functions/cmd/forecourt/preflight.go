package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// preflightAccount is what `forecourt preflight` asks of the AWS account
// and the Algolia application: one small method per answer, so a test
// stubs each (issue 35 "Preflight").
type preflightAccount interface {
	// SecretValue is the secret's current value; errNotFound when absent.
	SecretValue(ctx context.Context, name string) (string, error)
	// SESIdentity says whether the domain is a verified SES identity.
	SESIdentity(ctx context.Context, domain string) (verified bool, err error)
	// SESProductionAccess is false while the account is in the SES sandbox.
	SESProductionAccess(ctx context.Context) (bool, error)
	// SMSSpendLimitUSD is the account's monthly SMS spend limit.
	SMSSpendLimitUSD(ctx context.Context) (float64, error)
	// Certificate is an ACM certificate's names and whether it is issued.
	Certificate(ctx context.Context, arn string) (names []string, issued bool, err error)
	// Quota is an account quota's value, by its docs/scaling.md name.
	Quota(ctx context.Context, name string) (float64, error)
	// IndexSettings are the search index's replicas and facets.
	IndexSettings(ctx context.Context, index string) (replicas, facets []string, err error)
	// KeyRights are what an Algolia key may do ("search", "addObject",
	// ...) and its per-IP rate limit (maxQueriesPerIPPerHour; 0: none).
	KeyRights(ctx context.Context, key string) (acl []string, queriesPerIPPerHour int, err error)
}

// errNotFound is what preflightAccount answers for a missing secret,
// identity or certificate.
var errNotFound = errors.New("not found")

// preflightPlan is what a first deployment needs: read from cdk.json's
// context and the tenant files.
type preflightPlan struct {
	// Secrets are the secret names and the JSON fields each must hold
	// (none: a plain string).
	Secrets []secretNeed
	// SearchKeys are the search keys whose rights are checked: the
	// browser's (rate-limited per IP) and the server's own (not; issue 35).
	SearchKeys       []searchKeyNeed
	MailFrom         string
	SMSSpendLimitUSD float64
	Index            string
	Replicas, Facets []string
	Tenants          []tenantNeed
}

// searchKeyNeed is a search key held in a secret's field.
type searchKeyNeed struct {
	Secret, Field string
	// Browser: the parent of the browser's secured keys, which must carry
	// a per-IP limit; else the server's, which must not.
	Browser bool
}

type secretNeed struct {
	Name   string
	Fields []string
}

type tenantNeed struct {
	Slug           string
	Domains        []string
	CertificateARN string
}

// preflightQuotas are docs/scaling.md's "Quotas" rows a first deployment
// can run into, with what the tenants consume of each.
func preflightQuotas(tenants int) []struct {
	Name string
	Need int
} {
	cells := (tenants + 89) / 90 // tenantfile.CellSize
	return []struct {
		Name string
		Need int
	}{
		{"distributions", tenants},
		{"functions", cells},
		{"response-headers-policies", cells},
		{"web-acls", cells},
		{"stacks", 2 + tenants + 2*cells},
		{"user-pool-clients", 1 + tenants},
	}
}

// preflight returns one line per missing item, in the order they are
// checked; none means nothing found missing.
func preflight(ctx context.Context, p preflightPlan, acct preflightAccount) []string {
	var missing []string
	miss := func(format string, args ...any) { missing = append(missing, fmt.Sprintf(format, args...)) }

	values := map[string]map[string]any{}
	for _, s := range p.Secrets {
		v, err := acct.SecretValue(ctx, s.Name)
		switch {
		case errors.Is(err, errNotFound):
			miss("secret %s: missing (create it in Secrets Manager%s)", s.Name, fieldsHint(s.Fields))
			continue
		case err != nil:
			miss("secret %s: cannot be read: %v", s.Name, err)
			continue
		}
		if len(s.Fields) == 0 {
			if strings.TrimSpace(v) == "" {
				miss("secret %s: empty", s.Name)
			}
			continue
		}
		var fields map[string]any
		if err := json.Unmarshal([]byte(v), &fields); err != nil {
			miss("secret %s: not a JSON object%s", s.Name, fieldsHint(s.Fields))
			continue
		}
		values[s.Name] = fields
		for _, f := range s.Fields {
			if str, _ := fields[f].(string); strings.TrimSpace(str) == "" {
				miss("secret %s: field %q missing or empty", s.Name, f)
			}
		}
	}

	_, domain, _ := strings.Cut(p.MailFrom, "@")
	domain = strings.TrimSuffix(strings.TrimSpace(domain), ">")
	if ok, err := acct.SESIdentity(ctx, domain); err != nil && !errors.Is(err, errNotFound) {
		miss("SES identity %s: cannot be read: %v", domain, err)
	} else if !ok {
		miss("SES identity %s: not verified (lead e-mails are sent from %s)", domain, p.MailFrom)
	}
	if ok, err := acct.SESProductionAccess(ctx); err != nil {
		miss("SES sending mode: cannot be read: %v", err)
	} else if !ok {
		miss("SES sending mode: sandbox (request production access: leads go only to verified recipients, 200 a day)")
	}

	if limit, err := acct.SMSSpendLimitUSD(ctx); err != nil {
		miss("SMS spend limit: cannot be read: %v", err)
	} else if limit < p.SMSSpendLimitUSD {
		miss("SMS spend limit: %g USD a month, below the %g the platform sets (forecourt:smsMonthlySpendLimitUsd): request an increase first", limit, p.SMSSpendLimitUSD)
	}

	for _, t := range p.Tenants {
		if len(t.Domains) == 0 {
			continue
		}
		if t.CertificateARN == "" {
			miss("tenant %s: no certificate for %s (context forecourt:certificateArn:%s, us-east-1)", t.Slug, strings.Join(t.Domains, ", "), t.Slug)
			continue
		}
		names, issued, err := acct.Certificate(ctx, t.CertificateARN)
		switch {
		case errors.Is(err, errNotFound):
			miss("tenant %s: certificate %s not found in us-east-1", t.Slug, t.CertificateARN)
			continue
		case err != nil:
			miss("tenant %s: certificate %s cannot be read: %v", t.Slug, t.CertificateARN, err)
			continue
		case !issued:
			miss("tenant %s: certificate %s is not issued yet (DNS validation pending?)", t.Slug, t.CertificateARN)
		}
		for _, d := range t.Domains {
			if !slices.ContainsFunc(names, func(n string) bool { return covers(n, d) }) {
				miss("tenant %s: certificate %s does not cover %s", t.Slug, t.CertificateARN, d)
			}
		}
	}

	if replicas, facets, err := acct.IndexSettings(ctx, p.Index); err != nil {
		miss("Algolia index %s: settings cannot be read: %v", p.Index, err)
	} else {
		for _, r := range p.Replicas {
			// A virtual replica is listed as "virtual(<name>)".
			if !slices.ContainsFunc(replicas, func(g string) bool { return g == r || g == "virtual("+r+")" }) {
				miss("Algolia index %s: replica %s missing (run forecourt index settings)", p.Index, r)
			}
		}
		for _, f := range p.Facets {
			// The plan lists algolia.Facets, modifiers included
			// ("filterOnly(sites)"): compare the attributes.
			if !slices.ContainsFunc(facets, func(g string) bool { return facetName(g) == facetName(f) }) {
				miss("Algolia index %s: facet %s missing (run forecourt index settings)", p.Index, f)
			}
		}
	}
	seen := map[string]string{}
	for _, k := range p.SearchKeys {
		key, _ := values[k.Secret][k.Field].(string)
		if key == "" {
			continue
		}
		name := fmt.Sprintf("Algolia search key (%s %s)", k.Secret, k.Field)
		if other, ok := seen[key]; ok {
			miss("%s: the same key as %s; the server's searches need a key of their own, without the browser's per-IP limit", name, other)
			continue
		}
		seen[key] = k.Field
		acl, limit, err := acct.KeyRights(ctx, key)
		switch {
		case err != nil:
			miss("%s: cannot be read: %v", name, err)
		case !slices.Equal(acl, []string{"search"}):
			miss("%s: may %s; it must be search-only (secured keys derive from it)", name, strings.Join(acl, ", "))
		case k.Browser && limit == 0:
			miss("%s: no per-IP rate limit (run forecourt index settings)", name)
		case !k.Browser && limit != 0:
			miss("%s: a per-IP rate limit of %d; the api's own searches share a few addresses (run forecourt index settings)", name, limit)
		}
	}

	for _, q := range preflightQuotas(len(p.Tenants)) {
		v, err := acct.Quota(ctx, q.Name)
		if err != nil {
			miss("quota %s: cannot be read: %v", q.Name, err)
		} else if float64(q.Need) > v {
			miss("quota %s: %g, %d tenants need %d (docs/scaling.md \"Quotas\")", q.Name, v, len(p.Tenants), q.Need)
		}
	}
	return missing
}

// facetName strips Algolia's facet modifiers: "searchable(make)" is make.
func facetName(g string) string {
	for _, m := range []string{"searchable(", "filterOnly(", "afterDistinct("} {
		if rest, ok := strings.CutPrefix(g, m); ok {
			return strings.TrimSuffix(rest, ")")
		}
	}
	return g
}

func fieldsHint(fields []string) string {
	if len(fields) == 0 {
		return ""
	}
	return ": a JSON object with " + strings.Join(fields, ", ")
}

// covers says whether a certificate name (maybe "*.example.com") covers host.
func covers(name, host string) bool {
	if name == host {
		return true
	}
	if rest, ok := strings.CutPrefix(name, "*."); ok {
		_, parent, found := strings.Cut(host, ".")
		return found && parent == rest
	}
	return false
}

// printPreflight writes the lines and the verdict.
func printPreflight(w io.Writer, missing []string) error {
	for _, m := range missing {
		fmt.Fprintln(w, "MISSING", m)
	}
	if len(missing) > 0 {
		return fmt.Errorf("preflight: %d items missing before cdk deploy", len(missing))
	}
	fmt.Fprintln(w, "preflight: nothing missing; cdk deploy may run")
	return nil
}

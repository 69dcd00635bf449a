package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"forecourt/functions/tenantfile"
)

// quotaTenants is how many tenants the quota test synthesizes.
const quotaTenants = 250

// quota is one row of docs/scaling.md's quota table.
type quota struct {
	key        string
	limit      int
	adjustable bool
	// bitesAt is the table's "needs an increase above" column: the most
	// tenants the default allows; 0 means never (the table says "never").
	bitesAt int
}

var quotaRow = regexp.MustCompile("^\\| `([a-z-]+)` \\|[^|]*\\| ([0-9,]+) \\| (yes|no) \\|[^|]*\\| ([0-9,]+|never) \\|")

// readQuotas parses the quota table of docs/scaling.md, so that the
// document and this test cannot disagree.
func readQuotas(t *testing.T) map[string]quota {
	t.Helper()
	f, err := os.Open("../docs/scaling.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]quota{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := quotaRow.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		num := func(s string) int {
			n, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
			if err != nil {
				t.Fatalf("docs/scaling.md %s: %v", m[1], err)
			}
			return n
		}
		q := quota{key: m[1], limit: num(m[2]), adjustable: m[3] == "yes"}
		if m[4] != "never" {
			q.bitesAt = num(m[4])
		}
		out[q.key] = q
	}
	return out
}

// usage is how a quota's count grows: fixed + perTenant×tenants + perCell×cells.
type usage struct{ fixed, perTenant, perCell int }

func (u usage) at(tenants int) int {
	cells := int(math.Ceil(float64(tenants) / float64(tenantfile.CellSize)))
	return u.fixed + u.perTenant*tenants + u.perCell*cells
}

// maxTenants is the most tenants the limit allows (0: unbounded).
func (u usage) maxTenants(limit int) int {
	if u.perTenant == 0 && u.perCell == 0 {
		return 0
	}
	n := 0
	for u.at(n+1) <= limit {
		n++
	}
	return n
}

// Issue 18 "Quota test": with 250 tenants no shared CloudFront part serves
// more than 100 distributions, every account-wide count is within the
// default quotas of docs/scaling.md, and the table's "needs an increase
// above" figures are what the synthesized stacks imply.
func TestQuotasAt250Tenants(t *testing.T) {
	dir := t.TempDir()
	for i := 0; i < quotaTenants; i++ {
		if _, _, err := tenantfile.Create(dir, fmt.Sprintf("dealer-%03d", i), fmt.Sprintf("Dealer %d", i)); err != nil {
			t.Fatal(err)
		}
	}
	s, err := synthApp(synthOptions{tenantsDir: dir, web: webFiles})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.stacks.Tenants) != quotaTenants {
		t.Fatalf("synthesized %d tenant stacks, want %d", len(s.stacks.Tenants), quotaTenants)
	}

	// Per shared part, the distributions that use it. A part is named by
	// the SSM parameter the tenant stack reads it from, or by its id when it
	// is one of CloudFront's managed policies (a literal id: those count
	// against no quota, docs/scaling.md).
	users := map[string]int{}
	for _, ts := range s.stacks.Tenants {
		tpl := s.json[*ts.StackName()]
		params, _ := tpl["Parameters"].(map[string]any)
		name := func(v any) string {
			if id, ok := path(v, "Ref").(string); ok {
				if d, ok := path(params[id], "Default").(string); ok {
					return d
				}
				return "ref:" + id
			}
			return ""
		}
		for _, d := range resources(tpl, "AWS::CloudFront::Distribution") {
			config := path(d, "Properties", "DistributionConfig")
			behaviours := []any{path(config, "DefaultCacheBehavior")}
			behaviours = append(behaviours, path(config, "CacheBehaviors").([]any)...)
			seen := map[string]bool{}
			for _, b := range behaviours {
				for _, v := range []any{path(b, "CachePolicyId"), path(b, "OriginRequestPolicyId"), path(b, "ResponseHeadersPolicyId"),
					path(b, "FunctionAssociations", 0, "FunctionARN")} {
					if n := name(v); n != "" {
						seen[n] = true
					}
				}
			}
			for _, o := range path(config, "Origins").([]any) {
				if n := name(path(o, "OriginAccessControlId")); n != "" {
					seen[n] = true
				}
			}
			if n := name(path(config, "WebACLId")); n != "" {
				seen[n] = true
			}
			for n := range seen {
				users[n]++
			}
		}
	}
	for part, n := range users {
		if n > 100 {
			t.Errorf("%s serves %d distributions; CloudFront allows 100", part, n)
		}
		if strings.HasPrefix(part, "ref:") {
			t.Errorf("a distribution uses %s of its own stack: shared parts belong to an edge cell", part)
		}
	}

	// Account-wide counts, split into what the fixed stacks, each tenant
	// stack and each cell stack add.
	counted := map[string]string{
		"distributions":             "AWS::CloudFront::Distribution",
		"functions":                 "AWS::CloudFront::Function",
		"origin-access-controls":    "AWS::CloudFront::OriginAccessControl",
		"cache-policies":            "AWS::CloudFront::CachePolicy",
		"origin-request-policies":   "AWS::CloudFront::OriginRequestPolicy",
		"response-headers-policies": "AWS::CloudFront::ResponseHeadersPolicy",
		"web-acls":                  "AWS::WAFv2::WebACL",
		"user-pool-clients":         "AWS::Cognito::UserPoolClient",
	}
	growth := map[string]usage{}
	total := map[string]int{}
	for key, typ := range counted {
		var u usage
		for name, tpl := range s.json {
			rs := resources(tpl, typ)
			if key == "web-acls" {
				// The quota is CloudFront's (us-east-1, scope
				// CLOUDFRONT); the user pool's regional ACL is
				// another quota, one per region.
				for id, r := range rs {
					if path(r, "Properties", "Scope") != "CLOUDFRONT" {
						delete(rs, id)
					}
				}
			}
			n := len(rs)
			total[key] += n
			switch {
			case strings.HasPrefix(name, TenantStackPrefix):
				u.perTenant = max(u.perTenant, n)
			case strings.HasPrefix(name, EdgeStackPrefix):
				u.perCell = max(u.perCell, n)
			default:
				u.fixed += n
			}
		}
		growth[key] = u
	}
	// A cell is two stacks: its parts and its web ACL (in us-east-1; the
	// count assumes the worst case, a platform in us-east-1 too).
	growth["stacks"] = usage{fixed: 2, perTenant: 1, perCell: 2}
	total["stacks"] = len(s.json)

	quotas := readQuotas(t)
	keys := make([]string, 0, len(growth))
	for k := range growth {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var report strings.Builder
	fmt.Fprintf(&report, "quotas at %d tenants (%d cells of %d):\n", quotaTenants, len(s.stacks.Edges), tenantfile.CellSize)
	for _, key := range keys {
		q, ok := quotas[key]
		if !ok {
			t.Errorf("docs/scaling.md has no quota row for `%s`", key)
			continue
		}
		u := growth[key]
		if got, want := total[key], u.at(quotaTenants); got != want {
			t.Errorf("%s: counted %d, the growth model says %d", key, got, want)
		}
		if total[key] > q.limit {
			t.Errorf("%s: %d at %d tenants, over the default quota %d", key, total[key], quotaTenants, q.limit)
		}
		bites := u.maxTenants(q.limit)
		if bites != q.bitesAt {
			t.Errorf("docs/scaling.md says `%s` needs an increase above %d tenants; the stacks say %d", key, q.bitesAt, bites)
		}
		when := "never"
		if bites > 0 {
			when = fmt.Sprintf("above %d tenants", bites)
		}
		fmt.Fprintf(&report, "  %-26s %5d of %5d  needs an increase %s\n", key, total[key], q.limit, when)
	}
	t.Log(report.String())
}

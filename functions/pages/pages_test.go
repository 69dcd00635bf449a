package pages_test

import (
	"strings"
	"testing"

	"forecourt/functions/pages"
	"forecourt/functions/tenantfile"
)

const tenantsDir = "../../infra/tenants"

func TestRender(t *testing.T) {
	for _, c := range []struct {
		name, src               string
		title, desc, htmlHas    string
		htmlLacks, wantErrField string
	}{
		{name: "front matter and dealer name", src: "---\ntitle: About {{dealer}}\ndescription: Who we are\n---\n# Hi\n\n**{{dealer}}** sells cars.",
			title: "About Acme Motors", desc: "Who we are", htmlHas: "<strong>Acme Motors</strong> sells cars."},
		{name: "raw HTML dropped (CommonMark, not unsafe)", src: "---\ntitle: T\n---\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\ntext",
			title: "T", htmlHas: "<p>text</p>", htmlLacks: "<script"},
		{name: "javascript link dropped", src: "---\ntitle: T\n---\n[x](javascript:alert(1))",
			title: "T", htmlLacks: "javascript:"},
		{name: "table", src: "---\ntitle: T\n---\n| a | b |\n|---|---|\n| 1 | 2 |", title: "T", htmlHas: "<table>"},
		{name: "no title", src: "# Just text", wantErrField: "title"},
		{name: "unknown field", src: "---\ntitle: T\nlayout: wide\n---\nx", wantErrField: "layout"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := pages.Render(c.src, "Acme Motors")
			if c.wantErrField != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErrField) {
					t.Fatalf("got %v, want an error naming %s", err, c.wantErrField)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Title != c.title || p.Description != c.desc {
				t.Errorf("got title %q desc %q, want %q %q", p.Title, p.Description, c.title, c.desc)
			}
			if c.htmlHas != "" && !strings.Contains(p.HTML, c.htmlHas) {
				t.Errorf("html %q lacks %q", p.HTML, c.htmlHas)
			}
			if c.htmlLacks != "" && strings.Contains(p.HTML, c.htmlLacks) {
				t.Errorf("html %q has %q", p.HTML, c.htmlLacks)
			}
		})
	}
}

func TestNormalizePath(t *testing.T) {
	for in, want := range map[string]string{
		"/terms-and-conditions/": "terms-and-conditions", "pages/warranty": "pages/warranty",
		"Brands/Jeep": "brands/jeep", "": "", "/": "", "../etc/passwd": "", "a//b": "", "a/b c": "", "a%2fb": "",
	} {
		got, ok := pages.NormalizePath(in)
		if got != want || ok != (want != "") {
			t.Errorf("NormalizePath(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

// Issue 11: every page a demo tenant ships (its own and the shared
// defaults) renders with a title and a description, and the privacy policy
// states spec 001 §9's periods.
func TestTenantPagesRender(t *testing.T) {
	sites, err := tenantfile.Load(tenantsDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sites {
		all, err := tenantfile.LoadPages(tenantsDir, s)
		if err != nil {
			t.Fatal(err)
		}
		for _, need := range []string{"service", "vehicle-parts-and-accessories", "warranty", "pages/warranty", "prepaid-maintenance-plan",
			"roadside-assistance", "fleet", "about", "buying", "blog", "terms-and-conditions", "privacy-policy", "faqs", "parts/search"} {
			if _, ok := all[need]; !ok {
				t.Errorf("%s: no page %s", s.Slug, need)
			}
		}
		for key, src := range all {
			p, err := pages.Render(src, s.Name)
			if err != nil {
				t.Errorf("%s %s: %v", s.Slug, key, err)
				continue
			}
			if p.Description == "" || strings.Contains(p.HTML+p.Title+p.Description, pages.DealerToken) {
				t.Errorf("%s %s: description %q, or the dealer token left in", s.Slug, key, p.Description)
			}
			if key == "privacy-policy" {
				for _, period := range []string{"7 days", "30 days", "14 days"} {
					if !strings.Contains(p.HTML, period) {
						t.Errorf("%s privacy policy lacks %q (spec 001 §9)", s.Slug, period)
					}
				}
			}
		}
	}
}

// Issue 32 item 9: the shared warranty, service and roadside pages are
// worded for the kind of dealer (dealer_type): a franchise talks of the
// manufacturer's new-car warranty and factory-trained technicians; an
// independent used-car yard of the statutory used-car warranty and
// qualified technicians, never of new cars.
func TestPagesWordedForTheDealerType(t *testing.T) {
	sites, err := tenantfile.Load(tenantsDir)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		slug   string
		has    map[string][]string // page -> words it must have
		hasNot []string            // words no such page may have
	}{
		{slug: "riverside-toyota", has: map[string][]string{
			"warranty": {"manufacturer's warranty"}, "pages/warranty": {"manufacturer's warranty"},
			"service": {"factory-trained"}}},
		{slug: "northside-used", has: map[string][]string{
			"warranty": {"statutory warranty"}, "pages/warranty": {"statutory warranty"},
			"service": {"qualified technicians"}},
			hasNot: []string{"new-car", "new vehicle", "new car", "factory-trained", "manufacturer's warranty"}},
	}
	for _, tt := range tests {
		t.Run(tt.slug, func(t *testing.T) {
			var found bool
			for _, s := range sites {
				if s.Slug != tt.slug {
					continue
				}
				found = true
				all, err := tenantfile.LoadPages(tenantsDir, s)
				if err != nil {
					t.Fatal(err)
				}
				for _, key := range []string{"warranty", "pages/warranty", "service", "roadside-assistance"} {
					p, err := pages.Render(all[key], s.Name)
					if err != nil {
						t.Fatalf("%s: %v", key, err)
					}
					text := strings.ToLower(p.Title + " " + p.Description + " " + p.HTML)
					for _, w := range tt.has[key] {
						if !strings.Contains(text, strings.ToLower(w)) {
							t.Errorf("%s lacks %q", key, w)
						}
					}
					for _, w := range tt.hasNot {
						if strings.Contains(text, strings.ToLower(w)) {
							t.Errorf("%s says %q", key, w)
						}
					}
				}
			}
			if !found {
				t.Fatalf("no tenant %s", tt.slug)
			}
		})
	}
}

package media

import (
	"regexp"
	"testing"

	"forecourt/functions/tenantfile"
	"forecourt/shared"
)

var (
	plateFill = regexp.MustCompile(`<rect class="plate"[^>]*fill="(#[0-9a-fA-F]{6})"`)
	textFill  = regexp.MustCompile(`<text[^>]*fill="(#[0-9a-fA-F]{6})"`)
)

// Issue 32 item 8: text logos ("RT", "CM") and dealership logos white on
// white. Every demo tenant's logo and each of its dealerships' is a
// wordmark whose text reads at 4.5:1 on what is behind it: its own plate,
// or, without one, the white page the dealership logos sit on.
func TestDemoLogosContrast(t *testing.T) {
	sites, err := tenantfile.Load("../../infra/tenants")
	if err != nil {
		t.Fatal(err)
	}
	for _, site := range sites {
		logos := map[string]string{site.Slug: LogoSVG(site)}
		for _, d := range site.Dealerships {
			ds := site
			ds.Name = d.Name
			logos[d.Slug] = LogoSVG(ds)
		}
		for slug, svg := range logos {
			bg := "#ffffff"
			if m := plateFill.FindStringSubmatch(svg); m != nil {
				bg = m[1]
			}
			texts := textFill.FindAllStringSubmatch(svg, -1)
			if len(texts) == 0 {
				t.Errorf("%s: no wordmark text", slug)
			}
			for _, m := range texts {
				if r := shared.ContrastRatio(m[1], bg); r < minTextContrast {
					t.Errorf("%s: text %s on %s has contrast %.2f, want %.1f", slug, m[1], bg, r, minTextContrast)
				}
			}
		}
	}
}

// A header text colour that fails on the plate gives way to white or near-black.
func TestLogoTextFallsBackToReadable(t *testing.T) {
	for _, tc := range []struct{ bg, text, want string }{
		{"#ffffff", "#f0f9ff", "#111827"},
		{"#0c4a6e", "#f0f9ff", "#f0f9ff"},
		{"#111111", "#222222", "#ffffff"},
	} {
		svg := LogoSVG(shared.Site{Name: "Acme Motors", Theme: shared.Theme{HeaderBg: tc.bg, HeaderText: tc.text}})
		if m := textFill.FindStringSubmatch(svg); m == nil || m[1] != tc.want {
			t.Errorf("on %s asking %s: text %v, want %s", tc.bg, tc.text, m, tc.want)
		}
	}
}

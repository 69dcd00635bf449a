package seo

import (
	"fmt"
	"html/template"
	"regexp"
	"strings"

	"forecourt/shared"
)

// colour is a value the theme may set as a colour: the web's theme.ts
// COLOUR, so a bad config cannot inject CSS.
var colour = regexp.MustCompile(`^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\)|[a-zA-Z]+)$`)

// CSSVar is one custom property of the site's theme.
type CSSVar struct{ Name, Value string }

// ThemeVariables are the CSS custom properties of a site's theme: the twin
// of the web's themeVariables (web/src/features/site/theme.ts; both run
// shared/testdata/vectors/theme_variables.json). The shell sets them on
// <html> so the server-rendered first paint has the dealer's colours and
// font before any script runs (issue 14), instead of the stylesheet's
// defaults until SiteGate sets them.
func ThemeVariables(t shared.Theme) []CSSVar {
	var out []CSSVar
	for _, c := range []struct{ value, name string }{
		{t.PrimaryColor, "--fc-primary"},
		{t.AccentColor, "--fc-accent"},
		{t.HeaderBg, "--fc-header-bg"},
		{t.HeaderText, "--fc-header-text"},
		// The roles derived from the brand colours (shared.ColourRoles).
		{t.Roles.OnPrimary, "--fc-on-primary"},
		{t.Roles.PrimaryText, "--fc-primary-text"},
		{t.Roles.PrimaryHover, "--fc-primary-hover"},
		{t.Roles.OnAccent, "--fc-on-accent"},
	} {
		if v := strings.TrimSpace(c.value); v != "" && colour.MatchString(v) {
			out = append(out, CSSVar{c.name, v})
		}
	}
	if t.FontFamily != "" && !strings.ContainsAny(t.FontFamily, ";{}") {
		out = append(out, CSSVar{"--fc-font", t.FontFamily})
	}
	if t.BorderRadiusPx >= 0 {
		out = append(out, CSSVar{"--fc-radius", fmt.Sprintf("%dpx", min(t.BorderRadiusPx, 32))})
	}
	return out
}

// themeStyle is ThemeVariables as a style attribute's value. The values
// passed the checks above (no ; { }), so they are safe as CSS; the
// attribute's HTML escaping still applies.
func themeStyle(t shared.Theme) template.CSS {
	var b strings.Builder
	for _, v := range ThemeVariables(t) {
		b.WriteString(v.Name + ":" + v.Value + ";")
	}
	return template.CSS(b.String())
}

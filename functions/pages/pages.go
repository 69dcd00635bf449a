// Package pages turns a dealer's Markdown content pages (infra/tenants/
// <slug>/pages/**/*.md and the shared defaults in infra/tenants/_defaults/
// pages) into the HTML the web renders: CommonMark through goldmark, YAML
// front matter (title, description) through goldmark-meta. Raw HTML in the
// source is dropped (goldmark without html.WithUnsafe), so a page can never
// carry script into a dealer's site.
package pages

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/yuin/goldmark"
	meta "github.com/yuin/goldmark-meta"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"

	"forecourt/shared"
)

// Page is one rendered content page, the body of GET /api/pages/{path...}.
type Page struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	HTML        string `json:"html"`
}

// DealerToken is replaced by the site's name in a page's source, so the
// shared default pages read as the dealer's own.
const DealerToken = "{{dealer}}"

var md = goldmark.New(
	goldmark.WithExtensions(meta.Meta, extension.Table, extension.Linkify),
	goldmark.WithParserOptions(parser.WithAutoHeadingID()),
)

// Render converts a page's source for the dealer named dealer. The front
// matter must give a title; a description is optional.
func Render(source, dealer string) (Page, error) {
	src := strings.ReplaceAll(source, DealerToken, dealer)
	var buf bytes.Buffer
	ctx := parser.NewContext()
	if err := md.Convert([]byte(src), &buf, parser.WithContext(ctx)); err != nil {
		return Page{}, fmt.Errorf("render page: %w", err)
	}
	fm, err := meta.TryGet(ctx)
	if err != nil {
		return Page{}, shared.FieldError("front_matter", "invalid YAML front matter: %v", err)
	}
	p := Page{HTML: buf.String()}
	p.Title, _ = fm["title"].(string)
	p.Description, _ = fm["description"].(string)
	if strings.TrimSpace(p.Title) == "" {
		return Page{}, shared.FieldError("title", "front matter needs a title")
	}
	for k := range fm {
		if k != "title" && k != "description" {
			return Page{}, shared.FieldError(k, "unknown front matter field %q; want title, description", k)
		}
	}
	return p, nil
}

// NormalizePath turns a request path ("/terms-and-conditions/", "pages/warranty")
// into the key pages are stored under ("terms-and-conditions", "pages/warranty").
// ok is false for a path that cannot name a page (empty, "..", odd characters).
func NormalizePath(p string) (key string, ok bool) {
	p = strings.Trim(strings.ToLower(p), "/")
	if p == "" || len(p) > 200 {
		return "", false
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return "", false
		}
		for _, r := range seg {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
				return "", false
			}
		}
	}
	return p, true
}

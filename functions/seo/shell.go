// Package seo renders the web app's HTML shell per request (issue 14): the
// built index.html with a head of the page's own (title, description,
// canonical, Open Graph and Twitter tags, theme colour, icon, lang), its
// schema.org JSON-LD and the site data inlined for the first paint, so a
// crawler or a chat preview that runs no JavaScript reads the page.
package seo

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"io"
	"io/fs"
	"regexp"
	"strings"

	"forecourt/shared"
)

// Head is what a page's shell says about it before any script runs.
type Head struct {
	// Status is the HTTP status: 200, or 404 for a car, offer, location or
	// page that does not exist (the SPA then renders its not-found page).
	Status      int
	Lang        string
	Title       string
	Description string
	// Canonical is the absolute URL on the site's primary domain.
	Canonical string
	// Robots is "noindex" for pages no search engine should list.
	Robots     string
	ThemeColor string
	Icon       string
	SiteName   string
	// OGType is the Open Graph type: "website", or "product" for a car.
	OGType string
	// Image is the absolute URL of the page's picture (a car's primary photo).
	Image string
	// JSONLD are schema.org objects, each written as its own script.
	JSONLD []any
	// Data is inlined as JSON in <script id="forecourt-data"> so the app
	// boots without a round trip (the body of GET /api/site).
	Data any
	// Preconnect is the search host's origin, which the browser starts
	// connecting to before any script runs ("" for none).
	Preconnect string
	// Car is inlined as JSON in <script id="forecourt-car"> on a car page
	// (the body of GET /api/cars/{slug}), so the page renders the car
	// without a round trip once the scripts run.
	Car any
	// Route names the lazy page the route renders ("home", "car", "listing"; "" for
	// none): its chunks and CSS, which the build lists in index.html
	// (web/vite.config.ts routeAssets), are preloaded with the entry instead
	// of after it has run.
	Route string
	// LCPImage is the page's largest picture, preloaded at high priority
	// so it downloads while the scripts do (nil for none).
	LCPImage *ImagePreload
	// NoScript is what a browser or crawler that runs no JavaScript reads
	// in the body: the page's facts and links into the listing.
	NoScript *Fallback
	// Theme is the site's theme, set on <html> as the app sets it, so a
	// painted page has the dealer's colours and font at once.
	Theme *shared.Theme
	// Search is a listing's first search's answer (issue 14), inlined as
	// JSON in <script id="forecourt-search"> at the end of the body, after
	// the painted page, whose first bytes it would otherwise hold back.
	Search *InlinedSearch
	// Inline are page data inlined as JSON at the end of the body, after
	// the painted page (the home's latest arrivals, a location page's
	// location), so the app's first render has them.
	Inline []Inline
	// Paint is rendered in #root in place of the loading status: the
	// page's largest content as HTML, painted before any script runs (nil
	// for a page the app renders alone).
	Paint *Paint
}

// Fallback is a page's <noscript> body.
type Fallback struct {
	Heading string
	// Facts are lines of the page's own details (a car's price, km, VIN).
	Facts []string
	// Links lead on: similar cars, the listing by type and make.
	Links []Link
}

// ImagePreload is an image the head preloads, with the srcset and sizes of
// the <img> that will show it, so the browser picks the same file.
type ImagePreload struct{ Href, SrcSet, Sizes string }

// Tag is the <link rel="preload">. It is written by hand, each value
// HTML-escaped: html/template takes imagesrcset for a single URL and would
// percent-encode the spaces between its candidates.
func (p *ImagePreload) Tag() template.HTML {
	var b strings.Builder
	b.WriteString(`<link rel="preload" as="image" href="`)
	b.WriteString(html.EscapeString(p.Href))
	b.WriteString(`"`)
	if p.SrcSet != "" {
		b.WriteString(` imagesrcset="` + html.EscapeString(p.SrcSet) + `"`)
	}
	if p.Sizes != "" {
		b.WriteString(` imagesizes="` + html.EscapeString(p.Sizes) + `"`)
	}
	b.WriteString(` fetchpriority="high" />`)
	return template.HTML(b.String())
}

// Link is one link of a fallback.
type Link struct{ Text, URL string }

// headTemplate is the head's part the shell adds. html/template escapes
// every value for its context; the JSON-LD and data scripts are JS contexts,
// where a value is written as JSON with <, > and & escaped, so no string can
// close the script.
var headTemplate = template.Must(template.New("head").Parse(`<title>{{.Title}}</title>
    <meta name="description" content="{{.Description}}" />
{{- with .Robots}}
    <meta name="robots" content="{{.}}" />
{{- end}}
{{- with .Canonical}}
    <link rel="canonical" href="{{.}}" />
{{- end}}
{{- with .ThemeColor}}
    <meta name="theme-color" content="{{.}}" />
{{- end}}
{{- with .Icon}}
    <link rel="icon" href="{{.}}" />
    <link rel="apple-touch-icon" href="{{.}}" />
{{- else}}
    <link rel="icon" href="data:," />
{{- end}}
    <meta property="og:type" content="{{.OGType}}" />
    <meta property="og:site_name" content="{{.SiteName}}" />
    <meta property="og:title" content="{{.Title}}" />
    <meta property="og:description" content="{{.Description}}" />
{{- with .Canonical}}
    <meta property="og:url" content="{{.}}" />
{{- end}}
{{- with .Image}}
    <meta property="og:image" content="{{.}}" />
{{- end}}
    <meta name="twitter:card" content="{{if .Image}}summary_large_image{{else}}summary{{end}}" />
    <meta name="twitter:title" content="{{.Title}}" />
    <meta name="twitter:description" content="{{.Description}}" />
{{- with .Image}}
    <meta name="twitter:image" content="{{.}}" />
{{- end}}
{{- range .JSONLD}}
    <script type="application/ld+json">{{.}}</script>
{{- end}}
{{- with .Preconnect}}
    <link rel="preconnect" href="{{.}}" crossorigin="anonymous" />
{{- end}}
{{- with .LCPImage}}
    {{.Tag}}
{{- end}}
{{- with .Data}}
    <script id="forecourt-data" type="application/json">{{.}}</script>
{{- end}}
{{- with .Car}}
    <script id="forecourt-car" type="application/json">{{.}}</script>
{{- end}}
  `))

// noscriptTemplate is the body's fallback for clients without JavaScript.
var noscriptTemplate = template.Must(template.New("noscript").Parse(`<noscript>
      <main class="noscript">
        <h1>{{.Heading}}</h1>
{{- if .Facts}}
        <ul>
{{- range .Facts}}
          <li>{{.}}</li>
{{- end}}
        </ul>
{{- end}}
{{- if .Links}}
        <nav>
          <ul>
{{- range .Links}}
            <li><a href="{{.URL}}">{{.Text}}</a></li>
{{- end}}
          </ul>
        </nav>
{{- end}}
      </main>
    </noscript>
  `))

// searchTemplate inlines a listing's first search's answer. As with the
// site data, html/template writes it as JSON with <, > and & escaped, so no
// text in a hit can close the script.
var searchTemplate = template.Must(template.New("search").Parse(`  <script id="forecourt-search" type="application/json">{{.}}</script>
  `))

// Inline is one inlined JSON script: <script id={ID} type="application/json">.
type Inline struct {
	ID   string
	Data any
}

// inlineTemplate writes an Inline; as with the site data, html/template
// writes Data as JSON with <, > and & escaped, so no text can close it.
var inlineTemplate = template.Must(template.New("inline").Parse(`  <script id="{{.ID}}" type="application/json">{{.Data}}</script>
  `))

var htmlTag = template.Must(template.New("html").Parse(`<html lang="{{.Lang}}"{{with .Style}} style="{{.}}"{{end}}>`))

// What the built index.html says for every page, which the shell replaces.
var (
	reHTML        = regexp.MustCompile(`(?i)<html[^>]*>`)
	reTitle       = regexp.MustCompile(`(?is)\s*<title>.*?</title>`)
	reDescription = regexp.MustCompile(`(?i)\s*<meta\s+name="description"[^>]*>`)
	reIcon        = regexp.MustCompile(`(?i)\s*<link\s+rel="icon"[^>]*>`)
	// The preload of /api/site is pointless once the shell inlines it.
	rePreloadSite = regexp.MustCompile(`(?i)\s*<link\s+rel="preload"\s+href="/api/site"[^>]*>`)
	// The build's list of each route page's files, read then removed.
	reRouteAssets = regexp.MustCompile(`(?is)\s*<script id="forecourt-route-assets" type="application/json">(.*?)</script>`)
	// The build's URLs of files the painted markup shows, read then removed.
	reBuildAssets = regexp.MustCompile(`(?is)\s*<script id="forecourt-build-assets" type="application/json">(.*?)</script>`)
	reHeadEnd     = regexp.MustCompile(`(?i)</head>`)
	// The entry's module scripts, and the boot script that loads them
	// after the first paint on the pages the shell paints (web/vite.config.ts
	// paintFirst).
	reModuleScript = regexp.MustCompile(`(?i)\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*></script>`)
	rePaintFirst   = regexp.MustCompile(`(?i)\s*<script id="forecourt-paint-first"[^>]*\ssrc="([^"]+)"[^>]*></script>`)
	// #root and its loading status, which a painted page replaces: the
	// status runs to #root's closing tag, the last </div> of the body.
	reRoot    = regexp.MustCompile(`(?s)(<div id=(?:"root"|'root'|root))>(.*)(</div>)`)
	reBodyEnd = regexp.MustCompile(`(?i)</body>`)
)

// Shell is the built index.html split where the per-page parts go.
type Shell struct {
	beforeHTML, beforeHeadEnd, beforeBodyEnd, rest []byte
	// beforeBodyEnd split around #root's content: before its ">", after
	// its closing tag (a painted page writes its own content between).
	beforeRootEnd, afterRoot []byte
	// routes are each route page's preload links (Head.Route).
	routes map[string][]byte
	// painted is what a painted page writes in place of beforeHeadEnd and
	// its route's links, nil when the build has no boot script.
	painted *paintedShell
	// assets are the build's URLs of files the painted markup shows
	// (buildAssets).
	assets buildAssets
}

// buildAssets are the URLs the build gives files of the app that a painted
// page shows too (web/vite.config.ts buildAssets): the app imports them,
// so only the build knows their hashed names.
type buildAssets struct {
	// CertifiedBadge is the app's own certified badge image.
	CertifiedBadge string `json:"certified-badge"`
}

// paintedShell is the head of a page the shell paints: the entry's module
// scripts are not in it; the boot script loads them, and the route page's
// chunks, once the painted page is on screen (web/src/app/paintFirst.js).
// The route's CSS stays in the head: the painted page needs it.
type paintedShell struct {
	beforeHeadEnd []byte
	boot          string
	entries       []string
	routeCSS      map[string][]byte
	routeJS       map[string][]string
}

// bootTag is the boot script's tag with the entry and the route's chunks.
var bootTag = template.Must(template.New("boot").Parse(`
    <script id="forecourt-paint-first" defer src="{{.Src}}" data-entry="{{.Entry}}" data-preload="{{.Preload}}"></script>`))

// routeAssets is one route page's files in the build's list.
type routeAssets struct {
	JS  []string `json:"js"`
	CSS []string `json:"css"`
}

// routeLinks are the links that load a route page's files early: its
// chunks as module preloads; the page's own CSS (the list's first: the
// build visits the page's chunk first) as a stylesheet, since the page the
// shell paints needs it (Vite's loader then finds it in place and adds
// none); the CSS of the chunks it imports (rows below the fold) only
// preloaded, so it does not hold the first paint (each render-blocking
// stylesheet cost about 0.3 s of Lighthouse's simulated FCP), and Vite's
// loader applies it from the cache when the chunk loads. crossorigin as the
// build's own tags, so the preloaded responses are the ones used.
var routeLinks = template.Must(template.New("route").Parse(`
{{- range .JS}}
    <link rel="modulepreload" crossorigin href="{{.}}" />
{{- end}}
{{- range $i, $css := .CSS}}
{{- if $i}}
    <link rel="preload" as="style" crossorigin href="{{$css}}" />
{{- else}}
    <link rel="stylesheet" crossorigin href="{{$css}}" />
{{- end}}
{{- end}}`))

// paintedCSS is a painted route's CSS: every file a stylesheet, since the
// painted markup may use any of them (a route chunk that serves several
// pages lists its CSS in import order: the location page's came fourth,
// after the team page's, and only the first was a stylesheet, so the painted
// location page showed unstyled until the app came: CLS 0.48).
var paintedCSS = template.Must(template.New("painted-css").Parse(`
{{- range .}}
    <link rel="stylesheet" crossorigin href="{{.}}" />
{{- end}}`))

// ParseShell prepares the built index.html (web/dist/index.html).
func ParseShell(index []byte) (*Shell, error) {
	loc := reHTML.FindIndex(index)
	if loc == nil {
		return nil, fmt.Errorf("shell: index.html has no <html> tag")
	}
	head := index[loc[1]:]
	routes := map[string][]byte{}
	var painted *paintedShell
	if m := rePaintFirst.FindSubmatch(head); m != nil {
		painted = &paintedShell{boot: string(m[1]), routeCSS: map[string][]byte{}, routeJS: map[string][]string{}}
		for _, sm := range reModuleScript.FindAllSubmatch(head, -1) {
			painted.entries = append(painted.entries, string(sm[1]))
		}
	}
	if m := reRouteAssets.FindSubmatch(head); m != nil {
		var list map[string]routeAssets
		if err := json.Unmarshal(m[1], &list); err != nil {
			return nil, fmt.Errorf("shell: forecourt-route-assets: %w", err)
		}
		for route, a := range list {
			var buf bytes.Buffer
			if err := routeLinks.Execute(&buf, a); err != nil {
				return nil, fmt.Errorf("shell: route %s: %w", route, err)
			}
			routes[route] = buf.Bytes()
			if painted != nil {
				var css bytes.Buffer
				if err := paintedCSS.Execute(&css, a.CSS); err != nil {
					return nil, fmt.Errorf("shell: route %s: %w", route, err)
				}
				painted.routeCSS[route], painted.routeJS[route] = css.Bytes(), a.JS
			}
		}
	}
	var assets buildAssets
	if m := reBuildAssets.FindSubmatch(head); m != nil {
		if err := json.Unmarshal(m[1], &assets); err != nil {
			return nil, fmt.Errorf("shell: forecourt-build-assets: %w", err)
		}
	}
	for _, re := range []*regexp.Regexp{reTitle, reDescription, reIcon, rePreloadSite, reRouteAssets, reBuildAssets, rePaintFirst} {
		head = re.ReplaceAll(head, nil)
	}
	end := reHeadEnd.FindIndex(head)
	if end == nil {
		return nil, fmt.Errorf("shell: index.html has no </head>")
	}
	if painted != nil {
		painted.beforeHeadEnd = bytes.Clone(reModuleScript.ReplaceAll(head[:end[0]], nil))
	}
	body := head[end[0]:]
	bodyEnd := reBodyEnd.FindIndex(body)
	if bodyEnd == nil {
		return nil, fmt.Errorf("shell: index.html has no </body>")
	}
	root := reRoot.FindSubmatchIndex(body[:bodyEnd[0]])
	if root == nil {
		return nil, fmt.Errorf("shell: index.html has no <div id=\"root\">")
	}
	return &Shell{
		beforeRootEnd: bytes.Clone(body[:root[3]]),
		afterRoot:     bytes.Clone(body[root[6]:bodyEnd[0]]),
		beforeHTML:    bytes.Clone(index[:loc[0]]),
		beforeHeadEnd: bytes.Clone(head[:end[0]]),
		beforeBodyEnd: bytes.Clone(body[:bodyEnd[0]]),
		rest:          bytes.Clone(body[bodyEnd[0]:]),
		routes:        routes,
		painted:       painted,
		assets:        assets,
	}, nil
}

// Render writes the shell with h's head.
func (s *Shell) Render(w io.Writer, h Head) error {
	var buf bytes.Buffer
	buf.Write(s.beforeHTML)
	lang := h.Lang
	if lang == "" {
		lang = DefaultLang
	}
	var style template.CSS
	if h.Theme != nil {
		style = themeStyle(*h.Theme)
	}
	if err := htmlTag.Execute(&buf, struct {
		Lang  string
		Style template.CSS
	}{lang, style}); err != nil {
		return fmt.Errorf("shell: %w", err)
	}
	if p := s.painted; p != nil && h.Paint != nil {
		buf.Write(bytes.TrimRight(p.beforeHeadEnd, " \t\n"))
		buf.Write(p.routeCSS[h.Route])
		if err := bootTag.Execute(&buf, struct{ Src, Entry, Preload string }{
			p.boot, strings.Join(p.entries, " "), strings.Join(p.routeJS[h.Route], " "),
		}); err != nil {
			return fmt.Errorf("shell: %w", err)
		}
	} else {
		buf.Write(bytes.TrimRight(s.beforeHeadEnd, " \t\n"))
		buf.Write(s.routes[h.Route])
	}
	buf.WriteString("\n    ")
	if err := headTemplate.Execute(&buf, h); err != nil {
		return fmt.Errorf("shell head: %w", err)
	}
	if h.Paint != nil {
		// The route tells the app which page's chunk to load before it
		// replaces the markup (web/src/main.tsx).
		buf.Write(s.beforeRootEnd)
		fmt.Fprintf(&buf, ` data-paint="%s">`, template.HTMLEscapeString(h.Paint.Route))
		paint := *h.Paint
		paint.BundledBadge = s.assets.CertifiedBadge
		if err := paintTemplate.Execute(&buf, &paint); err != nil {
			return fmt.Errorf("shell paint: %w", err)
		}
		buf.Write(s.afterRoot)
	} else {
		buf.Write(s.beforeBodyEnd)
	}
	if h.NoScript != nil {
		buf.WriteString("  ")
		if err := noscriptTemplate.Execute(&buf, h.NoScript); err != nil {
			return fmt.Errorf("shell noscript: %w", err)
		}
	}
	if h.Search != nil {
		if err := searchTemplate.Execute(&buf, h.Search); err != nil {
			return fmt.Errorf("shell search: %w", err)
		}
	}
	for _, in := range h.Inline {
		if err := inlineTemplate.Execute(&buf, in); err != nil {
			return fmt.Errorf("shell inline %s: %w", in.ID, err)
		}
	}
	buf.Write(s.rest)
	_, err := w.Write(buf.Bytes())
	return err
}

// DefaultLang is the pages' language when the site names none.
const DefaultLang = "en-AU"

// ShellSource gives the shell to render: a parsed Shell is its own, and
// DirShell reads a build folder's index.html on each call.
type ShellSource interface {
	Shell() (*Shell, error)
}

// Shell returns s itself.
func (s *Shell) Shell() (*Shell, error) { return s, nil }

// DirShell is the index.html in a folder: the api Lambda's asset (the
// build puts web/dist/index.html beside the binary) or the dev gateway's
// web/dist, re-read so a rebuilt app shows at once.
type DirShell struct{ FS fs.FS }

// Shell reads and parses index.html.
func (d DirShell) Shell() (*Shell, error) {
	b, err := fs.ReadFile(d.FS, "index.html")
	if err != nil {
		return nil, fmt.Errorf("web shell: %w (run make web)", err)
	}
	return ParseShell(b)
}

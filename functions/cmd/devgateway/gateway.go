package main

import (
	"fmt"
	"html/template"
	"net"
	"net/http"
	"net/textproto"
	"strings"

	"forecourt/functions/httpapi"
	"forecourt/functions/httpapi/route"
	"forecourt/shared"
)

// siteCookie remembers the ?site= choice on plain localhost, so that the
// SPA's later navigation and /api calls stay on the same tenant.
const siteCookie = "forecourt_site"

// gateway stands in for CloudFront and API Gateway (DESIGN.md decision 4):
// it resolves the tenant from the host, sets the origin headers, and routes
// /api, /ingest and /media to app (the one route table, httpapi.NewHandler),
// /healthz to health and the rest to the web app.
type gateway struct {
	sites  map[string]shared.Site
	order  []string // site slugs in display order
	port   int      // the port printed in tenant URLs
	secret string

	app, health, web http.Handler
	// checkout is the stand-in of Stripe's hosted checkout (issue 13);
	// nil without stripe-mock.
	checkout http.Handler
	// objects is the S3 stand-in large feeds are uploaded to (objects.go).
	objects http.Handler
	// shoppers is API Gateway's authorizer of the shopper routes
	// (authorizer.go); nil without cognito-local.
	shoppers *shopperGate
	// security are the headers the edge cells' response headers policy
	// adds (functions/securityheaders), on every response but the health
	// check and the checkout stand-in (Stripe's page, not the site's), so
	// the browser suite runs under the real content security policy.
	security map[string]string
}

func newGateway(sites []shared.Site, port int, secret string, app, health, web http.Handler) *gateway {
	g := &gateway{sites: map[string]shared.Site{}, port: port, secret: secret,
		app: app, health: health, web: web}
	for _, s := range sites {
		g.sites[s.Slug] = s
		g.order = append(g.order, s.Slug)
	}
	return g
}

// siteURL is the address a tenant's site is served at locally.
func siteURL(slug string, port int) string {
	return fmt.Sprintf("http://%s.localhost:%d/", slug, port)
}

func (g *gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// A client must never choose its tenant or forge the origin secret.
	for name := range r.Header {
		if strings.HasPrefix(textproto.CanonicalMIMEHeaderKey(name), "X-Forecourt-") {
			r.Header.Del(name)
		}
	}
	slug, fromHost := g.resolve(w, r)
	path := r.URL.Path
	if path != "/healthz" && !strings.HasPrefix(path, checkoutStandInPath) && !strings.HasPrefix(path, objectsStandInPath+"/") {
		for name, v := range g.security {
			w.Header().Set(name, v)
		}
	}
	switch {
	case path == "/healthz":
		g.health.ServeHTTP(w, r)
	case strings.HasPrefix(path, "/api/"):
		// As the tenant distributions do (infra/constructs/tenant).
		if slug != "" {
			r.Header.Set(httpapi.HeaderSite, slug)
		}
		r.Header.Set(httpapi.HeaderOriginSecret, g.secret)
		if !fromHost {
			// The same URL answers for different tenants by cookie.
			w.Header().Add("Vary", "Cookie")
		}
		if g.shoppers != nil && g.shoppers.refused(w, r) {
			return
		}
		g.app.ServeHTTP(w, r)
	case strings.HasPrefix(path, "/media/"):
		// As the tenant distributions' API origin does for /media/*
		// (infra/constructs/tenant): the api refuses media without the
		// origin secret (issue 31).
		if slug != "" {
			r.Header.Set(httpapi.HeaderSite, slug)
		}
		r.Header.Set(httpapi.HeaderOriginSecret, g.secret)
		g.app.ServeHTTP(w, r)
	case isRouted(path):
		g.app.ServeHTTP(w, r)
	case strings.HasPrefix(path, checkoutStandInPath) && g.checkout != nil:
		g.checkout.ServeHTTP(w, r)
	case strings.HasPrefix(path, objectsStandInPath+"/") && g.objects != nil:
		g.objects.ServeHTTP(w, r)
	case strings.HasPrefix(path, "/assets/"):
		g.web.ServeHTTP(w, r) // the bundle is the same for every tenant
	default:
		if _, known := g.sites[slug]; !known {
			g.serveIndex(w, r, slug)
			return
		}
		if isDocument(path) && g.built() {
			// As the tenant distributions send documents to the API
			// (infra/constructs/tenant): the page's shell, rendered by Go.
			if path == "/index.html" {
				r.URL.Path = "/" // as the cell's function does
			}
			r.Header.Set(httpapi.HeaderSite, slug)
			r.Header.Set(httpapi.HeaderOriginSecret, g.secret)
			if !fromHost {
				w.Header().Add("Vary", "Cookie")
			}
			g.app.ServeHTTP(w, r)
			return
		}
		g.web.ServeHTTP(w, r)
	}
}

// built reports whether the web app is built; if not, the web handler
// says how to build it.
func (g *gateway) built() bool {
	b, ok := g.web.(interface{ built() bool })
	return !ok || b.built()
}

// isDocument reports whether CloudFront would send the path to the API as a
// page (infra/constructs/tenant): no file extension in it, or one of the
// per-tenant files (robots.txt, sitemaps). Other files come from the build.
func isDocument(p string) bool {
	if p == "/index.html" {
		return true // the cell's function asks for it as /
	}
	if p == "/robots.txt" || strings.HasPrefix(p, "/sitemap") && strings.HasSuffix(p, ".xml") {
		return true
	}
	return !strings.Contains(p, ".")
}

// resolve names the requesting tenant: the host <slug>.localhost first,
// then ?site=<slug> (remembered in a cookie), then that cookie. A ?site
// naming no known tenant is ignored.
func (g *gateway) resolve(w http.ResponseWriter, r *http.Request) (slug string, fromHost bool) {
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if s, ok := strings.CutSuffix(host, ".localhost"); ok && s != "" {
		return s, true
	}
	if s := r.URL.Query().Get("site"); s != "" {
		if _, known := g.sites[s]; known {
			http.SetCookie(w, &http.Cookie{Name: siteCookie, Value: s, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode})
			return s, false
		}
	}
	if c, err := r.Cookie(siteCookie); err == nil {
		if _, known := g.sites[c.Value]; known {
			return c.Value, false
		}
	}
	return "", false
}

var indexPage = template.Must(template.New("index").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Forecourt (local)</title>
<style>body{font-family:system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;color:#111827}
li{margin:.6rem 0}a{color:#1d4ed8}small{color:#6b7280}</style></head>
<body><h1>Forecourt: local sites</h1>
{{if .Unknown}}<p>No site is called <code>{{.Unknown}}</code>.</p>{{end}}
<p>Each dealer site answers on its own host:</p>
<ul>{{range .Sites}}<li><a href="{{.URL}}">{{.Name}}</a> <small>{{.URL}} · or <a href="{{.Fallback}}">?site={{.Slug}}</a></small></li>{{end}}</ul>
</body></html>`))

type indexEntry struct{ Slug, Name, URL, Fallback string }

// serveIndex lists every tenant's URL: the answer for a plain localhost
// without a site, and for a host naming no tenant (404).
func (g *gateway) serveIndex(w http.ResponseWriter, r *http.Request, unknown string) {
	data := struct {
		Unknown string
		Sites   []indexEntry
	}{Unknown: unknown}
	for _, slug := range g.order {
		data.Sites = append(data.Sites, indexEntry{
			Slug: slug, Name: g.sites[slug].Name, URL: siteURL(slug, g.port),
			Fallback: fmt.Sprintf("http://localhost:%d/?site=%s", g.port, slug),
		})
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	status := http.StatusOK
	if unknown != "" || r.URL.Path != "/" {
		status = http.StatusNotFound
	}
	w.WriteHeader(status)
	if err := indexPage.Execute(w, data); err != nil {
		fmt.Fprintf(w, "index page: %v", err)
	}
}

// isRouted reports whether API Gateway would send the path to a Lambda
// (route.Prefixes), as CloudFront sends it to API Gateway.
func isRouted(path string) bool {
	_, ok := route.PrefixOf(path)
	return ok
}

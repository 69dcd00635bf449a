// Command api is the /api/* and /media/* Lambda: its routes of the one
// route table (httpapi.NewHandler) behind API Gateway v2 through the
// api-proxy adapter (DESIGN.md decision 1). Configuration comes from the
// environment (docs/contracts.md "Environment").
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"forecourt/functions/httpapi"
	"forecourt/functions/httpapi/route"
	"forecourt/functions/logging"
	"forecourt/functions/platform"
	"forecourt/functions/secrets"
	"forecourt/functions/seo"
)

// defaultPublicSearchURL is the search host handed to browsers locally.
const defaultPublicSearchURL = "http://localhost:7700"

func main() {
	// JSON lines with the request id, site and dealership (issue 15).
	logging.Setup(os.Stdout)
	h, err := newHandler(context.Background())
	if err != nil {
		slog.Error("start api", "err", err)
		os.Exit(1)
	}
	lambda.Start(httpadapter.NewV2(h).ProxyWithContext)
}

func newHandler(ctx context.Context) (http.Handler, error) {
	// In AWS the environment names the secrets (<VAR>_SECRET_ID); their
	// values are read here, once, never from the template (issue 15).
	env, err := platform.ResolveEnv(ctx)
	if err != nil {
		return nil, err
	}
	origin, err := originSecrets(ctx)
	if err != nil {
		return nil, err
	}
	captchaKey, _ := env("FORECOURT_CAPTCHA_KEY")
	if captchaKey == "" {
		return nil, fmt.Errorf("FORECOURT_CAPTCHA_KEY is not set")
	}
	p, err := platform.FromLookup(ctx, env)
	if err != nil {
		return nil, err
	}
	host, ok := os.LookupEnv("FORECOURT_PUBLIC_SEARCH_URL")
	if !ok {
		host = defaultPublicSearchURL
	}
	// Media is left to the platform: the dealer logos from the sites table.
	// CloudFront sends /media/* here (infra: the media behaviour), and
	// documents, rendered over the index.html the build puts beside this
	// binary (scripts/build-lambdas.sh), so a web release changes the
	// platform stack only.
	return p.Handler(route.API, platform.HandlerConfig{OriginSecrets: origin, PublicSearchURL: host, CaptchaKey: captchaKey,
		Stripe: platform.StripeFrom(env), Shell: seo.DirShell{FS: os.DirFS(shellDir())}})
}

// originSecrets are the accepted origin secrets: in AWS the current and,
// during a rotation, the previous value of the secret
// FORECOURT_ORIGIN_SECRET_SECRET_ID names, re-read every secrets.CacheFor;
// else FORECOURT_ORIGIN_SECRET itself.
func originSecrets(ctx context.Context) (httpapi.OriginSecrets, error) {
	if ref := os.Getenv("FORECOURT_ORIGIN_SECRET" + secrets.IDSuffix); ref != "" {
		m, err := secrets.NewManager(ctx)
		if err != nil {
			return nil, err
		}
		r := secrets.Rotating{Source: m, Ref: ref}
		// Read now, so a wrong name stops the cold start rather than 500s.
		if _, err := r.Accepted(ctx); err != nil {
			return nil, fmt.Errorf("FORECOURT_ORIGIN_SECRET%s: %w", secrets.IDSuffix, err)
		}
		return r, nil
	}
	secret := os.Getenv("FORECOURT_ORIGIN_SECRET")
	if secret == "" {
		return nil, fmt.Errorf("FORECOURT_ORIGIN_SECRET is not set")
	}
	return secrets.Static{secret}, nil
}

// shellDir holds the built index.html: FORECOURT_WEB_SHELL_DIR, else the
// folder of the executable (the Lambda's asset).
func shellDir() string {
	if d := os.Getenv("FORECOURT_WEB_SHELL_DIR"); d != "" {
		return d
	}
	exe, err := os.Executable()
	if err != nil {
		return "."
	}
	return filepath.Dir(exe)
}

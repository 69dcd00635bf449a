package main

import (
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2"
)

// The shipped cdk.json and -c overrides decide where the build output comes
// from and which search host browsers get (docs/contracts.md "Environment").
func TestConfigFromContext(t *testing.T) {
	shipped, err := cdkContext("../cdk.json")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name          string
		override      map[string]any
		wantWebDist   string
		wantSearchURL string
	}{
		{"cdk.json defaults", nil, "web/dist", "https://ALGOLIA_APP_ID_PLACEHOLDER-dsn.algolia.net"},
		{"app id only: Algolia's read host", map[string]any{ctxAlgoliaAppID: "PROD1"}, "web/dist", "https://PROD1-dsn.algolia.net"},
		{"own search host and dist", map[string]any{
			ctxPublicSearchURL: "https://search.example", ctxWebDist: "/tmp/dist",
		}, "/tmp/dist", "https://search.example"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Given the shipped context with the test's overrides
			context := map[string]any{}
			for k, v := range shipped {
				context[k] = v
			}
			for k, v := range tt.override {
				context[k] = v
			}
			app := awscdk.NewApp(&awscdk.AppProps{Context: &context})
			// When the app reads its configuration
			cfg, _, err := ConfigFromContext(app, func(string) ([]Tenant, error) { return nil, nil })
			if err != nil {
				t.Fatal(err)
			}
			// Then the dist folder and the browsers' search host follow it
			if cfg.WebDist != tt.wantWebDist {
				t.Errorf("web dist: got %q, want %q", cfg.WebDist, tt.wantWebDist)
			}
			if cfg.PublicSearchURL != tt.wantSearchURL {
				t.Errorf("public search URL: got %q, want %q", cfg.PublicSearchURL, tt.wantSearchURL)
			}
		})
	}
	// And a context without the dist folder is refused
	context := map[string]any{}
	for k, v := range shipped {
		context[k] = v
	}
	delete(context, ctxWebDist)
	if _, _, err := ConfigFromContext(awscdk.NewApp(&awscdk.AppProps{Context: &context}),
		func(string) ([]Tenant, error) { return nil, nil }); err == nil {
		t.Errorf("got no error without %s", ctxWebDist)
	}
}

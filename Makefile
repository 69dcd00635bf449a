# Forecourt. `make dev` and `make test` set up whatever is missing first.
SHELL := bash
.DEFAULT_GOAL := help

.PHONY: help deps dev test e2e screenshots bench pagebench synth lambdas web types clean

help: ## list the targets
	@grep -E '^[a-z]+:.*## ' Makefile | sed -E 's/:.*## /\t/'

deps: ## install what this machine lacks (Java, Chromium, npm packages)
	@bash scripts/deps.sh

dev: deps ## run the platform locally and print each demo tenant's URL
	@bash scripts/dev.sh

test: deps ## run every suite; ends with "N passed, N failed"
	@bash scripts/test.sh

e2e: deps ## browser tests only, on their own local stack: make e2e FILES=web/e2e/leads.test.mjs
	@bash scripts/e2e.sh $(FILES)

screenshots: deps ## each demo dealer's main pages at 375 and 1366 px, on their own local stack: make screenshots [DIR=screenshots]
	@bash scripts/screenshots.sh $(DIR)

bench: deps ## print the performance figures and their baselines
	@bash scripts/bench.sh

pagebench: deps ## Lighthouse on every page type and the shopper session's searches only: BENCH_TENANTS=a,b BENCH_PAGES=home,location make pagebench
	@bash scripts/pagebench.sh

lambdas: ## build the Lambda binaries into .build/lambda/<name>/bootstrap
	@bash scripts/build-lambdas.sh

synth: deps web lambdas ## synthesize the platform and tenant stacks into .build/cdk.out
	@bash scripts/synth.sh

types: ## regenerate web/src/lib/types.ts (functions/cmd/tsgen) and infra/tenant.schema.json (functions/cmd/tenantschema) from the Go types
	@cd functions && go generate ./cmd/tsgen ./cmd/tenantschema

web: ## build the web app into web/dist
	@npm run -s build -w web

clean: ## remove build output (keeps .data, the local databases)
	rm -rf .build web/dist

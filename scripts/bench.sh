#!/usr/bin/env bash
# Prints every performance figure the issues ask for, each beside a baseline
# measured in the same run (figures and ratios; no test asserts a time).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
OUT="$ROOT/.build/bench"
mkdir -p "$OUT"
export LOG_DIR="$OUT"
trap stop_started EXIT

log "search engine: 100,000 cars, a typical InstantSearch search, against a full scan"
go run ./functions/bench/searchbench -n "${BENCH_CARS:-100000}"

log "feed ingestion: 10,000 cars against a raw BatchWriteItem"
dynamo_port=$(free_port)
start_dynamo "$dynamo_port" ""
FORECOURT_DYNAMO_ENDPOINT="http://127.0.0.1:$dynamo_port" go run ./functions/bench/ingestbench

log "feed decoding: worst case memory, 50 MB of zeros in a 50 KB gzip feed (target: at most 256 MB)"
FORECOURT_DYNAMO_ENDPOINT="http://127.0.0.1:$dynamo_port" go test ./functions/feed -run 'TestZipBombFeedStaysSmall$' -count=1 -v |
  grep -E 'gzip body|allocated'

log "leads: 1,000 concurrent submits (200 retried) with 20% of e-mail sends failing; POST /api/leads p50/p99 at 50 clients against GET /api/site"
FORECOURT_DYNAMO_ENDPOINT="http://127.0.0.1:$dynamo_port" go run ./functions/bench/leadbench

log "feed burst: 200 dealerships post at once through the ingest handler with the platform's feed slots"
# The SDK's checksum warnings on DynamoDB Local's answers are noise here.
FORECOURT_DYNAMO_ENDPOINT="http://127.0.0.1:$dynamo_port" go run ./functions/bench/feedburst 2> >(grep -v 'failed to close HTTP response body' >&2)

log "onboarding: CDK synth with 3, 250 and 1,000 tenants, and one dealer among 1,000"
bash scripts/build-lambdas.sh >"$OUT/build-lambdas.log" 2>&1 || { tail -n 30 "$OUT/build-lambdas.log"; die "building the Lambdas failed"; }
npm run -s build -w web >"$OUT/web-build.log" 2>&1 || { tail -n 30 "$OUT/web-build.log"; die "web build failed"; }
bash scripts/synth-bench.sh

log "vehicle PDF: brochure generation against the car page's JSON answer"
go run ./functions/bench/pdfbench -n "${BENCH_PDFS:-300}"

log "vehicle feeds: regenerating a 20,000-car dealership's Google, Meta and TikTok feeds against the sitemap rebuild of the same stock (issue 37)"
go run ./functions/bench/feedsbench -n "${BENCH_FEED_CARS:-20000}"

log "web: the listing's initial JavaScript"
npm run -s build -w web >"$OUT/web-build.log" 2>&1 || { tail -n 30 "$OUT/web-build.log"; die "web build failed"; }
node web/scripts/bundle-size.mjs web/dist

log "memory: each Lambda's handler in a fresh process under its load, against an idle process of the same binary (issue 15; sizes in docs/operations.md)"
bash scripts/membench.sh -shell web/dist -upload-cars 20000

log "web: Lighthouse on every page type of each demo tenant (mobile, simulated throttling, median of 5; issue 34 targets), with the CPU slowdown scaled to this host beside (not judged); subsets: BENCH_TENANTS, BENCH_PAGES (scripts/pagebench.mjs)"
cognito_port=$(free_port)
start_cognito "$cognito_port" "$OUT/cognito"
# Reserving needs the local Stripe API (the reserve benchmark below).
start_stripe_mock "$(free_port)"
mkdir -p "$OUT/gateway"
FORECOURT_DYNAMO_ENDPOINT="http://127.0.0.1:$dynamo_port" FORECOURT_COGNITO_ENDPOINT="http://127.0.0.1:$cognito_port" \
  start_gateway "$OUT/gateway" || die "the dev gateway did not start"
log "machine load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
FORECOURT_E2E_GATEWAY="$GATEWAY_URL" BENCH_OUT="$OUT/pages" node scripts/pagebench.mjs

log "geocode: GET /api/geocode through the dev gateway, against GET /api/site"
go run ./functions/bench/geocodebench -url "$GATEWAY_URL" -site riverside-toyota -n "${BENCH_GEOCODE:-2000}"
log "watchlist: POST /api/watchlist/save-car through the dev gateway (token verified), against GET /api/site"
go run ./functions/bench/watchbench -url "$GATEWAY_URL" -site coastal-motor-group -n "${BENCH_WATCHLIST:-1000}"
log "reserve: Pay on the checkout stand-in until the car shows RESERVED in search and on its page, against GET /api/site"
go run ./functions/bench/reservebench -url "$GATEWAY_URL" -site riverside-toyota -n "${BENCH_RESERVE:-10}"
log "web: search requests per page and interaction on each demo tenant (issue 18)"
FORECOURT_E2E_GATEWAY="$GATEWAY_URL" node scripts/search-budget.mjs
log "web: a scripted shopper session's search requests, browser and server side (issue 34; docs/scaling.md cost model)"
FORECOURT_E2E_GATEWAY="$GATEWAY_URL" node scripts/shopper-session.mjs

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
go run ./functions/cmd/searchbench -n "${BENCH_CARS:-100000}"

log "feed ingestion: 10,000 cars against a raw BatchWriteItem"
dynamo_port=$(free_port)
start_dynamo "$dynamo_port" ""
FORECOURT_DYNAMO_ENDPOINT="http://127.0.0.1:$dynamo_port" go run ./functions/cmd/ingestbench

log "web: the listing's initial JavaScript"
npm run -s build -w web >"$OUT/web-build.log" 2>&1 || { tail -n 30 "$OUT/web-build.log"; die "web build failed"; }
node web/scripts/bundle-size.mjs web/dist

log "web: Lighthouse on a demo tenant's listing (mobile, simulated throttling)"
cognito_port=$(free_port)
start_cognito "$cognito_port" "$OUT/cognito"
mkdir -p "$OUT/gateway"
FORECOURT_DYNAMO_ENDPOINT="http://127.0.0.1:$dynamo_port" FORECOURT_COGNITO_ENDPOINT="http://127.0.0.1:$cognito_port" \
  start_gateway "$OUT/gateway" || die "the dev gateway did not start"
node scripts/lighthouse.mjs --out "$OUT" "${GATEWAY_URL/localhost/riverside-toyota.localhost}/search/new-used-and-demo-cars/"

log "web: search requests per page and interaction on each demo tenant (issue 18)"
FORECOURT_E2E_GATEWAY="$GATEWAY_URL" node scripts/search-budget.mjs

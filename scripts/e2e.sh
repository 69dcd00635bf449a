#!/usr/bin/env bash
# Runs chosen browser tests against a fresh local stack on free ports (so it
# can run beside `make dev` or another checkout): `make e2e FILES="web/e2e/leads.test.mjs"`
# or `bash scripts/e2e.sh web/e2e/leads.test.mjs`. No argument runs them all.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

OUT="$ROOT/.build/e2e"
rm -rf "$OUT" && mkdir -p "$OUT"
export LOG_DIR="$OUT"
trap stop_started EXIT

start_test_services "$OUT"
start_web_gateway "$OUT"
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(web/e2e/)
FORECOURT_E2E_GATEWAY="$GATEWAY_URL" node --test --test-concurrency=1 "${files[@]}"

#!/usr/bin/env bash
# Prints the search budget of every demo tenant (scripts/search-budget.mjs,
# issue 18) against a fresh local stack on free ports, as scripts/e2e.sh starts one:
# `bash scripts/search-budget.sh`.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

OUT="$ROOT/.build/search-budget"
rm -rf "$OUT" && mkdir -p "$OUT"
export LOG_DIR="$OUT"
trap stop_started EXIT

start_test_services "$OUT"
start_web_gateway "$OUT"

FORECOURT_E2E_GATEWAY="$GATEWAY_URL" node scripts/search-budget.mjs

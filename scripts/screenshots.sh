#!/usr/bin/env bash
# Takes the demo sites' screenshots (issue 32 "Done when"): home, listing,
# car page, compare, finance, location, sign-in and watchlist at 375 and
# 1366 px for each demo dealer, against a fresh local stack on free ports,
# as scripts/e2e.sh starts it: `make screenshots` (into screenshots/) or
# `bash scripts/screenshots.sh DIR`.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

DEST=$(realpath -m "${1:-$ROOT/screenshots}")
OUT="$ROOT/.build/screenshots"
rm -rf "$OUT" && mkdir -p "$OUT" "$DEST"
export LOG_DIR="$OUT"
trap stop_started EXIT

start_test_services "$OUT"
start_web_gateway "$OUT"
FORECOURT_E2E_GATEWAY="$GATEWAY_URL" node scripts/screenshots.mjs "$DEST"

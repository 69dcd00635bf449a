#!/usr/bin/env bash
# Lighthouse over every page type of each demo tenant, then the scripted
# shopper session's search requests (issue 34), against a fresh local stack
# on free ports, as scripts/e2e.sh starts one: `bash scripts/pagebench.sh`.
# `make bench` runs both too. Subsets (the full run is long):
#   BENCH_TENANTS=coastal-motor-group BENCH_PAGES=home,location BENCH_LH_RUNS=3 \
#     BENCH_LH_CALIBRATED_RUNS=0 bash scripts/pagebench.sh
#   BENCH_SESSION=0 skips the shopper session, BENCH_SESSION_TENANTS picks its tenants (else
#   BENCH_TENANTS); BENCH_LIGHTHOUSE=0 skips Lighthouse.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

OUT="$ROOT/.build/pagebench"
rm -rf "$OUT" && mkdir -p "$OUT"
export LOG_DIR="$OUT"
trap stop_started EXIT

start_test_services "$OUT"
start_web_gateway "$OUT"

log "machine load before the run: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
if [ "${BENCH_LIGHTHOUSE:-1}" != 0 ]; then
  FORECOURT_E2E_GATEWAY="$GATEWAY_URL" BENCH_OUT="$OUT/lighthouse" node scripts/pagebench.mjs
fi
if [ "${BENCH_SESSION:-1}" != 0 ]; then
  FORECOURT_E2E_GATEWAY="$GATEWAY_URL" node scripts/shopper-session.mjs
fi
log "machine load after the run: $(cut -d' ' -f1-3 /proc/loadavg)"

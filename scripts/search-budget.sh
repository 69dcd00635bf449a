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

dynamo_port=$(free_port)
start_dynamo "$dynamo_port" ""
cognito_port=$(free_port)
start_cognito "$cognito_port" "$OUT/cognito"
smtp_port=$(free_port)
mail_web_port=$(free_port)
while [ "$mail_web_port" = "$smtp_port" ]; do mail_web_port=$(free_port); done
start_maildev "$smtp_port" "$mail_web_port" "$OUT/maildev"
export FORECOURT_DYNAMO_ENDPOINT="http://127.0.0.1:$dynamo_port"
export FORECOURT_COGNITO_ENDPOINT="http://127.0.0.1:$cognito_port"
export FORECOURT_SMTP_ENDPOINT="127.0.0.1:$smtp_port"
export FORECOURT_MAIL_WEB_URL="http://127.0.0.1:$mail_web_port"
export AWS_REGION=${AWS_REGION:-ap-southeast-2}

log "building the web app"
npm run -s build -w web >"$OUT/web-build.log" 2>&1 || { tail -n 40 "$OUT/web-build.log"; exit 1; }
log "starting the dev gateway (log: $OUT/gateway.log)"
start_gateway "$OUT"

FORECOURT_E2E_GATEWAY="$GATEWAY_URL" node scripts/search-budget.mjs

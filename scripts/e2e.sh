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

dynamo_port=$(free_port)
start_dynamo "$dynamo_port" ""
cognito_port=$(free_port)
start_cognito "$cognito_port" "$OUT/cognito"
smtp_port=$(free_port)
mail_web_port=$(free_port)
while [ "$mail_web_port" = "$smtp_port" ]; do mail_web_port=$(free_port); done
start_maildev "$smtp_port" "$mail_web_port" "$OUT/maildev"
start_stripe_mock "$(free_port)"
export FORECOURT_DYNAMO_ENDPOINT="http://127.0.0.1:$dynamo_port"
export FORECOURT_COGNITO_ENDPOINT="http://127.0.0.1:$cognito_port"
export FORECOURT_SMTP_ENDPOINT="127.0.0.1:$smtp_port"
export FORECOURT_MAIL_WEB_URL="http://127.0.0.1:$mail_web_port"
export AWS_REGION=${AWS_REGION:-ap-southeast-2}

log "building the web app"
npm run -s build -w web >"$OUT/web-build.log" 2>&1 || { tail -n 40 "$OUT/web-build.log"; exit 1; }
log "starting the dev gateway (log: $OUT/gateway.log)"
start_gateway "$OUT"
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(web/e2e/)
FORECOURT_E2E_GATEWAY="$GATEWAY_URL" node --test --test-concurrency=1 "${files[@]}"

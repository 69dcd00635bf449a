#!/usr/bin/env bash
# Starts the local platform: DynamoDB Local, cognito-local and MailDev (the
# lead inbox; data kept in .data/), then the dev gateway, which serves the
# API, the search engine and each demo tenant's site, seeds what is missing
# and prints the URLs.
# Ctrl-C stops everything; the data stays for the next `make dev`.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

export FORECOURT_GATEWAY_PORT=${FORECOURT_GATEWAY_PORT:-8080}
export FORECOURT_SEARCH_PORT=${FORECOURT_SEARCH_PORT:-7700}
export FORECOURT_DYNAMO_PORT=${FORECOURT_DYNAMO_PORT:-8000}
export FORECOURT_COGNITO_PORT=${FORECOURT_COGNITO_PORT:-9229}
export FORECOURT_SMTP_PORT=${FORECOURT_SMTP_PORT:-1025}
export FORECOURT_MAIL_WEB_PORT=${FORECOURT_MAIL_WEB_PORT:-1080}
export FORECOURT_DATA_DIR=${FORECOURT_DATA_DIR:-$ROOT/.data}
export FORECOURT_DYNAMO_ENDPOINT="http://127.0.0.1:$FORECOURT_DYNAMO_PORT"
export FORECOURT_COGNITO_ENDPOINT="http://127.0.0.1:$FORECOURT_COGNITO_PORT"
export FORECOURT_SMTP_ENDPOINT="127.0.0.1:$FORECOURT_SMTP_PORT"
export FORECOURT_MAIL_WEB_URL="http://127.0.0.1:$FORECOURT_MAIL_WEB_PORT"
export FORECOURT_PUBLIC_SEARCH_URL=${FORECOURT_PUBLIC_SEARCH_URL:-http://localhost:$FORECOURT_SEARCH_PORT}
export ALGOLIA_HOST=${ALGOLIA_HOST:-http://127.0.0.1:$FORECOURT_SEARCH_PORT}
export FORECOURT_WEB_DIST=${FORECOURT_WEB_DIST:-$ROOT/web/dist}
export AWS_REGION=${AWS_REGION:-ap-southeast-2}
export LOG_DIR="$FORECOURT_DATA_DIR/logs"
mkdir -p "$LOG_DIR"

require_free_port "$FORECOURT_GATEWAY_PORT" "the dev gateway" FORECOURT_GATEWAY_PORT
require_free_port "$FORECOURT_SEARCH_PORT" "the search engine" FORECOURT_SEARCH_PORT
require_free_port "$FORECOURT_DYNAMO_PORT" "DynamoDB Local" FORECOURT_DYNAMO_PORT
require_free_port "$FORECOURT_COGNITO_PORT" "cognito-local" FORECOURT_COGNITO_PORT
require_free_port "$FORECOURT_SMTP_PORT" "MailDev (SMTP)" FORECOURT_SMTP_PORT
require_free_port "$FORECOURT_MAIL_WEB_PORT" "MailDev (the lead inbox)" FORECOURT_MAIL_WEB_PORT

trap 'log "stopping"; stop_started' EXIT
trap 'exit 130' INT TERM

log "building the web app"
npm run -s build -w web >"$LOG_DIR/web-build.log" 2>&1 || { tail -n 30 "$LOG_DIR/web-build.log"; die "web build failed"; }
log "building the dev gateway"
mkdir -p .build/bin
go build -o .build/bin/devgateway ./functions/cmd/devgateway

log "starting DynamoDB Local on port $FORECOURT_DYNAMO_PORT (data in $FORECOURT_DATA_DIR/dynamodb)"
start_dynamo "$FORECOURT_DYNAMO_PORT" "$FORECOURT_DATA_DIR/dynamodb"
log "starting cognito-local on port $FORECOURT_COGNITO_PORT"
start_cognito "$FORECOURT_COGNITO_PORT" "$FORECOURT_DATA_DIR/cognito"
log "starting MailDev: SMTP on port $FORECOURT_SMTP_PORT, inbox on $FORECOURT_MAIL_WEB_PORT (mail in $FORECOURT_DATA_DIR/maildev)"
start_maildev "$FORECOURT_SMTP_PORT" "$FORECOURT_MAIL_WEB_PORT" "$FORECOURT_DATA_DIR/maildev"
stripe_port=$(free_port)
log "starting stripe-mock (the local Stripe API) on port $stripe_port"
start_stripe_mock "$stripe_port"

log "starting the dev gateway on port $FORECOURT_GATEWAY_PORT (search engine on $FORECOURT_SEARCH_PORT)"
.build/bin/devgateway &
STARTED_PIDS+=($!)
gateway_pid=$!
# The inbox URL follows the gateway's "Forecourt is ready" lines, which it
# prints as /healthz turns 200.
(wait_http "http://127.0.0.1:$FORECOURT_GATEWAY_PORT/healthz" 600 "the dev gateway" 200 2>/dev/null &&
  echo "Lead e-mails: http://localhost:$FORECOURT_MAIL_WEB_PORT/ (MailDev inbox)" &&
  echo "Shopper sign-in (/sign-in, /watchlist): cognito-local; a sign-up's confirmation code: node scripts/confirmation-code.mjs <phone> (cognito-local's log shows it only after a later line)") &
STARTED_PIDS+=($!)
wait "$gateway_pid"

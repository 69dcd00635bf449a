#!/usr/bin/env bash
# Starts the local platform: DynamoDB Local and cognito-local (data kept in
# .data/), then the dev gateway, which serves the API, the search engine and
# each demo tenant's site, seeds what is missing and prints the URLs.
# Ctrl-C stops everything; the data stays for the next `make dev`.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

export FORECOURT_GATEWAY_PORT=${FORECOURT_GATEWAY_PORT:-8080}
export FORECOURT_SEARCH_PORT=${FORECOURT_SEARCH_PORT:-7700}
export FORECOURT_DYNAMO_PORT=${FORECOURT_DYNAMO_PORT:-8000}
export FORECOURT_COGNITO_PORT=${FORECOURT_COGNITO_PORT:-9229}
export FORECOURT_DATA_DIR=${FORECOURT_DATA_DIR:-$ROOT/.data}
export FORECOURT_DYNAMO_ENDPOINT="http://127.0.0.1:$FORECOURT_DYNAMO_PORT"
export FORECOURT_COGNITO_ENDPOINT="http://127.0.0.1:$FORECOURT_COGNITO_PORT"
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

log "starting the dev gateway on port $FORECOURT_GATEWAY_PORT (search engine on $FORECOURT_SEARCH_PORT)"
.build/bin/devgateway &
STARTED_PIDS+=($!)
wait "${STARTED_PIDS[-1]}"

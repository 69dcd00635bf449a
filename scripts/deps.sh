#!/usr/bin/env bash
# Installs whatever the project needs and this machine lacks: a Java runtime
# for DynamoDB Local, Chromium for the browser tests, pdftotext for the
# vehicle PDF tests, and the npm packages.
# Go modules come with the go command. Safe to run again: it only acts on gaps.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

apt_updated=
apt_install() {
  local sudo=
  [ "$(id -u)" = 0 ] || sudo=sudo
  if [ -z "$apt_updated" ]; then $sudo apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

command -v go >/dev/null || die "Go is missing: install Go 1.26 (see go.work)"
command -v node >/dev/null || die "Node.js is missing: install Node 20 or newer"
command -v curl >/dev/null || { log "installing curl"; apt_install curl ca-certificates; }
if ! command -v java >/dev/null; then
  log "installing a Java runtime for DynamoDB Local"
  apt_install openjdk-17-jre-headless
fi
if [ ! -x /usr/bin/chromium ]; then
  log "installing Chromium for the browser tests"
  apt_install chromium
fi
if ! command -v pdftotext >/dev/null; then
  log "installing poppler-utils (pdftotext) for the vehicle PDF tests"
  apt_install poppler-utils
fi
# stripe-mock is the local Stripe API (issue 13: reservation deposits).
if ! command -v stripe-mock >/dev/null && [ ! -x "$(go env GOPATH)/bin/stripe-mock" ]; then
  log "installing stripe-mock v0.203.0 (the local Stripe API)"
  go install github.com/stripe/stripe-mock@v0.203.0
fi
# npm ci when node_modules is missing or older than the lockfile.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
fi

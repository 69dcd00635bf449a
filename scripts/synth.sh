#!/usr/bin/env bash
# Synthesizes the platform stack and one stack per infra/tenants/*.json into
# .build/cdk.out. Expects the Lambdas (scripts/build-lambdas.sh) and the web
# app (web/dist) to be built: both are assets of the stacks.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$ROOT/scripts/cdk-env.sh"
cd "$ROOT"
node_modules/.bin/cdk synth --quiet -o .build/cdk.out "$@"

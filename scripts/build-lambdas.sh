#!/usr/bin/env bash
# Builds every Lambda main under functions/cmd/ that is listed in LAMBDAS and
# exists into .build/lambda/<name>/bootstrap (linux/arm64, provided.al2023).
# Go's build cache makes a second run with nothing changed take about a second.
set -euo pipefail

# The one list of Lambdas (infra/constructs/api lists their routes and grants).
LAMBDAS=(api ingest sweep)

root="$(cd "$(dirname "$0")/.." && pwd)"
out="${FORECOURT_LAMBDA_OUT:-$root/.build/lambda}"

cd "$root/functions"
built=0
for name in "${LAMBDAS[@]}"; do
  if [[ ! -f "cmd/$name/main.go" ]]; then
    echo "build-lambdas: functions/cmd/$name not present, skipped" >&2
    continue
  fi
  mkdir -p "$out/$name"
  GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -trimpath -tags lambda.norpc -ldflags='-s -w' \
    -o "$out/$name/bootstrap.tmp" "./cmd/$name"
  # Replace only when the binary changed, so the asset hash (and a deploy)
  # stays put when nothing did.
  if cmp -s "$out/$name/bootstrap.tmp" "$out/$name/bootstrap"; then
    rm "$out/$name/bootstrap.tmp"
  else
    mv "$out/$name/bootstrap.tmp" "$out/$name/bootstrap"
  fi
  built=$((built + 1))
done
echo "build-lambdas: $built built into $out"

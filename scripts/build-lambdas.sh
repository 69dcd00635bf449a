#!/usr/bin/env bash
# Builds every Lambda main listed in LAMBDAS, functions/cmd/<name>, into
# .build/lambda/<name>/bootstrap (linux/arm64, provided.al2023).
# Go's build cache makes a second run with nothing changed take about a second.
set -euo pipefail

# The Lambdas: the functions of infra/constructs/api (their grants there, their
# routes in functions/httpapi/route); its TestBuildScriptBuildsEveryFunction
# fails when this list and those differ.
LAMBDAS=(api ingest sweep deliver authorizer)

root="$(cd "$(dirname "$0")/.." && pwd)"
out="${FORECOURT_LAMBDA_OUT:-$root/.build/lambda}"

cd "$root/functions"
for name in "${LAMBDAS[@]}"; do
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
done
# The api Lambda renders each page over the built app's index.html (issue 14),
# carried in its asset so a web release changes the platform stack only.
if [[ -f "$root/web/dist/index.html" ]]; then
  cmp -s "$root/web/dist/index.html" "$out/api/index.html" || cp "$root/web/dist/index.html" "$out/api/index.html"
else
  echo "build-lambdas: web/dist/index.html is missing (run make web): the api Lambda's pages will answer 500" >&2
fi
echo "build-lambdas: ${#LAMBDAS[@]} built into $out"

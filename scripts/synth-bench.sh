#!/usr/bin/env bash
# Onboarding cost against platform size (issue 18): synth time and peak
# memory of the CDK app with 3 (the demo tenants: the baseline), 250 and
# 1,000 tenant files, and of deploying one dealer among 1,000
# (-c tenants=<slug>). Tenants beyond the demo ones are written by
# `forecourt tenants new`, so they fill edge cells as real onboarding would.
# Needs the Lambdas and web/dist built (make synth's prerequisites).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$ROOT/scripts/cdk-env.sh"
cd "$ROOT"
work=$(mktemp -d "${TMPDIR:-/tmp}/forecourt-synthbench.XXXXXX")
trap 'rm -rf "$work"' EXIT
go build -o "$work/forecourt" ./functions/cmd/forecourt

# tenants N: a folder with the demo tenants and N-3 generated ones.
tenants() {
  local dir="$work/tenants-$1" i
  mkdir -p "$dir"
  cp infra/tenants/*.json "$dir/"
  for ((i = 3; i < $1; i++)); do
    "$work/forecourt" tenants new "$(printf 'dealer-%04d' "$i")" --name "Dealer $i" --dir "$dir" >/dev/null
  done
  echo "$dir"
}

# synth LABEL DIR [CDK ARGS...]: prints seconds and peak RSS (MB) of one synth.
synth() {
  local label=$1 dir=$2
  shift 2
  /usr/bin/time -f '%e %M' -o "$work/time" \
    node_modules/.bin/cdk synth --quiet -o "$work/out" -c forecourt:tenantsDir="$dir" "$@" >"$work/synth.log" 2>&1 ||
    { tail -n 20 "$work/synth.log"; die "synth $label failed"; }
  read -r secs kb <"$work/time"
  rm -rf "$work/out"
  echo "$label $secs $((kb / 1024))"
}

t3=$(tenants 3)
t250=$(tenants 250)
t1000=$(tenants 1000)
{
  synth "3 tenants (baseline)" "$t3"
  synth "250 tenants" "$t250"
  synth "1,000 tenants" "$t1000"
  synth "1 of 1,000 (-c tenants=dealer-0500)" "$t1000" -c tenants=dealer-0500
} | awk '
  NR == 1 { bs = $(NF-1); bm = $NF }
  { label = $1; for (i = 2; i <= NF-2; i++) label = label " " $i
    printf "synth %-38s %7.1f s  %6d MB peak   (%.1fx time, %.1fx memory of the baseline)\n", label, $(NF-1), $NF, $(NF-1)/bs, $NF/bm }'

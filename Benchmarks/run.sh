#!/usr/bin/env bash
# One command for the whole report: builds the moneyfield binary and the benchmark in release
# mode, then runs moneyfield-bench against that binary. Extra arguments go to moneyfield-bench
# (--quick, --scripts N, --setup). Both are linked with the Swift runtime and Foundation statically, as
# scripts/shell ships moneyfield; STATIC=0 measures the dynamically linked build instead.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
flags=(-c release)
suffix=""
if [[ "${STATIC:-1}" == "1" ]]; then flags+=(--static-swift-stdlib); suffix="-static"; fi

swift build "${flags[@]}" --package-path "$root" --scratch-path "$root/.build-bench$suffix" --product moneyfield >&2
swift build "${flags[@]}" --package-path "$here" --scratch-path "$here/.build-bench$suffix" --product moneyfield-bench >&2
swift build "${flags[@]}" --package-path "$here" --scratch-path "$here/.build-bench$suffix" --product one-amount >&2
exec "$here/.build-bench$suffix/release/moneyfield-bench" \
    --moneyfield "${MONEYFIELD_BIN:-$root/.build-bench$suffix/release/moneyfield}" \
    --one-amount "$here/.build-bench$suffix/release/one-amount" "$@"

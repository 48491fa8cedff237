#!/usr/bin/env bash
# One command for the whole report: builds the moneyfield binary and the benchmark in release
# mode, then runs moneyfield-bench against that binary. Extra arguments go to moneyfield-bench
# (--quick, --scripts N, --setup). Both are linked with the Swift runtime and Foundation statically;
# moneyfield is built as scripts/shell ships it (scripts/build-release). STATIC=0 measures the
# dynamically linked builds instead.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
flags=(-c release)
suffix=""
if [[ "${STATIC:-1}" == "1" ]]; then flags+=(--static-swift-stdlib); suffix="-static"; fi

# moneyfield as scripts/shell ships it (laid out for its start); the dynamic build plainly.
if [[ -n "$suffix" ]]; then
  "$root/scripts/build-release" --scratch-path "$root/.build-bench$suffix" >&2
else
  swift build "${flags[@]}" --package-path "$root" --scratch-path "$root/.build-bench$suffix" --product moneyfield >&2
fi
swift build "${flags[@]}" --package-path "$here" --scratch-path "$here/.build-bench$suffix" --product moneyfield-bench >&2
swift build "${flags[@]}" --package-path "$here" --scratch-path "$here/.build-bench$suffix" --product one-amount >&2
exec "$here/.build-bench$suffix/release/moneyfield-bench" \
    --moneyfield "${MONEYFIELD_BIN:-$root/.build-bench$suffix/release/moneyfield}" \
    --one-amount "$here/.build-bench$suffix/release/one-amount" "$@"

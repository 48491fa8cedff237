#!/usr/bin/env bash
# CI for the browser adapter: the smoke test, then a bounded `moneyfield check` on each example
# page with the configuration that matches its library (about 20 sessions a page). The pages'
# real behaviours disagree with moneyfield (Examples/Adapters/browser/README.md lists them), so a
# run passes when check finishes and reports, not when it finds nothing; a broken adapter, a
# hang or a crash fails. MONEYFIELD is the binary to use (default: scripts/shell's release build).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
moneyfield=${MONEYFIELD:-$repo/.build/release/moneyfield}
bash "$here/smoke.sh"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
# page | field options as new takes them
while IFS='|' read -r page options; do
  [ -n "$page" ] || continue
  echo "check: $page ($options)"
  set +e
  # shellcheck disable=SC2086
  report=$(cd "$out" && timeout 600 "$moneyfield" check --adapter "python3 $here/adapter.py $here/pages/$page.html --settle sync" \
    $options --sessions 20 --steps 20 --timeout 10 --out "$out/$page")
  code=$?
  set -e
  printf '%s\n' "$report" | sed 's/^/  /'
  if [ "$code" -gt 1 ] || ! printf '%s\n' "$report" | tail -n 1 | grep -q '^checked 20 sessions'; then
    echo "error: check on $page did not finish (exit $code)" >&2
    status=1
  elif [ -d "$out/$page" ] && ! "$moneyfield" test "$out/$page" >/dev/null; then
    echo "error: a script check wrote for $page does not replay" >&2
    status=1
  fi
done <<'PAGES'
autonumeric-whole|--locale en_US --currency USD --mode whole
autonumeric-decimal|--locale en_US --currency USD --mode whole --emptiable at-zero
meiomask-atm|--locale en_US --currency USD --mode atm --display none
PAGES
exit $status

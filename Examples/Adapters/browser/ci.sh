#!/usr/bin/env bash
# CI for the browser adapter: the smoke test, then a bounded `moneyfield check` (20 sessions of 20
# keys) on each example page with the configuration that matches its library: the natural-entry
# page, a page with no moneyfield tags set up from the command line (--config, --setup), and one
# page through --browser-url against a Chromium this script starts on 127.0.0.1; then the
# README's own check commands, as a reader copies them; then `check --page` from an installed copy. The pages' real
# behaviours disagree with moneyfield (Examples/Adapters/browser/README.md lists them), so a run
# passes when check checks every session and reports, not when it finds nothing; a broken
# adapter, a refused session, a hang or a crash fails. MONEYFIELD is the binary to use (default:
# scripts/shell's release build). A row whose options this moneyfield does not take yet (natural
# entry, --empty-shows) is reported as skipped.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
moneyfield=${MONEYFIELD:-$repo/.build/release/moneyfield}
bash "$here/smoke.sh"
out=$(mktemp -d)
browser_pid=""
cleanup() {
  if [ -n "$browser_pid" ]; then
    kill -KILL -- "-$browser_pid" 2>/dev/null || true
    wait "$browser_pid" 2>/dev/null || true
  fi
  rm -rf "$out"
}
trap cleanup EXIT

# A Chromium of our own for --browser-url: loopback only, a port the kernel picks (read back from
# DevToolsActivePort), its own process group so the trap ends all of it.
chromium=$(command -v chromium || echo /usr/lib/chromium/chromium)
mkdir "$out/profile"
setsid "$chromium" --headless=new --no-sandbox --disable-gpu --remote-debugging-address=127.0.0.1 \
  --remote-debugging-port=0 --user-data-dir="$out/profile" --no-first-run --disable-extensions \
  --disable-background-networking --disable-sync --disable-frame-rate-limit about:blank \
  >/dev/null 2>"$out/chromium.log" &
browser_pid=$!
for _ in $(seq 150); do
  [ -s "$out/profile/DevToolsActivePort" ] && break
  sleep 0.1
done
port=$(head -n 1 "$out/profile/DevToolsActivePort" 2>/dev/null || true)
if [ -z "$port" ]; then
  echo "error: the Chromium for --browser-url did not start:" >&2
  tail -n 5 "$out/chromium.log" >&2
  exit 1
fi

help=$("$moneyfield" check --help)
status=0
# name | adapter arguments (page first) | field options as check takes them
while IFS='|' read -r name arguments options; do
  [ -n "$name" ] || continue
  arguments=${arguments//@here/$here}
  arguments=${arguments//@port/$port}
  missing=""
  for option in --empty-shows; do
    case "$options" in *"$option"*) grep -q -- "$option" <<< "$help" || missing=$option ;; esac
  done
  echo "check: $name ($options)"
  if [ -n "$missing" ]; then
    echo "  skipped: this moneyfield has no $missing"
    continue
  fi
  set +e
  # shellcheck disable=SC2086
  report=$(cd "$out" && timeout 600 "$moneyfield" check --adapter "python3 $here/adapter.py $arguments --settle sync" \
    $options --sessions 20 --steps 20 --timeout 10 --out "$out/$name" 2>&1)
  code=$?
  set -e
  printf '%s\n' "$report" | sed 's/^/  /'
  last=$(printf '%s\n' "$report" | tail -n 1)
  if [ "$code" -eq 2 ] && grep -q "natural cannot be checked" <<< "$report"; then
    echo "  skipped: this moneyfield cannot check natural entry yet"
  elif [ "$code" -gt 1 ] || ! grep -Eq '^checked (20|20 of 20) sessions' <<< "$last" || grep -q unsupported <<< "$last"; then
    echo "error: check on $name did not check every session (exit $code)" >&2
    status=1
  elif compgen -G "$out/$name/*.session" >/dev/null && ! "$moneyfield" test "$out/$name" >/dev/null; then
    echo "error: a script check wrote for $name does not replay" >&2
    status=1
  fi
done <<'PAGES'
autonumeric-whole|@here/pages/autonumeric-whole.html|--locale en_US --currency USD --mode whole
autonumeric-decimal|@here/pages/autonumeric-decimal.html|--locale en_US --currency USD --mode whole --emptiable last-digit --empty-shows symbol-when-focused
autonumeric-natural|@here/pages/autonumeric-decimal.html|--locale en_US --currency USD --mode natural --max-digits 11 --starts-empty --emptiable last-digit --empty-shows symbol-when-focused --point-again ignore
meiomask-atm|@here/pages/meiomask-atm.html|--locale en_US --currency USD --mode atm --display none
donate-unchanged|@here/pages/unchanged/donate.html --selector '#gift' --config @here/pages/unchanged/donate.config.json --setup @here/pages/unchanged/donate.setup.js|--locale en_US --currency USD --mode whole
whole-browser-url|@here/pages/autonumeric-whole.html --browser-url http://127.0.0.1:@port|--locale en_US --currency USD --mode whole
PAGES

# The README's own commands, run as a newcomer copies them (from the repository's root, the
# `moneyfield` in them this binary, each bounded to 4 sessions of 5 keys): each must check every
# session it plays. A page that no longer models what a command asks fails here, not for a reader.
readme_check() {
  local report code
  set +e
  report=$(timeout 300 "$moneyfield" "$@" --sessions 4 --steps 5 --timeout 10 --out "$(mktemp -d -p "$out")/run" 2>&1)
  code=$?
  set -e
  local page=${3#*/pages/}
  echo "README: ${page%% *} → $(tail -n 1 <<< "$report")"
  if [ "$code" -gt 1 ] || ! grep -Eq '^checked 4 of 4 sessions' <<< "$(tail -n 1 <<< "$report")"; then
    echo "error: the README's \`moneyfield $*\` did not check every session (exit $code):" >&2
    tail -n 3 <<< "$report" >&2
    status=1
  fi
}
moneyfield() { readme_check "$@"; }
readme_commands=$(sed -n '/^a="python3 Examples/,/^$/p' "$here/README.md")
if [ "$(grep -c '^moneyfield check' <<< "$readme_commands")" -lt 5 ]; then
  echo "error: Examples/Adapters/browser/README.md's block of check commands was not found" >&2
  status=1
fi
pushd "$repo" >/dev/null
eval "$readme_commands"
popd >/dev/null
unset -f moneyfield

# `check --page` from an installed copy, in a folder with no repository: scripts/install to a
# temporary prefix, pages copied out (one named with a space and a quote), the adapter the one the
# install put under PREFIX/share/moneyfield/browser (MONEYFIELD_BROWSER_ADAPTER unset), no stored
# configuration ($XDG_STATE_HOME empty). Each must check all 3 sessions.
"$repo/scripts/install" "$out/prefix" >/dev/null
mkdir "$out/elsewhere" "$out/state"
cp "$here/pages/autonumeric-whole.html" "$out/elsewhere/my page's.html"
cp "$here/pages/unchanged/donate.html" "$here/pages/unchanged/donate.config.json" "$here/pages/unchanged/donate.setup.js" "$out/elsewhere/"
installed_check() {
  local report code
  set +e
  report=$(cd "$out/elsewhere" && env -u MONEYFIELD_BROWSER_ADAPTER XDG_STATE_HOME="$out/state" timeout 300 \
    "$out/prefix/bin/moneyfield" check "$@" --settle sync --sessions 3 --steps 5 --timeout 10 --out "$(mktemp -d -p "$out")/run" 2>&1)
  code=$?
  set -e
  echo "installed: check $* → $(tail -n 1 <<< "$report")"
  if [ "$code" -gt 1 ] || ! grep -Eq '^checked 3 of 3 sessions' <<< "$(tail -n 1 <<< "$report")"; then
    echo "error: the installed moneyfield's check $* did not check every session (exit $code):" >&2
    tail -n 5 <<< "$report" >&2
    status=1
  fi
}
installed_check --page "my page's.html" --selector '#amount' --locale en_US --currency USD --mode whole
# A page as a team has it, its field from a hand-written configuration: no field option given.
installed_check --page donate.html --selector '#gift' --page-config donate.config.json --setup donate.setup.js
# `fit --page`, then `check --fit --page`, from the installed copy: the whole-dollar page fits as
# the guide's own line for it (--mode whole), and check then checks with what was fitted.
fitted=$(cd "$out/elsewhere" && env -u MONEYFIELD_BROWSER_ADAPTER XDG_STATE_HOME="$out/state" timeout 300 \
  "$out/prefix/bin/moneyfield" fit --page "my page's.html" --selector '#amount' --locale en_US --currency USD \
  --settle sync --sessions 10 --steps 10 --timeout 10 2>&1) || true
echo "installed: fit --page → $(head -n 2 <<< "$fitted" | tr '\n' ' ')"
if ! grep -qx -- '--mode whole' <<< "$fitted"; then
  echo "error: the installed moneyfield's fit --page did not fit the whole-dollar page as --mode whole:" >&2
  tail -n 5 <<< "$fitted" >&2
  status=1
fi
set +e
report=$(cd "$out/elsewhere" && env -u MONEYFIELD_BROWSER_ADAPTER XDG_STATE_HOME="$out/state" timeout 300 \
  "$out/prefix/bin/moneyfield" check --fit --page "my page's.html" --selector '#amount' --locale en_US --currency USD \
  --settle sync --sessions 3 --steps 5 --timeout 10 --out "$(mktemp -d -p "$out")/run" 2>&1)
code=$?
set -e
echo "installed: check --fit --page → $(head -n 1 <<< "$report") … $(tail -n 1 <<< "$report")"
if [ "$code" -gt 1 ] || ! grep -q '^fitted: --mode whole' <<< "$report" || ! grep -Eq '^checked 3 of 3 sessions' <<< "$(tail -n 1 <<< "$report")"; then
  echo "error: the installed moneyfield's check --fit --page did not fit and check every session (exit $code):" >&2
  tail -n 5 <<< "$report" >&2
  status=1
fi
# The installed adapter under fit (--as-is): a `new` the page does not model (natural entry,
# padding while typing, on a whole-dollar page) is answered with the page as it is, and a digit shows.
as_is=$(cd "$out/elsewhere" && printf '%s\n' \
  '{"op":"new","locale":"en_US","currency":"USD","mode":"natural","fractionDigits":2,"maxDigits":12,"allowNegative":false,"whileTyping":"pad"}' \
  '{"op":"key","key":"7","id":1}' '{"op":"quit"}' \
  | timeout 60 python3 "$out/prefix/share/moneyfield/browser/adapter.py" "my page's.html" --selector '#amount' --settle sync --as-is 2>&1) || true
echo "installed: adapter.py --as-is → $(tr '\n' ' ' <<< "$as_is")"
if grep -q unsupported <<< "$as_is" || ! grep -q '"display": "\$7"' <<< "$as_is"; then
  echo "error: the installed adapter with --as-is did not answer a new the page does not model with the page as it is" >&2
  status=1
fi
exit $status

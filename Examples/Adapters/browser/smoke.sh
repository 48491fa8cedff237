#!/usr/bin/env bash
# Smoke test of the browser adapter: each example page (and its natural entry, and a page with
# no moneyfield tags set up from the command line) gets a `new`, a few keys, a refused `new` and `quit`
# on stdin; every reply must be one JSON object with a "display" string, and the typed digits
# 1 2 3 must show up in the display (proof that real key events reach the page); a tap after
# the keys (check's optional request) is answered with a caret.
#
# Installs nothing. Needs these Debian packages (also in apt-packages.txt):
#   chromium chromium-headless-shell libjs-jquery libjs-autonumeric libjs-jquery-meiomask
#   (apt-get install -y $(cat Examples/Adapters/browser/apt-packages.txt))
# Exit status: 0 all pages answered, 1 otherwise.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

missing=()
for file in /usr/share/javascript/jquery/jquery.js /usr/share/javascript/autonumeric/autoNumeric.js \
            /usr/share/javascript/jquery-meiomask/jquery.meiomask.js; do
  [ -r "$file" ] || missing+=("$file")
done
command -v chromium >/dev/null || [ -x /usr/lib/chromium/chromium ] || missing+=("chromium")
if [ ${#missing[@]} -gt 0 ]; then
  echo "smoke.sh: missing ${missing[*]}: apt-get install -y $(tr '\n' ' ' < "$here/apt-packages.txt")" >&2
  exit 1
fi

# The parts that need no browser first (configuration matching, key events, the WebSocket client).
if ! python3 "$here/test_adapter.py" 2>&1 | tail -n 3 | grep -q '^OK'; then
  python3 "$here/test_adapter.py" >&2 || true
  echo "FAIL test_adapter.py" >&2
  exit 1
fi
echo "ok   test_adapter.py"
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
status=0
# page | the new request's options after locale and currency | keys after 1 2 3
base='"locale":"en_US","currency":"USD"'
while IFS='|' read -r page options keys; do
  [ -n "$page" ] || continue
  name="$(basename "${page%% *}" .html) (${options%%,*})"
  new='{"op":"new",'$base','$options'}'
  requests=$(printf '%s\n' "$new" '{"op":"key","key":"1"}' '{"op":"key","key":"2"}' '{"op":"key","key":"3"}'
    for key in $keys; do printf '{"op":"key","key":"%s"}\n' "$key"; done
    printf '%s\n' '{"op":"tap","caret":1}' "${new/en_US\",\"currency\":\"USD/ja_JP\",\"currency\":\"JPY}" '{"op":"quit"}')
  started=$(date +%s%N)
  # shellcheck disable=SC2086
  if ! replies=$(printf '%s\n' "$requests" | timeout 60 python3 "$here/adapter.py" $page 2>"$errors"); then
    echo "FAIL $name: the adapter failed or timed out" >&2
    sed 's/^/     /' "$errors" >&2
    status=1
    continue
  fi
  elapsed_ms=$(( ($(date +%s%N) - started) / 1000000 ))
  if python3 - "$name" "$replies" "$(printf '%s\n' "$requests" | wc -l)" <<'PY'
import json, re, sys
page, replies = sys.argv[1], sys.argv[2].split("\n")
expected = int(sys.argv[3]) - 1  # one reply per request but quit
problems = []
if len(replies) != expected:
    problems.append("%d replies, expected %d" % (len(replies), expected))
parsed = []
for i, line in enumerate(replies):
    try:
        reply = json.loads(line)
    except ValueError:
        problems.append("reply %d is not JSON: %r" % (i + 1, line))
        continue
    parsed.append(reply)
    if i == expected - 1:
        if reply != {"unsupported": True}:
            problems.append("ja_JP/JPY should be unsupported, got %r" % line)
    elif i == expected - 2 and not (isinstance(reply, dict) and isinstance(reply.get("caret"), int)):
        problems.append("the tap's reply has no caret: %r" % line)
    elif not isinstance(reply, dict) or not isinstance(reply.get("display"), str):
        problems.append("reply %d has no display string: %r" % (i + 1, line))
    elif not (reply.get("caret") is None or isinstance(reply["caret"], int)):
        problems.append("reply %d has a bad caret: %r" % (i + 1, line))
if len(parsed) > 3 and isinstance(parsed[3], dict):
    digits = re.sub(r"\D", "", parsed[3].get("display", "")).lstrip("0")
    if digits != "123":
        problems.append("typing 1 2 3 shows %r" % parsed[3].get("display"))
for p in problems:
    print("FAIL %s: %s" % (page, p), file=sys.stderr)
sys.exit(1 if problems else 0)
PY
  then
    echo "ok   $name (${elapsed_ms} ms): $(printf '%s' "$replies" | sed -n 4p)"
  else
    printf '%s\n' "$replies" | sed 's/^/     /' >&2
    sed 's/^/     /' "$errors" >&2
    status=1
  fi
done <<PAGES
$here/pages/autonumeric-whole.html|"mode":"whole","fractionDigits":0,"maxDigits":12,"allowNegative":false|left bs end
$here/pages/autonumeric-decimal.html|"mode":"whole","fractionDigits":0,"maxDigits":12,"allowNegative":false,"emptiable":"last-digit","emptyShows":"symbol-when-focused"|left bs end
$here/pages/autonumeric-decimal.html|"mode":"natural","fractionDigits":2,"maxDigits":11,"allowNegative":false,"startsEmpty":true,"emptiable":"last-digit","emptyShows":"symbol-when-focused","pointAgain":"ignore"|dec 4 enter 5 bs
$here/pages/meiomask-atm.html|"mode":"atm","fractionDigits":2,"maxDigits":12,"allowNegative":false|left bs end
$here/pages/unchanged/donate.html --selector #gift --config $here/pages/unchanged/donate.config.json --setup $here/pages/unchanged/donate.setup.js|"mode":"whole","fractionDigits":0,"maxDigits":12,"allowNegative":false|left bs end
PAGES
exit $status

#!/usr/bin/env bash
# Smoke test of the browser adapter: each example page gets a `new`, a few keys and `quit`
# on stdin; every reply must be one JSON object with a "display" string, and the typed digits
# 1 2 3 must show up in the display (proof that real key events reach the page).
#
# Installs nothing. Needs these Debian packages (also in apt-packages.txt):
#   chromium libjs-jquery libjs-autonumeric libjs-jquery-meiomask
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

status=0
# page, mode, fraction digits
for spec in "autonumeric-whole whole 0" "autonumeric-decimal whole 0" "meiomask-atm atm 2"; do
  read -r page mode digits <<< "$spec"
  new='{"op":"new","locale":"en_US","currency":"USD","mode":"'$mode'","fractionDigits":'$digits',"maxDigits":12,"allowNegative":false}'
  requests=$(printf '%s\n' "$new" '{"op":"key","key":"1"}' '{"op":"key","key":"2"}' '{"op":"key","key":"3"}' \
    '{"op":"key","key":"left"}' '{"op":"key","key":"bs"}' '{"op":"key","key":"end"}' \
    '{"op":"new","locale":"ja_JP","currency":"JPY","mode":"'$mode'","fractionDigits":0,"maxDigits":12,"allowNegative":false}' \
    '{"op":"quit"}')
  started=$(date +%s%N)
  if ! replies=$(printf '%s\n' "$requests" | timeout 60 python3 "$here/adapter.py" "$here/pages/$page.html"); then
    echo "FAIL $page: the adapter failed or timed out" >&2
    status=1
    continue
  fi
  elapsed_ms=$(( ($(date +%s%N) - started) / 1000000 ))
  if python3 - "$page" "$replies" <<'PY'
import json, re, sys
page, replies = sys.argv[1], sys.argv[2].split("\n")
expected = 8  # one reply per request but quit
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
    echo "ok   $page (${elapsed_ms} ms): $(printf '%s' "$replies" | sed -n 4p)"
  else
    printf '%s\n' "$replies" | sed 's/^/     /' >&2
    status=1
  fi
done
exit $status

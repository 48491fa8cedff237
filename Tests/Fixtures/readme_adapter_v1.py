# The twenty-line adapter docs/check.md gave before tap existed (git show 50ddb31^:docs/check.md),
# kept as it was: it reads request["key"] for every request but new, so a request it never
# asked for (a tap) would end it. check must keep passing it unchanged (issue 51 §5, SPEC §4).
import json, sys
digits = ""
for line in sys.stdin:
    request = json.loads(line)
    if request["op"] == "quit":
        break
    if request["op"] == "new":
        digits = ""
    elif request["key"].isdigit():
        digits = (digits + request["key"]).lstrip("0")
    elif request["key"] == "bs":
        digits = digits[:-1]
    cents = int(digits or "0")
    text = "${:,}.{:02d}".format(cents // 100, cents % 100)
    print(json.dumps({"display": text, "caret": len(text)}), flush=True)

#!/usr/bin/env python3
"""A field built on Python's own number formatting ("{:,.2f}"), right as far as it goes: en_US
in US dollars, ATM and whole mode, the caret counted in digit slots as SPEC §1 says. Every
other configuration is answered {"unsupported": true}.

What `moneyfield check` finds: nothing, in the configurations it supports."""
import json
import sys

digits, caret, whole = "", 0, False  # caret: digit slots right of it


def slots():
    return max(len(digits), 1 if whole else 3)


def text():
    value = int(digits) if digits else 0
    return "${:,}".format(value) if whole else "${:,.2f}".format(value / 100) if value < 10**15 else None


def caret_offset(shown):
    """Just after the digit with `caret` slots to its right; before the first digit at the start."""
    left = slots() - caret
    if left == 0:
        return 1
    seen = 0
    for offset, ch in enumerate(shown):
        if ch.isdigit():
            seen += 1
            if seen == left:
                return offset + 1
    return len(shown)


for line in sys.stdin:
    request = json.loads(line)
    if request["op"] == "quit":
        break
    rejected = False
    if request["op"] == "new":
        if request["locale"] != "en_US" or request["currency"] != "USD" or request["maxDigits"] != 12:
            print(json.dumps({"unsupported": True}), flush=True)
            continue
        whole, digits, caret = request["mode"] == "whole", "", 0
    elif request["op"] == "key":
        key, n = request["key"], slots()
        padded = digits.rjust(n, "0")
        at = n - caret
        new = None
        if key.isdigit():
            new = (padded[:at] + key + padded[at:]).lstrip("0")
        elif key == "bs":
            if at == 0 or (padded[:at - 1] + padded[at:]).lstrip("0") == digits:
                rejected = True
            else:
                new = (padded[:at - 1] + padded[at:]).lstrip("0")
        elif key == "del":
            if caret == 0:
                rejected = True
            else:
                new = (padded[:at] + padded[at + 1:]).lstrip("0")
                caret -= 1
        elif key == "left":
            rejected = caret == n
            caret = min(caret + 1, n)
        elif key == "right":
            rejected = caret == 0
            caret = max(caret - 1, 0)
        elif key == "home":
            caret = n
        elif key == "end":
            caret = 0
        if new is not None:
            if len(new) > 12 and len(new) > len(digits):
                rejected = True
                if key == "del":
                    caret += 1
            else:
                digits = new
        caret = min(caret, slots())
    shown = text()
    print(json.dumps({"display": shown, "caret": caret_offset(shown), "rejected": rejected}), flush=True)

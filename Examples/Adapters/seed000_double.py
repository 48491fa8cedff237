#!/usr/bin/env python3
"""Seed 000's field: an implied decimal kept as a double, USD formatting hard-coded, at most 9
digits, no caret (digits go at the end, backspace takes the last one).

What `moneyfield check` finds: caret keys are ignored (left then a digit), every non-US locale
shows US formatting, and the 10th digit is refused where moneyfield takes 12."""
import json
import sys

digits = ""


def display():
    value = (int(digits) if digits else 0) / 100.0  # the double the seed used
    return "${:,.2f}".format(value)


for line in sys.stdin:
    request = json.loads(line)
    if request["op"] == "quit":
        break
    if request["op"] == "new":
        if request["mode"] != "atm" or request["fractionDigits"] != 2:
            print(json.dumps({"unsupported": True}), flush=True)
            continue
        digits = ""
    elif request["op"] == "key":
        key = request["key"]
        if key.isdigit() and len(digits) < 9:
            digits = (digits + key).lstrip("0")
        elif key == "bs":
            digits = digits[:-1]
    print(json.dumps({"display": display(), "caret": None}), flush=True)

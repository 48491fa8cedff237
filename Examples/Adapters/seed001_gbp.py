#!/usr/bin/env python3
"""Seed 001's field: GBP in en_GB's format, the caret restored by its distance from the end,
moved by characters (so it stops beside the separators), and the seed's open bug: backspace
with the caret right of the decimal point does nothing.

What `moneyfield check` finds: the backspace bug (1 2 3 <left> <bs>), the caret stopping on
either side of "." and ",", and other locales shown in en_GB's format."""
import json
import sys

digits = ""
from_end = 0  # UTF-16 units between the caret and the end of the display


def text():
    value = int(digits) if digits else 0
    return "£{:,}.{:02d}".format(value // 100, value % 100)


def digit_index(shown, caret):
    """How many digits stand left of the caret."""
    return sum(1 for ch in shown[:caret] if ch.isdigit())


for line in sys.stdin:
    request = json.loads(line)
    if request["op"] == "quit":
        break
    if request["op"] == "new":
        if request["mode"] != "atm" or request["fractionDigits"] != 2:
            print(json.dumps({"unsupported": True}), flush=True)
            continue
        digits, from_end = "", 0
    elif request["op"] == "key":
        key = request["key"]
        shown = text()
        caret = len(shown) - from_end
        padded = shown.replace("£", "").replace(",", "").replace(".", "")
        index = digit_index(shown, caret)
        if key.isdigit():
            padded = padded[:index] + key + padded[index:]
            digits = padded.lstrip("0")[:12]
        elif key == "bs":
            if from_end > 2 and index > 0:  # the bug: nothing right of the point
                padded = padded[:index - 1] + padded[index:]
                digits = padded.lstrip("0")
        elif key == "del":
            if index < len(padded):
                padded = padded[:index] + padded[index + 1:]
                digits = padded.lstrip("0")
                from_end = max(0, from_end - 1)
        elif key == "left":
            from_end = min(len(shown) - 1, from_end + 1)
        elif key == "right":
            from_end = max(0, from_end - 1)
        elif key == "home":
            from_end = len(shown) - 1
        elif key == "end":
            from_end = 0
        from_end = min(from_end, len(text()) - 1)
    shown = text()
    print(json.dumps({"display": shown, "caret": len(shown) - from_end}), flush=True)

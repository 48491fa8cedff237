#!/usr/bin/env python3
"""Seeds 003/004's field: whole units grouped live with "," every three digits; a caret in the
middle kept at the same distance from the *start* of the text after each reformat.

What `moneyfield check` finds: the caret jumping when a separator appears (it should stay by
its digit), and grouping that is wrong outside en_US (en_IN's lakhs, en_ZA's spaces)."""
import json
import sys

SYMBOLS = {"USD": "$", "INR": "₹", "ZAR": "R", "GBP": "£"}
digits = ""
caret = 1  # UTF-16 offset from the start
symbol = "$"


def text():
    return symbol + "{:,}".format(int(digits) if digits else 0)


for line in sys.stdin:
    request = json.loads(line)
    if request["op"] == "quit":
        break
    if request["op"] == "new":
        if request["mode"] != "whole" or request["currency"] not in SYMBOLS:
            print(json.dumps({"unsupported": True}), flush=True)
            continue
        digits, symbol = "", SYMBOLS[request["currency"]]
        caret = len(text())
    elif request["op"] == "key":
        key = request["key"]
        shown = text()
        before = sum(1 for ch in shown[:caret] if ch.isdigit())
        padded = shown[len(symbol):].replace(",", "")
        at_end = caret == len(shown)
        if key.isdigit():
            padded = padded[:before] + key + padded[before:]
            digits = padded.lstrip("0")[:12]
            # The bug: a caret in the middle keeps its distance from the start, so a new ","
            # pushes it left of its digit. At the end it stays at the end.
            caret = len(text()) if at_end else caret + 1
        elif key == "bs" and before > 0:
            padded = padded[:before - 1] + padded[before:]
            digits = padded.lstrip("0")
            caret -= 1
        elif key == "del" and before < len(padded):
            padded = padded[:before] + padded[before + 1:]
            digits = padded.lstrip("0")
        elif key == "left":
            caret -= 1
        elif key == "right":
            caret += 1
        elif key == "home":
            caret = len(symbol)
        elif key == "end":
            caret = len(text())
        caret = max(len(symbol), min(caret, len(text())))
    print(json.dumps({"display": text(), "caret": caret}), flush=True)

#!/usr/bin/env python3
"""A natural-entry field (en_US, USD), as most web money inputs work: integer digits, the
decimal key, then up to two fraction digits; the point, once typed, is text of its own and a
caret stop. One bug is planted: a backspace that empties the fraction also deletes the point
(`$1.5|` then backspace gives `$1|`, where moneyfield gives `$1.|`).

What `moneyfield check --mode natural --locale en_US` finds: that bug, as one script
(`<dec>0<bs>` or as short). It answers no `rejected`, so only displays and carets compare."""
import json
import sys

FRACTION = 2
MAX_DIGITS = 12
units = []  # digits as "0"…"9" and the point "."
right = 0   # units right of the caret


def normalized(items):
    """Leading zeros of the integer part dropped, at least one integer slot."""
    point = items.index(".") if "." in items else len(items)
    integer = "".join(items[:point]).lstrip("0") or "0"
    return list(integer) + items[point:]


def integer_digits(items):
    """The integer digits that count against the limit: 12 digits hold the fraction's 2 too."""
    point = items.index(".") if "." in items else len(items)
    return len("".join(items[:point]).lstrip("0"))


def display():
    point = units.index(".") if "." in units else len(units)
    text = "${:,}".format(int("".join(units[:point])))
    return text + "".join(units[point:])


def caret_offset(text):
    """Just after the unit glyph with `right` units to its right; before the first digit at the far left."""
    left = len(units) - right
    if left == 0:
        return 1
    seen = 0
    for offset, ch in enumerate(text):
        if ch.isdigit() or ch == ".":
            seen += 1
            if seen == left:
                return offset + 1
    return len(text)


def edit(items, caret):
    """Takes the edited units if they are a field the limits allow."""
    global units, right
    point = items.index(".") if "." in items else None
    if point is not None and len(items) - point - 1 > FRACTION:
        return
    if integer_digits(items) > MAX_DIGITS - FRACTION:
        return
    units = normalized(items)
    right = min(caret, len(units))


def press(key):
    global right
    at = len(units) - right
    if key.isdigit():
        edit(units[:at] + [key] + units[at:], right)
    elif key == "dec":
        if "." in units:
            right = len(units) - units.index(".") - 1
        elif right <= FRACTION:
            edit(units[:at] + ["."] + units[at:], right)
    elif key == "bs" and at > 0:
        items = units[:at - 1] + units[at:]
        # The planted bug: emptying the fraction takes the point with it.
        if items and items[-1] == "." and "." in units and units.index(".") == len(units) - 2 and at == len(units):
            items = items[:-1]
        edit(items, right)
    elif key == "del" and right > 0:
        edit(units[:at] + units[at + 1:], right - 1)
    elif key == "left":
        right = min(right + 1, len(units))
    elif key == "right":
        right = max(right - 1, 0)
    elif key == "home":
        right = len(units)
    elif key == "end":
        right = 0
    elif key == "enter":
        items = units + ([] if "." in units else ["."])
        items += ["0"] * (FRACTION - (len(items) - items.index(".") - 1))
        edit(items, 0)


for line in sys.stdin:
    request = json.loads(line)
    if request["op"] == "quit":
        break
    if request["op"] == "new":
        if (request["locale"], request["currency"], request["mode"]) != ("en_US", "USD", "natural") or len(request) != 7:
            print(json.dumps({"unsupported": True}), flush=True)
            continue
        units, right = ["0"], 0
    elif request["op"] == "tap":
        # check's optional tap (a click at a caret offset): this field has none.
        print(json.dumps({"unsupported": True}), flush=True)
        continue
    else:
        press(request["key"])
    text = display()
    print(json.dumps({"display": text, "caret": caret_offset(text)}), flush=True)

#!/usr/bin/env python3
"""Times an adapter on a fixed request stream, one request at a time as `check` sends them.

Usage: python3 measure.py [--sessions N] [--keys K] [--new JSON] [--seed S] -- ADAPTER-COMMAND...

Plays N sessions of one `new` and K keys (digits, bs, del, left, right, home, end, drawn from a
seeded generator, so every run sends the same requests) and prints sessions/s, the median and
90th percentile of a `new` and of a key, and the adapter's start (the first `new` included).
Replies are not judged: this measures the adapter, not the page.
"""
import argparse
import json
import random
import subprocess
import sys
import time

KEYS = [str(d) for d in range(10)] * 3 + ["bs", "del", "left", "right", "home", "end"]


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))] if values else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=40)
    parser.add_argument("--keys", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--new", default='{"op":"new","locale":"en_US","currency":"USD","mode":"whole",'
                                         '"fractionDigits":0,"maxDigits":12,"allowNegative":false}')
    parser.add_argument("command", nargs="+", help="the adapter, after --")
    options = parser.parse_args()
    generator = random.Random(options.seed)
    new = options.new.encode() + b"\n"
    child = subprocess.Popen(options.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask(line):
        child.stdin.write(line)
        child.stdin.flush()
        answer = child.stdout.readline()
        if not answer:
            sys.exit("measure.py: the adapter exited (status %s)" % child.wait())
        return json.loads(answer)

    started = time.monotonic()
    ask(new)
    start_seconds = time.monotonic() - started
    news, keys, unsupported = [], [], 0
    began = time.monotonic()
    for session in range(options.sessions):
        if session:
            t = time.monotonic()
            if ask(new).get("unsupported"):
                unsupported += 1
            news.append(time.monotonic() - t)
        for _ in range(options.keys):
            line = json.dumps({"op": "key", "key": generator.choice(KEYS)}).encode() + b"\n"
            t = time.monotonic()
            ask(line)
            keys.append(time.monotonic() - t)
    elapsed = time.monotonic() - began
    child.stdin.write(b'{"op":"quit"}\n')
    child.stdin.close()
    child.wait()
    print("%d sessions of %d keys in %.2f s: %.1f sessions/s; new median %.1f ms (p90 %.1f), key median %.2f ms "
          "(p90 %.2f); start and first new %.2f s%s"
          % (options.sessions, options.keys, elapsed, options.sessions / elapsed,
             1000 * percentile(news, 0.5), 1000 * percentile(news, 0.9), 1000 * percentile(keys, 0.5),
             1000 * percentile(keys, 0.9), start_seconds,
             "; %d unsupported" % unsupported if unsupported else ""))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Shares of a campaign's time by part, from a perf profile with call graphs.

    perf record --call-graph dwarf,16384 -F 4000 -o perf.data \\
        target/release/m3diff fuzz --game door --cases 20000 --seed 11 --jobs 1
    perf script -i perf.data -F comm,tid,time,ip,sym,srcline --full-source-path \\
        | python3 benches/perf_shares.py

The parts are those of `m3diff fuzz`'s time line, so that the two can be
compared. Frames are told apart by their source file, which perf gives for
inlined frames too (an engine's step inlined into the oracle is still the
engine's). A sample belongs to:
- the engine or the reference when its innermost frame in `engine/` or
  `reference/` is theirs, whoever called them (the generator's player steps
  the engine: engine time);
- else the generator when a frame of its own is on the stack (its player,
  `following.rs`, `seed.rs`, `edges.rs`, arbitrary, rand): the rules it
  reads for its player are its time;
- else the checker, which here also holds the rest of the harness: the
  oracle's record handling, the counters, the campaign, the model's types;
- else "other" (no frame of ours: the kernel, thread start).
Allocation and copies count for whoever called them.
"""

import os
import re
import sys
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATOR = re.compile(
    r"/src/(\w+/(generate|survey|completing)|following|seed|edges)\.rs:|/(arbitrary|rand|rand_core|rand_chacha)-[0-9.]+/"
)


def part(stack):
    for source in stack:
        if source.startswith(os.path.join(ROOT, "engine") + "/"):
            return "engine"
        if source.startswith(os.path.join(ROOT, "reference") + "/"):
            return "reference"
    if any(GENERATOR.search(source) for source in stack):
        return "generator"
    if any(source.startswith(ROOT + "/") for source in stack):
        return "checker"
    return "other"


def samples(lines):
    """The source files of each sample's frames, innermost first."""
    stack = []
    for line in lines:
        if not line.strip():
            if stack:
                yield stack
            stack = []
        elif line.startswith("  ") and not line.startswith("\t"):
            stack.append(line.strip())
    if stack:
        yield stack


def main():
    shares = Counter(part(stack) for stack in samples(sys.stdin))
    total = sum(shares.values())
    if total == 0:
        sys.exit("no samples with source lines on standard input: see this script's doc for the commands")
    print(f"{total} samples")
    for name in ["engine", "reference", "checker", "generator", "other"]:
        print(f"{name:10} {100 * shares[name] / total:5.1f}%")
    both = shares["engine"] + shares["reference"]
    print(f"engine + reference {100 * both / total:5.1f}%")


if __name__ == "__main__":
    main()

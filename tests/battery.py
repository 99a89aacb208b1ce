#!/usr/bin/env python3
"""A hostile user's battery (issue 55), run by hand, not by `cargo test`:
each class of run that once broke, run many times, and what each run did.

    cargo build --release && python3 tests/battery.py [target/release/m3diff [CLASS...]]

Classes:
- pipes: standard output or standard error whose reader has gone, for
  solve, check, fuzz, tests and triage. No run may panic (exit 101, or
  "panicked" said), and a run whose answer or summary was lost may not
  exit 0.
- kills: SIGKILL at a random instant during `tests --out`, a campaign with
  `--keep` (against a wrong program) and one with `--corpus`, then one
  more run in the same folders. Afterwards no hidden partial file or probe
  may stand, and no report without its case.
- replays: four-game campaigns interrupted by SIGINT at a random instant;
  the replay line must run the same cases of each game.
- against replays: `--against` campaigns on two jobs, interrupted so;
  the replay line must judge the same cases, the runs the signal ended
  skipped (`--skip-cases`).

Exit 0 when every run of every class held; each class prints its counts.
"""

import os
import random
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
M3DIFF = str(Path(sys.argv[1]).resolve()) if len(sys.argv) > 1 else str(ROOT / "target/release/m3diff")
CLASSES = sys.argv[2:]
DOOR_CASE = str(ROOT / "corpus/door/md1-further-swaps.in")
random.seed(int(os.environ.get("BATTERY_SEED", "55")))


def wrong_program(folder):
    """A program that answers every Magic Door case wrongly."""
    path = Path(folder) / "wrong"
    path.write_text("#!/bin/sh\necho 987654321\n")
    path.chmod(0o755)
    return str(path)


def run_with_a_gone_reader(args, stream, cwd):
    """Runs `args` with `stream` ("stdout" or "stderr") a pipe whose reader
    has gone, the other captured; returns (exit code, what the other said)."""
    read, write = os.pipe()
    os.close(read)
    other = subprocess.PIPE
    kwargs = {"stdout": write, "stderr": other} if stream == "stdout" else {"stdout": other, "stderr": write}
    done = subprocess.run(args, cwd=cwd, timeout=300, **kwargs)
    os.close(write)
    said = (done.stderr if stream == "stdout" else done.stdout) or b""
    return done.returncode, said.decode(errors="replace")


def pipes(repeats):
    failures, runs = [], 0
    with tempfile.TemporaryDirectory() as scratch:
        program = wrong_program(scratch)
        commands = {
            "solve": ([M3DIFF, "solve", "door", DOOR_CASE], True),
            "check": ([M3DIFF, "check", "door", DOOR_CASE, "--against", program, "--keep", f"{scratch}/keep"], True),
            "fuzz": ([M3DIFF, "fuzz", "--game", "door", "--cases", "40", "--against", program,
                      "--keep", f"{scratch}/keep"], True),
            "tests": ([M3DIFF, "tests", "door", "--seed", "1"], False),
            "triage": ([M3DIFF, "triage", f"{scratch}/log", "--corpus", f"{scratch}/corpus"], True),
        }
        Path(f"{scratch}/log").write_text("m3diff fuzz: games door\n")
        for name, (args, writes_stdout) in commands.items():
            for stream in ["stdout", "stderr"]:
                for repeat in range(repeats):
                    if name == "tests":
                        args = args[:3] + ["--out", f"{scratch}/set-{stream}-{repeat}", "--seed", "1"]
                    code, said = run_with_a_gone_reader(args, stream, scratch)
                    runs += 1
                    lost_answer = stream == "stdout" and writes_stdout
                    if code == 101 or "panicked" in said:
                        failures.append(f"{name} with {stream} gone: a panic (exit {code}): {said[-200:]}")
                    elif lost_answer and code == 0:
                        failures.append(f"{name} with {stream} gone: exit 0 with its output lost")
    return runs, failures


def hidden_debris(folder):
    return [p for p in Path(folder).rglob(".*") if ".partial" in p.name or p.name.startswith(".m3diff-probe-")]


def lone_reports(folder):
    return [p for p in Path(folder).rglob("*.txt")
            if p.parent.name not in ("timing",) and p.name != "README.txt" and not p.with_suffix(".in").exists()]


def kills(count):
    failures, runs = [], 0
    with tempfile.TemporaryDirectory() as scratch:
        program = wrong_program(scratch)
        kinds = {
            "tests --out": lambda: [M3DIFF, "tests", "door", "--out", f"{scratch}/sets/set", "--seed", "1"],
            "fuzz --keep": lambda: [M3DIFF, "fuzz", "--game", "door", "--time", "10s", "--against", program,
                                    "--keep", f"{scratch}/keep"],
            "fuzz --corpus": lambda: [M3DIFF, "fuzz", "--game", "door,triple", "--time", "10s",
                                      "--corpus", f"{scratch}/corpus"],
        }
        for n in range(count):
            kind = list(kinds)[n % len(kinds)]
            if kind == "tests --out":
                subprocess.run(["rm", "-rf", f"{scratch}/sets/set"])
                os.makedirs(f"{scratch}/sets", exist_ok=True)
            child = subprocess.Popen(kinds[kind](), cwd=scratch, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
            time.sleep(random.uniform(0.01, 1.5))
            child.send_signal(signal.SIGKILL)
            child.wait()
            runs += 1
        left = sum(len(hidden_debris(f"{scratch}/{folder}")) for folder in ["sets", "keep", "corpus"])
        kept = len(list(Path(scratch).rglob("*.in")))
        print(f"  the kills left {left} hidden partial files and probes, beside {kept} cases")
        # One more run in each folder, to its end.
        subprocess.run(["rm", "-rf", f"{scratch}/sets/set"])
        for kind, args in kinds.items():
            finishing = [a if a != "10s" else "1s" for a in args()]
            subprocess.run(finishing, cwd=scratch, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for folder in ["sets", "keep", "corpus"]:
            for left in hidden_debris(f"{scratch}/{folder}"):
                failures.append(f"after the last run: {left} stands")
            for alone in lone_reports(f"{scratch}/{folder}"):
                failures.append(f"after the last run: {alone} stands without its case")
    return runs, failures


def per_game(summary):
    return sorted(re.findall(r"^(texas|square|door|triple): (\d+) cases", summary, re.MULTILINE))


def interrupted_and_replayed(count, campaign, counts, expected):
    """Runs `campaign(n, scratch)` (its words) `count` times, each stopped
    by SIGINT at a random instant, then the replay line it printed; the
    replay must give the same `counts` of its summary, `expected` of them."""
    failures, runs = [], 0
    env = dict(os.environ, PATH=f"{Path(M3DIFF).parent}:{os.environ['PATH']}")
    with tempfile.TemporaryDirectory() as scratch:
        for n in range(count):
            child = subprocess.Popen(campaign(n, scratch), cwd=scratch, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, env=env)
            time.sleep(random.uniform(0.05, 2.0))
            child.send_signal(signal.SIGINT)
            out, _ = child.communicate(timeout=120)
            summary = out.decode()
            runs += 1
            replay = [line[len("replay: "):] for line in summary.splitlines() if line.startswith("replay: ")]
            if not replay:
                failures.append(f"campaign {n}: no replay line:\n{summary[-300:]}")
                continue
            words = shlex.split(replay[-1])
            again = subprocess.run([M3DIFF] + words[words.index("fuzz"):], cwd=scratch, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, env=env)
            if len(counts(summary)) != expected:
                failures.append(f"campaign {n}: not {expected} counts in its summary:\n{summary[-300:]}")
            elif counts(again.stdout.decode()) != counts(summary):
                failures.append(f"campaign {n}: ran {counts(summary)}, its replay {counts(again.stdout.decode())}")
    return runs, failures


def replays(count):
    def campaign(n, scratch):
        return [M3DIFF, "fuzz", "--game", "texas,square,door,triple", "--time", "1m", "--jobs", "2",
                "--seed", str(n), "--corpus", f"{scratch}/corpus"]
    return interrupted_and_replayed(count, campaign, per_game, 4)


def judged(summary):
    """What an --against summary says was judged: the cases that reached
    the program, and the games and operations of the coverage counts."""
    reached = re.findall(r"^door: against .*: (\d+) cases reached the program", summary, re.MULTILINE)
    return reached + re.findall(r"^(\d+ games, \d+ operations)$", summary, re.MULTILINE)


def against_replays(count):
    def campaign(n, scratch):
        return [M3DIFF, "fuzz", "--game", "door", "--time", "1m", "--jobs", "2", "--seed", str(n),
                "--size", "max", "--against", f"{M3DIFF} solve door -", "--keep", f"{scratch}/keep"]
    return interrupted_and_replayed(count, campaign, judged, 2)


def main():
    held = True
    classes = [("pipes", pipes, 4), ("kills", kills, 40), ("replays", replays, 20),
               ("against replays", against_replays, 20)]
    for name, battery, size in [c for c in classes if not CLASSES or c[0] in CLASSES]:
        started = time.time()
        runs, failures = battery(size)
        held &= not failures
        print(f"{name}: {runs} runs, {len(failures)} broke ({time.time() - started:.0f} s)")
        for failure in failures:
            print(f"  {failure}")
    sys.exit(0 if held else 1)


if __name__ == "__main__":
    main()

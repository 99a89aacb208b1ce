#!/usr/bin/env bash
# Builds every cargo-fuzz target for ClusterFuzzLite (and for OSS-Fuzz, which
# runs this through fuzz/oss-fuzz-build.sh) and puts beside each binary in
# $OUT what ClusterFuzz reads by name: TARGET_seed_corpus.zip (corpus/ as
# `m3diff corpus export` writes it for that target), TARGET.options and, for
# the games that have one in fuzz/dict/, TARGET.dict.
#
# Run from the root of the checkout (the Dockerfile's WORKDIR). The base image
# (gcr.io/oss-fuzz-base/base-builder-rust) sets everything it reads; run by
# hand, as tests/clusterfuzzlite.rs does without Docker, set at least OUT:
#   OUT        where the fuzzers go (created if missing)
#   WORK       scratch space (default: a temporary folder)
#   SANITIZER  address (the image's default; cargo fuzz needs nightly for it),
#              none (builds on stable, `--sanitizer none`: how CI builds the targets)
#              or coverage (the image's cargo wrapper turns the build into a
#              coverage build, whatever sanitizer is asked)
#   M3DIFF     an m3diff binary for `corpus export` (default: built here)
#   M3DIFF_FUZZ_TARGETS  the targets to put in $OUT, separated by spaces
#              (default: every target of `cargo fuzz list`); each must exist
# The image also puts the sanitizer's flags in RUSTFLAGS, which cargo fuzz
# adds to its own, and may set CARGO_BUILD_TARGET (default: the host).
set -euo pipefail

fail() {
    echo "build.sh: $*" >&2
    exit 1
}

[ -f fuzz/Cargo.toml ] || fail "run me from the root of the m3diff checkout (found no fuzz/Cargo.toml in $PWD)"
[ -n "${OUT:-}" ] || fail "OUT is not set: name the folder the fuzzers go to"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
WORK=${WORK:-$(mktemp -d)}
mkdir -p "$WORK"

case "${SANITIZER:-address}" in
    address) sanitizer=address ;;
    none | coverage) sanitizer=none ;;
    *) fail "SANITIZER=$SANITIZER: project.yaml asks for address only (none and coverage also build)" ;;
esac
triple=${CARGO_BUILD_TARGET:-$(rustc -vV | sed -n 's/^host: //p')}

all=$(cargo fuzz list)
targets=${M3DIFF_FUZZ_TARGETS:-$all}
for target in $targets; do
    grep -qx "$target" <<<"$all" || fail "$target is not a target of fuzz/Cargo.toml (targets: $(tr '\n' ' ' <<<"$all"))"
done

# Comparison tracing, cargo fuzz's default, lets libFuzzer get past a
# parser's checks: the _parse targets keep it. A _diff target's input is
# draws of the generator, which it does not help with, and its hooks cost
# three quarters of the target's time, most of it in the reference's scans
# (fuzz/README.md, "Speed"). Cargo keeps the two builds apart, so after
# the first build of each, building one target again is quick.
build_flags() {
    case $1 in
        *_diff) echo --no-trace-compares ;;
    esac
}
for target in $targets; do
    # shellcheck disable=SC2046 # no flag, or one word
    cargo fuzz build -O --debug-assertions --sanitizer "$sanitizer" --target "$triple" $(build_flags "$target") "$target"
done
built=fuzz/target/$triple/release

if [ -z "${M3DIFF:-}" ]; then
    # A tool that only writes files: built without the sanitizer and coverage
    # flags the image puts in RUSTFLAGS.
    RUSTFLAGS="" cargo build --release --locked --bin m3diff
    M3DIFF=$PWD/target/release/m3diff
fi
seeds=$WORK/seeds
rm -rf "$seeds"
"$M3DIFF" corpus export "$seeds" --corpus corpus

# The options ClusterFuzz runs each target with (fuzz/README.md has the
# figures). max_len: libFuzzer cuts longer inputs, seeds included, to it.
# The games the texas and door generators drew from 1000 random inputs at
# their default (mixed) size used at most 3.3 KB of them (triple's 2.9 KB
# for 99 in 100, 5.1 KB at most: a cut input makes a shorter game); square's draws its
# moves from the input while it lasts, then from a generator the input seeds,
# so a short input still makes a long game. 4096 also holds every corpus
# file as text but square's ten contest examples (60 KB, 10,000 moves), which
# left to themselves set libFuzzer's max_len to 67,606 and made square_parse
# 29 times slower than with 8192, which it gets: the 4.2 KB of text of a
# 64x64 board (the format's largest) and its first moves.
max_len() {
    case $1 in
        square_parse) echo 8192 ;;
        *) echo 4096 ;;
    esac
}
# The slowest legitimate inputs of 4096 bytes, 10,000-move square games, run
# 0.2 s without ASan; 10 s leaves room for ASan and a slow machine and still
# catches an endless cascade quickly.
timeout=10
# One execution takes from microseconds (one operation on a small board) to
# 0.2 s (a 10,000-move game): by default libFuzzer spends most of its time
# mutating the slow inputs again. Weighing inputs by their speed gave the
# `_diff` targets 2.5 to 6 times the executions and more coverage.
options() {
    printf '[libfuzzer]\nmax_len = %s\ntimeout = %s\nentropic_scale_per_exec_time = 1\n' "$(max_len "$1")" "$timeout"
}

for target in $targets; do
    [ -x "$built/$target" ] || fail "cargo fuzz built no $built/$target (is CARGO_TARGET_DIR set?)"
    cp "$built/$target" "$OUT/"

    [ -d "$seeds/$target" ] && [ -n "$(ls -A "$seeds/$target")" ] ||
        fail "m3diff corpus export wrote no seeds for $target (is its game in the registry, with a corpus/ folder?)"
    rm -f "$OUT/${target}_seed_corpus.zip"
    zip -q -j -X "$OUT/${target}_seed_corpus.zip" "$seeds/$target"/*

    options "$target" >"$OUT/$target.options"

    dictionary=fuzz/dict/${target%_*}.dict
    if [ -f "$dictionary" ]; then
        cp "$dictionary" "$OUT/$target.dict"
    fi
done
echo "build.sh: $(wc -w <<<"$targets") targets in $OUT"

#!/usr/bin/env bash
# OSS-Fuzz's build of m3diff: projects/m3diff/build.sh in google/oss-fuzz
# runs this file from the clone ($SRC/m3diff/fuzz/oss-fuzz-build.sh). It is
# .clusterfuzzlite/build.sh with the targets named here.
#
# The list is explicit, unlike ClusterFuzzLite's, because OSS-Fuzz keys each
# target's corpus, statistics and filed bugs by its name and builds from a
# script in another repository, on a schedule nobody here watches: a target
# renamed or dropped from fuzz/Cargo.toml would silently orphan all of that.
# Here such a change is an edit of this list, which build.sh checks against
# `cargo fuzz list` (a name it does not build fails the build), and
# tests/clusterfuzzlite.rs fails while a target of fuzz/Cargo.toml is missing
# from it. A new game's two targets are two lines below.
set -euo pipefail

targets=(
    texas_diff
    texas_parse
    square_diff
    square_parse
    door_diff
    door_parse
    triple_diff
    triple_parse
)

cd "$(dirname "${BASH_SOURCE[0]}")/.."
M3DIFF_FUZZ_TARGETS="${targets[*]}" exec bash .clusterfuzzlite/build.sh

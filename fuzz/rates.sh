#!/usr/bin/env bash
# The night's speed against m3diff's own: for each game, its _diff target
# under libFuzzer and `m3diff fuzz --game GAME --jobs 1`, side by side for
# the same time, one core each, and both rates. A benchmark, not a test:
# fuzz/README.md ("Speed") gives its figures.
#
# The target is what ClusterFuzzLite runs: built by .clusterfuzzlite/build.sh
# (SANITIZER=none), run with the options and dictionary it ships, one
# process, from the seeds it zips (`m3diff corpus export`: the corpus and
# one input for each of the generator's edge games).
#
#   bash fuzz/rates.sh [GAME...]      every game when none is named
#   SECONDS_EACH=60                   how long each side runs
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds=${SECONDS_EACH:-60}
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(texas square door triple)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cargo build --release --locked --bin m3diff
targets=$(printf '%s_diff ' "${games[@]}")
OUT=$work/out WORK=$work/build SANITIZER=none M3DIFF=$PWD/target/release/m3diff M3DIFF_FUZZ_TARGETS=$targets \
    bash .clusterfuzzlite/build.sh

# One core each when there are two; one after the other otherwise.
if [ "$(nproc)" -ge 2 ]; then
    fuzzer_core=(taskset -c 0) campaign_core=(taskset -c 1)
else
    fuzzer_core=() campaign_core=()
fi

printf '%-8s %18s %22s %7s\n' game "libFuzzer exec/s" "m3diff fuzz cases/s" ratio
for game in "${games[@]}"; do
    target=${game}_diff
    corpus=$work/corpus/$target
    mkdir -p "$corpus"
    unzip -q "$work/out/${target}_seed_corpus.zip" -d "$corpus"
    options=()
    while read -r line; do options+=("$line"); done < <(sed -n 's/^\([a-z_]*\) = \(.*\)$/-\1=\2/p' "$work/out/$target.options")
    [ -f "$work/out/$target.dict" ] && options+=("-dict=$work/out/$target.dict")

    "${fuzzer_core[@]}" "$work/out/$target" "${options[@]}" -max_total_time="$seconds" -print_final_stats=1 \
        -artifact_prefix="$work/artifacts-" "$corpus" >"$work/$target.log" 2>&1 &
    fuzzer=$!
    [ ${#fuzzer_core[@]} -gt 0 ] || wait "$fuzzer"
    "${campaign_core[@]}" target/release/m3diff fuzz --game "$game" --jobs 1 --time "${seconds}s" \
        --corpus "$work/campaign" --json "$work/$game.json" >"$work/$game.log" 2>&1 || true
    wait "$fuzzer" || true

    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$target.log")
    cases=$(sed -n 's/^time: \([0-9]*\) cases in .*/\1/p' "$work/$game.log")
    if [ -z "$execs" ] || [ -z "$cases" ]; then
        echo "$game: a side gave no count; the end of its logs:" >&2
        tail -5 "$work/$target.log" "$work/$game.log" >&2
        exit 1
    fi
    fuzz_rate=$((execs / seconds)) campaign_rate=$((cases / seconds))
    printf '%-8s %18s %22s %7s\n' "$game" "$fuzz_rate" "$campaign_rate" \
        "$(awk -v a="$fuzz_rate" -v b="$campaign_rate" 'BEGIN { printf "%.2f", a / b }')"
done

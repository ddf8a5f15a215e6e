#!/bin/sh
# Writes core/tests/data/booksim_randperm.txt: BookSim2's random permutations for a few
# (seed, nodes) pairs, printed by scripts/booksim/randperm.cpp built with g++ against
# BookSim2's own traffic.cpp, random_utils.cpp and Knuth's rng.c (through rng_wrapper.cpp),
# and the configuration parser traffic.cpp links. The Rust test core/tests/booksim_randperm.rs
# asserts that icnplay's randperm(SEED) gives the same permutations.
#
# Usage: scripts/booksim/randperm.sh [BOOKSIM_SRC]   (default /work/booksim/src)
set -eu
B=${1:-/work/booksim/src}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT="$ROOT/core/tests/data/booksim_randperm.txt"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
INC="-I$B -I$B/arbiters -I$B/allocators -I$B/routers -I$B/networks -I$B/power"
# The parser's generated C files are C (BookSim2's Makefile compiles them with $(CC)).
gcc -c -I"$B" "$B/y.tab.c" -o "$TMP/y.tab.o"
gcc -c -I"$B" "$B/lex.yy.c" -o "$TMP/lex.yy.o"
# shellcheck disable=SC2086
g++ -O1 -w $INC "$HERE/randperm.cpp" "$B/traffic.cpp" "$B/random_utils.cpp" \
    "$B/rng_wrapper.cpp" "$B/rng_double_wrapper.cpp" "$B/config_utils.cpp" \
    "$TMP/y.tab.o" "$TMP/lex.yy.o" -o "$TMP/randperm"
COMMIT=$(git -C "$B/.." log -1 --format=%H 2>/dev/null || echo unknown)
PAIRS=""
for seed in 0 1 7 18935 2147483647; do
    for nodes in 1 2 16 64 100 343 1000; do
        PAIRS="$PAIRS $seed $nodes"
    done
done
{
    echo "# BookSim2 $COMMIT (github.com/booksim/booksim2): RandomPermutationTrafficPattern"
    echo "# printed by scripts/booksim/randperm.sh; each line SEED NODES: source i's destination, i = 0, 1, ..."
    # shellcheck disable=SC2086
    "$TMP/randperm" $PAIRS
} > "$OUT"
echo "wrote $OUT"

#!/usr/bin/env bash
# Runs every cargo-fuzz target in fuzz/ (core's parsers and icn's command line) for SECONDS each and reports, per target, the
# executions, the corpus size and the findings (files libFuzzer wrote to
# fuzz/artifacts/<target>/). Exit status 1 when anything was found.
#
#   scripts/fuzz.sh SECONDS      (make fuzz: 600 s per target; make test's smoke run: 12 s)
#
# The machine has only the stable toolchain: cargo-fuzz's -Z flags are accepted with
# RUSTC_BOOTSTRAP=1, and `--sanitizer none` skips AddressSanitizer (icn-core has no unsafe
# code; the fuzz profile keeps overflow checks and debug assertions on instead). Seeds: every
# family's example spec and addresses, read from the live list (`icn families`), so a new
# family is fuzzed from its first commit. Inputs that once failed are kept in
# fuzz/regressions/<target>/ and run first, every time.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds=${1:?usage: scripts/fuzz.sh SECONDS}
export RUSTC_BOOTSTRAP=1
fuzz=(cargo fuzz)
flags=(--fuzz-dir fuzz --sanitizer none)

"${fuzz[@]}" build "${flags[@]}" >/dev/null 2>fuzz/build.log || { cat fuzz/build.log >&2; exit 1; }

# Seeds from the live family list.
seeds=fuzz/target/seeds
rm -rf "$seeds"
mkdir -p "$seeds/spec" "$seeds/params" "$seeds/address" "$seeds/graph" "$seeds/cli"
# Command lines for the cli target: arguments separated by NUL bytes.
i=0
for line in 'route hypercube:n=4 0000 1111 --limit 3' 'info lens:p=4,q=4,n=3 --force' \
  'export d3:k=3,m=4 --format anynet' 'simulate hypercube:n=4 --loads 0.1,0.2 --ticks 100' \
  'chart hc-sim -t hypercube:n=3 --seed 2' 'schedule d3:k=3,m=4 broadcast --root (0,0,1) --count 2' \
  'papers --item kyklos-spans --format json' 'walkthrough lens:p=4,q=4,n=3 02.1 1.20 -c class1:2' \
  'loads hypercube:n=4 --routing ecube,greedy --per-link' 'table d3-subnetwork --kappa 1,2,5 --m 3'; do
  printf '%s' "$line" | tr ' ' '\0' >"$seeds/cli/$i"
  i=$((i + 1))
done
printf '# a ring\na b\nb c\nc a\n' >"$seeds/graph/edges"
printf 'router 0 node 0 node 1 router 1 5\nrouter 1 node 2 node 3\n' >"$seeds/graph/anynet"
printf 'router 0 node 0 router 2\nrouter 1 node 1 node 2 router 2\n' >"$seeds/graph/uneven"
cargo run --quiet -p icn-cli -- families | node -e '
  const fs = require("fs"), dir = process.argv[1];
  const families = JSON.parse(fs.readFileSync(0, "utf8"));
  families.forEach((f, i) => {
    fs.writeFileSync(`${dir}/spec/${f.name}`, f.example);
    const [a, b] = f.example_route;
    for (const [j, addr] of [a, b].entries()) {
      fs.writeFileSync(`${dir}/address/${f.name}-${j}`, Buffer.concat([Buffer.from([i]), Buffer.from(addr)]));
    }
    fs.writeFileSync(`${dir}/params/${f.name}`, Buffer.from([i, 1, 0, 4, 1, 0, 2, 1, 0, 3, 1]));
  });
' "$seeds"

status=0
printf '%-10s %12s %8s %s\n' target executions corpus findings
for target in $("${fuzz[@]}" list --fuzz-dir fuzz); do
  corpus=fuzz/corpus/$target
  artifacts=fuzz/artifacts/$target
  mkdir -p "$corpus" "$artifacts"
  log=fuzz/target/$target.log
  # -rss_limit_mb: an input that makes the engine allocate beyond 1 GiB is a finding.
  regressions=()
  [ -d "fuzz/regressions/$target" ] && regressions=("fuzz/regressions/$target")
  "${fuzz[@]}" run "${flags[@]}" "$target" "$corpus" "$seeds/$target" "${regressions[@]}" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=1024 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" >"$log" 2>&1 || true
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)
  found=$(find "$artifacts" -type f | wc -l)
  printf '%-10s %12s %8s %s\n' "$target" "${runs:-?}" "$(find "$corpus" -type f | wc -l)" "$found"
  if [ -z "$runs" ] || [ "$found" -gt 0 ]; then
    status=1
    tail -n 30 "$log" >&2
    find "$artifacts" -type f -printf '  finding: %p\n' >&2
  fi
done
exit "$status"

#!/usr/bin/env bash
# Runs every cargo-fuzz target in fuzz/ (core's parsers, icn's command line, BookSim2 files, the page's address) for SECONDS each and reports, per target, the
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
mkdir -p "$seeds/spec" "$seeds/params" "$seeds/address" "$seeds/graph" "$seeds/cli" \
  "$seeds/booksim" "$seeds/traffic" "$seeds/query"
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
# BookSim2 configurations (each of its own topologies; anynet's network file after a NUL).
i=0
for text in 'topology = mesh; k = 4; n = 2; routing_function = dim_order; num_vcs = 2; injection_rate = 0.1;' \
  'topology = torus; k = 4; n = 2; routing_function = dim_order; traffic = transpose; vc_allocator = islip; alloc_iters = 2;' \
  'topology = dragonflynew; k = 2; n = 1; routing_function = min; packet_size = 4; injection_rate = 0.02;' \
  'topology = fattree; k = 2; n = 3; routing_function = nca; sim_type = batch; batch_size = 10;' \
  'topology = cmesh; k = 2; n = 2; c = 4; x = 2; y = 2; xr = 2; yr = 2; routing_function = dor_no_express; use_noc_latency = 1;' \
  'topology = flatfly; k = 4; n = 2; c = 4; x = 4; y = 4; xr = 1; yr = 1; routing_function = ran_min; traffic = randperm; perm_seed = 3;' \
  'topology = fly; k = 2; n = 3; routing_function = dest_tag; traffic = bitrev; injection_rate = {0.1, 0.2};'; do
  printf '%s' "$text" >"$seeds/booksim/$i"
  i=$((i + 1))
done
printf 'topology = anynet; network_file = net; routing_function = min;\0router 0 node 0 router 1\nrouter 1 node 1 router 2\nrouter 2 node 2 router 0\n' \
  >"$seeds/booksim/anynet"
# Traffic patterns, then offered loads after a NUL.
i=0
for text in 'uniform\00.05:0.95:0.05' 'transpose\00.1,0.2,0.3' 'hotspot({0,3},{2,1})\00.5' \
  'bad_dragon(4,2)\01' 'badperm_yarc(4,2,1)\00.01:0.02:0.001' 'randperm(7)\00.3' 'perm:1,2,3,0\00.2' \
  'tornado\01e-3' 'background({1,2})\00.25'; do
  printf "$text" >"$seeds/traffic/$i"
  i=$((i + 1))
done
printf '0 1\n2,3\n' >"$seeds/traffic/file"
# The page's addresses: every view, with its keys.
i=0
for text in '' 'view=route&t=hypercube:n=4&from=0000&to=1011&s=minimal&path=2&open=g1' \
  'view=sim&t=mesh:k=4x4&s=dor&traffic=transpose&vcs=2&buf=4&size=1&rates=0.1:0.5:0.1&keys=routing_delay=0&t2=torus:k=4x4' \
  'view=deadlock&t=torus:k=4x4&s=dor&scheme=dateline&vcs=2&escape=dor&escheme=one&embed=1&panel=diagram' \
  'view=throughput&t=torus:k=8&traffic=worst&optimal=1&pair=2&sort=-load&link=3&theme=dark' \
  'view=schedule&t=d3:k=3,m=4&c=permutation&perm=random&seed=5&step=3' 'view=subnet&t=d3:k=9,m=3&kind=cabinets&set=1,2,5,8' \
  'view=compare&t1=torus:k=4x4&t2=hypercube:n=4' 'view=charts&chart=kyklos-loads&t=kyklos2:m=2,r=2,n=4' \
  'view=papers&paper=d3&id=fig%201&v=1' 'view=walk&t=lens:p=4,q=4,n=3&step=2' 'view=join&t=kyklos1:m=2,r=2,n=3'; do
  printf '%s' "$text" >"$seeds/query/$i"
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

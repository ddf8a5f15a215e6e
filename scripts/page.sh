#!/usr/bin/env bash
# Builds the page's wasm (the icn-web bin) in two parts, as Trunk's post-build hook
# (Trunk.toml; index.html marks the page's rust link data-trunk-skip, so Trunk builds only
# the worker):
#
#   1. cargo builds icn-web for wasm32, linked with --emit-relocs so that the module can be
#      cut apart;
#   2. wasm-split-cli (crates.io wasm_split_cli_support, installed by scripts/setup.sh)
#      moves every function reachable only from `#[wasm_split]` split points (one per view,
#      web/src/features/mod.rs) into their chunk's module (split_<chunk>.wasm), and code
#      that several chunks reach into modules of its own (chunk_<n>.wasm, loaded with each
#      chunk that needs it), keeping in the main module what the first screen needs;
#   3. wasm-bindgen generates the main module's JS glue (keeping the table and memory
#      exports the chunks link against), and wasm-opt shrinks every module (release only);
#   4. the files go to page-<hash>/ in Trunk's staging directory (a new build never mixes
#      with a cached old chunk), and index.html gets the module script that starts the app.
#
# Environment (set by Trunk): TRUNK_PROFILE (debug or release), TRUNK_STAGING_DIR,
# TRUNK_PUBLIC_URL. Every URL written is relative to the public URL, as Trunk's own.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
: "${TRUNK_STAGING_DIR:?run by trunk (Trunk.toml hooks)}"
base=${TRUNK_PUBLIC_URL:-/}

target=wasm32-unknown-unknown
small=()
if [ "${TRUNK_PROFILE:-debug}" = release ]; then
  profile=wasm-release
  built=wasm-release
  # The page's standard library is built with the page, for size (the rust-src component,
  # scripts/setup.sh): its size-optimised algorithms (std's optimize_for_size), compiled
  # at the page's opt-level z and panic=abort, and no file and line in panic messages
  # (location-detail=none; the message itself stays, for the error panel), and derived
  # `Debug` output that names the type and not its fields (fmt-debug=shallow: the page
  # prints no derived `Debug` but in a bug's panic message; `{:?}` of a string, a char or
  # a number is unchanged). Together about 8 % off each download (docs/benchmarks.md).
  # Cargo's -Z flags need RUSTC_BOOTSTRAP on the stable toolchain, as cargo-fuzz does
  # (scripts/fuzz.sh); the rustflags add to .cargo/config.toml's for the target (cargo
  # joins the two lists).
  export RUSTC_BOOTSTRAP=1
  small=(-Zbuild-std=std,panic_abort -Zbuild-std-features=optimize_for_size
    --config "target.$target.rustflags=['-Zlocation-detail=none', '-Zfmt-debug=shallow']")
else
  profile=dev
  built=debug
fi
# --emit-relocs is a link argument: `cargo rustc` gives it to the final binary only, so
# the dependencies' cached builds stay valid.
cargo rustc --quiet -p icn-web --bin icn-web --target "$target" --profile "$profile" \
  "${small[@]}" -- -C link-arg=--emit-relocs
input=target/$target/$built/icn-web.wasm

# A release build's split, bound and optimised modules depend only on the input wasm, this
# script and the three tools: one whose page wasm has not changed (make test's second build,
# for a sub-path; a change to the worker alone) takes the last one's from target/page-cache/.
# Debug builds (trunk serve) change the page at every rebuild and are not kept.
cache=
if [ "$profile" = wasm-release ]; then
  key=$({
    sha256sum "$input" "$0" "$(command -v wasm-split-cli)"
    wasm-bindgen --version
    wasm-opt --version
  } | sha256sum | cut -c1-16)
  cache=target/page-cache/$key
fi
if [ -n "$cache" ] && [ -d "$cache" ]; then
  dir=$(basename "$cache"/page-*)
  cp -r "$cache/$dir" "$TRUNK_STAGING_DIR/"
else
  work=target/page-split
  rm -rf "$work"
  mkdir -p "$work"
  wasm-split-cli "$input" "$work" --out-name icn-web

  hash=$(cat "$work"/*.wasm | sha256sum | cut -c1-16)
  dir=page-$hash
  out=$TRUNK_STAGING_DIR/$dir
  mkdir -p "$out"
  wasm-bindgen --target web --keep-lld-exports --no-typescript \
    --out-dir "$out" --out-name icn-web "$work/icn-web.wasm"
  cp "$work/__wasm_split.js" "$out/"
  for chunk in "$work"/*.wasm; do
    [ "$(basename "$chunk")" = icn-web.wasm ] || cp "$chunk" "$out/"
  done
  if [ "$profile" = wasm-release ]; then
    # As Trunk runs it (the modules' target_features sections name the features, read before
    # the passes run), then without the toolchain's custom sections (producers,
    # target_features), which no browser reads and every module of the split would carry.
    # --low-memory-unused lets wasm-opt fold constant offsets into loads and stores: the
    # first 1,024 bytes of memory are never addressed, since Rust's wasm32 linker puts the
    # 1 MB stack first, growing down toward address 0 (data starts above it). About 1 % off.
    # One module per core at a time.
    printf '%s\0' "$out"/*.wasm | xargs -0 -P "$(nproc)" -I{} \
      wasm-opt -Oz --low-memory-unused --strip-producers --strip-target-features {} -o {}
  fi
  # preload.js: the modules of the view the address names (`?view=`), preloaded beside the
  # first screen's, so that a view opened by its address (an embed) fetches its chunk and
  # the shared modules while the first screen's module downloads, not after it has started
  # (each module is a request, and a link of 150 ms takes a round trip per few of them).
  # Made of web/src/features/mod.rs's `views!` list (view -> chunk) and __wasm_split.js
  # (chunk -> modules): the same files the app's loader fetches, at the same addresses.
  {
    echo "/* Written by scripts/page.sh: preloads the wasm modules of the view named by view=. */"
    echo "(function () {"
    echo "  'use strict';"
    printf '  var chunkOf = {'
    sed -n 's/^ *[A-Z][A-Za-z]* => \([a-z_]*\)::[A-Za-z]* in \([a-z_]*\),$/\1 \2/p' \
      web/src/features/mod.rs | awk '{ printf "%s\"%s\": \"%s\"", (NR > 1 ? ", " : ""), $1, $2 }'
    echo '};'
    printf '  var modules = {'
    first=1
    for chunk in $(sed -n 's/^export const __wasm_split_load_\([a-z_]*\) .*/\1/p' "$work/__wasm_split.js"); do
      deps=$(awk -v head="export const __wasm_split_load_$chunk " \
        'index($0, head) == 1 { found = 1 } found && /^, \[/ { print; exit }' \
        "$work/__wasm_split.js" | grep -o 'chunk_[0-9]*' | sed 's/.*/"&.wasm"/' | paste -sd, -)
      [ $first = 1 ] || printf ', '
      first=0
      printf '"%s": ["split_%s.wasm"%s]' "$chunk" "$chunk" "${deps:+, $deps}"
    done
    echo '};'
    echo "  var view = new URLSearchParams(location.search).get('view');"
    echo "  if (!Object.prototype.hasOwnProperty.call(chunkOf, view)) return;"
    echo "  var base = document.currentScript.src;"
    echo "  modules[chunkOf[view]].forEach(function (file) {"
    echo "    var link = document.createElement('link');"
    echo "    link.rel = 'preload';"
    echo "    link.as = 'fetch';"
    echo "    link.type = 'application/wasm';"
    echo "    link.crossOrigin = 'anonymous';"
    echo "    link.href = new URL(file, base).href;"
    echo "    document.head.appendChild(link);"
    echo "  });"
    echo "})();"
  } >"$out/preload.js"
  grep -q '"route": \["split_route.wasm", "chunk_' "$out/preload.js" ||
    { echo "page.sh: preload.js lists no modules for the route view" >&2; exit 1; }
  if [ -n "$cache" ]; then
    # Written aside, then renamed: an interrupted copy is never taken for a kept build.
    rm -rf target/page-cache
    mkdir -p "$cache.part"
    cp -r "$out" "$cache.part/"
    mv "$cache.part" "$cache"
  fi
fi

# Start the app: preload its two files, then instantiate (what Trunk writes for a rust app).
# The chunks load on demand, relative to __wasm_split.js.
js=$base$dir/icn-web.js
wasm=$base$dir/icn-web_bg.wasm
start="<link rel=\"modulepreload\" href=\"$js\" crossorigin=\"anonymous\">"
start+="<link rel=\"preload\" href=\"$wasm\" crossorigin=\"anonymous\" as=\"fetch\" type=\"application/wasm\">"
start+="<script async src=\"$base$dir/preload.js\"></script>"
start+="<script type=\"module\">import init, * as bindings from '$js';"
start+="await init({ module_or_path: '$wasm' });window.wasmBindings = bindings;</script>"
html=$TRUNK_STAGING_DIR/index.html
grep -q '</head>' "$html" || { echo "page.sh: no </head> in $html" >&2; exit 1; }
# Written with awk, not sed: the text holds slashes. Trunk leaves the skipped rust link in
# place: it goes.
awk -v start="$start" '/data-trunk-skip/ { next } { sub(/<\/head>/, start "</head>") } { print }' \
  "$html" >"$html.tmp"
mv "$html.tmp" "$html"

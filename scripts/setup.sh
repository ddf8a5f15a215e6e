#!/usr/bin/env bash
# Installs every tool the build and the tests need, idempotently, from crates.io, npm, Debian
# packages and rustup targets only. Nothing downloads a prebuilt binary or a browser. Safe to run
# again: each step checks before it installs, so a second run takes a few seconds.
#
#   scripts/setup.sh          everything (build + tests)              (`make setup`)
#   scripts/setup.sh build    only what `trunk build` / `trunk serve` needs (no apt)
#   scripts/setup.sh check    install nothing; report what is missing, exit 1 if anything is
#   scripts/setup.sh fuzz     only cargo-fuzz (`make fuzz`)
#
# What and why (docs/development.md has the long version):
#   rustup target wasm32-unknown-unknown, clippy, rustfmt
#   rustup component rust-src  the standard library's source: the page's release wasm builds
#                            its own std, for size (scripts/page.sh)
#   trunk 0.21.14            cargo install --locked --debug (0.22 needs a newer rustc than ours)
#   cargo-fuzz 0.13.2        cargo install --locked; runs on the stable toolchain with
#                            RUSTC_BOOTSTRAP=1 and --sanitizer none (scripts/fuzz.sh)
#   wasm-bindgen-cli         exactly the wasm-bindgen version in Cargo.lock, NOT --locked (its
#                            lock file names a webpki-roots release the registry lacks)
#   wasm-split-cli 0.2.4     cargo install --locked wasm_split_cli_support (build-binary): splits
#                            the page's wasm at its #[wasm_split] point (scripts/page.sh)
#   cargo fetch              Trunk.toml sets offline = true, which passes --offline to cargo
#   chromium, chromium-driver  Debian packages, for Playwright (e2e) and wasm-bindgen-test-runner
#   npm ci in e2e/           Playwright + binaryen 132 (wasm-opt for Trunk). Debian's binaryen
#                            (wasm-opt 108) silently breaks the app: never use it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

TRUNK_VERSION=0.21.14
CARGO_FUZZ_VERSION=0.13.2
WASM_SPLIT_VERSION=0.2.4
WASM_OPT_VERSION=132
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
# npm's wasm-opt first, so that a Debian wasm-opt elsewhere on PATH never wins.
export PATH="$PWD/e2e/node_modules/.bin:$CARGO_BIN:$PATH"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

mode=${1:-all}
case "$mode" in
  all | build | check | fuzz) ;;
  -h | --help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "usage: $0 [all|build|check]" >&2; exit 2 ;;
esac

bold=''; reset=''
if [ -t 1 ]; then bold=$'\033[1m'; reset=$'\033[0m'; fi
log() { printf '%s[setup]%s %s\n' "$bold" "$reset" "$*"; }
die() { printf '%s[setup] error:%s %s\n' "$bold" "$reset" "$*" >&2; exit 1; }

missing=()
# need NAME: in check mode, records NAME as missing and returns 1 (skip the install);
# otherwise logs and returns 0 (go on and install).
need() {
  if [ "$mode" = check ]; then
    missing+=("$1")
    log "missing: $1"
    return 1
  fi
  log "installing $1"
}

# --- versions ------------------------------------------------------------------------------
# wasm-bindgen-cli must equal the wasm-bindgen crate in Cargo.lock, and Trunk.toml pins the same.
lock_version() {
  awk -v name="$1" '$0 == "name = \"" name "\"" { getline; gsub(/"/, "", $3); print $3; exit }' \
    Cargo.lock 2>/dev/null || true
}
WASM_BINDGEN_VERSION=$(lock_version wasm-bindgen)
TRUNK_PIN=$(sed -n 's/^wasm_bindgen *= *"\(.*\)".*/\1/p' Trunk.toml 2>/dev/null | head -n1)
if [ -z "$WASM_BINDGEN_VERSION" ]; then
  WASM_BINDGEN_VERSION=${TRUNK_PIN:-0.2.130}
  log "no wasm-bindgen in Cargo.lock yet; using $WASM_BINDGEN_VERSION"
elif [ -n "$TRUNK_PIN" ] && [ "$TRUNK_PIN" != "$WASM_BINDGEN_VERSION" ]; then
  die "Cargo.lock has wasm-bindgen $WASM_BINDGEN_VERSION but Trunk.toml pins $TRUNK_PIN: make them equal"
fi

# --- base tools that setup cannot install itself ---------------------------------------------
command -v cargo >/dev/null || die "cargo not found (looked on PATH and in $CARGO_BIN): install Rust with rustup"
command -v rustup >/dev/null || die "rustup not found: the wasm target is added with rustup"

# --- rustup target and components --------------------------------------------------------------
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  if need "rustup target wasm32-unknown-unknown"; then
    rustup target add wasm32-unknown-unknown
  fi
fi
for component in clippy rustfmt; do
  sub=${component/rustfmt/fmt}
  if ! cargo "$sub" --version >/dev/null 2>&1; then
    if need "rustup component $component"; then
      rustup component add "$component"
    fi
  fi
done
if [ ! -f "$(rustc --print sysroot)/lib/rustlib/src/rust/library/Cargo.lock" ]; then
  if need "rustup component rust-src"; then
    rustup component add rust-src
  fi
fi

# --- cargo-installed tools ---------------------------------------------------------------------
if [ "$mode" != build ] && [ "$(cargo fuzz --version 2>/dev/null)" != "cargo-fuzz $CARGO_FUZZ_VERSION" ]; then
  if need "cargo-fuzz $CARGO_FUZZ_VERSION (cargo install, about a minute once)"; then
    cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked --force
  fi
fi
if [ "$mode" = fuzz ]; then
  log "tools ready: $(cargo fuzz --version)"
  exit 0
fi

if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  # --debug roughly halves the ~11 min build and runs fine.
  if need "trunk $TRUNK_VERSION (cargo install, several minutes once)"; then
    cargo install trunk --version "$TRUNK_VERSION" --locked --debug --force
  fi
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  # Not --locked: its lock file names a webpki-roots release the registry here lacks.
  if need "wasm-bindgen-cli $WASM_BINDGEN_VERSION (cargo install, several minutes once)"; then
    cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
  fi
fi

# No --version flag: the installed crate's version is in cargo's install record.
if ! grep -q "wasm_split_cli_support $WASM_SPLIT_VERSION " "${CARGO_HOME:-$HOME/.cargo}/.crates.toml" 2>/dev/null ||
  ! command -v wasm-split-cli >/dev/null; then
  if need "wasm-split-cli $WASM_SPLIT_VERSION (cargo install, a few minutes once)"; then
    cargo install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --locked \
      --features build-binary --force
  fi
fi

# --- Debian packages (tests only) --------------------------------------------------------------
apt_pkgs=()
if [ "$mode" != build ]; then
  command -v chromium >/dev/null || apt_pkgs+=(chromium)
  command -v chromedriver >/dev/null || apt_pkgs+=(chromium-driver)
  # Only recommended by chromium, so --no-install-recommends would skip it: screenshots
  # should render with the same fonts on every machine.
  [ -d /usr/share/fonts/truetype/liberation ] || apt_pkgs+=(fonts-liberation)
fi
command -v node >/dev/null && command -v npm >/dev/null || apt_pkgs+=(nodejs npm)
if [ ${#apt_pkgs[@]} -gt 0 ] && need "apt: ${apt_pkgs[*]}"; then
  SUDO=()
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || die "need root or sudo to apt-get install ${apt_pkgs[*]}"
    SUDO=(sudo)
  fi
  "${SUDO[@]}" apt-get update -qq
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${apt_pkgs[@]}" </dev/null
fi
if command -v node >/dev/null; then
  node_major=$(node -p 'process.versions.node.split(".")[0]')
  [ "$node_major" -ge 20 ] || die "Node.js >= 20 needed (Playwright 1.65); found $(node --version)"
fi

# --- npm packages (wasm-opt 132 for Trunk; Playwright and friends for e2e) ----------------------
# The stamp is a copy of the lock file that was last installed: a changed lock re-runs npm ci.
wasm_opt_ok() {
  [ -x e2e/node_modules/.bin/wasm-opt ] &&
    e2e/node_modules/.bin/wasm-opt --version 2>/dev/null | grep -q "version $WASM_OPT_VERSION\b"
}
if ! wasm_opt_ok || ! cmp -s e2e/package-lock.json e2e/node_modules/.package-lock.stamp; then
  if need "npm ci (e2e/: binaryen $WASM_OPT_VERSION, Playwright)"; then
    (cd e2e && npm ci --no-audit --no-fund --loglevel=error)
    cp e2e/package-lock.json e2e/node_modules/.package-lock.stamp
    wasm_opt_ok || die "e2e/node_modules/.bin/wasm-opt is not version $WASM_OPT_VERSION"
  fi
fi

# --- crates (Trunk builds with cargo --offline) -------------------------------------------------
if [ "$mode" != check ]; then
  log "cargo fetch"
  cargo fetch --quiet
fi

if [ "$mode" = check ]; then
  if [ ${#missing[@]} -gt 0 ]; then
    log "${#missing[@]} missing; run scripts/setup.sh (or make setup)"
    exit 1
  fi
  log "nothing missing"
  exit 0
fi

log "tools ready: $(trunk --version), $(wasm-bindgen --version), $(wasm-opt --version)"
if [ "$mode" = all ]; then
  log "browser: $(chromium --version 2>/dev/null | head -n1), $(chromedriver --version 2>/dev/null | head -n1)"
fi

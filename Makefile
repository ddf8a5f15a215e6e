# icnplay: build, serve and test. `make help` lists the targets; docs/development.md explains them.
#
# Every step stops the run at its first failure. Targets run one at a time (.NOTPARALLEL), so
# `make -j test` keeps the documented order.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
.NOTPARALLEL:
MAKEFLAGS += --no-print-directory

# npm's wasm-opt 132 (binaryen) must come before anything else called wasm-opt: Debian's binaryen
# builds an app that never mounts. Cargo-installed trunk and wasm-bindgen live in ~/.cargo/bin.
CARGO_BIN := $(or $(CARGO_HOME),$(HOME)/.cargo)/bin
export PATH := $(CURDIR)/e2e/node_modules/.bin:$(CARGO_BIN):$(PATH)
# trunk 0.21 wants true/false here, not 1.
export TRUNK_SKIP_VERSION_CHECK := true
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

# The default ./ makes every asset link relative, so one dist/ works from any host and any
# sub-path; `make dist PUBLIC_URL=/icnplay/` pins absolute links to that sub-path instead.
PUBLIC_URL ?= ./
# The e2e suite serves dist/ here (trunk serve keeps 8080), under a sub-path so that every run
# checks sub-path hosting; dist/ is built with relative links (./), so any E2E_PREFIX works with
# it; a dist built with an absolute PUBLIC_URL needs E2E_PREFIX to match.
# E2E_ARGS go to `playwright test` (e.g. E2E_ARGS=tests/url-state.spec.ts).
E2E_PORT ?= 8091
# The example course page (e2e/fixtures/course/) is served on another port: another origin.
E2E_COURSE_PORT ?= $(shell echo $$(( $(E2E_PORT) + 1000 )))
# The absolute-sub-path copy (target/dist-subpath) is served by tests/subpath.spec.ts here.
E2E_SUBPATH_PORT ?= $(shell echo $$(( $(E2E_PORT) + 2000 )))
E2E_PREFIX ?= /icnplay/
E2E_ARGS ?=

# Each step's heading carries the clock (UTC), and `make test` ends with the time each of its
# steps took (from STEP_LOG), so that a CI log's tail shows where the time went.
STEP_LOG := target/make-test-steps.tsv
step = @printf '\n==> %s  [%s]\n' '$(1)' "$$(date -u +%T)"; \
	if [ -f $(STEP_LOG) ]; then printf '%s\t%s\n' "$$(date +%s)" '$(1)' >> $(STEP_LOG); fi

# The engine's crates (core/, ARCHITECTURE.md), the CLI and the page's pure model: everything
# tested natively. By package, not --workspace: that would build Leptos natively for nothing.
NATIVE := icn-graph icn-families icn-engine icn-analyses icn-sim icn-studies icn-core icn-cli icn-web-model
NATIVE_P := $(addprefix -p ,$(NATIVE))

.PHONY: help setup setup-build serve dist test step-clock e2e clean distclean bench bench-sim sim-validate bench-compare bench-browser fuzz fuzz-smoke \
        fmt-check clippy clippy-web unit web-unit cli web-release e2e-typecheck e2e-run

help:
	@echo 'make setup      install every tool (idempotent): wasm target, trunk, wasm-bindgen-cli,'
	@echo '                Debian chromium + chromium-driver, npm ci in e2e/ (wasm-opt 132, Playwright)'
	@echo 'make serve      trunk serve on http://127.0.0.1:8080 with live reload'
	@echo 'make test       everything CI runs: fmt, layers, clippy (native + wasm), unit tests, icn CLI,'
	@echo '                trunk build --release, Playwright on dist/ (127.0.0.1:$(E2E_PORT))'
	@echo 'make dist       release build into dist/; PUBLIC_URL=/sub/path/ for sub-path hosting'
	@echo 'make fuzz       the long fuzzing campaign (FUZZ_SECONDS=600 per target): executions, findings'
	@echo 'make e2e        only the Playwright suite, on an existing dist/ and target/debug/icn'
	@echo 'make bench      criterion benchmarks of the engine (native profile)'
	@echo 'make bench-sim  icn sim against BookSim2 on every reference file: router-cycles/s side by side'
	@echo '                -> docs/benchmarks-sim.md (BOOKSIM=path)'
	@echo 'make sim-validate  every point of the BookSim2 reference curves (release)'
	@echo 'make bench-compare  icn vs networkx and python-igraph (PyPI) -> docs/benchmarks-compare.md'
	@echo 'make bench-browser  worker jobs, a route, first render in headless Chromium on dist/'
	@echo '                -> docs/benchmarks-browser.md (BENCH_PORT=$(BENCH_PORT))'
	@echo 'make clean      remove dist/, test output, screenshots and cargo target/'
	@echo 'make distclean  clean, and remove e2e/node_modules'

setup:
	$(call step,setup: tools)
	scripts/setup.sh all

# What trunk needs, without apt (serve and dist).
setup-build:
	$(call step,setup: build tools)
	scripts/setup.sh build

# Its own output folder: a dev build in dist/ would break the next `make e2e`.
serve: setup-build
	$(call step,trunk serve on http://127.0.0.1:8080)
	trunk serve --dist target/serve-dist

dist: setup-build
	$(call step,trunk build --release --public-url $(PUBLIC_URL))
	trunk build --release --public-url '$(PUBLIC_URL)'

# The order is the order of the steps; each one stops the run when it fails.
test: step-clock setup fmt-check clippy clippy-web unit fuzz-smoke web-unit cli web-release e2e-typecheck e2e-run
	@printf '\n==> make test: all steps passed  [%s]\n' "$$(date -u +%T)"
	@awk -F'\t' -v end="$$(date +%s)" 'NR > 1 { printf "%6d s  %s\n", $$1 - t, s } { t = $$1; s = $$2 } \
		END { printf "%6d s  %s\n", end - t, s; print "(the time each step of make test took)" }' $(STEP_LOG)

# Starts STEP_LOG afresh: only `make test` records its steps' times.
step-clock:
	@mkdir -p target && : > $(STEP_LOG)

# The layer rules of ARCHITECTURE.md that cargo cannot see (scripts/check_layers.py: the crate
# graph against the doc, file sizes, module docs) and no file-level import circle in any crate
# (scripts/check_cycles.py); function length is clippy's too_many_lines (clippy.toml), in the
# next two steps.
fmt-check:
	$(call step,[1/10] cargo fmt --all --check; the layer rules (check_layers.py, check_cycles.py))
	cargo fmt --all --check
	python3 scripts/check_layers.py
	python3 scripts/check_cycles.py

clippy:
	$(call step,[2/10] cargo clippy: $(NATIVE) (all targets))
	cargo clippy $(NATIVE_P) --all-targets -- -D warnings

clippy-web:
	$(call step,[3/10] cargo clippy: icn-web (wasm32))
	cargo clippy -p icn-web --target wasm32-unknown-unknown -- -D warnings

# icn-web-model is the web app's pure part (URL state, layout geometry), tested natively.
unit:
	$(call step,[4/10] cargo test: $(NATIVE))
	cargo test $(NATIVE_P)

# A short run of every cargo-fuzz target (scripts/fuzz.sh: seeds from the live family list;
# stable toolchain with RUSTC_BOOTSTRAP=1, --sanitizer none). FUZZ_SMOKE_SECONDS per target.
FUZZ_SMOKE_SECONDS ?= 12
FUZZ_SECONDS ?= 600
fuzz-smoke:
	$(call step,[5/10] cargo fuzz: every target $(FUZZ_SMOKE_SECONDS) s (smoke))
	scripts/fuzz.sh $(FUZZ_SMOKE_SECONDS)

# The long campaign: every target FUZZ_SECONDS (default 600) s; reports executions and findings.
fuzz:
	$(call step,cargo fuzz: every target $(FUZZ_SECONDS) s)
	scripts/setup.sh fuzz
	scripts/fuzz.sh $(FUZZ_SECONDS)

# The web app's tests that need its crate (the views' pure parts, SVG export), compiled to
# wasm32 and run in Node (wasm-bindgen-test-runner).
web-unit:
	$(call step,[6/10] cargo test: icn-web (wasm32, in Node))
	cargo test -p icn-web --target wasm32-unknown-unknown

# The e2e suite compares the page with target/debug/icn. `icn papers --check` recomputes
# every reproduced table of the five papers against cli/papers-expected.csv.
cli:
	$(call step,[7/10] cargo build: icn-cli (target/debug/icn); icn papers --check)
	cargo build -p icn-cli
	target/debug/icn papers --check

# The second build reuses the compiled wasm (cargo has nothing to do; wasm-bindgen and
# wasm-opt run again, ~1 min): a copy for an absolute sub-path, which e2e/tests/subpath.spec.ts
# serves under that sub-path.
SUBPATH_URL := /courses/icnplay/
web-release:
	$(call step,[8/10] trunk build --release --public-url ./ (and $(SUBPATH_URL) into target/dist-subpath))
	trunk build --release --public-url ./
	trunk build --release --public-url '$(SUBPATH_URL)' --dist target/dist-subpath

e2e-typecheck:
	$(call step,[9/10] e2e: tsc --noEmit)
	cd e2e && tsc --noEmit

e2e-run:
	$(call step,[10/10] e2e: Playwright on dist/ at 127.0.0.1:$(E2E_PORT)$(E2E_PREFIX))
	@test -f dist/index.html || { echo 'dist/index.html missing: run make dist (or make test)' >&2; exit 1; }
	@test -x target/debug/icn || { echo 'target/debug/icn missing: run cargo build -p icn-cli' >&2; exit 1; }
	@test -x e2e/node_modules/.bin/playwright || { echo 'e2e/node_modules missing: run make setup' >&2; exit 1; }
	cd e2e && E2E_PORT='$(E2E_PORT)' E2E_COURSE_PORT='$(E2E_COURSE_PORT)' E2E_SUBPATH_PORT='$(E2E_SUBPATH_PORT)' E2E_PREFIX='$(E2E_PREFIX)' playwright test $(E2E_ARGS)

# Just the Playwright part, assuming dist/ and target/debug/icn are built.
e2e: e2e-run

# Criterion benchmarks of core's hot paths, built with the native profile (the release
# profile, opt-level 3, with symbols; the wasm bundle has its own, wasm-release).
bench:
	$(call step,cargo bench: icn-core (criterion, native profile))
	cargo bench -p icn-core --profile native

# The packet simulator against BookSim2 (docs/simulation.md): router-cycles per second of both
# on the same configurations, side by side; BOOKSIM=path/to/booksim (built from its source).
bench-sim:
	$(call step,bench-sim: icn sim against BookSim2 (release))
	cargo build --release -p icn-cli
	scripts/booksim/bench.py --out docs/benchmarks-sim.md

# Every point of every BookSim2 reference curve (the #[ignore]d full sweep), in release.
sim-validate:
	$(call step,sim-validate: the full BookSim2 comparison (release))
	cargo test --release -p icn-core --test main every_point_matches_booksim -- --ignored

# icn against networkx and python-igraph (from PyPI, in a virtualenv under target/) on the
# same graphs: the three distance distributions must agree; times and ratios are written
# to docs/benchmarks-compare.md (docs/benchmarks.md explains them).
BENCH_VENV := target/bench-venv
bench-compare:
	$(call step,bench-compare: icn vs networkx vs igraph)
	test -x $(BENCH_VENV)/bin/python || python3 -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/pip install --quiet --disable-pip-version-check networkx python-igraph numpy
	cargo build --profile native -p icn-cli
	$(BENCH_VENV)/bin/python scripts/bench_compare.py target/native/icn docs/benchmarks-compare.md

# The browser benchmark: its own Playwright config (e2e/bench/), so `make test` never runs it.
# Serves dist/ (built here first) on BENCH_PORT; writes docs/benchmarks-browser.md.
BENCH_PORT ?= 8099
bench-browser: setup-build
	$(call step,bench-browser: trunk build --release; Playwright e2e/bench on 127.0.0.1:$(BENCH_PORT))
	trunk build --release --public-url ./
	cd e2e/bench && BENCH_PORT='$(BENCH_PORT)' playwright test --config playwright.bench.config.ts

clean:
	$(call step,clean)
	rm -rf dist e2e/test-results e2e/playwright-report e2e/screenshots fuzz/target
	cargo clean

distclean: clean
	rm -rf e2e/node_modules

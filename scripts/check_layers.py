#!/usr/bin/env python3
"""The layer rules of ARCHITECTURE.md that the compiler cannot see (`make test`, step 1).

Cargo itself refuses an import that climbs a layer: the engine is split into crates along
its layers, and a crate depends only on those below it. This script checks the rest:

  1. The crate graph: every workspace crate's dependencies on other workspace crates, as
     `cargo metadata` reports them, are exactly those the table "The crates" in
     ARCHITECTURE.md gives it.
  2. The engine's crates have no `Result<_, String>`: errors are small enums.
  3. web components import no page or feature; the URL state builds no `Network`.
  4. No source file has more than MAX_FILE lines of non-test code (blank and comment lines
     and `#[cfg(test)]` items not counted). Functions are held to 120 lines by clippy's
     `too_many_lines` (clippy.toml).
  5. Every source file opens with a module doc comment (`//!`) that says what it holds:
     ARCHITECTURE.md maps the crates and folders, each file describes itself.

File-level import circles are scripts/check_cycles.py's.

Usage: scripts/check_layers.py [ROOT]   (exit 1 and one line per breach)
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

MAX_FILE = 600

def rust_files(root: Path, folder: str) -> list[Path]:
    base = root / folder
    return sorted(base.rglob("*.rs")) if base.exists() else []


def strip_test_items(lines: list[str]) -> list[str]:
    """Drops every item behind `#[cfg(test)]` (a test module or function), by brace depth."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        if lines[i].strip().startswith("#[cfg(test)]"):
            depth, opened, j = 0, False, i + 1
            while j < len(lines):
                code = lines[j].split("//")[0]
                depth += code.count("{") - code.count("}")
                opened = opened or "{" in code
                if (opened and depth <= 0) or (not opened and code.rstrip().endswith(";")):
                    break
                j += 1
            i = j + 1
            continue
        out.append(lines[i])
        i += 1
    return out


def code_lines(lines: list[str]) -> int:
    count, in_block = 0, False
    for line in lines:
        s = line.strip()
        if in_block:
            in_block = "*/" not in s
            continue
        if s.startswith("/*"):
            in_block = "*/" not in s
            continue
        if s and not s.startswith("//"):
            count += 1
    return count


def grep(files: list[Path], pattern: str, root: Path, code_only: bool = False) -> list[str]:
    """Lines matching `pattern`; with `code_only`, comment lines are passed over."""
    rx = re.compile(pattern)
    hits = []
    for f in files:
        for n, line in enumerate(f.read_text().splitlines(), 1):
            if code_only and line.strip().startswith("//"):
                continue
            if rx.search(line):
                hits.append(f"{f.relative_to(root)}:{n}: {line.strip()}")
    return hits


def members(root: Path) -> list[str]:
    """The workspace's member folders (Cargo.toml), fuzz/ aside."""
    return tomllib.loads((root / "Cargo.toml").read_text())["workspace"]["members"]


def sources(root: Path) -> list[str]:
    return [f"{m}/src" for m in members(root) if (root / m / "src").is_dir()]


def crate_graph(root: Path) -> dict[str, set[str]]:
    """Each workspace crate's normal dependencies on other workspace crates."""
    meta = json.loads(subprocess.run(
        ["cargo", "metadata", "--no-deps", "--format-version", "1", "--offline"],
        cwd=root, check=True, capture_output=True, text=True).stdout)
    names = {p["name"] for p in meta["packages"]}
    return {p["name"]: {d["name"] for d in p["dependencies"]
                        if d["name"] in names and d.get("kind") is None}
            for p in meta["packages"]}


def drawn_graph(root: Path) -> dict[str, set[str]]:
    """The table under '## The crates' in ARCHITECTURE.md: | `crate` | folder | imports |."""
    text = (root / "ARCHITECTURE.md").read_text()
    section = text.split("## The crates", 1)[-1].split("\n## ", 1)[0]
    out: dict[str, set[str]] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0].startswith("`icn"):
            out[cells[0].strip("`")] = set(re.findall(r"`(icn[\w-]*)`", cells[2]))
    return out


def graph_breaches(root: Path) -> list[str]:
    actual, drawn = crate_graph(root), drawn_graph(root)
    out = []
    for name in sorted(set(actual) | set(drawn)):
        if name not in drawn:
            out.append(f"{name} is not in ARCHITECTURE.md's table of crates")
        elif name not in actual:
            out.append(f"{name} is drawn in ARCHITECTURE.md but is no workspace crate")
        elif actual[name] != drawn[name]:
            out.append(f"{name} depends on {sorted(actual[name]) or 'nothing'} but "
                       f"ARCHITECTURE.md draws {sorted(drawn[name]) or 'nothing'}")
    return out


def undocumented(root: Path) -> list[str]:
    out = []
    for base in sources(root):
        for f in rust_files(root, base):
            first = next((l for l in f.read_text().splitlines() if l.strip()), "")
            if not first.startswith("//!"):
                out.append(str(f.relative_to(root)))
    return out


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
    breaches: list[str] = []

    def rule(name: str, hits: list[str]) -> None:
        breaches.extend(f"{name}: {h}" for h in hits)

    rule("the crate graph differs from ARCHITECTURE.md", graph_breaches(root))
    engine = [f for base in sources(root) if base.startswith("core/")
              for f in rust_files(root, base)]
    rule("the engine returns a String error", grep(engine, r"Result<[^;{]*,\s*String>", root))
    components = rust_files(root, "web/src/components")
    rule("a component imports a page", grep(components, r"crate::(pages|features)\b", root, code_only=True))
    url = [p for p in rust_files(root, "web/src") if p.name == "url.rs" or "url" in p.parts]
    rule("the URL state builds a network",
         grep(url, r"parse::<\s*Network\s*>|Network::(from|from_spec)\b", root))

    rule("no module doc comment (//!) opens", undocumented(root))

    for folder in sources(root):
        for f in rust_files(root, folder):
            n = code_lines(strip_test_items(f.read_text().splitlines()))
            if n > MAX_FILE:
                breaches.append(f"file over {MAX_FILE} lines of code: {f.relative_to(root)} ({n})")

    for b in breaches:
        print(b)
    if breaches:
        print(f"check_layers: {len(breaches)} breach(es) of the layer rules (ARCHITECTURE.md)")
        return 1
    print("check_layers: layer rules hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())

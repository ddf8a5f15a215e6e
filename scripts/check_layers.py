#!/usr/bin/env python3
"""The layer rules of ARCHITECTURE.md, checked on the source tree (`make test`, step 1).

Each rule is a plain text check over the Rust sources, so that a change that breaks one is
stopped before anything compiles:

  1. core's graph primitives import nothing above them; the families (core/src/topology)
     import nothing but the graph primitives, the errors, the spec grammar and `math`.
  2. core has no `Result<_, String>`: errors are small enums (core/src/error.rs and
     each module's own).
  3. web components import no page or feature; the URL state builds no `Network`.
  4. No source file in core/src, web/src, web/model/src or cli/src has more than MAX_FILE
     lines of non-test code (blank and comment lines and `#[cfg(test)]` items not counted).
     Functions are held to 120 lines by clippy's `too_many_lines` (clippy.toml).
  5. ARCHITECTURE.md maps every one of those files: its path below its crate's src/, or its
     name in the same entry (a table row, or a code-block line with its continuation lines)
     as its folder (`folder/`); a folder's mod.rs is mapped by the folder itself.

Usage: scripts/check_layers.py [ROOT]   (exit 1 and one line per breach)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

MAX_FILE = 600

# Modules of icn-core above the families, by layer (graph < topology < algorithms < papers).
ABOVE_GRAPH = ("topology", "network", "family", "metrics", "routing", "analysis", "sim",
               "charts", "papers", "table", "cost", "io")
ABOVE_FAMILIES = ("network", "metrics", "routing", "analysis", "sim", "charts", "papers",
                  "table", "cost", "io")


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


CRATES = ("core/src", "cli/src", "web/src", "web/model/src")


def entries(text: str) -> list[str]:
    """ARCHITECTURE.md cut into entries: table rows, paragraphs, and code-block entries (a
    line starting in the first columns with the deeper-indented lines that follow it)."""
    out: list[str] = []
    in_code = False
    for line in text.splitlines():
        if line.startswith("```"):
            in_code = not in_code
            out.append("")
            continue
        indent = len(line) - len(line.lstrip())
        starts = line.startswith("|") or (in_code and indent <= 2) or not line.strip()
        if starts or not out:
            out.append(line)
        else:
            out[-1] += " " + line.strip()
    return out


def unmapped(root: Path) -> list[str]:
    doc = root / "ARCHITECTURE.md"
    text = doc.read_text() if doc.exists() else ""
    parts = entries(text)
    missing = []
    for base in CRATES:
        for f in rust_files(root, base):
            rel = f.relative_to(root / base).as_posix()
            if rel in text:
                continue
            folder = rel.rsplit("/", 1)[0] + "/" if "/" in rel else ""
            name = f.name
            if name == "mod.rs" and folder:
                last = folder.rstrip("/").rsplit("/", 1)[-1]
                ok = any(t in e for e in parts for t in (folder, f"`{last}`", f"`{last}/"))
            elif folder:
                last = folder.rstrip("/").rsplit("/", 1)[-1]
                tokens = (folder, f"`{last}`", f"`{last}/")
                stem = name[:-3]
                word = re.compile(r"\b%s\b" % re.escape(stem))
                ok = any(any(t in e for t in tokens) and (name in e or word.search(e))
                         for e in parts)
            else:
                ok = name in text or f"`{name[:-3]}`" in text
            if not ok:
                missing.append(f"{base}/{rel}")
    return missing


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
    breaches: list[str] = []

    def rule(name: str, hits: list[str]) -> None:
        breaches.extend(f"{name}: {h}" for h in hits)

    graph = rust_files(root, "core/src/graph")
    rule("graph imports a higher layer",
         grep(graph, r"crate::(%s)\b" % "|".join(ABOVE_GRAPH), root))
    families = rust_files(root, "core/src/topology")
    rule("a family imports a higher layer",
         grep(families, r"crate::(%s)\b" % "|".join(ABOVE_FAMILIES), root))
    core = rust_files(root, "core/src")
    rule("core returns a String error", grep(core, r"Result<[^;{]*,\s*String>", root))
    components = rust_files(root, "web/src/components")
    rule("a component imports a page", grep(components, r"crate::(pages|features)\b", root, code_only=True))
    url = [p for p in rust_files(root, "web/src") if p.name == "url.rs" or "url" in p.parts]
    rule("the URL state builds a network",
         grep(url, r"parse::<\s*Network\s*>|Network::(from|from_spec)\b", root))

    rule("ARCHITECTURE.md does not map", unmapped(root))

    for folder in CRATES:
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

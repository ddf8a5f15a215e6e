#!/usr/bin/env python3
"""No file-level import circle in any crate of the workspace (`make test`, step 1).

A file imports another file of its own crate when it names an item through a path that
resolves into that file: `use crate::a::b::X`, `super::kind::Info`, `self::part::f` (in a
`use` tree or inline in code). Each path is resolved to the longest prefix of module
segments that is a file of the crate (`a.rs` or `a/mod.rs`); what a module re-exports is
found in the module's own file. A module naming its own children (or deeper descendants)
is left aside: a folder's mod.rs gathering its parts is no circle. Test items
(`#[cfg(test)]`) are passed over.

Every strongly connected group of two or more files is printed with one circle through
it, and the script exits 1, unless the group is one of KNOWN: circles left to break,
each with the work that breaks it. A KNOWN circle that no longer exists is a breach too,
so that the list only shrinks.

Usage: scripts/check_cycles.py [ROOT]
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_layers import strip_test_items  # noqa: E402

# Circles not yet broken: the files of each group (below the repository root), and why.
KNOWN: dict[frozenset[str], str] = {}

PATH = re.compile(r"\b(crate|super|self)((?:::\w+)+)")
USE = re.compile(r"\buse\s+((?:crate|super|self)\b[^;]*);", re.S)
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def crates(root: Path) -> list[Path]:
    """Every member's src/ folder (the workspace's members, fuzz excluded)."""
    members = tomllib.loads((root / "Cargo.toml").read_text())["workspace"]["members"]
    return [root / m / "src" for m in members if (root / m / "src").is_dir()]


def module_of(src: Path, file: Path) -> tuple[str, ...]:
    rel = file.relative_to(src).with_suffix("")
    parts = rel.parts
    if parts[-1] in ("mod", "lib", "main") and (parts[-1] == "mod" or len(parts) == 1):
        parts = parts[:-1]
    return tuple(parts)


def expand(tree: str) -> list[str]:
    """`a::{b, c::{d, e}}` -> ['a::b', 'a::c::d', 'a::c::e'] (globs and renames dropped)."""
    tree = re.sub(r"\s+", "", re.sub(r"\s+as\s+\w+", "", tree))
    out: list[str] = []

    def walk(prefix: str, text: str) -> None:
        depth, start, items = 0, 0, []
        for i, ch in enumerate(text):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                items.append(text[start:i])
                start = i + 1
        items.append(text[start:])
        for item in filter(None, items):
            brace = item.find("{")
            if brace >= 0 and item.endswith("}"):
                walk(prefix + item[:brace], item[brace + 1 : -1])
            else:
                out.append(prefix + item)

    walk("", tree)
    return [p.rstrip(":*").rstrip(":") for p in out]


def resolve(module: tuple[str, ...], path: str, files: dict[tuple[str, ...], Path]):
    segs = [s for s in path.split("::") if s]
    if not segs:
        return None
    head, rest = segs[0], segs[1:]
    if head == "crate":
        base: list[str] = []
    elif head == "self":
        base = list(module)
    else:
        base = list(module)
        while rest and head == "super":
            if not base:
                return None
            base.pop()
            head, rest = rest[0], rest[1:]
        if head == "super":
            if not base:
                return None
            base.pop()
        else:
            rest = [head] + rest
    full = base + rest
    for n in range(len(full), -1, -1):
        if tuple(full[:n]) in files:
            return tuple(full[:n])
    return None


def edges_of(src: Path) -> tuple[dict, dict]:
    files = {module_of(src, f): f for f in sorted(src.rglob("*.rs"))}
    graph: dict[tuple[str, ...], set[tuple[str, ...]]] = {m: set() for m in files}
    for module, file in files.items():
        text = "\n".join(strip_test_items(file.read_text().splitlines()))
        text = COMMENT.sub("", text)
        paths = [p for tree in USE.findall(text) for p in expand(tree)]
        paths += [m.group(1) + m.group(2) for m in PATH.finditer(USE.sub("", text))]
        for path in paths:
            target = resolve(module, path, files)
            if target is None or target == module or target[: len(module)] == module:
                continue
            graph[module].add(target)
    return files, graph


def circles(graph: dict) -> list[list]:
    """Tarjan's strongly connected components of two or more files."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    sys.setrecursionlimit(10_000)
    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def one_circle(group: list, graph: dict) -> list:
    """A shortest circle through the group's first file, by breadth-first search."""
    start, members = group[0], set(group)
    parent, queue = {start: None}, [start]
    for v in queue:
        for w in sorted(graph[v]):
            if w == start:
                path = [v]
                while parent[path[-1]] is not None:
                    path.append(parent[path[-1]])
                return list(reversed(path)) + [start]
            if w in members and w not in parent:
                parent[w] = v
                queue.append(w)
    return group


def main() -> int:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent
    breaches, seen = 0, set()
    for src in crates(root):
        files, graph = edges_of(src)
        for group in circles(graph):
            key = frozenset(str(files[m].relative_to(root)) for m in group)
            if key in KNOWN:
                seen.add(key)
                print(f"known import circle ({KNOWN[key]}): " + ", ".join(sorted(key)))
                continue
            breaches += 1
            names = [str(files[m].relative_to(root)) for m in one_circle(group, graph)]
            print(f"import circle in {src.parent.relative_to(root)} ({len(group)} files): "
                  + " -> ".join(names))
    for key in set(KNOWN) - seen:
        breaches += 1
        print("a known import circle is gone: remove it from KNOWN in scripts/check_cycles.py: "
              + ", ".join(sorted(key)))
    if breaches:
        print(f"{breaches} import circle(s): break each by moving what both sides need into "
              "one file below them (ARCHITECTURE.md, Layer rules)")
        return 1
    print("check_cycles: no import circle" + (f" but {len(seen)} known" if seen else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())

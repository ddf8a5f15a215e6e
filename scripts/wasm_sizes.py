#!/usr/bin/env python3
"""What a wasm module's code is made of: its function bodies' bytes by crate.

Reads the module's `name` section (wasm-bindgen's output keeps it; wasm-opt's does not),
so give it a module before wasm-opt: the page's main module as wasm-split-cli leaves it
(scripts/page.sh), or the file trunk hands to wasm-opt:

    scripts/wasm_sizes.py target/page-split/icn-web.wasm [--top N]
    scripts/wasm_sizes.py target/wasm-bindgen/release/icn-web_bg.wasm [--top N]

Names still mangled (the linker's, before wasm-bindgen) are demangled first: Rust's legacy
`_ZN…E` in full, a v0 `_R…` name to its first crate.

Each function counts for the crate its demangled name starts with (the outermost path:
`<T as tachys::view::…>::build` is tachys's, `icn_web::app::…::{{closure}}` icn_web's), so
a framework's generic code instantiated for the app's views counts for the framework; a
drop glue (`core::ptr::drop_in_place<T>`) counts for the crate of its T.
Prints the code and data bytes, then each crate's share, largest first, and with `--top N`
the N largest functions.
"""

import argparse
import collections
import re
import sys


def leb(buf, i):
    """An unsigned LEB128 number at `i`: (value, next index)."""
    value, shift = 0, 0
    while True:
        byte = buf[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def name_bytes(buf, i):
    size, i = leb(buf, i)
    return buf[i : i + size], i + size


def sections(buf):
    if buf[:4] != b"\0asm":
        sys.exit("not a wasm module")
    i = 8
    while i < len(buf):
        sid = buf[i]
        size, start = leb(buf, i + 1)
        yield sid, start, size
        i = start + size


def imported_functions(buf, start):
    """How many functions the import section brings (they come first in the index)."""
    count, i = leb(buf, start)
    funcs = 0
    for _ in range(count):
        _, i = name_bytes(buf, i)
        _, i = name_bytes(buf, i)
        kind = buf[i]
        i += 1
        if kind == 0:  # function: a type index
            _, i = leb(buf, i)
            funcs += 1
        elif kind == 1:  # table: element type, limits
            flags, i = leb(buf, i + 1)
            _, i = leb(buf, i)
            if flags & 1:
                _, i = leb(buf, i)
        elif kind == 2:  # memory: limits
            flags, i = leb(buf, i)
            _, i = leb(buf, i)
            if flags & 1:
                _, i = leb(buf, i)
        elif kind == 3:  # global: value type, mutability
            i += 2
        else:
            sys.exit(f"import kind {kind} not understood")
    return funcs


def function_names(buf, start, size):
    names = {}
    label, i = name_bytes(buf, start)
    if label != b"name":
        return names
    end = start + size
    while i < end:
        sub = buf[i]
        length, i = leb(buf, i + 1)
        if sub == 1:
            count, j = leb(buf, i)
            for _ in range(count):
                index, j = leb(buf, j)
                text, j = name_bytes(buf, j)
                names[index] = text.decode("utf-8", "replace")
        i += length
    return names


LEGACY_ESCAPES = {
    "$LT$": "<", "$GT$": ">", "$RF$": "&", "$BP$": "*", "$SP$": "@", "$C$": ",",
    "$LP$": "(", "$RP$": ")", "$u20$": " ", "$u27$": "'", "$u5b$": "[", "$u5d$": "]",
    "$u7b$": "{", "$u7d$": "}", "$u7e$": "~", "$u3b$": ";", "$u2b$": "+", "$u22$": '"',
}


def demangle(name):
    """`name` demangled when it is a Rust legacy symbol (`_ZN…E`, its hash dropped); a v0
    symbol (`_R…`) becomes its first crate's name and `::`; any other name is kept."""
    if name.startswith("_R"):
        m = re.search(r"C(?:s[0-9A-Za-z]*_)?(\d+)", name)
        return f"{name[m.end() : m.end() + int(m.group(1))]}::{name}" if m else name
    if not name.startswith("_ZN"):
        return name
    parts, i = [], 3
    while i < len(name) and name[i] != "E":
        m = re.match(r"\d+", name[i:])
        if not m:
            return name
        size = int(m.group())
        i += len(m.group())
        parts.append(name[i : i + size])
        i += size
    if parts and re.fullmatch(r"h[0-9a-f]{16}", parts[-1]):
        parts.pop()
    text = "::".join(p[1:] if p.startswith("_$") else p for p in parts)
    text = text.replace("..", "::")
    return re.sub(r"\$[A-Za-z0-9]+\$", lambda e: LEGACY_ESCAPES.get(e.group(), e.group()), text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("wasm")
    ap.add_argument("--top", type=int, default=0)
    args = ap.parse_args()
    buf = open(args.wasm, "rb").read()
    imports, names, code, data = 0, {}, None, 0
    for sid, start, size in sections(buf):
        if sid == 2:
            imports = imported_functions(buf, start)
        elif sid == 10:
            code = (start, size)
        elif sid == 11:
            data = size
        elif sid == 0:
            names.update(function_names(buf, start, size))
    if code is None:
        sys.exit("no code section")
    if not names:
        sys.exit("no function names: give the module before wasm-opt strips them")
    count, i = leb(buf, code[0])
    bodies = []
    for k in range(count):
        size, j = leb(buf, i)
        bodies.append((size, demangle(names.get(imports + k, "?"))))
        i = j + size
    total = sum(size for size, _ in bodies)
    crate_of = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)::")
    by_crate = collections.Counter()
    drop = "core::ptr::drop_in_place<"
    for size, name in bodies:
        # A drop glue counts for the type it drops.
        m = crate_of.search(name[len(drop) :] if name.startswith(drop) else name)
        by_crate[m.group(1) if m else "(unnamed)"] += size
    print(f"{args.wasm}: {total:,} bytes of code in {count:,} functions, {data:,} of data")
    print(f"{'bytes':>11}  {'share':>6}  crate")
    for crate, size in by_crate.most_common():
        if size * 1000 < total:
            break
        print(f"{size:>11,}  {100 * size / total:5.1f}%  {crate}")
    for size, name in sorted(bodies, reverse=True)[: args.top]:
        print(f"{size:>11,}  {name[:160]}")


if __name__ == "__main__":
    main()

"""What compressing each large file of the built site would save: the bytes a host that sends
files as they are (the bench's server, many static hosts) puts on the wire.

    python3 build.py && python3 bench/compression.py [--public DIR] [--min-kb 50]

For each file of at least ``--min-kb`` (the ``.gz`` twins themselves left out): its size, its
gzip at level 9 (what build.py writes, ``build.gzip_bytes``), raw deflate at level 9 (the
other format every browser's ``DecompressionStream`` reads: "deflate" and "deflate-raw" are
the same compressed stream as gzip without its 18 bytes of header and trailer, so they gain
nothing over gzip; brotli and zstd are not in the standard library, nor read by every
browser), the share gzip leaves, how the page gets the file, and whether the build ships a
gzipped twin of it. Only what Pyodide ``fetch``es can be swapped for a twin (see
``build.GZIP_CANDIDATES``): JavaScript modules are imported, and a decompressed module would
need a blob: URL, which the page's policy does not allow.
"""

from __future__ import annotations

import argparse
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402


def deflate_raw(data: bytes) -> bytes:
    """``data`` as raw deflate (no header), level 9: DecompressionStream("deflate-raw")."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def how_loaded(rel: str) -> str:
    """How the page gets this file, in a few words."""
    if rel == f"pyodide/{build.STDLIB_FULL}":
        return "only for a module left out"
    if rel in build.GZIP_CANDIDATES:
        return "fetch() by Pyodide"
    if rel.endswith((".mjs", ".js")):
        return "imported (a module)"
    if rel.endswith(".whl"):
        return "fetch(), a zip of deflated files"
    if rel.endswith(".gz"):
        return "already gzipped"
    return "fetched or read by the browser"


def rows(public: Path, min_bytes: int) -> list[dict]:
    """One row per large file of ``public``, the largest first."""
    out = []
    for path in build.site_files(public):
        rel = path.relative_to(public).as_posix()
        size = path.stat().st_size
        if size < min_bytes or (path.suffix == ".gz" and path.with_suffix("").is_file()):
            continue
        data = path.read_bytes()
        gz = len(build.gzip_bytes(data))
        out.append({"file": rel, "bytes": size, "gzip": gz, "deflate_raw": len(deflate_raw(data)),
                    "share": gz / size, "loaded": how_loaded(rel),
                    "twin": path.with_name(path.name + ".gz").is_file()})
    return sorted(out, key=lambda r: -r["bytes"])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--public", type=Path, default=ROOT / "public")
    ap.add_argument("--min-kb", type=int, default=50)
    args = ap.parse_args(argv)
    if not args.public.is_dir():
        print(f"{args.public} is missing: run python3 build.py first", file=sys.stderr)
        return 2
    table = rows(args.public, args.min_kb * 1000)
    print(f"{'file':58s} {'MB':>7s} {'gzip -9':>8s} {'deflate':>8s} {'share':>6s}  {'loaded':32s} twin")
    for r in table:
        print(f"{r['file'][:58]:58s} {r['bytes'] / 1e6:7.3f} {r['gzip'] / 1e6:8.3f} {r['deflate_raw'] / 1e6:8.3f} "
              f"{r['share']:6.0%}  {r['loaded']:32s} {'yes' if r['twin'] else '-'}")
    saved = sum(r["bytes"] - r["gzip"] for r in table if r["twin"])
    print(f"the shipped twins save {saved / 1e6:.2f} MB on the wire")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Which standard modules the page imports beyond those Pyodide imports at start, and whether
the site's trimmed standard library holds every one the app can reach.

    python3 build.py && python3 tools/stdlib_imports.py [--public public]

Runs the built site's Pyodide under Node, on the full standard library (``build.STDLIB_FULL``
when the site has it): loads every wheel of the site's lock, imports the UI (``web/tavolo_ui``)
and every game, starts a game of each, then imports every module of every installed package
(site-packages: the app, the engines, pydantic, ecdsa, ...; not ``__main__`` modules or tests),
and prints the standard modules that were imported after Pyodide's own start, with whether
build.py's ``STDLIB_PRECOMPILED`` covers them and whether the trimmed ``python_stdlib.zip``
holds them. Exit status 1 when one is missing from the trimmed zip (the page would then fetch
the full archive for it) or not precompiled. Keep ``STDLIB_PRECOMPILED`` in step with it.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

SCRIPT = r"""
import { pathToFileURL } from "node:url";
const [pyodideDir, uiDir, wheels, stdlib] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL: pyodideDir + "/" + stdlib });
const atStart = py.runPython("import sys; list(sys.modules)").toJs();
await py.loadPackage(JSON.parse(wheels), { messageCallback: () => {} });
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: uiDir }, "/host");
py.globals.set("at_start", atStart);
console.log(py.runPython(`
import json, sys
sys.path.insert(0, "/host")
import tavolo_ui.app, tavolo_ui.session
from engines import get_game, list_games
for name in list_games():
    g = get_game(name)
    s = g.new_game(g.min_players, 1)
    g.legal_actions(s)
    g.view(s, 0)
precompiled = {m for m, mod in list(sys.modules.items())
               if "python314.zip" in (getattr(mod, "__file__", None) or "")}
import importlib, pathlib, site
for folder in site.getsitepackages():
    base = pathlib.Path(folder)
    for path in sorted(base.rglob("*.py*")):
        rel = path.relative_to(base).with_suffix("")
        if path.suffix not in (".py", ".pyc") or "__pycache__" in rel.parts or any(
                p.endswith((".dist-info", ".data")) for p in rel.parts):
            continue
        parts = list(rel.parts[:-1]) if rel.name == "__init__" else list(rel.parts)
        if parts[-1] == "__main__" or any(p.startswith("test") for p in parts):
            continue
        try:
            importlib.import_module(".".join(parts))
        except BaseException:
            pass
start = set(at_start)
json.dumps({"played": sorted(m for m in precompiled if m not in start),
            "reached": sorted({(getattr(mod, "__file__", None) or "").split("python314.zip/", 1)[1]
                               for mod in list(sys.modules.values())
                               if "python314.zip/" in (getattr(mod, "__file__", None) or "")})})
`));
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--public", type=Path, default=ROOT / "public")
    args = ap.parse_args()
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None or not (args.public / "pyodide" / "pyodide.mjs").is_file():
        print("needs node and a built site (python3 build.py)", file=sys.stderr)
        return 2
    pyodide_dir = (args.public / "pyodide").resolve()
    full = build.STDLIB_FULL if (pyodide_dir / build.STDLIB_FULL).is_file() else "python_stdlib.zip"
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "probe.mjs"
        script.write_text(SCRIPT)
        out = subprocess.run([node, str(script), str(pyodide_dir), str((ROOT / "web").resolve()),
                              json.dumps(sorted(lock["packages"])), full],
                             capture_output=True, text=True, check=True)
    found = json.loads(out.stdout.strip().splitlines()[-1])
    with zipfile.ZipFile(pyodide_dir / "python_stdlib.zip") as zf:
        trimmed = build._zip_module_names(zf.namelist())
    not_precompiled = 0
    for m in found["played"]:
        covered = any(m == p or m.startswith(p + ".") for p in build.STDLIB_PRECOMPILED)
        not_precompiled += not covered
        print(f"{'ok ' if covered else 'NOT'} {m}")
    print(f"{len(found['played'])} modules imported after Pyodide's start by the UI and a game of each, "
          f"{not_precompiled} not precompiled")
    # by the file each module came from (os.path is posixpath's file)
    reached = sorted(build._zip_module_names(found["reached"]))
    outside = [m for m in reached if m not in trimmed]
    for m in outside:
        print(f"NOT in the trimmed python_stdlib.zip: {m}")
    print(f"{len(reached)} standard modules reached by importing every installed module, "
          f"{len(outside)} not in the trimmed python_stdlib.zip")
    return 1 if not_precompiled or outside else 0


if __name__ == "__main__":
    sys.exit(main())

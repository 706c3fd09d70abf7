"""Which standard modules the page imports beyond those Pyodide imports at start.

    python3 build.py && python3 tools/stdlib_imports.py [--public public]

Runs the built site's Pyodide under Node: loads ``tavolo-engines`` and every game's wheel
(``tavolo-engines-<game>``) from the site's lock,
imports the UI (``web/tavolo_ui``) and every game, starts a game of each, and prints the
standard modules (from ``python_stdlib.zip``) that were imported after Pyodide's own start,
with whether build.py's ``STDLIB_PRECOMPILED`` covers them. Keep that list in step with it.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

SCRIPT = r"""
import { pathToFileURL } from "node:url";
const [pyodideDir, uiDir, wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
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
start = set(at_start)
json.dumps(sorted(m for m, mod in list(sys.modules.items())
                  if m not in start and "python314.zip" in (getattr(mod, "__file__", None) or "")))
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
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "probe.mjs"
        script.write_text(SCRIPT)
        out = subprocess.run([node, str(script), str((args.public / "pyodide").resolve()),
                              str((ROOT / "web").resolve()),
                              json.dumps(["tavolo-engines"] + [build.game_wheel_name(g) for g in build.catalog_games()])],
                             capture_output=True, text=True, check=True)
    modules = json.loads(out.stdout.strip().splitlines()[-1])
    missing = 0
    for m in modules:
        covered = any(m == p or m.startswith(p + ".") for p in build.STDLIB_PRECOMPILED)
        missing += not covered
        print(f"{'ok ' if covered else 'NOT'} {m}")
    print(f"{len(modules)} modules imported after Pyodide's start, {missing} not precompiled")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())

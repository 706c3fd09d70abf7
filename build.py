#!/usr/bin/env python3
"""Build Tavolo's static, offline site into ``public/``.

    python3 build.py                 # build public/
    python3 build.py serve [--port N] # build, then serve public/ on http://127.0.0.1:N/ (default 8000)

Standard library only: a fresh machine needs python3 (>= 3.11), pip and npm.

What it does
------------
1. Fetches every pinned artifact with the ordinary clients into ``.cache/``
   (git-ignored) and verifies it:
   * npm ``pyodide`` and ``@pyscript/core`` with ``npm pack``; the tarball's
     sha512 must equal the pinned npm ``integrity`` (``NPM_PINS`` below);
   * the browser wheels with ``pip download --require-hashes`` from
     ``requirements-wasm.txt`` (every wheel pinned by version and sha256);
   * the engine wheel ``tavolo_engines-<version>-py3-none-any.whl`` is built
     from ``pyproject.toml`` with ``pip wheel --no-deps`` from a clean copy of
     the sources, cached under a hash of those sources (and built with a fixed
     SOURCE_DATE_EPOCH), so an unchanged engine keeps byte-identical wheels;
     it is split into the core's wheel ``tavolo-engines`` and one wheel per game,
     ``tavolo-engines-<game>`` (``split_engine_wheel``): the page loads the core at boot
     and a game's wheel when that game is opened.
   A warm cache is reused without any network access.
2. Assembles ``public/``:
   * ``web/`` copied whole;
   * ``pyodide/``: the Pyodide core files, every wheel, and a *trimmed*
     ``pyodide-lock.json`` generated from the shipped wheels (Pyodide resolves
     and sha256-checks packages from it, never from its CDN).  The build fails
     on a dependency that is not shipped, on two wheels with one name, and on
     a binary wheel whose tag is not ``cp314-cp314-pyemscripten_2026_0_wasm32``;
   * ``pyscript/``: the @pyscript/core dist without source maps;
   * ``pyscript.json``: the local interpreter only: ``main.py`` loads the
     ``tavolo-ui`` wheel (``web/tavolo_ui`` built by ``build_ui_wheel``) and, through
     the lock, the engines and pydantic with Pyodide's ``loadPackage`` (no micropip);
   * ``pyodide/python_stdlib.zip``: the standard library trimmed to the modules the app can
     reach, with the full one beside it for a module left out (``write_trimmed_stdlib``);
   * ``pyodide/pyodide.asm.wasm.gz``: the runtime's WebAssembly gzipped at build time
     (``write_gzip_twins``), which ``interpreter.mjs`` fetches and decompresses, so a host
     that sends files as they are sends a third of its bytes;
   * ``sw.js``: a service worker precaching every file, whose cache name is a
     hash of the site's content (a new deploy gets a new cache and the old one
     is deleted on activate), and ``sw-register.js`` which registers it after
     the page says it is ready (``tavolo-ready`` event).

The engine wheel's version comes from ``pyproject.toml``: bump it on every
release, since wheel file names are cache keys (HTTP cache).
"""

from __future__ import annotations

import argparse
import base64
import email.parser
import gzip
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
DEFAULT_OUT = ROOT / "public"
DEFAULT_WEB = ROOT / "web"
REQUIREMENTS_WASM = ROOT / "requirements-wasm.txt"

# npm packages: name -> (version, npm integrity of the tarball)
NPM_PINS = {
    "pyodide": (
        "314.0.7",
        "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==",
    ),
    "@pyscript/core": (
        "0.7.31",
        "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ==",
    ),
}
# The only binary wheel tag Pyodide 314.0.7 can load (lock info.abi_version 2026_0).
PYODIDE_ABI = "2026_0"
BINARY_TAG = "cp314-cp314-pyemscripten_2026_0_wasm32"
PYODIDE_CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# Standard modules that the engines, pydantic and the UI import beyond what Pyodide itself
# imports at start (found by `python3 tools/stdlib_imports.py`). Pyodide's python_stdlib.zip
# ships sources only, so build.py adds a pyc beside each of these (and their submodules);
# compiling the whole library instead would add 4.5 MB for modules the page never imports.
STDLIB_PRECOMPILED = ("_sysconfigdata__emscripten_wasm32-emscripten", "datetime", "decimal", "email",
                      "encodings.cp437", "fractions", "hmac", "html", "importlib.metadata", "ipaddress",
                      "numbers", "secrets", "sysconfig", "tarfile", "uuid", "zoneinfo",
                      "_pydatetime", "_pydecimal", "_strptime", "calendar", "quopri", "uu")
# The standard modules (and their submodules) that Pyodide itself imports while it starts,
# besides the frozen and built-in ones (`sys.modules` right after loadPyodide, under Node), with
# Pyodide's own packages. Without a memory snapshot (a first visit on a slow link) Python
# compiled each of them from source at every start: about 70% of Python's start, one task of
# many seconds on a slow phone's CPU (bench/boot.py --cpu 4). build.py adds their pycs too (the
# trimmed library then holds the pyc alone: 0.6 MB more on the wire), and interpreter.mjs
# imports the ones of PYODIDE_START_STEPS one task at a time before Pyodide's own bootstrap.
PYODIDE_START_MODULES = (
    "__future__", "_colorize", "_opcode_metadata", "_py_warnings", "_pyodide", "_ssl", "_weakrefset",
    "annotationlib", "ast", "asyncio", "base64", "bisect", "bz2", "codeop", "collections",
    "compression", "concurrent", "contextlib", "contextvars", "copy", "copyreg", "dataclasses",
    "dis", "encodings", "enum", "fnmatch", "functools",
    "glob", "heapq", "importlib", "inspect", "json", "keyword", "linecache", "locale", "logging",
    "lzma", "opcode", "operator", "pathlib", "pyodide", "random", "re", "reprlib", "selectors",
    "shutil", "signal", "socket", "ssl", "string", "struct", "subprocess", "tempfile",
    "textwrap", "threading", "token", "tokenize", "traceback", "types", "typing", "warnings",
    "weakref", "zipfile",
)
# Those of PYODIDE_START_MODULES that interpreter.mjs imports before Pyodide's bootstrap, in
# this order, each in a task of its own (so that no single task of Python's start holds the
# page for seconds): standard modules only (never Pyodide's own packages, whose import needs
# the bootstrap), the ones that import many others last, so that each step imports a few.
PYODIDE_START_STEPS = (
    "re", "enum", "functools", "collections", "types", "typing", "ast", "dis", "tokenize",
    "inspect", "traceback", "warnings", "logging", "threading", "locale", "struct", "socket",
    "selectors", "subprocess", "ssl", "asyncio.events", "asyncio.base_events", "asyncio",
    "concurrent.futures", "shutil", "tempfile", "zipfile", "pathlib", "json", "dataclasses",
    "random", "glob", "codeop",
)
# The package main.py asks Pyodide for; the lock brings in what it depends on.
BOOT_PACKAGE = "tavolo-ui"
# The environment of Pyodide 314 for evaluating dependency markers.
PYODIDE_MARKER_ENV = {
    "implementation_name": "cpython",
    "implementation_version": "3.14.2",
    "os_name": "posix",
    "platform_machine": "wasm32",
    "platform_python_implementation": "CPython",
    "platform_release": "",
    "platform_system": "Emscripten",
    "platform_version": "",
    "python_full_version": "3.14.2",
    "python_version": "3.14",
    "sys_platform": "emscripten",
    "extra": "",
}


class BuildError(Exception):
    """A build input is missing, wrong or inconsistent."""


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def canonical(name: str) -> str:
    """PEP 503 normalised project name."""
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def run(cmd: list[str], cwd: Path | None = None, env: dict | None = None) -> str:
    proc = subprocess.run(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise BuildError(f"command failed ({proc.returncode}): {' '.join(cmd)}\n"
                         f"{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return proc.stdout


# --------------------------------------------------------------------------- pins


def parse_requirements(path: Path) -> list[tuple[str, str, set[str]]]:
    """`name==version --hash=sha256:...` lines -> [(canonical name, version, {sha256})]."""
    pins = []
    text = path.read_text().replace("\\\n", " ")
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = re.match(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*([^\s;]+)(.*)$", line)
        if not m:
            raise BuildError(f"{path.name}:{lineno}: not pinned with ==: {raw!r}")
        hashes = set(re.findall(r"--hash[=\s]sha256:([0-9a-f]{64})", m.group(3)))
        if not hashes:
            raise BuildError(f"{path.name}:{lineno}: no sha256 hash: {raw!r}")
        pins.append((canonical(m.group(1)), m.group(2), hashes))
    return pins


# --------------------------------------------------------------------------- wheels -> lock


def wheel_filename_parts(file_name: str) -> tuple[str, str, str]:
    """-> (canonical name, version, 'python-abi-platform' tag) of a wheel file name."""
    if not file_name.endswith(".whl"):
        raise BuildError(f"not a wheel: {file_name}")
    parts = file_name[:-4].split("-")
    if len(parts) not in (5, 6):
        raise BuildError(f"bad wheel file name: {file_name}")
    return canonical(parts[0]), parts[1], "-".join(parts[-3:])


def _marker_applies(marker: str) -> bool:
    """Does a Requires-Dist marker hold in Pyodide 314 (no extras)?"""
    try:  # pip always ships packaging; use it when it is importable
        from pip._vendor.packaging.markers import Marker  # type: ignore
        return Marker(marker).evaluate(dict(PYODIDE_MARKER_ENV))
    except ImportError:  # pragma: no cover - pip without vendored packaging
        return "extra" not in marker  # conservative: anything but an extra is needed
    except Exception as exc:
        raise BuildError(f"cannot evaluate marker {marker!r}: {exc}") from exc


def requires_dist_names(requires: list[str]) -> list[str]:
    """Canonical names of the requirements that apply at run time (markers evaluated)."""
    names = []
    for req in requires:
        spec, _, marker = req.partition(";")
        m = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", spec)
        if not m:
            raise BuildError(f"bad Requires-Dist: {req!r}")
        if marker.strip() and not _marker_applies(marker.strip()):
            continue
        name = canonical(m.group(1))
        if name not in names:
            names.append(name)
    return names


def wheel_entry(path: Path) -> dict:
    """One pyodide-lock.json package entry, read from the wheel itself."""
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        meta_name = next((n for n in names if n.count("/") == 1
                          and n.split("/")[0].endswith(".dist-info") and n.endswith("/METADATA")), None)
        if meta_name is None:
            raise BuildError(f"{path.name}: no .dist-info/METADATA")
        meta = email.parser.Parser().parsestr(zf.read(meta_name).decode("utf-8"))
        top_level = next((n for n in names if n.count("/") == 1
                          and n.split("/")[0].endswith(".dist-info") and n.endswith("/top_level.txt")), None)
        top_text = zf.read(top_level).decode() if top_level else ""
    imports = set()
    for n in names:
        head = n.split("/")[0]
        if head.endswith((".dist-info", ".data")):
            continue
        if "/" in n and n.count("/") == 1 and n.endswith("/__init__.py"):
            imports.add(head)
        elif "/" not in n and n.endswith((".py", ".so")):
            imports.add(n.split(".")[0])
    imports |= {t.strip() for t in top_text.splitlines() if t.strip() and not t.startswith("_")}
    name, version = meta["Name"], meta["Version"]
    fn_name, fn_version, _tag = wheel_filename_parts(path.name)
    if fn_name != canonical(name) or fn_version != version:
        raise BuildError(f"{path.name}: file name does not match its metadata ({name} {version})")
    return {
        "name": name,
        "version": version,
        "file_name": path.name,
        "install_dir": "site",
        "sha256": sha256_file(path),
        "package_type": "package",
        "imports": sorted(imports),
        "depends": requires_dist_names(meta.get_all("Requires-Dist") or []),
        "unvendored_tests": False,
    }


def check_tag(file_name: str) -> None:
    """Pure wheels (py3-none-any) pass; a binary wheel must be built for Pyodide 314."""
    _name, _version, tag = wheel_filename_parts(file_name)
    pythons, abi, platform = tag.split("-")
    pure = abi == "none" and platform == "any" and all(p.startswith("py") for p in pythons.split("."))
    if not pure and tag != BINARY_TAG:
        raise BuildError(f"{file_name}: binary wheel tag {tag} is not {BINARY_TAG}; "
                         f"Pyodide 314 (ABI {PYODIDE_ABI}) cannot load it")


def make_lock(wheels: list[Path], info: dict) -> dict:
    """The trimmed pyodide-lock.json for exactly these wheels; raises BuildError when inconsistent."""
    if info.get("abi_version") != PYODIDE_ABI:
        raise BuildError(f"upstream lock abi_version {info.get('abi_version')!r} is not {PYODIDE_ABI}")
    packages: dict[str, dict] = {}
    errors = []
    for path in sorted(wheels, key=lambda p: p.name):
        try:
            check_tag(path.name)
            entry = wheel_entry(path)
        except BuildError as exc:
            errors.append(str(exc))
            continue
        key = canonical(entry["name"])
        if key in packages:
            errors.append(f"two wheels named {key}: {packages[key]['file_name']} and {path.name}")
            continue
        packages[key] = entry
    for key, entry in packages.items():
        for dep in entry["depends"]:
            if dep not in packages:
                errors.append(f"{entry['file_name']} needs {dep}, which is not shipped")
    if errors:
        raise BuildError("pyodide-lock.json:\n  " + "\n  ".join(errors))
    return {"info": dict(info), "packages": dict(sorted(packages.items()))}


def dependency_order(lock: dict) -> list[str]:
    """Package keys with every dependency before its dependents (stable, by name)."""
    order: list[str] = []
    seen: set[str] = set()

    def visit(key: str, stack: tuple = ()) -> None:
        if key in seen:
            return
        if key in stack:
            raise BuildError(f"dependency cycle: {' -> '.join(stack + (key,))}")
        for dep in lock["packages"][key]["depends"]:
            visit(dep, stack + (key,))
        seen.add(key)
        order.append(key)

    for key in sorted(lock["packages"]):
        visit(key)
    return order


# --------------------------------------------------------------------------- fetching


def npm_integrity(path: Path) -> str:
    h = hashlib.sha512()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return "sha512-" + base64.b64encode(h.digest()).decode()


def _extract_tgz(tgz: Path, dest: Path) -> None:
    tmp = dest.with_name(dest.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    with tarfile.open(tgz) as tf:
        members = []
        for m in tf.getmembers():
            parts = Path(m.name).parts
            if len(parts) < 2 or ".." in parts or m.issym() or m.islnk():
                continue
            m.name = str(Path(*parts[1:]))  # strip "package/"
            members.append(m)
        kwargs = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
        tf.extractall(tmp, members=members, **kwargs)
    shutil.rmtree(dest, ignore_errors=True)
    tmp.rename(dest)


def fetch_npm(cache: Path = CACHE) -> dict[str, Path]:
    """npm pack each pinned package, verify its integrity, unpack; -> name -> package dir."""
    npm_dir = cache / "npm"
    npm_dir.mkdir(parents=True, exist_ok=True)
    out = {}
    for name, (version, integrity) in NPM_PINS.items():
        tgz = npm_dir / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
        pkg_dir = npm_dir / f"{name.lstrip('@').replace('/', '-')}-{version}"
        stamp = pkg_dir / ".tavolo-integrity"
        if stamp.is_file() and stamp.read_text() == integrity:
            out[name] = pkg_dir
            continue
        if not tgz.is_file() or npm_integrity(tgz) != integrity:
            log(f"npm pack {name}@{version}")
            tgz.unlink(missing_ok=True)
            run(["npm", "pack", "--ignore-scripts", "--silent", f"{name}@{version}"], cwd=npm_dir)
        if not tgz.is_file():
            raise BuildError(f"npm pack did not produce {tgz.name}")
        got = npm_integrity(tgz)
        if got != integrity:
            tgz.unlink()
            raise BuildError(f"{name}@{version}: integrity {got} is not the pinned {integrity}")
        _extract_tgz(tgz, pkg_dir)
        stamp.write_text(integrity)
        out[name] = pkg_dir
    return out


def _find_pinned(wheel_dir: Path, pins) -> tuple[dict[str, Path], list[str]]:
    found, missing = {}, []
    files = sorted(wheel_dir.glob("*.whl")) if wheel_dir.is_dir() else []
    for name, version, hashes in pins:
        match = None
        for f in files:
            try:
                fname, fversion, _ = wheel_filename_parts(f.name)
            except BuildError:
                continue
            if fname == name and fversion == version and sha256_file(f) in hashes:
                match = f
                break
        if match is None:
            missing.append(f"{name}=={version}")
        else:
            found[name] = match
    return found, missing


def fetch_wheels(requirements: Path = REQUIREMENTS_WASM, cache: Path = CACHE) -> list[Path]:
    """pip download the pinned browser wheels (hash-checked); -> the verified wheel files."""
    pins = parse_requirements(requirements)
    wheel_dir = cache / "wheels"
    found, missing = _find_pinned(wheel_dir, pins)
    if missing:
        log(f"pip download {', '.join(missing)}")
        wheel_dir.mkdir(parents=True, exist_ok=True)
        run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
             "--require-hashes", "--disable-pip-version-check",
             "--python-version", "3.14", "--implementation", "cp", "--abi", "cp314",
             "--platform", "pyemscripten_2026_0_wasm32", "--platform", "any",
             "-r", str(requirements), "-d", str(wheel_dir)])
        found, missing = _find_pinned(wheel_dir, pins)
        if missing:
            raise BuildError(f"after pip download, no wheel with a pinned hash for: {', '.join(missing)}")
    return [found[name] for name, _v, _h in pins]


def _engine_sources(root: Path) -> list[Path]:
    files = [root / "pyproject.toml"]
    for p in sorted((root / "engines").rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo"):
            files.append(p)
    return files


def project_version(root: Path = ROOT) -> str:
    """The engines' version, from ``engines/version.py`` (pyproject.toml reads it there too)."""
    text = (root / "engines" / "version.py").read_text()
    m = re.search(r'(?m)^__version__\s*=\s*"([^"]+)"', text)
    if not m:
        raise BuildError("no __version__ in engines/version.py")
    return m.group(1)


def build_engine_wheel(root: Path = ROOT, cache: Path = CACHE) -> Path:
    """The engine wheel, rebuilt only when pyproject.toml or engines/ changed."""
    sources = _engine_sources(root)
    h = hashlib.sha256()
    for p in sources:
        h.update(str(p.relative_to(root)).encode() + b"\0" + p.read_bytes() + b"\0")
    key = h.hexdigest()[:16]
    out_dir = cache / "engine" / key
    wheels = sorted(out_dir.glob("tavolo_engines-*.whl")) if out_dir.is_dir() else []
    if len(wheels) == 1:
        return wheels[0]
    log(f"pip wheel tavolo-engines {project_version(root)} (sources {key})")
    with tempfile.TemporaryDirectory(prefix="tavolo-engine-") as tmp:
        src = Path(tmp) / "src"
        for p in sources:
            dest = src / p.relative_to(root)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, dest)
        built = Path(tmp) / "wheel"
        env = dict(os.environ, SOURCE_DATE_EPOCH="315532800", PIP_DISABLE_PIP_VERSION_CHECK="1")
        run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(built), str(src)], env=env)
        got = sorted(built.glob("*.whl"))
        if len(got) != 1 or not got[0].name.endswith("-py3-none-any.whl"):
            raise BuildError(f"pip wheel gave {[g.name for g in got]}, expected one py3-none-any wheel")
        shutil.rmtree(out_dir, ignore_errors=True)
        out_dir.mkdir(parents=True)
        shutil.copy2(got[0], out_dir / got[0].name)
    # keep the few most recent engine builds, drop older ones
    older = sorted((d for d in (cache / "engine").iterdir() if d.is_dir() and d != out_dir),
                   key=lambda d: d.stat().st_mtime, reverse=True)
    for d in older[3:]:
        shutil.rmtree(d, ignore_errors=True)
    return out_dir / got[0].name


# --------------------------------------------------------------------------- one wheel per game

# A link to one game should download that game only. So the wheel pip builds from
# pyproject.toml (the one project of the engines) is split here into the core's wheel,
# ``tavolo-engines`` (``engines/core``, ``engines/catalog.json``, which lists the games for the
# home screen, and the top package), and one wheel per game of the catalog,
# ``tavolo-engines-<game>`` (``engines/<game>/``: its code, data, texts and guide), which
# requires the core's wheel of the same version. The UI's wheel needs the core only: the page
# loads a game's wheel when it opens that game (``tavolo_ui.game_load``). Written with zipfile
# from the built wheel, with fixed timestamps: an unchanged source gives byte-identical wheels.
GAME_WHEEL_PREFIX = "tavolo-engines-"


def game_wheel_name(game: str) -> str:
    """The lock's name of game ``game``'s wheel (``tavolo-engines-<game>``)."""
    return GAME_WHEEL_PREFIX + game


def catalog_games(root: Path = ROOT) -> list[str]:
    """The games of ``engines/catalog.json``, in the home screen's order."""
    return list(json.loads((root / "engines" / "catalog.json").read_text("utf-8"))["games"])


def _write_wheel(out: Path, files: list[tuple[str, bytes]], dist: str) -> None:
    """A wheel of ``files`` plus ``dist``/RECORD, written with fixed timestamps (via a
    ``.part`` file, so a build stopped half-way leaves no broken wheel)."""
    record = "".join(_record_line(n, d) + "\n" for n, d in files) + f"{dist}/RECORD,,\n"
    files = files + [(f"{dist}/RECORD", record.encode())]
    tmp = out.with_name(out.name + ".part")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files:
            zf.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data,
                        compress_type=zipfile.ZIP_DEFLATED)
    os.replace(tmp, out)


def split_engine_wheel(wheel: Path, games: list[str], out_dir: Path) -> tuple[Path, dict[str, Path]]:
    """The engine wheel ``wheel`` split into the core's wheel and one wheel per game of
    ``games`` (see above), written into ``out_dir``; -> (core wheel, {game: its wheel}).
    Every file of ``wheel`` lands in exactly one of them; a game the wheel does not hold is a
    ``BuildError``."""
    _name, version, _tag = wheel_filename_parts(wheel.name)
    with zipfile.ZipFile(wheel) as zf:
        members = [(i.filename, zf.read(i)) for i in zf.infolist() if not i.is_dir()]
    core_dist = f"tavolo_engines-{version}.dist-info"
    parts: dict[str, list[tuple[str, bytes]]] = {game: [] for game in games}
    core: list[tuple[str, bytes]] = []
    for name, data in members:
        if name == f"{core_dist}/RECORD":
            continue  # written again for what the core keeps
        game = name.split("/")[1] if name.startswith("engines/") and name.count("/") >= 2 else None
        (parts[game] if game in parts else core).append((name, data))
    out_dir.mkdir(parents=True, exist_ok=True)
    core_wheel = out_dir / wheel.name
    _write_wheel(core_wheel, core, core_dist)
    game_wheels = {}
    for game, files in parts.items():
        if not any(n == f"engines/{game}/__init__.py" for n, _d in files):
            raise BuildError(f"{wheel.name} holds no package engines/{game} (engines/catalog.json lists it)")
        dist_name = canonical(game_wheel_name(game)).replace("-", "_")
        dist = f"{dist_name}-{version}.dist-info"
        files = files + [
            (f"{dist}/METADATA", (f"Metadata-Version: 2.1\nName: {game_wheel_name(game)}\nVersion: {version}\n"
                                  f"Summary: Tavolo's rules of {game}\n"
                                  f"Requires-Dist: tavolo-engines=={version}\n").encode()),
            (f"{dist}/WHEEL", b"Wheel-Version: 1.0\nGenerator: tavolo build.py\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n"),
            (f"{dist}/top_level.txt", b"engines\n"),
        ]
        game_wheels[game] = out_dir / f"{dist_name}-{version}-py3-none-any.whl"
        _write_wheel(game_wheels[game], files, dist)
    return core_wheel, game_wheels


def game_wheels(lock: dict) -> dict[str, str]:
    """Each game's wheel in ``lock`` by game: {"citadels": "tavolo-engines-citadels", ...}."""
    return {key[len(GAME_WHEEL_PREFIX):]: key for key in sorted(lock["packages"]) if key.startswith(GAME_WHEEL_PREFIX)}


def build_game_wheels(root: Path = ROOT, cache: Path = CACHE) -> tuple[Path, dict[str, Path]]:
    """The core's wheel and each game's (``split_engine_wheel`` of ``build_engine_wheel``),
    split again only when the engine wheel changed."""
    engine = build_engine_wheel(root, cache)
    games = catalog_games(root)
    out_dir = engine.parent / "split"
    _name, version, _tag = wheel_filename_parts(engine.name)
    wanted = [out_dir / engine.name] + [
        out_dir / f"{canonical(game_wheel_name(g)).replace('-', '_')}-{version}-py3-none-any.whl" for g in games]
    if all(p.is_file() for p in wanted):
        return wanted[0], dict(zip(games, wanted[1:]))
    return split_engine_wheel(engine, games, out_dir)


UI_PACKAGE = "tavolo_ui"  # web/tavolo_ui, shipped as the wheel "tavolo-ui"


def build_ui_wheel(web_dir: Path, cache: Path = CACHE) -> Path:
    """``web/tavolo_ui`` as a pure wheel ``tavolo_ui-<engines version>+<content hash>``.

    One request instead of one per module, byte-compiled and sha256-checked like the other
    wheels, and a new file name whenever the UI changes (so no cache keeps an old one).
    Written directly with zipfile (fixed timestamps: identical sources give identical bytes).
    """
    ui = web_dir / UI_PACKAGE
    sources = sorted(p for p in ui.rglob("*") if p.suffix in (".py", ".json", ".md")  # code, texts, rules
                     and p.is_file() and "__pycache__" not in p.parts)
    if not any(p.suffix == ".py" for p in sources):
        raise BuildError(f"no Python files in {ui}")
    h = hashlib.sha256()
    for p in sources:
        h.update(p.relative_to(web_dir).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    version = f"{project_version()}+{h.hexdigest()[:10]}"
    dist = f"{UI_PACKAGE}-{version}.dist-info"
    files = [(p.relative_to(web_dir).as_posix(), p.read_bytes()) for p in sources]
    files.append((f"{dist}/METADATA", (
        "Metadata-Version: 2.1\nName: tavolo-ui\n"
        f"Version: {version}\nSummary: Tavolo's game shell and board renderers (PyScript)\n"
        f"Requires-Dist: tavolo-engines=={project_version()}\n").encode()))
    files.append((f"{dist}/WHEEL", b"Wheel-Version: 1.0\nGenerator: tavolo build.py\n"
                                   b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    files.append((f"{dist}/top_level.txt", f"{UI_PACKAGE}\n".encode()))
    out = cache / "ui" / f"{UI_PACKAGE}-{version}-py3-none-any.whl"
    if not out.is_file():
        out.parent.mkdir(parents=True, exist_ok=True)
        _write_wheel(out, files, dist)
        for old in out.parent.glob(f"{UI_PACKAGE}-*.whl"):  # keep the cache small
            if old != out and old.stat().st_mtime < out.stat().st_mtime - 3600:
                old.unlink()
    return out


# --------------------------------------------------------------------------- byte-compiling

# Importing pydantic from source costs seconds in the browser (CPython compiles every module
# in wasm; Pyodide does not write __pycache__).  So each shipped wheel is made sourceless, as
# Pyodide's own packages are: every `mod.py` becomes `mod.pyc` compiled *by Pyodide 314 itself*
# (run under Node from the npm package), an unchecked-hash pyc (PEP 552); RECORD lists the new
# files.  The downloaded wheels are verified against their pinned hashes first; the lock's
# sha256 is that of the shipped (compiled) file.
COMPILE_VERSION = "4"  # bump when what add_pycs writes changes (it is part of the cache key)
_NODE_COMPILER = r"""
import { pathToFileURL } from "node:url";
const [pyodideDir, buildPy, jobsJson] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/host");
py.globals.set("build_py", "/host" + buildPy);
py.globals.set("jobs_json", jobsJson);
const out = py.runPython(`
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("tavolo_build", build_py)
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
counts = [mod.add_pycs("/host" + src, "/host" + dst, layout) for src, dst, layout in json.loads(jobs_json)]
json.dumps({"cache_tag": sys.implementation.cache_tag, "counts": counts})
`);
console.log(out);
"""


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _hash_pyc(name: str, source: bytes) -> bytes | None:
    """An unchecked-hash pyc of ``source`` for this interpreter (None: not valid Python here)."""
    import importlib.util
    from importlib import _bootstrap_external as bootstrap

    try:
        code = compile(source, name, "exec", dont_inherit=True)
    except SyntaxError:
        return None  # never importable here anyway
    return bytes(bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(source), False))


def _stdlib_module(name: str) -> str:
    """``email/mime/text.py`` -> ``email.mime.text``; ``email/__init__.py`` -> ``email``."""
    mod = name[:-3].replace("/", ".")
    return mod[: -len(".__init__")] if mod.endswith(".__init__") else mod


def add_pycs(src, dst, layout: str = "wheel") -> int:
    """Copy zip `src` to `dst` with unchecked-hash pycs for this interpreter; -> how many.

    ``layout="wheel"``: a sourceless wheel, as Pyodide ships its own packages: each
    ``pkg/mod.py`` that compiles is replaced by ``pkg/mod.pyc`` (imported by Python's
    sourceless loader), and the wheel's RECORD lists the pycs instead of the sources. Half the
    files and bytes to unpack at boot, and nothing to stat or check when importing (measured
    with ``bench/boot.py``); a traceback in the page then shows file and line but not the
    source text. A file that does not compile stays as it is.
    ``layout="stdlib"``: ``mod.pyc`` beside ``mod.py``, where ``zipimport`` looks for it, for
    the modules of ``STDLIB_PRECOMPILED`` and ``PYODIDE_START_MODULES`` and their submodules
    (Pyodide's ``python_stdlib.zip`` ships sources only, so every standard module Pyodide,
    pydantic and the app import was compiled at each boot).
    Runs under Pyodide for the shipped files (see ``compile_zips``); it is plain Python, so the
    CPython tests exercise the zip/RECORD logic too.
    """
    if layout not in ("wheel", "stdlib"):
        raise ValueError(f"unknown layout {layout!r}")
    src, dst = Path(src), Path(dst)
    with zipfile.ZipFile(src) as zin:
        infos = zin.infolist()
        names = {i.filename for i in infos}
        record = None
        if layout == "wheel":
            record = next((n for n in names if n.count("/") == 1 and n.endswith(".dist-info/RECORD")), None)
            if record is None:
                raise BuildError(f"{src.name}: no .dist-info/RECORD")
        pycs: dict[str, tuple[str, bytes]] = {}  # source name -> (pyc name, pyc bytes)
        for info in infos:
            name = info.filename
            if not name.endswith(".py") or name.split("/")[0].endswith((".dist-info", ".data")):
                continue
            if layout == "stdlib" and not any(_stdlib_module(name) == m or _stdlib_module(name).startswith(m + ".")
                                              for m in STDLIB_PRECOMPILED + PYODIDE_START_MODULES):
                continue
            pyc = name[:-3] + ".pyc"
            if pyc in names:
                continue
            data = _hash_pyc(name, zin.read(info))
            if data is not None:
                pycs[name] = (pyc, data)
        tmp = dst.with_name(dst.name + ".part")
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zout:
            for info in infos:
                if info.filename == record:
                    continue
                if info.filename in pycs:
                    pyc, data = pycs[info.filename]
                    zout.writestr(zipfile.ZipInfo(pyc, date_time=(1980, 1, 1, 0, 0, 0)), data,
                                  compress_type=zipfile.ZIP_DEFLATED)
                    if layout == "wheel":
                        continue  # sourceless: the pyc replaces the source
                zout.writestr(info, zin.read(info))
            if record is not None:
                lines = [ln for ln in zin.read(record).decode("utf-8").splitlines() if ln.strip()]
                out_lines = ([ln for ln in lines if ln.split(",", 1)[0] not in pycs]
                             + [_record_line(pyc, data) for pyc, data in pycs.values()])
                rinfo = next(i for i in infos if i.filename == record)
                zout.writestr(rinfo, ("\n".join(out_lines) + "\n").encode("utf-8"))
    os.replace(tmp, dst)
    return len(pycs)


def compile_zips(zips: list[tuple[Path, str]], pyodide_dir: Path, cache: Path = CACHE) -> list[Path]:
    """Each (zip, layout) with Pyodide-compiled pycs added (see ``add_pycs``), cached by the input's hash."""
    version = NPM_PINS["pyodide"][0]
    out, jobs = [], []
    for z, layout in zips:
        # the stdlib's key names the modules it compiles: a module added to either list is compiled
        modules = " ".join(STDLIB_PRECOMPILED + PYODIDE_START_MODULES) if layout == "stdlib" else ""
        key = hashlib.sha256(f"{sha256_file(z)} {version} {COMPILE_VERSION} {layout} {modules}".encode()).hexdigest()[:16]
        dst = cache / "compiled" / key / z.name
        out.append(dst)
        if not dst.is_file():
            dst.parent.mkdir(parents=True, exist_ok=True)
            jobs.append((str(Path(z).resolve()), str(dst.resolve()), layout))
    if jobs:
        node = shutil.which("node") or shutil.which("nodejs")
        if node is None:
            raise BuildError("node is needed to byte-compile the wheels with Pyodide "
                             "(or build with --no-compile)")
        log(f"byte-compiling {len(jobs)} file(s) with Pyodide {version} under Node")
        with tempfile.TemporaryDirectory(prefix="tavolo-compile-") as tmp:
            script = Path(tmp) / "compile.mjs"
            script.write_text(_NODE_COMPILER)
            result = run([node, str(script), str(pyodide_dir.resolve()), str(Path(__file__).resolve()),
                          json.dumps(jobs)])
        try:
            info = json.loads(result.strip().splitlines()[-1])
        except (ValueError, IndexError) as exc:
            raise BuildError(f"unexpected output of the Pyodide compiler: {result[-2000:]}") from exc
        if info.get("cache_tag") != "cpython-314":
            raise BuildError(f"Pyodide compiled for {info.get('cache_tag')}, expected cpython-314")
    # keep the cache small: the files in use plus the ten most recent others
    root = cache / "compiled"
    keep = {p.parent for p in out}
    others = sorted((d for d in root.iterdir() if d.is_dir() and d not in keep),
                    key=lambda d: d.stat().st_mtime, reverse=True)
    for d in others[10:]:
        shutil.rmtree(d, ignore_errors=True)
    return out


# --------------------------------------------------------------------------- trimmed standard library

# Pyodide's python_stdlib.zip holds the whole standard library (3.1 MB with the build's pycs),
# and a first visit downloads all of it before Python starts, though the page imports a third
# of it. So the site ships a trimmed one under that name, with only the modules the app can
# reach (``stdlib_reached``, run under the site's own Pyodide at build time), and the full
# archive beside it (STDLIB_FULL), which is downloaded only when a module left out is imported:
# ``_tavolo_stdlib`` (STDLIB_FALLBACK_SOURCE, inside the trimmed zip) puts a finder at the end
# of ``sys.meta_path`` that loads such a module from the full archive, fetched synchronously
# once and checked against its sha256. interpreter.mjs installs it in the page and in the bots'
# worker right after Pyodide has started, so a module this walk missed makes one slow import,
# never a broken page.
STDLIB_FULL = "python_stdlib_full.zip"
"""The untrimmed standard library in ``pyodide/``, for the fallback."""
STDLIB_FALLBACK = "_tavolo_stdlib"
"""The fallback's module, at the top of the trimmed zip."""
STDLIB_WALK_VERSION = "1"  # bump when what stdlib_reached finds changes (part of its cache key)
STDLIB_ROOTS = ("hashlib", "zipimport", "pyodide", "_pyodide", "encodings.utf_8", "encodings.utf_8_sig",
                "encodings.utf_16", "encodings.utf_32", "encodings.latin_1", "encodings.ascii",
                "encodings.idna", "encodings.punycode", "encodings.unicode_escape",
                "encodings.raw_unicode_escape", "encodings.charmap", "encodings.cp437",
                "encodings.base64_codec", "encodings.hex_codec")
"""Standard modules kept whatever the walk finds: those the fallback itself imports (it must
not need the full archive to load the full archive), Pyodide's own packages (JavaScript calls
into them), and the codecs a text may name at run time (``str.encode("latin-1")``)."""

_NODE_STDLIB_WALK = r"""
import { pathToFileURL } from "node:url";
const [pyodideDir, buildPy, rootsJson] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
const atStart = py.runPython("import sys; list(sys.modules)").toJs();
const lock = JSON.parse((await import("node:fs")).readFileSync(pyodideDir + "/pyodide-lock.json", "utf8"));
await py.loadPackage(Object.keys(lock.packages), { messageCallback: () => {} });
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/host");
py.globals.set("build_py", "/host" + buildPy);
py.globals.set("roots_json", rootsJson);
py.globals.set("at_start", atStart);
console.log(py.runPython(`
import importlib.util, json
spec = importlib.util.spec_from_file_location("tavolo_build", build_py)
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
json.dumps(mod.stdlib_reached(json.loads(roots_json), list(at_start)))
`));
"""


def _zip_module_names(names) -> set[str]:
    """The module names of a standard library zip's entries (``email/mime/text.py`` ->
    ``email.mime.text``; a package's ``__init__`` -> the package)."""
    mods = set()
    for name in names:
        if name.endswith((".py", ".pyc")) and "__pycache__" not in name:
            mods.add(_stdlib_module(name[:-1] if name.endswith(".pyc") else name))
    return mods


def _code_imports(code) -> set[str]:
    """Every absolute module name a code object (and the functions and classes in it) may
    import: ``import a.b`` -> a.b; ``from a import b`` -> a and a.b (b may be a submodule).
    Relative imports give names that are no standard module, and are dropped by the caller."""
    import dis
    import types

    found: set[str] = set()
    todo = [code]
    while todo:
        c = todo.pop()
        last = None
        for ins in dis.get_instructions(c):
            if ins.opname == "IMPORT_NAME":
                last = ins.argval
                if last:
                    found.add(last)
            elif ins.opname == "IMPORT_FROM" and last:
                found.add(f"{last}.{ins.argval}")
        todo.extend(k for k in c.co_consts if isinstance(k, types.CodeType))
    return found


def _file_code(path: Path):
    """The code object of a module file, from its source or, for a sourceless ``.pyc``, its
    marshalled code (16-byte header); None when it cannot be read here."""
    import marshal

    try:
        if path.suffix == ".pyc":
            return marshal.loads(path.read_bytes()[16:])
        return compile(path.read_bytes(), str(path), "exec", dont_inherit=True)
    except (SyntaxError, ValueError, EOFError, TypeError):
        return None


def stdlib_reached(roots: list[str], at_start: list[str]) -> list[str]:
    """The standard modules (from the running interpreter's python_stdlib.zip) that the
    installed packages can reach; runs under Pyodide (``_NODE_STDLIB_WALK``), after every
    wheel of the site was loaded.

    What counts: the modules Pyodide had imported at its start (``at_start``); every module
    that importing each module of site-packages (the app, the engines, pydantic, ecdsa, ...)
    imports; every standard module named by an ``import`` anywhere in their code (inside
    functions too), imported here in turn so that what it imports counts; and ``roots`` with
    every submodule of a root package. Modules named ``__main__`` and tests are not imported."""
    import importlib
    import site
    import sys

    archive = next(p for p in sys.path if p.endswith(".zip"))
    with zipfile.ZipFile(archive) as zf:
        in_zip = _zip_module_names(zf.namelist())

    def attempt(name: str) -> None:
        try:
            importlib.import_module(name)
        except BaseException:  # noqa: BLE001 - a module that fails here still counts what it imported
            pass

    named: set[str] = set()
    installed: list[str] = []
    for folder in site.getsitepackages():
        base = Path(folder)
        for path in sorted(base.rglob("*.py*")):
            rel = path.relative_to(base)
            if path.suffix not in (".py", ".pyc") or "__pycache__" in rel.parts or any(
                    part.endswith((".dist-info", ".data")) for part in rel.parts):
                continue
            mod = _stdlib_module(rel.as_posix()[:-1] if path.suffix == ".pyc" else rel.as_posix())
            leaf = mod.rsplit(".", 1)[-1]
            if leaf == "__main__" or leaf.startswith("test") or ".tests" in f".{mod}":
                continue
            code = _file_code(path)
            if code is not None:
                named |= _code_imports(code)
            installed.append(mod)
    for mod in installed:
        attempt(mod)
    for name in sorted(set(roots) | named):
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            if ".".join(parts[:i]) in in_zip:
                attempt(".".join(parts[:i]))
    for root in roots:  # a root package: every submodule too
        for mod in sorted(in_zip):
            if mod.startswith(root + ".") and not mod.rsplit(".", 1)[-1].startswith("test"):
                attempt(mod)
    reached = {m for m in at_start if m in in_zip}
    reached |= {name for name, module in list(sys.modules.items())
                if name in in_zip and archive in (getattr(module, "__file__", None) or "")}
    for name in list(reached):  # a module's packages
        parts = name.split(".")
        reached |= {".".join(parts[:i]) for i in range(1, len(parts))}
    return sorted(reached)


def pyscript_imports(pyscript_dist: Path) -> list[str]:
    """The modules PyScript's own Python (shipped inside its JavaScript as text) imports:
    ``import x`` and ``from x import`` at the start of a line of any of its files."""
    found: set[str] = set()
    pattern = re.compile(r"\\n[ \t]*(?:import|from)[ \t]+([A-Za-z_][\w.]*)")
    for path in sorted(pyscript_dist.glob("*.js")):
        found |= set(pattern.findall(path.read_text("utf-8", errors="replace")))
    return sorted(found)


def walk_stdlib(pyodide_dir: Path, roots: list[str], cache: Path = CACHE) -> list[str]:
    """``stdlib_reached`` of the runtime and wheels in ``pyodide_dir`` (the site's, before the
    trim), run under Node; cached by the hash of every file there and of ``roots``."""
    h = hashlib.sha256(f"{STDLIB_WALK_VERSION} {json.dumps(sorted(roots))}".encode())
    for path in sorted(pyodide_dir.iterdir()):
        if path.is_file():
            h.update(path.name.encode() + b"\0" + sha256_file(path).encode())
    stash = cache / "stdlib-walk" / f"{h.hexdigest()[:16]}.json"
    if stash.is_file():
        return json.loads(stash.read_text())
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        raise BuildError("node is needed to find the standard modules the app imports")
    log("walking the imports the app can reach under Pyodide (Node)")
    with tempfile.TemporaryDirectory(prefix="tavolo-walk-") as tmp:
        script = Path(tmp) / "walk.mjs"
        script.write_text(_NODE_STDLIB_WALK)
        result = run([node, str(script), str(pyodide_dir.resolve()), str(Path(__file__).resolve()),
                      json.dumps(sorted(roots))])
    try:
        reached = json.loads(result.strip().splitlines()[-1])
    except (ValueError, IndexError) as exc:
        raise BuildError(f"unexpected output of the import walk: {result[-2000:]}") from exc
    stash.parent.mkdir(parents=True, exist_ok=True)
    for old in stash.parent.glob("*.json"):  # keep the cache small
        old.unlink()
    stash.write_text(json.dumps(reached))
    return reached


STDLIB_FALLBACK_SOURCE = '''\
"""Standard modules left out of this trimmed python_stdlib.zip (written by Tavolo's build.py,
trim_stdlib), loaded from the full archive when something imports one.

``install(fetch)`` puts ``FullArchive`` at the end of ``sys.meta_path``: asked for a module of
LEFT_OUT, which no other finder found, it calls ``fetch()`` once for the full archive's bytes
(interpreter.mjs: a synchronous request for ``pyodide/{full}``), checks them against FULL_SHA256,
writes them beside the trimmed zip and imports the module from there. ``loaded`` lists what came
from it (tests, and a page that wants to know).
"""

import sys

FULL_NAME = {full!r}
FULL_SHA256 = {sha256!r}
LEFT_OUT = frozenset({left_out!r})
loaded = []


class FullArchive:
    """A finder for the standard modules left out of the trimmed zip; the full archive is
    written in ``folder`` (Pyodide's in-memory /tmp)."""

    folder = "/tmp/"

    def __init__(self, fetch):
        self._fetch = fetch
        self._path = None

    def _archive(self):
        if self._path is None:
            import hashlib

            try:
                data = self._fetch()
            except Exception as exc:
                raise ImportError(f"the full standard library ({{FULL_NAME}}) could not be downloaded: {{exc}}") from None
            data = data.to_bytes() if hasattr(data, "to_bytes") else bytes(data)
            if hashlib.sha256(data).hexdigest() != FULL_SHA256:
                raise ImportError(f"the full standard library ({{FULL_NAME}}) arrived damaged (its sha256 does not match)")
            path = self.folder + FULL_NAME
            with open(path, "wb") as f:
                f.write(data)
            self._path = path
        return self._path

    def find_spec(self, name, path=None, target=None):
        if name not in LEFT_OUT:
            return None
        import zipimport

        folder = "/".join(name.split(".")[:-1])
        archive = self._archive()
        spec = zipimport.zipimporter(archive + "/" + folder + "/" if folder else archive).find_spec(name)
        if spec is not None:
            loaded.append(name)
        return spec


def install(fetch):
    """Put the finder at the end of sys.meta_path (once)."""
    if not any(isinstance(f, FullArchive) for f in sys.meta_path):
        sys.meta_path.append(FullArchive(fetch))
'''


def trim_stdlib(full: Path, keep: set[str], out: Path) -> dict:
    """Write ``out``: the standard library zip ``full`` with only the modules of ``keep`` (and
    the data files of their packages; a module the build compiled as its ``.pyc`` alone: a
    traceback shows no source line there, as in the wheels), plus ``STDLIB_FALLBACK`` naming every module left out
    and ``full``'s sha256; -> {"kept": n, "left_out": n}."""
    with zipfile.ZipFile(full) as zin:
        infos = zin.infolist()
        names = {i.filename for i in infos}
        modules = _zip_module_names(names)
        kept_packages = {m.replace(".", "/") for m in keep}
        left_out = sorted(modules - set(keep))
        tmp = out.with_name(out.name + ".part")
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zout:
            for info in infos:
                name = info.filename
                if name.endswith("/"):
                    continue
                if name.endswith((".py", ".pyc")) and "__pycache__" not in name:
                    if _zip_module_names([name]).pop() not in keep or name + "c" in names:
                        continue  # left out, or a source whose pyc is kept (the full archive has it)
                elif name.rpartition("/")[0] not in kept_packages:
                    continue  # a data file of a package left out
                zout.writestr(info, zin.read(info))
            source = STDLIB_FALLBACK_SOURCE.format(full=STDLIB_FULL, sha256=sha256_file(full),
                                                   left_out=tuple(left_out))
            zout.writestr(zipfile.ZipInfo(f"{STDLIB_FALLBACK}.py", date_time=(1980, 1, 1, 0, 0, 0)),
                          source, compress_type=zipfile.ZIP_DEFLATED)
    os.replace(tmp, out)
    return {"kept": len(modules) - len(left_out), "left_out": len(left_out)}


# --------------------------------------------------------------------------- memory snapshot

# Pyodide's boot is mostly the interpreter starting (seconds in a browser), and Pyodide can
# save the WebAssembly memory of a started interpreter and start from it later
# (``loadPyodide({_makeSnapshot})`` then ``makeMemorySnapshot()``; ``_loadSnapshot``; both
# experimental). The build makes one under Node from the site's own runtime, right after
# ``loadPyodide``: nothing imported (a module imported here would keep its import-time state,
# e.g. ``random``'s seed, in every later start), no binary extension loaded (Pyodide cannot
# snapshot one). ``interpreter.mjs`` starts from it when the service worker has cached it (a
# returning visitor), or, on a first visit, when its download is fast enough to be over within
# 1.5 s (``INTERPRETER_TEMPLATE``). It is gzipped (about 31 MB of memory, 6 MB on the wire)
# and named after a hash of the runtime it belongs to.
SNAPSHOT_VERSION = "2"  # bump when what make_snapshot writes changes
_NODE_SNAPSHOT = r"""
import { pathToFileURL } from "node:url";
import { writeFileSync } from "node:fs";
const [pyodideDir, outFile] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
// the program's name a browser gives (Emscripten's default); under Node it would be this
// script's path, a temporary folder's, kept in the memory (os.environ["_"]) and so in the file
const py = await loadPyodide({ indexURL: pyodideDir + "/", _makeSnapshot: true, _sysExecutable: "./this.program" });
if (py.runPython("1 + 1") !== 2) throw new Error("the interpreter does not add");
writeFileSync(outFile, py.makeMemorySnapshot());
console.log(JSON.stringify({ ok: true }));
"""


def write_trimmed_stdlib(pyodide_dir: Path, pyscript_dist: Path, cache: Path = CACHE) -> dict | None:
    """Replace ``pyodide_dir``'s python_stdlib.zip with the trimmed one (``trim_stdlib``) and
    keep the full archive beside it as ``STDLIB_FULL``; -> trim_stdlib's counts, or None
    without Node (the walk runs under Pyodide): the site then ships the full library alone."""
    stdlib = pyodide_dir / "python_stdlib.zip"
    if not (shutil.which("node") or shutil.which("nodejs")):
        log("the standard library is not trimmed: node is missing")
        return None
    reached = walk_stdlib(pyodide_dir, [*STDLIB_ROOTS, *pyscript_imports(pyscript_dist)], cache)
    os.replace(stdlib, pyodide_dir / STDLIB_FULL)
    counts = trim_stdlib(pyodide_dir / STDLIB_FULL, set(reached) | set(STDLIB_PRECOMPILED), stdlib)
    log(f"trimmed standard library: {counts['kept']} modules kept, {counts['left_out']} left out, "
        f"{(pyodide_dir / STDLIB_FULL).stat().st_size / 1e6:.2f} MB -> {stdlib.stat().st_size / 1e6:.2f} MB")
    return counts


def make_snapshot(pyodide_dir: Path) -> str | None:
    """A gzipped memory snapshot of Pyodide in ``pyodide_dir`` (the site's runtime), written
    there as ``snapshot-<hash>.bin.gz``; -> its file name, or None when it cannot be made (no
    Node, or Pyodide refused): the site then boots without one, as before."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        log("no memory snapshot: node is missing")
        return None
    h = hashlib.sha256(SNAPSHOT_VERSION.encode())
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        h.update(sha256_file(pyodide_dir / name).encode())
    name = f"snapshot-{h.hexdigest()[:16]}.bin.gz"
    with tempfile.TemporaryDirectory(prefix="tavolo-snapshot-") as tmp:
        script, raw = Path(tmp) / "snapshot.mjs", Path(tmp) / "snapshot.bin"
        script.write_text(_NODE_SNAPSHOT)
        try:
            run([node, str(script), str(pyodide_dir.resolve()), str(raw)])
        except BuildError as exc:
            log(f"no memory snapshot: {str(exc)[-300:]}")
            return None
        data = raw.read_bytes()
    # mtime 0: the same memory gives the same bytes
    (pyodide_dir / name).write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    log(f"memory snapshot: {len(data) / 1e6:.1f} MB, {(pyodide_dir / name).stat().st_size / 1e6:.1f} MB gzipped")
    return name


INTERPRETER_TEMPLATE = """\
// Generated by build.py from INTERPRETER_TEMPLATE: do not edit.
// PyScript's interpreter module (pyscript.json "interpreter"): Pyodide's own loadPyodide, with
// two changes.
// * Python starts from the build's memory snapshot of a booted interpreter when it can have it
//   in time, which skips most of the interpreter's start (about 1.5 s of a 2.3 s start on a
//   2-core machine). It comes from the service worker's cache (a returning visitor), else, in
//   the page, from the network if it arrives within SNAPSHOT_WITHIN_MS: the download is dropped
//   as soon as its pace says it would not, and Python then starts the usual way (the service
//   worker fetches the file with the rest of the site after the first visit anyway). A
//   snapshot that cannot be read or that Pyodide refuses also means the usual start.
//   <html data-pyodide-snapshot> says which happened: "used", "none", "slow" or "failed".
//   A damaged copy in the service worker's cache is found by gzip itself (its trailer holds a
//   CRC-32 and the length of what it holds: a truncated or changed file does not unzip; no hash
//   of our own is needed). The page then drops it and asks the service worker for a good copy
//   in its place ({repair: url}, see SW_TEMPLATE): one damaged file costs one slower start, not
//   one at every visit until the next deploy.
// * In the page, the UI's wheel (with the engines and pydantic) is in loadPyodide's own
//   "packages", so Pyodide fetches it while the interpreter starts. When any of the wheels it
//   needs did not load (download, sha256), they are loaded once more afterwards, to keep the
//   failure's words for main.py (globalThis.tavoloPackages: null when loaded, else the error).
//   (Pyodide marks the UI's wheel loaded even when a wheel it depends on failed: all are checked.)
// * The runtime's large files that build.py gzipped (GZIPPED: pyodide.asm.wasm) are fetched as
//   their ".gz" twin, checked by the browser against the twin's sha256 (the request's integrity)
//   before any byte is used, and decompressed here (DecompressionStream), so a host that sends
//   files as they are still sends a third of the bytes. Without DecompressionStream, or when
//   the twin cannot be had (a 404, a failed check or decompression), the plain file is fetched;
//   and so it is when the service worker has cached it (made from the twin: see SW_TEMPLATE).
// * While Pyodide starts, its requests for the wheels wait until the runtime's own large files
//   (RUNTIME_FILES: the WebAssembly and the standard library) have come in full: Pyodide asks
//   for the wheels as soon as it has read the lock file, and on a slow link their 3-4 MB then
//   shared the bandwidth with the runtime, which the interpreter needs before anything else
//   (the wheels are only unpacked once it has started, and download while it starts).
// * The standard library is the build's trimmed python_stdlib.zip (only the modules the app can
//   reach: build.py trim_stdlib); once Pyodide has started, the fallback's finder is installed
//   (withStdlibFallback), which loads a module left out from the full archive (STDLIB_FULL),
//   read synchronously once and checked against its sha256, so a module the build missed costs
//   one slow import, never a broken page.
// * Python's own start is cut into tasks (see startInSteps): on a slow phone's CPU it was one
//   task of many seconds (instantiating the runtime, Python's main, importing the standard
//   modules Pyodide needs, Pyodide's bootstrap, all chained by microtasks), and the page could
//   not even scroll meanwhile. Each step is marked ("tavolo:start:<step>", performance.mark).
// The bots' worker (bot_worker.mjs) starts its own Pyodide through this module too: the snapshot
// only from a cache, no packages (it loads its own wheel).
import { loadPyodide as bootPyodide, version } from "./pyodide/pyodide.mjs";

export { version };

const SNAPSHOT = __SNAPSHOT__;  // the file in ./pyodide/, or null when the build made none
const SNAPSHOT_BYTES = __SNAPSHOT_BYTES__;  // its size (a host may compress it again and not say)
// a first visit's download must be over within this time (a test may set it before the page's
// scripts run, as globalThis.tavoloSnapshotWithinMs)
const SNAPSHOT_WITHIN_MS = globalThis.tavoloSnapshotWithinMs ?? 1500;
const UI_WHEEL = __UI_WHEEL__;
const BOOT_WHEELS = __BOOT_WHEELS__;  // UI_WHEEL and every package it needs (pyodide-lock.json)
// each game's wheel (pyodide-lock.json), by game: the page opening on a game (boot.js's first
// screen: a share link's or the last game's frame, a New game form) loads it with the rest, so
// tavolo_ui.game_load finds it there instead of loading it after Python has started
const GAME_WHEELS = __GAME_WHEELS__;
const PAGE = Boolean(globalThis.document);
// The trimmed standard library's fallback (build.py trim_stdlib): its module in the trimmed zip,
// and the full archive in ./pyodide/ it loads a module left out from; null: the build did not trim
const STDLIB_FALLBACK = __STDLIB_FALLBACK__;
const STDLIB_FULL = __STDLIB_FULL__;
// {file name in ./pyodide/: the integrity of its gzipped twin "<name>.gz"} (build.py)
const GZIPPED = {} /* gzipped twins (build.py) */;

// The standard modules Pyodide imports while it starts, imported one task at a time before its
// bootstrap (build.PYODIDE_START_STEPS)
const START_STEPS = __START_STEPS__;

// how the last start began: "used", "none", "slow" or "failed" (the bots' worker reports it)
export let started = null;

function mark(how) {
  started = how;
  if (PAGE) document.documentElement.dataset.pyodideSnapshot = how;
}

class TooSlow extends Error {}

// A page that dropped the download remembers when (localStorage, a day), so that its next starts
// do not wait for the verdict again: on a reload the runtime may come from the HTTP cache at
// once, and then any wait for the snapshot would be lost time.
const SLOW_KEY = "tavolo:snapshot-slow";
const SLOW_FOR_MS = 24 * 3600 * 1000;

function recentlySlow() {
  try {
    const when = Number(localStorage.getItem(SLOW_KEY));
    return when > 0 && Date.now() - when < SLOW_FOR_MS;
  } catch (err) {
    return false;  // storage blocked: nothing remembered
  }
}

function rememberSlow() {
  try { localStorage.setItem(SLOW_KEY, String(Date.now())); } catch (err) { /* not remembered */ }
}

// A gzipped body decompressed (DecompressionStream), read piece by piece: the page's thread is
// given back to the browser (a new task, setTimeout) whenever the pieces since the last time
// took UNZIP_STEP_MS, so decompressing the snapshot's 31 MB is many short tasks instead of one
// task of a second on a slow phone's CPU, and the page stays responsive meanwhile.
const UNZIP_STEP_MS = 50;

function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function unzip(body) {
  const reader = body.pipeThrough(new DecompressionStream("gzip")).getReader();
  const pieces = [];
  let size = 0;
  let since = performance.now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pieces.push(value);
    size += value.length;
    if (performance.now() - since >= UNZIP_STEP_MS) {
      await nextTask();
      since = performance.now();
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.length;
  }
  return bytes;
}

// The snapshot's gzipped bytes from the network, or TooSlow when they are not all here within
// SNAPSHOT_WITHIN_MS of the request, or as soon as their pace says they would not be: judged
// from 400 ms on, when a new connection is past TCP's slow start on most links (judged earlier,
// a fast link would look slow), so a slow link lends it at most that long a share of its speed.
async function download(url, options) {
  const t0 = performance.now();
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), SNAPSHOT_WITHIN_MS);
  try {
    const response = await fetch(url, { ...options, signal: stop.signal });
    if (!response.ok) return null;
    const reader = response.body.getReader();
    const chunks = [];
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      const spent = performance.now() - t0;
      if (spent > 400 && spent * SNAPSHOT_BYTES / received > SNAPSHOT_WITHIN_MS) {
        stop.abort();
        throw new TooSlow();
      }
    }
    return new Blob(chunks).stream();
  } catch (err) {
    if (stop.signal.aborted) throw new TooSlow();
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

// A damaged snapshot found in the service worker's cache: the page drops it (from whichever
// cache holds it: the page may not be controlled, after a hard reload) and asks the service
// worker to put the network's copy in its place. Never throws; the worker leaves this to the page.
let fromCache = false;  // whether the snapshot being tried came from Cache Storage

async function dropDamaged(url) {
  if (!PAGE || !fromCache) return;
  try {
    for (const name of await caches.keys()) await (await caches.open(name)).delete(url);
    const sw = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (sw) sw.postMessage({ repair: url });
  } catch (err) {
    console.warn("Tavolo: the damaged snapshot could not be dropped", err);
  }
}

async function snapshotBytes() {
  if (!SNAPSHOT || typeof DecompressionStream !== "function") return null;
  const url = new URL("./pyodide/" + SNAPSHOT, import.meta.url).href;
  // the service worker's copy: Cache Storage only, no request (the name carries a hash of the
  // runtime, so whichever cache holds it, it belongs to this one)
  const hit = globalThis.caches ? await caches.match(url) : null;
  if (hit && hit.ok) {
    fromCache = true;
    try {
      return await unzip(hit.body);
    } catch (err) {
      await dropDamaged(url);
      throw err;
    }
  }
  // the worker: what the page left in the HTTP cache, never a download of its own
  if (!PAGE) {
    const body = await download(url, { cache: "only-if-cached", mode: "same-origin" }).catch(() => null);
    return body ? unzip(body) : null;
  }
  // the page: the network, while it is fast enough
  if (recentlySlow()) throw new TooSlow();
  try {
    const body = await download(url, {});
    return body ? unzip(body) : null;  // none on this site
  } catch (err) {
    if (err instanceof TooSlow) rememberSlow();
    throw err;
  }
}

// Pyodide fetches its WebAssembly and standard library itself (fetch(url, {})), so while it
// starts, fetch() is wrapped: a request for exactly one of the GZIPPED files gets the
// decompressed twin (see above); every other request goes through as it is. The wrapper is
// removed once Pyodide has started. Why a fetch wrapper: loadPyodide has no option for these
// two files but their URLs (indexURL, stdLibURL), and its WebAssembly is compiled from a
// Response (WebAssembly.instantiateStreaming, which needs content-type application/wasm).
const TYPES = { wasm: "application/wasm", zip: "application/zip" };

// The name of a requested file in ./pyodide/ ("pyodide.asm.wasm", "pydantic-....whl"), or null
// for any other request (another folder, a query, a Request object).
function runtimeName(resource) {
  if (!(typeof resource === "string" || resource instanceof URL)) return null;
  const url = new URL(resource, globalThis.location.href);
  const folder = new URL("./pyodide/", import.meta.url).href;
  if (url.search || url.hash || !url.href.startsWith(folder)) return null;
  return url.href.slice(folder.length);
}

function twinOf(resource) {
  const name = runtimeName(resource);
  if (name === null || !Object.hasOwn(GZIPPED, name)) return null;
  return { url: new URL("./pyodide/" + name, import.meta.url).href, name, integrity: GZIPPED[name] };
}

// The runtime's files the wheels' downloads wait for (see the top of this file).
const RUNTIME_FILES = ["pyodide.asm.wasm", "python_stdlib.zip"];

// The wait of the wheels' requests: `opened` resolves once `arrived` was called for each of
// RUNTIME_FILES, or `open` once (Pyodide's start over, whatever its outcome), or after
// GATE_MAX_MS at the latest (a runtime file asked for under another name would otherwise hold
// the wheels, and so the start, for ever; opened early, the wheels only share the bandwidth).
const GATE_MAX_MS = 15000;

function runtimeGate() {
  const pending = new Set(RUNTIME_FILES);
  let open;
  const opened = new Promise((resolve) => { open = resolve; });
  const timer = setTimeout(() => open(), GATE_MAX_MS);
  opened.then(() => clearTimeout(timer));
  return {
    opened,
    open,
    arrived(name) {
      pending.delete(name);
      if (!pending.size) open();
    },
  };
}

// `response` with `done` called once its body has been read to the end, or failed: the body
// passes through a TransformStream, unchanged. (Not for the WebAssembly from the service
// worker's cache: the browser keeps its compiled code only for a response with a URL.)
function whenRead(response, done) {
  if (!response.body) {
    done();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      try {
        const { done: end, value } = await reader.read();
        if (end) {
          done();
          controller.close();
        } else {
          controller.enqueue(value);
        }
      } catch (err) {
        done();
        controller.error(err);
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

// The decompressed file, as a Response of the plain file's type. The whole file is decompressed
// before it is handed on: the browser holds the twin's body until all of it is checked against
// its integrity anyway (no compiling while downloading either way), and a decompression that
// fails then fails here, where the plain file can still be fetched instead.
async function unzippedTwin(twin, plainFetch) {
  const response = await plainFetch(twin.url + ".gz", { integrity: twin.integrity });
  if (!response.ok) throw new Error(`${twin.name}.gz: ${response.status} ${response.statusText}`);
  const bytes = await unzip(response.body);
  const type = TYPES[twin.name.split(".").pop()] || "application/octet-stream";
  return new Response(bytes, { status: 200, headers: { "content-type": type } });
}

// Whether Cache Storage holds the file itself: the service worker precaches it (made from its
// twin) and answers a request for it from there, as the browser's cache of compiled WebAssembly
// needs (a Response made here has no URL, so what is compiled from it is never kept).
async function cachedPlain(url) {
  try {
    return Boolean(globalThis.caches && (await caches.match(url)));
  } catch (err) {
    return false;  // storage blocked
  }
}

// The WebAssembly (or another GZIPPED file), its twin decompressed when it can be; -> [the
// response, whether its body has been read already].
async function runtimeFile(twin, plainFetch, resource, init) {
  if (typeof DecompressionStream !== "function" || (await cachedPlain(twin.url))) return [await plainFetch(resource, init), false];
  try {
    return [await unzippedTwin(twin, plainFetch), true];
  } catch (err) {
    console.warn(`Tavolo: ${twin.name} fetched as it is (its gzipped twin could not be used)`, err);
    return [await plainFetch(resource, init), false];
  }
}

// fetch() while Pyodide starts: GZIPPED files from their twins, the wheels after the runtime's
// files (`gate`); every other request as it is.
function twinFetch(plainFetch, gate) {
  return function fetchTwin(resource, init) {
    const name = runtimeName(resource);
    if (name !== null && name.endsWith(".whl")) return gate.opened.then(() => plainFetch(resource, init));
    const plain = !init || !Object.keys(init).length;
    const twin = plain ? twinOf(resource) : null;
    if (twin) {
      // a response from Cache Storage (or made whole here) counts as arrived when it is handed over
      return runtimeFile(twin, plainFetch, resource, init).finally(() => gate.arrived(name)).then(([response]) => response);
    }
    if (plain && RUNTIME_FILES.includes(name)) {
      return plainFetch(resource, init).then(
        (response) => whenRead(response, () => gate.arrived(name)),
        (err) => { gate.arrived(name); throw err; });
    }
    return plainFetch(resource, init);
  };
}

// Python's start in steps, each in a task of its own, marked "tavolo:start:<step>": "main"
// (Python's main, after the runtime's instantiation: Emscripten runs it from a timer when the
// module has a setStatus), "import:<module>" for each of START_STEPS, a new task only when
// the steps since the last one took START_STEP_MS, and "bootstrap" (Pyodide's own, which then
// finds those modules imported). loadPyodide takes the Emscripten module's factory as its
// createPyodideModule option; this one wraps Pyodide's own. A step that fails is only skipped:
// the bootstrap imports the module again and reports what is wrong the usual way.
const START_STEP_MS = 50;

function startMark(step) {
  try { performance.mark("tavolo:start:" + step); } catch (err) { /* no User Timing */ }
}

async function startInSteps(settings) {
  settings.setStatus = () => {};  // Emscripten's progress texts: not shown
  const onRuntimeInitialized = settings.onRuntimeInitialized;
  settings.onRuntimeInitialized = () => {
    startMark("main");
    if (onRuntimeInitialized) onRuntimeInitialized();
  };
  // imported here, not with this module: PyScript waits for this module's imports before it
  // calls loadPyodide, and Pyodide's own import of it came as late (1.25 MB of JavaScript)
  const { default: createPyodideModule } = await import("./pyodide/pyodide.asm.mjs");
  const module = await createPyodideModule(settings);
  if (!settings.noInitialRun) {  // a fresh start (a snapshot's memory has the modules already)
    // Python's main has just run, in this task: the imports start in the next one
    let since = -Infinity;
    for (const name of START_STEPS) {
      if (performance.now() - since >= START_STEP_MS) {
        await nextTask();
        since = performance.now();
      }
      startMark("import:" + name);
      module.API.rawRun("import " + name);
    }
  }
  await nextTask();
  startMark("bootstrap");
  installInSteps(module.API.packageManager);
  return module;
}

// Each wheel installed in a task of its own, marked "install:<name>": the wheels have usually
// come in while Python started, and Pyodide installs them one after the other as soon as its
// bootstrap is over, chained by microtasks (one task of seconds on a slow CPU). Its package
// manager's installPackage(package, bytes) is wrapped, when it has one.
function installInSteps(manager) {
  if (!manager || typeof manager.installPackage !== "function") return;
  const install = manager.installPackage.bind(manager);
  manager.installPackage = async (pkg, ...rest) => {
    await nextTask();
    startMark("install:" + (pkg && pkg.name));
    return install(pkg, ...rest);
  };
}

async function startPyodide(settings) {
  const plainFetch = globalThis.fetch;
  const gate = runtimeGate();
  const wrapped = twinFetch(plainFetch.bind(globalThis), gate);
  globalThis.fetch = wrapped;
  try {
    return await bootPyodide({ ...settings, createPyodideModule: startInSteps });
  } finally {
    gate.open();  // nothing waits past the start (a file Pyodide never asked for, a failure)
    if (globalThis.fetch === wrapped) globalThis.fetch = plainFetch;
  }
}

export async function loadPyodide(options = {}) {
  // PyScript passes this module's folder as indexURL: the runtime is in ./pyodide/
  const settings = { ...options, indexURL: new URL("./pyodide/", import.meta.url).href };
  if (PAGE) settings.packages = [UI_WHEEL, ...openingGame()];
  let snapshot = null;
  let how = "none";
  try {
    snapshot = await snapshotBytes();
  } catch (err) {
    if (err instanceof TooSlow) {
      how = "slow";
    } else {
      console.warn("Tavolo: the snapshot could not be read; starting Python the usual way", err);
      how = "failed";
    }
  }
  if (snapshot) {
    try {
      const pyodide = await startPyodide({ ...settings, _loadSnapshot: snapshot });
      if (pyodide.runPython("1 + 1") !== 2) throw new Error("the restored interpreter does not add");
      mark("used");
      return withPackages(watchFatal(await withStdlibFallback(pyodide)));
    } catch (err) {
      console.warn("Tavolo: Pyodide refused the snapshot; starting Python the usual way", err);
      how = "failed";
      await dropDamaged(new URL("./pyodide/" + SNAPSHOT, import.meta.url).href);
    }
  }
  mark(how);
  return withPackages(watchFatal(await withStdlibFallback(await startPyodide(settings))));
}

// The full standard library's bytes, read synchronously (an import cannot wait): a worker reads
// them as an ArrayBuffer; the page's thread may not, so it reads them as text of one byte a
// character (the charset x-user-defined) and takes each character's low byte.
function readFullStdlib() {
  const request = new XMLHttpRequest();
  request.open("GET", new URL("./pyodide/" + STDLIB_FULL, import.meta.url).href, false);
  if (PAGE) request.overrideMimeType("text/plain; charset=x-user-defined");
  else request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`${STDLIB_FULL}: ${request.status} ${request.statusText}`);
  if (!PAGE) return new Uint8Array(request.response);
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

// A standard module left out of the trimmed zip is loaded from the full archive instead of
// failing: the fallback's finder goes at the end of sys.meta_path (see build.py trim_stdlib).
async function withStdlibFallback(pyodide) {
  if (!STDLIB_FALLBACK) return pyodide;
  await nextTask();  // after the wheels' last install, in a task of its own
  try {
    pyodide.pyimport(STDLIB_FALLBACK).install(readFullStdlib);
  } catch (err) {
    console.warn("Tavolo: the standard library's fallback could not be installed", err);
  }
  return pyodide;
}

// The wheel of the game boot.js shows the first screen of (globalThis.tavoloFirst), if any.
function openingGame() {
  const first = globalThis.tavoloFirst;
  const game = first && (first.screen === "frame" || first.screen === "new") ? first.game : "";
  return Object.hasOwn(GAME_WHEELS, game) ? [GAME_WHEELS[game]] : [];
}

// A fatal error of the runtime (a stack overflow, an abort) ends Python for good, and no Python
// code can say so: in the page, Pyodide's own hook for it (API.on_fatal, called once by its
// fatal_error) hands the error to boot.js (globalThis.tavoloFatal), whose plain page offers
// Reload and "Start without resuming" instead of a dead screen.
function watchFatal(pyodide) {
  const api = PAGE ? pyodide._api : null;
  if (!api) return pyodide;
  const before = api.on_fatal;
  api.on_fatal = (err) => {
    try {
      if (before) before(err);
    } finally {
      if (typeof globalThis.tavoloFatal === "function") globalThis.tavoloFatal(err);
    }
  };
  return pyodide;
}

// In the page: say whether the UI's wheels loaded with the interpreter; when they did not, load
// them once more with an error callback, for the words of what failed (loadPackage reports a
// wheel that failed without rejecting). main.py awaits globalThis.tavoloPackages.
function withPackages(pyodide) {
  if (!PAGE) return pyodide;
  // the ones missing, by name: asked for the UI's wheel again, Pyodide would not look at what a
  // wheel it has loaded needs
  const missing = BOOT_WHEELS.filter((name) => !pyodide.loadedPackages[name]);
  if (!missing.length) {
    globalThis.tavoloPackages = Promise.resolve(null);
    return pyodide;
  }
  const problems = [];
  const errorCallback = (text) => { problems.push(text); console.error(text); };
  globalThis.tavoloPackages = pyodide.loadPackage(missing, { messageCallback() {}, errorCallback })
    .then(() => (problems.length ? new Error(problems.join("\\n")) : null),
          (err) => err || new Error(problems.join("\\n") || "the wheels could not be loaded"));
  return pyodide;
}
"""


def write_interpreter(out: Path, snapshot: str | None) -> None:
    """out/interpreter.mjs, PyScript's interpreter module (``INTERPRETER_TEMPLATE``); the
    packages the UI's wheel needs come from out/pyodide/pyodide-lock.json when it is there, and
    the standard library's fallback is named when out/pyodide holds the full archive
    (``write_trimmed_stdlib``)."""
    size = (out / "pyodide" / snapshot).stat().st_size if snapshot else 0
    trimmed = (out / "pyodide" / STDLIB_FULL).is_file()
    lock_file = out / "pyodide" / "pyodide-lock.json"
    boot = [BOOT_PACKAGE]
    lock: dict = {"packages": {}}
    if lock_file.is_file():
        lock = json.loads(lock_file.read_text())
        boot = boot_closure(lock)
    (out / "interpreter.mjs").write_text(
        INTERPRETER_TEMPLATE.replace("__SNAPSHOT__", json.dumps(snapshot))
        .replace("__SNAPSHOT_BYTES__", str(size))
        .replace("__UI_WHEEL__", json.dumps(BOOT_PACKAGE))
        .replace("__BOOT_WHEELS__", json.dumps(boot))
        .replace("__GAME_WHEELS__", json.dumps(game_wheels(lock)))
        .replace("__START_STEPS__", json.dumps(list(PYODIDE_START_STEPS)))
        .replace("__STDLIB_FALLBACK__", json.dumps(STDLIB_FALLBACK if trimmed else None))
        .replace("__STDLIB_FULL__", json.dumps(STDLIB_FULL if trimmed else None)))


def boot_closure(lock: dict, root: str = BOOT_PACKAGE) -> list[str]:
    """``root`` and every package it needs in ``lock``, dependencies first."""
    order = dependency_order(lock)
    needed, todo = set(), [root]
    while todo:
        key = todo.pop()
        if key not in needed:
            needed.add(key)
            todo.extend(lock["packages"][key]["depends"])
    return [key for key in order if key in needed]


# --------------------------------------------------------------------------- gzipped twins

# A static host may send files as they are (the bench's server does, and so do many hosts), so
# the build compresses the runtime's large files itself: ``<file>.gz`` beside ``<file>``, which
# interpreter.mjs fetches (with the twin's sha256 as the request's integrity) and decompresses
# with the browser's DecompressionStream, falling back to the plain file when it cannot.
# Only what Pyodide asks ``fetch()`` for can be swapped so: its JavaScript modules are
# ``import``ed, and a decompressed module could only be imported from a blob: URL, which the
# page's Content-Security-Policy does not allow (script-src 'self'). ``bench/compression.py``
# prints what each large file of the site would gain.
GZIP_CANDIDATES = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip")
"""The files Pyodide fetches with ``fetch()`` (so a twin can stand in for them), relative to the site."""
GZIP_WORTH = 0.8
"""A twin is shipped only when it is at most this share of its file: a zip of deflated files
(the standard library) hardly shrinks, and its twin would only add a download and a step."""
GZIP_TWINS_MARK = "{} /* gzipped twins (build.py) */"


def gzip_bytes(data: bytes) -> bytes:
    """``data`` gzipped at level 9, deterministically: modification time 0 and no file name in
    the header, so the same input always gives the same bytes (and the same hash)."""
    return gzip.compress(data, compresslevel=9, mtime=0)


def sri_sha256(data: bytes) -> str:
    """The Subresource Integrity value of ``data`` (``sha256-<base64>``), as a ``fetch``
    ``integrity`` or a ``<link integrity>``."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def write_gzip_twins(site: Path, candidates: tuple[str, ...] = GZIP_CANDIDATES,
                     worth: float = GZIP_WORTH) -> dict[str, str]:
    """Write ``<file>.gz`` beside each of ``candidates`` (paths relative to ``site``) whose
    gzip is at most ``worth`` of its size; -> {path of the plain file: integrity of its twin}."""
    twins: dict[str, str] = {}
    for rel in candidates:
        path = site / rel
        if not path.is_file():
            continue
        data = path.read_bytes()
        packed = gzip_bytes(data)
        share = len(packed) / max(1, len(data))
        if share > worth:
            log(f"no gzipped twin for {rel}: {len(data) / 1e6:.2f} MB gzips to {share:.0%} of it")
            continue
        path.with_name(path.name + ".gz").write_bytes(packed)
        twins[rel] = sri_sha256(packed)
        log(f"gzipped twin: {rel} {len(data) / 1e6:.2f} MB -> {len(packed) / 1e6:.2f} MB ({share:.0%})")
    return twins


def write_twin_names(interpreter: Path, twins: dict[str, str]) -> None:
    """Name the twins in interpreter.mjs (``GZIP_TWINS_MARK``): {file name in ./pyodide/:
    integrity of its ``.gz``}. The runtime's files are all in ./pyodide/."""
    names = {}
    for rel, integrity in twins.items():
        folder, _, name = rel.rpartition("/")
        if folder != "pyodide":
            raise BuildError(f"{rel}: interpreter.mjs only swaps the files of ./pyodide/ for their twins")
        names[name] = integrity
    text = interpreter.read_text("utf-8")
    if GZIP_TWINS_MARK not in text:
        raise BuildError(f"{interpreter.name} has no {GZIP_TWINS_MARK!r} for the gzipped twins")
    interpreter.write_text(text.replace(GZIP_TWINS_MARK, json.dumps(names, sort_keys=True), 1), "utf-8")


def write_twin_preloads(index: Path, twins: dict[str, str]) -> list[str]:
    """Make the page's preload of each twinned file preload its twin instead, with the twin's
    integrity, which is what interpreter.mjs then fetches (a preload of the plain file would be
    a second download); -> the files whose preload was changed (a file the page does not
    preload is left alone)."""
    if not index.is_file():
        return []
    page = index.read_text("utf-8")
    changed = []
    for rel, integrity in twins.items():
        plain = f'<link rel="preload" href="./{rel}" as="fetch" crossorigin>'
        if plain in page:
            page = page.replace(plain, f'<link rel="preload" href="./{rel}.gz" as="fetch" crossorigin '
                                       f'integrity="{integrity}">')
            changed.append(rel)
    index.write_text(page, "utf-8")
    return changed


# --------------------------------------------------------------------------- site


def pyscript_config() -> dict:
    """PyScript's config: only the local interpreter.

    No ``packages`` and no ``files``: ``main.py`` loads the UI wheel (``tavolo-ui``) with
    Pyodide's own ``loadPackage``, which brings the engines and pydantic through the trimmed
    ``pyodide-lock.json`` and checks each wheel's sha256. ``packages`` would make PyScript
    load and run micropip first (a wheel and a second or so of boot, measured by
    ``bench/boot.py``); ``files`` would fetch and compile each UI module separately.

    The interpreter is ``interpreter.mjs`` (``INTERPRETER_TEMPLATE``): Pyodide's own, started
    with the UI's wheel, and from the build's memory snapshot when it can be had in time.
    """
    return {"interpreter": "./interpreter.mjs"}


SW_TEMPLATE = """\
// Generated by build.py: do not edit. Precaches the whole site under a cache
// whose name is a hash of the site's content; a new deploy gets a new name,
// installs next to the old one and deletes it when it activates.
//
// A damaged entry in the cache (a disk, an interrupted write, a browser bug) must not stop
// the page at every visit until the next deploy. What a serious site does, and this one:
// * A request that carries an integrity (Pyodide asks for each wheel with the sha256 of
//   pyodide-lock.json) is answered from the cache only when the cached copy matches it; a copy
//   that does not is dropped, and the network's copy is served instead (the browser checks it
//   against the same integrity) and put back. Only such requests are hashed (the wheels, about
//   3 MB): their requester names the hash, and would refuse a damaged copy at every start.
//   Other files are served as cached: hashing the 15 MB runtime at every start would slow every
//   returning visitor for a damage this site has no hash of (a new deploy replaces them).
// * A precached file missing from the cache (dropped as damaged while offline) is put back from
//   the network the next time it is asked for.
// * A page that finds a file damaged itself (the memory snapshot: interpreter.mjs reads it from
//   Cache Storage and finds damage by gzip's CRC) asks for a repair: {repair: url} drops the copy
//   and fetches a good one. Offline the copy is only dropped; the next start goes without it.
//
// A file that has a gzipped twin ("<file>.gz", build.py write_gzip_twins) is precached as the
// file, made here from its twin (fetched with its integrity, decompressed with
// DecompressionStream): a first visit has the twin in its HTTP cache already (the page fetched
// it), so the file costs no second download, and a returning visitor's page reads the file as
// it always did (interpreter.mjs asks for the twin only when Cache Storage lacks the file), so
// the browser's cache of compiled WebAssembly, kept beside the cached response, still serves
// it. A worker that cannot decompress caches the file from the network instead.
const CACHE = "__CACHE__";
const PRECACHE = __FILES__;
const PRECACHED = new Set(PRECACHE.map((url) => new URL(url, self.location.href).href));
const TWINS = __TWINS__;  // {"./<file>": the integrity of "./<file>.gz"}
const TYPES = { wasm: "application/wasm", zip: "application/zip" };

async function precacheFromTwin(cache, url) {
  if (typeof DecompressionStream === "function") {
    try {
      const twin = await fetch(new Request(url + ".gz", { cache: "no-cache", integrity: TWINS[url] }));
      if (!twin.ok) throw new Error(`${url}.gz: ${twin.status}`);
      const type = TYPES[url.split(".").pop()] || "application/octet-stream";
      const body = twin.body.pipeThrough(new DecompressionStream("gzip"));
      await cache.put(url, new Response(body, { headers: { "content-type": type } }));
      return;
    } catch (err) {
      console.warn("Tavolo: " + url + " is cached as it is (its gzipped twin could not be used)", err);
    }
  }
  await cache.add(new Request(url, { cache: "no-cache" }));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate with the server, so a stale HTTP cache entry never lands in a new cache.
    const plain = PRECACHE.filter((url) => !(url in TWINS) && !(url.endsWith(".gz") && url.slice(0, -3) in TWINS));
    await cache.addAll(plain.map((url) => new Request(url, { cache: "no-cache" })));
    await Promise.all(Object.keys(TWINS).map((url) => precacheFromTwin(cache, url)));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith("tavolo-") && n !== CACHE)
                           .map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

// the cache's key for a URL: without its query (as the precache is matched)
function keyOf(url) {
  const u = new URL(url, self.location.href);
  return u.origin + u.pathname;
}

const DIGESTS = { sha256: "SHA-256", sha384: "SHA-384", sha512: "SHA-512" };

// Whether a response's bytes match an integrity value ("sha256-<base64> ...", as in SRI: the
// strongest algorithm named counts). True when it names none this worker can compute.
async function intact(response, integrity) {
  const wanted = integrity.trim().split(/\\s+/).map((item) => item.split("?")[0])
    .map((item) => [item.slice(0, item.indexOf("-")), item.slice(item.indexOf("-") + 1)])
    .filter(([algo]) => algo in DIGESTS);
  if (!wanted.length) return true;
  const strongest = wanted.map(([algo]) => algo).sort().pop();  // sha256 < sha384 < sha512
  const bytes = await response.clone().arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest(DIGESTS[strongest], bytes));
  const mine = btoa(String.fromCharCode(...digest));
  return wanted.some(([algo, value]) => algo === strongest && value === mine);
}

// the network's copy of a precached file, put back in the cache (in the background)
async function fromNetwork(event, request, key) {
  const response = await fetch(request);
  if (PRECACHED.has(key) && response.ok && response.status === 200 && !request.headers.has("range")) {
    const copy = response.clone();  // now: once answered, the response's body is the page's
    event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)).catch(() => {}));
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const key = keyOf(request.url);
    let hit = await cache.match(request, { ignoreSearch: true });
    if (hit && request.integrity && !(await intact(hit, request.integrity).catch(() => true))) {
      console.warn("Tavolo: the cached copy of " + key + " is damaged; fetching it again");
      await cache.delete(request, { ignoreSearch: true });
      hit = null;
    }
    if (hit) return hit;
    try {
      return await fromNetwork(event, request, key);
    } catch (err) {
      if (request.mode === "navigate") {
        const page = await cache.match("./index.html");
        if (page) return page;
      }
      throw err;
    }
  })());
});

// a page found this precached file damaged: drop it, and put the network's copy in its place
async function repair(url) {
  const key = keyOf(url);
  if (!PRECACHED.has(key)) return;
  const cache = await caches.open(CACHE);
  await cache.delete(key);
  try {
    const response = await fetch(new Request(key, { cache: "no-cache" }));
    if (response.ok && response.status === 200) await cache.put(key, response);
  } catch (err) {
    // offline: dropped only; a later request for it puts it back
  }
}

self.addEventListener("message", (event) => {
  if (event.data === "tavolo-cache-name" && event.source) event.source.postMessage({ cache: CACHE });
  else if (event.data && typeof event.data.repair === "string") event.waitUntil(repair(event.data.repair));
});
"""

SW_REGISTER = """\
// Generated by build.py. Registers the service worker once the page is ready
// (after the "tavolo-ready" event), so precaching never slows the first start.
(function () {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  var done = false;
  function register() {
    if (done) return;
    done = true;
    navigator.serviceWorker.register("./sw.js").then(function (reg) {
      document.documentElement.dataset.sw = "registered";
    }).catch(function (err) {
      document.documentElement.dataset.sw = "failed";
      console.warn("Tavolo: service worker not registered:", err);
    });
  }
  if (document.body && document.body.dataset.ready === "1") register();
  else window.addEventListener("tavolo-ready", register);
})();
"""


def write_icons(assets: Path, cache: Path = CACHE) -> list[Path]:
    """The app icons the web manifest lists (``tools/icons.py`` draws them), into ``assets``;
    kept in the build cache under the drawing code's hash, since drawing takes seconds."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import icons  # noqa: PLC0415 - build-time tool, not part of the site
    finally:
        sys.path.pop(0)
    key = hashlib.sha256((ROOT / "tools" / "icons.py").read_bytes()).hexdigest()[:16]
    stash = Path(cache) / "icons" / key
    stash.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (size, maskable) in icons.ICONS.items():
        if not (stash / name).is_file():
            (stash / name).write_bytes(icons.render(size, maskable))
        assets.mkdir(parents=True, exist_ok=True)
        shutil.copy2(stash / name, assets / name)
        written.append(assets / name)
    return written


def _importable(web_dir: Path) -> None:
    """Make the engines and the UI's package (in ``web_dir``) importable here, to run them."""
    for path in (str(ROOT), str(Path(web_dir).resolve())):
        if path not in sys.path:
            sys.path.insert(0, path)


BOOT_TEXTS = (
    # boot.js: index.html's boot screen, the progress notes, the first screen's Start
    "Tavolo — board games in your browser",
    "Board games in your browser, no server.",
    "Starting…",
    "Loading…",
    "Loading the Python runtime…",
    "This is taking long. If nothing happens, reload the page.",
    "Tavolo could not start: ",
    "Tavolo needs JavaScript and WebAssembly.",
    # boot.js: the page it shows when the Python runtime stops for good
    "Tavolo stopped: its Python runtime met an error it cannot recover from. Your saved games are kept.",
    "“Start without resuming” opens the home screen instead of the game that was open.",
    "Reload",
    "Start without resuming",
    "Details",
    # main.py: before the UI's Python is loaded, and its last resort when the UI cannot start
    "Loading the game engines…",
    "Tavolo could not show its page. Reload to try again; the details below say what failed.",
    "Tavolo could not start: a file it needs did not load. Reload to try again; the details below say what failed.",
)
"""The texts shown before the UI's Python runs, by ``boot.js`` and ``main.py``: their
translations are in the UI's catalogue (``web/tavolo_ui/i18n``) like every text of the page,
and ``boot_languages`` hands them to ``boot.js``."""

BOOT_LANGUAGES_MARK = "/* languages (build.py) */ null"


def boot_languages(web_dir: Path = DEFAULT_WEB) -> dict:
    """What ``boot.js`` knows of languages, from ``engines.core.i18n.LANGUAGES`` and the UI's
    catalogue: ``{"codes": [...], "texts": {code: {English: translation}}}`` (the language
    of the code first, with no table: its texts are the English)."""
    _importable(web_dir)
    import tavolo_ui  # noqa: F401  (registers the UI's catalogue, domain "ui")
    from engines.core.i18n import LANGS, texts

    T = texts("ui")
    return {"codes": list(LANGS),
            "texts": {lang: {text: T(text).render(lang) for text in BOOT_TEXTS} for lang in LANGS[1:]}}


def write_manifest(manifest: Path, web_dir: Path = DEFAULT_WEB) -> None:
    """The site's web manifest in every language the page speaks: ``lang`` is the language of
    the code (``LANGS[0]``), which the description opens with, then the same description in
    each other language, " · " between them (a manifest holds one description, and an install
    prompt shows it whatever the page's language)."""
    _importable(web_dir)
    from engines.core.i18n import LANGS
    from tavolo_ui.home import INSTALL_DESCRIPTION as text

    data = json.loads(manifest.read_text("utf-8"))
    data["lang"] = LANGS[0]
    data["description"] = " · ".join(dict.fromkeys(text.render(lang) for lang in LANGS))
    manifest.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", "utf-8")


def write_boot_languages(boot_js: Path, web_dir: Path) -> None:
    """Put ``boot_languages`` into the site's ``boot.js`` at ``BOOT_LANGUAGES_MARK``."""
    script = boot_js.read_text("utf-8")
    if BOOT_LANGUAGES_MARK not in script:
        raise BuildError(f"{boot_js.name} has no {BOOT_LANGUAGES_MARK!r} for the languages")
    data = json.dumps(boot_languages(web_dir), ensure_ascii=False, sort_keys=True)
    boot_js.write_text(script.replace(BOOT_LANGUAGES_MARK, data, 1), "utf-8")


FIRST_SCREENS_MARK = "<!-- first screens (build.py) -->"


def first_screens(web_dir: Path = DEFAULT_WEB) -> str:
    """The screens a person can use before Python has loaded in the page, rendered now by the
    UI's own Python (``tavolo_ui.home``, ``tavolo_ui.new_game``) as ``<template>`` elements
    that ``boot.js`` shows: for each language, ``first-home-<lang>`` (the home screen with no
    saved games), and for each game ``first-new-<lang>-<game>`` (its New game form as it
    opens) and ``first-seats-<lang>-<game>`` (every seat it can have, for a larger player
    count). For a page that opens on a game (a share link, the game left on the table) there
    are the table's frame of each game and link mode, ``first-frame-<lang>-<game>-<mode>``
    (``tavolo_ui.frame``), and one row of its seat list, ``first-frame-seat``. When Python is
    ready, ``App.start`` takes over the screen showing."""
    _importable(web_dir)
    import engines
    from engines.core.i18n import LANGS
    from tavolo_ui import frame, home, new_game

    parts = [f'<template id="first-frame-seat">{frame.seat_row_html()}</template>']
    for lang in LANGS:
        parts.append(f'<template id="first-home-{lang}">{home.home_html(lang)}</template>')
        for name in engines.list_games():
            game = engines.get_game(name)
            parts.append(f'<template id="first-new-{lang}-{name}">{new_game.new_game_html(game, lang)}</template>')
            parts.append(f'<template id="first-seats-{lang}-{name}">{new_game.seat_rows_html(game, lang)}</template>')
            for mode in ("play", "watch"):
                parts.append(f'<template id="first-frame-{lang}-{name}-{mode}">{frame.frame_html(game, lang, mode)}</template>')
    return "\n".join(parts)


PYSCRIPT_PRELOAD_MARK = "<!-- pyscript preload (build.py) -->"


def write_pyscript_preload(index: Path, pyscript_dir: Path) -> bool:
    """Replace ``PYSCRIPT_PRELOAD_MARK`` in the page with a modulepreload of PyScript's core
    module (``core-<hash>.js``, which ``core.js`` re-exports), so both download at once.
    False (page unchanged) without the mark or with not exactly one such module."""
    if not index.is_file():
        return False
    page = index.read_text("utf-8")
    chunks = sorted(pyscript_dir.glob("core-*.js"))
    if PYSCRIPT_PRELOAD_MARK not in page or len(chunks) != 1:
        return False
    link = f'<link rel="modulepreload" href="./pyscript/{chunks[0].name}">'
    index.write_text(page.replace(PYSCRIPT_PRELOAD_MARK, link, 1), "utf-8")
    return True


def write_first_screens(index: Path, web_dir: Path) -> bool:
    """Put ``first_screens`` into the page at ``FIRST_SCREENS_MARK`` (False: no mark, page unchanged)."""
    if not index.is_file():
        return False
    page = index.read_text("utf-8")
    if FIRST_SCREENS_MARK not in page:
        return False
    index.write_text(page.replace(FIRST_SCREENS_MARK, first_screens(web_dir), 1), "utf-8")
    return True


def site_files(out: Path) -> list[Path]:
    return sorted(p for p in out.rglob("*") if p.is_file())


def write_service_worker(out: Path) -> str:
    """(Re)write out/sw.js for the current content of `out`; -> the cache name."""
    files = [p for p in site_files(out) if p.name != "sw.js"]
    h = hashlib.sha256()
    urls = ["./"]
    for p in files:
        rel = p.relative_to(out).as_posix()
        h.update(rel.encode() + b"\0" + sha256_file(p).encode() + b"\n")
        urls.append("./" + rel)
    cache_name = "tavolo-" + h.hexdigest()[:16]
    if not (out / "index.html").is_file():
        urls.remove("./")
    # a file with a gzipped twin, which the worker precaches from the twin: {url: twin's integrity}
    twins = {url: sri_sha256((out / url[2:]).with_name(Path(url).name + ".gz").read_bytes())
             for url in urls if url + ".gz" in urls}
    text = (SW_TEMPLATE.replace("__CACHE__", cache_name).replace("__FILES__", json.dumps(urls, indent=0))
            .replace("__TWINS__", json.dumps(twins, sort_keys=True)))
    (out / "sw.js").write_text(text)
    return cache_name


def _ignore_web(dirname: str, names: list[str]) -> set[str]:
    # web/tavolo_ui is shipped as the tavolo-ui wheel, not as loose files
    return {n for n in names if n in ("__pycache__", ".DS_Store", UI_PACKAGE) or n.endswith((".pyc", ".pyo"))}


class _Lock:
    """An exclusive lock on the cache, so two builds at once do not interleave."""

    def __init__(self, path: Path):
        self.path = path

    def __enter__(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.f = open(self.path, "w")
        try:
            import fcntl
            fcntl.flock(self.f, fcntl.LOCK_EX)
        except ImportError:  # pragma: no cover - not POSIX
            pass
        return self

    def __exit__(self, *exc):
        self.f.close()


def build(out: Path = DEFAULT_OUT, web_dir: Path = DEFAULT_WEB, cache: Path = CACHE,
          compile_pyc: bool = True, snapshot: bool = True, trim: bool = True) -> dict:
    """Fetch, verify and assemble the site; -> a summary dict. ``trim``: ship a trimmed
    standard library with the full one beside it (``write_trimmed_stdlib``)."""
    with _Lock(Path(cache) / "build.lock"):
        return _build(out, web_dir, Path(cache), compile_pyc, snapshot, trim)


def _build(out: Path, web_dir: Path, cache: Path, compile_pyc: bool = True, snapshot: bool = True,
           trim: bool = True) -> dict:
    out, web_dir = Path(out).resolve(), Path(web_dir).resolve()
    if not web_dir.is_dir():
        raise BuildError(f"no web folder at {web_dir}")
    npm = fetch_npm(cache)
    wheels = fetch_wheels(REQUIREMENTS_WASM, cache)
    engine, games = build_game_wheels(ROOT, cache)
    all_wheels = wheels + [engine, *games.values(), build_ui_wheel(web_dir, cache)]

    pyodide_pkg, pyscript_pkg = npm["pyodide"], npm["@pyscript/core"]
    stdlib = pyodide_pkg / "python_stdlib.zip"
    if compile_pyc:
        # one call: its cache pruning keeps every file of this build (wheels and stdlib)
        *all_wheels, stdlib = compile_zips([(w, "wheel") for w in all_wheels] + [(stdlib, "stdlib")],
                                           pyodide_pkg, cache)
        engine = all_wheels[-2 - len(games)]
    upstream = json.loads((pyodide_pkg / "pyodide-lock.json").read_text())
    lock = make_lock(all_wheels, upstream["info"])

    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.building-"))
    tmp = work / "site"
    try:
        shutil.copytree(web_dir, tmp, ignore=_ignore_web)
        for reserved in ("pyodide", "pyscript", "pyscript.json", "interpreter.mjs", "sw.js", "sw-register.js"):
            if (tmp / reserved).exists():
                raise BuildError(f"web/{reserved} would be overwritten by a generated file")
        (tmp / "pyodide").mkdir()
        for name in PYODIDE_CORE_FILES:
            shutil.copy2(stdlib if name == "python_stdlib.zip" else pyodide_pkg / name, tmp / "pyodide" / name)
        for w in all_wheels:
            shutil.copy2(w, tmp / "pyodide" / w.name)
        (tmp / "pyodide" / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
        if trim:
            write_trimmed_stdlib(tmp / "pyodide", pyscript_pkg / "dist", cache)
        shutil.copytree(pyscript_pkg / "dist", tmp / "pyscript",
                        ignore=lambda d, names: {n for n in names if n.endswith(".map")})
        if BOOT_PACKAGE not in lock["packages"]:
            raise BuildError(f"{BOOT_PACKAGE} is not in the lock")
        write_interpreter(tmp, make_snapshot(tmp / "pyodide") if snapshot else None)
        config = pyscript_config()
        (tmp / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n")
        (tmp / "sw-register.js").write_text(SW_REGISTER)
        write_icons(tmp / "assets", cache)
        write_boot_languages(tmp / "boot.js", web_dir)
        write_manifest(tmp / "manifest.webmanifest", web_dir)
        write_first_screens(tmp / "index.html", web_dir)
        write_pyscript_preload(tmp / "index.html", tmp / "pyscript")
        twins = write_gzip_twins(tmp)
        write_twin_names(tmp / "interpreter.mjs", twins)
        write_twin_preloads(tmp / "index.html", twins)
        cache_name = write_service_worker(tmp)

        shutil.rmtree(out, ignore_errors=True)
        tmp.rename(out)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    size = sum(p.stat().st_size for p in site_files(out))
    summary = {"out": str(out), "engine_wheel": engine.name, "cache_name": cache_name,
               "game_wheels": {game: w.name for game, w in games.items()},
               "files": len(site_files(out)), "bytes": size,
               "wheels": [lock["packages"][k]["file_name"] for k in dependency_order(lock)]}
    log(f"public: {summary['files']} files, {size / 1e6:.1f} MB, cache {cache_name}, engine {engine.name}")
    if not (out / "index.html").is_file():
        log("warning: web/index.html is missing, the site has no page yet")
    return summary


# --------------------------------------------------------------------------- serve


_CSP_META = re.compile(r"""<meta\s+http-equiv=(["'])Content-Security-Policy\1\s+content=(["'])(.*?)\2""", re.I | re.S)


def page_csp(html_text: str) -> str | None:
    """The policy of a page's ``<meta http-equiv="Content-Security-Policy">`` (None without one)."""
    m = _CSP_META.search(html_text)
    return m.group(3).strip() if m else None


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/zip",
        ".zip": "application/zip",
        ".py": "text/plain; charset=utf-8",
        ".css": "text/css",
        ".html": "text/html; charset=utf-8",
        ".webmanifest": "application/manifest+json",
        ".png": "image/png",
        ".svg": "image/svg+xml",
    }

    def end_headers(self):
        path = self.path.split("?")[0].split("#")[0]
        if path.endswith("sw.js"):
            self.send_header("Cache-Control", "no-cache")
        if path.endswith(("/", ".html")):  # a page: its meta tag's policy, as a header too
            page = Path(self.translate_path(path))
            page = page / "index.html" if page.is_dir() else page
            policy = page_csp(page.read_text(errors="replace")) if page.is_file() else None
            if policy:  # frame-ancestors only works in a header (a meta tag cannot set it)
                self.send_header("Content-Security-Policy", f"{policy}; frame-ancestors 'none'")
        super().end_headers()

    def log_message(self, fmt, *args):  # quiet unless asked
        if os.environ.get("TAVOLO_HTTP_LOG"):
            super().log_message(fmt, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # a browser that drops a download half-way (the page drops a memory snapshot that would
        # come too late) is no error of the server's: no traceback for it
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 0, host: str = "127.0.0.1") -> SiteServer:
    return SiteServer((host, port), partial(SiteHandler, directory=str(directory)))


def serve(out: Path, port: int) -> None:
    server = make_server(out, port)
    print(f"Serving Tavolo at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Build Tavolo's offline static site into public/.")
    ap.add_argument("command", nargs="?", default="build", choices=["build", "serve"])
    ap.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default public/)")
    ap.add_argument("--web", type=Path, default=DEFAULT_WEB, help="front-end folder (default web/)")
    ap.add_argument("--no-compile", action="store_true",
                    help="ship the wheels without Pyodide-compiled pycs (slower start in the browser)")
    ap.add_argument("--no-snapshot", action="store_true",
                    help="ship no memory snapshot of Pyodide (a returning visitor's start is slower)")
    ap.add_argument("--full-stdlib", action="store_true",
                    help="ship Pyodide's whole standard library, not the trimmed one (a first visit downloads more)")
    args = ap.parse_args(argv)
    try:
        summary = build(args.out, args.web, compile_pyc=not args.no_compile, snapshot=not args.no_snapshot,
                        trim=not args.full_stdlib)
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 1
    if args.command == "serve":
        serve(Path(summary["out"]), args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())

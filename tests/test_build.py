"""CPython tests of build.py's pin parsing, wheel -> lock logic, service worker and config."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from build import BuildError  # noqa: E402

INFO = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"}


def make_wheel(folder: Path, name: str, version: str = "1.0", tag: str = "py3-none-any",
               requires=(), modules=None, meta_name: str | None = None) -> Path:
    """A small but real wheel: METADATA, RECORD, and the given modules."""
    dist = name.replace("-", "_")
    path = folder / f"{dist}-{version}-{tag}.whl"
    modules = modules if modules is not None else {f"{dist}/__init__.py": "X = 1\n"}
    meta = f"Metadata-Version: 2.1\nName: {meta_name or name}\nVersion: {version}\n"
    meta += "".join(f"Requires-Dist: {r}\n" for r in requires)
    with zipfile.ZipFile(path, "w") as zf:
        for mod, text in modules.items():
            zf.writestr(mod, text)
        zf.writestr(f"{dist}-{version}.dist-info/METADATA", meta)
        zf.writestr(f"{dist}-{version}.dist-info/WHEEL", f"Wheel-Version: 1.0\nTag: {tag}\n")
        zf.writestr(f"{dist}-{version}.dist-info/RECORD", "")
    return path


def test_canonical_names():
    assert build.canonical("Typing_Extensions") == "typing-extensions"
    assert build.canonical("pydantic.core") == "pydantic-core"
    assert build.canonical("a__b--c") == "a-b-c"


def test_wheel_filename_parts():
    assert build.wheel_filename_parts("pydantic_core-2.50.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl") == (
        "pydantic-core", "2.50.4", "cp314-cp314-pyemscripten_2026_0_wasm32")
    assert build.wheel_filename_parts("a-1.0-1build-py3-none-any.whl") == ("a", "1.0", "py3-none-any")
    with pytest.raises(BuildError):
        build.wheel_filename_parts("nope.tar.gz")


def test_parse_requirements(tmp_path):
    req = tmp_path / "r.txt"
    req.write_text("# comment\nFoo_Bar==1.2 --hash=sha256:" + "a" * 64 + "  # trailing\n"
                   "baz==3 \\\n    --hash=sha256:" + "b" * 64 + " --hash=sha256:" + "c" * 64 + "\n")
    assert build.parse_requirements(req) == [("foo-bar", "1.2", {"a" * 64}), ("baz", "3", {"b" * 64, "c" * 64})]
    req.write_text("foo>=1 --hash=sha256:" + "a" * 64 + "\n")
    with pytest.raises(BuildError, match="not pinned"):
        build.parse_requirements(req)
    req.write_text("foo==1\n")
    with pytest.raises(BuildError, match="no sha256"):
        build.parse_requirements(req)


def test_project_requirements_pin_every_browser_wheel():
    pins = build.parse_requirements(ROOT / "requirements-wasm.txt")
    names = {name: version for name, version, _ in pins}
    assert names == {"pydantic": "2.14.3", "pydantic-core": "2.50.4", "typing-extensions": "4.16.0",
                     "typing-inspection": "0.4.5", "annotated-types": "0.8.0", "ecdsa": "0.19.2", "six": "1.17.0"}
    assert all(len(h) == 1 for _, _, h in pins)


def test_wheel_entry_reads_metadata_imports_and_runtime_depends(tmp_path):
    w = make_wheel(tmp_path, "foo-bar", "2.0",
                   requires=["baz>=1", 'dev-tool; extra == "dev"', 'winonly; sys_platform == "win32"',
                             'newpy; python_version >= "3.8"', "Baz[x]>=2", "typing_extensions (>=4)"],
                   modules={"foo_bar/__init__.py": "", "foo_bar/sub/__init__.py": "", "single.py": "",
                            "foo_bar-2.0.data/scripts/x": ""})
    e = build.wheel_entry(w)
    assert e["name"] == "foo-bar" and e["version"] == "2.0" and e["file_name"] == w.name
    assert e["sha256"] == hashlib.sha256(w.read_bytes()).hexdigest()
    assert e["imports"] == ["foo_bar", "single"]
    assert e["depends"] == ["baz", "newpy", "typing-extensions"]
    assert e["install_dir"] == "site" and e["package_type"] == "package"


def test_wheel_entry_rejects_a_file_name_that_lies(tmp_path):
    w = make_wheel(tmp_path, "foo", "1.0", meta_name="other")
    with pytest.raises(BuildError, match="does not match"):
        build.wheel_entry(w)


def test_make_lock_for_a_consistent_set(tmp_path):
    a = make_wheel(tmp_path, "a", requires=["b"])
    b = make_wheel(tmp_path, "b", tag="cp314-cp314-pyemscripten_2026_0_wasm32")
    lock = build.make_lock([a, b], INFO)
    assert lock["info"] == INFO
    assert sorted(lock["packages"]) == ["a", "b"]
    assert lock["packages"]["a"]["depends"] == ["b"]
    assert lock["packages"]["b"]["file_name"] == b.name
    assert build.dependency_order(lock) == ["b", "a"]
    json.dumps(lock)  # JSON-able


def test_make_lock_fails_on_a_missing_dependency(tmp_path):
    a = make_wheel(tmp_path, "a", requires=["ghost>=1"])
    with pytest.raises(BuildError, match="needs ghost, which is not shipped"):
        build.make_lock([a], INFO)


def test_make_lock_fails_on_duplicate_names(tmp_path):
    (tmp_path / "1").mkdir()
    (tmp_path / "2").mkdir()
    a1 = make_wheel(tmp_path / "1", "a", "1.0")
    a2 = make_wheel(tmp_path / "2", "A", "1.1")
    with pytest.raises(BuildError, match="two wheels named a"):
        build.make_lock([a1, a2], INFO)


@pytest.mark.parametrize("tag", ["cp311-cp311-manylinux_2_17_x86_64", "cp313-cp313-pyodide_2025_0_wasm32",
                                 "cp314-cp314-pyemscripten_2025_0_wasm32", "cp314-abi3-any"])
def test_make_lock_fails_on_a_foreign_binary_tag(tmp_path, tag):
    w = make_wheel(tmp_path, "native", tag=tag)
    with pytest.raises(BuildError, match="is not cp314-cp314-pyemscripten_2026_0_wasm32"):
        build.make_lock([w], INFO)


def test_make_lock_checks_the_upstream_abi(tmp_path):
    w = make_wheel(tmp_path, "a")
    with pytest.raises(BuildError, match="abi_version"):
        build.make_lock([w], dict(INFO, abi_version="2025_0"))


def test_make_lock_reports_every_problem_at_once(tmp_path):
    a = make_wheel(tmp_path, "a", requires=["ghost"])
    n = make_wheel(tmp_path, "n", tag="cp311-cp311-linux_x86_64")
    with pytest.raises(BuildError) as err:
        build.make_lock([a, n], INFO)
    assert "ghost" in str(err.value) and "linux_x86_64" in str(err.value)


def test_dependency_cycle_is_reported(tmp_path):
    a = make_wheel(tmp_path, "a", requires=["b"])
    b = make_wheel(tmp_path, "b", requires=["a"])
    lock = build.make_lock([a, b], INFO)
    with pytest.raises(BuildError, match="cycle"):
        build.dependency_order(lock)


def test_npm_integrity_is_npm_sha512(tmp_path):
    f = tmp_path / "x.tgz"
    f.write_bytes(b"hello")
    assert build.npm_integrity(f) == "sha512-" + base64.b64encode(hashlib.sha512(b"hello").digest()).decode()


def test_pyscript_config():
    """PyScript gets the local interpreter only: no ``packages`` (micropip), no ``files``."""
    assert build.pyscript_config() == {"interpreter": "./interpreter.mjs"}


def test_ui_wheel(tmp_path):
    """web/tavolo_ui as a wheel: every module, valid metadata, version changes with the content."""
    web = tmp_path / "web"
    (web / "tavolo_ui" / "renderers" / "__pycache__").mkdir(parents=True)
    for rel in ("tavolo_ui/__init__.py", "tavolo_ui/app.py", "tavolo_ui/renderers/__init__.py",
                "tavolo_ui/renderers/__pycache__/x.cpython-311.pyc"):
        (web / rel).write_text("x = 1\n")
    first = build.build_ui_wheel(web, tmp_path / "cache")
    assert first.name.startswith(f"tavolo_ui-{build.project_version()}+")
    with zipfile.ZipFile(first) as zf:
        names = set(zf.namelist())
    assert {"tavolo_ui/__init__.py", "tavolo_ui/app.py", "tavolo_ui/renderers/__init__.py"} <= names
    assert not [n for n in names if "__pycache__" in n]
    entry = build.wheel_entry(first)  # the lock accepts it: name and version match the file name
    assert entry["name"] == "tavolo-ui" and entry["depends"] == ["tavolo-engines"]
    assert entry["imports"] == ["tavolo_ui"]
    assert build.build_ui_wheel(web, tmp_path / "cache").read_bytes() == first.read_bytes()
    (web / "tavolo_ui" / "app.py").write_text("x = 2\n")
    assert build.build_ui_wheel(web, tmp_path / "cache").name != first.name


def test_service_worker_cache_name_follows_the_content(tmp_path):
    site = tmp_path / "site"
    (site / "pyodide").mkdir(parents=True)
    (site / "index.html").write_text("<p>v1</p>")
    (site / "pyodide" / "a.whl").write_bytes(b"wheel")
    first = build.write_service_worker(site)
    assert first.startswith("tavolo-")
    sw = (site / "sw.js").read_text()
    assert f'const CACHE = "{first}"' in sw
    for url in ('"./"', '"./index.html"', '"./pyodide/a.whl"'):
        assert url in sw
    assert '"./sw.js"' not in sw
    assert "skipWaiting" in sw and "clients.claim" in sw and "ignoreSearch: true" in sw
    # a damaged cached copy is checked against the request's integrity and replaced, and a
    # page may ask for a repair (tests/web/test_damaged_cache.py tries both in a browser)
    assert "request.integrity" in sw and "repair" in sw
    assert build.write_service_worker(site) == first  # sw.js itself does not count
    (site / "index.html").write_text("<p>v2</p>")
    second = build.write_service_worker(site)
    assert second != first
    (site / "new.js").write_text("")
    assert build.write_service_worker(site) not in (first, second)


def test_gzipped_twins_are_written_where_they_pay_and_always_the_same(tmp_path):
    """A twin is written for a file that gzips well, not for one that hardly shrinks; it holds
    the file, has no time or name in its header, and the same file gives the same bytes."""
    import random

    site = tmp_path / "site"
    (site / "pyodide").mkdir(parents=True)
    wasm = site / "pyodide" / "pyodide.asm.wasm"
    wasm.write_bytes(b"\0asm" + b"the same few bytes again " * 20_000)
    stdlib = site / "pyodide" / "python_stdlib.zip"
    stdlib.write_bytes(random.Random(7).randbytes(200_000))  # like a zip of deflated files
    twins = build.write_gzip_twins(site)
    twin = site / "pyodide" / "pyodide.asm.wasm.gz"
    assert twins == {"pyodide/pyodide.asm.wasm": build.sri_sha256(twin.read_bytes())}
    assert not (site / "pyodide" / "python_stdlib.zip.gz").exists()
    data = twin.read_bytes()
    assert gzip.decompress(data) == wasm.read_bytes() and len(data) < wasm.stat().st_size // 10
    assert data[3] == 0 and data[4:8] == b"\0\0\0\0"  # no flags (so no file name), mtime 0
    assert build.write_gzip_twins(site) == twins and twin.read_bytes() == data
    assert build.sri_sha256(b"abc") == "sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="


def test_the_twins_are_named_in_the_interpreter_module_and_preloaded(tmp_path):
    """interpreter.mjs names each twin with its integrity (none: an empty map, nothing is
    swapped), and the page's preload of the plain file becomes one of its twin."""
    build.write_interpreter(tmp_path, None)
    interpreter = tmp_path / "interpreter.mjs"
    before = interpreter.read_text()
    assert "const GZIPPED = {} /* gzipped twins (build.py) */;" in before
    build.write_twin_names(interpreter, {"pyodide/pyodide.asm.wasm": "sha256-AAA="})
    text = interpreter.read_text()
    assert 'const GZIPPED = {"pyodide.asm.wasm": "sha256-AAA="};' in text and build.GZIP_TWINS_MARK not in text
    interpreter.write_text(before)
    with pytest.raises(BuildError, match="only swaps the files of ./pyodide/"):
        build.write_twin_names(interpreter, {"assets/big.svg": "sha256-AAA="})
    index = tmp_path / "index.html"
    index.write_text('<link rel="preload" href="./pyodide/pyodide.asm.wasm" as="fetch" crossorigin>\n'
                     '<link rel="preload" href="./pyodide/python_stdlib.zip" as="fetch" crossorigin>\n')
    assert build.write_twin_preloads(index, {"pyodide/pyodide.asm.wasm": "sha256-AAA="}) == ["pyodide/pyodide.asm.wasm"]
    assert index.read_text() == (
        '<link rel="preload" href="./pyodide/pyodide.asm.wasm.gz" as="fetch" crossorigin integrity="sha256-AAA=">\n'
        '<link rel="preload" href="./pyodide/python_stdlib.zip" as="fetch" crossorigin>\n')


def test_the_service_worker_knows_each_twin_and_its_integrity(tmp_path):
    """sw.js names each file that has a gzipped twin with the twin's integrity (it precaches the
    file from the twin: tests/web/test_offline.py sees it do so), and no other file."""
    site = tmp_path / "site"
    (site / "pyodide").mkdir(parents=True)
    (site / "pyodide" / "pyodide.asm.wasm").write_bytes(b"wasm")
    (site / "pyodide" / "pyodide.asm.wasm.gz").write_bytes(build.gzip_bytes(b"wasm"))
    (site / "pyodide" / "snapshot-1.bin.gz").write_bytes(build.gzip_bytes(b"memory"))  # no plain twin
    build.write_service_worker(site)
    sw = (site / "sw.js").read_text()
    twins = json.loads(re.search(r"const TWINS = (\{[^}]*\});", sw).group(1))
    assert twins == {"./pyodide/pyodide.asm.wasm": build.sri_sha256(build.gzip_bytes(b"wasm"))}


def test_engine_version_is_written_once():
    """engines/version.py is the one place: build.py, the package and pyproject agree on it."""
    import engines

    assert build.project_version(ROOT) == engines.__version__
    assert 'attr = "engines.version.__version__"' in (ROOT / "pyproject.toml").read_text()
    assert "importlib.metadata" not in (ROOT / "engines" / "__init__.py").read_text()


def test_built_site_if_present():
    public = ROOT / "public"
    if not (public / "pyodide" / "pyodide-lock.json").is_file():
        pytest.skip("public/ is not built")
    lock = json.loads((public / "pyodide" / "pyodide-lock.json").read_text())
    for key, entry in lock["packages"].items():
        wheel = public / "pyodide" / entry["file_name"]
        assert wheel.is_file(), key
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], key
    assert {"pydantic", "pydantic-core", "typing-extensions", "typing-inspection", "annotated-types",
            build.BOOT_PACKAGE} <= set(lock["packages"])
    assert "micropip" not in lock["packages"]  # main.py loads the wheels with loadPackage
    assert lock["packages"]["tavolo-ui"]["depends"] == ["tavolo-engines"]
    assert not (public / "tavolo_ui").exists()  # shipped as the wheel only
    assert json.loads((public / "pyscript.json").read_text()) == build.pyscript_config()
    main_py = (public / "main.py").read_text()
    assert f'UI_WHEEL = "{build.BOOT_PACKAGE}"' in main_py and "loadPackage(UI_WHEEL)" in main_py
    for name in build.PYODIDE_CORE_FILES:
        assert (public / "pyodide" / name).is_file()
    assert (public / "pyscript" / "core.js").is_file()
    assert not list((public / "pyscript").glob("*.map"))
    # the page preloads PyScript's real core module, and asks for its own scripts before the
    # runtime's large files (six connections on HTTP/1.1)
    page = (public / "index.html").read_text()
    preloaded = re.search(r'<link rel="modulepreload" href="\./pyscript/(core-[^"]+\.js)">', page)
    assert preloaded and (public / "pyscript" / preloaded.group(1)).is_file()
    assert build.PYSCRIPT_PRELOAD_MARK not in page
    assert page.index('src="./boot.js"') < page.index('src="./pyscript/core.js"') < page.index('href="./pyodide/pyodide.asm.wasm.gz"')
    # the WebAssembly is shipped with its gzipped twin too, which the page preloads and
    # interpreter.mjs fetches, both with the twin's integrity (and the plain file is not preloaded)
    wasm = public / "pyodide" / "pyodide.asm.wasm"
    twin = wasm.with_name(wasm.name + ".gz").read_bytes()
    assert gzip.decompress(twin) == wasm.read_bytes()
    integrity = build.sri_sha256(twin)
    assert f'href="./pyodide/pyodide.asm.wasm.gz" as="fetch" crossorigin integrity="{integrity}"' in page
    assert 'href="./pyodide/pyodide.asm.wasm"' not in page
    assert f'const GZIPPED = {{"pyodide.asm.wasm": "{integrity}"}};' in (public / "interpreter.mjs").read_text()
    assert (public / "sw.js").is_file() and (public / "sw-register.js").is_file()
    # the interpreter module names the memory snapshot it may start from (or none), and the
    # service worker precaches it with the rest
    named = re.search(r'const SNAPSHOT = ("[^"]+"|null);', (public / "interpreter.mjs").read_text())
    assert named, "interpreter.mjs names no snapshot"
    if named.group(1) != "null":
        snapshot = public / "pyodide" / json.loads(named.group(1))
        assert snapshot.name in (public / "sw.js").read_text()
        memory = gzip.decompress(snapshot.read_bytes())
        assert len(memory) > 8_000_000  # a whole wasm memory
        # nothing of the machine that built it: not the temporary folder its Node script ran from
        assert b"tavolo-snapshot-" not in memory and b"./this.program" in memory


def test_built_site_ships_the_seals_wheels_but_does_not_load_them_at_boot():
    """python-ecdsa and six (Ed25519 for games at a distance, issue 39) are in public/pyodide/
    with the lock's sha256 and precached by the service worker (a game at a distance opens
    offline), but not among what the page or the bots' worker loads at boot: only
    ``tavolo_ui.crypto_load`` asks for them, when a game at a distance is opened (issue 40)."""
    public = ROOT / "public"
    if not (public / "pyodide" / "pyodide-lock.json").is_file():
        pytest.skip("public/ is not built")
    lock = json.loads((public / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    assert lock["ecdsa"]["version"] == "0.19.2" and lock["ecdsa"]["depends"] == ["six"]
    assert lock["six"]["version"] == "1.17.0"
    sw = (public / "sw.js").read_text()
    for key in ("ecdsa", "six"):
        wheel = public / "pyodide" / lock[key]["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == lock[key]["sha256"], key
        assert f'"./pyodide/{wheel.name}"' in sw, key
    # the page's boot list (interpreter.mjs's BOOT_WHEELS, computed from the lock) and the rest
    # of what boots: none names them
    boot = json.loads(re.search(r"const BOOT_WHEELS = (\[[^\]]*\]);", (public / "interpreter.mjs").read_text()).group(1))
    assert "tavolo-ui" in boot and not {"ecdsa", "six"} & set(boot)
    assert build.boot_closure({"packages": lock}) == boot
    for name in ("interpreter.mjs", "main.py", "pyscript.json", "bot_worker.mjs", "boot.js", "index.html"):
        text = (public / name).read_text()
        assert "ecdsa" not in text and "six-" not in text, name


def test_the_interpreter_module_without_a_snapshot(tmp_path):
    """Built without a snapshot, interpreter.mjs starts Pyodide the usual way (SNAPSHOT null);
    with one, it names the file and its size."""
    build.write_interpreter(tmp_path, None)
    text = (tmp_path / "interpreter.mjs").read_text()
    assert "const SNAPSHOT = null;" in text and "__SNAPSHOT__" not in text
    assert "const SNAPSHOT_BYTES = 0;" in text and "__" not in text
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "snapshot-0123.bin.gz").write_bytes(b"x" * 1234)
    build.write_interpreter(tmp_path, "snapshot-0123.bin.gz")
    text = (tmp_path / "interpreter.mjs").read_text()
    # its size too: a first visit judges the download's pace by it
    assert 'const SNAPSHOT = "snapshot-0123.bin.gz";' in text and "const SNAPSHOT_BYTES = 1234;" in text
    assert f'const UI_WHEEL = "{build.BOOT_PACKAGE}";' in text
    assert f'const BOOT_WHEELS = ["{build.BOOT_PACKAGE}"];' in text  # no lock file here


def test_the_interpreter_module_checks_every_wheel_the_ui_needs(tmp_path):
    """Pyodide marks the UI's wheel loaded even when one it depends on failed its sha256 check:
    interpreter.mjs checks them all, named from the lock file (dependencies first; a package
    the UI does not need is not waited for)."""
    def entry(*deps):
        return {"depends": list(deps)}

    lock = {"packages": {build.BOOT_PACKAGE: entry("tavolo-engines"), "tavolo-engines": entry("pydantic"),
                         "pydantic": entry("typing-extensions"), "typing-extensions": entry(), "other": entry()}}
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "pyodide-lock.json").write_text(json.dumps(lock))
    build.write_interpreter(tmp_path, None)
    text = (tmp_path / "interpreter.mjs").read_text()
    assert ('const BOOT_WHEELS = ["typing-extensions", "pydantic", "tavolo-engines", '
            f'"{build.BOOT_PACKAGE}"];') in text


def test_add_pycs_makes_a_sourceless_wheel_and_records_it(tmp_path):
    import csv
    import importlib.util
    import subprocess

    src = make_wheel(tmp_path, "pkg", modules={"pkg/__init__.py": "VALUE = 1\n", "pkg/sub/mod.py": "X = 2\n",
                                               "pkg/bad.py": "def (:\n", "top.py": "T = 3\n"})
    (tmp_path / "out").mkdir()
    dst = tmp_path / "out" / src.name
    assert build.add_pycs(src, dst) == 3  # bad.py does not compile and is left alone
    with zipfile.ZipFile(dst) as zf:
        names = set(zf.namelist())
        record = zf.read("pkg-1.0.dist-info/RECORD").decode()
        rows = {r[0]: r for r in csv.reader(record.splitlines()) if r}
        for pyc in ("pkg/__init__.pyc", "pkg/sub/mod.pyc", "top.pyc"):
            assert pyc in names and pyc[:-1] not in names and pyc[:-1] not in rows  # the pyc replaces the source
            data = zf.read(pyc)
            assert data[:4] == importlib.util.MAGIC_NUMBER
            assert int.from_bytes(data[4:8], "little") == 0b01  # hash-based, unchecked
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert rows[pyc][1:] == [f"sha256={digest}", str(len(data))]
        assert "pkg/bad.py" in names  # left as it was
    # the sourceless modules import (here with CPython's own pycs; the build uses Pyodide's)
    site = tmp_path / "site"
    with zipfile.ZipFile(dst) as zf:
        zf.extractall(site)
    out = subprocess.run([sys.executable, "-c", "import pkg, pkg.sub.mod, top; print(pkg.VALUE + pkg.sub.mod.X + top.T)"],
                         cwd=site, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "6"
    build.add_pycs(src, tmp_path / "again.whl")
    assert (tmp_path / "again.whl").read_bytes() == dst.read_bytes(), "compiling is reproducible"


def test_shipped_wheels_carry_pyodide_pycs_if_built():
    public = ROOT / "public"
    wheels = sorted((public / "pyodide").glob("*.whl")) if (public / "pyodide").is_dir() else []
    if not wheels:
        pytest.skip("public/ is not built")
    for w in wheels:
        with zipfile.ZipFile(w) as zf:
            names = zf.namelist()
        sources = [n for n in names if n.endswith(".py") and not n.split("/")[0].endswith(".dist-info")]
        pycs = [n for n in names if n.endswith(".pyc")]
        assert pycs and len(sources) <= len(pycs) * 0.1, w.name  # sourceless, bar what does not compile


def test_the_server_is_quiet_about_a_download_the_browser_drops(capsys):
    """A page drops a memory snapshot's download that would come too late: the server prints no
    traceback for the reset connection, but still does for anything else."""
    server = build.make_server(Path("."), 0)
    try:
        for error, printed in ((ConnectionResetError(104, "reset"), False), (BrokenPipeError(32, "pipe"), False),
                               (ValueError("a real bug"), True)):
            try:
                raise error
            except Exception:
                server.handle_error(None, ("127.0.0.1", 1))
            assert bool(capsys.readouterr().err) == printed, error
    finally:
        server.server_close()


# ---- one wheel per game (issue 40): a link to one game downloads that game only


def test_the_engine_wheel_splits_into_the_core_and_one_wheel_per_game(tmp_path):
    """pip's one wheel of the engines (pyproject.toml) becomes the core's wheel and one wheel
    per game of the catalog: each game's holds exactly ``engines/<game>/`` (code, data, texts,
    guide), the core's everything else (``engines/core``, the catalog, the top package), every
    file lands in exactly one, each game's requires the core's of the same version, and
    splitting again gives byte-identical wheels."""
    engine = build.build_engine_wheel(ROOT)  # cached by the build (pip wheel otherwise)
    games = build.catalog_games(ROOT)
    assert games == ["spyrium", "citadels", "euphoria", "myraclia"]
    core, per_game = build.split_engine_wheel(engine, games, tmp_path / "split")
    with zipfile.ZipFile(engine) as zf:
        built = {n for n in zf.namelist() if ".dist-info/" not in n}
    seen: list[str] = []
    with zipfile.ZipFile(core) as zf:
        core_files = [n for n in zf.namelist() if ".dist-info/" not in n]
    assert {n.split("/")[1] for n in core_files if n.count("/") >= 2} == {"core"}
    assert {"engines/__init__.py", "engines/catalog.json", "engines/version.py",
            "engines/core/registry.py", "engines/core/i18n/it.json"} <= set(core_files)
    seen += core_files
    for game in games:
        wheel = per_game[game]
        with zipfile.ZipFile(wheel) as zf:
            files = [n for n in zf.namelist() if ".dist-info/" not in n]
        assert files and all(n.startswith(f"engines/{game}/") for n in files), game
        assert {f"engines/{game}/__init__.py", f"engines/{game}/data.json", f"engines/{game}/i18n/it.json",
                f"engines/{game}/guide/en.json"} <= set(files), game
        seen += files
        entry = build.wheel_entry(wheel)
        assert (entry["name"], entry["version"]) == (build.game_wheel_name(game), build.project_version(ROOT))
        assert entry["depends"] == ["tavolo-engines"], game
    assert sorted(seen) == sorted(built)  # every file in exactly one wheel
    assert build.wheel_entry(core)["name"] == "tavolo-engines"
    assert build.wheel_entry(core)["depends"] == ["pydantic"]
    again_core, again = build.split_engine_wheel(engine, games, tmp_path / "again")
    assert again_core.read_bytes() == core.read_bytes()
    assert all(again[g].read_bytes() == per_game[g].read_bytes() for g in games)


def test_a_game_the_engine_wheel_does_not_hold_is_a_build_error(tmp_path):
    wheel = make_wheel(tmp_path, "tavolo-engines", "0.1",
                       modules={"engines/__init__.py": "", "engines/core/__init__.py": ""})
    with pytest.raises(BuildError, match="engines/chess"):
        build.split_engine_wheel(wheel, ["chess"], tmp_path / "split")


def test_built_site_loads_the_core_at_boot_and_each_game_on_demand():
    """In the built site's lock each game's wheel requires the core's, the UI's wheel requires
    the core's only, so the page's boot list (interpreter.mjs's BOOT_WHEELS) names no game;
    the service worker precaches every game's wheel (all four play offline after a visit)."""
    public = ROOT / "public"
    if not (public / "pyodide" / "pyodide-lock.json").is_file():
        pytest.skip("public/ is not built")
    lock = json.loads((public / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    assert lock["tavolo-ui"]["depends"] == ["tavolo-engines"]
    sw = (public / "sw.js").read_text()
    for game in build.catalog_games(ROOT):
        entry = lock[build.game_wheel_name(game)]
        assert entry["depends"] == ["tavolo-engines"], game
        assert f'"./pyodide/{entry["file_name"]}"' in sw, game
    boot = json.loads(re.search(r"const BOOT_WHEELS = (\[[^\]]*\]);", (public / "interpreter.mjs").read_text()).group(1))
    assert "tavolo-engines" in boot and not [w for w in boot if w.startswith(build.GAME_WHEEL_PREFIX)]
    # the game boot.js shows the first screen of loads with the interpreter (by its lock name)
    wheels = json.loads(re.search(r"const GAME_WHEELS = (\{[^}]*\});", (public / "interpreter.mjs").read_text()).group(1))
    assert wheels == {g: build.game_wheel_name(g) for g in build.catalog_games(ROOT)}


def _fallback_module(trimmed: Path):
    """The trimmed zip's fallback module, loaded here as a fresh module (not installed)."""
    import types

    with zipfile.ZipFile(trimmed) as zf:
        source = zf.read(f"{build.STDLIB_FALLBACK}.py").decode()
    module = types.ModuleType(build.STDLIB_FALLBACK)
    exec(compile(source, build.STDLIB_FALLBACK, "exec"), module.__dict__)
    return module


def _small_stdlib(tmp_path: Path) -> Path:
    full = tmp_path / "full.zip"
    with zipfile.ZipFile(full, "w") as zf:
        zf.writestr("kept.py", "X = 1\n")
        zf.writestr("kept.pyc", b"compiled")
        zf.writestr("tavolo_left_pkg/__init__.py", "")
        zf.writestr("tavolo_left_pkg/inner.py", "Y = 2\n")
        zf.writestr("tavolo_left_pkg/data.txt", "data of a package left out")
        zf.writestr("tavolo_left_mod.py", "Z = 3\n")
    return full


def test_the_trimmed_stdlib_keeps_what_is_reached_and_names_what_is_left_out(tmp_path):
    full = _small_stdlib(tmp_path)
    counts = build.trim_stdlib(full, {"kept"}, tmp_path / "trimmed.zip")
    with zipfile.ZipFile(tmp_path / "trimmed.zip") as zf:
        names = sorted(zf.namelist())
    # a compiled module ships as its pyc alone; nothing of the package left out
    assert names == ["_tavolo_stdlib.py", "kept.pyc"]
    assert counts == {"kept": 1, "left_out": 3}
    module = _fallback_module(tmp_path / "trimmed.zip")
    assert module.LEFT_OUT == {"tavolo_left_pkg", "tavolo_left_pkg.inner", "tavolo_left_mod"}
    assert module.FULL_SHA256 == build.sha256_file(full)


def test_the_fallback_imports_a_module_left_out_from_the_full_archive_once(tmp_path, monkeypatch):
    full = _small_stdlib(tmp_path)
    build.trim_stdlib(full, {"kept"}, tmp_path / "trimmed.zip")
    module = _fallback_module(tmp_path / "trimmed.zip")
    fetched = []

    def fetch():
        fetched.append(1)
        return full.read_bytes()

    finder = module.FullArchive(fetch)
    finder.folder = f"{tmp_path}/"
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, finder])
    for name in ("tavolo_left_pkg", "tavolo_left_pkg.inner", "tavolo_left_mod"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import tavolo_left_mod  # type: ignore[import-not-found]
    import tavolo_left_pkg.inner  # type: ignore[import-not-found]

    assert (tavolo_left_mod.Z, tavolo_left_pkg.inner.Y) == (3, 2)
    assert fetched == [1]  # one download for every module
    assert module.loaded == ["tavolo_left_mod", "tavolo_left_pkg"]  # the submodule came by the package's path
    assert finder.find_spec("json") is None  # a module not left out is none of its business


def test_a_damaged_full_archive_is_a_plain_import_error(tmp_path, monkeypatch):
    full = _small_stdlib(tmp_path)
    build.trim_stdlib(full, {"kept"}, tmp_path / "trimmed.zip")
    module = _fallback_module(tmp_path / "trimmed.zip")
    damaged = module.FullArchive(lambda: full.read_bytes() + b"!")
    damaged.folder = f"{tmp_path}/"
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, damaged])
    monkeypatch.delitem(sys.modules, "tavolo_left_mod", raising=False)
    with pytest.raises(ImportError, match="arrived damaged"):
        import tavolo_left_mod  # type: ignore[import-not-found]  # noqa: F401

    def offline():
        raise OSError("the network is down")

    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path[:-1], module.FullArchive(offline)])
    with pytest.raises(ImportError, match="could not be downloaded: the network is down"):
        import tavolo_left_mod  # type: ignore[import-not-found]  # noqa: F401,F811


def test_every_standard_module_the_app_reaches_is_in_the_built_trimmed_stdlib():
    """Under the site's Pyodide (Node), on the full standard library: import every module of
    every installed wheel (the app, the engines, pydantic, ecdsa, ...) and play a game of each;
    every standard module reached must be in the trimmed python_stdlib.zip
    (``tools/stdlib_imports.py``), so the page never needs the fallback's download."""
    import shutil
    import subprocess

    public = ROOT / "public"
    if not (public / "pyodide" / "pyodide-lock.json").is_file() or not shutil.which("node"):
        pytest.skip("public/ is not built, or node is missing")
    assert (public / "pyodide" / build.STDLIB_FULL).is_file(), "the site ships no trimmed standard library"
    assert (public / "pyodide" / "python_stdlib.zip").stat().st_size < 0.6 * (public / "pyodide" / build.STDLIB_FULL).stat().st_size
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "stdlib_imports.py"), "--public", str(public)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert ", 0 not in the trimmed python_stdlib.zip" in run.stdout


_NODE_START_SOURCES = r"""
import { pathToFileURL } from "node:url";
const [pyodideDir] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
console.log(py.runPython(`
import json, sys
json.dumps(sorted(name for name, m in list(sys.modules.items())
                  if str(getattr(getattr(m, "__spec__", None), "origin", "")).endswith(".py")))
`));
"""


def test_python_compiles_no_module_of_its_own_start(tmp_path):
    """Every module Pyodide imports while it starts comes from a pyc of the built trimmed
    python_stdlib.zip (build.PYODIDE_START_MODULES): compiled from source, they were about 70%
    of Python's start on a first visit, one task of seconds on a slow phone. The list names any
    module a new Pyodide imports that build.PYODIDE_START_MODULES lacks."""
    import shutil
    import subprocess

    public = ROOT / "public"
    node = shutil.which("node") or shutil.which("nodejs")
    if not (public / "pyodide" / "pyodide-lock.json").is_file() or node is None:
        pytest.skip("public/ is not built, or node is missing")
    script = tmp_path / "start.mjs"
    script.write_text(_NODE_START_SOURCES)
    run = subprocess.run([node, str(script), str((public / "pyodide").resolve())],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert json.loads(run.stdout.strip().splitlines()[-1]) == []

"""Tavolo can be installed as an app: a valid web manifest with its icons, which Chromium
itself finds installable, and everything the installed app opens is cached for offline use.

Needs ``python build.py`` first.
"""

from __future__ import annotations

import json
import struct

import pytest

from tests.web.conftest import open_app

pytestmark = pytest.mark.browser

CONTROLLED = "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"


def _png_size(path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_and_its_icons(site_dir):
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Tavolo" and manifest["short_name"]
    assert manifest["display"] in ("standalone", "fullscreen", "minimal-ui")
    assert (site_dir / manifest["start_url"]).is_file()
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    sizes, maskable = set(), False
    for icon in manifest["icons"]:
        path = site_dir / icon["src"]
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            w, h = _png_size(path)
            assert icon["sizes"] == f"{w}x{h}"
            sizes.add(w)
            maskable |= icon.get("purpose") == "maskable"
    assert {192, 512} <= sizes and maskable
    cached = (site_dir / "sw.js").read_text()
    for name in ["manifest.webmanifest", "index.html", *(i["src"][2:] for i in manifest["icons"])]:
        assert name in cached, f"{name} is not precached for offline use"


def test_chromium_finds_tavolo_installable(browser, base_url, tmp_path):
    """Chromium's own installability check (DevTools' ``Page.getInstallabilityErrors``), in a
    profile on disk: the tests' usual contexts are incognito, where nothing is installable."""
    from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS

    ctx = browser.browser_type.launch_persistent_context(str(tmp_path / "profile"), executable_path=CHROMIUM,
                                                         headless=True, args=CHROMIUM_ARGS)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        open_app(page, base_url)
        page.wait_for_function(CONTROLLED, timeout=120_000)
        cdp = ctx.new_cdp_session(page)
        got = cdp.send("Page.getAppManifest")
        assert got["url"].endswith("manifest.webmanifest")
        assert not got.get("errors"), got.get("errors")
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
    finally:
        ctx.close()

"""The boot screen's progress never looks frozen: besides the bar's width (moved by
script, which stops while Pyodide's start blocks the main thread), a gleam runs along it
with a CSS animation of ``transform`` only, which the compositor plays on its own.

Needs ``python build.py`` first.
"""

from __future__ import annotations

import pytest

from tests.web.conftest import wait_ready

pytestmark = pytest.mark.browser

GLEAM = """() => document.getAnimations().filter(a => a.animationName === 'boot-gleam').map(a => {
  const frames = a.effect.getKeyframes();
  return {state: a.playState, props: [...new Set(frames.flatMap(f => Object.keys(f)
    .filter(k => !['offset', 'easing', 'composite', 'computedOffset'].includes(k))))]};
})"""


def test_the_boot_bar_has_a_compositor_animation_while_python_loads(page, base_url):
    page.goto(base_url + "index.html", wait_until="domcontentloaded")
    anims = page.evaluate(GLEAM)
    assert anims and anims[0]["state"] == "running", anims
    assert anims[0]["props"] == ["transform"], anims  # transform only: no layout, no paint on the main thread
    assert page.inner_text("#boot-msg").strip()  # the phase in words
    wait_ready(page)

"""The seals of a game at a distance in the page (issues 39 and 40): python-ecdsa is loaded
only when such a game is opened, and the page's Ed25519 (``engines.core.seal`` under Pyodide)
agrees with CPython's.

One short test on one device (Italian, on a phone): at ready, ecdsa is neither imported nor
fetched; a new game at a distance whose wheel does not arrive opens all the same, with a note
that its links cannot be signed; resumed, the game gets its two wheels, once each; then, in
the page, RFC 8032's test 2 signs to the RFC's signature, a few moves sealed on CPython verify,
and the same moves sealed in the page with the same keys give the very same transcript
(Ed25519 signatures are deterministic), which CPython verifies in turn.

The page's interpreter is reached through a test-only wrapper of ``interpreter.mjs`` (served
by a route of this context; the site itself exposes none): its ``loadPyodide`` keeps the
page's Pyodide as ``globalThis.__tavoloPy``.

Needs ``python build.py`` first.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from engines.core.seal import turns, verify
from tests.core.test_seal import GID, play_sealed
from tests.web.conftest import shot
from tests.web.test_distance_page import LAPTOP, PHONE, Device, start_far_game

pytestmark = pytest.mark.browser

# RFC 8032, section 7.1, TEST 2: secret key, public key, message, signature (hex)
RFC_SECRET = "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb"
RFC_PUBLIC = "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c"
RFC_MESSAGE = "72"
RFC_SIGNATURE = ("92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
                 "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00")

# interpreter.mjs's loadPyodide, wrapped to keep the page's interpreter for the test
KEEP_PYODIDE = """
export async function loadPyodide(options) {
  const pyodide = await pageLoadPyodide(options);
  if (globalThis.document) globalThis.__tavoloPy = pyodide;
  return pyodide;
}
"""

RUN_PYTHON = """([code, arg]) => {
  const py = globalThis.__tavoloPy;
  py.globals.set("ARG", arg);
  return py.runPython(code);
}"""

# in the page: [imported, installed]
LOADED = "import importlib.util, sys\nstr(['ecdsa' in sys.modules, importlib.util.find_spec('ecdsa') is not None])"

# In the page: CPython's seals verified, the same moves sealed again with the same keys, and
# the RFC vector signed and checked.
CROSS_CHECK = """
import json
from engines.core import seal
from engines.core.record import GameRecord

data = json.loads(ARG)
record = GameRecord.model_validate(data["record"])
t = seal.turns(record)
seal.verify(record, data["transcript"], t.movers, gid=data["gid"], drawn=t.drawn)
mine = []
for segment in data["transcript"]:
    key = seal.SeatKey(bytes.fromhex(data["secrets"][str(segment["seat"])]))
    mine = seal.seal_segment(record, mine, segment["seat"], key, segment["a"][1], segment["c"][1], gid=data["gid"])
rfc = seal.SeatKey(bytes.fromhex(data["rfc"]["secret"]))
message = bytes.fromhex(data["rfc"]["message"])
json.dumps({"transcript": mine, "public": rfc.public.hex(), "signature": rfc.sign(message).hex(),
            "checks": seal.signed_by(rfc.public, message, bytes.fromhex(data["rfc"]["signature"])),
            "forged": seal.signed_by(rfc.public, message + b"!", bytes.fromhex(data["rfc"]["signature"]))})
"""


def seal_wheels(urls: list[str]) -> list[str]:
    """The requests for the seals' wheels (python-ecdsa, six) among ``urls``."""
    return [u for u in urls if "/pyodide/ecdsa-" in u or "/pyodide/six-" in u]


def test_seals_load_only_for_a_game_at_a_distance_and_agree_with_cpython(new_context, base_url):
    contexts = []

    def keeping_pyodide(**kwargs):
        # no service worker: its precache would fetch the wheels too (test_offline.py has it)
        ctx = new_context(service_workers="block", **kwargs)

        def wrap(route):
            text = route.fetch().text()
            text = text.replace("export async function loadPyodide(", "async function pageLoadPyodide(")
            route.fulfill(body=text + KEEP_PYODIDE, content_type="text/javascript")

        ctx.route("**/interpreter.mjs", wrap)
        contexts.append(ctx)
        return ctx

    ada = Device(keeping_pyodide, base_url, PHONE, "it", 0)
    page, ctx = ada.page, contexts[0]
    fetched: list[str] = []
    page.on("response", lambda r: r.ok and seal_wheels([r.url]) and fetched.append(r.url))
    page.wait_for_function("() => Boolean(globalThis.__tavoloPy)")

    # the home screen: ecdsa neither imported, nor installed, nor fetched
    assert page.evaluate(RUN_PYTHON, [LOADED, ""]) == "[False, False]"
    assert seal_wheels(ctx.requested_urls) == []

    # a new game at a distance whose seals' wheel does not arrive (offline, say): the game opens,
    # and the banner says its links cannot be signed, what failed behind Details
    ctx.route("**/pyodide/ecdsa-*.whl", lambda route: route.abort())
    start_far_game(ada, "citadels")
    page.wait_for_function("() => Boolean(document.documentElement.dataset.seals)")
    assert page.evaluate("document.documentElement.dataset.seals") == "failed"
    banner = page.locator("#banner.error")
    assert "non si possono firmare" in banner.locator(".banner-msg").inner_text()
    banner.locator("details.details summary").click()
    assert "ecdsa" in banner.locator("details.details pre").inner_text()
    assert page.locator("#actions button.act").count() > 0  # the game goes on
    shot(page, "seals-not-loaded-it-390")
    page.set_viewport_size(LAPTOP)
    shot(page, "seals-not-loaded-it-1280")

    # the game resumed from the home screen tries again: the wheels fetched, once each
    ctx.unroute("**/pyodide/ecdsa-*.whl")
    page.click("header .brand")
    assert "non sigillata" in page.inner_text("#inbox li.far")  # made unsealed: the inbox says so
    shot(page, "seals-not-sealed-inbox-it-1280")
    page.click("button[data-cmd='resume']")
    page.wait_for_function("() => document.documentElement.dataset.seals === 'loaded'")
    assert page.locator("#banner.error").count() == 0
    assert sorted(u.rsplit("/", 1)[1].split("-")[0] for u in fetched) == ["ecdsa", "six"], fetched

    # the two implementations against each other: a few moves of Citadels sealed on CPython
    game = play_sealed("citadels", players=3, seed=11, moves=6)
    secrets = {str(seat): hashlib.sha256(f"owner of seat {seat}".encode()).hexdigest()  # tests.core.test_seal.key_of
               for seat in {s["seat"] for s in game.transcript}}
    data = {"record": game.record.model_dump(mode="json"), "transcript": game.transcript, "gid": GID,
            "secrets": secrets,
            "rfc": {"secret": RFC_SECRET, "message": RFC_MESSAGE, "signature": RFC_SIGNATURE}}
    out = json.loads(page.evaluate(RUN_PYTHON, [CROSS_CHECK, json.dumps(data)]))
    assert out["public"] == RFC_PUBLIC and out["signature"] == RFC_SIGNATURE
    assert out["checks"] is True and out["forged"] is False
    assert out["transcript"] == game.transcript  # the page's seals are CPython's, byte for byte
    t = turns(game.record)
    verify(game.record, out["transcript"], t.movers, gid=GID, drawn=t.drawn)

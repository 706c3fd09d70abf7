"""The page's Content Security Policy, and hostile player names that must run nothing.

* The built ``index.html`` carries a strict policy in a ``<meta http-equiv>`` tag (no inline
  script, no ``'unsafe-eval'``).
* The page boots, a game starts and moves are played, online and offline (service worker),
  with no ``securitypolicyviolation`` event and no "Refused to ..." console message.
* Player names such as ``<img src=x onerror=alert(1)>`` arriving through a share link, an
  imported save file and the New game form are shown as plain text (seat chips, handoff,
  log, save list) and run nothing: no dialog opens, no element of a payload is in the DOM,
  no request goes to ``x``.

Needs ``python build.py`` first (``TAVOLO_PUBLIC`` to test another build). Screenshots:
test-output/screens/csp_*.png
"""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from urllib.parse import urlparse

import pytest

from tests.web.conftest import ROOT, app_errors, open_app, shot, wait_ready
from tests.web.pagedriver import fill_seed

if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))  # tavolo_ui.links, to make share links

import engines  # noqa: E402
from tavolo_ui.bidi import isolate  # noqa: E402
from tavolo_ui.links import make_fragment  # noqa: E402

pytestmark = pytest.mark.browser

GAME = "citadels"

# Classic payloads; each fits a seat name (40 characters at most).
HOSTILE = [
    "<img src=x onerror=alert(1)>",
    '"><script>alert(2)</script>',
    "javascript:alert(3)//",
    "'><svg onload=alert(4)>",
]
# An imported file's name becomes the save's name (a file name cannot hold "/").
HOSTILE_FILE_NAME = "<img src=x onerror=alert(5)>"

# Added to every document before its own scripts: violations of the policy are kept in window.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__cspViolations.push([e.effectiveDirective, e.blockedURI, e.sourceFile + ":" + e.lineNumber,
                               e.sample].join(" | "));
}, true);
"""

# Every element a payload could have brought in, and every inline handler anywhere.
INJECTED = """() => {
  const bad = [];
  const ownScripts = ["/boot.js", "/pyscript/core.js", "/main.py", "/sw-register.js"];
  for (const el of document.querySelectorAll("*")) {
    const tag = el.tagName.toLowerCase();
    for (const a of el.attributes) {
      if (/^on/i.test(a.name)) bad.push(tag + " " + a.name + "=" + a.value);
      if (/^\\s*javascript:/i.test(a.value) && ["href", "src", "action", "formaction", "xlink:href"].includes(a.name))
        bad.push(tag + " " + a.name + "=" + a.value);
    }
    if (["img", "svg", "iframe", "object", "embed", "image"].includes(tag)) bad.push(tag + " element");
    if (tag === "script") {
      const src = el.getAttribute("src") || "";
      if (!ownScripts.some((s) => new URL(src || "x:", location.href).pathname === s))
        bad.push("script " + (src || el.textContent.slice(0, 80)));
    }
  }
  return bad;
}"""


class Guard:
    """What a page reported: policy violations, console messages about the policy, dialogs."""

    def __init__(self, page):
        self.page = page
        self.console: list[str] = []
        self.dialogs: list[str] = []
        page.add_init_script(RECORD_VIOLATIONS)
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        page.on("dialog", self._dialog)

    def _dialog(self, dialog):
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def violations(self) -> list[str]:
        found = self.page.evaluate("window.__cspViolations || []")
        refused = [m for m in self.console
                   if "Content Security Policy" in m or "Refused to" in m]
        return found + refused

    def check_clean(self) -> None:
        assert self.violations() == [], self.violations()
        assert self.dialogs == [], f"a payload ran: {self.dialogs}"
        assert not app_errors(self.page), self.page.console_errors


@pytest.fixture
def guard(page):
    return Guard(page)


def wait_until(page, expression: str, timeout: float = 60_000) -> None:
    """``page.wait_for_function`` with the expression given as a function. Playwright evaluates
    a function's text once, in the evaluation that DevTools exempts from the page's policy, but
    a bare expression with eval() again at every poll, which the policy (no 'unsafe-eval')
    refuses with an EvalError."""
    if "=>" not in expression:
        expression = f"() => ({expression})"
    page.wait_for_function(expression, timeout=timeout)


def body(page, key: str) -> str:
    return page.evaluate(f"document.body.dataset.{key} || ''")


def requests_to_x(context) -> list[str]:
    """Requests a payload would make: its image ``x`` or anything with ``alert`` in it."""
    return [u for u in context.requested_urls
            if urlparse(u).path.rsplit("/", 1)[-1] == "x" or "alert" in u.lower()]


def assert_ran_nothing(page, guard, context) -> None:
    guard.check_clean()
    assert page.evaluate(INJECTED) == []
    assert requests_to_x(context) == []


def shown_text(page) -> str:
    """The page's visible text (seat chips, status, handoff, log, saves, banner)."""
    return page.inner_text("body")


def play_moves(page, n: int, names: list[str] | None = None) -> None:
    """Play ``n`` moves of the human seats by clicking their first button, passing the device
    at each handoff (whose name must be one of ``names``); bots play by themselves."""
    played = 0
    while played < n:
        wait_until(
            page,
            "document.body.dataset.over === '1' || document.body.dataset.handoff !== ''"
            " || document.querySelectorAll('#actions button.act').length > 0", timeout=60_000)
        if body(page, "over") == "1":
            return
        if body(page, "handoff"):
            if names is not None:
                assert page.inner_text("#handoff-name") in [isolate(name) for name in names]
            page.click("#handoff button[data-cmd='handoff']")
            wait_until(page, "document.body.dataset.handoff === ''")
            continue
        before = int(body(page, "actions"))
        page.locator("#actions button.act").first.click()
        wait_until(page, f"Number(document.body.dataset.actions) > {before}", timeout=60_000)
        played += 1


def hostile_record(n_actions: int = 4) -> dict:
    """A Citadels record whose four seats have hostile names (two humans, two bots), with its
    first ``n_actions`` moves played."""
    game = engines.get_game(GAME)
    kinds = ["human", "human", "bot:random", "bot:random"]
    seats = [{"name": name, "kind": kind} for name, kind in zip(HOSTILE, kinds)]
    record = engines.new_record(game, len(seats), 11, None, seats)
    state = game.new_game(record.players, record.seed, record.options)
    for _ in range(n_actions):
        action = game.legal_actions(state)[0]
        game.apply(state, action)
        record.actions.append(game.dump_action(action))
    data = record.model_dump(mode="json")
    engines.parse_record(data)  # the page reads it the same way
    return data


def assert_names_shown(page, names: list[str]) -> None:
    text = shown_text(page)
    for name in names:
        assert name in text, f"{name!r} is not shown as text"
    chips = page.inner_text("#status .chips")
    for name in names:
        assert name in chips, f"{name!r} is not in the seat list: {chips!r}"


# --------------------------------------------------------------------------- the policy


class _Metas(HTMLParser):
    def __init__(self):
        super().__init__()
        self.policies: list[str] = []
        self.inline_scripts = 0
        self.handlers: list[str] = []
        self.before_policy: list[str] = []  # scripts and styles met before the policy

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "meta" and (a.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(a.get("content") or "")
        if tag == "script" and not a.get("src"):
            self.inline_scripts += 1
        if tag in ("script", "link", "style") and not self.policies:
            self.before_policy.append(tag)
        self.handlers += [f"{tag} {k}" for k, _ in attrs if k.startswith("on")]


def parse_policy(text: str) -> dict[str, list[str]]:
    out = {}
    for part in text.split(";"):
        words = part.split()
        if words:
            out[words[0].lower()] = words[1:]
    return out


def test_built_page_has_a_strict_policy(site_dir):
    page = _Metas()
    page.feed((site_dir / "index.html").read_text(encoding="utf-8"))
    assert len(page.policies) == 1, "one <meta http-equiv='Content-Security-Policy'> expected"
    assert page.before_policy == [], "the policy must come before every script and style"
    policy = parse_policy(page.policies[0])
    assert policy["default-src"] == ["'self'"]
    script = policy["script-src"]
    assert "'unsafe-inline'" not in script and "'unsafe-eval'" not in script
    assert set(script) <= {"'self'", "'wasm-unsafe-eval'"}, script
    assert "'unsafe-inline'" not in policy.get("style-src", [])
    for directive in policy.values():  # nothing from elsewhere, nothing from blobs or data
        assert not any(s in ("*", "data:", "blob:", "http:", "https:") or "//" in s for s in directive)
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'self'"]
    assert policy["form-action"] == ["'none'"]
    assert "frame-ancestors" not in policy  # ignored in a meta tag: the header's job
    assert page.inline_scripts == 0 and page.handlers == []
    # the HTML the app builds (web/tavolo_ui ships as a sourceless wheel): no inline handler,
    # which the policy would refuse
    for py in sorted((ROOT / "web" / "tavolo_ui").rglob("*.py")):
        found = re.findall(r"""\son[a-z]+\s*=\s*["'][^"']*["']""", py.read_text(encoding="utf-8"))
        assert found == [], f"{py.relative_to(ROOT)}: inline event handlers {found}"


def test_dev_server_sends_the_policy_as_a_header(page, base_url, site_dir):
    response = page.request.get(base_url)
    header = response.headers.get("content-security-policy", "")
    meta = _Metas()
    meta.feed((site_dir / "index.html").read_text(encoding="utf-8"))
    assert header == meta.policies[0] + "; frame-ancestors 'none'"
    assert "content-security-policy" not in page.request.get(base_url + "boot.js").headers


# --------------------------------------------------------------------------- a clean run


def test_boot_and_play_without_violations(page, guard, context, base_url):
    open_app(page, base_url)
    assert body(page, "screen") == "home"
    shot(page, "csp_01_home")
    page.click(f".game-card[data-game='{GAME}'] button[data-cmd='new']")
    wait_until(page, "document.body.dataset.screen === 'new'")
    page.select_option("#players", "3")
    wait_until(page, "document.querySelectorAll('.seat').length === 3")
    page.locator(".seat-kind").nth(1).select_option("bot:random")
    page.locator(".seat-kind").nth(2).select_option("bot:random")
    fill_seed(page, "5")
    page.locator(".seat-name").first.press("Enter")  # no inline handler: nothing is submitted
    assert body(page, "screen") == "new"
    page.click("#start")
    wait_until(page, "document.body.dataset.screen === 'table'")
    play_moves(page, 3)
    # a tip on the board, the share dialog: more of the page's code paths
    tips = [t for t in json.loads(page.get_attribute("#board", "data-hits") or "[]") if t[5]]
    if tips:
        x, y, w, h = tips[0][:4]
        page.hover("#board", position={"x": x + w / 2, "y": y + h / 2})
    page.click("#share-btn")
    page.wait_for_selector("#share-play")
    page.click("[data-cmd='close-modal']")
    shot(page, "csp_02_table")
    assert_ran_nothing(page, guard, context)


def test_offline_through_the_service_worker_without_violations(new_context, serve, site_dir):
    url, stop = serve(site_dir)
    ctx = new_context()
    page = ctx.new_page()
    guard = Guard(page)
    page.console_errors = []
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    open_app(page, url)
    wait_until(page, "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)",
                           timeout=120_000)
    stop()
    ctx.set_offline(True)
    page.reload()
    wait_ready(page)
    page.click(f".game-card[data-game='{GAME}'] button[data-cmd='new']")
    wait_until(page, "document.body.dataset.screen === 'new'")
    page.click("#start")
    wait_until(page, "document.body.dataset.screen === 'table'")
    play_moves(page, 1)
    assert guard.violations() == [], guard.violations()
    assert guard.dialogs == [] and page.console_errors == []


# --------------------------------------------------------------------------- hostile names


def test_hostile_names_in_a_share_link(page, guard, context, base_url):
    record = hostile_record()
    open_app(page, base_url, "index.html" + make_fragment(record, "play"))
    wait_until(page, "document.body.dataset.screen === 'table'")
    assert body(page, "actions") == str(len(record["actions"]))
    seat = body(page, "handoff")
    if seat:  # two humans: the handoff names the next one, as text
        assert page.inner_text("#handoff-name") == isolate(HOSTILE[int(seat)])
        assert HOSTILE[int(seat)] in page.inner_text("#handoff")
        shot(page, "csp_03_link_handoff")
    play_moves(page, 2, HOSTILE)
    assert_names_shown(page, HOSTILE)
    log = page.inner_text("#log")
    assert any(name in log for name in HOSTILE), log
    shot(page, "csp_04_link_table")
    assert_ran_nothing(page, guard, context)

    # the same game as a watch link: the names in the spectator's view
    page.goto(base_url + "index.html" + make_fragment(record, "watch"))
    wait_ready(page)
    wait_until(page, "document.body.dataset.screen === 'watch'")
    wait_until(page, f"Number(document.body.dataset.actions) >= {len(record['actions'])}",
                           timeout=30_000)
    assert_names_shown(page, HOSTILE)
    shot(page, "csp_05_watch")
    assert_ran_nothing(page, guard, context)


def test_hostile_names_in_an_imported_file(page, guard, context, base_url):
    record = hostile_record()
    open_app(page, base_url)
    page.click("header .brand")
    wait_until(page, "document.body.dataset.screen === 'home'")
    page.set_input_files("#import-file", files=[{
        "name": HOSTILE_FILE_NAME + ".json", "mimeType": "application/json",
        "buffer": json.dumps(record).encode()}])
    page.wait_for_selector("#banner.info")
    assert HOSTILE_FILE_NAME in page.inner_text("#banner")  # "Imported “<img ...>”."
    save = page.locator(".save:not(.broken)")
    assert save.count() == 1
    assert page.inner_text(".save .save-name") == HOSTILE_FILE_NAME
    shot(page, "csp_06_import_home")
    assert_ran_nothing(page, guard, context)

    # the export of that save: a download through a blob: URL, allowed by the policy
    with page.expect_download() as info:
        page.click(".save button[data-cmd='export']")
    exported = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert [s["name"] for s in exported["seats"]] == HOSTILE

    page.click(".save button[data-cmd='resume']")
    wait_until(page, "document.body.dataset.screen === 'table'")
    play_moves(page, 2, HOSTILE)
    assert_names_shown(page, HOSTILE)
    shot(page, "csp_07_import_table")
    assert_ran_nothing(page, guard, context)


def test_hostile_names_typed_in_the_new_game_form(page, guard, context, base_url):
    open_app(page, base_url)
    page.click(f".game-card[data-game='{GAME}'] button[data-cmd='new']")
    wait_until(page, "document.body.dataset.screen === 'new'")
    page.select_option("#players", str(len(HOSTILE)))
    wait_until(page, f"document.querySelectorAll('.seat').length === {len(HOSTILE)}")
    kinds = ["human", "human", "bot:random", "bot:random"]
    for i, (name, kind) in enumerate(zip(HOSTILE, kinds)):
        page.locator(".seat-name").nth(i).fill(name)
        page.locator(".seat-kind").nth(i).select_option(kind)
    fill_seed(page, "3")
    # the form drawn again (another number of players keeps the names): the values stay text
    page.select_option("#players", str(len(HOSTILE) + 1))
    wait_until(page, f"document.querySelectorAll('.seat').length === {len(HOSTILE) + 1}")
    assert [page.locator(".seat-name").nth(i).input_value() for i in range(len(HOSTILE))] == HOSTILE
    page.select_option("#players", str(len(HOSTILE)))
    wait_until(page, f"document.querySelectorAll('.seat').length === {len(HOSTILE)}")
    fill_seed(page, "3")
    assert_ran_nothing(page, guard, context)
    page.click("#start")
    wait_until(page, "document.body.dataset.screen === 'table'")
    assert page.inner_text("#handoff-name") == isolate(HOSTILE[int(body(page, "handoff"))])
    play_moves(page, 3, HOSTILE)
    assert_names_shown(page, HOSTILE)
    log = page.inner_text("#log")
    assert any(name in log for name in HOSTILE), log
    shot(page, "csp_08_typed_table")
    assert_ran_nothing(page, guard, context)

    # home (the save list) and back to the table
    page.click("header .brand")
    wait_until(page, "document.body.dataset.screen === 'home'")
    assert page.locator(".save:not(.broken)").count() == 1
    page.click(".save button[data-cmd='resume']")
    wait_until(page, "document.body.dataset.screen === 'table'")
    assert_ran_nothing(page, guard, context)

"""How to play: a game's rules and reference, as a view over the current screen.

One object, ``RulesScreen``, built by ``App`` (``app.py``) with the page (``page.Page``). The
view's HTML comes from ``rules_page`` (contents, the rules in the page's language, the
searchable reference); this module opens it over whatever screen is showing (home cards,
the table's or the review's header, the status line's "rule" link to the current phase, the
"Rule" link of a board spot's note), which stays untouched and out of reach underneath
(``inert``) until the view is closed, then gives the focus back to the button that opened it.
A language switch draws it again at the same place (``rules_snapshot``, ``reopen``). A game
with a guided first game offers "Learn by playing" at the top of its rules (``home.learn_button``).
"""

from __future__ import annotations

from html import escape as h
from typing import Callable

import js  # type: ignore[import-not-found]

import engines
from engines.core.i18n import texts

from . import home, more_menu, rules_page
from .page import L, Page, _el, _error_detail, _jsobj, back_in_reach, out_of_reach
from .session import Session

T = texts("ui")


class RulesScreen:
    """How to play: the view over the current screen, open or closed."""

    def __init__(self, page: Page) -> None:
        self.page = page
        # the view while it is open: {"game", "opener" (the id of the button that opened it,
        # focused again on close)}; None when closed
        self.view: dict | None = None
        self._rule_ids: dict[tuple[str, str], set[str]] = {}  # (game, language): its rules' section ids

    def commands(self) -> dict[str, Callable[[str], None]]:
        return {"rules": self.open_at, "rules-close": lambda _arg: self.close_rules(), "rules-go": self.rules_go}

    def leave(self, screen: str) -> None:
        """The view goes with the screen it was over."""
        self.rules_closed()

    def open_at(self, arg: str) -> None:
        """A How to play button or a "rule" link: ``game`` or ``game#section``, opened by the
        button just pressed (``Page.clicked``)."""
        game, _, section = arg.partition("#")
        self.open_rules(game, opener=self.page.clicked, section=section)

    def reopen(self, snapshot: dict | None) -> bool:
        """Open the view again as ``rules_snapshot`` left it (a language switch drew the screen
        underneath again); False when it was not open."""
        if snapshot is None:
            return False
        self.open_rules(snapshot["game"], opener=snapshot["opener"], query=snapshot["query"], scroll=snapshot["scroll"])
        return True

    def rule_ids(self, game: str) -> set[str]:
        """The section ids of ``game``'s rules in the page's language (read once)."""
        key = (game, self.page.lang)
        if key not in self._rule_ids:
            self._rule_ids[key] = rules_page.section_ids(rules_page.rules_text(game, self.page.lang))
        return self._rule_ids[key]

    def phase_link(self, s: Session | None, mode: str) -> str:
        """A small "rule" link after the table's status line (game ``s``, played or watched:
        ``mode``), to the rules of the phase it is in; nothing when the rules have no section
        for it (or anything fails)."""
        try:
            if s is None or s.is_over():
                return ""
            view = s.game.view(s.state, s.me() if mode == "play" else None)
            section = rules_page.phase_section(view, self.rule_ids(s.game.name))
        except Exception as exc:
            js.console.error(f"phase link: {exc!r}")
            return ""
        if not section:
            return ""
        return (f' <button class="rule-link" id="rules-phase-link" data-cmd="rules" '
                f'data-arg="{h(s.game.name)}#{h(section)}" title="{h(L("The rules of this phase"))}">'
                f'{h(L("rule"))}</button>')

    def open_rules(self, game: str, opener: str = "", section: str = "", query: str = "",
                   scroll: float | None = None) -> None:
        """The How to play view of ``game`` over the current screen (the screen underneath is
        left exactly as it is): contents, rules, searchable reference; at ``section`` if given."""
        try:
            g = engines.get_game(game)
        except Exception:
            self.page.flash(T("{game} is not available in this version yet.", game=game.title()))
            return
        try:
            entries = list(g.reference(self.page.lang) or [])
        except Exception as exc:  # a reference bug must not hide the rules
            js.console.error(f"reference failed: {_error_detail(exc)}")
            entries = []
        labels = {"contents": L("Contents"), "reference": L("Reference"), "search": L("Search the reference"),
                  "none": L("Nothing found."), "missing": L("The rules of this game are not written yet.")}
        wide = int(js.window.innerWidth) > 760
        learn = home.learn_button(game, self.page.lang, "rules-learn")  # a guided first game, where there is one
        learn = f'<p class="rules-learn">{learn}</p>' if learn else ""
        body = rules_page.page_html(g.title, rules_page.rules_text(game, self.page.lang), entries, labels,
                                    toc_open=wide, at=section)
        old = _el("rules-view")
        if old:
            old.remove()
        view = js.document.createElement("div")
        view.id = "rules-view"
        view.className = "rules-overlay"
        view.setAttribute("role", "dialog")
        view.setAttribute("aria-modal", "true")
        view.setAttribute("aria-labelledby", "rules-heading")
        view.dataset.game = game
        view.innerHTML = (f'<div class="rules-box"><div class="rules-bar">'
                          f'<h2 id="rules-heading">{h(L("How to play"))}</h2><span class="grow"></span>'
                          f'{self.page.lang_switch()}<button class="primary" id="rules-close" data-cmd="rules-close">'
                          f'{h(L("Close"))}</button></div><div class="rules-scroll" id="rules-scroll">{learn}{body}</div></div>')
        # everything underneath is out of reach (keyboard and screen readers) while it is open
        out_of_reach(self.page.root)
        self.page.root.appendChild(view)
        self.view = {"game": game, "opener": opener}
        js.document.body.dataset.rules = game
        js.document.body.classList.add("rules-open")
        if query:
            box = _el("ref-search")
            if box:
                box.value = query
                self.filter_reference(query)
        if section:
            self.rules_go(section)
        elif scroll is not None:
            _el("rules-scroll").scrollTop = scroll
        if not section:
            _el("rules-close").focus()

    def rules_snapshot(self) -> dict | None:
        """What to keep of the open view when it is drawn again (language switch)."""
        if self.view is None or not _el("rules-view"):
            return None
        box, sc = _el("ref-search"), _el("rules-scroll")
        return {**self.view, "query": str(box.value) if box else "",
                "scroll": float(sc.scrollTop) if sc else None}

    def rules_closed(self) -> None:
        """Forget the view (it is gone with the screen it was over)."""
        self.view = None
        try:
            js.document.body.dataset.rules = ""
            js.document.body.classList.remove("rules-open")
        except Exception:
            pass

    def close_rules(self) -> None:
        """Close the view: the screen underneath is as it was, less the coach's note (read
        and done with: it would stay open over the mats), and the keyboard goes back to the
        button that opened it (to the board, when that was the note's "Rule" link)."""
        opener = (self.view or {}).get("opener", "")
        view = _el("rules-view")
        if view:
            view.remove()
        back_in_reach(self.page.root)
        self.rules_closed()
        note = _el("note")
        if note and not note.hidden:
            note.hidden = True
            note.textContent = ""
        target = (_el(opener) if opener else None) or (_el("board") if opener == "note-rule" else None) or _el("rules-btn")
        target = more_menu.reachable(target)  # on a phone How to play sits in the closed ⋯ panel
        if target:
            target.focus()

    def rules_go(self, ident: str) -> None:
        """Scroll the view to a section (``rule-<id>``), the reference (``rule-reference``) or
        a reference entry (``ref-<id>``, shown even when the search had hidden it)."""
        target = None
        for candidate in (f"rule-{ident}", ident, f"ref-{ident}"):
            target = _el(candidate) if candidate else None
            if target and target.closest("#rules-view"):
                break
            target = None
        if not target:
            return
        if target.classList.contains("ref") and target.hidden:
            box = _el("ref-search")
            if box:
                box.value = ""
            self.filter_reference("")
        target.setAttribute("tabindex", "-1")
        target.scrollIntoView(_jsobj({"block": "start"}))
        target.focus(_jsobj({"preventScroll": True}))
        self.mark_contents(str(target.id))

    def mark_contents(self, at: str) -> None:
        """Mark in the contents the entry of where the view is (``aria-current``, drawn
        highlighted): the section ``at``, or "Reference" for one of its entries
        (``rules_page.contents_entry``); every other entry loses the mark."""
        links = js.document.querySelectorAll("#rules-view .toc a[data-arg]")
        args = [str(links.item(i).dataset.arg or "") for i in range(int(links.length))]
        current = rules_page.contents_entry(at, [a for a in args if a != "reference"])
        for i, arg in enumerate(args):
            if arg == current:
                links.item(i).setAttribute("aria-current", "location")
            else:
                links.item(i).removeAttribute("aria-current")

    def filter_reference(self, query: str) -> None:
        """Show the reference entries holding every word of ``query`` (``rules_page.matches``
        on their ``data-search``), and the "nothing found" line when none does."""
        rows = js.document.querySelectorAll("#ref-list .ref")
        shown = 0
        for i in range(int(rows.length)):
            row = rows.item(i)
            ok = rules_page.matches(str(row.dataset.search or ""), query)
            row.hidden = not ok
            shown += ok
        empty = _el("ref-empty")
        if empty:
            empty.hidden = shown > 0

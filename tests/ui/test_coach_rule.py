"""The coach's note links the rule that refused the move (issue 27): a click on a board spot
that is not a legal choice shows the engine's reason (``Game.why_not``), and the note's
"Rule" link opens the entry of How to play's reference that holds the refusing rule (the
phase, the timing, the cost, the target), not the clicked card's own entry; a spot whose
refusal names no rule still links its own entry.

The spots are found as the page finds them: the game's renderer draws the table of the seat
to move. The note is the page's own (``TableScreen.show_note``, on fake browser objects): the
tests read its sentence and its link's target, as a person clicking the spot would, so they
fail on a page that links the clicked card whatever refused the move."""

import sys
import types

from engines.citadels.components import CHARACTERS
from tavolo_ui import rules_page
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import get_renderer
from tavolo_ui.session import Session
from tests.spyrium.helpers import clear_market, give_building, put

from .test_commands import app  # noqa: F401 (the page on fake browser objects, a fixture)


class _Node:
    """A DOM element, as much of it as the note uses: children (cleared by setting
    ``textContent``), ``className``, ``dataset``, ``style``, ``hidden``, sizes."""

    def __init__(self, tag: str = ""):
        self.tag, self.id, self.className, self.hidden = tag, "", "", True
        self.children: list[_Node] = []
        self._text = ""
        self.dataset, self.style = types.SimpleNamespace(), types.SimpleNamespace()
        self.offsetWidth = self.clientWidth = 300

    @property
    def textContent(self) -> str:
        return self._text + "".join(c.textContent for c in self.children)

    @textContent.setter
    def textContent(self, value: str) -> None:
        self._text, self.children = value, []

    @property
    def firstChild(self):
        return self.children[0] if self.children else None

    def appendChild(self, child: "_Node") -> None:
        self.children.append(child)


def _note(app, s: Session, spot) -> tuple[str, str]:
    """Click ``spot`` on the page's table (``TableScreen.show_note``, what a click on a spot
    that is no legal choice does): the note's sentence (its ``coach-why`` paragraph) and the
    target of its "Rule" link (``game#anchor``, '' if none)."""
    doc = sys.modules["js"].document
    nodes = {"note": _Node(), "tip": _Node(), "board-wrap": _Node()}
    nodes["board-wrap"].clientWidth = 1280
    doc.getElementById = lambda id_: doc.app if id_ == "app" else nodes.get(id_)
    doc.createElement = _Node
    app.page.session, app.page.lang, app.table.mode = s, s.lang, "play"
    app.table.show_note(spot, 10.0, 10.0)
    note = nodes["note"]
    assert not note.hidden
    why = next((c.textContent for c in note.children if c.className == "coach-why"), "")
    link = next((c.dataset.arg for c in note.children if c.className == "rule-link"), "")
    return why, link


def _humans(name: str, n: int, seed: int) -> Session:
    s = Session.start(name, [{"name": f"P{i + 1}", "kind": "human"} for i in range(n)], seed)
    s.confirm_handoff()
    return s


def _hits(s: Session) -> list:
    """The spots of the board as the page draws it for the seat to move."""
    me = s.to_move()
    actions = [{"index": i, "action": s.game.dump_action(a), "label": s.game.action_label(s.state, a, s.lang)}
               for i, a in enumerate(s.game.legal_actions(s.state))]
    cv = Canvas(1280, 900, s.lang)
    get_renderer(s.game.name)(cv, s.game.view(s.state, me), actions, me)
    return cv.hits


def _anchor_on_rules_page(s: Session, ident: str) -> bool:
    """Whether How to play (in the session's language) has the reference entry ``ident``."""
    html = rules_page.page_html("", None, s.game.reference(s.lang), {k: k for k in
                                ("contents", "reference", "search", "none", "missing")})
    return f'id="{rules_page.ref_anchor(ident)}"' in html


def _rule(s: Session, ident: str) -> str:
    """The note link's target for reference entry ``ident`` (How to play must have it)."""
    assert _anchor_on_rules_page(s, ident), ident
    return f"{s.game.name}#{rules_page.ref_anchor(ident)}"


def test_spyrium_capitalization_in_phase_one_links_phase_two_not_the_card(app):
    s = _humans("spyrium", 2, 5)
    clear_market(s.state)
    put(s.state, 4, "A-capitalization")
    spot = next(h for h in _hits(s) if h.ref == "A-capitalization" and h.probe)
    why, link = _note(app, s, spot)
    assert why.startswith("Patenting a technique is a Phase II action"), why
    assert link == _rule(s, "phase-ii") != _rule(s, "A-capitalization"), link
    s.lang = "it"
    why, link = _note(app, s, spot)
    assert why.startswith("Brevettare una tecnica è un’azione della Fase II"), why
    assert link == _rule(s, "phase-ii"), link


def test_citadels_face_up_character_links_the_choosing_of_characters(app):
    s = _humans("citadels", 4, 5)
    rank = s.state.removed_up[0]
    spot = next(h for h in _hits(s) if h.probe == {"type": "choose_character", "rank": rank})
    assert spot.ref == CHARACTERS[rank].id  # the spot itself is the character's card
    why, link = _note(app, s, spot)
    assert "set aside face up" in why, why
    assert link == _rule(s, "choosing-characters") != _rule(s, spot.ref), link


def test_a_refusal_the_card_itself_states_links_the_card(app):
    """Spyrium: a building with no ability cannot be used, in any phase; the card's text is
    the reason, so the link is the card's own entry."""
    s = _humans("spyrium", 2, 5)
    seat = s.to_move()
    give_building(s.state, seat, "A-residence")
    spot = next(h for h in _hits(s) if h.ref == "A-residence" and h.probe and h.probe.get("type") == "use")
    why, link = _note(app, s, spot)
    assert "no ability" in why, why
    assert link == _rule(s, "A-residence"), link

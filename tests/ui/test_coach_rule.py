"""The coach's note links the rule that refused the move (issue 27): a click on a board spot
that is not a legal choice shows the engine's reason (``Game.why_not``), and the note's
"Rule" link opens the entry of How to play's reference that holds the refusing rule (the
phase, the timing, the cost, the target), not the clicked card's own entry; a spot whose
refusal names no rule still links its own entry.

The spots are found as the page finds them: the game's renderer draws the table of the seat
to move, and ``Session.coach(hit.probe, hit.ref)`` gives the note's sentence and link."""

from engines.citadels.components import CHARACTERS
from tavolo_ui import rules_page
from tavolo_ui.canvas import Canvas
from tavolo_ui.renderers import get_renderer
from tavolo_ui.session import Session
from tests.spyrium.helpers import clear_market, give_building, put


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


def test_spyrium_capitalization_in_phase_one_links_phase_two_not_the_card():
    s = _humans("spyrium", 2, 5)
    clear_market(s.state)
    put(s.state, 4, "A-capitalization")
    spot = next(h for h in _hits(s) if h.ref == "A-capitalization" and h.probe)
    why, link = s.coach(spot.probe, spot.ref)
    assert why is not None and why.startswith("Patenting a technique is a Phase II action")
    assert link == "phase-ii" and _anchor_on_rules_page(s, link)
    s.lang = "it"
    why, link = s.coach(spot.probe, spot.ref)
    assert why is not None and why.startswith("Brevettare una tecnica è un’azione della Fase II")
    assert link == "phase-ii" and _anchor_on_rules_page(s, link)


def test_citadels_face_up_character_links_the_choosing_of_characters():
    s = _humans("citadels", 4, 5)
    rank = s.state.removed_up[0]
    spot = next(h for h in _hits(s) if h.probe == {"type": "choose_character", "rank": rank})
    assert spot.ref == CHARACTERS[rank].id  # the spot itself is the character's card
    why, link = s.coach(spot.probe, spot.ref)
    assert why is not None and "set aside face up" in why
    assert link == "choosing-characters" and _anchor_on_rules_page(s, link)


def test_a_refusal_the_card_itself_states_links_the_card():
    """Spyrium: a building with no ability cannot be used, in any phase; the card's text is
    the reason, so the link is the card's own entry."""
    s = _humans("spyrium", 2, 5)
    seat = s.to_move()
    give_building(s.state, seat, "A-residence")
    spot = next(h for h in _hits(s) if h.ref == "A-residence" and h.probe and h.probe.get("type") == "use")
    why, link = s.coach(spot.probe, spot.ref)
    assert why is not None and "no ability" in why
    assert link == "A-residence"

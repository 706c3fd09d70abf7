"""No board text under 11 CSS px, at any width (issue 15).

Each game is played by the engine's heuristic bots from a seed; at several points of the
game (and at its end) the board is drawn as the page draws it (``App.paint_view``): the
renderer gets ``game.view(state, me)``, the ``Session.action_dicts()`` of the person at the
device (seat 0, a human; the other seats are bots) and a ``Canvas`` as wide as the page's
board (918 CSS px in a 1280 x 800 window, 378 on a 390 x 844 phone), in English and in
Italian. Every ``text`` op must have a size of at least ``MIN_TEXT`` (11 px), no text is
cut short with "…" (a card grows to show its whole text), and no text is squeezed: the
browser compresses a text drawn with a ``max_width`` narrower than the text (canvas
``fillText``), so its width (``Canvas.text_width``, bold included) may exceed its
``max_width`` by at most ``SQUEEZE`` (5%, the estimate's margin); a longer text wraps, or
gets a shorter label, or more room. Every seat is named on the board: the page writes the
seat's name in place of "Player N", so a line never ends between "Player" and its number.

Spyrium's cards also show their full text (the tip: costs, end-of-game value) without
hovering: an "i" spot on each card, on top of the card's own spot, has the card's tip and no
action, so a click or a tap on it shows the text (the page's note) even when a click on the
card itself would play it.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from engines.core.bots import get_bot
from engines.core.i18n import PLAYER_RE
from engines.core.rng import Rng
from tavolo_ui.canvas import MIN_TEXT, SQUEEZE, Canvas
from tavolo_ui.renderers import get_renderer
from tavolo_ui.session import SEEDED, Session

BOARDS = [(918, 660), (378, 704)]
"""(board width, the height the page offers) for a 1280 x 800 window and a 390 x 844 phone."""

GAMES = [("spyrium", 2), ("spyrium", 5), ("citadels", 2), ("citadels", 7), ("euphoria", 2),
         ("euphoria", 6), ("myraclia", 2), ("myraclia", 5)]

SNAPSHOTS = 8
"""Positions per game: spread over the game, each the next one where seat 0 is to move, and
the end."""


@lru_cache(maxsize=None)
def positions(game_name: str, players: int, seed: int = 11) -> list[Session]:
    """A game played by heuristic bots, cut at ``SNAPSHOTS`` points (sessions replayed to
    them: seat 0 human, the others bots) and at its end."""
    seats = [{"name": "Ada", "kind": "human"}] + [{"name": f"Bot {i}", "kind": "bot:heuristic"}
                                                  for i in range(1, players)]
    s = Session.start(game_name, seats, seed)
    bot = get_bot(s.game, "heuristic")
    moves = 0
    while not s.is_over() and moves < 4000:
        s.apply(bot(s.game, s.state.clone(), Rng.from_seed(seed * 7919 + moves)))
        moves += 1
    record = s.record.model_dump(mode="json")
    cuts: list[int] = []
    for k in range(SNAPSHOTS):
        cut = moves * k // SNAPSHOTS
        probe = Session.load({**record, "actions": record["actions"][:cut]}, seeded_until=SEEDED)  # the seed deals on
        while cut < moves and probe.to_move() != 0:  # a position where the person acts
            probe.apply(record["actions"][cut])
            cut += 1
        cuts.append(cut)
    cuts.append(moves)
    return [Session.load({**record, "actions": record["actions"][:c]}, seeded_until=SEEDED) for c in sorted(set(cuts))]


def paint(s: Session, width: float, height: float, lang: str) -> Canvas:
    """The board as ``App.paint_view`` draws it for the person at the device."""
    s.lang = lang
    cv = Canvas(width, height, lang=lang)
    get_renderer(s.game.name)(cv, s.game.view(s.state, s.me()), s.action_dicts(), s.me())
    s.rename_canvas(cv)
    return cv


@pytest.mark.parametrize("game_name,players", GAMES)
def test_no_board_text_is_smaller_than_11_px(game_name, players):
    small, cut = set(), set()
    for s in positions(game_name, players):
        for width, height in BOARDS:
            for lang in ("en", "it"):
                cv = paint(s, width, height, lang)
                for op in cv.ops:
                    if op[0] == "text" and op[4] < MIN_TEXT:
                        small.add((width, lang, op[3], op[4]))
                    if op[0] == "text" and "…" in op[3]:
                        cut.add((width, lang, op[3]))
    assert not small, sorted(small)[:40]
    assert not cut, sorted(cut)[:40]


def squeezed(cv: Canvas) -> list[tuple[str, float, float]]:
    """(text, its width, its ``max_width``) of every text the browser would squeeze."""
    out = []
    for op in cv.ops:
        if op[0] == "text" and op[9]:
            natural = Canvas.text_width(op[3], op[4], bold=op[8])
            if natural > op[9] * (1 + SQUEEZE):
                out.append((op[3], round(natural, 1), round(op[9], 1)))
    return out


def paintings(game_name: str, players: int):
    """(width, lang, canvas) of every position of ``positions`` drawn at every board size, in
    both languages."""
    for s in positions(game_name, players):
        for width, height in BOARDS:
            for lang in ("en", "it"):
                yield width, lang, paint(s, width, height, lang)


@pytest.mark.parametrize("game_name,players", GAMES)
def test_no_board_text_is_squeezed_narrower_than_its_font(game_name, players):
    found = {(width, lang, *t) for width, lang, cv in paintings(game_name, players) for t in squeezed(cv)}
    assert not found, sorted(found)[:40]


@pytest.mark.parametrize("game_name,players", GAMES)
def test_every_seat_is_named_on_the_board(game_name, players):
    """After the page's renaming no "Player N" is left, and no line ends in "Player"."""
    left = {(width, lang, t) for width, lang, cv in paintings(game_name, players) for t in cv.texts()
            if PLAYER_RE.search(t) or t.rstrip().endswith(("Player", "Giocatore"))}
    assert not left, sorted(left)[:40]


def test_spyrium_names_the_player_to_move_at_phone_width():
    """Spyrium's title line wraps at 378 px: "Player 1 to move" stays whole on one line, so
    the page writes the seat's name there ("Ada to move", "tocca ad Ada"), in both languages."""
    s = positions("spyrium", 5)[0]
    assert s.to_move() == 0
    for lang, (title, move) in {"en": ("Spyrium · round", "Player 1 to move"),
                                "it": ("Spyrium · turno", "tocca a Giocatore 1")}.items():
        cv = Canvas(378, 704, lang=lang)
        get_renderer("spyrium")(cv, s.game.view(s.state, 0), s.action_dicts(), 0)
        head = [op for op in cv.ops if op[0] == "text" and op[4] == 15]  # the title, in 15 px lines
        assert len(head) > 1 and head[0][3].startswith(title) and " ".join(op[3] for op in head).endswith(move)
        assert any(PLAYER_RE.search(op[3]) for op in head)  # the name, whole on one line
        s.lang = lang
        s.rename_canvas(cv)
        named = [op[3] for op in cv.ops if op[0] == "text" and op[4] == 15]
        shown = PLAYER_RE.sub("\u2068Ada\u2069", move).replace("tocca a ", "tocca ad ")  # "ad" before a vowel
        assert " ".join(named).endswith(shown), named  # isolated (tavolo_ui.bidi)
        assert not any(PLAYER_RE.search(t) or t.endswith(("Player", "Giocatore")) for t in named), named


def test_spyrium_card_texts_open_with_a_click_on_their_i():
    checked = 0
    for s in positions("spyrium", 3):
        for width, height in BOARDS:
            cv = paint(s, width, height, "en")
            for card in [h for h in cv.hits if h.ref and h.ref[:2] in ("A-", "B-", "C-") and h.w > 60]:
                spots = [h for h in cv.hits if h.tip == card.tip and not h.actions and h.w == h.h == 22
                         and card.contains(h.x + 11, h.y + 11)]
                assert len(spots) == 1, card.tip
                assert cv.hit_at(spots[0].x + 11, spots[0].y + 11) is spots[0]  # on top of the card
                checked += 1
    assert checked > 50

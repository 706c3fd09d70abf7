"""Citadels' greyed Undo says precisely what the move that stops it revealed (issue 27), and
a district built from your own hand does not stop your Undo: it shows the card to the others,
but nothing you did not know ("Undo takes a player's moves back only over actions that
revealed nothing to him", ``Game.reveals_to``)."""

from engines import get_game
from engines.citadels import texts as tx
from engines.citadels.components import kind
from engines.core.bots import get_bot
from engines.core.i18n import render
from engines.core.rng import Rng
from tavolo_ui.session import Session

CITADELS = get_game("citadels")


def _generic(lang: str) -> str:
    """The old fallback words, in ``lang``: a precise banner never says them."""
    from tavolo_ui.session import T
    return render(T("a card, a die, a hidden choice"), lang)


def _ada_and_bots(seed: int, bots: int = 2) -> Session:
    return Session.start("citadels", [{"name": "Ada", "kind": "human"}] +
                         [{"name": f"Bot {i}", "kind": "bot:heuristic"} for i in range(1, bots + 1)], seed)


def _games(seeds=range(4)):
    """Ada (played by the heuristic) alone with bots, over whole games: yields the session
    after every move, hers and the bots'."""
    bot = get_bot(CITADELS, "heuristic")
    for seed in seeds:
        s, rng = _ada_and_bots(seed, 2 + seed % 2), Rng.from_seed(seed)
        while not s.is_over():
            if s.bot_to_move() is not None:
                s.bot_step()
            else:
                s.apply(bot(CITADELS, s.state.clone(), rng))
            yield s


def test_a_district_built_from_your_own_hand_does_not_stop_your_undo():
    builds = 0
    for s in _games():
        last = s.record.actions[-1]
        if last["type"] != "build" or s.actors[-1] != 0:
            continue
        builds += 1
        assert s.can_undo() and s.undo_count() == 1, (s.undo_reason(), s.log[-3:])
        assert s.undo_text() == s.lines[-1][1]  # Undo takes back that very build
        state = s.state.clone()
        s.undo()
        assert s.state.cities[0] == state.cities[0][:-1]  # the district is back in her hand
        s.apply(last)
    assert builds > 5


def test_every_citadels_stop_names_what_was_revealed_in_both_languages():
    """Every time Undo is stopped, its words name what came to light, never the old
    catch-all; each kind of reveal is met at least once over the games."""
    seen: dict[str, str] = {}
    for s in _games():
        stop = s.undo_stop()
        if stop is None or s.can_undo():
            continue
        for lang in ("en", "it"):
            s.lang = lang
            why = s.undo_reason()
            assert _generic(lang) not in why, why
            assert "{" not in why and "Player" not in why, why
        s.lang = "en"
        why = s.undo_reason()
        kind = s.record.actions[stop]["type"]
        if "drew" in why:
            seen["draw"] = why
        if " reveals " in why:
            seen["call"] = why
        if "passed on to you" in why:
            seen["draft"] = why
        if "characters shuffled" in why:
            seen["round"] = why
        assert kind != "build" or "builds" in why, why
    assert {"draw", "call", "draft", "round"} <= set(seen), seen


def test_the_words_of_each_reveal_for_the_seat_who_sees_it():
    """``revealed_texts`` one case at a time, in both languages: a Magician's exchange, a
    bot's build (new to Ada), cards drawn, a draft hand passed on."""
    s = _ada_and_bots(3)
    state = s.state
    game = CITADELS
    # a draft hand passed on: the seat choosing next is shown the characters left
    before = state.clone()
    action = game.legal_actions(before)[0]
    after = before.clone()
    game.apply(after, action)
    chooser, nxt = game.to_move(before), game.to_move(after)
    assert nxt is not None and chooser is not None and nxt != chooser
    words = [render(t, "en") for t in game.revealed_texts(before, action, after, nxt)]
    assert words == [f"the characters Player {chooser + 1} passed on to you"], words
    assert game.revealed_texts(before, action, after, chooser) == []
    # a build by another seat: new to Ada, not to the builder
    b = state.clone()
    b.phase, b.called, b.holder = "turn", 4, [-1, -1, -1, -1, 1, -1, -1, -1, -1]
    b.revealed, b.gold[1], b.income_taken = [4], 9, True
    build = next(x for x in game.legal_actions(b) if x.type == "build")
    a = b.clone()
    game.apply(a, build)
    assert not game.reveals_to(b, build, a, 1) and game.reveals_to(b, build, a, 0)
    assert game.revealed_texts(b, build, a, 1) == []
    en = render(game.revealed_texts(b, build, a, 0)[0], "en")
    it = render(game.revealed_texts(b, build, a, 0)[0], "it")
    card = a.cities[1][-1]
    assert render(tx.the_district(kind(card)), "en") in en and "builds" in en, en
    assert render(tx.the_district(kind(card)), "it") in it and "costruisce" in it, it
    # a Magician's exchange: both hands seen
    m = b.clone()
    m.called, m.holder, m.revealed, m.ability_used = 3, [-1, -1, -1, 1, -1, -1, -1, -1, -1], [3], False
    swap = next(x for x in game.legal_actions(m) if x.type == "magician_exchange" and x.target == 0)
    a = m.clone()
    game.apply(a, swap)
    for seat in (0, 1):  # each now holds the other's hand
        words = render(game.revealed_texts(m, swap, a, seat)[0], "en")
        assert words == "the hands Player 2 (the Magician) and Player 1 exchanged", words
    # cards drawn
    d = b.clone()
    d.income_taken = False
    draw = next(x for x in game.legal_actions(d) if x.type == "draw_cards")
    a = d.clone()
    game.apply(a, draw)
    words = render(game.revealed_texts(d, draw, a, 1)[0], "en")
    assert words.startswith("Player 2 drew ") and "from the deck" in words, words
    # the move that ends the game shows everyone the final scores
    bot, rng, end = get_bot(CITADELS, "heuristic"), Rng.from_seed(2), state.clone()
    while CITADELS.to_move(end) is not None:
        last, move = end.clone(), bot(CITADELS, end.clone(), rng)
        CITADELS.apply(end, move)
    for seat, lang, words in ((0, "en", "the final scores"), (1, "it", "punteggi finali")):
        assert words in render(CITADELS.revealed_texts(last, move, end, seat)[0], lang)

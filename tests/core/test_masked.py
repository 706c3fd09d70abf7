"""Masked records (``engines.core.masked``, issue 39 stage 3, part B1): a record whose
private draws are deck positions, replayed on each device as a world consistent with what
that device may know.

The heart: whole games of Citadels and Euphoria played by the heuristic bot from a seeded
dealer, and at every move, for every seat, the seat's device replays the masked record (what
every device holds, the same for all) with the positions the trusted oracle says it reads:
its world shows that seat exactly what the true game shows it (``Game.view``), offers it the
same moves at its turns, and the masked record holds no hidden card of anyone."""

from __future__ import annotations

import functools
import json
import re
from collections import Counter

import pytest

from engines import get_game
from engines.core.game import Game, GameState
from engines.core.masked import Key, Masking, build, mask_record, token_key, world
from engines.core.play import play_game
from engines.core.record import GameRecord, positions, replay, start

GAMES = [("citadels", 2, 1), ("citadels", 3, 3), ("citadels", 4, 4), ("citadels", 5, 2),
         ("euphoria", 2, 1), ("euphoria", 2, 3), ("euphoria", 3, 2)]
"""(game, seats, seed) of the whole games played: Citadels at 2 to 5 seats, Euphoria at 2 and 3,
a few seeds each (Euphoria at 2 seats, seed 3: the artifact deck is rebuilt from its discards,
and then the rules pay a seat's filled artifacts by themselves, move 304)."""

_PARTS = re.compile(r"[^A-Za-z0-9_\-]+")


def true_game(name: str, players: int, seed: int, options: dict | None = None) -> tuple[Game, GameRecord]:
    """A whole game played by the heuristic bot from the seeded dealer, and its true record."""
    game = get_game(name)
    _, record = play_game(game, players, seed, "heuristic", options=options)
    return game, record


@functools.cache
def masked_game(name: str, players: int, seed: int) -> tuple[Game, GameRecord, Masking]:
    """``true_game`` and its masking, made once for the tests that only read them."""
    game, record = true_game(name, players, seed)
    return game, record, mask_record(game, record)


def words(value) -> set[str]:
    """Every text of a JSON value and every part of it between separators ("a>b": a, b)."""
    found: set[str] = set()
    if isinstance(value, str):
        found |= {value, *_PARTS.split(value)}
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= words(k) | words(v)
    elif isinstance(value, list):
        for v in value:
            found |= words(v)
    return found


def deck_cards(game: Game, state: GameState) -> set[str]:
    """The cards of every deck the game declares."""
    return {card for cards in game.decks(state).values() for card in cards}


def public_names(game: Game, state: GameState) -> set[str]:
    """Every name (``Game.card_names``) of every card in the spectator's view of ``state``."""
    shown = words(game.view(state, None))
    return {name for deck, cards in game.decks(state).items() for card in cards if card in shown
            for name in game.card_names(deck, card)}


def leaks(game: Game, masking: Masking, moves: int, before: GameState | None, state: GameState,
          ever: set[str] = set()) -> list[str]:
    """What the masked record of the first ``moves`` moves shows that it must not: a hidden
    card of the position after them (``Game.hidden_items`` whose item is a card of a deck,
    whoever holds it) that was never face up (``ever``: the names of every card that was in
    the spectator's view so far: a card destroyed and put under the deck, a second copy of
    an artifact kind paid before), and, in the last move, a card named plainly that is
    public neither before nor after it."""
    shown = words(json.loads(masking.prefix(moves).model_dump_json()))
    cards = deck_cards(game, state)
    found = [f"hidden {h['kind']} {h['item']} of seat {h['seat']}" for h in game.hidden_items(state)
             if h["item"] in cards and h["item"] in shown and h["item"] not in ever]
    if moves and before is not None:
        named = {name for deck, deck_list in game.decks(state).items() for card in deck_list
                 for name in game.card_names(deck, card)}
        plain = words(masking.record.actions[moves - 1]) & named
        public = public_names(game, before) | public_names(game, state)
        found += [f"move {moves} names {name} plainly, which is not face up" for name in sorted(plain - public)]
    return found


def characters_written(record: GameRecord) -> list[str]:
    """Where a (masked) Citadels record writes a hidden character's rank plainly: a character
    set aside face down (an outcome), one chosen or put face down in the draft (a move)."""
    found = [f"outcome {i}: {c}" for i, c in enumerate(record.chance)
             if c.get("type") == "remove_character" and not c.get("face_up") and not token_key(c.get("rank"))]
    found += [f"move {i + 1}: {a}" for i, a in enumerate(record.actions)
              if a.get("type") in ("choose_character", "discard_character") and not token_key(a.get("rank"))]
    return found


def true_positions(game: Game, record: GameRecord):
    """(moves played, state before the last move or None, state after) along the true game."""
    state = start(game, record)
    yield 0, None, state.clone()
    for p in positions(game, record, state, before=True):
        yield p.index + 1, p.before, p.after


VARIANTS = [("euphoria", 2, 5, {"market_selection": True}), ("euphoria", 3, 1, {"recruit_draft": True})]
"""Variants whose setup deals hidden cards of their own: the market selection (tiles dealt to a
seat, one kept, the six dealt again onto the sites); the recruit draft (its packs passed on,
and in the seed-1 game a world whose fills left a seat one way to pay his dilemma, paid for
him by the rules where the true game asked him to choose: the world learns a nogood)."""


COPIES = [("citadels", 5, 1, None, None), ("citadels", 6, 1, None, 200), ("citadels", 7, 1, None, 200)]
"""(game, seats, seed, options, moves checked: None, the whole game) of games whose worlds
must count copies, each checked at least just past the move a world could not be built
before (``masked.World``): two copies of one district kind (harbor-2 and harbor-3, a seat's
world kept the filled one for the true one, move 183; church-1 and church-3 after a
Magician exchange, move 94), and seven seats, whose last chooser may keep the character set
aside face down, which then holds two positions of the round's deck (move 174). Six and
seven seats are checked in part to keep the suite's time bounded: whole, they meet the gap
of ``test_masked_record_hides_which_of_two_cards_drawn_again_from_under_the_deck_is_kept``
(move 316 at six seats, 369 at seven), and up to it they cost about 10 and 17 s of CPU
(``bench/worlds.py`` follows whole games)."""


@pytest.mark.parametrize("name, players, seed, options, upto",
                         [*[(*g, None, None) for g in GAMES], *[(*v, None) for v in VARIANTS], *COPIES])
def test_masked_record_each_device_world_shows_its_seat_what_the_true_game_shows(name, players, seed, options, upto):
    """At every move, every seat's world (its device's replay of the masked record) gives
    that seat the true view and, at its turns, the true legal moves; the masked record never
    shows a hidden card of anyone. The games draw and keep hidden cards, every device rebuilds
    its world at least once (a position it learns contradicts a fill), and at the end every
    world holds other cards than the true ones at positions its seat does not read. Two of
    Euphoria's variants are played too (``VARIANTS``), and three games checked up to move
    ``upto`` (``COPIES``). Citadels' masked record writes no hidden character plainly (the
    one set aside face down, each one chosen or put face down: ``characters_written``), and
    each chooser's world hands him the true ranks (his view)."""
    game, record = true_game(name, players, seed, options)
    masking = mask_record(game, record)
    assert any(token_key(c.get(f)) for c in masking.record.chance for f in c), "no draw was masked"
    assert not characters_written(masking.record)
    knowledge = masking.knowledge
    worlds = [build(game, masking.prefix(0), knowledge.known(0, s), knowledge.bans(0, s)) for s in range(players)]
    ever: set[str] = set()
    for moves, before, truth in true_positions(game, record):
        if upto is not None and moves > upto:
            return
        ever |= public_names(game, truth)
        assert not leaks(game, masking, moves, before, truth, ever), f"after move {moves}"
        prefix = masking.prefix(moves)
        for seat in range(players):
            worlds[seat] = worlds[seat].advance(prefix, knowledge.known(moves, seat), knowledge.bans(moves, seat))
            mine = worlds[seat].state
            assert game.view(mine, seat) == game.view(truth, seat), f"seat {seat} after move {moves}"
            if game.to_move(truth) == seat:
                assert game.legal_actions(mine) == game.legal_actions(truth), f"seat {seat}, move {moves + 1}"
    assert game.is_over(truth)
    assert all(w.rebuilds for w in worlds)
    for w in worlds:  # no world was given the true cards it may not read
        assert any(card != masking.knowledge.cards[key] for key, card in w.fills.items())


def test_the_leak_check_sees_a_move_left_unmasked_and_a_draw_left_plain():
    """The check of the test above is not empty: the masked record of a Citadels game with one
    kept card written plainly again, or one private draw, is caught."""
    game, record, masking = masked_game("citadels", 3, 3)
    keep = next(i for i, a in enumerate(masking.record.actions) if a["type"] == "keep_card")
    unmasked = masking.record.model_copy(update={"actions": [*masking.record.actions]})
    unmasked.actions[keep] = record.actions[keep]
    broken = Masking(unmasked, masking.draws, masking.knowledge, masking.dealt)
    states = {m: (b, s) for m, b, s in true_positions(game, record) if m in (keep + 1,)}
    assert leaks(game, broken, keep + 1, *states[keep + 1])
    plain = masking.record.model_copy(update={"chance": [*masking.record.chance]})
    plain.chance[0] = record.chance[0]
    drawn = Masking(plain, masking.draws, masking.knowledge, masking.dealt)
    assert leaks(game, drawn, 0, None, start(game, record))


@pytest.mark.parametrize("name", ["spyrium", "myraclia"])
def test_masked_record_of_a_game_without_decks_is_the_record(name):
    """Spyrium and Myraclia declare no deck: their masked record is their record."""
    game = get_game(name)
    _, record = play_game(game, 2, 5, "heuristic")
    assert mask_record(game, record).record == record


@pytest.mark.parametrize("name, players, seed", [("citadels", 3, 4), ("euphoria", 2, 1)])
def test_a_device_that_reads_every_position_replays_the_true_game(name, players, seed):
    """Knowing every card, the world is the true game: the same state and the same record."""
    game, record = true_game(name, players, seed)
    masking = mask_record(game, record)
    state, plain = world(game, masking.record, masking.knowledge.cards)
    assert state == replay(record)
    assert plain.actions == record.actions and plain.chance == record.chance


@pytest.mark.parametrize("name, players, seed", [("citadels", 3, 3), ("euphoria", 2, 1)])
def test_a_masked_record_cut_after_a_move_is_the_masked_record_of_the_game_so_far(name, players, seed):
    """Masking looks at nothing after a move to write it: each link can carry the masked
    record so far (``Masking.prefix``) and later links only add to it."""
    game, record = true_game(name, players, seed)
    masking = mask_record(game, record)
    for moves in (0, 7, len(record.actions) // 2, len(record.actions) - 3):
        dealt = masking.dealt[moves]
        cut = record.model_copy(update={"actions": record.actions[:moves], "chance": record.chance[:dealt]})
        assert mask_record(game, cut).record == masking.prefix(moves)


def test_position_tokens_name_a_deck_and_a_position():
    """A token is exactly ``{"deck", "at"}`` (and ``"name"``); nothing else is read as one."""
    assert token_key({"deck": "districts", "at": 3}) == (Key("districts", 3), 0)
    assert token_key({"deck": "districts", "at": 3, "name": 1}) == (Key("districts", 3), 1)
    assert token_key({"deck": "districts", "at": "3"}) is None
    assert token_key({"deck": "districts", "at": True}) is None
    assert token_key({"deck": "districts", "at": 3, "card": "x"}) is None


def test_no_market_tile_is_drawn_twice_from_one_deck_in_the_market_selection():
    """In the market selection a kept tile is dealt into a hand, then onto a site: two draws
    of one card, each from its own deck (``markets``, then ``market-sites``), so no deck
    gives a card more often than it holds it (a position holds one card for the game)."""
    game, record = true_game("euphoria", 2, 5, {"market_selection": True})
    masking = mask_record(game, record)
    decks = game.decks(start(game, record))
    for name in ("markets", "market-sites"):
        drawn = Counter(d.card for d in masking.draws if d.key.deck == name)
        assert drawn and not drawn - Counter(decks[name]), name


def test_the_character_check_sees_a_face_down_character_or_a_choice_written_plainly():
    """``characters_written`` is not empty-handed: the masked record of a Citadels game with
    the character set aside face down, or one choice, written plainly again is caught."""
    game, record, masking = masked_game("citadels", 3, 3)
    masked = masking.record
    assert not characters_written(masked)
    down = next(i for i, c in enumerate(record.chance) if c["type"] == "remove_character" and not c["face_up"])
    chance = [*masked.chance]
    chance[down] = record.chance[down]
    assert characters_written(masked.model_copy(update={"chance": chance}))
    choice = next(i for i, a in enumerate(record.actions) if a["type"] == "choose_character")
    actions = [*masked.actions]
    actions[choice] = record.actions[choice]
    assert characters_written(masked.model_copy(update={"actions": actions}))


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 3)])
def test_a_chooser_s_world_hands_him_the_true_ranks_only_through_his_bans(players, seed):
    """A chooser knows the ranks handed to him as a set, not which character left the draft
    at which position: he reads no position of the character set aside face down or of one
    chosen by another seat (only those set aside face up and his own choices), and his world hands him the true ranks because the oracle bans those ranks
    from every position drawn before (``Knowledge.bans``). Without the bans some chooser's
    world hands him other ranks. (The first round's draft: the whole games above check the
    rest.)"""
    game, record = true_game("citadels", players, seed)
    masking = mask_record(game, record)
    knowledge, differs = masking.knowledge, 0
    for moves, _, truth in true_positions(game, record):
        if truth.round > 1:
            break
        if truth.phase != "draft" or truth.pending:
            continue
        seat, deck = game.to_move(truth), f"characters-{truth.round}"
        mine = {d.key for d in masking.draws if d.key.deck == deck and (d.seen_by is None or seat in d.seen_by)}
        read = {key for key in knowledge.known(moves, seat) if key.deck == deck}
        assert Key(deck, 0) not in read and read <= mine   # the face-up ones and his own choices
        prefix = masking.prefix(moves)
        with_bans = build(game, prefix, knowledge.known(moves, seat), knowledge.bans(moves, seat))
        assert game.view(with_bans.state, seat) == game.view(truth, seat)
        without = build(game, prefix, knowledge.known(moves, seat))
        differs += game.view(without.state, seat) != game.view(truth, seat)
    assert differs


def test_a_character_set_aside_face_up_stays_plain():
    """A character set aside face up (§4.2, four seats: two a round) is seen by all: the
    masked record writes it plainly, and every seat reads its position from the start."""
    game, record = true_game("citadels", 4, 4)
    masking = mask_record(game, record)
    up = [c for c in masking.record.chance if c["type"] == "remove_character" and c["face_up"]]
    assert up and all(type(c["rank"]) is int for c in up)
    round_one = {d.key for d in masking.draws if d.key.deck == "characters-1" and d.seen_by is None}
    assert len(round_one) == 2 and round_one <= masking.knowledge.public[0]


@pytest.mark.xfail(strict=True, reason="a district once face up, put under the deck and drawn again by the rules, "
                                       "is kept by name (keep_card church, move 316): its position is read by all")
def test_masked_record_hides_which_of_two_cards_drawn_again_from_under_the_deck_is_kept():
    """Six seats, seed 1, whole game: the masked record shows no hidden card (``leaks``),
    even once the shuffled part of the district deck is used up and the cards put under it
    are drawn again (``masked``'s "A card face up once, then hidden again": not yet)."""
    game, record = true_game("citadels", 6, 1)
    masking = mask_record(game, record)
    ever: set[str] = set()
    for moves, before, truth in true_positions(game, record):
        ever |= public_names(game, truth)
        assert not leaks(game, masking, moves, before, truth, ever), f"after move {moves}"


def test_a_character_learnt_in_a_later_round_proves_no_fill_of_an_earlier_round_wrong():
    """Each round's characters are a deck of their own (``characters-R``): learning where a
    character lies in round 2 says nothing of round 1's, so a world whose round-1 fill is
    that character carries on as it is (it used to start again from the set-up)."""
    game, record, masking = masked_game("citadels", 3, 3)
    knowledge, moves = masking.knowledge, 26   # round 2's draft begun, seat 0 reads round 1 in part
    w = build(game, masking.prefix(moves), knowledge.known(moves, 0), knowledge.bans(moves, 0))
    key, card = next((k, c) for k, c in sorted(w.fills.items()) if k.deck == "characters-1")
    later = Key("characters-2", 7)   # a position of round 2 not drawn (three seats draw fewer)
    assert later not in w.drawn and later not in knowledge.cards
    rebuilds = w.rebuilds
    carried = w.advance(masking.prefix(moves), {**knowledge.known(moves, 0), later: card}, knowledge.bans(moves, 0))
    assert carried is w and w.rebuilds == rebuilds and w.fills[key] == card


def test_a_nogood_sends_the_world_back_to_its_latest_fill_only():
    """A nogood is undone by changing any one of its fills, so a world goes back to the move
    of its latest fill (``World._rewind(..., latest=True)``): the fills made before that move
    stand, and the moves before it are not played again."""
    game, record, masking = masked_game("citadels", 3, 3)
    knowledge, moves = masking.knowledge, 40
    w = build(game, masking.prefix(moves), knowledge.known(moves, 0), knowledge.bans(moves, 0))
    played = {k: m for k in w.fills if (m := w._drawn_in(k)) >= 0}   # the fills made in a move
    early, late = min(played, key=played.get), max(played, key=played.get)
    assert 0 <= played[early] < played[late]
    assert w._rewind({early, late}, latest=True)
    assert len(w.record.actions) == played[late] and w.fills.get(early) is not None and late not in w.fills
    w.advance(masking.prefix(moves), knowledge.known(moves, 0), knowledge.bans(moves, 0))
    assert len(w.record.actions) == moves

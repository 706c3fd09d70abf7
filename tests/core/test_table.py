"""Each device writes its own seat's moves masked (``engines.core.table``), with no true game.

The heart check: the games of ``test_masked`` are played again, every move played by the
mover's own table (the true game's move, which must be legal in the mover's world; the deal
answered from the true game's cards, as the mental-poker deal will answer the device that
reads them), every other table taking it in. The masked record so built must be exactly
``mask_record`` of the true game, and the worlds must show their seats the true view.

*What is checked where.* Every table is checked when its seat is to move (it catches up with
the record then, as a device does when a link reaches it: its view and its legal moves are the
true ones) and right after its own move (its view). At the other moves a table's world is the
one ``test_masked`` checks at every move (the same masked record, proved equal here move by
move, and the same knowledge); each game here is one of ``test_masked``'s, so that check is
not repeated (it would double this test's cost). The smallest Citadels and Euphoria games
check every table at every move all the same (``EVERY_MOVE``).

Cost (one core's time, ``time.process_time``, this machine): the six whole games about 28 s
(Citadels at 2 to 5 seats 1.3, 3.9, 2.6 and 6.4 s; Euphoria at 2 and 3 seats 4.7 and 8.2 s,
the two checked at every move about 1 s more each than they would be), the other tests about
3 s (29 s of user time for the whole file under pytest). Nearly all of it is the worlds' replays and rebuilds (``masked.World``), as in
``test_masked``; a table's own writing is under a tenth.
"""

from __future__ import annotations

import pytest

from engines import get_game
from engines.core.game import Game, GameState
from engines.core.masked import Key, Masking, mask_record, parts_of, texts_in, token_key
from engines.core.play import play_game
from engines.core.record import GameRecord
from engines.core.table import DeviceTable
from tests.core.test_masked import GAMES, true_game, true_positions

EVERY_MOVE = {("citadels", 3, 3), ("euphoria", 2, 1)}
"""Games in which every table's view is checked after every move, not only at its turns."""


def tokens_in(value) -> list[Key]:
    """The positions of every token in a (masked) move or outcome."""
    if isinstance(value, dict):
        found = token_key(value)
        if found is not None:
            return [found[0]]
        pieces = parts_of(value)
        return [k for v in (pieces if pieces is not None else value.values()) for k in tokens_in(v)]
    if isinstance(value, list):
        return [k for v in value for k in tokens_in(v)]
    return []


def others_hidden(game: Game, state: GameState, mover: int, shown_ever: set[str]) -> set[str]:
    """The cards other seats than ``mover`` hold hidden at ``state`` (never face up so far)."""
    cards = {c for deck in game.decks(state).values() for c in deck}
    return {h["item"] for h in game.hidden_items(state)
            if h["seat"] != mover and h["item"] in cards and h["item"] not in shown_ever}


def names_another_seat_s_card(game: Game, masking: Masking, before: GameState, mover: int, move: dict,
                              shown_ever: set[str]) -> list[str]:
    """Where a masked move of ``mover`` names a card another seat holds hidden right before it:
    a token of such a card's position, or the card's id written plainly."""
    hidden = others_hidden(game, before, mover, shown_ever)
    found = [f"token of position {k.at} of {k.deck!r}, {masking.knowledge.cards[k]}"
             for k in tokens_in(move) if masking.knowledge.cards[k] in hidden]
    return found + [f"{text} written plainly" for text in texts_in(move) if text in hidden]


def shown(game: Game, state: GameState) -> set[str]:
    """The texts of the spectator's view."""
    return set(texts_in(game.view(state, None)))


def new_tables(game: Game, record: GameRecord, masking: Masking) -> list[DeviceTable]:
    """One table per seat, each dealing the set-up itself from the true game's cards."""
    empty = record.model_copy(update={"actions": [], "chance": []})
    tables = [DeviceTable.new(game, {s}, empty, masking.knowledge.cards.__getitem__, record.chance.__getitem__)
              for s in range(record.players)]
    return tables


@pytest.mark.parametrize("name, players, seed", GAMES)
def test_every_move_written_by_its_own_table_gives_the_masked_record_of_the_true_game(name, players, seed):
    """No trusted party: the set-up dealt by each table, then each move written by its mover's
    table alone, give ``mask_record``'s masked record move by move (the move, and the outcomes
    after it); every table's world shows its seat the true view (see the module doc for
    when), and at its turns the true legal moves; no masked move names a card another seat
    holds hidden (a token of its position, or its id)."""
    game, record = true_game(name, players, seed)
    masking = mask_record(game, record)
    knowledge = masking.knowledge
    deal, public = knowledge.cards.__getitem__, record.chance.__getitem__
    tables = new_tables(game, record, masking)
    assert all(t.record == masking.prefix(0) for t in tables)
    every = (name, players, seed) in EVERY_MOVE
    ever: set[str] = set()
    written = masking.prefix(0)
    for moves, before, truth in true_positions(game, record):
        ever |= shown(game, truth)
        if moves:
            mover = game.to_move(before)
            table = tables[mover]
            table.advance(written, knowledge.known(moves - 1, mover), knowledge.bans(moves - 1, mover))
            assert table.waiting is None
            assert game.view(table.world.state, mover) == game.view(before, mover), f"seat {mover}, move {moves}"
            assert game.legal_actions(table.world.state) == game.legal_actions(before), f"move {moves}"
            played = table.play(record.actions[moves - 1], deal, public)
            assert played.move == masking.record.actions[moves - 1], f"move {moves}"
            assert played.outcomes == masking.record.chance[masking.dealt[moves - 1]:masking.dealt[moves]]
            assert not names_another_seat_s_card(game, masking, before, mover, played.move, ever), f"move {moves}"
            written = table.record
            assert written == masking.prefix(moves)
            table.advance(written, knowledge.known(moves, mover), knowledge.bans(moves, mover))
            assert table.waiting is None
            assert game.view(table.world.state, mover) == game.view(truth, mover), f"seat {mover}, move {moves}"
        if every or game.is_over(truth):
            for seat, t in enumerate(tables):
                t.advance(written, knowledge.known(moves, seat), knowledge.bans(moves, seat))
                assert t.waiting is None
                assert game.view(t.world.state, seat) == game.view(truth, seat), f"seat {seat} after move {moves}"
    assert game.is_over(truth) and written == masking.record


def test_a_table_refuses_to_play_a_move_for_another_seat_or_an_illegal_one():
    """Seat 0's table, with seat 1 to move, refuses seat 1's true move; at seat 0's turn it
    refuses a move that is not legal in its world; neither refusal changes its record. A
    table of seats 0 and 1 (a person and a bot at one device) plays seat 1's move."""
    game, record = true_game("citadels", 3, 3)
    masking = mask_record(game, record)
    knowledge = masking.knowledge
    deal, public = knowledge.cards.__getitem__, record.chance.__getitem__
    first = {seat: next(m for m, (_, before, _) in enumerate(list(true_positions(game, record))[1:])
                        if game.to_move(before) == seat) for seat in (0, 1)}
    assert first[0] < first[1]
    moves = first[1]
    ada = DeviceTable(game, {0}, masking.prefix(moves), knowledge.known(moves, 0), knowledge.bans(moves, 0))
    assert ada.to_move() == 1
    with pytest.raises(ValueError, match="seat 1 is to move"):
        ada.play(record.actions[moves], deal, public)
    assert ada.record == masking.prefix(moves)
    moves = first[0]
    ada = DeviceTable(game, {0}, masking.prefix(moves), knowledge.known(moves, 0), knowledge.bans(moves, 0))
    illegal = next(a for a in ({"type": "choose_character", "rank": r} for r in range(1, 9))
                   if a not in [game.dump_action(x) for x in game.legal_actions(ada.world.state)])
    with pytest.raises(ValueError, match="not a legal move of seat 0"):
        ada.play(illegal, deal, public)
    assert ada.record == masking.prefix(moves)
    moves = first[1]
    both = DeviceTable(game, {0, 1}, masking.prefix(moves), {**knowledge.known(moves, 0), **knowledge.known(moves, 1)})
    assert both.play(record.actions[moves], deal, public).move == masking.record.actions[moves]


def test_the_check_sees_a_move_naming_another_seat_s_hidden_card():
    """``names_another_seat_s_card`` is not empty-handed: a move of seat 0 written with the
    token of a card in seat 1's hand, or with that card's id, is caught; seat 0's own is not."""
    game, record = true_game("citadels", 3, 3)
    masking = mask_record(game, record)
    state = next(before for _, before, _ in true_positions(game, record) if before is not None)
    draws = {d.card: d.key for d in masking.draws if d.key.deck == "districts"}
    hands = {seat: [h["item"] for h in game.hidden_items(state) if h["seat"] == seat and h["item"] in draws]
             for seat in (0, 1)}
    theirs, mine = hands[1][0], hands[0][0]
    token = {"deck": "districts", "at": draws[theirs].at}
    assert names_another_seat_s_card(game, masking, state, 0, {"type": "x", "card": token}, set())
    assert names_another_seat_s_card(game, masking, state, 0, {"type": "x", "card": theirs}, set())
    own = {"deck": "districts", "at": draws[mine].at}
    assert not names_another_seat_s_card(game, masking, state, 0, {"type": "x", "card": own}, set())


def play_to(game: Game, record: GameRecord, masking: Masking, moves: int) -> list[DeviceTable]:
    """One table per seat, the first ``moves`` moves of ``record`` each played by its mover's
    table, every table then caught up with what it reads (the oracle's knowledge)."""
    knowledge = masking.knowledge
    deal, public = knowledge.cards.__getitem__, record.chance.__getitem__
    tables = new_tables(game, record, masking)
    written = masking.prefix(0)
    for m, (_, before, _) in enumerate(list(true_positions(game, record))[1:moves + 1]):
        mover = game.to_move(before)
        tables[mover].advance(written, knowledge.known(m, mover), knowledge.bans(m, mover))
        tables[mover].play(record.actions[m], deal, public)
        written = tables[mover].record
    for seat, table in enumerate(tables):
        table.advance(masking.prefix(moves), knowledge.known(moves, seat), knowledge.bans(moves, seat))
    return tables


def test_a_token_names_the_mover_s_own_copy_of_a_kind_another_seat_holds_too():
    """Euphoria, 2 seats, seed 1, after 52 moves: seat 0 holds a bear card drawn at position 3
    of the artifact deck, seat 1 one drawn at position 1, and seat 0's device reads both (the
    oracle lets a seat read every position of a kind it sees). A move of seat 0 that moves its
    bear out of its hand unseen is written with the token of position 3, its own, never 1
    (``mask_record`` names the lowest position of the kind among every seat's copies). No move
    of the rules does so today (every artifact card a move names is paid or discarded face up,
    and written plainly), so the move is made up: the card taken out of seat 0's hand."""
    game, record = true_game("euphoria", 2, 1)
    masking = mask_record(game, record)
    table = play_to(game, record, masking, 52)[0]
    state = table.world.state
    assert table.to_move() == 0 and state.p[0].hand.count("bear") == 1 and state.p[1].hand.count("bear") == 1
    bears = sorted(k.at for k, card in table.known.items() if k.deck == "artifacts" and card == "bear")
    assert bears == [1, 3]
    after = state.clone()
    after.p[0].hand.remove("bear")
    move, opened = table._mask_move(state, after, 0, {"type": "choose", "option": "discard:art:bear"})
    assert move == {"type": "choose", "option": {"parts": ["discard", ":", "art", ":", {"deck": "artifacts", "at": 3}]}}
    assert not opened


@pytest.mark.parametrize("name", ["spyrium", "myraclia"])
def test_a_table_of_a_game_without_decks_writes_the_record(name):
    """Spyrium and Myraclia declare no deck: every outcome is public, read from ``public``
    (the beacon in the wiring), and the tables' record is the record itself (its first 40
    moves: nothing is hidden, so nothing differs later)."""
    game = get_game(name)
    _, record = play_game(game, 2, 5, "heuristic")
    empty = record.model_copy(update={"actions": [], "chance": []})
    tables = [DeviceTable.new(game, {s}, empty, lambda key: pytest.fail(f"no deck, no {key}"),
                              record.chance.__getitem__) for s in (0, 1)]
    written = tables[0].record
    for action in record.actions[:40]:
        mover = next(s for s, t in enumerate(tables) if t.to_move() == s)
        tables[mover].play(action, lambda key: pytest.fail(f"no deck, no {key}"), record.chance.__getitem__)
        written = tables[mover].record
        tables[1 - mover].advance(written, {})
    masking = mask_record(game, record)
    assert masking.record == record and written == masking.prefix(40)


def test_a_table_waits_when_its_move_turns_up_a_card_it_cannot_read_yet():
    """Citadels, 3 seats, seed 3: the sixth move ends the draft and the rules call the
    Assassin, whom seat 0 holds. Seat 2's table writes the move, but its world cannot show
    who holds the Assassin before seat 0's device says so: the table waits (``to_move`` None,
    a move refused), and an advance with what seat 2 reads then ends the wait, the world
    showing seat 2 the true view."""
    game, record = true_game("citadels", 3, 3)
    masking = mask_record(game, record)
    knowledge = masking.knowledge
    tables = play_to(game, record, masking, 5)
    bea = tables[2]
    assert bea.to_move() == 2
    bea.play(record.actions[5], knowledge.cards.__getitem__, record.chance.__getitem__)
    assert bea.record == masking.prefix(6)
    assert bea.waiting is not None and bea.to_move() is None
    with pytest.raises(ValueError, match="nobody until the table reads more"):
        bea.play(record.actions[6], knowledge.cards.__getitem__, record.chance.__getitem__)
    bea.advance(bea.record, knowledge.known(6, 2), knowledge.bans(6, 2))
    assert bea.waiting is None
    truth = next(state for moves, _, state in true_positions(game, record) if moves == 6)
    assert game.view(bea.world.state, 2) == game.view(truth, 2)

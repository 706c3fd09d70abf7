"""Who reads which deck position, from the deal's released keys (``engines.core.dealing``,
issue 39 stage 3, part C), checked with the real crypto (``engines.core.deck``).

A *table* plays a whole game by the heuristic bot from the seeded dealer, masks it, plans
its deal (positions by reserve, the keys each move carries) and deals every planned deck
with real SRA laps from each seat's ``DeckSecret``. Then, move by move, each planned key is
made with ``release`` and checked with ``check_release``, and each seat ``read``s exactly
the positions the plan says it reads.

*Test device, not a protocol step*: the true game's cards come from the seeded dealer, not
from the deal, so the table names the deal's card ``i`` after the shuffle: card
``order[p]`` (the card the laps put at position ``p``) is named after the true card drawn
at ``p``. Every seat's ``read`` must then give the true card, which checks the plumbing
(positions by reserve, releases, who reads what); driving the game's draws by the deal is
the wiring's part.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from functools import lru_cache

import pytest

from engines import get_game
from engines.core.deck import (DeckError, DeckSecret, DeckSpec, HandedCard, audit, check_release,
                               hand_over_answer, hand_over_request, read, read_handed, release)
from engines.core.dealing import (Deal, DealByMove, HandOver, MoveReleases, Request, Reserves, Slot, hand_overs, knowledge,
                                  missing_keys, opened, plan_deal)
from engines.core.masked import Draw, Masking, build, mask_record
from engines.core.play import play_game
from tests.core.test_deck import deal, true_order
from tests.core.test_masked import true_positions

GID = "dEaL0001"
TABLES = [("citadels", 3, 3), ("euphoria", 2, 1)]
"""(game, seats, seed) of the whole games dealt: Citadels' 65 districts at 3 seats, and
Euphoria's 108 cards (recruits, artifacts, dilemmas, market tiles) at 2 seats."""


def secret_of(seat: int) -> DeckSecret:
    """A seat's deck secret, seeded (tests only; a device draws it from the system)."""
    return DeckSecret(hashlib.sha256(f"dealing test secret {seat}".encode()).digest(), seat)


class Planned:
    """A whole game (or its first ``moves`` moves) and the plan of its deal: the true game,
    its masking, who moved, what was held hidden after each move (in all and by each seat),
    and the plan."""

    def __init__(self, name: str, players: int, seed: int, moves: int | None = None) -> None:
        self.game = game = get_game(name)
        _, self.record = play_game(game, players, seed, "heuristic")
        self.masking: Masking = mask_record(game, self.record)
        if moves is not None:   # the game's first ``moves`` moves only
            self.record = self.record.model_copy(update={"actions": self.record.actions[:moves],
                                                         "chance": self.record.chance[:self.masking.dealt[moves]]})
            self.masking = mask_record(game, self.record)
        movers: list[int | None] = []
        self.hidden: list[Counter[str]] = []
        self.held: list[list[Counter[str]]] = []
        for _, before, state in true_positions(game, self.record):
            if before is not None:
                movers.append(game.to_move(before))
            items = game.hidden_items(state)
            self.hidden.append(Counter(h["item"] for h in items))
            self.held.append([Counter(h["item"] for h in items if h["seat"] == s) for s in range(players)])
        self.plan: Deal = plan_deal(game, self.masking, movers, self.hidden, self.held)
        self.players = players

    def true_card(self, slot: Slot) -> str:
        return self.masking.knowledge.cards[self.plan.label()[slot]]


class Table(Planned):
    """A game at a distance simulated with the real crypto: a ``Planned`` game and each
    dealt deck's spec, lap-2 steps and card names."""

    def __init__(self, name: str, players: int, seed: int) -> None:
        super().__init__(name, players, seed)
        self.secrets = [secret_of(s) for s in range(players)]
        self.specs = {deck: DeckSpec(GID, deck, size, players) for deck, size in self.plan.sizes.items()}
        self.locked = {deck: deal(spec, self.secrets)[players:] for deck, spec in self.specs.items()}
        self.names = {deck: self._names(deck) for deck in self.specs}

    def _names(self, deck: str) -> list[str]:
        """The game's card for each card index of the deal of ``deck`` (module doc: named
        after the shuffle so that position ``p`` holds the true card drawn at ``p``)."""
        spec = self.specs[deck]
        order = true_order(spec, self.secrets)
        label = self.plan.label()
        names: list[str | None] = [None] * spec.size
        for p in range(spec.size):
            if (deck, p) in label:
                names[order[p]] = self.masking.knowledge.cards[label[(deck, p)]]
        state = self.game.new_game(self.players, self.record.seed, self.record.options, dealer=False, deal=False)
        rest = Counter(self.game.decks(state)[deck]) - Counter(n for n in names if n is not None)
        spare = iter(rest.elements())
        return [n if n is not None else next(spare) for n in names]

    def key(self, seat: int, slot: Slot) -> str:
        """``seat``'s released key for ``slot`` (``deck.release``)."""
        return release(self.specs[slot[0]], self.secrets[seat], slot[1])

    def read(self, slot: Slot, keys: dict[int, str], reader: int | None) -> str:
        """The card ``reader``'s device (None: anyone's, with every seat's key) reads at ``slot``."""
        deck, at = slot
        own = self.secrets[reader] if reader is not None else None
        return self.names[deck][read(self.specs[deck], self.locked[deck], at, keys, own)]

    def request(self, receiver: int, slot: Slot, keeper: int, keys: dict[int, str]) -> str:
        """``receiver``'s request for ``slot``, kept by ``keeper`` (``deck.hand_over_request``),
        made with the keys released so far (``keys``: seat -> key)."""
        deck, at = slot
        return hand_over_request(self.specs[deck], self.locked[deck], at, keys, keeper, self.secrets[receiver])

    def answer(self, keeper: int, slot: Slot, request: str, receiver: int) -> str:
        """``keeper``'s answer to ``request`` (``deck.hand_over_answer``)."""
        return hand_over_answer(self.specs[slot[0]], self.secrets[keeper], slot[1], request, receiver)

    def read_handed(self, receiver: int, slot: Slot, keeper: int, keys: dict[int, str], request: str,
                    answer: str) -> str:
        """The card ``receiver``'s device reads at ``slot`` from ``keeper``'s ``answer``."""
        deck, at = slot
        return self.names[deck][read_handed(self.specs[deck], self.locked[deck], at, keys, keeper,
                                            self.secrets[receiver], request, answer)]


@lru_cache(maxsize=None)
def table(name: str, players: int, seed: int) -> Table:
    return Table(name, players, seed)


@pytest.mark.parametrize("name, players, seed", TABLES)
def test_each_seat_reads_exactly_the_positions_its_released_keys_open_and_they_hold_the_true_cards(
        name, players, seed):
    """Whole games: every planned key is released and checked (``check_release``); after
    each move each seat reads exactly the drawn positions the plan says (``Deal.readable``,
    and those everyone reads), each holding the true game's card; what a seat reads is
    never more than the oracle's ``masked.Knowledge`` and, where less, the position is
    not the seat's own draw: it holds a card handed to it by another seat (Citadels: the
    Magician's exchange, a card under the deck drawn again), or a kind the seat holds
    itself at another position (Euphoria's artifacts: the oracle counts every copy of a
    kind a seat sees as read, ``masked``'s "Kinds held twice"). Every card handed from seat
    to seat is handed by the crypto: the receiver's standing request, made at the move that
    carries it with the keys released by then, the keeper's answer, and the receiver
    reading the true card from it, while the third seat can read it neither from the
    public keys nor by unblinding the answer with its own key. A position drawn face down
    is read by nobody, and no card held hidden is public (for each card, as many positions
    stay closed as copies are held hidden: the oracle's over-count of a kind held twice is
    not opened)."""
    t = table(name, players, seed)
    plan, label, oracle = t.plan, t.plan.label(), t.masking.knowledge
    keys: dict[Slot, dict[int, str]] = {}
    read_by: list[set[Slot]] = [set() for _ in range(players)]
    everyone: set[Slot] = set()
    own_draws = [{(d.key.deck, plan.slot[d.key][1]) for d in t.masking.draws
                  if d.key in plan.slot and d.seen_by == (s,)} for s in range(players)]
    face_down = {plan.slot[d.key] for d in t.masking.draws if d.key in plan.slot and d.seen_by == ()}
    assert face_down or name == "citadels"
    cards = {t.true_card(slot) for slot in plan.label()}
    handed = 0
    requests: dict[tuple[Slot, int], str] = {}
    granted: dict[Slot, set[int]] = {}
    for m, move in enumerate(plan.moves):
        for r in move.carried + move.extra:
            slot = (r.deck, r.position)
            key = t.key(r.seat, slot)
            check_release(t.specs[r.deck], t.locked[r.deck], r.seat, r.position, key)
            keys.setdefault(slot, {})[r.seat] = key
        for q in move.requests:   # made by the mover with the keys it has at this move
            assert q.receiver == move.mover and q.keeper != q.receiver
            slot = (q.deck, q.position)
            requests[(slot, q.receiver)] = t.request(q.receiver, slot, q.keeper, keys[slot])
        for h in move.handed:
            hand_over(t, h, keys, requests)
            granted.setdefault((h.deck, h.position), set()).add(h.receiver)
        released = {slot: set(by) for slot, by in keys.items()}
        per_seat, public = knowledge(players, plan.drawn[m], released, granted)
        assert per_seat == plan.readable[m] and public == plan.public[m]
        for slot in public - everyone:
            assert t.read(slot, keys[slot], None) == t.true_card(slot)
        closed = Counter(t.true_card(slot) for slot in plan.drawn[m] - public)
        assert not Counter({c: n for c, n in t.hidden[m].items() if c in closed or c in cards}) - closed, \
            f"a card held hidden is public after move {m}"
        everyone |= public
        for s in range(players):
            for slot in per_seat[s] - read_by[s] - {(h.deck, h.position) for h in move.handed if h.receiver == s}:
                others = {seat: k for seat, k in keys[slot].items() if seat != s}
                assert t.read(slot, others, s) == t.true_card(slot), f"seat {s}, move {m}, {slot}"
            read_by[s] |= per_seat[s]
            mine = {label[slot] for slot in per_seat[s]}
            truth = {k for k in oracle.readable[m][s] if k.deck in plan.sizes}
            assert mine <= truth, f"seat {s} after move {m}"
            missed = {plan.slot[k] for k in truth - mine}
            assert not missed & own_draws[s], f"seat {s} cannot read its own draw after move {m}"
            twins = {slot for slot in missed if t.true_card(slot) in {t.true_card(x) for x in per_seat[s]}}
            handed += len(missed - twins)
        for slot in face_down:
            if slot in plan.drawn[m] and slot not in public:
                assert all(slot not in per_seat[s] for s in range(players))
                with pytest.raises(DeckError):
                    t.read(slot, keys.get(slot, {}), 0)
    assert handed == 0   # Euphoria's base game hands no card on: all twins
    assert all(read_by) and (granted or name == "euphoria")


def hand_over(t: Table, h: HandOver, keys: dict[Slot, dict[int, str]], requests: dict[tuple[Slot, int], str]) -> None:
    """The hand-over ``h`` done by the crypto (blinded SRA): the receiver's request (its
    standing one, or made now), the keeper's answer, the receiver reading the true card;
    every other seat, from the public keys or by unblinding the answer as if it had asked,
    cannot."""
    slot = (h.deck, h.position)
    request = requests.get((slot, h.receiver))
    assert (request is not None) == h.standing
    if request is None:
        request = t.request(h.receiver, slot, h.keeper, keys[slot])
    answer = t.answer(h.keeper, slot, request, h.receiver)
    assert t.read_handed(h.receiver, slot, h.keeper, keys[slot], request, answer) == t.true_card(slot)
    for other in range(t.players):
        if other in (h.receiver, h.keeper):
            continue
        with pytest.raises(DeckError):
            t.read(slot, {s: k for s, k in keys[slot].items() if s != other}, other)
        own = t.request(other, slot, h.keeper, keys[slot])
        with pytest.raises(DeckError):   # its own blinding key does not unblind the answer
            t.read_handed(other, slot, h.keeper, keys[slot], own, answer)


def test_a_withheld_key_leaves_the_card_unreadable_and_names_the_seat_that_owes_it():
    """Seat 1 keeps back its key for a district drawn into seat 0's hand: seat 0's device
    cannot read it (``read`` refuses, naming seat 1), the knowledge from the keys received
    leaves it out, and the missing key is seat 1's (``missing_keys``)."""
    t = table("citadels", 3, 3)
    drawn = next(d for d in t.masking.draws if d.key in t.plan.slot and d.seen_by == (0,))
    slot = t.plan.slot[drawn.key]
    released = {slot: {2}}
    keys = {2: t.key(2, slot)}
    assert missing_keys(3, released, slot, 0) == (1,)
    per_seat, public = knowledge(3, {slot}, released)
    assert slot not in per_seat[0] and not public
    with pytest.raises(DeckError) as refused:
        t.read(slot, keys, 0)
    assert refused.value.seat == 1 and refused.value.position == slot[1]
    keys[1] = t.key(1, slot)
    released[slot].add(1)
    assert slot in knowledge(3, {slot}, released)[0][0]
    assert t.read(slot, keys, 0) == drawn.card


def test_a_wrong_key_is_refused_naming_the_seat_that_released_it():
    """Seat 1 releases, for a position of seat 0's reserve, its key for another position (a
    real key of its own, the wrong one): ``check_release`` refuses it, naming seat 1 and the
    position; with it the card would not open."""
    t = table("citadels", 3, 3)
    drawn = next(d for d in t.masking.draws if d.key in t.plan.slot and d.seen_by == (0,))
    deck, at = t.plan.slot[drawn.key]
    wrong = t.key(1, (deck, at + 1))
    with pytest.raises(DeckError) as refused:
        check_release(t.specs[deck], t.locked[deck], 1, at, wrong)
    assert refused.value.seat == 1 and refused.value.position == at
    with pytest.raises(DeckError):
        t.read((deck, at), {1: wrong, 2: t.key(2, (deck, at))}, 0)


@pytest.mark.parametrize("name, players, seed", TABLES)
def test_a_seat_never_releases_a_key_for_a_position_it_draws_and_draws_take_its_reserve(name, players, seed):
    """The reserve rule: no key a seat gives is for a position it draws itself (else its
    card would be public once the others' keys are), a private draw after the set-up takes
    a position reserved to its drawer, and every position is drawn at most once."""
    t = table(name, players, seed)
    drawer = {t.plan.slot[d.key]: d.seen_by[0] for d in t.masking.draws
              if d.key in t.plan.slot and d.seen_by is not None and len(d.seen_by) == 1}
    after_setup = {t.plan.slot[d.key] for d in t.masking.draws
                   if d.key in t.plan.slot and d.chance >= t.masking.dealt[0]}
    for slot, seat in drawer.items():
        if slot in after_setup:
            assert t.plan.reserved.get(slot) == seat, slot
    assert any(slot in after_setup for slot in drawer)
    for move in t.plan.moves:
        for r in move.carried + move.extra:
            if not r.opening:
                assert drawer.get((r.deck, r.position)) != r.seat, (move.move, r)
    assert len(set(t.plan.slot.values())) == len(t.plan.slot)


@pytest.mark.parametrize("name, players, seed, moves", [("euphoria", 2, 1, None), ("euphoria", 3, 4, 45)])
def test_the_reserve_rule_run_move_by_move_from_public_facts_gives_the_plan_s_keys_at_every_move(
        name, players, seed, moves):
    """What each device runs (``DealByMove``), fed only a move's public facts (who moved;
    its draws' labels and who saw each, never their cards; the positions it made public,
    which the links show as keys released for them, ``Release.opening``), gives at every
    move the same dealt positions, the same keys carried, the same waits and the same extra
    keys as ``plan_deal`` computes from the true game (Euphoria at 2 seats, the whole game;
    at 3 seats, seed 4, the first 45 moves: its recruits turned face up at move 3 wait for
    two seats' keys)."""
    t = table(name, players, seed) if moves is None else Planned(name, players, seed, moves)
    run = DealByMove.of(t.game, players, t.plan.sizes)
    label = t.plan.label()
    draws_after: dict[int, list[Draw]] = {}
    for d in t.masking.draws:
        m = sum(1 for n in t.masking.dealt if n <= d.chance)
        draws_after.setdefault(m, []).append(Draw(d.key, "", d.chance, d.seen_by))   # no card
    movers = [None, *(move.mover for move in t.plan.moves[1:])]
    waited = 0
    for m, planned in enumerate(t.plan.moves):
        opened = {label[(r.deck, r.position)] for r in planned.carried + planned.extra if r.opening}
        got = run.step(movers[m], draws_after.get(m, []), opened)
        assert (got.carried, got.waits, got.extra) == (planned.carried, planned.waits, planned.extra), f"move {m}"
        waited += len(got.waits)
    assert run.slot == t.plan.slot and waited


def test_a_draw_whose_keys_have_not_all_come_waits_for_them():
    """Citadels at 3 seats, seed 3: seat 2 plays two characters in a round; its reserve,
    topped up during its first turn, still lacks seat 1's key at its second (the
    Architect's draw, move 100), as seat 1 has not moved in between. The plan names the
    wait (the position, its reader and the seat whose key is missing) and its extra key,
    counted as a message a server would not need."""
    t = table("citadels", 3, 3)
    waits = [(move.move, w) for move in t.plan.moves for w in move.waits if w.reader is not None]
    assert waits
    m, wait = waits[0]
    assert (m, wait.reader, wait.owing) == (100, 2, (1,))
    move = t.plan.moves[m]
    assert {r.seat for r in move.extra if (r.deck, r.position) == (wait.deck, wait.position)} == set(wait.owing)
    assert wait.reader not in wait.owing and t.plan.extra_messages() >= len(waits)


def deal_known(t: Planned, m: int, seat: int) -> dict:
    """What ``seat``'s device reads after move ``m`` by the deal's keys (``Deal.readable``,
    mapped back to the masked record's labels), with Citadels' characters, not dealt here,
    as the oracle says."""
    plan, label, oracle = t.plan, t.plan.label(), t.masking.knowledge
    cards = {key: card for key, card in oracle.known(m, seat).items() if key.deck not in plan.sizes}
    cards.update({label[slot]: t.true_card(slot) for slot in plan.readable[m][seat]})
    return cards


def oracle_known(t: Planned, m: int, seat: int) -> dict:
    return t.masking.knowledge.known(m, seat)


WHOLE_GAMES = [("euphoria", 2, 1), ("citadels", 3, 3)]


def heart(t: Table, known, upto: int | None = None) -> int:
    """``test_masked``'s heart check with ``known(t, m, seat)`` as each device's reading:
    every seat's world shows it the true view after each move, up to move ``upto`` (None:
    the whole game). Returns the number of moves checked."""
    game, oracle = t.game, t.masking.knowledge
    worlds = [build(game, t.masking.prefix(0), known(t, 0, s), oracle.bans(0, s)) for s in range(t.players)]
    checked = 0
    for moves, _, truth in true_positions(game, t.record):
        if upto is not None and moves > upto:
            break
        prefix = t.masking.prefix(moves)
        for seat in range(t.players):
            worlds[seat] = worlds[seat].advance(prefix, known(t, moves, seat), oracle.bans(moves, seat))
            assert game.view(worlds[seat].state, seat) == game.view(truth, seat), f"seat {seat} after move {moves}"
        checked = moves
    return checked


@pytest.mark.parametrize("name, players, seed", [("euphoria", 2, 1)])
def test_each_world_shows_its_seat_the_true_view_while_the_deal_s_knowledge_is_the_oracle_s(name, players, seed):
    """``test_masked``'s heart with the deal's knowledge in place of the oracle's, as far as
    the two agree (the first move after which a seat reads less: a kind held twice,
    ``WHOLE_GAMES``): every seat's world shows it the true view."""
    t = table(name, players, seed)
    differs = next(m for m in range(len(t.plan.moves)) if any(
        deal_known(t, m, s) != oracle_known(t, m, s) for s in range(players)))
    assert differs > 30
    assert heart(t, deal_known, differs - 1) == differs - 1


HANDED = [
    (("citadels", 3, 3), {40: ({(1, 0): 4, (0, 1): 1}, 2)}),
    (("citadels", 4, 4), {59: ({(3, 1): 3, (1, 3): 1}, 2), 102: ({(3, 2): 3, (2, 3): 1}, 2),
                          135: ({(2, 0): 1, (3, 0): 2, (0, 2): 1}, 4)}),
]
"""Citadels games and their Magician's exchanges: move -> ((keeper, receiver) -> cards
handed over, extra messages). In the 4-seat game's move 135 the Magician (seat 0) takes
seat 2's hand, two of whose cards seat 2 had itself received from seat 3 at move 102:
seat 3, not in the exchange, answers for them (two more messages)."""


@pytest.mark.parametrize("game, handed", HANDED)
def test_with_the_magician_s_exchange_handed_over_each_citadels_seat_reads_what_the_oracle_says_at_every_move(
        game, handed):
    """The plan hands each card of the exchanged hands from its keeper to its new holder in
    the exchange's move, by standing requests (made in earlier moves), at the extra
    messages of ``HANDED`` (the move sent to each keeper but the Magician, and its answer),
    and then each seat reads exactly what the oracle says it reads at every move (before,
    the exchanged cards were missing from both seats' knowledge): so ``test_masked``'s heart
    check, which runs these games with the oracle, holds with the deal's knowledge too.
    (The 3-seat game's crypto is in the tests above; the 4-seat one is planned only.)"""
    t = table(*game) if game in TABLES else Planned(*game)
    found: dict[int, tuple[Counter, int]] = {}
    for move in t.plan.moves:
        if move.handed:
            assert all(h.standing for h in move.handed)
            found[move.move] = (Counter((h.keeper, h.receiver) for h in move.handed), move.hand_over_messages())
    assert found == handed
    for m in range(len(t.plan.moves)):
        for s in range(t.players):
            assert deal_known(t, m, s) == oracle_known(t, m, s), f"seat {s} after move {m}"


@pytest.mark.parametrize("name, players, seed", WHOLE_GAMES)
def test_each_world_shows_its_seat_the_true_view_reading_only_what_the_released_keys_open(name, players, seed):
    """The same for the whole game, each seat reading only what the released keys and the
    cards handed to it open: Citadels' Magician's exchange at move 40 (the cards handed over),
    and Euphoria's kinds held twice, where a seat reads only its own copy (the world counts
    copies, ``masked.World``)."""
    t = table(name, players, seed)
    assert heart(t, deal_known) == len(t.plan.moves) - 1


def test_a_draw_past_the_reserve_takes_the_next_unreserved_position_and_names_the_keys_it_lacks():
    """A seat holding a reserve of one (3 seats, 10 cards) draws twice in one turn: the
    first draw takes its reserve, the second the next unreserved position (after the three
    reserves), for which seats 1 and 2 owe their keys (``missing_keys``): the turn waits."""
    reserves = Reserves(3, {"d": 10}, {"d": 1})
    reserves.top_up()
    for seat in range(3):
        reserves.pay_debts(seat)
    assert reserves.draw("d", (0,)) == (0, False)
    assert reserves.draw("d", (0,)) == (3, True)
    assert missing_keys(3, reserves.released, ("d", 3), 0) == (1, 2)
    assert [r.position for r in reserves.pay_debts(1)] == [3]
    assert reserves.owing(("d", 3), 0) == (2,)


def test_a_card_put_under_the_deck_and_drawn_again_by_another_seat_is_handed_over_by_its_drawer():
    """3 seats, a deck of 10 cards, reserves of one. Ada (seat 0) draws position 0, Bea's and
    Cid's keys for it released: Ada keeps it. Bea's next move carries her standing request
    for it. Ada puts the card ("x") under the deck and the rules draw it into Bea's hand:
    Bea holds a card she does not read, so position 0 is handed over from Ada to Bea
    (``hand_overs``), and Bea reads it; Cid does not. Had Cid been handed it, his request
    would be late. A card face down (position 9, no key released) in a hand has no keeper
    and is not handed over. What each costs: an answer from the mover rides in its move; a
    keeper other than the mover costs the move sent to it and its answer; a late request
    costs its receiver's message and a second answer."""
    reserves = Reserves(3, {"d": 10}, {"d": 1})
    reserves.top_up()
    for seat in range(3):
        reserves.pay_debts(seat)
    slot: Slot = ("d", 0)
    assert reserves.draw("d", (0,)) == (0, False) and reserves.keeper(slot) == 0
    assert reserves.request_ahead(1) == [Request(1, "d", 0, 0)] and reserves.request_ahead(1) == []
    assert reserves.draw("d", ()) == (3, False)   # face down: every key missing
    cards = {slot: "x", ("d", 3): "y"}
    keepers = {s: k for s in cards if (k := reserves.keeper(s)) is not None}
    assert keepers == {slot: 0}
    readable, _ = knowledge(3, cards, reserves.released, reserves.handed)
    held = [Counter(), Counter({"x": 1, "y": 1}), Counter()]
    assert hand_overs(held, cards, keepers, set(), readable) == [(slot, 1)]
    h = reserves.hand_over(slot, 1)
    assert h == HandOver("d", 0, 0, 1, True)
    readable, public = knowledge(3, cards, reserves.released, reserves.handed)
    assert slot in readable[1] and slot in readable[0] and slot not in readable[2] and not public
    assert hand_overs(held, cards, keepers, set(), readable) == []
    late = HandOver("d", 0, 0, 2, False)
    assert MoveReleases(5, 1, handed=[h]).hand_over_messages() == 2
    assert MoveReleases(5, 0, handed=[h]).hand_over_messages() == 0
    assert MoveReleases(5, 0, handed=[h, late]).hand_over_messages() == 3
    with pytest.raises(ValueError):
        reserves.hand_over(("d", 3), 1)


def test_every_device_s_world_finds_the_same_hand_overs_at_the_magician_s_exchange():
    """Which positions are handed over is a public function of any device's world: at the
    Magician's exchange (Citadels, 3 seats, seed 3, move 40) each seat's world, built from
    the masked record with only what that seat read before the move (the third seat's holds
    fills in both exchanged hands), finds the hand-overs the plan found from the true game
    (``hand_overs`` on the world's own cards and hands)."""
    t = table("citadels", 3, 3)
    m, plan = 40, t.plan
    released: dict[Slot, set[int]] = {}
    for move in plan.moves[:m + 1]:
        for r in move.carried + move.extra:
            released.setdefault((r.deck, r.position), set()).add(r.seat)
    readable, public = knowledge(t.players, plan.drawn[m], released)
    keepers = {slot: missing[0] for slot in plan.drawn[m]
               if len(missing := missing_keys(t.players, released, slot, None)) == 1}
    want = sorted(((h.deck, h.position), h.receiver) for h in plan.moves[m].handed)
    fills = 0
    for seat in range(t.players):
        w = build(t.game, t.masking.prefix(m), deal_known(t, m - 1, seat), t.masking.knowledge.bans(m - 1, seat))
        cards = {plan.slot[key]: w.card_at(key) for key in w.drawn if key in plan.slot}
        fills += sum(1 for slot, _ in want if cards[slot] != t.true_card(slot))
        items = t.game.hidden_items(w.state)
        held = [Counter(h["item"] for h in items if h["seat"] == s) for s in range(t.players)]
        assert sorted(hand_overs(held, cards, keepers, public, readable)) == want, f"seat {seat}'s world"
    assert fills   # some world holds other cards there than the true game, and finds the same positions


def test_a_receiver_finds_the_copy_its_holder_opened_by_the_key_released_not_by_its_own_fills():
    """Euphoria, 2 seats, seed 1, move 131 of the tool's game: Ada (seat 0) pays two Balloons
    face up; one of them was public already, so one position opens. She holds positions 6
    (a Book) and 7 (Balloons), and opens 7 by releasing her key for it. Bea's world fills
    position 6, which she cannot read, with Balloons too: by the rule alone she would find 6
    opened (the mover's lowest) and wait for a key Ada never owed, and the link went back
    and forth between them for ever. The keys say which: a position whose every seat's key
    Bea holds (``evident``) is taken first, so she finds 7, as Ada did."""
    a = ("artifacts", 6)
    b = ("artifacts", 7)
    shown_before = ("artifacts", 0)
    drawn = {a: 0, b: 0, shown_before: 0}
    public = {a, b, shown_before}   # Bea's world: every Balloons in the view
    hidden = Counter({"balloons": 1})   # Bea's world: the fill at 6 still held hidden
    ada = opened({b, shown_before}, {a: "book", b: "balloons", shown_before: "balloons"}, {shown_before}, drawn,
                 Counter({"book": 1}), 0)
    bea_cards = {a: "balloons", b: "balloons", shown_before: "balloons"}
    assert ada == {b}
    assert opened(public, bea_cards, {shown_before}, drawn, hidden, 0, evident={b, shown_before}) == {b}
    assert opened(public, bea_cards, {shown_before}, drawn, hidden, 0) == {a}   # the rule alone: the fill

"""The hidden draft dealt by its first chooser (``engines.core.draft``, issue 39 stage 3): whole
Citadels games at 3, 4 and 7 seats where every round's characters are dealt by the King's
device with the real crypto (the deal committed, each choice committed, what is left passed
on by DHIES to the next chooser alone, the calls answered by opening the choices), each
seat's device knowing exactly what the rules let it know; and the attacks, each refused
naming the seat, and each not refused with its check switched off.

Secrets are fixed bytes and the stage-2 public values a fixed stand-in per round: nothing
here depends on the system's entropy. The games run in about a second each."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from engines import get_game
from engines.core import draft
from engines.core.deck import DeckSecret
from engines.core.draft import (Choice, DraftError, DraftSpec, Passed, audit, check_answer, check_opening,
                                check_pass, check_round_end, commit_choice, deal, first_chooser, open_pass,
                                opening, public_key, refuse_no_answer, seal_pass, set_aside)
from engines.core.masked import Key, mask_record
from engines.core.record import new_record
from engines.core.rng import Rng

GID = "dR4ft001"
GAME = get_game("citadels")


def secret_of(seat: int) -> DeckSecret:
    return DeckSecret(hashlib.sha256(f"draft test secret {seat}".encode()).digest(), seat)


def public_values(round_: int) -> bytes:
    """A stand-in for stage 2's values in force when a round's draft is dealt."""
    return hashlib.blake2b(f"reveals of round {round_}".encode(), digest_size=32).digest()


@dataclass
class Device:
    """What one seat's device holds of the round's draft: the deal (the dealer's alone), the
    cards handed to it (position -> the opening it received, which it passes on), and the masked positions (``masked.Key``) whose card it reads."""

    seat: int
    secret: DeckSecret
    the_deal: draft.Deal | None = None
    handed: dict[int, dict] = field(default_factory=dict)   # position -> its opening, as received
    reads: dict[Key, str] = field(default_factory=dict)


@dataclass
class Round:
    """The public transcript of one round's draft (what the links carry) and the messages
    counted."""

    spec: DraftSpec
    dealer: int
    commitments: list[str]
    aside: list[tuple[int, frozenset[str]]] = field(default_factory=list)
    face_down_aside: list[int] = field(default_factory=list)
    steps: list[Passed] = field(default_factory=list)
    positions: int = 0                 # masked positions taken so far (set aside, chosen)
    knower: dict[str, int] = field(default_factory=dict)   # a card face down -> the device that knows it
    opened: set[int] = field(default_factory=set)          # draft steps whose choice was opened at a call
    said_nobody: dict[str, int] = field(default_factory=dict)
    extra: int = 0                     # messages a server would not need
    mine: dict[int, list[tuple[Choice, dict]]] = field(default_factory=dict)   # each seat's choices, opening kept
    next_added: tuple[tuple[int, ...], str] | None = None   # the dealer's pass of cards set aside, handed next


class Simulation:
    """A whole Citadels game played by the heuristic bot, every draft dealt by the protocol:
    the chance source of the characters' set-aside nodes is the dealer's deal, every other
    node the seeded dealer's. ``record`` is the true record (for ``mask_record``);
    ``reads[m][s]``: the masked positions of characters decks seat ``s``'s device reads after
    ``m`` moves."""

    def __init__(self, players: int, seed: int) -> None:
        self.players = players
        self.devices = [Device(s, secret_of(s)) for s in range(players)]
        self.keys = [public_key(d.secret, GID) for d in self.devices]
        self.record = new_record(GAME, players, seed, None, outcomes=True)
        self.state = GAME.new_game(players, seed, None, deal=False)
        self.by_deck: dict[str, Round] = {}
        self.reads: list[list[dict[Key, str]]] = []
        self.checked = Counter[str]()
        self.bot = GAME.bots()["heuristic"]
        self.rng = Rng.from_seed(seed)

    # ---- chance ----
    def pick(self, game: Any, state: Any) -> Any:
        found = first_chooser(game, state) if state.pending in ("down", "up") else None
        if found is None:
            return state.dealer.pick(game, state)
        deck, dealer = found
        r = self.by_deck[deck] if deck in self.by_deck else self._new_round(deck, dealer)
        the_deal = self.devices[r.dealer].the_deal
        assert the_deal is not None
        weights = game.chance_weights(state)
        by_card = {self.card(o.rank): o for o, _ in weights}
        at = set_aside(the_deal, [a for a, _ in r.aside], by_card)
        r.aside.append((at, frozenset(by_card)))
        outcome = by_card[the_deal.order[at]]
        key = Key(deck, r.positions)
        r.positions += 1
        if game.chance_seen_by(state, outcome) is None:   # face up: opened at once, checked by all
            shown = opening(the_deal, at)
            for d in self.devices:
                d.reads[key] = check_opening(r.spec, r.commitments, r.dealer, shown, r.dealer)
            self.checked["face-up opening"] += 1
        else:                                              # face down: the dealer alone knows it
            r.face_down_aside.append(at)
            r.knower[the_deal.order[at]] = r.dealer
            self.devices[r.dealer].reads[key] = the_deal.order[at]
        return outcome

    def _new_round(self, deck: str, dealer: int) -> Round:
        spec = DraftSpec(GID, deck, tuple(GAME.decks(self.state)[deck]), self.players)
        device = self.devices[dealer]
        device.the_deal = deal(spec, device.secret, public_values(self.state.round))
        for d in self.devices:
            d.handed = {}
            if d.seat != dealer:
                d.the_deal = None
        r = Round(spec, dealer, draft.check_deal(spec, list(device.the_deal.commitments), dealer))
        r.mine = {s: [] for s in range(self.players)}
        self.by_deck[deck] = r
        return r

    def card(self, rank: int) -> str:
        return GAME.decks(self.state)[f"characters-{self.state.round}"][rank - 1]

    # ---- the game ----
    def play(self) -> "Simulation":
        self.record.chance += [GAME.dump_action(o) for o in GAME.deal(self.state, self)]
        self._snapshot()
        while (seat := GAME.to_move(self.state)) is not None:
            action = self.bot(GAME, self.state, self.rng)
            before = self.state.clone()
            choosing = GAME.choice_deck(before)
            if choosing is not None:
                self._choose(before, seat, action)
            self.record.actions.append(GAME.dump_action(action))
            GAME.check(self.state, action)
            GAME.play(self.state, action)
            self.record.chance += [GAME.dump_action(o) for o in GAME.deal(self.state, self)]
            if choosing is not None:
                self._pass_on(before, seat)
            self._calls(before, seat)
            self._snapshot()
        return self

    def _snapshot(self) -> None:
        self.reads.append([dict(d.reads) for d in self.devices])

    def _choose(self, state: Any, seat: int, action: Any) -> None:
        """The chooser's device: it knows exactly the cards handed to it (checked against the
        rules' offer), commits to its choice and reads its masked position."""
        r, device = self.by_deck[f"characters-{state.round}"], self.devices[seat]
        if not r.steps:   # the dealer hands himself every card not set aside
            assert device.the_deal is not None and seat == r.dealer
            taken = {a for a, _ in r.aside}
            device.handed = {p: opening(device.the_deal, p) for p in range(len(r.spec.cards)) if p not in taken}
        offered = {self.card(a.rank) for a in GAME.legal_actions(state)}
        assert {o["card"] for o in device.handed.values()} == offered, \
            "the device knows exactly the cards the rules hand it"
        known = GAME.known_undrawn(state, seat)[r.spec.deck]   # what the oracle bans: the same, but a card set aside
        assert known <= offered and len(offered - known) == len(r.next_added[0] if r.next_added else ())
        card = self.card(action.rank)
        step = len(r.steps)
        committed, data = commit_choice(r.spec, device.secret, step, card)
        choice = Choice(seat, step, committed)
        r.mine[seat].append((choice, data))
        device.reads[Key(r.spec.deck, r.positions)] = card
        r.positions += 1
        position = next(p for p, o in device.handed.items() if o["card"] == card)
        del device.handed[position]
        added, aside = r.next_added or ((), None)
        r.steps.append(Passed(seat, committed, None, None, added, aside))
        r.next_added = None

    def _pass_on(self, before: Any, seat: int) -> None:
        """After a choice: the rest passed on to the next chooser (DHIES), who opens and checks
        it; with the rules handing on a card set aside (seven seats), the dealer's pass of it
        too (made with his first move: both ride in links going that way anyway). At the
        draft's end the cards left are face down, known to the last chooser."""
        r, device, state = self.by_deck[f"characters-{before.round}"], self.devices[seat], self.state
        step = len(r.steps) - 1
        if GAME.choice_deck(state) != r.spec.deck:   # the draft is over
            for o in device.handed.values():
                r.knower[o["card"]] = seat
            device.handed = {}
            return
        nxt = GAME.to_move(state)
        assert nxt is not None
        if nxt == seat:
            return   # the same chooser again (two seats): nothing passed
        sealed = seal_pass(r.spec, device.secret, step, nxt, self.keys[nxt], list(device.handed.values()))
        left = len(r.spec.cards) - r.positions                  # public: the cards still in the draft
        added_count = len(GAME.legal_actions(state)) - left     # public: the rules hand on cards set aside
        r.steps[-1] = r.steps[-1]._replace(sealed=sealed, receiver=nxt)
        receiver = self.devices[nxt]
        barred = {a for a, _ in r.aside}
        openings = open_pass(r.spec, receiver.secret, step, seat, sealed)
        check_pass(r.spec, r.commitments, r.dealer, openings, seat, left, barred)
        receiver.handed = {o["at"]: o for o in openings}
        self.checked["pass"] += 1
        device.handed = {}
        if added_count:   # a card set aside handed on (§5.2)
            dealer = self.devices[r.dealer]
            assert dealer.the_deal is not None
            added = tuple(r.face_down_aside)
            assert len(added) == added_count
            aside = seal_pass(r.spec, dealer.secret, step + 1, nxt, self.keys[nxt],
                              [opening(dealer.the_deal, p) for p in added], aside=True)
            more = open_pass(r.spec, receiver.secret, step + 1, r.dealer, aside, aside=True)
            got = check_pass(r.spec, r.commitments, r.dealer, more, r.dealer, added_count, ())
            receiver.handed.update({o["at"]: o for o in more})
            for p, c in got.items():
                r.knower.pop(c, None)
                receiver.reads[Key(r.spec.deck, [a for a, _ in r.aside].index(p))] = c
            r.next_added = (added, aside)
            self.checked["pass of a card set aside"] += 1

    def _calls(self, before: Any, mover: int) -> None:
        """The calls made during the move (§6): the rank revealed is answered by its holder
        (its choice opened, checked by every device, its masked position read by all); each
        rank called before it that the rules do not skip in public (set aside face up,
        murdered) is answered "nobody" by the device that knows it face down, every holder's
        device checking the claim: a message a server would not need, unless that device
        sends the link anyway (the mover, or the device that answered the call before). At
        the round's end the choices not opened are opened."""
        state = self.state
        ended = state.round != before.round or state.phase == "over"
        if before.phase == "over" or not ended and (state.phase == "draft" or state.called == before.called):
            return
        r = self.by_deck[f"characters-{before.round}"]
        last = 8 if ended else state.called
        sender = mover
        for rank in range(before.called + 1, last + 1):
            card = r.spec.cards[rank - 1]
            if not ended and rank == last:
                self._answer(r, card)
            elif rank in before.removed_up or rank == before.killed:
                continue
            else:
                knower = r.knower.get(card)
                assert knower is not None, f"rank {rank} called, nobody answers, and no device knows it face down"
                for d in self.devices:
                    refuse_no_answer(r.spec, r.mine[d.seat], card, knower)
                r.said_nobody[card] = knower
                self.checked["nobody"] += 1
                if knower != sender:
                    r.extra += 1
                    sender = knower
        if ended:
            unopened = [(c, o) for mine in r.mine.values() for c, o in mine if c.step not in r.opened]
            silent = {r.spec.cards[before.killed - 1]} if before.killed else set()
            answered = {o["card"]: c.seat for mine in r.mine.values() for c, o in mine if c.step in r.opened}
            check_round_end(r.spec, unopened, silent, r.said_nobody, answered)
            self.checked["opened at the round's end"] += len(unopened)

    def _answer(self, r: Round, card: str) -> None:
        choice, data = next((c, o) for mine in r.mine.values() for c, o in mine
                            if c.step not in r.opened and o["card"] == card)
        check_answer(r.spec, choice.commitment, choice.seat, choice.step, data, card)
        r.opened.add(choice.step)
        key = Key(r.spec.deck, len(r.aside) + choice.step)
        for d in self.devices:
            d.reads[key] = card
        self.checked["answer"] += 1


EXTRA_MESSAGES = {3: 12, 4: 14, 7: 8}
"""The "nobody" messages a server would not need, in the whole games below (``draft``'s doc
quotes them): the draft's passes cost none."""


@pytest.fixture(scope="module", params=[(3, 3), (4, 4), (7, 1)], ids=["3 seats", "4 seats", "7 seats"])
def played(request) -> Simulation:
    players, seed = request.param
    return Simulation(players, seed).play()


def test_every_draft_dealt_by_its_king_checks_and_each_device_knows_what_the_rules_let_it(played):
    """A whole game, every round's draft dealt by the King's device (the deal committed, the
    face-up characters opened and checked, each pass opened and checked by its receiver
    alone, each chooser's device holding exactly the ranks the rules hand it, each call
    answered by an opening every device checks, each "nobody" checked by every holder, the
    choices left opened at the round's end); then the audit of every draft with the secrets
    revealed. Each device's reading of the characters' masked positions is what the oracle
    (``masked.Knowledge``) gives it, plus only positions whose card follows from what the
    oracle gives it (the King's face-down character: the one not handed, not set aside face
    up). At seven seats, when the last chooser keeps the face-down character he is handed
    (§5.2), it holds two masked positions: the oracle shows it at its latest position only
    (``masked``'s doc), while the dealer's and the last chooser's devices also read it where it
    was set aside; the protocol shows the card where it is revealed, and only those two know
    it was the one set aside."""
    sim = played
    assert GAME.to_move(sim.state) is None and len(sim.by_deck) >= 3
    assert sim.checked["pass"] and sim.checked["answer"] and sim.checked["nobody"]
    knowledge = mask_record(GAME, sim.record).knowledge
    assert len(knowledge.readable) == len(sim.reads)
    deduced = doubled = 0
    for m, reads in enumerate(sim.reads):
        for seat in range(sim.players):
            oracle = {k: c for k, c in knowledge.known(m, seat).items() if k.deck.startswith("characters-")}
            protocol = reads[seat]
            for key, card in oracle.items():
                if key not in protocol:   # seven seats: the face-down character kept, at two positions
                    assert card in {c for k, c in protocol.items() if k.deck == key.deck}, (m, seat, key)
                    doubled += 1
                else:
                    assert protocol[key] == card, (m, seat, key)
            bans = knowledge.bans(m, seat)
            for key in protocol.keys() - oracle.keys():
                others = {c for k, c in oracle.items() if k.deck == key.deck}
                if protocol[key] in others:   # seven seats: the kept face-down character, which
                    doubled += 1              # the oracle shows at its latest position only
                    continue
                possible = set(GAME.decks(sim.state).get(key.deck, sim.by_deck[key.deck].spec.cards)) - others \
                    - bans.get(key, frozenset())
                assert possible == {protocol[key]}, (m, seat, key)
                deduced += 1
    assert deduced and (doubled > 0) == (sim.players == 7)
    assert sum(r.extra for r in sim.by_deck.values()) == EXTRA_MESSAGES[sim.players]
    assert all(r.extra <= len(r.said_nobody) for r in sim.by_deck.values())
    for r in sim.by_deck.values():   # what the links carry shows no card but those set aside face up
        public = json.dumps([r.commitments, [a for a, _ in r.aside], [[p.choice, p.sealed, p.added_pass]
                                                                      for p in r.steps]])
        assert not [c for c in r.spec.cards if c in public]   # secrets fixed: the same bytes every run
    revealed = {d.seat: d.secret.to_text() for d in sim.devices}
    for r in sim.by_deck.values():
        audit(r.spec, r.dealer, public_values(r_round(r)), r.commitments, r.aside, r.steps, revealed)


def r_round(r: Round) -> int:
    return int(r.spec.deck.rsplit("-", 1)[1])


# ---- attacks: one draft of three seats, dealt by seat 0 --------------------------------------

CARDS = tuple(GAME.decks(GAME.new_game(3, 1, None, deal=False))["characters-1"])
SPEC = DraftSpec(GID, "characters-1", CARDS, 3)
PUBLIC = public_values(1)


class Dealt:
    """Seat 0's deal of ``SPEC``: position ``down`` set aside face down, seat 0 keeps the
    first card it is handed and passes the rest on to seat 1 (``openings``)."""

    def __init__(self) -> None:
        self.secrets = [secret_of(s) for s in range(3)]
        self.keys = [public_key(s, GID) for s in self.secrets]
        self.deal = deal(SPEC, self.secrets[0], PUBLIC)
        self.down = set_aside(self.deal, [], CARDS)
        handed = [p for p in range(len(CARDS)) if p != self.down]
        self.kept, self.rest = handed[0], handed[1:]
        self.choice = commit_choice(SPEC, self.secrets[0], 0, self.deal.order[self.kept])[0]
        self.openings = [opening(self.deal, p) for p in self.rest]

    def seal(self, openings: list[dict], receiver: int = 1, step: int = 0) -> str:
        return seal_pass(SPEC, self.secrets[0], step, receiver, self.keys[receiver], openings)

    def receive(self, sealed: str, step: int = 0) -> dict[int, str]:
        return check_pass(SPEC, list(self.deal.commitments), 0, open_pass(SPEC, self.secrets[1], step, 0, sealed), 0,
                          len(self.rest), {self.down})


def test_an_honest_pass_hands_the_next_chooser_the_cards_left_and_nobody_else_can_open_it():
    d = Dealt()
    sealed = d.seal(d.openings)
    assert d.receive(sealed) == {p: d.deal.order[p] for p in d.rest}
    assert not any(card in sealed for card in CARDS)
    with pytest.raises(DraftError):
        open_pass(SPEC, d.secrets[2], 0, 0, sealed)


def test_a_chooser_opening_his_choice_to_another_character_is_refused_naming_him(monkeypatch):
    """At a call a holder's opening must open his commitment to the card called: the Thief's
    holder answering the King's call with his salt and "king" is refused, naming him (seat
    1); with the opening check switched off it is accepted."""
    step, thief, king = 1, CARDS[1], CARDS[3]
    committed, data = commit_choice(SPEC, secret_of(1), step, thief)
    check_answer(SPEC, committed, 1, step, data, thief)
    forged = {**data, "card": king}

    def call() -> None:
        check_answer(SPEC, committed, 1, step, forged, king)

    with pytest.raises(DraftError) as refused:
        call()
    assert refused.value.seat == 1 and "Player 2" in refused.value.message("en")
    with pytest.raises(DraftError) as wrong_call:
        check_answer(SPEC, committed, 1, step, data, king)   # his true opening, for another call
    assert wrong_call.value.seat == 1
    monkeypatch.setattr(draft, "check_choice", lambda spec, committed, seat, step, data: data["card"])
    call()


def test_the_king_passing_a_card_other_than_his_deal_is_refused_at_once_naming_him(monkeypatch):
    """The receiver checks each opening against the King's commitments: a card passed in
    place of the one dealt at its position (the face-down one, to hand it on) is refused,
    naming the King (seat 0); with the opening check switched off it is accepted."""
    d = Dealt()
    swapped = [dict(d.openings[0], card=d.deal.order[d.down]), *d.openings[1:]]
    with pytest.raises(DraftError) as refused:
        d.receive(d.seal(swapped))
    assert refused.value.seat == 0 and "Player 1" in refused.value.message("en")
    with pytest.raises(DraftError) as barred:   # the position set aside face down, opened truly
        d.receive(d.seal([opening(d.deal, d.down), *d.openings[1:]]))
    assert barred.value.seat == 0
    monkeypatch.setattr(draft, "check_opening", lambda spec, commitments, dealer, data, sender: data["card"])
    assert d.deal.order[d.down] in d.receive(d.seal(swapped)).values()


def test_the_king_keeping_a_card_and_passing_it_on_too_is_caught_at_the_round_s_end_and_named_at_the_audit(
        monkeypatch):
    """A King who passes on the card he kept (true openings, the right count, one card he
    should have passed left out) cannot be told by the receiver: its pass checks. It shows
    when the card is called: its two holders' choices both open to it (one answers, the
    other's is opened at the round's end: refused, no seat named yet), and the audit, with
    the secrets revealed, names the King (seat 0). With the audit's pass check switched off
    it passes."""
    d = Dealt()
    cheat = [opening(d.deal, d.kept), *d.openings[1:]]
    assert d.receive(d.seal(cheat))   # accepted at once: nothing to see yet
    card = d.deal.order[d.kept]
    committed, data = commit_choice(SPEC, d.secrets[1], 1, card)
    with pytest.raises(DraftError) as doubled:
        check_round_end(SPEC, [(Choice(1, 1, committed), data)], set(), {}, {card: 0})
    assert doubled.value.seat is None and "passed on twice" in doubled.value.message("en")
    steps = [Passed(0, d.choice, d.seal(cheat), 1), Passed(1, committed, None, None)]
    revealed = {s.seat: s.to_text() for s in d.secrets}
    with pytest.raises(DraftError) as named:
        audit(SPEC, 0, PUBLIC, list(d.deal.commitments), [(d.down, frozenset(CARDS))], steps, revealed)
    assert named.value.seat == 0
    honest = [Passed(0, d.choice, d.seal(d.openings), 1), Passed(1, committed, None, None)]
    with pytest.raises(DraftError) as not_handed:   # the honest pass: seat 1 then chose a card it was not handed
        audit(SPEC, 0, PUBLIC, list(d.deal.commitments), [(d.down, frozenset(CARDS))], honest, revealed)
    assert not_handed.value.seat == 1
    monkeypatch.setattr(draft, "_as_handed", lambda passed, handed: True)
    audit(SPEC, 0, PUBLIC, list(d.deal.commitments), [(d.down, frozenset(CARDS))], steps, revealed)


def test_a_pass_encrypted_to_the_wrong_seat_or_replayed_from_another_step_is_refused_naming_its_sender(monkeypatch):
    """A pass encrypted to seat 2's key, not the next chooser's (seat 1): seat 2 could read
    seat 1's cards, and seat 1's device refuses it, naming the sender (seat 0), by DHIES's
    tag. A pass made for another step and sent again is refused the same way (the step is in
    the tag's associated data). With the tag check switched off the replayed pass opens as if
    it were this step's, and the misdirected one is no longer refused for its tag (seat 1's
    key decrypts it to noise, refused as damaged)."""
    d = Dealt()
    misdirected = d.seal(d.openings, receiver=2)
    assert len(open_pass(SPEC, d.secrets[2], 0, 0, misdirected)) == len(d.rest)   # the leak it would be
    replayed = d.seal(d.openings, step=4)
    for sealed in (misdirected, replayed):
        with pytest.raises(DraftError) as refused:
            d.receive(sealed)
        assert refused.value.seat == 0 and refused.value.detail == "the tag"
    monkeypatch.setattr(draft, "_tag_ok", lambda expected, got: True)
    assert d.receive(replayed) == {p: d.deal.order[p] for p in d.rest}
    with pytest.raises(DraftError) as noise:
        d.receive(misdirected)
    assert noise.value.detail != "the tag"


def test_a_false_nobody_is_refused_by_the_holder_s_device_and_found_at_the_round_s_end():
    """Seat 2 says nobody holds the card called, which seat 1 chose: seat 1's device refuses
    the link, naming seat 2 (its opening is the proof); if seat 1 kept silent too, its choice
    opened at the round's end names seat 2; a holder that kept silent with nobody claiming
    is named itself."""
    card = CARDS[4]
    committed, data = commit_choice(SPEC, secret_of(1), 1, card)
    mine = [(Choice(1, 1, committed), data)]
    refuse_no_answer(SPEC, mine, CARDS[5], 2)   # another card: nothing to say
    with pytest.raises(DraftError) as refused:
        refuse_no_answer(SPEC, mine, card, 2)
    assert refused.value.seat == 2
    with pytest.raises(DraftError) as found:
        check_round_end(SPEC, mine, set(), {card: 2}, {})
    assert found.value.seat == 2
    with pytest.raises(DraftError) as silent:
        check_round_end(SPEC, mine, set(), {}, {})
    assert silent.value.seat == 1
    check_round_end(SPEC, mine, {card: ""}.keys(), {}, {})   # the murdered character: silent by the rules

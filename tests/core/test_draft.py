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
    cards handed to it (position -> card), and the masked positions (``masked.Key``) whose card it reads."""

    seat: int
    secret: DeckSecret
    the_deal: draft.Deal | None = None
    handed: dict[int, str] = field(default_factory=dict)
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
    choices: list[Choice] = field(default_factory=list)
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
        self.players, self.game = players, GAME
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
            device.handed = {p: c for p, c in enumerate(device.the_deal.order) if p not in taken}
        offered = {self.card(a.rank) for a in GAME.legal_actions(state)}
        assert set(device.handed.values()) == offered, "the device knows exactly the cards the rules hand it"
        card = self.card(action.rank)
        step = len(r.steps)
        committed, data = commit_choice(r.spec, device.secret, step, card)
        choice = Choice(seat, step, committed)
        r.choices.append(choice)
        r.mine[seat].append((choice, data))
        device.reads[Key(r.spec.deck, r.positions)] = card
        r.positions += 1
        position = next(p for p, c in device.handed.items() if c == card)
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
            for c in device.handed.values():
                r.knower[c] = seat
            device.handed = {}
            return
        nxt = GAME.to_move(state)
        assert nxt is not None
        if nxt == seat:
            return   # the same chooser again (two seats): nothing passed
        sealed = seal_pass(r.spec, device.secret, step, nxt, self.keys[nxt],
                           [{"at": p, "card": c, "salt": self._salt(r, p)} for p, c in device.handed.items()])
        r.steps[-1] = r.steps[-1]._replace(sealed=sealed, receiver=nxt)
        receiver = self.devices[nxt]
        barred = {a for a, _ in r.aside}
        receiver.handed = check_pass(r.spec, r.commitments, r.dealer, open_pass(r.spec, receiver.secret, step, seat,
                                                                                sealed),
                                     seat, len(device.handed), barred)
        self.checked["pass"] += 1
        device.handed = {}
        if len(GAME.legal_actions(state)) > len(receiver.handed):   # a card set aside handed on (§5.2)
            dealer = self.devices[r.dealer]
            assert dealer.the_deal is not None
            added = tuple(r.face_down_aside)
            aside = seal_pass(r.spec, dealer.secret, step + 1, nxt, self.keys[nxt],
                              [opening(dealer.the_deal, p) for p in added], aside=True)
            got = check_pass(r.spec, r.commitments, r.dealer,
                             open_pass(r.spec, receiver.secret, step + 1, r.dealer, aside, aside=True),
                             r.dealer, len(added), ())
            receiver.handed.update(got)
            for p, c in got.items():
                r.knower.pop(c, None)
                receiver.reads[Key(r.spec.deck, [a for a, _ in r.aside].index(p))] = c
            r.next_added = (added, aside)
            self.checked["pass of a card set aside"] += 1

    def _salt(self, r: Round, position: int) -> str:
        """The salt of a deal position as the passer has it: the opening it was passed (the
        simulation takes it from the dealer's deal, which is the same)."""
        the_deal = self.devices[r.dealer].the_deal
        assert the_deal is not None
        return opening(the_deal, position)["salt"]

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
            check_round_end(r.spec, unopened, silent, r.said_nobody)
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
    (§5.2), it holds two masked positions and, once revealed, the oracle lets every seat read
    both (it reads cards, not places: ``masked``'s doc); the protocol shows the card where it
    is revealed, and only the dealer and the last chooser know it was the one set aside."""
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
                possible = set(GAME.decks(sim.state).get(key.deck, sim.by_deck[key.deck].spec.cards)) - others \
                    - bans.get(key, frozenset())
                assert possible == {protocol[key]}, (m, seat, key)
                deduced += 1
    assert deduced and (doubled > 0) == (sim.players == 7)
    revealed = {d.seat: d.secret.to_text() for d in sim.devices}
    for r in sim.by_deck.values():
        audit(r.spec, r.dealer, public_values(r_round(r)), r.commitments, r.aside, r.steps, revealed)


def r_round(r: Round) -> int:
    return int(r.spec.deck.rsplit("-", 1)[1])

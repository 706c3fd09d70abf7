"""A device's table: it plays its seat's moves in its own world and writes them masked.

Issue 39, stage 3 ("nobody reads what he may not see"). ``engines.core.masked`` makes a
masked record from the *true* record (``mask_record``): a trusted party who saw every card.
At a distance there is none. The device of the seat to move knows only its world
(``masked.World``: its own cards true, the others' filled), and must itself write its move
and the outcomes dealt after it as the masked record would have them, so that the other
devices replay them. A ``DeviceTable`` does that.

**What a table holds.** The seats its device plays (``seats``: one seat, or a person's seat
and the bots placed at his device), the masked record so far (``record``), the positions it
reads (``known``: position -> card), the names it knows positions do not hold (``banned``,
``Game.known_undrawn``) and its world (``world``, ``masked.World``). ``advance`` takes in the
others' moves (a longer masked record, with what the device reads now), as
``World.advance``.

**Playing a move** (``play``). The seat to move in the table's world, one of its seats,
plays ``action`` (chosen in that world: a person's or a bot's move, legal there). The table
writes

- *a hidden choice* (``Game.choice_deck``: a character chosen, or put face down, in the
  Citadels draft): the move with the token of the deck's next position (``masked.position``),
  which its device reads from now on;
- *any other move*: each text naming a card the mover holds hidden and that the move moves
  (kept from a draw, put under the deck, discarded) as the token of that card's position,
  unless the move makes such a card public (it is then one more time in the spectator's view:
  "build castle" stays plain). The rules are ``masked._mask_action``'s, with one difference:
  the token names only a position *this device reads* whose card the mover holds hidden, and
  of a kind it reads more positions of than the mover holds copies (Euphoria lists artifact
  kinds several times, and the tests' oracle lets a seat read every position of a kind it
  sees), only positions drawn for the mover (``mine``: those its table read for it, less
  the copies it made public since). ``mask_record`` takes the lowest position of the kind
  among every seat's hidden copies, which may be another seat's (no move of the rules does
  so today: every artifact card a move names is paid or discarded face up, written plainly);
- *the outcomes dealt after the move*, in order: a draw from a deck takes that deck's next
  position (``masked.position``, the deal's numbering by draw order). A draw seen by one of
  the table's seats is read from ``deal`` (a callable: position -> card; in the wiring the
  mental-poker deal, ``engines.core.deck``; in tests the true game's cards) and written as a
  token, its card then read by the device; a draw seen by everyone is read from ``deal`` too
  and written plainly (in the wiring, the commit-reveal beacon); a draw seen by no seat of the
  table (another seat's hand, a card face down) is written as a token, which the world fills.
  An outcome of a node that draws from no deck (a die, a player drawn at random) is public:
  it is read from ``public`` (the index of the outcome in the record's outcomes -> the
  outcome's JSON) and written as it is.

The world's own reading of the masked move must give back ``action`` (else ``ValueError``:
the move cannot be masked so). The masked move and outcomes are added to the table's record,
the positions read to ``known``, and the world advanced to them. When the world cannot go on
(the rules turn up a card of another seat right after the move, which its device has not
released yet: the Citadels character called at the end of the draft; ``ValueError``, or
``ChanceError`` when the world built again cannot replay the set-up, ``_CANNOT_GO_ON``), the
table *waits* (``waiting``, the world's reason; ``to_move`` None): the next ``advance``, with what the
device reads then, builds its world again. An ``advance`` whose world cannot go on waits the
same way (the others' move turned up a card this device cannot read yet); a record that
does not continue the table's, or that drops a position it read, is refused
(``ValueError``). ``new`` deals a game's set-up the same way (the set-up's private
draws of the table's seats read, the others' tokens).

**Finding the outcomes without the others' cards.** Which nodes follow a move, which deck
each draws from and who sees each draw follow from the public table (``Game.chance_seen_by``
must say the same for every outcome of a node, else ``ValueError``); the table deals them on a
copy of its world, giving each draw it cannot read the first outcome still possible there. A
card it reads later in the same deal may be one such stand-in took: the stand-ins then avoid
that card and the deal is made again. A card it reads may also be one its world's fills put
in another seat's hand before: the world learns the position first (``World.advance``, which
goes back before that fill) and the move is written again. A card ``deal`` gives that the
world cannot draw even so is a ``ValueError`` (the deal and the record disagree). The
stand-ins are never written; the world makes its own fills when it replays the record.

**Refused.** ``play`` refuses (``ValueError``) a move when the world is not at a seat of this
table's turn (another seat's move, a chance node, the game over, the table waiting), or when
the move is not legal in the world; nothing is changed then. ``advance`` refuses a record
that does not continue the table's own, or what the device reads without a position it read.

**Not covered** (said plainly):

- *Who reads what after the move* beyond the table's own draws: a card handed to it by
  another seat (the Magician's exchange, Euphoria's recruit draft passing packs) or a
  position another seat opens is learnt through ``advance`` (the wiring's key releases,
  ``engines.core.dealing``; in tests the oracle, ``masked.Knowledge``), not by ``play``.
  Likewise the bans a chooser learns (``Game.known_undrawn``) come with ``advance``.
- *The cards of a draw*: ``deal`` is trusted to give the card at the position; checking the
  deal (signatures, the mental-poker keys) is the wiring's part.
- *A kind held twice by the mover itself* (two copies of a Euphoria artifact in one hand, one
  moved): the token names the lowest position the seat holds of that kind, as ``mask_record``
  does; the two copies are interchangeable for the rules. ``mine`` holds only the draws the
  table read itself (its set-up, its seats' moves): a draw for its seat during another
  seat's move, read through ``advance``, is not in it, so a kind with no copy in ``mine``
  falls back to ``mask_record``'s lowest position (which may then be another seat's).
- *Moves chosen by bots in the worlds*: the tests play the true game's moves, checked legal in
  the mover's world (its legal moves are the true ones); a bot choosing there is the wiring's.
- *Waiting costs a rebuild*: the world built again from the start (``masked.build``) after
  each play that left it waiting (four times in the tests' three-seat Euphoria game).
- *What the world's gaps are* (``masked``'s "Not covered here": seven Citadels seats, copies of
  a kind shown face up) stay the world's: a table plays in its world as it is.
- Error texts are for developers (like ``masked``'s); the page's gate words its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from .chance import ChanceError, Source
from .game import Game, GameState
from .masked import (Draw, Key, World, _card_in, _deck_cards, _mask_action, _places, _write_token, build,
                     position, take_choice, texts_in)
from .record import GameRecord

CardAt = Callable[[Key], str]
"""``deal``: the card at a deck position (the position of a draw seen by the table's seats)."""

PublicOutcome = Callable[[int], dict]
"""``public``: the JSON of the record's outcome ``index``, dealt at a node with no deck. Or
a chance ``Source`` (``reveal.Beacon``: the seats' values), asked at the node itself in the
table's world (the public table is the same in every world, so is the outcome)."""


@dataclass(frozen=True)
class Played:
    """What ``DeviceTable.play`` wrote: the masked ``move`` and the masked ``outcomes`` dealt
    after it (as ``mask_record`` writes them), and the positions its device ``read`` (position
    -> card: its own draws, the draws seen by all, its hidden choice)."""

    move: dict
    outcomes: list[dict]
    read: dict[Key, str]


_CANNOT_GO_ON = (ValueError, ChanceError)
"""What a world raises when it cannot be carried on or built again from what its device
reads: ``ValueError`` (no world fits), or ``ChanceError`` (a world rebuilt without a card the
rules just turned up may fill a position with a card a later outcome of the set-up shows
face up elsewhere: Citadels at 5 seats, seed 2, move 5, the Assassin called right after the
draft, its holder's choice not yet released to the last chooser's device). The table waits
then (``waiting``): the next ``advance``, reading that card, builds the world again."""


class _Taken(Exception):
    """A card the table reads was taken by a stand-in drawn before it in the same deal."""

    def __init__(self, card: str) -> None:
        super().__init__(card)
        self.card = card


class _Filled(Exception):
    """A card the table reads at ``key`` is one its world's fills put elsewhere before."""

    def __init__(self, key: Key, card: str) -> None:
        super().__init__(card)
        self.key, self.card = key, card


class DeviceTable:
    """One device's table: its seats' masked record so far, the positions it reads and its
    world (module doc). Build one from a masked record (``__init__``) or deal a new game's
    set-up (``new``)."""

    def __init__(self, game: Game, seats: Collection[int], masked: GameRecord, known: Mapping[Key, str],
                 banned: Mapping[Key, frozenset[str]] | None = None) -> None:
        if not seats or any(not 0 <= s < masked.players for s in seats):
            raise ValueError(f"a table holds seats of the game's {masked.players}, not {sorted(seats)}")
        self.game = game
        self.seats: frozenset[int] = frozenset(seats)
        self.record: GameRecord = masked
        self.known: dict[Key, str] = dict(known)
        self.banned: dict[Key, frozenset[str]] = dict(banned or {})
        self.mine: dict[int, set[Key]] = {}
        self.decks: dict[str, frozenset[str]] = {}
        self.waiting: str | None = None
        self.world: World = build(game, masked, self.known, self.banned)

    @classmethod
    def new(cls, game: Game, seats: Collection[int], empty: GameRecord, deal: CardAt,
            public: PublicOutcome | Source | None = None) -> "DeviceTable":
        """The table of a new game, ``empty`` its record with no move and no outcome yet
        (``record.new_record(..., outcomes=True)``): the set-up dealt as ``play`` deals a
        move's outcomes (the table's seats' draws read from ``deal``, the others' tokens)."""
        if empty.actions or empty.chance:
            raise ValueError("a new table starts from a record with no move and no outcome")
        state = game.new_game(empty.players, empty.seed, empty.options, dealer=False, deal=False)
        table = cls.__new__(cls)
        table.game, table.seats, table.record = game, frozenset(seats), empty
        table.known, table.banned, table.mine, table.decks, table.waiting = {}, {}, {}, {}, None
        outcomes, read, _ = table._deal(state, Counter(), deal, public, set())
        table.record = empty.model_copy(update={"chance": outcomes})
        table._note(read)
        table.world = build(game, table.record, table.known)
        return table

    def to_move(self) -> int | None:
        """The seat to move in this table's world (``CHANCE`` or None as ``Game.to_move``);
        None too while it waits (``waiting``: its world cannot go on without the others)."""
        return None if self.waiting is not None else self.game.to_move(self.world.state)

    def advance(self, masked: GameRecord, known: Mapping[Key, str],
                banned: Mapping[Key, frozenset[str]] | None = None) -> None:
        """Take in the others' moves: ``masked`` (this table's record with more moves and
        outcomes), the positions the device reads now (``known``, with every one it read
        before) and the names it knows positions do not hold (``banned``, added)."""
        old = self.record
        if masked.actions[:len(old.actions)] != old.actions or masked.chance[:len(old.chance)] != old.chance:
            raise ValueError("the masked record does not continue this table's record")
        lost = [key for key in self.known if known.get(key) != self.known[key]]
        if lost:
            raise ValueError(f"the device no longer reads position {lost[0].at} of deck {lost[0].deck!r}")
        for key, names in (banned or {}).items():
            self.banned[key] = self.banned.get(key, frozenset()) | names
        self.record, self.known = masked, dict(known)
        try:
            if self.waiting is not None:   # the world was left where it could not go on: build it again
                self.world = build(self.game, masked, self.known, self.banned)
            else:
                self.world = self.world.advance(masked, self.known, banned)
            self.waiting = None
        except _CANNOT_GO_ON as exc:   # a card turned up that the device cannot read yet
            self.waiting = str(exc)

    def play(self, action: Any, deal: CardAt, public: PublicOutcome | Source | None = None) -> Played:
        """The seat to move, one of this table's, plays ``action`` (an action of the game, or
        its JSON) in this table's world: the masked move and the masked outcomes dealt after
        it (module doc), added to the record, the positions read added to ``known`` and the
        world advanced. ``ValueError`` for a move of another seat or one illegal here."""
        game, state = self.game, self.world.state
        mover = self.to_move()
        if mover is None or mover < 0 or mover not in self.seats:
            who = "chance" if mover is not None and mover < 0 else f"seat {mover}" if mover is not None else \
                f"nobody until the table reads more ({self.waiting})" if self.waiting is not None else "nobody"
            raise ValueError(f"this table plays seats {sorted(self.seats)}; {who} is to move")
        move = game.parse_action(action) if isinstance(action, dict) else action
        if all(move != legal for legal in game.legal_actions(state)):
            raise ValueError(f"{game.dump_action(move)} is not a legal move of seat {mover} here")
        data = game.dump_action(move)
        cache: dict[Key, str] = {}

        def card_at(key: Key) -> str:
            if key not in cache:
                cache[key] = deal(key)
            return cache[key]

        learnt: set[Key] = set()
        while True:
            try:
                masked_move, outcomes, read, opened = self._write(move, mover, card_at, public)
                break
            except _Filled as filled:   # the world learns the card first: its fills go back
                if filled.key in learnt:
                    raise ValueError(f"the deal gives {filled.card} at position {filled.key.at} of deck "
                                     f"{filled.key.deck!r}, which this world cannot draw there") from None
                learnt.add(filled.key)
                self.known[filled.key] = filled.card
                self.world = self.world.advance(self.record, self.known)
        self.mine.get(mover, set()).difference_update(opened)
        replayed = data if game.choice_deck(self.world.state) is not None else self.world.named(masked_move)
        if replayed != data:
            raise ValueError(f"the masked move {masked_move} replays as {replayed}, not as {data}")
        self.record = self.record.model_copy(update={"actions": [*self.record.actions, masked_move],
                                                     "chance": [*self.record.chance, *outcomes]})
        self._note(read)
        try:
            self.world = self.world.advance(self.record, self.known)
        except _CANNOT_GO_ON as exc:   # the rules turned up a card of another seat: wait for its key
            self.waiting = str(exc)
        return Played(masked_move, outcomes, {key: card for key, (card, _) in read.items()})

    def deal_pending(self, deal: CardAt, public: PublicOutcome | Source | None = None) -> list[dict]:
        """The outcomes of the chance nodes this table's world stands at, dealt as ``play``
        deals a move's (module doc) and added to the record; returns them. A world stands at
        a chance node after a move only when the move's own deal could not see it: Citadels'
        round ends once every character nobody holds is said so, after the last turn was
        sent (its device's world then called a character held by a fill). ``ValueError``
        when the world is not at a chance node."""
        mover = self.to_move()
        if mover is None or mover >= 0:
            raise ValueError("the table's world is not at a chance node")
        outcomes, read, _ = self._deal(self.world.state, Counter(self.world.counts), deal, public,
                                       set(self.world.fills.values()))
        self.record = self.record.model_copy(update={"chance": [*self.record.chance, *outcomes]})
        self._note(read)
        try:
            self.world = self.world.advance(self.record, self.known)
        except _CANNOT_GO_ON as exc:
            self.waiting = str(exc)
        return outcomes

    def _write(self, move: Any, mover: int, card_at: CardAt, public: PublicOutcome | Source | None
               ) -> tuple[dict, list[dict], dict[Key, tuple[str, int]], set[Key]]:
        """``move`` of ``mover`` written from the world as it is: the masked move, the masked
        outcomes, the positions read (as ``_deal``) and those the move made public."""
        game, state = self.game, self.world.state
        data = game.dump_action(move)
        after = state.clone()
        counts = Counter(self.world.counts)
        read: dict[Key, tuple[str, int]] = {}
        choice = game.choice_deck(state)
        if choice is not None:
            masked_move, key, card = take_choice(self.game, state, self.decks, counts, choice, data)
            read[key] = (card, mover)
        game.apply(after, move)
        outcomes, drawn, after = self._deal(after, counts, card_at, public, set(self.world.fills.values()))
        read.update(drawn)
        if choice is not None:
            return masked_move, outcomes, read, set()
        masked_move, opened = self._mask_move(state, after, mover, data)
        return masked_move, outcomes, read, opened

    def _note(self, read: Mapping[Key, tuple[str, int]]) -> None:
        """The positions read by ``play`` or ``new`` (position -> card and the seat it was
        drawn for, -1: for all) added to ``known``, and each seat's own to ``mine``."""
        for key, (card, seat) in read.items():
            self.known[key] = card
            if seat >= 0:
                self.mine.setdefault(seat, set()).add(key)

    # ---- writing a move ---------------------------------------------------------------------
    def _mask_move(self, before: GameState, after: GameState, mover: int, data: dict) -> tuple[dict, set[Key]]:
        """``data``, the move of ``mover`` from ``before`` to ``after`` (its outcomes dealt),
        with each card the mover held hidden and the move moved written as its position's
        token, unless the move made such a card public (``masked._mask_action``), naming only
        positions this device reads and that hold cards of the mover's hand (``_held``); and
        the positions of those cards the move made public."""
        game = self.game
        cards = frozenset(c for deck in game.decks(before).values() for c in deck)
        moved = {card for _, card in _places(before, cards) - _places(after, cards)}
        held = self._held(before, mover, moved)
        if not held:
            return data, set()
        shown_before = Counter(texts_in(game.view(before, None)))
        shown_after = Counter(texts_in(game.view(after, None)))
        opened = {key for key, card in held.items() if shown_after[card] > shown_before[card]}
        draws = [Draw(key, card, -1, (mover,)) for key, card in sorted(held.items())]
        return _mask_action(game, before, after, mover, data, draws, set(), opened, cards), opened

    def _held(self, before: GameState, mover: int, moved: set[str]) -> dict[Key, str]:
        """The positions this device reads whose cards the mover holds hidden at ``before``
        and that the move moved (``moved``); of a kind it reads more positions of than the
        mover holds copies, only those drawn for the mover (``_not_in_hand``)."""
        game = self.game
        hand = Counter(h["item"] for h in game.hidden_items(before) if h["seat"] == mover)
        found: dict[Key, str] = {}
        for key, card in self.known.items():
            if hand[card] and card in moved and key in self.world.drawn:
                found[key] = card
        by_card: dict[str, list[Key]] = {}
        for key, card in found.items():
            by_card.setdefault(card, []).append(key)
        for card, keys in by_card.items():
            if len(keys) > hand[card]:
                for key in self._not_in_hand(mover, card, keys):
                    found.pop(key)
        return found

    def _not_in_hand(self, mover: int, card: str, keys: list[Key]) -> list[Key]:
        """Of ``keys``, positions of ``card`` this device reads (more than the mover holds
        hidden copies of it), those not known to be the mover's: when some were drawn for the
        mover and read by this table (``mine``, less the copies it made public since), every
        other one; else none (the lowest is named, as ``mask_record`` does)."""
        own = [key for key in keys if key in self.mine.get(mover, set())]
        return [key for key in keys if key not in own] if own else []

    # ---- dealing outcomes -------------------------------------------------------------------
    def _deal(self, state: GameState, counts: Counter[str], card_at: CardAt, public: PublicOutcome | Source | None,
              filled: set[str]) -> tuple[list[dict], dict[Key, tuple[str, int]], GameState]:
        """The masked outcomes dealt at ``state`` (after a move, or the set-up) until the next
        move, the positions read (position -> its card and the table's seat it was drawn for,
        -1: for all) and the state after them, with stand-ins for the draws it cannot read
        (module doc, *Finding the outcomes*). ``state`` and ``counts`` are not changed;
        ``_Filled`` when a card read is one of the world's fills (``filled``)."""
        avoid: set[str] = set()
        while True:
            scratch = state.clone()
            try:
                outcomes, read = self._try_deal(scratch, Counter(counts), card_at, public, avoid, filled)
                return outcomes, read, scratch
            except _Taken as taken:
                if taken.card in avoid:
                    raise ValueError(f"the deal gives {taken.card}, which this world cannot draw there") from None
                avoid.add(taken.card)

    def _try_deal(self, state: GameState, counts: Counter[str], card_at: CardAt, public: PublicOutcome | Source | None,
                  avoid: set[str], filled: set[str]) -> tuple[list[dict], dict[Key, tuple[str, int]]]:
        """One try of ``_deal`` on ``state`` (changed), its stand-ins avoiding ``avoid``;
        ``_Taken`` when a card read is one a stand-in took."""
        game = self.game
        outcomes: list[dict] = []
        read: dict[Key, tuple[str, int]] = {}
        stand_ins: set[str] = set()
        while game.is_chance(state):
            options = [(o, w) for o, w in game.chance_weights(state) if w > 0]
            deck = game.chance_deck(state)
            if deck is None:
                outcome = self._public(state, options, public, len(self.record.chance) + len(outcomes))
                outcomes.append(game.dump_action(outcome))
                game.play_chance(state, outcome)
                continue
            key = Key(deck, position(deck, counts[deck]))
            counts[deck] += 1
            cards = _deck_cards(game, state, self.decks, deck)
            seen = self._seen_by(state, options)
            reader = -1 if seen is None else min((s for s in seen if s in self.seats), default=None)
            if reader is not None:
                card = card_at(key)
                outcome = next((o for o, _ in options if _card_in(game, deck, cards, game.dump_action(o)) == card),
                               None)
                if outcome is None and card in stand_ins:
                    raise _Taken(card)
                if outcome is None and card in filled:
                    raise _Filled(key, card)
                if outcome is None:
                    raise ValueError(f"the deal gives {card} at position {key.at} of deck {deck!r}, "
                                     f"which this world cannot draw there")
                read[key] = (card, reader)
            else:
                outcome = next((o for o, _ in options
                                if (card := _card_in(game, deck, cards, game.dump_action(o))) not in avoid), None)
                if outcome is None:
                    raise ValueError(f"no card can stand in for position {key.at} of deck {deck!r}")
                stand_ins.add(card)
            data = game.dump_action(outcome)
            outcomes.append(data if seen is None else _write_token(game, key, card, data))
            game.play_chance(state, outcome)
        return outcomes, read

    def _seen_by(self, state: GameState, options: list[tuple[Any, int]]) -> tuple[int, ...] | None:
        """Who sees the draw at ``state`` (``Game.chance_seen_by``), the same for every
        outcome (else ``ValueError``: the table could not tell before reading the card)."""
        seen = {self.game.chance_seen_by(state, o) for o, _ in options}
        if len(seen) != 1:
            raise ValueError(f"{self.game.name}: who sees a draw depends on the card drawn")
        found = seen.pop()
        return None if found is None else tuple(found)

    def _public(self, state: GameState, options: list[tuple[Any, int]], public: PublicOutcome | Source | None,
                index: int) -> Any:
        """The outcome ``index`` of a node with no deck (``state`` is at it), read from
        ``public`` (a ``Source`` is asked at ``state``)."""
        if public is None:
            raise ValueError(f"outcome {index} is dealt by no deck, and no public outcome was given")
        if not callable(public):   # a Source
            outcome = public.pick(self.game, state)
            data = self.game.dump_action(outcome)
        else:
            data = public(index)
            outcome = self.game.parse_action(data)
        if all(outcome != o for o, _ in options):
            raise ValueError(f"outcome {index}, {data}, cannot be dealt here")
        return outcome

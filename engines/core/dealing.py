"""Who can read which deck position, from the mental-poker deal's released keys, not from an
oracle: the bridge between a masked record (``engines.core.masked``) and the deal
(``engines.core.deck``).

Issue 39, stage 3, part C ("nobody reads what he may not see"). ``masked.Knowledge`` is a
trusted oracle computed from the true game; here the same question is answered as the
devices will answer it: a position is readable by a seat when every other seat has released
its key for it (``deck.release``, checked by ``deck.check_release``), by all when every
seat has. This module only *plans*: from the masked record (public) it says which dealt
position each draw takes and which keys each move must carry; the keys themselves are made
and checked with ``engines.core.deck`` (``tests/core/test_dealing.py`` runs the real crypto).

**Decks dealt here.** Every deck of ``Game.decks`` whose cards are named by texts (Citadels'
districts; Euphoria's recruits, artifact cards, dilemmas, market tiles). A deck of numbered
cards (``Game.numbered_cards``: Citadels' characters of each round, ``characters-R``) is
left out: the King deals the characters (``deck.py``, *Joining the game*), a later part.

**Dealt positions by reserve** (``Reserves``; deck.py's *reserve* rule). A masked record
labels the ``k``-th draw from a deck ``Key(deck, k)`` (``masked.position``). The deal's
positions are another numbering: each seat holds a *reserve* of the next
``Game.reserve_width(deck)`` (``W``) unreserved positions, topped up after the set-up and
after every move, seats in order 0, 1, ... (a public function of the record, never of the
cards). A private draw for seat ``s`` takes the first position of ``s``'s reserve; a draw
face down or for all takes the next unreserved position; in the set-up (before the first
move) a private draw whose reserve is empty takes the next unreserved position too (lap 2
carries its keys). So a seat never releases its key for a position it may draw itself: the
keys it gives are for the others' reserves and for cards made public. ``Deal.slot`` maps
each label to its dealt position; the masked record, its labels and the worlds are unchanged
(``masked.position`` stays the draw order: the worlds need no seat to number a draw).

**Releases as part of moves** (``MoveReleases``). Lap 2 (move 0 here: the set-up) carries
every seat's keys for the others' set-up draws and first reserves. Move ``m`` of seat ``t``
carries ``t``'s keys for the positions reserved to others since its last move, and its key
for each card made public by the move (``Release.opening``: its own card played face up, a
face-down card turned up) that it has not given yet. Which positions a move makes public
(``opened``): those the spectator's view shows (``masked.Knowledge.public``), but of a card
held twice only as many as are no longer held hidden, the mover's own first (its holder
says which by releasing its key; the oracle counts every copy of a kind once face up).

**Waiting for keys** (``Wait``). A seat may have to read a position before every key for it
has come: it draws more in one turn than its reserve (Citadels' Observatory, Smithy), or
draws again before a seat that owes keys for its topped-up reserve has moved (Citadels at
3 seats: two characters each, two turns of one seat with no move of another between), or a
card is turned face up whose drawer is not the mover (Euphoria's recruits revealed when the
second seat chooses; a market tile face down, every seat's key needed). The
move's state is then a ``Wait``: the position, who is to read it (None: everyone) and the
seats whose keys are missing; on the devices the turn waits for an extra message from each
(``MoveReleases.extra``, counted: messages a server would not need).

**Hand-overs** (``HandOver``, ``hand_overs``; the crypto is deck.py's *Cards handed from
seat to seat*). A drawn position has a *keeper* when one seat alone lacks nothing to read
it (``Reserves.keeper``: every other seat's key released). After each move, a seat that
holds hidden more copies of a card (``Game.hidden_items``) than it reads positions of it is
handed that many of the card's positions kept by others (``hand_overs``): the Magician's
exchange (each hand to the other seat), a card put under the deck and drawn again by the
rules into another seat's hand. Each is the keeper's answer to the receiver's request,
and the receiver reads the position from that move on. *Standing requests*
(``Request``): a request shows nothing and can be made as soon as every key but the
keeper's is released, so each seat's ordinary moves carry its requests for the positions
drawn by others since (``Reserves.request_ahead``; 43 characters each: 77 in the whole
3-seat Citadels game, 30 in the Euphoria game, where no card is handed over). Then an
answer from the mover rides in the move itself, and a keeper other than the mover costs two
messages (``MoveReleases.hand_over_messages``): the move sent to it mid-turn and its
answer, for which the mover's turn waits when the mover is the receiver (the Magician
builds with his new hand). So the Magician's exchange costs two extra messages: the
Magician's answers for his old hand ride in the exchange's move, the other seat's answers
for his in its reply. A card the other seat had itself been handed is answered by its
keeper, two messages more. A request made late (the receiver has not moved since the
position was drawn) costs more (counted there); none is late in the tests' games. Which
positions are handed is a public function of any device's world: the positions in a
seat's hand are the same in every world (the moves that move them are public), only their
cards differ; the plan takes them from the true game (below). A card handed over and later
played face up is opened by its keeper's key (a ``Wait`` when the keeper is not the mover:
Citadels, 3 seats, seed 3, move 42, the Magician builds a card of his new hand).

**Widths chosen** (``Game.reserve_width``): Citadels' districts 4 (the income draw's two
and the Architect's two); Euphoria's artifact cards 2, recruits 1, dilemmas and market
tiles 0 (dealt at the set-up, with lap 2's keys, or face down). In the tests' games
(Citadels, 3 seats, seed 3, 184 moves; Euphoria, 2 seats, seed 1, 187 moves) the waits and
hand-overs cost 7 and 6 extra messages (``Deal.extra_messages``; Citadels: 5 for keys, 2 for
the Magician's exchange): 7 rounds of Citadels, one a round. Wider reserves were measured
on the plans of Euphoria's heuristic games at 2 seats, seeds 1 and 4 (187 and 295 moves;
20 and 29 artifact cards drawn): with artifact cards 3 or 4 and recruits 2 the waits are
the same 6 (2 for recruits turned up, 4 for market tiles turned up; none a draw past a
reserve), for 4 or 6 keys more in lap 2 (about 50 characters each): so the widths stay.
At 3 seats, seed 3, the game draws 53 artifact cards from a deck of 36 (below, *A deck
run out*): no width helps there.

**Knowledge** (``Deal.readable``, ``Deal.public``): after move ``m`` seat ``s`` reads each
*drawn* position for which every other seat's key was released, and each handed to it;
everyone reads those with every seat's key. A face-down position is readable by nobody (no
key is released for it).

**Constructions.** None new: SRA commutative encryption with per-position keys and hash
commitments, and the hand-overs by Shamir's three-pass protocol, are deck.py's (its
docstring names them); this module is bookkeeping.

**Not covered** (said plainly):

- *A card put into a hand whose position has no keeper*: a card face down (no key
  released) or read by two seats alone (two keys missing) is not handed over (``hand_overs``
  finds no keeper for it; the seat does not read it and its world holds a fill there). In
  the games here none is: handing it would take one answer from each missing key's seat
  in turn. Euphoria's
  recruit draft (its packs passed on) is not planned here: its plan, as the market
  selection's, runs out of artifact positions first (below); once dealt, a pack passed on
  is handed over as above if its positions have keepers.
- *A card under the deck drawn again by the rules into another seat's hand* is handed over
  by the same rule, but none of the tests' whole games runs its deck out (a unit test
  covers the rule).
- *Kinds held twice* (Euphoria's artifact cards): the oracle counts every position of a
  kind a seat sees as read, and every position of a kind once face up as public; the keys
  open only the seat's own and the copy played, so ``readable`` is smaller there. A
  device's world (``masked.World``) counts copies of a kind, so it does with that
  (Euphoria, 2 seats, seed 1: every seat's world shows it the true view reading only what
  the keys open).
- *A modified page reads its own reserve*: the others' keys for a seat's reserve are public
  before it draws, so a device that reads its memory foresees its next draws (issue 39's
  threat model puts this out of scope). ``readable`` counts drawn positions only.
- *A deck run out of unreserved positions*: ``Reserves.draw`` raises ``ValueError`` (a
  reshuffled discard pile is a new deck, deck.py; not dealt here). Euphoria's artifact deck
  rebuilt from its discards is not dealt again (the plans of the recruit-draft game, 3
  seats, seed 1, and of the market-selection game, 2 seats, seed 5, stop there).
- *Standing requests cost length where nothing is handed*: every seat requests every
  position another seat keeps, in every game (30 requests, about 1,300 characters over the
  Euphoria game, none used); a game could declare which decks are ever handed over.
- *Who draws, who moves, what is hidden*: the plan takes the drawer of each draw
  (``masked.Draw.seen_by``; public: a card drawn into Bea's hand is seen to go there), the
  mover of each move and the count of each card held hidden after each move, in all and by
  each seat (for the hand-overs), from the caller (the tests replay the true game; on the
  devices each holder knows its own cards and says which it opens by releasing its key,
  and each device's world says which positions lie in which hand), and the positions
  shown face up from
  ``masked.Knowledge.public``; it does not replay the game itself. The plan is of a whole
  game; each device runs the same rule move by move (``DealByMove``) from the public facts
  its own world gives (``tavolo_ui.dealt.run_deal``).
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter, deque
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from .game import Game
from .masked import Draw, Key, Masking

Slot = tuple[str, int]
"""A dealt position: (deck name, position in the deal's order, 0-based)."""


@dataclass(frozen=True)
class Release:
    """A key ``seat`` gives for ``position`` of ``deck`` (``deck.release``): for another
    seat's reserve, or (``opening``) for a card made public."""

    seat: int
    deck: str
    position: int
    opening: bool = False


@dataclass(frozen=True)
class Wait:
    """A position to be read before every key for it has come: ``reader`` (None: everyone)
    waits for the keys of ``owing`` (each sends an extra message: ``MoveReleases.extra``)."""

    deck: str
    position: int
    reader: int | None
    owing: tuple[int, ...]


@dataclass(frozen=True)
class Request:
    """``receiver``'s standing request for ``position`` of ``deck``, which ``keeper`` alone
    reads (``deck.hand_over_request``: one blinded point), carried in an ordinary move of
    the receiver's before the rules hand it the card (module doc, *Hand-overs*)."""

    receiver: int
    deck: str
    position: int
    keeper: int


@dataclass(frozen=True)
class HandOver:
    """A card handed from seat to seat at a move: ``receiver`` comes to read ``position``
    of ``deck``, which ``keeper`` alone read (every other seat's key for it released), by
    the keeper's answer to the receiver's request (``deck.hand_over_answer``). ``standing``:
    the request rode in an earlier move of the receiver's (``Request``); else it is made
    now (module doc: what that costs)."""

    deck: str
    position: int
    keeper: int
    receiver: int
    standing: bool


@dataclass
class MoveReleases:
    """The keys of move ``move`` (0: lap 2, the set-up): ``carried`` in the move itself (by
    its ``mover``; in lap 2 by every seat), ``waits`` and the ``extra`` keys that end them;
    the mover's standing ``requests`` and the ``handed`` cards the move hands from seat to
    seat (answered before the next move: ``hand_over_messages``)."""

    move: int
    mover: int | None
    carried: list[Release] = field(default_factory=list)
    waits: list[Wait] = field(default_factory=list)
    extra: list[Release] = field(default_factory=list)
    requests: list[Request] = field(default_factory=list)
    handed: list[HandOver] = field(default_factory=list)

    def hand_over_messages(self) -> int:
        """Messages a server would not need for this move's hand-overs (module doc): for
        each keeper other than the mover, the move sent to it and its answer (the mover's
        turn waits for it when the mover receives); for each receiver other than the mover
        whose request is made now and that sends no answer, the move sent to it and its
        request; and, for those late requests, each keeper's answer to them."""
        away = {h.keeper for h in self.handed if h.keeper != self.mover}
        late = [h for h in self.handed if not h.standing and h.receiver != self.mover]
        return 2 * len(away) + 2 * len({h.receiver for h in late} - away) + len({h.keeper for h in late})


class Reserves:
    """The reserve rule, move by move (module doc): the next unreserved position of each
    deck, each seat's reserve, the keys each seat owes, and the keys released so far."""

    def __init__(self, seats: int, sizes: Mapping[str, int], widths: Mapping[str, int]) -> None:
        self.seats, self.sizes, self.widths = seats, dict(sizes), dict(widths)
        self.free: dict[str, int] = {deck: 0 for deck in sizes}
        self.reserve: dict[str, list[deque[int]]] = {deck: [deque() for _ in range(seats)] for deck in sizes}
        self.owed: list[list[Slot]] = [[] for _ in range(seats)]
        self.released: dict[Slot, set[int]] = {}
        self.drawn: dict[Slot, int | None] = {}   # dealt position -> its reader (None: all or nobody)
        self.reserved: dict[Slot, int] = {}       # dealt position -> the seat it was reserved to
        self.requested: set[tuple[Slot, int]] = set()   # (position, receiver) of standing requests
        self.handed: dict[Slot, set[int]] = {}    # dealt position -> the seats it was handed to

    def _next_free(self, deck: str) -> int:
        at = self.free[deck]
        if at >= self.sizes[deck]:
            raise ValueError(f"deck {deck!r} has no unreserved position left ({self.sizes[deck]} cards)")
        self.free[deck] = at + 1
        return at

    def draw(self, deck: str, seen_by: tuple[int, ...] | None) -> tuple[int, bool]:
        """The dealt position of a draw seen by ``seen_by`` (one seat: its reserve's first;
        else the next unreserved), and whether it came from outside a reserve (a private draw
        whose reserve was empty)."""
        reader = seen_by[0] if seen_by is not None and len(seen_by) == 1 else None
        if seen_by is not None and len(seen_by) > 1:
            raise ValueError(f"a draw from deck {deck!r} seen by {len(seen_by)} seats is not dealt here")
        mine = self.reserve[deck][reader] if reader is not None else None
        short = mine is not None and not mine
        at = mine.popleft() if mine else self._next_free(deck)
        if short and reader is not None:   # the others owe their keys for it now
            for t in range(self.seats):
                if t != reader:
                    self.owed[t].append((deck, at))
        self.drawn[(deck, at)] = reader
        return at, short

    def top_up(self) -> None:
        """Each seat's reserve of each deck filled to its width from the next unreserved
        positions (seats in order); the others then owe their keys for them."""
        for deck, width in self.widths.items():
            for s in range(self.seats):
                mine = self.reserve[deck][s]
                while len(mine) < width and self.free[deck] < self.sizes[deck]:
                    at = self._next_free(deck)
                    mine.append(at)
                    self.reserved[(deck, at)] = s
                    for t in range(self.seats):
                        if t != s:
                            self.owed[t].append((deck, at))

    def give(self, seat: int, slot: Slot, opening: bool = False) -> Release | None:
        """``seat``'s key for ``slot`` noted as released (None when it already was)."""
        given = self.released.setdefault(slot, set())
        if seat in given:
            return None
        given.add(seat)
        return Release(seat, slot[0], slot[1], opening)

    def pay_debts(self, seat: int) -> list[Release]:
        """Every key ``seat`` owes (for the others' reserves and short draws), released."""
        owed, self.owed[seat] = self.owed[seat], []
        return [r for slot in owed if (r := self.give(seat, slot)) is not None]

    def owing(self, slot: Slot, reader: int | None) -> tuple[int, ...]:
        """The seats whose keys ``reader`` (None: everyone) still lacks to read ``slot``."""
        return missing_keys(self.seats, self.released, slot, reader)

    def keeper(self, slot: Slot) -> int | None:
        """The one seat that reads ``slot`` by its own key alone (every other seat's key
        released), or None (a card public, face down, or not drawn yet)."""
        missing = self.owing(slot, None)
        return missing[0] if len(missing) == 1 and slot in self.drawn else None

    def request_ahead(self, seat: int) -> list[Request]:
        """``seat``'s standing requests (module doc, *Hand-overs*): one for each drawn
        position another seat keeps, which ``seat`` neither reads nor requested before, once
        ``seat`` can make it (every key but the keeper's released; ``seat`` pays its debts
        first)."""
        out = []
        for slot in sorted(self.drawn):
            keeper = self.keeper(slot)
            if keeper is None or keeper == seat or (slot, seat) in self.requested \
                    or seat in self.handed.get(slot, ()):
                continue
            self.requested.add((slot, seat))
            out.append(Request(seat, slot[0], slot[1], keeper))
        return out

    def hand_over(self, slot: Slot, receiver: int) -> HandOver:
        """``slot`` handed to ``receiver`` by its keeper (``keeper``; a ``ValueError`` when
        it has none: a card face down or public is not handed over), noted as read by it."""
        keeper = self.keeper(slot)
        if keeper is None or keeper == receiver:
            raise ValueError(f"position {slot[1]} of deck {slot[0]!r} is not kept by one seat other than {receiver}")
        self.handed.setdefault(slot, set()).add(receiver)
        return HandOver(slot[0], slot[1], keeper, receiver, (slot, receiver) in self.requested)


def missing_keys(seats: int, released: Mapping[Slot, Collection[int]], slot: Slot,
                 reader: int | None) -> tuple[int, ...]:
    """The seats whose keys for ``slot`` are not in ``released`` (position -> the seats whose
    key for it was released and checked) and that ``reader`` needs: every seat but the
    reader (None: every seat, for a card shown to all)."""
    given = released.get(slot, ())
    return tuple(t for t in range(seats) if t != reader and t not in given)


def knowledge(seats: int, drawn: Collection[Slot], released: Mapping[Slot, Collection[int]],
              handed: Mapping[Slot, Collection[int]] | None = None
              ) -> tuple[list[frozenset[Slot]], frozenset[Slot]]:
    """Who reads which drawn position (``drawn``) given the keys released so far
    (``released``, as ``missing_keys``) and the cards handed over (``handed``: position ->
    the seats whose requests its keeper answered): for each seat, the positions for which
    every other seat's key was released or that were handed to it; and those everyone reads
    (every seat's key released). A position drawn face down, with no key released, is in
    none of them."""
    handed = handed or {}
    per_seat = [frozenset(slot for slot in drawn
                          if not missing_keys(seats, released, slot, s) or s in handed.get(slot, ()))
                for s in range(seats)]
    return per_seat, frozenset(slot for slot in drawn if not missing_keys(seats, released, slot, None))


@dataclass
class Deal:
    """The plan of a game's deal (``plan_deal``): ``slot`` maps each draw's label (the
    masked record's ``Key``) to its dealt position; ``moves[m]`` the keys of move ``m``;
    ``drawn[m]`` the positions drawn once move ``m`` and its outcomes are played;
    ``readable[m][s]`` those seat ``s`` reads then; ``public[m]`` those everyone reads;
    ``reserved`` the seat each position was reserved to (a position drawn from outside a
    reserve is in none); ``sizes`` each dealt deck's number of cards."""

    slot: dict[Key, Slot]
    moves: list[MoveReleases]
    drawn: list[frozenset[Slot]]
    readable: list[list[frozenset[Slot]]]
    public: list[frozenset[Slot]]
    reserved: dict[Slot, int]
    sizes: dict[str, int]

    def label(self) -> dict[Slot, Key]:
        """Each dealt position drawn, to its label in the masked record."""
        return {slot: key for key, slot in self.slot.items()}

    def extra_messages(self) -> int:
        """Messages a server would not need: one per seat and move whose keys a wait needs,
        and those of the cards handed from seat to seat (``MoveReleases.hand_over_messages``)."""
        return sum(len({r.seat for r in move.extra}) + move.hand_over_messages() for move in self.moves)


def dealt_decks(game: Game, masking: Masking) -> dict[str, int]:
    """The decks dealt here (module doc): each deck drawn from in ``masking`` whose cards are
    named by texts, with its number of cards."""
    record = masking.record
    state = game.new_game(record.players, record.seed, record.options, dealer=False, deal=False)
    decks = game.decks(state)
    drawn = {d.key.deck for d in masking.draws}
    return {name: len(cards) for name, cards in decks.items()
            if name in drawn and game.numbered_cards(name) is None}


class DealByMove:
    """The reserve rule run one move at a time from a move's public facts, as each device
    runs it (``plan_deal`` runs it over a whole game from the true one): who moved, the
    draws its outcomes made (``masked.Draw``: their labels and who saw each; their cards
    are never looked at) and the positions it made public. Each step gives the keys of the
    move (``MoveReleases``: those the mover carries, the waits and the keys that end them),
    the same as ``plan_deal``'s for that move; ``slot`` maps each label drawn to its dealt
    position. A step is made in three parts, ``begin``, ``draw`` and ``open``, because which
    dealt positions a move opens can be known only once its draws have their positions (and
    ``plan_deal`` makes the mover's standing requests between the first two)."""

    def __init__(self, seats: int, sizes: Mapping[str, int], widths: Mapping[str, int]) -> None:
        self.seats = seats
        self.reserves = Reserves(seats, sizes, widths)
        self.slot: dict[Key, Slot] = {}
        self.moves: list[MoveReleases] = []

    @classmethod
    def of(cls, game: Game, seats: int, sizes: Mapping[str, int]) -> "DealByMove":
        """The run of ``game``'s decks of ``sizes`` (name -> number of cards) at ``seats``."""
        return cls(seats, sizes, {deck: game.reserve_width(deck) for deck in sizes})

    def begin(self, mover: int | None) -> MoveReleases:
        """The next move (the first: the set-up, ``mover`` None) begun: the mover pays its
        debts (its keys for the reserves topped up since its last move). Its draws come
        next (``draw``), then what it opens (``open``)."""
        move = MoveReleases(len(self.moves), mover)
        if self.moves and mover is not None and mover >= 0:
            move.carried += self.reserves.pay_debts(mover)
        self.moves.append(move)
        return move

    def draw(self, draws: Sequence[Draw]) -> None:
        """Each draw of a dealt deck from the outcomes after the move begun takes its dealt
        position, in order (a hidden choice, ``chance`` -1, is no draw from the deal)."""
        for d in draws:
            if d.key.deck in self.reserves.sizes and d.chance >= 0:
                at, _ = self.reserves.draw(d.key.deck, d.seen_by)
                self.slot[d.key] = (d.key.deck, at)

    def open(self, opened: Collection[Slot]) -> MoveReleases:
        """The move begun by ``draw`` finished with the dealt positions it made public
        (``opened``): in the set-up, every reserve topped up, each seat's debts paid and
        every seat's key for the positions opened given; after a move, the mover's key for
        them given, a ``Wait`` for each position its reader cannot read yet (with the
        owing seats' extra keys), then the reserves topped up."""
        move = self.moves[-1]
        if move.move == 0:
            self.reserves.top_up()
            for s in range(self.seats):
                move.carried += self.reserves.pay_debts(s)
            for slot in sorted(opened):
                move.carried += [r for s in range(self.seats) if (r := self.reserves.give(s, slot, True)) is not None]
        else:
            _open_and_wait(self.reserves, move, set(opened))
            self.reserves.top_up()
        return move

    def step(self, mover: int | None, draws: Sequence[Draw], opened: Collection[Key]) -> MoveReleases:
        """One whole move (``begin``, ``draw``, ``open``), the positions it made public given
        by their labels in the masked record."""
        self.begin(mover)
        self.draw(draws)
        return self.open({self.slot[key] for key in opened if key in self.slot})

    def knowledge(self) -> tuple[list[frozenset[Slot]], frozenset[Slot]]:
        """Who reads which drawn position now (``knowledge``, with the cards handed over)."""
        return knowledge(self.seats, self.reserves.drawn, self.reserves.released, self.reserves.handed)


def plan_deal(game: Game, masking: Masking, movers: Sequence[int | None],
              hidden: Sequence[Counter[str]], held: Sequence[Sequence[Counter[str]]] | None = None) -> Deal:
    """The deal's plan for the masked game ``masking`` whose move ``m`` (1-based) was made by
    ``movers[m - 1]``, and after whose move ``m`` (0: the set-up) ``hidden[m]`` counts the
    copies of each card held hidden (``Game.hidden_items``) and ``held[m][s]`` those held
    hidden by seat ``s`` (None: no card is handed over): positions by reserve, the keys
    each move carries, the waits and their extra keys, the standing requests and the
    hand-overs (``hand_overs``), and what each seat reads after each move (module doc;
    ``opened`` says which positions a move opens, from the true cards; ``DealByMove`` is
    the same rule, run move by move)."""
    seats = masking.record.players
    sizes = dealt_decks(game, masking)
    run = DealByMove.of(game, seats, sizes)
    reserves = run.reserves
    draws_after: dict[int, list[Draw]] = {}
    for draw in masking.draws:
        if draw.chance >= 0:
            draws_after.setdefault(bisect_right(masking.dealt, draw.chance), []).append(draw)
    drawn: list[frozenset[Slot]] = []
    readable: list[list[frozenset[Slot]]] = []
    public: list[frozenset[Slot]] = []
    shown: set[Slot] = set()
    for m in range(len(masking.dealt)):
        mover = movers[m - 1] if m else None
        move = run.begin(mover)
        if held is not None and m and mover is not None and mover >= 0:
            move.requests += reserves.request_ahead(mover)
        run.draw(draws_after.get(m, []))
        cards = {slot: masking.knowledge.cards[key] for key, slot in run.slot.items()}
        newly = opened({run.slot[k] for k in masking.knowledge.public[m] if k in run.slot}, cards, shown,
                       reserves.drawn, hidden[m], mover)
        shown |= newly
        run.open(newly)
        if held is not None:
            per_seat, _ = run.knowledge()
            keepers = {slot: k for slot in reserves.drawn if (k := reserves.keeper(slot)) is not None}
            move.handed += [reserves.hand_over(slot, receiver)
                            for slot, receiver in hand_overs(held[m], cards, keepers, shown, per_seat)]
        drawn.append(frozenset(reserves.drawn))
        per_seat, everyone = run.knowledge()
        readable.append(per_seat)
        public.append(everyone)
    return Deal(run.slot, run.moves, drawn, readable, public, reserves.reserved, sizes)


def hand_overs(held: Sequence[Counter[str]], cards: Mapping[Slot, str], keepers: Mapping[Slot, int],
               shown: Collection[Slot], readable: Sequence[Collection[Slot]]) -> list[tuple[Slot, int]]:
    """The positions the rules have handed from seat to seat (module doc, *Hand-overs*), as
    (position, receiver): for each seat ``s`` and card, when ``s`` holds hidden more copies
    of it (``held[s]``, ``Game.hidden_items`` counted) than it reads positions of it not
    ``shown`` (``readable[s]``; ``cards``: each drawn position's card), that many of the
    card's positions kept by another seat alone (``keepers``: position -> the one seat that
    reads it by its own key), the lowest first. A public function of any device's world
    (its cards, known or filled, and where the rules put them): the positions in a seat's
    hand are the same in every world, only their cards differ."""
    out: list[tuple[Slot, int]] = []
    for s, counts in enumerate(held):
        for card, n in sorted(counts.items()):
            mine = sum(1 for slot in readable[s] if slot not in shown and cards.get(slot) == card)
            if n <= mine:
                continue
            candidates = sorted(slot for slot, keeper in keepers.items()
                                if keeper != s and slot not in readable[s] and cards.get(slot) == card)
            out += [(slot, s) for slot in candidates[:n - mine]]
    return out


def opened(public: set[Slot], cards: Mapping[Slot, str], shown: set[Slot], drawn: Mapping[Slot, int | None],
           hidden: Counter[str], mover: int | None, evident: Collection[Slot] = frozenset()) -> set[Slot]:
    """The drawn positions a move makes public: of ``public`` (the drawn positions the
    spectator's view shows, ``masked.Knowledge.public``) those not ``shown`` before, but no
    more of a card than leaves, of the positions drawn (``drawn``, their cards ``cards``) and
    not shown, one for each copy still held hidden (``hidden``). The oracle counts every
    position of a kind once face up as public (a kind held twice: Euphoria's artifact
    cards); only the copy played is. Which position opens is its holder's to say (it
    releases its key for it): here the mover's own draws first (it plays its own card),
    then the lowest. ``evident``: the positions whose every seat's key has come (a device
    that received the move: the holder said which it opened by releasing its key), taken
    first; another device's world may fill a lower position of the mover's with a card of
    the same kind, which its holder did not open (Euphoria, 2 seats, seed 1, move 131: two
    Balloons paid, one of them at a position the receiver had filled with Balloons)."""
    result: set[Slot] = set()
    candidates: dict[str, list[Slot]] = {}
    for slot in public - shown:
        candidates.setdefault(cards[slot], []).append(slot)
    for card, slots in candidates.items():
        closed = sum(1 for slot in drawn if slot not in shown and cards[slot] == card)
        slots.sort(key=lambda slot: (slot not in evident, drawn.get(slot) != mover, slot))
        result |= set(slots[:max(closed - hidden[card], 0)])
    return result


def _open_and_wait(reserves: Reserves, move: MoveReleases, newly_public: set[Slot]) -> None:
    """For move ``move``: the mover's keys for the cards it makes public (``newly_public``),
    then a ``Wait`` for each position drawn or made public that its reader cannot read yet,
    ended by the owing seats' extra keys."""
    if move.mover is not None and move.mover >= 0:
        move.carried += [r for slot in sorted(newly_public) if (r := reserves.give(move.mover, slot, True))]
    needs: list[tuple[Slot, int | None]] = [(slot, None) for slot in sorted(newly_public)]
    needs += [(slot, reader) for slot, reader in reserves.drawn.items()
              if reader is not None and slot not in newly_public]
    for slot, reader in needs:
        owing = reserves.owing(slot, reader)
        if owing:
            move.waits.append(Wait(slot[0], slot[1], reader, owing))
            move.extra += [r for t in owing if (r := reserves.give(t, slot, reader is None)) is not None]


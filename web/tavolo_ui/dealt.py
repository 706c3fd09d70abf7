"""Move links of games whose cards are dealt by mental poker: the ``t5`` links (issue 39,
stage 3: "nobody reads what he may not see"). Pure Python; the headless tool
``tools/distance_game.py --deal`` and the CPython tests use it, the page not yet.

A ``t5`` link is a ``t4`` link (``revealed``: seat keys, signed segments, the set-up lap,
public draws by commit and reveal) with one more part, the *deal part*: the steps of the
mental-poker deal (``engines.core.deck``: SRA, each seat's shuffle step in lap 1, its lock
step in lap 2) and the keys released for deck positions (``deck.release``)::

    #move=<gid>.<to>.<moves>.<CRC>.t5.<n>.<t4 seals>.<m>.<deal part>.<record>

The checksum covers all of it; ``m`` is the deal part's length. Inside, entries joined by
``~``:

- a *step*: ``s<seat>.<lap>.<d>.<deck>.<keys>.<sig>``; ``d`` the deck's index in
  ``deal_specs``' order; ``deck`` the step's points (43 characters each, joined) or ``#`` and
  the 43-character hash of them (``step_hash``) when the receiver needs only its key
  commitments; ``keys`` the lap-2 commitments (22 characters each, joined; empty in lap 1);
  ``sig`` the seat's Ed25519 signature (its seat key, bound in its first ``t4`` segment) of
  the gid, deck name, seat, lap, hash and commitments (``step_message``). A step is signed
  because nothing else binds its seat to it: a commitment replaced would let another key
  pass ``check_release``.
- a *release*: ``r<seat>.<d>.<position>.<key>`` (43 characters). Not signed: it is checked
  against the seat's own signed commitment (``deck.check_release``), which only the right
  key passes, whoever wrote it into the link.

**The set-up** (``tools/distance_game.py --deal``). Lap 1 rides on ``t4``'s set-up lap: each
seat's lap link carries its shuffle step of every deck (``lap_order``: the lap's seats).
Lap 2 goes back the other way, from the last seat of lap 1 (which holds lap 1's last deck)
to the creator: each seat adds its lock step of every deck and its releases for the
other seats' set-up draws and first reserves (``setup_plan``, ``engines.core.dealing``'s
reserve rule). Where ``t4`` sends the last lap link back to the creator (one message), lap
2 takes ``players - 1`` messages to get there: ``players - 2`` messages more than ``t4``
(one at three seats). The creator's lap-2 link carries every seat's commitments and the
final deck; earlier steps travel as their hashes (``carried``).

**What a link carries** (``held_by``, ``carried``, ``carried_releases``): only the steps
and keys its receiver may lack, found as ``t4``'s seals are (``sealed.first_needed``: the
segments after the last its seats signed) from what the receiver signed, never from a link
it may not have received. It holds each step of a deck up to its own latest (it made it on
the book's last); in lap 2, the set-up keys of the seats whose lap-2 step came before its
own; once it signed a segment of the dealt game, every step and every key given (carried
or ending a wait) by the moves up to that segment's first (a device plays only once none
of them is missing); and every key of its own. A link to every player carries what any of
them may lack. A link that lacks something all the same (edited, or sent by a page that
counts otherwise) is met as before: a step missing is refused by ``take_in`` naming the
step, a key for the receiver's own set-up card by ``read_card`` naming the seat that owes
it, a key of a move leaves the game waiting for its seat, said plainly
(``missing_said``), and the link goes back to it, whose next link carries it (its
receiver signed nothing since). The figures (``tools/distance_game.py euphoria --deal
--seed 4 --max-moves 40``; characters of the whole URL; "per move": all links' characters
over the moves played), before (every step of lap 2 and every key of the sender's book in
every link, the whole transcript of seals) and after:

==========  ======  ===========  ===========  ==========================
seats       links   largest      median       characters per move
==========  ======  ===========  ===========  ==========================
2 (before)  16      16,252       15,044       7,676 (30 moves)
2 (after)   16      10,340       878          1,265 (30 moves)
3 (before)  26      22,738       20,667       12,020 (42 moves)
3 (after)   26      15,932       1,064        2,168 (42 moves)
==========  ======  ===========  ===========  ==========================

The largest link is now lap 2's last (its receiver, the creator, lacks every lap-2 step and
key); the deal link to every player and a seat's first link after it, before it has
played, still carry lap 2 (about 14,700 at three seats). At two seats the run stopped at
link 16 (move 30), before and after alike: the creator refused the link of Player 2's
Gambler showing his hand ("its moves cannot be replayed on this device"). The hand shown
was counted as still hidden, so its cards' positions were not opened and no key for them
came, and the creator's fills there made a pair, which the rules answer with a draw the
record does not hold. Now a shown hand is not hidden (Euphoria's ``hidden_items``), the
move carries the keys of the cards shown, and a device reads them before it replays the
moves that show them (``played_world``): 2 seats, 40 moves, 20 links, largest 10,340,
median 927, 1,033 characters per move (41 moves). At four seats the run
had made only 11 links (4 moves) after 12 minutes of one core, before and after alike
(not measured further): links 1-11 were 6,470 to 26,079 characters before (every one
from the deal link on over 25,500), and after 6,470; 7,353; 8,236; 11,172; 16,758;
22,346 (lap 2's last, the largest); 20,447 (the deal link); 15,714 and 20,379 (the first
move links to seats 2 and 3, which have not played yet); then 1,142 and 1,055. Those
minutes went to the devices' worlds while the recruits turned up waited for their keys
(``provisional_world``); now the run plays its 40 moves in about 17 s of one core: 30
links (42 moves, 3 wait messages), largest 22,345, median 1,260, 3,676 characters per
move (``bench/worlds.py --links euphoria:4:4:40``). At four seats lap 2 alone is over issue 39's 16,000: its steps' commitments would have to travel
apart, or once per device, to get under it.

**What a device keeps** (``DealBook``, plain JSON): the steps it has seen (by deck, in
order; a step seen only as its hash keeps its hash and commitments) and the released keys,
each checked when it came (``take_in``). It reads a position with its own ``DeckSecret``
(``read_card``): a key missing is said plainly, naming the seat that owes it.

**The set-up, dealt into the record** (the creator's deal link, the last of lap 2). The
creator deals the set-up masked (``engines.core.table.DeviceTable.new``): each set-up draw
takes its dealt position (``setup_plan``; its label in the masked record, ``Key(deck, k)``,
by ``set_up_labels``), the creator's own draws read from the deal with its secret, the
others' and those face down written as tokens, the public draws of no deck dealt from the
seats' values (``reveal.Beacon``); it seals them in its deal segment. Each receiver reads
its own set-up positions (``read_card``, lap 2's keys) and checks the link in its own world
(``revealed.open_link``'s ``replay``: the signatures hash the masked record, the movers and
the public draws are found in the world's replay, ``seal.verify``). A receiver that lacks a
key for one of its own set-up cards refuses the link, naming the seat that owes it (its
world cannot be built without them), and keeps what it had.

**Not covered yet** (said plainly):

- *Moves in ``t5`` links* (covered now, in the headless tool: ``tools/distance_game.py
  --deal --max-moves``). After the set-up each device plays its seat's turns with its own
  table, its draws read at the positions of its reserve; the reserve rule is run move by
  move from the record on every device (``move_facts``, ``run_deal``,
  ``dealing.DealByMove``: the same positions and keys as ``dealing.plan_deal``); the
  positions a move turns face up are found in each device's own world (``opened_at``, on
  a ``provisional_world`` while a card turned up still lacks a key), and found again until
  every key for them has come, those whose every key came first (``run_opening``: which
  copy of a kind was turned up is its holder's to say, by its key; a device's fills of the
  holder's other cards cannot tell); each move link
  carries the mover's debts and openings (``owed_by``), each receiver checks them
  (``take_in``), reads what they open (``readable``; first from its own copy's run, since
  a move may name plainly a card it turned up) and checks the signatures before any
  replay. A *wait* (``dealing.Wait``: Euphoria's recruits turned face up when the last seat
  chooses) sends the link to each seat that owes a key, which adds it and sends it on,
  then to the seat to move (``missing_releases``, ``missing_said``: a key missing is said
  plainly, naming its seat). A wait in the middle of a turn (Euphoria, 2 seats, seed 1,
  move 136: Bea's move turns up one of Ada's Balloons, and Bea's turn goes on) seals what
  the turn played so far; the rest of the turn, once the keys came back, is a second
  segment of the same seat, which ``seal.verify`` allows only at the moves where the deal's
  rule waits (``wait_splits``; ``revealed.open_link``'s ``splits``). Its public draws are
  then dealt from the seat's next value: a seat that can choose a move that turns up
  another seat's card can so choose which of its two values deals the rest of its turn
  (its own values and the others' latest are known to it), a choice a server would not
  give (said plainly; dealing the rest of the turn from the same value would close it). Euphoria at 3 seats, seed 4: 42 moves in 26 links, one extra
  message for the wait at move 3 (and lap 2's one). Not covered: a turn that draws past
  its reserve (the tool stops there, said plainly: its draw would need a wait inside a
  move's outcomes, which ``wait_splits`` could allow, but the table reads a seat's own
  draw at once); a public draw from a deck (every seat's key needed at once) is not read
  yet (Euphoria has none: its cards turned up are waits); a deck run out (Euphoria's
  artifact deck rebuilt from its discards: at 3 seats, seed 3, the heuristic game draws 53
  artifact cards from 36) is not dealt again, and the reserves leave a seat drawing past
  its own before that; a link received while a wait is pending is
  checked against a provisional world (its fills of the cards turned up may be wrong; the
  next link, once the keys are in, is checked in the true one); bots are not placed in
  ``--deal`` runs.
- *Hand-overs* (requests and answers, ``deck.hand_over_request``): no entry for them yet
  (Euphoria hands no card over; Citadels' Magician does).
- *Citadels*: its districts are dealt as here, its characters by the King
  (``tavolo_ui.drafted``: their entries ride in the deal part, starting with ``k``, taken
  apart by ``drafted.split_entries`` before ``parse_deal``); ``opened_at`` then counts only
  the decks dealt here (``decks``) and the worlds take the draft's bans (``banned``).
- *The end-of-game audit* (covered now, in the headless tool: ``tavolo_ui.dealt_audit``):
  at the game's end each seat releases its deck secret, signed, and every device checks
  the book's steps and keys with them (``deck.audit``) and the record against the cards
  dealt.
- *Each deck of ``Game.decks`` with no numbered cards is dealt*, drawn or not (Euphoria's
  ``market-sites`` is drawn only with the market selection option): 18 points more per step.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.core.dealing import DealByMove, MoveReleases, Release, Reserves, Slot, opened
from engines.core.deck import (POINT_BYTES, DeckError, DeckSecret, DeckSpec, Step, check_release, check_step,
                               first_deck, lock_step, read, release, shuffle_step)
from engines.core.game import Game
from engines.core.i18n import player, texts
from engines.core.masked import Draw, Key, World, _Exposed, build, position, texts_in
from engines.core.chance import ChanceError
from engines.core.record import GameRecord
from engines.core.seal import SeatKey, b64, canonical, signed_by, unb64

from .distance import MODE, text_crc
from .links import LinkError
from .sealed import link_parts

T = texts("ui")
_C = texts("core")

DEAL_VERSION = "t5"
"""The payload of a move link whose cards are dealt by mental poker starts with ``t5.``."""
CANNOT_REPLAY = T("This link cannot be opened: its moves cannot be replayed on this device. Your game is kept as "
                  "it is.")
"""Why a ``t5`` link whose signatures hold is refused when no world of the device replays
its masked record (a record signed broken: its mover's device wrote what no rules allow)."""
POINT_CHARS = 43
COMMITMENT_CHARS = 22
SIG_CHARS = 86
MOST_ENTRIES = 20_000
"""Most entries a deal part may hold (hostile input is refused before it is decoded)."""
_STEP_PERSON = b"tavolo-deal-step"
_STEP_RE = re.compile(r"s([0-9]{1,2})\.([12])\.([0-9]{1,2})\.(#?[A-Za-z0-9_-]*)\.([A-Za-z0-9_-]*)\.([A-Za-z0-9_-]{86})")
_RELEASE_RE = re.compile(r"r([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{1,4})\.([A-Za-z0-9_-]{43})")


# ---- the decks and the set-up plan ---------------------------------------------------------

def deal_specs(game: Game, record: GameRecord, gid: str) -> dict[str, DeckSpec]:
    """The decks dealt by mental poker, by name in a fixed order (the ``d`` of an entry):
    every deck of ``Game.decks`` whose cards are named by texts (``Game.numbered_cards``
    None; Citadels' characters are the King's to deal)."""
    state = game.new_game(record.players, record.seed, record.options, dealer=False, deal=False)
    return {name: DeckSpec(gid, name, len(cards), record.players)
            for name, cards in sorted(game.decks(state).items()) if game.numbered_cards(name) is None}


def card_names(game: Game, record: GameRecord) -> dict[str, list[str]]:
    """Each deck's cards as the engine lists them: card ``i`` of a ``DeckSpec`` is the
    ``i``-th (a constant of every copy of the game, never in a link)."""
    state = game.new_game(record.players, record.seed, record.options, dealer=False, deal=False)
    return {name: list(cards) for name, cards in game.decks(state).items()}


@dataclass
class SetUpPlan:
    """Where the set-up's draws fall in the deal (``setup_plan``): ``draws`` each draw from a
    dealt deck, in order, as (position, its reader: a seat, or None for a card face down or
    public), and ``releases`` the keys each seat gives in lap 2 (for the others' set-up draws
    and first reserves, ``dealing.Reserves``)."""

    draws: list[tuple[Slot, int | None]] = field(default_factory=list)
    releases: dict[int, list[Release]] = field(default_factory=dict)

    def readable_by(self, seat: int) -> list[Slot]:
        """The set-up positions ``seat`` reads once the lap-2 keys are in."""
        return [slot for slot, reader in self.draws if reader == seat]


def set_up_labels(plan: SetUpPlan) -> dict[Key, tuple[Slot, int | None]]:
    """Each set-up draw as the masked record labels it (``Key(deck, k)``: the ``k``-th draw
    from the deck, ``masked.position``), with its dealt position and its reader (``plan``'s
    draws, in the set-up's order)."""
    counts: dict[str, int] = {}
    labels: dict[Key, tuple[Slot, int | None]] = {}
    for (deck, at), reader in plan.draws:
        labels[Key(deck, position(deck, counts.get(deck, 0)))] = ((deck, at), reader)
        counts[deck] = counts.get(deck, 0) + 1
    return labels


def setup_plan(game: Game, record: GameRecord, decks: Sequence[str]) -> SetUpPlan:
    """The set-up's draws and lap 2's releases, from the rules alone (public): the set-up's
    chance nodes are walked with stand-ins (each node's first possible outcome), since who
    sees a draw (``Game.chance_seen_by``) depends on the table, not on the card (a
    ``ValueError`` when it does); a draw seen by one seat takes that seat's reserve, or the
    next unreserved position (``dealing.Reserves.draw``). Then every reserve is topped up and
    each seat owes its keys for the others' positions."""
    state = game.new_game(record.players, record.seed, record.options, dealer=False, deal=False)
    reserves = Reserves(record.players, {d: len(game.decks(state)[d]) for d in decks},
                        {d: game.reserve_width(d) for d in decks})
    plan = SetUpPlan()
    while game.is_chance(state):
        options = [o for o, w in game.chance_weights(state) if w > 0]
        deck = game.chance_deck(state)
        if deck in reserves.sizes:
            seen = {game.chance_seen_by(state, o) for o in options}
            if len(seen) != 1:
                raise ValueError(f"{game.name}: who sees a draw from {deck!r} depends on the card drawn")
            found = seen.pop()
            seen_by = None if found is None else tuple(found)
            at, _ = reserves.draw(deck, seen_by)
            reader = seen_by[0] if seen_by is not None and len(seen_by) == 1 else None
            plan.draws.append(((deck, at), reader))
        game.play_chance(state, options[0])
    reserves.top_up()
    plan.releases = {s: reserves.pay_debts(s) for s in range(record.players)}
    return plan


# ---- the moves: the reserve rule run from the record -----------------------------------------

@dataclass
class MoveFacts:
    """The public facts of each move of a record (index 0: the set-up), as the reserve rule
    needs them (``dealing.DealByMove``): ``movers[m]`` the seat that made move ``m`` (None
    for the set-up) and ``draws[m]`` the draws dealt after it, by their labels in the masked
    record (``masked.position``) and who saw each (``Game.chance_seen_by``), no card."""

    movers: list[int | None]
    draws: list[list[Draw]]
    dealt: list[int] = field(default_factory=list)
    """``dealt[m]``: how many outcomes were dealt once move ``m`` and its outcomes were played."""

    def prefix(self, masked: GameRecord, moves: int) -> GameRecord:
        """The masked record of the first ``moves`` moves and their outcomes."""
        return masked.model_copy(update={"actions": masked.actions[:moves], "chance": masked.chance[:self.dealt[moves]]})


def move_facts(game: Game, plain: GameRecord) -> MoveFacts:
    """The facts of each move of ``plain``, a device's world's plain record (``World.record``:
    its own cards and its fills; which deck each node draws from, who sees it and who moves
    are the public table's, the same in every world, so the fills do not matter)."""
    state = game.new_game(plain.players, plain.seed, plain.options, dealer=False, deal=False)
    counts: dict[str, int] = {}
    facts = MoveFacts([None], [[]])
    index = 0

    def deal_until_a_move() -> None:
        nonlocal index
        while index < len(plain.chance) and game.is_chance(state):   # a world stopped mid-deal: ``played_world``
            outcome = game.parse_action(plain.chance[index])
            deck = game.chance_deck(state)
            if deck is not None:
                seen = game.chance_seen_by(state, outcome)
                k = counts.get(deck, 0)
                counts[deck] = k + 1
                facts.draws[-1].append(Draw(Key(deck, position(deck, k)), "", index,
                                            None if seen is None else tuple(seen)))
            game.play_chance(state, outcome)
            index += 1
        facts.dealt.append(index)

    deal_until_a_move()
    for data in plain.actions:
        facts.movers.append(game.to_move(state))
        facts.draws.append([])
        game.apply(state, game.parse_action(data))
        deal_until_a_move()
    return facts


class _Provisional(World):
    """A world that lets a filled card come face up (``World._check_exposed`` not run): the
    world of a device that waits for a key (a card the rules turned face up that it cannot
    read yet). Its fills there may be wrong, but the positions drawn, who moved and who saw
    each draw are the public table's, which is all ``move_facts`` and ``opened_at`` read."""

    def _check_exposed(self, plain: dict) -> None:
        return None

    def play_what_it_can(self, masked: GameRecord) -> None:
        """Play the masked moves and outcomes up to the first that this world's rules do not
        allow (a move not legal, an outcome not offered): its record then stops at the last
        move and outcome it played."""
        try:
            self._play(masked)
        except (ValueError, ChanceError):
            return


def provisional_world(game: Game, masked: GameRecord, known: Mapping[Key, str],
                      banned: Mapping[Key, frozenset[str]] | None = None) -> World:
    """The world of ``masked`` with what the device reads (``banned``: the names it knows
    positions do not hold, as a draft's chooser and a call nobody answered tell), to be read
    (never advanced): a ``_Provisional`` one, or, when the rules refuse what the record holds
    in that one (a move not legal, an outcome not offered), ``masked.build``'s, or else a
    ``_Provisional`` one again (which then raises as the rules do).

    Its fills are the first ``build`` tries: when none of them comes face up, it is the world
    ``build`` makes (``build`` checks that alone, and stops there). When one does, a card
    turned up waits for its key: ``build`` fails then (no world fits what the device reads
    until the key comes), but only once it has tried every card at that position, with every
    set of fills its nogoods blame with it: thousands of worlds for one link at four seats,
    while Euphoria's recruits turned up wait for their holders' keys, where this takes one.
    Not proven for every game, but measured: in Euphoria's runs at 2 seats (seed 4) and 3
    seats (seed 3), 40 moves each, ``build`` failed every time a fill of the first try came
    face up, and the links made are the same as when ``build`` was tried first
    (``bench/worlds.py --links``).

    Only for a device that knows no bans: ``_Provisional`` lets every fill come face up, so it
    is ``build``'s first try only when none does, and in Citadels (a draft's bans) a fill of a
    district kind built beside the true card comes face up and ``build`` puts it right by
    going back (``World._rewind``): taken first there, the provisional world was wrong, and
    the 3-seat run (seed 3) passed a link back and forth at move 30 with no move. (A proxy:
    what tells an awaited key from a fill put right is not worked out yet.)"""
    if not banned:
        try:
            return _Provisional(game, masked, known, banned)
        except (ValueError, ChanceError, _Exposed):   # its fills made the rules go another way
            pass
    try:
        return build(game, masked, known, banned)
    except (ValueError, ChanceError):
        return _Provisional(game, masked, known, banned)


def played_world(game: Game, masked: GameRecord, known: Mapping[Key, str],
                 banned: Mapping[Key, frozenset[str]] | None = None) -> World:
    """The world of ``masked`` as far as this device can play it before the keys of a link
    are read: ``provisional_world``'s, or, when no world plays every move, a
    ``_Provisional`` one stopped where its fills first made the rules go another way than
    the record (``_Provisional.play_what_it_can``). A fill shown face up may steer the
    rules: Euphoria's Gambler shows his hand, and a pair in it deals each opponent a card;
    fills that make a pair where his true cards make none ask for outcomes the record does
    not hold. The keys the link carries for the cards shown open them, but the device finds
    which positions they are only from the draws and the moves before them: ``move_facts``
    and ``opened_at`` read this world for that, as far as it went. Never a replay of the
    link (that one plays every move with what the keys opened, or the link is refused)."""
    try:
        return provisional_world(game, masked, known, banned)
    except (ValueError, ChanceError):
        world = _Provisional(game, masked, known, banned, play=False)
        world.play_what_it_can(masked)
        return world


def shown_positions(game: Game, world: World) -> set[Key]:
    """The positions drawn in ``world`` whose cards lie face up there (the spectator's view
    shows them, or ``Game.shown_cards`` says so)."""
    state = world.state
    texts = set(texts_in(game.view(state, None)))
    told = {deck: game.shown_cards(state, None, deck) for deck in {k.deck for k in world.drawn}}
    return {k for k in world.drawn
            if (world.card_at(k) in texts if told[k.deck] is None else world.card_at(k) in (told[k.deck] or ()))}


def opened_at(game: Game, masked: GameRecord, known: Mapping[Key, str], facts: MoveFacts, move: int,
              shown: set[Key], evident: Collection[Key] = frozenset(),
              handed: Mapping[Key, int] | None = None, banned: Mapping[Key, frozenset[str]] | None = None,
              decks: Collection[str] | None = None) -> set[Key]:
    """The positions move ``move`` made public (``dealing.opened``'s rule, on the device's
    own world of the record up to it: its cards known or filled; ``shown`` those made
    public before; ``evident`` those whose every seat's key this device holds, taken
    first), by their labels. The copies held hidden again at positions shown before
    (``hidden_again``; ``handed``: positions handed from seat to seat, to their receiver)
    are not counted as hidden at a position still closed. ``banned``: the worlds' bans (a
    draft's); with ``decks``, only positions of those decks (the decks dealt by mental
    poker: Citadels' characters are the King's, opened by answers)."""
    world = provisional_world(game, facts.prefix(masked, move), known, banned)
    public = shown_positions(game, world) | {d.key for d in facts.draws[move] if d.seen_by is None}
    if decks is not None:
        public = {k for k in public if k.deck in decks}
    cards: dict[Slot, str] = {k: world.card_at(k) for k in world.drawn if decks is None or k.deck in decks}
    drawer: dict[Slot, int | None] = {k: world.drawer.get(k) for k in world.drawn if decks is None or k.deck in decks}
    items = game.hidden_items(world.state)
    holder: dict[Slot, int | None] = dict(drawer)
    holder.update((key, seat) for key, seat in (handed or {}).items())
    hidden = Counter(h["item"] for h in items) - hidden_again(items, cards, holder, set(shown))
    found = opened(set(public), cards, set(shown), drawer, hidden, facts.movers[move], set(evident))
    return {Key(*k) for k in found}


def hidden_again(items: Sequence[Mapping[str, Any]], cards: Mapping[Slot, str], holder: Mapping[Slot, int | None],
                 shown: Collection[Slot]) -> Counter[str]:
    """The copies of each card held hidden (``items``: ``Game.hidden_items``) at positions
    shown before (``shown``; ``cards``: each position's card, ``holder``: the seat it was
    drawn by or handed to): for each seat and card, the copies it holds hidden beyond its
    positions of that card still closed, at most as many as its positions of it shown. A
    hand shown to all and taken back (Euphoria's Gambler, whose cards are public while
    shown, ``Game.hidden_items``) is hidden again, but its positions stay open: counted as
    closed, they kept another seat's card paid face up from opening (Euphoria, 2 seats,
    seed 4, move 111: Ada pays Balloons, Book and Box; Bea's Balloons, shown by her Gambler
    at move 91, held hidden again, kept Ada's Balloons closed, and Bea's fill there later
    made the rules ask how to pay where Ada's true hand paid at once)."""
    held: dict[int, Counter[str]] = {}
    for item in items:
        if item.get("seat") is not None:
            held.setdefault(item["seat"], Counter())[item["item"]] += 1
    again: Counter[str] = Counter()
    for seat, counts in held.items():
        for card, n in counts.items():
            closed = sum(1 for slot, c in cards.items() if c == card and holder.get(slot) == seat and slot not in shown)
            opened_before = sum(1 for slot, c in cards.items() if c == card and holder.get(slot) == seat and slot in shown)
            again[card] += min(max(n - closed, 0), opened_before)
    return again


def run_opening(game: Game, specs: Mapping[str, DeckSpec], masked: GameRecord, known: Mapping[Key, str],
                facts: MoveFacts, found: Mapping[int, Sequence[Key]], book: DealBook,
                banned: Mapping[Key, frozenset[str]] | None = None) -> tuple[DealByMove, dict[int, list[Key]]]:
    """The reserve rule run over every move of ``facts`` (as ``run_deal``) with the positions
    each move made public: ``found[m]`` where this device found them before and every seat's
    key for them has come, else found now in its world of ``masked`` (``opened_at``, reading
    ``known``), the positions whose every seat's key ``book`` holds first. A card's holder
    says which of its cards of a kind it opened by releasing its key, which this device's
    fills cannot tell: so positions found while a key for them was missing are found again
    once the keys come (Euphoria, 2 seats, seed 1, move 136: Bea's move turns up one of
    Ada's Balloons; Bea's world filled Ada's Book with Balloons and found that lower
    position, Ada released her key for her true Balloons). Returns the run and the positions
    of each move."""
    seats = next(iter(specs.values())).seats
    run = DealByMove.of(game, seats, {name: spec.size for name, spec in specs.items()})
    opened_by: dict[int, list[Key]] = {}
    shown: set[Key] = set()

    def evident(key: Key) -> bool:
        deck, at = run.slot.get(key, (key.deck, -1))
        return len(book.releases.get(deck, {}).get(at, {})) == seats

    for m, mover in enumerate(facts.movers):
        run.begin(mover)
        run.draw(facts.draws[m])
        if m in found and all(evident(key) for key in found[m]):
            keys = list(found[m])
        elif m == 0:
            keys = []
        else:
            label = {slot: key for key, slot in run.slot.items()}
            handed = {label[slot]: min(to) for slot, to in run.reserves.handed.items() if slot in label and to}
            keys = sorted(opened_at(game, masked, known, facts, m, shown, {key for key in run.slot if evident(key)},
                                    handed, banned, decks=specs))
        opened_by[m] = keys
        shown |= set(keys)
        run.open({run.slot[key] for key in keys if key in run.slot})
    return run, opened_by


def run_deal(game: Game, specs: Mapping[str, DeckSpec], facts: MoveFacts,
             opened: Mapping[int, Sequence[Key]] | None = None) -> DealByMove:
    """The reserve rule run over every move of ``facts`` (``dealing.DealByMove``), as every
    device runs it: ``opened[m]`` the positions move ``m`` made public (none given: none)."""
    seats = next(iter(specs.values())).seats
    run = DealByMove.of(game, seats, {name: spec.size for name, spec in specs.items()})
    for m, mover in enumerate(facts.movers):
        run.step(mover, facts.draws[m], (opened or {}).get(m, ()))
    return run


def readable(book: DealBook, specs: Mapping[str, DeckSpec], names: Mapping[str, Sequence[str]], run: DealByMove,
             own: DeckSecret) -> dict[Key, str]:
    """The positions this device (``own``: its seat's secret) reads now, by their labels:
    each drawn for its seat whose other keys have all come (``read_card``), and each whose
    every key has come (a card made public). A position still lacking a key is not read."""
    known: dict[Key, str] = {}
    for key, (deck, at) in run.slot.items():
        reader = run.reserves.drawn.get((deck, at))
        given = book.releases.get(deck, {}).get(at, {})
        if len(given) == specs[deck].seats:
            known[key] = read_card(book, specs[deck], names[deck], at, None)
        elif reader == own.seat and all(s in given for s in range(specs[deck].seats) if s != own.seat):
            known[key] = read_card(book, specs[deck], names[deck], at, own)
    return known


def wait_splits(run: DealByMove) -> dict[int, set[int]]:
    """Where a turn may be sealed in two parts (``seal.verify``'s ``splits``, action index ->
    seats): each ``m`` such that the deal waits for keys after the game's ``m``-th move
    (``run.moves[m]`` has a ``dealing.Wait``), a public function of the record, with the
    seats whose keys it waits for; the second part starts with action ``m``. The mover's
    device cannot go on there until the keys come (its world cannot show the card turned
    up), so it seals what it played and sends the link to the seats that owe them; when the
    link comes back it plays the rest of its turn in a segment of its own."""
    return {m: {seat for wait in move.waits for seat in wait.owing} for m, move in enumerate(run.moves)
            if m and move.waits}


def missing_releases(run: DealByMove, book: DealBook) -> list[Release]:
    """The keys the reserve rule says were given (carried in a move, or an extra key that
    ends a wait) and that are not in ``book``: the game waits for their seats."""
    given = book.releases
    return [r for move in run.moves for r in [*move.carried, *move.extra]
            if r.seat not in given.get(r.deck, {}).get(r.position, {})]


def missing_said(release: Release) -> Any:
    """A missing key said plainly (the card waits for it, naming the seat that owes it)."""
    return _C("Card {n} of the deck cannot be read yet: {player} has not given their key for it.",
              n=release.position + 1, player=player(release.seat))


def owed_by(move: MoveReleases, seat: int) -> list[Release]:
    """The keys ``seat`` carries in ``move`` (its debts and openings, ``DealByMove``)."""
    return [r for r in move.carried if r.seat == seat]


# ---- steps: made, signed, carried ------------------------------------------------------------

def step_hash(deck: Sequence[str]) -> str:
    """The 43-character hash of a step's deck (BLAKE2b-256 of its canonical JSON)."""
    return b64(hashlib.blake2b(canonical(list(deck)), digest_size=32, person=_STEP_PERSON).digest())


def step_message(gid: str, name: str, seat: int, lap: int, digest: str, keys: Sequence[str]) -> bytes:
    """What a seat signs for its step of deck ``name`` (module doc)."""
    return _STEP_PERSON + canonical({"gid": gid, "deck": name, "seat": seat, "lap": lap, "hash": digest,
                                     "keys": list(keys)})


def signed_step(spec: DeckSpec, step: Step, key: SeatKey) -> dict[str, Any]:
    """``step`` as a device keeps and sends it: with its ``hash`` and its seat's ``sig``."""
    digest = step_hash(step["deck"])
    keys = step.get("keys", [])
    sig = b64(key.sign(step_message(spec.gid, spec.name, step["seat"], step["lap"], digest, keys)))
    return {**step, "hash": digest, "sig": sig}


def lap_order(transcript: Sequence[dict], players: int) -> list[int]:
    """The seats of lap 1 in order (those of ``t4``'s set-up lap segments); lap 2 goes the
    other way (``lap_two_order``)."""
    return [segment["seat"] for segment in transcript[:players]]


def lap_two_order(order: Sequence[int]) -> list[int]:
    """Lap 2's seats: lap 1's reversed, so that it starts at the seat holding lap 1's last
    deck and ends at the creator, who deals."""
    return list(reversed(order))


@dataclass
class DealBook:
    """What a device keeps of the deal (module doc): ``steps[name]`` the steps seen, in
    order (each ``{"seat", "lap", "hash", "sig"}``, with ``deck`` when its points came and
    ``keys`` in lap 2), ``releases[name][position][seat]`` the released keys, each checked."""

    steps: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    releases: dict[str, dict[int, dict[int, str]]] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"steps": self.steps,
                "releases": {name: {str(p): {str(s): k for s, k in keys.items()} for p, keys in by.items()}
                             for name, by in self.releases.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "DealBook":
        return cls({name: list(steps) for name, steps in data.get("steps", {}).items()},
                   {name: {int(p): {int(s): k for s, k in keys.items()} for p, keys in by.items()}
                    for name, by in data.get("releases", {}).items()})

    def locked(self, name: str) -> list[dict[str, Any]]:
        """The lap-2 steps of deck ``name`` seen so far."""
        return [step for step in self.steps.get(name, []) if step["lap"] == 2]

    def last_deck(self, name: str) -> list[str] | None:
        """The deck of the last step of ``name`` seen, when its points came."""
        steps = self.steps.get(name, [])
        return steps[-1].get("deck") if steps else None

    def complete(self, name: str, players: int) -> bool:
        """Whether both laps of deck ``name`` are in, its final deck with its points."""
        return len(self.steps.get(name, [])) == 2 * players and self.last_deck(name) is not None


def next_step(spec: DeckSpec, book: DealBook, secret: DeckSecret, key: SeatKey, order: Sequence[int]) -> dict:
    """``secret.seat``'s next step of ``spec``'s deck, signed: its shuffle step when lap 1 is
    at it (the first seat from ``first_deck``), else its lock step (``order``: lap 1's
    seats). A ``ValueError`` when it is not this seat's turn in the deal."""
    steps = book.steps.get(spec.name, [])
    seats = [*order, *lap_two_order(order)]
    if len(steps) >= len(seats) or seats[len(steps)] != secret.seat:
        raise ValueError(f"seat {secret.seat} has no step to make in the deal of {spec.name!r} now")
    before = steps[-1] if steps else None
    if before is not None and "deck" not in before:
        raise ValueError(f"the deck before seat {secret.seat}'s step of {spec.name!r} did not come")
    if len(steps) < len(order):
        step = shuffle_step(spec, before["deck"] if before else first_deck(spec), secret,
                            before["seat"] if before else None)
    else:
        assert before is not None
        step = lock_step(spec, before["deck"], secret, before["seat"])
    return signed_step(spec, step, key)


# ---- the deal part of a link ---------------------------------------------------------------

@dataclass(frozen=True)
class Held:
    """What a receiving device holds of the deal for sure, as its sender finds it from the
    public transcript alone (``held_by``): ``steps[name]`` how many of deck ``name``'s first
    steps it holds (with the points of the last of them), ``releases`` the keys it holds, as
    (deck, position, seat), besides every key of its own ``seats`` (it made them)."""

    seats: frozenset[int]
    steps: Mapping[str, int]
    releases: frozenset[tuple[str, int, int]]

    def lacks(self, release: Release) -> bool:
        """Whether the device may lack ``release``'s key."""
        return release.seat not in self.seats and (release.deck, release.position, release.seat) not in self.releases


def held_by(seats: Collection[int], transcript: Sequence[Mapping[str, Any]], book: DealBook, order: Sequence[int],
            set_up: Sequence[Release], moves: Sequence[MoveReleases]) -> Held:
    """What the device of ``seats`` holds of the deal for sure, from what it signed (the
    sender's ``book`` and ``transcript``), never from a link it may not have received:

    - each step of a deck up to its own latest (a step is made on the book's last one, and
      ``take_in`` takes a step only right after the book's last);
    - in lap 2, the set-up keys (``set_up``: ``SetUpPlan.releases``) of the seats whose
      lap-2 step came before its own (they came with those steps);
    - once it signed a segment of the dealt game (the set-up dealt, ``c`` past 0), every
      step, and every key given (carried or ending a wait) by the moves up to that
      segment's first (``moves``: ``DealByMove.moves``, 0 the set-up): a device plays only
      once no key of them is missing (``missing_releases``).
    Every key of its own seats it holds too (``Held.lacks``)."""
    mine = set(seats)
    dealt_in = [segment for segment in transcript if segment["seat"] in mine and segment["c"][1] > 0]
    steps = {name: len(got) if dealt_in else
             max((k + 1 for k, step in enumerate(got) if step["seat"] in mine), default=0)
             for name, got in book.steps.items()}
    releases: set[tuple[str, int, int]] = set()
    lap_two = lap_two_order(order)
    if any(step["lap"] == 2 and step["seat"] in mine for got in book.steps.values() for step in got):
        before = set(lap_two[:min(lap_two.index(s) for s in mine if s in lap_two)])
        releases |= {(r.deck, r.position, r.seat) for r in set_up if r.seat in before}
    if dealt_in:
        upto = dealt_in[-1]["a"][0]
        releases |= {(r.deck, r.position, r.seat) for move in moves[:upto + 1] for r in [*move.carried, *move.extra]}
    return Held(frozenset(mine), steps, frozenset(releases))


def carried(book: DealBook, names: Sequence[str], held: Sequence[Held]) -> list[tuple[str, dict]]:
    """The steps a link carries to the devices that hold ``held`` (one, or every player's):
    each step of the book past the fewest any of them holds, the last of each deck with its
    points (the next seat builds on it; after lap 2 everyone reads from it), earlier ones as
    their hashes (their commitments and signatures still checked by the receiver). None
    that every receiver holds (a step left out that one lacks is refused by ``take_in``,
    naming the step: the sender's next link carries it, its receiver having signed nothing
    since)."""
    out = []
    for name in names:
        steps = book.steps.get(name, [])
        start = min((h.steps.get(name, 0) for h in held), default=0)
        for k in range(start, len(steps)):
            step = steps[k]
            out.append((name, step if k == len(steps) - 1 else {n: v for n, v in step.items() if n != "deck"}))
    return out


def carried_releases(book: DealBook, held: Sequence[Held]) -> list["KeyedRelease"]:
    """The keys a link carries to the devices that hold ``held``: each key of the book that
    one of them may lack (``Held.lacks``), in the book's order."""
    return [KeyedRelease(seat, name, p, False, k) for name, by in sorted(book.releases.items())
            for p, keys in sorted(by.items()) for seat, k in sorted(keys.items())
            if any(h.lacks(Release(seat, name, p)) for h in held)]


def encode_deal(names: Sequence[str], steps: Sequence[tuple[str, dict]], releases: Sequence["KeyedRelease"]) -> str:
    """The deal part of a ``t5`` link (module doc)."""
    index = {name: d for d, name in enumerate(names)}
    items = []
    for name, step in steps:
        deck = "".join(step["deck"]) if "deck" in step else "#" + step["hash"]
        items.append(f"s{step['seat']}.{step['lap']}.{index[name]}.{deck}.{''.join(step.get('keys', []))}."
                     f"{step['sig']}")
    items += [f"r{r.seat}.{index[r.deck]}.{r.position}.{r.key}" for r in releases]
    return "~".join(items)


@dataclass(frozen=True)
class KeyedRelease(Release):
    """A ``dealing.Release`` with its key (``deck.release``), as a link carries it."""

    key: str = ""


def make_releases(specs: Mapping[str, DeckSpec], secret: DeckSecret, planned: Sequence[Release]) -> list[KeyedRelease]:
    """The keys of ``planned`` (each ``secret.seat``'s), made (``deck.release``)."""
    return [KeyedRelease(r.seat, r.deck, r.position, r.opening, release(specs[r.deck], secret, r.position))
            for r in planned if r.seat == secret.seat]


def _damaged_deal(detail: str) -> LinkError:
    return LinkError(T("This link is damaged: the deal of its cards was cut or changed."), detail)


def parse_deal(text: str, specs: Mapping[str, DeckSpec]) -> tuple[list[tuple[str, dict]], list[KeyedRelease]]:
    """The entries of a deal part, read (their shape only; ``take_in`` checks them): a
    ``LinkError`` for anything malformed, before any point is decoded."""
    names = list(specs)
    items = text.split("~") if text else []
    if len(items) > MOST_ENTRIES:
        raise _damaged_deal(f"{len(items)} entries")
    steps: list[tuple[str, dict]] = []
    releases: list[KeyedRelease] = []
    for item in items:
        found = _STEP_RE.fullmatch(item) or _RELEASE_RE.fullmatch(item)
        if found is None:
            raise _damaged_deal(f"entry {item[:30]!r}")
        d = int(found[3] if item[0] == "s" else found[2])
        if d >= len(names):
            raise _damaged_deal(f"deck {d}")
        spec = specs[names[d]]
        if item[0] == "r":
            seat, at = int(found[1]), int(found[3])
            if seat >= spec.seats or at >= spec.size:
                raise _damaged_deal(f"release {item[:30]!r}")
            releases.append(KeyedRelease(seat, spec.name, at, False, found[4]))
            continue
        seat, lap, deck, keys, sig = int(found[1]), int(found[2]), found[4], found[5], found[6]
        step: dict[str, Any] = {"seat": seat, "lap": lap, "sig": sig}
        if deck.startswith("#"):
            if len(deck) != 1 + POINT_CHARS:
                raise _damaged_deal("a step's hash")
            step["hash"] = deck[1:]
        elif len(deck) == spec.size * POINT_CHARS:
            step["deck"] = [deck[i:i + POINT_CHARS] for i in range(0, len(deck), POINT_CHARS)]
            step["hash"] = step_hash(step["deck"])
        else:
            raise _damaged_deal(f"a step of {len(deck)} characters")
        if lap == 2:
            if len(keys) != spec.size * COMMITMENT_CHARS:
                raise _damaged_deal("a step's commitments")
            step["keys"] = [keys[i:i + COMMITMENT_CHARS] for i in range(0, len(keys), COMMITMENT_CHARS)]
        elif keys:
            raise _damaged_deal("commitments in lap 1")
        steps.append((spec.name, step))
    return steps, releases


def take_in(book: DealBook, specs: Mapping[str, DeckSpec], steps: Sequence[tuple[str, dict]],
            releases: Sequence[KeyedRelease], keys: Mapping[int, bytes], order: Sequence[int]) -> DealBook:
    """A new book: ``book`` with a link's ``steps`` and ``releases``, each checked first; the
    book given is not changed. A step must fall where the book has it already or right after
    its last (its place from its seat and lap; ``order``: lap 1's seats, lap 2 the other
    way), signed by that seat's key (``keys``: the transcript's bound keys), its points (when it carries them) distinct points of the deck hashing to its
    hash (``deck.check_step``), the same as the book's when seen before. A release must open
    against its seat's commitment (``deck.check_release``). Else a ``DeckError`` naming the
    seat: a step not signed by its seat, or a key that does not open its card."""
    new = DealBook({name: [dict(s) for s in got] for name, got in book.steps.items()},
                   {name: {p: dict(k) for p, k in by.items()} for name, by in book.releases.items()})
    for name, step in steps:
        spec, seat = specs[name], step["seat"]
        k = _step_index(order, seat, step["lap"])
        if k is None:
            raise DeckError(_C("The deal of the deck is incomplete or out of order at step {n}.",
                               n=len(new.steps.get(name, [])) + 1), detail=f"seat {seat} is not in the deal")
        public = keys.get(seat)
        message = step_message(spec.gid, name, seat, step["lap"], step["hash"], step.get("keys", []))
        signature = unb64(step["sig"], 64)
        if public is None or signature is None or not signed_by(public, message, signature):
            raise DeckError(T("{player}'s part of the deal of the cards is not signed by {player}.",
                              player=player(seat)), seat=seat, detail=f"step {k} of {name!r}")
        if "deck" in step:
            check_step(spec, {n: v for n, v in step.items() if n in ("seat", "lap", "deck", "keys")}, seat,
                       step["lap"])
        mine = new.steps.setdefault(name, [])
        if k < len(mine):
            if mine[k]["hash"] != step["hash"] or mine[k].get("keys") != step.get("keys"):
                raise DeckError(T("{player} made two different parts of the deal of the cards.",
                                  player=player(seat)), seat=seat, detail=f"step {k} of {name!r}")
            if "deck" in step:
                mine[k]["deck"] = step["deck"]
        elif k == len(mine):
            mine.append(dict(step))
        else:
            raise DeckError(_C("The deal of the deck is incomplete or out of order at step {n}.", n=len(mine) + 1),
                            seat=seat, detail=f"step {k} of {name!r} before step {len(mine)}")
    for r in releases:
        spec = specs[r.deck]
        check_release(spec, new.locked(r.deck), r.seat, r.position, r.key)
        new.releases.setdefault(r.deck, {}).setdefault(r.position, {})[r.seat] = r.key
    return new


def _step_index(order: Sequence[int], seat: int, lap: int) -> int | None:
    """Where ``seat``'s step of ``lap`` falls in a deck's steps (``order``: lap 1's seats,
    lap 2 the other way), or None for a seat not in the lap."""
    seats = list(order) if lap == 1 else lap_two_order(order)
    return (seats.index(seat) + (0 if lap == 1 else len(order))) if seat in seats else None


def read_card(book: DealBook, spec: DeckSpec, names: Sequence[str], position: int, own: DeckSecret | None) -> str:
    """The card at ``position`` of ``spec``'s deck as this device reads it with its own
    secret (``own``; None: a card shown to all, every seat's key needed): its engine id.
    A ``DeckError`` naming the seat whose key has not come (said plainly: the card waits for
    it), or the seat whose key does not open it."""
    locked = book.locked(spec.name)
    if len(locked) != spec.seats or book.last_deck(spec.name) is None:
        raise DeckError(_C("The deal of the deck is incomplete or out of order at step {n}.",
                          n=len(book.steps.get(spec.name, [])) + 1), detail="lap 2 not complete")
    return names[read(spec, locked, position, book.releases.get(spec.name, {}).get(position, {}), own)]


# ---- the link ------------------------------------------------------------------------------

def dealt_fragment(t4_fragment: str, deal: str) -> str:
    """A ``t5`` link: the ``t4`` fragment (``revealed.revealed_fragment``) with the deal part
    put before its record, version ``t5`` and the checksum made again over all of it."""
    body = t4_fragment.lstrip("#")[len(MODE) + 1:]
    gid, seat, moves, _crc, version, size, rest = body.split(".", 6)
    seals, record = rest[:int(size)], rest[int(size) + 1:]
    head = f"{gid}.{seat}.{moves}"
    payload = f"{DEAL_VERSION}.{size}.{seals}.{len(deal)}.{deal}.{record}"
    return f"#{MODE}={head}.{text_crc(head, payload)}.{payload}"


def split_dealt(fragment: str, moves_plus: int, segment_chars: int) -> tuple[str, str]:
    """A ``t5`` link's ``t4`` fragment (its checksum made again, to be opened by
    ``revealed.open_link``) and its deal part; the ``t5`` checksum and sizes checked first
    (``LinkError``)."""
    from .distance import REVEALED_VERSION

    gid, seat, moves, seals, rest = link_parts(fragment, DEAL_VERSION, moves_plus, segment_chars)
    size_text, _, after = rest.partition(".")
    if not re.fullmatch(r"[0-9]{1,7}", size_text) or len(after) < int(size_text) + 1 \
            or after[int(size_text)] != ".":
        raise _damaged_deal(f"deal part of {size_text[:10]!r} characters")
    deal, record = after[:int(size_text)], after[int(size_text) + 1:]
    head = f"{gid}.{seat}.{moves}"
    payload = f"{REVEALED_VERSION}.{len(seals)}.{seals}.{record}"
    return f"#{MODE}={head}.{text_crc(head, payload)}.{payload}", deal

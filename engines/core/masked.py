"""Masked records: a game's private draws written as deck positions, and each device's world.

Issue 39, stage 3 ("nobody reads what he may not see"), the part between the mental-poker
deal (``engines.core.deck``) and the links. A record (``engines.core.record``) lists every
chance outcome and every move plainly: the district drawn into Bea's hand, "keep castle".
Once the deck is dealt by mental poker no device but Bea's can read Bea's card, so the other
devices cannot replay the exact state. Here a record is written so that no device needs to:

**Decks and positions.** A game declares its decks (``Game.decks``: the cards each holds)
and which chance nodes draw from which deck (``Game.chance_deck``; None: a public or
undeclared node, dealt as before; a game with no decks needs nothing). The deck's order is
its positions: the ``k``-th draw from deck ``D`` takes position ``k`` (``position``, the one
ordering rule, a public function of the record; a later part may reserve positions per seat
by changing that function alone). A card keeps its position for the whole game, wherever it
goes (a hand, under the deck, back into another hand).

**The masked record** (``mask_record``). The same record, where

- a *private* outcome (``Game.chance_seen_by`` not None: a card into one hand, a card face
  down) is written with a *position token* in place of the card, ``{"deck": "districts",
  "at": 17}`` (``"name": i`` added when the action names the card by its ``i``-th name of
  ``Game.card_names``, as Citadels' actions name a district by its type). An outcome drawn
  for all to see stays plain (its position is readable by all at once);
- in a player's move, a text naming a card that the mover holds hidden (``Game.hidden_items``
  of his seat, before the move) and that the move moves (it lies elsewhere in the state
  after it: kept from a draw, put under the deck, discarded) is replaced by the token of that
  card's position, unless the move itself makes the card public ("build castle": the card is
  then in the spectator's view). *How cards are found safely*: only text values of the move's
  JSON are read (never the keys, never the ``type``), each whole or cut at the characters no
  id holds (``_SEPARATORS``: Euphoria writes "michael_the_engineer>ian_the_horticulturist";
  such a text is then written ``{"parts": [...]}``, texts and tokens to be joined); a part is
  replaced only when it is a name of a card the mover holds hidden right before the move and
  the move moved such a card, so a word that happens to look like a card (the Warlord naming
  a castle in another city while his own hand holds one) is left alone. Two copies of one
  kind moved together are interchangeable for the rules: the token names the lowest such
  position. Another device's world may then move another copy of the kind than the true
  game did, when its fills put one before it in a hand; the card then comes face up at a
  filled position, which cannot be (every card face up has a position all devices read), and
  the world is built again with that kind kept off that position (``build``).

**Numbered cards and hidden choices** (Citadels' character draft). A deck whose cards the
outcomes and moves write as numbers (``Game.numbered_cards``: a character by its ``rank``)
gets its token in that field. A deck may be declared once it is in play (``Game.decks`` is
read again for a deck not seen yet): Citadels deals the eight characters anew each round, so
round R's are a deck of their own, ``characters-R``. A move by which the player to move takes
a card the others may not see, by his own choice (``Game.choice_deck``: a character chosen,
or put face down, in the draft), takes that deck's next position when it is made and is
written with its token, seen by the mover alone. *Why this model*: the ranks handed on from
chooser to chooser are no draws (the rules pass on what is left), so each character leaving
the draft (set aside at a chance node, chosen, put face down) takes the next position in the
order it leaves; the positions then say nothing the physical game hides, and every device
can count them (a public function of the record). Another device's world fills a choice with
the first legal choice not ruled out (``World.fill``), as it fills a draw.

**Who can read a position** (``Knowledge``): in the crypto wiring a seat reads a card when the
other seats have released their keys for its position, and a card made public is opened by
its owner's key. Here a trusted oracle computes it from the true game (``mask_record`` returns
it beside the masked record): after each move, a seat reads the positions drawn for it or for
everyone, and the position of every card that has ever been in its own view
(``Game.view``), and everyone reads the position of every card that has ever been in the
spectator's view. A game whose views name a deck's cards even where hidden (Citadels'
character table lists all eight) says itself where they are seen (``Game.shown_cards``: a
character revealed when called, one set aside face up, the killed King's heir at the round's
end). Knowledge only grows.

**Sets known, not positions** (``Knowledge.bans``). A Citadels chooser knows the ranks handed
to him as a set: not which position each character that left the draft before took. The
game says so (``Game.known_undrawn``: the ranks handed to him), and the oracle gives his
device *bans*: those ranks kept off every position drawn from the round's deck so far. His
world then hands him the true ranks (its fills before his turn are the other ranks, in some
order) without reading a position he may not. A fill a ban rules out later proves the world
wrong (``World.wrong_fills``).

**A device's world** (``World``, ``world``): the device replays the masked record, giving each
position it reads its card and each other position a *fill*: the first card of the node's
outcomes (``Game.chance_weights``, in their order) not known to be elsewhere (not the card
of a position it reads that is still to be drawn). Each token in a move becomes the name of
the card at that position in this world. The world agrees with everything the seat may see
(``Game.view(world, seat) == Game.view(truth, seat)``, checked by the tests at every move),
not with what it may not. When the device learns a position whose fill was another card,
or a card that is some other position's fill in the same deck (each round's characters are a
deck of their own: the warlord of round 9 says nothing of round 1's), or a ban on a fill, the
world goes back to the move before that fill was made (``World._rewind``: the world keeps its
state before each move) and plays on from there with what it knows now; a fill made in the
set-up (before any move) makes it start again (``World.advance``).

**The rules acting by themselves on fills.** A fill that comes face up shows the world went
another way than the true game. When the move named it, two copies of a kind were moved in
another order (above: the kind is banned from that position). When it did not, the rules
acted by themselves on the mover's hidden cards (Euphoria: a dilemma with one way to pay in
this world, paid for him, where the true game let him choose): the mover's fills of the
kinds that steer the rules (``Game.steering_kinds``: Euphoria's artifacts and dilemma) are a
*nogood*, never to be made all at once again. A position that no card can fill without
completing a nogood makes the other fills of those nogoods a nogood in turn (whichever card
it holds, one would be whole), so the search backs up to the fills before it: to the move of
the *latest* fill of the nogood (conflict-directed backjumping: changing any one of its fills
undoes it, and the fills before the latest stand, so the world replays the fewest moves; the
nogood, kept, makes that fill another card). Sound as long
as a seat's automatic moves depend only on the public table and its own steering cards. A
filled character revealed (``Game.shown_cards``), where the true game revealed none there or
another, is kept off that position (a rank called with no answer is so ruled out, one
position at a time); a position of a numbered deck no card can fill (every character left
is banned there) makes the deck's fills before it a nogood (they decided what was left).

**Copies and kinds.** A deck may list a kind more than once (Euphoria's six books): a kind
is known elsewhere only as many times as there are positions of it the device reads, so a
fill may take a kind while the deck has a copy of it unaccounted for, and a filled kind face
up shows the world wrong only when more copies of it are face up than read positions of it,
or when the rules paid it from the hand it was drawn into (``_check_exposed``). Two cards of one kind named by the kind (Citadels' "keep harbor"):
the rules move the first in a hand, which may be a fill beside the true card; the token
names the lowest position of a card of that name the mover held hidden and the move moved,
so a world whose move moved a filled card of that name below the token's, or in place of
it, keeps that card's id off that position (``_check_named``). A position no card can fill
(the true card taken by a fill before it) makes the deck's fills before it that could be
there a nogood; a lesson already learnt is a ``ValueError`` (no world fits), never a loop.

**Not covered here** (later parts, or said plainly):

- *Citadels' draft, what is left*: with seven players the last chooser is handed the
  character set aside face down too (§5.2: his device reads its position,
  ``Citadels.shown_cards``); when he keeps it, that character holds two positions of the
  round's deck. The oracle shows a character at its latest position only (the face-down one
  stays closed), a world lets a character of a numbered deck be at a second position when
  nothing else fits (``World.fill``; ``World._choose`` checks that the choice it reads is
  offered) and blames a revealed character at its latest position. The King's device
  dealing the characters from commit-reveal randomness and passing the rest encrypted on
  (issue 39) is the wiring's part; here the oracle stands for it. A rank called with no
  answer is learnt by each world one position at a time (a rebuild each), not given by the
  oracle as a ban on every chosen position (the oracle would need to tell choices from
  characters put face down).
- *A card face up once, then hidden again* (Citadels: a district destroyed or discarded face
  up under the deck, drawn again by the rules once the shuffled part is used up): its
  position stays read by all, so a move keeping it (``keep_card``) is written plainly and
  every device learns which of the two drawn cards was kept (6 seats, seed 1, move 316;
  7 seats, seed 1, move 369, "keep_card tavern").
  Hiding it needs the card dealt again at a new position (a re-encrypted card), a later part.
  A design (not built): the cards the rules draw again from under the deck each take a fresh
  position of a deck of their own (as each round's characters do), every seat knowing them
  as a set (both were face up, the order under the deck is public: ``Knowledge.bans`` as for
  a chooser) and only the drawer reading which fresh position holds which; ``keep_card`` is
  then written with the kept one's fresh token and the other lies face down under the deck
  at its own. The deal needs no new shuffle for it: the drawer's device commits to which of
  the two it keeps with a salted commitment (BLAKE2b of a random salt and the kept card's
  index among the two) written in the move and opened at the end-of-game audit, or the two
  cards are re-encrypted (ElGamal re-randomisation) and swapped or not by the drawer, so
  that no other device can link the fresh positions to the face-up cards.
- *Cost* (``bench/worlds.py``): in a whole game of five to seven seats each device's world
  goes back (``World._rewind``) a hundred to a thousand times, mostly within a round's draft
  (a few moves each), and starts again twenty to forty times, each time a card of a hand
  dealt in the set-up turns out other than its fill (it is built, or seen at another
  position): a whole replay each, the most of the cost that is left. The tests check two
  of these games only in part (up to the gap below).
- *The Magician's exchange with another player's hand*: here the oracle lets the Magician's
  device read the cards it receives (they are in its view); in the wiring it needs the other
  player's device to release its keys for them (about two extra messages).
- *Reserves*: positions are taken in draw order, with no reserve per seat, so nothing here
  counts a reserve running short; the key releases that would make each position readable
  are the oracle's, not messages.
- *Kinds held twice* (Euphoria's artifact cards; any deck listing one kind more than once):
  the oracle counts every position holding a kind a seat sees as read by that seat, and
  every position of a kind once face up as read by all, which may be more than they truly
  know (worlds then hold the true card there). A world counts copies (``World``): a fill
  comes face up when more copies of its kind are face up than positions of it the device
  reads, or when the seat it was drawn for holds fewer copies after a move that named none
  (``World._paid_for``: the rules paid them by themselves; needed once the artifact deck is
  rebuilt from its discards, as the positions read before lie face up no more). A fill paid
  by a move that names its kind while the device holds a copy read face up would pass
  unseen (a later move then raises ``IllegalAction``; not seen in the tests' games). A move
  naming a still hidden copy of a kind seen face up before would be written plainly; in the
  tests' games every artifact named plainly was paid face up by that very move.
- *Euphoria's market selection* (variant): the tiles dealt to a seat and the one it keeps
  are its hidden items ("keep:<tile>" is a token), and the six then dealt onto the sites
  are a deck of their own (``market-sites``: one position per deck for a kept tile). The
  oracle reads cards, not places: a seat's view names its kept tile for the whole game, so
  the oracle lets it read that tile's site position too, more than it knows (it knows its
  tile is on one of the six sites, not which); its world then holds the true tile there.
- *Nogoods* (above) assume ``Game.steering_kinds`` is right; a game that declares too few
  kinds may rule out the true cards (a fill then fails with ``ValueError``). Each nogood
  costs a rebuild from the start: in the recruit-draft game of the tests a device's world
  is rebuilt dozens of times around one dilemma.
- *Euphoria's trades of artifact cards* (no bot proposes one, so no test plays one): the
  proposal names kinds plainly (a trade is spoken aloud) while the cards stay in hands; a
  world may hold no such card at that seat. The artifact deck rebuilt from the discards
  keeps counting positions in the same deck (the wiring deals it as a new deck,
  ``engines.core.deck``). The recruit draft passes packs: the oracle lets the next seat read
  the cards passed to it; in the wiring the passing device must hand their keys on.
- *Masked records from outside*: nothing here checks a masked record made by hand (a token
  naming a position not drawn yet, or a name it does not have, raises ``ValueError``); the
  wiring reads links through its own gate first.
- The rules of each game are unchanged: a replay of the true record gives the same game.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .chance import ChanceError
from .game import Chance, Game, GameState
from .record import FORMAT_2, GameRecord, upgrade


class Key(NamedTuple):
    """A deck position: the ``at``-th card drawn from ``deck``."""

    deck: str
    at: int


def position(deck: str, drawn: int) -> int:
    """The position of the draw from ``deck`` that follows ``drawn`` draws from it: the deck's
    order is its positions, the ``k``-th draw takes position ``k``. The one ordering rule (a
    public function of the record; a later part may reserve positions per seat here)."""
    return drawn


def token(key: Key, name: int = 0) -> dict[str, Any]:
    """The position token written for a card: ``{"deck", "at"}``, and ``"name"`` when the
    card is named by its ``name``-th name of ``Game.card_names`` (0, its id, is left out)."""
    data: dict[str, Any] = {"deck": key.deck, "at": key.at}
    if name:
        data["name"] = name
    return data


def token_key(value: Any) -> tuple[Key, int] | None:
    """The position and the name's index a token stands for, or None for any other value."""
    if isinstance(value, dict) and set(value) in ({"deck", "at"}, {"deck", "at", "name"}) \
            and isinstance(value["deck"], str) and type(value["at"]) is int:
        name = value.get("name", 0)
        return (Key(value["deck"], value["at"]), name) if type(name) is int else None
    return None


def parts_of(value: Any) -> list | None:
    """The parts of a text written in parts (``{"parts": [...]}``, texts and tokens joined
    with nothing between them), or None for any other value."""
    if isinstance(value, dict) and set(value) == {"parts"} and isinstance(value["parts"], list):
        return value["parts"]
    return None


_SEPARATORS = re.compile(r"([^A-Za-z0-9_\-]+)")
"""What may stand between card names in one text of a move ("michael>ian", "a+b"): anything
but letters, digits, "_" and "-", the characters of the games' ids."""


def _tokens_in(value: Any) -> Iterator[Any]:
    """Every token of a (masked) move's JSON, at any depth, those of texts written in parts
    (``parts_of``) too."""
    if token_key(value) is not None:
        yield value
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from _tokens_in(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _tokens_in(v)


def texts_in(value: Any) -> Iterator[str]:
    """Every text of a JSON value: its string values and its objects' keys, at any depth."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield str(k)
            yield from texts_in(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from texts_in(v)


def _replace(value: Any, change: Any) -> Any:
    """A copy of a JSON value with each text value (not a key; not the ``type``) replaced by
    ``change(text)``, and each token by ``change(token)``."""
    if isinstance(value, dict):
        if token_key(value) is not None or parts_of(value) is not None:
            return change(value)
        return {k: (v if k == "type" else _replace(v, change)) for k, v in value.items()}
    if isinstance(value, list):
        return [_replace(v, change) for v in value]
    if isinstance(value, str):
        return change(value)
    return value


@dataclass(frozen=True, slots=True)
class Draw:
    """One card drawn from a deck in the true game: its position, its card, the index of its
    outcome in ``record.chance`` (-1: a hidden choice, ``Game.choice_deck``, taken by a
    move), and the seats that saw it (None: everyone)."""

    key: Key
    card: str
    chance: int
    seen_by: tuple[int, ...] | None


@dataclass
class Knowledge:
    """The trusted oracle: which positions each seat reads, and their cards, after each move.

    ``readable[m][s]``: the positions seat ``s`` reads once the first ``m`` moves (and the
    outcomes dealt after them) are played; ``public[m]``: those everyone reads;
    ``banned[m][s]``: the names seat ``s`` knows drawn positions do not hold, without reading
    them (``Game.known_undrawn``). ``cards``: the true card of every position drawn."""

    cards: dict[Key, str] = field(default_factory=dict)
    readable: list[list[frozenset[Key]]] = field(default_factory=list)
    public: list[frozenset[Key]] = field(default_factory=list)
    banned: list[list[dict[Key, frozenset[str]]]] = field(default_factory=list)

    def known(self, moves: int, seat: int) -> dict[Key, str]:
        """What the device of ``seat`` reads after ``moves`` moves: position -> card."""
        return {key: self.cards[key] for key in self.readable[moves][seat]}

    def bans(self, moves: int, seat: int) -> dict[Key, frozenset[str]]:
        """The names the device of ``seat`` knows a position does not hold, after ``moves``
        moves, without reading it (``Game.known_undrawn``): position -> names."""
        return self.banned[moves][seat]


@dataclass
class Masking:
    """``mask_record``'s result: the masked ``record``, the true ``draws`` in order, the
    oracle's ``knowledge``, and ``dealt[m]``, how many outcomes were dealt after ``m`` moves
    (a masked record of the first ``m`` moves is ``prefix(m)``)."""

    record: GameRecord
    draws: list[Draw]
    knowledge: Knowledge
    dealt: list[int]

    def prefix(self, moves: int) -> GameRecord:
        """The masked record of the game's first ``moves`` moves (as a device has it then)."""
        return self.record.model_copy(update={"actions": self.record.actions[:moves],
                                              "chance": self.record.chance[:self.dealt[moves]]})


def _card_in(game: Game, deck: str, cards: frozenset[str], data: dict) -> str:
    """The card of ``deck`` an outcome or a move (its JSON) names: the card numbered by its
    ``Game.numbered_cards`` field, or else its one text that is a card."""
    numbered = game.numbered_cards(deck)
    if numbered is not None:
        field_name, numbers = numbered
        value = data.get(field_name)
        found = [c for c, n in numbers.items() if type(value) is int and n == value and c in cards]
        if len(found) != 1:
            raise ValueError(f"{game.name}: {data} numbers no card of deck {deck!r} in {field_name!r}")
        return found[0]
    found = [t for t in texts_in({k: v for k, v in data.items() if k != "type"}) if t in cards]
    if len(found) != 1:
        raise ValueError(f"{game.name}: outcome {data} names {len(found)} cards of deck {deck!r}, not one")
    return found[0]


def _write_token(game: Game, key: Key, card: str, data: dict) -> dict:
    """``data`` (an outcome or a move naming ``card``) with the card written as the token of
    ``key``: in its ``Game.numbered_cards`` field, or in place of each text that is the card."""
    numbered = game.numbered_cards(key.deck)
    if numbered is not None:
        return {**data, numbered[0]: token(key)}
    return _replace(data, lambda t: token(key) if t == card else t)


def _deck_cards(game: Game, state: GameState, decks: dict[str, frozenset[str]], deck: str) -> frozenset[str]:
    """The cards of ``deck``, from ``decks`` or else read now from ``Game.decks`` (a deck the
    game declares once it is in play: Citadels' characters of each round), kept in ``decks``."""
    if deck not in decks:
        decks.update((name, frozenset(cards)) for name, cards in game.decks(state).items() if name not in decks)
        if deck not in decks:
            raise ValueError(f"{game.name}: no deck {deck!r}")
    return decks[deck]


def _check(game: Game, record: GameRecord) -> GameRecord:
    """``record`` in the second format (outcomes written), refused with forks (re-deals)."""
    if game.chance is not Chance.EXPLICIT:
        raise ValueError(f"{game.name}: its chance is not explicit; nothing to mask")
    if record.forks:
        raise ValueError("a forked record cannot be masked (its re-deals are not deck draws)")
    return upgrade(record) if record.format != FORMAT_2 else record


class _Masker:
    """The chance source that replays the true outcomes (``mask_record``) and writes each
    private draw from a deck as its position token."""

    def __init__(self, game: Game, state: GameState, record: GameRecord) -> None:
        self.game, self.record = game, record
        self.decks = {name: frozenset(cards) for name, cards in game.decks(state).items()}
        self.counts: Counter[str] = Counter()
        self.draws: list[Draw] = []
        self.chance: list[dict] = []

    def pick(self, game: Game, state: GameState) -> Any | None:
        index = len(self.chance)
        if index >= len(self.record.chance):
            return None
        data = self.record.chance[index]
        outcome = game.parse_action(data)
        if all(outcome != o for o, _ in game.chance_weights(state)):
            raise ChanceError(index, data)
        deck = game.chance_deck(state)
        if deck is None:
            self.chance.append(data)
            return outcome
        key = Key(deck, position(deck, self.counts[deck]))
        self.counts[deck] += 1
        card = _card_in(game, deck, _deck_cards(game, state, self.decks, deck), data)
        seen = game.chance_seen_by(state, outcome)
        self.draws.append(Draw(key, card, index, None if seen is None else tuple(seen)))
        self.chance.append(data if seen is None else _write_token(game, key, card, data))
        return outcome

    def choose(self, state: GameState, deck: str, mover: int, data: dict) -> dict:
        """The move ``data`` of ``mover``, a hidden choice from ``deck`` (``Game.choice_deck``):
        written with its token (``take_choice``), seen by the mover alone."""
        masked, key, card = take_choice(self.game, state, self.decks, self.counts, deck, data)
        self.draws.append(Draw(key, card, -1, (mover,)))
        return masked


def take_choice(game: Game, state: GameState, decks: dict[str, frozenset[str]], counts: Counter[str], deck: str,
                data: dict) -> tuple[dict, Key, str]:
    """A hidden choice from ``deck`` (``Game.choice_deck``) made by the move ``data`` at
    ``state``: it takes the deck's next position (``counts`` is counted on), and the move is
    written with that position's token. Returns the masked move, the position and the card
    chosen (used by ``mask_record`` and by a device's table, ``engines.core.table``)."""
    if game.numbered_cards(deck) is None:
        raise ValueError(f"{game.name}: a hidden choice from {deck!r} needs numbered cards")
    key = Key(deck, position(deck, counts[deck]))
    counts[deck] += 1
    card = _card_in(game, deck, _deck_cards(game, state, decks, deck), data)
    return _write_token(game, key, card, data), key, card


def mask_record(game: Game, record: GameRecord) -> Masking:
    """The masked record of ``record`` (see the module doc) and the oracle's knowledge,
    replaying the true record once. ``record`` is not changed; a game with no decks gets its
    record back as it is (its outcomes and moves plain). ``ValueError`` for a forked record
    or a game whose chance is not explicit; ``RecordError``/``ChanceError`` as a replay."""
    record = _check(game, record)
    state = game.new_game(record.players, record.seed, record.options, dealer=False, deal=False)
    masker = _Masker(game, state, record)
    cards = frozenset(c for deck in masker.decks.values() for c in deck)
    knowledge = Knowledge()
    seen: list[set[Key]] = [set() for _ in range(record.players)]
    bans: list[dict[Key, frozenset[str]]] = [{} for _ in range(record.players)]
    public: set[Key] = set()
    game.deal(state, masker)
    dealt = [len(masker.chance)]
    _learn(game, state, masker, knowledge, seen, bans, public)
    actions = []
    for data in record.actions:
        before = state.clone()
        mover = game.to_move(state)
        drawn = len(masker.draws)   # a move names only cards drawn before it
        choice = game.choice_deck(state)
        chosen = masker.choose(state, choice, mover, data) if choice is not None and mover is not None else None
        game.apply(state, game.parse_action(data))
        game.deal(state, masker)
        dealt.append(len(masker.chance))
        made_public = _learn(game, state, masker, knowledge, seen, bans, public)
        actions.append(chosen if chosen is not None else
                       _mask_action(game, before, state, mover, data, masker.draws[:drawn], public, made_public,
                                    cards))
    masked = record.model_copy(update={"actions": actions, "chance": masker.chance})
    return Masking(masked, masker.draws, knowledge, dealt)


def _learn(game: Game, state: GameState, masker: _Masker, knowledge: Knowledge,
           seen: list[set[Key]], bans: list[dict[Key, frozenset[str]]], public: set[Key]) -> set[Key]:
    """The oracle, after a move and its outcomes: add to ``public`` and to each seat's
    ``seen`` the positions it now reads, and to its ``bans`` the cards it knows a drawn
    position does not hold (see ``Knowledge``), and note them in ``knowledge``. Returns the
    positions that became public with this move."""
    for draw in masker.draws:
        knowledge.cards[draw.key] = draw.card
    decks = {d.key.deck for d in masker.draws}
    by_card: dict[str, list[Key]] = {}   # the cards found in views' texts
    for draw in masker.draws:
        if game.shown_cards(state, None, draw.key.deck) is None:
            by_card.setdefault(draw.card, []).append(draw.key)
    # a card the game says where it is seen (``Game.shown_cards``) is seen at its latest
    # position: a card handed on again holds two (Citadels' seventh chooser keeping the
    # character set aside face down), and only the one it holds now is shown
    latest = {(d.key.deck, d.card): d.key for d in masker.draws}

    def shown_to(seat: int | None) -> set[Key]:
        """The drawn positions whose cards ``seat`` (None: everyone) sees where they lie."""
        texts = set(texts_in(game.view(state, seat)))
        keys = {key for card, keys in by_card.items() if card in texts for key in keys}
        told = {deck: game.shown_cards(state, seat, deck) for deck in decks}
        return keys | {key for (deck, card), key in latest.items() if (cards := told[deck]) is not None and card in cards}

    new_public = shown_to(None) | {d.key for d in masker.draws if d.seen_by is None}
    new_public -= public
    public |= new_public
    for s in range(state.players):
        seen[s] |= shown_to(s)
        seen[s] |= {d.key for d in masker.draws if d.seen_by is not None and s in d.seen_by}
        seen[s] |= public
        for deck, cards in game.known_undrawn(state, s).items():
            names = frozenset(n for c in cards for n in game.card_names(deck, c))
            for d in masker.draws:
                if d.key.deck == deck:
                    bans[s][d.key] = bans[s].get(d.key, frozenset()) | names
    knowledge.readable.append([frozenset(s) for s in seen])
    knowledge.public.append(frozenset(public))
    knowledge.banned.append([dict(b) for b in bans])
    return new_public


def _places(state: GameState, cards: frozenset[str]) -> Counter[tuple[str, str]]:
    """Where each card of ``cards`` lies in ``state``: (the field's path in the state's JSON,
    list positions left out; the card), counted (a kind held twice counts two)."""
    places: Counter[tuple[str, str]] = Counter()

    def walk(value: Any, path: str) -> None:
        if isinstance(value, str):
            if value in cards:
                places[(path, value)] += 1
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(v, f"{path}/{k}")
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v, path)

    walk(state.model_dump(mode="json"), "")
    return places


def _mask_action(game: Game, before: GameState, after: GameState, mover: int | None, data: dict,
                 draws: list[Draw], public: set[Key], made_public: set[Key],
                 cards: frozenset[str]) -> dict:
    """``data`` (a move of ``mover`` from ``before`` to ``after``) with each text naming a
    card the mover held hidden, and that the move moved, replaced by its position's token,
    unless the move made such a card public (see the module doc)."""
    if mover is None or mover < 0 or not draws:
        return data
    held = Counter(h["item"] for h in game.hidden_items(before) if h["seat"] == mover)
    moved = {card for _, card in _places(before, cards) - _places(after, cards)}
    names: dict[str, list[tuple[Key, int]]] = {}   # a name -> the hidden positions it may mean
    for draw in draws:
        if held[draw.card] and draw.card in moved and draw.key not in public:
            for i, name in enumerate(game.card_names(draw.key.deck, draw.card)):
                names.setdefault(name, []).append((draw.key, i))
    opened = {name for d in draws if d.key in made_public
              for name in game.card_names(d.key.deck, d.card)}

    def part(text: str) -> Any:
        if text in opened or text not in names:
            return text
        key, i = min(names[text])
        return token(key, i)

    def change(text: Any) -> Any:
        if not isinstance(text, str):
            return text
        pieces = [part(p) if i % 2 == 0 else p for i, p in enumerate(_SEPARATORS.split(text))]
        if len(pieces) == 1 or all(isinstance(p, str) for p in pieces):
            return pieces[0] if len(pieces) == 1 else text
        return {"parts": [p for p in pieces if p != ""]}

    return _replace(data, change)


class _Filler:
    """The chance source of a world: the masked outcomes, each token given the card its
    world holds at that position (``World.card_at``)."""

    def __init__(self, world: "World", chance: list[dict]) -> None:
        self.world, self.chance = world, chance

    def pick(self, game: Game, state: GameState) -> Any | None:
        w = self.world
        if w.dealt >= len(self.chance):
            return None
        data = self.chance[w.dealt]
        deck = game.chance_deck(state)
        if deck is not None:
            key = Key(deck, position(deck, w.counts[deck]))
            w.counts[deck] += 1
            w.drawn.add(key)
            if key not in w.known and any(token_key(v) for v in data.values()):
                w.fills[key] = w.fill(state, key, game.chance_weights(state))
            data = w.named(data)
        outcome = game.parse_action(data)
        if deck is not None:
            seen = game.chance_seen_by(state, outcome)
            w.drawer[key] = seen[0] if seen is not None and len(seen) == 1 else None
        if all(outcome != o for o, _ in game.chance_weights(state)):
            raise ChanceError(w.dealt, data)
        w.dealt += 1
        w.record.chance.append(data)
        return outcome


Nogood = frozenset[tuple[Key, str]]
"""Fills that cannot all be true together (``World.nogoods``): (position, card) pairs."""


class _Exposed(Exception):
    """A filled card of a world came into the spectator's view (``World._play``). ``nogood``:
    when the move named no such card, the fills its mover held hidden right before it (the
    rules acted by themselves on them: see ``World._check_exposed``), else empty."""

    def __init__(self, key: Key, card: str, nogood: Nogood = frozenset(),
                 names: frozenset[str] | None = None) -> None:
        super().__init__(f"the fill {card} of position {key.at} of deck {key.deck!r} came face up")
        self.key, self.card, self.nogood, self.names = key, card, nogood, names


class _DeadEnd(_Exposed):
    """No card can fill a position with the fills made before it, each card it could hold
    ruled out by a nogood (``World.fill``): those nogoods' other fills, together, are a
    nogood too (whichever card the position holds, one of them would be made whole)."""

    def __init__(self, key: Key, nogood: Nogood) -> None:
        Exception.__init__(self, f"no card can fill position {key.at} of deck {key.deck!r} with the fills before it")
        self.key, self.card, self.nogood, self.names = key, "", nogood, None


class _Mark(NamedTuple):
    """A world as it was before a move (``World._rewind``): its state, outcomes dealt, length
    of its record's outcomes, draws per deck, positions drawn and fills."""

    state: GameState
    dealt: int
    chance: int
    counts: Counter[str]
    drawn: frozenset[Key]
    fills: dict[Key, str]


class _NogoodIndex:
    """The nogoods of a world by pair (``World._nogoods_with``): for each (position, card),
    the nogoods holding it. Nogoods only grow, within a world and from one retry of ``build``
    to the next, so the index is kept and only the new ones are added (``of``); a retry that
    made it anew each time spent most of its time indexing again what it had indexed."""

    def __init__(self) -> None:
        self.by_pair: dict[tuple[Key, str], list[Nogood]] = {}
        self.indexed: frozenset[Nogood] = frozenset()

    def fits(self, nogoods: frozenset[Nogood]) -> bool:
        """Whether this index can serve a world of ``nogoods``: it holds none that are not."""
        return self.indexed <= nogoods

    def of(self, nogoods: frozenset[Nogood]) -> dict[tuple[Key, str], list[Nogood]]:
        """The index of ``nogoods`` (a superset of those indexed: ``fits``)."""
        if self.indexed is not nogoods:
            for bad in nogoods - self.indexed:
                for one in bad:
                    self.by_pair.setdefault(one, []).append(bad)
            self.indexed = nogoods
        return self.by_pair


class World:
    """The state a device replays from a masked record: every position it reads holds its
    card, every other one a fill (see the module doc). ``record`` is the world's own plain
    record (its outcomes and moves with the world's cards), ``rebuilds`` how many times
    the world went back (to the start, or to a move before a fill proved wrong: ``_rewind``).
    ``banned``: names kept off a position; ``nogoods``: sets of fills never to be made all at
    once (``_check_exposed``). ``_marks``: the world as it was before each move played
    (``_Mark``), to go back to."""

    made = 0
    """How many worlds were made in this process (each ``World``, a retry of ``build`` too):
    a count that tests read before and after a piece of work (``World.made``), never reset."""

    def __init__(self, game: Game, masked: GameRecord, known: Mapping[Key, str],
                 banned: Mapping[Key, frozenset[str]] | None = None, nogoods: frozenset[Nogood] = frozenset(),
                 play: bool = True, index: "_NogoodIndex | None" = None) -> None:
        World.made += 1
        self.game = game
        self.known: dict[Key, str] = dict(known)
        self.banned: dict[Key, frozenset[str]] = dict(banned or {})
        self.nogoods: frozenset[Nogood] = nogoods
        self.fills: dict[Key, str] = {}
        self.drawn: set[Key] = set()
        self.drawer: dict[Key, int | None] = {}   # the seat each position was drawn for (None: all or none)
        self.counts: Counter[str] = Counter()
        self.dealt = 0
        self.rebuilds = 0
        self.record = masked.model_copy(update={"actions": [], "chance": []})
        self.state = game.new_game(masked.players, masked.seed, masked.options, dealer=False, deal=False)
        self.decks = {name: frozenset(cards) for name, cards in game.decks(self.state).items()}
        self._marks: list[_Mark] = []
        self._index = index if index is not None and index.fits(nogoods) else _NogoodIndex()   # ``_nogoods_with``
        game.deal(self.state, _Filler(self, masked.chance))
        if play:
            self._play(masked)

    def card_at(self, key: Key) -> str:
        """The card this world holds at ``key`` (a position drawn in it)."""
        card = self.known.get(key) or self.fills.get(key)
        if card is None:
            raise ValueError(f"position {key.at} of deck {key.deck!r} is named before it is drawn")
        return card

    def named(self, data: dict) -> dict:
        """``data`` with each token replaced by the name of its card in this world (in a
        ``Game.numbered_cards`` field: its number)."""
        def change(value: Any) -> Any:
            found = token_key(value)
            if found is not None:
                key, name = found
                names = self.game.card_names(key.deck, self.card_at(key))
                if not 0 <= name < len(names):
                    raise ValueError(f"a token names the card of position {key.at} by name {name}, "
                                     f"which it does not have")
                return names[name]
            pieces = parts_of(value)
            if pieces is not None:
                return "".join(p if isinstance(p, str) else change(p) for p in pieces)
            return value

        def numbered(value: Any) -> Any:
            found = token_key(value)
            if found is None:
                return value
            numbers = self.game.numbered_cards(found[0].deck)
            return numbers[1][self.card_at(found[0])] if numbers is not None else change(value)

        return _replace({k: numbered(v) for k, v in data.items()}, change)

    def fill(self, state: GameState, key: Key, outcomes: list[tuple[Any, int]]) -> str:
        """The card for ``key``, a position this device does not read, drawn at ``state``: the
        first card of ``outcomes`` (the node's ``chance_weights``, or the chooser's legal moves
        at a hidden choice, in their order) that is not known to be elsewhere, that is, more
        of it left than the positions still to be drawn that this device reads, not banned
        from ``key``, and not completing a nogood (every other fill of it made)."""
        game, cards = self.game, _deck_cards(self.game, state, self.decks, key.deck)
        ahead = Counter(card for k, card in self.known.items() if k.deck == key.deck and k.at > key.at)
        banned = self.banned.get(key, frozenset())
        blocked: set[tuple[Key, str]] = set()   # the other fills of the nogoods that rule out a card
        numbered = game.numbered_cards(key.deck) is not None
        found: list[tuple[str, int]] = []   # the outcomes' cards, read one by one up to the first that fits
        for outcome, weight in outcomes:
            card = _card_in(game, key.deck, cards, game.dump_action(outcome))
            found.append((card, weight))
            if weight > ahead[card] and banned.isdisjoint(game.card_names(key.deck, card)):
                bad = self._nogood_completed(key, card)
                if bad is None:
                    return card
                blocked |= {(k, c) for k, c in bad if k != key and k not in self.known}   # read: a fact
        if numbered and not blocked:
            # a card may hold two positions of a numbered deck, when the rules hand it on
            # again (Citadels: the seventh chooser keeps the character set aside face down):
            # a card known at a later position may be here too (``_choose`` checks it)
            twice = next((card for card, weight in found if weight and banned.isdisjoint(game.card_names(key.deck, card))
                          and self._nogood_completed(key, card) is None), None)
            if twice is not None:
                return twice
        if numbered:
            # the cards left to choose from follow from this deck's fills before ``key``
            # (Citadels: the characters still in the draft): together they are a nogood
            blocked |= {(k, c) for k, c in self.fills.items() if k.deck == key.deck and k.at < key.at}
        else:
            # the true card here is not banned from it; if it is not left in this world's
            # deck, a fill before ``key`` holds it: those fills, together, are a nogood
            blocked |= {(k, c) for k, c in self.fills.items() if k.deck == key.deck and k.at < key.at
                        and banned.isdisjoint(game.card_names(key.deck, c))}
        if blocked:
            raise _DeadEnd(key, frozenset(blocked))
        raise ValueError(f"no card can fill position {key.at} of deck {key.deck!r}")

    def _nogoods_with(self, pair: tuple[Key, str]) -> list[Nogood]:
        """The nogoods holding ``pair`` (``_NogoodIndex``, brought up to ``nogoods``)."""
        return self._index.of(self.nogoods).get(pair, [])

    def _nogood_completed(self, key: Key, card: str) -> Nogood | None:
        """The nogood whose every pair holds once ``key`` is filled with ``card`` (a position
        read since it was filled counts with its card), or None."""
        for bad in self._nogoods_with((key, card)):
            if all(k == key or (self.fills.get(k) or self.known.get(k)) == c
                                          for k, c in bad):
                return bad
        return None

    def _play(self, masked: GameRecord) -> None:
        """Play the masked moves not yet played, each followed by its outcomes."""
        source = _Filler(self, masked.chance)
        for data in masked.actions[len(self.record.actions):]:
            self._marks.append(_Mark(self.state.clone(), self.dealt, len(self.record.chance), Counter(self.counts),
                                     frozenset(self.drawn), dict(self.fills)))
            choice = self.game.choice_deck(self.state)
            if choice is not None:
                self._choose(choice)
            plain = self.named(data)
            self.game.apply(self.state, self.game.parse_action(plain))
            self.record.actions.append(plain)
            self.game.deal(self.state, source)
            self._check_named(data)
            self._check_exposed(plain)

    def _choose(self, deck: str) -> None:
        """The next position of ``deck``, taken by the hidden choice about to be played
        (``Game.choice_deck``): filled, when this device does not read it, with the first
        legal choice not ruled out (``fill``)."""
        key = Key(deck, position(deck, self.counts[deck]))
        self.counts[deck] += 1
        self.drawn.add(key)
        legal = [(a, 1) for a in self.game.legal_actions(self.state)]
        if key not in self.known:
            self.fills[key] = self.fill(self.state, key, legal)
            return
        cards = _deck_cards(self.game, self.state, self.decks, deck)
        if all(_card_in(self.game, deck, cards, self.game.dump_action(a)) != self.known[key] for a, _ in legal):
            # the choice this device reads is not offered here: the deck's fills before it
            # decided what was left to choose from, and together they are a nogood
            before = frozenset((k, c) for k, c in self.fills.items() if k.deck == deck and k.at < key.at)
            if not before:
                raise ValueError(f"the choice at position {key.at} of deck {deck!r} is not offered")
            raise _DeadEnd(key, before)

    def _held_fills(self) -> Nogood:
        """The fills of the positions whose cards the mover of the move just played held
        hidden before it (the state of the last mark), of the kinds that steer the rules
        (``Game.steering_kinds``; a kind held twice: every position filled with it)."""
        before = self._marks[-1]
        state, fills = before.state, before.fills
        mover = self.game.to_move(state)
        if mover is None or mover < 0 or not fills:
            return frozenset()
        kinds = self.game.steering_kinds()
        held = {h["item"] for h in self.game.hidden_items(state)
                if h["seat"] == mover and (kinds is None or h["kind"] in kinds)}
        return frozenset((k, c) for k, c in fills.items() if c in held)

    def _check_exposed(self, plain: dict) -> None:
        """``_Exposed`` when a filled card is in the spectator's view: every card face up has
        a position all devices read, so this world's fills made the move just played (``plain``)
        do something the true game's move did not. Either the move named the card (two copies
        of a kind: the rules moved the first in a hand, a fill: the fill's kind is banned from
        its position), or the rules acted by themselves on the mover's hidden cards (his one
        way to pay a dilemma, paid for him, where the true game asked him to choose): then the
        mover's fills before the move (``_held_fills``) are a nogood, never to be made all at
        once again (his options depend only on the public table and his own hidden cards)."""
        if not self.fills:
            return
        told: dict[str, frozenset[str] | None] = {}
        for key, card in self.fills.items():   # decks whose cards the game says where they are seen
            if key.deck not in told:
                told[key.deck] = self.game.shown_cards(self.state, None, key.deck)
            cards = told[key.deck]
            if cards is not None and card in cards and not self._held_later(key, card):
                raise _Exposed(key, card)   # seen where the true game shows another: never there
        # a card id holds no character JSON escapes, so it is a text of the view exactly
        # when it stands between quotes in the view's JSON (much faster than walking it)
        shown = json.dumps(self.game.view(self.state, None))
        named = set(_SEPARATORS.split(" ".join(texts_in(plain))))
        read: Counter[str] | None = None   # the cards of the positions drawn that this device reads
        for key, card in self.fills.items():
            if told[key.deck] is None and f'"{card}"' in shown:
                if read is None:
                    read = Counter(c for k, c in self.known.items() if k in self.drawn)
                if shown.count(f'"{card}"') <= read[card] and not self._paid_for(key, card, named):
                    continue   # each copy face up may be one this device reads (a kind held twice)
                held = self._held_fills() if named.isdisjoint(self.game.card_names(key.deck, card)) else frozenset()
                raise _Exposed(key, card, held | {(key, card)} if held else frozenset())

    def _paid_for(self, key: Key, card: str, named: set[str]) -> bool:
        """Whether the rules may have played the fill ``card`` at ``key`` face up by
        themselves in the move just played: the move named no card of its kind, and the seat
        the position was drawn for holds fewer copies of the kind after the move than before
        it and the draws of the move gave him (a kind held twice: the copies read before may be face up no more, the artifact deck
        rebuilt from its discards)."""
        holder = self.drawer.get(key)
        if holder is None or not named.isdisjoint(self.game.card_names(key.deck, card)):
            return False

        def copies(state: GameState) -> int:
            return sum(1 for h in self.game.hidden_items(state) if h["seat"] == holder and h["item"] == card)
        before = self._marks[-1]
        drawn = sum(1 for k in self.drawn - before.drawn if self.drawer.get(k) == holder and self.card_at(k) == card)
        return copies(self.state) < copies(before.state) + drawn

    def _held_later(self, key: Key, card: str) -> bool:
        """Whether ``card`` lies at a position of ``key``'s deck drawn after ``key`` in this
        world (a card handed on again holds two positions: it is seen at the later one)."""
        return any(k.deck == key.deck and k.at > key.at and k in self.drawn and self.card_at(k) == card
                   for k in (*self.known, *self.fills))

    def _check_named(self, data: dict) -> None:
        """``_Exposed`` when the move just played (``data``, masked) named a card by a token
        that its masking (``_mask_action``) could not have written from this world: a token
        names the lowest position of the cards bearing its name that the mover held hidden
        and the move moved. Where this world's rules moved another card of that name than
        the token's (two cards of one kind, Citadels' "keep harbor" with a filled harbor
        beside the true one), or such a card lies at a lower position, that card is a fill
        the true game does not hold there: its id is kept off its position (only its id: a
        third copy of the kind may still be the true card)."""
        tokens = [found for found in map(token_key, _tokens_in(data)) if found is not None]
        if not tokens or not self.fills:
            return
        before = self._marks[-1]
        mover = self.game.to_move(before.state)
        if mover is None or mover < 0:
            return
        held = Counter(h["item"] for h in self.game.hidden_items(before.state) if h["seat"] == mover)
        moved: set[str] | None = None
        for key, name in tokens:
            if self.game.numbered_cards(key.deck) is not None:
                continue   # a hidden choice: numbered, no kind shared by two cards
            text = self.game.card_names(key.deck, self.card_at(key))[name]
            named = {k: names.index(text) for k in before.drawn
                     if text in (names := self.game.card_names(k.deck, self.card_at(k))) and held[self.card_at(k)]}
            if not any(k in before.fills and k != key for k in named):
                continue   # no fill the rules could have moved in its place
            if moved is None:
                cards = frozenset(self.card_at(k) for k in before.drawn)
                moved = {card for _, card in _places(before.state, cards) - _places(self.state, cards)}
            candidates = {(k, i): self.card_at(k) for k, i in named.items() if self.card_at(k) in moved}
            wrong = [(k, card) for (k, i), card in sorted(candidates.items())
                     if k in before.fills and ((key, name) not in candidates or (k, i) < (key, name))]
            if wrong:
                k, card = wrong[0]
                raise _Exposed(k, card, names=frozenset((card,)))

    def contradicted(self, known: Mapping[Key, str], banned: Mapping[Key, frozenset[str]] | None = None) -> bool:
        """Whether ``known`` or ``banned`` proves a fill of this world wrong (``wrong_fills``)."""
        return bool(self.wrong_fills(known, banned))

    def wrong_fills(self, known: Mapping[Key, str], banned: Mapping[Key, frozenset[str]] | None = None) -> set[Key]:
        """The filled positions that ``known`` says hold another card, those whose card it says
        is at a position of the same deck it now reads, and those whose card ``banned`` keeps
        off them."""
        wrong = {key for key, names in (banned or {}).items()
                 if key in self.fills and not names.isdisjoint(self.game.card_names(key.deck, self.fills[key]))}
        learnt = {(key.deck, card) for key, card in known.items() if key not in self.known}
        wrong |= {key for key, card in self.fills.items() if (key.deck, card) in learnt and known.get(key) != card}
        wrong |= {key for key, card in known.items() if key in self.fills and self.fills[key] != card}
        return wrong

    def _drawn_in(self, key: Key) -> int:
        """The index of the move during which ``key`` was drawn (with its outcomes; the number
        of moves played when it was drawn in the move being played now), -1 in the set-up."""
        marks = self._marks   # each mark's positions drawn hold the one before's: search by halves
        low, high = 0, len(marks)
        while low < high:
            middle = (low + high) // 2
            if key in marks[middle].drawn:
                high = middle
            else:
                low = middle + 1
        return low - 1

    def _rewind(self, keys: set[Key], latest: bool = False) -> bool:
        """Go back to the world before the move during which the first of ``keys`` was drawn
        (its fill and every later one undone), or with ``latest`` the last of them (a
        nogood is undone by changing any one of its fills: the latest, so the fills before
        it stand and the world replays the fewest moves), keeping what was learnt (known
        positions, bans, nogoods). False, with nothing changed, when that one was drawn
        before any move (in the set-up)."""
        moves = [self._drawn_in(key) for key in keys]
        back = (max(moves) if latest else min(moves)) + 1
        if back == 0:
            return False
        mark = self._marks[back - 1]
        del self._marks[back - 1:]
        self.state, self.dealt, self.counts = mark.state.clone(), mark.dealt, Counter(mark.counts)
        self.drawn, self.fills = set(mark.drawn), dict(mark.fills)
        self.record.actions[back - 1:] = []
        self.record.chance[mark.chance:] = []
        return True

    def _carry_on(self, masked: GameRecord) -> bool:
        """Play the masked moves not played yet; when a fill comes face up, learn from it
        (``_learn_from``) and go back before the latest fill of its nogood, or before its fill
        when it has none (``_rewind``). True once
        every move is played; False when that fill was made before any move (the world must
        then be built again, with what it learnt: ``build``)."""
        while True:
            try:
                self._play(masked)
                return True
            except _Exposed as exc:
                self.banned, self.nogoods = _learn_from(self.game, exc, self.banned, self.nogoods)
                self.rebuilds += 1
                blamed = {k for k, _ in exc.nogood}
                if not self._rewind(blamed or {exc.key}, latest=bool(blamed)):
                    return False

    def advance(self, masked: GameRecord, known: Mapping[Key, str],
                banned: Mapping[Key, frozenset[str]] | None = None) -> "World":
        """This world carried on to ``masked`` (the same masked record, with more moves)
        with what the device reads now (``known``, a superset of what it read before) and
        the names it knows positions do not hold (``banned``, added to its bans): on from
        where it is, or rebuilt from the start when ``known`` or ``banned`` contradicts a
        fill. Returns the world to use (this one, or the rebuilt one)."""
        for key, names in (banned or {}).items():
            self.banned[key] = self.banned.get(key, frozenset()) | names
        wrong = self.wrong_fills(known, banned)
        if wrong:
            self.rebuilds += 1
            if not self._rewind(wrong):
                again = build(self.game, masked, known, self.banned, self.nogoods)
                again.rebuilds += self.rebuilds
                return again
        for key in known:
            self.fills.pop(key, None)
        self.known = dict(known)
        if self._carry_on(masked):
            return self
        again = build(self.game, masked, known, self.banned, self.nogoods)
        again.rebuilds += self.rebuilds
        return again


def _learn_from(game: Game, exposed: _Exposed, banned: Mapping[Key, frozenset[str]],
                nogoods: frozenset[Nogood]) -> tuple[dict[Key, frozenset[str]], frozenset[Nogood]]:
    """The bans and nogoods after ``exposed`` (``World._check_exposed``): its nogood added, or,
    without one, its card's names kept off its position (the true card there is none of them:
    the rules would have moved it the same way). ``ValueError`` when it teaches nothing new:
    the world would go back and fail the same way again (no world fits what the device
    reads), so each retry of ``build`` and ``World._carry_on`` rules something out."""
    bans = dict(banned)
    if exposed.nogood:
        if exposed.nogood in nogoods:
            raise ValueError(f"{exposed}, again: no world fits what this device reads")
        return bans, nogoods | {exposed.nogood}
    names = frozenset(exposed.names if exposed.names is not None else
                      game.card_names(exposed.key.deck, exposed.card))
    if names <= bans.get(exposed.key, frozenset()):
        raise ValueError(f"{exposed}, again: no world fits what this device reads")
    bans[exposed.key] = bans.get(exposed.key, frozenset()) | names
    return bans, nogoods


def build(game: Game, masked: GameRecord, known: Mapping[Key, str],
          banned: Mapping[Key, frozenset[str]] | None = None, nogoods: frozenset[Nogood] = frozenset()) -> World:
    """The world of a device reading ``known`` replayed from ``masked``: played from the
    start, going back before a fill (``World._rewind``) or starting again with one more card
    kept off a position, or one more set of fills ruled out, each time a filled card comes
    face up (``World._check_exposed``; each retry rules out a card or a set of fills, of which
    there are finitely many, so this ends). ``rebuilds`` counts the retries."""
    bans: dict[Key, frozenset[str]] = dict(banned or {})
    retries = 0
    index = _NogoodIndex()   # kept from one retry to the next: nogoods only grow
    while True:
        try:
            w = World(game, masked, known, bans, nogoods, play=False, index=index)   # the set-up dealt
        except _Exposed as exc:
            bans, nogoods = _learn_from(game, exc, bans, nogoods)
            retries += 1
            continue
        w.rebuilds = retries
        if w._carry_on(masked):
            return w
        bans, nogoods, retries = w.banned, w.nogoods, w.rebuilds


def world(game: Game, masked: GameRecord, known: Mapping[Key, str],
          banned: Mapping[Key, frozenset[str]] | None = None) -> tuple[GameState, GameRecord]:
    """The state and the plain record of the world a device replays from ``masked`` reading
    the positions of ``known`` (position -> card) and knowing ``banned`` (position -> names
    it does not hold); see ``World``."""
    w = build(game, masked, known, banned)
    return w.state, w.record

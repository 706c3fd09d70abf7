"""A shared deck dealt by mental poker: each card reaches its owner alone, face-down cards
stay unreadable by any single device, and nobody chooses or sees the order.

Issue 39, stage 3 ("nobody reads what he may not see"; "everything is checked in the end").
This module is the protocol alone, as pure functions over plain JSON data: no game and no
page use it yet (see *Joining the game* below for how they will).

**The group.** The prime-order subgroup of Ed25519's curve (edwards25519, RFC 8032 and
RFC 7748: order ``ORDER`` = l = 2**252 + 27742317777372353535851937790883648493, cofactor 8),
through python-ecdsa's ``PointEdwards`` (pure Python, the same in CPython and Pyodide). A
point travels as its 32-byte encoding (RFC 8032 section 5.1.2) in base64url (43 characters).

**The cards** (``card_points``). Card ``i`` of a deck is a point with no known discrete
logarithm (never ``i`` times the generator, whose logarithms are known: a seat could then
read cards by solving small logarithms), *hashed to the group* by **try-and-increment** (the
MapToGroup of Boneh, Lynn and Shacham, 2001): the candidate encodings BLAKE2b-256(game id,
deck name, ``i``, counter), counter 0, 1, 2, ..., until one decodes to a curve point (about
every second one does); that point times the cofactor 8 is the card (so it lies in the
prime-order subgroup; it is checked not to be the identity and to have order l). RFC 9380
prefers constant-time maps for secret inputs; these inputs are public, so the loop's timing
tells nothing.

**Commutative encryption** (``lock``): Pohlig-Hellman exponentiation, as SRA uses it, in an
elliptic-curve group: E_k(P) = k*P, undone by k^-1 mod l; locks commute (a*(b*P) = b*(a*P)).
In a prime-order group the Decisional Diffie-Hellman assumption is believed to hold, so a
locked card shows nothing of which card it is; SRA over the integers modulo a prime leaks
each card's quadratic residuosity (Lipton, 1981), which a prime-order group has none of. A
point from another device may carry a small-order component (a *torsion mark* that would
follow one card through everyone's shuffles): each multiplication here uses the integer
8 * (k * 8^-1 mod l), which is k modulo l and a multiple of 8 (as X25519 clamps its scalars
to multiples of 8, RFC 7748), so every point a device makes lies in the prime-order
subgroup, whatever it was given.

**The deal** (SRA: Shamir, Rivest and Adleman, "Mental Poker", 1979; with a second lap that
puts a key on each position, the usual variant that lets one card be opened alone, as
kripod/mental-poker does). The deck starts as the
card points in order (``first_deck``). Then two laps of ``Step``s, each seat once in each, in
any fixed order:

1. ``shuffle_step``: seat ``s`` locks every card with its *deck key* e_s and shuffles
   (permutation pi_s): ``out[i] = e_s * in[pi_s[i]]``. After the lap every card is locked by
   every seat and the order is the composition of all the permutations: unknown to anyone
   unless all seats collude.
2. ``lock_step``: seat ``s`` removes its deck key and puts on its *position key* k_{s,p} at
   each position ``p``: ``out[p] = (k_{s,p} / e_s) * in[p]`` (one multiplication), and
   publishes a *key commitment* for each position: a hash commitment, BLAKE2b-128 of (deck,
   seat, position, k_{s,p}), against which anyone checks the key released later. It hides
   the key (a uniformly random 252-bit secret: nothing to guess) and binds the seat to it;
   16 bytes (22 characters) keep lap 2 short. Finding two keys with one commitment costs
   about 2**64 hashes, and would only make one card unreadable, which the audit names. (A
   point k_{s,p} * B would do as well, at twice the length and one more multiplication.)

After lap 2 position ``p`` holds (k_{0,p} * ... * k_{n-1,p}) * card. To let seat ``o`` read
it, every *other* seat releases its key for ``p`` (``release``: 32 bytes); anyone checks a
released key against its commitment at once (``check_release``: a wrong key is refused,
naming the seat and the position). Seat ``o`` removes the others' locks and then its own,
which it never releases (``read``), and finds the card among the card points. A card shown
to all (played face up) needs every seat's key; a face-down card stays locked by all.

**The secret** (``DeckSecret``). Every key and permutation of a seat follows from one
32-byte secret per seat and game, by keyed BLAKE2b used as a PRF (RFC 7693's keyed mode;
512-bit outputs reduced modulo l, as Ed25519 reduces SHA-512 outputs, RFC 8032, so the bias
is under 2**-259): the deck key e_s, each k_{s,p} (both nonzero), and pi_s, a Fisher-Yates
shuffle (Durstenfeld's version) whose ``i``-th swap index is the PRF's ``i``-th number
modulo ``i + 1``. So nothing new is stored on the device, and at the end of the game each
seat reveals its secret and every step is recomputed (``audit``): the first step that does
not follow from its seat's secret and the step before names its seat. SRA alone cannot see
a card replaced or duplicated under everyone's locks, nor an order chosen instead of drawn;
the audit sees all three. Some of it shows at once: a deck passed on with a card twice (the
same card under the same locks), a point that is not one, or a deck of the wrong size, is
refused by the next seat (``check_deck``), and a lock that does not match its commitment
makes the card unreadable (``read``), which the audit then blames on its seat.

**Cards handed from seat to seat** (``hand_over_request``, ``hand_over_answer``,
``read_handed``). A position that one seat alone reads (its *keeper*: every other seat's key
for it released) may be handed by the rules to another seat, the *receiver* (Citadels: the
Magician exchanges hands; a card put under the deck is drawn again by another seat). The
keeper's key cannot be released: with every other key public, that would open the card to
all. The hand-over is the last two passes of **Shamir's three-pass protocol** (the
Massey-Omura cipher, here in the group: the way SRA itself deals a card to a player), whose
first pass is the keeper's lap-2 lock:

1. the receiver takes the *keeper's point* k_{h,p} * card (``keeper_point``: the position's
   point with every released key removed, computable by anyone), locks it with its own
   *blinding key* b_{r,p} (``DeckSecret.blinding_key``, from its secret by the PRF) and
   publishes the request b_{r,p} * k_{h,p} * card;
2. the keeper removes its lock (``unlock`` with k_{h,p}) and publishes the answer
   b_{r,p} * card;
3. the receiver removes b_{r,p} and finds the card among the card points.

*Who learns what.* The keeper learns nothing (it reads the card already). Anyone else sees
k * C, b * k * C and b * C for an unknown card C: telling which card it is, is deciding a
Diffie-Hellman tuple, the DDH assumption every lock here rests on. *A wrong answer* opens
no card, and the receiver's device refuses it at once, naming the keeper: the keeper's lock
left on (the request sent back), another card's point, its own point of another position,
an answer to another request (blinded by another key: one per receiver and position, so a
replayed answer never opens). To make another card open, the keeper would need b_{r,p} or a
discrete logarithm between two cards' points (hashed to the group: none is known). *A
request* is checked by the receiver's own device against the one its secret makes (a
request changed in the record, with which a receiver could make an honest keeper's answer
fail, names the receiver); the keeper can only check it is a point. The keeper's unlocking
serves any point sent to it, but k_{h,p} locks nothing but position ``p``: it opens nothing
else. The audit recomputes both from the revealed secrets (``audit``'s ``handed``). *Costs*:
43 characters for the request and for the answer, one multiplication each (and one per
released key to find the keeper's point). The messages they take are the plan's
(``engines.core.dealing``: standing requests ride in the receiver's ordinary moves, so the
Magician's exchange costs two extra messages).

**Joining the game** (a design note for the wiring; not built here).

- *Lap 1 rides on stage 2's set-up lap* (``engines.core.reveal``): each seat's lap segment,
  which commits its chain's anchor, also carries its ``shuffle_step`` of each deck (the
  creator's of ``first_deck``). Lap 2 is the one extra lap of messages the deal costs: back
  at the creator, each seat in turn, the creator first, adds its ``lock_step`` and its
  releases for the positions of the other seats' starting hands and first reserves (a key
  depends on the secret only, so it may be released before the later seats lock); back at
  the creator again, the creator deals the set-up, each hand readable by its owner alone.
  A seat's secret is fixed by its lap-1 step (which only that secret explains), before any
  public value is revealed.
- *Steps in links.* The next seat needs the whole deck of the step before (66 points are
  about 2,900 characters in base64url), and lap 2's commitments (about 1,500 characters a
  seat) are needed until the game ends: lap 2's links carry the steps made so far, the
  creator's deal link carries every seat's commitments once, each device keeps them, and
  later links carry none. For the audit a link needs only a hash of each earlier step
  (BLAKE2b of its canonical JSON) signed in its segment; each device keeps the steps it
  saw (``bench/deck.py`` prints the sizes).
- *Positions and draws: reserve before releasing.* The deck's order is its positions, 0, 1,
  2, ...; every position goes to one seat before anyone releases a key for it. Released keys
  are public (they ride in links), and a position whose keys are all public but one seat's
  is readable by that seat: so a seat must never release its key for a position it may draw
  itself, or it would show its own card to whoever holds the last key. Hence the rule the
  wiring needs (the lead's "next position at each private draw, releases for the next few
  positions in ordinary moves", made safe): each seat holds a *reserve* of the next ``W``
  positions it will draw (``W`` as many as the rules may let it draw before the others move
  again); a reserve is topped up, from the next unreserved positions, by a rule that is a
  public function of the record (for example: after each move, the seats in turn order whose
  reserve is short), never of the cards; each seat's ordinary moves carry its releases for
  the positions newly reserved to the others. A seat's private draw takes the first
  position of its reserve, whose other keys are already in the links: no extra message. The
  reservation depends on nothing anyone knows of the cards, so each draw is as random as
  from a physical deck. A draw for all to see (a card face up) takes the next unreserved
  position and needs every seat's key (``read`` with ``own=None``); a card played face up
  later is opened by its owner releasing its own key. A reshuffled discard pile is a new
  deck (a new ``name``), dealt by two new laps. A card a player puts under the deck keeps
  its position: that player still reads it, and when the rules draw it again into another
  seat's hand, it is handed over (above).
- *The Citadels character draft* needs no deck: the King legitimately sees every character
  but the face-down one and may deduce it, so the King's device deals the characters, commits
  to each with a salted hash and passes the rest encrypted to the next chooser (issue 39's
  note; built in ``engines.core.draft``). The face-down character must not follow from
  public values alone: stage 2's reveal values are public, so a character drawn from them
  would be known to everyone. Nor may the
  King's device draw it from fresh entropy, which it could draw again until it liked it.
  ``DeckSecret.private_number`` gives the number to draw it from: keyed by the King's deck
  secret (fixed by his lap-1 step before any reveal, and opened at the audit) and hashing the
  public values in force, so that nobody else can compute it, the King cannot choose it,
  and the audit recomputes it.

**What is NOT protected.** A hand-over's answer is checked by its receiver alone: the
other devices cannot tell a wrong one until the audit (a proof of correct unlocking, such as
Chaum-Pedersen's, would need each key published as a point, where lap 2 commits to keys by
hashes), and a keeper that does not answer blocks the receiver, as a withheld key does.
A shuffle is checked only at the audit: a seat that replaces a
card or chooses the order in its shuffle is named at the end of the game, not when it does
it (a game may be played out with a changed deck before it is found). A seat that stops
answering, or withholds a key, blocks the deal: nobody can read a card without its key.
Seats that collude pool their keys: together they read what any of them may read, as
players showing each other their hands would (a card still locked by a seat outside them
stays unreadable). A
modified page reads its own device's memory, which holds its own seat's cards and no other
(the device hosting bots holds the bots' cards).
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from ecdsa.curves import Ed25519
from ecdsa.ellipticcurve import PointEdwards

from .i18n import Text, player, texts
from .seal import SealError, b64, unb64

_T = texts("core")

Step = dict[str, Any]
"""One step of the deal, plain JSON: ``{"seat": 1, "lap": 1, "deck": [43-char points]}``,
with ``"keys"`` (the key commitments, one per position) in a lap-2 step."""

ORDER: int = Ed25519.order
"""l, the order of the prime-order subgroup (and of the generator ``B``)."""
POINT_BYTES = 32
"""Length of a point's encoding (RFC 8032 section 5.1.2) and of a scalar's."""
SECRET_BYTES = 32
"""Length of a seat's deck secret."""
_CURVE = Ed25519.generator.curve()
_INV8 = pow(8, -1, ORDER)
_CARD = b"tavolo-deck-card"
"""BLAKE2b personalisation (16 bytes at most) of a card's candidate encodings."""
_DECK_KEY = b"tavolo-deck-ekey"
"""BLAKE2b personalisation of a seat's deck key (lap 1)."""
_POSITION_KEY = b"tavolo-deck-pkey"
"""BLAKE2b personalisation of a seat's position keys (lap 2)."""
_SHUFFLE = b"tavolo-deck-perm"
"""BLAKE2b personalisation of a seat's permutation's numbers."""
_PRIVATE = b"tavolo-deck-priv"
"""BLAKE2b personalisation of a seat's private numbers (``DeckSecret.private_number``)."""
_BLIND = b"tavolo-deck-blnd"
"""BLAKE2b personalisation of a seat's blinding keys (``DeckSecret.blinding_key``)."""
_COMMIT = b"tavolo-deck-comm"
"""BLAKE2b personalisation of a position key's commitment."""
COMMITMENT_BYTES = 16
"""Length of a key commitment (module doc: 128-bit binding)."""


@dataclass(frozen=True)
class DeckSpec:
    """Which deck is dealt: the game ``gid``, the deck's ``name`` ("districts"), its number
    of cards ``size`` (card ``i`` is the game's ``i``-th card of that deck) and of ``seats``.
    Two decks of one game (or one deck reshuffled, under a new name) share nothing."""

    gid: str
    name: str
    size: int
    seats: int

    def tweak(self) -> bytes:
        """The game id and the deck's name, length-prefixed, and the deck's size: what every
        hash of this deck starts with (so that no two decks' hashes meet)."""
        gid, name = self.gid.encode("utf-8"), self.name.encode("utf-8")
        if len(gid) > 255 or len(name) > 255 or not 0 < self.size < 2 ** 16 or not 0 < self.seats < 256:
            raise ValueError("a deck has a game id and a name of at most 255 bytes, 1 to 65535 cards, 1 to 255 seats")
        return bytes([len(gid)]) + gid + bytes([len(name)]) + name + struct.pack(">H", self.size)


# ---- errors --------------------------------------------------------------------------------

class DeckError(SealError):
    """A step of the deal or a released key that does not check. ``seat``: the seat at fault
    (None when the fault cannot be told before the audit); ``position``: the deck position
    concerned (0-based; the message names it from 1), None for a whole step."""

    def __init__(self, reason: "Text | str", seat: int | None = None, position: int | None = None,
                 detail: "Text | str" = "") -> None:
        super().__init__(reason, seat=seat, move=None, detail=detail)
        self.position = position


def _damaged(seat: int, detail: Text) -> DeckError:
    return DeckError(_T("The deck {player} passed on is damaged.", player=player(seat)), seat=seat, detail=detail)


# ---- points and scalars --------------------------------------------------------------------

def encode(point: Any) -> str:
    """A point as base64url of its 32-byte encoding."""
    return b64(point.to_bytes())


def decode(text: Any) -> PointEdwards | None:
    """The point ``text`` encodes, or None when it is none: not 32 bytes of base64url, not the
    canonical encoding of a curve point (y < p), or a point of small order (8 * P is the identity;
    python-ecdsa takes points with x = 0 or y = 0 for the identity, and those are all of
    small order). A point may still carry a small-order component: ``lock`` removes it."""
    data = unb64(text, POINT_BYTES)
    if data is None:
        return None
    try:
        point = PointEdwards.from_bytes(_CURVE, data)
    except Exception:  # python-ecdsa raises MalformedPointError and others for non-points
        return None
    if (not isinstance(point, PointEdwards) or not 0 < point.y() < _CURVE.p() or point.x() == 0
            or point.to_bytes() != data):  # python-ecdsa keeps a y of p or more as it is: not canonical
        return None
    if not isinstance(point * 8, PointEdwards):  # three doublings
        return None
    return point


def lock(point: PointEdwards, k: int) -> PointEdwards:
    """``k * point`` (Pohlig-Hellman/SRA encryption in the group, with the key ``k`` mod l)
    projected onto the prime-order subgroup: multiplied by the integer 8 * (k * 8^-1 mod l),
    which is ``k`` modulo l and kills any small-order component. ``unlock`` undoes it."""
    if k % ORDER == 0:
        raise ValueError("a lock's key is never 0 modulo l")
    out = point * (8 * (k * _INV8 % ORDER))
    if not isinstance(out, PointEdwards):  # the identity: point had small order only
        raise ValueError("a point of small order cannot be locked")
    return out


def unlock(point: PointEdwards, k: int) -> PointEdwards:
    """The point ``lock(., k)`` made ``point`` from: ``lock(point, k^-1 mod l)``."""
    return lock(point, pow(k, -1, ORDER))


def scalar_text(k: int) -> str:
    """A scalar (0 < k < l) as base64url of its 32 bytes, little-endian (as RFC 8032)."""
    return b64(k.to_bytes(POINT_BYTES, "little"))


def scalar_of(text: Any) -> int | None:
    """The scalar ``scalar_text`` wrote, or None when ``text`` is not one (0 < k < l)."""
    data = unb64(text, POINT_BYTES)
    k = int.from_bytes(data, "little") if data is not None else 0
    return k if 0 < k < ORDER else None


def commitment(spec: DeckSpec, seat: int, position: int, k: int) -> str:
    """The commitment of ``seat``'s key ``k`` for ``position`` of ``spec``: BLAKE2b-128 of
    the deck, the seat, the position and the key, in base64url (22 characters)."""
    data = spec.tweak() + struct.pack(">BI", seat, position) + k.to_bytes(POINT_BYTES, "little")
    return b64(hashlib.blake2b(data, digest_size=COMMITMENT_BYTES, person=_COMMIT).digest())


# ---- the cards -----------------------------------------------------------------------------

def _hash_to_group(tweak: bytes, index: int) -> PointEdwards:
    """Card ``index``'s point by try-and-increment (module doc): the first candidate encoding
    BLAKE2b-256(tweak, index, counter) that decodes to a curve point, times the cofactor 8;
    checked to be neither the identity nor outside the subgroup of order l."""
    for counter in range(256):  # each candidate decodes with probability about 1/2
        data = hashlib.blake2b(tweak + struct.pack(">HB", index, counter), digest_size=POINT_BYTES,
                               person=_CARD).digest()
        candidate = decode(b64(data))
        if candidate is None:
            continue
        point = candidate * 8
        if isinstance(point, PointEdwards) and point.x() != 0 and not isinstance(point * ORDER, PointEdwards):
            return point
    raise ValueError("no candidate of 256 decodes to a point: BLAKE2b is not behaving as a hash")  # pragma: no cover


@lru_cache(maxsize=16)
def card_points(spec: DeckSpec) -> tuple[str, ...]:
    """Every card's point of the deck ``spec``, encoded, in card order (computed once)."""
    tweak = spec.tweak()
    points = tuple(encode(_hash_to_group(tweak, i)) for i in range(spec.size))
    if len(set(points)) != spec.size:  # pragma: no cover - a collision of BLAKE2b-256
        raise ValueError("two cards of the deck hash to one point")
    return points


@lru_cache(maxsize=16)
def _card_index(spec: DeckSpec) -> dict[str, int]:
    return {point: i for i, point in enumerate(card_points(spec))}


def first_deck(spec: DeckSpec) -> list[str]:
    """The deck before lap 1: the card points in order, public."""
    return list(card_points(spec))


def card_of(spec: DeckSpec, point: str) -> int | None:
    """The card whose point is ``point``, or None when it is no card of the deck."""
    return _card_index(spec).get(point)


# ---- a seat's secret -----------------------------------------------------------------------

class DeckSecret:
    """One seat's secret for the decks of one game (32 bytes of the system's entropy,
    ``new``; kept on the device as ``to_text``, revealed only at the audit). Every key and
    the permutation of each of the seat's steps follow from it by keyed BLAKE2b as a PRF."""

    def __init__(self, secret: bytes, seat: int) -> None:
        if len(secret) != SECRET_BYTES:
            raise ValueError(f"a seat's deck secret is {SECRET_BYTES} bytes, not {len(secret)}")
        self._secret, self.seat = secret, seat

    @classmethod
    def new(cls, seat: int) -> "DeckSecret":
        return cls(secrets.token_bytes(SECRET_BYTES), seat)

    def to_text(self) -> str:
        """The secret in base64url: what the device keeps, and what the seat reveals at the end."""
        return b64(self._secret)

    @classmethod
    def from_text(cls, text: Any, seat: int) -> "DeckSecret":
        """A secret written by ``to_text``; a ``DeckError`` naming ``seat`` when it is not one."""
        data = unb64(text, SECRET_BYTES)
        if data is None:
            raise DeckError(_T("{player}'s secret for the deck is damaged.", player=player(seat)), seat=seat,
                            detail=_T("not {n} bytes of base64url", n=SECRET_BYTES))
        return cls(data, seat)

    def _number(self, person: bytes, spec: DeckSpec, index: int, counter: int = 0) -> int:
        """The PRF's 512-bit number for (deck, seat, index, counter) under ``person``."""
        data = spec.tweak() + struct.pack(">BIB", self.seat, index, counter)
        return int.from_bytes(hashlib.blake2b(data, digest_size=64, key=self._secret, person=person).digest(), "little")

    def _scalar(self, person: bytes, spec: DeckSpec, index: int) -> int:
        for counter in range(256):  # 0 with probability 2**-252 each
            k = self._number(person, spec, index, counter) % ORDER
            if k:
                return k
        raise ValueError("the PRF gave 0 256 times")  # pragma: no cover

    def deck_key(self, spec: DeckSpec) -> int:
        """e_s: the key that locks every card in lap 1."""
        return self._scalar(_DECK_KEY, spec, 0)

    def position_key(self, spec: DeckSpec, position: int) -> int:
        """k_{s,p}: the key that locks ``position`` in lap 2."""
        return self._scalar(_POSITION_KEY, spec, position)

    def blinding_key(self, spec: DeckSpec, position: int) -> int:
        """b_{s,p}: the key with which this seat blinds its request for ``position`` when a
        card is handed to it (``hand_over_request``): one per position (a seat reads a
        position once), so an answer made for another request opens nothing here."""
        return self._scalar(_BLIND, spec, position)

    def private_number(self, gid: str, label: str, index: int, public: bytes) -> int:
        """A 512-bit number only this seat can compute, which it cannot choose: keyed BLAKE2b
        (the PRF) of the game, ``label`` ("characters"), ``index`` (the round) and ``public``
        (the public values in force, e.g. stage 2's reveals). The secret is fixed by the
        seat's first lap-1 step and revealed at the audit, which recomputes it (module doc:
        the Citadels draft's face-down character)."""
        spec = DeckSpec(gid, label, 1, 1)
        data = spec.tweak() + struct.pack(">BI", self.seat, index) + public
        return int.from_bytes(hashlib.blake2b(data, digest_size=64, key=self._secret, person=_PRIVATE).digest(),
                              "little")

    def permutation(self, spec: DeckSpec) -> list[int]:
        """pi_s: Fisher-Yates (Durstenfeld) driven by the PRF: for i from size-1 down to 1,
        swap i with the PRF's i-th number mod (i + 1) (bias below 2**-490)."""
        order = list(range(spec.size))
        for i in range(spec.size - 1, 0, -1):
            j = self._number(_SHUFFLE, spec, i) % (i + 1)
            order[i], order[j] = order[j], order[i]
        return order

    def __repr__(self) -> str:  # never show the secret
        return f"DeckSecret(seat={self.seat})"


# ---- the steps -----------------------------------------------------------------------------

def check_deck(spec: DeckSpec, deck: Any, sender: int) -> list[PointEdwards]:
    """The points of ``deck`` as ``sender`` passed it on, or a ``DeckError`` naming ``sender``
    when it is not ``spec.size`` distinct points (a card twice is the same card under the
    same locks: a duplicate put in by ``sender`` or before)."""
    if not isinstance(deck, list) or len(deck) != spec.size:
        raise _damaged(sender, _T("not a list of {n} points", n=spec.size))
    points = [decode(text) for text in deck]
    bad = next((p for p, point in enumerate(points) if point is None), None)
    if bad is not None:
        raise _damaged(sender, _T("position {position} is not a point", position=bad))
    if len(set(deck)) != len(deck):
        raise DeckError(_T("The deck {player} passed on holds a card twice.", player=player(sender)), seat=sender,
                        detail=_T("two equal points"))
    return [point for point in points if point is not None]


def check_step(spec: DeckSpec, step: Any, sender: int, lap: int) -> Step:
    """A step of ``lap`` as ``sender``'s device sent it (from a link), checked before anyone
    uses it: its seat is ``sender``, its deck passes ``check_deck``, and a lap-2 step has one
    key commitment (16 bytes in base64url) per position. Else a ``DeckError`` naming
    ``sender``. (Whether the step follows from the step before is for the audit.)"""
    if not isinstance(step, dict) or type(step.get("seat")) is not int or step.get("seat") != sender \
            or type(step.get("lap")) is not int or step.get("lap") != lap:  # not true or 1.0 for 1
        raise _damaged(sender, _T("not a step of this seat and lap"))
    check_deck(spec, step.get("deck"), sender)
    keys = step.get("keys")
    if lap == 2 and (not isinstance(keys, list) or len(keys) != spec.size
                     or any(unb64(key, COMMITMENT_BYTES) is None for key in keys)):
        raise _damaged(sender, _T("not one key commitment per position"))
    return step


def _distinct(spec: DeckSpec, deck: list[str], sender: int | None) -> list[str]:
    """``deck`` as made; two equal points there come from two points given that differ only
    by a small-order component (``lock`` removes it): ``sender`` passed on a disguised copy."""
    if len(set(deck)) != len(deck) and sender is not None:
        raise DeckError(_T("The deck {player} passed on holds a card twice.", player=player(sender)), seat=sender,
                        detail=_T("two points equal but for a small-order component"))
    return deck


def _input(spec: DeckSpec, deck: Any, sender: int | None) -> list[PointEdwards]:
    if sender is None:  # the first step: the card points, made here
        return [point for point in map(decode, first_deck(spec)) if point is not None]
    return check_deck(spec, deck, sender)


def shuffle_step(spec: DeckSpec, deck: Any, secret: DeckSecret, sender: int | None) -> Step:
    """Lap 1 for ``secret.seat``: ``out[i] = e_s * deck[pi_s[i]]``. ``deck``: the step before's
    deck, passed on by ``sender`` (checked, ``check_deck``), or ``first_deck`` with ``sender``
    None for the lap's first seat."""
    points = _input(spec, deck, sender)
    e, order = secret.deck_key(spec), secret.permutation(spec)
    out = [encode(lock(points[order[i]], e)) for i in range(spec.size)]
    return {"seat": secret.seat, "lap": 1, "deck": _distinct(spec, out, sender)}


def lock_step(spec: DeckSpec, deck: Any, secret: DeckSecret, sender: int) -> Step:
    """Lap 2 for ``secret.seat``: ``out[p] = (k_{s,p} / e_s) * deck[p]`` (its deck key off,
    its position key on) and ``keys[p]``, the commitment of k_{s,p}. ``deck`` as ``sender``
    passed it on."""
    points = check_deck(spec, deck, sender)
    e_inverse = pow(secret.deck_key(spec), -1, ORDER)
    keys = [secret.position_key(spec, p) for p in range(spec.size)]
    out = [encode(lock(points[p], keys[p] * e_inverse % ORDER)) for p in range(spec.size)]
    return {"seat": secret.seat, "lap": 2, "deck": _distinct(spec, out, sender),
            "keys": [commitment(spec, secret.seat, p, k) for p, k in enumerate(keys)]}


# ---- releasing and reading -----------------------------------------------------------------

def release(spec: DeckSpec, secret: DeckSecret, position: int) -> str:
    """What ``secret.seat`` gives so that another seat may read ``position``: its key k_{s,p}.
    Released keys are public: never release a key for a position the seat may draw itself
    (module doc: *reserve before releasing*)."""
    if not 0 <= position < spec.size:
        raise ValueError(f"the deck has positions 0 to {spec.size - 1}, not {position}")
    return scalar_text(secret.position_key(spec, position))


def _commitment_of(spec: DeckSpec, locked: Sequence[Step], seat: int, position: int) -> str:
    """``seat``'s commitment for ``position`` in its lap-2 step (one of ``locked``, each
    checked by ``check_step``); a ``DeckError`` naming the seat when it has none."""
    if not 0 <= position < spec.size:
        raise ValueError(f"the deck has positions 0 to {spec.size - 1}, not {position}")
    for step in locked:
        if step.get("seat") == seat:
            return str(step["keys"][position])
    raise DeckError(_T("The deal of the deck is incomplete or out of order at step {n}.", n=spec.seats + 1),
                    seat=seat, position=position, detail=_T("no step of lap 2 by this seat"))


def check_release(spec: DeckSpec, locked: Sequence[Step], seat: int, position: int, key: Any) -> int:
    """The key ``seat`` released for ``position``, checked against its commitment in the
    seat's lap-2 step (one of ``locked``, each checked by ``check_step``); a ``DeckError``
    naming the seat and the position when it is no scalar or not the committed one."""
    committed = _commitment_of(spec, locked, seat, position)
    k = scalar_of(key)
    if k is None or commitment(spec, seat, position, k) != committed:
        raise DeckError(_T("{player}'s key for card {n} of the deck does not open it.", player=player(seat),
                           n=position + 1), seat=seat, position=position,
                        detail=_T("not a scalar") if k is None else _T("not the committed key"))
    return k


def _unlocked_but(spec: DeckSpec, locked: Sequence[Step], position: int, releases: Mapping[int, Any],
                  kept: int | None) -> PointEdwards:
    """The point at ``position`` of the dealt deck (the last of ``locked``) with every seat's
    released key removed (each checked by ``check_release``) but ``kept``'s (None: every
    seat's). A ``DeckError`` naming a seat whose key is missing."""
    point = decode(locked[-1]["deck"][position])
    if point is None:  # the caller checked the lap (check_deck)
        raise _damaged(int(locked[-1]["seat"]), _T("position {position} is not a point", position=position))
    for seat in range(spec.seats):
        if seat == kept:
            continue
        if seat not in releases:
            raise DeckError(_T("Card {n} of the deck cannot be read yet: {player} has not given their key for it.",
                               n=position + 1, player=player(seat)), seat=seat, position=position,
                            detail=_T("a release missing"))
        point = unlock(point, check_release(spec, locked, seat, position, releases[seat]))
    return point


def read(spec: DeckSpec, locked: Sequence[Step], position: int, releases: Mapping[int, Any],
         own: DeckSecret | None) -> int:
    """The card at ``position`` of the dealt deck (the last of the lap-2 steps ``locked``,
    each checked by ``check_step``):
    each key of ``releases`` (seat -> released key) is checked (``check_release``) and
    removed, then ``own``'s lock (None when every seat released its key: a card shown to
    all). A ``DeckError`` when a seat's key is missing (naming it), or when the point then
    is no card of the deck (a lock not the one committed: the audit names its seat)."""
    if not 0 <= position < spec.size or not locked:
        raise ValueError(f"no position {position} in a deck of {spec.size} dealt in {len(locked)} lap-2 steps")
    point = _unlocked_but(spec, locked, position, releases, None if own is None else own.seat)
    if own is not None:
        point = unlock(point, own.position_key(spec, position))
    card = card_of(spec, encode(point))
    if card is None:
        raise DeckError(_T("Card {n} of the deck does not open to a card of the game: the deal was tampered with, "
                           "and the check at the end of the game will say by whom.", n=position + 1),
                        position=position, detail=_T("the unlocked point is no card point"))
    return card


# ---- handing a card from seat to seat --------------------------------------------------------

class HandedCard(NamedTuple):
    """One hand-over as the links carry it (module doc, *Cards handed from seat to seat*):
    ``receiver`` is to read ``position``, which ``keeper`` alone reads (every other seat's key
    for it is released); ``request`` is the receiver's blinded point, ``answer`` the
    keeper's reply (both 43-character points)."""

    position: int
    keeper: int
    receiver: int
    request: str
    answer: str


def keeper_point(spec: DeckSpec, locked: Sequence[Step], position: int, releases: Mapping[int, Any],
                 keeper: int) -> PointEdwards:
    """The point at ``position`` of the dealt deck with every lock removed but ``keeper``'s:
    k_{keeper,p} * card, computable by anyone from the public releases (``releases``: seat ->
    released key, each checked by ``check_release``). A ``DeckError`` naming a seat whose key
    is missing."""
    if not 0 <= position < spec.size or not locked or not 0 <= keeper < spec.seats:
        raise ValueError(f"no position {position} kept by seat {keeper} in a deck of {spec.size} cards "
                         f"dealt in {len(locked)} lap-2 steps")
    return _unlocked_but(spec, locked, position, releases, keeper)


def hand_over_request(spec: DeckSpec, locked: Sequence[Step], position: int, releases: Mapping[int, Any],
                      keeper: int, receiver: DeckSecret) -> str:
    """The receiver's request (blinded SRA, step 1): the keeper's point (``keeper_point``)
    locked with the receiver's blinding key b_{r,p} (``DeckSecret.blinding_key``), which
    nobody else knows. It shows nothing of the card (the same DDH assumption as every lock)."""
    if receiver.seat == keeper:
        raise ValueError("a seat does not hand a card over to itself")
    return encode(lock(keeper_point(spec, locked, position, releases, keeper), receiver.blinding_key(spec, position)))


def hand_over_answer(spec: DeckSpec, keeper: DeckSecret, position: int, request: Any, receiver: int) -> str:
    """The keeper's answer (blinded SRA, step 2): ``request`` with its own lock for
    ``position`` removed, b_{r,p} * card, which only the receiver can unblind. The keeper
    learns nothing (it reads the card already). A ``DeckError`` naming ``receiver`` when
    the request is no point."""
    if not 0 <= position < spec.size:
        raise ValueError(f"the deck has positions 0 to {spec.size - 1}, not {position}")
    point = decode(request)
    if point is None:
        raise DeckError(_T("{player}'s request for card {n} of the deck is damaged.", player=player(receiver),
                           n=position + 1), seat=receiver, position=position, detail=_T("the request is no point"))
    return encode(unlock(point, keeper.position_key(spec, position)))


def read_handed(spec: DeckSpec, locked: Sequence[Step], position: int, releases: Mapping[int, Any],
                keeper: int, receiver: DeckSecret, request: Any, answer: Any) -> int:
    """The card the receiver (``receiver``, its own secret) reads from the keeper's ``answer``
    to its ``request`` (blinded SRA, step 3): the answer with its blinding removed must be a
    card of the deck. A ``DeckError`` naming the receiver when ``request`` is not the one
    its secret makes (its own request was changed), or naming the keeper when the answer
    is no point or opens no card: its lock not removed, another card's point, another
    hand-over's answer (each is blinded by another key). No other answer can open a card:
    the keeper would need b_{r,p} or a discrete logarithm between two cards' points."""
    want = hand_over_request(spec, locked, position, releases, keeper, receiver)
    if request != want:
        raise DeckError(_T("{player}'s request for card {n} of the deck is not the one {player} made.",
                           player=player(receiver.seat), n=position + 1), seat=receiver.seat, position=position,
                        detail=_T("the request does not follow from the secret of its receiver"))
    point = decode(answer)
    card = card_of(spec, encode(unlock(point, receiver.blinding_key(spec, position)))) if point is not None else None
    if card is None:
        raise DeckError(_T("{player}'s answer for card {n} of the deck does not open it.", player=player(keeper),
                           n=position + 1), seat=keeper, position=position,
                        detail=_T("the answer is no point") if point is None else _T("the unblinded answer is no card"))
    return card


# ---- the audit -----------------------------------------------------------------------------

def _check_layout(spec: DeckSpec, steps: Sequence[Any]) -> None:
    """Each seat once in lap 1, then each seat once in lap 2: else a ``DeckError`` naming the
    seat of the first step out of place."""
    for k, step in enumerate(steps):
        lap = 1 if k < spec.seats else 2
        laps_seats = {s.get("seat") for s in steps[(lap - 1) * spec.seats:k] if isinstance(s, dict)}
        seat = step.get("seat") if isinstance(step, dict) else None
        if (type(seat) is not int or not 0 <= seat < spec.seats or step.get("lap") != lap
                or seat in laps_seats or k >= 2 * spec.seats):
            named = seat if type(seat) is int and 0 <= seat < spec.seats else None
            raise DeckError(_T("The deal of the deck is incomplete or out of order at step {n}.", n=k + 1),
                            seat=named, detail=_T("step {k}", k=k))
    if len(steps) != 2 * spec.seats:
        raise DeckError(_T("The deal of the deck is incomplete or out of order at step {n}.", n=len(steps) + 1),
                        detail=_T("a step missing"))


def audit(spec: DeckSpec, steps: Sequence[Step], revealed: Mapping[int, Any],
          released: Iterable[tuple[int, int, Any]] = (), handed: Iterable[HandedCard] = ()) -> None:
    """Check the whole deal at the end of the game, with every seat's secret revealed
    (``revealed``: seat -> ``DeckSecret.to_text``): the layout (each seat once per lap), then
    each step recomputed from its seat's secret and the deck of the step before (the first
    from ``first_deck``). The first step that differs raises a ``DeckError`` naming its seat:
    a card replaced or duplicated, an order chosen, a lock or a commitment not the secret's.
    Then each key of ``released`` (seat, position, key: those the game's links carried) must
    be the seat's key for that position: each was checked against its commitment when it
    came, and only two keys with one 128-bit commitment (about 2**64 hashes to find) could
    pass that check and not this one. Then each hand-over of ``handed``: its request must
    be the receiver's blinding of the keeper's point (else the receiver is named: a request
    it changed, with which it could blame an honest keeper), its answer the request with
    the keeper's lock removed (else the keeper is named)."""
    _check_layout(spec, steps)
    before: Any = first_deck(spec)
    sender: int | None = None
    for step in steps:
        seat = step["seat"]
        secret = DeckSecret.from_text(revealed.get(seat), seat)
        if step["lap"] == 1:
            if shuffle_step(spec, before, secret, sender)["deck"] != step.get("deck"):
                raise DeckError(_T("{player}'s shuffle of the deck does not follow from {player}'s secret: a card "
                                   "was changed or the order chosen.", player=player(seat)), seat=seat,
                                detail=_T("lap {n}", n=1))
        else:
            want = lock_step(spec, before, secret, sender if sender is not None else seat)
            if want["deck"] != step.get("deck") or want["keys"] != step.get("keys"):
                raise DeckError(_T("{player}'s locks on the deck do not follow from {player}'s secret.",
                                   player=player(seat)), seat=seat, detail=_T("lap {n}", n=2))
        before, sender = step["deck"], seat
    for seat, position, key in released:
        secret = DeckSecret.from_text(revealed.get(seat), seat)
        if scalar_of(key) != secret.position_key(spec, position):
            raise DeckError(_T("{player}'s key for card {n} of the deck does not open it.", player=player(seat),
                               n=position + 1), seat=seat, position=position, detail=_T("not the key of the secret"))
    for h in handed:
        _audit_hand_over(spec, steps, revealed, h)


def _audit_hand_over(spec: DeckSpec, steps: Sequence[Step], revealed: Mapping[int, Any], h: HandedCard) -> None:
    """One hand-over recomputed from the revealed secrets (``audit``)."""
    secrets_ = {seat: DeckSecret.from_text(revealed.get(seat), seat) for seat in (h.keeper, h.receiver)}
    others = {seat: scalar_text(DeckSecret.from_text(revealed.get(seat), seat).position_key(spec, h.position))
              for seat in range(spec.seats) if seat != h.keeper}
    locked = steps[spec.seats:]
    if h.request != hand_over_request(spec, locked, h.position, others, h.keeper, secrets_[h.receiver]):
        raise DeckError(_T("{player}'s request for card {n} of the deck is not the one {player} made.",
                           player=player(h.receiver), n=h.position + 1), seat=h.receiver, position=h.position,
                        detail=_T("the request does not follow from the secret of its receiver"))
    if h.answer != hand_over_answer(spec, secrets_[h.keeper], h.position, h.request, h.receiver):
        raise DeckError(_T("{player}'s answer for card {n} of the deck does not open it.", player=player(h.keeper),
                           n=h.position + 1), seat=h.keeper, position=h.position,
                        detail=_T("the answer does not follow from the secret of its keeper"))

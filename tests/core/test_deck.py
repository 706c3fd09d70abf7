"""The mental-poker deck (``engines.core.deck``, issue 39 stage 3): the primitives (cards
hashed to the group, commutative locks, keys and permutations from a seat's secret) and the
deal (two laps of steps, released keys, reading, the audit), with the attacks each check
catches. Secrets are fixed bytes: nothing here depends on the system's entropy."""

from __future__ import annotations

import hashlib

import pytest
from ecdsa.curves import Ed25519
from ecdsa.ellipticcurve import PointEdwards

from engines.core import deck
from engines.core.deck import (ORDER, DeckError, DeckSecret, DeckSpec, audit, card_of, card_points, check_deck,
                               check_release, commitment, decode, encode, first_deck, lock, lock_step, read, release,
                               scalar_of, scalar_text, shuffle_step, unlock)
from engines.core.seal import b64

GID = "d3Ck0001"
B = Ed25519.generator


def secret_of(seat: int, salt: str = "") -> DeckSecret:
    return DeckSecret(hashlib.sha256(f"deck test secret {seat}{salt}".encode()).digest(), seat)


def point(text: str) -> PointEdwards:
    out = decode(text)
    assert out is not None
    return out


# ---- primitives -------------------------------------------------------------------------------

SMALL = DeckSpec(GID, "districts", 8, 3)


def test_card_points_known_answers():
    """The try-and-increment map is fixed: these encodings are what every device computes (a
    change of the construction breaks every game dealt before it)."""
    points = card_points(SMALL)
    assert points[:2] == KNOWN_CARDS
    assert card_points(DeckSpec(GID, "districts", 8, 3)) == points


KNOWN_CARDS = ("F81-lzhi7qRJtBYZrhNHd0DeqyW3vyryZR-jLINxuOw", "XpEFX-gF-gAWq96ZN1lLA048xvrHJ1g8W8QkTgB8ERY")


def edwards_add(p1: tuple[int, int], p2: tuple[int, int]) -> tuple[int, int]:
    """The twisted Edwards addition law (Bernstein, Birkner, Joye, Lange, Peters 2008) in
    affine coordinates, written apart from python-ecdsa (whose multiplication takes points
    with x = 0 or y = 0 for the identity, so it cannot judge small orders)."""
    curve = B.curve()
    p, d = curve.p(), curve.d()
    (x1, y1), (x2, y2) = p1, p2
    t = d * x1 * x2 * y1 * y2
    return ((x1 * y2 + y1 * x2) * pow(1 + t, -1, p) % p, (y1 * y2 + x1 * x2) * pow(1 - t, -1, p) % p)


def edwards_mul(point: tuple[int, int], k: int) -> tuple[int, int]:
    out = (0, 1)
    for bit in bin(k)[2:]:
        out = edwards_add(out, out)
        if bit == "1":
            out = edwards_add(out, point)
    return out


def test_card_points_are_in_the_subgroup_and_distinct():
    spec = DeckSpec(GID, "districts", 66, 2)
    points = [point(p) for p in card_points(spec)]
    assert len(set(card_points(spec))) == 66
    for p in points:
        assert p.x() != 0 and p.y() != 0  # not the identity, nor of small order
    for p in points[:12]:  # l * P is the identity: P is in the prime-order subgroup
        assert edwards_mul((p.x(), p.y()), ORDER) == (0, 1)
    # no card is a small multiple of the generator (whose logarithms everyone knows)
    multiples = {encode(B * i) for i in range(1, 200)}
    assert not multiples & set(card_points(spec))


def test_other_decks_and_games_give_other_points():
    one = set(card_points(SMALL))
    assert not one & set(card_points(DeckSpec(GID, "characters", 8, 3)))
    assert not one & set(card_points(DeckSpec("other", "districts", 8, 3)))


def test_locks_commute_and_unlock_inverts():
    a, b = 0x1234567 * 2 ** 200 % ORDER, ORDER - 5
    card = point(card_points(SMALL)[3])
    assert lock(lock(card, a), b) == lock(lock(card, b), a)
    assert unlock(lock(card, a), a) == card
    assert unlock(unlock(lock(lock(card, a), b), a), b) == card
    assert lock(card, a) != card


def test_lock_removes_a_small_order_mark():
    """A point given with a small-order component (a torsion mark to follow one card through
    the shuffles) comes out of a lock without it: the same as the card's."""
    card = point(card_points(SMALL)[0])
    order_8 = None
    for i in range(64):  # l * P is the small-order part of a curve point P: find one of order 8
        candidate = decode(b64(hashlib.sha256(bytes([i])).digest()))
        torsion = edwards_mul((candidate.x(), candidate.y()), ORDER) if candidate is not None else (0, 1)
        if edwards_mul(torsion, 4) != (0, 1):
            order_8 = torsion
            break
    assert order_8 is not None and edwards_mul(order_8, 8) == (0, 1)
    x, y = edwards_add((card.x(), card.y()), order_8)
    marked = PointEdwards(B.curve(), x, y, 1, x * y % B.curve().p())
    assert marked != card and decode(encode(marked)) == marked
    assert lock(marked, 77) == lock(card, 77)


def test_decode_refuses_what_is_no_point():
    good = card_points(SMALL)[0]
    assert decode(good) is not None
    assert decode(good[:-1]) is None
    assert decode("!" * 43) is None
    assert decode(b64(bytes([1]) + bytes(31))) is None  # y = 1: the identity
    assert decode(b64(bytes(32))) is None  # y = 0: a point of order 4
    assert decode(b64(b"\xff" * 32)) is None  # y >= p: not canonical
    assert decode(17) is None


def test_scalars_round_trip_and_commitments():
    k = ORDER - 12345
    assert scalar_of(scalar_text(k)) == k
    assert scalar_of(scalar_text(1)) == 1
    assert scalar_of(b64(bytes(32))) is None
    assert scalar_of(b64(ORDER.to_bytes(32, "little"))) is None
    assert commitment(k) == encode(B * k)


def test_keys_and_permutations_follow_from_the_secret():
    one, again, other = secret_of(0), secret_of(0), secret_of(1)
    assert one.deck_key(SMALL) == again.deck_key(SMALL)
    assert one.permutation(SMALL) == again.permutation(SMALL)
    assert sorted(one.permutation(SMALL)) == list(range(8))
    assert one.deck_key(SMALL) != other.deck_key(SMALL)
    keys = {one.position_key(SMALL, p) for p in range(8)} | {one.deck_key(SMALL)}
    assert len(keys) == 9 and all(0 < k < ORDER for k in keys)
    assert one.permutation(DeckSpec(GID, "districts", 66, 3)) != other.permutation(DeckSpec(GID, "districts", 66, 3))
    assert DeckSecret.from_text(one.to_text(), 0).deck_key(SMALL) == one.deck_key(SMALL)
    assert "secret" not in repr(one).lower().replace("decksecret", "")


def test_permutations_known_answer_and_spread():
    """Fisher-Yates from the PRF: a fixed answer, and over many secrets each card lands at
    each position of a 4-card deck (no position is out of reach)."""
    spec = DeckSpec(GID, "districts", 4, 2)
    assert secret_of(0).permutation(SMALL) == KNOWN_PERMUTATION
    seen = {(p, c) for s in range(60) for p, c in enumerate(secret_of(0, str(s)).permutation(spec))}
    assert seen == {(p, c) for p in range(4) for c in range(4)}


KNOWN_PERMUTATION = [2, 7, 4, 0, 3, 1, 5, 6]


def test_a_damaged_secret_is_refused_naming_the_seat():
    with pytest.raises(DeckError) as caught:
        DeckSecret.from_text("short", 2)
    assert caught.value.seat == 2
    assert "Player 3" in caught.value.message("en")

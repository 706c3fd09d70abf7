"""The mental-poker deck (``engines.core.deck``, issue 39 stage 3): the primitives (cards
hashed to the group, commutative locks, keys and permutations from a seat's secret) and the
deal (two laps of steps, released keys, reading, the audit), with the attacks each check
catches. Secrets are fixed bytes: nothing here depends on the system's entropy."""

from __future__ import annotations

import hashlib
from functools import lru_cache

import pytest
from ecdsa.curves import Ed25519
from ecdsa.ellipticcurve import PointEdwards

from engines.core import deck
from engines.core.deck import (ORDER, DeckError, DeckSecret, DeckSpec, HandedCard, audit, card_of, card_points,
                               check_deck, check_release, check_step, commitment, decode, encode, first_deck,
                               hand_over_answer, hand_over_request, keeper_point, lock, lock_step, read, read_handed,
                               release, scalar_of, scalar_text, shuffle_step, unlock)
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
    commitments = {commitment(SMALL, seat, position, key) for seat in (0, 1) for position in (0, 1) for key in (k, k - 1)}
    assert len(commitments) == 8 and all(len(c) == 22 for c in commitments)
    assert commitment(SMALL, 0, 0, k) == "gGZYkkdVK0ur-gdf_y5dZQ"  # a known answer


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


# ---- the deal ---------------------------------------------------------------------------------

def deal(spec: DeckSpec, seats: list[DeckSecret], cheat: dict | None = None) -> list[dict]:
    """Both laps, each seat in seat order, as the devices would pass the deck on; ``cheat``
    (step index -> function of the honest step giving the step sent) plays a dishonest seat."""
    steps: list[dict] = []
    deck_: list[str] = first_deck(spec)
    sender = None
    for k in range(2 * spec.seats):
        secret = seats[k % spec.seats]
        step = shuffle_step(spec, deck_, secret, sender) if k < spec.seats else lock_step(spec, deck_, secret, sender)
        if cheat and k in cheat:
            step = cheat[k](step)
        steps.append(step)
        deck_, sender = step["deck"], secret.seat
    return steps


def true_order(spec: DeckSpec, seats: list[DeckSecret]) -> list[int]:
    """The card at each position after the deal, from the permutations: lap 1's step ``s``
    puts the card at its input's ``pi_s[i]`` at ``i``."""
    order = list(range(spec.size))
    for secret in seats:
        perm = secret.permutation(spec)
        order = [order[perm[i]] for i in range(spec.size)]
    return order


def releases_for(spec: DeckSpec, seats: list[DeckSecret], position: int, but: int | None) -> dict[int, str]:
    return {s.seat: release(spec, s, position) for s in seats if s.seat != but}


class Dealt:
    def __init__(self, seats: int) -> None:
        self.spec = DeckSpec(GID, "districts", 66, seats)
        self.seats = [secret_of(s) for s in range(seats)]
        self.steps = deal(self.spec, self.seats)
        self.locked = self.steps[seats:]
        self.order = true_order(self.spec, self.seats)


@lru_cache(maxsize=None)
def dealt_at(seats: int) -> Dealt:
    return Dealt(seats)


@pytest.fixture(params=[2, 3, 5], ids=lambda n: f"{n}seats")
def dealt(request) -> Dealt:
    return dealt_at(request.param)


def test_every_seat_reads_exactly_its_cards(dealt: Dealt):
    """Positions dealt in turn to the seats (three cards each): each owner reads its card with
    the others' released keys, and it is the card the shuffles put there; another seat, even
    holding every key released for that card, cannot read it (the owner's key is missing)."""
    spec, n = dealt.spec, dealt.spec.seats
    read_cards = []
    for position in range(3 * n):
        owner = position % n
        card = read(spec, dealt.locked, position, releases_for(spec, dealt.seats, position, owner), dealt.seats[owner])
        assert card == dealt.order[position]
        read_cards.append(card)
        other = (owner + 1) % n
        with pytest.raises(DeckError) as caught:
            read(spec, dealt.locked, position, releases_for(spec, dealt.seats, position, owner), dealt.seats[other])
        assert caught.value.seat == owner and caught.value.position == position
    assert len(set(read_cards)) == 3 * n


def test_face_down_positions_stay_unreadable(dealt: Dealt):
    """No step's deck shows a card point; a face-down position, with every key but one seat's
    taken off (all the others together), is still no card; with all of them, it is its card
    (a card shown to all)."""
    spec = dealt.spec
    cards = set(card_points(spec))
    for step in dealt.steps:
        assert not cards & set(step["deck"])
    position = spec.size - 1
    for hider in dealt.seats:
        locked = point(dealt.locked[-1]["deck"][position])
        for s in dealt.seats:
            if s.seat != hider.seat:
                locked = unlock(locked, s.position_key(spec, position))
        assert card_of(spec, encode(locked)) is None
    assert read(spec, dealt.locked, position, releases_for(spec, dealt.seats, position, None), None) == dealt.order[position]


def test_the_audit_passes_an_honest_deal():
    """The whole deal of a 66-card deck at 3 seats recomputes (the attacks below show what it
    refuses, on 8 cards; the 2- and 5-seat deals are not audited again, to save time)."""
    honest = dealt_at(3)
    audit(honest.spec, honest.steps, {s.seat: s.to_text() for s in honest.seats})
    audit(SMALL, HONEST, REVEALED)


# ---- attacks ----------------------------------------------------------------------------------

SEATS = [secret_of(s) for s in range(3)]
HONEST = deal(SMALL, SEATS)
REVEALED = {s.seat: s.to_text() for s in SEATS}


def caught(call, *args) -> DeckError:
    with pytest.raises(DeckError) as error:
        call(*args)
    return error.value


def test_a_wrong_key_released_is_refused_naming_the_seat_and_position():
    """Bea (seat 1) releases, for position 2, her key of position 3, or any other number: the
    key does not match her commitment, and is refused at once by any device."""
    locked = HONEST[3:]
    for wrong in (release(SMALL, SEATS[1], 3), scalar_text(12345), "not a key"):
        releases = {1: wrong, 2: release(SMALL, SEATS[2], 2)}
        error = caught(read, SMALL, locked, 2, releases, SEATS[0])
        assert (error.seat, error.position) == (1, 2)
        assert error.message("en") == "Player 2's key for card 3 of the deck does not open it."
        assert caught(check_release, SMALL, locked, 1, 2, wrong).seat == 1
    assert check_release(SMALL, locked, 1, 2, release(SMALL, SEATS[1], 2)) == SEATS[1].position_key(SMALL, 2)


def test_a_card_duplicated_in_a_shuffle_is_refused_by_the_next_seat():
    """Bea's shuffle puts one locked card in two places (dropping another): the next seat
    finds the same point twice before locking, and names her."""
    sent = [HONEST[1]["deck"][1], *HONEST[1]["deck"][1:]]
    for error in (caught(check_deck, SMALL, sent, 1), caught(shuffle_step, SMALL, sent, SEATS[2], 1)):
        assert error.seat == 1 and error.message("en") == "The deck Player 2 passed on holds a card twice."


def test_a_duplicate_disguised_by_a_small_order_mark_is_refused_naming_its_sender():
    """Ada, first, passes a card twice, one copy with an order-2 point added: two different
    encodings of one card; the next seat's lock makes them equal, and Bea names Ada."""
    copy = point(HONEST[0]["deck"][1])
    x, y = edwards_add((copy.x(), copy.y()), (0, B.curve().p() - 1))  # (0, -1) has order 2
    sent = [encode(PointEdwards(B.curve(), x, y, 1, x * y)), *HONEST[0]["deck"][1:]]
    assert len(set(sent)) == SMALL.size and check_deck(SMALL, sent, 0)  # no two equal points
    error = caught(shuffle_step, SMALL, sent, SEATS[1], 0)
    assert error.seat == 0 and "holds a card twice" in error.message("en")


def test_a_damaged_deck_is_refused_naming_its_sender():
    deck_ = HONEST[1]["deck"]
    for bad in (deck_[:-1], [*deck_[:-1], "x" * 43], [*deck_[:-1], b64(bytes(32))], "deck"):
        error = caught(lock_step, SMALL, bad, SEATS[0], 1)
        assert error.seat == 1 and error.message("en") == "The deck Player 2 passed on is damaged."


def test_a_damaged_step_is_refused_naming_its_sender():
    """A step from a link is checked before use: its seat, its lap, its deck, and in lap 2
    one key commitment per position."""
    assert check_step(SMALL, HONEST[4], 1, 2) is HONEST[4]
    keys = HONEST[4]["keys"]
    for bad in (dict(HONEST[4], seat=2), dict(HONEST[4], lap=1), dict(HONEST[4], keys=keys[:-1]),
                dict(HONEST[4], keys=[*keys[:-1], "short"]), dict(HONEST[4], deck=HONEST[4]["deck"][:-1]), "step"):
        error = caught(check_step, SMALL, bad, 1, 2)
        assert error.seat == 1 and error.message("it") == "Il mazzo passato da Giocatore 2 è danneggiato."
    error = caught(check_release, SMALL, HONEST[3:5], 2, 0, release(SMALL, SEATS[2], 0))
    assert error.seat == 2  # no lap-2 step of Cleo's: she has not locked the deck


def test_an_order_chosen_in_a_shuffle_is_named_by_the_audit():
    """Bea swaps two cards after her shuffle (choosing the order): nothing shows during the
    deal, every card reads as a card, and the audit names her shuffle."""
    def swap(step: dict) -> dict:
        deck_ = list(step["deck"])
        deck_[0], deck_[5] = deck_[5], deck_[0]
        return dict(step, deck=deck_)

    steps = deal(SMALL, SEATS, {1: swap})
    locked = steps[3:]
    assert {read(SMALL, locked, p, releases_for(SMALL, SEATS, p, None), None) for p in range(SMALL.size)} == set(range(8))
    error = caught(audit, SMALL, steps, REVEALED)
    assert error.seat == 1 and error.message("en") == (
        "Player 2's shuffle of the deck does not follow from Player 2's secret: a card was changed or the order chosen.")


def test_a_card_replaced_in_a_shuffle_is_named_by_the_audit():
    """Cleo (last in lap 1) replaces a locked card by another point: the card's position no
    longer opens to a card (its reader is told the deal was tampered with), and the audit
    names her."""
    stranger = encode(lock(point(card_points(DeckSpec(GID, "other", 1, 3))[0]), 99))
    steps = deal(SMALL, SEATS, {2: lambda step: dict(step, deck=[stranger, *step["deck"][1:]])})
    locked = steps[3:]
    error = caught(read, SMALL, locked, 0, releases_for(SMALL, SEATS, 0, 0), SEATS[0])
    assert error.seat is None and "tampered" in error.message("en")
    assert caught(audit, SMALL, steps, REVEALED).seat == 2


def test_locks_with_other_keys_than_the_secret_gives_are_named_by_the_audit():
    """Bea locks with keys of another secret, and commits to them, so her releases check and
    every card reads: only the audit, with her secret, sees that her locks are not its."""
    other = secret_of(1, "other")
    steps = deal(SMALL, SEATS, {4: lambda step: lock_step(SMALL, HONEST[3]["deck"], other, 0)
                                | {"deck": [encode(lock(point(x), other.position_key(SMALL, p) * pow(
                                    SEATS[1].deck_key(SMALL), -1, ORDER))) for p, x in enumerate(HONEST[3]["deck"])]}})
    locked = steps[3:]
    keys = {0: release(SMALL, SEATS[0], 4), 1: release(SMALL, other, 4)}
    assert read(SMALL, locked, 4, keys, SEATS[2]) == true_order(SMALL, SEATS)[4]
    error = caught(audit, SMALL, steps, REVEALED)
    assert error.seat == 1 and error.message("en") == "Player 2's locks on the deck do not follow from Player 2's secret."


def test_a_lock_that_is_not_its_commitment_is_named_by_the_audit():
    """Cleo commits to her keys but locks position 6 with another: her released key checks,
    the card does not open (tampered), and the audit names her."""
    def relock(step: dict) -> dict:
        deck_ = list(step["deck"])
        deck_[6] = encode(lock(point(deck_[6]), 5))
        return dict(step, deck=deck_)

    steps = deal(SMALL, SEATS, {5: relock})
    error = caught(read, SMALL, steps[3:], 6, releases_for(SMALL, SEATS, 6, 0), SEATS[0])
    assert error.position == 6 and error.seat is None
    assert caught(audit, SMALL, steps, REVEALED).seat == 2


def test_the_audit_names_a_released_key_that_is_not_the_secrets():
    """A key that passed its commitment but is not the one the seat's secret gives (only a
    collision of the commitment could do that) is named by the audit."""
    honest = [(1, 2, release(SMALL, SEATS[1], 2)), (2, 2, release(SMALL, SEATS[2], 2))]
    audit(SMALL, HONEST, REVEALED, honest)
    error = caught(audit, SMALL, HONEST, REVEALED, [*honest, (2, 5, release(SMALL, SEATS[2], 4))])
    assert (error.seat, error.position) == (2, 5)


def test_the_audit_refuses_a_deal_out_of_order_or_a_secret_not_used():
    assert caught(audit, SMALL, HONEST[:5], REVEALED).seat is None
    assert caught(audit, SMALL, [HONEST[0], HONEST[0], *HONEST[2:]], REVEALED).seat == 0
    assert caught(audit, SMALL, [*HONEST[:3], *HONEST[:3]], REVEALED).seat == 0
    wrong = {**REVEALED, 2: secret_of(2, "x").to_text()}
    assert caught(audit, SMALL, HONEST, wrong).seat == 2
    assert caught(audit, SMALL, HONEST, {0: REVEALED[0], 1: REVEALED[1]}).seat == 2


def test_a_private_number_follows_from_the_secret_and_the_public_values():
    """The King's number for the face-down character: the same for the same secret, round
    and public values (the audit recomputes it), another for another seat's secret, round or
    public values (no one else computes it, and it moves with values the King cannot know)."""
    king, other = secret_of(0), secret_of(1)
    public = bytes(range(32))
    number = king.private_number(GID, "characters", 2, public)
    assert number == secret_of(0).private_number(GID, "characters", 2, public)
    assert number.bit_length() > 400
    others = {other.private_number(GID, "characters", 2, public), king.private_number(GID, "characters", 3, public),
              king.private_number(GID, "characters", 2, bytes(32)), king.private_number("other", "characters", 2, public)}
    assert number not in others and len(others) == 4


def test_a_step_whose_seat_or_lap_is_written_another_way_is_refused_naming_its_sender():
    """JSON has two writings of Bea's seat that Python finds equal to 1 (``true`` and
    ``1.0``): a step written so is another byte string for every hash of it, and the audit
    could not name its seat; it is refused at once, naming the sender."""
    for bad in (dict(HONEST[4], seat=True), dict(HONEST[4], seat=1.0), dict(HONEST[4], lap=2.0)):
        error = caught(check_step, SMALL, bad, 1, 2)
        assert error.seat == 1
    assert caught(check_step, SMALL, dict(HONEST[0], lap=True), 0, 1).seat == 0


# ---- a card handed from seat to seat (blinded SRA) --------------------------------------------

def handed(position: int, keeper: int, receiver: int, steps: list[dict] = HONEST) -> tuple[dict[int, str], str, str]:
    """``position``, which ``keeper`` reads (every other seat's key released), handed to
    ``receiver`` honestly: the public releases, the receiver's request, the keeper's answer."""
    releases = releases_for(SMALL, SEATS, position, keeper)
    request = hand_over_request(SMALL, steps[3:], position, releases, keeper, SEATS[receiver])
    return releases, request, hand_over_answer(SMALL, SEATS[keeper], position, request, receiver)


def test_a_card_handed_over_is_read_by_its_receiver_alone():
    """Position 4 is Ada's (seat 0: Bea's and Cid's keys released). The rules hand it to Bea:
    Bea reads the card the shuffles put there from Ada's answer to her request, though her
    request and Ada's answer are public; Cid, holding every public key, cannot read it, nor
    unblind the answer with his own key, and Ada's key for it is never released."""
    order = true_order(SMALL, SEATS)
    releases, request, answer = handed(4, 0, 1)
    assert read_handed(SMALL, HONEST[3:], 4, releases, 0, SEATS[1], request, answer) == order[4]
    assert request != answer and len(request) == len(answer) == 43
    assert caught(read, SMALL, HONEST[3:], 4, releases, SEATS[2]).seat == 0
    cid = hand_over_request(SMALL, HONEST[3:], 4, releases, 0, SEATS[2])
    assert cid != request
    assert caught(read_handed, SMALL, HONEST[3:], 4, releases, 0, SEATS[2], cid, answer).seat == 0
    assert SEATS[1].blinding_key(SMALL, 4) != SEATS[1].blinding_key(SMALL, 5) != SEATS[2].blinding_key(SMALL, 5)
    audit(SMALL, HONEST, REVEALED, handed=[HandedCard(4, 0, 1, request, answer)])


def test_an_answer_with_the_keeper_s_lock_left_on_is_refused_naming_the_keeper():
    """Ada sends Bea's request back unchanged (her lock not removed): it opens no card, and
    Bea's device names Ada (and so does the audit)."""
    releases, request, _ = handed(4, 0, 1)
    error = caught(read_handed, SMALL, HONEST[3:], 4, releases, 0, SEATS[1], request, request)
    assert (error.seat, error.position) == (0, 4)
    assert error.message("en") == "Player 1's answer for card 5 of the deck does not open it."
    assert caught(audit, SMALL, HONEST, REVEALED, [], [HandedCard(4, 0, 1, request, request)]).seat == 0


def test_an_answer_with_another_card_s_point_is_refused_naming_the_keeper():
    """Ada answers with another card: its point in the clear, her point of another position
    she reads (her own lock on it), or her true card's point unblinded. Without Bea's
    blinding key she cannot make another card open: each is refused, naming Ada."""
    releases, request, _ = handed(4, 0, 1)
    other = keeper_point(SMALL, HONEST[3:], 2, releases_for(SMALL, SEATS, 2, 0), 0)
    clear = unlock(other, SEATS[0].position_key(SMALL, 2))
    for wrong in (card_points(SMALL)[true_order(SMALL, SEATS)[2]], encode(other), encode(clear),
                  card_points(SMALL)[true_order(SMALL, SEATS)[4]], "not a point"):
        error = caught(read_handed, SMALL, HONEST[3:], 4, releases, 0, SEATS[1], request, wrong)
        assert (error.seat, error.position) == (0, 4), wrong


def test_a_replayed_answer_from_another_hand_over_is_refused_naming_the_keeper():
    """Ada answers Bea's request for position 4 with her honest answer to another request:
    Bea's for position 2, or Cid's for position 4 (each blinded by another key)."""
    releases, request, _ = handed(4, 0, 1)
    for replayed in (handed(2, 0, 1)[2], handed(4, 0, 2)[2]):
        error = caught(read_handed, SMALL, HONEST[3:], 4, releases, 0, SEATS[1], request, replayed)
        assert (error.seat, error.position) == (0, 4)


def test_a_request_changed_or_damaged_is_refused_naming_its_receiver():
    """Bea's request in the record is not the one her secret makes (she asked for another
    point, so that Ada's honest answer would open nothing and seem Ada's fault): her own
    device names her, and so does the audit; a request that is no point is refused by Ada's
    device, naming Bea."""
    releases, request, _ = handed(4, 0, 1)
    changed = handed(3, 0, 1)[1]
    answer = hand_over_answer(SMALL, SEATS[0], 4, changed, 1)
    error = caught(read_handed, SMALL, HONEST[3:], 4, releases, 0, SEATS[1], changed, answer)
    assert (error.seat, error.position) == (1, 4)
    assert error.message("it") == ("La richiesta di Giocatore 2 per la carta 5 del mazzo non è quella fatta "
                                   "da Giocatore 2.")
    assert caught(audit, SMALL, HONEST, REVEALED, [], [HandedCard(4, 0, 1, changed, answer)]).seat == 1
    error = caught(hand_over_answer, SMALL, SEATS[0], 4, "not a point", 1)
    assert (error.seat, error.position) == (1, 4)
    assert error.message("en") == "Player 2's request for card 5 of the deck is damaged."
    assert caught(hand_over_request, SMALL, HONEST[3:], 4, {1: releases[1]}, 0, SEATS[1]).seat == 2

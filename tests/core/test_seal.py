"""Sealed games at a distance (``engines.core.seal``): every run of a seat's moves signed by
that seat's key, chained, so that nobody moves for another seat or rewrites history, and two
answers to one position are a proof against the seat that sent them.

The games are real: a few dozen moves of each title, dealt by the seeded dealer, played by
the heuristic bot, sealed as the devices would (a segment each time the turn passes to
another seat; the creator, seat 0, seals the set-up deal). Then a dishonest friend attacks."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from dataclasses import dataclass

import pytest

from engines import get_game, list_games
from engines.core import seal
from engines.core.bots import get_bot
from engines.core.inbound import InputError
from engines.core.record import Fork, GameRecord, new_record, positions, start
from engines.core.rng import Rng
from engines.core.seal import SeatKey, SealError, b64, compare, seal_segment, signed_by, strong_key, turns, verify

GID = "g7Yp2Qx9"
MOVES = 30


def key_of(seat: int, who: str = "owner") -> SeatKey:
    """A fixed key per seat (tests are deterministic; a device uses ``SeatKey.new``)."""
    return SeatKey(hashlib.sha256(f"{who} of seat {seat}".encode()).digest())


@dataclass
class Game:
    """A sealed game: its record, transcript, and who moved where."""

    name: str
    record: GameRecord
    transcript: list
    turns: seal.Turns

    def check(self, record=None, transcript=None, **kw):
        record = record if record is not None else self.record
        transcript = transcript if transcript is not None else self.transcript
        kw.setdefault("drawn", self.turns.drawn[:len(record.actions) + 1])
        return verify(record, transcript, self.turns.movers[:len(record.actions)], gid=kw.pop("gid", GID), **kw)

    def upto(self, k: int) -> tuple[GameRecord, list]:
        """The game as it was when segment ``k`` was sealed: a link in flight."""
        transcript = [dict(s) for s in self.transcript[:k + 1]]
        a1, c1 = transcript[-1]["a"][1], transcript[-1]["c"][1]
        return self.record.model_copy(deep=True, update={"actions": self.record.actions[:a1],
                                                         "chance": self.record.chance[:c1]}), transcript

    def segment_of_move(self, i: int) -> int:
        return next(k for k, s in enumerate(self.transcript) if s["a"][0] <= i < s["a"][1])


def play_sealed(name: str, players: int = 3, seed: int = 11, moves: int = MOVES) -> Game:
    """``moves`` heuristic moves of ``name``, sealed segment by segment as they are played."""
    game = get_game(name)
    record = new_record(game, players, seed, outcomes=True)
    state = game.new_game(players, seed, deal=False)
    record.chance += [game.dump_action(o) for o in game.deal(state)]
    bot, rng = get_bot(game, "heuristic"), Rng.from_seed(seed)
    transcript: list = []
    if game.to_move(state) != 0:  # the creator (seat 0) does not move first: it seals the set-up alone
        transcript = seal_segment(record, transcript, 0, key_of(0), 0, len(record.chance), gid=GID)
    for _ in range(moves):
        seat = game.to_move(state)
        action = bot(game, state, rng)
        record.actions.append(game.dump_action(action))
        record.chance += [game.dump_action(o) for o in game.apply(state, action)]
        if game.to_move(state) != seat:  # the turn passes: this device seals and sends its link
            transcript = seal_segment(record, transcript, seat, key_of(seat), len(record.actions),
                                      len(record.chance), gid=GID)
    if transcript[-1]["a"][1] < len(record.actions):
        transcript = seal_segment(record, transcript, seat, key_of(seat), len(record.actions), len(record.chance), gid=GID)
    return Game(name, record, transcript, turns(record))


_GAMES: dict[str, Game] = {}


@pytest.fixture(params=list_games())
def sealed(request) -> Game:
    """A sealed game of each title (made once; each test gets its own copy to attack)."""
    name = request.param
    if name not in _GAMES:
        _GAMES[name] = play_sealed(name)
    g = _GAMES[name]
    return Game(name, g.record.model_copy(deep=True), [dict(s) for s in g.transcript], g.turns)


def refused(game: Game, record=None, transcript=None, **kw) -> SealError:
    with pytest.raises(SealError) as caught:
        game.check(record, transcript, **kw)
    assert caught.value.message("en") != caught.value.message("it")  # said in both languages
    return caught.value


def other_seat(game: Game, seat: int) -> int:
    return (seat + 1) % game.record.players


def later_segment(game: Game) -> int:
    """A segment signed once every seat has signed before it (every key is bound)."""
    seen = set()
    for k, s in enumerate(game.transcript):
        if len(seen) == game.record.players:
            return k
        seen.add(s["seat"])
    raise AssertionError("no later segment")


# ---- an honest game ------------------------------------------------------------------------

def test_a_sealed_game_verifies_and_binds_each_seat_s_key(sealed):
    result = sealed.check(own={s: key_of(s).public for s in range(3)})
    assert result.keys == {s: key_of(s).public for s in range(3)}
    first = sealed.transcript[0]
    assert first["a"][0] == 0 and first["c"] == [0, first["c"][1]] and first["c"][1] >= sealed.turns.drawn[0] > 0
    assert first["seat"] == 0  # the creator sealed the set-up deal
    assert sum("key" in s for s in sealed.transcript) == 3  # each key written once
    assert all(s["a"][0] < s["a"][1] for s in sealed.transcript[1:])


def test_every_link_in_flight_verifies_as_the_game_grows(sealed):
    """Each link as it was sent, opened by a device that opened the one before (``known``)."""
    known = None
    for k in range(len(sealed.transcript)):
        record, transcript = sealed.upto(k)
        known = sealed.check(record, transcript, known=known)
        assert known.segments == k + 1


def test_the_creator_not_moving_first_seals_the_set_up_alone():
    game = play_sealed("myraclia", moves=6)
    assert game.turns.movers[0] != 0
    assert game.transcript[0]["seat"] == 0 and game.transcript[0]["a"] == [0, 0]
    assert game.transcript[0]["c"] == [0, game.turns.drawn[0]]
    game.check()


def test_a_seat_key_is_stored_as_short_text_and_a_damaged_one_is_refused():
    key = SeatKey.new()
    text = key.to_text()
    assert len(text) == 43 and SeatKey.from_text(text).public == key.public
    assert text not in repr(key)
    for bad in ["", text[:-1], text + "A", text[:-1] + "*", 42, None]:
        with pytest.raises(InputError):
            SeatKey.from_text(bad)


def test_importing_the_engines_does_not_need_the_signature_library():
    """Only ``engines.core.seal`` imports ``ecdsa``: the page loads every game without it."""
    code = ("import sys\nsys.modules['ecdsa'] = None\n"
            "import engines, engines.core.record, engines.core.play\n"
            "[engines.get_game(g) for g in engines.list_games()]\n"
            "try:\n    import engines.core.seal\nexcept ImportError:\n    print('seal needs ecdsa')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "seal needs ecdsa"


def test_a_device_that_verified_the_game_before_checks_only_the_new_signatures(sealed, monkeypatch):
    k = len(sealed.transcript) - 4
    known = sealed.check(*sealed.upto(k))
    assert known.segments == k + 1
    checked = []
    real = seal.signed_by
    monkeypatch.setattr(seal, "signed_by", lambda *a: checked.append(a) or real(*a))
    assert sealed.check(known=known).head == seal.chain(GID, sealed.record, sealed.transcript)[-1]
    assert len(checked) == 3


def test_tamper_an_earlier_move_is_refused_even_by_a_device_that_verified_the_game_before(sealed):
    known = sealed.check(*sealed.upto(len(sealed.transcript) - 4))
    segment = sealed.transcript[2]
    sealed.record.actions[segment["a"][0]] = _another_action(sealed, segment["a"][0])
    err = refused(sealed, known=known)
    assert (err.seat, err.move) == (segment["seat"], segment["a"][0])


def test_sealing_with_the_head_a_device_kept_gives_the_same_segment(sealed):
    record, transcript = sealed.upto(len(sealed.transcript) - 1)
    last = transcript[-1]
    head = seal.chain(GID, record, transcript[:-1])[-1]
    again = seal_segment(record, transcript[:-1], last["seat"], key_of(last["seat"]), last["a"][1], last["c"][1],
                         gid=GID, head=head)
    assert again == transcript


# ---- moves made for another seat --------------------------------------------------------------

def test_forged_move_claimed_by_the_forger_s_own_seat_is_refused(sealed):
    k = later_segment(sealed)
    record, transcript = sealed.upto(k)
    victim = transcript[-1]["seat"]
    forger = other_seat(sealed, victim)
    transcript[-1] = {key: v for key, v in transcript[-1].items() if key != "sig"}
    forged = seal_segment(record, transcript[:-1], forger, key_of(forger), *[transcript[-1]["a"][1],
                                                                            transcript[-1]["c"][1]], gid=GID)
    err = refused(sealed, record, forged)
    assert (err.seat, err.move) == (victim, transcript[-1]["a"][0])
    assert f"was not signed by Player {victim + 1}: someone else made it" in str(err)


def test_forged_move_signed_with_the_forger_s_key_in_the_victim_s_name_is_refused(sealed):
    k = later_segment(sealed)
    record, transcript = sealed.upto(k)
    victim = transcript[-1]["seat"]
    forger = other_seat(sealed, victim)
    head = seal.chain(GID, record, transcript[:-1])[-1]
    transcript[-1]["sig"] = b64(key_of(forger).sign(seal.link_hash(head, record, transcript[-1])))
    err = refused(sealed, record, transcript)
    assert (err.seat, err.move) == (victim, transcript[-1]["a"][0])
    assert str(err) == f"Move {transcript[-1]['a'][0] + 1} was not signed by Player {victim + 1}: someone else made it."


def test_forged_move_with_a_new_key_for_the_victim_is_refused_as_a_key_change(sealed):
    k = later_segment(sealed)
    record, transcript = sealed.upto(k)
    victim = transcript[-1]["seat"]
    impostor = key_of(victim, who="impostor")
    segment = {"seat": victim, "a": transcript[-1]["a"], "c": transcript[-1]["c"], "key": b64(impostor.public)}
    head = seal.chain(GID, record, transcript[:-1])[-1]
    segment["sig"] = b64(impostor.sign(seal.link_hash(head, record, segment)))
    err = refused(sealed, record, [*transcript[:-1], segment])
    assert (err.seat, err.move) == (victim, segment["a"][0])
    assert str(err) == f"Player {victim + 1}'s key changed at move {segment['a'][0] + 1}."
    assert err.message("it") == f"La chiave di Giocatore {victim + 1} è cambiata alla mossa {segment['a'][0] + 1}."


def test_forged_first_move_of_a_seat_passes_on_trust_but_its_own_device_refuses_it():
    """Trust on first use: before a seat has signed, an impostor's key is bound in its name;
    only the seat's own device, which holds its real key, can tell (module doc)."""
    game = play_sealed("citadels", moves=8)
    k = next(k for k, s in enumerate(game.transcript) if s["seat"] == 2)
    record, transcript = game.upto(k - 1)
    impostor = key_of(2, who="impostor")
    a1 = game.transcript[k]["a"][1]
    record.actions, record.chance = game.record.actions[:a1], game.record.chance[:game.transcript[k]["c"][1]]
    forged = seal_segment(record, transcript, 2, impostor, a1, len(record.chance), gid=GID)
    assert game.check(record, forged).keys[2] == impostor.public  # the other devices cannot tell
    err = refused(game, record, forged, own={2: key_of(2).public})
    assert (err.seat, err.move) == (2, game.transcript[k]["a"][0])
    assert "this device holds Player 3's own key" in str(err)


def test_forged_seat_bound_to_another_seat_s_key_is_refused(sealed):
    """A forger who binds a new seat to his own key (in that seat's first segment)."""
    k = next(k for k, s in enumerate(sealed.transcript) if s["seat"] != 0)
    record, transcript = sealed.upto(k)
    victim = transcript[-1]["seat"]
    forger = 0
    segment = {"seat": victim, "a": transcript[-1]["a"], "c": transcript[-1]["c"], "key": b64(key_of(forger).public)}
    head = seal.chain(GID, record, transcript[:-1])[-1]
    segment["sig"] = b64(key_of(forger).sign(seal.link_hash(head, record, segment)))
    err = refused(sealed, record, [*transcript[:-1], segment])
    assert (err.seat, err.move) == (victim, segment["a"][0]) and "someone else made it" in str(err)


# ---- history rewritten ----------------------------------------------------------------------

def test_tamper_a_move_edited_after_signing_is_refused_naming_its_signer(sealed):
    k = later_segment(sealed)
    segment = sealed.transcript[k]
    i = segment["a"][1] - 1
    sealed.record.actions[i] = _another_action(sealed, i)
    err = refused(sealed)
    assert (err.seat, err.move) == (segment["seat"], segment["a"][0])
    assert str(err) == (f"The moves from move {segment['a'][0] + 1} were changed after Player {segment['seat'] + 1} "
                        "signed them, or the signature is damaged.")


def test_tamper_an_earlier_move_changed_names_the_seat_that_signed_it_not_the_last(sealed):
    k = 1 if sealed.transcript[0]["a"] == [0, 0] else 0
    k += 1  # a segment near the start, well before the end
    segment = sealed.transcript[k]
    sealed.record.actions[segment["a"][0]] = _another_action(sealed, segment["a"][0])
    err = refused(sealed)
    assert (err.seat, err.move) == (segment["seat"], segment["a"][0])
    assert err.move < sealed.transcript[-1]["a"][0]


def test_tamper_an_outcome_changed_after_it_was_dealt_is_refused(sealed):
    j = sealed.turns.drawn[-1] - 1  # the last outcome dealt
    k = next(k for k, s in enumerate(sealed.transcript) if s["c"][0] <= j < s["c"][1])
    sealed.record.chance[j] = _another_outcome(sealed.record.chance, j)
    err = refused(sealed)
    assert err.seat == sealed.transcript[k]["seat"] and err.move == sealed.transcript[k]["a"][0]


def test_tamper_a_set_up_draw_changed_names_the_creator(sealed):
    sealed.record.chance[0] = _another_outcome(sealed.record.chance, 0)
    err = refused(sealed)
    assert (err.seat, err.move) == (0, 0) and "set it up and signed it" in str(err)


def test_tamper_a_signature_replaced_is_refused(sealed):
    k = later_segment(sealed)
    sealed.transcript[k]["sig"] = sealed.transcript[k - 1]["sig"]
    err = refused(sealed)
    assert (err.seat, err.move) == (sealed.transcript[k]["seat"], sealed.transcript[k]["a"][0])
    assert "or the signature is damaged" in str(err)


def test_tamper_a_signature_damaged_is_refused_as_a_damaged_seal(sealed):
    sealed.transcript[2]["sig"] = sealed.transcript[2]["sig"][:-2] + "!!"
    err = refused(sealed)
    assert str(err) == "Seal 3 of this game is damaged."


def test_tamper_a_key_replaced_in_a_seat_s_first_segment_is_refused(sealed):
    k = next(k for k, s in enumerate(sealed.transcript) if s["seat"] == 1)
    sealed.transcript[k]["key"] = b64(key_of(1, who="impostor").public)
    err = refused(sealed)
    assert (err.seat, err.move) == (1, sealed.transcript[k]["a"][0])


def test_tamper_segments_reordered_overlapping_or_missing_are_refused(sealed):
    base = sealed.transcript
    swapped = [*base[:2], base[3], base[2], *base[4:]]
    overlapping = [dict(s) for s in base]
    overlapping[3]["a"] = [overlapping[3]["a"][0] - 1, overlapping[3]["a"][1]]
    missing = [*base[:3], *base[4:]]
    for transcript, at in ((swapped, base[2]["a"][0]), (overlapping, base[3]["a"][0]), (missing, base[3]["a"][0])):
        err = refused(sealed, transcript=transcript)
        assert err.move == at and "one is missing, repeated or out of order" in str(err)
    err = refused(sealed, transcript=base[:-1])
    assert err.move == base[-1]["a"][0] and str(err).startswith("Not every move and draw of this game is signed")


def test_tamper_draws_moved_into_another_seat_s_segment_are_refused():
    """A seat that leaves the outcomes of its move for the next seat to sign (so that, later,
    nobody can tell who dealt them) is refused when the caller says where outcomes fall."""
    game = play_sealed("euphoria", moves=24)
    k = next(k for k, s in enumerate(game.transcript) if s["c"][1] > s["c"][0] and k > 0 and k + 1 < len(game.transcript))
    record, transcript = game.upto(k + 1)
    short, nxt = transcript[k], transcript[k + 1]
    moved = seal_segment(record, transcript[:k], short["seat"], key_of(short["seat"]), short["a"][1], short["c"][0], gid=GID)
    moved = seal_segment(record, moved, nxt["seat"], key_of(nxt["seat"]), nxt["a"][1], nxt["c"][1], gid=GID)
    game.check(record, moved, drawn=None)  # without the turns, only the signatures hold
    err = refused(game, record, moved)
    assert (err.seat, err.move) == (short["seat"], short["a"][1] - 1)


def test_tamper_a_re_deal_added_to_a_sealed_record_is_refused(sealed):
    """A fork entry (``record.forks``) re-deals what a seat has not seen: no signature covers
    it, so a sealed game refuses it rather than let a sender re-deal the others' cards."""
    sealed.record.forks = [Fork(at=len(sealed.record.actions), seat=1, seed=5)]
    err = refused(sealed)
    assert err.move == len(sealed.record.actions) and "dealt again" in str(err)


def test_tamper_a_transcript_of_another_game_is_refused(sealed):
    err = refused(sealed, gid="another1")
    assert (err.seat, err.move) == (0, 0) and "it is another game" in str(err)


def test_tamper_a_transcript_longer_than_the_record_is_refused_before_any_signature_is_checked(sealed, monkeypatch):
    checked = []
    monkeypatch.setattr(seal, "signed_by", lambda *a: checked.append(a) or True)
    long = sealed.transcript + [dict(sealed.transcript[-1]) for _ in range(len(sealed.record.actions))]
    err = refused(sealed, transcript=long)
    assert (err.seat, err.move) == (None, None) and "longer than its moves" in str(err) and checked == []
    for hostile in ("not a list", [[]], [{"seat": True, "a": [0, 1], "c": [0, 0], "sig": "x"}]):
        refused(sealed, transcript=hostile)
    assert checked == []


# ---- forks ------------------------------------------------------------------------------

def test_sealed_copies_that_agree_are_the_same_or_one_extends_the_other(sealed):
    record, transcript = sealed.upto(len(sealed.transcript) - 3)
    assert compare(sealed.record, sealed.transcript, sealed.record, sealed.transcript, gid=GID).kind == "same"
    ahead = compare(sealed.record, sealed.transcript, record, transcript, gid=GID)
    assert (ahead.kind, ahead.move) == ("a_extends_b", transcript[-1]["a"][1])
    assert compare(record, transcript, sealed.record, sealed.transcript, gid=GID).kind == "b_extends_a"
    other = sealed.record.model_copy(update={"seed": sealed.record.seed + 1})
    assert compare(other, sealed.transcript, sealed.record, sealed.transcript, gid=GID).kind == "other_game"


def test_sealed_answer_sent_twice_is_a_provable_equivocation_naming_the_seat(sealed):
    k = later_segment(sealed)
    record, transcript = sealed.upto(k)
    seat, (a0, a1) = transcript[-1]["seat"], transcript[-1]["a"]
    twice = record.model_copy(deep=True, update={"actions": record.actions[:a0] + [_another_action(sealed, a0)],
                                                 "chance": record.chance[:transcript[-1]["c"][0]]})
    second = seal_segment(twice, transcript[:-1], seat, key_of(seat), a0 + 1, len(twice.chance), gid=GID)
    relation = compare(record, transcript, twice, second, gid=GID)
    assert (relation.kind, relation.segment, relation.move) == ("forked", k, a0)
    proof = relation.equivocation
    assert proof is not None and proof.seat == seat and proof.move == a0 and proof.holds()
    assert str(relation.text()) == (f"Player {seat + 1} signed two different moves for one position, at move {a0 + 1}: "
                                    "an answer sent twice, or a move taken back after it was sent.")
    assert relation.text().render("it").startswith(f"Giocatore {seat + 1} ha firmato due mosse diverse")


def test_forged_second_answer_is_no_equivocation_of_the_victim(sealed):
    """A "second answer" signed by someone else proves nothing against the seat."""
    k = later_segment(sealed)
    record, transcript = sealed.upto(k)
    seat, a0 = transcript[-1]["seat"], transcript[-1]["a"][0]
    twice = record.model_copy(deep=True, update={"actions": record.actions[:a0] + [_another_action(sealed, a0)],
                                                 "chance": record.chance[:transcript[-1]["c"][0]]})
    forger = key_of(seat, who="impostor")
    head = seal.chain(GID, twice, transcript[:-1])[-1]
    segment = {"seat": seat, "a": [a0, a0 + 1], "c": transcript[-1]["c"][:1] * 2}
    segment["sig"] = b64(forger.sign(seal.link_hash(head, twice, segment)))
    relation = compare(record, transcript, twice, [*transcript[:-1], segment], gid=GID)
    assert relation.kind == "forked" and relation.equivocation is None
    assert "one of the copies does not check" in str(relation.text())


def test_sealed_set_up_dealt_twice_by_two_seats_is_a_fork_but_no_equivocation():
    game = play_sealed("myraclia", moves=4)
    first_mover = game.turns.movers[0]
    a1 = game.transcript[1]["a"][1]
    record = game.record.model_copy(deep=True, update={"actions": game.record.actions[:a1],
                                                       "chance": game.record.chance[:game.transcript[1]["c"][1]]})
    alone = seal_segment(record, [], first_mover, key_of(first_mover), a1, len(record.chance), gid=GID)
    relation = compare(*game.upto(1), record, alone, gid=GID)
    assert relation.kind == "forked" and relation.equivocation is None
    assert relation.seats == (0, first_mover)
    assert str(relation.text()).startswith(f"This game was set up twice, once by Player 1 and once by Player {first_mover + 1}")


# ---- helpers ------------------------------------------------------------------------------

def _another_action(game: Game, i: int) -> dict:
    """A legal move at action ``i`` of the game other than the one played (the dishonest
    edit a friend would make), replaying the record up to it."""
    engine = get_game(game.name)
    state = start(engine, game.record)
    for position in positions(engine, game.record, state, upto=i):
        state = position.after
    played = game.record.actions[i]
    return next(d for d in map(engine.dump_action, engine.legal_actions(state)) if d != played)


def _another_outcome(chance: list, j: int) -> dict:
    """Another outcome of the same kind as ``chance[j]`` (another card, another die)."""
    kind = chance[j]["type"]
    others = [o for o in chance if o["type"] == kind and o != chance[j]]
    if others:
        return others[0]
    field = next(f for f in chance[j] if f != "type")
    value = chance[j][field]
    return {**chance[j], field: value + 1 if isinstance(value, int) else f"{value}-x"}


# ---- weak keys (security review of issue 39) -------------------------------------------------

_IDENTITY = bytes([1]) + bytes(31)
"""The encoding of the curve's neutral point (x 0, y 1): a "public key" whose secret is every
number, so that the signature (R = neutral point, S = 0) checks for any message (RFC 8032's
verification equation [S]B = R + [k]A holds with A and R neutral and S 0)."""


def _anyone_s_signature(weak: bytes, data: bytes) -> bytes:
    """A signature of ``data`` that RFC 8032's equation accepts under the small-order key
    ``weak``, made with no secret: R the neutral point or ``weak`` itself, S 0 (one of the two
    works for a key of order 2). Checked with python-ecdsa directly, not with ``signed_by``."""
    from ecdsa.eddsa import PublicKey, generator_ed25519

    for r in (_IDENTITY, weak):
        try:
            if PublicKey(generator_ed25519, weak).verify(data, r + bytes(32)):
                return r + bytes(32)
        except Exception:
            continue
    raise AssertionError("no signature without a secret")


@pytest.mark.parametrize("weak", [_IDENTITY, (2 ** 255 - 20).to_bytes(32, "little")], ids=["neutral", "order-2"])
def test_forged_seat_bound_to_a_small_order_key_is_refused(sealed, weak):
    """A seat whose first segment binds a point of small order as its key can then be signed
    for by anyone, with no secret (its equivocations prove nothing, anyone moves in its
    name): such a key is refused, naming the seat, and no signature checks under it."""
    k = next(k for k, s in enumerate(sealed.transcript) if s["seat"] != 0)
    record, transcript = sealed.upto(k)
    victim = transcript[-1]["seat"]
    segment = {key: value for key, value in transcript[-1].items() if key != "sig"}
    segment["key"] = b64(weak)
    head = seal.link_hash(seal.chain(GID, record, transcript[:-1])[-1], record, segment)
    signature = _anyone_s_signature(weak, head)
    segment["sig"] = b64(signature)
    assert seal.signed_by(weak, head, signature) is False
    err = refused(sealed, record, [*transcript[:-1], segment])
    assert err.seat == victim


def test_a_seat_keys_own_public_key_is_strong_and_verifies_its_signatures():
    """RFC 8032 section 7.1, test 2: the key's public half (python-ecdsa gives it as a
    bytearray) passes ``strong_key`` and checks the vector's signature."""
    key = SeatKey(bytes.fromhex("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb"))
    signature = bytes.fromhex("92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
                              "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00")
    assert type(key.public) is bytes and strong_key(key.public) and strong_key(bytearray(key.public))
    assert signed_by(key.public, b"\x72", signature) and not signed_by(key.public, b"\x73", signature)

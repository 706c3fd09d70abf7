"""Public chance by commit and reveal (``engines.core.reveal``, issue 39 stage 2): each seat
commits the anchor of its hash chain in the set-up lap, each later segment reveals the next
value, and every public outcome follows from all seats' values; ``seal.verify`` refuses a
public draw replaced by another possible one, a reveal edited, an anchor swapped, a draw
before the lap ends, and a turn sealed in two parts.

The games are real: the set-up lap, then a few dozen moves of each title by the heuristic
bot, each turn dealt by ``Beacon`` (public nodes from the values, private ones from a seeded
sampler) and sealed as a device would. Then a dishonest seat, who holds only its own key and
chain, re-signs its own segment with what it would like."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from engines import get_game, list_games
from engines.core import reveal, seal
from engines.core.bots import get_bot
from engines.core.chance import Sampler
from engines.core.record import GameRecord, new_record, replay
from engines.core.reveal import Beacon, Chains, HashChain, draw_number, follows, latest_values, step
from engines.core.rng import Rng
from engines.core.seal import SeatKey, SealError, b64, seal_segment, turns, verify

GID = "r3Vq8Lm2"
MOVES = 30
PUBLIC = ["spyrium", "euphoria", "myraclia", "citadels"]  # every title has public draws
PLAYERS = {"citadels": 4}  # Citadels sets characters aside face up (public) from 4 players on


def key_of(seat: int) -> SeatKey:
    return SeatKey(hashlib.sha256(f"reveal test key {seat}".encode()).digest())


def chains_of(seat: int) -> Chains:
    return Chains(hashlib.sha256(f"reveal test chance {seat}".encode()).digest(), GID, seat)


@dataclass
class Game:
    name: str
    record: GameRecord
    transcript: list

    def check(self, record=None, transcript=None):
        record = record if record is not None else self.record
        transcript = transcript if transcript is not None else self.transcript
        moved = turns(record)
        return verify(record, transcript, moved.movers, gid=GID, drawn=moved.drawn)


def lap(record: GameRecord, creator: int = 0) -> list:
    """The set-up lap: the creator's anchor first, then each other seat's, in seat order."""
    transcript: list = []
    for seat in [creator, *(s for s in range(record.players) if s != creator)]:
        transcript = seal_segment(record, transcript, seat, key_of(seat), 0, 0, gid=GID, anchor=chains_of(seat).anchor)
    return transcript


def play_revealed(name: str, players: int | None = None, seed: int = 11, moves: int = MOVES) -> Game:
    """The lap, the set-up dealt by the creator (seat 0), then ``moves`` heuristic moves, each
    run of one seat's moves dealt with its next value and sealed in one segment."""
    game = get_game(name)
    players = players or PLAYERS.get(name, 3)
    record = new_record(game, players, seed, outcomes=True)
    transcript = lap(record)
    state = game.new_game(players, seed, deal=False, dealer=False)
    bot, rng, private = get_bot(game, "heuristic"), Rng.from_seed(seed), Sampler(Rng.from_seed(seed + 1))
    seat, played = 0, 0
    while True:  # one turn (the creator's first includes the set-up deal)
        value, anchor = chains_of(seat).next_share(transcript, players)
        values = latest_values(transcript, players)
        values[seat] = value
        beacon = Beacon(GID, values, private)
        record.chance += [game.dump_action(o) for o in game.deal(state, beacon)]
        while game.to_move(state) == seat and played < moves:
            record.actions.append(game.dump_action(bot(game, state, rng)))
            game.apply(state, game.parse_action(record.actions[-1]))
            record.chance += [game.dump_action(o) for o in game.deal(state, beacon)]
            played += 1
        transcript = seal_segment(record, transcript, seat, key_of(seat), len(record.actions), len(record.chance),
                                  gid=GID, reveal=value, anchor=anchor)
        seat = game.to_move(state)
        if played >= moves or seat is None:
            return Game(name, record, transcript)


@pytest.fixture(scope="module", params=PUBLIC)
def revealed(request) -> Game:
    return play_revealed(request.param)


def refused(game: Game, record=None, transcript=None) -> SealError:
    with pytest.raises(SealError) as caught:
        game.check(record, transcript)
    return caught.value


def resign(record: GameRecord, transcript: list, k: int, **changes) -> list:
    """``transcript`` with segment ``k`` changed and signed again by its own seat (which holds
    its key), the segments after it dropped: what that seat could send."""
    segment = {**transcript[k], **changes}
    segment.pop("sig")
    head = seal.chain(GID, record, transcript[:k])[-1]
    segment["sig"] = b64(key_of(segment["seat"]).sign(seal.link_hash(head, record, segment)))
    return [*transcript[:k], segment]


# ---- the chains: known answers -----------------------------------------------------------

def test_a_chain_step_is_tweaked_blake2b_known_answer():
    """``step`` is BLAKE2b-256 personalised "tavolo-reveal-ch" of (len gid, gid, seat, chain,
    k, value), written out here with hashlib alone."""
    value = bytes(range(32))
    expected = hashlib.blake2b(b"\x02g1" + bytes([3]) + (7).to_bytes(4, "big") + (5).to_bytes(4, "big") + value,
                               digest_size=32, person=b"tavolo-reveal-ch").hexdigest()
    assert step("g1", 3, 7, 5, value).hex() == expected == \
        "88c72163f8b240fc26a5885501060cb625eb513cab576ef09c9c26903fc50838"


def test_a_chain_of_four_known_answer_and_each_value_hashes_to_the_one_before():
    chain = HashChain(bytes(32), "g1", 0, 0, length=4)
    values = [chain.value(k) for k in range(5)]
    assert values[4] == bytes(32)
    assert [v.hex()[:16] for v in values] == KNOWN_CHAIN
    for k in range(1, 5):
        assert follows("g1", 0, 0, k, values[k], values[k - 1])
        assert not follows("g1", 0, 0, k, values[k - 1], values[k])  # one-way: not backwards
        assert not follows("g1", 1, 0, k, values[k], values[k - 1])  # another seat's chain
        assert not follows("g2", 0, 0, k, values[k], values[k - 1])  # another game's


KNOWN_CHAIN = ["45bd96b61f386177", "653de0e0d8db202b", "1f006136450b8a71", "3a1bfde2203d8d18", "0000000000000000"]
"""The first 8 bytes of v_0 .. v_4 of the chain of length 4 whose seed is 32 zero bytes (game "g1", seat 0)."""


def test_a_draw_number_known_answer():
    values = [bytes([1]) * 32, bytes([2]) * 32]
    data = b"\x02g1" + (9).to_bytes(4, "big") + bytes([2]) + values[0] + values[1]
    expected = int.from_bytes(hashlib.blake2b(data, digest_size=32, person=b"tavolo-reveal-dr").digest(), "big")
    assert draw_number("g1", 9, values) == expected == 0xe4720b3bc679ee4b1ea06d76f021178048e786f68c26ab492b730dfa4c70e04e
    assert draw_number("g1", 10, values) != expected and draw_number("g1", 9, values[::-1]) != expected


def test_a_seat_s_chains_follow_from_its_secret_and_the_next_share_walks_down_then_re_anchors(monkeypatch):
    monkeypatch.setattr(reveal, "CHAIN_LENGTH", 3)
    chains = chains_of(1)
    assert chains.anchor == chains.chain(0).value(0) and chains.chain(1).anchor != chains.anchor
    lap_ = [{"seat": s, "anchor": "x"} for s in range(2)]
    shares = []
    for n in range(4):
        shares.append(chains.next_share(lap_ + [{"seat": 1}] * n, 2))
    assert [v for v, _ in shares] == [chains.chain(0).value(1), chains.chain(0).value(2), chains.chain(0).value(3),
                                      chains.chain(1).value(1)]
    assert [a for _, a in shares] == [None, None, chains.chain(1).anchor, None]
    assert "secret" not in repr(chains) and chains.to_text() not in repr(chains)


# ---- honest games ------------------------------------------------------------------------

def test_a_revealed_game_verifies_and_its_public_draws_follow_from_the_values(revealed):
    sealed = revealed.check()
    assert sealed.segments == len(revealed.transcript)
    players = revealed.record.players
    assert all("anchor" in s and s["a"] == [0, 0] for s in revealed.transcript[:players])
    assert all("reveal" in s for s in revealed.transcript[players:])
    assert replay(revealed.record) is not None


def test_every_link_in_flight_of_a_revealed_game_verifies():
    game = play_revealed("myraclia", moves=12)
    for k in range(len(game.transcript)):
        transcript = game.transcript[:k + 1]
        a1, c1 = transcript[-1]["a"][1], transcript[-1]["c"][1]
        record = game.record.model_copy(deep=True, update={"actions": game.record.actions[:a1],
                                                           "chance": game.record.chance[:c1]})
        game.check(record, transcript)


def test_a_chain_that_runs_out_goes_on_with_the_next_anchor(monkeypatch):
    monkeypatch.setattr(reveal, "CHAIN_LENGTH", 2)
    game = play_revealed("spyrium", players=2, moves=20)
    assert sum("anchor" in s for s in game.transcript[2:]) >= 2
    game.check()
    k = next(k for k, s in enumerate(game.transcript) if k >= 2 and "anchor" in s)
    record = _upto(game, k)
    seat, move = game.transcript[k]["seat"], game.transcript[k]["a"][0]
    transcript = [*game.transcript[:k], _resigned_without(record, game.transcript, k, "anchor")]  # the last value, no new anchor
    assert refused(game, record, transcript).message("en") == (
        f"Player {seat + 1}'s commitment to the draws changed at move {move + 1}.")


def test_stage_one_segments_hash_as_before():
    """A segment without the new fields: its hash is the stage-1 formula's (written out)."""
    game = play_revealed("myraclia", moves=4)
    record = game.record
    segment = {"seat": 0, "a": [0, 2], "c": [0, 5]}
    body = {"seat": 0, "a": [0, 2], "c": [0, 5], "key": None, "actions": record.actions[:2], "chance": record.chance[:5]}
    head = bytes(32)
    expected = hashlib.blake2b(head + seal.canonical(body), digest_size=32, person=b"tavolo-seal1-seg").digest()
    assert seal.link_hash(head, record, segment) == expected
    assert seal.link_hash(head, record, {**segment, "reveal": b64(bytes(32))}) != expected


# ---- attacks -----------------------------------------------------------------------------

def _upto(game: Game, k: int) -> GameRecord:
    a1, c1 = game.transcript[k]["a"][1], game.transcript[k]["c"][1]
    return game.record.model_copy(deep=True, update={"actions": game.record.actions[:a1],
                                                     "chance": game.record.chance[:c1]})


def _resigned_without(record: GameRecord, transcript: list, k: int, field: str) -> dict:
    segment = {key: value for key, value in transcript[k].items() if key not in (field, "sig")}
    head = seal.chain(GID, record, transcript[:k])[-1]
    segment["sig"] = b64(key_of(segment["seat"]).sign(seal.link_hash(head, record, segment)))
    return segment


def replaced_public_draw(name: str, whole: GameRecord, transcript: list, gid: str,
                         which: Callable[[int], bool]) -> tuple[int, GameRecord, int]:
    """The last segment ``k`` (after the lap, ``which(k)``) with a public draw, and the record
    up to its end with that draw replaced by another possible one (its seat's later moves of
    the segment played again, the draws after it dealt honestly from the same values): (k,
    record, index of the move the draw follows, -1 for the set-up)."""
    g = get_game(name)
    players = whole.players
    drawn = turns(whole).drawn
    for k in [k for k in range(len(transcript) - 1, players - 1, -1) if which(k)]:
        segment = transcript[k]
        (a0, a1), (c0, c1) = segment["a"], segment["c"]
        for j in range(c0, c1):
            i = next(i for i in range(len(drawn)) if drawn[i] > j)  # dealt after action i - 1 (-1: the set-up)
            cut = whole.model_copy(deep=True, update={"actions": whole.actions[:i], "chance": whole.chance[:j]})
            node = replay(cut)
            weights = g.chance_weights(node)
            if not reveal.is_public(g, node, weights):
                continue
            for outcome, _ in weights:
                if g.dump_action(outcome) == whole.chance[j]:
                    continue
                trial, state = cut.model_copy(deep=True), node.clone()
                g.apply(state, outcome)
                trial.chance.append(g.dump_action(outcome))
                values = latest_values(transcript[:k + 1], players)
                beacon = Beacon(gid, values, Sampler(Rng.from_seed(5)))
                trial.chance += [g.dump_action(o) for o in g.deal(state, beacon)]
                try:
                    for action in whole.actions[i:a1]:
                        g.apply(state, action)
                        trial.actions.append(action)
                        trial.chance += [g.dump_action(o) for o in g.deal(state, beacon)]
                except Exception:
                    continue
                if g.to_move(state) != segment["seat"]:
                    return k, trial, i - 1
    raise AssertionError("no public draw to replace")


def test_tamper_a_public_draw_replaced_by_another_possible_one_is_refused(revealed):
    game = revealed
    k, record, move = replaced_public_draw(game.name, game.record, game.transcript, GID, lambda k: True)
    segment = game.transcript[k]
    transcript = resign(record, game.transcript, k, c=[segment["c"][0], len(record.chance)],
                        a=[segment["a"][0], len(record.actions)])
    seat = segment["seat"]
    error = refused(game, record, transcript)
    assert error.seat == seat
    if move < 0 or k == record.players:
        assert error.message("en") in (f"The set-up dealt by Player {seat + 1} does not follow from the seats' "
                                       "commitments.",
                                       f"The draw at Player {seat + 1}'s move {move + 1} does not follow from the "
                                       "seats' commitments.")
    else:
        assert error.message("en") == (f"The draw at Player {seat + 1}'s move {move + 1} does not follow from the "
                                       "seats' commitments.")


def test_tamper_a_reveal_edited_is_refused(revealed):
    k = len(revealed.transcript) - 2
    record = _upto(revealed, k)
    seat, move = revealed.transcript[k]["seat"], revealed.transcript[k]["a"][0]
    transcript = resign(record, revealed.transcript, k, reveal=b64(hashlib.sha256(b"another").digest()))
    error = refused(revealed, record, transcript)
    assert (error.seat, error.move) == (seat, move)
    assert error.message("en") == (f"Player {seat + 1}'s share of the draws at move {move + 1} is not the one "
                                   f"Player {seat + 1} committed to.")


def test_tamper_a_reveal_left_out_is_refused(revealed):
    k = len(revealed.transcript) - 1
    seat, move = revealed.transcript[k]["seat"], revealed.transcript[k]["a"][0]
    transcript = [*revealed.transcript[:k], _resigned_without(revealed.record, revealed.transcript, k, "reveal")]
    assert refused(revealed, transcript=transcript).message("en") == (
        f"Player {seat + 1} did not reveal a share of the draws at move {move + 1}.")


def test_tamper_an_anchor_swapped_after_the_lap_is_refused(revealed):
    """A seat commits a new anchor mid-game (to start a chain it likes better)."""
    k = len(revealed.transcript) - 1
    seat, move = revealed.transcript[k]["seat"], revealed.transcript[k]["a"][0]
    other = Chains(hashlib.sha256(b"a chain of my choosing").digest(), GID, seat)
    transcript = resign(revealed.record, revealed.transcript, k, anchor=b64(other.anchor))
    assert refused(revealed, transcript=transcript).message("en") == (
        f"Player {seat + 1}'s commitment to the draws changed at move {move + 1}.")


def test_tamper_an_anchor_swapped_in_the_lap_breaks_the_seat_s_signature(revealed):
    """Another seat cannot swap a seat's anchor: the lap segment is signed by that seat."""
    transcript = [dict(s) for s in revealed.transcript]
    transcript[1]["anchor"] = b64(chains_of(0).anchor)
    error = refused(revealed, transcript=transcript)
    assert error.seat == 1


def test_tamper_the_set_up_dealt_before_the_lap_ended_is_refused():
    """The creator deals the set-up in its first segment, knowing no other anchor."""
    game = play_revealed("myraclia", moves=0)
    record = game.record
    transcript = seal_segment(record, [], 0, key_of(0), 0, len(record.chance), gid=GID, anchor=chains_of(0).anchor)
    for seat in (1, 2):
        transcript = seal_segment(record, transcript, seat, key_of(seat), 0, len(record.chance), gid=GID,
                                  anchor=chains_of(seat).anchor)
    error = refused(game, transcript=transcript)
    assert error.message("en") == "Player 1 dealt or moved before every seat had committed to the draws."


def test_tamper_the_set_up_dealt_by_the_last_seat_of_the_lap_is_refused():
    """The last seat to commit knows every anchor: if it dealt the set-up, it could choose its
    own chain to steer it."""
    game = play_revealed("myraclia", moves=0)
    record = game.record
    value = chains_of(2).next_share(game.transcript[:3], 3)[0]
    transcript = seal_segment(record, game.transcript[:3], 2, key_of(2), 0, len(record.chance), gid=GID, reveal=value)
    error = refused(game, transcript=transcript)
    assert error.message("en") == ("Player 3 dealt the set-up, which the game's creator deals once every seat has "
                                   "committed to the draws.")


def turn_sealed_in_two_parts(game, players: int):
    """The game up to its first turn of two moves or more (after the lap), that turn sealed by
    its seat in two segments, split after its first move: (record, transcript, the turn's
    segment as sealed whole, the move where the second part starts)."""
    k, segment = next((k, s) for k, s in enumerate(game.transcript) if k > players and s["a"][1] - s["a"][0] >= 2)
    record = _upto(game, k)
    split = segment["a"][0] + 1
    drawn = turns(record).drawn
    transcript = seal_segment(record, game.transcript[:k], segment["seat"], key_of(segment["seat"]), split,
                              drawn[split], gid=GID, reveal=b64_value(segment["reveal"]))
    value = chains_of(segment["seat"]).next_share(transcript, players)[0]
    transcript = seal_segment(record, transcript, segment["seat"], key_of(segment["seat"]), segment["a"][1],
                              segment["c"][1], gid=GID, reveal=value)
    return record, transcript, segment, split


def test_tamper_a_turn_sealed_in_two_parts_is_refused():
    """Splitting a turn in two segments would let its seat choose which value deals its draws."""
    game = play_revealed("spyrium", players=2, moves=16)
    record, transcript, segment, split = turn_sealed_in_two_parts(game, 2)
    error = refused(game, record, transcript)
    assert error.message("en") == (f"Player {segment['seat'] + 1}'s turn is sealed in two parts at move {split + 1}: "
                                   "a turn is sealed whole, so that its draws cannot be chosen.")


def test_tamper_a_turn_sealed_in_two_parts_only_where_the_deal_waits_for_keys():
    """A ``t5`` game's turn may wait for keys by its deal's rule (``tavolo_ui.dealt.wait_splits``,
    a public function of the record): its device seals what it played, sends the link to
    the seats that owe them, and plays the rest of its turn in a second segment when it
    comes back. ``splits`` names those moves and the seats waited for: a turn split there
    passes the layout and the signatures; split one move later, or where only its own seat
    is named, it is refused as before (its seat chose where)."""
    game = play_revealed("spyrium", players=2, moves=16)
    record, transcript, segment, split = turn_sealed_in_two_parts(game, 2)
    other = 1 - segment["seat"]   # the seat whose keys the turn waits for
    seal.check_signatures(record, transcript, gid=GID, splits={split: {other}})
    seal.check_signatures(record, transcript, gid=GID, splits=None)   # left to verify
    for splits in ({split + 1: {other}}, {split: {segment["seat"]}}, {}):   # one move later; its own act; none
        with pytest.raises(SealError) as caught:
            seal.check_signatures(record, transcript, gid=GID, splits=splits)
        assert caught.value.message("en").startswith(f"Player {segment['seat'] + 1}'s turn is sealed in two parts")


def b64_value(text: str) -> bytes:
    value = seal.unb64(text, 32)
    assert value is not None
    return value


def test_tamper_a_seat_committing_twice_in_the_lap_is_refused():
    """Seat 0 fills the lap twice, so seat 2 never commits before the set-up is dealt."""
    game = play_revealed("myraclia", moves=0)
    record = game.record
    transcript = game.transcript[:2]
    transcript = seal_segment(record, transcript, 0, key_of(0), 0, 0, gid=GID, anchor=chains_of(0).anchor)
    value = chains_of(0).next_share(transcript, 3)[0]
    transcript = seal_segment(record, transcript, 0, key_of(0), 0, len(record.chance), gid=GID, reveal=value)
    error = refused(game, transcript=transcript)
    assert (error.message("en"), error.seat) == ("Seal 3 of this game is damaged.", 0)

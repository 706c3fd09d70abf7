"""Games at a distance dealt by commit and reveal as the page plays them (issue 39, stage 2),
without a browser: the set-up lap between devices, each device's ``Session`` dealing its draws
from ``revealed.PendingBeacon``, its turns sealed when a link leaves (``revealed.page_link``),
the chance secrets in the save, Undo meeting the same draws, a replaced public draw refused.
"""

from __future__ import annotations

import pytest

from engines.core.seal import SealError
from engines.core.record import new_record
from engines import get_game
from tavolo_ui import revealed
from tavolo_ui.distance import Distance, new_game_id
from tavolo_ui.sealed import device_seats, new_seal
from tavolo_ui.session import Session

SEATS = [{"name": "Ada", "kind": "human"}, {"name": "Bea", "kind": "human"}, {"name": "Bot", "kind": "bot:random"}]


class PageDevice:
    """One device as the page keeps it: its ``Session`` (dealing from a ``PendingBeacon``)
    and its ``Distance`` (seal and chance secrets)."""

    def __init__(self, record, info: Distance) -> None:
        self.info = info
        self.session = self.load(record)

    def load(self, record) -> Session:
        holder: list[Session] = []

        def state_of():
            s = holder[0] if holder else None
            movers = s.actors if s is not None else revealed.turns(record).movers
            return (s.record if s is not None else record), self.info.seal, self.info.chances, movers

        s = Session.load(record.model_copy(deep=True), source=revealed.PendingBeacon(state_of, self.info.gid))
        holder.append(s)
        s.play_here(self.info.mine)
        self.session = s
        return s

    def send(self) -> tuple[str, int]:
        s = self.session
        mover = None if s.is_over() or s.undealt else s.to_move()
        fragment, seal, to = revealed.page_link(s.record, self.info.seal, self.info.chances, gid=self.info.gid,
                                                mover=mover)
        self.info.seal = seal
        return fragment, to

    def open(self, fragment: str) -> None:
        opened = revealed.open_link(fragment, (self.session.record, self.info.seal))
        assert opened.accepted
        self.info.seal = opened.seal
        self.load(opened.link.record)

    def play(self, pick: int = 0) -> None:
        """This device's seats' moves until another device's turn (the ``pick``-th legal move)."""
        s = self.session
        while not s.undealt and not s.is_over() and s.to_move() in self.info.seal.keys:
            legal = s.legal_actions()
            s.apply(legal[pick % len(legal)])


def create(game: str = "spyrium", seats=SEATS) -> PageDevice:
    """Ada's device creates a game at a distance (no draw yet: the set-up waits for the lap)."""
    g = get_game(game)
    record = new_record(g, len(seats), 7, seats=seats, outcomes=True)
    mine = [0]
    seal = new_seal(record, mine)
    info = Distance(new_game_id(), mine, seal=seal, chances=revealed.new_chances(device_seats(record, 0, 0)))
    return PageDevice(record, info)


def join(fragment: str) -> PageDevice:
    """A friend's device opens the first link of a game (the lap)."""
    opened = revealed.open_link(fragment, None)
    link = opened.link
    mine = device_seats(link.record, opened.seal.host, link.seat)
    info = Distance(link.gid, mine, seal=opened.seal, chances=revealed.new_chances(mine))
    return PageDevice(link.record, info)


def lap() -> tuple[PageDevice, PageDevice]:
    ada = create()
    assert ada.session.undealt and ada.session.record.chance == []  # nothing dealt before the lap
    fragment, to = ada.send()
    assert to == 1 and revealed.lap_missing(ada.session.record, ada.info.seal) == [1]
    bea = join(fragment)
    assert bea.session.undealt and bea.session.record.chance == []  # a friend's device deals nothing
    fragment, to = bea.send()
    assert to == 0 and not revealed.lap_missing(bea.session.record, bea.info.seal)
    ada.open(fragment)
    return ada, bea


def test_the_lap_then_the_creator_deals_the_set_up_and_the_game_goes_on_by_t4_links():
    ada, bea = lap()
    assert not ada.session.undealt and ada.session.record.chance  # dealt at the creator, once the lap is back
    for _ in range(6):
        for me, other in ((ada, bea), (bea, ada)):
            me.play()
            if me.session.is_over():
                return
            fragment, to = me.send()
            assert fragment.split(".")[4] == revealed.REVEALED_VERSION
            assert to in other.info.mine
            other.open(fragment)  # every public draw checked against the commitments
            assert other.session.record == me.session.record


def test_undo_then_the_same_move_meets_the_same_draws():
    """A move that draws, taken back (by Undo where the page allows it, else as a modified
    page could, replaying without it) and played again, meets the same public draws: the
    values do not change, so nobody draws again."""
    ada, bea = lap()
    redrawn = 0
    for _ in range(10):
        for me, other in ((ada, bea), (bea, ada)):
            s = me.session
            while not s.undealt and not s.is_over() and s.to_move() in me.info.seal.keys:
                action, before, moves = s.legal_actions()[-1], len(s.record.chance), len(s.record.actions)
                s.apply(action)
                drawn = s.record.chance[before:]
                if drawn:
                    if s.undo_count():
                        s.undo()
                    else:
                        s._rebuild(moves)
                    assert len(s.record.actions) == moves and len(s.record.chance) == before
                    s.apply(action)
                    assert s.record.chance[before:] == drawn, "taking a move back let its seat draw again"
                    redrawn += 1
            if s.is_over() or redrawn >= 3:
                assert redrawn
                return
            fragment, _to = me.send()
            other.open(fragment)
    assert redrawn


def test_chance_secrets_round_trip_in_the_save_and_never_in_a_link():
    ada = create()
    data = ada.info.to_json()
    again = Distance.from_json(data)
    assert again is not None and again.chances == ada.info.chances and again.revealed
    fragment, _to = ada.send()
    for text in ada.info.chances.values():
        assert text not in fragment


def test_a_damaged_chance_secret_is_said_and_nothing_is_dealt_or_signed():
    ada = create()
    data = ada.info.to_json()
    data["chances"] = {"0": "not a secret"}
    info = Distance.from_json(data)
    assert info is not None and info.chances is None and info.revealed
    assert info.to_json()["chances"] == {"0": "not a secret"}  # kept as it was: nothing lost
    assert "damaged" in revealed.CHANCES_DAMAGED.render("en")


def replace_a_draw(record, first: int, last: int | None = None):
    """A copy of ``record`` with one draw from outcome ``first`` on (and before ``last``)
    replaced by another possible outcome at its node (what a dishonest sender's device would
    write), the moves and draws after it still fitting, every draw used; None when there is
    none (the latest such draw is tried first)."""
    game = get_game(record.game)
    for target in reversed(range(first, len(record.chance) if last is None else last)):
        forged = record.model_copy(deep=True)

        class Swap:
            j = 0

            def pick(self, g, state):
                j, self.j = self.j, self.j + 1
                if j >= len(forged.chance):
                    return None
                outcome = g.parse_action(forged.chance[j])
                if j == target:
                    others = [o for o, w in g.chance_weights(state) if w and o != outcome]
                    if not others:
                        raise LookupError("no other outcome")
                    forged.chance[j] = g.dump_action(others[0])
                    return others[0]
                return outcome

        swap = Swap()
        state = game.new_game(record.players, record.seed, record.options, dealer=False, deal=False)
        try:
            game.deal(state, swap)
            for data in forged.actions:
                game.apply(state, game.parse_action(data))
                game.deal(state, swap)
        except Exception:  # no other outcome there, or the moves after it no longer fit
            continue
        if swap.j < len(forged.chance):  # a draw the game no longer makes
            continue
        return forged
    return None


def test_a_public_draw_replaced_by_the_sender_is_refused_naming_the_seat():
    """The sender's device replaces a public draw of its own turn by another possible one and
    signs its turn: the signature holds, the draw does not follow from the commitments."""
    ada, bea = lap()
    for _ in range(40):
        for me, other in ((ada, bea), (bea, ada)):
            first = len(me.session.record.chance) if me is bea else me.info.seal.transcript[-1]["c"][1]
            me.play()
            forged = replace_a_draw(me.session.record, first)
            if forged is not None:
                fragment, _seal, _to = revealed.page_link(forged, me.info.seal, me.info.chances, gid=me.info.gid,
                                                          mover=other.info.mine[0])
                with pytest.raises(SealError) as refused:
                    revealed.open_link(fragment, (other.session.record, other.info.seal))
                assert "does not follow from the seats’ commitments" in refused.value.message("en").replace("'", "’")
                assert refused.value.seat == me.info.mine[0]
                return
            fragment, _ = me.send()
            other.open(fragment)
    pytest.fail("no public draw to replace")


def test_the_last_friend_to_join_seals_only_its_commitment():
    """A friend's device that completes the lap signs its commitment and nothing more: the
    set-up is the creator's to deal (its link goes back to the creator)."""
    ada = create()
    fragment, _to = ada.send()
    bea = join(fragment)
    first, _ = bea.send()
    again, to = bea.send()  # the send box drawn again once the link has left
    assert to == 0 and len(bea.info.seal.transcript) == 3 and first == again


def test_an_answer_to_a_link_shown_then_taken_back_is_the_senders_own_fork():
    """Ada's device shows a link (kept in ``taken_back``), Undo takes its moves back and Ada
    plays otherwise; Bea's answer to the first link is this device's own seat's fork, not a
    refused link."""
    from tavolo_ui.sealed import remember_shown

    ada, bea = lap()
    for _ in range(30):  # until Ada's device has a move of Ada's own to play
        s = ada.session
        if s.to_move() == 0:
            break
        if s.to_move() in ada.info.seal.keys:  # the bot, on Ada's device: its move alone
            s.apply(s.legal_actions()[0])
            continue
        fragment, _ = ada.send()
        bea.open(fragment)
        bea.play()
        fragment, _ = bea.send()
        ada.open(fragment)
    s = ada.session
    assert s.to_move() == 0 and len(s.legal_actions()) > 1
    moves = len(s.record.actions)
    ada.play(0)
    shown, made, _to = revealed.page_link(s.record, ada.info.seal, ada.info.chances, gid=ada.info.gid, mover=1)
    ada.info.seal = remember_shown(ada.info.seal, made, len(s.record.actions))
    s._rebuild(moves)  # Undo, after the link was shown
    ada.play(1)
    ada.send()
    bea.open(shown)
    bea.play()
    answer, _ = bea.send()
    opened = revealed.open_link(answer, (ada.session.record, ada.info.seal))
    assert not opened.accepted and opened.signed_twice() == 0
    # the link's continuation kept: Ada's device goes on with the link's seals, and its next link checks
    assert opened.theirs is not None
    ada.info.seal = opened.theirs
    ada.load(opened.link.record)
    ada.play()
    fragment, _ = ada.send()
    bea.open(fragment)


def test_chance_secrets_stay_out_of_an_exported_game():
    """The save keeps the secrets beside the seal; the game exported to a file (for another
    device) carries none of them."""
    from tavolo_ui.saves import DictStorage, Saves

    ada = create()
    saves = Saves(DictStorage())
    sid = saves.new_id()
    assert saves.put(sid, "Spyrium", ada.session.record.model_dump(mode="json"), False, ada.info.to_json()) is None
    _name, text = saves.export(sid)
    stored = Distance.from_json(saves.get(sid).distance)
    assert stored is not None and stored.chances == ada.info.chances
    for secret in ada.info.chances.values():
        assert secret not in text

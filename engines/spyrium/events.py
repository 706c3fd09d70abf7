"""The log lines of what the rules do by themselves after a move (``Game.event_texts``).

Read from the difference between the state before and after the move, so they follow the rules
wherever they act: the resources gained by hiring, building or the turn event (money, Spyrium,
VP, workers from the reserve, a step on the Residence track), the VP Engineering adds, the
numbered tokens kept with Commerce or discarded, a replaced building discarded, the VP bonuses
(chosen, received at once or still to choose), the move to Phase II, the end of a round (§13)
with the start of the next (§4: first player, income, events, the deal) and the final scoring
(§14). Spyrium hides only the order of its face-down piles (spec §15, D-38): no line names a
card before it is dealt or an event below the preview.
"""

from __future__ import annotations

from typing import Optional

from .actions import (Build, ChooseBonus, Hire, SwitchPhase, UseBuilding, UseEvent,
                      UseTaylorism)
from .components import (BONUS_HIGH, BONUS_LOW, BONUS_MONEY, CARD_TYPES, EVENTS, PERIOD_BY_ROUND,
                         RESIDENCE_VALUES, ROUNDS, type_of)
from .rules import engineering_vp, use_workers
from .scoring import breakdown, scores
from .state import SpyriumState
from .texts import T, amount, and_list, event_name, join, player, the_card


def _card_events(before: SpyriumState, a, after: SpyriumState, seat: int) -> list:
    """What an activation did by itself: tokens kept or discarded, the replaced building
    discarded, the gains of a building when built, workers gained."""
    out: list = []
    who = player(seat)
    p0, p1 = before.players_[seat], after.players_[seat]
    if len(p1.kept_tokens) > len(p0.kept_tokens):
        out.append(T("{player} keeps the token with Commerce ({total} kept)", player=who,
                     total=len(p1.kept_tokens)))
    discarded = len(after.token_discard) - len(before.token_discard)
    if discarded > 0 and after.round == before.round:
        out.append(T("The used token goes to the discard pile") if discarded == 1 else
                   T("{n} used tokens go to the discard pile", n=discarded))
    if isinstance(a, Build) and a.replace is not None:
        old = p0.buildings[a.replace]
        line = T("{player} discards {card} from their district", card=the_card(old.card), player=who)
        if old.workers:
            line = T("{a}; the workers on it ({n}) go beside the start card", a=line, n=old.workers)
        out.append(line)
    return out


def _gains(before, after, seat: int, bonus: Optional[str] = None) -> list:
    """The resources a player gained by the effects of a move, besides the move's own line
    (without the 20 VP ``bonus`` received at once, which has its own line)."""
    p0, p1 = before.players_[seat], after.players_[seat]
    bits = []
    money = p1.money - p0.money - (BONUS_MONEY if bonus == "money" else 0)
    if money > 0:
        bits.append(amount("money", money))
    if p1.spyrium > p0.spyrium:
        bits.append(amount("spyrium", p1.spyrium - p0.spyrium))
    if p1.vp > p0.vp:
        bits.append(amount("vp", p1.vp - p0.vp))
    new_workers = p0.reserve - p1.reserve - (1 if bonus == "worker" and p0.reserve else 0)
    if new_workers > 0:
        bits.append(T("{w} from the reserve", w=amount("workers", new_workers)))
    if p1.residence > p0.residence:
        bits.append(T("a step on the Residence track (income £{n})", n=RESIDENCE_VALUES[p1.residence]))
    return bits


def _round_events(before: SpyriumState, after: SpyriumState) -> list:
    """The end of a round (§13) and the start of the next (§4), or the end of the game (§14)."""
    out: list = [T("Everyone has passed: round {n} ends", n=before.round)]
    left = sum(1 for c in before.market if c is not None)
    if left:
        out.append(T("The {n} cards left in the market are discarded", n=left) if left != 1
                   else T("The card left in the market is discarded"))
    if before.turn_event is not None:
        out.append(T("The turn event {name} is discarded", name=event_name(before.turn_event)))
    out.append(T("Used buildings and techniques are turned upright; every phase disc goes back to Phase I"))
    if after.over:
        s = scores(after)
        out.append(T("The game is over after round {n}: final scoring", n=before.round))
        for i, pl in enumerate(after.players_):
            b = breakdown(pl)
            out.append(T("{player}: {total} VP ({track} VP on the score track, {buildings} VP for "
                         "buildings, {techniques} VP for techniques)", player=player(i), total=s[i],
                         track=pl.vp, buildings=b["buildings"], techniques=b["techniques"]))
        best = max(s)
        wins = [player(i) for i, v in enumerate(s) if v == best]
        out.append(T("{players} share the victory with {n} VP", players=and_list(wins), n=best) if len(wins) > 1
                   else T("{player} wins with {n} VP", player=wins[0], n=best))
        return out
    out.append(T("The first player card passes to {player}", player=player(after.first_player)))
    out.append(T("Round {n} of {total} begins (period {period})", n=after.round, total=ROUNDS,
                 period=PERIOD_BY_ROUND.get(after.round, "")))
    incomes = [T("{player} £{n}", player=player(i), n=after.players_[i].money - before.players_[i].money)
               for i in range(after.players)]
    out.append(T("Income from the Residence track: {list}", list=join(incomes)))
    ev = after.turn_event
    if ev is not None:
        out.append(T("{name} becomes the turn event", name=event_name(ev)) if after.turn_event_token is None
                   else T("{name} becomes the turn event, with token {t}", name=event_name(ev),
                          t=after.turn_event_token))
    if after.future_events:
        nxt = after.future_events[0]
        out.append(T("The next event is {name}", name=event_name(nxt)) if after.future_token is None
                   else T("The next event is {name}, with token {t}", name=event_name(nxt),
                          t=after.future_token))
    n_tok = sum(len(t) for t in after.market_tokens)
    out.append(T("9 cards of period {period} are dealt to the market, with {n} numbered tokens",
                 period=PERIOD_BY_ROUND.get(after.round, ""), n=n_tok))
    out.append(T("Every worker goes back to its start card, active"))
    out.append(T("{player} plays first", player=player(after.current)))
    return out


def event_texts(before: SpyriumState, a, after: SpyriumState) -> list:
    """The public log lines of what the rules did by themselves after ``a`` (see the contract)."""
    seat = before.current
    who = player(seat)
    out: list = []
    p0, p1 = before.players_[seat], after.players_[seat]
    auto_bonus = (None if isinstance(a, ChooseBonus) or len(p1.bonuses_left) >= len(p0.bonuses_left)
                  else ("money" if "money" in p0.bonuses_left and "money" not in p1.bonuses_left
                        else "worker"))
    show_gains = isinstance(a, (Hire, Build))
    if isinstance(a, UseEvent):
        assert before.turn_event is not None  # an event is used during a round, which has one
        o = EVENTS[before.turn_event].options[a.option]
        show_gains = bool(o.reuse_used_building or o.residence_action or o.gain.get("workers"))
    if show_gains:
        gained = _gains(before, after, seat, auto_bonus)
        if gained:
            out.append(T("{player} gains {gains}", player=who, gains=and_list(gained)))
    if isinstance(a, (UseBuilding, UseTaylorism)):
        b = p0.buildings[a.building]
        ct = CARD_TYPES[type_of(b.card)]
        eng = engineering_vp(p0, ct, use_workers(p0, ct, ct.activate_options[a.option]))
        if eng:
            out.append(T("{player} gains {n} VP more with Engineering", player=who, n=eng))
    if isinstance(a, (Hire, Build)):
        out += _card_events(before, a, after, seat)
    if isinstance(a, ChooseBonus) and len(p1.bonuses_left) == 0 and len(p0.bonuses_left) == 2:
        out.append(T("{player} already has {n} VP and receives the other bonus at once",
                     player=who, n=BONUS_HIGH))
    elif auto_bonus is not None:
        got = auto_bonus
        out.append(T("{player} reaches {n} VP and receives the remaining bonus: {bonus}", player=who,
                     n=BONUS_HIGH, bonus=T("+£{m}", m=BONUS_MONEY) if got == "money"
                     else T("+{w}", w=amount("workers", 1))))
    if after.pending_bonus and not before.pending_bonus:
        out.append(T("{player} reaches {n} VP and must choose a bonus: a worker or £{m}", player=who,
                     n=BONUS_LOW, m=BONUS_MONEY))
    if isinstance(a, SwitchPhase):
        out.append(T("{player} now takes a Phase II action", player=who))
    if after.round != before.round or after.over != before.over:
        out += _round_events(before, after)
    return out

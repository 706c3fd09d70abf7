"""Spyrium in words (see ``tavolo_ui.twin``): your money, Spyrium, workers, buildings and
techniques; the market cards with their costs and tokens, the workers placed between them,
the events; each other player's figures.

Spyrium has no hidden hand (the view hides only the decks, the face-down tokens and the
events below the next one, as sizes): "you" and "each other player" say the same things.
"""

from __future__ import annotations

from types import SimpleNamespace

from engines.core.i18n import Text, player
from engines.spyrium.public import (BONUS_MONEY, KINDS, POS_NAMES, T, amount, card_name, event_name, join,
                                    slot_text)

Lines = list[Text]


def _card_line(card: dict) -> Text:
    """A building or technique of a player: "Building: Mine (left), used, 2 workers on it"."""
    bits: Lines = [card_name(card["card"])]
    if card.get("tapped"):
        bits.append(T("used"))
    if card.get("workers"):
        bits.append(T("{w} on it", w=amount("workers", card["workers"])))
    if card["kind"] == "technique":
        return T("Technique: {card}", card=join(bits))
    return T("Building: {card}", card=join(bits))


def player_lines(view: dict, q: int) -> Lines:
    """A player's figures (all public): VP, money, Spyrium, phase, workers, Residence, cards."""
    p = view["players"][q]
    status = T("passed") if p["passed"] else (T("Phase II") if p["phase"] == 2 else T("Phase I"))
    bits = [T("{vp} VP (total {score})", vp=p["vp"], score=p["score"]), T("£{n}", n=p["money"]),
            T("{n} Spyrium", n=p["spyrium"]), status]
    if p["event_used"]:
        bits.append(T("turn event used"))
    lines: Lines = [join(bits),
                    T("Workers: {active} on the start card, {market} in the market, {spent} spent, {reserve} in reserve",
                      active=p["active"], market=p["in_market"], spent=p["spent"], reserve=p["reserve"]),
                    T("Residence track: step {n}, income £{m}", n=p["residence"] + 1, m=p["residence_value"])]
    lines += [_card_line(card) for card in p["buildings"] + p["techniques"]]
    if p["kept_tokens"]:
        lines.append(T("Tokens kept with Commerce: {list}", list=join([str(k) for k in p["kept_tokens"]])))
    if p["bonuses_left"]:
        bonuses = [T("a worker") if b == "worker" else T("£{n}", n=BONUS_MONEY) for b in p["bonuses_left"]]
        lines.append(T("Bonuses still to take: {list}", list=join(bonuses)))
    return lines


def _event(head: Text, ev: dict | None) -> Text | None:
    """"Turn event: Windfall, token 2" (``head`` names which event); None for no event."""
    if ev is None:
        return None
    if ev["token"] is None:
        return T("{kind}: {name}", kind=head, name=event_name(ev["id"]))
    return T("{kind}: {name}, token {t}", kind=head, name=event_name(ev["id"]), t=ev["token"])


def table(view: dict) -> Lines:
    """The public board: round, events, the market cards with tokens, the workers placed."""
    decks = join([T("period {k}: {n}", k=k, n=v) for k, v in view["decks"].items()])
    discard = join([str(t) for t in view["token_discard"]]) if view["token_discard"] else T("none")  # tokens: "nessuno"
    lines: Lines = [
        T("Spyrium · round {n} of {total} (period {period})", n=view["round"], total=view["rounds"],
          period=view["period"]),
        T("First player: {player}", player=player(view["first_player"])),
        T("Cards left in the decks: {decks} · face-down tokens: {reserve} · discarded tokens: "
          "{discard} · events still hidden under the next one: {hidden}", decks=decks,
          reserve=view["token_reserve"], discard=discard, hidden=view["hidden_events"]),
    ]
    lines += [e for e in (_event(T("Turn event"), view["turn_event"]), _event(T("Next event"), view["next_event"]))
              if e is not None]
    if view["past_events"]:
        lines.append(T("Past events: {list}", list=join([event_name(e["id"]) for e in view["past_events"]])))
    for card in view["market"]:
        if card is None:
            continue
        details = [KINDS[card["kind"]], T("£{n}", n=card["cost"])]
        if card["vp"]:
            details.append(T("{n} VP", n=card["vp"]))
        line = T("{pos}: {card} ({details})", pos=POS_NAMES[card["pos"]], card=card_name(card["card"]),
                 details=join(details))
        if card["tokens"]:
            line = T("{a} {b}", a=line, b=T("Tokens on the card: {list}.", list=join([str(t) for t in card["tokens"]])))
        lines.append(line)
    market = SimpleNamespace(market=[c["card"] if c else None for c in view["market"]])
    for slot in view["slots"]:
        if slot["workers"]:
            lines.append(T("Worker slot {where}: {workers}", where=slot_text(market, slot["id"]),
                           workers=join([player(w) for w in slot["workers"]])))
    return lines


def sections(view: dict, me: int | None) -> list[tuple[Text, Lines]]:
    """You (when ``me`` is a seat), the table, each other player."""
    out: list[tuple[Text, Lines]] = []
    if me is not None:
        out.append((T("{player} (you)", player=player(me)), player_lines(view, me)))
    out.append((T("The table"), table(view)))
    out += [(player(q), player_lines(view, q)) for q in range(len(view["players"])) if q != me]
    return out

"""Æmber effects: gain, lose, steal, capture (from any pool too), return captured æmber, exalt, pay, move æmber."""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Option, Question
from judge.core.position import CardState
from judge.games.keyforge.conditions import amount, player_of
from judge.games.keyforge.effects import handler, targets
from judge.games.keyforge.game import AbilityContext
from judge.games.keyforge.targets import resolve_target


@handler("gain")
def _gain(ctx: AbilityContext, e: dict[str, Any]) -> int:
    return ctx.game.gain(player_of(ctx, e.get("player")), amount(ctx, e))


@handler("lose")
def _lose(ctx: AbilityContext, e: dict[str, Any]) -> int:
    return ctx.game.lose(player_of(ctx, e.get("player", "opponent")), amount(ctx, e))


@handler("steal")
def _steal(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # `player` is who steals: "your opponent steals 2" (Magda la Rata, KF172-ERR-14) takes from this card's controller.
    return ctx.game.steal(player_of(ctx, e.get("player")), amount(ctx, e))


@handler("capture")
def _capture(ctx: AbilityContext, e: dict[str, Any]) -> int:
    onto = targets(ctx, e, "onto", rule="capture") if "onto" in e else ctx.named("self")
    if not onto:
        return 0
    n = amount(ctx, e)
    if e.get("from") == "any":
        return _capture_from_any(ctx, onto[0], n)
    if e.get("from") == "own":
        # "It captures 1 from its own side" (Deformamentes, KF172-GEN-95): from its own controller's pool — each of
        # them, when the ability names several ("each damaged enemy creature captures 1 from their own side").
        many = isinstance(e.get("onto"), dict) and e["onto"].get("all")
        return sum(ctx.game.capture(c, n, victim=c.controller) for c in (onto if many else onto[:1]))
    if e.get("from-event"):
        # "Captures it": only the æmber the event is about, and only once — a second capturer finds none left
        # (KF172-CARD-106, two Ser Marrows). When a replacement takes it from the common supply instead, that æmber
        # never leaves the pool and the next capturer still finds it (Pixies de Po, KF172-GEN-41).
        left = int(ctx.event.get("amount", 0))
        n = min(n, left)
        victim = ctx.game.position.opponent(onto[0].controller)
        if ctx.game.supply_instead(victim) is None:
            ctx.event["amount"] = left - n
        if not n:
            ctx.game.res.note("nothing-left", "capture", "Ese Æmbar ya no está: no hay nada que capturar",
                              "That Æmber is gone: there is nothing to capture")
            return 0
    if isinstance(e.get("onto"), dict) and e["onto"].get("all"):
        # "Each of its neighbors captures 1" (Hermana Limosnera, KF172-CARD-91): each of them captures.
        return sum(ctx.game.capture(c, n) for c in onto)
    return ctx.game.capture(onto[0], n)


def _capture_from_any(ctx: AbilityContext, creature: CardState, n: int) -> int:
    """Capture from any combination of players' pools, the capturer's own included (Crasosaurio): as much as there is
    up to ``n`` must be taken (RESUELVE TODO LO QUE PUEDAS, KF172-GEN-89); the active player chooses how much comes from
    each pool when there is a choice."""
    game = ctx.game
    own, other = creature.controller, game.position.opponent(creature.controller)
    total = min(n, game.amber(own) + game.amber(other))
    low, high = max(0, total - game.amber(other)), min(total, game.amber(own))
    from_own = low
    if high > low:
        from_own = int(game.res.ask(Question(
            key="amount", player=game.active, rule="resolve-as-much-as-you-can",
            prompt_es=f"¿Cuánto Æmbar de los {total} se captura de la reserva de {own}?",
            prompt_en=f"How much of the {total} Æmber is captured from {own}'s pool?",
            options=tuple(Option(str(k), str(k), str(k)) for k in range(low, high + 1)))))
    got = game.capture(creature, total - from_own, victim=other) if total - from_own else 0
    if from_own:
        got += game.capture(creature, from_own, victim=own)
    return got


@handler("return-aember")
def _return_aember(ctx: AbilityContext, e: dict[str, Any]) -> int:
    total = 0
    for card in targets(ctx, e, rule="return"):
        n = int(card.get("amber", 0))
        if n:
            opponent = ctx.game.position.opponent(card.controller)
            with ctx.game.res.step("return-aember", "return", f"El Æmbar de {ctx.game.label(card)} vuelve a {opponent}",
                                   f"The Æmber on {ctx.game.label(card, 'en')} returns to {opponent}", card=card.uid):
                ctx.game.res.set_card(card, "amber", 0)
                ctx.game.res.set_player(opponent, "amber", ctx.game.amber(opponent) + n)
            total += n
    return total


@handler("exalt")
def _exalt(ctx: AbilityContext, e: dict[str, Any]) -> int:
    n = 0
    for c in targets(ctx, e, rule="exalt"):
        with ctx.game.res.step("exalt", "exalt", f"Se exalta a {ctx.game.label(c)}: 1 Æmbar de la reserva común sobre ella",
                               f"{ctx.game.label(c, 'en')} is exalted: 1 Æmber from the common supply on it", card=c.uid):
            ctx.game.res.set_card(c, "amber", int(c.get("amber", 0)) + 1)
        n += 1
    return n


@handler("pay")
def _pay(ctx: AbilityContext, e: dict[str, Any]) -> int:
    pid = player_of(ctx, e.get("player"))
    other = ctx.game.position.opponent(pid)
    wanted = amount(ctx, e)
    if e.get("then") and ctx.game.amber(pid) < wanted:
        # PAGAR: paying an opponent "to" do something (a `pay` with `then`) must be paid in full. A player who cannot
        # pay all of it pays nothing, and what the payment was for does not happen. (Decision: a `pay` without `then`
        # is a plain payment, and pays what there is.)
        ctx.game.res.note("cannot-pay", "pay", f"{pid} no puede pagar {wanted} Æmbar en su totalidad: no paga",
                          f"{pid} cannot pay {wanted} Æmber in full: nothing is paid")
        return 0
    n = min(wanted, ctx.game.amber(pid))
    with ctx.game.res.step("pay", "pay", f"{pid} paga {n} Æmbar a {other}", f"{pid} pays {n} Æmber to {other}"):
        ctx.game.res.set_player(pid, "amber", ctx.game.amber(pid) - n)
        ctx.game.res.set_player(other, "amber", ctx.game.amber(other) + n)
    return n


@handler("move-aember")
def _move_aember(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # MOVER: moving Æmber is not capturing, stealing or losing it; nothing that waits for those happens.
    dest = e.get("to", "supply")
    receivers: list[CardState] = []
    if dest not in ("supply", "you", "opponent", "active"):
        receivers = resolve_target(ctx.game, dest, ctx, rule="move", verb="move-aember")[:1]
        if not receivers:
            return 0  # nowhere to move it: the æmber stays where it is
    if e.get("from-supply"):
        # "Put 4 Æmber on Bracchanalia from the common supply": onto a card, from no player.
        n = amount(ctx, e)
        for card in receivers:
            with ctx.game.res.step("move-aember", "move", f"Se ponen {n} Æmbar de la reserva común sobre {ctx.game.label(card)}",
                                   f"{n} Æmber from the common supply is put on {ctx.game.label(card, 'en')}", card=card.uid):
                ctx.game.res.set_card(card, "amber", int(card.get("amber", 0)) + n)
        return n * len(receivers)
    if "from-pool" in e:
        # "Move 1 Æmber from your pool to Safe Place": from a player's pool onto a card.
        pid = player_of(ctx, e["from-pool"])
        n = min(amount(ctx, e), ctx.game.amber(pid))
        if not n or not receivers:
            return 0
        with ctx.game.res.step("move-aember", "move", f"Se mueven {n} Æmbar de la reserva de {pid} a {ctx.game.label(receivers[0])}",
                               f"{n} Æmber is moved from {pid}'s pool to {ctx.game.label(receivers[0], 'en')}", card=receivers[0].uid):
            ctx.game.res.set_player(pid, "amber", ctx.game.amber(pid) - n)
            ctx.game.res.set_card(receivers[0], "amber", int(receivers[0].get("amber", 0)) + n)
        return n
    sources = targets(ctx, e, "from", rule="move")
    if not (isinstance(e.get("from"), dict) and e["from"].get("all")):
        sources = sources[:1]  # "from each friendly creature": every one of them; otherwise the one named
    moved = 0
    for source in sources:
        n = min(amount(ctx, e), int(source.get("amber", 0)))
        if not n:
            continue
        with ctx.game.res.step("move-aember", "move", f"Se mueven {n} Æmbar de {ctx.game.label(source)}",
                               f"{n} Æmber is moved from {ctx.game.label(source, 'en')}", card=source.uid):
            ctx.game.res.set_card(source, "amber", int(source.get("amber", 0)) - n)
            if dest in ("you", "opponent", "active"):
                pid = player_of(ctx, dest)
                ctx.game.res.set_player(pid, "amber", ctx.game.amber(pid) + n)
            for card in receivers:
                ctx.game.res.set_card(card, "amber", int(card.get("amber", 0)) + n)
        moved += n
    return moved

"""Effects on players: prestige, resources and government points, uses, hands, the end of the game, choices."""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from judge.core.decisions import Option
from judge.core.position import CardState
from judge.games.gobierno_y_prestigio import costs, endgame, prestige, resources, uses
from judge.games.gobierno_y_prestigio.effects import APPLY, HANDLERS, Ctx, amount, handler, objects, players, run
from judge.games.gobierno_y_prestigio.game import Game
from judge.games.gobierno_y_prestigio.vocabulary import COLORS


@handler("ganar-prestigio")
def gain_prestige(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
    for pid in players(game, ctx, effect):
        prestige.gain(game, pid, amount(ctx, effect, game), rule="122.2", by_order=ctx.is_order)


@handler("perder-prestigio")
def lose_prestige(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
    for pid in players(game, ctx, effect):
        prestige.lose(game, pid, amount(ctx, effect, game), rule="122.2")


@handler("fijar-prestigio")
def set_prestige(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
    for pid in players(game, ctx, effect):
        prestige.set_to(game, pid, amount(ctx, effect, game), by_order=ctx.is_order)


@handler("intercambiar-prestigio")
def exchange_prestige(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
    other = next((p for p in players(game, ctx, effect) if p != ctx.player), None)
    if other is None:
        return
    mine, theirs = prestige.total(game, ctx.player), prestige.total(game, other)
    for pid, new in ((ctx.player, theirs), (other, mine)):
        old = prestige.total(game, pid)
        blocked = "no-puede-ganar-prestigio" if new > old else "no-puede-perder-prestigio" if new < old else ""
        if blocked and game.board.player_has(blocked, pid):
            game.res.note("no-exchange", "122.8", f"{pid} no puede {'ganar' if new > old else 'perder'} prestigio: el intercambio no sucede",
                          f"{pid} cannot {'gain' if new > old else 'lose'} prestige: the exchange does not happen")
            return
    with game.res.step("exchange", "122.8", f"{ctx.player} y {other} intercambian su prestigio", f"{ctx.player} and {other} exchange prestige"):
        game.res.set_player(ctx.player, "prestigio", theirs)
        game.res.set_player(other, "prestigio", mine)


@handler("agregar-recursos")
def add_resources(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
    if ctx.source is not None:
        produced = resources.with_terms(game, ctx.source, effect,
                                        resources.source_color(game, ctx.source, effect, amount(ctx, effect, game)))
    else:
        produced = [resources.ANY_COLOR] * amount(ctx, effect, game)
    if produced:
        # Only a triggered resource ability resolves without the stack (106.1.h.1); an order, or an ability that used
        # the stack, is no resource ability (106.1.i).
        resources.add(game, ctx.player, produced, rule="106.1.b", resource_ability=ctx.item is None)


CHOSEN: dict[str, tuple[Callable[[Game, Ctx, dict[str, Any]], list[Any]], Callable[[Game, Ctx, dict[str, Any], list[Any]], None]]] = {}
"""Effects on players that ask a choice of cards: what is chosen, then what is done with it. Inside ``cada-jugador``
every player chooses before anyone acts (101.4)."""


def chosen_effect(word: str, choose: Callable[[Game, Ctx, dict[str, Any]], list[Any]]) -> Callable[..., Any]:
    """Register an effect on players made of a choice (``choose``) and an action on what was chosen."""
    def register(act: Callable[[Game, Ctx, dict[str, Any], list[Any]], None]) -> Callable[..., Any]:
        CHOSEN[word] = (choose, act)
        HANDLERS[word] = lambda game, ctx, effect: act(game, ctx, effect, choose(game, ctx, effect))
        return act
    return register


def _used_gps(game: Game, ctx: Ctx, effect: dict[str, Any]) -> list[Any]:
    used = [gp for gp in resources.government_points(game, ctx.player) if not resources.available(gp)]
    n = min(amount(ctx, effect, game), len(used))
    if n == 0:
        game.res.note("nothing", "101.3", "No hay puntos de gobierno usados que recuperar", "No used government point to recover")
        return []
    chosen = game.choose("gp", ctx.player, "107.5", "¿Qué punto de gobierno recuperas?", "Which government point do you recover?",
                         [Option(g.uid, f"PG {g.uid}", f"GP {g.uid}") for g in used], low=n, high=n)
    return [game.board.card(uid) for uid in (chosen if isinstance(chosen, tuple) else (chosen,))]


@chosen_effect("recuperar-pg", _used_gps)
def recover_gp(game: Game, ctx: Ctx, effect: dict[str, Any], gps: list[Any]) -> None:
    for gp in gps:
        if gp is not None and game.board.card(gp.uid) is not None:
            resources.recover(game, gp)


@handler("recuperar-todo")
def recover_all(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
    for pid in players(game, ctx, effect):
        for gp in resources.government_points(game, pid):
            resources.recover(game, gp)


@handler("adelantar-pg")
def advance_gp(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
    with game.res.step("shylock", "103.1.a", f"{ctx.player} recibe ahora el punto de gobierno de su próximo turno",
                       f"{ctx.player} receives now the government point of their next turn"):
        resources.new_gp(game, ctx.player, "gyp.decision.gp-new-state")
        game.res.set_player(ctx.player, "pg-adelantado", True)


@handler("ganar-partida")
def win_game(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
    for pid in players(game, ctx, effect):
        endgame.effect_wins(game, pid)


@handler("perder-partida")
def lose_game(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
    endgame.conclude(game, {}, {pid: "104.3.c" for pid in players(game, ctx, effect)})


def _use_to_recover(game: Game, ctx: Ctx, effect: dict[str, Any]) -> list[Any]:
    out = []
    for pid in players(game, ctx, effect):
        cards = [c for _, zone, c in game.position.all_cards() if c.owner == pid and c.known and not c.get("tarjeta", False)
                 and zone == effect.get("zone", zone)]
        if not cards:
            continue
        uid = game.choose("card", pid, "114.8", "¿De qué carta recuperas un uso?", "Which card do you recover a use of?",
                          [game.card_option(c) for c in cards])
        out.append((pid, game.board.card(uid)))
    return out


@chosen_effect("recuperar-uso", _use_to_recover)
def recover_use(game: Game, ctx: Ctx, effect: dict[str, Any], chosen: list[Any]) -> None:
    for pid, card in chosen:
        uses.recover(game, pid, card)


def _from_hand(game: Game, pid: str, n: int, *, rule: str, es: str, en: str) -> list[CardState]:
    hand = game.position.player(pid).zone("mano")
    n = min(n, len(hand))
    if n == 0:
        return []
    chosen = game.choose("hand", pid, rule, es, en, [game.card_option(c) for c in hand], low=n, high=n)
    return [game.board.card(u) for u in (chosen if isinstance(chosen, tuple) else (chosen,))]  # type: ignore[misc]


def _to_discard(game: Game, ctx: Ctx, effect: dict[str, Any]) -> list[Any]:
    return [(pid, card) for pid in players(game, ctx, effect)
            for card in _from_hand(game, pid, amount(ctx, effect, game), rule="114.3.b", es="¿Qué carta descartas?", en="Which card do you discard?")]


def _to_put(game: Game, ctx: Ctx, effect: dict[str, Any]) -> list[Any]:
    return [(pid, card) for pid in players(game, ctx, effect)
            for card in _from_hand(game, pid, amount(ctx, effect, game), rule="114.3.b.1", es="¿Qué carta pones en el descarte?",
                                   en="Which card do you put into the discard?")]


@chosen_effect("descartar-de-mano", _to_discard)
def discard_from_hand(game: Game, ctx: Ctx, effect: dict[str, Any], chosen: list[Any]) -> None:
    for pid, card in chosen:
        if game.board.zone_of(card) == "mano":
            with game.res.step("discard", "114.3.b", f"{pid} descarta {game.label(card)} de su mano: gasta un uso",
                               f"{pid} discards {game.label(card, 'en')} from their hand: it costs a use"):
                game.move(card, card.owner, "descarte", rule="114.3.b")
                uses.spend(game, card.owner, card, rule="114.3.b")


@chosen_effect("poner-en-descarte", _to_put)
def put_in_discard(game: Game, ctx: Ctx, effect: dict[str, Any], chosen: list[Any]) -> None:
    for pid, card in chosen:
        if game.board.zone_of(card) == "mano":
            with game.res.step("put-discard", "114.3.b.1", f"{pid} pone {game.label(card)} en su descarte: no es descartar, no gasta uso",
                               f"{pid} puts {game.label(card, 'en')} into their discard: not a discard, no use spent"):
                game.move(card, card.owner, "descarte", rule="114.3.b.1", face_down=bool(effect.get("face-down")))
                if effect.get("face-down"):
                    game.res.note("face-down", "110.6", "La carta queda boca abajo en el descarte, como dice el efecto",
                                  "The card lies face down in the discard, as the effect says")


@handler("cada-jugador")
def each_player(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
    """101.4: the active player decides first, then the others in turn order, each knowing the earlier choices
    (101.4.a); then the actions happen at once."""
    with game.res.step("each-player", "101.4", "Cada jugador, empezando por el jugador activo", "Each player, the active player first"):
        index = ctx.index
        if len(effect.get("effects", [])) > 1:
            # Part 1 does not say whether a later instruction's choices wait for the earlier instruction's actions.
            game.res.note("choices-first", "gyp.decision.each-player-choices",
                          "Cada jugador hace todas sus elecciones, en el orden del texto, antes de cualquier acción",
                          "Each player makes all their choices, in the text's order, before any action")
        chosen: list[tuple[str, list[Any]]] = []
        who = game.position.opponents(ctx.player) if effect.get("player") == "each-opponent" else game.position.turn_order()
        forced: dict[str, int] = {}
        for pid in who:
            sub = Ctx(ctx.controller, ctx.source, ctx.item, ctx.x, ctx.declared, index, pid, ctx.is_order)
            # Every choice of this player, in the text's order (101.4.b): the objects of an effect on objects, the
            # cards an effect on players has them choose; an effect with nothing to choose acts as it is.
            picked = [objects(game, sub, e) if e["do"] in APPLY or e["do"] == "controlador-elige"
                      else CHOSEN[e["do"]][0](game, sub, e) if e["do"] in CHOSEN else [] for e in effect.get("effects", [])]
            chosen.append((pid, picked))
            for e, objs in zip(effect.get("effects", []), picked):
                if e["do"] == "controlador-elige":
                    for obj in objs:
                        forced[obj.uid] = _forced_choice(game, obj, e)
            if picked and picked[0]:
                game.res.note("choice-known", "101.4.a", f"La elección de {pid} queda a la vista de los demás",
                              f"{pid}'s choice is known to the others")
        with game.res.step("simultaneous", "101.4", "Las acciones suceden a la vez", "The actions happen at once"):
            for pid, picked in chosen:
                for e, objs in zip(effect.get("effects", []), picked):
                    if not objs and e["do"] in APPLY:
                        game.res.note("impossible", "101.3", f"{pid} no puede hacerlo: esa parte se ignora",
                                      f"{pid} cannot do it: that part is ignored")
                        continue
                    if e["do"] == "controlador-elige":
                        for obj in objs:
                            owner_ctx = Ctx(ctx.controller, ctx.source, ctx.item, ctx.x, {}, index, obj.controller, ctx.is_order, last=[obj])
                            run(game, owner_ctx, e["options"][forced[obj.uid]], prefix=f"{index}.option.")
                        continue
                    acting = Ctx(ctx.controller, ctx.source, ctx.item, ctx.x, {}, index, pid, ctx.is_order)
                    if e["do"] in CHOSEN:
                        CHOSEN[e["do"]][1](game, acting, e, objs)
                    else:
                        on_chosen(game, acting, e, objs)


def _forced_choice(game: Game, obj: Any, effect: dict[str, Any]) -> int:
    """101.4.c: a choice that forces another player into a new choice outside the cycle is made at once."""
    game.res.note("forced-choice", "101.4.c", f"{obj.controller} elige ahora, antes de seguir el ciclo", f"{obj.controller} chooses now, before the cycle goes on")
    options = [Option(str(i), f"Opción {i + 1}", f"Option {i + 1}") for i in range(len(effect["options"]))]
    return int(game.choose("choose-one", obj.controller, "101.4.c", f"¿Qué eliges para {game.label(obj)}?",
                           f"What do you choose for {game.label(obj, 'en')}?", options))


@handler("controlador-elige")
def controller_chooses(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
    for obj in [o for o in objects(game, ctx, effect) if isinstance(o, CardState)]:
        mode = _forced_choice(game, obj, effect)
        run(game, Ctx(ctx.controller, ctx.source, ctx.item, ctx.x, {}, ctx.index, obj.controller, ctx.is_order, last=[obj]),
            effect["options"][mode], prefix=f"{ctx.index}.option.")


def on_chosen(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    """Run ``effect`` on objects already chosen (the simultaneous part of 101.4)."""
    apply = APPLY.get(effect["do"])
    if apply is None:
        HANDLERS[effect["do"]](game, ctx, effect)
    else:
        apply(game, ctx, effect, objs)


@handler("puede-pagar")
def may_pay(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
    """121.12: "[Puedes pagar N]. Si lo haces / no lo haces…" — the choice decides, not what happened; 121.12.a reads
    "…a menos que pagues N" the same way."""
    cost = effect.get("cost", {})
    n = int(cost.get("recursos", 0))
    payer = players(game, ctx, effect)[0] if "player" in effect else ctx.player
    payable = costs.can_pay_parts(game, payer, ctx.source, cost) is None and \
        len(resources.pool(game, payer)) + len(resources.resource_sources(game, payer)) >= n
    rule = "121.12.a" if effect.get("unless") else "121.12"
    if effect.get("must"):
        pays = payable
        if not payable:
            game.res.note("cannot-pay", rule, f"{payer} no puede pagar", f"{payer} cannot pay")
    else:
        pays = payable and game.yes_no("pay", payer, rule, f"¿Pagas {cost}?", f"Do you pay {cost}?")
    index = ctx.index
    sub = Ctx(ctx.controller, ctx.source, ctx.item, ctx.x, ctx.declared, index, payer, ctx.is_order)
    if pays:
        with game.res.step("pays", rule, f"{payer} paga", f"{payer} pays"):
            game.res.note("pay-while-resolving", "120.3.e", "Se paga durante la resolución, sin prioridad", "Paid during the resolution, with no priority")
            costs.pay_resources(game, payer, n, rule="120.3.e")
            costs.pay_parts(game, payer, ctx.source, cost)
        run(game, sub, effect.get("then", []), prefix=f"{index}.then.")
    else:
        game.res.note("does-not-pay", rule, f"{payer} no paga: cuenta lo que eligió, no lo que pasó", f"{payer} does not pay: the choice counts, not what happened")
        run(game, sub, effect.get("otherwise", []), prefix=f"{index}.otherwise.")


@handler("elegir-color")
def choose_color(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
    color = game.choose("color", ctx.player, "105.4", "Elige un color", "Choose a colour", [Option(c, c, c) for c in COLORS])
    game.res.note("color-chosen", "101.4.b", f"{ctx.player} elige {color}", f"{ctx.player} chooses {color}")
    ctx.color = color


@handler("quitar-riqueza")
def move_wealth(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
    for pid in players(game, ctx, effect):
        count = int(game.position.player(pid).values.get("riqueza", 0))
        if count:
            game.res.note("wealth-ceases", "108.4", f"Los {count} puntos de riqueza de {pid} se mueven: dejan de existir",
                          f"{pid}'s {count} wealth points are moved: they cease to exist")
            game.res.set_player(pid, "riqueza", 0)


@handler("permitir-descarte-ajeno")
def allow_opponents_discard(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
    game.add_effect("descarte-ajeno", ctx.player, controller=ctx.player, until="este-turno")
    game.res.note("permission", "114.2", f"Este turno {ctx.player} puede jugar cartas del descarte de un oponente",
                  f"This turn {ctx.player} may play cards from an opponent's discard")

"""Effects on the stack: discarding orders and abilities (116.9), changing targets (118.4)."""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Option
from judge.core.position import StackItem
from judge.core.position import CardState
from judge.games.gobierno_y_prestigio import playing, targets
from judge.games.gobierno_y_prestigio.effects import Ctx, object_effect
from judge.games.gobierno_y_prestigio.game import Game


def discard_item(game: Game, item: StackItem, *, rule: str) -> None:
    """An item leaves the stack without resolving: an order's card goes to its owner's discard (no use is spent,
    114.3.b speaks of the hand only), a copy ceases to exist, an ability is simply gone (decision card-destinations)."""
    card = game.board.card(item.source)
    game.res.remove_from_stack(item)
    if item.kind == "orden" and card is not None:
        game.move(card, card.owner, "descarte", rule="gyp.decision.card-destinations")
    elif item.kind == "copia":
        game.res.note("copy-ceases", "gyp.decision.card-destinations", "La copia deja de existir", "The copy ceases to exist")


@object_effect("descartar-orden")
def discard_order(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    for item in [o for o in objs if isinstance(o, StackItem)]:
        card = game.board.card(item.source)
        if item.kind in ("orden", "copia") and card is not None and "no-descartable" in game.board.keywords(card):
            game.res.note("cant-discard", "116.6.f", f"{targets.item_label(game, item)} no puede ser descartada",
                          f"{targets.item_label(game, item, 'en')} cannot be discarded")
            continue
        with game.res.step("discard-item", "116.9", f"Se descarta {targets.item_label(game, item)}",
                           f"{targets.item_label(game, item, 'en')} is discarded"):
            discard_item(game, item, rule="116.9")


@object_effect("cambiar-objetivos")
def change_targets(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    for item in [o for o in objs if isinstance(o, StackItem)]:
        specs = targets.targeted_specs(targets.item_effects(game, item))
        declared: dict[str, list[str]] = {k: list(v) for k, v in item.data.get("targets", {}).items()}
        new: dict[str, list[str]] = {}
        rule = "118.4.c" if effect.get("new") else "118.4.a"
        game.res.note("mode-kept", "118.5", "El modo elegido no cambia", "The chosen mode does not change")
        for index, spec in specs:
            chosen: list[str] = []
            for old in declared.get(index, []):
                others = [r for r in targets.candidates(game, spec, item.controller, targeting=True, self_ref=item.id)
                          if targets.ref_id(r) != old]
                options = [targets.option(game, r) for r in others]
                if effect.get("new"):
                    options.insert(0, Option(old, f"Mantener {old}", f"Keep {old}"))
                elif not options:
                    game.res.note("cant-change", rule, f"No hay otro objetivo legal para {old}: no cambia ningún objetivo",
                                  f"No other legal target for {old}: no target changes")
                    return
                chosen.append(game.choose("new-target", ctx.player, rule, f"¿Nuevo objetivo en lugar de {old}?",
                                          f"New target instead of {old}?", options))
            new[index] = chosen
        flat = [t for ts in new.values() for t in ts]
        if any(spec.get("different") for _, spec in specs) and len(set(flat)) != len(flat):
            game.res.note("final-set", "118.4.d", "El conjunto final de objetivos no es legal: no cambia", "The final set of targets is not legal: nothing changes")
            return
        game.res.note("final-set", "118.4.d", "Se evalúa solo el conjunto final de objetivos", "Only the final set of targets is judged")
        game.res.set_item(item, "targets", {**declared, **new})


@object_effect("jugar")
def play(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    """An effect that lets the controller play a card: it is played as usual, now, on top of the stack."""
    for card in [o for o in objs if isinstance(o, CardState)]:
        if effect.get("free"):
            game.res.note("free-play", "121.9", f"{ctx.player} juega {game.label(card)} sin pagar su coste",
                          f"{ctx.player} plays {game.label(card, 'en')} without paying its cost")
        playing.play_card(game, card, ctx.player, free=bool(effect.get("free")), from_effect=True)


@object_effect("copiar-orden")
def copy_order(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    """A copy of an order is an order (115.3); whoever put it on the stack controls it (115.4) and declares its
    targets anew."""
    for item in [o for o in objs if isinstance(o, StackItem) and o.kind in ("orden", "copia")]:
        with game.res.step("copy", "115.3.a", f"{ctx.player} pone en la pila una copia de {targets.item_label(game, item)}",
                           f"{ctx.player} puts a copy of {targets.item_label(game, item, 'en')} on the stack"):
            copy = game.res.push(StackItem(game.position.next_stack_id(), ctx.player, item.source, "copia", {}))
            game.res.note("copy-controller", "115.4", f"El controlador de la copia es {ctx.player}", f"The copy's controller is {ctx.player}")
            playing.declare_targets(game, copy, targets.item_effects(game, copy), ctx.player)

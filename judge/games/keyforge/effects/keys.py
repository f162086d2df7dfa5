"""Effects on keys, chains and the tide: forge, unforge, the replacement that cancels a forge, gain and shed chains,
raise the tide."""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Option, Question
from judge.games.keyforge.conditions import amount, decider, player_of, value
from judge.games.keyforge.effects import handler
from judge.games.keyforge.game import AbilityContext
from judge.games.keyforge.wording import key_color


@handler("forge-key")
def _forge_key(ctx: AbilityContext, e: dict[str, Any]) -> int:
    pid = player_of(ctx, e.get("player"))
    cost = value(ctx, e["cost"]) if "cost" in e else None
    return int(ctx.game.forge(pid, cost=cost, chooser=decider(ctx, e), color=e.get("color")))


@handler("cancel-forge")
def _cancel_forge(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # "they do not forge that key (no æmber is spent)": only inside a "would-forge" ability (Llave Falsificada).
    with ctx.game.res.step("cancel-forge", "replacement-effects", "No se forja esa llave (no se gasta Æmbar)",
                           "That key is not forged (no Æmber is spent)"):
        ctx.game.forge_cancelled = True
    return 1


@handler("unforge")
def _unforge(ctx: AbilityContext, e: dict[str, Any]) -> int:
    pid = player_of(ctx, e.get("player", "opponent"))
    keys = ctx.game.position.player(pid).values.get("keys", 0)
    if not ctx.game.board.forged_keys(pid):
        ctx.game.res.note("no-target", "resolve-as-much-as-you-can", f"{pid} no tiene llaves forjadas: no se desforja ninguna",
                          f"{pid} has no forged key: none is unforged")
        return 0
    with ctx.game.res.step("unforge", "unforge", f"Se desforja una llave de {pid}", f"One of {pid}'s keys is unforged"):
        if isinstance(keys, list):
            color = keys[0] if len(keys) == 1 else ctx.game.res.ask(Question(
                key="key-color", player=decider(ctx, e), rule="unforge", prompt_es="¿Qué llave se desforja?",
                prompt_en="Which key is unforged?", options=tuple(Option(k, key_color(k), key_color(k, "en")) for k in keys)))
            ctx.game.res.set_player(pid, "keys", [k for k in keys if k != color])
        else:
            ctx.game.res.set_player(pid, "keys", int(keys) - 1)
    return 1


@handler("gain-chains")
def _gain_chains(ctx: AbilityContext, e: dict[str, Any]) -> int:
    pid = player_of(ctx, e.get("player"))
    chains = int(ctx.game.position.player(pid).values.get("chains", 0))
    new = min(24, chains + amount(ctx, e))  # a player cannot have more than 24 chains (CADENAS)
    with ctx.game.res.step("chains", "chains", f"{pid} obtiene cadenas ({chains} → {new})", f"{pid} gains chains ({chains} → {new})"):
        ctx.game.res.set_player(pid, "chains", new)
    return new - chains


@handler("lose-chains")
def _lose_chains(ctx: AbilityContext, e: dict[str, Any]) -> int:
    pid = player_of(ctx, e.get("player"))
    chains = int(ctx.game.position.player(pid).values.get("chains", 0))
    new = max(0, chains - amount(ctx, e))
    with ctx.game.res.step("chains", "chains", f"{pid} se libra de cadenas ({chains} → {new})", f"{pid} sheds chains ({chains} → {new})"):
        ctx.game.res.set_player(pid, "chains", new)
    return chains - new


@handler("raise-tide")
def _raise_tide(ctx: AbilityContext, e: dict[str, Any]) -> int:
    return int(ctx.game.raise_tide(player_of(ctx, e.get("player"))))

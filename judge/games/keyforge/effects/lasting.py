"""Lasting effects (EFECTOS DURADEROS): what an ability sets for a while, and what it waits for."""

from __future__ import annotations

from typing import Any

from judge.games.keyforge.effects import handler, targets
from judge.games.keyforge.game import AbilityContext
from judge.games.keyforge.targets import chosen_house


@handler("lasting")
def _lasting(ctx: AbilityContext, e: dict[str, Any]) -> int:
    effect = dict(e.get("effect", {}))
    if "replace" in e:
        effect["replace"] = e["replace"]
    target = effect.get("target")
    if isinstance(target, dict) and "choose" in target:
        # "Choose a creature. For the remainder of the turn, the chosen creature…" (Escudo Santificado): the choice
        # is made now, and the effect stays on that creature.
        effect["target"] = {"uids": [c.uid for c in targets(ctx, {"do": "lasting", "target": target}, rule="lasting-effects")]}
    elif isinstance(target, str) and target != "self":
        effect["target"] = {"uids": [c.uid for c in ctx.named(target)]}
    elif target == "self":
        effect["target"] = {"uids": [ctx.source]}
    if effect.get("house") == "chosen":
        effect["house"] = ctx.chosen_house
    # "Creatures of the chosen house…" for as long as it lasts: the house named now, not a later one.
    if isinstance(effect.get("filter"), dict):
        effect["filter"] = chosen_house(effect["filter"], ctx.chosen_house)
    if isinstance(effect.get("target"), dict) and isinstance(effect["target"].get("filter"), dict):
        effect["target"] = {**effect["target"], "filter": chosen_house(effect["target"]["filter"], ctx.chosen_house)}
    if effect.get("modify") == "house" and effect.get("value") == "active":
        # "It belongs to the active house" (Animador): the house active when the effect is created.
        effect["value"] = ctx.game.position.player(ctx.game.active).values.get("house")
    entry: dict[str, Any] = {"source": ctx.source, "controller": ctx.controller, "duration": e.get("duration", "turn"),
                             "effect": effect}
    if entry["duration"] == "opponents-next-turn":
        # "During your opponent's next turn": it starts with the next turn, the opponent's, and ends with it
        # (KF172-CARD-94, KF172-ERR-16).
        entry["turn"] = ctx.game.position.turn + (1 if ctx.game.active == ctx.controller else 2)
    source = ctx.source_card
    if source is not None:
        entry["card"] = source.card
    if "trigger" in e:
        entry["ability"] = {"trigger": "after", **e["trigger"]}
        if any(x.get("target") == "it" for x in entry["ability"].get("effects", [])):
            # Gebuk: once it has left play, the card it set aside comes into play — "it" is the card named when the effect was
            # made, kept by uid until the event comes (KF172-CARD-56).
            uids = [c.uid for c in ctx.named("it")]
            entry["ability"] = {**entry["ability"], "effects": [
                {**x, "target": {"uids": uids}} if x.get("target") == "it" else x for x in entry["ability"]["effects"]]}
        if not effect:
            entry.pop("effect")
    lasting = list(ctx.game.position.values.get("lasting", []))
    lasting.append(entry)
    with ctx.game.res.step("lasting", "lasting-effects", "Se crea un efecto duradero", "A lasting effect is created"):
        ctx.game.res.set_value("lasting", lasting)
    return 1

"""Effects that take cards out of play: destroying, banishing, returning to the hand or to the castle."""

from __future__ import annotations

from typing import Any

from judge.core.position import CardState
from judge.games.mitos_y_leyendas import targets as tg
from judge.games.mitos_y_leyendas.effects import HANDLERS, Handler, acting, exact, handler, player_of, targets_of
from judge.games.mitos_y_leyendas.targets import AbilityContext


@handler("destruir")
def _destroy(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    chosen: list[CardState] = []
    # "Destruyen una carta de cada tipo que controlen" (Mirada de Berserker, FAQ L634): one of each of ``types``,
    # chosen first and destroyed together, as far as each player has them.
    kinds = [{**effect, "target": {**effect.get("target", {}), "type": t}} for t in effect.get("types", [])] or [effect]
    for each in acting(ctx, effect):
        for i, one in enumerate(kinds):
            cards = targets_of(each, one, f"{path}k{i}" if len(kinds) > 1 else path, "¿Qué carta destruyes?",
                               "Which card do you destroy?")
            if exact(each, one, cards):
                chosen.extend(cards)
    # What a destroyed Aliado's strength was, for "tantas cartas como fuerza tenía" (FAQ L596).
    ctx.memory["strength"] = sum(ctx.game.board.strength(c) for c in chosen if ctx.game.board.in_play(c))
    ctx.memory["previous"] = [c.uid for c in chosen]
    return len(ctx.game.destroy(chosen, rule=ctx.rule)) if chosen else 0


def _leave(zone: str, es: str, en: str) -> Handler:
    def move(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
        done = 0
        for each in acting(ctx, effect):
            cards = targets_of(each, effect, path, es, en)
            if not exact(each, effect, cards):
                continue
            top = effect.get("do") == "al-tope"
            moved = [*cards, *copies_of(each, effect, cards)]
            # Cards that leave play together do not see each other leave (FAQ L788-L794).
            ctx.game.leave_together([c for c in moved if ctx.game.board.in_play(c)], zone, rule=ctx.rule, top=top)
            for card in moved:
                if not ctx.game.board.in_play(card) and ctx.game.board.zone_of(card) != zone:
                    ctx.game.res.move(card, card.owner, zone, 0 if top else None)
            done += len(moved)
        return done
    return move


def copies_of(ctx: AbilityContext, effect: dict[str, Any], cards: list[CardState]) -> list[CardState]:
    """"… y todas las copias que controle tu oponente" (Oberon, FAQ L1080-L1082): the other cards in play of the
    same name under the player ``copies`` names."""
    who = effect.get("copies")
    if not who:
        return []
    names = {ctx.game.board.define(c).name for c in cards}
    sides = player_of(ctx, who)
    return [c for c in ctx.game.board.cards_in_play() if c not in cards and c.known and c.controller in sides
            and ctx.game.board.define(c).name in names and not tg.protected(ctx, c, str(effect.get("do")))]


HANDLERS["desterrar"] = _leave("destierro", "¿Qué carta destierras?", "Which card do you banish?")
HANDLERS["a-la-mano"] = _leave("mano", "¿Qué carta vuelve a la mano?", "Which card returns to hand?")
HANDLERS["barajar"] = _leave("castillo", "¿Qué carta barajas en el Mazo Castillo?", "Which card is shuffled into the castle?")
HANDLERS["al-tope"] = _leave("castillo", "¿Qué carta pones en la parte superior del Mazo Castillo?",
                             "Which card goes on top of the castle?")

"""Effects that give a card another card's characteristics: Ciberclón's copy of a purged card, a gained text box."""

from __future__ import annotations

from typing import Any

from judge.core.wording import listed

from judge.games.keyforge.effects import handler, targets
from judge.games.keyforge.game import AbilityContext


@handler("copy-characteristics")
def _copy_characteristics(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Ciberclón: until this card leaves play it has the power of the card the target names (one an earlier effect of
    the ability purged) and gains its armor, keywords and traits — as printed, without counters or what other cards
    give it, so a Gel Mímico counts as the Gel Mímico, power 0 (KF172-CARD-26) — and as it last was in play, so an
    Autolegionario that was a creature counts with power 5 (ABANDONA EL JUEGO, KF172-CARD-27). Gained after the card
    entered play, an Omega keyword does not end the step (KF172-GEN-65)."""
    game = ctx.game
    found = targets(ctx, e, rule="leaves-play")
    me = ctx.source_card
    if not found or me is None or not game.board.in_play(me):
        if found and me is not None:
            game.res.note("out-of-play", "leaves-play", f"{game.label(me)} ya no está en juego: no copia nada",
                          f"{game.label(me, 'en')} is no longer in play: it copies nothing", card=me.uid)
        return 0
    other = found[0]
    known = game.last_known.get(other.uid)
    if game.board.in_play(other) or not known:
        game.res.note("not-purged", "if-you-do", f"{game.label(other)} no abandonó el juego: no hay nada que copiar",
                      f"{game.label(other, 'en')} did not leave play: there is nothing to copy", card=other.uid)
        return 0
    base = game.board.catalog.lookup(str(known["base"]))
    uids = {"uids": [me.uid]}
    effects: list[dict[str, Any]] = [{"modify": "set-power", "value": int(known["base-power"]), "target": uids}]
    if base.armor:
        effects.append({"modify": "armor", "amount": base.armor, "target": uids})
    effects += [{"modify": "keyword", "keyword": k, "amount": v, "target": uids} for k, v in base.keywords]
    effects += [{"modify": "trait", "trait": t, "target": uids} for t in base.traits]
    lasting = list(game.position.values.get("lasting", []))
    lasting += [{"source": me.uid, "controller": ctx.controller, "duration": "while-in-play", "card": me.card,
                 "effect": effect} for effect in effects]
    with game.res.step("copy-characteristics", "leaves-play",
                       f"{game.label(me)} toma el Poder ({known['base-power']}), la Armadura, las palabras clave y los "
                       f"rasgos impresos de {base.name_es}, tal como estaba al abandonar el juego",
                       f"{game.label(me, 'en')} takes the printed power ({known['base-power']}), armor, keywords and "
                       f"traits of {base.name_en}, as it was when it left play", card=me.uid):
        game.res.set_value("lasting", lasting)
    game.check_state()
    return 1


@handler("give-text-box")
def _give_text_box(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Credo de la Crianza: for the remainder of the turn the ``to`` creature gains the text box (abilities and
    keywords) of the ``from`` card, revealed; its self-references name the creature that gains it (TEXTO
    AUTORREFERENCIAL, KF172-GEN-92), and its restrictions join the creature's own (KF172-GEN-90)."""
    game = ctx.game
    revealed = targets(ctx, e, "from", rule="self-referential-text")
    if not revealed:
        return 0
    game.res.note("reveal", "self-referential-text", f"Se revela {game.label(revealed[0])}",
                  f"{game.label(revealed[0], 'en')} is revealed", card=revealed[0].uid)
    receivers = targets(ctx, e, "to", rule="self-referential-text")
    if not receivers:
        return 0
    entry: dict[str, Any] = {"source": ctx.source, "controller": ctx.controller, "duration": "turn",
                             "effect": {"modify": "gain-text-box", "of": game.board.define(revealed[0]).id,
                                        "target": {"uids": [c.uid for c in receivers]}}}
    source = ctx.source_card
    if source is not None:
        entry["card"] = source.card
    many = len(receivers) > 1
    with game.res.step("lasting", "lasting-effects",
                       f"{listed([game.label(c) for c in receivers])} {'obtienen' if many else 'obtiene'} el cuadro de "
                       f"texto de {game.label(revealed[0])} este turno",
                       f"{listed([game.label(c, 'en') for c in receivers], 'en')} {'gain' if many else 'gains'} the text "
                       f"box of {game.label(revealed[0], 'en')} this turn"):
        game.res.set_value("lasting", [*game.position.values.get("lasting", []), entry])
    return len(receivers)

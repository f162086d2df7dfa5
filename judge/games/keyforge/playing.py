"""Playing and discarding cards (JUGAR CARTAS, ICONOS DE BONIFICACIÓN, DESCARTAR CARTAS, CONTROL)."""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Option, Question
from judge.core.position import CardState
from judge.core.timing import Pending
from judge.games.keyforge.game import AbilityContext, Game, Triggered


def play(game: Game, card: CardState) -> None:
    d = game.board.define(card)
    pid = game.active
    played = dict(game.position.values.get("plays", {}))
    played[card.card] = played.get(card.card, 0) + 1
    with game.res.step("play", "play-cards", f"{pid} juega {game.label(card)}", f"{pid} plays {game.label(card, 'en')}",
                       card=card.uid):
        _use_permission(game, card)
        game.res.set_value("plays", played)
        game.count_this_turn(pid, "plays")
        game.res.set_value("actions-this-step", int(game.position.values.get("actions-this-step", 0)) + 1)
        if game.position.values.get("first-turn"):
            game.res.set_value("first-turn-cards", int(game.position.values.get("first-turn-cards", 0)) + 1)
        # order.play.1: into play (creature, artifact, upgrade) or revealed (action).
        with game.res.step("enter", "order.play.1", _enter_text(d.type)[0], _enter_text(d.type)[1], card=card.uid):
            if d.is_creature:
                put_creature_into_play(game, card, game.rules.controller_on_play(game, card))
                if d.keyword("gigantic"):
                    # GIGANTESCA: both halves are played together as one creature (one card played).
                    other = _hand_half(game, card)
                    if other is not None:
                        game.res.note("gigantic", "gigantic", f"Las dos mitades de {game.label(card)} se juegan juntas",
                                      f"Both halves of {game.label(card, 'en')} are played together", card=card.uid)
                        game.res.attach(other, card)
            elif d.type == "artifact":
                _artifact_enters(game, card, game.rules.controller_on_play(game, card))
            elif d.type == "upgrade":
                attach_upgrade(game, card)
            else:
                game.res.move(card, pid, "revealed")
        # Where the creature was played is kept for "after a creature is played on a flank": it is where it entered,
        # not where later effects leave it (KF172-CARD-36); a lone creature is on both flanks (KF172-GEN-50).
        _flank_on_entry = _flanks_of(game, card) if d.is_creature else ()
        # The game state is checked as soon as the card is in play: a creature with power 0 is destroyed before its
        # bonus icons and "after it enters play" effects (KF172-GEN-69).
        game.check_state()
        # Omega sets its lasting effect as the card enters play: a blank text box once in play (Sombra de Dis) does not
        # undo it (KF172-CARD-109), so the printed keyword counts as well as one gained in play.
        if d.keyword("omega") or (game.position.find(card.uid) and game.board.keyword(card, "omega")):
            with game.res.step("omega", "omega", "Omega: tras jugarla, este paso termina (los efectos pendientes se resuelven)",
                               "Omega: after it is played this step ends (pending effects still resolve)", card=card.uid):
                game.res.set_value("step-ended", True)
        # order.play.2: bonus icons, top to bottom.
        if d.bonus:
            with game.res.step("bonus-icons", "order.play.2", "Iconos de bonificación, de arriba abajo",
                               "Bonus icons, top to bottom", card=card.uid):
                for icon in d.bonus:
                    bonus_icon(game, card, icon)
        # order.play.3: "Play:" and "after you play" effects, in the active player's order.
        with game.res.step("play-effects", "order.play.3", "Efectos «Jugar:» y «después de jugar»",
                           "'Play:' and 'after you play' effects", card=card.uid):
            info = {"card": card, "player": pid, "played-on": _flank_on_entry}
            if game.rules.play_triggers_before_play_effects():
                game.resolve_pending(game.collect("play", **info))
            pending: list[Pending[Any]] = []
            if game.position.find(card.uid):
                for i, ability in enumerate(game.abilities_of(card, "play")):
                    pending.append(game.pending(card, f"{card.uid}:play:{i}", f"«Jugar:» de {game.label(card)}",
                                                f"'Play:' of {game.label(card, 'en')}",
                                                Triggered(card, ability, info, needs_card_in_play=False, rule="play-abilities"),
                                                controller=pid))
            if not game.rules.play_triggers_before_play_effects():
                pending += game.collect("play", **info)
            if d.type != "action" and game.position.find(card.uid):
                # "después de entrar en juego" resolves with "Jugar:" (order.play.3)
                pending += game.collect("enters-play", card=card, player=card.controller)
            game.resolve_pending(pending)
            if not game.rules.play_triggers_before_play_effects():
                # A lasting effect created while this window was open (Acceso a la Biblioteca played by Agujero de
                # Gusano Salvaje) waits for this play too: the window is still open (KF172-CARD-05).
                seen = {p.value for p in pending}
                late = [p for p in game.collect("play", **info) if p.value not in seen]
                game.resolve_pending(late)
        # order.play.4: an action goes to the discard pile.
        if d.type == "action":
            found = game.position.find(card.uid)
            if found and found[1] == "revealed":
                with game.res.step("action-to-discard", "order.play.4", "La acción va a la pila de descartes",
                                   "The action goes to the discard pile", card=card.uid):
                    game.res.move(card, card.owner, "discard")
        game.check_state()


def put_into_play(game: Game, card: CardState, controller: str) -> None:
    """PONER EN JUEGO: the card enters play without being played — no bonus icons, no "Jugar:", no play restriction;
    "after it enters play" effects still resolve, and Treachery still applies (it applies whenever it enters play)."""
    d = game.board.define(card)
    if game.board.keyword(card, "treachery"):
        controller = game.position.opponent(controller)
    with game.res.step("put-into-play", "put-into-zone", f"{game.label(card)} se pone en juego (no se juega)",
                       f"{game.label(card, 'en')} is put into play (not played)", card=card.uid):
        if d.is_creature:
            put_creature_into_play(game, card, controller)
        elif d.type == "artifact":
            _artifact_enters(game, card, controller)
        elif d.type == "upgrade":
            attach_upgrade(game, card)
        else:
            game.res.note("cannot-put", "put-into-zone", "Una acción no se pone en juego", "An action is not put into play")
            return
    game.check_state()
    game.fire("enters-play", card=card, player=card.controller)


def _artifact_enters(game: Game, card: CardState, controller: str) -> None:
    """An artifact enters play in its controller's row of artifacts, exhausted unless an effect says otherwise."""
    game.res.move(card, controller, "artifacts")
    game.res.set_controller(card, controller)
    _enters_exhausted(game, card)


def _use_permission(game: Game, card: CardState) -> None:
    """A card played through a "you may play one … card" effect uses that permission up."""
    from judge.games.keyforge.board import Board

    # The first card that matches a "you may play one non-X card" permission uses it up, even a card of the active
    # house (KF172-CARD-101, Robot Ayudante).
    board = Board(game.position, game.board.catalog)
    index = game.rules.play_permission(game.position, board, card)
    if index is None or index < 0:
        return  # no permission used, or a constant one that is never used up
    lasting = [dict(e) for e in game.position.values.get("lasting", [])]
    effect = dict(lasting[index]["effect"])
    effect["count"] = int(effect.get("count", 1)) - 1
    lasting[index] = {**lasting[index], "effect": effect}
    with game.res.step("permission", "play-cards", "Se usa el permiso de jugar una carta más",
                       "The permission to play one more card is used", card=card.uid):
        game.res.set_value("lasting", lasting)


def play_from_effect(game: Game, card: CardState, *, origin: str) -> bool:
    """An effect plays a card from somewhere other than the hand (Agujero de Gusano Salvaje): house does not matter,
    but a card that cannot be played stays where it was."""
    d = game.board.define(card)
    with game.res.step("play-from-effect", "play-cards", f"Se intenta jugar {game.label(card)} desde {origin}",
                       f"Trying to play {game.label(card, 'en')} from {origin}", card=card.uid):
        if d.keyword("gigantic"):
            game.res.note("cannot-play", "gigantic",
                          "Es la mitad de una criatura gigantesca: no se puede jugar sola; vuelve a donde estaba",
                          "It is half of a gigantic creature: it cannot be played alone; it returns to where it was",
                          card=card.uid)
            return False
        reason = game.rules.play_restriction(game, card)
        if reason:
            game.res.note("cannot-play", "restrictions", f"No se puede jugar ({reason}): vuelve a donde estaba",
                          f"It cannot be played ({reason}): it returns to where it was", card=card.uid)
            return False
        play(game, card)
    return True


def _flanks_of(game: Game, card: CardState) -> tuple[str, ...]:
    if not game.board.in_play(card) or not game.board.is_creature(card):
        return ()
    return tuple(side for side in ("left", "right") if game.board.is_on_side(card, side))


def _hand_half(game: Game, card: CardState) -> CardState | None:
    d = game.board.define(card)
    for other in game.position.player(card.owner).zone("hand"):
        od = game.board.define(other)
        if od.id != d.id and od.name_en == d.name_en and od.keyword("gigantic"):
            return other
    return None


def _enter_text(ctype: str) -> tuple[str, str]:
    if ctype == "action":
        return "Se revela la acción", "The action is revealed"
    return "La carta entra en juego", "The card enters play"


def _enters_exhausted(game: Game, card: CardState) -> None:
    """A card enters play exhausted unless an effect says otherwise; a card's own "enters play ready / enraged /
    stunned" applies as it enters (its text is read as printed: KF172-CARD-107)."""
    kind = "creature" if game.board.is_creature(card) else game.board.define(card).type
    state: dict[str, bool] = {"exhausted": True}
    for s_, e in game.board.constant_effects():
        if e.get("modify") == "enters-play-ready" and s_.controller == card.controller and e.get("kind", "creature") == kind:
            state["exhausted"] = False
        if e.get("modify") == "enters-play-state" and e.get("target", "self") != "self" and game.board.affects(s_, e, card):
            state.update({k: bool(v) for k, v in e.get("state", {}).items()})
    from judge.games.keyforge.effects import condition

    for ability in game.board.define(card).abilities:
        e = ability.get("effect", {})
        if ability.get("trigger") == "constant" and e.get("modify") == "enters-play-state" and e.get("target", "self") == "self":
            if "if" in e and not condition(AbilityContext(game, card.uid, card.controller), e["if"]):
                continue
            state.update({k: bool(v) for k, v in e.get("state", {}).items()})
    if not state["exhausted"]:
        game.res.note("enters-ready", "enters-play", "Entra en juego preparada por un efecto",
                      "It enters play ready because of an effect", card=card.uid)
    for key, value in state.items():
        game.res.set_card(card, key, value)


def put_creature_into_play(game: Game, card: CardState, controller: str, *, rule: str = "flank",
                           entering: bool = True) -> None:
    """A creature enters play on a flank of its controller's battleline (Deploy: anywhere) — the player chooses."""
    line = game.board.battleline(controller)
    options: list[Option] = []
    if game.board.keyword(card, "deploy") and len(line) >= 2:
        for i in range(len(line) + 1):
            left = game.label(line[i - 1]) if i else "—"
            right = game.label(line[i]) if i < len(line) else "—"
            options.append(Option(str(i), f"Posición {i} (entre {left} y {right})", f"Position {i} (between {left} and {right})"))
        rule = "deploy"
    elif line:
        options = [Option("left", "Flanco izquierdo", "Left flank"), Option("right", "Flanco derecho", "Right flank")]
    index = 0
    if options:
        chosen = game.res.ask(Question(key="flank", player=game.active, rule=rule,
                                       prompt_es=f"¿Dónde entra {game.label(card)} en la línea de batalla?",
                                       prompt_en=f"Where does {game.label(card, 'en')} enter the battleline?",
                                       options=tuple(options)))
        index = {"left": 0, "right": len(line)}.get(chosen, None)
        if index is None:
            index = int(chosen)
    game.res.move(card, controller, "battleline", index)
    game.res.set_controller(card, controller)
    if entering:
        _enters_exhausted(game, card)


def attach_upgrade(game: Game, upgrade: CardState) -> None:
    creatures = game.board.creatures()
    if not creatures:
        # An upgrade with no creature to attach to cannot be played; verify_play refuses it before we get here.
        return
    if len(creatures) == 1:
        host = creatures[0]
        game.res.note("forced-target", "upgrades", f"Única criatura posible: {game.label(host)}",
                      f"Only possible creature: {game.label(host, 'en')}", card=host.uid)
    else:
        chosen = game.res.ask(Question(
            key="upgrade-host", player=game.active, rule="upgrades",
            prompt_es=f"¿A qué criatura se vincula {game.label(upgrade)}?",
            prompt_en=f"Which creature is {game.label(upgrade, 'en')} attached to?",
            options=tuple(Option(c.uid, game.label(c), game.label(c, "en"), game.board.define(c).names()) for c in creatures)))
        host = next(c for c in creatures if c.uid == chosen)
    game.res.attach(upgrade, host)
    game.res.set_controller(upgrade, game.active)


def bonus_icon(game: Game, card: CardState, icon: str) -> None:
    pid = game.active
    rule = f"{icon}-bonus-icon"
    if icon == "aember":
        game.gain(pid, 1, rule=rule, card=card.uid)
    elif icon == "capture":
        friendly = game.board.battleline(pid)
        if not friendly:
            game.res.note("no-target", rule, "No hay criatura aliada que pueda capturar", "No friendly creature can capture")
            return
        host = _choose_creature(game, friendly, rule, "¿Qué criatura aliada captura 1 Æmbar?",
                                "Which friendly creature captures 1 Æmber?")
        game.capture(host, 1, rule=rule)
    elif icon == "damage":
        # Any creature in play, the one with the icon included; resolving the icon is mandatory, so with no enemy
        # creature it hits a friendly one (ICONOS DE BONIFICACIÓN).
        pool = game.board.creatures()
        if not pool:
            game.res.note("no-target", rule, "No hay criaturas en juego", "There are no creatures in play")
            return
        target = _choose_creature(game, pool, rule, "¿A qué criatura inflige 1 daño el icono?",
                                  "Which creature does the icon deal 1 damage to?")
        game.deal_damage([(target, 1)], source=None, rule=rule)  # not dealt by the card (ICONOS DE BONIFICACIÓN)
    elif icon == "draw":
        game.draw(pid, 1, rule=rule)
    elif icon == "discard":
        hand = game.position.player(pid).zone("hand")
        if not hand:
            game.res.note("no-target", rule, "No hay cartas en la mano", "No cards in hand")
            return
        chosen = game.res.ask(Question(key="discard", player=pid, rule=rule,
                                       prompt_es="Elige 1 carta de tu mano para descartarla",
                                       prompt_en="Choose 1 card from your hand to discard",
                                       options=tuple(Option(c.uid, game.label(c), game.label(c, "en"),
                                                            game.board.define(c).names()) for c in hand)))
        discard = next(c for c in hand if c.uid == chosen)
        with game.res.step("discard", rule, f"Se descarta {game.label(discard)}", f"{game.label(discard, 'en')} is discarded"):
            discarded_from_hand(game, discard, pid)


def _choose_creature(game: Game, pool: list[CardState], rule: str, es: str, en: str) -> CardState:
    if len(pool) == 1:
        game.res.note("forced-target", rule, f"Única criatura posible: {game.label(pool[0])}",
                      f"Only possible creature: {game.label(pool[0], 'en')}", card=pool[0].uid)
        return pool[0]
    chosen = game.res.ask(Question(key="target", player=game.active, rule=rule, prompt_es=es, prompt_en=en,
                                   options=tuple(Option(c.uid, game.label(c), game.label(c, "en"),
                                                        game.board.define(c).names()) for c in pool)))
    return next(c for c in pool if c.uid == chosen)


def discard_from_hand(game: Game, card: CardState) -> None:
    with game.res.step("discard", "discard-cards", f"{game.active} descarta {game.label(card)}",
                       f"{game.active} discards {game.label(card, 'en')}", card=card.uid):
        game.res.set_value("actions-this-step", int(game.position.values.get("actions-this-step", 0)) + 1)
        if game.position.values.get("first-turn"):
            game.res.set_value("first-turn-cards", int(game.position.values.get("first-turn-cards", 0)) + 1)
        discarded_from_hand(game, card, game.active)


def discarded_from_hand(game: Game, card: CardState, pid: str) -> None:
    """A card goes from ``pid``'s hand to the discard pile, by a play or by an effect: "after a card is discarded"
    effects wait for it, and when the active player discards it its "Desguazar:" abilities resolve (DESGUAZAR)."""
    game.res.move(card, card.owner, "discard")
    game.count_this_turn(pid, "discards")
    scraps = [a for a in game.board.define(card).abilities if a.get("trigger") == "scrap"] if pid == game.active else []
    for ability in scraps:
        game.run_ability(card, ability, label_es=f"«Desguazar:» de {game.label(card)}",
                         label_en=f"'Scrap:' of {game.label(card, 'en')}", rule="scrap")
    game.fire("discard", card=card, player=pid)


def change_control(game: Game, card: CardState, new_controller: str) -> None:
    """Take control of a card in play: a creature moves to a flank of its new controller's battleline (CONTROL)."""
    with game.res.step("control", "control", f"{new_controller} toma el control de {game.label(card)}",
                       f"{new_controller} takes control of {game.label(card, 'en')}", card=card.uid):
        if game.board.is_creature(card):
            put_creature_into_play(game, card, new_controller, rule="control", entering=False)
        else:
            game.res.move(card, new_controller, "artifacts")
            game.res.set_controller(card, new_controller)


def context_for(game: Game, card: CardState) -> AbilityContext:
    return AbilityContext(game, card.uid, card.controller)

"""Playing and discarding cards (JUGAR CARTAS, ICONOS DE BONIFICACIÓN, DESCARTAR CARTAS): the play of a card step
by step (order.play.*), the forms and copies a card is played as, the permissions it uses, putting a card into play
without playing it (PONER EN JUEGO), bonus icons, and "Desguazar:" on a discard. Where a creature enters the
battleline is :mod:`judge.games.keyforge.battleline`'s."""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Option, Question
from judge.core.errors import IllegalPlayError
from judge.core.position import CardState
from judge.core.timing import Pending
from judge.games.keyforge.board import Board, matches
from judge.games.keyforge.game import Game
from judge.games.keyforge.targets import resolve_target
from judge.games.keyforge.timing import Triggered
from judge.games.keyforge.wording import icon_name, times_en, times_es, zone_name


def play(game: Game, card: CardState) -> None:
    pid = game.active
    with game.res.step("play", "play-cards", f"{pid} juega {game.label(card)}", f"{pid} plays {game.label(card, 'en')}",
                       card=card.uid):
        # A permission is used by the card as it is in the hand: an Imitación that could only be played through
        # Desplazamiento de Fase uses it up, whatever it copies (KF172-CARD-33).
        _choose_form(game, card)  # as a creature or as an upgrade, before any permission is used (KF172-GEN-24)
        _use_permission(game, card)
        _become_copy(game, card)
        d = game.board.define(card)
        played = dict(game.position.values.get("plays", {}))
        # The rule of six counts a copy as the card it copies (KF172-GEN-83, KF172-GEN-84).
        played[d.id] = played.get(d.id, 0) + 1
        game.res.set_value("plays", played)
        game.count_this_turn(pid, "plays")
        # By card type too, for "not more than 1 card of each card type each turn" (Kaupe, KF172-GEN-25).
        game.count_this_turn(pid, f"plays-{'creature' if d.is_creature else d.type}")
        game.res.set_value("actions-this-step", int(game.position.values.get("actions-this-step", 0)) + 1)
        if game.position.values.get("first-turn"):
            game.res.set_value("first-turn-cards", int(game.position.values.get("first-turn-cards", 0)) + 1)
        # order.play.1: into play (creature, artifact, upgrade) or revealed (action).
        with game.res.step("enter", "order.play.1", _enter_text(d.type)[0], _enter_text(d.type)[1], card=card.uid):
            if d.is_creature:
                game.put_creature_into_play(card, game.rules.controller_on_play(game, card))
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
        # …and whose battleline it entered: a creature with Treachery enters the opponent's, whose flank it is on
        # (FLANCO, TRAICIÓN).
        _line_on_entry = card.controller if _flank_on_entry else None
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
        resolve_bonus_icons(game, card, game.board.bonus_icons(card))
        # order.play.3: "Play:" and "after you play" effects, in the active player's order.
        with game.res.step("play-effects", "order.play.3", "Efectos «Jugar:» y «después de jugar»",
                           "'Play:' and 'after you play' effects", card=card.uid):
            info = {"card": card, "player": pid, "played-on": _flank_on_entry, "played-line": _line_on_entry}
            if game.rules.play_triggers_before_play_effects():
                game.resolve_pending(game.collect("play", **info))
            pending: list[Pending[Any]] = []
            if game.position.find(card.uid):
                again = _play_effect_repeats(game, card)
                for i, ability in enumerate(game.abilities_of(card, "play")):
                    if again:
                        ability = {**ability, "_repeat": 1 + again}
                    # A gained "Jugar:" names the card that gives it, so two of them can be told apart (KF172-CARD-91).
                    gave = game.position.find(ability["_granter"]) if ability.get("_granter") else None
                    pending.append(game.pending(card, f"{card.uid}:play:{i}",
                                                f"«Jugar:» de {game.label(card)}" + (f", dada por {game.label(gave[2])}" if gave else ""),
                                                f"'Play:' of {game.label(card, 'en')}" + (f", given by {game.label(gave[2], 'en')}" if gave else ""),
                                                Triggered(card, ability, info, needs_card_in_play=False, rule="play-abilities"),
                                                controller=pid))
            if not game.rules.play_triggers_before_play_effects():
                pending += game.collect("play", **info)
            if d.type != "action" and game.position.find(card.uid):
                # "después de entrar en juego" resolves with "Jugar:" (order.play.3)
                pending += game.collect("enters-play", card=card, player=card.controller)
                host = game.board.host_of(card) if d.type == "upgrade" else None
                if host is not None:
                    # "After you attach this upgrade to …" waits for its play too (Bláster de García).
                    pending += game.collect("attach", card=card, host=host, player=pid)
            # "After a card is played but before it resolves" (Traje de Protección) is in this window too, but the
            # active player must resolve it before the card's "Jugar:" (KF172-GEN-72). Decision: those resolve first,
            # then the rest in the active player's order.
            first = [p for p in pending if _before_resolving(p)]
            if first:
                game.resolve_pending(first)
            game.resolve_pending([p for p in pending if p not in first])
            if not game.rules.play_triggers_before_play_effects():
                # A lasting effect created while this window was open (Acceso a la Biblioteca played by Agujero de
                # Gusano Salvaje) waits for this play too: the window is still open (KF172-CARD-05). What had to come
                # before the "Jugar:" cannot join once that has begun (KF172-CARD-113).
                seen = {p.value for p in pending}
                late = [p for p in game.collect("play", **info) if p.value not in seen and not _before_resolving(p)]
                game.resolve_pending(late)
        # order.play.4: an action goes to the discard pile.
        if d.type == "action":
            found = game.position.find(card.uid)
            if found and found[1] == "revealed":
                with game.res.step("action-to-discard", "order.play.4", "La acción va a la pila de descartes",
                                   "The action goes to the discard pile", card=card.uid):
                    game.res.set_card(card, "copy-of", 0)  # in the discard pile it is Imitación again
                    game.move_out(card, card.owner, "discard", rule="order.play.4")
        game.check_state()


def _choose_form(game: Game, card: CardState) -> None:
    """A creature that may be played as an upgrade instead (Astromóvil Explorador): the player chooses the form among
    those allowed — from the hand, whatever the rules allow for each (an upgrade "whenever an upgrade could be
    played", KF172-GEN-23 to GEN-25); played by an effect from elsewhere, either, as an upgrade needs a creature to go
    on (Exhumar's "creature" only says which card may be chosen, KF172-GEN-26)."""
    d = game.board.define(card)
    if d.as_upgrade is None or card.get("as-upgrade"):
        return
    found = game.position.find(card.uid)
    if found and found[1] == "hand":
        board = Board(game.position, game.board.catalog)
        forms, _ = game.rules.legal_play_forms(game.position, board, card, game.position.player(game.active).values.get("house"))
    else:
        forms = effect_play_forms(game, card)[0]
    if not forms:
        return
    if len(forms) == 1:
        form = forms[0]
        game.res.note("forced-form", "upgrades" if form == "upgrade" else "play-cards",
                      f"Solo puede jugarse como {'mejora' if form == 'upgrade' else 'criatura'}",
                      f"It can only be played as {'an upgrade' if form == 'upgrade' else 'a creature'}", card=card.uid)
    else:
        form = game.res.ask(Question(key="play-as", player=game.active, rule="upgrades",
                                     prompt_es=f"¿Juegas {game.label(card)} como criatura o como mejora?",
                                     prompt_en=f"Do you play {game.label(card, 'en')} as a creature or as an upgrade?",
                                     options=(Option("creature", "Criatura", "Creature"), Option("upgrade", "Mejora", "Upgrade"))))
    if form == "upgrade":
        game.res.set_card(card, "as-upgrade", True)


def _before_resolving(p: Pending[Any]) -> bool:
    item = p.item
    return isinstance(item, Triggered) and bool(item.ability.get("filter", {}).get("before-resolving"))


def _play_effect_repeats(game: Game, card: CardState) -> int:
    """How many additional times each "Jugar:" ability of this played card is triggered (Oficial Científico Morfeus
    makes a played creature's "Jugar:" resolve once more, KF172-CARD-91) — every "Jugar:" it has, gained ones too
    (¡A la Carga!)."""
    n = 0
    for source, effect in game.board.constant_effects():
        if effect.get("modify") == "repeat-play-effects" and source.controller == game.active \
                and matches(game.board, {**effect.get("filter-card", {"kind": "creature"}), "all": True}, card,
                            controller=game.active, source=source):
            n += int(effect.get("times", 1))
    return n


def put_into_play(game: Game, card: CardState, controller: str, *, exhausted: bool = False,
                  keep_controller: bool = False, index: int | None = None) -> None:
    """PONER EN JUEGO: the card enters play without being played — no bonus icons, no "Jugar:", no play restriction;
    "after it enters play" effects still resolve, and Treachery still applies (it applies whenever it enters play).
    ``exhausted``/``keep_controller``: the effect says "exhausted and under its owner's control" (General Sherman): the
    card enters under its owner, and still under its owner's opponent if Treachery or its own text says so — that
    applies every time it enters play, returned to play included (KF172-GEN-02)."""
    # "Enters play as a copy" (Gel Mímico) holds however it enters play, not only when played: it is the copy as
    # it enters, so the copy's Deploy, Treachery or "enters play ready" apply (KF172-CARD-57, KF172-CARD-58).
    _become_copy(game, card, played=False, controller=controller)
    d = game.board.define(card)
    if enters_under_opponent(game, card):
        controller = game.position.opponent(controller)
    with game.res.step("put-into-play", "put-into-zone", f"{game.label(card)} se pone en juego (no se juega)",
                       f"{game.label(card, 'en')} is put into play (not played)", card=card.uid):
        if d.is_creature:
            game.put_creature_into_play(card, controller, index=index)
        elif d.type == "artifact":
            _artifact_enters(game, card, controller)
        elif d.type == "upgrade":
            attach_upgrade(game, card)
        else:
            game.res.note("cannot-put", "put-into-zone", "Una acción no se pone en juego", "An action is not put into play")
            return
        if exhausted and not card.get("exhausted"):
            game.res.set_card(card, "exhausted", True)
    game.check_state()
    game.fire("enters-play", card=card, player=card.controller)


def enters_under_opponent(game: Game, card: CardState) -> bool:
    """Treachery, or a card's own "enters play under your opponent's control" (Mangante Gruñón): it applies every time
    the card enters play — played, put into play or returned to play (KF172-GEN-02, KF172-CARD-20)."""
    if game.board.keyword(card, "treachery"):
        return True
    return any(a.get("trigger") == "constant" and a.get("effect", {}).get("modify") == "enters-play-under-opponent"
               for a in game.board.define(card).abilities)


def _artifact_enters(game: Game, card: CardState, controller: str) -> None:
    """An artifact enters play in its controller's row of artifacts, exhausted unless an effect says otherwise."""
    game.res.move(card, controller, "artifacts")
    game.res.set_controller(card, controller)
    game.enters_exhausted(card)


def _become_copy(game: Game, card: CardState, *, played: bool = True, controller: str | None = None) -> None:
    """A card played as a copy of another (Imitación, Gel Mímico: constant ``played-as-copy``) becomes that card as it
    is played, so everything the play checks and does follows the copy: Alpha (KF172-GEN-04, KF172-GEN-05,
    KF172-CARD-60), the rule of six (KF172-GEN-83), bonus icons (KF172-CARD-73), house (KF172-CARD-69), Deploy and
    "enters play ready" (KF172-CARD-58). A copy the rules do not allow cannot be played: the card stays in hand.
    ``played = False``: a card that "enters play as a copy" (``enters-play = true``, Gel Mímico) put into play without
    being played is a copy too; Alpha and the rule of six, which are about playing, do not apply then."""
    spec = next((a["effect"] for a in game.board.define(card).abilities if a.get("trigger") == "constant"
                 and a.get("effect", {}).get("modify") == "played-as-copy"), None)
    if spec is None or (not played and not spec.get("enters-play")):
        return
    how_es, how_en = ("se juega", "is played") if played else ("entra en juego", "enters play")
    with game.res.step("copy", "play-cards" if played else "put-into-zone",
                       f"{game.label(card)} {how_es} como copia de otra carta",
                       f"{game.label(card, 'en')} {how_en} as a copy of another card", card=card.uid):
        ctx = game.context(card.uid, controller or game.active)
        found = resolve_target(game, spec.get("of", {"choose": 1}), ctx, rule="play-cards", verb="copy")
        if not found:
            if played:
                # Nothing to copy: it is played as itself, and the rule of six counts its own name.
                game.rules._verify_rule_of_six(game.position, game.board, card, as_played=True)
            return
        # A copy of a copy is what that card is now (no ruling; the copied card is already "the basic card").
        copied = game.board.define(found[0])
        values = game.position.values
        if not played:
            game.res.set_card(card, "copy-of", copied.id)
            return
        if copied.keyword("alpha") and int(values.get("actions-this-step", 0)) > 0:
            raise IllegalPlayError(f"as a copy of {copied.name_en} it has Alpha, and something was already played, used "
                                   "or discarded this step: it cannot be played and stays in hand", rule=game.rules.cite("alpha"),
                                   es=f"como copia de {copied.name_es} tiene Alfa y ya se jugó, usó o descartó algo en este "
                                      "paso: no se puede jugar y vuelve a la mano")
        if values.get("plays", {}).get(copied.id, 0) + values.get("uses", {}).get(copied.id, 0) >= 6:
            raise IllegalPlayError(f"{copied.name_en} (or copies of it) was already played or used 6 times this turn",
                                   es=f"{copied.name_es} (o sus copias) ya se jugó o usó 6 veces este turno",
                                   rule=game.rules.cite("rule-of-six"))
        game.res.set_card(card, "copy-of", copied.id)
        # Like Alpha, a "cannot be played unless …" of the copied card is the card's own as it is played: a copy
        # whose condition does not hold cannot be played either (KF172-CARD-60).
        reason = game.rules.play_restriction(game, card)
        if reason:
            raise IllegalPlayError(f"as a copy of {copied.name_en} it cannot be played now (its play restriction): it stays in hand",
                                   es=f"como copia de {copied.name_es} no se puede jugar ahora ({reason}): vuelve a la mano",
                                   rule=game.rules.cite("restrictions"))


def _use_permission(game: Game, card: CardState) -> None:
    """A card played through a "you may play one … card" effect uses that permission up."""
    # The first card that matches a "you may play one non-X card" permission uses it up, even a card of the active
    # house (KF172-CARD-101, Robot Ayudante).
    board = Board(game.position, game.board.catalog)
    options = game.rules.permission_options(game.position, board, card)
    if not options or any(kind == "unlimited" for kind, _, _ in options):
        return  # no permission used, or a constant one that is never used up
    chosen = options[0]
    lasting_now = game.position.values.get("lasting", [])

    def signature(option: tuple[str, Any, CardState | None]) -> str:
        # Permissions that allow the same cards in the same way are interchangeable: no choice to make.
        kind, ref, src = option
        effect = dict(lasting_now[ref].get("effect", {})) if kind == "lasting" else {"source": ref}
        effect.pop("count", None)
        return repr(sorted(effect.items()))

    if len({signature(o) for o in options}) > 1:
        # Each permission is separate: a card uses one of them, and the active player chooses which, leaving the
        # other for a later card (Oficial de Coms. Kirby and Capitana Val Jericó, KF172-CARD-23).
        labels = [(game.label(src), game.label(src, "en")) if src is not None else ("efecto duradero", "lasting effect")
                  for _, _, src in options]
        answer = game.res.ask(Question(
            key="permission", player=game.active, rule="active-player",
            prompt_es=f"¿Qué permiso usa {game.label(card)}?", prompt_en=f"Which permission does {game.label(card, 'en')} use?",
            options=tuple(Option(str(i), labels[i][0], labels[i][1],
                                 (*board.define(src).names(), src.uid) if src is not None else ())
                          for i, (_, _, src) in enumerate(options))))
        chosen = options[int(answer)]
    kind, ref, _ = chosen
    if kind == "constant":
        with game.res.step("permission", "play-cards", "Se usa el permiso de jugar una carta más",
                           "The permission to play one more card is used", card=card.uid):
            game.count_this_turn(game.active, f"permission:{ref}")
        return
    index = ref
    lasting = [dict(e) for e in game.position.values.get("lasting", [])]
    effect = dict(lasting[index]["effect"])
    if effect.get("count") == "all":
        return  # "you may play cards of …" without a number is never used up (Acción Coordinada)
    effect["count"] = int(effect.get("count", 1)) - 1
    lasting[index] = {**lasting[index], "effect": effect}
    with game.res.step("permission", "play-cards", "Se usa el permiso de jugar una carta más",
                       "The permission to play one more card is used", card=card.uid):
        game.res.set_value("lasting", lasting)


def play_from_effect(game: Game, card: CardState, *, origin: str) -> bool:
    """An effect plays a card from somewhere other than the hand (Agujero de Gusano Salvaje): house does not matter,
    but a card that cannot be played stays where it was."""
    d = game.board.define(card)
    origin_es = "debajo de una carta" if origin == "under" else zone_name(origin)
    origin_en = "under a card" if origin == "under" else f"the {zone_name(origin, 'en')}"
    with game.res.step("play-from-effect", "play-cards", f"Se intenta jugar {game.label(card)} desde {origin_es}",
                       f"Trying to play {game.label(card, 'en')} from {origin_en}", card=card.uid):
        if d.keyword("gigantic"):
            game.res.note("cannot-play", "gigantic",
                          "Es la mitad de una criatura gigantesca: no se puede jugar sola; vuelve a donde estaba",
                          "It is half of a gigantic creature: it cannot be played alone; it returns to where it was",
                          card=card.uid)
            return False
        if d.keyword("alpha") and int(game.position.values.get("actions-this-step", 0)) > 0:
            # ALFA: «solo puedes jugarla si no has jugado, usado o descartado ninguna otra carta durante el paso
            # actual» — played by an effect, the card whose effect plays it was itself played or used this step.
            game.res.note("cannot-play", "alpha",
                          "Tiene Alfa y ya se jugó, usó o descartó otra carta en este paso: no se puede jugar; vuelve a donde estaba",
                          "It has Alpha and another card was already played, used or discarded this step: it cannot be "
                          "played; it returns to where it was", card=card.uid)
            return False
        reason = game.rules.play_restriction(game, card)
        if reason:
            game.res.note("cannot-play", "restrictions", f"No se puede jugar ({reason}): vuelve a donde estaba",
                          "It cannot be played (its play restriction): it returns to where it was", card=card.uid)
            return False
        forms, blocker = effect_play_forms(game, card)
        if not forms and blocker is not None:
            # A "cannot play" effect of another card forbids it wherever it is played from (KF172-CARD-65).
            game.res.note("cannot-play", "cannot-vs-must",
                          f"{game.label(blocker)} impide jugarla: vuelve a donde estaba",
                          f"{game.label(blocker, 'en')} forbids playing it: it returns to where it was", card=card.uid)
            return False
        play(game, card)
    return True


def effect_play_forms(game: Game, card: CardState) -> tuple[list[str], CardState | None]:
    """The forms in which an effect may play this card from outside the hand, and the card whose "cannot play" effect
    forbids one of them. A card that may be played as an upgrade is offered both forms (Exhumar, KF172-GEN-26), as an
    upgrade only while a creature is in play, and each form is checked against "cannot play" effects on its own: with
    creatures forbidden it may still be played as an upgrade (KF172-GEN-23, KF172-CARD-65)."""
    d = game.board.define(card)
    if d.as_upgrade is None or card.get("as-upgrade"):
        blocker = game.rules.forbidding_play(game, card)
        return ([] if blocker is not None else [d.type]), blocker
    forms: list[str] = []
    blocker = None
    for form in ("creature", "upgrade") if game.board.creatures() else ("creature",):
        probe = game.rules._probe(game.position)
        found = probe.position.find(card.uid)
        if found is None:
            continue
        if form == "upgrade":
            found[2].state["as-upgrade"] = True
        source = game.rules.forbidding_play(probe, found[2])
        if source is None:
            forms.append(form)
        elif blocker is None:
            real = game.position.find(source.uid)
            blocker = real[2] if real else source
    return forms, blocker


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


def attach_upgrade(game: Game, upgrade: CardState) -> None:
    creatures = game.board.creatures()
    if not creatures:
        # An upgrade with no creature to attach to cannot be played; verify_play refuses it before we get here.
        return
    if len(creatures) == 1:
        host = creatures[0]
        game.res.note("forced-target", "upgrades", f"Única criatura posible: {game.label(host)}",
                      f"Only possible creature: {game.label(host, 'en')}", card=host.uid)
        game.forced_choice("upgrade-host", "upgrades", [host])
    else:
        chosen = game.res.ask(Question(
            key="upgrade-host", player=game.active, rule="upgrades",
            prompt_es=f"¿A qué criatura se vincula {game.label(upgrade)}?",
            prompt_en=f"Which creature is {game.label(upgrade, 'en')} attached to?",
            options=tuple(Option(c.uid, game.label(c), game.label(c, "en"), game.board.define(c).names()) for c in creatures)))
        host = next(c for c in creatures if c.uid == chosen)
    game.res.attach(upgrade, host)
    game.res.set_controller(upgrade, game.active)
    if any(a.get("trigger") == "constant" and a.get("effect", {}).get("modify") == "control"
           for a in game.board.define(upgrade).abilities) and host.controller != upgrade.controller:
        # "You control this creature" (Collarín de Subordinación) takes effect as the upgrade attaches; control
        # effects rank by when they began, the most recent winning, so a later one (Hipnorrayo) takes the creature
        # back while the upgrade stays on it (CONTROL, KF172-GEN-18). Decision: the position keeps no timestamps, so
        # the creature stays where the last control change left it; if the upgrade leaves play while its own effect
        # is the one in force, the creature returns to its owner (Leaving.leaves_play).
        game.change_control(host, upgrade.controller)


def _icons_blocked(game: Game, pid: str) -> CardState | None:
    """The card whose constant ability stops ``pid`` resolving bonus icons (Maestra de la Orden Gris), if any."""
    for source, effect in game.board.constant_effects():
        if effect.get("modify") == "no-bonus-icons" and game.board.effect_player(source, effect, "opponent") == pid:
            return source
    return None


def _replaced_icon(game: Game, pid: str, icon: str) -> str:
    """EFECTOS DE SUSTITUCIÓN on a bonus icon ("resolve it as a capture icon instead", "steal 1 instead"): they share
    one window, so the active player may use one and then another that applies to the result — a bonus icon made a
    capture by Ánfora de Captura, then that capture made a steal by Escriba Favian (KF172-GEN-60)."""
    declined: set[int] = set()
    while True:
        offers = [(i, s, e) for i, (s, e) in enumerate(game.board.constant_effects())
                  if e.get("modify") == "replace-bonus-icon" and i not in declined
                  and e.get("_lasting", {}).get("controller", s.controller) == pid
                  and e.get("icon", "any") in (icon, "any") and e.get("with") != icon]
        if not offers:
            return icon
        i, source, effect = offers[0]
        declined.add(i)
        new = effect["with"]
        if game.ask_yes_no(pid, "replacement-effects",
                           f"¿Resuelves el icono «{icon_name(icon)}» como «{icon_name(new)}» ({game.label(source)})?",
                           f"Do you resolve the '{icon_name(icon, 'en')}' icon as '{icon_name(new, 'en')}' ({game.label(source, 'en')})?"):
            game.res.note("replaced", "replacement-effects", f"El icono «{icon_name(icon)}» se resuelve como «{icon_name(new)}»",
                          f"The '{icon_name(icon, 'en')}' icon is resolved as '{icon_name(new, 'en')}'", card=source.uid)
            icon = new
            if icon == "steal":
                return icon


def resolve_bonus_icons(game: Game, card: CardState, icons: tuple[str, ...], *, rule: str = "order.play.2") -> None:
    """Resolve a played card's bonus icons, top to bottom — also a card resolved "as if you had played it"
    (Ultragravitrón). The next card played this turn after Flor de Fisión resolves each icon one additional time;
    that effect is used up by that card even if it has no icons (KF172-GEN-58)."""
    extra = 0
    lasting = list(game.position.values.get("lasting", []))
    for n, entry in enumerate(lasting):
        effect = entry.get("effect", {})
        if effect.get("modify") == "extra-bonus-icons" and entry.get("controller") == game.active:
            extra = int(effect.get("times", 1))
            del lasting[n]
            game.res.note("extra-icons", "lasting-effects",
                          f"Efecto duradero: cada icono de bonificación se resuelve {times_es(extra)} más",
                          f"Lasting effect: each bonus icon resolves {times_en(extra)} more", card=card.uid)
            game.res.set_value("lasting", lasting or None)
            break
    if not icons:
        return
    with game.res.step("bonus-icons", rule, "Iconos de bonificación, de arriba abajo",
                       "Bonus icons, top to bottom", card=card.uid):
        for icon in icons:
            for _ in range(1 + extra):
                bonus_icon(game, card, icon)


def bonus_icon(game: Game, card: CardState, icon: str) -> None:
    pid = game.active
    blocker = _icons_blocked(game, pid)
    if blocker is not None:
        # "Cannot resolve bonus icons on cards they play" also covers icons resolved "as if you had played it"
        # (Alférez El-Samra, KF172-GEN-59).
        game.res.note("no-bonus-icon", "restrictions", f"{game.label(blocker)} impide resolver el icono «{icon_name(icon)}»",
                      f"{game.label(blocker, 'en')} stops the '{icon_name(icon, 'en')}' icon from resolving", card=card.uid)
        return
    icon = _replaced_icon(game, pid, icon)
    if icon == "steal":
        game.steal(pid, 1)
        return
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
        game.deal_damage([(target, 1)], source=None, rule=rule, by="bonus-icon")  # not dealt by the card (ICONOS DE BONIFICACIÓN)
    elif icon == "draw":
        game.draw(pid, 1, rule=rule)
    elif icon == "discard":
        hand = game.position.player(pid).zone("hand")
        if not hand:
            game.res.note("no-target", rule, "No hay cartas en la mano", "No cards in hand")
            return
        # Mandatory (ICONOS DE BONIFICACIÓN): with a single card in hand there is nothing to choose.
        if len(hand) == 1:
            game.forced_choice("discard", rule, hand, pid)
        chosen = hand[0].uid if len(hand) == 1 else game.res.ask(Question(key="discard", player=pid, rule=rule,
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
        game.forced_choice("target", rule, pool)
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


def discarded_from_hand(game: Game, card: CardState, pid: str, *, together: bool = False) -> None:
    """A card goes from ``pid``'s hand to the discard pile, by a play or by an effect: "after a card is discarded"
    effects wait for it, and when the active player discards it its "Desguazar:" abilities resolve (DESGUAZAR).
    ``together``: one of several cards discarded at once; the caller resolves what follows with
    ``after_discarded_together`` once all of them are in the pile."""
    game.move_out(card, card.owner, "discard", rule="discard-cards")
    game.count_this_turn(pid, "discards")
    if together:
        return
    scraps = [a for a in game.board.define(card).abilities if a.get("trigger") == "scrap"] if pid == game.active else []
    for ability in scraps:
        game.run_ability(card, ability, label_es=f"«Desguazar:» de {game.label(card)}",
                         label_en=f"'Scrap:' of {game.label(card, 'en')}", rule="scrap")
    game.fire("discard", card=card, player=pid)


def after_discarded_together(game: Game, cards: list[CardState], pid: str) -> None:
    """DESGUAZAR: «Si se descartan simultáneamente varias cartas con habilidades "Desguazar:", se resuelven una por
    una en el orden que elija el jugador activo»; then the "after a card is discarded" effects of each."""
    if pid == game.active:
        pending = [game.pending(c, f"{c.uid}:scrap:{i}", f"«Desguazar:» de {game.label(c)}",
                                f"'Scrap:' of {game.label(c, 'en')}",
                                Triggered(c, a, {}, needs_card_in_play=False, rule="scrap"))
                   for c in cards for i, a in enumerate(a for a in game.board.define(c).abilities
                                                        if a.get("trigger") == "scrap")]
        game.resolve_pending(pending)
    for c in cards:
        game.fire("discard", card=c, player=pid)

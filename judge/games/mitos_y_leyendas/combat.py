"""The Batalla Mitológica (FAQ L262-L338): declaring attackers and blockers, the Guerra de Talismanes, and the
Asignación de Daño.

Decisions of this ruleset where the FAQ is silent (``docs/mitos-y-leyendas-decisions.md``):
- ``myl.decision.combat-damage``: an unblocked attacker deals its strength to the defender's castle; a blocked
  attacker and its blocker compare strengths: the weaker is destroyed, both at a tie (if the tie is not 0), and a
  stronger attacker passes the difference to the castle. The FAQ gives no arithmetic; it speaks of Aliados
  "destruidos por comparación de sus Fuerzas" (L338) and of a blocked Persival that "pasa daño de combate" (L870).
- ``myl.decision.blocker-removed``: an attacker whose blocker left play before the damage stays blocked (blocks are
  fixed at step 2, FAQ L326) and, with nothing to compare, deals its strength.
- ``myl.decision.block-step-actor``: step a of the Declaración de Bloqueo says "el jugador activo"; the paragraph above it
  and the step's name make it the defender who declares blockers.
- ``myl.decision.declaration-triggers``: abilities that react to the declaration of attack resolve at its step c,
  after its window; an attack cancelled at step b never reaches them.
- ``myl.decision.combat-damage-windows``: step c is two windows, before the damage is applied (Machitun) and after
  (Arlequín); the defender answers first in both.
"""

from __future__ import annotations

from typing import Any

from judge.core.errors import IllegalPlayError
from judge.core.position import CardState, StackItem
from judge.core.timing import proceed
from judge.games.mitos_y_leyendas import steps
from judge.games.mitos_y_leyendas.final import final_phase, release
from judge.games.mitos_y_leyendas.game import Game
from judge.games.mitos_y_leyendas.timing import RESOLVERS, Windows


def defender(game: Game) -> str:
    return game.opponent(game.active)


def battle(game: Game) -> dict[str, Any]:
    return dict(game.position.values.get("batalla", {}))


def set_battle(game: Game, **changes: Any) -> None:
    game.res.set_value("batalla", {**battle(game), **changes})


def named_cards(game: Game, text: str | None) -> list[CardState] | None:
    """The cards a declaration names ("atacar a+b"), by uid or by a name only one card of the position has."""
    if not text:
        return None
    out = []
    for ref in text.replace(",", "+").split("+"):
        ref = ref.strip()
        card = game.card(ref)
        if card is None:
            found = game.catalog.find(ref)
            matches = [c for _, _, c in game.position.all_cards() if found is not None and c.card == found.id]
            card = matches[0] if len(matches) == 1 else None
        if card is None:
            raise IllegalPlayError(f"no single card {ref!r} in this position", rule=None,
                                   es=f"no hay una única carta {ref!r} en esta posición")
        out.append(card)
    return out


def declare_attack(game: Game, rules: Windows, named: str | None = None) -> None:
    """Paso de Declaración de Ataque, step a: the active player chooses the attackers, who move to the Línea de
    Ataque; then the window of step b. A declaration naming an Aliado that cannot attack is refused as a whole."""
    res = game.res
    eligible = [c for c in game.board.aliados(game.active) if game.board.can_attack(c)]
    chosen = named_cards(game, named)
    rule = res.cite("batalla-mitologica.declaracion-de-ataque")
    for card in chosen or []:
        if card not in eligible:
            raise IllegalPlayError(f"{game.label(card, 'en')} cannot be declared an attacker: it has not been in play "
                                   "since its controller's last Agrupación, or something forbids it", rule=rule,
                                   es=f"{game.label(card)} no puede ser declarado atacante: no ha permanecido en juego "
                                      "desde la última Agrupación de su controlador, o algo lo impide")
    if not eligible:
        raise IllegalPlayError("no Aliado can be declared an attacker (each must have been in play since its "
                               "controller's last Agrupación)", rule=rule,
                               es="ningún Aliado puede ser declarado atacante (debe haber permanecido en juego desde la "
                                  "última Agrupación de su controlador)")
    res.set_turn(step=steps.ATAQUE)
    with res.step("attack", "batalla-mitologica.declaracion-de-ataque.a", f"{game.active} declara el ataque",
                  f"{game.active} declares the attack"):
        attackers = chosen if chosen is not None else game.choose_cards(
            game.active, "batalla-mitologica.declaracion-de-ataque.a", "¿Qué Aliados atacan?", "Which Aliados attack?",
            eligible, count=len(eligible), key="attackers", up_to=True)
        if not attackers:
            raise IllegalPlayError("an attack needs at least one attacker", rule=res.cite("batalla-mitologica"),
                                   es="un ataque necesita al menos un atacante")
        for card in attackers:
            res.move(card, game.active, "linea-de-ataque", same_object=True)
        set_battle(game, atacantes=[c.uid for c in attackers], bloqueos={})
        res.set_value("turno", {**game.position.values.get("turno", {}), "ataque": True})
    res.push(StackItem(game.position.next_stack_id(), game.active, attackers[0].uid, "ataque"))
    proceed(res, rules)


def after_attack_window(game: Game, item: StackItem) -> None:
    """Steps c-d of the attack declaration, unless the attack was cancelled at step b (then the attackers go back
    to the Línea de Defensa and the game goes to the Fase Final)."""
    res = game.res
    if battle(game).get("ataque-cancelado"):
        with res.step("attack-cancelled", "batalla-mitologica.declaracion-de-ataque", "El ataque se cancela",
                      "The attack is cancelled"):
            for uid in battle(game).get("atacantes", []):
                card = game.card(uid)
                if card is not None and game.board.zone_of(card) == "linea-de-ataque":
                    res.move(card, card.controller, "linea-de-defensa", same_object=True)
        from_battle_to_final(game)
        return
    with res.step("attack-c", "batalla-mitologica.declaracion-de-ataque.c", "Habilidades que interactúan con el ataque",
                  "Abilities that interact with the attack"):
        attackers = battle(game).get("atacantes", [])
        with game.triggers.resolving():
            for uid in attackers:
                game.raise_event("ataca", card=uid, controller=game.active)
            # Moiras: "si hay declaración de ataque, el descarte … se realiza al momento de declarar ataque" (FAQ L1012).
            for card in game.board.aliados(game.active):
                if card.uid not in attackers:
                    game.raise_event("no-ataca", card=card.uid, controller=game.active)
        release(game)
    res.set_turn(step=steps.BLOQUEO)


def _named_blocks(game: Game, text: str) -> dict[str, str]:
    """"bloquear x:d1, y:d2" — each attacker with the one Aliado that blocks it (FAQ L287: one to one)."""
    rule = game.res.cite("batalla-mitologica.declaracion-de-bloqueo")
    blocks: dict[str, str] = {}
    for pair in text.split(","):
        attacker_ref, _, blocker_ref = pair.partition(":")
        attacker = named_cards(game, attacker_ref)
        blockers = named_cards(game, blocker_ref) or []
        if not attacker or len(blockers) != 1 or any(b.uid in blocks.values() for b in blockers) or attacker[0].uid in blocks:
            raise IllegalPlayError("an Aliado blocks one attacker, and an attacker is blocked by one Aliado", rule=rule,
                                   es="un Aliado bloquea a un Aliado atacante, y un atacante es bloqueado por un Aliado")
        a, b = attacker[0], blockers[0]
        if a.uid not in battle(game).get("atacantes", []) or b.controller != defender(game) or not game.board.can_block(b) \
                or not game.board.can_block_attacker(b, a):
            raise IllegalPlayError(f"{game.label(b, 'en')} cannot block {game.label(a, 'en')}", rule=rule,
                                   es=f"{game.label(b)} no puede bloquear a {game.label(a)}")
        blocks[a.uid] = b.uid
    return blocks


def declare_blocks(game: Game, rules: Windows, named: str | None = None) -> None:
    """Paso de Declaración de Bloqueo, step a: the defender assigns blockers one to one (blocking is optional)."""
    res = game.res
    pid = defender(game)
    used: list[str] = []
    blocks: dict[str, str] = _named_blocks(game, named) if named else {}
    with res.step("block", "batalla-mitologica.declaracion-de-bloqueo.a", f"{pid} declara bloqueos",
                  f"{pid} declares blocks"):
        for uid in [] if named else battle(game).get("atacantes", []):
            attacker = game.card(uid)
            if attacker is None or game.board.zone_of(attacker) != "linea-de-ataque":
                continue
            able = [c for c in game.board.aliados(pid) if game.board.can_block(c)]
            if able and not any(game.board.can_block_attacker(c, attacker) for c in able):
                res.note("unblockable", "batalla-mitologica.declaracion-de-bloqueo", f"{game.label(attacker)} es imbloqueable",
                         f"{game.label(attacker, 'en')} is unblockable", card=attacker.uid)
                continue
            pool = [c for c in able if c.uid not in used and game.board.can_block_attacker(c, attacker)]
            must = game.board.granted(attacker, "debe-ser-bloqueado")
            chosen = game.choose_cards(pid, "batalla-mitologica.declaracion-de-bloqueo.a",
                                       f"¿Quién bloquea a {game.label(attacker)}?", f"Who blocks {game.label(attacker, 'en')}?",
                                       pool, count=1, key="block", up_to=not must)
            if chosen:
                blocks[uid] = chosen[0].uid
                used.append(chosen[0].uid)
        for attacker_uid, blocker_uid in blocks.items():
            res.note("blocks", "batalla-mitologica.declaracion-de-bloqueo.a",
                     f"{game.label(game.card(blocker_uid))} bloquea a {game.label(game.card(attacker_uid))}",  # type: ignore[arg-type]
                     f"{game.label(game.card(blocker_uid), 'en')} blocks {game.label(game.card(attacker_uid), 'en')}")  # type: ignore[arg-type]
        set_battle(game, bloqueos=blocks, **{"bloqueo-declarado": True})
    res.push(StackItem(game.position.next_stack_id(), pid, next(iter(blocks.values()), ""), "bloqueo"))
    proceed(res, rules)


def forfeit_blocks(game: Game) -> None:
    """Importante (FAQ L324): a defender whose first action is a Talismán (not an answer to the attack) or a Guerra
    de Talismanes ability can no longer declare blockers."""
    game.res.note("blocks-lost", "batalla-mitologica.guerra-de-talismanes.importante",
                  "El defensor actuó primero en la Guerra de Talismanes: ya no puede declarar bloqueadores",
                  "The defender acted first in the Guerra de Talismanes: they can no longer declare blockers")
    set_battle(game, bloqueos={}, **{"bloqueo-declarado": True})
    start_war(game)


def after_block_window(game: Game, item: StackItem) -> None:
    """Step c: abilities that interact with the blocks that stand (a cancelled block has none, FAQ L297). They can be
    cancelled as they trigger (Wanli Changcheng and Marca de Tigre, FAQ L888): they resolve, each in its cancel
    window, before the Guerra de Talismanes begins."""
    with game.res.step("block-c", "batalla-mitologica.declaracion-de-bloqueo.c", "Habilidades que interactúan con el bloqueo",
                       "Abilities that interact with the blocks"):
        for attacker_uid, blocker_uid in battle(game).get("bloqueos", {}).items():
            game.raise_event("bloqueado", card=attacker_uid, controller=game.active)
            game.raise_event("bloquea", card=blocker_uid, controller=defender(game))
        game.raise_event("bloqueos-declarados", controller=game.active)
    game.res.push(StackItem(game.position.next_stack_id(), game.active, "", "inicio-guerra"))


def begin_war(game: Game, item: StackItem) -> None:
    start_war(game)


def start_war(game: Game) -> None:
    res = game.res
    res.set_turn(step=steps.GUERRA)
    res.note("war", "batalla-mitologica.guerra-de-talismanes.a", "Comienza la Guerra de Talismanes",
             "The Guerra de Talismanes begins")
    res.set_value("guerra", {"ultimo": game.active})
    res.set_passed([])


def end_war(game: Game, _: StackItem) -> None:
    """Both players passed one after the other: the Asignación de Daño."""
    res = game.res
    res.set_value("guerra", None)
    res.set_turn(step=steps.DANO)
    damage_step(game)


def combat_pairs(game: Game) -> list[tuple[CardState, CardState | None]]:
    blocks = battle(game).get("bloqueos", {})
    pairs = []
    for uid in battle(game).get("atacantes", []):
        attacker = game.card(uid)
        if attacker is None or game.board.zone_of(attacker) != "linea-de-ataque":
            continue
        blocker = game.card(blocks[uid]) if uid in blocks else None
        if blocker is not None and not game.board.in_play(blocker):
            blocker = None
        pairs.append((attacker, blocker))
    return pairs


def damage_step(game: Game) -> None:
    """Step b: strengths are compared and the combat damage to the defender's castle is worked out; the window
    of step c opens before it is applied."""
    res = game.res
    res.note("damage-a", "batalla-mitologica.asignacion-de-dano.a", "Comienza la Asignación de Daño", "Damage assignment begins")
    total = 0
    dealt: dict[str, int] = {}
    losers: list[CardState] = []
    with res.step("combat", "batalla-mitologica.asignacion-de-dano.b", "Se comparan las fuerzas",
                  "Strengths are compared"):
        for attacker, blocker in combat_pairs(game):
            f_a = game.board.strength(attacker)
            if blocker is None:
                damage = f_a
            else:
                f_b = game.board.strength(blocker)
                damage = max(0, f_a - f_b)
                if f_a >= f_b and f_a > 0:
                    losers.append(blocker)
                if f_b >= f_a and f_b > 0:
                    losers.append(attacker)
                res.note("compare", "batalla-mitologica.asignacion-de-dano.b",
                         f"{game.label(attacker)} ({f_a}) contra {game.label(blocker)} ({f_b})",
                         f"{game.label(attacker, 'en')} ({f_a}) against {game.label(blocker, 'en')} ({f_b})")
            if damage:
                dealt[attacker.uid] = damage
                total += damage
        destroyed = game.destroy(losers, rule="batalla-mitologica.asignacion-de-dano.b", quiet=True) if losers else []
    set_battle(game, dano=total, hecho=dealt, **{"destruidos-en-combate": game.last_leaving if destroyed else []})
    res.push(StackItem(game.position.next_stack_id(), game.active, "", "dano",
                       {"first": defender(game), "amount": total}))


def after_damage_window(game: Game, item: StackItem) -> None:
    """Step c: the damage is applied (unless reduced to 0), then the window after it (Arlequín, FAQ L175)."""
    res = game.res
    state = battle(game)
    # Reduced to 0 for the castles the reducing effect names (Machitun: its controller's, FAQ L177).
    reduced = defender(game) in state.get("dano-reducido", [])
    total = 0 if reduced else int(state.get("dano", 0))
    with res.step("combat-damage", "batalla-mitologica.asignacion-de-dano.c",
                  f"{defender(game)} recibe {total} de daño de combate", f"{defender(game)} takes {total} combat damage"):
        if total:
            game.botar(defender(game), total, rule="dano-de-combate")
    game.check_end()
    res.push(StackItem(game.position.next_stack_id(), game.active, "", "dano-aplicado",
                       {"first": defender(game), "amount": total}))


def after_damage_taken(game: Game, item: StackItem) -> None:
    """Steps d-e: the abilities of Aliados that dealt combat damage (none if it was reduced to 0, FAQ L336), then
    those of the Aliados destroyed by comparison of strength (L338); then the Fase Final."""
    res = game.res
    state = battle(game)
    if defender(game) not in state.get("dano-reducido", []):
        with res.step("damage-d", "batalla-mitologica.asignacion-de-dano.d", "Habilidades de daño de combate",
                      "Combat damage abilities"):
            with game.triggers.resolving():
                for uid, amount in state.get("hecho", {}).items():
                    game.raise_event("hace-dano", card=uid, controller=game.active, amount=amount)
            release(game)
    else:
        res.note("step-d-skipped", "batalla-mitologica.asignacion-de-dano.c", "El daño se redujo a 0: no hay paso d",
                 "The damage was reduced to 0: step d does not happen")
    with res.step("damage-e", "batalla-mitologica.asignacion-de-dano.e", "Habilidades de los Aliados destruidos en combate",
                  "Abilities of the Aliados destroyed in combat"):
        with game.triggers.resolving():
            game.raised_leaving(state.get("destruidos-en-combate", []), "destruido-en-combate", "destruido")
        release(game)
    game.check_end()
    from_battle_to_final(game)


def from_battle_to_final(game: Game) -> None:
    res = game.res
    res.set_value("batalla", None)
    res.set_value("guerra", None)
    final_phase(game)


RESOLVERS["ataque"] = after_attack_window
RESOLVERS["bloqueo"] = after_block_window
RESOLVERS["inicio-guerra"] = begin_war
RESOLVERS["fin-guerra"] = end_war
RESOLVERS["dano"] = after_damage_window
RESOLVERS["dano-aplicado"] = after_damage_taken

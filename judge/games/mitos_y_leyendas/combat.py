"""The Batalla Mitológica (FAQ L262-L338): declaring attackers and blockers, the Guerra de Talismanes, and the
Asignación de Daño.

Decisions of this ruleset where the FAQ is silent (``docs/mitos-y-leyendas-decisions.md``):
- ``myl.decision.combat-damage``: an unblocked attacker deals its strength to the defender's castle; a blocked
  attacker and its blocker compare strengths: the weaker is destroyed, both at a tie (if the tie is not 0), and a
  stronger attacker passes the difference to the castle. The FAQ gives no arithmetic; it speaks of Aliados
  "destruidos por comparación de sus Fuerzas" (L338) and of a blocked Persival that "pasa daño de combate" (L870).
- ``myl.decision.blocker-gone``: an attacker whose blocker left play before the damage stays blocked (blocks are
  fixed at step 2, FAQ L326) and, with nothing to compare, deals its strength.
- ``myl.decision.block-typo``: step a of the Declaración de Bloqueo says "el jugador activo"; the paragraph above it
  and the step's name make it the defender who declares blockers.
"""

from __future__ import annotations

from typing import Any

from judge.core.errors import IllegalPlayError
from judge.core.position import CardState, StackItem
from judge.core.timing import proceed
from judge.games.mitos_y_leyendas.final import final_phase
from judge.games.mitos_y_leyendas.game import Game
from judge.games.mitos_y_leyendas.timing import RESOLVERS, Windows


def defender(game: Game) -> str:
    return game.opponent(game.active)


def battle(game: Game) -> dict[str, Any]:
    return dict(game.position.values.get("batalla", {}))


def set_battle(game: Game, **changes: Any) -> None:
    game.res.set_value("batalla", {**battle(game), **changes})


def declare_attack(game: Game, rules: Windows) -> None:
    """Paso de Declaración de Ataque, step a: the active player chooses the attackers, who move to the Línea de
    Ataque; then the window of step b."""
    res = game.res
    eligible = [c for c in game.board.aliados(game.active) if game.board.can_attack(c)]
    if not eligible:
        raise IllegalPlayError("no Aliado can be declared an attacker (each must have been in play since its "
                               "controller's last Agrupación)", rule=res.cite("batalla-mitologica.declaracion-de-ataque"),
                               es="ningún Aliado puede ser declarado atacante (debe haber permanecido en juego desde la "
                                  "última Agrupación de su controlador)")
    res.set_turn(step="ataque")
    with res.step("attack", "batalla-mitologica.declaracion-de-ataque.a", f"{game.active} declara el ataque",
                  f"{game.active} declares the attack"):
        attackers = game.choose_cards(game.active, "batalla-mitologica.declaracion-de-ataque.a",
                                      "¿Qué Aliados atacan?", "Which Aliados attack?", eligible, count=len(eligible),
                                      key="attackers", up_to=True)
        if not attackers:
            raise IllegalPlayError("an attack needs at least one attacker", rule=res.cite("batalla-mitologica"),
                                   es="un ataque necesita al menos un atacante")
        for card in attackers:
            res.move(card, game.active, "linea-de-ataque")
        set_battle(game, atacantes=[c.uid for c in attackers], bloqueos={})
        with game.triggers.resolving():
            for card in attackers:
                game.raise_event("ataca", card=card.uid, controller=game.active)
        game.triggers.release(res, lambda p: game.resolve_trigger(game, p) if game.resolve_trigger else None)
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
                    res.move(card, card.controller, "linea-de-defensa")
        from_battle_to_final(game)
        return
    res.note("attack-c", "batalla-mitologica.declaracion-de-ataque.c", "Habilidades que interactúan con el ataque",
             "Abilities that interact with the attack")
    res.set_turn(step="bloqueo")


def declare_blocks(game: Game, rules: Windows) -> None:
    """Paso de Declaración de Bloqueo, step a: the defender assigns blockers one to one (blocking is optional)."""
    res = game.res
    pid = defender(game)
    used: list[str] = []
    blocks: dict[str, str] = {}
    with res.step("block", "batalla-mitologica.declaracion-de-bloqueo.a", f"{pid} declara bloqueos",
                  f"{pid} declares blocks"):
        for uid in battle(game).get("atacantes", []):
            attacker = game.card(uid)
            if attacker is None or game.board.zone_of(attacker) != "linea-de-ataque":
                continue
            if game.board.granted(attacker, "imbloqueable"):
                res.note("unblockable", "batalla-mitologica.declaracion-de-bloqueo", f"{game.label(attacker)} es imbloqueable",
                         f"{game.label(attacker, 'en')} is unblockable", card=attacker.uid)
                continue
            pool = [c for c in game.board.aliados(pid) if game.board.can_block(c) and c.uid not in used]
            must = game.board.granted(attacker, "debe-ser-bloqueado")
            chosen = game.choose_cards(pid, "batalla-mitologica.declaracion-de-bloqueo.a",
                                       f"¿Quién bloquea a {game.label(attacker)}?", f"Who blocks {game.label(attacker, 'en')}?",
                                       pool, count=1, key="block", up_to=not must)
            if chosen:
                blocks[uid] = chosen[0].uid
                used.append(chosen[0].uid)
        set_battle(game, bloqueos=blocks, **{"bloqueo-declarado": True})
        with game.triggers.resolving():
            for attacker_uid in blocks:
                game.raise_event("bloqueado", card=attacker_uid, controller=game.active)
        game.triggers.release(res, lambda p: game.resolve_trigger(game, p) if game.resolve_trigger else None)
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
    if battle(game).get("bloqueo-cancelado"):
        game.res.note("blocks-cancelled", "batalla-mitologica.declaracion-de-bloqueo",
                      "El bloqueo se cancela: la batalla continúa", "The blocks are cancelled: the battle goes on")
        set_battle(game, bloqueos={})
    start_war(game)


def start_war(game: Game) -> None:
    res = game.res
    res.set_turn(step="guerra")
    res.note("war", "batalla-mitologica.guerra-de-talismanes.a", "Comienza la Guerra de Talismanes",
             "The Guerra de Talismanes begins")
    res.set_value("guerra", {"ultimo": game.active})
    res.set_passed([])


def end_war(game: Game, _: StackItem) -> None:
    """Both players passed one after the other: the Asignación de Daño."""
    res = game.res
    res.set_value("guerra", None)
    res.set_turn(step="dano")
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
        destroyed = game.destroy(losers, rule="batalla-mitologica.asignacion-de-dano.b") if losers else []
    set_battle(game, dano=total, hecho=dealt, **{"destruidos-en-combate": [c.uid for c in destroyed]})
    res.push(StackItem(game.position.next_stack_id(), game.active, "", "dano"))


def after_damage_window(game: Game, item: StackItem) -> None:
    """Steps c-e: the damage is applied (unless reduced to 0), then the abilities of Aliados that dealt it, then
    those of Aliados destroyed by the comparison."""
    res = game.res
    state = battle(game)
    reduced = bool(state.get("dano-reducido"))
    total = 0 if reduced else int(state.get("dano", 0))
    with res.step("combat-damage", "batalla-mitologica.asignacion-de-dano.c",
                  f"{defender(game)} recibe {total} de daño de combate", f"{defender(game)} takes {total} combat damage"):
        if total:
            game.botar(defender(game), total, rule="dano-de-combate")
    if not reduced:
        with game.triggers.resolving():
            for uid in state.get("hecho", {}):
                game.raise_event("hace-dano", card=uid, controller=game.active, amount=state["hecho"][uid])
        game.triggers.release(res, lambda p: game.resolve_trigger(game, p) if game.resolve_trigger else None)
    else:
        res.note("step-d-skipped", "batalla-mitologica.asignacion-de-dano.c", "El daño se redujo a 0: no hay paso d",
                 "The damage was reduced to 0: step d does not happen")
    with game.triggers.resolving():
        for uid in state.get("destruidos-en-combate", []):
            game.raise_event("destruido-en-combate", card=uid)
    game.triggers.release(res, lambda p: game.resolve_trigger(game, p) if game.resolve_trigger else None)
    game.check_end()
    from_battle_to_final(game)


def from_battle_to_final(game: Game) -> None:
    res = game.res
    res.set_value("batalla", None)
    res.set_value("guerra", None)
    final_phase(game)


RESOLVERS["ataque"] = after_attack_window
RESOLVERS["bloqueo"] = after_block_window
RESOLVERS["fin-guerra"] = end_war
RESOLVERS["dano"] = after_damage_window

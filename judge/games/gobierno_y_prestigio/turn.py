"""The turn (the appendix "Estructura de un turno"): three stages cut into the twelve steps of decision
pool-emptying, each with its turn-based actions before priority (120.3.c) and, where the appendix says
OPORTUNIDAD, a priority round that starts with the active player (decision priority-windows).

A step ends when every player passes with the stack empty (120.5); its pools empty (106.1.b) and the next step
begins. The engine stops where a player must decide how the turn goes on: the declarations of attackers and
blockers, and the choice after the attack (back to the Paso de Mando or on to the Etapa Final).
"""

from __future__ import annotations

from judge.games.gobierno_y_prestigio import combat, resources
from judge.games.gobierno_y_prestigio.board import CAMPO, PG
from judge.games.gobierno_y_prestigio.game import Game
from judge.games.gobierno_y_prestigio.timing import checks as state_checks

STEPS = ("etapa-inicial", "paso-de-mando", "ataque-comienzo", "ataque-atacantes", "ataque-bloqueadores",
         "ataque-dano-habil", "ataque-dano", "ataque-fin", "ataque-fin-disparos", "etapa-final", "final-del-turno",
         "limpieza")
CITES = {
    "etapa-inicial": "turno.etapa-inicial", "paso-de-mando": "turno.paso-de-mando", "ataque-comienzo": "turno.paso-de-ataque",
    "ataque-atacantes": "turno.declaracion-de-atacantes", "ataque-bloqueadores": "turno.declaracion-de-bloqueadores-normales",
    "ataque-dano-habil": "turno.combate-habil-y-experto", "ataque-dano": "turno.combate-sin-habil",
    "ataque-fin": "turno.fin-del-paso-de-ataque", "ataque-fin-disparos": "turno.fin-del-paso-de-ataque",
    "etapa-final": "turno.etapa-final", "final-del-turno": "turno.etapa-final", "limpieza": "turno.etapa-final",
}
NAMES = {
    "etapa-inicial": ("Etapa Inicial", "Initial Stage"), "paso-de-mando": ("Paso de Mando", "Command Step"),
    "ataque-comienzo": ("Comienzo del Paso de Ataque", "Beginning of the Attack Step"),
    "ataque-atacantes": ("Declaración de Atacantes", "Declare Attackers"),
    "ataque-bloqueadores": ("Declaración de Bloqueadores", "Declare Blockers"),
    "ataque-dano-habil": ("Daño de hábil y experto", "Hábil and experto damage"),
    "ataque-dano": ("Daño de combate", "Combat damage"), "ataque-fin": ("Fin del Paso de Ataque", "End of the Attack Step"),
    "ataque-fin-disparos": ("Al final del combate", "At the end of combat"), "etapa-final": ("Etapa Final", "Final Stage"),
    "final-del-turno": ("Final del turno", "End of turn"), "limpieza": ("Limpieza", "Cleanup"),
}
CHOOSING_NEXT = "elegir-siguiente"
"""Game value: the attack is over and the active player chooses the next step (turno.volver-al-paso-de-mando)."""


def end_step(game: Game) -> bool:
    """Every player passed with the stack empty: the step ends. Return whether a new priority round opened."""
    step = game.position.step
    resources.empty_pools(game)
    if step == "ataque-fin-disparos":
        combat.remove_all_from_combat(game)
        game.res.set_value("bloqueos-declarados", None)
        game.res.set_value(CHOOSING_NEXT, True)
        game.res.note("choose-next", "turno.volver-al-paso-de-mando", "El jugador activo elige: volver al Paso de Mando o ir a la Etapa Final",
                      "The active player chooses: back to the Command Step or on to the Final Stage")
        return False
    if step == "ataque-comienzo":
        return begin(game, "ataque-atacantes")
    if step == "ataque-atacantes":
        if not combat.attackers(game):
            game.res.note("no-attack", "gyp.decision.combat-skip", "Nadie ataca: se pasa al fin del paso de ataque",
                          "Nobody attacks: on to the end of the attack step")
            return begin(game, "ataque-fin")
        return begin(game, "ataque-bloqueadores")
    if step == "ataque-bloqueadores":
        return begin(game, "ataque-dano-habil" if combat.has_first_strike(game) else "ataque-dano")
    if step == "limpieza":
        return cleanup(game)
    if step not in STEPS:
        return next_turn(game)
    return begin(game, STEPS[STEPS.index(step) + 1])


def begin(game: Game, step: str) -> bool:
    """Start ``step``: its turn-based actions, then (usually) a priority round with the active player."""
    es, en = NAMES[step]
    game.res.set_turn(step=step)
    game.res.note("step", CITES[step], f"Comienza: {es}", f"Begins: {en}")
    active = game.position.active
    if step == "etapa-inicial":
        untap(game, active)
    elif step == "paso-de-mando":
        receive_gp(game, active)
    elif step == "ataque-atacantes":
        game.res.note("declare", "turno.declaracion-de-atacantes", f"{active} declara sus atacantes", f"{active} declares attackers")
        return False
    elif step == "ataque-bloqueadores":
        game.res.note("declare", "turno.declaracion-de-bloqueadores-especiales", "El defensor declara sus bloqueadores",
                      "The defender declares blockers")
        return False
    elif step == "ataque-dano-habil":
        game.res.note("first-phase", "gyp.decision.damage-substeps", "Hay un súbdito con hábil o experto en combate: esta fase existe",
                      "A súbdito with hábil or experto is in combat: this phase exists")
        combat.deal_combat_damage(game, first=True)
    elif step == "ataque-dano":
        combat.deal_combat_damage(game, first=False)
    elif step in ("ataque-fin-disparos", "final-del-turno"):
        game.res.note("end-triggers", "gyp.decision.end-of-step-triggers", "Las habilidades de este momento van a la pila y una ronda las resuelve",
                      "The abilities of this moment go on the stack and a round resolves them")
        game.emit("final-del-combate" if step == "ataque-fin-disparos" else "final-del-turno")
    elif step == "limpieza":
        return cleanup(game)
    game.res.note("active-first", "120.4.a", "El jugador activo recibe la prioridad al comenzar el paso", "The active player receives priority as the step begins")
    game.res.note("opportunity", "gyp.decision.priority-windows", "OPORTUNIDAD: ronda de prioridad desde el jugador activo",
                  "OPPORTUNITY: a priority round from the active player")
    return True


def untap(game: Game, active: str) -> None:
    """The Etapa Inicial: every object on the battlefield that can untap untaps, government points included
    (decision untap-all-objects); then the active player recovers all their government points (107.5)."""
    with game.res.step("untap", "turno.etapa-inicial", "Se enderezan todos los objetos del campo de juego, incluidos los PG",
                       "Every object on the battlefield untaps, government points included"):
        game.res.note("all-objects", "gyp.decision.untap-all-objects", "Los de todos los jugadores", "Every player's")
        game.res.note("turn-based", "120.3.c", "Acción basada en el turno: antes de cualquier prioridad",
                      "A turn-based action: before any priority")
        for player in game.position.players.values():
            for card in player.zone(CAMPO) + player.zone(PG):
                if card.get("girada", False):
                    game.res.set_card(card, "girada", False)
    with game.res.step("recover-gps", "gyp.decision.gp-gain-and-recovery", f"{active} recupera todos sus puntos de gobierno",
                       f"{active} recovers all their government points"):
        for gp in resources.government_points(game, active):
            if gp.get("no-disponible", False):
                resources.recover(game, gp)


def receive_gp(game: Game, active: str) -> None:
    if game.position.values.get("pg-recibido"):
        game.res.note("no-new-gp", "gyp.decision.command-attack-loop", "Un nuevo Paso de Mando no da otro punto de gobierno",
                      "Another Command Step gives no further government point")
        return
    game.res.set_value("pg-recibido", True)
    if game.position.player(active).values.get("pg-adelantado"):
        game.res.note("advanced-gp", "gyp.decision.shylock", f"{active} ya recibió este punto de gobierno con Adelanto de Shylock",
                      f"{active} already received this government point with Adelanto de Shylock")
        game.res.set_player(active, "pg-adelantado", False)
        return
    resources.new_gp(game, active, "107.3")


def cleanup(game: Game) -> bool:
    """The last phase of the Etapa Final: all marked damage is removed and "until end of turn" effects end, at the
    same time (123.9); if that makes a state-based action or a trigger, a round follows and the cleanup repeats
    (decision cleanup-repeat)."""
    with game.res.step("cleanup", "turno.etapa-final", "Simultáneamente: se quita todo el daño y terminan los efectos «hasta el final del turno»",
                       "At once: all damage is removed and 'until end of turn' effects end"):
        for card in game.board.on_battlefield():
            if card.get("dano", 0):
                game.res.set_card(card, "dano", 0)
        game.res.note("damage-removed", "123.9", "El daño marcado se quita en la última fase de la Etapa Final",
                      "Marked damage is removed in the last phase of the Final Stage")
        kept = [e for e in game.board.effects() if e.get("until") not in ("fin-del-turno", "este-turno")]
        if len(kept) != len(game.board.effects()):
            game.res.set_value("efectos", kept or None)
    if game.triggers.waiting or state_checks(game):
        game.res.note("cleanup-repeat", "gyp.decision.cleanup-repeat", "La limpieza causó algo: hay una ronda de prioridad y luego se repite",
                      "The cleanup caused something: a priority round follows, then it repeats")
        return True
    return next_turn(game)


def next_turn(game: Game) -> bool:
    order = [p for p in game.position.turn_order() if not game.position.player(p).values.get("perdio")]
    following = order[1 % len(order)] if order else game.position.active
    game.res.set_value("pg-recibido", None)
    game.res.set_value(CHOOSING_NEXT, None)
    game.res.set_turn(active=following, turn=game.position.turn + 1)
    game.res.note("next-turn", "turno", f"Turno {game.position.turn}: juega {following}", f"Turn {game.position.turn}: {following} plays")
    return begin(game, "etapa-inicial")


def choose_next(game: Game, back_to_command: bool) -> bool:
    game.res.set_value(CHOOSING_NEXT, None)
    game.res.note("next-step", "turno.volver-al-paso-de-mando",
                  "El jugador activo vuelve al Paso de Mando" if back_to_command else "El jugador activo va a la Etapa Final",
                  "The active player goes back to the Command Step" if back_to_command else "The active player goes on to the Final Stage")
    return begin(game, "paso-de-mando" if back_to_command else "etapa-final")

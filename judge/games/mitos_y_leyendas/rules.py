"""The Mitos y Leyendas ruleset: the Primera Era block under its 2024 FAQ (``myl-pe-faq-2024``).

The FAQ is the authority (it prevails over the manuals, the DAR and the Oráculo, FAQ L15), and card text prevails
over the FAQ (Regla de Oro, L17). Where the FAQ is silent this ruleset decides, and says so: every decision is a
named section of the ruleset's own decisions document (``myl-decisiones``), cited in the trace where it applies,
and listed in ``docs/mitos-y-leyendas-decisions.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from judge.core.catalog import PositionCards, WithCustom, known_cards
from judge.core.errors import IllegalPlayError, Problem
from judge.core.notation import Layout
from judge.core import paths
from judge.core.position import CardState, Position
from judge.core.resolution import GameOver, PendingDecision, Resolution
from judge.core.ruleset import Play, PositionWarning, Ruleset
from judge.core.timing import pass_priority
from judge.games.mitos_y_leyendas import activating, combat, playing, responses, schema
from judge.games.mitos_y_leyendas import cardview, steps, turn
from judge.games.mitos_y_leyendas.board import GRAVEYARD, IN_PLAY, Board
from judge.games.mitos_y_leyendas.catalog import CardDef, default_catalog, with_custom
from judge.games.mitos_y_leyendas.effects import resolve_triggered, run_effects
from judge.games.mitos_y_leyendas.game import Game
from judge.games.mitos_y_leyendas.costs import cheapest
from judge.games.mitos_y_leyendas.targets import AbilityContext
from judge.games.mitos_y_leyendas.timing import Windows, answers
from judge.games.mitos_y_leyendas import plausibility

ZONES = ("castillo", "mano", "reserva-de-oro", "oro-pagado", "linea-de-defensa", "linea-de-ataque", "linea-de-apoyo",
         "jugando", "cementerio", "permanentes", "destierro", "removida")
CARD_STATE = {"recien-llegado": bool, "ataca-al-entrar": bool}
VERBS = ("agrupar", "no-agrupar", "oro", "play", "activate", "atacar", "bloquear", "terminar", "pass")
CARD_NOW = ("zone", "strength", "fuerza", "can-attack", "can-block")
"""What a card path reads as the card is now, beyond every game's paths (:mod:`judge.core.paths`)."""
VALUES = ("efectos", "turno", "batalla", "guerra", "prevenciones", "diferidos", "dano-directo", "copias", "result", "winner")

DECISIONS = frozenset({
    "hidden-information", "window-order", "card-type-timing", "annulled-oro-not-refunded", "oro-drop",
    "combat-damage", "combat-ties", "blocker-removed", "block-step-actor", "castle-empty-loss", "search-shuffle",
    "cancelled-block", "declaration-triggers", "combat-damage-windows", "direct-damage-window", "cost-triggers",
    "target-outcome-by-kind", "rollback-scope", "strength-floor", "li-sou-count", "zone-lock-scope", "durations",
    "guerra-blocks", "permanent-zone", "cancel-one-ability-per-card", "regroup-choice", "fase-final-announce",
    "discard-choice", "weapon-limit-sentence", "discard-trigger-self", "start-of-turn", "niflheim-turns", "wyrm-timing",
    "yasakani", "draugar-count", "ivar-self", "galdar-tumba", "posesion-mayor-duration", "hodur-strength", "du-han-armas",
    "orphan-arma", "rey-arturo-two-cards", "ebisu-heading", "unknown-erratum-l1046", "missing-example-l115",
    "spelling-variants", "keyword-criatura", "copy-limit", "filter-characteristics", "indestructible",
    "reduce-damage-player", "vocabulary-limits",
})
"""Where the FAQ is silent and this ruleset decides (the ``myl-decisiones`` document, cited as ``myl.decision.<id>``)."""

RULE_KEYS = frozenset({
    "anular-carta-jugada-por-otra-carta", "barajar-cartas-del-cementerio", "batalla-mitologica",
    "batalla-mitologica.asignacion-de-dano.a", "batalla-mitologica.asignacion-de-dano.b",
    "batalla-mitologica.asignacion-de-dano.c", "batalla-mitologica.declaracion-de-ataque",
    "batalla-mitologica.declaracion-de-ataque.a", "batalla-mitologica.declaracion-de-ataque.b",
    "batalla-mitologica.declaracion-de-ataque.c", "batalla-mitologica.declaracion-de-bloqueo",
    "batalla-mitologica.declaracion-de-bloqueo.a", "batalla-mitologica.declaracion-de-bloqueo.b",
    "batalla-mitologica.guerra-de-talismanes.a", "batalla-mitologica.guerra-de-talismanes.importante",
    "busqueda-de-cartas", "busqueda-de-cartas.busqueda-fallida", "cancelacion-de-habilidades",
    "cartas-con-habilidades-luego", "cartas-de-prevencion", "controlador-y-dueno", "dano-de-combate", "dano-directo",
    "fase-de-agrupacion", "fase-de-agrupacion.a", "fase-de-agrupacion.b", "fase-de-agrupacion.c",
    "fase-de-agrupacion.d", "fase-de-vigilia.a", "fase-de-vigilia.b", "fase-de-vigilia.c", "fase-de-vigilia.d",
    "fase-final", "fase-final.a", "fase-final.b", "fase-final.c", "fase-final.d", "fase-final.e", "fase-final.f",
    "fase-final.g", "habilidad-activada", "habilidad-disparada", "introduccion", "introduccion.regla-de-oro",
    "modificadores-y-establecedores-de-fuerza", "objetivo-valido", "pasos-para-jugar-una-carta.1",
    "pasos-para-jugar-una-carta.2", "pasos-para-jugar-una-carta.3", "pasos-para-jugar-una-carta.4",
    "pasos-para-jugar-una-carta.5", "pasos-para-jugar-una-carta.6", "pasos-para-jugar-una-carta.7",
    "pasos-para-jugar-una-carta.8", "portar-armas", "resolucion-multiples-habilidades-disparadas", "MYL-CARD-72", "MYL-CARD-73", "MYL-CARD-81",
    "habilidad-disparada.resolucion-diferida", "pasos-para-jugar-una-carta.9", "batalla-mitologica.declaracion-de-bloqueo.c",
    "batalla-mitologica.asignacion-de-dano.d", "batalla-mitologica.asignacion-de-dano.e", "habilidad-activada.mas-de-una-vez",
    "efectos-permanentes", "fase-de-vigilia", "busqueda-de-cartas", "autoreferencia", "afectar-a-un-jugador",
    "cambio-de-controlador", "bonificador-y-duplicador-de-fuerza", "dos-cartas-de-cancelacion-o-anulacion",
    "resolucion-de-talismanes", "reduccion-de-costes", "zona-de-efectos-permanentes", "interaccion-con-el-cementerio",
    "aliados-de-raza-campeon", "habilidad-continua", "duracion-de-un-efecto-o-habilidad",
    "resolucion-de-habilidades-que-interactuan", "habilidad-disparada.fase-final",
    *(f"myl.decision.{d}" for d in DECISIONS),
})
"""Every rule key the Mitos y Leyendas code cites (a test checks that each resolves to stored text)."""


@dataclass(frozen=True)
class MitosYLeyendas(PositionCards, Ruleset):
    id: str = "myl-pe-2024"
    game: str = "mitos-y-leyendas"
    document: str = "myl-pe-faq-2024"
    title: str = "Mitos y Leyendas Primera Era — FAQ 2024"

    layout: ClassVar[Layout] = Layout(
        zones=ZONES, in_play=frozenset(IN_PLAY), attached_key="armas",
        hidden=frozenset({"castillo", "mano"}), ordered=frozenset({"castillo", "cementerio"}), stamps=True)
    verbs: ClassVar[tuple[str, ...]] = VERBS
    decisions: ClassVar[str] = "myl-decisiones"
    decision_prefix: ClassVar[str] = "myl.decision."
    catalogs: ClassVar[WithCustom[CardDef]] = WithCustom(default_catalog, with_custom)

    def rule_keys(self) -> set[str]:
        return set(RULE_KEYS)

    # Positions.

    def validate(self, position: Position) -> list[Problem]:
        problems = self.custom_card_problems(position)
        if len(position.players) != 2:
            problems.append(Problem("players", "Mitos y Leyendas is played by two players", "Mitos y Leyendas se juega entre dos jugadores"))
        if position.step and position.step not in steps.STEPS:
            problems.append(Problem("step", f"step is one of {', '.join(steps.STEPS)}", f"el paso es uno de {', '.join(steps.STEPS)}"))
        catalog = self.catalog_for(position)
        for player, zone, card, definition in known_cards(catalog, position, problems):
            where = f"players.{player.id}.{zone}"
            expected = {"aliado": ("linea-de-defensa", "linea-de-ataque"), "totem": ("linea-de-apoyo",),
                        "oro": ("reserva-de-oro", "oro-pagado")}.get(definition.type)
            if zone in IN_PLAY and expected and zone not in expected and not any(card in c.attached for c in player.zone(zone)):
                problems.append(Problem(where, f"{definition.name} is a {definition.type}: in play it goes in {' or '.join(expected)}",
                                        f"{definition.name} es {definition.type}: en juego va en {' o '.join(expected)}"))
            for key, value in card.state.items():
                kind = CARD_STATE.get(key)
                if kind is None:
                    problems.append(Problem(f"{where}.{card.uid}.{key}", "unknown card state", "estado de carta desconocido"))
                elif not isinstance(value, kind):
                    problems.append(Problem(f"{where}.{card.uid}.{key}", f"{key} is {kind.__name__}", f"{key} es {kind.__name__}"))
        for k in position.values:
            if k not in VALUES:
                problems.append(Problem(f"values.{k}", "unknown game value", "valor de partida desconocido"))
        return problems

    def warnings(self, position: Position) -> list[PositionWarning]:
        return plausibility.warnings(self, position)

    def schema(self) -> dict[str, Any]:
        return {**super().schema(), **schema.schema(steps.STEPS, CARD_STATE)}

    def card_facts(self, card: CardDef) -> dict[str, Any]:
        return schema.card_facts(card)

    def card_view(self, position: Position) -> dict[str, Any]:
        return schema.card_view(self.catalog_for(position), position)

    def card_facets(self, card: Any) -> dict[str, tuple[str, ...]]:
        return cardview.facets(card)

    def facet_names(self, facet: str, value: str) -> dict[str, str]:
        return cardview.facet_names(facet, value)

    # Who acts.

    def acting_player(self, position: Position) -> str:
        if position.priority:
            return position.priority
        if position.step == steps.BLOQUEO and not position.stack and not position.values.get("batalla", {}).get("bloqueo-declarado"):
            return position.opponent(position.active)
        return position.active

    def game_for(self, res: Resolution) -> Game:
        return Game(res, self.catalog_for(res.position), resolve_trigger=resolve_triggered,
                    play_by_effect=lambda g, card, pid, free: playing.play_card(g, card, pid, free=free, by_effect=True),
                    run_effects=lambda g, source, pid, effects: run_effects(AbilityContext(g, source, pid), effects) and None,
                    enter=lambda g, card, pid: playing.enter_play(g, card, pid))

    # Plays.

    def legal_plays(self, position: Position) -> list[Play]:
        plays = []
        pid = self.acting_player(position)
        for verb in VERBS:
            for card in self._cards_for(position, verb, pid):
                play = Play(verb, card, pid)
                if self.can_play(position, play):
                    plays.append(play)
        return plays

    def _cards_for(self, position: Position, verb: str, pid: str) -> list[str | None]:
        if verb in ("oro", "play"):
            return [c.uid for c in position.player(pid).zone("mano")]
        if verb == "activate":
            return [c.uid for _, zone, c in position.all_cards()
                    if zone in IN_PLAY and c.controller == pid or zone in GRAVEYARD and c.owner == pid]
        return [None]

    def verify_play(self, position: Position, play: Play) -> None:
        self.verify_before_resolving(position, play)
        # Everything else is checked while resolving, where the same rules run: a play they refuse is illegal.
        probe = self.resolve_probe(position, play)
        if probe is not None:
            raise probe

    def verify_before_resolving(self, position: Position, play: Play) -> None:
        """Who may act now and whether the verb is a play; the rest is refused by resolving the play (the probe of
        :meth:`verify_play`, or the resolution itself)."""
        pid = play.player or self.acting_player(position)
        may_act = self.acting_player(position)
        if pid != may_act:
            rule = "pasos-para-jugar-una-carta.5" if position.priority else "introduccion"
            raise IllegalPlayError(f"{pid} cannot act now: it is {may_act}'s turn to act", rule=self.cite(rule),
                                   es=f"{pid} no puede actuar ahora: actúa {may_act}")
        if play.verb not in VERBS:
            raise IllegalPlayError(f"unknown play {play.verb!r}; plays are {', '.join(VERBS)}", rule=None,
                                   es=f"jugada desconocida {play.verb!r}; las jugadas son {', '.join(VERBS)}")

    def resolve_probe(self, position: Position, play: Play) -> IllegalPlayError | None:
        """Play it on a copy with no answers: whatever the rules refuse before the first choice (a requirement of
        step 2, a cost that cannot be paid, an attacker that cannot attack) makes the play illegal."""
        try:
            self.resolve_play(Resolution(position.copy(), [], self.cite), play)
        except IllegalPlayError as exc:
            return exc
        except (PendingDecision, GameOver):
            return None
        return None

    def _check(self, game: Game, play: Play) -> None:
        """The rules that decide whether a play may be made, before anything happens."""
        position = game.position
        pid = play.player or self.acting_player(position)
        cite = self.cite
        waiting = position.stack[-1] if position.stack else None
        if play.verb == "pass":
            if not position.priority:
                raise IllegalPlayError("nobody holds priority: there is nothing to pass", rule=cite("pasos-para-jugar-una-carta.5"),
                                       es="nadie tiene la prioridad: no hay nada que pasar")
            return
        if play.verb in ("agrupar", "no-agrupar"):
            if position.step != steps.AGRUPACION or position.priority:
                raise IllegalPlayError("regrouping happens in the Fase de Agrupación", rule=cite("fase-de-agrupacion"),
                                       es="agrupar ocurre en la Fase de Agrupación")
            return
        if position.step == steps.AGRUPACION:
            raise IllegalPlayError("the turn starts with the Fase de Agrupación: regroup (or not) first",
                                   rule=cite("fase-de-agrupacion"), es="el turno empieza con la Fase de Agrupación: agrupa (o no) primero")
        if play.verb in ("atacar", "terminar"):
            if position.step not in steps.VIGILIA_STEPS or position.priority or position.stack:
                raise IllegalPlayError("the Vigilia ends only when nothing is waiting, on the active player's decision",
                                       rule=cite("batalla-mitologica"), es="la Vigilia termina solo sin nada pendiente, por decisión del jugador activo")
            return
        if play.verb == "bloquear":
            if position.step != steps.BLOQUEO or position.stack or position.values.get("batalla", {}).get("bloqueo-declarado"):
                raise IllegalPlayError("blockers are declared in the Declaración de Bloqueo", rule=cite("batalla-mitologica.declaracion-de-bloqueo"),
                                       es="los bloqueadores se declaran en la Declaración de Bloqueo")
            return
        card = self._card(game, play, pid)
        if play.verb == "oro":
            if card not in position.player(pid).zone("mano"):
                raise IllegalPlayError("the Oro must be in your hand", rule=cite("fase-de-vigilia.b"), es="el Oro debe estar en tu mano")
            turn.check_oro_drop(game, card, pid)
            return
        if play.verb == "activate" and activating.usable_here(game, card, pid):
            for i, a in enumerate(game.board.define(card).abilities):
                if a.get("kind") == "activada" and activating.works_from(game, card, a):
                    activating.check_activation(game, card, i, a, waiting.id if waiting else None)
        if play.verb == "activate" and pid in position.values.get("batalla", {}).get("sin-habilidades", []):
            raise IllegalPlayError("in this battle an opposing ability keeps this player's abilities off",
                                   rule=cite("batalla-mitologica.declaracion-de-ataque.c"),
                                   es="en esta batalla una habilidad oponente impide a este jugador usar sus habilidades")
        offered = answers(game, pid, waiting) if (position.priority or position.step in (steps.GUERRA, steps.BLOQUEO)) else None
        if offered is not None and not waiting and play.verb == "play" and game.board.define(card).type != "talisman" \
                and (play.verb, card.uid) not in offered:
            # Aliados are played only in your own Vigilia unless a card allows another moment (FAQ L822).
            raise IllegalPlayError(f"{game.label(card, 'en')} is not a Talismán: it cannot be played in the Guerra de Talismanes",
                                   rule=cite("myl.decision.card-type-timing"),
                                   es=f"{game.label(card)} no es un Talismán: no puede jugarse en la Guerra de Talismanes")
        if offered is not None and (play.verb, card.uid) not in offered:
            what = "an answer to what is waiting" if waiting else "playable in the Guerra de Talismanes"
            raise IllegalPlayError(f"{game.label(card, 'en')} is not {what}", rule=cite("pasos-para-jugar-una-carta.5"),
                                   es=f"{game.label(card)} no es {'una respuesta a lo que espera' if waiting else 'jugable en la Guerra de Talismanes'}")
        if play.verb == "play":
            if card not in position.player(pid).zone("mano") and not playing.playable_from_graveyard(game, card, pid):
                raise IllegalPlayError("a card is played from your hand", rule=cite("pasos-para-jugar-una-carta.1"),
                                       es="una carta se juega desde tu mano")
            kind = game.board.define(card).type
            if offered is None and (position.step not in steps.VIGILIA_STEPS or pid != position.active):
                raise IllegalPlayError("outside a window, cards are played in your own Vigilia", rule=cite("myl.decision.card-type-timing"),
                                       es="fuera de una ventana, las cartas se juegan en tu propia Vigilia")
            if kind == "oro":
                raise IllegalPlayError("an Oro from hand goes to the Reserva with `oro`", rule=cite("fase-de-vigilia.b"),
                                       es="un Oro de la mano va a la Reserva con `oro`")
            if cheapest(game, card, pid) > len(position.player(pid).zone("reserva-de-oro")):
                raise IllegalPlayError(f"not enough Oro in the Reserva to pay {game.label(card, 'en')}",
                                       rule=cite("pasos-para-jugar-una-carta.3"), es=f"no hay Oro suficiente en la Reserva para pagar {game.label(card)}")
            return
        if play.verb == "activate":
            if not activating.usable_here(game, card, pid):
                raise IllegalPlayError("you activate abilities of cards you control in play", rule=cite("habilidad-activada"),
                                       es="activas habilidades de cartas que controlas en juego")
            activated = [(i, a) for i, a in enumerate(game.board.define(card).abilities)
                         if a.get("kind") == "activada" and activating.works_from(game, card, a)]
            usable = [i for i, a in activated if offered is not None or responses.usable_now(game, card, i, a, None)]
            if not usable:
                raise IllegalPlayError(f"{game.label(card, 'en')} has no ability that can be activated now",
                                       rule=cite("habilidad-activada"), es=f"{game.label(card)} no tiene habilidad activable ahora")

    def _card(self, game: Game, play: Play, pid: str) -> CardState:
        ref = play.card or ""
        found = game.card(ref)
        if found is None:
            matches = [c for _, _, c in game.position.all_cards() if c.known and ref
                       and game.catalog.find(ref) is not None and c.card == game.catalog.find(ref).id]  # type: ignore[union-attr]
            mine = [c for c in matches if c.controller == pid or c.owner == pid]
            found = (mine or matches or [None])[0]
        if found is None:
            raise IllegalPlayError(f"no card {ref!r} in this position", rule=None, es=f"no hay ninguna carta {ref!r} en esta posición")
        return found

    def resolve_play(self, res: Resolution, play: Play) -> None:
        game = self.game_for(res)
        rules = Windows(game)
        pid = play.player or self.acting_player(res.position)
        self._check(game, play)
        if play.verb == "pass":
            pass_priority(res, rules, pid)
        elif play.verb in ("agrupar", "no-agrupar"):
            turn.regroup(game, all_cards=play.verb == "agrupar")
        elif play.verb == "atacar":
            combat.declare_attack(game, rules, play.card)
        elif play.verb == "terminar":
            turn.end_vigilia(game)
        elif play.verb == "bloquear":
            combat.declare_blocks(game, rules, play.card)
        else:
            card = self._card(game, play, pid)
            if res.position.step == steps.BLOQUEO and not res.position.stack and play.verb in ("play", "activate"):
                combat.forfeit_blocks(game)
            if play.verb != "oro" and res.position.step in steps.VIGILIA_STEPS and pid == res.position.active:
                turn.used_something(game)
            responds_to = res.position.stack[-1].id if res.position.stack else None
            if play.verb == "oro":
                playing.drop_oro(game, card, pid, rules)
            elif play.verb == "play":
                playing.play_card(game, card, pid, responds_to=responds_to, rules=rules)
            else:
                activating.activate(game, card, pid, rules=rules, responds_to=responds_to)
        game.check_end()

    # Expectations.

    def canonical(self, position: Position, expected: Any) -> Any:
        return self.catalog_for(position).canonical(lambda uid: position.find(uid) is not None, expected)

    def query(self, position: Position, path: str) -> Any:
        board = Board(position, self.catalog_for(position))
        words = paths.Words(zones=ZONES, card_id=paths.catalog_id(board.catalog), define=board.define,
                            attached=self.layout.attached_key, card_state=CARD_STATE)
        head, _, rest = path.partition(".")
        if rest in CARD_NOW and head not in position.players and head != "values":
            card = paths.find_card(position, head, words.card_id)
            if rest == "zone":
                # A card being played is said to be its owner's, whoever plays it.
                return f"{card.owner}.jugando" if board.zone_of(card) == "jugando" else paths.query(position, path, words)
            if rest in ("strength", "fuerza"):
                return board.strength(card)
            return board.can_attack(card) if rest == "can-attack" else board.can_block(card)
        return paths.query(position, path, words)


RULESETS = (MitosYLeyendas(),)

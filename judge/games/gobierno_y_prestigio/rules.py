"""The Gobierno & Prestigio ruleset: the complete rules, part 1 (``gyp-reglas-1``).

Card text wins over the rules (101.1). Where part 1 is silent or contradicts itself this ruleset decides, and says
so: every decision is a section of the ruleset's own decisions document (``gyp-decisiones``), cited in the trace
as ``gyp.decision.<id>`` where it applies, and explained in ``docs/gobierno-y-prestigio-decisions.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from judge.core import paths
from judge.core.catalog import PositionCards, WithCustom, known_cards
from judge.core.errors import IllegalPlayError, Problem
from judge.core.notation import Layout
from judge.core.position import CardState, Position
from judge.core.resolution import GameOver, PendingDecision, Resolution
from judge.core.ruleset import Play, PositionWarning, Ruleset
from judge.core.timing import act, pass_priority, proceed
from judge.games.gobierno_y_prestigio import cardview, combat, endgame, playing, resources, schema, start, turn
from judge.games.gobierno_y_prestigio.board import CAMPO, GOBIERNO, PG, Board
from judge.games.gobierno_y_prestigio.catalog import CardDef, default_catalog, with_custom
from judge.games.gobierno_y_prestigio.game import Game
from judge.games.gobierno_y_prestigio.keys import RULE_KEYS
from judge.games.gobierno_y_prestigio.timing import GPPriority, scan
from judge.games.gobierno_y_prestigio.vocabulary import COUNTER
from judge.games.gobierno_y_prestigio import plausibility

ZONES = ("mano", "descarte", "recambio", "campo", "pg", "gobierno", "pila", "fuera-del-juego")
CARD_STATE: dict[str, type | tuple[type, ...]] = {
    "girada": bool, "dano": int, "boca-abajo": bool, "rebeldia": bool, "no-disponible": bool, "tarjeta": bool,
    "atacando": bool, "bloqueando": str, "bloqueado": bool, "liderazgo": int, "activando": bool, "colores": list,
}
PLAYER_VALUES = {"prestigio": int, "reserva": (int, list), "riqueza": int, "pg-adelantado": bool, "usos": dict,
                 "usos-ajenos": dict, "perdio": bool}
PLAYER_DEFAULTS = {"prestigio": 0, "riqueza": 0, "pg-adelantado": False, "perdio": False}
"""The player values an expectation reads as they are, with what they are when the position does not give them."""
PLAYER_NOW = ("reserva", "reserva.colores", "pg.disponibles")
"""What a player path reads as it is now, beyond every game's paths (:mod:`judge.core.paths`); and ``usos.<uid>``."""
CARD_NOW = ("fuerza", "strength", "resistencia", "toughness", "girada", "usos", "marcada", "sin-usos", "disponible",
            "habilidades", "subtipos", "colores", "coste", "tipo", "nombre", "boca-abajo", "bloqueando")
"""What a card path reads as the card is now, beyond every game's paths; and its counters (``+1/+1``)."""
GAME_VALUES = ("efectos", "pg-recibido", "result", "winner", "formato", "sets-completos", "partidas", "eligio",
               "empieza", "ronda-ganador", "bloqueos-declarados", "bucle", turn.CHOOSING_NEXT)
VERBS = ("pass", "play", "activate", "usar", "riqueza", "copiar", "mover", "boca-arriba", "atacar", "bloquear",
         "volver-al-mando", "etapa-final", "conceder", "empezar", "siguiente-partida")
ANYONE = ("conceder",)


@dataclass(frozen=True)
class GobiernoYPrestigio(PositionCards, Ruleset):
    id: str = "gyp-reglas-1"
    game: str = "gobierno-y-prestigio"
    document: str = "gyp-reglas-1"
    title: str = "Gobierno & Prestigio — Reglas completas, primera parte"

    layout: ClassVar[Layout] = Layout(zones=ZONES, in_play=frozenset({CAMPO, PG}), attached_key="mejoras",
                                      hidden=frozenset({"recambio"}), ordered=frozenset({"descarte"}), stamps=True)
    verbs: ClassVar[tuple[str, ...]] = VERBS
    decisions: ClassVar[str] = "gyp-decisiones"
    decision_prefix: ClassVar[str] = "gyp.decision."
    catalogs: ClassVar[WithCustom[CardDef]] = WithCustom(default_catalog, with_custom)

    def rule_keys(self) -> set[str]:
        return set(RULE_KEYS)

    # Positions.

    def validate(self, position: Position) -> list[Problem]:
        problems = self.custom_card_problems(position)
        if len(position.players) < 2:
            problems.append(Problem("players", "a game has two or more players (100.1)", "una partida tiene dos o más jugadores (100.1)"))
        if position.step and position.step not in turn.STEPS:
            problems.append(Problem("step", f"step is one of {', '.join(turn.STEPS)}", f"el paso es uno de {', '.join(turn.STEPS)}"))
        catalog = self.catalog_for(position)
        for player, zone, card, definition in known_cards(catalog, position, problems):
            where = f"players.{player.id}.{zone}.{card.uid}"
            if (zone == PG) != (definition.type == "punto-de-gobierno"):
                problems.append(Problem(where, "government points, and only they, go in pg", "los puntos de gobierno, y solo ellos, van en pg"))
            if (zone == GOBIERNO) != (definition.type == "legado"):
                problems.append(Problem(where, "legacies, and only they, go in gobierno (117.1)", "los legados, y solo ellos, van en gobierno (117.1)"))
            if zone == CAMPO and definition.type == "mandato":
                problems.append(Problem(where, "a mandato can never be on the battlefield (112.4)", "un mandato nunca puede estar en el campo de juego (112.4)"))
            for key, value in card.state.items():
                kind = CARD_STATE.get(key)
                if kind is None and COUNTER.match(key):
                    kind = int
                if kind is None:
                    problems.append(Problem(f"{where}.{key}", f"unknown card state (known: {', '.join(CARD_STATE)}, counters like \"+1/+1\")",
                                            f"estado de carta desconocido (conocidos: {', '.join(CARD_STATE)}, contadores como \"+1/+1\")"))
                elif not isinstance(value, kind) or (kind is int and isinstance(value, bool)) or (kind is int and value < 0):
                    problems.append(Problem(f"{where}.{key}", f"{key} is {getattr(kind, '__name__', kind)}", f"{key} es {getattr(kind, '__name__', kind)}"))
        for pid, player in position.players.items():
            for key, value in player.values.items():
                kind = PLAYER_VALUES.get(key)
                if kind is None:
                    problems.append(Problem(f"players.{pid}.{key}", f"unknown player value (known: {', '.join(PLAYER_VALUES)})",
                                            f"valor de jugador desconocido (conocidos: {', '.join(PLAYER_VALUES)})"))
                elif not isinstance(value, kind):
                    problems.append(Problem(f"players.{pid}.{key}", f"{key} has the wrong type", f"{key} tiene un tipo incorrecto"))
        for key in position.values:
            if key not in GAME_VALUES:
                problems.append(Problem(f"values.{key}", f"unknown game value (known: {', '.join(GAME_VALUES)})",
                                        f"valor de partida desconocido (conocidos: {', '.join(GAME_VALUES)})"))
        for i, item in enumerate(position.stack):
            if item.kind not in ("orden", "copia", "activada", "disparada"):
                problems.append(Problem(f"stack[{i}].kind", "kind is orden, copia, activada or disparada",
                                        "kind es orden, copia, activada o disparada"))
        return problems

    def warnings(self, position: Position) -> list[PositionWarning]:
        return plausibility.warnings(self, position)

    def schema(self) -> dict[str, Any]:
        return {**super().schema(), **schema.schema(turn.STEPS, CARD_STATE, PLAYER_VALUES)}

    def card_facts(self, card: Any) -> dict[str, Any]:
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
        if position.step == "ataque-bloqueadores" and not position.stack and not position.values.get("bloqueos-declarados"):
            return position.opponent(position.active)
        return position.active

    def game_for(self, res: Resolution) -> Game:
        game = Game(res, self.catalog_for(res.position))
        game.watchers.append(scan)
        return game

    # Plays.

    def legal_plays(self, position: Position) -> list[Play]:
        pid = self.acting_player(position)
        plays = []
        for verb in VERBS:
            for card in self._cards_for(position, verb, pid):
                play = Play(verb, card, pid)
                if self.can_play(position, play):
                    plays.append(play)
        return plays

    def _cards_for(self, position: Position, verb: str, pid: str) -> list[str | None]:
        if verb == "play":
            return [c.uid for z in ("mano", "descarte", "fuera-del-juego") for c in position.player(pid).zone(z)]
        if verb in ("activate", "usar"):
            return [c.uid for z in (CAMPO, PG, GOBIERNO) for c in position.player(pid).zone(z)]
        if verb in ("copiar", "mover"):
            return [i.source for i in position.stack if i.controller == pid]
        if verb == "boca-arriba":
            return [c.uid for _, _, c in position.all_cards() if c.get("boca-abajo", False) and c.owner == pid]
        return [None]

    def verify_play(self, position: Position, play: Play) -> None:
        self.verify_before_resolving(position, play)
        try:
            self.resolve_play(Resolution(position.copy(), [], self.cite), play)
        except (PendingDecision, GameOver):
            pass

    def verify_before_resolving(self, position: Position, play: Play) -> None:
        """Whether the verb is a play and who may act now; the rest is refused by resolving the play (the probe of
        :meth:`verify_play`, or the resolution itself)."""
        if play.verb not in VERBS:
            raise IllegalPlayError(f"unknown play {play.verb!r}; plays are {', '.join(VERBS)}", rule=None,
                                   es=f"jugada desconocida {play.verb!r}; las jugadas son {', '.join(VERBS)}")
        pid = play.player or self.acting_player(position)
        if play.verb not in ANYONE and pid != self.acting_player(position):
            rule = "120.1" if position.priority else "120.3.c"
            raise IllegalPlayError(f"{pid} cannot act now: {self.acting_player(position)} does", rule=self.cite(rule),
                                   es=f"{pid} no puede actuar ahora: actúa {self.acting_player(position)}")

    def resolve_play(self, res: Resolution, play: Play) -> None:
        game = self.game_for(res)
        rules = GPPriority(game, turn.end_step)
        pid = play.player or self.acting_player(res.position)
        if res.position.result is not None:
            raise IllegalPlayError("the game is over", rule=self.cite("104.1"), es="la partida ha terminado")
        verb = play.verb
        if verb == "conceder":
            endgame.concede(game, pid)
            return
        if verb == "empezar":
            start.start_game(game)
            turn.begin(game, "etapa-inicial")
            proceed(res, rules)
            return
        if verb == "siguiente-partida":
            start.next_game(game)
            return
        if verb == "pass":
            if not res.position.priority:
                raise IllegalPlayError("nobody holds priority now: there is nothing to pass", rule=self.cite("120.4.d"),
                                       es="nadie tiene la prioridad ahora: no hay nada que pasar")
            pass_priority(res, rules, pid)
            return
        if verb in ("atacar", "bloquear", "volver-al-mando", "etapa-final"):
            self._turn_action(game, rules, verb, pid)
            return
        if res.position.step in ("ataque-atacantes", "ataque-bloqueadores") and not res.position.priority:
            raise IllegalPlayError("the declaration comes first", rule=self.cite("120.3.c"), es="primero va la declaración")
        if verb == "riqueza":
            self._need_priority(game, pid)
            if playing.shylock_lock(game):
                raise IllegalPlayError("Adelanto de Shylock is on the stack", rule=self.cite("103.1.a"), es="Adelanto de Shylock está en la pila")
            resources.use_wealth(game, pid)
            act(res, rules, pid)
            return
        card = self._card(game, play, pid)
        self._need_priority(game, pid)
        if verb == "play":
            playing.play_card(game, card, pid)
        elif verb == "activate":
            playing.activate(game, card, pid, None)
        elif verb == "usar":
            if game.board.type(card) != "punto-de-gobierno":
                playing.activate(game, card, pid, None)
            else:
                if playing.shylock_lock(game):
                    raise IllegalPlayError("Adelanto de Shylock is on the stack", rule=self.cite("103.1.a"), es="Adelanto de Shylock está en la pila")
                with res.step("resource-ability", "106.1.g.2", "Habilidad de recurso: no usa la pila y el jugador conserva la prioridad",
                              "A resource ability: it does not use the stack and the player keeps priority"):
                    resources.use_gp(game, pid, card)
        elif verb in ("copiar", "mover"):
            item = next((i for i in reversed(res.position.stack) if i.source == card.uid and i.kind == "orden"), None)
            if item is None:
                raise IllegalPlayError(f"{card.uid} is not an order on the stack", rule=self.cite("115.1"), es=f"{card.uid} no es una orden en la pila")
            (playing.copy_mandato if verb == "copiar" else playing.move_inesperada)(game, item, pid)
        elif verb == "boca-arriba":
            if card.owner != pid or not card.get("boca-abajo", False):
                raise IllegalPlayError("you turn face up only face-down cards you own", rule=self.cite("119.2.a"),
                                       es="solo pones boca arriba cartas boca abajo de las que eres dueño")
            res.note("special", "119.1", "Una acción especial no usa la pila", "A special action does not use the stack")
            with res.step("special-action", "119.2.a", f"Acción especial: {pid} pone boca arriba {game.label(card)}",
                          f"Special action: {pid} turns {game.label(card, 'en')} face up"):
                res.set_card(card, "boca-abajo", False)
                res.note("face-up", "gyp.decision.face-up-action", f"La carta está en {game.board.zone_of(card)}: se puede", f"The card is in {game.board.zone_of(card)}: allowed")
                res.note("priority-again", "119.3", "Después de una acción especial el jugador recibe la prioridad",
                         "After a special action the player receives priority")
        act(res, rules, pid)
        if verb == "play":
            res.note("priority-kept", "120.4.c", f"{pid} jugó una orden: recibe de nuevo la prioridad",
                     f"{pid} played an order: they receive priority again")

    def _need_priority(self, game: Game, pid: str) -> None:
        if game.position.priority != pid:
            raise IllegalPlayError(f"{pid} does not hold priority", rule=self.cite("120.1"), es=f"{pid} no tiene la prioridad")

    def _turn_action(self, game: Game, rules: GPPriority, verb: str, pid: str) -> None:
        position = game.position
        if verb == "atacar":
            if position.step != "ataque-atacantes" or position.priority:
                raise IllegalPlayError("attackers are declared at the start of the Declaración de Atacantes",
                                       rule=self.cite("turno.declaracion-de-atacantes"), es="los atacantes se declaran al comenzar la Declaración de Atacantes")
            combat.declare_attackers(game, pid)
            if not combat.attackers(game):
                game.res.note("no-attack", "gyp.decision.combat-skip", "Nadie ataca: se pasa al fin del paso de ataque",
                              "Nobody attacks: on to the end of the attack step")
                turn.begin(game, "ataque-fin")
        elif verb == "bloquear":
            if position.step != "ataque-bloqueadores" or position.priority or position.values.get("bloqueos-declarados"):
                raise IllegalPlayError("blockers are declared at the start of the Declaración de Bloqueadores",
                                       rule=self.cite("turno.declaracion-de-bloqueadores-normales"), es="los bloqueadores se declaran al comenzar la Declaración de Bloqueadores")
            combat.declare_blockers(game, pid)
            game.res.set_value("bloqueos-declarados", True)
        else:
            if not position.values.get(turn.CHOOSING_NEXT):
                raise IllegalPlayError("the choice comes at the end of the attack step", rule=self.cite("turno.volver-al-paso-de-mando"),
                                       es="la elección llega al final del paso de ataque")
            turn.choose_next(game, verb == "volver-al-mando")
        game.res.set_passed([])
        proceed(game.res, rules)

    def _card(self, game: Game, play: Play, pid: str) -> CardState:
        ref = play.card or ""
        card = game.card(ref)
        if card is None:
            definition = game.catalog.find(ref)
            mine = [c for _, _, c in game.position.all_cards() if definition is not None and c.card == definition.id
                    and (c.controller == pid or c.owner == pid)]
            card = mine[0] if mine else None
        if card is None:
            raise IllegalPlayError(f"no card {ref!r} in this position", rule=None, es=f"no hay ninguna carta {ref!r} en esta posición")
        return card

    # Expectations.

    def canonical(self, position: Position, expected: Any) -> Any:
        return self.catalog_for(position).canonical(lambda uid: position.find(uid) is not None, expected)

    def query(self, position: Position, path: str) -> Any:
        board = Board(position, self.catalog_for(position))
        words = paths.Words(zones=ZONES, card_id=paths.catalog_id(board.catalog), define=board.define,
                            attached=self.layout.attached_key, player_values=PLAYER_DEFAULTS, card_state=CARD_STATE)
        if path in ("winner", "winners"):
            result = position.result
            if path == "winners":
                return sorted(result.winners) if result else []
            # No winner (yet, or a draw) reads as "", since a scenario cannot write "nothing".
            return (result.winner or "") if result else ""
        head, _, rest = path.partition(".")
        if head in position.players:
            if rest in PLAYER_NOW or rest.startswith("usos."):
                return self._player_query(position, board, head, rest, path)
        elif head != "values" and rest == "exists":
            return position.find(head) is not None
        elif head != "values" and (rest in CARD_NOW or COUNTER.match(rest)):
            return self._card_query(position, board, paths.find_card(position, head, words.card_id), rest)
        return paths.query(position, path, words)

    def _player_query(self, position: Position, board: Board, pid: str, rest: str, path: str) -> Any:
        player = position.player(pid)
        if rest in ("reserva", "reserva.colores"):
            raw = player.values.get("reserva", [])
            pool = ["a-elegir"] * raw if isinstance(raw, int) else list(raw)
            return len(pool) if rest == "reserva" else sorted(pool)
        if rest == "pg.disponibles":
            return sum(1 for c in player.zone(PG) if resources.available(c))
        card = position.find(rest[5:])
        if card is None:
            raise KeyError(path)
        return board.uses(pid, card[2])

    def _card_query(self, position: Position, board: Board, card: CardState, rest: str) -> Any:
        zone = board.zone_of(card)
        if rest in ("fuerza", "strength"):
            return board.strength(card)
        if rest in ("resistencia", "toughness"):
            return board.toughness(card)
        if rest == "girada":
            # In the discard a card lies tapped when its owner has no use left of it (114.6).
            return board.uses(card.owner, card) <= 0 if zone == "descarte" else bool(card.get("girada", False))
        if rest == "usos":
            return board.uses(card.owner, card)
        if rest == "marcada":
            # A discard card whose owner has both uses of it is shown marked (114.5).
            return zone == "descarte" and board.uses(card.owner, card) >= 2
        if rest == "sin-usos":
            return zone in (CAMPO,) and board.uses(card.owner, card) <= 0
        if rest == "disponible":
            return resources.available(card)
        if rest == "habilidades":
            return sorted(board.keywords(card))
        if rest == "subtipos":
            return list(board.subtypes(card))
        if rest == "colores":
            return sorted(board.colors(card))
        if rest in ("coste", "tipo", "nombre"):
            definition = board.define(card)
            return {"coste": board.cost(card), "tipo": definition.type, "nombre": definition.name}[rest]
        if rest == "boca-abajo":
            return True if zone == "recambio" else bool(card.get("boca-abajo", False))  # recambio cards are face down (110.6)
        if rest == "bloqueando":
            return card.get("bloqueando", "")
        return int(card.get(rest, 0))  # a counter


RULESETS = (GobiernoYPrestigio(),)

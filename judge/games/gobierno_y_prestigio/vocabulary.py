"""The ability vocabulary of Gobierno & Prestigio: the words a card's text is written in.

This module only declares the words: :mod:`judge.core.vocabulary` checks a card's abilities against them; each is
explained in ``docs/abilities-gobierno-y-prestigio.md`` and given its meaning by the interpreter in
:mod:`judge.games.gobierno_y_prestigio.effects` (a test checks both). The
four kinds of ability are those of 116.4: the instructions of an order (``orden``), activated (``activada``),
triggered (``disparada``) and static (``constante``); ``coste`` holds what 116.3.b calls an ability too, the
alternative, additional and reduced costs of the card itself.
"""

from __future__ import annotations

import re
from typing import Any

from judge.core.errors import Problem
from judge.core.vocabulary import Choice, Vocabulary

TYPES = {
    "mandato": "an order that never enters the battlefield (112.4)",
    "ciudadano": "a súbdito possession", "ciudadana": "a súbdito possession", "barco": "a súbdito possession",
    "patrimonio": "a possession", "estrategia": "a possession", "lider": "a possession with leadership counters",
    "testimonio": "not a possession; only what targets government points affects it (112.4.b)",
    "mejora": "a possession order attached to a host when applied (118.1.c)",
    "legado": "a marker in the zona de gobierno (117)",
    "punto-de-gobierno": "a government point (107)",
}
SUBDITOS = ("ciudadano", "ciudadana", "barco")
CIUDADANO = ("ciudadano", "ciudadana")
"""112.4: «ciudadana/ciudadano» is one type of possession, whichever way a card writes it."""
POSSESSION_TYPES = ("ciudadano", "ciudadana", "barco", "patrimonio", "estrategia", "lider", "mejora")
COLORS = ("purpura", "naranja", "dorado", "verde", "azul")


def same_type(card_type: str, word: str) -> bool:
    """Whether a card of ``card_type`` is of the type ``word`` names (ciudadana and ciudadano are one, 112.4)."""
    return card_type == word or (card_type in CIUDADANO and word in CIUDADANO)


KEYWORDS = {
    "habil": "deals combat damage in the first damage phase only",
    "experto": "deals combat damage in both damage phases",
    "avasallar": "a blocked attacker may give what exceeds lethal damage to its blockers to the defending player",
    "drenar": "damage it deals also makes an opponent chosen by its controller lose that much prestige (123.6)",
    "inesperada": "a non-mandato order that is played like a mandato and may be moved in the stack (115.3.c)",
    "intrigar": "a use may be removed from it to intrigue even at 0 uses (114.9.a); nothing else is modelled",
    "no-descartable": "this order cannot be discarded; works on the stack (116.6.f)",
    "entra-girada": "this possession enters the battlefield tapped (116.6.g)",
    "cuenta-como-subdito": "can be dealt damage like a súbdito (123.1.a)",
    "desde-fuera-del-juego": "this card may be played from out of the game (116.6.e)",
    "no-objetivo": "cannot be the target of orders or abilities",
    "solo-subditos": "a mejora that can only be attached to a súbdito (118.1.c)",
    "atacante-especial": "a special attacker: the engine refuses to attack with it (decision special-attackers-blockers)",
    "bloqueador-especial": "blocks only by losing control of a súbdito, declared before normal blockers",
}

ABILITY_KINDS = {
    "orden": "the instructions followed while the order resolves (116.4.a): `effects`, or `modes` for \"Elige uno\"",
    "activada": "\"[Coste]: [Efecto]\" (116.4.b): `cost` and `effects`; a resource ability when it has no target, adds "
                "resources and is not a leader's (106.1.e.1)",
    "disparada": "\"Cuando/Siempre/En cuanto [evento], [efecto]\" (116.4.c): `event`, `filter`, `effects`",
    "constante": "a static ability (116.4.d): `effect = { modify = ... }`",
    "coste": "what the card itself does to its cost (116.3.b, 116.6.c): `alternative`, `additional` or `reduce`",
}

EVENTS = {
    "entra-en-juego": "a possession enters the battlefield (`filter.self` for this one)",
    "subdito-destruido": "a súbdito is destroyed",
    "destruido": "an object is destroyed (a `filter` such as `type = \"lider\"` says which)",
    "orden-destruye-subdito": "an order destroys a súbdito (not a state-based action)",
    "ataca": "a súbdito is declared an attacker (`filter.self` for this one)",
    "atacan": "one or more súbditos are declared attackers (once for the whole declaration)",
    "se-gira": "an object becomes tapped by an effect (`filter.self` for this one, `filter.name`)",
    "se-endereza": "an object becomes untapped by an effect (`filter.self`, `filter.name`)",
    "recibe-dano": "a súbdito (or an object that counts as one, 123.1.a) is dealt damage; never a leader",
    "hace-dano": "a súbdito deals damage; never an order or another possession",
    "final-del-combate": "at the end of the attack (al final del ataque/combate)",
    "final-del-turno": "at the end of the turn",
    "usa-pg": "its controller uses a government point",
    "orden-te-hace-ganar-prestigio": "an order makes its controller gain prestige",
    "gana-prestigio": "its controller gains prestige",
    "pierde-prestigio": "its controller loses prestige",
    "recurso-gastado": "a resource with a `when-spent` clause is spent (a delayed trigger, made by the engine)",
}

EFFECTS = {
    "dano": "deal `amount` damage to `target` (123)",
    "destruir": "destroy `target`: it goes to its owner's discard",
    "retirar": "remove `target` from the game",
    "a-la-mano": "return `target` to its owner's hand; its owner recovers all its uses (114.10)",
    "poner-en-juego": "put `target` (a card in a zone) onto the battlefield under the controller",
    "ganar-prestigio": "`player` gains `amount` prestige (122.2)",
    "perder-prestigio": "`player` loses `amount` prestige",
    "fijar-prestigio": "`player`'s prestige becomes `amount`: they gain or lose the difference (122.6)",
    "intercambiar-prestigio": "the controller and `player` exchange prestige totals (122.8)",
    "agregar-recursos": "add `amount` resources to the controller's pool (106.1.b); `color` is `fuente` or `indefinido`; "
                        "`solo` (a card type they may only pay for) and `when-spent` (effects of a delayed trigger, one per resource spent), 106.1.d",
    "recuperar-pg": "recover `amount` of the controller's government points (107.5)",
    "enderezar": "untap `target`",
    "girar": "tap `target`",
    "crear-tarjeta": "create the token `token` (a card table), or a copy of `copy` (113)",
    "modificar": "`target` gets `strength`/`toughness`; with `until` a modification, without it counters (124.1.a)",
    "contadores": "put `amount` counters `counter` on `target`",
    "mover-contador": "move a `counter` counter from `source` to `target` (124.4)",
    "ganar-habilidad": "`target` gains the keyword `keyword`, for `until` if given (116.10)",
    "perder-habilidad": "`target` loses every instance of `keyword`, or all its abilities with `keyword = \"todas\"` (116.11)",
    "cambiar-subtipo": "`target` (an order on the stack or a possession) has the subtype `subtype` instead, for `until`",
    "descartar-orden": "discard `target`, an item on the stack (an order or an ability as the target says)",
    "descartar-de-mano": "`player` discards `amount` cards of their choice from their hand; each costs a use (114.3.b)",
    "poner-en-descarte": "`player` puts `amount` cards of their choice from their hand into their discard (114.3.b.1); "
                         "face down with `face-down = true` (110.6)",
    "recuperar-uso": "`player` recovers a use of a card they choose (114.8), in `zone` if given",
    "quitar-uso": "`target`'s owner loses a use of it (114.9)",
    "cada-jugador": "each player (or with `player = \"each-opponent\"` each opponent), the active player first, does "
                    "`effects`; choices first, then all at once (101.4)",
    "puede-pagar": "\"Puedes pagar N. Si lo haces…\" (121.12): `cost`, `then`, `otherwise`; `must` for \"Paga N\"; `unless` for \"… a menos que pagues N\" (121.12.a); `player` pays",
    "colorear": "`target` is of `color` (or the colour an `elegir-color` earlier in the same list chose; one of the two is required) instead, for `until`",
    "elegir-color": "the controller chooses a colour (105.4)",
    "cambiar-objetivos": "change the targets of `target` (118.4.a); `new = true` to choose new targets (118.4.c)",
    "ganar-partida": "`player` wins the game (104.2.c; in multiplayer their opponents lose, 104.3.e)",
    "perder-partida": "`player` loses the game (104.3.c)",
    "prevenir-dano": "prevent the next `amount` damage to `target` this turn",
    "prevenir-fuente": "choose a source of damage (123.10); prevent all damage it would deal this turn",
    "ganar-control": "the controller gains control of `target`",
    "recuperar-todo": "`player` recovers all their government points (107.5)",
    "quitar-riqueza": "`player`'s wealth points are moved away: they cease to exist (108.4)",
    "jugar": "the controller plays `target` (a card), without paying its cost with `free = true` (121.9)",
    "permitir-descarte-ajeno": "this turn the controller may play cards from an opponent's discard (114.2)",
    "copiar-orden": "put a copy of `target` (an order on the stack) on the stack; its controller is the controller of this effect (115.4)",
    "controlador-elige": "the controller of the object `target` names chooses at once one of `options` (lists of effects on `previous`), 101.4.c",
    "adelantar-pg": "the controller receives now the government point of their next turn (103.1.a)",
}

STATICS = {
    "no-puede-atacar": "`target` cannot attack",
    "puede-atacar": "`target` may attack (a permission; a prohibition wins, 101.2)",
    "no-puede-ganar-prestigio": "`player` cannot gain prestige (122.8)",
    "no-puede-perder-prestigio": "`player` cannot lose prestige (122.8)",
    "no-puede-ganar": "`player` cannot win the game",
    "no-puede-conceder": "`player` cannot concede (it does nothing: 101.1)",
    "coste": "cards of `kind` (a card type, `orden` for every order but mandatos, `cualquiera`) cost `amount` more "
             "(negative: less) to `player`: the controller by default, `each`, `each-opponent`, `opponent` (121.7)",
    "fuerza": "`target` has +`strength`/+`toughness`",
    "no-puede-tener": "`target` cannot have `keyword` (116.13)",
    "max-contadores": "this possession cannot have more than `amount` `counter` counters (124.3)",
    "no-pueden-entrar": "possessions matching `filter` cannot enter the battlefield (113.2.b)",
    "sin-recursos": "`player` cannot add resources to their pool (106.1.f): the controller by default, `each`, `each-opponent`, `opponent`",
    "recursos-dobles": "the controller's resource abilities produce twice as many resources (106.1.d); an order's are not doubled (106.1.i)",
    "dano-doble": "damage a source would deal is doubled: any source's, or only that of the sources `target` names",
    "prestigio-doble": "if `player` would gain prestige, they gain twice as much",
    "retirar-a-la-mano": "a possession that would be removed from the game to pay a cost returns to its owner's hand instead (121.11)",
}

TARGET_KEYS = {
    "choose": "how many are targeted, declared when played (118.1)",
    "hasta": "up to N targets, declared when played (118.3)",
    "elige": "how many are chosen on resolution, without targeting (118.1.a: elige, nombra, el/la)",
    "all": "all that match, without targeting (118.1.a: todos/todas)",
    "kind": "what: " + "subdito, lider, posesion, … (see the documentation)",
    "side": "`own`, `opponent` or `any`",
    "zone": "the zone to look in (`descarte`, `mano`, `campo`…); the battlefield by default (111.2)",
    "filter": "characteristics: `color`, `type`, `not-type`, `subtype`, `cost-max`, `strength-max`, `strength-min`, `tapped`, `attacking`, …; "
              "of an item on the stack: `un-objetivo` (declared one target, 118.6.a), `targets-kind` (targets such an object now, 118.6.b)",
    "different": "the targets must be different objects",
}
TARGET_KINDS = ("subdito", "lider", "subdito-o-lider", "posesion", "ciudadano", "barco", "patrimonio", "estrategia",
                "testimonio", "pg", "cualquier-objetivo", "orden", "mandato", "habilidad", "objeto-en-pila", "carta",
                "jugador", "objeto", "fuente-de-dano", "legado")
NAMED_TARGETS = {"self": "this object", "previous": "what the effect just before acted on (\"ponla\", \"lo\"): one on objects or a token created",
                 "atacante": "the attacking súbdito (\"El súbdito atacante\": no target): the one whose attack triggered "
                             "the ability, else the one attacking (refused with several)",
                 "host": "the súbdito this mejora is attached to"}
PLAYER_WORDS = {
    "ganas": "a player target chosen on playing: \"ganas\", \"tú\", \"recuperas\" (118.1.b)",
    "controller": "the controller, without targeting (\"tu/tus\", 111.5)",
    "opponent": "the one opponent (refused when there are several, decision multiplayer-scope)", "each": "every player", "each-opponent": "every opponent (102.3)",
    "target-controller": "the controller of the first target",
}
FILTERS = {
    "color": "of this colour (105.1)", "type": "of this card type (ciudadana and ciudadano are one, 112.4)",
    "not-type": "not of this card type", "subtype": "with this subtype", "cost-max": "with this cost or less (a card without one has none)",
    "strength-min": "with this strength or more", "strength-max": "with this strength or less",
    "tapped": "tapped (true) or untapped (false)", "attacking": "attacking (true) or not (false)",
    "keyword": "with this keyword", "name": "with this name", "has-strength": "with a printed strength (true) or without (false)",
    "un-objetivo": "an item on the stack that declared one target (118.6.a)",
    "targets-kind": "an item on the stack that targets an object of this kind now (118.6.b)",
}
"""The keys of a target's ``filter``: characteristics (111.3) of an object, or what a text asks of an item on the stack."""
ITEM_FILTERS = ("un-objetivo", "targets-kind")
EVENT_FILTERS = {"self": "the object of the event is this one", "subdito": "the object of the event is a súbdito"}
"""What a triggered ability's ``filter`` says besides the characteristics of the object its event is about."""
SIDES = {"own": "you control (or own, out of play)", "opponent": "an opponent controls", "any": "any player's"}
ZONES = ("campo", "pg", "gobierno", "mano", "descarte", "recambio", "fuera-del-juego", "pila")
CONDITIONS = {"controlas-lider": "its player controls a leader (116.6.c)"}
"""The conditions (``if``) of a ``coste`` ability's reduction."""
COUNTS = {"subditos": "the súbditos the player controls, plus `plus`", "fuerza": "the strength of `of`",
          "coste": "the original cost of `of` (121.8.c)"}
"""The numbers an amount's text defines (109.2.b): ``{ count = ... }``."""

EFFECT_PARAMETERS: dict[str, tuple[str, ...]] = {
    "dano": ("amount", "target"), "destruir": ("target",), "retirar": ("target",), "a-la-mano": ("target",),
    "poner-en-juego": ("target",), "enderezar": ("target",), "girar": ("target",), "descartar-orden": ("target",),
    "quitar-uso": ("target",), "prevenir-fuente": ("target",), "ganar-control": ("target",), "copiar-orden": ("target",),
    "ganar-prestigio": ("amount", "player", "target"), "perder-prestigio": ("amount", "player", "target"),
    "fijar-prestigio": ("amount", "player", "target"), "intercambiar-prestigio": ("player", "target"),
    "agregar-recursos": ("amount", "color", "solo", "when-spent"), "recuperar-pg": ("amount",),
    "crear-tarjeta": ("token", "copy", "player", "target"), "modificar": ("target", "strength", "toughness", "until"),
    "contadores": ("target", "amount", "counter"), "mover-contador": ("source", "target", "counter"),
    "ganar-habilidad": ("target", "keyword", "until"), "perder-habilidad": ("target", "keyword", "until"),
    "cambiar-subtipo": ("target", "subtype", "until"), "colorear": ("target", "color", "until"),
    "descartar-de-mano": ("player", "amount", "target"), "poner-en-descarte": ("player", "amount", "face-down", "target"),
    "recuperar-uso": ("player", "zone", "target"), "cada-jugador": ("effects", "player"),
    "puede-pagar": ("cost", "then", "otherwise", "must", "unless", "player", "target"), "elegir-color": (),
    "cambiar-objetivos": ("target", "new"), "ganar-partida": ("player", "target"), "perder-partida": ("player", "target"),
    "prevenir-dano": ("target", "amount"), "recuperar-todo": ("player", "target"), "quitar-riqueza": ("player", "target"),
    "jugar": ("target", "free"), "permitir-descarte-ajeno": (), "controlador-elige": ("target", "options"),
    "adelantar-pg": (),
}
"""The parameters each effect takes: the engine reads these and no others (a duration only where it keeps one)."""
STATIC_PARAMETERS: dict[str, tuple[str, ...]] = {
    "no-puede-atacar": ("target",), "puede-atacar": ("target",), "no-puede-ganar-prestigio": ("player",),
    "no-puede-perder-prestigio": ("player",), "no-puede-ganar": ("player",), "no-puede-conceder": ("player",),
    "coste": ("kind", "amount", "player"), "fuerza": ("target", "strength", "toughness"), "no-puede-tener": ("target", "keyword"),
    "max-contadores": ("amount", "counter"), "no-pueden-entrar": ("filter",), "sin-recursos": ("player",),
    "recursos-dobles": (), "dano-doble": ("target",), "prestigio-doble": ("player",), "retirar-a-la-mano": (),
}
"""The parameters each static ability takes besides ``modify``."""
ABILITY_FIELDS = {"orden": ("effects", "modes"), "activada": ("cost", "effects"), "disparada": ("event", "filter", "effects"),
                  "constante": ("effect",), "coste": ("alternative", "additional", "reduce", "if")}
"""What each kind of ability holds besides its ``kind``."""

DURATIONS = {"fin-del-turno": "until the end of the turn (cleanup)", "este-turno": "this turn (cleanup)",
             "mientras": "while the object that made it stays on the battlefield: it ends when that object leaves"}
COUNTER = re.compile(r"^[+-]\d+/[+-]\d+$")
COST_KEYS = {
    "recursos": "a number of resources, or \"X\"", "girar": "tap this object", "retirar-del-juego": "remove this object from the game",
    "retira": "remove a possession of this kind you control from the game", "prestigio": "pay prestige (122.5)",
    "ganar-prestigio": "gain prestige as a cost (122.8)", "sin-pagar": "the card's cost is not paid (an alternative cost)",
}


def cost_problems(cost: Any, where: str) -> list[Problem]:
    """The parts of a cost (``cost``, ``alternative``, ``additional``), each a word of :data:`COST_KEYS`."""
    if not isinstance(cost, dict):
        return []
    return [p for k in cost if k != "optional" for p in COST_PART.problems(k, f"{where}.{k}")]


CARD_TYPE = Choice.one_of("type", "el tipo", TYPES)
COLOR = Choice.one_of("a colour (105.1)", "un color (105.1)", COLORS)
KEYWORD = Choice.one_of("a keyword", "una palabra clave", KEYWORDS)
COST_PART = Choice.one_of("a cost part", "una parte de coste", COST_KEYS)

_PARTS = {"effects": "effects", "modes": "modes", "cost": "cost", "alternative": "cost", "additional": "cost"}
"""What an ability holds besides its kind: its instructions (or modes, "Elige uno") and its costs (116.3)."""

VOCABULARY = Vocabulary(
    keywords=frozenset(KEYWORDS), triggers=ABILITY_KINDS, events=frozenset(EVENTS), constant_effects=STATICS,
    effects={word: {} for word in EFFECTS}, common_effect_keys=frozenset({"do", "then"}), ability_keys=None,
    named_targets=frozenset(NAMED_TARGETS), target_keys=frozenset(TARGET_KEYS), filters=frozenset(FILTERS),
    sides=frozenset(SIDES),
    kinds=frozenset(TARGET_KINDS), default_kind="subdito",
    choices={"duration": Choice.one_of("a duration", "una duración", DURATIONS, documented=True),
             "player": Choice.one_of("player", "player", PLAYER_WORDS)},
    trigger_key="kind", constant_trigger="constante", event_trigger="disparada", event_key="event",
    ability_parts={kind: _PARTS for kind in ABILITY_KINDS if kind != "constante"},
    shared_parameters={"until": "duration", "player": "player", "target": "target", "source": "target",
                       "copy": "target", "otherwise": "effects", "effects": "effects", "when-spent": "effects",
                       "options": "modes"},
    strict_parameters=False, checkers={"cost": cost_problems},
    word_choices={"trigger": Choice.one_of("kind", "kind", ABILITY_KINDS),
                  "event": Choice.one_of("a triggered ability's event", "el evento de una habilidad disparada", EVENTS),
                  "effect": Choice.one_of("an effect", "un efecto", EFFECTS)},
    target_count_required=False,
)
"""The vocabulary a Gobierno & Prestigio card is checked against."""

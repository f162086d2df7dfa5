"""How the words of the vocabulary may be used together: the checks of a card that the shared grammar leaves to the
game.

:mod:`judge.core.vocabulary` checks each word against the words declared; this module refuses a word in a place the
engine would not read it, so that a card using it is refused instead of ruled as if the word were not there: a
parameter an effect does not take (a duration on destruction, a ``player`` on damage), a characteristic a filter
cannot name, a key of a static ability or of a triggered ability's filter the engine never looks at, a value outside
the words a parameter takes, a player word an effect cannot apply (every player, where the text pays or creates for
one). Every problem is reported at once, each with where it is.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from judge.core.errors import Problem
from judge.games.gobierno_y_prestigio.vocabulary import (ABILITY_FIELDS, COLORS, CONDITIONS, COUNTER, COUNTS,
                                                         EFFECT_PARAMETERS, EVENT_FILTERS, FILTERS, ITEM_FILTERS,
                                                         KEYWORDS, NAMED_TARGETS, PLAYER_WORDS, POSSESSION_TYPES, SIDES, STATIC_PARAMETERS,
                                                         TARGET_KINDS, TYPES, ZONES)

STACK = ("orden", "mandato", "habilidad", "objeto-en-pila")
OBJECTLESS_EVENTS = ("atacan", "final-del-combate", "final-del-turno", "orden-te-hace-ganar-prestigio", "gana-prestigio",
                     "pierde-prestigio", "recurso-gastado")
"""Events about a player or a moment, with no object a filter could describe."""
LEAVING_EVENTS = ("subdito-destruido", "destruido", "orden-destruye-subdito")
"""Events about an object that leaves the battlefield: whose it was is not said (decision trigger-side)."""
STATIC_KINDS = ("subdito", "lider", "subdito-o-lider", "posesion", "ciudadano", "barco", "patrimonio", "estrategia",
                "testimonio", "cualquier-objetivo", "objeto")
"""What a static ability's ``target`` can describe: objects on the battlefield."""
STATIC_PLAYERS = ("controller", "each", "each-opponent", "opponent")
ONE_PLAYER = ("crear-tarjeta", "puede-pagar", "intercambiar-prestigio")
"""Effects done by or with one player: they cannot be done by every player at once."""
NESTED = ("then", "otherwise", "effects", "when-spent")
ON_OBJECTS = ("a-la-mano", "cambiar-objetivos", "cambiar-subtipo", "colorear", "contadores", "copiar-orden", "crear-tarjeta",
              "dano", "descartar-orden", "destruir", "enderezar", "ganar-control", "ganar-habilidad", "girar", "jugar",
              "modificar", "perder-habilidad", "poner-en-juego", "prevenir-dano", "prevenir-fuente", "quitar-uso", "retirar")
"""The effects after which ``previous`` names what they acted on: those on objects, and the creation of a token (the
token). Every other effect (on players, a choice, moving a counter) leaves nothing for ``previous`` to name."""


def tokens(abilities: Any, where: str) -> list[tuple[Any, str]]:
    """Every token table (``crear-tarjeta``'s ``token``) in a card's abilities, with where it is."""
    found: list[tuple[Any, str]] = []

    def walk(effect: Any, at: str) -> None:
        if not isinstance(effect, dict):
            return
        if effect.get("do") == "crear-tarjeta" and "token" in effect:
            found.append((effect["token"], f"{at}.token"))
        for key in NESTED:
            subs = effect.get(key, [])
            for j, sub in enumerate(subs if isinstance(subs, list) else []):
                walk(sub, f"{at}.{key}[{j}]")
        for j, option in enumerate(effect.get("options", []) if isinstance(effect.get("options"), list) else []):
            for k, sub in enumerate(option if isinstance(option, list) else [option]):
                walk(sub, f"{at}.options[{j}][{k}]")

    for i, ability in enumerate(abilities if isinstance(abilities, list) else []):
        if not isinstance(ability, dict):
            continue
        for j, effect in enumerate(ability.get("effects", []) if isinstance(ability.get("effects"), list) else []):
            walk(effect, f"{where}[{i}].effects[{j}]")
        for j, mode in enumerate(ability.get("modes", []) if isinstance(ability.get("modes"), list) else []):
            for k, effect in enumerate(mode if isinstance(mode, list) else [mode]):
                walk(effect, f"{where}[{i}].modes[{j}][{k}]")
    return found


def _no(where: str, en: str, es: str) -> Problem:
    return Problem(where, en, es)


def _checked(table: dict[str, Any], key: str, declared: dict[str, tuple[str, ...]],
             parts: Callable[[dict[str, Any], str], list[Problem]], where: str) -> list[Problem]:
    """A table named by the word ``table[key]``: a problem for each key beyond what that word takes, then the checks of
    ``parts``; nothing for a word the shared grammar reports as unknown."""
    word = table.get(key)
    allowed = declared.get(word) if isinstance(word, str) else None
    if allowed is None:
        return []
    takes = ", ".join(allowed)
    return [_no(f"{where}.{k}", f"{word} takes {takes or 'nothing else'}", f"{word} admite {takes or 'nada más'}")
            for k in table if k != key and k not in allowed] + parts(table, where)


def ability_problems(abilities: Any, where: str) -> list[Problem]:
    """Every problem of a card's abilities that the shared grammar does not see."""
    if not isinstance(abilities, list):
        return []
    out: list[Problem] = []
    for i, ability in enumerate(abilities):
        if isinstance(ability, dict):
            out.extend(_checked(ability, "kind", ABILITY_FIELDS, _ability, f"{where}[{i}]"))
    return out


def _ability(ability: dict[str, Any], where: str) -> list[Problem]:
    kind, out = ability["kind"], []
    for part in ("cost", "alternative", "additional"):
        if isinstance(ability.get(part), dict):
            out.extend(_cost(ability[part], f"{where}.{part}", part))
    if kind == "coste":
        if "if" in ability and ability["if"] not in CONDITIONS:
            out.append(_no(f"{where}.if", f"a condition is one of {', '.join(CONDITIONS)}", f"una condición es una de {', '.join(CONDITIONS)}"))
        if "reduce" in ability and not _whole(ability["reduce"]):
            out.append(_no(f"{where}.reduce", "reduce is a whole number", "reduce es un número entero"))
    if kind == "disparada" and isinstance(ability.get("filter"), dict):
        out.extend(_event_filter(ability.get("event"), ability["filter"], f"{where}.filter"))
    if kind == "constante" and isinstance(ability.get("effect"), dict):
        out.extend(_checked(ability["effect"], "modify", STATIC_PARAMETERS, _static, f"{where}.effect"))
    effects = ability.get("effects", [])
    for j, effect in enumerate(effects if isinstance(effects, list) else []):
        out.extend(_effect(effect, f"{where}.effects[{j}]", top=True))
    out.extend(_sequence(effects, f"{where}.effects"))
    for j, mode in enumerate(ability.get("modes", []) if isinstance(ability.get("modes"), list) else []):
        for k, effect in enumerate(mode if isinstance(mode, list) else [mode]):
            out.extend(_effect(effect, f"{where}.modes[{j}][{k}]", declared=True))
        out.extend(_sequence(mode if isinstance(mode, list) else [mode], f"{where}.modes[{j}]"))
    return out


CHOOSE_WHILE_ACTING = ("puede-pagar", "mover-contador", "elegir-color", "cada-jugador")
"""Effects whose choices the engine asks as they are done: inside ``cada-jugador`` they would come after other
players acted, where 101.4 has every player choose before anyone acts (decision each-player-choices)."""


def _chosen_while_acting(effect: dict[str, Any], where: str) -> list[Problem]:
    verb = effect.get("do")
    amount = effect.get("amount")
    reads = [effect.get("target"), amount.get("of") if isinstance(amount, dict) else None]
    if verb in CHOOSE_WHILE_ACTING or (verb not in ON_OBJECTS and verb != "controlador-elige"
                                       and any(isinstance(r, dict) for r in reads)):
        return [_no(where, f"inside cada-jugador every player chooses before anyone acts (101.4), and {verb} would choose "
                    "as it is done: write it outside cada-jugador (decision each-player-choices)",
                    f"dentro de cada-jugador todos los jugadores eligen antes de que nadie actúe (101.4), y {verb} elegiría "
                    "al hacerse: escríbelo fuera de cada-jugador (decisión each-player-choices)")]
    return []


def _reads_previous(effect: dict[str, Any]) -> bool:
    amount = effect.get("amount")
    return any(effect.get(k) == "previous" for k in ("target", "source", "copy")) or \
        isinstance(amount, dict) and amount.get("of") == "previous"


def _sequence(effects: Any, where: str, *, named: bool = False, each: bool = False) -> list[Problem]:
    """What one effect of a list takes from those before it: ``previous`` what the one just before acted on, a
    ``colorear`` without a colour the colour an ``elegir-color`` chose earlier in the same list (101.4.b). ``named``:
    the list starts with an object named (a ``controlador-elige`` option: that object); ``each``: the effects of a
    ``cada-jugador``, each done on its own (101.4), so that none takes anything from another."""
    if not isinstance(effects, list):
        return []
    out: list[Problem] = []
    last, before, color = named, "", False
    for j, effect in enumerate(effects):
        if not isinstance(effect, dict):
            continue
        at, verb = f"{where}[{j}]", effect.get("do")
        if _reads_previous(effect) and not last:
            out.append(_no(at, "previous names what the effect just before acted on, and " +
                           (f"{before} acts on no object" if before else "no effect before it here acted on one") +
                           (" (each effect of cada-jugador is done on its own)" if each else ""),
                           "previous nombra lo que afectó el efecto anterior, y " +
                           (f"{before} no afecta a ningún objeto" if before else "ningún efecto anterior aquí afectó a uno") +
                           (" (cada efecto de cada-jugador se hace por separado)" if each else "")))
        if verb == "colorear" and "color" not in effect and not color:
            out.append(_no(at, "colorear names its colour (color) or follows an elegir-color in the same list of effects" +
                           (", outside cada-jugador" if each else ""),
                           "colorear nombra su color (color) o sigue a un elegir-color en la misma lista de efectos" +
                           (", fuera de cada-jugador" if each else "")))
        if each:
            out.extend(_chosen_while_acting(effect, at))
        if verb == "elegir-color":
            color = not each
        else:
            last, before = verb in ON_OBJECTS and not each, str(verb)
        for key in ("then", "otherwise", "when-spent"):
            out.extend(_sequence(effect.get(key), f"{at}.{key}"))
        if verb == "cada-jugador":
            out.extend(_sequence(effect.get("effects"), f"{at}.effects", each=True))
        for k, option in enumerate(effect.get("options", []) if isinstance(effect.get("options"), list) else []):
            out.extend(_sequence(option if isinstance(option, list) else [option], f"{at}.options[{k}]", named=True))
    return out


COST_PARTS = {
    "cost": ("recursos", "girar", "retirar-del-juego", "retira", "prestigio", "ganar-prestigio"),
    "alternative": ("recursos", "retira", "prestigio", "ganar-prestigio", "sin-pagar"),
    "additional": ("recursos", "retira", "prestigio", "ganar-prestigio", "optional"),
    "puede-pagar": ("recursos", "girar", "retirar-del-juego", "retira", "prestigio", "ganar-prestigio"),
}
"""The parts each cost is paid with: tapping or removing "this object" is an activated ability's (its source's), not
the cost of the card being played; only an alternative cost is "without paying" (121.9), only an additional one
optional (121.8.b)."""


def _cost(cost: dict[str, Any], where: str, place: str) -> list[Problem]:
    parts = COST_PARTS[place]
    out = [_no(f"{where}.{k}", f"this cost is paid with {', '.join(parts)}", f"este coste se paga con {', '.join(parts)}")
           for k in cost if k not in parts]
    recursos = cost.get("recursos")
    if recursos == "X" and place == "puede-pagar":
        out.append(_no(f"{where}.recursos", "a cost paid while resolving names its number of resources", "un coste pagado al resolverse dice su número de recursos"))
    elif recursos is not None and recursos != "X" and not _whole(recursos):
        out.append(_no(f"{where}.recursos", "recursos is a whole number or \"X\"", "recursos es un número entero o \"X\""))
    for key in ("prestigio", "ganar-prestigio"):
        if key in cost and not _whole(cost[key]):
            out.append(_no(f"{where}.{key}", f"{key} is a whole number", f"{key} es un número entero"))
    if "retira" in cost and cost["retira"] not in POSSESSION_TYPES:
        out.append(_no(f"{where}.retira", f"retira names a type of possession you control: {', '.join(POSSESSION_TYPES)}",
                       f"retira nombra un tipo de posesión que controlas: {', '.join(POSSESSION_TYPES)}"))
    return out


def _event_filter(event: Any, filters: dict[str, Any], where: str) -> list[Problem]:
    if event in OBJECTLESS_EVENTS:
        return [_no(where, f"the event '{event}' is about no object: a filter has nothing to describe",
                    f"el evento «{event}» no trata de ningún objeto: un filtro no tiene qué describir")]
    out = []
    for key, value in filters.items():
        if key == "side":
            if event in LEAVING_EVENTS:
                out.append(_no(f"{where}.side", f"the object of '{event}' leaves the battlefield by it, and out of it has no "
                               "controller (110.4): part 1 does not say whether the one it had counts (decision trigger-side)",
                               f"el objeto de «{event}» deja el campo por él, y fuera de él no tiene controlador (110.4): "
                               "la primera parte no dice si cuenta el que tenía (decisión trigger-side)"))
            elif value not in SIDES:
                out.append(_no(f"{where}.side", f"side is one of {', '.join(SIDES)}", f"side es uno de {', '.join(SIDES)}"))
        elif key in EVENT_FILTERS:
            if not isinstance(value, bool):
                out.append(_no(f"{where}.{key}", f"{key} is true or false", f"{key} es true o false"))
        elif key in ITEM_FILTERS or key not in FILTERS:
            known = ", ".join([*EVENT_FILTERS, "side", *(k for k in FILTERS if k not in ITEM_FILTERS)])
            out.append(_no(f"{where}.{key}", f"a triggered ability's filter is one of {known}",
                           f"el filtro de una habilidad disparada es uno de {known}"))
        else:
            out.extend(_filter_value(key, value, f"{where}.{key}"))
    return out


def _static(effect: dict[str, Any], where: str) -> list[Problem]:
    modify, out = effect["modify"], []
    if "player" in effect and effect["player"] not in STATIC_PLAYERS:
        out.append(_no(f"{where}.player", f"a static ability's player is one of {', '.join(STATIC_PLAYERS)}",
                       f"el jugador de una habilidad estática es uno de {', '.join(STATIC_PLAYERS)}"))
    target = effect.get("target")
    if isinstance(target, str) and target not in ("self", "host"):
        out.append(_no(f"{where}.target", "a static ability's target is \"self\", \"host\" or a table { all = true, ... }",
                       "el objetivo de una habilidad estática es \"self\", \"host\" o una tabla { all = true, ... }"))
    elif isinstance(target, dict):
        out.extend(_static_target(target, f"{where}.target"))
    if modify == "coste" and effect.get("kind", "cualquiera") not in ("cualquiera", "orden", *TYPES):
        out.append(_no(f"{where}.kind", "kind is a card type, orden or cualquiera", "kind es un tipo de carta, orden o cualquiera"))
    for key in ("amount", "strength", "toughness"):
        if key in effect and not _whole(effect[key]):
            out.append(_no(f"{where}.{key}", f"{key} is a whole number", f"{key} es un número entero"))
    if "keyword" in effect and effect["keyword"] not in KEYWORDS:
        out.append(_no(f"{where}.keyword", f"a keyword is one of {', '.join(KEYWORDS)}", f"una palabra clave es una de {', '.join(KEYWORDS)}"))
    if "counter" in effect and not _counter(effect["counter"]):
        out.append(_no(f"{where}.counter", "a counter is written \"+1/+1\", or liderazgo (124.1.b)",
                       "un contador se escribe \"+1/+1\", o liderazgo (124.1.b)"))
    if isinstance(effect.get("filter"), dict):
        out.extend(_filters(effect["filter"], "posesion", f"{where}.filter"))
    return out


def _static_target(target: dict[str, Any], where: str) -> list[Problem]:
    out = []
    if target.get("all") is not True or any(k in target for k in ("choose", "hasta", "elige", "zone")):
        out.append(_no(where, "a static ability applies to all that match, on the battlefield: { all = true, kind, side, filter }",
                       "una habilidad estática se aplica a todos los que cumplen, en el campo: { all = true, kind, side, filter }"))
    kind = target.get("kind", "subdito")
    if kind not in STATIC_KINDS:
        out.append(_no(f"{where}.kind", f"a static ability's kind is one of {', '.join(STATIC_KINDS)}",
                       f"el tipo de una habilidad estática es uno de {', '.join(STATIC_KINDS)}"))
    return out + _target(target, where)


def _effect(effect: Any, where: str, *, top: bool = False, declared: bool = False) -> list[Problem]:
    """``top``: one of an ability's own effects; ``declared``: where its targets are declared (those, or a mode's)."""
    if not isinstance(effect, dict):
        return []
    return _checked(effect, "do", EFFECT_PARAMETERS, lambda e, at: _effect_parts(e, at, top, top or declared), where)


def _effect_parts(effect: dict[str, Any], where: str, top: bool, declared: bool) -> list[Problem]:
    verb = effect["do"]
    out = _player(verb, effect, where)
    if not declared:
        out.extend(_undeclared(effect, where))
    for key in ("target", "source", "copy"):
        if isinstance(effect.get(key), dict):
            out.extend(_target(effect[key], f"{where}.{key}"))
    if "amount" in effect:
        out.extend(_amount(effect["amount"], f"{where}.amount"))
    if verb == "agregar-recursos":
        out.extend(_resources(effect, where, top))
    for key in ("strength", "toughness"):
        if key in effect and not _whole(effect[key]):
            out.append(_no(f"{where}.{key}", f"{key} is a whole number", f"{key} es un número entero"))
    if verb == "colorear" and "color" in effect and effect["color"] not in COLORS:
        out.append(_no(f"{where}.color", f"a colour is one of {', '.join(COLORS)}", f"un color es uno de {', '.join(COLORS)}"))
    if verb in ("ganar-habilidad", "perder-habilidad") and effect.get("keyword") not in (*KEYWORDS, *(("todas",) if verb == "perder-habilidad" else ())):
        out.append(_no(f"{where}.keyword", "a keyword of the vocabulary", "una palabra clave del vocabulario"))
    if "counter" in effect and not _counter(effect["counter"]):
        out.append(_no(f"{where}.counter", "a counter is written \"+1/+1\", or liderazgo (124.1.b)",
                       "un contador se escribe \"+1/+1\", o liderazgo (124.1.b)"))
    if "zone" in effect and effect["zone"] not in ZONES:
        out.append(_no(f"{where}.zone", f"a zone is one of {', '.join(ZONES)}", f"una zona es una de {', '.join(ZONES)}"))
    if isinstance(effect.get("cost"), dict):
        out.extend(_cost(effect["cost"], f"{where}.cost", "puede-pagar"))
    for key in NESTED:
        subs = effect.get(key, [])
        for j, sub in enumerate(subs if isinstance(subs, list) else []):
            out.extend(_effect(sub, f"{where}.{key}[{j}]"))
    for j, option in enumerate(effect.get("options", []) if isinstance(effect.get("options"), list) else []):
        for k, sub in enumerate(option if isinstance(option, list) else [option]):
            out.extend(_effect(sub, f"{where}.options[{j}][{k}]"))
    return out


def _undeclared(effect: dict[str, Any], where: str) -> list[Problem]:
    """Targets are declared as the order is played or the ability put on the stack (118.1), and the engine declares
    those of an ability's own effects (or of the mode chosen): a target inside another effect would never be
    declared, and the effect would act on nothing."""
    out = []
    for key in ("target", "source", "copy"):
        spec = effect.get(key)
        if isinstance(spec, dict) and ("choose" in spec or "hasta" in spec):
            out.append(_no(f"{where}.{key}", "a target (choose, hasta) is declared only in an ability's own effects; inside "
                           "another effect, choose on resolution (elige) or name it (previous)",
                           "un objetivo (choose, hasta) solo se declara en los efectos propios de una habilidad; dentro de "
                           "otro efecto, elige al resolverse (elige) o nómbralo (previous)"))
    if effect.get("player") == "ganas":
        out.append(_no(f"{where}.player", "a player target (ganas) is declared only in an ability's own effects",
                       "un jugador objetivo (ganas) solo se declara en los efectos propios de una habilidad"))
    return out


def _player(verb: str, effect: dict[str, Any], where: str) -> list[Problem]:
    who = effect.get("player")
    out = []
    if verb == "cada-jugador" and who not in (None, "each", "each-opponent"):
        out.append(_no(f"{where}.player", "cada-jugador is done by each player (each) or each opponent (each-opponent)",
                       "cada-jugador lo hace cada jugador (each) o cada oponente (each-opponent)"))
    if verb in ONE_PLAYER and who in ("each", "each-opponent"):
        out.append(_no(f"{where}.player", f"{verb} is done by one player, not {who}", f"{verb} lo hace un jugador, no {who}"))
    reads_target = who == "target-controller" or (isinstance(effect.get("amount"), dict) and effect["amount"].get("of") == "target")
    if "target" in effect and "player" in EFFECT_PARAMETERS[verb] and verb not in ("crear-tarjeta",) and not reads_target:
        out.append(_no(f"{where}.target", f"{verb} reads its target only for player = \"target-controller\" or an amount of it",
                       f"{verb} lee su objetivo solo con player = \"target-controller\" o una cantidad de él"))
    if verb == "crear-tarjeta" and "target" in effect and who != "target-controller":
        out.append(_no(f"{where}.target", "crear-tarjeta reads a target only for player = \"target-controller\"",
                       "crear-tarjeta lee un objetivo solo con player = \"target-controller\""))
    if who == "target-controller" and not isinstance(effect.get("target"), (dict, str)):
        out.append(_no(f"{where}.player", "target-controller needs the target it names", "target-controller necesita el objetivo que nombra"))
    elif who == "target-controller" and isinstance(effect["target"], dict) and effect["target"].get("kind") == "jugador":
        out.append(_no(f"{where}.player", "a player has no controller: name the player itself (ganas)",
                       "un jugador no tiene controlador: nombra al jugador mismo (ganas)"))
    return out


def _amount(value: Any, where: str) -> list[Problem]:
    if _whole(value) or value == "X":
        return []
    if isinstance(value, dict) and value.get("count") in COUNTS:
        return _count(value, where)
    return [_no(where, f"an amount is a whole number, \"X\" or {{ count = {' | '.join(COUNTS)} }}",
                f"una cantidad es un número entero, \"X\" o {{ count = {' | '.join(COUNTS)} }}")]


COUNT_KEYS = {"subditos": ("plus",), "fuerza": ("of",), "coste": ("of",)}
"""What each number a text defines is counted from: the súbditos plus a number, the strength or the cost of an object."""


def _count(value: dict[str, Any], where: str) -> list[Problem]:
    count = value["count"]
    out = [_no(f"{where}.{k}", f"count = {count} takes {', '.join(COUNT_KEYS[count])}",
               f"count = {count} admite {', '.join(COUNT_KEYS[count])}") for k in value if k != "count" and k not in COUNT_KEYS[count]]
    if "plus" in value and not _whole(value["plus"]):
        out.append(_no(f"{where}.plus", "plus is a whole number", "plus es un número entero"))
    if count in ("fuerza", "coste"):
        of = value.get("of")
        # "target" is the effect's own target; otherwise a named object (self, previous…) or a description of one.
        named = (isinstance(of, str) and (of in NAMED_TARGETS or of == "target")) or isinstance(of, dict)
        if not named:
            out.append(_no(f"{where}.of", f"count = {count} names its object: of = \"target\" (the effect's), a named target or a table",
                           f"count = {count} nombra su objeto: of = \"target\" (el del efecto), un objetivo con nombre o una tabla"))
        elif isinstance(of, dict):
            out.extend(_target(of, f"{where}.of") + _undeclared({"target": of}, f"{where}.of"))
    return out


def _resources(effect: dict[str, Any], where: str, top: bool) -> list[Problem]:
    out = []
    if "color" in effect and effect["color"] not in ("fuente", "indefinido"):
        out.append(_no(f"{where}.color", "color is fuente or indefinido (106.1.c.1)", "color es fuente o indefinido (106.1.c.1)"))
    if "solo" in effect and effect["solo"] not in TYPES:
        out.append(_no(f"{where}.solo", "solo names a card type (106.1.d)", "solo nombra un tipo de carta (106.1.d)"))
    if not top and ("solo" in effect or "when-spent" in effect):
        # The resources name the ability that made them; only an ability's own list of effects can be named so.
        out.append(_no(where, "resources with solo or when-spent are added by an ability's own effects, not a nested one",
                       "los recursos con solo o when-spent los agregan los efectos propios de una habilidad, no uno anidado"))
    return out


def _target(target: dict[str, Any], where: str) -> list[Problem]:
    kind = target.get("kind", "subdito")
    out = []
    if kind in ("jugador", *STACK, "pg", "fuente-de-dano") and "zone" in target:
        out.append(_no(f"{where}.zone", f"a target of kind {kind} is never looked for in a zone", f"un objetivo de tipo {kind} no se busca en una zona"))
    elif "zone" in target and target["zone"] not in ZONES:
        out.append(_no(f"{where}.zone", f"a zone is one of {', '.join(ZONES)}", f"una zona es una de {', '.join(ZONES)}"))
    filters = target.get("filter")
    if isinstance(filters, dict) and filters:
        if kind in ("jugador", "fuente-de-dano"):
            out.append(_no(f"{where}.filter", f"a target of kind {kind} takes no filter", f"un objetivo de tipo {kind} no admite filtro"))
        else:
            out.extend(_filters(filters, kind, f"{where}.filter"))
        if target.get("zone", "campo") != "campo":
            # Out of play a card is neither tapped nor attacking: in a discard "girada" shows its owner has no use
            # left (114.6), which is no characteristic either.
            out.extend(_no(f"{where}.filter.{k}", f"{k} is said of an object on the battlefield", f"{k} se dice de un objeto en el campo")
                       for k in ("tapped", "attacking") if k in filters)
    return out


def _filters(filters: dict[str, Any], kind: Any, where: str) -> list[Problem]:
    out = []
    for key, value in filters.items():
        if key not in FILTERS:
            continue  # the shared grammar reports it
        if key in ITEM_FILTERS and kind not in STACK:
            out.append(_no(f"{where}.{key}", f"{key} describes an item on the stack (orden, mandato, habilidad, objeto-en-pila)",
                           f"{key} describe un objeto en la pila (orden, mandato, habilidad, objeto-en-pila)"))
        elif key not in ITEM_FILTERS and kind == "habilidad":
            out.append(_no(f"{where}.{key}", "an ability on the stack has no characteristics to filter (decision stack-characteristics)",
                           "una habilidad en la pila no tiene características que filtrar (decisión stack-characteristics)"))
        else:
            out.extend(_filter_value(key, value, f"{where}.{key}"))
    return out


def _filter_value(key: str, value: Any, where: str) -> list[Problem]:
    words = {"color": COLORS, "type": TYPES, "not-type": TYPES, "keyword": KEYWORDS, "targets-kind": TARGET_KINDS}.get(key)
    if words is not None and value not in words:
        return [_no(where, f"{key} is one of {', '.join(words)}", f"{key} es uno de {', '.join(words)}")]
    if key in ("cost-max", "strength-min", "strength-max") and not _whole(value):
        return [_no(where, f"{key} is a whole number", f"{key} es un número entero")]
    if key in ("tapped", "attacking", "has-strength", "un-objetivo") and not isinstance(value, bool):
        return [_no(where, f"{key} is true or false", f"{key} es true o false")]
    if key in ("subtype", "name") and not isinstance(value, str):
        return [_no(where, f"{key} is a word", f"{key} es una palabra")]
    return []


def _counter(value: Any) -> bool:
    return value == "liderazgo" or COUNTER.match(str(value)) is not None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)

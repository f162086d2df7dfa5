"""How the words of the KeyForge vocabulary may be used together: the checks of a card that the shared grammar leaves
to the game.

:mod:`judge.core.vocabulary` checks each word against the words declared; this module refuses a word in a place the
engine would not read it, or with a value the engine would read as another, so that a card using it is refused
instead of ruled as if the word were not there: a ``whose`` on an ability that does not wait for a turn, a key of a
triggered ability's filter the engine never looks at, a filter that only means something when it is ``true`` written
``false``, "the most powerful" where only a card-by-card test is made, an ``if`` on a constant effect that does not
read it, a player word a constant effect cannot apply, a condition or a chooser outside the words they take. Every
problem is reported at once, each with where it is.
"""

from __future__ import annotations

from typing import Any

from judge.core.errors import Problem
from judge.games.keyforge.vocabulary import (EFFECTS, KEYWORDS, NAMED_TARGETS, NOT_CARD_KEYWORDS, PLAYERS, TRIGGERS,
                                             VOCABULARY)

WHOSE_TRIGGERS = ("start-of-turn", "end-of-turn", "would-forge")
WHOSE = ("yours", "opponents", "each")
"""An ability that waits for a turn (or for a key to be forged) says whose: the engine reads nothing else."""

EVENT_FILTERS = {
    "self": True, "who": ("you", "opponent"), "fighting-self": True, "by-damage-of": ("self",),
    "damage": ("power", "assault", "hazardous", "splash-attack", "bonus-icon", "ability"), "host": None,
    "how": ("fight",), "house": None, "by-bonus-icon": True, "played-on": None,
    "flank-of": ("you",), "not-self": True, "subject": None, "before-resolving": True,
}
"""The keys of an "after" ability's filter the engine reads, each with the values it tells apart (True: only
``true``; None: any value, checked elsewhere)."""

CARDLESS_EVENTS = ("choose-house", "raise-tide", "forge", "stolen")
"""Events about a player alone: no card a filter about the card (``subject``, ``self``…) could test."""
EVENT_ONLY: dict[str, tuple[str, ...]] = {
    "house": ("choose-house",), "fighting-self": ("destroyed",), "by-damage-of": ("destroyed",),
    "damage": ("destroyed",), "host": ("attach",), "how": ("used",), "by-bonus-icon": ("damaged",),
    "played-on": ("play",), "flank-of": ("play",), "before-resolving": ("play",),
}
"""Filter keys about what only some events tell: on another event there would be nothing to test."""
CARD_FILTERS = ("self", "not-self", "subject")

TRUE_ONLY = frozenset({
    "house-in-play", "neighbor-of-it", "not-it", "host-of-self", "among-it", "shares-house-with-it", "neighbor-of-host",
    "shares-trait-with-it", "left-flank", "right-flank", "top-of-discard", "damaged", "undamaged", "exhausted", "ready",
    "center", "not-self", "self", "neighbor-of-self", "left-of-self", "right-of-self", "no-bonus-icons", "not-chosen",
    "chosen", "power-below-each", "event-house",
})
"""Target filters the engine applies only when they are ``true``: written ``false`` they would be ignored (the
opposite is another filter: ``undamaged``, ``ready``, ``not-self``…)."""

RANKED = ("most-powerful", "least-powerful")
CHOICE_ONLY = frozenset({*RANKED, "chosen", "not-chosen", "power-below-each", "event-house"})
"""Filters about a group of cards or about the ability resolving: a test of one card at a time, as a triggered
ability's ``subject`` or a constant effect's condition makes, cannot apply them."""

IF_CONSTANTS = frozenset({
    "key-cost", "hand-size", "enters-play-state", "play-restriction", "state-check", "instead-of-dealing-damage",
    "cannot-be-dealt-damage-by", "redirect-damage", "double-damage", "extra-damage", "also-dealt-damage",
})
"""Constant effects that read their own ``if``; every constant effect reads ``condition`` ("while …")."""

CONSTANT_PLAYERS: dict[str, tuple[str, ...]] = {
    "key-cost": ("you", "opponent", "each"), "hand-size": ("you", "opponent", "each"),
    "must-choose-house": ("you", "opponent", "each"), "cannot-choose-house": ("you", "opponent", "each"),
    "cannot-play": ("you", "opponent"), "no-bonus-icons": ("you", "opponent"),
    "aember-from-supply": ("you", "opponent"), "instead-of-readying": ("you", "opponent"),
    "cannot-be-stolen": ("you", "opponent", "host"),
}
"""The constant effects about a player, with the player words each one tells apart."""

T = ("target",)
CONSTANT_KEYS: dict[str, tuple[str, ...]] = {
    "power": (*T, "amount"), "armor": (*T, "amount"), "keyword": (*T, "keyword", "amount"),
    "cannot-be-dealt-damage": T, "enters-play-ready": ("kind",), "key-cost": ("player", "amount", "if"),
    "hand-size": ("player", "amount", "if"), "play-restriction": ("if", "label"),
    "cannot-play": ("player", "filter", "more-than", "per-type"), "cannot-use": (*T, "use", "except", "unless"),
    "gain-ability": (*T, "ability"), "fight-restriction": (*T, "only"), "lose-keyword": (*T, "keyword"),
    "set-power": (*T, "value"), "blank": T, "house": (*T, "value", "while-controlled", "outside-identity"),
    "must-choose-house": ("player", "house"), "cannot-choose-house": ("player", "house"),
    "enters-play-state": (*T, "state", "if"), "no-fight-damage": (*T, "when"), "cannot-be-stolen": ("player",),
    "no-bonus-icons": ("player",), "replace-bonus-icon": ("icon", "with"), "steal-becomes-capture": (),
    "aember-from-supply": ("player",), "forge-from-card": T, "may-use": ("count", "filter"),
    "instead-of-dealing-damage": (*T, "effects", "if"), "cannot-be-dealt-damage-by": (*T, "from", "if"),
    "redirect-damage": (*T, "if"), "extra-damage": (*T, "amount", "if"), "double-damage": (*T, "if"),
    "also-dealt-damage": (*T, "fights", "if"), "switch-power-armor": T, "extra-bonus-icons": ("times",),
    "attacking-ignores": (*T, "keyword"), "animate": (*T, "power"), "redirect-leaving": (*T, "zone", "to"),
    "redirect-entering": (*T, "zone", "from", "to"), "enters-play-under-opponent": (),
    "repeat-play-effects": ("filter-card", "times"), "considered": (*T, "power", "armor"),
    "instead-of-readying": ("player", "effects"), "use-cost": (*T, "effects"), "all-houses": T,
    "fight-damage": (*T, "amount", "against"), "played-as-copy": ("of", "house", "enters-play"),
    "creature-in-battleline": ("power",), "flank": T, "trait": (*T, "trait"), "also-trigger": (*T, "from", "as"),
    "gain-text-box": (*T, "of"), "fight-damage-limit": (*T, "amount"), "may-play-or-use": ("count", "filter"),
    "may-play": ("count", "filter", "while"), "state-check": ("if", "effects"), "control": (),
}
"""The keys each constant effect reads besides ``modify``, ``condition`` and ``note``: any other would be ignored."""
COMMON_CONSTANT_KEYS = ("modify", "condition", "note")

USES = ("reap", "fight", "action", "omni", "unstun")
ICONS = ("aember", "capture", "damage", "draw", "discard")
CARD_KEYWORDS = tuple(sorted(KEYWORDS - NOT_CARD_KEYWORDS))
CONSTANT_WORDS: dict[tuple[str, str], tuple[str, ...]] = {
    ("no-fight-damage", "when"): ("attacking", "attacked", "always"), ("cannot-use", "use"): USES,
    ("cannot-use", "except"): USES[:4], ("replace-bonus-icon", "icon"): (*ICONS, "any"),
    ("replace-bonus-icon", "with"): (*ICONS, "steal"), ("keyword", "keyword"): CARD_KEYWORDS,
    ("lose-keyword", "keyword"): CARD_KEYWORDS, ("attacking-ignores", "keyword"): ("elusive", "taunt"),
    ("enters-play-ready", "kind"): ("creature", "artifact"),
}
"""The words a constant effect's parameter tells apart: another word would never match (a use that never happens, a
keyword no card has)."""

REDIRECT_ZONES = ("hand", "deck", "discard", "archives", "purged")
REDIRECT_WORDS: dict[tuple[str, str], tuple[str, ...]] = {
    ("redirect-leaving", "zone"): REDIRECT_ZONES, ("redirect-leaving", "to"): REDIRECT_ZONES,
    ("redirect-entering", "zone"): REDIRECT_ZONES, ("redirect-entering", "to"): REDIRECT_ZONES,
    ("redirect-entering", "from"): ("play",),
}
"""The zones a replacement of where a card goes compares and sends to, each a zone of its owner's (leaving one out of
play, entering one): a zone otherwise spelt would never be the card's (the effect would never apply) or would be no
zone to send it to; ``from`` is read only as ``"play"`` (any other value would be ignored: every move replaced)."""

WHOLE_AMOUNTS = ("extra-damage", "fight-damage", "fight-damage-limit")
"""Constant effects whose ``amount`` is a whole number: nothing is counted for them."""
COUNTED = ("sum-power", "value", "count", "sum-amber", "sum", "houses")
"""What a constant effect's amount may count (read anew whenever the board is asked); it may be multiplied
(``times``), and a number of houses capped (``max``): nothing else of the amounts of an ability is read there."""
PLAYER_VALUES = ("amber", "keys", "unforged-keys", "chains", "hand", "deck", "discard", "archives")
CARD_VALUES = ("amber", "damage", "power-counters")
TURN_VALUES = ("fights", "friendly-destroyed", "discards", "plays", "destroyed-in-fight", "forged")
"""What the turn has done so far, which a constant effect's condition may compare (you/opponent.<value>)."""

POWER_CONSTANTS = ("power", "set-power", "considered", "switch-power-armor")
"""Constant effects that change power: one that names the most powerful creatures would depend on itself."""

TARGET_ZONES = ("play", "under", "hand", "deck", "discard", "archives", "purged")
PARAMETER_WORDS: dict[str, tuple[str, ...]] = {
    "zone": (*TARGET_ZONES, "deck-and-discard"), "position": ("event-position",), "kind": ("creature",),
    "trigger-name": tuple(sorted(set(TRIGGERS) - {"constant", "after"})),
}
"""The words an effect's parameter of each kind is read as (a zone named otherwise would be an empty zone; a kind
of card to return other than creature would return every card; a constant ability, or one waiting for an event, has
nothing ``trigger-ability`` could resolve)."""
POOLS = ("supply", "you", "opponent", "active")
"""Where ``move-aember`` moves Æmber besides a card: the common supply, or a player's pool."""

KEY_FORGED_PLAYERS = ("you", "opponent", "any")
CHOOSERS = ("active", "controller", "opponent")
CONDITION_WORDS = {"turn": ("yours", "opponents"), "tide": ("high", "low", "neutral")}
PLAYER_CONDITIONS = ("for", "haunted")
"""Conditions about a player: an ability's takes any player word, a constant effect's (read on the board, with no
ability resolving) only "you" or "opponent"."""


def _p(where: str, en: str, es: str) -> Problem:
    return Problem(where, en, es)


def _listed(words: tuple[str, ...]) -> str:
    return ", ".join(words)


def problems(abilities: Any, where: str) -> list[Problem]:
    """Every use in a card's abilities that the engine would not read as written."""
    found: list[Problem] = []
    for i, ability in enumerate(abilities if isinstance(abilities, list) else []):
        _ability(ability, f"{where}[{i}]", found)
    return found


def _ability(ability: Any, at: str, found: list[Problem]) -> None:
    if not isinstance(ability, dict):
        return
    trigger = ability.get("trigger")
    if "whose" in ability:
        if trigger not in WHOSE_TRIGGERS:
            found.append(_p(f"{at}.whose", f"whose is read only on {_listed(WHOSE_TRIGGERS)} abilities (an 'after' "
                            "ability names the player with filter.who)",
                            f"whose solo se lee en habilidades {_listed(WHOSE_TRIGGERS)} (una habilidad «after» nombra "
                            "al jugador con filter.who)"))
        elif ability["whose"] not in WHOSE:
            found.append(_p(f"{at}.whose", f"whose is one of {_listed(WHOSE)}", f"whose es uno de {_listed(WHOSE)}"))
    for key in ("if", "instead"):
        if key in ability:
            found.append(_p(f"{at}.{key}", f"an ability's {key} is not read: write it on its effects",
                            f"el {key} de una habilidad no se lee: escríbelo en sus efectos"))
    if "zone" in ability and (trigger not in ("start-of-turn", "end-of-turn") or ability["zone"] != "discard"
                              or ability.get("whose", "yours") != "yours"):
        found.append(_p(f"{at}.zone", "an ability works from elsewhere than play only as zone = \"discard\", at the start "
                        "or end of its owner's turn", "una habilidad solo funciona fuera del juego como zone = "
                        "\"discard\", al inicio o al final del turno de su propietario"))
    if "filter" in ability:
        if trigger == "after":
            _event_filter(ability["filter"], f"{at}.filter", found, ability.get("event"))
        else:
            found.append(_p(f"{at}.filter", "only an 'after' ability has a filter of its event",
                            "solo una habilidad «after» tiene un filtro de su suceso"))
    chosen = False
    for j, effect in enumerate(ability.get("effects", []) if isinstance(ability.get("effects"), list) else []):
        _effect(effect, f"{at}.effects[{j}]", found)
        chosen = chosen or (isinstance(effect, dict) and effect.get("do") == "choose-player")
        if not chosen and _names_chosen_player(effect):
            # With no player named yet, "the chosen player" would be read as the ability's controller.
            found.append(_p(f"{at}.effects[{j}]", "the chosen player is named by a choose-player earlier in the ability",
                            "el jugador elegido lo nombra un choose-player anterior de la habilidad"))
    if isinstance(ability.get("effect"), dict):
        _constant(ability["effect"], f"{at}.effect", found)


def _filter_table(f: dict[str, Any], at: str, found: list[Problem]) -> None:
    """A filter written on its own (``filter = {...}`` of a search or a permission): its keys are the vocabulary's,
    and it is tested one card at a time."""
    where = at[: -len(".filter")] if at.endswith(".filter") else at
    found.extend(VOCABULARY.check_target({"all": True, "kind": "card", "filter": f}, where))
    _target({"filter": f}, where, found, one_by_one=True)


def _target_table(t: dict[str, Any], at: str, found: list[Problem]) -> None:
    """A target table the shared grammar does not check, tested one card at a time."""
    found.extend(VOCABULARY.check_target(t if "choose" in t or "all" in t else {**t, "all": True}, at))
    _target(t, at, found, one_by_one=True)


def _names_chosen_player(x: Any) -> bool:
    """Whether an effect speaks of the player a ``choose-player`` named (``player = "chosen"``, ``chosen.amber``)."""
    if isinstance(x, dict):
        return any((k in ("player", "to", "from-pool", "for", "haunted") and v == "chosen")
                   or (isinstance(v, str) and v.startswith("chosen.")) or _names_chosen_player(v) for k, v in x.items())
    if isinstance(x, list):
        return any(_names_chosen_player(v) for v in x)
    return False


def _event_filter(f: Any, at: str, found: list[Problem], event: Any) -> None:
    if not isinstance(f, dict):
        return
    for key, value in f.items():
        events = EVENT_ONLY.get(key)
        if (events is not None and event not in events) or (key in CARD_FILTERS and event in CARDLESS_EVENTS):
            found.append(_p(f"{at}.{key}", f"the {event} event tells nothing {key} could test",
                            f"el suceso {event} no dice nada que {key} pueda comprobar"))
            continue
        if key not in EVENT_FILTERS:
            found.append(_p(f"{at}.{key}", f"an 'after' ability's filter reads {_listed(tuple(EVENT_FILTERS))}",
                            f"el filtro de una habilidad «after» lee {_listed(tuple(EVENT_FILTERS))}"))
            continue
        allowed = EVENT_FILTERS[key]
        if key == "house":
            allowed = _houses()  # the house chosen, compared as written: a misspelt house is never chosen
        if allowed is True and value is not True:
            found.append(_p(f"{at}.{key}", f"{key} is only read as true", f"{key} solo se lee como true"))
        elif isinstance(allowed, tuple) and value not in allowed:
            found.append(_p(f"{at}.{key}", f"{key} is one of {_listed(allowed)}", f"{key} es uno de {_listed(allowed)}"))
    for key in ("subject", "host"):
        if isinstance(f.get(key), dict):
            _target(f[key], f"{at}.{key}", found, one_by_one=True)


def _target(target: Any, at: str, found: list[Problem], *, one_by_one: bool = False, constant: str | None = None) -> None:
    if not isinstance(target, dict):
        return
    if "chooser" in target and target["chooser"] not in CHOOSERS:
        found.append(_p(f"{at}.chooser", f"chooser is one of {_listed(CHOOSERS)}", f"chooser es uno de {_listed(CHOOSERS)}"))
    if "zone" in target and target["zone"] not in TARGET_ZONES:
        found.append(_p(f"{at}.zone", f"a target's zone is one of {_listed(TARGET_ZONES)}",
                        f"la zona de un objetivo es una de {_listed(TARGET_ZONES)}"))
    f = target.get("filter")
    if not isinstance(f, dict):
        return
    for key, words in _filter_words().items():
        values = f[key] if key == "type" and isinstance(f.get(key), list) else [f[key]] if key in f else []
        for value in values:
            if value not in words:
                found.append(_p(f"{at}.filter.{key}", f"the filter {key} is one of {_listed(words)}: no card would match "
                                f"{value!r}", f"el filtro {key} es uno de {_listed(words)}: ninguna carta coincidiría con "
                                f"{value!r}"))
    for key, value in f.items():
        if key in TRUE_ONLY and value is not True:
            found.append(_p(f"{at}.filter.{key}", f"the filter {key} is only read as true", f"el filtro {key} solo se lee como true"))
        if one_by_one and key in CHOICE_ONLY:
            found.append(_p(f"{at}.filter.{key}", f"{key} cannot be applied here: this target is tested one card at a time",
                            f"{key} no puede aplicarse aquí: este objetivo se comprueba carta a carta"))
    if constant is not None and "choose" not in target and any(f.get(k) for k in RANKED):
        # (A lasting effect's target with `choose` is chosen as it is made, among the cards in play then.)
        if any(f.get(k) is not True for k in RANKED if k in f):
            found.append(_p(f"{at}.filter", "a constant effect's target reads only most-powerful / least-powerful = true "
                            "(a group of N needs a choice)",
                            "el objetivo de un efecto constante solo lee most-powerful / least-powerful = true (un grupo "
                            "de N exige una elección)"))
        if constant in POWER_CONSTANTS:
            found.append(_p(f"{at}.filter", f"a {constant} effect cannot name the most or least powerful creatures: "
                            "its own change of power would decide who they are",
                            f"un efecto {constant} no puede nombrar las criaturas más o menos poderosas: su propio "
                            "cambio de poder decidiría cuáles son"))
        for key in CHOICE_ONLY - set(RANKED):
            if key in f:
                found.append(_p(f"{at}.filter.{key}", f"{key} cannot be applied to a constant effect's target",
                                f"{key} no puede aplicarse al objetivo de un efecto constante"))


def _houses() -> tuple[str, ...]:
    """The houses a player may choose as active house (not "none", nor the prophecy and tide cards' own)."""
    from judge.games.keyforge.catalog import HOUSES  # the catalog checks cards with this module: imported late
    return tuple(h for h in HOUSES if h not in ("none", "prophecy", "tide"))


def _filter_words() -> dict[str, tuple[str, ...]]:
    """The words a target filter tells apart: a house, a keyword or a card type otherwise spelt matches no card."""
    from judge.games.keyforge.catalog import HOUSES  # the catalog checks cards with this module: imported late
    houses = (*HOUSES, "chosen", "active")
    return {"house": houses, "not-house": houses, "keyword": CARD_KEYWORDS, "power-parity": ("even", "odd"),
            "type": ("creature", "artifact", "action", "upgrade")}


TARGET_KEYS = ("target", "onto", "from", "with", "against", "each", "of", "to", "only")


def _effect(effect: Any, at: str, found: list[Problem]) -> None:
    if not isinstance(effect, dict):
        return
    if "chooser" in effect and effect["chooser"] not in CHOOSERS:
        found.append(_p(f"{at}.chooser", f"chooser is one of {_listed(CHOOSERS)}", f"chooser es uno de {_listed(CHOOSERS)}"))
    _parameters(effect, at, found)
    for key in TARGET_KEYS:
        if isinstance(effect.get(key), dict):
            _target(effect[key], f"{at}.{key}", found)
    if "if" in effect:
        _condition(effect["if"], f"{at}.if", found)
    instead = effect.get("instead")
    if isinstance(instead, dict):
        if "if" in instead:
            _condition(instead["if"], f"{at}.instead.if", found)
        _effect({"do": effect.get("do"), **instead.get("with", {})}, f"{at}.instead.with", found) \
            if isinstance(instead.get("with"), dict) else None
    for key in ("then", "cost", "if-destroyed", "if-not-destroyed"):
        for j, sub in enumerate(effect.get(key, []) if isinstance(effect.get(key), list) else []):
            _effect(sub, f"{at}.{key}[{j}]", found)
    for j, option in enumerate(effect.get("options", []) if isinstance(effect.get("options"), list) else []):
        for k, sub in enumerate(option if isinstance(option, list) else []):
            _effect(sub, f"{at}.options[{j}][{k}]", found)
    if effect.get("do") == "lasting":
        _lasting(effect, at, found)
    if effect.get("do") == "repeat":
        # A repeat acts on the effects before it in its list, not through the common keys of an effect.
        for key in ("then", "instead", "for-each", "each"):
            if key in effect:
                found.append(_p(f"{at}.{key}", f"a repeat does not read {key}", f"una repetición no lee {key}"))
        if effect.get("what") == "ability" and "times" in effect:
            found.append(_p(f"{at}.times", "repeating the whole ability goes on while its `if` holds: times is not read",
                            "repetir toda la habilidad sigue mientras se cumpla su `if`: times no se lee"))


def _parameters(effect: dict[str, Any], at: str, found: list[Problem]) -> None:
    """The values of an effect's parameters the shared grammar does not check: yes/no, zones and the other words."""
    for key, kind in EFFECTS.get(str(effect.get("do")), {}).items():
        if key not in effect:
            continue
        value = effect[key]
        if kind == "filter" and isinstance(value, dict):
            _filter_table(value, f"{at}.{key}", found)
        elif kind == "bool" and not isinstance(value, bool):
            found.append(_p(f"{at}.{key}", f"{key} is true or false", f"{key} es true o false"))
        elif kind in PARAMETER_WORDS and value not in PARAMETER_WORDS[kind]:
            words = PARAMETER_WORDS[kind]
            found.append(_p(f"{at}.{key}", f"{key} is one of {_listed(words)}", f"{key} es uno de {_listed(words)}"))
        elif kind == "destination" and isinstance(value, str) and value not in POOLS and value not in NAMED_TARGETS:
            found.append(_p(f"{at}.{key}", f"{key} is a card (a named target or a target table) or one of {_listed(POOLS)}",
                            f"{key} es una carta (un objetivo con nombre o una tabla de objetivo) o uno de {_listed(POOLS)}"))


def _lasting(effect: dict[str, Any], at: str, found: list[Problem]) -> None:
    constant = effect.get("effect")
    if isinstance(constant, dict):
        _constant(constant, f"{at}.effect", found)
    trigger = effect.get("trigger")
    if isinstance(trigger, dict):
        _ability({"trigger": "after", **trigger}, f"{at}.trigger", found)
    duration = effect.get("duration")
    if duration in ("until-leaves-play", "while-controlled"):
        # Both end with the cards the effect names (kept by uid): as they leave play, or as their control changes.
        # With no card named, or with only a trigger, nothing would ever end them.
        target = constant.get("target", "self") if isinstance(constant, dict) else None
        named = isinstance(target, str) or (isinstance(target, dict) and "choose" in target)
        if not named:
            found.append(_p(f"{at}.duration", f"{duration} lasts as long as the cards its effect names: the effect "
                            "names them (a target such as \"it\", or one chosen now)",
                            f"{duration} dura lo que las cartas que nombra su efecto: el efecto las nombra (un objetivo "
                            "como \"it\", o uno elegido ahora)"))
    if duration in ("once", "next-time") and not isinstance(trigger, dict):
        found.append(_p(f"{at}.duration", f"{duration} ends the first time its trigger's event happens: it needs a trigger",
                        f"{duration} termina la primera vez que ocurre el suceso de su trigger: necesita un trigger"))


def _constant(effect: dict[str, Any], at: str, found: list[Problem]) -> None:
    kind = effect.get("modify")
    keys = CONSTANT_KEYS.get(str(kind))
    for key in effect if keys is not None else ():
        if key not in keys and key not in COMMON_CONSTANT_KEYS and key not in ("if", "player"):
            takes = _listed((*keys, "condition"))
            found.append(_p(f"{at}.{key}", f"a {kind} effect reads {takes}: {key} would be ignored",
                            f"un efecto {kind} lee {takes}: {key} se ignoraría"))
    for key in ("amount",) + (("value",) if kind == "set-power" else ()):
        if key not in effect:
            continue
        if kind in WHOLE_AMOUNTS:
            if not isinstance(effect[key], int) or isinstance(effect[key], bool):
                found.append(_p(f"{at}.{key}", f"the amount of a {kind} effect is a whole number",
                                f"la cantidad de un efecto {kind} es un número entero"))
        else:
            _constant_amount(effect[key], f"{at}.{key}", found)
    if "if" in effect and kind not in IF_CONSTANTS:
        found.append(_p(f"{at}.if", f"a {kind} effect does not read if: its condition is `condition`",
                        f"un efecto {kind} no lee if: su condición es `condition`"))
    if "if" in effect:
        _condition(effect["if"], f"{at}.if", found)
    if "condition" in effect:
        _condition(effect["condition"], f"{at}.condition", found, one_by_one=True)
    if "player" in effect:
        allowed = CONSTANT_PLAYERS.get(str(kind))
        if allowed is None:
            found.append(_p(f"{at}.player", f"a {kind} effect is about no player", f"un efecto {kind} no trata de ningún jugador"))
        elif effect["player"] not in allowed:
            found.append(_p(f"{at}.player", f"the player of a {kind} effect is one of {_listed(allowed)}",
                            f"el jugador de un efecto {kind} es uno de {_listed(allowed)}"))
    for (of, key), words in {**CONSTANT_WORDS, **REDIRECT_WORDS}.items():
        if kind == of and key in effect and effect[key] not in words:
            found.append(_p(f"{at}.{key}", f"the {key} of a {kind} effect is one of {_listed(words)}",
                            f"el {key} de un efecto {kind} es uno de {_listed(words)}"))
    if isinstance(effect.get("target"), dict):
        _target(effect["target"], f"{at}.target", found, constant=str(kind))
    # Filters and target tables of a constant effect that the shared grammar does not check (it checks `target`),
    # each tested one card at a time.
    for key in ("filter", "while"):
        if isinstance(effect.get(key), dict):
            _filter_table(effect[key], f"{at}.{key}", found)
    for key in ("filter-card", "against", "only"):
        if isinstance(effect.get(key), dict):
            _target_table(effect[key], f"{at}.{key}", found)
    for j, table in enumerate(effect.get("from", []) if kind == "cannot-be-dealt-damage-by"
                              and isinstance(effect.get("from"), list) else []):
        _target_table(table, f"{at}.from[{j}]", found)
    ability = effect.get("ability")
    if isinstance(ability, dict):
        _ability(ability, f"{at}.ability", found)
    for key in ("effects",):
        for j, sub in enumerate(effect.get(key, []) if isinstance(effect.get(key), list) else []):
            _effect(sub, f"{at}.{key}[{j}]", found)


def _constant_amount(expr: Any, at: str, found: list[Problem]) -> None:
    """An amount of a constant effect, as the board counts it (:meth:`Board._amount`)."""
    if isinstance(expr, int) and not isinstance(expr, bool):
        return
    counted = [k for k in COUNTED if isinstance(expr, dict) and k in expr]
    extra = [k for k in expr if k not in (*COUNTED, "times", "max")] if isinstance(expr, dict) else []
    if len(counted) != 1 or extra or ("max" in expr and counted != ["houses"]):
        found.append(_p(at, f"a constant effect's amount is a whole number or one of {_listed(COUNTED)}, with `times` "
                        "(and `max` for houses): nothing else would be counted",
                        f"la cantidad de un efecto constante es un número entero o uno de {_listed(COUNTED)}, con "
                        "`times` (y `max` para houses): nada más se contaría"))
        return
    if counted == ["sum"]:
        for j, part in enumerate(expr["sum"] if isinstance(expr["sum"], list) else []):
            _constant_amount(part, f"{at}.sum[{j}]", found)
    elif counted == ["value"]:
        who, _, what = str(expr["value"]).partition(".")
        ok = (who == "self" and (what in CARD_VALUES or what.startswith("counter-"))) or \
            (who in ("you", "opponent") and what in PLAYER_VALUES)
        if not ok:
            found.append(_p(f"{at}.value", "a constant effect's value is self.<amber, damage, power-counters, counter-…> "
                            f"or you/opponent.<{', '.join(PLAYER_VALUES)}>",
                            "el valor de un efecto constante es self.<amber, damage, power-counters, counter-…> o "
                            f"you/opponent.<{', '.join(PLAYER_VALUES)}>"))
    elif counted in (["count"], ["sum-amber"], ["houses"]):
        _target(expr[counted[0]], f"{at}.{counted[0]}", found, one_by_one=True)


def _condition(cond: Any, at: str, found: list[Problem], *, one_by_one: bool = False) -> None:
    """A condition's words; ``one_by_one``: a constant effect's ``condition``, read on the board card by card."""
    if not isinstance(cond, dict):
        return
    players = ("you", "opponent") if one_by_one else tuple(sorted(PLAYERS))
    for key, words in {**CONDITION_WORDS, **{k: players for k in PLAYER_CONDITIONS}}.items():
        if key in cond and cond[key] not in words:
            found.append(_p(f"{at}.{key}", f"{key} is one of {_listed(words)}", f"{key} es uno de {_listed(words)}"))
    if "key-forged" in cond and cond.get("player", "you") not in KEY_FORGED_PLAYERS:
        # Any other word would be read as "any player".
        found.append(_p(f"{at}.player", f"the player of key-forged is one of {_listed(KEY_FORGED_PLAYERS)}",
                        f"el jugador de key-forged es uno de {_listed(KEY_FORGED_PLAYERS)}"))
    for key in ("not",):
        if key in cond:
            _condition(cond[key], f"{at}.{key}", found, one_by_one=one_by_one)
    for key in ("all", "any"):
        for j, sub in enumerate(cond.get(key, []) if isinstance(cond.get(key), list) else []):
            _condition(sub, f"{at}.{key}[{j}]", found, one_by_one=one_by_one)
    for key in ("exists", "not-exists", "controls"):
        if isinstance(cond.get(key), dict):
            _target(cond[key], f"{at}.{key}", found, one_by_one=one_by_one)
    if isinstance(cond.get("count-at-least"), list) and cond["count-at-least"]:
        _target(cond["count-at-least"][0], f"{at}.count-at-least[0]", found, one_by_one=one_by_one)
    if one_by_one and isinstance(cond.get("compare"), list) and len(cond["compare"]) == 3:
        # A constant effect's comparison is counted on the board as its amounts are, and what the turn has done so far.
        for j in (0, 2):
            side = cond["compare"][j]
            who, _, what = str(side).partition(".")
            if isinstance(side, str) and who in ("you", "opponent") and what in TURN_VALUES:
                continue
            _constant_amount({"value": side} if isinstance(side, str) else side, f"{at}.compare[{j}]", found)
    spec = cond.get("named-match")
    if isinstance(spec, dict):
        f = spec.get("filter", {}) if isinstance(spec.get("filter"), dict) else {}
        if any(k in f and f[k] is not True for k in RANKED):
            found.append(_p(f"{at}.named-match.filter", "named-match reads most-powerful / least-powerful = true only",
                            "named-match solo lee most-powerful / least-powerful = true"))
        if "side" in spec and not any(f.get(k) for k in RANKED):
            found.append(_p(f"{at}.named-match.side", "named-match reads side only with most-powerful / least-powerful",
                            "named-match solo lee side con most-powerful / least-powerful"))
        _target({"filter": {k: v for k, v in f.items() if k not in RANKED}}, f"{at}.named-match", found, one_by_one=True)

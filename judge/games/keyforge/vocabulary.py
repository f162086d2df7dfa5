"""The ability vocabulary: the words a KeyForge card's abilities are written in (``docs/abilities.md``).

This module only declares and checks the words; :mod:`judge.games.keyforge.effects` gives each of them its
meaning. A test checks that every declared effect has an implementation, so a card can never use a word the engine
does not understand.
"""

from __future__ import annotations

from typing import Any

from judge.core.errors import Problem

KEYWORDS = {
    "alpha", "assault", "capture", "deploy", "elusive", "exalt", "graft", "haunted", "hazardous", "heal",
    "invulnerable", "omega", "poison", "skirmish", "splash-attack", "steal", "taunt", "treachery", "versatile",
    "gigantic",
}
"""Keywords of the master rulebook (17.2, PALABRAS CLAVE), plus Gigantic which the glossary treats as one."""

TRIGGERS = {
    "play": "Jugar: — after the card is played (order.play.3)",
    "after-reap": "Después de cosechar: (printed 'Cosechar:')",
    "after-fight": "Después de luchar: (printed 'Luchar:'), only if the attacker survives",
    "before-fight": "Antes de luchar:",
    "destroyed": "Destruida: — after the card is marked for destruction",
    "action": "Acción: — one per use",
    "omni": "Omni: — one per use, any house",
    "scrap": "Desguazar: — when discarded from hand",
    "leaves-play": "when this card leaves play",
    "constant": "a constant ability (also active while exhausted)",
    "after": "after/each time an event happens (see `event`)",
    "start-of-turn": "at the start of a turn",
    "end-of-turn": "at the end of a turn",
    "would-forge": "when a player would forge a key (`whose`): a replacement that resolves first and may stop it",
}

EVENTS = {
    "reap", "fight", "play", "destroyed", "gain-aember-by-reaping", "enters-play", "used", "forge", "choose-house",
    "damaged", "captured", "stolen", "discard", "raise-tide", "armor-prevented", "leaves-play", "attach",
}
"""Events an ``after`` ability can wait for."""

CONSTANT_EFFECTS = {
    "power": "modify power of the targets by `amount`",
    "armor": "modify armor of the targets by `amount`",
    "keyword": "grant `keyword` (with `amount`) to the targets",
    "cannot-be-dealt-damage": "the targets cannot be dealt damage",
    "enters-play-ready": "your creatures/cards enter play ready",
    "key-cost": "modify the key cost of `player` by `amount`",
    "play-restriction": "this card cannot be played unless `if` holds",
    "cannot-play": "the `player` cannot play cards matching `filter`",
    "cannot-use": "the targets cannot be used",
    "gain-ability": "the targets gain `ability` (an ability table)",
    "fight-restriction": "the targets, when used to fight, can only fight creatures matching `only`",
    "lose-keyword": "the targets lose `keyword` (and cannot gain it: PERDER FRENTE A OBTENER)",
    "set-power": "the targets' power is `value` (X)",
    "blank": "the targets' text boxes are considered blank (except traits)",
    "house": "the targets belong to `value` only (most recent wins)",
    "must-choose-house": "`player` must choose `house` as active house",
    "cannot-choose-house": "`player` cannot choose `house` as active house",
    "enters-play-state": "the targets (default self) enter play with `state` (exhausted/enrage/stun true or false)",
    "no-fight-damage": "the targets deal no damage in fights `when` attacking, attacked or always",
    "cannot-be-stolen": "`player`'s æmber cannot be stolen",
    "no-bonus-icons": "`player` (default opponent) cannot resolve bonus icons of the cards they play",
    "replace-bonus-icon": "its controller may resolve a bonus icon `icon` (or any) as `with` (an icon, or steal) instead",
    "steal-becomes-capture": "every æmber a steal would take is captured instead, by a creature of the active player",
    "aember-from-supply": "æmber stolen or captured from `player`'s pool is taken from the common supply instead",
    "forge-from-card": "the æmber on this card may be spent to forge keys",
    "may-use": "the player may use `count` card(s) matching `filter` whatever the active house",
    "instead-of-dealing-damage": "when the targets would deal damage, `effects` resolve instead (once per damage event)",
    "cannot-be-dealt-damage-by": "the targets cannot be dealt damage whose source card matches one of `from`",
    "redirect-damage": "damage dealt to the targets (after their armor) is dealt to this card instead",
    "extra-damage": "damage dealt to the targets (after prevention) is increased by `amount`",
    "double-damage": "damage dealt to the targets (after prevention) is doubled, while `if` holds",
    "also-dealt-damage": "damage dealt to the targets (with `fights`: during fights) is also dealt to this card",
    "switch-power-armor": "the targets' power and armor are switched (power = total armor, armor = power)",
    "extra-bonus-icons": "(lasting) the next card its controller plays this turn resolves each bonus icon `times` more",
    "attacking-ignores": "while the targets are attacking, the defender's `keyword` (taunt, elusive) is ignored",
    "control": "(an upgrade) its controller controls the creature it is attached to, from the moment it attaches",
    "animate": "(lasting) the targets are creatures with `power`; when the effect ends they leave the battleline for the artifacts",
    "redirect-leaving": "if the targets leave `zone` (where they are now), they go to their owner's `to` (hand) instead",
    "enters-play-under-opponent": "this card enters play under the control of the opponent of the player it would enter under (each time it enters play)",
    "repeat-play-effects": "each \"Jugar:\" ability of a card its controller plays matching `filter-card` resolves `times` more, right after itself",
    "considered": "the targets are considered to have `power` / `armor`, above every counter and modifier",
    "instead-of-readying": "`player` does not ready their creatures in their ready cards step; `effects` resolve instead",
    "use-cost": "before the targets are exhausted for any use, `effects` resolve; a target that leaves play so is not used",
    "all-houses": "the targets belong to every house",
    "fight-damage": "the targets deal `amount` more damage while attacking a creature matching `against`",
    "played-as-copy": "this card is played as a copy of a card matching `of` (a target the active player chooses), belonging to `house` if given; `enters-play`: also when put into play",
    "creature-in-battleline": "while this card is in the battleline it is a creature with `power`",
    "flank": "the targets are considered flank creatures",
    "trait": "the targets gain `trait`",
    "also-trigger": "the targets' `from` abilities (\"play\") also resolve as `as` abilities (\"after-reap\")",
    "gain-text-box": "the targets gain the text box (abilities and keywords) of the card `of`",
    "fight-damage-limit": "the targets deal at most `amount` damage when fighting (the most restrictive limit applies)",
    "may-play-or-use": "the player may play or use `count` card(s) matching `filter` whatever the active house: one permission, spent by either",
    "may-play": "`player` may play `count` card(s) matching `filter` whatever the active house (and, where the rulebook allows it, beyond the first-turn limit)",
}

EFFECTS: dict[str, dict[str, str]] = {
    # Æmber (glossary ÆMBAR, CAPTURAR, ROBAR (ÆMBAR)).
    "gain": {"amount": "amount", "player": "player"},
    "lose": {"amount": "amount", "player": "player"},
    "steal": {"amount": "amount", "player": "player"},
    "capture": {"amount": "amount", "onto": "target", "player": "player", "from-event": "bool", "from": "pools"},
    "return-aember": {"target": "target"},
    # Creatures and damage.
    "deal-damage": {"amount": "amount", "target": "target", "splash": "amount", "if-destroyed": "effects"},
    "heal": {"amount": "amount", "target": "target"},
    "destroy": {"target": "target", "with": "target"},
    "sacrifice": {"target": "target", "total-power-at-least": "amount"},
    "stun": {"target": "target"},
    "exhaust": {"target": "target"},
    "ready": {"target": "target"},
    "enrage": {"target": "target"},
    "ward": {"target": "target"},
    "add-power": {"amount": "amount", "target": "target"},
    "fight-with": {"target": "target", "ready": "bool", "against": "target"},
    "redirect-fight-damage": {"target": "target"},
    "reap-with": {"target": "target", "ready": "bool"},
    # Zones.
    "archive": {"target": "target", "to": "player"},
    "choose": {"target": "target"},
    "flip-to-token": {"target": "target"},
    "copy-characteristics": {"target": "target"},
    "trigger-ability": {"target": "target", "trigger": "trigger-name", "as-if-yours": "bool"},
    "move-to-battleline": {"target": "target"},
    "give-text-box": {"from": "target", "to": "target"},
    "return-to-hand": {"target": "target"},
    "purge": {"target": "target", "remember": "bool"},
    "draw": {"amount": "amount", "player": "player"},
    "discard-random": {"amount": "amount", "player": "player"},
    # Turn and keys.
    "gain-chains": {"amount": "amount", "player": "player"},
    "forge-key": {"player": "player", "cost": "amount"},
    "take-control": {"target": "target", "to": "player"},
    "save": {"target": "target"},
    "make-token": {"amount": "amount", "player": "player", "target": "target"},
    "play-top-of-deck": {},
    "raise-tide": {"player": "player"},
    "swap": {"target": "target"},
    # Structure.
    "lasting": {"duration": "duration", "effect": "constant", "replace": "replacement", "trigger": "lasting-trigger"},
    "repeat": {"times": "amount", "what": "repeat-scope", "cost": "effects"},
    "choose-house": {},
    "use": {"target": "target", "ready": "bool", "as-if-yours": "bool"},
    "exalt": {"target": "target"},
    "pay": {"amount": "amount", "player": "player"},
    "move-aember": {"amount": "amount", "from": "target", "to": "destination"},
    "unforge": {"player": "player"},
    "archive-from-hand": {"amount": "amount", "player": "player"},
    "search": {"zone": "zone", "filter": "filter", "amount": "amount", "to": "zone", "player": "player"},
    "put-into-play": {"target": "target", "player": "player", "ready": "bool", "at": "position"},
    "return-purged": {"kind": "kind", "exhausted": "bool", "under-owner": "bool"},
    "exchange-control": {"target": "target", "with": "target"},
    "move-creature": {"target": "target"},
    "discard-top-of-deck": {"amount": "amount", "player": "player-or-each"},
    "shuffle-into-deck": {"target": "target"},
    "lose-chains": {"amount": "amount", "player": "player"},
    "graft": {"target": "target", "onto": "target"},
    "discard-from-hand": {"amount": "amount", "player": "player", "filter": "filter"},
    "archive-top-of-deck": {"amount": "amount", "player": "player"},
    "put-on-top-of-deck": {"target": "target"},
    "choose-one": {"options": "effect-lists", "labels": "labels", "labels-en": "labels"},
    "resolve-bonus-icons": {"target": "target"},
    "reveal-random": {"amount": "amount", "player": "player", "zone": "zone"},
    "cancel-forge": {},
    "play-card": {"target": "target"},
    "put-under": {"target": "target", "onto": "target", "face-down": "bool"},
    "discard": {"target": "target"},
    "select": {"target": "target"},
    "attach": {"target": "target", "onto": "target"},
    "random-from-zone": {"amount": "amount", "player": "player", "zone": "zone", "to": "zone"},
}
"""Each effect with its parameters and their kinds. Every effect may also carry ``if`` (a condition), ``may``
(the player may decline) and ``then`` (effects that happen only "if you do")."""

COMMON_EFFECT_KEYS = {"do", "if", "may", "then", "note", "instead", "for-each", "chooser", "each"}
DURATIONS = {"turn", "until-your-next-turn", "while-in-play", "while-controlled", "next-time", "until-leaves-play", "opponents-next-turn", "once"}
PLAYERS = {"you", "opponent", "controller", "owner", "active"}
SIDES = {"friendly", "enemy", "any"}
KINDS = {"creature", "artifact", "upgrade", "card", "action", "creature-or-artifact"}
TARGET_KEYS = {"choose", "all", "kind", "side", "filter", "up-to", "chooser", "zone"}
FILTERS = {"house", "not-house", "trait", "not-trait", "power-at-most", "power-at-least", "damaged", "undamaged",
           "exhausted", "ready", "flank", "neighbor-of-self", "neighbor-of-it", "not-self", "not-it", "most-powerful",
           "least-powerful", "keyword", "name", "token", "center", "enraged", "stunned", "warded", "left-flank",
           "right-flank", "has-amber", "power-parity", "top-of-discard", "top-of-deck", "event-house", "power-below-each", "name-ref", "not-chosen", "self", "type", "shares-trait-with-it", "house-in-play", "among-it", "host-of-self", "left-of-self", "chosen"}
NAMED_TARGETS = {"self", "host", "attacker", "defender", "it", "each-neighbor", "that-creature", "granter", "event-card",
                 "chosen", "defender-neighbors"}


def check_ability(ability: Any, where: str) -> list[Problem]:
    """Every problem in one ability table (empty when it is well formed)."""
    problems: list[Problem] = []
    if not isinstance(ability, dict):
        return [Problem(where, "an ability is a table", "una habilidad es una tabla")]
    trigger = ability.get("trigger")
    if not _named(trigger, TRIGGERS):
        problems.append(Problem(f"{where}.trigger", f"unknown trigger {trigger!r} (known: {', '.join(sorted(TRIGGERS))})", f"activador desconocido {trigger!r} (conocidos: {', '.join(sorted(TRIGGERS))})"))
    allowed = {"trigger", "effects", "effect", "event", "filter", "whose", "note", "if", "instead", "label", "zone"}
    for k in ability:
        if k not in allowed:
            problems.append(Problem(f"{where}.{k}", f"unknown ability field (known: {', '.join(sorted(allowed))})", f"campo de habilidad desconocido (conocidos: {', '.join(sorted(allowed))})"))
    if trigger == "constant":
        problems.extend(check_constant(ability.get("effect"), f"{where}.effect"))
    elif _named(trigger, TRIGGERS):
        effects = ability.get("effects")
        if not isinstance(effects, list) or not effects:
            problems.append(Problem(f"{where}.effects", "needs a list of effects", "necesita una lista de efectos"))
        else:
            for i, e in enumerate(effects):
                problems.extend(check_effect(e, f"{where}.effects[{i}]"))
    if trigger == "after" and not _named(ability.get("event"), EVENTS):
        problems.append(Problem(f"{where}.event", f"an 'after' ability names its event (one of {', '.join(sorted(EVENTS))})", f"una habilidad «después de» nombra su suceso (uno de {', '.join(sorted(EVENTS))})"))
    return problems


def _named(value: Any, names: Any) -> bool:
    """Whether ``value`` is one of ``names``: a custom card may put any JSON value anywhere, and a list or a table is
    never a name (nor may it crash the check with an unhashable look-up)."""
    return isinstance(value, str) and value in names


def check_constant(effect: Any, where: str) -> list[Problem]:
    if not isinstance(effect, dict):
        return [Problem(where, "a constant ability has an `effect` table", "una habilidad constante tiene una tabla `effect`")]
    kind = effect.get("modify")
    if not _named(kind, CONSTANT_EFFECTS):
        return [Problem(f"{where}.modify", f"unknown constant effect {kind!r} (known: {', '.join(sorted(CONSTANT_EFFECTS))})", f"efecto constante desconocido {kind!r} (conocidos: {', '.join(sorted(CONSTANT_EFFECTS))})")]
    problems: list[Problem] = []
    if kind == "play-restriction" and "if" not in effect:
        problems.append(Problem(f"{where}.if", "a play restriction names its condition (if = ...)",
                                "una restricción de juego nombra su condición (if = ...)"))
    if "target" in effect and not (isinstance(effect["target"], dict) and "uids" in effect["target"]):
        problems.extend(check_target(effect["target"], f"{where}.target"))
    if kind == "gain-ability":
        problems.extend(check_ability(effect.get("ability"), f"{where}.ability"))
    if kind == "instead-of-dealing-damage":
        subs = effect.get("effects", [])
        for i, sub in enumerate(subs if isinstance(subs, list) else [subs]):
            problems.extend(check_effect(sub, f"{where}.effects[{i}]"))
    return problems


def check_effect(effect: Any, where: str) -> list[Problem]:
    if not isinstance(effect, dict):
        return [Problem(where, "an effect is a table like { do = \"gain\", amount = 1 }", "un efecto es una tabla como { do = \"gain\", amount = 1 }")]
    verb = effect.get("do")
    if not _named(verb, EFFECTS):
        return [Problem(f"{where}.do", f"unknown effect {verb!r} (known: {', '.join(sorted(EFFECTS))})", f"efecto desconocido {verb!r} (conocidos: {', '.join(sorted(EFFECTS))})")]
    problems: list[Problem] = []
    params = EFFECTS[verb]
    for k, v in effect.items():
        if k in COMMON_EFFECT_KEYS:
            continue
        kind = params.get(k)
        if kind is None:
            problems.append(Problem(f"{where}.{k}", f"{verb} takes {', '.join(sorted(params)) or 'no parameters'}", f"{verb} admite {', '.join(sorted(params)) or 'ningún parámetro'}"))
        elif kind == "target":
            problems.extend(check_target(v, f"{where}.{k}"))
        elif kind == "player" and not _named(v, PLAYERS):
            problems.append(Problem(f"{where}.{k}", f"player is one of {', '.join(sorted(PLAYERS))}", f"player es uno de {', '.join(sorted(PLAYERS))}"))
        elif kind == "player-or-each" and not _named(v, PLAYERS | {"each"}):
            problems.append(Problem(f"{where}.{k}", f"player is \"each\" or one of {', '.join(sorted(PLAYERS))}", f"player es \"each\" o uno de {', '.join(sorted(PLAYERS))}"))
        elif kind == "amount" and not (isinstance(v, int) and not isinstance(v, bool) or isinstance(v, dict) or v == "all"):
            problems.append(Problem(f"{where}.{k}", "an amount is a whole number, \"all\" or a table { count = ... }", "una cantidad es un número entero, \"all\" o una tabla { count = ... }"))
        elif kind == "pools" and not _named(v, ("opponent", "any", "own")):
            problems.append(Problem(f"{where}.{k}", "from is \"opponent\", \"own\" (its own side) or \"any\" (any combination of pools)", "from es \"opponent\", \"own\" (su propio lado) o \"any\" (cualquier combinación de reservas)"))
        elif kind == "duration" and not _named(v, DURATIONS):
            problems.append(Problem(f"{where}.{k}", f"duration is one of {', '.join(sorted(DURATIONS))}", f"duration es uno de {', '.join(sorted(DURATIONS))}"))
        elif kind == "repeat-scope" and not _named(v, ("previous", "ability")):
            problems.append(Problem(f"{where}.{k}", "what is \"previous\" (the preceding effect) or \"ability\" (all of it)", "what es \"previous\" (el efecto anterior) o \"ability\" (toda la habilidad)"))
        elif kind == "constant":
            problems.extend(check_constant(v, f"{where}.{k}"))
        elif kind == "effects":
            if not isinstance(v, list):
                problems.append(Problem(f"{where}.{k}", "a list of effects", "una lista de efectos"))
            else:
                for i, sub in enumerate(v):
                    problems.extend(check_effect(sub, f"{where}.{k}[{i}]"))
        elif kind == "effect-lists":
            if not isinstance(v, list) or not all(isinstance(x, list) for x in v):
                problems.append(Problem(f"{where}.{k}", "options is a list of effect lists", "options es una lista de listas de efectos"))
            else:
                for i, lst in enumerate(v):
                    for j, sub in enumerate(lst):
                        problems.extend(check_effect(sub, f"{where}.{k}[{i}][{j}]"))
        elif kind == "lasting-trigger":
            problems.extend(check_ability({"trigger": "after", **v} if isinstance(v, dict) else v, f"{where}.{k}"))
    then = effect.get("then", [])
    for i, sub in enumerate(then if isinstance(then, list) else [then]):
        problems.extend(check_effect(sub, f"{where}.then[{i}]"))
    return problems


def check_target(target: Any, where: str) -> list[Problem]:
    if isinstance(target, str):
        return [] if _named(target, NAMED_TARGETS) else [Problem(where, f"a named target is one of {', '.join(sorted(NAMED_TARGETS))}", f"un objetivo con nombre es uno de {', '.join(sorted(NAMED_TARGETS))}")]
    if not isinstance(target, dict):
        return [Problem(where, "a target is a name (\"self\") or a table { choose = 1, kind = \"creature\", ... }", "un objetivo es un nombre (\"self\") o una tabla { choose = 1, kind = \"creature\", ... }")]
    problems = [Problem(f"{where}.{k}", f"unknown target field (known: {', '.join(sorted(TARGET_KEYS))})", f"campo de objetivo desconocido (conocidos: {', '.join(sorted(TARGET_KEYS))})")
                for k in target if k not in TARGET_KEYS]
    if ("choose" in target) == ("all" in target):
        problems.append(Problem(where, "a target says either choose = N or all = true", "un objetivo dice choose = N o all = true"))
    if not _named(target.get("side", "any"), SIDES):
        problems.append(Problem(f"{where}.side", f"side is one of {', '.join(sorted(SIDES))}", f"side es uno de {', '.join(sorted(SIDES))}"))
    if not _named(target.get("kind", "creature"), KINDS):
        problems.append(Problem(f"{where}.kind", f"kind is one of {', '.join(sorted(KINDS))}", f"kind es uno de {', '.join(sorted(KINDS))}"))
    filters = target.get("filter", {})
    if not isinstance(filters, dict):
        problems.append(Problem(f"{where}.filter", "filter is a table", "filter es una tabla"))
        filters = {}
    for k in filters:
        if k not in FILTERS:
            problems.append(Problem(f"{where}.filter.{k}", f"unknown filter (known: {', '.join(sorted(FILTERS))})", f"filtro desconocido (conocidos: {', '.join(sorted(FILTERS))})"))
    return problems


# How a question names the effect it is about, in the judge's words (the vocabulary's own names are for card files).
EFFECT_LABELS: dict[str, tuple[str, str]] = {
    "add-power": ("dar contadores de +1 poder", "give +1 power counters"),
    "archive": ("archivar", "archive"),
    "archive-from-hand": ("archivar desde la mano", "archive from hand"),
    "archive-top-of-deck": ("archivar la carta superior del mazo", "archive the top card of the deck"),
    "attach": ("vincular", "attach"),
    "cancel-forge": ("anular el forjado", "cancel the forge"),
    "capture": ("capturar Æmbar", "capture Æmber"),
    "choose": ("elegir", "choose"),
    "choose-house": ("elegir una Casa", "choose a house"),
    "choose-one": ("elegir una opción", "choose one option"),
    "copy": ("copiar", "copy"),
    "copy-characteristics": ("copiar", "copy"),
    "deal-damage": ("infligir daño", "deal damage"),
    "destroy": ("destruir", "destroy"),
    "discard": ("descartar", "discard"),
    "discard-from-hand": ("descartar de la mano", "discard from hand"),
    "discard-random": ("descartar al azar", "discard at random"),
    "discard-top-of-deck": ("descartar la carta superior del mazo", "discard the top card of the deck"),
    "draw": ("robar cartas", "draw cards"),
    "enrage": ("enfurecer", "enrage"),
    "exalt": ("exaltar", "exalt"),
    "exchange-control": ("intercambiar el control", "exchange control"),
    "exhaust": ("agotar", "exhaust"),
    "fight-with": ("luchar con", "fight with"),
    "flip-to-token": ("dar la vuelta como criatura ficha", "flip into a token creature"),
    "forge-key": ("forjar una llave", "forge a key"),
    "gain": ("obtener Æmbar", "gain Æmber"),
    "gain-chains": ("obtener cadenas", "gain chains"),
    "give-text-box": ("dar su cuadro de texto", "give its text box"),
    "graft": ("injertar", "graft"),
    "heal": ("curar", "heal"),
    "lasting": ("crear un efecto duradero", "create a lasting effect"),
    "lose": ("perder Æmbar", "lose Æmber"),
    "lose-chains": ("perder cadenas", "shed chains"),
    "make-token": ("crear una criatura ficha", "make a token creature"),
    "move-aember": ("mover Æmbar", "move Æmber"),
    "move-creature": ("mover una criatura", "move a creature"),
    "move-to-battleline": ("poner en la línea de batalla", "put into the battleline"),
    "pay": ("pagar Æmbar", "pay Æmber"),
    "play-card": ("jugar una carta", "play a card"),
    "play-top-of-deck": ("jugar la carta superior del mazo", "play the top card of the deck"),
    "purge": ("purgar", "purge"),
    "put-into-play": ("poner en juego", "put into play"),
    "put-on-top-of-deck": ("poner encima del mazo", "put on top of the deck"),
    "put-under": ("poner debajo", "put under"),
    "raise-tide": ("subir la marea", "raise the tide"),
    "random-from-zone": ("tomar al azar", "take at random"),
    "ready": ("preparar", "ready"),
    "reap-with": ("cosechar con", "reap with"),
    "redirect-fight-damage": ("desviar el daño de lucha", "redirect fight damage"),
    "repeat": ("repetir", "repeat"),
    "resolve-bonus-icons": ("resolver sus iconos de bonificación", "resolve its bonus icons"),
    "return-aember": ("devolver el Æmbar capturado", "return captured Æmber"),
    "return-purged": ("devolver las cartas purgadas", "return the purged cards"),
    "return-to-hand": ("devolver a la mano", "return to hand"),
    "reveal-random": ("revelar al azar", "reveal at random"),
    "sacrifice": ("sacrificar", "sacrifice"),
    "save": ("salvar de la destrucción", "save from destruction"),
    "search": ("buscar", "search"),
    "select": ("seleccionar", "select"),
    "shuffle-into-deck": ("barajar en el mazo", "shuffle into the deck"),
    "steal": ("robar Æmbar", "steal Æmber"),
    "stun": ("aturdir", "stun"),
    "swap": ("intercambiar de posición", "swap"),
    "take-control": ("tomar el control", "take control"),
    "trigger-ability": ("resolver una habilidad", "resolve an ability"),
    "unforge": ("desforjar una llave", "unforge a key"),
    "use": ("usar", "use"),
    "ward": ("escudar", "ward"),
}


def effect_label(verb: str, lang: str = "es") -> str:
    """The effect as a question names it (the vocabulary word itself if it has no label yet)."""
    es, en = EFFECT_LABELS.get(verb, (verb, verb))
    return en if lang == "en" else es


def ability_label(ability: dict[str, Any], index: int, lang: str = "es") -> str:
    """An ability offered as an option: its own label, else its number and what its effects do, so a judge can tell
    two abilities of one card apart."""
    if isinstance(ability.get("label"), str):
        return ability["label"]
    effects = ability.get("effects") if isinstance(ability.get("effects"), list) else []
    verbs = [effect_label(e["do"], lang) for e in effects if isinstance(e, dict) and isinstance(e.get("do"), str)]
    head = f"{'Ability' if lang == 'en' else 'Habilidad'} {index + 1}"
    return f"{head}: {', '.join(verbs)}" if verbs else head


ZONE_NAMES: dict[str, tuple[str, str]] = {
    "hand": ("la mano", "hand"), "deck": ("el mazo", "deck"), "discard": ("la pila de descartes", "discard pile"),
    "archives": ("los archivos", "archives"), "purged": ("las cartas purgadas", "purged cards"),
    "battleline": ("la línea de batalla", "battleline"), "artifacts": ("los artefactos", "artifacts"),
    "revealed": ("las cartas reveladas", "revealed cards"),
}


def zone_name(zone: str, lang: str = "es") -> str:
    es, en = ZONE_NAMES.get(zone, (zone, zone))
    return en if lang == "en" else es


def times_es(n: int) -> str:
    """«1 vez», «3 veces»."""
    return f"{n} vez" if n == 1 else f"{n} veces"


def times_en(n: int) -> str:
    """"once", "twice", "3 times"."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def counted(n: int, one: str, many: str) -> str:
    """A known number with its noun in the right number, in either language: «1 carta», «3 cartas», "1 card"."""
    return f"{n} {one if n == 1 else many}"


def to_zone_es(zone: str) -> str:
    """Where a card goes, in Spanish: «a la mano», «al mazo»."""
    name = zone_name(zone)
    return "al " + name[3:] if name.startswith("el ") else "a " + name


HOUSE_NAMES: dict[str, tuple[str, str]] = {
    "brobnar": ("Brobnar", "Brobnar"), "dis": ("Dis", "Dis"), "ekwidon": ("Ekwidon", "Ekwidon"),
    "geistoid": ("Geistoid", "Geistoid"), "logos": ("Logos", "Logos"), "mars": ("Marte", "Mars"),
    "sanctum": ("Sanctum", "Sanctum"), "saurian": ("Saurio", "Saurian"), "shadows": ("Sombras", "Shadows"),
    "skyborn": ("Skyborn", "Skyborn"), "staralliance": ("Alianza Estelar", "Star Alliance"),
    "unfathomable": ("Unfathomable", "Unfathomable"), "untamed": ("Indómitos", "Untamed"),
    "redemption": ("Redemption", "Redemption"), "keyraken": ("Keyraken", "Keyraken"), "elders": ("Elders", "Elders"),
    "ironyx": ("Ironyx", "Ironyx"), "prophecy": ("Prophecy", "Prophecy"), "tide": ("Tide", "Tide"),
}
"""House names as a judge reads them (houses without a known Spanish name keep their own)."""


def house_name(house: str, lang: str = "es") -> str:
    es, en = HOUSE_NAMES.get(house, (house.capitalize(), house.capitalize()))
    return en if lang == "en" else es


ICON_NAMES: dict[str, tuple[str, str]] = {
    "aember": ("Æmbar", "Æmber"), "capture": ("capturar", "capture"), "damage": ("daño", "damage"),
    "draw": ("robar carta", "draw"), "discard": ("descartar", "discard"), "steal": ("robar Æmbar", "steal"),
}


def icon_name(icon: str, lang: str = "es") -> str:
    """A bonus icon by its name on the card (Spanish) or in English."""
    es, en = ICON_NAMES.get(icon, (icon, icon))
    return en if lang == "en" else es


KEY_COLORS: dict[str, tuple[str, str]] = {"red": ("La llave roja", "The red key"), "blue": ("La llave azul", "The blue key"),
                                          "yellow": ("La llave amarilla", "The yellow key")}


def key_color(color: str, lang: str = "es") -> str:
    es, en = KEY_COLORS.get(color, (color, color))
    return en if lang == "en" else es

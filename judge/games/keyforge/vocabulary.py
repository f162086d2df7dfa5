"""The ability vocabulary of KeyForge: the words its cards' abilities are written in (``docs/abilities.md``).

This module only declares the words; :mod:`judge.core.vocabulary` checks a card against them and
:mod:`judge.games.keyforge.effects` gives each effect its meaning. A test checks that every declared effect has an
implementation, so a card can never use a word the engine does not understand.
"""

from __future__ import annotations

from judge.core.vocabulary import Choice, Vocabulary

KEYWORDS = {
    "alpha", "assault", "capture", "deploy", "elusive", "exalt", "graft", "haunted", "hazardous", "heal",
    "invulnerable", "omega", "poison", "skirmish", "splash-attack", "steal", "taunt", "treachery", "versatile",
    "gigantic",
}
"""Keywords of the master rulebook (17.2, PALABRAS CLAVE), plus Gigantic which the glossary treats as one."""

NOT_CARD_KEYWORDS = {"capture", "exalt", "graft", "haunted", "heal", "steal"}
"""Words PALABRAS CLAVE lists that an ability does (``do = "capture"``, ``"exalt"``, ``"graft"``, ``"heal"``,
``"steal"``) or that a player is (``haunted``, a condition): never a keyword in a card's keyword line, and nothing
reads them there."""

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
    "fate": "Fate: — when the card is revealed to fulfil its owner's opponent's prophecy (prophecies are not modelled yet)",
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
    "key-cost": "modify the key cost of `player` (you, opponent or each) by `amount`, while `if` holds",
    "hand-size": "`player` (you, opponent or each) refills their hand to `amount` more cards, while `if` holds",
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
    "redirect-entering": "a card matching `target` that would be put into `zone` (with `from = \"play\"`: from play) goes to its owner's `to` instead",
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
    "may-play": "its controller may play `count` card(s) matching `filter` whatever the active house (and, where the rulebook allows it, beyond the first-turn limit)",
    "state-check": "whenever `if` holds as the game state is checked, `effects` resolve as an ability of this card",
}

EFFECTS: dict[str, dict[str, str]] = {
    # Æmber (glossary ÆMBAR, CAPTURAR, ROBAR (ÆMBAR)).
    "gain": {"amount": "amount", "player": "player"},
    "lose": {"amount": "amount", "player": "player"},
    "steal": {"amount": "amount", "player": "player"},
    "capture": {"amount": "amount", "onto": "target", "from-event": "bool", "from": "pools"},
    "return-aember": {"target": "target"},
    # Creatures and damage.
    "deal-damage": {"amount": "amount", "target": "target", "splash": "amount", "if-destroyed": "effects",
                    "if-not-destroyed": "effects"},
    "heal": {"amount": "amount", "target": "target"},
    "destroy": {"target": "target", "with": "target"},
    "sacrifice": {"target": "target", "total-power-at-least": "amount"},
    "stun": {"target": "target"},
    "exhaust": {"target": "target"},
    "ready": {"target": "target"},
    "enrage": {"target": "target"},
    "ward": {"target": "target"},
    "add-power": {"amount": "amount", "target": "target"},
    "fight-with": {"target": "target", "ready": "bool", "against": "target", "times": "amount", "different": "bool"},
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
    "forge-key": {"player": "player", "cost": "amount", "color": "key-color"},
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
    "move-aember": {"amount": "amount", "from": "target", "from-pool": "player", "from-supply": "bool", "to": "destination"},
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
    # The deck and counters (the card pool's words).
    "put-on-bottom-of-deck": {"target": "target"},
    "look-at-top": {"amount": "amount", "player": "player", "hand": "amount", "archive": "amount", "bottom": "amount",
                    "discard": "amount"},
    "discard-until": {"player": "player", "filter": "filter"},
    "choose-player": {},
    "add-counter": {"name": "counter", "amount": "amount", "target": "target"},
    "remove-counter": {"name": "counter", "amount": "amount", "target": "target"},
    "unstun": {"target": "target"},
}
"""Each effect with its parameters and their kinds. Every effect may also carry ``if`` (a condition), ``may``
(the player may decline) and ``then`` (effects that happen only "if you do")."""

COMMON_EFFECT_KEYS = {"do", "if", "may", "then", "note", "instead", "for-each", "chooser", "each"}
DURATIONS = {"turn", "until-your-next-turn", "while-in-play", "while-controlled", "next-time", "until-leaves-play", "opponents-next-turn", "once"}
PLAYERS = {"you", "opponent", "controller", "owner", "active", "its-controller", "its-owner", "chosen"}
SIDES = {"friendly", "enemy", "any"}
KINDS = {"creature", "artifact", "upgrade", "card", "action", "creature-or-artifact"}
TARGET_KEYS = {"choose", "all", "kind", "side", "filter", "up-to", "chooser", "zone"}
FILTERS = {"house", "not-house", "trait", "not-trait", "power-at-most", "power-at-least", "damaged", "undamaged",
           "exhausted", "ready", "flank", "neighbor-of-self", "neighbor-of-it", "not-self", "not-it", "most-powerful",
           "least-powerful", "keyword", "name", "token", "center", "enraged", "stunned", "warded", "left-flank",
           "right-flank", "has-amber", "power-parity", "top-of-discard", "top-of-deck", "event-house", "power-below-each", "name-ref", "not-chosen", "self", "type", "shares-trait-with-it", "house-in-play", "among-it", "host-of-self", "left-of-self", "right-of-self", "chosen", "no-bonus-icons",
           "shares-house-with-it", "shares-house-with-neighbor", "neighbor-of-host", "bottom-of-deck"}
ABILITY_KEYS = {"trigger", "effects", "effect", "event", "filter", "whose", "note", "if", "instead", "label", "zone",
                "incomplete"}
NAMED_TARGETS = {"self", "host", "attacker", "defender", "it", "each-neighbor", "that-creature", "granter", "event-card",
                 "chosen", "defender-neighbors"}


def _one_of(what: str, words: set[str] | tuple[str, ...]) -> Choice:
    return Choice(frozenset(words), f"{what} is one of {', '.join(sorted(words))}", f"{what} es uno de {', '.join(sorted(words))}")


VOCABULARY = Vocabulary(
    keywords=frozenset(KEYWORDS), triggers=TRIGGERS, events=frozenset(EVENTS), constant_effects=CONSTANT_EFFECTS,
    effects=EFFECTS, common_effect_keys=frozenset(COMMON_EFFECT_KEYS), ability_keys=frozenset(ABILITY_KEYS),
    named_targets=frozenset(NAMED_TARGETS), target_keys=frozenset(TARGET_KEYS), filters=frozenset(FILTERS),
    sides=frozenset(SIDES), kinds=frozenset(KINDS), default_kind="creature",
    choices={
        "player": _one_of("player", PLAYERS),
        "player-or-each": Choice(frozenset(PLAYERS | {"each"}), f"player is \"each\" or one of {', '.join(sorted(PLAYERS))}",
                                 f"player es \"each\" o uno de {', '.join(sorted(PLAYERS))}"),
        "pools": Choice(frozenset({"opponent", "any", "own"}),
                        "from is \"opponent\", \"own\" (its own side) or \"any\" (any combination of pools)",
                        "from es \"opponent\", \"own\" (su propio lado) o \"any\" (cualquier combinación de reservas)"),
        "duration": Choice(frozenset(DURATIONS), f"duration is one of {', '.join(sorted(DURATIONS))}",
                           f"duration es uno de {', '.join(sorted(DURATIONS))}", documented=True),
        "key-color": Choice(frozenset({"red", "blue", "yellow"}), "color is red, blue or yellow", "color es red, blue o yellow"),
        "repeat-scope": Choice(frozenset({"previous", "ability"}),
                               "what is \"previous\" (the preceding effect) or \"ability\" (all of it)",
                               "what es \"previous\" (el efecto anterior) o \"ability\" (toda la habilidad)"),
    },
    structures={"lasting-trigger": "event-ability"},
    constant_requires={"play-restriction": ("if", "a play restriction names its condition (if = ...)",
                                            "una restricción de juego nombra su condición (if = ...)"),
                       "state-check": ("if", "a state check names its condition (if = ...)",
                                       "una comprobación de estado nombra su condición (if = ...)")},
    constant_parts={"gain-ability": {"ability": "ability"}, "instead-of-dealing-damage": {"effects": "effects"},
                    "state-check": {"effects": "effects"}},
)
"""The vocabulary a KeyForge card is checked against."""

"""The ability vocabulary of Mitos y Leyendas: the words a card's abilities are written in.

This module only declares the words (each documented in ``docs/abilities-mitos-y-leyendas.md``):
:mod:`judge.core.vocabulary` checks a card's abilities against them and the interpreter in
:mod:`judge.games.mitos_y_leyendas.effects` gives each its meaning. A test checks that every declared effect has an
implementation, so a card can never use a word the engine does not understand.

The FAQ's own classification of abilities is kept as it is (Tipos de Habilidades): ``disparada`` (triggered),
``activada`` (activated, with a cost in the text box), ``continua`` (works while the source is in play) and
``permanente`` (lasts the whole game; refused as a kind of its own, see :mod:`.usage`). Anular, cancelar,
prevenir and "en respuesta" are four different effects.
"""

from __future__ import annotations

from typing import Any

from judge.core.errors import Problem
from judge.core.vocabulary import Choice, Vocabulary
from judge.games.mitos_y_leyendas import conditions

TYPES = ("aliado", "talisman", "totem", "arma", "oro")
"""Card types (Aliado, Talismán, Tótem, Arma, Oro)."""
CARD_TYPE = Choice(frozenset(TYPES), f"type is one of {', '.join(TYPES)}", f"el tipo es uno de {', '.join(TYPES)}")

ABILITY_KINDS = {
    "disparada": "triggered: happens when `on` happens, without the controller's choice (`may` makes it optional)",
    "activada": "activated: the controller pays `cost` to resolve `effects`; optional; `once-per-turn` limits it",
    "continua": "continuous: applies `grant` or `strength` to `target` while the source is in play",
    "permanente": "the FAQ's permanent abilities, refused as a kind of their own: write the ability that makes the "
                  "effect happen with `until = \"permanente\"`",
    "jugar": "what a Talismán does when it resolves (all of it or nothing)",
}

TRIGGERS = {
    "entra-en-juego": "this card enters play",
    "destruido": "this card is destroyed",
    "sale-del-juego": "this card leaves play (destroyed, banished, shuffled, returned to hand…)",
    "otro-sale-del-juego": "another card matching `filter` leaves play",
    "carta-jugada": "a card matching `filter` is played (step 4 of playing a card)",
    "comienzo-agrupacion": "at the start of each Fase de Agrupación",
    "comienzo-vigilia": "at the start of the Fase de Vigilia",
    "comienzo-fase-final": "at the start of the Fase Final",
    "fase-final": "in the Fase Final (announced before the turn ends)",
    "ataca": "this Aliado is declared an attacker (its ability resolves at step c of the declaration)",
    "portador-ataca": "the Aliado carrying this Arma is declared an attacker",
    "portador-hace-dano": "the Aliado carrying this Arma deals combat damage to the opponent's castle",
    "bloqueado": "this Aliado attacks and is blocked",
    "hace-dano": "this Aliado deals combat damage to the opponent's castle (an Arma's bearer: `portador-hace-dano`)",
    "destruido-en-combate": "this Aliado is destroyed by strength comparison in the Asignación de Daño",
    "en-agrupacion": "in the Fase de Agrupación (its step c)",
    "robo-fase-final": "in the Fase Final, among the effects that interact with drawing (its step d)",
    "mostrada": "this card is shown from its owner's hand by an effect of a card its owner controls",
    "otro-entra-en-juego": "another card matching `filter` enters play",
    "otro-destruido": "another card matching `filter` is destroyed",
    "bloquea": "this Aliado is declared a blocker (its ability resolves at step c of the block declaration)",
    "bloqueos-declarados": "the blocks have been declared (step c of the block declaration); it can be cancelled",
    "no-ataca": "this Aliado is not declared an attacker in its controller's turn: when the attack is declared, or in "
                "the Fase Final if there was no attack",
    "descartada": "this card is discarded from its owner's hand (`filter.by = \"own\"`: by an ability its owner "
                  "controls or a Talismán its owner played)",
    "oponente-descarta": "the opponent discards cards from their own hand by an effect (not by this card's own "
                         "discard)",
}

EFFECTS = {
    "destruir": "destroy the targets: they go to their owner's Cementerio (with `types`: one of each of those types)",
    "botar": "the `player` puts `amount` cards from the top of their Mazo Castillo into their Cementerio (direct damage)",
    "robar": "the `player` draws `amount` cards from their Mazo Castillo",
    "descartar": "the `player` discards `amount` cards of their choice from their hand",
    "desterrar": "banish the targets (Destierro)",
    "a-la-mano": "return the targets to their owner's hand",
    "barajar": "shuffle the targets into their owner's Mazo Castillo",
    "barajar-del-cementerio": "the controller shuffles exactly `amount` other cards of their Cementerio into their castle",
    "fuerza": "change the strength of the targets: `mode` bonus (+`amount`), double or set (= `amount`), until `until`",
    "no-puede-atacar": "the targets cannot be declared attackers, until `until`",
    "no-puede-bloquear": "the targets cannot block, until `until`",
    "ganar-control": "the controller gains control of the targets, until `until`",
    "anular": "annul the card being played that is `target`: it never resolves and goes to its owner's Cementerio",
    "cancelar": "cancel the ability being used, of a card that fits `target` if it has one: it does nothing; its "
                "costs stay paid",
    "prevenir": "the next time `event` (`destruir`: the only one) would happen to the targets this turn, it does not "
                "happen",
    "buscar": "search `zone` (the player chooses which of `zones` first) for a card matching `filter`; put it `to`",
    "cancelar-ataque": "the attack is cancelled: attackers return to the Línea de Defensa, the battle ends",
    "cancelar-bloqueo": "the blocks are cancelled: the battle goes on with every attacker unblocked",
    "reducir-dano": "the combat damage the `player`'s castle (the controller's by default) receives this turn, or the "
                    "direct damage answered, becomes 0",
    "jugar-carta": "the controller plays a card matching `filter` from `zone` (it can be annulled like any card played)",
    "agrupar-oro": "move the controller's Oros from the Oro Pagado to the Reserva de Oro",
    "sin-habilidades": "the targets lose their abilities (a blank text box), until `until`",
    "intercambiar": "the controller gives one of their Aliados to the opponent and takes the opponent's `target`",
    "prohibir-nombre": "the controller names a card: cards of that name cannot be played, until `until`",
    "bloquear-cementerio": "the `player` cannot play with their Cementerio (counting its cards is allowed), until `until`",
    "invertir-bonos": "the strength bonuses of the `player`'s Aliados apply negatively, until `until`",
    "al-final-del-turno": "a delayed effect: `effects` happen in the Fase Final (step d), `may` makes them optional",
    "sin-habilidades-en-batalla": "in this battle the `player` cannot use triggered or activated abilities",
    "mostrar": "the controller shows a card of their hand matching `filter`",
    "ordenar-tope": "the controller puts the top `amount` cards of their Mazo Castillo back in the order they choose",
    "al-tope": "put the targets on top of their owner's Mazo Castillo (what they carry goes to the Cementerio)",
    "elegir": "the `chooser` (the controller by default) chooses one of `options` (each with `label` and `effects`)",
    "copiar": "this card becomes a copy of the target: `mode` total, fuerza-y-habilidad or habilidad",
    "copiar-talisman": "the effect of a Talismán of the controller's Cementerio happens as this card's own",
    "bloqueo-global": "until `until`, no Talismán is played and no ability is activated or triggered, by anyone",
    "reducir-coste": "the targets cost `amount` less to play, until `until`",
    "sin-habilidades-nombre": "the controller names a card in play other than this one: cards of that name lose their "
                              "abilities in every zone, until `until` (Miroku: `fuente-en-juego`, while the "
                              "source is in play)",
}

GRANTS = {
    "imbloqueable": "cannot be blocked",
    "debe-ser-bloqueado": "must be blocked by one of the defender's Aliados if any can block it",
    "ataca-al-entrar": "may be declared an attacker the turn it enters play (checked as it enters)",
    "no-puede-portar-armas": "cannot carry Armas",
    "armas-extra": "can carry `amount` more Armas",
    "no-puede-ser-cancelada": "its abilities cannot be cancelled",
    "indestructible": "cannot be destroyed: not a valid target of a destruction, nor destroyed in combat (it "
                      "leaves play only as its text says)",
    "inafectable-talismanes-oponentes": "cannot be chosen by an opponent's Talismán (its controller can still act on it)",
    "inafectable-talismanes": "cannot be affected by Talismanes (its controller can still act on it)",
    "indestructible-por-talismanes": "cannot be destroyed by Talismanes",
    "indestructible-por-aliados": "cannot be destroyed by the abilities of Aliados",
    "solo-sale-por-dano-de-combate": "leaves play only by combat damage: no effect destroys, banishes, shuffles or "
                                     "returns it",
    "sin-habilidades": "loses its abilities (a blank text box) while the source is in play",
    "jugable-desde-cementerio": "this card may be played from its owner's Cementerio, as from the hand",
    "no-puede-ser-anulada": "this card cannot be annulled when it is played",
    "aliados-en-guerra": "its controller may play Aliados in the Guerra de Talismanes",
}

TARGET_KEYS = {
    "choose": "how many the controller chooses (or `all`)",
    "type": "a card type",
    "race": "a race (Campeón covers its old sub-races)",
    "side": "`own`, `opponent` or `any` (the default)",
    "cost-max": "printed cost at most",
    "cost-min": "printed cost at least",
    "strength-max": "current strength at most (the printed one out of play)",
    "self": "this card",
    "bearer": "the Aliado carrying this Arma, if it fits the other keys",
    "not-oro": "not an Oro",
    "other": "not this card",
    "zone": "where to look (the default: in play)",
    "name": "a card of this name",
    "attacking": "declared attacker",
    "up-to": "up to `choose` (fewer allowed)",
    "race-not": "not of this race",
    "name-not": "not a card of this name",
    "unarmed": "bearing no Arma",
    "previous": "the cards the previous instruction acted on",
    "responded": "the card being played that this answers",
    "unblocked": "not blocked",
    "weakest": "of the lowest strength among those that fit (ties: the chooser chooses)",
    "cost-named": "of the cost the controller names (asked once for the whole effect)",
    "unaffected": "not a card that the card this answers would affect",
}

CHARACTERISTICS = ("type", "not-oro", "race", "race-not", "name", "name-not", "cost-min", "cost-max", "strength-max")
"""The target keys that read what a card is, wherever the card is; the others read where it is in play (attacking,
bearing no Arma…) or what the effect did (previous, responded)."""

DURATIONS = {
    "fase-final": "until the Fase Final of this turn (the default, FAQ: Duración de un efecto o habilidad)",
    "turno": "until the end of the turn",
    "proximo-turno": "until the next turn, whoever's it is (ends at step d of its Agrupación, FAQ L218)",
    "permanente": "for the rest of the game (only while the card stays in play, if it is on a card)",
    "fuente-en-juego": "while the source stays in play",
}


def condition_problems(condition: Any, where: str) -> list[Problem]:
    """A condition of the game's own grammar (:mod:`conditions`), checked where it is written."""
    return [Problem(where, en, es) for en, es in conditions.problems(condition)]


_PARTS = {"effects": "effects", "cost": "effects", "condition": "condition"}
"""Every kind of ability may have its instructions, the costs its text asks and the condition it needs."""

VOCABULARY = Vocabulary(
    keywords=frozenset(), triggers=ABILITY_KINDS, events=frozenset(TRIGGERS), constant_effects={},
    effects={word: {} for word in EFFECTS}, common_effect_keys=frozenset({"do", "then"}), ability_keys=None,
    named_targets=None, target_keys=frozenset(TARGET_KEYS), filters=None, sides=None, kinds=None, default_kind="",
    choices={"duration": Choice.one_of("a duration", "una duración", DURATIONS, documented=True),
             "grant": Choice.one_of("grant", "grant", GRANTS)},
    trigger_key="kind", constant_trigger="", event_trigger="disparada", event_key="on",
    # A continuous ability's ``cost`` is what it changes in the cost of cards (``{ amount = -1 }``), not a cost paid.
    ability_parts={**{kind: _PARTS for kind in ABILITY_KINDS},
                   "continua": {"effects": "effects", "condition": "condition", "grant": "grant"}},
    shared_parameters={"until": "duration", "target": "target", "effects": "effects", "options": "labelled-options"},
    strict_parameters=False, checkers={"condition": condition_problems},
    word_choices={"trigger": Choice.one_of("kind", "kind", ABILITY_KINDS),
                  "event": Choice(frozenset(TRIGGERS), f"a triggered ability says when: one of {', '.join(TRIGGERS)}",
                                  f"una habilidad disparada dice cuándo: una de {', '.join(TRIGGERS)}"),
                  "effect": Choice.one_of("an effect", "un efecto", EFFECTS)},
    target_count_required=False,
)
"""The vocabulary a Mitos y Leyendas card is checked against."""

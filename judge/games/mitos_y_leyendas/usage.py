"""Uses of declared words that the engine cannot rule on, refused when a card is checked so that a card written
with them is never ruled wrongly.

The core checker (:mod:`judge.core.vocabulary`) knows the words and the kinds of their parameters; it does not know
which values of ``player`` the interpreter reads, which keys a ``filter`` is checked on, or which ``event`` a
prevention waits for. This module says so, each refusal with what the engine does instead and, where it is one, the
decision it rests on (``docs/mitos-y-leyendas-decisions.md``, decision ``vocabulary-limits``).
"""

from __future__ import annotations

from typing import Any
from collections.abc import Iterator

from judge.core.errors import Problem
from judge.games.mitos_y_leyendas.vocabulary import CHARACTERISTICS, DURATIONS, EFFECTS

PLAYERS = ("you", "opponent", "each")
"""What ``player``, ``chooser`` and ``copies`` may name (:func:`effects.player_of`)."""
ONE_PLAYER = ("you", "opponent")
"""What ``by`` may name: one player discards."""
SIDES = ("own", "opponent", "any")
IN_PLAY_ONLY = ("attacking", "unarmed", "unblocked", "unaffected", "cost-named")
"""Target keys that read where a card is in play or what the card being answered does: read only in play."""
FILTERED = ("otro-sale-del-juego", "otro-destruido", "otro-entra-en-juego", "carta-jugada", "descartada")
"""The triggers whose ``filter`` is read (:func:`triggers._fits`)."""
FILTER_KEYS = frozenset({*CHARACTERISTICS, "side"})
"""What a ``filter`` is checked on (``board.characteristics_fit``, and whose the card is)."""
PREVENTED = ("destruir",)
"""What a prevention can stop: only destruction waits for one (:meth:`Game.destroy`, Cartas de prevención, FAQ L155)."""
LASTING = ("fuerza", "no-puede-atacar", "no-puede-bloquear", "sin-habilidades", "ganar-control", "prohibir-nombre",
           "sin-habilidades-nombre", "bloquear-cementerio", "invertir-bonos", "bloqueo-global", "reducir-coste")
"""The effects that are kept with their duration (:func:`effects.lasting.keep`); any other one happens once."""
STRENGTH_MODES = ("bonus", "double", "set")
COPY_MODES = ("total", "fuerza-y-habilidad", "habilidad")
SELF_GRANTS = ("jugable-desde-cementerio", "no-puede-ser-anulada")
"""Grants read from the card's own text only: they are about this card."""


def problems(abilities: Any, where: str, card_type: Any = None) -> list[Problem]:
    """Every use in a card's abilities that the engine would not rule on as the vocabulary describes it."""
    if not isinstance(abilities, list):
        return []
    out: list[Problem] = []
    for i, ability in enumerate(abilities):
        if not isinstance(ability, dict):
            continue
        if ability.get("kind") == "jugar" and card_type not in (None, "talisman"):
            # Only a Talismán resolves what it does as it is played (Pasos para jugar una carta, step 6, FAQ L33).
            out.append(Problem(f"{where}[{i}].kind", f"only a Talismán has a 'jugar' ability, not a {card_type}: write "
                               "what happens as it enters play with on = \"entra-en-juego\"",
                               f"solo un Talismán tiene una habilidad «jugar», no un {card_type}: escribe lo que "
                               "ocurre al entrar en juego con on = \"entra-en-juego\""))
        out.extend(_ability(ability, f"{where}[{i}]"))
    return out


def effect_problems(effects: Any, where: str) -> list[Problem]:
    """The same for a list of instructions outside an ability (an additional cost)."""
    return [p for effect, at in _effects(effects, where) for p in _effect(effect, at)]


def _ability(ability: dict[str, Any], where: str) -> list[Problem]:
    out = []
    kind = ability.get("kind")
    if kind == "permanente":
        out.append(Problem(f"{where}.kind", "the engine cannot tell when a 'permanente' ability happens: write the "
                           "ability that makes it happen (disparada, activada, jugar) with until = \"permanente\" on "
                           "its effects", "el motor no sabe cuándo ocurre una habilidad «permanente»: escribe la "
                           "habilidad que la hace ocurrir (disparada, activada, jugar) con until = \"permanente\" en "
                           "sus efectos"))
    if "filter" in ability:
        out.extend(_trigger_filter(ability, f"{where}.filter"))
    target = ability.get("target", {"self": True})
    if kind == "continua" and ability.get("grant") in SELF_GRANTS and not (isinstance(target, dict) and target.get("self")):
        out.append(Problem(f"{where}.target", f"{ability['grant']} is about this card only: it takes no other target",
                           f"{ability['grant']} trata solo de esta carta: no admite otro objetivo"))
    strength = ability.get("strength")
    if isinstance(strength, dict) and strength.get("mode", "bonus") not in STRENGTH_MODES:
        out.append(_one_of(f"{where}.strength.mode", "mode", STRENGTH_MODES))
    if isinstance(ability.get("target"), dict):
        out.extend(_target(ability["target"], f"{where}.target"))
    for key in ("effects", "cost"):
        out.extend(effect_problems(ability.get(key), f"{where}.{key}"))
    return out


def _one_of(where: str, key: str, words: tuple[str, ...]) -> Problem:
    return Problem(where, f"{key} is one of {', '.join(words)}", f"{key} es uno de {', '.join(words)}")


def _trigger_filter(ability: dict[str, Any], where: str) -> list[Problem]:
    on, filt = ability.get("on"), ability.get("filter")
    if on not in FILTERED:
        return [Problem(where, f"'{on}' does not read a filter (only {', '.join(FILTERED)} do)",
                        f"«{on}» no lee un filtro (solo lo leen {', '.join(FILTERED)})")]
    if not isinstance(filt, dict):
        return [Problem(where, "filter is a table", "filter es una tabla")]
    if on == "descartada":
        if any(k != "by" for k in filt) or filt.get("by", "own") != "own":
            return [Problem(where, "descartada's filter only says by = \"own\"",
                            "el filtro de descartada solo dice by = \"own\"")]
        return []
    return _filter_keys(filt, where, FILTER_KEYS)


def _filter_keys(filt: Any, where: str, known: frozenset[str]) -> list[Problem]:
    if not isinstance(filt, dict):
        return [Problem(where, "filter is a table", "filter es una tabla")]
    words = ", ".join(sorted(known))
    out = [Problem(f"{where}.{k}", f"a filter is checked only on {words}", f"un filtro solo se comprueba en {words}")
           for k in filt if k not in known]
    if filt.get("side", "any") not in SIDES:
        out.append(Problem(f"{where}.side", f"side is one of {', '.join(SIDES)}", f"side es uno de {', '.join(SIDES)}"))
    return out


def _effects(effects: Any, where: str) -> Iterator[tuple[dict[str, Any], str]]:
    """Every instruction of a list, with those nested in it (``then``, a delayed effect's, each option's)."""
    if not isinstance(effects, list):
        return
    for i, effect in enumerate(effects):
        if not isinstance(effect, dict):
            continue
        at = f"{where}[{i}]"
        yield effect, at
        for key in ("then", "effects"):
            yield from _effects(effect.get(key), f"{at}.{key}")
        for j, option in enumerate(effect.get("options", []) if isinstance(effect.get("options"), list) else []):
            if isinstance(option, dict):
                yield from _effects(option.get("effects"), f"{at}.options[{j}].effects")


def _effect(effect: dict[str, Any], where: str) -> list[Problem]:
    out = []
    # One player chooses one of the options ("elegir"); "each" would be read as the first player only.
    chooser = ONE_PLAYER if effect.get("do") == "elegir" else PLAYERS
    for key, allowed in (("player", PLAYERS), ("chooser", chooser), ("copies", PLAYERS), ("by", ONE_PLAYER)):
        if key in effect and effect[key] not in allowed:
            out.append(Problem(f"{where}.{key}", f"{key} is one of {', '.join(allowed)}",
                               f"{key} es uno de {', '.join(allowed)}"))
    word = effect.get("do")
    if word not in EFFECTS:
        return out  # the vocabulary's own check says what is wrong with it
    if effect.get("until") in DURATIONS and word not in LASTING:
        out.append(Problem(f"{where}.until", f"{word} happens once: it does not last (until is read by "
                           f"{', '.join(LASTING)})", f"{word} ocurre una vez: no dura (until lo leen "
                           f"{', '.join(LASTING)})"))
    if word == "fuerza" and effect.get("mode", "bonus") not in STRENGTH_MODES:
        out.append(_one_of(f"{where}.mode", "mode", STRENGTH_MODES))
    if word == "copiar" and effect.get("mode", "total") not in COPY_MODES:
        out.append(_one_of(f"{where}.mode", "mode", COPY_MODES))
    if word == "prevenir" and effect.get("event", "destruir") not in PREVENTED:
        out.append(Problem(f"{where}.event", "the engine prevents only destruction: event is destruir",
                           "el motor solo previene la destrucción: event es destruir"))
    if word == "buscar" and effect.get("side", "own") not in ("own", "opponent"):
        out.append(Problem(f"{where}.side", "a search looks in one player's zone: side is own or opponent",
                           "una búsqueda mira la zona de un jugador: side es own u opponent"))
    if "filter" in effect:
        known = FILTER_KEYS | ({"other"} if word == "jugar-carta" else set())
        out.extend(_filter_keys(effect["filter"], f"{where}.filter", frozenset(known)))
    target = effect.get("target")
    if isinstance(target, dict):
        out.extend(_target(target, f"{where}.target"))
    return out


def _target(target: dict[str, Any], where: str) -> list[Problem]:
    out = []
    if target.get("self"):
        # This card is reached whatever else the text says of it (targets.candidates, board.covers): a
        # characteristic beside self would be ignored.
        out.extend(Problem(f"{where}.{k}", "self names this card and nothing else: the engine would not check "
                           f"{k} on it", f"self nombra esta carta y nada más: el motor no comprobaría {k} en ella")
                   for k in target if k != "self")
    elif target.get("responded"):
        # The card being answered is checked on what it is (its characteristics), never on whose it is or where.
        allowed = ("responded", *CHARACTERISTICS)
        out.extend(Problem(f"{where}.{k}", f"responded is checked only on {', '.join(CHARACTERISTICS)}: the engine "
                           f"would not check {k}", f"responded solo se comprueba en {', '.join(CHARACTERISTICS)}: el "
                           f"motor no comprobaría {k}") for k in target if k not in allowed)
    if target.get("side", "any") not in SIDES:
        out.append(Problem(f"{where}.side", f"side is one of {', '.join(SIDES)}", f"side es uno de {', '.join(SIDES)}"))
    if target.get("zone", "juego") != "juego":
        out.extend(Problem(f"{where}.{k}", f"{k} is read only in play, not with zone = {target['zone']!r}",
                           f"{k} solo se lee en juego, no con zone = {target['zone']!r}")
                   for k in IN_PLAY_ONLY if k in target)
    return out

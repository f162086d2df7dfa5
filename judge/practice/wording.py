"""The facts of a position as sentences a judge reads at the table, in Spanish and English.

:func:`judge.core.explore.facts` flattens a position into ``p2.amber``, ``c3.zone``, ``c3.damage``…; a question
shows the ones on which its answers differ, each as a sentence ("Troll is in p2's discard pile", "p2 has 3 æmber").
What a judge does not see on the table (the engine's counters of what happened this turn, the order cards arrived
in) is left out, so two outcomes that differ only there are the same answer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from judge.core import explore
from judge.core.decisions import fold
from judge.core.position import Position
from judge.core.ruleset import Ruleset
from judge.games.keyforge.wording import ZONE_NAMES as KEYFORGE_ZONES

Text = dict[str, str]
"""A sentence in both languages: ``{"es": ..., "en": ...}``."""

HIDDEN_CARD = frozenset({"card", "stamp"})
"""Card facts that are the engine's bookkeeping (which card it is, when it arrived)."""
HIDDEN_PLAYER = frozenset({"usos", "usos-ajenos"})
SHOWN_VALUES = frozenset({"winner", "tide", "lasting", "efectos"})
ORDERED = frozenset({"battleline", "deck", "discard", "cementerio", "castillo", "descarte", "pila"})
"""Zones whose order the rules read (flanks, the top of a deck or a pile): elsewhere a card's place is no fact."""
"""Game-wide values a judge sees; the rest (plays and uses this turn, what happened last turn…) is bookkeeping."""

ZONES: dict[str, tuple[str, str]] = {
    # KeyForge names its zones in its trace already; an upgrade's place is read as a zone of its own
    **KEYFORGE_ZONES, "upgrade": ("las mejoras", "upgrades"),
    # Mitos y Leyendas
    "castillo": ("el Castillo", "Castle"), "mano": ("la mano", "hand"),
    "reserva-de-oro": ("la Reserva de Oro", "Gold Reserve"), "oro-pagado": ("el Oro Pagado", "Paid Gold"),
    "linea-de-defensa": ("la Línea de Defensa", "Defense Line"), "linea-de-ataque": ("la Línea de Ataque", "Attack Line"),
    "linea-de-apoyo": ("la Línea de Apoyo", "Support Line"), "jugando": ("la carta en juego", "card being played"),
    "cementerio": ("el Cementerio", "Graveyard"), "permanentes": ("los Permanentes", "Permanents"),
    "destierro": ("el Destierro", "Exile"), "removida": ("las cartas removidas", "removed cards"),
    # Gobierno & Prestigio
    "descarte": ("el descarte", "discard pile"), "recambio": ("el recambio", "replacement pile"),
    "campo": ("el campo de juego", "battlefield"), "pg": ("los puntos de gobierno", "government points"),
    "gobierno": ("el gobierno", "government"), "pila": ("la pila", "stack"),
    "fuera-del-juego": ("fuera del juego", "out of the game"),
}

COUNTS: dict[str, tuple[str, str]] = {
    # player values
    "amber": ("{s} tiene {n} de æmbar", "{s} has {n} æmber"),
    "keys": ("{s} tiene {n} llave(s) forjada(s)", "{s} has {n} forged key(s)"),
    "chains": ("{s} tiene {n} cadena(s)", "{s} has {n} chain(s)"),
    "prestigio": ("{s} tiene {n} de prestigio", "{s} has {n} prestige"),
    "riqueza": ("{s} tiene {n} de riqueza", "{s} has {n} wealth"),
    "castillo": ("{s} tiene {n} carta(s) en el Castillo", "{s} has {n} card(s) in their Castle"),
    "mano": ("{s} tiene {n} carta(s) en la mano", "{s} has {n} card(s) in hand"),
    "recambio": ("{s} tiene {n} carta(s) en el recambio", "{s} has {n} card(s) in their replacement pile"),
    # card values
    "damage": ("{s} tiene {n} de daño", "{s} has {n} damage"),
    "power": ("{s} tiene {n} contador(es) de +1 poder", "{s} has {n} +1 power counter(s)"),
    "liderazgo": ("{s} tiene {n} contador(es) de liderazgo", "{s} has {n} leadership counter(s)"),
    "strength": ("{s} tiene fuerza {n}", "{s} has strength {n}"),
    "resistencia": ("{s} tiene resistencia {n}", "{s} has toughness {n}"),
    "count": ("{s}: {n} carta(s)", "{s}: {n} card(s)"),
    "usos": ("{s} tiene {n} uso(s)", "{s} has {n} use(s)"),
    "reserva": ("{s} tiene {n} recurso(s) en su reserva", "{s} has {n} resource(s) in their reserve pool"),
    "pg.disponibles": ("{s} tiene {n} punto(s) de gobierno disponible(s)", "{s} has {n} government point(s) available"),
    "pg.count": ("{s} tiene {n} punto(s) de gobierno", "{s} has {n} government point(s)"),
}
CARD_AMBER = ("{s} tiene {n} de æmbar encima", "{s} has {n} æmber on it")

def _is(es: str, en: str) -> tuple[str, str, str, str]:
    """A state said with «está» / "is", and its negation."""
    return f"{{s}} está {es}", f"{{s}} is {en}", f"{{s}} no está {es}", f"{{s}} is not {en}"


STATES: dict[str, tuple[str, str, str, str]] = {
    "exhausted": _is("agotada", "exhausted"), "stun": _is("aturdida", "stunned"),
    "enrage": _is("enfurecida", "enraged"), "ward": _is("escudada", "warded"), "girada": _is("girada", "turned"),
    "atacando": _is("atacando", "attacking"), "bloqueando": _is("bloqueando", "blocking"),
    "bloqueado": _is("bloqueado", "blocked"), "disponible": _is("disponible", "available"),
    "face-down": ("{s} está boca abajo", "{s} is face down", "{s} está boca arriba", "{s} is face up"),
    "elusive-used": ("{s} ya usó Elusivo", "{s} has used Elusive", "{s} no ha usado Elusivo",
                     "{s} has not used Elusive"),
    "armor-used": ("{s} ya usó su armadura", "{s} has used its armor", "{s} no ha usado su armadura",
                   "{s} has not used its armor"),
    "recien-llegado": ("{s} acaba de llegar", "{s} has just arrived", "{s} no acaba de llegar",
                       "{s} has not just arrived"),
    "perdio": ("{s} ha perdido", "{s} has lost", "{s} no ha perdido", "{s} has not lost"),
    "can-attack": ("{s} puede atacar", "{s} can attack", "{s} no puede atacar", "{s} cannot attack"),
    "can-block": ("{s} puede bloquear", "{s} can block", "{s} no puede bloquear", "{s} cannot block"),
    "exists": ("{s} existe", "{s} exists", "{s} ya no existe", "{s} no longer exists"),
}
STATES["no-disponible"] = (*STATES["disponible"][2:], *STATES["disponible"][:2])

SAME_AS = {"dano": "damage", "fuerza": "strength", "boca-abajo": "face-down"}
"""One game's word for what another game's word already says (Gobierno & Prestigio's «daño» is damage)."""
COUNTS.update({word: COUNTS[same] for word, same in SAME_AS.items() if same in COUNTS})
STATES.update({word: STATES[same] for word, same in SAME_AS.items() if same in STATES})

WITH: dict[str, tuple[str, str]] = {
    "bloqueando": ("{s} está bloqueando a {v}", "{s} is blocking {v}"),
    "atacando": ("{s} está atacando a {v}", "{s} is attacking {v}"),
}
"""States that name the card they are about."""

NOW: dict[str, tuple[str, str]] = {
    "power": ("{s} tiene poder {n}", "{s} has power {n}"),
    "armor": ("{s} tiene armadura {n}", "{s} has armor {n}"),
}
"""What a ruling's expectation reads of a card as it is now, where the position's fact of the same name is something
else (``power`` in a position is +1 power counters; in an expectation it is the creature's power)."""

OF_PLAYER: dict[str, tuple[str, str]] = {
    "controller": ("{v} controla {s}", "{v} controls {s}"),
    "owner": ("{s} es de {v}", "{v} owns {s}"),
    "house": ("La Casa activa de {s} es {v}", "{s}'s active house is {v}"),
}

GAME_VALUES: dict[str, tuple[str, str]] = {
    "values.empieza": ("Empieza {v}", "{v} goes first"),
    "values.eligio": ("El último en elegir quién empieza fue {v}", "The last player to choose who goes first was {v}"),
    "values.ronda-ganador": ("Gana la ronda {v}", "{v} wins the round"),
    "stack": ("En la pila: {v}", "On the stack: {v}"),
    "passed": ("Han pasado: {v}", "Passed: {v}"),
}

HIDDEN_NAME = {"es": "Carta oculta", "en": "Hidden card"}
"""A card the position does not name (the top of a Castle, a card in a hand nobody has seen)."""

SALIENCE = {"winner": 0, "zone": 1, "count": 2, "player": 2, "of-player": 3, "state": 4, "order": 5, "turn": 6,
            "other": 7}
"""How soon a difference is worth saying: who won, where a card is, then counts, states, order and the rest."""


@dataclass
class Names:
    """Every card a question talks about, by uid, named in both languages (with its uid where two share a name)."""

    by_uid: dict[str, Text] = field(default_factory=dict)
    by_id: dict[str, Text] = field(default_factory=dict)
    players: set[str] = field(default_factory=set)
    ids: dict[str, set[str]] = field(default_factory=dict)
    """Every way a card is written (its catalog id, its names), folded, by uid."""

    @classmethod
    def of(cls, ruleset: Ruleset, positions: list[Position]) -> Names:
        names = cls()
        for position in positions:
            names.players.update(position.players)
            for uid, info in ruleset.card_view(position).items():
                name = info.get("name") or {}
                if info.get("card") == "?":
                    name = HIDDEN_NAME
                text = {"es": str(name.get("es") or info.get("card") or uid),
                        "en": str(name.get("en") or name.get("es") or info.get("card") or uid)}
                names.by_uid.setdefault(uid, text)
                names.by_id.setdefault(str(info.get("card")), text)
                names.ids.setdefault(uid, set()).update(
                    fold(str(n)) for n in [info.get("card"), *name.values()] if n)
        seen: dict[str, int] = {}
        for text in names.by_uid.values():
            seen[text["es"]] = seen.get(text["es"], 0) + 1
        for uid, text in names.by_uid.items():
            if seen[text["es"]] > 1:
                names.by_uid[uid] = {lang: f"{t} ({uid})" for lang, t in text.items()}
        return names

    def card(self, uid: str) -> Text:
        return self.by_uid.get(uid) or self.by_id.get(uid) or {"es": uid, "en": uid}

    def uid_of(self, text: str) -> str | None:
        """The uid of the card a ruling's expectation names (a uid, a catalog id or a name in any language)."""
        if text in self.by_uid:
            return text
        wanted = fold(text)
        for uid, names in self.ids.items():
            if wanted in names:
                return uid
        return None

    def named(self, value: Any) -> Text:
        """A card id, uid or name as written in a ruling's expectation, named in both languages."""
        text = str(value)
        uid = self.uid_of(text)
        if uid is not None:
            return self.card(uid)
        return self.by_id.get(text) or {"es": text, "en": text}


def visible_facts(ruleset: Ruleset, position: Position) -> dict[str, Any]:
    """The facts of ``position`` a judge sees on the table (see the module's doc for what is left out)."""
    players = set(position.players)
    facts = explore.facts(ruleset, position)
    # A card nobody has seen is no fact of its own: where it went shows in the counts (cards left in a Castle).
    hidden = {k.partition(".")[0] for k, v in facts.items() if k.endswith(".card") and v == "?"}
    out: dict[str, Any] = {}
    for key, value in facts.items():
        head, _, tail = key.partition(".")
        if head in hidden:
            continue
        if head == "values":
            if tail in SHOWN_VALUES:
                out[key] = value
        elif head in players:
            if tail not in HIDDEN_PLAYER:
                out[key] = value
        elif not tail or tail not in HIDDEN_CARD:
            out[key] = value
    # Who controls and owns a card is written only where it is not the player whose zone holds it: say it always, so
    # that an outcome that writes it and one that does not are told apart only where it differs.
    for key in [k for k in out if k.endswith(".zone")]:
        uid, (holder, dot, _) = key[: -len(".zone")], str(out[key]).partition(".")
        if dot and holder in players:
            out.setdefault(f"{uid}.controller", holder)
            out.setdefault(f"{uid}.owner", holder)
    # A zone of unseen cards is known by how many cards it holds, however the position writes it.
    for pid, player in position.players.items():
        for zone in ruleset.layout.hidden:
            out[f"{pid}.{zone}"] = len(player.zones.get(zone, ()))
    for key in [k for k in out if k.endswith(".index")]:
        zone = str(out.get(f"{key[: -len('.index')]}.zone"))
        if zone.partition(".")[2] not in ORDERED:
            del out[key]
    return out


def kind_of(key: str, players: set[str]) -> str:
    head, _, tail = key.partition(".")
    if key == "values.winner":
        return "winner"
    if not tail or head == "values":
        return "turn" if key in ("active", "turn", "step", "priority") else "other"
    if tail == "zone":
        return "zone"
    if tail == "index":
        return "order"
    if tail in OF_PLAYER:
        return "of-player"
    if tail in STATES:
        return "state"
    if tail in COUNTS or tail == "amber":
        return "player" if head in players else "count"
    return "other"


def salience(key: str, players: set[str]) -> int:
    return SALIENCE[kind_of(key, players)]


def zone_text(zone: Any, names: Names) -> Text:
    """Where a card is: ``p2.discard`` → «en la pila de descartes de p2» / "in p2's discard pile"."""
    if zone is None:
        return {"es": "fuera de la partida", "en": "out of the game"}
    text = str(zone)
    owner, dot, name = text.partition(".")
    if not dot:
        host = names.card(text)
        return {"es": f"unida a {host['es']}", "en": f"attached to {host['en']}"}
    es, en = ZONES.get(name, (name, name))
    return {"es": f"en {es} de {owner}", "en": f"in {owner}'s {en}"}


def _fill(pattern: tuple[str, str], **parts: Text | Any) -> Text:
    return {lang: pattern[i].format(**{k: v[lang] if isinstance(v, dict) else v for k, v in parts.items()})
            for i, lang in enumerate(("es", "en"))}


def show(value: Any, names: Names) -> Text:
    """A value as a judge reads it: a card by its name, a list of cards in order, yes/no, nothing."""
    if isinstance(value, bool):
        return {"es": "sí" if value else "no", "en": "yes" if value else "no"}
    if value is None:
        return {"es": "nada", "en": "nothing"}
    if isinstance(value, list):
        parts = [show(v, names) for v in value]
        if not parts:
            return {"es": "ninguna", "en": "none"}
        return {lang: ", ".join(p[lang] for p in parts) for lang in ("es", "en")}
    if isinstance(value, str) and (value in names.by_uid or value in names.by_id):
        return names.card(value)
    if isinstance(value, str) and value[:1] in "[{":
        # A list or table the facts keep as JSON (a reserve pool, uses by card): its items, not its brackets.
        try:
            parsed = json.loads(value)
        except ValueError:
            parsed = None
        if isinstance(parsed, list):
            return show(parsed, names)
        if isinstance(parsed, dict):
            items = [(show(k, names), show(v, names)) for k, v in parsed.items()]
            return {lang: ", ".join(f"{k[lang]}: {v[lang]}" for k, v in items) or "—" for lang in ("es", "en")}
    return {"es": str(value), "en": str(value)}


def sentence(key: str, value: Any, names: Names, table: dict[str, Any] | None = None, *, now: bool = False) -> Text:
    """The fact ``key`` with ``value`` as a sentence; ``table``, the outcome's facts, lists a zone's order; ``now``:
    ``key`` is an expectation's path, read of the position as it is now (see :data:`NOW`)."""
    head, _, tail = key.partition(".")
    if now and tail in NOW and isinstance(value, int):
        return _fill(NOW[tail], s=subject_of(head, names), n=value)
    if key in ("values.winner", "winner"):
        return ({"es": f"Gana {value}", "en": f"{value} wins"} if value
                else {"es": "Nadie ha ganado todavía", "en": "Nobody has won yet"})
    if key in ("values.lasting", "values.efectos"):
        n = len(json.loads(value)) if isinstance(value, str) and value.startswith("[") else 0
        return {"es": f"{n} efecto(s) duradero(s) en curso", "en": f"{n} lasting effect(s) in force"}
    if key in GAME_VALUES:
        return _fill(GAME_VALUES[key], v=show(value, names))
    if key == "stack.count":
        return {"es": f"Hay {value} objeto(s) en la pila", "en": f"There are {value} object(s) on the stack"}
    if key == "values.tide":
        return {"es": f"La marea está alta para {value or 'nadie'}", "en": f"The tide is high for {value or 'nobody'}"}
    if key == "active":
        return {"es": f"Es el turno de {value}", "en": f"It is {value}'s turn"}
    if key == "turn":
        return {"es": f"Es el turno número {value}", "en": f"It is turn {value}"}
    if key == "step":
        if not value:
            return {"es": "La partida no está en ningún paso", "en": "The game is at no step"}
        return {"es": f"La partida está en el paso «{value}»", "en": f"The game is at step “{value}”"}
    if key == "priority":
        return {"es": f"{value} tiene la prioridad", "en": f"{value} has priority"}
    subject = subject_of(head, names)
    if tail == "zone":
        where = zone_text(value, names)
        return {"es": f"{subject['es']} está {where['es']}", "en": f"{subject['en']} is {where['en']}"}
    if tail == "index":
        if table is None and isinstance(value, int):
            # A ruling's expectation names the place alone, with no outcome to list the zone from.
            return _fill(("{s} ocupa el puesto {n} de su zona", "{s} is in place {n} of its zone"), s=subject,
                         n=value + 1)
        return order_sentence(head, table or {}, names)
    if tail.endswith(".count") and tail[: -len(".count")] in ZONES:
        es, en = ZONES[tail[: -len(".count")]]
        return {"es": f"{subject['es']} tiene {value} carta(s) en {es}",
                "en": f"{subject['en']} has {value} card(s) in their {en}"}
    if tail in ZONES and isinstance(value, list):
        return _in_order(zone_text(key, names), show(value, names))
    if tail in WITH and isinstance(value, str):
        if value:
            return _fill(WITH[tail], s=subject, v=names.named(value))
        value = False  # blocking nobody is not blocking
    if tail in STATES and (isinstance(value, bool) or value is None):
        es, en, not_es, not_en = STATES[tail]
        return _fill((es, en) if value else (not_es, not_en), s=subject)
    if tail in OF_PLAYER:
        return _fill(OF_PLAYER[tail], s=subject, v=show(value, names))
    pattern = CARD_AMBER if tail == "amber" and head not in names.players else COUNTS.get(tail)
    if pattern and (isinstance(value, int) or value is None):
        return _fill(pattern, s=subject, n=value or 0)
    shown = show(value, names)
    what = tail.replace(".", " ")
    return {"es": f"{subject['es']}, {what}: {shown['es']}", "en": f"{subject['en']}, {what}: {shown['en']}"}


def subject_of(head: str, names: Names) -> Text:
    """Who or what a fact is about: a player, the game (its values), or a card by its name."""
    if head in names.players:
        return {"es": head, "en": head}
    if head in ("values", "active", "turn", "step", "priority", "winner", "stack", "passed"):
        return {"es": "la partida", "en": "the game"}
    return names.named(head)


def _in_order(where: Text, listed: Text) -> Text:
    """«La pila de descartes de p1, en orden: A, B» from «en la pila de descartes de p1»."""
    es, en = where["es"].removeprefix("en "), where["en"].removeprefix("in ")
    return {"es": f"{es[:1].upper()}{es[1:]}, en orden: {listed['es']}", "en": f"{en}, in order: {listed['en']}"}


def order_sentence(uid: str, table: dict[str, Any], names: Names) -> Text:
    """The cards of the zone ``uid`` is in, in their order on this outcome."""
    zone = table.get(f"{uid}.zone")
    cards = sorted((table[k], k[: -len(".index")]) for k in table
                   if k.endswith(".index") and isinstance(table[k], int)
                   and table.get(f"{k[: -len('.index')]}.zone") == zone)
    listed = show([u for _, u in cards], names)
    where = zone_text(zone, names)
    return _in_order(where, listed)

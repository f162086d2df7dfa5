"""A card as the engine reads it, in words: each ability of the vocabulary rendered in Spanish or English.

A judge compares this reading with the card on the table: if they differ, the engine is ruling on another card. So
the reading is made from the vocabulary alone (never from a printed text, which the project does not keep), one
sentence an ability, in the rulebook's terms: «Jugar: destruye una criatura enemiga dañada.» / "Play: Destroy a
damaged enemy creature." It is plain and literal rather than elegant; every word of the vocabulary has its phrase,
and a test keeps it so. Targets, amounts and conditions are phrased by :mod:`judge.games.keyforge.reading_parts`.

:func:`card_lines` gives what the board shows of a card: its type, keywords, armor, bonus icons and abilities.
"""

from __future__ import annotations

from typing import Any

from judge.games.keyforge.incomplete import missing_text
from judge.core.wording import cap
from judge.games.keyforge.reading_parts import (CONSTANT_PHRASES, PLAYER_VERBS, TARGET_VERBS, amount, condition,
                                                duration, event_clause, house, keyword, player_subject, say, target)
from judge.games.keyforge.wording import TRIGGER_LABELS, icon_name

TRIGGERS: dict[str, tuple[str, str]] = {
    **TRIGGER_LABELS,
    "leaves-play": ("Al abandonar el juego", "When this card leaves play"), "constant": ("", ""), "after": ("", ""),
    "start-of-turn": ("Al comienzo del turno", "At the start of the turn"),
    "end-of-turn": ("Al final del turno", "At the end of the turn"),
    "would-forge": ("Si se fuera a forjar una llave", "If a key would be forged"),
}

WHOSE: dict[str, tuple[str, str]] = {
    "yours": ("de tu turno", "of your turn"), "opponents": ("del turno de tu oponente", "of your opponent's turn"),
    "each": ("de cada turno", "of each turn"),
}

TYPES: dict[str, tuple[str, str]] = {
    "creature": ("Criatura", "Creature"), "artifact": ("Artefacto", "Artifact"), "action": ("Acción", "Action"),
    "upgrade": ("Mejora", "Upgrade"), "token-creature": ("Criatura ficha", "Token creature"),
    "archon-power": ("Poder de arconte", "Archon power"), "prophecy": ("Profecía", "Prophecy"),
    "the-tide": ("La Marea", "The Tide"),
}


def card_lines(card: Any, lang: str = "es") -> list[str]:
    """What the board shows of a card (a catalog card definition): type, power and armor, keywords, bonus icons,
    and then each ability as the engine reads it; last, what is not encoded, if anything is."""
    kind, _ = TYPES.get(card.type, (card.type, card.type))
    head = say(lang, kind, TYPES.get(card.type, (card.type, card.type))[1])
    if card.is_creature:
        head += say(lang, f" · poder {card.power}", f" · power {card.power}")
        if card.armor:
            head += say(lang, f" · armadura {card.armor}", f" · armor {card.armor}")
    lines = [head]
    if card.keywords:
        lines.append(", ".join(keyword(k, v, lang) for k, v in card.keywords) + ".")
    if card.bonus:
        lines.append(say(lang, "Bonificación: ", "Bonus: ") + ", ".join(icon_name(b, lang) for b in card.bonus) + ".")
    lines += [ability_text(a, lang) for a in card.abilities]
    if card.incomplete:
        lines.append(say(lang, "Sin codificar: ", "Not encoded: ") + missing_text(card.incomplete, lang) + ".")
    return lines


def ability_text(ability: dict[str, Any], lang: str = "es") -> str:
    """One ability, as a sentence: its trigger, then what it does."""
    trigger = ability.get("trigger", "")
    if ability.get("incomplete"):
        head = _trigger_head(ability, lang)
        return f"{head}{say(lang, 'sin codificar', 'not encoded')} ({missing_text(str(ability['incomplete']), lang)})."
    if trigger == "constant":
        return cap(constant_text(ability.get("effect", {}), lang)) + "."
    body = effects_text(ability.get("effects", []), lang)
    if ability.get("if"):
        body = say(lang, f"si {condition(ability['if'], lang)}, ", f"if {condition(ability['if'], lang)}, ") + body
    head = _trigger_head(ability, lang)
    if head.endswith(", "):
        body = body[:1].lower() + body[1:]
    return head + body + "."


def _trigger_head(ability: dict[str, Any], lang: str) -> str:
    trigger = ability.get("trigger", "")
    if trigger == "after":
        return cap(event_clause(ability.get("event", ""), ability.get("filter", {}), lang)) + ", "
    if trigger in ("start-of-turn", "end-of-turn", "would-forge"):
        es, en = TRIGGERS[trigger]
        whose = WHOSE.get(ability.get("whose", "yours" if trigger != "would-forge" else "each"), ("", ""))
        if trigger == "would-forge":
            return say(lang, f"{es}: ", f"{en}: ")
        return say(lang, f"{es.replace('del turno', whose[0])}: ", f"{en.replace('of the turn', whose[1])}: ")
    if trigger == "constant":
        return ""
    es, en = TRIGGERS.get(trigger, (trigger, trigger))
    return say(lang, f"{es}: ", f"{en}: ")


def effects_text(effects: list[dict[str, Any]], lang: str = "es") -> str:
    """A list of effects as one sentence (its parts joined in order)."""
    parts = [effect_text(e, lang) for e in effects if isinstance(e, dict)]
    text = ". ".join(cap(p) for p in parts if p)
    return text[0].upper() + text[1:] if text else text


def effect_text(e: dict[str, Any], lang: str = "es") -> str:
    """One effect, with what it carries: a condition, "you may", "for each", "if you do", "instead"."""
    text = agree(_verb(e, lang), e.get("amount", 1))
    if e.get("may"):
        text = say(lang, "si quieres, ", "you may ") + text
    if "for-each" in e:
        text += say(lang, f" ({amount(e['for-each'], lang)} veces)", f" ({amount(e['for-each'], lang)} times)")
    if "each" in e:
        text += say(lang, f", una vez por cada {target(e['each'], lang, each=True)}",
                    f", once for each {target(e['each'], lang, each=True)}")
    if e.get("chooser") in ("opponent", "controller"):
        text += say(lang, " (elige tu oponente)" if e["chooser"] == "opponent" else " (elige su controlador)",
                    " (your opponent chooses)" if e["chooser"] == "opponent" else " (its controller chooses)")
    if e.get("if"):
        text = say(lang, f"si {condition(e['if'], lang)}, ", f"if {condition(e['if'], lang)}, ") + text
    if e.get("then"):
        then = effects_text(e["then"], lang)
        text += say(lang, f". Si lo haces, {then[:1].lower()}{then[1:]}", f". If you do, {then[:1].lower()}{then[1:]}")
    instead = e.get("instead")
    if isinstance(instead, dict) and instead.get("with"):
        other = effect_text({**e, **instead["with"], "instead": None, "if": None, "then": None, "may": None}, lang)
        cond = condition(instead.get("if", {"always": True}), lang)
        text += say(lang, f". Si {cond}, en vez de eso, {other}", f". If {cond}, {other} instead")
    return text


def _verb(e: dict[str, Any], lang: str) -> str:
    verb = e.get("do", "")
    special = _SPECIAL.get(verb)
    if special is not None:
        return special(e, lang)
    if verb in PLAYER_VERBS:
        es_you, es_other, en_you, en_other = PLAYER_VERBS[verb]
        n = amount(e.get("amount", 1), lang)
        who = e.get("player", "opponent" if verb == "lose" else "you")
        if who in ("you", "controller", None):
            return say(lang, es_you.format(n=n), en_you.format(n=n))
        subject = player_subject(who, lang)
        return say(lang, f"{subject} " + es_other.format(n=n), f"{subject} " + en_other.format(n=n))
    if verb in TARGET_VERBS:
        es, en = TARGET_VERBS[verb]
        fields = {"t": target(e.get("target", "self"), lang), "n": amount(e.get("amount", 1), lang)}
        for key in ("onto", "with", "to", "from", "against"):
            if isinstance(e.get(key), (dict, str)):
                fields[key] = target(e[key], lang)
        fields.setdefault("onto", target("self", lang))  # "put under": this card, unless it names another
        return say(lang, es.format_map(_Blank(fields)), en.format_map(_Blank(fields)))
    return say(lang, f"«{verb}»", f"'{verb}'")


def agree(text: str, n: Any) -> str:
    """ "1 carta", "2 cartas": a noun written "carta(s)" agrees with the amount (any amount but 1 is plural)."""
    if n == 1:
        return text.replace("(s)", "").replace("(es)", "")
    return text.replace("(s)", "s").replace("(es)", "es")


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return "…"


def _deal_damage(e: dict[str, Any], lang: str) -> str:
    n, t = amount(e.get("amount", 1), lang), target(e.get("target", "self"), lang)
    text = say(lang, f"inflige {n} de daño a {t}", f"deal {n} damage to {t}")
    if e.get("splash"):
        s = amount(e["splash"], lang)
        text += say(lang, f" y {s} a cada uno de sus vecinos", f" and {s} to each of its neighbors")
    if e.get("if-destroyed"):
        then = effects_text(e["if-destroyed"], lang)
        text += say(lang, f". Si este daño la destruye, {then[:1].lower()}{then[1:]}",
                    f". If this damage destroys it, {then[:1].lower()}{then[1:]}")
    if e.get("if-not-destroyed"):
        then = effects_text(e["if-not-destroyed"], lang)
        text += say(lang, f". Si no queda destruida, {then[:1].lower()}{then[1:]}",
                    f". If it is not destroyed, {then[:1].lower()}{then[1:]}")
    return text


def _capture(e: dict[str, Any], lang: str) -> str:
    n = amount(e.get("amount", 1), lang)
    onto = e.get("onto", "self")
    who = target(onto, lang) if onto != "self" else say(lang, "esta criatura", "this creature")
    text = say(lang, f"{who} captura {n} Æmbar", f"{who} captures {n} Æmber")
    if e.get("from") == "own":
        text += say(lang, " de su propio lado", " from its own side")
    elif e.get("from") == "any":
        text += say(lang, " de cualquier combinación de reservas", " from any combination of pools")
    if e.get("from-event"):
        text += say(lang, " (el que dio el suceso)", " (the one the event gave)")
    if e.get("player") == "opponent":
        text += say(lang, " para tu oponente", " for your opponent")
    return text


def _lasting(e: dict[str, Any], lang: str) -> str:
    when = duration(e.get("duration", "turn"), lang)
    if "effect" in e:
        what = constant_text(e["effect"], lang)
    elif "trigger" in e:
        trig = e["trigger"]
        what = (event_clause(trig.get("event", ""), trig.get("filter", {}), lang) + ", "
                + effects_text(trig.get("effects", []), lang).lower())
    elif e.get("replace") == "reap-gain":
        what = say(lang, "cada vez que una criatura cosecha, en vez de obtener 1 Æmbar roba 1",
                   "each time a creature reaps, it steals 1 Æmber instead of gaining it")
    else:
        what = "…"
    return f"{when}, {what}"


def _choose_one(e: dict[str, Any], lang: str) -> str:
    options = e.get("options", [])
    shown = [effects_text(o, lang) for o in options]
    return say(lang, "elige una: ", "choose one: ") + " / ".join(f"({i + 1}) {s}" for i, s in enumerate(shown))


def _repeat(e: dict[str, Any], lang: str) -> str:
    times = e.get("times", 1)
    what = say(lang, "la habilidad", "the ability") if e.get("what") == "ability" else say(lang, "el efecto anterior",
                                                                                             "the preceding effect")
    if e.get("cost"):
        cost = effects_text(e["cost"], lang)
        return say(lang, f"puedes {cost[:1].lower()}{cost[1:]} para repetir {what}",
                   f"you may {cost[:1].lower()}{cost[1:]} to repeat {what}")
    if times == "all":
        return say(lang, f"repite {what} tantas veces como quieras", f"repeat {what} as many times as you like")
    return say(lang, f"repite {what} {amount(times, lang)} vez/veces", f"repeat {what} {amount(times, lang)} time(s)")


def _search(e: dict[str, Any], lang: str) -> str:
    zones = {"deck": ("tu mazo", "your deck"), "discard": ("tu pila de descartes", "your discard pile"),
             "deck-and-discard": ("tu mazo y tu pila de descartes", "your deck and discard pile")}
    where = zones.get(e.get("zone", "deck"), ("…", "…"))
    n = e.get("amount", 1)
    what = target({"choose": n, "kind": "card", "filter": e.get("filter", {})}, lang)
    to = {"hand": ("a tu mano", "into your hand"), "play": ("en juego", "into play"),
          "archives": ("a tus archivos", "into your archives"),
          "discard": ("en tu pila de descartes", "into your discard pile")}.get(e.get("to", "hand"), ("…", "…"))
    return say(lang, f"busca en {where[0]} {what} y ponla {to[0]}", f"search {where[1]} for {what} and put it {to[1]}")


def _put_into_play(e: dict[str, Any], lang: str) -> str:
    t = target(e.get("target", "self"), lang)
    text = say(lang, f"pon {t} en juego", f"put {t} into play")
    if e.get("player") not in (None, "you", "controller"):
        text += say(lang, f" bajo el control de {player_subject(e['player'], 'es')}",
                    f" under {player_subject(e['player'], 'en')}'s control")
    if e.get("ready"):
        text += say(lang, " preparada", " ready")
    return text


def _make_token(e: dict[str, Any], lang: str) -> str:
    n = e.get("amount", 1)
    who = e.get("player", "you")
    if n == 1:
        text = say(lang, "crea una criatura ficha", "make a token creature")
    else:
        text = say(lang, f"crea {amount(n, lang)} criaturas ficha", f"make {amount(n, lang)} token creatures")
    if who == "opponent":
        text = say(lang, "tu oponente ", "your opponent ") + say(lang, text.replace("crea", "crea"), text.replace("make", "makes"))
    if isinstance(e.get("target"), (dict, str)):
        text += say(lang, f" con {target(e['target'], lang)}", f" from {target(e['target'], lang)}")
    return text


def _player_zone_verb(es: str, en: str, zone_es: str, zone_en: str) -> Any:
    def render(e: dict[str, Any], lang: str) -> str:
        n = amount(e.get("amount", 1), lang)
        who = e.get("player", "you")
        if who == "each":
            return say(lang, f"cada jugador {es.format(n=n)} de su {zone_es}", f"each player {en.format(n=n)}s from their {zone_en}")
        if who in ("you", "controller"):
            return say(lang, f"{es.format(n=n)} de tu {zone_es}", f"{en.format(n=n)} from your {zone_en}")
        return say(lang, f"{player_subject(who, lang)} {es.format(n=n)} de su {zone_es}",
                   f"{player_subject(who, lang)} {en.format(n=n)}s from their {zone_en}")
    return render


def _forge(e: dict[str, Any], lang: str) -> str:
    who = e.get("player", "you")
    cost = say(lang, f" pagando {amount(e['cost'], lang)} Æmbar", f" at a cost of {amount(e['cost'], lang)} Æmber") \
        if "cost" in e else say(lang, " al coste actual", " at current cost")
    if who in ("you", "controller"):
        return say(lang, "forja una llave", "forge a key") + cost
    return say(lang, f"{player_subject(who, lang)} forja una llave", f"{player_subject(who, lang)} forges a key") + cost


def _move_aember(e: dict[str, Any], lang: str) -> str:
    n = amount(e.get("amount", 1), lang)
    frm = target(e.get("from", "self"), lang) if "from-pool" not in e else say(
        lang, f"la reserva de {player_subject(e['from-pool'], 'es')}", f"{player_subject(e['from-pool'], 'en')}'s pool")
    if e.get("from-supply"):
        frm = say(lang, "la reserva común", "the common supply")
    to = e.get("to", "you")
    dest = {"supply": ("a la reserva común", "to the common supply"), "you": ("a tu reserva", "to your pool"),
            "opponent": ("a la reserva de tu oponente", "to your opponent's pool")}.get(to) if isinstance(to, str) \
        and to in ("supply", "you", "opponent") else (f"a {target(to, 'es')}", f"to {target(to, 'en')}")
    return say(lang, f"mueve {n} Æmbar de {frm} {dest[0]}", f"move {n} Æmber from {frm} {dest[1]}")


def _look_at_top(e: dict[str, Any], lang: str) -> str:
    n = amount(e.get("amount", 1), lang)
    parts = []
    for key, es, en in (("hand", "a la mano", "into the hand"), ("archive", "a los archivos", "into the archives"),
                        ("bottom", "debajo del mazo", "on the bottom"), ("discard", "a la pila de descartes", "into the discard pile")):
        if key in e:
            k = say(lang, "el resto", "the rest") if e[key] == "all" else amount(e[key], lang)
            parts.append(say(lang, f"{k} {es}", f"{k} {en}"))
    rest = say(lang, "; las demás vuelven encima en cualquier orden", "; the others go back on top in any order")
    return say(lang, f"mira las {n} cartas de encima de tu mazo: ", f"look at the top {n} cards of your deck: ") + ", ".join(parts) + rest


def _discard_until(e: dict[str, Any], lang: str) -> str:
    what = target({"choose": 1, "kind": "card", "filter": e.get("filter", {})}, lang)
    who = e.get("player", "you")
    deck_es = "tu mazo" if who in ("you", "controller") else f"el mazo de {player_subject(who, 'es')}"
    deck_en = "your deck" if who in ("you", "controller") else f"{player_subject(who, 'en')}'s deck"
    return say(lang, f"descarta cartas de encima de {deck_es} hasta descartar {what}".replace("de el ", "del "),
               f"discard cards from the top of {deck_en} until you discard {what}")


def _counter(e: dict[str, Any], lang: str) -> str:
    n = say(lang, "todos los", "all") if e.get("amount") == "all" else amount(e.get("amount", 1), lang)
    name, t = e.get("name", ""), target(e.get("target", "self"), lang)
    if name == "power":
        name = "+1 de poder" if lang != "en" else "+1 power"
    if e["do"] == "add-counter":
        return say(lang, f"pon {n} contador(es) «{name}» sobre {t}", f"put {n} {name} counter(s) on {t}")
    return say(lang, f"quita {n} contador(es) «{name}» de {t}", f"remove {n} {name} counter(s) from {t}")


def _choose_player(e: dict[str, Any], lang: str) -> str:
    return say(lang, "elige un jugador", "choose a player")


def _cancel_forge(e: dict[str, Any], lang: str) -> str:
    return say(lang, "esa llave no se forja y no se gasta Æmbar", "that key is not forged and no Æmber is spent")


def _choose_house(e: dict[str, Any], lang: str) -> str:
    return say(lang, "elige una Casa", "choose a house")


def _play_top(e: dict[str, Any], lang: str) -> str:
    return say(lang, "juega la carta superior de tu mazo", "play the top card of your deck")


def _return_purged(e: dict[str, Any], lang: str) -> str:
    text = say(lang, "pon en juego las cartas que purgó esta carta", "put the cards this card purged into play")
    if e.get("kind") == "creature":
        text += say(lang, " (las que son criaturas)", " (those that are creatures)")
    if e.get("exhausted"):
        text += say(lang, ", agotadas", ", exhausted")
    if e.get("under-owner"):
        text += say(lang, ", bajo el control de su propietario", ", under their owner's control")
    return text


def _random(e: dict[str, Any], lang: str) -> str:
    n = amount(e.get("amount", 1), lang)
    zone = e.get("zone", "hand")
    zones = {"hand": ("mano", "hand"), "archives": ("archivos", "archives"), "discard": ("pila de descartes", "discard pile"),
             "deck": ("mazo", "deck"), "under": ("cartas debajo de esta", "cards under this one")}
    z = zones.get(zone, (zone, zone))
    who = e.get("player", "you")
    owner = say(lang, "tu" if who in ("you", "controller") else "su", "your" if who in ("you", "controller") else "their")
    if e["do"] == "reveal-random":
        return say(lang, f"revela {n} carta(s) al azar de {owner} {z[0]}", f"reveal {n} random card(s) from {owner} {z[1]}")
    to = e.get("to", "hand")
    zt = zones.get(to, (to, to))
    return say(lang, f"toma {n} carta(s) al azar de {owner} {z[0]} y ponla(s) en {zt[0]}",
               f"take {n} random card(s) from {owner} {z[1]} into {zt[1]}")


_SPECIAL = {
    "deal-damage": _deal_damage, "capture": _capture, "lasting": _lasting, "choose-one": _choose_one,
    "repeat": _repeat, "search": _search, "put-into-play": _put_into_play, "make-token": _make_token,
    "discard-top-of-deck": _player_zone_verb("descarta {n} carta(s) de encima", "discard the top {n} card(s)",
                                             "mazo", "deck"),
    "archive-top-of-deck": _player_zone_verb("archiva {n} carta(s) de encima", "archive the top {n} card(s)",
                                             "mazo", "deck"),
    "discard-from-hand": _player_zone_verb("descarta {n} carta(s)", "discard {n} card(s)", "mano", "hand"),
    "archive-from-hand": _player_zone_verb("archiva {n} carta(s)", "archive {n} card(s)", "mano", "hand"),
    "discard-random": _player_zone_verb("descarta {n} carta(s) al azar", "discard {n} random card(s)", "mano", "hand"),
    "forge-key": _forge, "move-aember": _move_aember, "cancel-forge": _cancel_forge, "choose-house": _choose_house,
    "play-top-of-deck": _play_top, "return-purged": _return_purged, "reveal-random": _random,
    "random-from-zone": _random, "look-at-top": _look_at_top, "discard-until": _discard_until,
    "add-counter": _counter, "remove-counter": _counter, "choose-player": _choose_player,
}


STATES: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "exhausted": (("agotada", "exhausted"), ("preparada", "ready")), "stun": (("aturdida", "stunned"), ("sin aturdir", "not stunned")),
    "enrage": (("enfurecida", "enraged"), ("sin enfurecer", "not enraged")), "ward": (("escudada", "warded"), ("sin escudo", "not warded")),
}
USES: dict[str, tuple[str, str]] = {
    "reap": (" para cosechar", " to reap"), "fight": (" para luchar", " to fight"),
    "action": (" para su «Acción:»", " for its 'Action:'"),
}


def constant_text(effect: dict[str, Any], lang: str = "es") -> str:
    """A constant effect (of a constant ability, or one a lasting effect makes) as a clause, with the condition it
    holds under, if any ("while the tide is high")."""
    text = _constant_clause(effect, lang)
    if isinstance(effect.get("condition"), dict):
        cond = condition(effect["condition"], lang)
        text += say(lang, f", mientras {cond}", f", while {cond}")
    return text


def _constant_clause(effect: dict[str, Any], lang: str) -> str:
    kind = effect.get("modify", "")
    t = target(effect.get("target", "self"), lang, each=True)
    if kind == "gain-ability":
        inner = effect.get("ability", {})
        return say(lang, f"{t} obtiene: «{ability_text(inner, 'es')}»", f"{t} gains: \"{ability_text(inner, 'en')}\"")
    if kind == "instead-of-dealing-damage":
        what = effects_text(effect.get("effects", []), lang)
        return say(lang, f"cuando {t} fuera a infligir daño, en vez de eso: {what}",
                   f"when {t} would deal damage, instead: {what}")
    if kind == "instead-of-readying":
        what = effects_text(effect.get("effects", []), lang)
        who = player_subject(effect.get("player", "opponent"), lang)
        return say(lang, f"{who} no prepara sus criaturas en su paso de preparar; en vez de eso: {what}",
                   f"{who} does not ready their creatures in their ready step; instead: {what}")
    if kind == "state-check":
        what = effects_text(effect.get("effects", []), lang)
        cond = condition(effect.get("if", {}), lang)
        return say(lang, f"en cuanto {cond}: {what}", f"as soon as {cond}: {what}")
    if kind == "use-cost":
        what = effects_text(effect.get("effects", []), lang)
        return say(lang, f"para usar {t} hay que: {what}", f"to use {t}, first: {what}")
    if kind in ("house",):
        value = effect.get("value", "")
        name = say(lang, "la Casa activa", "the active house") if value == "active" else house(str(value), lang)
        return say(lang, f"{t} pertenece a la Casa {name}", f"{t} belongs to house {name}")
    if kind == "play-restriction" and effect.get("if") == {"not": {"always": True}}:
        return say(lang, "esta carta no se puede jugar", "this card cannot be played")
    phrase = CONSTANT_PHRASES.get(kind)
    if phrase is None:
        return say(lang, f"«{kind}»", f"'{kind}'")
    es, en = phrase
    fields = _Blank({
        "t": t, "n": amount(effect.get("amount", 1), lang), "kw": keyword(str(effect.get("keyword", "")), 0, lang),
        "p": player_subject(effect.get("player", "opponent"), lang),
        "pw": effect.get("power", ""), "ar": effect.get("armor", ""), "v": amount(effect.get("value", 0), lang),
        "state": ", ".join(say(lang, *STATES[k][0 if v else 1]) for k, v in effect.get("state", {}).items() if k in STATES),
        "house": house(str(effect.get("house", "")), lang), "times": effect.get("times", 1),
        "use": say(lang, *USES.get(str(effect.get("use", "")), ("", ""))), "icon": effect.get("icon", ""), "with": effect.get("with", ""),
        "trait": effect.get("trait", ""), "count": effect.get("count", ""),
        "label": effect.get("label", ""), "cond": condition(effect["if"], lang) if effect.get("if") else "",
        "only": target(effect["only"], lang) if isinstance(effect.get("only"), dict) else "…",
        "against": target(effect["against"], lang) if isinstance(effect.get("against"), dict) else "…",
    })
    text = agree(say(lang, es.format_map(fields), en.format_map(fields)), effect.get("amount", 1))
    if effect.get("if") and "{cond}" not in (es + en):
        text += say(lang, f", mientras {fields['cond']}", f", while {fields['cond']}")
    return text

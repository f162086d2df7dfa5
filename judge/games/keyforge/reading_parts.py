"""The parts of a card's reading in words (:mod:`judge.games.keyforge.reading`): targets, amounts, conditions,
events, durations, keywords, and the phrase of each effect and constant effect of the vocabulary, in Spanish and
English.

Spanish agrees in gender with the kind of card («una criatura enemiga», «un artefacto enemigo»), so a target is
phrased from a noun with its gender and the adjectives its side and filters give."""

from __future__ import annotations

from typing import Any

from judge.core.wording import say
from judge.games.keyforge.wording import house_name


def house(value: str, lang: str) -> str:
    return house_name(value, lang)


KEYWORD_NAMES: dict[str, tuple[str, str]] = {
    "alpha": ("Alfa", "Alpha"), "assault": ("Asalto", "Assault"), "capture": ("Capturar", "Capture"),
    "deploy": ("Desplegar", "Deploy"), "elusive": ("Escurridiza", "Elusive"), "exalt": ("Exaltar", "Exalt"),
    "graft": ("Injertar", "Graft"), "haunted": ("Embrujado", "Haunted"), "hazardous": ("Peligrosa", "Hazardous"),
    "heal": ("Curar", "Heal"), "invulnerable": ("Invulnerable", "Invulnerable"), "omega": ("Omega", "Omega"),
    "poison": ("Veneno", "Poison"), "skirmish": ("Escaramuza", "Skirmish"),
    "splash-attack": ("Ataque con dispersión", "Splash-attack"), "steal": ("Robar", "Steal"),
    "taunt": ("Provocar", "Taunt"), "treachery": ("Traición", "Treachery"), "versatile": ("Versátil", "Versatile"),
    "gigantic": ("Gigantesca", "Gigantic"),
}


def keyword(name: str, value: int, lang: str) -> str:
    es, en = KEYWORD_NAMES.get(name, (name, name))
    text = say(lang, es, en)
    return f"{text} {value}" if value > 1 or (value == 1 and name in ("assault", "hazardous", "splash-attack")) else text


# Targets ------------------------------------------------------------------------------------------------------------

NOUNS: dict[str, tuple[str, str, str, str, str]] = {
    # kind: Spanish singular, Spanish plural, gender (f/m), English singular, English plural
    "creature": ("criatura", "criaturas", "f", "creature", "creatures"),
    "artifact": ("artefacto", "artefactos", "m", "artifact", "artifacts"),
    "upgrade": ("mejora", "mejoras", "f", "upgrade", "upgrades"),
    "card": ("carta", "cartas", "f", "card", "cards"),
    "action": ("carta de acción", "cartas de acción", "f", "action card", "action cards"),
    "creature-or-artifact": ("criatura o artefacto", "criaturas o artefactos", "f", "creature or artifact",
                             "creatures or artifacts"),
}

NAMED: dict[str, tuple[str, str]] = {
    "self": ("esta carta", "this card"), "host": ("esta criatura", "this creature"),
    "granter": ("la carta que da esta habilidad", "the card that gives this ability"),
    "attacker": ("la criatura atacante", "the attacking creature"), "defender": ("la criatura atacada", "the attacked creature"),
    "it": ("esa carta", "that card"), "that-creature": ("esa criatura", "that creature"),
    "each-neighbor": ("cada vecino", "each neighbor"), "event-card": ("esa carta", "that card"),
    "chosen": ("las cartas elegidas", "the chosen cards"),
    "defender-neighbors": ("cada vecino de la criatura atacada", "each neighbor of the attacked creature"),
}

ZONES: dict[str, tuple[str, str, str, str]] = {
    # zone: Spanish (yours), Spanish (theirs), English (yours), English (theirs)
    "hand": ("de tu mano", "de la mano de tu oponente", "in your hand", "in your opponent's hand"),
    "discard": ("de tu pila de descartes", "de la pila de descartes de tu oponente", "in your discard pile",
                "in your opponent's discard pile"),
    "archives": ("de tus archivos", "de los archivos de tu oponente", "in your archives", "in your opponent's archives"),
    "deck": ("de tu mazo", "del mazo de tu oponente", "in your deck", "in your opponent's deck"),
    "purged": ("purgada", "purgada por tu oponente", "purged", "your opponent purged"),
    "under": ("debajo de esta carta", "debajo de esta carta", "under this card", "under this card"),
}


def _agree(word: str, gender: str, plural: bool) -> str:
    """A Spanish adjective written in the feminine singular, agreed with its noun."""
    if gender == "m" and word.endswith("a"):
        word = word[:-1] + "o"
    if plural:
        word += "s" if word[-1] in "aeiou" else "es"
    return word


def card_name(cid: Any) -> str:
    """A card a filter names by its catalog id, as a name: the reading is made from the vocabulary alone."""
    return " ".join(w[:1].upper() + w[1:] for w in str(cid).split("-"))


def _filters(f: dict[str, Any], lang: str, gender: str, plural: bool) -> tuple[list[str], list[str]]:
    """Adjectives before the side and clauses after the noun."""
    adj: list[str] = []
    after: list[str] = []

    def a(es: str, en: str) -> None:
        adj.append(_agree(es, gender, plural) if lang != "en" else en)

    def c(es: str, en: str) -> None:
        after.append(say(lang, es, en))

    for key, v in f.items():
        if key == "house":
            name = {"active": say(lang, "de la Casa activa", "of the active house"),
                    "chosen": say(lang, "de la Casa elegida", "of the chosen house")}.get(str(v))
            if name is None:
                if lang == "en":
                    adj.insert(0, house(str(v), "en"))
                else:
                    after.append(f"de {house(str(v), 'es')}")
            else:
                after.append(name)
        elif key == "not-house":
            if v in ("active", "chosen"):
                c(f"que no es de la Casa {'activa' if v == 'active' else 'elegida'}",
                  f"not of the {'active' if v == 'active' else 'chosen'} house")
            else:
                c(f"que no es de {house(str(v), 'es')}", f"non-{house(str(v), 'en')}") if lang != "en" \
                    else adj.insert(0, f"non-{house(str(v), 'en')}")
        elif key == "trait":
            c(f"con el rasgo {str(v).capitalize()}", "") if lang != "en" else adj.insert(0, str(v).capitalize())
        elif key == "not-trait":
            c(f"sin el rasgo {str(v).capitalize()}", "") if lang != "en" else adj.insert(0, f"non-{str(v).capitalize()}")
        elif key == "power-at-most":
            c(f"con {v} o menos de poder", f"with {v} or lower power")
        elif key == "power-at-least":
            c(f"con {v} o más de poder", f"with {v} or higher power")
        elif key in ("damaged", "undamaged", "exhausted", "ready", "enraged", "stunned", "warded"):
            words = {"damaged": ("dañada", "damaged", "sin daño", "undamaged"),
                     "undamaged": ("sin daño", "undamaged", "dañada", "damaged"),
                     "exhausted": ("agotada", "exhausted", "preparada", "ready"),
                     "ready": ("preparada", "ready", "agotada", "exhausted"),
                     "enraged": ("enfurecida", "enraged", "no enfurecida", "not enraged"),
                     "stunned": ("aturdida", "stunned", "no aturdida", "not stunned"),
                     "warded": ("escudada", "warded", "no escudada", "not warded")}[key]
            es_w, en_w = (words[0], words[1]) if v else (words[2], words[3])
            if " " in es_w:
                c(es_w if not plural else es_w.replace("dañada", "dañadas"), en_w) if lang != "en" else adj.append(en_w)
            else:
                a(es_w, en_w)
        elif key == "flank":
            c("en un flanco" if v else "que no está en un flanco", "on a flank" if v else "not on a flank")
        elif key == "center":
            c("en el centro de su línea de batalla", "in the center of its battleline")
        elif key == "left-flank":
            c("en el flanco izquierdo", "on the left flank")
        elif key == "right-flank":
            c("en el flanco derecho", "on the right flank")
        elif key == "neighbor-of-self":
            c("vecina de esta criatura", "neighboring this creature")
        elif key == "neighbor-of-it":
            c("vecina de esa criatura", "neighboring that creature")
        elif key == "not-self":
            a("otra", "other") if not plural else c("que no sea esta", "other than this one")
        elif key == "not-it":
            c("distinta de esa", "other than that one")
        elif key == "not-chosen":
            c("no elegida antes", "not chosen before")
        elif key == "chosen":
            c("de entre las elegidas", "among the chosen ones")
        elif key == "among-it":
            c("de entre esas", "among those")
        elif key == "self":
            c("(esta misma)", "(this one)")
        elif key in ("most-powerful", "least-powerful"):
            most = key == "most-powerful"
            if v is True:
                c("más poderosa" if most else "menos poderosa", "most powerful" if most else "least powerful") \
                    if lang != "en" else adj.insert(0, "most powerful" if most else "least powerful")
            else:
                c(f"de entre las {v} más poderosas" if most else f"de entre las {v} menos poderosas",
                  f"among the {v} most powerful" if most else f"among the {v} least powerful")
        elif key == "keyword":
            c(f"con {keyword(str(v), 0, 'es')}", f"with {keyword(str(v), 0, 'en').lower()}")
        elif key == "name" or key == "name-ref":
            c(f"llamada «{card_name(v)}»", f"named '{card_name(v)}'")
        elif key == "token":
            a("ficha", "token") if v else c("que no es ficha", "that is not a token")
        elif key == "has-amber":
            c("con Æmbar encima", "with Æmber on it") if v else c("sin Æmbar encima", "with no Æmber on it")
        elif key == "power-parity":
            c(f"con poder {'par' if v == 'even' else 'impar'}", f"with {'even' if v == 'even' else 'odd'} power")
        elif key == "top-of-discard":
            c("de encima de la pila de descartes", "on top of the discard pile")
        elif key == "top-of-deck":
            c(f"de entre las {v} de encima del mazo", f"among the top {v} of the deck")
        elif key == "bottom-of-deck":
            c(f"de entre las {v} del fondo del mazo", f"among the bottom {v} of the deck")
        elif key == "event-house":
            c("de la Casa elegida", "of the chosen house")
        elif key == "power-below-each":
            c("con menos poder que esa", "with lower power than that one")
        elif key == "shares-trait-with-it":
            c("que comparte un rasgo con esa carta", "sharing a trait with that card")
        elif key == "type":
            types = v if isinstance(v, list) else [v]
            c("de tipo " + " o ".join(NOUNS.get(t, (t,) * 5)[0] for t in types),
              "of type " + " or ".join(NOUNS.get(t, (t,) * 5)[3] for t in types))
        elif key == "house-in-play":
            c("de una Casa que tienes en juego", "of a house you have in play")
        elif key == "shares-house-with-it":
            c("que comparte una Casa con esa carta", "sharing a house with that card")
        elif key == "shares-house-with-neighbor":
            if v is True:
                c("que comparte una Casa con alguno de sus vecinos", "sharing a house with one of its neighbors")
            else:
                c(f"que comparte una Casa con {v} de sus vecinos", f"sharing a house with {v} of its neighbors")
        elif key == "neighbor-of-host":
            c("vecina de esta criatura", "neighboring this creature")
        elif key == "right-of-self":
            c("a la derecha de esta criatura", "to this creature's right")
        elif key == "no-bonus-icons":
            c("sin iconos de bonificación", "with no bonus icons")
        elif key == "host-of-self":
            c("con esta mejora", "this upgrade is on")
        elif key == "left-of-self":
            c("a la izquierda de esta criatura", "to this creature's left")
        else:
            c(f"({key})", f"({key})")
    return adj, [x for x in after if x]


def target(spec: Any, lang: str, *, each: bool = False) -> str:
    """A target: a name ("this card") or a table ("an enemy creature", "each damaged creature")."""
    if isinstance(spec, str):
        es, en = NAMED.get(spec, (spec, spec))
        return say(lang, es, en)
    if not isinstance(spec, dict):
        return "…"
    if "uids" in spec:
        return say(lang, "las cartas elegidas", "the chosen cards")
    kind = spec.get("kind", "creature")
    es_s, es_p, gender, en_s, en_p = NOUNS.get(kind, (kind, kind, "f", kind, kind))
    n = spec.get("choose")
    every = bool(spec.get("all")) or each and n is None
    plural = isinstance(n, int) and n > 1 or n in ("any",) or isinstance(n, dict)
    side = spec.get("side", "any")
    zone = spec.get("zone", "play")
    f = spec.get("filter", {}) if isinstance(spec.get("filter"), dict) else {}
    many = plural and not every
    adj, after = _filters(f, lang, gender, many)
    if lang == "en":
        side_word = {"friendly": "friendly", "enemy": "enemy"}.get(side, "") if zone == "play" else ""
        words = " ".join(w for w in [*adj, side_word, en_p if many else en_s] if w)
        article = "an" if words[:1].lower() in "aeiou" else "a"
    else:
        side_word = {"friendly": _agree("amiga", gender, many), "enemy": _agree("enemiga", gender, many)}.get(side, "") \
            if zone == "play" else ""
        words = " ".join(w for w in [es_p if many else es_s, *adj, side_word] if w)
        article = "un" if gender == "m" else "una"
    head = _quantified(n, every, words, article, bool(spec.get("up-to")), lang, gender)
    if zone in ZONES:
        head += " " + ZONES[zone][(2 if lang == "en" else 0) + (side == "enemy")]
    return " ".join([head, *after]).strip()


QUANTIFIERS: dict[str, dict[str, str]] = {
    "es": {"every": "cada {w}", "any": "cualquier número de {w}", "amount": "{as_many} {w} como {a}", "up-to": "hasta "},
    "en": {"every": "each {w}", "any": "any number of {w}", "amount": "as many {w} as {a}", "up-to": "up to "},
}


def _quantified(n: Any, every: bool, words: str, article: str, up_to: bool, lang: str, gender: str) -> str:
    """ "each enemy creature", "up to 2 creatures", "a creature": how many of the words a target names."""
    q = QUANTIFIERS["en" if lang == "en" else "es"]
    if every:
        return q["every"].format(w=words)
    if n == "any":
        return q["any"].format(w=words)
    if isinstance(n, dict):
        return q["amount"].format(w=words, a=amount(n, lang), as_many="tantos" if gender == "m" else "tantas")
    up = q["up-to"] if up_to else ""
    if isinstance(n, int) and n > 1:
        return f"{up}{n} {words}"
    if up_to and lang == "en":
        return f"up to one {words}"
    return f"{up}{article} {words}"


# Amounts, players, conditions, events --------------------------------------------------------------------------------

VALUES: dict[str, tuple[str, str, str, str]] = {
    # what: (Spanish of another player {p}, English {pp} = their possessive / {p} = them, Spanish "you", English "you")
    "amber": ("el Æmbar de {p}", "{pp} Æmber", "tu Æmbar", "your Æmber"),
    "keys": ("las llaves forjadas de {p}", "{pp} forged keys", "tus llaves forjadas", "your forged keys"),
    "unforged-keys": ("las llaves sin forjar de {p}", "{pp} unforged keys", "tus llaves sin forjar", "your unforged keys"),
    "key-cost": ("el coste de llave de {p}", "{pp} key cost", "tu coste de llave", "your key cost"),
    "chains": ("las cadenas de {p}", "{pp} chains", "tus cadenas", "your chains"),
    "hand": ("las cartas de la mano de {p}", "the cards in {pp} hand", "las cartas de tu mano", "the cards in your hand"),
    "deck": ("las cartas del mazo de {p}", "the cards in {pp} deck", "las cartas de tu mazo", "the cards in your deck"),
    "discard": ("las cartas de la pila de descartes de {p}", "the cards in {pp} discard pile",
                "las cartas de tu pila de descartes", "the cards in your discard pile"),
    "archives": ("las cartas de los archivos de {p}", "the cards in {pp} archives", "las cartas de tus archivos",
                 "the cards in your archives"),
    "fights": ("las veces que {p} ha luchado este turno", "the fights {p} made this turn",
               "las veces que has luchado este turno", "the fights you made this turn"),
    "friendly-destroyed": ("las criaturas de {p} destruidas este turno", "{pp} creatures destroyed this turn",
                           "tus criaturas destruidas este turno", "your creatures destroyed this turn"),
    "destroyed-in-fight": ("las criaturas de {p} destruidas luchando este turno", "{pp} creatures destroyed in fights this turn",
                           "tus criaturas destruidas luchando este turno", "your creatures destroyed in fights this turn"),
    "discards": ("las cartas que {p} descartó de la mano este turno", "the cards {p} discarded from hand this turn",
                 "las cartas que descartaste de la mano este turno", "the cards you discarded from hand this turn"),
    "plays": ("las cartas que {p} jugó este turno", "the cards {p} played this turn",
              "las cartas que jugaste este turno", "the cards you played this turn"),
    "forged": ("las llaves que {p} forjó este turno", "the keys {p} forged this turn",
               "las llaves que forjaste este turno", "the keys you forged this turn"),
    "forged-last-turn": ("las llaves que {p} forjó en su turno anterior", "the keys {p} forged on their previous turn",
                         "las llaves que forjaste en tu turno anterior", "the keys you forged on your previous turn"),
}
PLAYERS: dict[str, tuple[str, str]] = {
    "opponent": ("tu oponente", "your opponent"), "chosen": ("el jugador elegido", "the chosen player"),
    "active": ("el jugador activo", "the active player"), "owner": ("el propietario de esta carta", "this card's owner"),
    "its-controller": ("su controlador", "its controller"), "its-owner": ("su propietario", "its owner"),
}
CARD_VALUES: dict[str, tuple[str, str]] = {
    "power": ("el poder de {c}", "the power of {c}"), "amber": ("el Æmbar sobre {c}", "the Æmber on {c}"),
    "damage": ("el daño de {c}", "the damage on {c}"), "power-counters": ("los contadores de poder de {c}", "the power counters on {c}"),
    "count": ("el número de {c}", "the number of {c}"),
    "aember-icons": ("los iconos de bonificación de Æmbar de {c}", "the Æmber bonus icons on {c}"),
    "bonus-icons": ("los iconos de bonificación de {c}", "the bonus icons on {c}"),
}


def value_text(expr: str, lang: str) -> str:
    who, _, what = expr.partition(".")
    if what in VALUES and (who == "you" or who in PLAYERS):
        es, en, es_you, en_you = VALUES[what]
        if who == "you":
            return say(lang, es_you, en_you)
        p_es, p_en = PLAYERS[who]
        return say(lang, es.format(p=p_es).replace(" de el ", " del "), en.format(p=p_en, pp=p_en + "'s"))
    if who in ("self", "it", "event-card"):
        c = target(who, lang)
        if what in CARD_VALUES:
            es, en = CARD_VALUES[what]
            return say(lang, es.format(c=c), en.format(c=c))
        if what.startswith("counter-"):
            name = what.removeprefix("counter-")
            return say(lang, f"los contadores «{name}» sobre {c}", f"the {name} counters on {c}")
    if expr == "event.amount":
        return say(lang, "la cantidad del suceso", "the event's amount")
    return expr


def amount(expr: Any, lang: str) -> str:
    """An amount: a number, "all", what the previous effect did, a count, a value, a sum."""
    if isinstance(expr, bool):
        return str(expr)
    if isinstance(expr, int):
        return str(expr)
    if expr == "all":
        return say(lang, "todo", "all")
    if expr == "done":
        return say(lang, "tantas como hizo el efecto anterior", "as many as the previous effect did")
    if isinstance(expr, str):
        return value_text(expr, lang)
    if isinstance(expr, dict) and "divide" in expr:
        whole = amount({k: v for k, v in expr.items() if k not in ("divide", "round")}, lang)
        up = expr.get("round") == "up"
        return say(lang, f"{whole} / {expr['divide']} (redondeando {'hacia arriba' if up else 'hacia abajo'})",
                   f"{whole} / {expr['divide']} (rounding {'up' if up else 'down'})")
    if isinstance(expr, dict):
        return f"X (= {_amount_table(expr, lang)})"
    return "…"


def _amount_table(expr: dict[str, Any], lang: str) -> str:
    times = expr.get("times", 1)
    if "count" in expr:
        base = say(lang, f"el número de {_plural_es(expr['count'])}", f"the number of {_plural_en(expr['count'])}")
    elif "houses" in expr:
        base = say(lang, f"el número de Casas entre {_plural_es(expr['houses'])}",
                   f"the number of houses among {_plural_en(expr['houses'])}")
    elif "value" in expr:
        base = amount(expr["value"], lang)
    elif "sum" in expr:
        base = " + ".join(_amount_table(p, lang) if isinstance(p, dict) else amount(p, lang) for p in expr["sum"])
    elif "sum-power" in expr:
        of = expr["sum-power"].get("of", expr["sum-power"]) if isinstance(expr["sum-power"], dict) else {}
        base = say(lang, f"el poder total de {_plural_es(of)}", f"the total power of {_plural_en(of)}")
    elif "sum-amber" in expr:
        base = say(lang, f"el Æmbar sobre {_plural_es(expr['sum-amber'])}", f"the Æmber on {_plural_en(expr['sum-amber'])}")
    elif "traits" in expr:
        c = target(str(expr["traits"]), lang)
        base = say(lang, f"el número de rasgos de {c}", f"the number of traits of {c}")
    else:
        base = "…"
    if "max" in expr:
        base += say(lang, f" (como mucho {expr['max']})", f" (at most {expr['max']})")
    if times == -1:
        return say(lang, f"menos {base}", f"minus {base}")
    return base if times == 1 else f"{times} × {base}"


def _plural_en(spec: dict[str, Any]) -> str:
    return target({**spec, "all": False, "choose": 2}, "en").removeprefix("2 ")


def _plural_es(spec: dict[str, Any]) -> str:
    return target({**spec, "all": False, "choose": 2}, "es").removeprefix("2 ")


def player_subject(who: Any, lang: str) -> str:
    return {"opponent": say(lang, "tu oponente", "your opponent"), "active": say(lang, "el jugador activo", "the active player"),
            "its-controller": say(lang, "su controlador", "its controller"), "its-owner": say(lang, "su propietario", "its owner"),
            "chosen": say(lang, "el jugador elegido", "the chosen player"),
            "owner": say(lang, "su propietario", "its owner"), "each": say(lang, "cada jugador", "each player"),
            "host": say(lang, "el controlador de esta criatura", "this creature's controller")}.get(
        str(who), say(lang, "tú", "you"))


def condition(cond: Any, lang: str) -> str:
    """A condition as a clause ("your opponent has more Æmber than you")."""
    if not isinstance(cond, dict):
        return "…"
    if cond.get("always"):
        return say(lang, "siempre", "always")
    if "not" in cond:
        return say(lang, f"no ({condition(cond['not'], lang)})", f"not ({condition(cond['not'], lang)})")
    if "all" in cond:
        return say(lang, " y ", " and ").join(condition(c, lang) for c in cond["all"])
    if "any" in cond:
        return say(lang, " o ", " or ").join(condition(c, lang) for c in cond["any"])
    if "compare" in cond:
        left, op, right = cond["compare"]
        ops = {">": ("es mayor que", "is greater than"), ">=": ("es al menos", "is at least"), "<": ("es menor que", "is less than"),
               "<=": ("es como mucho", "is at most"), "==": ("es igual a", "equals"), "!=": ("no es igual a", "differs from")}
        es, en = ops.get(op, (op, op))
        return say(lang, f"{amount(left, lang)} {es} {amount(right, lang)}", f"{amount(left, lang)} {en} {amount(right, lang)}")
    if "exists" in cond:
        return say(lang, f"hay {target({**cond['exists'], 'choose': 1}, lang)}", f"there is {target({**cond['exists'], 'choose': 1}, lang)}")
    if "not-exists" in cond:
        return say(lang, f"no hay {target({**cond['not-exists'], 'choose': 1}, lang).removeprefix('una ').removeprefix('un ')}",
                   f"there is no {target({**cond['not-exists'], 'choose': 1}, lang).removeprefix('a ').removeprefix('an ')}")
    if "count-at-least" in cond:
        spec, n = cond["count-at-least"]
        return say(lang, f"hay al menos {n} {_plural_es(spec)}", f"there are at least {n} {_plural_en(spec)}")
    if "controls" in cond:
        return say(lang, f"controlas {target({**cond['controls'], 'choose': 1}, lang)}", f"you control {target({**cond['controls'], 'choose': 1}, lang)}")
    if "named-match" in cond:
        spec = cond["named-match"]
        what = target({"choose": 1, "kind": "creature" if "side" in spec else "card", "side": spec.get("side", "any"),
                       "filter": spec.get("filter", {})}, lang)
        return say(lang, f"{target(spec.get('target', 'it'), lang)} es {what}", f"{target(spec.get('target', 'it'), lang)} is {what}")
    if "share-house" in cond:
        return say(lang, "esas cartas comparten una Casa", "those cards share a house")
    if "house-is-chosen" in cond or "house-not-chosen" in cond:
        yes = "house-is-chosen" in cond
        return say(lang, "esa carta es de la Casa elegida" if yes else "esa carta no es de la Casa elegida",
                   "that card is of the chosen house" if yes else "that card is not of the chosen house")
    if "haunted" in cond:
        return say(lang, f"{player_subject(cond['haunted'], lang)} está embrujado", f"{player_subject(cond['haunted'], lang)} is haunted")
    if "tide" in cond:
        t = {"high": ("alta", "high"), "low": ("baja", "low"), "neutral": ("neutral", "neutral")}.get(cond["tide"], ("…", "…"))
        who = cond.get("for", "you")
        return say(lang, f"la marea está {t[0]} para {'ti' if who == 'you' else player_subject(who, 'es')}",
                   f"the tide is {t[1]} for {'you' if who == 'you' else player_subject(who, 'en')}")
    if "turn" in cond:
        return say(lang, "es tu turno" if cond["turn"] == "yours" else "es el turno de tu oponente",
                   "it is your turn" if cond["turn"] == "yours" else "it is your opponent's turn")
    if "key-forged" in cond:
        colour = {"red": ("roja", "red"), "blue": ("azul", "blue"), "yellow": ("amarilla", "yellow")}.get(
            str(cond["key-forged"]), (str(cond["key-forged"]), str(cond["key-forged"])))
        who = cond.get("player", "you")
        es_who = {"you": "tu llave", "opponent": "la llave de tu oponente", "any": "una llave"}.get(who, "una llave")
        en_who = {"you": "your", "opponent": "your opponent's", "any": "a"}.get(who, "a")
        return say(lang, f"{es_who} {colour[0]} está forjada", f"{en_who} {colour[1]} key is forged")
    key = next(iter(cond), "…")
    return f"({key})"


EVENTS: dict[str, tuple[str, str]] = {
    "reap": ("cosecha", "reaps"), "fight": ("lucha", "fights"), "play": ("se juega", "is played"),
    "destroyed": ("es destruida", "is destroyed"), "gain-aember-by-reaping": ("obtiene Æmbar al cosechar", "gains Æmber by reaping"),
    "enters-play": ("entra en juego", "enters play"), "used": ("se usa", "is used"), "forge": ("se forja una llave", "a key is forged"),
    "choose-house": ("se elige una Casa", "a house is chosen"), "damaged": ("recibe daño", "is dealt damage"),
    "captured": ("se captura Æmbar", "Æmber is captured"), "stolen": ("se roba Æmbar", "Æmber is stolen"),
    "discard": ("se descarta una carta", "a card is discarded"), "raise-tide": ("se sube la marea", "the tide is raised"),
    "armor-prevented": ("la armadura previene daño", "armor prevents damage"), "leaves-play": ("abandona el juego", "leaves play"),
    "attach": ("se vincula una mejora", "an upgrade is attached"),
}


SUBJECT_EVENTS = {"reap", "fight", "destroyed", "enters-play", "used", "damaged", "leaves-play", "gain-aember-by-reaping"}
"""The events whose subject is a card: written with no subject filter, they are about any creature."""


def event_clause(event: str, f: dict[str, Any], lang: str) -> str:
    """ "after <who> <event>" for an ability of trigger ``after``."""
    es, en = EVENTS.get(event, (event, event))
    subject = f.get("subject") if isinstance(f, dict) else None
    if isinstance(subject, dict):
        who_es = target({**subject, "all": False, "choose": 1}, "es")
        who_en = target({**subject, "all": False, "choose": 1}, "en")
    elif isinstance(f, dict) and f.get("self"):
        who_es, who_en = "esta carta", "this card"
    elif event in SUBJECT_EVENTS:
        who_es, who_en = "una criatura", "a creature"  # any creature: "after a creature is destroyed"
    else:
        who_es, who_en = "", ""
    if isinstance(f, dict) and f.get("who") in ("you", "opponent"):
        by_es = " por ti" if f["who"] == "you" else " por tu oponente"
        by_en = " by you" if f["who"] == "you" else " by your opponent"
    else:
        by_es = by_en = ""
    text = say(lang, f"después de que {who_es + ' ' if who_es else ''}{es}{by_es}",
               f"after {who_en + ' ' if who_en else ''}{en}{by_en}")
    for key, v in (f or {}).items():
        if key in ("subject", "who", "self"):
            continue
        if key == "damage":
            v = DAMAGE_KINDS.get(str(v), (str(v), str(v)))[0 if lang != "en" else 1]
        es_x, en_x = EVENT_FILTERS.get(key, (f"({key})", f"({key})"))
        text += say(lang, " " + es_x.format(v=house(str(v), "es") if key == "house" else v),
                    " " + en_x.format(v=house(str(v), "en") if key == "house" else v))
    return text


EVENT_FILTERS: dict[str, tuple[str, str]] = {
    "by-damage-of": ("por el daño de esta criatura", "by this creature's damage"),
    "damage": ("(daño {v})", "({v} damage)"),
    "fighting-self": ("luchando contra esta criatura", "fighting this creature"),
    "not-self": ("(otra que esta)", "(other than this one)"),
    "how": ("para luchar", "to fight"),
    "house": ("(la Casa {v})", "(house {v})"),
    "played-on": ("en el flanco {v}", "on the {v} flank"),
    "by-bonus-icon": ("por un icono de bonificación", "by a bonus icon"),
    "before-resolving": ("antes de que se resuelva", "before it resolves"),
    "host": ("(a esta criatura)", "(to this creature)"),
}


DAMAGE_KINDS: dict[str, tuple[str, str]] = {
    "power": ("de poder", "power"), "assault": ("de Asalto", "assault"), "hazardous": ("de Peligroso", "hazardous"),
    "splash-attack": ("de salpicadura", "splash-attack"), "bonus-icon": ("de icono de bonificación", "bonus icon"),
    "ability": ("de habilidad", "ability"),
}


DURATIONS: dict[str, tuple[str, str]] = {
    "turn": ("durante el resto del turno", "for the remainder of the turn"),
    "until-your-next-turn": ("hasta el comienzo de tu próximo turno", "until the start of your next turn"),
    "opponents-next-turn": ("durante el próximo turno de tu oponente", "during your opponent's next turn"),
    "while-in-play": ("mientras esta carta esté en juego", "while this card is in play"),
    "while-controlled": ("mientras la controles", "while you control it"),
    "until-leaves-play": ("hasta que abandone el juego", "until it leaves play"),
    "next-time": ("la próxima vez este turno", "the next time this turn"), "once": ("la próxima vez", "the next time"),
}


def duration(name: str, lang: str) -> str:
    es, en = DURATIONS.get(name, (name, name))
    return say(lang, es, en)


# Phrases of the effects ---------------------------------------------------------------------------------------------

PLAYER_VERBS: dict[str, tuple[str, str, str, str]] = {
    # verb: Spanish (you), Spanish (another player), English (you), English (another player)
    "gain": ("obtén {n} Æmbar", "obtiene {n} Æmbar", "gain {n} Æmber", "gains {n} Æmber"),
    "lose": ("pierde {n} Æmbar", "pierde {n} Æmbar", "lose {n} Æmber", "loses {n} Æmber"),
    "steal": ("roba {n} Æmbar", "roba {n} Æmbar", "steal {n} Æmber", "steals {n} Æmber"),
    "pay": ("paga {n} Æmbar a tu oponente", "te paga {n} Æmbar", "pay your opponent {n} Æmber", "pays you {n} Æmber"),
    "draw": ("roba {n} carta(s)", "roba {n} carta(s)", "draw {n} card(s)", "draws {n} card(s)"),
    "gain-chains": ("obtén {n} cadena(s)", "obtiene {n} cadena(s)", "gain {n} chain(s)", "gains {n} chain(s)"),
    "lose-chains": ("pierde {n} cadena(s)", "pierde {n} cadena(s)", "shed {n} chain(s)", "sheds {n} chain(s)"),
    "unforge": ("desforja una de tus llaves", "desforja una de sus llaves", "unforge one of your keys",
                "unforges one of their keys"),
    "raise-tide": ("sube la marea", "sube la marea", "raise the tide", "raises the tide"),
}

TARGET_VERBS: dict[str, tuple[str, str]] = {
    "return-aember": ("devuelve el Æmbar de {t} a su oponente", "return the Æmber on {t} to its opponent"),
    "exalt": ("exalta a {t}", "exalt {t}"),
    "heal": ("cura {n} de daño de {t}", "heal {n} damage from {t}"),
    "destroy": ("destruye {t}", "destroy {t}"),
    "sacrifice": ("sacrifica {t}", "sacrifice {t}"),
    "save": ("en vez de eso, {t} no es destruida", "{t} is not destroyed instead"),
    "stun": ("aturde a {t}", "stun {t}"), "exhaust": ("agota {t}", "exhaust {t}"), "ready": ("prepara {t}", "ready {t}"),
    "enrage": ("enfurece a {t}", "enrage {t}"), "ward": ("escuda a {t}", "ward {t}"),
    "add-power": ("da {n} contador(es) de +1 de poder a {t}", "give {t} {n} +1 power counter(s)"),
    "fight-with": ("lucha con {t}", "fight with {t}"), "reap-with": ("cosecha con {t}", "reap with {t}"),
    "use": ("usa {t}", "use {t}"),
    "redirect-fight-damage": ("esta criatura inflige su daño de lucha a {t} en vez de a la criatura con la que lucha",
                              "this creature deals its fight damage to {t} instead of the creature it fights"),
    "archive": ("archiva {t}", "archive {t}"), "return-to-hand": ("devuelve {t} a la mano de su propietario",
                                                                  "return {t} to its owner's hand"),
    "purge": ("purga {t}", "purge {t}"), "choose": ("elige {t}", "choose {t}"), "select": ("elige {t}", "choose {t}"),
    "copy-characteristics": ("esta carta copia las características impresas de {t}",
                             "this card copies the printed characteristics of {t}"),
    "trigger-ability": ("resuelve una habilidad de {t}", "resolve an ability of {t}"),
    "move-to-battleline": ("pon {t} en tu línea de batalla", "put {t} into your battleline"),
    "give-text-box": ("revela {from}; {to} obtiene su cuadro de texto este turno",
                      "reveal {from}; {to} gains its text box this turn"),
    "flip-to-token": ("da la vuelta a {t} como criatura ficha", "flip {t} into a token creature"),
    "take-control": ("toma el control de {t}", "take control of {t}"),
    "swap": ("intercambia esta criatura de posición con {t}", "swap this creature with {t}"),
    "exchange-control": ("intercambia el control de {t} y {with}", "exchange control of {t} and {with}"),
    "move-creature": ("mueve {t} a un flanco", "move {t} to a flank"),
    "shuffle-into-deck": ("baraja {t} en el mazo de su propietario", "shuffle {t} into its owner's deck"),
    "graft": ("injerta {t} en {onto}", "graft {t} onto {onto}"),
    "put-on-top-of-deck": ("pon {t} encima del mazo de su propietario", "put {t} on top of its owner's deck"),
    "put-on-bottom-of-deck": ("pon {t} debajo del mazo de su propietario", "put {t} on the bottom of its owner's deck"),
    "unstun": ("quita el aturdimiento de {t}", "unstun {t}"),
    "resolve-bonus-icons": ("resuelve los iconos de bonificación de {t}", "resolve the bonus icons of {t}"),
    "play-card": ("juega {t}", "play {t}"), "put-under": ("pon {t} debajo de {onto}", "put {t} under {onto}"),
    "discard": ("descarta {t}", "discard {t}"), "attach": ("vincula {t} a {onto}", "attach {t} to {onto}"),
}

CONSTANT_PHRASES: dict[str, tuple[str, str]] = {
    "power": ("{t} obtiene +{n} de poder", "{t} gets +{n} power"),
    "armor": ("{t} obtiene +{n} de armadura", "{t} gets +{n} armor"),
    "keyword": ("{t} obtiene {kw}", "{t} gains {kw}"),
    "lose-keyword": ("{t} pierde {kw}", "{t} loses {kw}"),
    "set-power": ("el poder de {t} es {v}", "the power of {t} is {v}"),
    "blank": ("el cuadro de texto de {t} se considera en blanco", "the text box of {t} is considered blank"),
    "cannot-be-dealt-damage": ("no se puede infligir daño a {t}", "{t} cannot be dealt damage"),
    "cannot-be-dealt-damage-by": ("ciertas fuentes no pueden infligir daño a {t}", "{t} cannot be dealt damage by some sources"),
    "enters-play-ready": ("tus cartas entran en juego preparadas", "your cards enter play ready"),
    "key-cost": ("las llaves de {p} cuestan {n} más", "{p}'s keys cost {n} more"),
    "play-restriction": ("esta carta no se puede jugar salvo si {cond}", "this card cannot be played unless {cond}"),
    "cannot-play": ("{p} no puede jugar ciertas cartas", "{p} cannot play certain cards"),
    "cannot-use": ("{t} no se puede usar{use}", "{t} cannot be used{use}"),
    "fight-restriction": ("{t} solo puede luchar contra {only}", "{t} can only fight {only}"),
    "must-choose-house": ("{p} debe elegir {house} como Casa activa", "{p} must choose {house} as their active house"),
    "cannot-choose-house": ("{p} no puede elegir {house} como Casa activa", "{p} cannot choose {house} as their active house"),
    "enters-play-state": ("{t} entra en juego así: {state}", "{t} enters play: {state}"),
    "no-fight-damage": ("{t} no inflige daño en ciertas luchas", "{t} deals no damage in certain fights"),
    "cannot-be-stolen": ("no se puede robar el Æmbar de {p}", "{p}'s Æmber cannot be stolen"),
    "no-bonus-icons": ("{p} no puede resolver iconos de bonificación", "{p} cannot resolve bonus icons"),
    "replace-bonus-icon": ("puedes resolver un icono de bonificación {icon} como {with}",
                           "you may resolve a {icon} bonus icon as {with}"),
    "steal-becomes-capture": ("el Æmbar que se fuera a robar se captura en vez de eso",
                              "Æmber that would be stolen is captured instead"),
    "aember-from-supply": ("el Æmbar robado o capturado de {p} sale de la reserva común",
                           "Æmber stolen or captured from {p} comes from the common supply"),
    "forge-from-card": ("el Æmbar de esta carta se puede gastar para forjar llaves",
                        "the Æmber on this card may be spent to forge keys"),
    "may-use": ("puedes usar {count} carta(s) sin importar la Casa activa", "you may use {count} card(s) whatever the active house"),
    "may-play": ("puedes jugar {count} carta(s) sin importar la Casa activa", "you may play {count} card(s) whatever the active house"),
    "may-play-or-use": ("puedes jugar o usar {count} carta(s) sin importar la Casa activa",
                        "you may play or use {count} card(s) whatever the active house"),
    "redirect-damage": ("el daño que reciba {t} lo recibe esta carta en su lugar", "damage dealt to {t} is dealt to this card instead"),
    "extra-damage": ("el daño que reciba {t} aumenta en {n}", "damage dealt to {t} is increased by {n}"),
    "double-damage": ("el daño que reciba {t} se duplica", "damage dealt to {t} is doubled"),
    "also-dealt-damage": ("el daño que reciba {t} también lo recibe esta carta", "damage dealt to {t} is also dealt to this card"),
    "switch-power-armor": ("el poder y la armadura de {t} se intercambian", "the power and armor of {t} are switched"),
    "extra-bonus-icons": ("la próxima carta que juegues resuelve cada icono {times} vez/veces más",
                          "the next card you play resolves each bonus icon {times} more time(s)"),
    "attacking-ignores": ("mientras ataca, {t} ignora {kw}", "while attacking, {t} ignores {kw}"),
    "control": ("controlas esta criatura", "you control this creature"),
    "animate": ("{t} es una criatura con {pw} de poder", "{t} is a creature with power {pw}"),
    "redirect-leaving": ("si {t} abandonara su zona, va a la mano en su lugar", "if {t} would leave its zone, it goes to hand instead"),
    "enters-play-under-opponent": ("esta carta entra en juego bajo el control de tu oponente",
                                   "this card enters play under your opponent's control"),
    "repeat-play-effects": ("los efectos de «Jugar:» de tus cartas se resuelven {times} vez/veces más",
                            "the 'Play:' effects of your cards resolve {times} more time(s)"),
    "considered": ("{t} se considera con {pw} de poder / {ar} de armadura", "{t} is considered to have power {pw} / armor {ar}"),
    "all-houses": ("{t} pertenece a todas las Casas", "{t} belongs to every house"),
    "fight-damage": ("{t} inflige {n} de daño más al atacar a {against}", "{t} deals {n} more damage when attacking {against}"),
    "played-as-copy": ("esta carta se juega como copia de otra", "this card is played as a copy of another card"),
    "creature-in-battleline": ("en la línea de batalla, esta carta es una criatura con {pw} de poder",
                               "in the battleline, this card is a creature with power {pw}"),
    "flank": ("{t} se considera en un flanco", "{t} is considered on a flank"),
    "trait": ("{t} obtiene el rasgo {trait}", "{t} gains the {trait} trait"),
    "also-trigger": ("las habilidades de {t} también se resuelven en otro momento", "the abilities of {t} also resolve at another time"),
    "gain-text-box": ("{t} tiene también el cuadro de texto de otra carta", "{t} also has another card's text box"),
    "fight-damage-limit": ("{t} inflige como mucho {n} de daño al luchar", "{t} deals at most {n} damage when fighting"),
    "state-check": ("si {cond}, esto ocurre en cuanto se comprueba el estado de la partida",
                    "if {cond}, this happens as soon as the game state is checked"),
    "hand-size": ("{p} rellena su mano hasta {n} carta(s) más", "{p} refills their hand to {n} more card(s)"),
    "redirect-entering": ("{t} va a otra zona en vez de la que iba a ir", "{t} goes to another zone instead"),
}

"""The parts of a Gobierno & Prestigio card's reading (:mod:`judge.games.gobierno_y_prestigio.reading`): the names
of types, colours, keywords, zones and counters, targets (118), amounts (109), players, durations, costs (121) and the
events of triggered abilities, in the rules' Spanish and in English.

Wording decides targeting (118.1.a), so the reading says it plainly: «un súbdito objetivo» for ``choose``, «(a tu
elección, sin objetivo)» for ``elige``, «todos los súbditos» for ``all``. "You" is the controller (tu/tus, 111.5);
inside "each player" or a payment another player makes (101.4, 121.12) it is that player, and the words say so.
"""

from __future__ import annotations

from typing import Any

from judge.core.wording import say


def raw(word: Any) -> str:
    """A word the reading has no phrase for, shown as it is written so that the gap is seen (and a test fails)."""
    return f"«{word}»"


TYPE_NAMES: dict[str, tuple[str, str]] = {
    "mandato": ("Mandato", "Order (mandato)"), "ciudadano": ("Ciudadano", "Citizen"),
    "ciudadana": ("Ciudadana", "Citizen (ciudadana)"), "barco": ("Barco", "Ship"), "patrimonio": ("Patrimonio", "Heritage"),
    "estrategia": ("Estrategia", "Strategy"), "lider": ("Líder", "Leader"), "testimonio": ("Testimonio", "Testimony"),
    "mejora": ("Mejora", "Upgrade"), "legado": ("Legado", "Legacy"), "punto-de-gobierno": ("Punto de gobierno", "Government point"),
}
COLOR_NAMES: dict[str, tuple[str, str]] = {
    "purpura": ("púrpura", "purple"), "naranja": ("naranja", "orange"), "dorado": ("dorado", "gold"),
    "verde": ("verde", "green"), "azul": ("azul", "blue"),
}
KEYWORD_NAMES: dict[str, tuple[str, str]] = {
    "habil": ("Hábil", "Skilled (hábil)"), "experto": ("Experto", "Expert"),
    "avasallar": ("Avasallar", "Overwhelm (avasallar)"), "drenar": ("Drenar", "Drain"),
    "inesperada": ("Inesperada", "Unexpected (inesperada)"), "intrigar": ("Intrigar", "Intrigue"),
    "no-descartable": ("No puede ser descartada", "Cannot be discarded"),
    "entra-girada": ("Entra en juego girada", "Enters the battlefield tapped"),
    "cuenta-como-subdito": ("Cuenta como súbdito para recibir daño", "Counts as a subject (súbdito) to be dealt damage"),
    "desde-fuera-del-juego": ("Puede jugarse desde fuera del juego", "May be played from outside the game"),
    "no-objetivo": ("No puede ser objetivo", "Cannot be targeted"),
    "solo-subditos": ("Sólo súbditos", "Subjects (súbditos) only"),
    "atacante-especial": ("Atacante especial", "Special attacker"),
    "bloqueador-especial": ("Bloqueador especial", "Special blocker"),
    "todas": ("todas sus habilidades", "all its abilities"),
}


def type_name(word: str, lang: str) -> str:
    es, en = TYPE_NAMES.get(word, (raw(word), raw(word)))
    return say(lang, es, en)


def color_name(word: Any, lang: str) -> str:
    es, en = COLOR_NAMES.get(str(word), (raw(word), raw(word)))
    return say(lang, es, en)


def keyword(word: str, lang: str) -> str:
    es, en = KEYWORD_NAMES.get(word, (raw(word), raw(word)))
    return say(lang, es, en)


def counter(name: Any, lang: str, plural: bool = False) -> str:
    """A kind of counter (124): «contador +1/+1», «contadores de liderazgo»."""
    es = "contadores" if plural else "contador"
    if name == "liderazgo":
        return say(lang, f"{es} de liderazgo", "leadership counters" if plural else "leadership counter")
    return say(lang, f"{es} {name}", f"{name} counters" if plural else f"{name} counter")


# Targets (118) ------------------------------------------------------------------------------------------------------

NOUNS: dict[str, tuple[str, str, str, str, str]] = {
    # kind: Spanish singular, Spanish plural, gender (m/f), English singular, English plural
    "subdito": ("súbdito", "súbditos", "m", "subject", "subjects"),
    "lider": ("líder", "líderes", "m", "leader", "leaders"),
    "subdito-o-lider": ("súbdito o líder", "súbditos o líderes", "m", "subject or leader", "subjects or leaders"),
    "posesion": ("posesión", "posesiones", "f", "possession", "possessions"),
    "ciudadano": ("ciudadano o ciudadana", "ciudadanos o ciudadanas", "m", "citizen", "citizens"),
    "barco": ("barco", "barcos", "m", "ship", "ships"),
    "patrimonio": ("patrimonio", "patrimonios", "m", "heritage", "heritages"),
    "estrategia": ("estrategia", "estrategias", "f", "strategy", "strategies"),
    "testimonio": ("testimonio", "testimonios", "m", "testimony", "testimonies"),
    "pg": ("punto de gobierno", "puntos de gobierno", "m", "government point", "government points"),
    "cualquier-objetivo": ("líder, súbdito o posesión con fuerza y resistencia", "líderes, súbditos o posesiones con fuerza y resistencia",
                           "m", "leader, subject or possession with strength and toughness",
                           "leaders, subjects or possessions with strength and toughness"),
    "orden": ("orden", "órdenes", "f", "order", "orders"),
    "mandato": ("orden de mandato", "órdenes de mandato", "f", "mandato order", "mandato orders"),
    "habilidad": ("habilidad activada o disparada", "habilidades activadas o disparadas", "f",
                  "activated or triggered ability", "activated or triggered abilities"),
    "objeto-en-pila": ("objeto", "objetos", "m", "object", "objects"),
    "carta": ("carta", "cartas", "f", "card", "cards"),
    "jugador": ("jugador", "jugadores", "m", "player", "players"),
    "objeto": ("objeto", "objetos", "m", "object", "objects"),
    "fuente-de-dano": ("fuente de daño", "fuentes de daño", "f", "source of damage", "sources of damage"),
    "legado": ("legado", "legados", "m", "legacy", "legacies"),
}

ON_THE_STACK = ("orden", "mandato", "habilidad", "objeto-en-pila")
"""What is looked for on the stack (115), said so after the noun."""

NAMED: dict[str, tuple[str, str]] = {
    "self": ("esta carta", "this card"), "previous": ("ese mismo objeto", "that same object"),
    "atacante": ("el súbdito atacante", "the attacking subject"),
    "host": ("el súbdito al que está adjunta esta mejora", "the subject this upgrade is attached to"),
}

ZONES: dict[str, tuple[str, str, str]] = {
    # zone: Spanish noun, its article, English
    "descarte": ("descarte", "el", "discard"), "mano": ("mano", "la", "hand"), "campo": ("campo de batalla", "el", "battlefield"),
    "recambio": ("recambio", "el", "spare pile (recambio)"), "fuera-del-juego": ("zona fuera del juego", "la", "out-of-game zone"),
    "pila": ("pila", "la", "stack"), "pg": ("zona de puntos de gobierno", "la", "government point zone"),
    "gobierno": ("zona de gobierno", "la", "government zone"),
}


def zone_name(zone: Any, lang: str) -> str:
    es, _, en = ZONES.get(str(zone), (raw(zone), "el", raw(zone)))
    return say(lang, es, en)


def plural(spec: Any) -> bool:
    """Whether a target names several objects (the verb after it agrees)."""
    if not isinstance(spec, dict):
        return False
    return bool(spec.get("all")) or any(int(spec.get(k, 1)) > 1 for k in ("choose", "hasta", "elige") if k in spec)


def _agree(word: str, gender: str, many: bool) -> str:
    """A Spanish adjective written in the masculine singular, agreed with its noun."""
    if gender == "f" and word.endswith("o"):
        word = word[:-1] + "a"
    return word + ("s" if many and word[-1] in "aeiou" else "es" if many else "")


def _filters(f: dict[str, Any], lang: str, gender: str, many: bool) -> tuple[list[str], list[str]]:
    """Adjectives before the English noun, and clauses after the noun."""
    before: list[str] = []
    after: list[str] = []
    for key, v in f.items():
        if key == "color":
            before.append(color_name(v, "en")) if lang == "en" else after.append(f"de color {color_name(v, 'es')}")
        elif key in ("tapped", "attacking"):
            es = {("tapped", True): "girado", ("tapped", False): "enderezado", ("attacking", True): "atacante",
                  ("attacking", False): "no atacante"}[(key, bool(v))]
            en = {("tapped", True): "tapped", ("tapped", False): "untapped", ("attacking", True): "attacking",
                  ("attacking", False): "non-attacking"}[(key, bool(v))]
            before.append(en) if lang == "en" else after.append(" ".join(_agree(w, gender, many) if w != "no" else w
                                                                       for w in es.split()))
        elif key == "name":
            after.append(say(lang, f"{_agree('llamado', gender, many)} «{v}»", f"named '{v}'"))
        else:
            after.append(filter_clause(key, v, lang))
    return before, after


FILTER_CLAUSES: dict[str, tuple[str, str]] = {
    "type": ("de tipo {t}", "of type {t}"), "not-type": ("que no es de tipo {t}", "that is not of type {t}"),
    "subtype": ("de subtipo {v}", "of subtype {v}"), "cost-max": ("con coste {v} o menos", "with cost {v} or less"),
    "strength-max": ("con fuerza {v} o menos", "with strength {v} or less"),
    "strength-min": ("con fuerza {v} o más", "with strength {v} or more"), "keyword": ("con {k}", "with {k}"),
    "name": ("llamado «{v}»", "named '{v}'"), "has-strength": ("con fuerza", "with strength"),
    "un-objetivo": ("con un solo objetivo declarado", "with a single declared target"),
    "targets-kind": ("que hace objetivo a {a}", "that targets {a}"),
    "subdito": ("que es un súbdito", "that is a subject"), "self": ("(esta misma)", "(this one)"),
}
"""A characteristic an object is filtered by (111.3, 118.6), as a clause after its noun."""


def filter_clause(key: str, value: Any, lang: str) -> str:
    es, en = FILTER_CLAUSES.get(key, (raw(key), raw(key)))
    if key == "has-strength" and not value:
        es, en = "sin fuerza", "without strength"
    fields = {"v": value, "t": type_name(str(value), lang).lower(), "k": keyword(str(value), lang),
              "a": a_noun(str(value), lang)}
    return say(lang, es, en).format(**fields)


def a_noun(kind: str, lang: str) -> str:
    """One object of a kind, with its indefinite article: «un líder», «una estrategia»."""
    es, _, gender, en, _ = NOUNS.get(kind, (raw(kind), raw(kind), "m", raw(kind), raw(kind)))
    return say(lang, f"{'una' if gender == 'f' else 'un'} {es}", f"{'an' if en[:1] in 'aeiou' else 'a'} {en}")


def _where(spec: dict[str, Any], lang: str, voice: str) -> str:
    """Whose it is and where: «que controlas», «de tu descarte», «in an opponent's hand»."""
    side = spec.get("side", "any")
    zone = spec.get("zone")
    you = voice == "you"
    if zone and zone != "campo":
        es, article, en = ZONES.get(zone, (raw(zone), "el", raw(zone)))
        de = "del" if article == "el" else f"de {article}"
        if side == "own":
            return say(lang, f"de {'tu' if you else 'su'} {es}", f"in {'your' if you else 'their'} {en}")
        if side == "opponent":
            return say(lang, f"{de} {es} de un oponente", f"in an opponent's {en}")
        return say(lang, f"{de} {es} de cualquier jugador", f"in any player's {en}")
    if side == "own":
        return say(lang, "que controlas" if you else "que controla", "you control" if you else "they control")
    if side == "opponent":
        return say(lang, "que controla un oponente", "an opponent controls")
    return ""


def target(spec: Any, lang: str, voice: str = "you", *, chosen: bool = True) -> str:
    """What an effect acts on: a named object («esta carta») or a description (118.1); ``chosen = False`` leaves out
    who chooses an object taken without targeting (an event's object is not chosen)."""
    if isinstance(spec, str):
        es, en = NAMED.get(spec, (raw(spec), raw(spec)))
        return say(lang, es, en)
    if not isinstance(spec, dict):
        return raw(spec)
    kind = spec.get("kind", "subdito")
    sg_es, pl_es, gender, sg_en, pl_en = NOUNS.get(kind, (raw(kind), raw(kind), "m", raw(kind), raw(kind)))
    many = plural(spec)
    before, after = _filters(spec.get("filter", {}) or {}, lang, gender, many)
    if kind in ON_THE_STACK:
        after.insert(0, say(lang, "en la pila", "on the stack"))
    where = _where(spec, lang, voice)
    if where:
        after.append(where)
    noun_en = " ".join([*before, pl_en if many else sg_en])
    rest_es = "".join(f" {c}" for c in after)
    rest_en = "".join(f" {c}" for c in after)
    other = ""
    if spec.get("different"):
        other = say(lang, " " + _agree("distinto", gender, many) + ("" if many else " de los demás"), " different")
    if spec.get("all"):
        article = "todas las" if gender == "f" else "todos los"
        return say(lang, f"{article} {pl_es}{rest_es}", f"all {noun_en}{rest_en}")
    if "choose" in spec or "hasta" in spec:
        n = int(spec.get("choose", spec.get("hasta", 1)))
        upto = say(lang, "hasta ", "up to ") if "hasta" in spec else ""
        if kind == "cualquier-objetivo" and n == 1 and not upto:
            return say(lang, f"cualquier objetivo{rest_es}", f"any target{rest_en}")
        if n == 1 and not upto:
            es = f"{'una' if gender == 'f' else 'un'} {sg_es} objetivo{other}{rest_es}"
        else:
            es = f"{upto}{n} {sg_es if n == 1 else pl_es} objetivo{other}{rest_es}"
        en = f"{upto}{'' if n == 1 and not upto else f'{n} '}{'' if other == '' else 'different '}target {noun_en}{rest_en}"
        if other and n == 1 and not upto:
            en = f"target {noun_en}{rest_en} (different from the others)"
        return say(lang, es, en)
    n = int(spec.get("elige", 1))
    if other:
        noun_en = f"different {noun_en}"
    choice = say(lang, f" (a {'tu' if voice == 'you' else 'su'} elección, sin objetivo)",
                 f" ({'your' if voice == 'you' else 'their'} choice, not targeted)") if chosen else ""
    if n == 1:
        article_en = "an" if noun_en[:1] in "aeiou" else "a"
        return say(lang, f"{'una' if gender == 'f' else 'un'} {sg_es}{other}{rest_es}", f"{article_en} {noun_en}{rest_en}") + choice
    return say(lang, f"{n} {pl_es}{other}{rest_es}", f"{n} {noun_en}{rest_en}") + choice


# Amounts (109) ------------------------------------------------------------------------------------------------------


def number(value: Any, lang: str, effect: dict[str, Any], voice: str = "you") -> str:
    """An amount: a number, X (109.2.a), or a number the text defines, counted when the effect happens (109.2.b)."""
    if not isinstance(value, dict):
        return str(value)
    count = value.get("count")
    if count == "subditos":
        plus = int(value.get("plus", 0))
        whose = say(lang, "que controlas" if voice == "you" else "que controla", "you control" if voice == "you" else "they control")
        extra = "" if not plus else say(lang, f" más {plus}" if plus > 0 else f" menos {-plus}",
                                        f" plus {plus}" if plus > 0 else f" minus {-plus}")
        return say(lang, f"el número de súbditos {whose}{extra}", f"the number of subjects {whose}{extra}")
    if count == "fuerza":
        if value.get("of") == "target":  # the effect's own target, named just after
            return say(lang, "la fuerza de ese objetivo", "that target's strength")
        return say(lang, f"la fuerza de {target(value.get('of'), 'es', voice)}", f"the strength of {target(value.get('of'), 'en', voice)}")
    if count == "coste":
        of = effect.get("target") if value.get("of") == "target" else value.get("of")
        return say(lang, f"el coste original de {target(of, 'es', voice)}", f"the original cost of {target(of, 'en', voice)}")
    return raw(count)


def quantity(value: Any, lang: str, effect: dict[str, Any], nouns: tuple[str, str, str, str], voice: str = "you") -> str:
    """An amount of something: «1 punto de prestigio», «X puntos de daño», «tantos recursos como …»."""
    es_one, es_many, en_one, en_many = nouns
    if isinstance(value, dict):
        n = number(value, lang, effect, voice)
        return say(lang, f"tantos {es_many} como {n}", f"{en_many} equal to {n}")
    return say(lang, f"{value} {es_one if value == 1 else es_many}", f"{value} {en_one if value == 1 else en_many}")


PRESTIGE = ("punto de prestigio", "puntos de prestigio", "prestige", "prestige")
DAMAGE = ("punto de daño", "puntos de daño", "damage", "damage")
RESOURCES = ("recurso", "recursos", "resource", "resources")
GOVERNMENT_POINTS = ("punto de gobierno", "puntos de gobierno", "government point", "government points")
CARDS = ("carta", "cartas", "card", "cards")


# Players (118.1.b) --------------------------------------------------------------------------------------------------

PLAYERS: dict[str, tuple[str, str]] = {
    "ganas": ("un jugador objetivo (tú u otro)", "target player (you or another)"),
    "opponent": ("tu oponente", "your opponent"), "each": ("cada jugador", "each player"),
    "each-opponent": ("cada oponente", "each opponent"), "target-controller": ("el controlador de {t}", "the controller of {t}"),
    "controller": ("", ""),
}
"""Who a player word names, as the subject of a verb; the controller is "you" (tú, second person, no subject)."""


def player_subject(word: Any, lang: str, effect: dict[str, Any], voice: str = "you") -> str:
    """The subject of a player's verb; empty for "you" (the verb then goes in the second person)."""
    if word in (None, "controller"):
        return "" if voice == "you" else say(lang, "ese jugador", "that player")
    es, en = PLAYERS.get(str(word), (raw(word), raw(word)))
    return say(lang, es, en).replace("{t}", target(effect.get("target"), lang, voice))


# Durations, costs, events -------------------------------------------------------------------------------------------

DURATIONS: dict[str, tuple[str, str]] = {
    "fin-del-turno": ("hasta el final del turno", "until end of turn"), "este-turno": ("este turno", "this turn"),
    "mientras": ("mientras esta carta siga en el campo de batalla", "for as long as this card stays on the battlefield"),
}


def duration(word: Any, lang: str) -> str:
    es, en = DURATIONS.get(str(word), (raw(word), raw(word)))
    return say(lang, es, en)


COSTS: dict[str, tuple[str, str]] = {
    "recursos": ("pagar {n}", "pay {n}"), "girar": ("girar esta carta", "tap this card"),
    "retirar-del-juego": ("retirar esta carta del juego", "remove this card from the game"),
    "retira": ("retirar del juego {a} que controlas", "remove from the game {a} you control"),
    "prestigio": ("pagar {p}", "pay {p}"), "ganar-prestigio": ("ganar {p}", "gain {p}"),
    "sin-pagar": ("no pagar nada", "nothing"),
}
"""Each part of a cost (116.3.b, 121): resources, tapping, removing, prestige."""


def cost_text(cost: Any, lang: str, *, paid: bool = False) -> str:
    """A cost as its parts joined: «girar esta carta, pagar 1 recurso»; «(opcional)» for an optional additional
    cost. ``paid``: what a player is asked to pay, without the verb («puedes pagar 2 recursos», 121.12)."""
    if not isinstance(cost, dict):
        return raw(cost)
    parts = []
    for key, value in cost.items():
        if key == "optional":
            continue
        es, en = COSTS.get(key, (raw(key), raw(key)))
        fields = {"n": quantity(value, lang, {}, RESOURCES), "p": quantity(value, lang, {}, PRESTIGE),
                  "a": a_noun(str(value), lang)}
        if paid and key in ("recursos", "prestigio"):
            es = en = "{n}" if key == "recursos" else "{p}"
        parts.append(say(lang, es, en).format(**fields))
    text = ", ".join(parts)
    return text + say(lang, " (opcional)", " (optional)") if cost.get("optional") else text


EVENTS: dict[str, tuple[str, str, str, str]] = {
    # event: Spanish, English (with {s}, the object the event is about), and that object when no filter names it
    "entra-en-juego": ("{w} {s} entra en el campo de batalla", "{w} {s} enters the battlefield", "una posesión", "a possession"),
    "subdito-destruido": ("{w} se destruye {s}", "{w} {s} is destroyed", "un súbdito", "a subject"),
    "destruido": ("{w} se destruye {s}", "{w} {s} is destroyed", "un objeto", "an object"),
    "orden-destruye-subdito": ("{w} una orden destruye {s}", "{w} an order destroys {s}", "un súbdito", "a subject"),
    "ataca": ("{w} {s} ataca", "{w} {s} attacks", "un súbdito", "a subject"),
    "atacan": ("Siempre que uno o más súbditos son declarados atacantes (una vez por declaración)",
               "Whenever one or more subjects are declared attackers (once per declaration)", "", ""),
    "se-gira": ("{w} {s} se gira por un efecto", "{w} {s} becomes tapped by an effect", "un objeto", "an object"),
    "se-endereza": ("{w} {s} se endereza por un efecto", "{w} {s} becomes untapped by an effect", "un objeto", "an object"),
    "recibe-dano": ("{w} {s} recibe daño", "{w} {s} is dealt damage", "un súbdito", "a subject"),
    "hace-dano": ("{w} {s} hace daño", "{w} {s} deals damage", "un súbdito", "a subject"),
    "final-del-combate": ("Al final del ataque", "At the end of the attack", "", ""),
    "final-del-turno": ("Al final del turno", "At the end of the turn", "", ""),
    "usa-pg": ("Siempre que usas un punto de gobierno", "Whenever you use a government point", "", ""),
    "orden-te-hace-ganar-prestigio": ("Siempre que una orden te haga ganar prestigio", "Whenever an order makes you gain prestige", "", ""),
    "gana-prestigio": ("Siempre que ganas prestigio", "Whenever you gain prestige", "", ""),
    "pierde-prestigio": ("Siempre que pierdes prestigio", "Whenever you lose prestige", "", ""),
    "recurso-gastado": ("Cuando se gasta ese recurso", "When that resource is spent", "", ""),
}
"""The condition of a triggered ability (116.4.c: «Siempre», «Cuando» o «En cuanto»)."""


def event_clause(event: Any, filters: dict[str, Any], lang: str) -> str:
    """«Cuando esta carta entra en el campo de batalla», «Siempre que un súbdito con fuerza 3 o más …»."""
    if event not in EVENTS:
        return raw(event)
    es, en, some_es, some_en = EVENTS[event]
    if filters.get("self"):
        when, subject = say(lang, "Cuando", "When"), say(lang, *NAMED["self"])
    else:
        when = say(lang, "Siempre que", "Whenever")
        rest = {k: v for k, v in filters.items() if k not in ("subdito", "side")}
        side = {"side": filters["side"]} if "side" in filters else {}
        kind = "subdito" if filters.get("subdito") else None
        if kind:
            subject = target({"elige": 1, "kind": kind, "filter": rest, **side}, lang, chosen=False)
        else:
            whose = _where(side, lang, "you")
            subject = say(lang, some_es, some_en) + "".join(f" {filter_clause(k, v, lang)}" for k, v in rest.items()) + \
                (f" {whose}" if whose else "")
    return say(lang, es, en).replace("{w}", when).replace("{s}", subject)

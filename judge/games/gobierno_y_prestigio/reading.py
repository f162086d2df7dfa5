"""A Gobierno & Prestigio card as the engine reads it, in words: each ability of the vocabulary rendered in the rules'
Spanish and in English.

A judge compares this reading with the card on the table: if they differ, the engine is ruling on another card. So
the reading is made from the vocabulary alone (the project keeps no printed text), one sentence an ability, headed by
its kind (116.4, and the costs of 116.3.b): «Orden — Hace 6 puntos de daño a un súbdito o líder objetivo.» /
"Activated — cost: tap this card: Add 1 resource to your reserve pool." It is plain and literal rather than elegant;
every word of the vocabulary has its phrase, and a test keeps it so. Targets, amounts, players, costs and events are
phrased by :mod:`judge.games.gobierno_y_prestigio.reading_parts`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.core.kept import per_definition
from judge.core.wording import LANGS, cap
from judge.games.gobierno_y_prestigio.reading_parts import (CARDS, DAMAGE, GOVERNMENT_POINTS, PRESTIGE, RESOURCES, a_noun, 
                                                            color_name, cost_text, counter, duration, event_clause,
                                                            keyword, number, player_subject, plural, quantity, raw, say,
                                                            target, type_name, zone_name)


ABILITY_KINDS: dict[str, tuple[str, str]] = {
    "orden": ("Orden", "Order"), "activada": ("Activada", "Activated"), "disparada": ("Disparada", "Triggered"),
    "constante": ("Constante", "Static"), "coste": ("Coste", "Cost"),
}
"""The heading of each kind of ability (116.4), and of what the card does to its own cost (116.3.b)."""


def card_lines(card: Any, lang: str = "es") -> list[str]:
    """What the board shows of a card (a catalog card definition): its type and printed numbers, its keywords, the
    counters it enters with, and then each ability as the engine reads it."""
    lines = [_head(card, lang)]
    if card.keywords:
        lines.append(", ".join(keyword(k, lang) for k in card.keywords) + ".")
    for name, n in card.enters_with:
        lines.append(say(lang, f"Entra en juego con {n} {counter(name, 'es', n != 1)}.",
                         f"Enters the battlefield with {n} {counter(name, 'en', n != 1)}."))
    return lines + [contract(ability_text(a, lang)) if lang != "en" else ability_text(a, lang) for a in card.abilities]


def contract(text: str) -> str:
    """Spanish contracts «a el» and «de el» (a phrase put after «a» or «de» may start with «el»)."""
    return text.replace(" a el ", " al ").replace(" de el ", " del ")


def _head(card: Any, lang: str) -> str:
    parts = [type_name(card.type, lang) + (f" — {', '.join(card.subtypes)}" if card.subtypes else "")]
    if card.cost is not None:
        parts.append(say(lang, f"coste {card.cost}", f"cost {card.cost}"))
    if card.colors:
        parts.append(", ".join(color_name(c, lang) for c in card.colors))
    if card.strength is not None or card.toughness is not None:
        parts.append(say(lang, f"fuerza {card.strength}, resistencia {card.toughness}",
                         f"strength {card.strength}, toughness {card.toughness}"))
    if card.leadership is not None:
        parts.append(say(lang, f"liderazgo {card.leadership}", f"leadership {card.leadership}"))
    return " · ".join(parts)


def ability_text(ability: dict[str, Any], lang: str = "es") -> str:
    """One ability as one sentence, headed by its kind: «Activada — coste: girar esta carta: Agrega …»."""
    kind = ability.get("kind", "")
    es, en = ABILITY_KINDS.get(kind, (raw(kind), raw(kind)))
    label = say(lang, es, en)
    if kind == "activada":
        cost = cost_text(ability.get("cost", {}), lang)
        return f"{label} — {say(lang, 'coste', 'cost')}: {cost}: {_body(ability, lang)}."
    if kind == "disparada":
        when = event_clause(ability.get("event"), ability.get("filter", {}) or {}, lang)
        body = _body(ability, lang)
        return f"{label} — {when}, {body[:1].lower()}{body[1:]}."
    if kind == "constante":
        return f"{label} — {cap(static_text(ability.get('effect', {}), lang))}."
    if kind == "coste":
        return _own_cost(ability, lang)
    return f"{label} — {_body(ability, lang)}."


def _body(ability: dict[str, Any], lang: str) -> str:
    if "modes" in ability:
        return say(lang, "Elige uno: ", "Choose one: ") + _options(ability["modes"], lang)
    return effects_text(ability.get("effects", []), lang)


def _options(options: list[Any], lang: str, voice: str = "you") -> str:
    return "; ".join(f"({i + 1}) {effects_text(o, lang, voice)}" for i, o in enumerate(options))


def _own_cost(ability: dict[str, Any], lang: str) -> str:
    """116.3.b: an alternative or additional cost is an ability of the card; so is a reduction of its cost (116.6.c)."""
    if "alternative" in ability:
        cost = cost_text(ability["alternative"], lang)
        return say(lang, f"Coste alternativo — En lugar de pagar su coste, puedes: {cost}.",
                   f"Alternative cost — Instead of paying its cost, you may: {cost}.")
    if "additional" in ability:
        cost = cost_text(ability["additional"], lang)
        return say(lang, f"Coste adicional — Para jugarla, además debes: {cost}.",
                   f"Additional cost — To play it, you must also: {cost}.")
    if "reduce" in ability:
        when = {"controlas-lider": (" si controlas un líder", " if you control a leader"), None: ("", "")}
        es, en = when.get(ability.get("if"), (f" si {raw(ability.get('if'))}", f" if {raw(ability.get('if'))}"))
        n = ability["reduce"]
        return say(lang, f"Reducción de coste — Cuesta {n} menos{es}.", f"Cost reduction — It costs {n} less{en}.")
    return say(lang, f"Coste — {raw('coste')}.", f"Cost — {raw('coste')}.")


def effects_text(effects: list[Any], lang: str = "es", voice: str = "you") -> str:
    """A list of effects, in printed order (116.4.a), as sentences."""
    return ". ".join(cap(effect_text(e, lang, voice)) for e in effects if isinstance(e, dict))


def effect_text(e: dict[str, Any], lang: str = "es", voice: str = "you") -> str:
    """One effect, with how long it lasts when it says so."""
    verb = e.get("do", "")
    if verb in _SPECIAL:
        text = _SPECIAL[verb](e, lang, voice)
    elif verb in PLAYER_VERBS:
        text = _player_verb(e, lang, voice)
    elif verb in TARGET_VERBS:
        es, en = TARGET_VERBS[verb]
        text = say(lang, es, en).replace("{t}", target(e.get("target"), lang, voice))
    else:
        return raw(verb)
    if "until" in e:
        text += " " + duration(e["until"], lang)
    return text


TARGET_VERBS: dict[str, tuple[str, str]] = {
    "destruir": ("destruye {t}", "destroy {t}"), "retirar": ("retira del juego {t}", "remove {t} from the game"),
    "a-la-mano": ("devuelve {t} a la mano de su propietario (recupera todos sus usos)",
                  "return {t} to its owner's hand (they recover all its uses)"),
    "poner-en-juego": ("pon {t} en el campo de batalla bajo tu control", "put {t} onto the battlefield under your control"),
    "enderezar": ("endereza {t}", "untap {t}"), "girar": ("gira {t}", "tap {t}"),
    "descartar-orden": ("descarta {t}", "discard {t}"),
    "quitar-uso": ("el propietario de {t} pierde un uso de esa carta", "the owner of {t} loses a use of that card"),
    "ganar-control": ("gana el control de {t}", "gain control of {t}"),
    "copiar-orden": ("copia {t}: la copia va a la pila y la controlas tú", "copy {t}: the copy goes on the stack and you control it"),
    "prevenir-fuente": ("previene todo el daño que fuera a hacer este turno {t}",
                        "prevent all the damage that {t} would deal this turn"),
}
"""Effects that act on their ``target`` alone, in the imperative of the cards («Destruye un súbdito»)."""

PLAYER_VERBS: dict[str, tuple[str, str, str, str]] = {
    # the controller ("you", no subject), another player ({s}), in Spanish and in English; {q} the amount of the thing
    "ganar-prestigio": ("ganas {q}", "{s} gana {q}", "you gain {q}", "{s} gains {q}"),
    "perder-prestigio": ("pierdes {q}", "{s} pierde {q}", "you lose {q}", "{s} loses {q}"),
    "fijar-prestigio": ("tu total de prestigio pasa a ser {n}", "el total de prestigio de {s} pasa a ser {n}",
                        "your prestige total becomes {n}", "the prestige total of {s} becomes {n}"),
    "intercambiar-prestigio": ("intercambias tu total de prestigio con el de ti mismo", "intercambias tu total de prestigio con el de {s}",
                               "you exchange prestige totals with yourself", "you exchange prestige totals with {s}"),
    "descartar-de-mano": ("descartas {c} de tu mano, a tu elección; cada una te cuesta un uso",
                          "{s} descarta {c} de su mano, a su elección; cada una le cuesta un uso",
                          "you discard {c} of your choice from your hand; each costs you a use",
                          "{s} discards {c} of their choice from their hand; each costs them a use"),
    "poner-en-descarte": ("pones {c} de tu mano, a tu elección, en tu descarte{f}",
                          "{s} pone {c} de su mano, a su elección, en su descarte{f}",
                          "you put {c} of your choice from your hand into your discard{f}",
                          "{s} puts {c} of their choice from their hand into their discard{f}"),
    "recuperar-uso": ("recuperas un uso de una carta a tu elección{z}", "{s} recupera un uso de una carta a su elección{z}",
                      "you recover a use of a card of your choice{z}", "{s} recovers a use of a card of their choice{z}"),
    "recuperar-todo": ("recuperas todos tus puntos de gobierno", "{s} recupera todos sus puntos de gobierno",
                       "you recover all your government points", "{s} recovers all their government points"),
    "quitar-riqueza": ("tus puntos de riqueza se mueven y dejan de existir",
                       "los puntos de riqueza de {s} se mueven y dejan de existir",
                       "your wealth points are moved away and cease to exist",
                       "the wealth points of {s} are moved away and cease to exist"),
    "ganar-partida": ("ganas la partida", "{s} gana la partida", "you win the game", "{s} wins the game"),
    "perder-partida": ("pierdes la partida", "{s} pierde la partida", "you lose the game", "{s} loses the game"),
}
"""Effects on a player (``player``; the controller when it names none)."""


def _player_verb(e: dict[str, Any], lang: str, voice: str) -> str:
    es_you, es_other, en_you, en_other = PLAYER_VERBS[e["do"]]
    subject = player_subject(e.get("player"), lang, e, voice)
    you = not subject
    amount = e.get("amount", 1)
    zone = e.get("zone")
    fields = {
        "q": quantity(amount, lang, e, PRESTIGE, voice), "n": number(amount, lang, e, voice),
        "c": quantity(amount, lang, e, CARDS, voice),
        "f": say(lang, " boca abajo", " face down") if e.get("face-down") else "",
        "z": "" if not zone else say(lang, f" de {'tu' if you else 'su'} {zone_name(zone, 'es')}",
                                     f" in {'your' if you else 'their'} {zone_name(zone, 'en')}"),
        "s": subject,
    }
    text = say(lang, es_you if you else es_other, en_you if you else en_other)
    for key, value in fields.items():
        text = text.replace("{" + key + "}", value)
    # A player phrase may start with the article the preposition before it contracts with («a el» → «al»).
    return text.replace(" a el ", " al ").replace(" de el ", " del ") if lang == "es" else text


def _damage(e: dict[str, Any], lang: str, voice: str) -> str:
    n = quantity(e.get("amount", 1), lang, e, DAMAGE, voice)
    return say(lang, f"hace {n} a {target(e.get('target'), 'es', voice)}", f"deal {n} to {target(e.get('target'), 'en', voice)}")


def _prevent(e: dict[str, Any], lang: str, voice: str) -> str:
    n = quantity(e.get("amount", 1), lang, e, DAMAGE, voice)
    t = target(e.get("target"), lang, voice)
    return say(lang, f"previene los siguientes {n} que se fueran a hacer este turno a {t}",
               f"prevent the next {n} that would be dealt to {t} this turn")


def _add_resources(e: dict[str, Any], lang: str, voice: str) -> str:
    n = quantity(e.get("amount", 1), lang, e, RESOURCES, voice)
    color = {"fuente": (" del color de su fuente", " of its source's colour"),
             "indefinido": (" de tipo indefinido (no produce ninguno, 106.1.c.1.3)",
                            " of an undefined type (it produces none, 106.1.c.1.3)")}
    es, en = color.get(e.get("color"), ("", "")) if e.get("color") in (None, "fuente", "indefinido") \
        else (f" de color {color_name(e['color'], 'es')}", f" of colour {color_name(e['color'], 'en')}")
    text = say(lang, f"agrega {n}{es} a {'tu' if voice == 'you' else 'su'} depósito de reserva",
               f"add {n}{en} to {'your' if voice == 'you' else 'their'} reserve pool")
    if e.get("solo"):
        only = a_noun(str(e["solo"]), lang) if e["solo"] not in ("mandato",) else say(lang, "un mandato", "a mandato")
        text += say(lang, f", que solo pueden gastarse para pagar {only}", f", which can only be spent to pay for {only}")
    if e.get("when-spent"):
        then = effects_text(e["when-spent"], lang, voice)
        text += say(lang, f". Cuando se gaste cada uno de ellos: {then}", f". When each of them is spent: {then}")
    return text


def _recover_gp(e: dict[str, Any], lang: str, voice: str) -> str:
    n = quantity(e.get("amount", 1), lang, e, GOVERNMENT_POINTS, voice)
    return say(lang, f"recupera {n}", f"recover {n}")


def _make_token(e: dict[str, Any], lang: str, voice: str) -> str:
    if "copy" in e:
        text = say(lang, f"crea una tarjeta que es copia de {target(e['copy'], 'es', voice)}",
                   f"create a token that is a copy of {target(e['copy'], 'en', voice)}")
    else:
        token = e.get("token", {}) if isinstance(e.get("token"), dict) else {}
        kind = type_name(str(token.get("type", "")), lang).lower()
        size = f" {token['strength']}/{token['toughness']}" if "strength" in token else ""
        text = say(lang, f"crea una tarjeta de {kind}{size}", f"create a{size} {kind} token")
        if token.get("subtypes"):
            text += say(lang, f" de subtipo {', '.join(token['subtypes'])}", f" of subtype {', '.join(token['subtypes'])}")
        if token.get("name"):
            text += say(lang, f" llamada «{token['name']}»", f" named '{token['name']}'")
    if e.get("player") not in (None, "controller"):
        who = player_subject(e["player"], lang, e, voice)
        text += say(lang, f"; la crea y la controla {who}", f"; {who} creates and controls it")
    return text


def _modify(e: dict[str, Any], lang: str, voice: str) -> str:
    t = target(e.get("target"), lang, voice)
    change = f"{int(e.get('strength', 0)):+d}/{int(e.get('toughness', 0)):+d}"
    gains = say(lang, "ganan" if plural(e.get("target")) else "gana", "get" if plural(e.get("target")) else "gets")
    if "until" in e:
        return f"{t} {gains} {change}"
    return f"{t} {gains} {change}" + say(lang, " (en contadores)", " (as counters)")


def _counters(e: dict[str, Any], lang: str, voice: str) -> str:
    n = e.get("amount", 1)
    t = target(e.get("target"), lang, voice)
    name = e.get("counter", "+1/+1")
    if isinstance(n, int) and n < 0:
        return say(lang, f"quita {-n} {counter(name, 'es', n != -1)} de {t}", f"remove {-n} {counter(name, 'en', n != -1)} from {t}")
    shown = number(n, lang, e, voice)
    return say(lang, f"pon {shown} {counter(name, 'es', n != 1)} sobre {t}", f"put {shown} {counter(name, 'en', n != 1)} on {t}")


def _move_counter(e: dict[str, Any], lang: str, voice: str) -> str:
    name = counter(e.get("counter", "+1/+1"), lang)
    source, to = target(e.get("source"), lang, voice), target(e.get("target"), lang, voice)
    return say(lang, f"mueve un {name} de {source} a {to}", f"move a {name} from {source} to {to}")


def _keyword_change(gain: bool) -> Callable[[dict[str, Any], str, str], str]:
    def render(e: dict[str, Any], lang: str, voice: str) -> str:
        t, many = target(e.get("target"), lang, voice), plural(e.get("target"))
        word = keyword(str(e.get("keyword")), lang)
        es = ("ganan" if many else "gana") if gain else ("pierden" if many else "pierde")
        en = ("gain" if many else "gains") if gain else ("lose" if many else "loses")
        return say(lang, f"{t} {es} {word}", f"{t} {en} {word}")
    return render


def _subtype(e: dict[str, Any], lang: str, voice: str) -> str:
    t = target(e.get("target"), lang, voice)
    return say(lang, f"{t} tiene el subtipo {e.get('subtype')} en lugar de los suyos",
               f"{t} has the subtype {e.get('subtype')} instead of its own")


def _color(e: dict[str, Any], lang: str, voice: str) -> str:
    t = target(e.get("target"), lang, voice)
    shown = color_name(e["color"], lang) if e.get("color") else say(lang, "el color elegido", "the chosen colour")
    return say(lang, f"{t} pasa a ser de color {shown} en lugar de los suyos", f"{t} becomes {shown} instead of its colours")


def _change_targets(e: dict[str, Any], lang: str, voice: str) -> str:
    t = target(e.get("target"), lang, voice)
    if e.get("new"):
        return say(lang, f"elige nuevos objetivos para {t}", f"choose new targets for {t}")
    return say(lang, f"cambia el/los objetivo/s de {t}", f"change the target(s) of {t}")


def _play(e: dict[str, Any], lang: str, voice: str) -> str:
    t = target(e.get("target"), lang, voice)
    free = say(lang, " sin pagar su coste", " without paying its cost") if e.get("free") else ""
    return say(lang, f"juega {t}{free}", f"play {t}{free}")


def _each_player(e: dict[str, Any], lang: str, voice: str) -> str:
    who = say(lang, "cada oponente", "each opponent") if e.get("player") == "each-opponent" \
        else say(lang, "cada jugador, empezando por el jugador activo", "each player, the active player first")
    what = effects_text(e.get("effects", []), lang, "they")
    return say(lang, f"{who} (elige cada uno y luego todo sucede a la vez): {what[:1].lower()}{what[1:]}",
               f"{who} (each chooses, then it all happens at once): {what[:1].lower()}{what[1:]}")


def _may_pay(e: dict[str, Any], lang: str, voice: str) -> str:
    """121.12: the payer chooses; what follows depends on that choice (and «a menos que», 121.12.a)."""
    subject = player_subject(e.get("player"), lang, e, voice)
    cost = cost_text(e.get("cost", {}), lang, paid=True)
    inner = "they" if subject else voice
    then = effects_text(e.get("then", []), lang, inner)
    otherwise = effects_text(e.get("otherwise", []), lang, inner)
    if e.get("unless"):
        pays = say(lang, f"{subject} pague" if subject else "pagues", f"{subject} pays" if subject else "you pay")
        return say(lang, f"a menos que {pays} {cost}, {otherwise[:1].lower()}{otherwise[1:]}",
                   f"unless {pays} {cost}, {otherwise[:1].lower()}{otherwise[1:]}")
    if e.get("must"):
        text = say(lang, f"{subject} paga {cost} si puede" if subject else f"paga {cost} si puedes",
                   f"{subject} pays {cost} if able" if subject else f"pay {cost} if able")
    else:
        text = say(lang, f"{subject} puede pagar {cost}" if subject else f"puedes pagar {cost}",
                   f"{subject} may pay {cost}" if subject else f"you may pay {cost}")
    done_es, done_en = ("lo hace", "they do") if subject else ("lo haces", "you do")
    if then:
        text += say(lang, f". Si {done_es}, {then[:1].lower()}{then[1:]}", f". If {done_en}, {then[:1].lower()}{then[1:]}")
    if otherwise:
        text += say(lang, f". Si no {done_es}, {otherwise[:1].lower()}{otherwise[1:]}",
                    f". If {done_en.replace('do', 'do not')}, {otherwise[:1].lower()}{otherwise[1:]}")
    return text


def _controller_chooses(e: dict[str, Any], lang: str, voice: str) -> str:
    t = target(e.get("target"), lang, voice)
    return say(lang, f"el controlador de {t} elige en el acto una de estas: ", f"the controller of {t} chooses at once one of: ") \
        + _options(e.get("options", []), lang, "they")


def _fixed(es: str, en: str) -> Callable[[dict[str, Any], str, str], str]:
    return lambda e, lang, voice: say(lang, es, en)


_SPECIAL: dict[str, Callable[[dict[str, Any], str, str], str]] = {
    "dano": _damage, "prevenir-dano": _prevent, "agregar-recursos": _add_resources, "recuperar-pg": _recover_gp,
    "crear-tarjeta": _make_token, "modificar": _modify, "contadores": _counters, "mover-contador": _move_counter,
    "ganar-habilidad": _keyword_change(True), "perder-habilidad": _keyword_change(False), "cambiar-subtipo": _subtype,
    "colorear": _color, "cambiar-objetivos": _change_targets, "jugar": _play, "cada-jugador": _each_player,
    "puede-pagar": _may_pay, "controlador-elige": _controller_chooses,
    "elegir-color": _fixed("elige un color", "choose a colour"),
    "permitir-descarte-ajeno": _fixed("este turno puedes jugar cartas del descarte de un oponente",
                                      "this turn you may play cards from an opponent's discard"),
    "adelantar-pg": _fixed("en lugar de recibir el punto de gobierno de tu próximo turno, lo recibes ahora",
                           "instead of receiving the government point of your next turn, you receive it now"),
}
"""Effects whose sentence is built from more than a target or a player."""


# Static abilities (116.4.d) -----------------------------------------------------------------------------------------

STATICS: dict[str, tuple[str, str, str, str]] = {
    # Spanish and English, each for one object and for several ({t} the object, {p} the player, {k} a keyword)
    "no-puede-atacar": ("{t} no puede atacar", "{t} no pueden atacar", "{t} cannot attack", "{t} cannot attack"),
    "puede-atacar": ("{t} puede atacar", "{t} pueden atacar", "{t} may attack", "{t} may attack"),
    "no-puede-ganar-prestigio": ("{p} no puede ganar prestigio", "", "{p} cannot gain prestige", ""),
    "no-puede-perder-prestigio": ("{p} no puede perder prestigio", "", "{p} cannot lose prestige", ""),
    "no-puede-ganar": ("{p} no puede ganar la partida", "", "{p} cannot win the game", ""),
    "no-puede-conceder": ("{p} no puede conceder la partida", "", "{p} cannot concede the game", ""),
    "fuerza": ("{t} tiene {c}", "{t} tienen {c}", "{t} has {c}", "{t} have {c}"),
    "no-puede-tener": ("{t} no puede tener {k}", "{t} no pueden tener {k}", "{t} cannot have {k}", "{t} cannot have {k}"),
    "max-contadores": ("esta carta no puede tener más de {n} {counter}", "", "this card cannot have more than {n} {counter}", ""),
    "no-pueden-entrar": ("{f} no pueden entrar en el campo de batalla", "", "{f} cannot enter the battlefield", ""),
    "sin-recursos": ("{p} no puede agregar recursos a su depósito de reserva", "",
                     "{p} cannot add resources to their reserve pool", ""),
    "recursos-dobles": ("las habilidades de recurso de su controlador producen el doble de recursos", "",
                        "its controller's resource abilities produce twice as many resources", ""),
    "dano-doble": ("si una fuente fuera a hacer daño, hace el doble", "", "if a source would deal damage, it deals twice that much", ""),
    "prestigio-doble": ("si {p} fuera a ganar prestigio, gana el doble", "", "if {p} would gain prestige, they gain twice that much", ""),
    "retirar-a-la-mano": ("si una posesión fuera a ser retirada del juego para pagar un coste, en lugar de eso vuelve a la mano de "
                          "su propietario; el coste queda pagado", "",
                          "if a possession would be removed from the game to pay a cost, it returns to its owner's hand instead; "
                          "the cost is paid all the same", ""),
    "coste": ("{kinds} cuestan {n} {more} a {p}", "", "{kinds} cost {p} {n} {more}", ""),
}
"""What a static ability makes true while its source is on the battlefield."""

DOUBLED_SOURCES = ("si {t} fuera a hacer daño, hace el doble", "", "if {t} would deal damage, it deals twice that much", "")
"""Damage doubled only for the sources a ``dano-doble`` static names (its ``target``)."""

COST_KINDS: dict[str, tuple[str, str]] = {
    "cualquiera": ("las cartas", "cards"), "orden": ("las órdenes que no son mandatos", "orders that are not mandatos"),
}
STATIC_PLAYERS: dict[str, tuple[str, str]] = {
    "controller": ("su controlador", "its controller"), "each": ("cada jugador", "each player"),
    "each-opponent": ("cada oponente de su controlador", "each opponent of its controller"),
    "opponent": ("el oponente de su controlador", "its controller's opponent"),
}


def static_text(effect: dict[str, Any], lang: str = "es") -> str:
    """A static ability as the declaration it is (116.4.d): «Los súbditos que controlas tienen +1/+0»."""
    modify = effect.get("modify", "")
    if modify not in STATICS:
        return raw(modify)
    es_one, es_many, en_one, en_many = STATICS[modify] if modify != "dano-doble" or "target" not in effect else DOUBLED_SOURCES
    spec = effect.get("target", "self")
    if modify == "dano-doble" and isinstance(spec, dict):
        # Each source on its own: «si un súbdito que controlas fuera a hacer daño».
        spec = {**{k: v for k, v in spec.items() if k != "all"}, "elige": 1}
    many = plural(spec)
    text = say(lang, es_many if many and es_many else es_one, en_many if many and en_many else en_one)
    player = str(effect.get("player", "controller"))
    who = STATIC_PLAYERS.get(player, (raw(player),) * 2)
    n = effect.get("amount", 0)
    kind = str(effect.get("kind", "cualquiera"))
    kinds = COST_KINDS.get(kind, (f"las cartas de tipo {type_name(kind, 'es').lower()}", f"{type_name(kind, 'en').lower()} cards"))
    more = say(lang, "más", "more") if isinstance(n, int) and n >= 0 else say(lang, "menos", "less")
    filters = effect.get("filter", {}) or {}
    fields = {
        "t": target(spec, lang, chosen=False), "p": say(lang, *who), "k": keyword(str(effect.get("keyword")), lang),
        "c": f"{int(effect.get('strength', 0)):+d}/{int(effect.get('toughness', 0)):+d}",
        "n": str(abs(n)) if isinstance(n, int) else str(n), "counter": counter(effect.get("counter", "+1/+1"), lang, n != 1),
        "f": target({"all": True, "kind": "posesion", "filter": filters}, lang),
        "kinds": say(lang, *kinds), "more": more,
    }
    for key, value in fields.items():
        text = text.replace("{" + key + "}", value)
    # A player phrase may start with the article the preposition before it contracts with («a el» → «al»).
    return text.replace(" a el ", " al ").replace(" de el ", " del ") if lang == "es" else text


# What the board adds to a card's facts ------------------------------------------------------------------------------


def reading(card: Any) -> dict[str, Any]:
    """The engine's reading of a card, in Spanish and English: ``{"reading": {"es": [...], "en": [...]}}``."""
    # Every board request shows its cards again and a definition never changes: each is read once (the key holds
    # the definition, so its identity is not reused while cached).
    return {"reading": {lang: list(lines) for lang, lines in _read(card).items()}}


@per_definition()
def _read(card: Any) -> dict[str, tuple[str, ...]]:
    return {lang: tuple(card_lines(card, lang)) for lang in LANGS}

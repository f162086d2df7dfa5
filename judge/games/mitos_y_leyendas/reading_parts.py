"""The parts of a Mitos y Leyendas sentence: who is meant (this card, a target, a player), how many, under which
condition, for how long, and the phrase of every trigger, grant and duration of the vocabulary.

The Spanish is the FAQ's (Aliado, Talismán, Mazo Castillo, Cementerio, Fase de Vigilia…); the English translates the
rule words (ally, talisman, Castle deck, graveyard…) and keeps the phases and places the game names recognisable.
A phrase may carry agreement marks that :func:`agree` settles once its subject is known: in Spanish ``[n]`` (a verb
in the plural), ``[s]`` and ``[o]`` (an adjective's number and gender); in English ``[s]`` (a verb in the singular).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.core.wording import cap
from judge.games.mitos_y_leyendas.cardview import RACE_NAMES

NOUNS: dict[str, tuple[str, str, str, str, bool]] = {
    "aliado": ("Aliado", "Aliados", "ally", "allies", False),
    "talisman": ("Talismán", "Talismanes", "talisman", "talismans", False),
    "totem": ("Tótem", "Tótems", "totem", "totems", False),
    "arma": ("Arma", "Armas", "weapon", "weapons", True),
    "oro": ("Oro", "Oros", "gold", "golds", False),
    "": ("carta", "cartas", "card", "cards", True),
}
"""A card type as a noun: Spanish singular and plural, English singular and plural, and whether the Spanish noun is
feminine for its adjectives ("un Arma destruida")."""

TRIGGERS: dict[str, tuple[str, str]] = {
    "entra-en-juego": ("cuando {me} entra en juego", "when {me} enters play"),
    "destruido": ("cuando {me} es destruid[o]", "when {me} is destroyed"),
    "sale-del-juego": ("cuando {me} sale del juego", "when {me} leaves play"),
    "otro-sale-del-juego": ("cada vez que {other} sale del juego", "each time {other} leaves play"),
    "carta-jugada": ("cada vez que se juega {one}", "each time {one} is played"),
    "comienzo-agrupacion": ("al comienzo de cada Fase de Agrupación", "at the start of each Agrupación phase"),
    "comienzo-vigilia": ("al comienzo de la Fase de Vigilia", "at the start of the Vigilia phase"),
    "comienzo-fase-final": ("al comienzo de la Fase Final", "at the start of the Final phase"),
    "fase-final": ("en la Fase Final", "in the Final phase"),
    "ataca": ("cuando {me} es declarad[o] atacante", "when {me} is declared an attacker"),
    "portador-ataca": ("cuando el Aliado que porta {me} es declarado atacante",
                       "when the ally carrying {me} is declared an attacker"),
    "portador-hace-dano": ("cuando el Aliado que porta {me} hace daño de combate a tu oponente",
                           "when the ally carrying {me} deals combat damage to your opponent"),
    "bloqueado": ("cuando {me} ataca y es bloquead[o]", "when {me} attacks and is blocked"),
    "hace-dano": ("cuando {me} hace daño de combate a tu oponente", "when {me} deals combat damage to your opponent"),
    "destruido-en-combate": ("cuando {me} es destruid[o] en combate", "when {me} is destroyed in combat"),
    "en-agrupacion": ("en la Fase de Agrupación", "in the Agrupación phase"),
    "robo-fase-final": ("en la Fase Final, al robar", "in the Final phase, when drawing"),
    "mostrada": ("cuando muestras {me} de tu Mano por el efecto de una carta que controlas",
                 "when you show {me} from your hand by the effect of a card you control"),
    "otro-entra-en-juego": ("cada vez que {other} entra en juego", "each time {other} enters play"),
    "otro-destruido": ("cada vez que {other} es destruid[o]", "each time {other} is destroyed"),
    "bloquea": ("cuando {me} es declarad[o] bloqueador", "when {me} is declared a blocker"),
    "bloqueos-declarados": ("cuando se declaran los bloqueos", "when the blocks are declared"),
    "no-ataca": ("cada vez que {me} no es declarad[o] atacante", "each time {me} is not declared an attacker"),
    "descartada": ("cuando {me} es descartad[o] de tu Mano", "when {me} is discarded from your hand"),
    "oponente-descarta": ("cada vez que tu oponente descarta cartas de su Mano por un efecto",
                          "each time your opponent discards cards from their hand by an effect"),
}
"""When a triggered ability happens (``on``): ``{me}`` is this card, ``{other}`` and ``{one}`` the card its
``filter`` watches."""

TURNS: dict[str, tuple[str, str]] = {"own": (", en tu turno", ", in your turn"),
                                     "opponent": (", en el turno de tu oponente", ", in your opponent's turn")}

GRANTS: dict[str, tuple[str, str]] = {
    "imbloqueable": ("{t} no puede[n] ser bloquead[o][s]", "{t} cannot be blocked"),
    "debe-ser-bloqueado": ("{t} debe[n] ser bloquead[o][s] por un Aliado de tu oponente si alguno puede",
                           "{t} must be blocked by one of your opponent's allies if any can"),
    "ataca-al-entrar": ("{t} puede[n] atacar el turno en que entra[n] en juego",
                        "{t} can attack the turn [it] enter[s] play"),
    "no-puede-portar-armas": ("{t} no puede[n] portar Armas", "{t} cannot carry weapons"),
    "armas-extra": ("{t} puede[n] portar {n} Arma(s) más", "{t} can carry {n} more weapon(s)"),
    "no-puede-ser-cancelada": ("las habilidades de {t} no pueden ser canceladas", "the abilities of {t} cannot be cancelled"),
    "indestructible": ("{t} no puede[n] ser destruid[o][s]", "{t} cannot be destroyed"),
    "inafectable-talismanes-oponentes": ("{t} no puede[n] ser afectad[o][s] por Talismanes oponentes",
                                         "{t} cannot be affected by your opponent's talismans"),
    "inafectable-talismanes": ("{t} no puede[n] ser afectad[o][s] por Talismanes", "{t} cannot be affected by talismans"),
    "indestructible-por-talismanes": ("{t} no puede[n] ser destruid[o][s] por Talismanes",
                                      "{t} cannot be destroyed by talismans"),
    "indestructible-por-aliados": ("{t} no puede[n] ser destruid[o][s] por habilidades de Aliados",
                                   "{t} cannot be destroyed by the abilities of allies"),
    "solo-sale-por-dano-de-combate": ("{t} solo puede[n] salir del juego por daño de combate",
                                      "{t} can leave play only by combat damage"),
    "sin-habilidades": ("{t} pierde[n] sus habilidades", "{t} lose[s] [its] abilities"),
    "jugable-desde-cementerio": ("{t} puede[n] jugarse desde tu Cementerio como desde tu Mano",
                                 "{t} can be played from your graveyard as from your hand"),
    "no-puede-ser-anulada": ("{t} no puede[n] ser anulad[o][s]", "{t} cannot be annulled"),
    "aliados-en-guerra": ("puedes jugar Aliados en la Guerra de Talismanes", "you may play allies in the Talisman War"),
}
"""What a continuous ability gives its target (``grant``)."""

DURATIONS: dict[str, tuple[str, str]] = {
    "fase-final": ("hasta la Fase Final", "until the Final phase"),
    "turno": ("hasta el final del turno", "until the end of the turn"),
    "proximo-turno": ("hasta el próximo turno", "until the next turn"),
    "permanente": ("permanentemente", "permanently"),
    "fuente-en-juego": ("mientras {me} siga en juego", "while {me} stays in play"),
}

COUNTS: dict[str, tuple[str, str, str]] = {
    "oros": ("Oros en juego", "tienes", "golds in play"),
    "mano": ("cartas en tu Mano", "tienes", "cards in your hand"),
    "cartas": ("cartas en juego", "controlas", "cards in play"),
}
"""What a condition counts: its Spanish noun and verb, its English noun."""

SUBJUNCTIVE = {"tienes": "tengas", "controlas": "controles"}

AMOUNTS: dict[str, tuple[str, str]] = {
    "dano": ("tantas como el daño recibido", "as many as the damage dealt"),
    "fuerza-portador": ("tantas como la fuerza del Aliado portador", "as many as the bearing ally's strength"),
    "fuerza-destruida": ("tantas como la fuerza que tenía el Aliado destruido",
                         "as many as the strength the destroyed ally had"),
    "oros-del-oponente": ("tantas como Oros tenga tu oponente en juego", "as many as the golds your opponent has in play"),
    "mano": ("toda su Mano", "their whole hand"),
}
"""Amounts read from the game rather than written as a number."""

RESPONSES: dict[str, tuple[str, str]] = {
    "ataque": ("a un ataque", "to an attack"),
    "bloqueo": ("a un bloqueo", "to a block"),
    "dano": ("a la asignación de daño", "to the damage assignment"),
    "dano-aplicado": ("al daño de combate asignado", "to the combat damage dealt"),
    "dano-directo": ("a un daño directo", "to direct damage"),
    "dano-directo-jugado": ("a una carta o habilidad oponente que hace daño directo",
                            "to an opposing card or ability that deals direct damage"),
    "carta": ("a una carta jugada", "to a card being played"),
    "habilidad": ("a una habilidad", "to an ability"),
}
"""What a Talismán or an ability is played or used in answer to (``en-respuesta``)."""

MOMENTS: dict[str, tuple[str, str]] = {
    "vigilia": ("en la Fase de Vigilia", "in the Vigilia phase"),
    "guerra": ("en la Guerra de Talismanes", "in the Talisman War"),
    "fase-final": ("en la Fase Final", "in the Final phase"),
}
"""When an activated ability is used or a Talismán is played (``when``)."""

ZONES: dict[str, tuple[str, str, str, str]] = {
    "castillo": ("tu Mazo Castillo", "el Mazo Castillo de tu oponente", "your Castle deck", "your opponent's Castle deck"),
    "cementerio": ("tu Cementerio", "el Cementerio de tu oponente", "your graveyard", "your opponent's graveyard"),
    "mano": ("tu Mano", "la Mano de tu oponente", "your hand", "your opponent's hand"),
    "destierro": ("tu Destierro", "el Destierro de tu oponente", "your exile", "your opponent's exile"),
    "juego": ("juego", "juego", "play", "play"),
}
"""A zone named from the controller's side: theirs, then the opponent's, in Spanish and in English."""

PLAYERS: dict[str, tuple[str, str]] = {"opponent": ("tu oponente", "your opponent"), "each": ("cada jugador", "each player")}


@dataclass(frozen=True)
class Voice:
    """Who reads and whose card it is: the language, and the card's type (how "this card" is said)."""

    lang: str
    me: str = ""
    before: bool = False
    """The instruction before acted on several cards ("esas cartas")."""
    before_type: str = ""
    """The type of card the instruction before acted on ("ese Aliado"), if it said."""

    def say(self, es: str, en: str) -> str:
        return es if self.lang == "es" else en

    def this(self) -> str:
        es, _, en, _, fem = NOUNS.get(self.me, NOUNS[""])
        return self.say(f"{'esta' if fem else 'este'} {es}", f"this {en}")


def agree(text: str, plural: bool = False, feminine: bool = False, lang: str = "es") -> str:
    """Settle a phrase's agreement marks for a subject of that number and gender."""
    if lang == "es":
        text = text.replace("[n]", "n" if plural else "").replace("[s]", "s" if plural else "")
        return text.replace("[o]", "a" if feminine else "o")
    text = text.replace("[it]", "they" if plural else "it").replace("[its]", "their" if plural else "its")
    return text.replace("[s]", "" if plural else "s")


def counted(text: str, n: Any) -> str:
    """A noun written "carta(s)" agrees with its amount: any amount but 1 is plural."""
    return text.replace("(s)", "" if n == 1 else "s")


def race(value: str) -> str:
    return cap(RACE_NAMES.get(value, value))


def amount(value: Any, v: Voice) -> str:
    if isinstance(value, str) and value in AMOUNTS:
        return v.say(*AMOUNTS[value])
    return str(value)


def player(who: Any, v: Voice) -> str:
    """The player an instruction speaks of, as a subject ("" for the controller, who is told in the imperative)."""
    if who in (None, "you", "controller"):
        return ""
    return v.say(*PLAYERS.get(str(who), (str(who), str(who))))


def third(verb: str) -> str:
    """An English verb for "your opponent" or "each player": draw → draws, banish → banishes, have → has."""
    head, _, rest = verb.partition(" ")
    if head == "have":
        head = "has"
    elif head.endswith(("s", "sh", "ch", "x")):
        head += "es"
    else:
        head += "s"
    return f"{head} {rest}".strip()


def condition(cond: Any, v: Voice, *, lasting: bool = False) -> str:
    """A condition on the state of the game: "si tienes más Oros en juego que tu oponente" (or, for a continuous
    ability, "mientras tengas…")."""
    if not isinstance(cond, dict) or cond.get("count") not in COUNTS:
        return v.say("si se cumple su condición", "if its condition holds")
    noun, verb, noun_en = COUNTS[str(cond["count"])]
    if lasting:
        verb = SUBJUNCTIVE[verb]
    lead_es, lead_en = ("mientras", "while") if lasting else ("si", "if")
    verb_en = "control" if cond["count"] == "cartas" else "have"
    if "compare" in cond:
        more_es, more_en = ("más", "more") if cond["compare"] == "more" else ("menos", "fewer")
        return v.say(f"{lead_es} {verb} {more_es} {noun} que tu oponente",
                     f"{lead_en} you {verb_en} {more_en} {noun_en} than your opponent")
    low, high = cond.get("min"), cond.get("max")
    if low is not None and high is not None:
        return v.say(f"{lead_es} {verb} entre {low} y {high} {noun}", f"{lead_en} you {verb_en} {low} to {high} {noun_en}")
    bound_es, bound_en = (f"{high} o menos", f"{high} or fewer") if high is not None else (f"{low} o más", f"{low} or more")
    return v.say(f"{lead_es} {verb} {bound_es} {noun}", f"{lead_en} you {verb_en} {bound_en} {noun_en}")


def duration(until: Any, v: Voice) -> str:
    es, en = DURATIONS.get(str(until), DURATIONS["fase-final"])
    return v.say(es, en).format(me=v.this())


@dataclass(frozen=True)
class Said:
    """A target as it was said, with what the words after it agree with."""

    text: str
    plural: bool = False
    feminine: bool = False


def target(t: Any, v: Voice, *, actor: str = "you", article: str = "a") -> Said:
    """The cards an instruction reaches, as a noun phrase: "un Aliado oponente de coste 2 o menos", "todos los
    Aliados atacantes", "this ally". ``actor`` is the player who acts on them (``side`` is theirs); ``article`` is
    "a" (one, some), "other" (another one: a trigger's filter) or "each" (what a bonus counts)."""
    if not isinstance(t, dict):
        t = {"self": True}
    if t.get("self"):
        return _qualified(Said(v.this(), feminine=NOUNS.get(v.me, NOUNS[""])[4]), t, v)
    if t.get("bearer"):
        return _qualified(Said(v.say(f"el Aliado que porta {v.this()}", f"the ally carrying {v.this()}")), t, v)
    if t.get("previous"):
        es, es_pl, en, en_pl, fem = NOUNS.get(v.before_type, NOUNS[""])
        if v.before:
            said = Said(v.say(f"{'esas' if fem else 'esos'} {es_pl}", f"those {en_pl}"), True, fem)
        else:
            said = Said(v.say(f"{'esa' if fem else 'ese'} {es}", f"that {en}"), False, fem)
        return _qualified(said, t, v)
    if t.get("responded"):
        return _qualified(Said(v.say("la carta jugada a la que responde", "the card being played that it answers"),
                               feminine=True), t, v)
    es, es_pl, en, en_pl, fem = NOUNS.get(str(t.get("type", "")), NOUNS[""])
    count = t.get("choose", 1)
    plural = count != 1
    noun_es, noun_en = (es_pl, en_pl) if plural else (es, en)
    words_es, words_en = _describe(t, v, actor, plural)
    noun_es = f"{noun_es}{words_es[0]}"
    noun_en = f"{words_en[0]}{noun_en}"
    rest_es, rest_en = words_es[1], words_en[1]
    if count == "all":
        lead_es = f"{'todas las' if fem else 'todos los'} " + (f"{'otras' if fem else 'otros'} " if t.get("other") else "")
        lead_en = "all other " if t.get("other") else "all "
        plural = True
    elif article == "each":
        lead_es, lead_en = "cada ", "each "
        noun_es, noun_en = f"{es}{words_es[0]}", f"{words_en[0]}{en}"
        plural = False
    elif t.get("other") and not plural or article == "other":
        lead_es, lead_en = f"{'otra' if fem else 'otro'} ", "another "
    elif plural:
        lead_es, lead_en = f"{count} ", f"{count} "
    elif t.get("weakest"):
        lead_es, lead_en = ("la " if fem else "el "), "the "  # there is one weakest (ties: the chooser chooses)
    else:
        lead_es = "una " if es == "carta" or es.startswith("carta ") else "un "
        lead_en = "an " if (words_en[0] or en)[:1] in "aeiou" else "a "
    if t.get("up-to"):
        lead_es, lead_en = f"hasta {count if plural else 1} ", f"up to {count if plural else 1} "
    if t.get("other") and count != "all" and (plural or article == "each"):
        rest_es += " (sin contar esta carta)"
        rest_en += " (other than this card)"
    text = v.say(f"{lead_es}{noun_es}{rest_es}", f"{lead_en}{noun_en}{rest_en}")
    return Said(text.replace(" de el ", " del "), plural, fem)


def _describe(t: dict[str, Any], v: Voice, actor: str, plural: bool) -> tuple[tuple[str, str], tuple[str, str]]:
    """What narrows a target, split in what goes right by its noun and what follows it (Spanish: "Aliado" +
    " oponente" + " de coste 2 o menos"; English: "opposing " + "ally" + " with cost 2 or less")."""
    pl, n = ("s", "n") if plural else ("", "")
    near_es, near_en, rest_es, rest_en = "", "", "", ""
    side = t.get("side", "any")
    zone = t.get("zone", "juego")
    if zone == "juego" and side == "opponent":
        near_es += f" oponente{pl}" if actor == "you" else ""
        near_en += "opposing " if actor == "you" else ""
        rest_es += "" if actor == "you" else " que controle su oponente"
        rest_en += "" if actor == "you" else " their opponent controls"
    if t.get("attacking"):
        near_es += f" atacante{pl}"
        near_en += "attacking "
    if t.get("unblocked"):
        near_es += f" no bloqueado{pl}"
        near_en += "unblocked "
    if t.get("not-oro"):
        rest_es += f" que no sea{n} Oro"
        near_en += "non-gold "
    if t.get("race"):
        rest_es += f" de raza {race(str(t['race']))}"
        rest_en += f" of race {race(str(t['race']))}"
    if t.get("race-not"):
        rest_es += f" que no sea{n} de raza {race(str(t['race-not']))}"
        rest_en += f" not of race {race(str(t['race-not']))}"
    if t.get("name"):
        rest_es += f" llamad{'a' if NOUNS.get(str(t.get('type', '')), NOUNS[''])[4] else 'o'}{pl} {t['name']}"
        rest_en += f" named {t['name']}"
    if t.get("name-not"):
        rest_es += f" que no se llame{n} {t['name-not']}"
        rest_en += f" not named {t['name-not']}"
    for key, es, en in (("cost-max", "de coste {} o menos", "with cost {} or less"),
                        ("cost-min", "de coste {} o más", "with cost {} or more"),
                        ("strength-max", "de fuerza {} o menos", "with strength {} or less")):
        if key in t:
            rest_es += " " + es.format(t[key])
            rest_en += " " + en.format(t[key])
    if t.get("cost-named"):
        rest_es += " del coste que elijas"
        rest_en += " of the cost you name"
    if t.get("weakest"):
        rest_es += " de menor fuerza"
        rest_en += " with the lowest strength"
    if t.get("unarmed"):
        rest_es += f" que no porte{n} Armas"
        rest_en += " carrying no weapon"
    if zone != "juego":
        where_es, where_en = _from_zone(str(zone), side, actor)
        rest_es += where_es
        rest_en += where_en
    elif side == "own":
        rest_es += " que controles" if actor == "you" else " que controle"
        rest_en += " you control" if actor == "you" else " they control"
    if t.get("unaffected"):
        rest_es += " que no vaya a afectar la carta a la que responde"
        rest_en += " that the card it answers would not affect"
    return (near_es, rest_es), (near_en, rest_en)


def _from_zone(zone: str, side: str, actor: str) -> tuple[str, str]:
    """Where a card out of play is taken from: " de tu Cementerio", " from your opponent's graveyard"."""
    mine, theirs, mine_en, theirs_en = ZONES.get(zone, (zone,) * 4)
    place, place_en = mine.split(" ", 1)[1], mine_en.split(" ", 1)[1]
    if side == "any":
        return f" de {'una' if zone == 'mano' else 'un'} {place}", f" from a {place_en}"
    if (side == "own") == (actor == "you"):
        return (f" de {mine}", f" from {mine_en}") if actor == "you" else (f" de su {place}", f" from their {place_en}")
    return (f" de {theirs}", f" from {theirs_en}") if actor == "you" else (f" de la {place} de su oponente" if zone == "mano"
                                                                            else f" del {place} de su oponente",
                                                                            f" from their opponent's {place_en}")


def _qualified(said: Said, t: dict[str, Any], v: Voice) -> Said:
    """This card, its bearer or the card of the instruction before, with what the text asks of it ("si es de raza
    Campeón")."""
    asked = {k: t[k] for k in ("type", "race", "race-not", "not-oro", "cost-max", "cost-min", "strength-max", "name",
                               "name-not", "unarmed", "attacking") if k in t}
    if not asked:
        return said
    what = target({**asked, "side": "any"}, v).text
    if "type" not in asked:
        # Only what narrows it: "si es de raza Campeón", not "si es una carta de raza Campeón".
        what = what.split(" ", 2)[2] if what.startswith(("una carta ", "a card ")) else what
    text = v.say(f"{said.text}, si es {what},", f"{said.text}, if it is {what},").replace("si es que no sea", "si no es")
    return Said(text, said.plural, said.feminine)


def watched(filt: Any, v: Voice, article: str) -> Said:
    """The card a trigger's ``filter`` watches: "otro Aliado de raza Faerie", "un Oro oponente"."""
    if not isinstance(filt, dict):
        filt = {}
    if filt.get("side") == "opponent":
        article = "a"  # "otro" speaks of a card like this one: an opponent's card is simply another's
    said = target({k: val for k, val in filt.items() if k != "by"}, v, article=article)
    if filt.get("by") == "own":
        return Said(said.text + v.say(" por una carta que controlas", " by a card you control"), said.plural, said.feminine)
    return said

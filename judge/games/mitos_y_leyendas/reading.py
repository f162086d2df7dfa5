"""A Mitos y Leyendas card as the engine reads it, in words: each ability of the vocabulary as one sentence, in the
FAQ's Spanish or in English.

A judge compares this reading with the card on the table: if they differ, the engine is ruling on another card. So
the reading is made from the card's vocabulary abilities and catalog facts alone, never from the FAQ's quotation of
it (``text``, which the board shows beneath, for that comparison): «Cuando este Aliado entra en juego, tu oponente
bota 2 cartas de su Mazo Castillo.» / "When this ally enters play, your opponent puts 2 cards from the top of their
Castle deck into their graveyard." It is plain and literal rather than elegant; every word of the vocabulary has its
phrase, and a test keeps it so. Targets, conditions and the tables of phrases are in :mod:`reading_parts`.

:func:`card_lines` gives what the board shows: the card's type and printed facts, then its abilities.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable

from judge.core.kept import per_definition
from judge.core.wording import LANGS, cap
from judge.games.mitos_y_leyendas.reading_parts import (GRANTS, MOMENTS, NOUNS, RESPONSES, TRIGGERS, TURNS, ZONES,
                                                        Said, Voice, agree, amount, condition, counted, duration,
                                                        player, race, target, third, watched)


KINDS: dict[str, tuple[str, str]] = {
    "disparada": ("", ""), "activada": ("", ""), "continua": ("", ""),
    "permanente": ("Permanente: ", "Permanent: "), "jugar": ("", ""),
}
"""How each kind of ability opens its sentence (most say it by their form: "cuando…", "paga…:", a statement)."""


def card_lines(card: Any, lang: str = "es") -> list[str]:
    """What the board shows of a card: its type and printed facts, its additional cost, then each ability."""
    v = Voice(lang, card.type)
    es, _, en, _, _ = NOUNS.get(card.type, (card.type, "", card.type, "", False))
    head = [v.say(es, cap(en))]
    for value, word_es, word_en in ((card.cost, "coste", "cost"), (card.strength, "fuerza", "strength")):
        if value is not None:
            head.append(v.say(f"{word_es} {value}", f"{word_en} {value}"))
    if card.race:
        head.append(v.say(f"raza {race(card.race)}", f"race {race(card.race)}"))
    lines = [" · ".join(head)]
    extra = card.meta.get("raw", {}).get("play-cost")
    if isinstance(extra, dict):
        lines.append(play_cost_text(extra, v))
    lines += [ability_text(a, lang, card.type) for a in card.abilities]
    return lines


def play_cost_text(extra: dict[str, Any], v: Voice) -> str:
    """An additional cost to play the card (step 3 of playing a card), and the Oro paying it takes off."""
    what = effects_text(extra.get("effects", []), v)
    text = v.say(f"Para jugar {v.this()}, {what}", f"To play {v.this()}, {what}")
    if extra.get("may"):
        text = v.say(f"Al jugar {v.this()}, si quieres, {what}", f"As you play {v.this()}, you may {what}")
    if extra.get("reduce"):
        n = extra["reduce"]
        text += v.say(f"; si lo haces, cuesta {counted(f'{n} Oro(s)', n)} menos",
                      f"; if you do, it costs {n} gold less")
    if extra.get("condition"):
        text += f" ({condition(extra['condition'], v)})"
    return text + "."


def ability_text(ability: dict[str, Any], lang: str = "es", me: str = "") -> str:
    """One ability as a sentence, on a card of type ``me``."""
    v = Voice(lang, me)
    kind = ability.get("kind", "")
    lead = v.say(*KINDS.get(kind, ("", "")))
    if kind == "continua":
        body = continuous_text(ability, v)
    elif kind == "disparada":
        body = _triggered(ability, v)
    elif kind == "activada":
        body = _activated(ability, v)
    else:
        body = _played(ability, v)
    text = lead + cap(body) + "."
    return text.replace(" de el ", " del ").replace(" a el ", " al ") if lang == "es" else text


def _triggered(ability: dict[str, Any], v: Voice) -> str:
    on = str(ability.get("on", ""))
    es, en = TRIGGERS.get(on, (on, on))
    other = watched(ability.get("filter"), v, "other")
    one = watched(ability.get("filter"), v, "a")
    me_fem = NOUNS.get(v.me, NOUNS[""])[4]
    fem = other.feminine if "{other}" in es else me_fem
    when = agree(v.say(es, en).format(me=v.this(), other=other.text, one=one.text), feminine=fem, lang=v.lang)
    when = whose_turn(when, ability.get("turn"), v)
    if ability.get("once-per-turn"):
        when = v.say(f"una vez por turno, {when}", f"once per turn, {when}")
    what = effects_text(ability.get("effects", []), v)
    if ability.get("may"):
        what = v.say(f"si quieres, {what}", f"you may {what}")
    if ability.get("condition"):
        what = f"{condition(ability['condition'], v)}, {what}"
    return f"{when}, {what}"


PHASE_ES = re.compile(r"\b(?:la|cada) (Fase (?:de )?[A-ZÁÉÍÓÚ]\w+)")
PHASE_EN = re.compile(r"\b(?:the|each) (\w+ phase)")


def whose_turn(when: str, turn: Any, v: Voice) -> str:
    """A trigger that happens in one player's turns only: "en tu Fase Final", or "…, en tu turno" when it names no
    phase."""
    if turn not in TURNS:
        return when
    whose_es, whose_en = (r"tu \1", r"your \1") if turn == "own" else (r"la \1 de tu oponente", r"your opponent's \1")
    phase = PHASE_ES if v.lang == "es" else PHASE_EN
    if phase.search(when):
        return phase.sub(v.say(whose_es, whose_en), when, count=1)
    return when + v.say(*TURNS[str(turn)])


def _activated(ability: dict[str, Any], v: Voice) -> str:
    """"Paga 1 Oro: …": what using it costs, when it may be used, then what it does."""
    costs = []
    if ability.get("oro"):
        n = ability["oro"]
        costs.append(v.say(counted(f"paga {n} Oro(s)", n), counted(f"pay {n} gold(s)", n)))
    if ability.get("cost"):
        costs.append(effects_text(ability["cost"], v))
    cost = v.say(" y ", " and ").join(costs) or v.say("habilidad activada", "activated ability")
    where = []
    if ability.get("zone"):
        zone = ZONES.get(str(ability["zone"]), (str(ability["zone"]),) * 4)
        where.append(v.say(f"con {v.this()} en {zone[0]}", f"with {v.this()} in {zone[2]}"))
    if ability.get("once-per-turn"):
        where.append(v.say("una vez por turno", "once per turn"))
    where += _moments(ability, v)
    if ability.get("condition"):
        where.append(condition(ability["condition"], v))
    when = f" ({', '.join(where)})" if where else ""
    return f"{cost}{when}: {effects_text(ability.get('effects', []), v)}"


def _played(ability: dict[str, Any], v: Voice) -> str:
    """What a Talismán does as it resolves (or a permanent effect), with when it may be played."""
    what = effects_text(ability.get("effects", []), v)
    if ability.get("condition"):
        what = f"{condition(ability['condition'], v)}, {what}"
    moments = _moments(ability, v)
    if moments:
        what = v.say(f"juega {v.this()} {', '.join(moments)}: ", f"play {v.this()} {', '.join(moments)}: ") + what
    if ability.get("permanente"):
        what += v.say(" (efecto permanente: queda en la Zona de efectos Permanentes)",
                      " (a permanent effect: it stays in the Zona de efectos Permanentes)")
    return what


def _moments(ability: dict[str, Any], v: Voice) -> list[str]:
    moments = [v.say(*MOMENTS.get(str(m), (str(m), str(m)))) for m in ability.get("when", [])]
    found = [v.say(" o ", " or ").join(moments)] if moments else []
    responds = [v.say(*RESPONSES.get(str(r), (str(r), str(r)))) for r in ability.get("en-respuesta", [])]
    if responds:
        found.append(v.say("en respuesta ", "in response ") + v.say(" o ", " or ").join(responds))
    return found


def continuous_text(ability: dict[str, Any], v: Voice) -> str:
    """A continuous ability: what it gives, what it does to strength or to what cards cost, while it holds."""
    reach = ability.get("target", {"self": True})
    if isinstance(reach, dict) and not any(reach.get(k) for k in ("self", "bearer", "choose")):
        reach = {**reach, "choose": "all"}  # a continuous ability reaches every card that fits
    said = target(reach, v)
    parts = []
    if ability.get("grant"):
        es, en = GRANTS.get(str(ability["grant"]), (str(ability["grant"]),) * 2)
        n = ability.get("amount", 1)
        text = counted(v.say(es, en).format(t=said.text, n=n), n)
        if isinstance(ability.get("by"), dict):
            by = target({**ability["by"], "choose": 2}, v).text.split(" ", 1)[1]
            text += v.say(f" por {by}", f" by {by}")
        parts.append(agree(text, said.plural, said.feminine, v.lang))
    if isinstance(ability.get("strength"), dict):
        parts.append(_strength(ability["strength"], said, v))
    if isinstance(ability.get("cost"), dict):
        parts.append(_cost_change(ability["cost"], said, v))
    if ability.get("effects"):
        parts.append(v.say(f"mientras {v.this()} siga en juego, ", f"while {v.this()} stays in play, ")
                     + effects_text(ability["effects"], v))
    text = v.say(" y ", " and ").join(parts) or v.say(f"{said.text} no cambia", f"{said.text} does not change")
    if ability.get("condition"):
        text += ", " + condition(ability["condition"], v, lasting=True)
    return text


def _per(per: Any, v: Voice) -> str:
    return target(per, v, article="each").text if isinstance(per, dict) else ""


def _strength(spec: dict[str, Any], said: Said, v: Voice) -> str:
    n = spec.get("amount", 1)
    per = _per(spec.get("per"), v)
    mode = spec.get("mode", "bonus")
    if mode == "double":
        text = v.say(f"la fuerza de {said.text} se duplica", f"the strength of {said.text} is doubled")
    elif mode == "set" and per:
        text = v.say(f"la fuerza de {said.text} es {n} por {per}", f"the strength of {said.text} is {n} for {per}")
        per = ""
    elif mode == "set":
        text = v.say(f"la fuerza de {said.text} es {n}", f"the strength of {said.text} is {n}")
    else:
        text = agree(v.say(f"{said.text} gana[n] +{n} a la fuerza", f"{said.text} get[s] +{n} strength"),
                     said.plural, said.feminine, v.lang)
    if per:
        text += v.say(f" por {per}", f" for {per}")
    return text


def _cost_change(spec: dict[str, Any], said: Said, v: Voice) -> str:
    n = int(spec.get("amount", 0))
    size = abs(n)
    more_es, more_en = ("más", "more") if n > 0 else ("menos", "less")
    whom_es, whom_en = (" te", " you") if spec.get("side") == "own" else ("", "")
    text = agree(v.say(f"{said.text}{whom_es} cuesta[n] {counted(f'{size} Oro(s)', size)} {more_es}",
                       f"{said.text} cost[s]{whom_en} {f'{size} gold'} {more_en}"),
                 said.plural, said.feminine, v.lang)
    per = _per(spec.get("per"), v)
    if per:
        text += v.say(f" por {per}", f" for {per}")
    return text


def effects_text(effects: Any, v: Voice) -> str:
    """Instructions in order, as one clause each, joined: "destruye un Aliado; luego, roba 1 carta"."""
    parts = []
    for e in effects or []:
        if isinstance(e, dict):
            parts.append(effect_text(e, v))
            v = _after(e, v)
    # No instructions: the FAQ names the ability without giving what it does (the card says it is incomplete).
    return "; ".join(p for p in parts if p) or v.say("su efecto no está codificado", "its effect is not encoded")


def effect_text(e: dict[str, Any], v: Voice) -> str:
    """One instruction, with who carries it out, "puedes" and what follows it ("luego")."""
    word = str(e.get("do", ""))
    actor = str(e.get("chooser", "you"))
    render = EFFECTS.get(word)
    text = render(e, v, actor) if render else v.say(f"«{word}»", f"'{word}'")
    if e.get("may") and word != "al-final-del-turno":
        text = v.say(f"si quieres, {text}", f"you may {text}")
    if e.get("then"):
        text += v.say("; luego, ", "; then, ") + effects_text(e["then"], _after(e, v))
    return text


def _after(e: dict[str, Any], v: Voice) -> Voice:
    """The voice of the instruction after ``e``: what "ese Aliado", "esas cartas" refer to."""
    reach = e.get("target") if isinstance(e.get("target"), dict) else e.get("filter")
    if not isinstance(reach, dict):
        return replace(v, before=False, before_type="")
    many = reach.get("choose", 1) != 1 or bool(e.get("types")) or e.get("amount", 1) != 1
    kind = str(reach.get("type", "")) if not reach.get("previous") else v.before_type
    return replace(v, before=many, before_type=kind)


def _acts(es: str, en: str, actor: str, v: Voice) -> str:
    """An instruction someone carries out: the controller (told in the imperative) or the player named."""
    subject = player(actor, v)
    if not subject:
        return v.say(es, en)
    return v.say(f"{subject} {es}", f"{subject} {third(en)}")


def _on_target(es: str, en: str, *, until: bool = False, agreeing: bool = False) -> Callable[..., str]:
    """An instruction on its targets: "destruye {t}"; a lasting one says how long; one whose targets are its subject
    ("{t} no puede atacar") agrees with them."""
    def render(e: dict[str, Any], v: Voice, actor: str) -> str:
        said = target(e.get("target", {"self": True}), v, actor=actor)
        text = counted(v.say(es, en).format(t=said.text, n=amount(e.get("amount", 1), v)), e.get("amount", 1))
        text = agree(text, said.plural, said.feminine, v.lang) if agreeing else _acts(text, text, actor, v)
        if until:
            text += " " + duration(e.get("until"), v)
        return text
    return render


def _player_does(es_you: str, en_you: str, es_other: str, en_other: str, default: str = "you") -> Callable[..., str]:
    """An instruction a player carries out on their own cards: "roba 2 cartas", "tu oponente bota 1 carta…"."""
    def render(e: dict[str, Any], v: Voice, actor: str) -> str:
        n = e.get("amount", 1)
        who = player(e.get("player", default), v)
        es, en = (es_you, en_you) if not who else (f"{who} {es_other}", f"{who} {en_other}")
        return many(v.say(es, en), n, v)
    return render


def many(text: str, n: Any, v: Voice) -> str:
    """A clause that counts cards ("{n} carta(s)") with its amount: a number, or one the game gives, said after it
    ("bota cartas de su Mazo Castillo (tantas como el daño recibido)")."""
    if isinstance(n, str):
        return text.replace("{n} ", "").replace("(s)", "s") + f" ({amount(n, v)})"
    return counted(text.format(n=n), n)


def _destroy(e: dict[str, Any], v: Voice, actor: str) -> str:
    if e.get("types"):
        side = {k: val for k, val in e.get("target", {}).items() if k == "side"}
        kinds = [target({"type": t}, v).text for t in e["types"]]
        what = v.say(" y ", " and ").join([", ".join(kinds[:-1]), kinds[-1]] if len(kinds) > 1 else kinds)
        what += target({**side, "type": "aliado"}, v, actor=actor).text.split("Aliado", 1)[-1].split("ally", 1)[-1]
        return _acts(f"destruye {what}", f"destroy {what}", actor, v)
    return _on_target("destruye {t}", "destroy {t}")(e, v, actor)


def _discard(e: dict[str, Any], v: Voice, actor: str) -> str:
    n = e.get("amount", 1)
    random = v.say(" al azar", " random") if e.get("random") else ""
    if n == "mano":
        cards_es, cards_en = "toda su Mano", "their whole hand"
    else:
        cards_es, cards_en = counted(f"{n} carta(s){random}", n), counted(f"{n}{random} card(s)", n)
    whose, by = e.get("player", "you"), e.get("by")
    if by and by != whose:
        zone = ZONES["mano"]
        from_es, from_en = (zone[1], zone[3]) if whose == "opponent" else (zone[0], zone[2])
        return _acts(f"descarta {cards_es} de {from_es}", f"discard {cards_en} from {from_en}", str(by), v)
    if not player(whose, v):
        cards_es = cards_es.replace("su Mano", "tu Mano")
        cards_en = cards_en.replace("their", "your")
    return _acts(f"descarta {cards_es}", f"discard {cards_en}", str(whose), v)


def _shuffle(e: dict[str, Any], v: Voice, actor: str) -> str:
    into = _on_target("baraja {t} en el Mazo Castillo de su dueño", "shuffle {t} into its owner's Castle deck")
    text = into(e, v, actor)
    copies = e.get("copies")
    if copies == "opponent":
        text += v.say(" y todas las copias que controle tu oponente", " and every copy of it your opponent controls")
    elif copies:
        text += v.say(" y todas sus copias en juego", " and every copy of it in play")
    return text


def _shuffle_graveyard(e: dict[str, Any], v: Voice, actor: str) -> str:
    n = e.get("amount", 1)
    filt = e.get("filter", {}) if isinstance(e.get("filter"), dict) else {}
    what = target({**filt, "choose": 2 if isinstance(n, str) else n}, v).text
    what = "{n} " + what.split(" ", 1)[1]
    if e.get("up-to"):
        what = v.say(f"hasta {what}", f"up to {what}")
    return many(v.say(f"baraja {what} de tu Cementerio en tu Mazo Castillo",
                      f"shuffle {what} from your graveyard into your Castle deck"), n, v)


def _strength_effect(e: dict[str, Any], v: Voice, actor: str) -> str:
    said = target(e.get("target", {"self": True}), v, actor=actor)
    n = amount(e.get("amount", 1), v)
    mode = e.get("mode", "bonus")
    if isinstance(e.get("amount-of"), dict):
        other = target(e["amount-of"], v).text
        text = agree(v.say(f"{said.text} gana[n] tanta fuerza como tenga {other}",
                           f"{said.text} get[s] as much strength as {other} has"), said.plural, said.feminine, v.lang)
    elif mode == "double":
        text = v.say(f"la fuerza de {said.text} se duplica", f"the strength of {said.text} is doubled")
    elif mode == "set":
        text = v.say(f"la fuerza de {said.text} pasa a ser {n}", f"the strength of {said.text} becomes {n}")
    else:
        text = agree(v.say(f"{said.text} gana[n] +{n} a la fuerza", f"{said.text} get[s] +{n} strength"),
                     said.plural, said.feminine, v.lang)
    text += " " + duration(e.get("until"), v)
    if e.get("locked"):
        text += v.say(" (ningún bono la cambia)", " (no bonus changes it)")
    return text


def _prevent(e: dict[str, Any], v: Voice, actor: str) -> str:
    said = target(e.get("target", {"self": True}), v, actor=actor)
    happens = {"destruir": ("sea destruid[o]", "being destroyed"), "desterrar": ("sea desterrad[o]", "being exiled"),
               "a-la-mano": ("vuelva a la Mano", "returning to the hand"),
               "barajar": ("sea barajad[o] en el Mazo Castillo", "being shuffled into the Castle deck"),
               "al-tope": ("sea puest[o] en el tope del Mazo Castillo", "being put on top of the Castle deck")}
    es, en = happens.get(str(e.get("event", "destruir")), (str(e.get("event")),) * 2)
    return agree(v.say(f"previene que {said.text} {es} este turno", f"prevent {said.text} from {en} this turn"),
                 said.plural, said.feminine, v.lang)


def _search(e: dict[str, Any], v: Voice, actor: str) -> str:
    zones = e.get("zones") or [e.get("zone", "castillo")]
    theirs = e.get("side") == "opponent"
    side = (1 if theirs else 0) + (2 if v.lang == "en" else 0)
    where = v.say(" o ", " or ").join(ZONES.get(str(z), (str(z),) * 4)[side] for z in zones)
    filt = e.get("filter", {}) if isinstance(e.get("filter"), dict) else {}
    n = e.get("amount", 1)
    if e.get("types"):
        what = v.say(" o ", " or ").join(target({**filt, "type": t, "choose": n}, v).text for t in e["types"])
        what += v.say(" (nombra el tipo antes de buscar)", " (name the type before searching)")
    else:
        what = target({**filt, "choose": n}, v).text
    to = {"mano": ("en tu Mano", "into your hand"), "juego": ("en juego", "into play"),
          "cementerio": ("en el Cementerio de su dueño", "into its owner's graveyard"),
          "destierro": ("en el Destierro", "into exile")}
    es, en = to.get(str(e.get("to", "mano")), (str(e.get("to")),) * 2)
    fem = NOUNS.get(str((e.get("types") or [filt.get("type", "")])[0]), NOUNS[""])[4]
    it_es, it_en = (f"ponl{'a' if fem else 'o'}{'s' if n != 1 else ''}", "them" if n != 1 else "it")
    return v.say(f"busca en {where} {what} y {it_es} {es}", f"search {where} for {what} and put {it_en} {en}")


def _play_card(e: dict[str, Any], v: Voice, actor: str) -> str:
    filt = dict(e.get("filter", {})) if isinstance(e.get("filter"), dict) else {}
    other = filt.pop("other", False)
    what = target(filt, v).text
    if other:
        what += v.say(f" con otro nombre que {v.this()}", f" with another name than {v.this()}")
    zone = ZONES.get(str(e.get("zone", "mano")), (str(e.get("zone")),) * 4)
    text = v.say(f"juega de {zone[0]} {what}", f"play {what} from {zone[2]}")
    if e.get("free", True):
        text += v.say(" sin pagar su coste", " without paying its cost")
    return text


def _choose(e: dict[str, Any], v: Voice, actor: str) -> str:
    options = [o for o in e.get("options", []) if isinstance(o, dict)]
    shown = [f"({i + 1}) " + (f"{o['label']}: " if o.get("label") else "") + effects_text(o.get("effects", []), v)
             for i, o in enumerate(options)]
    return _acts("elige una: ", "choose one: ", str(e.get("chooser", "you")), v) + " / ".join(shown)


def _copy(e: dict[str, Any], v: Voice, actor: str) -> str:
    t = target(e.get("target", {}), v).text
    modes = {"total": (f"{v.this()} se convierte en una copia de {t}", f"{v.this()} becomes a copy of {t}"),
             "fuerza-y-habilidad": (f"{v.this()} copia la fuerza y las habilidades de {t}",
                                    f"{v.this()} copies the strength and abilities of {t}"),
             "habilidad": (f"{v.this()} copia las habilidades de {t}", f"{v.this()} copies the abilities of {t}")}
    return v.say(*modes.get(str(e.get("mode", "total")), modes["total"]))


def _later(e: dict[str, Any], v: Voice, actor: str) -> str:
    what = effects_text(e.get("effects", []), v)
    if e.get("may"):
        # What is delayed is optional, not the delay: "podrás robar una carta extra al final de tu turno".
        what = v.say(f"si quieres, {what}", f"you may {what}")
    return v.say(f"en la Fase Final, {what}", f"in the Final phase, {what}")


def _ban_name(e: dict[str, Any], v: Voice, actor: str) -> str:
    """Cards of a name cannot be played: a name the controller says, or that of the card the text names (Hodur)."""
    who = player(e.get("player"), v)
    if isinstance(e.get("target"), dict):
        said = target(e["target"], v, actor=actor).text
        name_es, name_en = f"con el nombre de {said}", f"with the name of {said}"
    else:
        name_es, name_en = "con ese nombre", "of that name"
    if who:
        text = v.say(f"{who} no puede jugar cartas {name_es}", f"{who} cannot play cards {name_en}")
    else:
        text = v.say(f"no se pueden jugar cartas {name_es}", f"cards {name_en} cannot be played")
    if not isinstance(e.get("target"), dict):
        text = v.say(f"nombra una carta: {text}", f"name a card: {text}")
    return f"{text} {duration(e.get('until'), v)}"


def _with_player(es: str, en: str, default: str, *, until: bool = False) -> Callable[..., str]:
    """An instruction that speaks of a player ("{p}"): "tu oponente no puede jugar con su Cementerio"."""
    def render(e: dict[str, Any], v: Voice, actor: str) -> str:
        who = player(e.get("player", default), v)
        mine = v.say("su", "their") if who else v.say("tu", "your")
        text = v.say(es, en).format(p=who or v.say("tú", "you"), my=mine)
        if not who:
            text = text.replace("tú no puede", "no puedes")  # the controller is told in the second person
        return text + (" " + duration(e.get("until"), v) if until else "")
    return render


def _fixed(es: str, en: str, *, until: bool = False) -> Callable[..., str]:
    def render(e: dict[str, Any], v: Voice, actor: str) -> str:
        text = v.say(es, en).format(me=v.this(), n=amount(e.get("amount", 1), v))
        return text + (" " + duration(e.get("until"), v) if until else "")
    return render


EFFECTS: dict[str, Callable[[dict[str, Any], Voice, str], str]] = {
    "destruir": _destroy,
    "botar": _player_does("bota {n} carta(s) de tu Mazo Castillo",
                          "put {n} card(s) from the top of your Castle deck into your graveyard",
                          "bota {n} carta(s) de su Mazo Castillo",
                          "puts {n} card(s) from the top of their Castle deck into their graveyard", "opponent"),
    "robar": lambda e, v, a: _player_does("roba {n} carta(s)", "draw {n} card(s)", "roba {n} carta(s)", "draws {n} card(s)")(
        e, v, a) + (v.say(" (una cada uno por vez)", " (one card each at a time)") if e.get("simultaneous") else ""),
    "descartar": _discard,
    "desterrar": _on_target("destierra {t}", "exile {t}"),
    "a-la-mano": _on_target("devuelve {t} a la Mano de su dueño", "return {t} to its owner's hand"),
    "barajar": _shuffle,
    "barajar-del-cementerio": _shuffle_graveyard,
    "fuerza": _strength_effect,
    "no-puede-atacar": _on_target("{t} no puede[n] atacar", "{t} cannot attack", until=True, agreeing=True),
    "no-puede-bloquear": _on_target("{t} no puede[n] bloquear", "{t} cannot block", until=True, agreeing=True),
    "ganar-control": _on_target("gana el control de {t}", "gain control of {t}", until=True),
    "anular": _on_target("anula {t}", "annul {t}"),
    "cancelar": lambda e, v, a: _on_target("cancela {t}", "cancel {t}")(e, v, a) if isinstance(e.get("target"), dict)
    else v.say("cancela una habilidad", "cancel an ability"),
    "prevenir": _prevent,
    "buscar": _search,
    "cancelar-ataque": _fixed("cancela el ataque: los atacantes vuelven a la Línea de Defensa",
                              "cancel the attack: the attackers return to the Línea de Defensa"),
    "cancelar-bloqueo": _fixed("cancela los bloqueos: los atacantes siguen sin bloquear",
                               "cancel the blocks: the attackers go on unblocked"),
    "reducir-dano": _with_player("el daño de combate que recibe {my} Mazo Castillo este turno es 0",
                                 "the combat damage {my} Castle deck receives this turn is 0", "you"),
    "jugar-carta": _play_card,
    "agrupar-oro": _fixed("agrupa tu Oro: pasa tus Oros del Oro Pagado a la Reserva de Oro",
                          "regroup your gold: move your golds from the Oro Pagado to the Reserva de Oro"),
    "sin-habilidades": _on_target("{t} pierde[n] sus habilidades", "{t} lose[s] [its] abilities", until=True,
                                  agreeing=True),
    "intercambiar": _on_target("da el control de uno de tus Aliados a tu oponente y toma el control de {t}",
                               "give your opponent control of one of your allies and take control of {t}"),
    "prohibir-nombre": _ban_name,
    "bloquear-cementerio": _with_player("{p} no puede jugar con {my} Cementerio", "{p} cannot play with {my} graveyard",
                                        "opponent", until=True),
    "invertir-bonos": _with_player("los bonos de fuerza de los Aliados de {p} restan en vez de sumar",
                                   "the strength bonuses of {p}'s allies are subtracted instead of added", "opponent",
                                   until=True),
    "al-final-del-turno": _later,
    "sin-habilidades-en-batalla": _with_player("en esta batalla, {p} no puede usar habilidades disparadas ni activadas",
                                               "in this battle, {p} cannot use triggered or activated abilities",
                                               "opponent"),
    "mostrar": lambda e, v, a: v.say(f"muestra {target(e.get('filter', {}), v).text} de tu Mano",
                                     f"show {target(e.get('filter', {}), v).text} from your hand"),
    "ordenar-tope": _fixed("mira las {n} primeras cartas de tu Mazo Castillo y devuélvelas en el orden que quieras",
                           "look at the top {n} cards of your Castle deck and put them back in any order"),
    "al-tope": _on_target("pon {t} en el tope del Mazo Castillo de su dueño", "put {t} on top of its owner's Castle deck"),
    "elegir": _choose,
    "copiar": _copy,
    "copiar-talisman": _fixed("el efecto de un Talismán de tu Cementerio ocurre como efecto de {me}",
                              "the effect of a talisman in your graveyard happens as the effect of {me}"),
    "bloqueo-global": _fixed("nadie puede jugar Talismanes ni activar o disparar habilidades",
                             "nobody can play talismans or activate or trigger abilities", until=True),
    "reducir-coste": _on_target("{t} cuesta[n] {n} Oro(s) menos", "{t} cost[s] {n} gold less", until=True,
                                agreeing=True),
    "sin-habilidades-nombre": _fixed("nombra una carta en juego que no sea {me}: las cartas con ese nombre pierden sus "
                                     "habilidades en todas las zonas",
                                     "name a card in play other than {me}: the cards of that name lose their abilities "
                                     "in every zone", until=True),
}
"""Every effect of the vocabulary, as the clause it reads as (``actor``: who carries it out, ``chooser``)."""


def reading(card: Any) -> dict[str, list[str]]:
    """The engine's reading of a card in Spanish and English, for the board: ``{"es": [...], "en": [...]}``."""
    # Every position the board checks shows its cards again, and a definition never changes: read each once.
    return {lang: list(lines) for lang, lines in _read(card).items()}


@per_definition()
def _read(card: Any) -> dict[str, tuple[str, ...]]:
    return {lang: tuple(card_lines(card, lang)) for lang in LANGS}

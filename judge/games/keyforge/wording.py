"""How the judge names KeyForge's things in its questions and trace, in Spanish and English: effects, abilities,
zones, houses, bonus icons, key colours, counts (the vocabulary's own words are for card files)."""

from __future__ import annotations

from typing import Any

EFFECT_LABELS: dict[str, tuple[str, str]] = {
    "add-counter": ("poner contadores", "put counters"),
    "add-power": ("dar contadores de +1 poder", "give +1 power counters"),
    "archive": ("archivar", "archive"),
    "archive-from-hand": ("archivar desde la mano", "archive from hand"),
    "archive-top-of-deck": ("archivar la carta superior del mazo", "archive the top card of the deck"),
    "attach": ("vincular", "attach"),
    "cancel-forge": ("anular el forjado", "cancel the forge"),
    "capture": ("capturar Æmbar", "capture Æmber"),
    "choose": ("elegir", "choose"),
    "choose-house": ("elegir una Casa", "choose a house"),
    "choose-one": ("elegir una opción", "choose one option"),
    "choose-player": ("elegir un jugador", "choose a player"),
    "copy": ("copiar", "copy"),
    "copy-characteristics": ("copiar", "copy"),
    "deal-damage": ("infligir daño", "deal damage"),
    "destroy": ("destruir", "destroy"),
    "discard": ("descartar", "discard"),
    "discard-from-hand": ("descartar de la mano", "discard from hand"),
    "discard-random": ("descartar al azar", "discard at random"),
    "discard-top-of-deck": ("descartar la carta superior del mazo", "discard the top card of the deck"),
    "discard-until": ("descartar del mazo hasta encontrar una carta", "discard from the deck until a card turns up"),
    "draw": ("robar cartas", "draw cards"),
    "enrage": ("enfurecer", "enrage"),
    "exalt": ("exaltar", "exalt"),
    "exchange-control": ("intercambiar el control", "exchange control"),
    "exhaust": ("agotar", "exhaust"),
    "fight-with": ("luchar con", "fight with"),
    "flip-to-token": ("dar la vuelta como criatura ficha", "flip into a token creature"),
    "forge-key": ("forjar una llave", "forge a key"),
    "gain": ("obtener Æmbar", "gain Æmber"),
    "gain-chains": ("obtener cadenas", "gain chains"),
    "give-text-box": ("dar su cuadro de texto", "give its text box"),
    "graft": ("injertar", "graft"),
    "heal": ("curar", "heal"),
    "lasting": ("crear un efecto duradero", "create a lasting effect"),
    "lose": ("perder Æmbar", "lose Æmber"),
    "look-at-top": ("mirar las cartas de encima del mazo", "look at the top cards of the deck"),
    "lose-chains": ("perder cadenas", "shed chains"),
    "make-token": ("crear una criatura ficha", "make a token creature"),
    "move-aember": ("mover Æmbar", "move Æmber"),
    "move-creature": ("mover una criatura", "move a creature"),
    "move-to-battleline": ("poner en la línea de batalla", "put into the battleline"),
    "pay": ("pagar Æmbar", "pay Æmber"),
    "play-card": ("jugar una carta", "play a card"),
    "play-top-of-deck": ("jugar la carta superior del mazo", "play the top card of the deck"),
    "purge": ("purgar", "purge"),
    "put-into-play": ("poner en juego", "put into play"),
    "put-on-bottom-of-deck": ("poner debajo del mazo", "put on the bottom of the deck"),
    "put-on-top-of-deck": ("poner encima del mazo", "put on top of the deck"),
    "put-under": ("poner debajo", "put under"),
    "raise-tide": ("subir la marea", "raise the tide"),
    "random-from-zone": ("tomar al azar", "take at random"),
    "ready": ("preparar", "ready"),
    "reap-with": ("cosechar con", "reap with"),
    "redirect-fight-damage": ("desviar el daño de lucha", "redirect fight damage"),
    "remove-counter": ("quitar contadores", "remove counters"),
    "repeat": ("repetir", "repeat"),
    "resolve-bonus-icons": ("resolver sus iconos de bonificación", "resolve its bonus icons"),
    "return-aember": ("devolver el Æmbar capturado", "return captured Æmber"),
    "return-purged": ("devolver las cartas purgadas", "return the purged cards"),
    "return-to-hand": ("devolver a la mano", "return to hand"),
    "reveal-random": ("revelar al azar", "reveal at random"),
    "sacrifice": ("sacrificar", "sacrifice"),
    "save": ("salvar de la destrucción", "save from destruction"),
    "search": ("buscar", "search"),
    "select": ("seleccionar", "select"),
    "shuffle-into-deck": ("barajar en el mazo", "shuffle into the deck"),
    "steal": ("robar Æmbar", "steal Æmber"),
    "stun": ("aturdir", "stun"),
    "swap": ("intercambiar de posición", "swap"),
    "take-control": ("tomar el control", "take control"),
    "trigger-ability": ("resolver una habilidad", "resolve an ability"),
    "unforge": ("desforjar una llave", "unforge a key"),
    "unstun": ("quitar el aturdimiento", "unstun"),
    "use": ("usar", "use"),
    "ward": ("escudar", "ward"),
}


def effect_label(verb: str, lang: str = "es") -> str:
    """The effect as a question names it (the vocabulary word itself if it has no label yet)."""
    es, en = EFFECT_LABELS.get(verb, (verb, verb))
    return en if lang == "en" else es


def ability_label(ability: dict[str, Any], index: int, lang: str = "es") -> str:
    """An ability offered as an option: its own label, else its number and what its effects do, so a judge can tell
    two abilities of one card apart."""
    if isinstance(ability.get("label"), str):
        return ability["label"]
    effects = ability.get("effects") if isinstance(ability.get("effects"), list) else []
    verbs = [effect_label(e["do"], lang) for e in effects if isinstance(e, dict) and isinstance(e.get("do"), str)]
    head = f"{'Ability' if lang == 'en' else 'Habilidad'} {index + 1}"
    return f"{head}: {', '.join(verbs)}" if verbs else head


ZONE_NAMES: dict[str, tuple[str, str]] = {
    "hand": ("la mano", "hand"), "deck": ("el mazo", "deck"), "discard": ("la pila de descartes", "discard pile"),
    "archives": ("los archivos", "archives"), "purged": ("las cartas purgadas", "purged cards"),
    "battleline": ("la línea de batalla", "battleline"), "artifacts": ("los artefactos", "artifacts"),
    "revealed": ("las cartas reveladas", "revealed cards"),
}


def zone_name(zone: str, lang: str = "es") -> str:
    es, en = ZONE_NAMES.get(zone, (zone, zone))
    return en if lang == "en" else es


def times_es(n: int) -> str:
    """«1 vez», «3 veces»."""
    return f"{n} vez" if n == 1 else f"{n} veces"


def times_en(n: int) -> str:
    """"once", "twice", "3 times"."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def counted(n: int, one: str, many: str) -> str:
    """A known number with its noun in the right number, in either language: «1 carta», «3 cartas», "1 card"."""
    return f"{n} {one if n == 1 else many}"


def to_zone_es(zone: str) -> str:
    """Where a card goes, in Spanish: «a la mano», «al mazo»."""
    name = zone_name(zone)
    return "al " + name[3:] if name.startswith("el ") else "a " + name


HOUSE_NAMES: dict[str, tuple[str, str]] = {
    "brobnar": ("Brobnar", "Brobnar"), "dis": ("Dis", "Dis"), "ekwidon": ("Ekwidon", "Ekwidon"),
    "geistoid": ("Geistoid", "Geistoid"), "logos": ("Logos", "Logos"), "mars": ("Marte", "Mars"),
    "sanctum": ("Sanctum", "Sanctum"), "saurian": ("Saurio", "Saurian"), "shadows": ("Sombras", "Shadows"),
    "skyborn": ("Skyborn", "Skyborn"), "staralliance": ("Alianza Estelar", "Star Alliance"),
    "unfathomable": ("Unfathomable", "Unfathomable"), "untamed": ("Indómitos", "Untamed"),
    "redemption": ("Redemption", "Redemption"), "keyraken": ("Keyraken", "Keyraken"), "elders": ("Elders", "Elders"),
    "ironyx": ("Ironyx", "Ironyx"), "prophecy": ("Prophecy", "Prophecy"), "tide": ("Tide", "Tide"),
}
"""House names as a judge reads them (houses without a known Spanish name keep their own)."""


def house_name(house: str, lang: str = "es") -> str:
    es, en = HOUSE_NAMES.get(house, (house.capitalize(), house.capitalize()))
    return en if lang == "en" else es


ICON_NAMES: dict[str, tuple[str, str]] = {
    "aember": ("Æmbar", "Æmber"), "capture": ("capturar", "capture"), "damage": ("daño", "damage"),
    "draw": ("robar carta", "draw"), "discard": ("descartar", "discard"), "steal": ("robar Æmbar", "steal"),
}


def icon_name(icon: str, lang: str = "es") -> str:
    """A bonus icon by its name on the card (Spanish) or in English."""
    es, en = ICON_NAMES.get(icon, (icon, icon))
    return en if lang == "en" else es


KEY_COLORS: dict[str, tuple[str, str]] = {"red": ("La llave roja", "The red key"), "blue": ("La llave azul", "The blue key"),
                                          "yellow": ("La llave amarilla", "The yellow key")}


def key_color(color: str, lang: str = "es") -> str:
    es, en = KEY_COLORS.get(color, (color, color))
    return en if lang == "en" else es


TRIGGER_LABELS: dict[str, tuple[str, str]] = {
    "play": ("Jugar", "Play"), "after-reap": ("Después de cosechar", "After Reap"),
    "after-fight": ("Después de luchar", "After Fight"), "before-fight": ("Antes de luchar", "Before Fight"),
    "destroyed": ("Destruida", "Destroyed"), "action": ("Acción", "Action"), "omni": ("Omni", "Omni"),
    "scrap": ("Desguazar", "Scrap"), "fate": ("Destino", "Fate"),
}
"""The headings a card prints before an ability («Jugar:» / "Play:"), in Spanish and English."""


_ABILITY_WORDS = {
    "play": ("jugar", "play"), "after-reap": ("después de cosechar", "after reap"),
    "after-fight": ("después de luchar", "after fight"), "before-fight": ("antes de luchar", "before fight"),
    "destroyed": ("destruida", "destroyed"), "leaves-play": ("abandona el juego", "leaves play"),
    "scrap": ("desguazar", "scrap"), "action": ("acción", "action"), "omni": ("omni", "omni"),
    "assault": ("asalto", "assault"), "hazardous": ("dañino", "hazardous"),
    "start-of-turn": ("inicio del turno", "start of turn"), "end-of-turn": ("final del turno", "end of turn"),
    "would-forge": ("al forjar", "would forge"),
}


def answer_names(names: tuple[str, ...], key: str, trigger: str | None = None) -> tuple[str, tuple[str, ...]]:
    """How a judge names an ability waiting to resolve, by card and ability, from its key (``<uid>:<trigger>:<n>``,
    ``<uid>:<event>:<n>`` for an "after" ability — ``trigger`` says which —, ``lasting<n>:<event>``): ``Krump: after
    reap``, ``War Banner: on fight``, and the same in Spanish and with the card's other names."""
    parts = key.split(":")
    if key.startswith("lasting"):
        es, en = "efecto duradero", "lasting effect"
    elif len(parts) > 1 and parts[1] in _ABILITY_WORDS and trigger != "after":
        es, en = _ABILITY_WORDS[parts[1]]
    elif len(parts) > 1:
        es, en = f"tras {parts[1]}", f"on {parts[1]}"
    else:
        return "", ()
    name_en = names[1] if len(names) > 1 else names[0]
    aliases = tuple(dict.fromkeys(f"{n}: {w}" for n in names if n for w in (en, es)))
    return f"{name_en}: {en}", aliases

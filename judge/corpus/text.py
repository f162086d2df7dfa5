"""Reading the verbatim texts: folding for comparison, plain text for snippets, and the garbled icons spelled out.

The texts in ``rulings/`` stay exactly as printed; what a judge reads on a result or a ruling page is derived
here, and the printed text is always one click away.
"""

from __future__ import annotations

import functools
import re
import unicodedata

_LIGATURES = str.maketrans({"æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "ø": "o", "Ø": "o"})


_ABOVE_SPACING = re.compile("[^\x00-\u02ff]+")
"""Runs of characters that may be combining marks (every combining mark comes after U+02FF): only these are looked
at one by one, the rest of a text is kept as it is."""


def _drop_marks(run: re.Match[str]) -> str:
    return "".join(c for c in run.group() if not unicodedata.combining(c))


def fold(text: str) -> str:
    """Lower case, no accents, ligatures spelled out: ``Æmbar`` → ``aembar``, ``Acción`` → ``accion``."""
    text = text.translate(_LIGATURES)
    decomposed = unicodedata.normalize("NFKD", text)
    return _ABOVE_SPACING.sub(_drop_marks, decomposed).casefold()


# Plain text -------------------------------------------------------------------------------------------------

_HEADING = re.compile(r"(?m)^\s{0,3}#{1,6}\s+")
_BULLET = re.compile(r"(?m)^\s{0,3}[-*+]\s+")
_STRONG = re.compile(r"\*\*(.+?)\*\*|__(.+?)__", re.S)
_EMPHASIS = re.compile(r"(?<!\*)\*(?![\s*])([^*\n]+?)(?<![\s*])\*(?!\*)")


def plain(text: str) -> str:
    """The text without its Markdown markup: what a snippet may show (``**Jugar:**`` → ``Jugar:``)."""
    text = _HEADING.sub("", text)
    text = _BULLET.sub("• ", text)
    text = _STRONG.sub(lambda m: m.group(1) or m.group(2), text)
    text = _EMPHASIS.sub(r"\1", text)
    # A marker left without its pair (a bold run cut across two paragraphs by the extraction) is markup too.
    return text.replace("**", "")


# Garbled icons ----------------------------------------------------------------------------------------------

GLYPHS = "♣♠⚔☉🗡🐉🐛🍀🍌🌟🌀🏠👤🔥👉🗑👁👊🌊🐾🐵📖🚀🧙"
"""Characters the text extraction of the 17.2 rulebook put where the printed page had an icon: the set symbol in
front of a card's collector number, the Æmber or damage icon after an amount, a bonus icon or a set's symbol."""

_GLYPH = f"[{GLYPHS}]\ufe0f?"
_COLLECTOR = re.compile(rf"{_GLYPH} ?([A-Z]?\d+)")
_AMOUNT = re.compile(rf"(\d+) ?{_GLYPH}")
_ICON = re.compile(rf"(\(\s*){_GLYPH}(\s*\))|"
                   rf"((?:s[ií]mbolo|icono|[ií]cone|ICONO DE BONIFICACI[OÓ]N)\s*:?\s*){_GLYPH}")
_SET_LIST = re.compile(rf"(?m)^(-\s+){_GLYPH}\s*")
_ANY = re.compile(_GLYPH)
_DAMAGE_VERB = re.compile(r"(?:inflig|causa|dano|daño)\w*\s+$", re.I)

WORDS = {
    "es": {"aember": "Æmbar", "damage": "de daño", "number": "n.º", "icon": "icono",
           "set": "símbolo de colección"},
    "pt": {"aember": "Æmber", "damage": "de dano", "number": "n.º", "icon": "ícone", "set": "símbolo de coleção"},
    "en": {"aember": "Æmber", "damage": "damage", "number": "#", "icon": "icon", "set": "set symbol"},
}


def has_glyphs(text: str) -> bool:
    return bool(text) and _ANY.search(text) is not None


def readable(text: str, lang: str = "es") -> str:
    """``text`` with each garbled icon replaced by what it stands for, in the document's language.

    A glyph before a number is the set symbol of a collector number (``Bruja del Ocaso 🧙320`` → ``n.º 320``);
    after an amount it is Æmber, or damage where the sentence inflicts it (``Inflige 2 ♠`` → ``2 de daño``);
    in parentheses, after "icono:" or in the list of sets it is the icon or symbol itself; anywhere else the
    documents use it for Æmber (``más ♣ que tú``).
    """
    if not has_glyphs(text):
        return text
    w = WORDS.get(lang, WORDS["es"])

    out = _COLLECTOR.sub(lambda m: f"{w['number']} {m.group(1)}", text)

    def amount(m: re.Match[str]) -> str:
        before = out[max(0, m.start() - 30):m.start()]
        return f"{m.group(1)} {w['damage'] if _DAMAGE_VERB.search(before) else w['aember']}"

    out = _AMOUNT.sub(amount, out)
    out = _ICON.sub(lambda m: (f"{m.group(1)}{w['icon']}{m.group(2)}" if m.group(1) is not None
                               else f"{m.group(3)}({w['icon']})"), out)
    out = _SET_LIST.sub(lambda m: f"{m.group(1)}({w['set']}) ", out)
    return _ANY.sub(w["aember"], out)


# Words for matching terms -----------------------------------------------------------------------------------

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
FUNCTION_WORDS = frozenset(
    "a al con de del e el en la las lo los o para por que se su sus un una y da das do dos na nas no nos os um "
    "uma as ao the of an to and or".split())


_DOUBLED = re.compile(r"([b-df-hj-km-np-qs-tv-z])\1")


def undoubled(word: str) -> str:
    """A folded word without doubled consonants (ll and rr are letters of their own): the 17.2 glossary prints
    EFFECTOS where a judge types efectos."""
    return _DOUBLED.sub(r"\1", word)


@functools.lru_cache(maxsize=65536)
def singular(word: str) -> str:
    """A rough common root of a folded Spanish or Portuguese word, so that a heading and the words that name it
    meet: ``LEGADOS``/``legado``, ``COSTES``/``coste``, ``PUJAR``/``puja``, ``USAR``/``usando``, and the
    misprinted ``EFFECTOS``/``efectos``. It only has to map the forms of one word to the same key, never to be a
    real stem."""
    word = undoubled(word)
    if len(word) > 5 and word.endswith(("ando", "endo", "indo")):
        return word[:-4]
    if len(word) > 4 and word.endswith("es"):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s"):
        word = word[:-1]
    if len(word) > 3 and word.endswith(("ar", "er", "ir")):
        return word[:-2]
    if len(word) > 3 and word[-1] in "eao":
        word = word[:-1]
    return word


def key_words(text: str) -> tuple[str, ...]:
    """The meaningful words of ``text`` folded and singular, for matching a term against a heading."""
    return tuple(singular(w) for w in _WORD.findall(fold(text)) if w not in FUNCTION_WORDS)


@functools.lru_cache(maxsize=65536)
def fold_word(word: str) -> str:
    return fold(word)

"""Where a text sends the reader: "Consulta “Luchar” en la página 18", "(ver “Legados”)", "Temas relacionados:
Capturar, Robar" — found in the verbatim text and resolved to the rule section that holds the term.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from judge.corpus.text import fold, key_words


@dataclass(frozen=True)
class Reference:
    """A place in a text that points elsewhere: ``text[start:end]`` is what becomes the link."""

    start: int
    end: int
    term: str
    """The words that name what is pointed at ('' when the text names nothing, as in "consulta la página 5")."""
    page: int | None = None


_PAGE = re.compile(r"(?i)\b(?:(?:la|a)\s+)?p[áa]gina\s+(\d+)")
_QUOTED = re.compile(r"[“\"«]([^”\"»\n]{2,80})[”\"»]")
_SENTENCE_START = re.compile(r"[.!?¿¡\n]\s*|^")
_SEE = re.compile(r"(?i)\b(?:ver|v[ée]ase|consulta|consulte)\b(?:\s+(?:también|também|la regla|regla|la sección|"
                  r"más adelante))?\s*:?\s*$")
_UNQUOTED_BEFORE_PAGE = re.compile(r"(?i)(?:consulta|consulte)(?:\s+(?:también|também|el|la|o|a))*\s+(.+?),?\s+"
                                   r"(?:en|na)\s*$")
_ABOUT = re.compile(r"(?i)(?:detalles|detalhes)\s+(?:sobre|de)\s+(.+?),\s*(?:consulta|consulte)\s*$")
_BEFORE_PARENS = re.compile(r"(?i)(.+?)\s*\(\s*(?:consulta|consulte)\s*$")
_RELATED = re.compile(r"(?im)^(?:temas? relacionados?|consulte também)\s*:\s*(.+)$")


def references(text: str) -> list[Reference]:
    """Every reference of ``text``, in order: page references, quoted "see" references and related-topic lists."""
    found: list[Reference] = []
    taken: list[tuple[int, int]] = []
    for m in _PAGE.finditer(text):
        term, term_start = _term_before(text, m.start())
        found.append(Reference(m.start(), m.end(), term, int(m.group(1))))
        taken.append((min(term_start, _sentence_start(text, m.start())), m.end()))
    for m in _QUOTED.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue
        if _SEE.search(text[max(0, m.start() - 40):m.start()]):
            found.append(Reference(m.start(), m.end(), m.group(1).strip()))
    for m in _RELATED.finditer(text):
        offset = m.start(1)
        for part in re.finditer(r"[^,]+", m.group(1)):
            term = part.group().strip().strip("”“\".")
            if term:
                start = offset + part.start() + (len(part.group()) - len(part.group().lstrip()))
                found.append(Reference(start, start + len(term), term))
    return sorted(found, key=lambda r: r.start)


def _sentence_start(text: str, end: int) -> int:
    window_start = max(0, end - 200)
    starts = [m.end() for m in _SENTENCE_START.finditer(text, window_start, end)]
    return max([window_start, *starts])


def _term_before(text: str, at: int) -> tuple[str, int]:
    """The term a page reference names, and where it starts: the quoted words just before it, or the words the
    sentence hangs the reference on ("Regla del seis (consulta la página 21)", "Consulta Iconos de colección en
    la página 16")."""
    close = None
    for m in _QUOTED.finditer(text, max(0, at - 140), at):
        close = m
    if close is not None and at - close.end() <= 12:  # “Luchar” en la página 18 / "Destruído" na Página 10
        return close.group(1).strip(), close.start()
    start = _sentence_start(text, at)
    window = text[start:at]
    quoted = list(_QUOTED.finditer(window))
    if quoted:
        return quoted[-1].group(1).strip(), start + quoted[-1].start()
    for pattern in (_UNQUOTED_BEFORE_PAGE, _ABOUT, _BEFORE_PARENS):
        m = pattern.search(window)
        if m:
            return m.group(1).strip(), start + m.start(1)
    return "", at


# Resolving a term to a section ------------------------------------------------------------------------------


def title_alternatives(title: str) -> list[str]:
    """The ways a heading names its term: ``AGOTAR, AGOTADA`` → ``AGOTAR``, ``AGOTADA``; ``ROBAR (CARTAS)`` →
    ``ROBAR (CARTAS)``, ``ROBAR``; ``117. Legados`` → ``Legados``."""
    title = re.sub(r"^\s*\d+(?:\.\d+)*\.?\s*", "", title).strip(" :")
    out = [title] if title else []
    bare = re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", title)
    for part in re.split(r"[,/]|\by\b|\be\b", bare):
        part = re.sub(r"[\"“”«»:¡!¿?]", " ", part).strip()
        if part and len(part.split()) <= 6:
            out.append(part)
    return list(dict.fromkeys(out))


_LABEL = re.compile(r"(?i)^\s*(?:ejemplo|exemplo|paso [a-z]\b|passo [a-z]\b|importante)")


def is_label(title: str) -> bool:
    """Whether a heading only labels a part of a rule ("Ejemplo 2", "Paso d", "Importante") and names no term."""
    return bool(_LABEL.match(title))


@dataclass(frozen=True)
class Heading:
    citation: str
    words: tuple[str, ...]
    top: bool
    whole: bool
    """Whether these are the words of the whole heading, not of one of its parts."""
    pages: tuple[int, int | None] | None = None
    forms: tuple[str, ...] = ()
    """The heading's words as printed, folded (``capturar``), before they were reduced to keys."""


class Headings:
    """The headings of one document, to find the section a term names."""

    def __init__(self, headings: Iterable[Heading]):
        self.headings = [h for h in headings if h.words]

    @classmethod
    def of(cls, sections: Iterable, pages: dict[str, tuple[int, int | None]] | None = None) -> Headings:
        out = []
        for s in sections:
            if ".example-" in s.id or is_label(s.title):
                continue
            for i, alt in enumerate(title_alternatives(s.title)):
                out.append(Heading(s.citation, key_words(alt), s.parent is None, i == 0,
                                   (pages or {}).get(s.citation), tuple(fold(alt).split())))
        return cls(out)

    def resolve(self, term: str, page: int | None = None, exclude: str = "") -> str | None:
        """The section ``term`` names: a heading equal to the term, else one the term ends with ("…la Regla del
        seis"), else one inside it. A page number, when given, must fit the section's pages; it also lets a
        heading that shares half its words with the term do ("cómo forjar llaves" → "PASO 1: FORJAR UNA LLAVE").
        """
        words = key_words(term)
        if not words:
            return None
        best: tuple[int, int, bool, bool] | None = None
        chosen = None
        for h in self.headings:
            if h.citation == exclude:
                continue
            n = len(h.words)
            if h.words == words:
                quality = 3
            elif words[-n:] == h.words:
                quality = 2
            elif n >= 2 and any(words[i:i + n] == h.words for i in range(len(words) - n + 1)):
                quality = 1
            elif page is not None and h.pages is not None and len(set(h.words) & set(words)) * 2 >= n:
                quality = 0
            else:
                continue
            if page is not None and h.pages is not None:
                low, high = h.pages
                if page < low or (high is not None and page > high):
                    continue
            rank = (quality, n, h.whole, h.top)
            if best is None or rank > best:
                best, chosen = rank, h.citation
        return chosen

"""Rulebook pages, for the documents that print page numbers.

The seed text has no page breaks, but the documents say where things are: their index gives the page each part
starts on, and their cross-references name the page of a term ("Consulta “Luchar” en la página 18"). Each such
statement pins a seed line to a page; pages never go back as the lines go on, so every section and entry lies
between the pins around it. Where the pins on both sides agree the page is exact; otherwise it is a range.
"""

from __future__ import annotations

import bisect
from typing import Iterable

from judge.corpus.references import Headings, references

Pages = tuple[int, "int | None"]
"""(first page, last page); the last is ``None`` when nothing after the text gives a page."""


def _span(lines: Iterable[int]) -> tuple[int, int] | None:
    """Where a text starts, twice: the page a judge turns to is the one its first line is on."""
    lines = list(lines)
    return (min(lines), min(lines)) if lines else None


def _between(pins: list[tuple[int, int]], first: int, last: int) -> Pages | None:
    """The pages a text spanning seed lines ``first``..``last`` can be on, given (line, page) pins sorted by line."""
    lines = [line for line, _ in pins]
    before = bisect.bisect_right(lines, first)
    if before == 0:
        return None
    low = max(page for _, page in pins[:before])
    after = bisect.bisect_left(lines, last)
    high = min((page for _, page in pins[after:]), default=None)
    if high is not None and high < low:
        high = low
    return low, high


def document_pages(document, sections: list, entries: list) -> dict[str, Pages]:
    """The pages of every section (by citation) and entry (by id) of ``document``; empty when it has no index."""
    if not document.contents:
        return {}
    pins = sorted((line, page) for _, page, line in document.contents)
    coarse = {s.citation: p for s in sections if (span := _span(s.lines)) and (p := _between(pins, *span))}
    headings = Headings.of(sections, coarse)
    by_citation = {s.citation: s for s in sections}
    found: list[tuple[int, int]] = []
    texts = [(s.citation, s.text) for s in sections] + [(e.id, f"{e.question}\n{e.answer}") for e in entries]
    for source, text in texts:
        for ref in references(text):
            if ref.page is None:
                continue
            target = headings.resolve(ref.term, ref.page, exclude=source)
            if target:
                found.append((min(by_citation[target].lines), ref.page))
    pins = sorted(set(pins) | set(_consistent([pin for pin in found if _agrees(pins, pin)])))
    out: dict[str, Pages] = {}
    for s in sections:
        span = _span(s.lines)
        if span and (p := _between(pins, *span)):
            out[s.citation] = p
    for e in entries:
        span = _span(e.lines)
        if span and (p := _between(pins, *span)):
            out[e.id] = p
    return out


def _consistent(pins: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The largest set of pins whose pages never go back as the lines go on; a line given two different pages
    is dropped. What is left out is a reference resolved to the wrong heading."""
    pages_of: dict[int, set[int]] = {}
    for line, page in pins:
        pages_of.setdefault(line, set()).add(page)
    ordered = sorted((line, next(iter(pages))) for line, pages in pages_of.items() if len(pages) == 1)
    # Longest non-decreasing run of pages, by patience sorting.
    tails: list[int] = []
    tail_index: list[int] = []
    previous = [-1] * len(ordered)
    for i, (_, page) in enumerate(ordered):
        k = bisect.bisect_right(tails, page)
        if k == len(tails):
            tails.append(page)
            tail_index.append(i)
        else:
            tails[k] = page
            tail_index[k] = i
        previous[i] = tail_index[k - 1] if k else -1
    out = []
    i = tail_index[-1] if tail_index else -1
    while i >= 0:
        out.append(ordered[i])
        i = previous[i]
    return out[::-1]


def _agrees(pins: list[tuple[int, int]], pin: tuple[int, int]) -> bool:
    bounds = _between(pins, pin[0], pin[0])
    if bounds is None:
        return False
    low, high = bounds
    return low <= pin[1] and (high is None or pin[1] <= high)


def label(pages: Pages | None) -> str:
    """``16``, ``9–12`` or ``25+``; '' when unknown."""
    if not pages:
        return ""
    low, high = pages
    if high == low:
        return str(low)
    return f"{low}–{high}" if high is not None else f"{low}+"

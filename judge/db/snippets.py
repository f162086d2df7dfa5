"""The passage of a result that answers the question, with the question's words marked."""

from __future__ import annotations

import html
import re

from judge.db.analysis import fold_word, is_stopword, stems, words
from judge.db.query import Query


_SENTENCE = re.compile(r"(?<=[.!?;:])\s+|\n+")


def snippet(text: str, query: Query, width: int = 260) -> str:
    """The passage of ``text`` that matches best, HTML-escaped, with the matching words in ``<mark>``."""
    if not text:
        return ""
    names = [n.split() for ns in query.cards.values() for n in ns]
    spans: list[tuple[int, int]] = []
    ws = words(text)
    folded = [fold_word(w) for _, _, w in ws]
    for start, end, w in ws:
        if not is_stopword(w) and set(stems(w)) & query.marks:
            spans.append((start, end))
    for name in names:
        n = len(name)
        for i in range(len(folded) - n + 1):
            if folded[i:i + n] == name:
                spans.append((ws[i][0], ws[i + n - 1][1]))
    if not spans:
        cut = text[:width]
        return html.escape(cut + ("…" if len(text) > width else ""))
    # Choose the window of `width` characters with the most distinct matched words, aligned to a sentence start.
    starts = [0] + [m.end() for m in _SENTENCE.finditer(text)]
    best, best_score = 0, -1.0
    for s in starts:
        inside = {fold_word(text[a:b]) for a, b in spans if s <= a and b <= s + width}
        score = len(inside) - s / max(1, len(text)) * 0.01
        if score > best_score:
            best, best_score = s, score
    end = min(len(text), best + width)
    if end < len(text):
        space = text.rfind(" ", best, end)
        end = space if space > best + width // 2 else end
    out: list[str] = ["…" if best > 0 else ""]
    pos = best
    for a, b in sorted(set(spans)):
        if a < pos or b > end:
            continue
        out.append(html.escape(text[pos:a]))
        out.append(f"<mark>{html.escape(text[a:b])}</mark>")
        pos = b
    out.append(html.escape(text[pos:end]))
    if end < len(text):
        out.append("…")
    return "".join(out).replace("\n", " ")

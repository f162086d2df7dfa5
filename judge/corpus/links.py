"""How the texts of the corpus point at each other: the rule sections an entry involves, where a one-line stub
sends the reader, and which text of the current rulebook replaces a section of a superseded one.

Computed from the files when the database is built; nothing here is written back to ``rulings/``.
"""

from __future__ import annotations

import re
from collections import Counter

from judge.corpus.references import Headings, references
from judge.corpus.text import FUNCTION_WORDS, fold, fold_word, key_words, singular

_WORD = re.compile(r"[^\W_]+", re.UNICODE)

_EXAMPLE = re.compile(r"\.example-\d+$")

# FAQ concept tags that name a glossary term by another form than its section id.
_TAG_ALIASES = {
    "neighbors": "adjacent", "resolve-as-much-as-possible": "resolve-as-much-as-you-can",
    "replacement-effect": "replacement-effects", "play-card": "play-cards", "play-effect": "play-abilities",
    "use-card": "use-cards", "upgrade": "upgrades", "artifact": "artifacts", "creature": "creatures",
    "token-creature": "token-creatures", "lasting-effect": "lasting-effects", "ready/exhaust": "ready-and-exhausted",
    "key": "keys", "counters": "counters-and-tokens", "tokens": "counters-and-tokens",
    "constant-ability": "constant-abilities", "action-ability": "action-abilities", "keyword": "keywords",
    "bonus-aember": "aember-bonus-icon", "play-restriction": "play-cards", "control-change": "control",
    "layers/ongoing": "lasting-effects",
}

# Mitos y Leyendas entries are tagged in English, its rule sections have Spanish ids.
_MYL_TAGS = {
    "talisman": "resolucion-de-talismanes", "cancel-ability": "cancelacion-de-habilidades",
    "static-ability": "habilidad-continua", "continuous-ability": "habilidad-continua",
    "activated-ability": "habilidad-activada", "triggered-ability": "habilidad-disparada",
    "leave-play-trigger": "habilidad-disparada", "once-per-turn": "habilidad-activada.mas-de-una-vez",
    "search": "busqueda-de-cartas", "shuffle-into-deck": "barajar-cartas-del-cementerio",
    "cemetery": "interaccion-con-el-cementerio", "end-phase": "fase-final",
    "talisman-war": "batalla-mitologica.guerra-de-talismanes", "control-change": "cambio-de-controlador",
    "control": "controlador-y-dueno", "owner": "controlador-y-dueno", "combat-damage": "dano-de-combate",
    "valid-target": "objetivo-valido", "weapon": "portar-armas", "affect-player": "afectar-a-un-jugador",
    "permanent-effect": "zona-de-efectos-permanentes", "prevention": "cartas-de-prevencion",
    "cost-modification": "reduccion-de-costes", "strength-bonus": "bonificador-y-duplicador-de-fuerza",
    "strength-setter": "modificadores-y-establecedores-de-fuerza", "duration": "duracion-de-un-efecto-o-habilidad",
    "until-end-phase": "duracion-de-un-efecto-o-habilidad", "simultaneous-triggers":
    "resolucion-multiples-habilidades-disparadas", "trigger-ordering": "resolucion-multiples-habilidades-disparadas",
    "self-reference": "autoreferencia", "luego-conditional": "cartas-con-habilidades-luego",
    "phase-vigilia": "fase-de-vigilia", "regroup": "fase-de-agrupacion", "attack-phase": "batalla-mitologica",
    "damage-assignment": "batalla-mitologica.asignacion-de-dano", "play-requirement": "pasos-para-jugar-una-carta",
    "trigger-on-play": "pasos-para-jugar-una-carta", "direct-damage": "dano-directo",
    "response-window": "dos-cartas-de-cancelacion-o-anulacion",
    "response-chain": "dos-cartas-de-cancelacion-o-anulacion",
    "anular": "dos-cartas-de-cancelacion-o-anulacion", "attack-declaration": "batalla-mitologica.declaracion-de-ataque",
    "block-declaration": "batalla-mitologica.declaracion-de-bloqueo",
    "must-be-blocked": "batalla-mitologica.declaracion-de-bloqueo", "condition": "pasos-para-jugar-una-carta",
}

# "Las habilidades continuas se identifican con la frase: “Mientras este Aliado esté en juego”": a text that
# uses such a phrase involves the section that defines it.
_MARKER = re.compile(r"(?i)se identifican?\b[^.“\"]*?(?:frase|palabras?)\s*:?\s*[“\"]([^”\"]+)[”\"]"
                     r"(?:\s*o\s*[“\"]([^”\"]+)[”\"])?")

GENERIC_SHARE = 0.12
"""A heading whose words appear in more than this share of a document's entries (CRIATURAS, CARTAS) is a word of
every ruling, not a rule a ruling involves."""

MAX_LINKS = 8


def _current_document(corpus, document: str) -> str:
    doc = corpus.documents[document]
    return doc.superseded_by or document


def _section_for_tag(corpus, document: str, tag: str) -> str | None:
    base = re.sub(r"^(?:after|before)-|-trigger$", "", tag)
    for key in dict.fromkeys((tag, _TAG_ALIASES.get(tag, ""), base, _TAG_ALIASES.get(base, ""), base + "s",
                              base.rstrip("s"))):
        if not key:
            continue
        for doc in (document, _current_document(corpus, document)):
            if f"{doc}#{key}" in corpus.sections:
                return f"{doc}#{key}"
    return None


def printed_in(corpus, entry) -> str | None:
    """The rule section whose lines hold the entry's text (G&P rules, Mitos y Leyendas general entries, the
    resolution-order rows of 17.2), the most specific one when several do; for a worked example, the rule it
    illustrates."""
    if not entry.lines:
        return None
    lines = set(range(min(entry.lines), max(entry.lines) + 1))
    best = None
    for s in corpus.sections_of(entry.document):
        shared = len(lines & set(s.lines))
        if shared and (best is None or (shared, -len(s.lines)) > best[0]):
            best = ((shared, -len(s.lines)), s)
    if best is None:
        return None
    section = best[1]
    if _EXAMPLE.search(section.id) and section.parent:
        return f"{section.document}#{section.parent}"
    return section.citation


class Linker:
    """Finds the sections each entry of the corpus involves."""

    def __init__(self, corpus, headings: dict[str, Headings], stubs: dict[str, str] | None = None):
        self.corpus = corpus
        self.stubs = stubs or {}
        self.headings = headings
        self._generic = {d: self._generic_headings(d) for d in corpus.documents}
        # The headings a text can name, by their first word: one look-up per word of the text.
        self._by_first: dict[str, dict[str, list]] = {}
        for d, hs in headings.items():
            for h in hs.headings:
                if h.words not in self._generic[d] and not (len(h.words) == 1 and len(h.words[0]) < 4) \
                        and h.citation not in self.stubs:
                    self._by_first.setdefault(d, {}).setdefault(h.words[0], []).append(h)
        self.markers: dict[str, list[tuple[str, str]]] = {}
        for section in corpus.sections.values():
            for m in _MARKER.finditer(section.text):
                for phrase in filter(None, m.groups()):
                    if not re.search(r"\bX\b", phrase):  # "Cuando X acción ocurre" is a pattern, not a phrase
                        self.markers.setdefault(section.document, []).append((fold(phrase), section.citation))

    def _generic_headings(self, document: str) -> set[tuple[str, ...]]:
        entries = [set(key_words(e.text)) for e in self.corpus.entries_of(document)]
        counts: Counter[tuple[str, ...]] = Counter()
        for h in self.headings[document].headings:
            counts[h.words] = sum(1 for words in entries if set(h.words) <= words)
        limit = max(3, GENERIC_SHARE * len(entries))
        return {words for words, n in counts.items() if n > limit}

    def sections_of(self, entry) -> list[str]:
        """The entry's own ``sections``, the section it is printed in, the sections its text refers to, those of
        its KeyForge concept tags and the rule terms its text names — in that order, without repeats."""
        corpus = self.corpus
        found: list[str] = [c for c in entry.sections if c in corpus.sections]
        own = printed_in(corpus, entry)
        if own:
            found.append(own)
        headings = self.headings[entry.document]
        for ref in references(entry.text):
            target = headings.resolve(ref.term, ref.page)
            if target:
                found.append(target)
        game = corpus.documents[entry.document].game
        if game == "keyforge":
            found.extend(filter(None, (_section_for_tag(corpus, entry.document, t) for t in entry.concepts)))
        elif game == "mitos-y-leyendas":
            found.extend(f"{entry.document}#{_MYL_TAGS[t]}" for t in entry.concepts
                         if t in _MYL_TAGS and f"{entry.document}#{_MYL_TAGS[t]}" in corpus.sections)
        found.extend(self._named_terms(entry))
        text = fold(entry.text)
        found.extend(c for phrase, c in self.markers.get(entry.document, ()) if phrase in text)
        out = [c for c in dict.fromkeys(self.stubs.get(c, c) for c in found) if not _EXAMPLE.search(c)]
        parent = corpus.entries.get(entry.meta.get("parent", ""))
        if not out and parent is not None and parent is not entry:
            # A worked example under a heading entry involves what its heading does.
            return self.sections_of(parent)
        return out[:MAX_LINKS]

    def _named_terms(self, entry) -> list[str]:
        printed = [w for w in _WORD.findall(entry.text) if fold_word(w) not in FUNCTION_WORDS]
        words = tuple(singular(fold_word(w)) for w in printed)
        by_first = self._by_first.get(entry.document, {})
        hits: dict[str, tuple[int, int]] = {}
        for i, word in enumerate(words):
            for h in by_first.get(word, ()):
                n = len(h.words)
                if h.citation not in hits and words[i:i + n] == h.words and (n > 1 or self._as_name(printed[i], h)):
                    hits[h.citation] = (i, -n)
        return sorted(hits, key=hits.get)

    @staticmethod
    def _as_name(word: str, heading) -> bool:
        """Whether a word names a one-word term: capitalised as a name ("Provocar"), or written as the heading
        is — not a form of the same verb with its everyday sense ("provoca que…" is not PROVOCAR)."""
        if word[:1].isupper():
            return True
        folded = fold(word)
        return any(folded in (alt, alt + "s", alt + "es") for alt in heading.forms)


def stub_target(corpus, section, headings: Headings) -> str | None:
    """Where a section that only sends the reader elsewhere ("Consulta “Iconos de bonificación” en la página
    16.") sends them; ``None`` for a section with text of its own."""
    body = re.sub(r"(?im)^(?:temas? relacionados?|consulte também)\s*:.*$", "", section.text).strip()
    refs = references(body)
    if not refs or len(body) > 160:
        return None
    rest = body
    for ref in reversed(refs):
        rest = rest[:ref.start] + rest[ref.end:]
    rest = re.sub(r"[“\"«][^”\"»]*[”\"»]|(?i:\b(?:consulta|consulte|tambi[ée]n|em|en|na|la|a|el|o|ver|"
                  r"v[ée]ase)\b)|[.,:;()\s]", "", rest)
    if rest:
        return None
    for ref in refs:
        target = headings.resolve(ref.term, ref.page, exclude=section.citation)
        if target:
            return target
    return None


def current_counterpart(corpus, section, headings: dict[str, Headings]) -> str | None:
    """The section of the current rulebook that replaces ``section`` of a superseded one: the same concept id,
    else the same heading, else the counterpart of its parent; ``None`` when the document is current.
    ``headings``: the headings of each document."""
    doc = corpus.documents[section.document]
    current = doc.superseded_by
    if not current:
        return None
    for key in (section.id, section.id.rsplit(".", 1)[-1]):
        if f"{current}#{key}" in corpus.sections:
            return f"{current}#{key}"
    by_tag = _section_for_tag(corpus, current, section.id)
    if by_tag:
        return by_tag
    words = key_words(section.title)
    for h in headings[current].headings:
        if h.whole and h.words == words:
            return h.citation
    # The same section id in another superseded rulebook may have a heading the current one shares (CORRENTES in
    # 1.3 is CADENAS in 1.1 and 17.2).
    for other in corpus.documents.values():
        twin = corpus.sections.get(f"{other.id}#{section.id}")
        if other.superseded_by == current and twin is not None and twin is not section:
            words = key_words(twin.title)
            for h in headings[current].headings:
                if h.whole and h.words == words:
                    return h.citation
    if section.parent:
        parent = corpus.sections.get(f"{section.document}#{section.parent}")
        if parent is not None:
            return current_counterpart(corpus, parent, headings)
    return None

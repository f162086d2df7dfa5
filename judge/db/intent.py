"""What a question is about beyond its words: the game it names or whose vocabulary it uses, the rule terms it
names, and the one term it asks to define."""

from __future__ import annotations

import itertools
import re

import sqlite_utils

from judge.corpus.ranking import Intent
from judge.corpus.text import fold
from judge.db.analysis import fold_word, is_stopword, words
from judge.db.query import Query
from judge.db.thesaurus import GAME_NAMES
from judge.db.vocabulary import Vocabulary, typed_stems, vocabulary


QUESTION_WORDS = frozenset("""
significa significan significado definicion define definir definition defined mean means meaning funciona
funcionan work works working hace hacen faz fazem termino term concepto concept conceito palabra palavra clave
chave keyword explica explain explicacion exactamente exactly
""".split())
"""Words that frame a question about a term ("qué significa", "what does … mean") without being part of it."""


RULE_WORDS = frozenset("regla reglas rule rules regra regras".split())


SITUATION = re.compile(r"\b(?:si|if|when|whenever|cuando|quando)\b")
"""Words that set up a situation ("qué pasa si…", "what happens when…"): such a question asks what a rule does
there, not what a term is."""

HAPPENS = frozenset("pasa ocurre sucede happens happen acontece".split())
"""Words that ask what happens without setting up a situation: "qué pasa en la fase de agrupación" asks what the
term is. Kept among the words searched, but not counted against a question naming one term."""


GAME_VOTE_SHARE = 0.9
"""A word is one game's vocabulary (æmber, Oro, prestigio) when that game's share of the texts holding it, each
game's count taken against its size, is at least this."""


def _named_game(text: str) -> tuple[str | None, str]:
    """The game a question names, and the question without the name."""
    folded = fold(text)
    for game, pattern in GAME_NAMES:
        if pattern.search(folded):
            return game, pattern.sub(" ", folded)
    return None, folded


def _term_spans(vocab: Vocabulary, stem_sets: list[set[str]],
                game: str | None = None) -> list[tuple[int, int, list[str]]]:
    """The rule terms (of ``game``, if given) a run of words names, in any order ("triggered ability" names
    "Habilidad Disparada"): (start, end, sections), longest names first, not overlapping."""
    found: dict[tuple[int, int], list[str]] = {}
    for i, first in enumerate(stem_sets):
        for t in {t for stem in first for t in vocab.terms_by_stem.get(stem, ())}:
            phrase, sections = vocab.rule_terms[t]
            end = i + len(phrase)
            citations = [c for c, term_game in sections if not game or term_game == game]
            if not citations or end > len(stem_sets):
                continue
            window = stem_sets[i:end]
            if len(phrase) == 1 or all(any(w & p for w in window) for p in phrase) and any(
                    all(window[k] & phrase[p] for k, p in enumerate(order))
                    for order in itertools.permutations(range(len(phrase)))):
                found.setdefault((i, end), []).extend(citations)
    spans: list[tuple[int, int, list[str]]] = []
    taken: set[int] = set()
    for (i, end), citations in sorted(found.items(), key=lambda x: (x[0][0] - x[0][1], x[0][0])):
        if not taken & set(range(i, end)):
            taken |= set(range(i, end))
            spans.append((i, end, list(dict.fromkeys(citations))))
    return sorted(spans)


def _term_stems(vocab: Vocabulary, word: str) -> set[str]:
    """The stems a word can name a rule term by: its own, and those of its one-word synonyms."""
    own = typed_stems(word)
    return own.union(*(vocab.word_synonyms.get(s, set()) for s in own))


def intent(db: sqlite_utils.Database, text: str, query: Query) -> Intent:
    """What ``text`` asks about: the game it names or whose vocabulary it uses, the rule terms it names, and the
    one term it asks to define ("qué es capturar", "what is elusive", "o que é elusivo", "regla del seis")."""
    vocab = vocabulary(db)
    named, rest = _named_game(text)
    content = [w for _, _, w in words(rest) if not is_stopword(w) and fold_word(w) not in QUESTION_WORDS]
    in_games = _words_games(db, content)
    total = sum(vocab.game_sizes.values()) or 1
    # Words every other text uses (carta, juego, turno) say nothing about what the question is about.
    generic = {w for w in content if sum(in_games[w].values()) > SPECIFIC_TERM * total}
    stem_sets = [_term_stems(vocab, w) for w in content]
    spans = _term_spans(vocab, stem_sets)
    specific = [s for s in spans if not set(content[s[0]:s[1]]) <= generic]
    out = Intent(game=named or _vocabulary_game(db, content, in_games, specific, query))
    if out.game:
        spans = _term_spans(vocab, stem_sets, out.game)
        specific = [s for s in spans if not set(content[s[0]:s[1]]) <= generic]
    out.terms = [c for _, _, citations in specific for c in citations]
    asked = None
    if not SITUATION.search(rest):
        generic |= {w for w in content if fold_word(w) in HAPPENS}
        asked = _asked_term(content, spans, generic)
        # "regla del seis" is a term, "regla de la X" asks about the term X.
        bare = [i for i, w in enumerate(content) if fold_word(w) not in RULE_WORDS]
        if asked is None and len(bare) < len(content):
            picked = [content[i] for i in bare]
            asked = _asked_term(picked, _term_spans(vocab, [stem_sets[i] for i in bare], out.game), generic)
    if asked is not None:
        out.definition = [c for citation in asked for c in (citation, vocab.heading_child.get(citation)) if c]
    else:
        covered = {i for start, end, _ in spans for i in range(start, end)}
        out.only_terms = bool(spans) and len(covered) == len(content) <= 3
    return out


def _asked_term(content: list[str], spans: list[tuple[int, int, list[str]]], generic: set[str]) -> list[str] | None:
    """The sections of the one term a question asks about: the question names one term (or one that is not a
    common word) and nothing else but common words."""
    specific = [s for s in spans if not set(content[s[0]:s[1]]) <= generic]
    if len(specific) == 1:
        asked = specific[0]
    elif not specific and len(spans) == 1:
        asked = spans[0]
    else:
        return None
    start, end, citations = asked
    if all(w in generic for i, w in enumerate(content) if not start <= i < end):
        return citations
    return None


SPECIFIC_TERM = 0.08
"""A word in more than this share of the texts is a common word of the games, not a subject of a question."""


CARD_WORD = 10
"""A card named by one word says which game the question is about only if the word is in at most this many texts
(the Portuguese card "Atacar!" is also the verb every game uses)."""


def _words_games(db: sqlite_utils.Database, words_: list[str]) -> dict[str, dict[str, int]]:
    """How many texts of each game hold each word (its most frequent stem), in one look-up."""
    stems_of = {w: sorted(typed_stems(w)) for w in words_}
    terms = sorted({t for ts in stems_of.values() for t in ts})
    counts: dict[str, dict[str, int]] = {}
    if terms:
        marks = ",".join("?" * len(terms))
        for term, game, n in db.execute(f"SELECT term, game, n FROM term_games WHERE term IN ({marks})", terms):
            counts.setdefault(term, {})[game] = n
    return {w: max((counts[t] for t in ts if t in counts), key=lambda c: sum(c.values()), default={})
            for w, ts in stems_of.items()}


def _vocabulary_game(db: sqlite_utils.Database, content: list[str], in_games: dict[str, dict[str, int]],
                     spans: list[tuple[int, int, list[str]]], query: Query) -> str | None:
    """The game whose vocabulary the question uses.

    A word found (almost) only in one game's texts votes for that game, a card twice. Failing a clear winner
    there, a rule term only one game has (``spans``: the terms that are not common words) adds half a vote: most
    terms have an English name only in KeyForge, whatever game the judge means, so they only decide when the
    words do not. A game needs a whole vote and more than any other.
    """
    sizes = vocabulary(db).game_sizes
    words_vote: dict[str, float] = {}
    for w in content:
        by_game = in_games[w]
        total = sum(by_game.values())
        rates = {g: n / max(1, sizes.get(g, 1)) for g, n in by_game.items()}
        if total >= 2:
            best = max(rates, key=rates.get)
            if rates[best] >= GAME_VOTE_SHARE * sum(rates.values()):
                words_vote[best] = words_vote.get(best, 0.0) + min(1.0, total / 5)
    for game in _card_games(db, query):
        words_vote[game] = words_vote.get(game, 0.0) + 2.0
    chosen = _winner(words_vote)
    if chosen:
        return chosen
    with_terms = dict(words_vote)
    game_of = vocabulary(db).section_game
    for _, _, citations in spans:
        games = {game_of.get(c) for c in citations}
        if len(games) == 1:
            game = games.pop()
            with_terms[game] = with_terms.get(game, 0.0) + 0.5
    return _winner(with_terms)


def _card_games(db: sqlite_utils.Database, query: Query) -> set[str]:
    """The games of the cards a question names (not counting a card whose one-word name is a common word)."""
    folded = " " + " ".join(fold_word(w) for _, _, w in words(query.text)) + " "
    keys = [k for k, names in query.cards.items()
            if any(f" {n} " in folded and (" " in n or sum(_words_games(db, [n])[n].values()) <= CARD_WORD)
                   for n in names)]
    if not keys:
        return set()
    marks = ",".join("?" * len(keys))
    games = {g for (g,) in db.execute(f"SELECT DISTINCT e.game FROM entry_cards c JOIN entries e ON e.id = c.entry "
                                      f"WHERE c.card IN ({marks})", keys)}
    if any(not k.startswith("name:") for k in keys):
        games.add("keyforge")  # a card of the KeyForge catalog
    return games


def _winner(votes: dict[str, float]) -> str | None:
    ranked = sorted(((g, v) for g, v in votes.items() if v >= 1.0), key=lambda x: -x[1])
    if not ranked or (len(ranked) > 1 and ranked[0][1] <= ranked[1][1]):
        return None
    return ranked[0][0]

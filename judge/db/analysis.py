"""How texts and questions are cut into words and stems: the index and the queries must agree on both.

Each word is folded (case and accents) and replaced by its Spanish and Portuguese Snowball stems and, read as a
verb, the root of its verb (:mod:`judge.db.verbs`), so ``destruidas`` finds ``destruida``, ``ativa`` finds
``ativar`` and ``resuelvan`` finds ``resolver``; English stems serve the concept keys.
"""

from __future__ import annotations

import functools
import os
import pickle
import re
import sys
import threading
from typing import Callable

import snowballstemmer

from judge.corpus import Corpus
from judge.corpus.text import fold, plain, readable
from judge.db.verbs import verb_roots


_WORD = re.compile(r"[^\W_]+", re.UNICODE)


STOPWORDS = frozenset("""
a al algo alguna algunas alguno algunos ante antes aquel aquella aquellas aquellos aqui asi aun aunque cada como con
contra cual cuales cualquier cuando de del desde donde dos e el ella ellas ello ellos en entre era eran es esa esas ese
eso esos esta estaba estan estar estas este esto estos fue fueron ha habia han hasta hay la las le les lo los mas me
mi mis mucho muy nada ni no nos nosotros o os otra otras otro otros para pero poco por porque que quien quienes se
sea ser si sido sin sobre solo son su sus tambien tan tanto te tiene tienen tu tus un una unas uno unos usted ya yo
ao aos as com da das dele dela deles delas do dos ela elas ele eles em essa essas esse esses esta estas este estes
eu isso isto ja mais mas meu minha na nas nao nem no nos num numa o os ou pela pelas pelo pelos por qual quando que
quem sao se sem seu seus sua suas tambem te tem ter um uma umas uns voce voces
about an and are as at be been but by can could did do does doing for from had has have how i if in into is it its
me my of on or our so than that the their them then there these they this those to was we were what when where
which while who why will with would you your yours
""".split())
"""Function words of Spanish, Portuguese and English, folded. They carry no meaning a search could rank on."""


_STEMMERS = {lang: snowballstemmer.stemmer(lang) for lang in ("spanish", "portuguese", "english")}


def words(text: str) -> list[tuple[int, int, str]]:
    """Every word of ``text`` with its span in the original string and its lower-case form."""
    return [(m.start(), m.end(), m.group().lower()) for m in _WORD.finditer(text)]


@functools.lru_cache(maxsize=65536)
def stems(word: str) -> tuple[str, ...]:
    """The folded Spanish and Portuguese stems of one lower-case word (and of its unaccented spelling), and the
    roots of the verbs it may be a form of.

    Stemming both the accented and the unaccented form makes a query typed without accents meet the text
    printed with them: ``destruido`` and ``destruído`` share a stem. The verb's root makes the forms Snowball
    cuts apart meet: ``dispara`` and ``dispare``, ``elige`` and ``elegir``.
    """
    ahead = STEMMED_AHEAD.get(word)
    if ahead is not None:
        return ahead
    folded = fold(word)
    if folded.isdigit():
        return (folded,)
    out = {folded} if len(folded) <= 3 else set()
    for lang in ("spanish", "portuguese"):
        out.add(_stem(lang, word))
        out.add(_stem(lang, folded))
    out.update(verb_roots(folded))
    out.discard("")
    return tuple(sorted(out))


STEMMED_AHEAD: dict[str, tuple[str, ...]] = {}
"""Words stemmed ahead by :func:`stem_ahead`, while a build was doing the rest."""


def stem_ahead(corpus: Corpus) -> Callable[[], None]:
    """Stem every word the search index will hold in a child process, while this one annotates the corpus and
    fills the other tables: the stemmer is the largest part of a build, and a machine has more than one core. Return
    the function that takes in what the child found (and waits for it). Only on Linux, where a process starts by
    fork, and while this process runs a single thread; anywhere else, and if anything goes wrong, nothing is done
    ahead and every word is stemmed as the index is filled."""
    if not sys.platform.startswith("linux") or threading.active_count() > 1:
        return lambda: None
    docs = corpus.documents
    texts = [shown(t, docs[s.document].language) for s in corpus.sections.values() for t in (s.title, s.text)]
    texts += [shown(t, docs[e.document].language) for e in corpus.entries.values()
              for t in (e.title, e.question, e.answer, e.note)]
    try:
        read_end, write_end = os.pipe()
        child = os.fork()
    except OSError:
        return lambda: None
    if child == 0:  # the child: stem, send, and leave without running anything of the parent's
        try:
            os.close(read_end)
            found: dict[str, tuple[str, ...]] = {}
            for text in texts:
                for _, _, word in words(text):
                    if word not in found and not is_stopword(word):
                        found[word] = stems(word)
            with os.fdopen(write_end, "wb") as out:
                pickle.dump(found, out, protocol=pickle.HIGHEST_PROTOCOL)
        finally:
            os._exit(0)
    os.close(write_end)
    waiting = [True]

    def take() -> None:
        if not waiting:
            return  # taken in already
        waiting.clear()
        try:
            with os.fdopen(read_end, "rb") as f:
                STEMMED_AHEAD.update(pickle.load(f))
        except Exception:  # noqa: BLE001 - a child that sent nothing whole: the words are stemmed here instead
            pass
        finally:
            os.waitpid(child, 0)
    return take


@functools.lru_cache(maxsize=65536)
def _stem(lang: str, word: str) -> str:
    # Most words are their own unaccented spelling, and many share it: each form is stemmed once.
    return fold(_STEMMERS[lang].stemWord(word))


@functools.lru_cache(maxsize=16384)
def english_stem(word: str) -> str:
    return fold(_STEMMERS["english"].stemWord(fold(word)))


@functools.lru_cache(maxsize=65536)
def fold_word(word: str) -> str:
    return fold(word)


def is_stopword(word: str) -> bool:
    """Function words, and single letters other than the games' X."""
    f = fold_word(word)
    return f in STOPWORDS or (len(f) < 2 and f != "x" and not f.isdigit())


@functools.lru_cache(maxsize=8192)
def stemmed_text(text: str) -> str:
    """The text as the index stores it: every meaningful word replaced by its stems."""
    out: list[str] = []
    for _, _, w in words(text):
        if is_stopword(w):
            continue
        out.extend(stems(w))
    return " ".join(out)


def english_text(text: str) -> str:
    """English concept keys (``replacement-effect``) as English stems, for English queries."""
    return " ".join(english_stem(w) for _, _, w in words(text.replace("-", " ").replace("/", " "))
                    if not is_stopword(w))


def folded_text(text: str) -> str:
    """Card names as the index stores them: folded words, unstemmed, so names match as phrases."""
    return " ".join(fold_word(w) for _, _, w in words(text))


def shown(text: str, lang: str) -> str:
    """What a result shows of a verbatim text: icons spelled out, no Markdown markup."""
    return plain(readable(text or "", lang))

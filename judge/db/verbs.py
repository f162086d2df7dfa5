"""The root a Spanish or Portuguese verb form shares with the rest of its verb, whatever its tense or person.

Snowball stems each word on its own, and a verb's forms do not always meet: it cuts ``dispara`` to ``disp`` but
``dispare`` to ``dispar``, and it cannot know that ``resuelvan`` is ``resolver`` or ``elige`` is ``elegir``. A
judge asks "¿puedo elegir…?" of a rule printed as "elige", so both sides of the index add the root this module
gives: the word without its ending, its spelling changes undone (``ataque`` → ``atac``, ``elija`` → ``elig``) and,
for the stem-changing verbs the documents use, the root of the infinitive (``resuelv`` → ``resolv``).

The endings cannot tell every form apart (``dispara`` is ``dispar-a``, but read as a future without its accent it
would be ``disp-ará``), so such a word gives both readings; a reading that is no verb's root meets nothing.
"""

from __future__ import annotations

import functools

from judge.corpus.text import fold


SHORTEST_ROOT = 3


_ENDINGS = frozenset("""
ar er ir arse erse irse
ando iendo yendo endo indo
ado ada ados adas ido ida idos idas
o as a amos ais an es e emos eis en imos is am em
aste asteis aron i iste io imos isteis ieron ou aram eram iram ei eu iu
aba abas abamos aban ia ias iamos ian ava avas avam
are aras ara aremos aran ere eras era eremos eran ire iras ira iremos iran
aria arias ariamos arian eria erias eriamos erian iria irias iriamos irian
ase ases asen iera ieras ieramos ieran iese ieses iesen asse assem esse essem isse issem arem erem irem
""".split())
"""Endings of the three conjugations in the tenses the documents use, in Spanish and Portuguese, unaccented."""


_LONGEST = max(map(len, _ENDINGS))


_CLITICS = ("selo", "sela", "selos", "selas", "se", "lo", "la", "los", "las", "le", "les", "me", "te", "nos")
"""Pronouns written onto an infinitive or a gerund ("elegirse", "jugarla", "destruyéndolo")."""


_SPELLING = (("zc", "c"), ("gu", "g"), ("qu", "c"), ("uy", "u"), ("z", "c"), ("j", "g"))
"""A root's last letters as its verb spells them before another vowel: the sound stays, the letters change
(``conozca``/``conocer``, ``juegue``/``juega``, ``ataque``/``atacar``, ``destruye``/``destruir``,
``empiece``/``empieza``, ``elija``/``elige``). Every root is written the one way."""


_STEM_CHANGES = {
    # o → ue
    "resuelv": "resolv", "resuelt": "resolv", "devuelv": "devolv", "devuelt": "devolv", "vuelv": "volv", "envuelv": "envolv", "pued": "pod", "pud": "pod",
    "podr": "pod", "poss": "pod", "muev": "mov", "muer": "mor", "mur": "mor", "cuest": "cost", "muestr": "mostr",
    "demuestr": "demostr", "encuentr": "encontr", "cuent": "cont", "recuerd": "record", "suelt": "solt",
    # u → ue
    "jueg": "jug",
    # e → ie
    "tien": "ten", "teng": "ten", "tuv": "ten", "tendr": "ten", "tenh": "ten", "obtien": "obten", "obteng": "obten",
    "obtuv": "obten", "obtendr": "obten", "obtenh": "obten", "mantien": "manten", "manteng": "manten",
    "contien": "conten", "conteng": "conten", "retien": "reten", "reteng": "reten", "sient": "sent",
    "sint": "sent", "pierd": "perd", "empiec": "empec", "comienc": "comenc", "prefier": "prefer",
    "requier": "requer", "quier": "quer", "quis": "quer", "adviert": "advert", "advirt": "advert",
    "conviert": "convert", "convirt": "convert", "vien": "ven", "veng": "ven", "vin": "ven", "vendr": "ven",
    # e → i
    "elig": "eleg", "sig": "seg", "consig": "conseg", "persig": "perseg", "pid": "ped", "impid": "imped",
    "repit": "repet", "sirv": "serv",
    # irregular roots
    "hag": "hac", "hic": "hac", "fic": "fac", "pong": "pon", "pus": "pon",
    "pondr": "pon", "salg": "sal", "saldr": "sal", "dig": "dec", "dic": "dec", "sup": "sab", "sep": "sab",
    "sabr": "sab",
}
"""The roots that change with the stress, in the verbs of the documents' rules and questions: each irregular root
(after :data:`_SPELLING`) → the root of its infinitive."""


@functools.lru_cache(maxsize=65536)
def verb_roots(word: str) -> tuple[str, ...]:
    """The roots ``word`` may be a form of, as a verb, where Snowball's stems miss them: a root respelled or
    changed with the stress, and the second reading of an ending that can be read two ways. A root that is only
    the word without a regular ending is Snowball's stem already, and left out: a word whose every stem the index
    holds twice weighs twice."""
    w = fold(word)
    for clitic in _CLITICS:
        if w.endswith(clitic) and (w[:-len(clitic)].endswith(("ar", "er", "ir", "ndo"))):
            w = w[:-len(clitic)]
            break
    for n in range(min(_LONGEST, len(w) - SHORTEST_ROOT), 0, -1):
        ending = w[-n:]
        if ending not in _ENDINGS:
            continue
        root = w[:-n]
        found = [_respelled(root)] if _respelled(root) != root else []
        # A theme vowel, r and a shorter ending: "dispar-a" read as "disp-ará" (a future without its accent). With d
        # the second reading is mostly a participle's ("destruid-a"), kept only for the verbs that change their
        # root: "impid-a" is "impedir".
        if n > 2 and ending[1] in "rd" and ending[2:] in _ENDINGS:
            other = w[:-(n - 2)]
            if ending[1] == "r" or _respelled(other) != other:
                found.append(_respelled(other))
        return tuple(dict.fromkeys(found))
    return ()


def _respelled(root: str) -> str:
    for end, becomes in _SPELLING:
        if root.endswith(end) and len(root) - len(end) + len(becomes) >= SHORTEST_ROOT:
            root = root[:-len(end)] + becomes
            break
    return _STEM_CHANGES.get(root, root)


def fingerprint() -> str:
    """What the roots are made from, for the database's fingerprint."""
    return repr((sorted(_ENDINGS), _CLITICS, _SPELLING, sorted(_STEM_CHANGES.items()), SHORTEST_ROOT))

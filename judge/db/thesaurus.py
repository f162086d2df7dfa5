"""The synonyms a query is widened with: the games' own words across Spanish, Portuguese and English."""

from __future__ import annotations

import functools
import re

from judge.corpus import Corpus
from judge.corpus.references import title_alternatives
from judge.corpus.text import fold
from judge.db.analysis import english_stem, fold_word, stems, words


GLOSSARY: tuple[tuple[str, ...], ...] = (
    # KeyForge words a judge uses in English, with the printed Spanish (17.2, 1.1) and Portuguese (1.3) terms.
    ("creature", "criatura"), ("card", "carta"), ("hand", "mano", "mão"), ("deck", "mazo", "baralho"),
    ("turn", "turno"), ("opponent", "oponente", "rival", "adversário"), ("player", "jugador", "jogador"),
    ("key", "llave", "chave"), ("amber", "æmber", "ambar", "æmbar"), ("house", "casa"),
    ("use", "usar", "uso", "usos", "utilizar", "utilizada", "ocupar"), ("play", "jugar", "juega", "jogar"),
    ("discard", "descartar", "descarte"),
    ("destroy", "destruir", "destruida", "destruído"), ("damage", "daño", "dano"), ("power", "poder"),
    ("armor", "armadura"), ("upgrade", "mejora", "melhoria"), ("artifact", "artefacto", "artefato"),
    ("action", "acción", "ação"), ("reap", "cosechar", "coleta", "colher"), ("fight", "luchar", "lutar", "luta"),
    ("attack", "atacar", "ataque"), ("steal", "robar", "roubar"), ("capture", "capturar"),
    ("draw", "robar", "comprar"), ("archive", "archivar", "arquivar", "archivos", "arquivo"),
    ("purge", "purgar", "expurgar"), ("return", "devolver"), ("ready", "preparar", "preparada"),
    ("exhaust", "agotar", "agotada", "exaurir", "exausta"), ("stun", "aturdir", "aturdida", "atordoar"),
    ("enrage", "enfurecer", "enfurecida"), ("ward", "escuchar", "guarda", "protección"),
    ("elusive", "elusivo", "esquivo"), ("taunt", "provocar", "provocación"), ("poison", "veneno"),
    ("hazardous", "dañino", "perigo", "peligroso"), ("neighbor", "vecino", "vizinho"), ("flank", "flanco"),
    ("battleline", "batalla", "batalha"), ("forge", "forjar"), ("chain", "cadena", "corrente"),
    ("shuffle", "barajar", "embaralhar"), ("sacrifice", "sacrificar"), ("heal", "curar"),
    ("control", "controlar", "controle"), ("twice", "veces", "vezes"), ("times", "veces", "vezes"),
    ("trigger", "activar", "ativar", "dispara"), ("resolve", "resolver"), ("replace", "sustituir", "substituir"),
    ("instead", "sustitución", "lugar"), ("lasting", "duradero"), ("leave", "abandona", "sair"),
    ("enter", "entrar"), ("token", "ficha"), ("counter", "contador"), ("die", "muere", "morre", "destruida"),
    ("dies", "muere", "morre", "destruida"), ("destroyed", "destruida", "destruído"),
    ("omni", "onisciente"), ("assault", "asalto", "emboscada"), ("skirmish", "escaramuza", "combate"),
    ("deploy", "despliegue", "posicionar"), ("rule", "regla", "regra"), ("first", "primer", "primeiro"),
    ("six", "seis"), ("end", "final", "fim"), ("choose", "elegir", "escolher"),
    ("start", "begin", "comienzo", "empezar", "empieza", "início", "começar", "começa"),
    ("target", "objetivo", "alvo"), ("gain", "obtener", "ganhar"), ("lose", "perder"), ("may", "puedes", "pode"),
    ("receive", "recibir", "recibe", "obtiene", "receber", "recebe"),
    ("must", "debe", "deve"), ("cannot", "puede", "pode"), ("swap", "intercambiar", "trocar"),
    ("graveyard", "cementerio", "descartes"), ("pile", "pila", "pilha"), ("cost", "coste", "custo"),
    ("enhance", "potenciar"), ("treachery", "traición"), ("scrap", "desguazar"), ("exalt", "exaltar"),
    ("versatile", "versátil"), ("splash", "dispersión", "espalhar"), ("alpha", "alfa"), ("omega", "ômega"),
    ("tide", "marea"), ("gigantic", "gigantesca"), ("haunted", "embrujado"), ("graft", "injertar"),
    ("invulnerable", "invulnerable"), ("mulligan", "mulligan"), ("loop", "bucle"),
    ("simultaneous", "simultáneo", "simultáneamente", "simultaneamente"), ("order", "orden", "ordem"),
    ("copy", "copia", "cópia"), ("ally", "aliado"), ("gold", "oro"), ("talisman", "talismán"),
    ("totem", "tótem"), ("weapon", "arma"), ("cemetery", "cementerio"), ("exile", "destierro", "desterrar"),
    ("banish", "destierro", "desterrar"), ("cancel", "anular", "cancelar", "cancelación"),
    ("castle", "castillo", "castelo"), ("strength", "fuerza"), ("ability", "habilidad", "habilidade"),
    ("triggered", "disparada", "disparado"), ("activated", "activada", "ativada"),
    ("prevent", "prevenir", "prevención"),
    ("race", "raza"), ("aura", "aura"), ("defense", "defensa"), ("block", "bloquear", "bloqueo"),
    ("subject", "súbdito"), ("order-card", "orden"), ("stack", "pila"), ("priority", "prioridad"),
    ("prestige", "prestigio"), ("government", "gobierno"), ("effect", "efecto", "efeito"),
    ("counterspell", "anular"), ("phase", "fase"), ("step", "paso", "etapa"),
    ("same time", "mismo tiempo", "mesmo tempo", "simultáneamente"), ("decide", "decidir", "decisión", "decisão"),
    ("both", "ambos", "ambas"), ("each", "cada"), ("again", "otra vez", "de nuevo", "novamente"),
    ("under", "debajo", "sob"), ("top", "superior", "encima", "topo"), ("bottom", "fondo", "fundo"),
    ("next", "siguiente", "próximo"), ("previous", "anterior"), ("enters play", "entra en juego", "entra em jogo"),
    ("leaves play", "abandona el juego", "sai de jogo"), ("ready", "preparado", "preparada", "preparar"),
    ("search", "buscar", "procurar", "búsqueda", "busca"), ("reveal", "revelar"), ("pay", "pagar"),
    ("neighbors", "adyacentes", "vizinhos"), ("adjacent", "adyacente", "adjacente"), ("prevent", "evitar", "impedir"),
    ("win", "ganar", "vencer", "gana", "ganha", "ganhar"),
    ("owner", "propietario", "dueño", "dono"), ("controller", "controlador"), ("exalt", "exaltar"),
    # Gobierno & Prestigio and Mitos y Leyendas words, printed only in Spanish, as judges say them in English and
    # Portuguese.
    ("legacy", "legado"), ("point", "punto", "ponto"), ("government", "gobierno", "governo"),
    ("direct", "directo", "direto"), ("wield", "equip", "carry", "portar", "porta"),
    ("possession", "posesión", "posse"), ("wealth", "riqueza"), ("object", "objeto"),
    # Words of any question, whatever the game.
    ("affect", "afectar", "afetar"), ("two", "dos", "dois"), ("three", "tres", "três"), ("empty", "vacío", "vazio"),
    ("same", "misma", "mismo", "mesma", "mesmo"), ("duration", "duración", "dura", "duran", "duração"),
    ("several", "multiple", "múltiples", "varios", "varias", "vários", "várias"),
    ("itself", "himself", "herself", "themselves", "sí mismo", "sí misma", "si mesmo", "si mesma"),
    ("disappear", "go away", "desaparecer", "desaparecen", "desaparece", "desaparecem"),
)
"""A small bilingual thesaurus of the games' own words; the rule sections add the rest (see :func:`synonym_groups`)."""


def synonym_groups(corpus: Corpus) -> list[list[str]]:
    """Synonym groups: each KeyForge rule section's language-neutral key with its titles in es and pt and its
    English name, plus the glossary. ``elusive`` ↔ ``ELUSIVO`` ↔ ``ESQUIVO``; ``hazardous`` ↔ ``DAÑINO (X)`` ↔
    ``PERIGO (X)``."""
    groups: dict[str, set[str]] = {}
    keyforge = [s for s in corpus.sections.values()
                if corpus.documents[s.document].game == "keyforge" and "." not in s.id and len(s.id) >= 3]
    # Whose whole heading each term is: "DAÑO, ICONO DE BONIFICACIÓN" names the bonus icon, and its part "DAÑO"
    # is the heading of another term, which must not become a synonym of the icon.
    heading_of = {fold(s.title).strip(): s.id for s in keyforge}
    for s in keyforge:
        group = groups.setdefault(s.id, {s.id.replace("-", " ")})
        group.update(a for a in title_alternatives(s.title) if heading_of.get(fold(a).strip(), s.id) == s.id)
        group.update(title_alternatives(corpus.concept_names.get(s.id, {}).get("en", "")))
    out = [sorted(g) for g in groups.values()]
    out.extend(list(g) for g in GLOSSARY)
    return out


IDIOMS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    # A card looked for and not there: the documents call it a failed search ("no encuentras alguna copia … se
    # entiende que es una búsqueda fallida"); a judge says the card "no está".
    (("no está", "no están", "no la encuentro", "no lo encuentro", "no encuentro", "no encuentra", "no aparece",
      "não está", "não estão", "não encontro", "não encontra", "não aparece",
      "is not there", "isn't there", "not there", "can't find", "cannot find", "don't find", "doesn't find",
      "not found"),
     ("encuentras", "fallida", "encontra", "falhada", "find", "found", "failed")),
    # The face of a card that is not showing: the documents say "reverso" and "las dos caras"; a judge says "the other
    # side" or "the back", words the index leaves out or reads as something else.
    (("other side", "both sides", "flip side", "back of the card", "back of a card", "back of the cards", "otro lado",
      "otra cara", "outro lado", "outra face", "verso da carta"),
     ("reverso", "caras", "verso", "faces", "reverse")),
    # What the documents say "simultáneamente" or "al mismo tiempo".
    (("at once", "all at once", "at the same time"), ("simultáneamente", "simultaneamente", "simultaneously")),
)
"""Ways of saying something that are made of function words ("no está", "isn't there"), which the index leaves
out, each with the words the documents use for the same thing. A phrase counts only whole and in order: "no" and
"está" alone mean nothing."""


@functools.cache
def idioms() -> tuple[tuple[tuple[tuple[str, frozenset[str]], ...], frozenset[str]], ...]:
    """Each idiom's phrases as (folded word, its stems) sequences, with the stems of the words it stands for."""
    out = []
    for phrases, meaning in IDIOMS:
        stood_for = frozenset(s for w in meaning for s in (*stems(fold_word(w)), english_stem(w)) if len(s) >= 3)
        for phrase in phrases:
            seq = tuple((fold_word(w), frozenset(stems(w))) for _, _, w in words(phrase))
            out.append((seq, stood_for))
    return tuple(out)


GAME_NAMES = (
    ("keyforge", re.compile(r"\bkey ?forge\b|\bkf\b")),
    ("mitos-y-leyendas", re.compile(r"\bmitos(?: (?:y|e|and) (?:leyendas|lendas))?\b|\bleyendas\b|\blendas\b|\bmyl\b|"
                                    r"\bprimera era\b")),
    ("gobierno-y-prestigio", re.compile(r"\bgobierno\s*(?:&|y|e|and)\s*prestigio\b|\bg\s*&\s*p\b|\bgyp\b")),
)
"""How a judge names a game in a question (folded)."""


def game_name_words(folded: list[str]) -> set[int]:
    """Which of a question's (folded) words name a game: the game is what the question is about, not words to
    look for in the texts ("Mitos y Leyendas: …" would rank the few texts that print the name)."""
    joined = " ".join(folded)
    starts = [0]
    for w in folded[:-1]:
        starts.append(starts[-1] + len(w) + 1)
    spans = [m.span() for _, pattern in GAME_NAMES for m in pattern.finditer(joined)]
    return {i for i, s in enumerate(starts) if any(a <= s < b for a, b in spans)}

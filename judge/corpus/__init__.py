"""The rules corpus: documents, their citable rule sections and their entries, read from ``rulings/``.

Plain files are the source of truth (see ``docs/corpus.md``); this package only reads them. It is part of the
engine and imports nothing outside the standard library.
"""

from __future__ import annotations

import functools
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Iterator

_SECTION_HEADING = re.compile(r"^## (.+?) \{#([a-z0-9][a-z0-9.\-]*)\}\s*$")
_SECTION_META = re.compile(r"^<!--\s*lines:\s*([0-9,\s\-]*?)\s*(?:;\s*parent:\s*([a-z0-9][a-z0-9.\-]*))?\s*-->\s*$")
# A section of the project's own decisions document has no seed lines: ``<!-- lines: -->``.
_ENTRY_PARTS = ("Pregunta", "Encabezado", "Respuesta", "Texto", "Nota")


class CorpusError(ValueError):
    """A file of ``rulings/`` that does not follow docs/corpus.md."""


@dataclass(frozen=True)
class Document:
    id: str
    game: str
    title: str
    version: str
    date: str
    language: str
    seed: str
    publisher: str = ""
    note: str = ""
    superseded_by: str | None = None
    contents: tuple[tuple[str, int, int], ...] = field(default=(), hash=False, compare=False)
    """The document's own index, when it prints one: (part title, page it starts on, seed line it starts at)."""


@dataclass(frozen=True)
class Section:
    """A citable piece of rule text: ``<document>#<id>``."""

    document: str
    id: str
    title: str
    lines: tuple[int, ...]
    text: str
    part: str
    parent: str | None = None

    @property
    def citation(self) -> str:
        return f"{self.document}#{self.id}"


@dataclass(frozen=True)
class Relation:
    """What a later document says of an older entry: confirmed, changed, dropped or unclear — and where."""

    kind: str
    by: tuple[str, ...]
    note: str = ""


@dataclass(frozen=True)
class Entry:
    """One FAQ entry, erratum, resolution-order row, rule or worked example, by canonical id."""

    id: str
    document: str
    kind: str
    section: str
    title: str
    lines: tuple[int, ...]
    question: str
    answer: str
    note: str
    cards: tuple[str, ...]
    concepts: tuple[str, ...]
    sections: tuple[str, ...] = ()
    relations: tuple[Relation, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    path: str = ""

    @property
    def text(self) -> str:
        return "\n\n".join(p for p in (self.question, self.answer) if p)


def _parse_ranges(spec: str, where: str) -> tuple[int, ...]:
    out: list[int] = []
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        a, _, b = part.partition("-")
        try:
            lo, hi = int(a), int(b or a)
        except ValueError as exc:
            raise CorpusError(f"{where}: bad line range {part!r}") from exc
        if hi < lo:
            raise CorpusError(f"{where}: line range {part!r} runs backwards")
        out.extend(range(lo, hi + 1))
    return tuple(out)


def split_front_matter(text: str, where: str) -> tuple[dict[str, Any], str]:
    if not text.startswith("+++\n"):
        raise CorpusError(f"{where}: must start with a +++ TOML header")
    end = text.find("\n+++\n", 4)
    if end < 0:
        raise CorpusError(f"{where}: the +++ header is not closed")
    try:
        meta = tomllib.loads(text[4:end])
    except tomllib.TOMLDecodeError as exc:
        raise CorpusError(f"{where}: header is not valid TOML: {exc}") from exc
    return meta, text[end + 5:]


def parse_rules_file(path: Path) -> list[Section]:
    meta, body = split_front_matter(path.read_text(encoding="utf-8"), str(path))
    document = meta.get("document")
    part = meta.get("part", path.stem)
    if not isinstance(document, str):
        raise CorpusError(f"{path}: header needs document = \"...\"")
    sections: list[Section] = []
    current: dict[str, Any] | None = None
    lines = body.split("\n")

    def close() -> None:
        if current is not None:
            text = "\n".join(current["body"]).strip()
            sections.append(Section(document=document, id=current["id"], title=current["title"],
                                    lines=current["lines"], text=text, part=str(part), parent=current["parent"]))

    i = 0
    while i < len(lines):
        line = lines[i]
        m = _SECTION_HEADING.match(line)
        if m:
            close()
            where = f"{path}:{i + 1}"
            meta_line = lines[i + 1] if i + 1 < len(lines) else ""
            mm = _SECTION_META.match(meta_line)
            if not mm:
                raise CorpusError(f"{where}: section {m.group(2)!r} needs a `<!-- lines: ... -->` line under its heading")
            current = {"id": m.group(2), "title": m.group(1).strip(), "lines": _parse_ranges(mm.group(1), where),
                       "parent": mm.group(2), "body": []}
            i += 2
            continue
        if current is None:
            if line.strip():
                raise CorpusError(f"{path}:{i + 1}: text before the first section")
        else:
            current["body"].append(line)
        i += 1
    close()
    return sections


def parse_entry_file(path: Path) -> Entry:
    meta, body = split_front_matter(path.read_text(encoding="utf-8"), str(path))
    parts: dict[str, list[str]] = {}
    current: str | None = None
    for line in body.split("\n"):
        heading = line[3:].strip() if line.startswith("## ") else None
        if heading in _ENTRY_PARTS:
            current = heading
            parts[current] = []
        elif current is not None:
            parts[current].append(line)
        elif line.strip():
            raise CorpusError(f"{path}: text before the first ## part")
    text = {k: "\n".join(v).strip() for k, v in parts.items()}
    for key in ("id", "document", "kind", "section", "title"):
        if not isinstance(meta.get(key), str):
            raise CorpusError(f"{path}: header needs {key} = \"...\"")
    relations = tuple(Relation(kind=r.get("kind", ""), by=tuple(r.get("by", ())), note=r.get("note", ""))
                      for r in meta.get("relations", ()))
    known = {"id", "document", "kind", "section", "title", "lines", "cards", "concepts", "sections", "relations"}
    return Entry(
        id=meta["id"], document=meta["document"], kind=meta["kind"], section=meta["section"], title=meta["title"],
        lines=tuple(meta.get("lines", ())),
        question=text.get("Pregunta") or text.get("Encabezado") or "",
        answer=text.get("Respuesta") or text.get("Texto") or "",
        note=text.get("Nota", ""),
        cards=tuple(meta.get("cards", ())), concepts=tuple(meta.get("concepts", ())),
        sections=tuple(meta.get("sections", ())), relations=relations,
        meta={k: v for k, v in meta.items() if k not in known}, path=str(path),
    )


def default_root() -> Path:
    """Where ``rulings/`` is: ``$JUDGE_RULINGS`` if set, else beside the package (the project's checkout)."""
    env = os.environ.get("JUDGE_RULINGS")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "rulings"


@dataclass
class Corpus:
    """Every document, section and entry of ``rulings/``, with citation look-up."""

    root: Path
    documents: dict[str, Document]
    sections: dict[str, Section]
    """By citation, ``<document>#<id>``."""
    entries: dict[str, Entry]
    concept_names: dict[str, dict[str, str]] = field(default_factory=dict)
    """KeyForge concept id → its heading in each document and its English name (``keyforge-concepts.toml``)."""

    @classmethod
    def load(cls, root: Path | None = None) -> Corpus:
        root = Path(root) if root is not None else default_root()
        if not root.is_dir():
            raise CorpusError(f"no rulings folder at {root} (set JUDGE_RULINGS to point at it)")
        documents: dict[str, Document] = {}
        sections: dict[str, Section] = {}
        entries: dict[str, Entry] = {}
        for doc_dir in sorted(p for p in root.iterdir() if p.is_dir()):
            meta_path = doc_dir / "document.toml"
            if not meta_path.exists():
                continue
            meta = tomllib.loads(meta_path.read_text(encoding="utf-8"))
            meta["contents"] = tuple((c.get("title", ""), int(c["page"]), int(c["line"]))
                                     for c in meta.get("contents", ()))
            doc = Document(**meta)
            if doc.id != doc_dir.name:
                raise CorpusError(f"{meta_path}: id {doc.id!r} differs from its folder {doc_dir.name!r}")
            documents[doc.id] = doc
            for path in sorted((doc_dir / "rules").glob("*.md")):
                for s in parse_rules_file(path):
                    if s.document != doc.id:
                        raise CorpusError(f"{path}: section {s.id} says document {s.document!r}")
                    if s.citation in sections:
                        raise CorpusError(f"{path}: section id {s.id!r} appears twice in {doc.id}")
                    sections[s.citation] = s
            for path in sorted((doc_dir / "entries").glob("*.md")):
                e = parse_entry_file(path)
                if e.id in entries:
                    raise CorpusError(f"{path}: entry id {e.id} appears twice")
                if e.id != path.stem:
                    raise CorpusError(f"{path}: file name differs from its id {e.id!r}")
                entries[e.id] = e
        concepts_path = root / "keyforge-concepts.toml"
        concept_names = tomllib.loads(concepts_path.read_text(encoding="utf-8")) if concepts_path.exists() else {}
        return cls(root=root, documents=documents, sections=sections, entries=entries, concept_names=concept_names)

    def resolve(self, citation: str) -> Section | Entry:
        """The text a citation names; ``KeyError`` if it names nothing."""
        if "#" in citation:
            return self.sections[citation]
        return self.entries[citation]

    def has(self, citation: str) -> bool:
        try:
            self.resolve(citation)
        except KeyError:
            return False
        return True

    def sections_of(self, document: str) -> Iterator[Section]:
        return iter(self._by_document("sections", self.sections).get(document, ()))

    def entries_of(self, document: str) -> Iterator[Entry]:
        return iter(self._by_document("entries", self.entries).get(document, ()))

    def _by_document(self, kind: str, items: dict[str, Any]) -> dict[str, list[Any]]:
        # Asked once per entry while the corpus is annotated: grouped once (again if items were added since).
        kept = self.__dict__.get(f"_{kind}_by_document")
        if kept is None or kept[0] != len(items):
            grouped: dict[str, list[Any]] = {}
            for item in items.values():
                grouped.setdefault(item.document, []).append(item)
            kept = self.__dict__[f"_{kind}_by_document"] = (len(items), grouped)
        return kept[1]


@functools.lru_cache(maxsize=4)
def entry_games(root: str | None = None) -> dict[str, str]:
    """Every entry id with the game of its document, read from the folders alone (an entry file is named by its id
    and sits in its document's folder): what counting the entries a set of scenarios covers needs, without reading
    every entry and rule section as :func:`load` does."""
    base = Path(root) if root else default_root()
    if not base.is_dir():
        raise CorpusError(f"no rulings folder at {base} (set JUDGE_RULINGS to point at it)")
    games: dict[str, str] = {}
    for doc_dir in sorted(p for p in base.iterdir() if p.is_dir()):
        meta_path = doc_dir / "document.toml"
        if not meta_path.exists():
            continue
        game = tomllib.loads(meta_path.read_text(encoding="utf-8")).get("game", "")
        for path in sorted((doc_dir / "entries").glob("*.md")):
            games[path.stem] = game
    return games


@functools.lru_cache(maxsize=4)
def load(root: str | None = None) -> Corpus:
    """The corpus, read once per process (the files do not change while the tool runs)."""
    return Corpus.load(Path(root) if root else None)

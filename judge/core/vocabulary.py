"""Card abilities as data: the grammar every game's card files share, and the check of a card against the words
its game declares.

An ability has a ``trigger`` and either the ``effects`` it resolves or, for a constant ability, the ``effect`` it
keeps in force (``modify = "..."``). An effect is a table ``{ do = "<verb>", ... }`` whose parameters each have a
kind (a target, an amount, a list of effects, one of a set of words…). A target is a name (``"self"``) or a table
that either chooses (``choose = N``) or takes all (``all = true``) of a kind of card, on a side, through filters.
Which verbs, triggers, events, keywords, filters and so on exist is the game's to declare, in a
:class:`Vocabulary`; this module only checks a card definition against them, so that no card can use a word its
engine does not understand. Every problem is reported at once, each with where it is and the words that would do.

The grammar bends to each game's own words without the game writing a checker: the key that names an ability's kind
(``trigger``, ``kind``), the parts each kind of ability has and their kinds (``ability_parts``), the parameters any
effect takes whatever its verb (``shared_parameters``), and kinds the game checks itself (``checkers``: a condition
of its own grammar, a cost).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar
from collections.abc import Callable, Mapping

from judge.core.errors import Problem


@dataclass(frozen=True)
class Choice:
    """A parameter kind that takes one of a fixed set of words, with what to say when it gets another."""

    words: frozenset[str]
    en: str
    es: str
    documented: bool = False
    """Whether its words are words of the vocabulary in their own right (durations), not just plain values."""
    says_value: bool = False
    """Whether the message ends by quoting the value it got (``…, not 'criatura'``)."""

    @classmethod
    def one_of(cls, what_en: str, what_es: str, words: Mapping[str, Any] | frozenset[str] | tuple[str, ...],
               *, documented: bool = False) -> Choice:
        """The words of ``words`` (in their declared order), each message saying what it got instead."""
        known = ", ".join(words)
        return cls(frozenset(words), f"{what_en} is one of {known}", f"{what_es} es uno de {known}", documented,
                   says_value=True)

    def problems(self, value: Any, where: str) -> list[Problem]:
        """A problem when ``value`` is not one of the words, else none."""
        if named(value, self.words):
            return []
        if self.says_value:
            return [Problem(where, f"{self.en}, not {value!r}", f"{self.es}, no {value!r}")]
        return [Problem(where, self.en, self.es)]


Checker = Callable[[Any, str], list[Problem]]
"""A parameter kind the game checks itself: the value and where it is → its problems."""


@dataclass(frozen=True)
class Vocabulary:
    """The words one game's card abilities are written in."""

    keywords: frozenset[str]
    triggers: Mapping[str, str]
    """Each trigger with what it means (shown to whoever writes a custom card)."""
    events: frozenset[str]
    """Events an ability of ``event_trigger`` can wait for."""
    constant_effects: Mapping[str, str]
    """Each kind of constant effect (``modify``) with what it does."""
    effects: Mapping[str, Mapping[str, str]]
    """Each effect verb (``do``) with its parameters and their kinds."""
    common_effect_keys: frozenset[str]
    """Keys any effect may carry whatever its verb (a condition, "may", what follows "if you do"…)."""
    ability_keys: frozenset[str] | None
    """The keys an ability table may have; ``None``: a game that declares only the parts it checks."""
    named_targets: frozenset[str] | None
    """The targets written as a name (``"self"``); ``None``: a game whose targets are all tables."""
    target_keys: frozenset[str]
    filters: frozenset[str] | None
    """The keys of a target's ``filter`` table; ``None``: a game without one (its filters are target keys)."""
    sides: frozenset[str] | None
    kinds: frozenset[str] | None
    default_kind: str
    """The kind of card a target table names when it does not say."""
    choices: Mapping[str, Choice] = field(default_factory=dict)
    """Parameter kinds that take one word of a set (``player``, ``duration``…)."""
    structures: Mapping[str, str] = field(default_factory=dict)
    """Parameter kinds the game names itself for one of the grammar's structures: name → ``target``, ``amount``,
    ``constant``, ``effects``, ``effect-lists``, ``modes`` (each an effect or a list of them), ``labelled-options``
    (tables with a ``label`` and ``effects``) or ``event-ability`` (an ability waiting for an event, written without
    its trigger)."""
    constant_trigger: str = "constant"
    event_trigger: str = "after"
    event_trigger_es: str = "después de"
    """The trigger of abilities that wait for an event, and how a Spanish message names it."""
    constant_requires: Mapping[str, tuple[str, str, str]] = field(default_factory=dict)
    """Constant effects that need a key: kind → (key, message, Spanish message)."""
    constant_parts: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Constant effects that carry an ability or effects of their own: kind → {key: "ability" or "effects"}."""
    trigger_key: str = "trigger"
    """The key that names what kind of ability a table is (its trigger, or the game's kind of ability)."""
    event_key: str = "event"
    """The key that names the event an ability of ``event_trigger`` waits for."""
    ability_parts: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """The kinds of ability the game describes part by part: trigger → {key: parameter kind}. Such an ability is
    checked key by key; one that is not listed has its ``effects`` (or, constant, its ``effect``)."""
    shared_parameters: Mapping[str, str] = field(default_factory=dict)
    """Parameters any effect may take whatever its verb, with their kinds (``until``, ``target``…)."""
    strict_parameters: bool = True
    """Whether an effect may only take the parameters its verb declares; a game that declares its verbs without
    their parameters checks only the shared ones."""
    checkers: Mapping[str, Checker] = field(default_factory=dict)
    """Parameter kinds the game checks itself (a condition, a cost)."""
    word_choices: Mapping[str, Choice] = field(default_factory=dict)
    """How a word out of place is reported, where the game says it its own way: ``trigger``, ``event``, ``effect``
    → the :class:`Choice` whose message is used."""
    target_count_required: bool = True
    """Whether a target table must say ``choose = N`` or ``all = true``."""

    def words(self) -> set[str]:
        """Every word the game declares (what its documentation must explain)."""
        return (set(self.triggers) | set(self.events) | set(self.constant_effects) | set(self.effects)
                | set(self.filters or ()) | set(self.named_targets or ()) | set(self.keywords)
                | {w for c in self.choices.values() if c.documented for w in c.words})

    def check_ability(self, ability: Any, where: str) -> list[Problem]:
        """Every problem in one ability table (empty when it is well formed)."""
        problems: list[Problem] = []
        if not isinstance(ability, dict):
            return [Problem(where, "an ability is a table", "una habilidad es una tabla")]
        trigger = ability.get(self.trigger_key)
        if "trigger" in self.word_choices:
            problems.extend(self.word_choices["trigger"].problems(trigger, f"{where}.{self.trigger_key}"))
        elif not named(trigger, self.triggers):
            problems.append(Problem(f"{where}.trigger", f"unknown trigger {trigger!r} (known: {', '.join(sorted(self.triggers))})",
                                    f"activador desconocido {trigger!r} (conocidos: {', '.join(sorted(self.triggers))})"))
        for k in ability if self.ability_keys is not None else ():
            if k not in self.ability_keys:
                problems.append(Problem(f"{where}.{k}", f"unknown ability field (known: {', '.join(sorted(self.ability_keys))})",
                                        f"campo de habilidad desconocido (conocidos: {', '.join(sorted(self.ability_keys))})"))
        if "incomplete" in ability and "incomplete" in (self.ability_keys or ()):
            # An ability the vocabulary cannot express yet says what is missing instead of its effects; the engine
            # refuses to rule when it would resolve.
            if not isinstance(ability["incomplete"], str) or not ability["incomplete"].strip():
                problems.append(Problem(f"{where}.incomplete", "incomplete says what is missing", "incomplete dice qué falta"))
        elif named(trigger, self.ability_parts):
            parts = self.ability_parts[trigger]
            for k, v in ability.items():
                if k in parts:
                    problems.extend(self._check_parameter(trigger, parts, k, v, f"{where}.{k}"))
        elif trigger == self.constant_trigger:
            problems.extend(self.check_constant(ability.get("effect"), f"{where}.effect"))
        elif named(trigger, self.triggers):
            effects = ability.get("effects")
            if not isinstance(effects, list) or not effects:
                problems.append(Problem(f"{where}.effects", "needs a list of effects", "necesita una lista de efectos"))
            else:
                for i, e in enumerate(effects):
                    problems.extend(self.check_effect(e, f"{where}.effects[{i}]"))
        if trigger == self.event_trigger:
            event, at = ability.get(self.event_key), f"{where}.{self.event_key}"
            if "event" in self.word_choices:
                problems.extend(self.word_choices["event"].problems(event, at))
            elif not named(event, self.events):
                events = ", ".join(sorted(self.events))
                problems.append(Problem(at, f"an '{self.event_trigger}' ability names its event (one of {events})",
                                        f"una habilidad «{self.event_trigger_es}» nombra su suceso (uno de {events})"))
        return problems

    def check_abilities(self, abilities: Any, where: str) -> list[Problem]:
        """Every problem of a card's list of abilities."""
        if not isinstance(abilities, list):
            return [Problem(where, "abilities are a list of tables", "las habilidades son una lista de tablas")]
        return [p for i, ability in enumerate(abilities) for p in self.check_ability(ability, f"{where}[{i}]")]

    def check_part(self, kind: str, value: Any, where: str) -> list[Problem]:
        """Every problem of ``value`` read as a parameter of kind ``kind``: a table of the game's own that holds
        effects, a condition… outside any ability."""
        return self._check_parameter(kind, {kind: kind}, kind, value, where)

    def check_constant(self, effect: Any, where: str) -> list[Problem]:
        if not isinstance(effect, dict):
            return [Problem(where, f"a {self.constant_trigger} ability has an `effect` table",
                            "una habilidad constante tiene una tabla `effect`")]
        kind = effect.get("modify")
        if not named(kind, self.constant_effects):
            known = ", ".join(sorted(self.constant_effects))
            return [Problem(f"{where}.modify", f"unknown constant effect {kind!r} (known: {known})",
                            f"efecto constante desconocido {kind!r} (conocidos: {known})")]
        problems: list[Problem] = []
        required = self.constant_requires.get(kind)
        if required is not None and required[0] not in effect:
            problems.append(Problem(f"{where}.{required[0]}", required[1], required[2]))
        if "target" in effect and not (isinstance(effect["target"], dict) and "uids" in effect["target"]):
            problems.extend(self.check_target(effect["target"], f"{where}.target"))
        for key, part in self.constant_parts.get(kind, {}).items():
            if part == "ability":
                problems.extend(self.check_ability(effect.get(key), f"{where}.{key}"))
            else:
                subs = effect.get(key, [])
                for i, sub in enumerate(subs if isinstance(subs, list) else [subs]):
                    problems.extend(self.check_effect(sub, f"{where}.{key}[{i}]"))
        return problems

    def check_effect(self, effect: Any, where: str) -> list[Problem]:
        if not isinstance(effect, dict):
            return [Problem(where, "an effect is a table like { do = \"gain\", amount = 1 }",
                            "un efecto es una tabla como { do = \"gain\", amount = 1 }")]
        verb = effect.get("do")
        problems: list[Problem] = []
        if "effect" in self.word_choices:
            problems.extend(self.word_choices["effect"].problems(verb, f"{where}.do"))
        elif not named(verb, self.effects):
            known = ", ".join(sorted(self.effects))
            return [Problem(f"{where}.do", f"unknown effect {verb!r} (known: {known})", f"efecto desconocido {verb!r} (conocidos: {known})")]
        if problems and self.strict_parameters:
            return problems
        params = {**self.shared_parameters, **self.effects.get(verb, {})} if named(verb, self.effects) else self.shared_parameters
        for k, v in effect.items():
            if k in self.common_effect_keys or (not self.strict_parameters and k not in params):
                continue
            problems.extend(self._check_parameter(str(verb), params, k, v, f"{where}.{k}"))
        then = effect.get("then", [])
        for i, sub in enumerate(then if isinstance(then, list) else [then]):
            problems.extend(self.check_effect(sub, f"{where}.then[{i}]"))
        return problems

    def _check_parameter(self, verb: str, params: Mapping[str, str], key: str, value: Any, where: str) -> list[Problem]:
        kind = params.get(key)
        kind = self.structures.get(kind, kind) if kind is not None else None
        if kind is None:
            takes = ", ".join(sorted(params))
            return [Problem(where, f"{verb} takes {takes or 'no parameters'}", f"{verb} admite {takes or 'ningún parámetro'}")]
        if kind in self.checkers:
            return self.checkers[kind](value, where)
        if kind in self.choices:
            return self.choices[kind].problems(value, where)
        if kind == "target":
            return self.check_target(value, where)
        if kind == "amount" and not (isinstance(value, int) and not isinstance(value, bool) or isinstance(value, dict)
                                     or value == "all"):
            return [Problem(where, "an amount is a whole number, \"all\" or a table { count = ... }",
                            "una cantidad es un número entero, \"all\" o una tabla { count = ... }")]
        if kind == "constant":
            return self.check_constant(value, where)
        if kind == "effects":
            if not isinstance(value, list):
                return [Problem(where, "a list of effects", "una lista de efectos")]
            return [p for i, sub in enumerate(value) for p in self.check_effect(sub, f"{where}[{i}]")]
        if kind == "effect-lists":
            if not isinstance(value, list) or not all(isinstance(x, list) for x in value):
                return [Problem(where, "options is a list of effect lists", "options es una lista de listas de efectos")]
            return [p for i, lst in enumerate(value) for j, sub in enumerate(lst)
                    for p in self.check_effect(sub, f"{where}[{i}][{j}]")]
        if kind == "event-ability":
            return self.check_ability({self.trigger_key: self.event_trigger, **value} if isinstance(value, dict) else value, where)
        if kind == "modes":
            # "Elige uno": each mode is an effect, or a list of effects that happen together.
            if not isinstance(value, list):
                return [Problem(where, "a list of modes", "una lista de modos")]
            return [p for i, mode in enumerate(value) for j, sub in enumerate(mode if isinstance(mode, list) else [mode])
                    for p in self.check_effect(sub, f"{where}[{i}][{j}]")]
        if kind == "labelled-options":
            # Options a player chooses among, each a table with its ``label`` and its ``effects``.
            if not isinstance(value, list):
                return [Problem(where, "a list of options { label = ..., effects = [...] }",
                                "una lista de opciones { label = ..., effects = [...] }")]
            return [p for i, option in enumerate(value)
                    for j, sub in enumerate(option.get("effects", []) if isinstance(option, dict) else [])
                    for p in self.check_effect(sub, f"{where}[{i}].effects[{j}]")]
        return []

    def check_target(self, target: Any, where: str) -> list[Problem]:
        if isinstance(target, str):
            if self.named_targets is None or named(target, self.named_targets):
                return []
            known = ", ".join(sorted(self.named_targets))
            return [Problem(where, f"a named target is one of {known}", f"un objetivo con nombre es uno de {known}")]
        if not isinstance(target, dict):
            return [Problem(where, "a target is a name (\"self\") or a table { choose = 1, kind = \"creature\", ... }",
                            "un objetivo es un nombre (\"self\") o una tabla { choose = 1, kind = \"creature\", ... }")]
        keys = ", ".join(sorted(self.target_keys))
        problems = [Problem(f"{where}.{k}", f"unknown target field (known: {keys})", f"campo de objetivo desconocido (conocidos: {keys})")
                    for k in target if k not in self.target_keys]
        if self.target_count_required and ("choose" in target) == ("all" in target):
            problems.append(Problem(where, "a target says either choose = N or all = true", "un objetivo dice choose = N o all = true"))
        if self.sides is not None and not named(target.get("side", "any"), self.sides):
            sides = ", ".join(sorted(self.sides))
            problems.append(Problem(f"{where}.side", f"side is one of {sides}", f"side es uno de {sides}"))
        if self.kinds is not None and not named(target.get("kind", self.default_kind), self.kinds):
            kinds = ", ".join(sorted(self.kinds))
            problems.append(Problem(f"{where}.kind", f"kind is one of {kinds}", f"kind es uno de {kinds}"))
        if self.filters is None:
            return problems
        filters = target.get("filter", {})
        if not isinstance(filters, dict):
            problems.append(Problem(f"{where}.filter", "filter is a table", "filter es una tabla"))
            filters = {}
        known = ", ".join(sorted(self.filters))
        for k in filters:
            if k not in self.filters:
                problems.append(Problem(f"{where}.filter.{k}", f"unknown filter (known: {known})", f"filtro desconocido (conocidos: {known})"))
        return problems


H = TypeVar("H", bound=Callable[..., Any])


class Handlers(dict[str, H]):
    """Each effect word with the function that gives it its meaning: the game's interpreter makes one, and the modules
    of its handlers fill it as they are imported (a test of each game checks it against the declared words)."""

    def word(self, word: str) -> Callable[[H], H]:
        """A decorator: the function it decorates is the handler of ``word``."""
        def register(fn: H) -> H:
            self[word] = fn
            return fn
        return register


def named(value: Any, names: Any) -> bool:
    """Whether ``value`` is one of ``names``: a custom card may put any JSON value anywhere, and a list or a table is
    never a name (nor may it crash the check with an unhashable look-up)."""
    return isinstance(value, str) and value in names

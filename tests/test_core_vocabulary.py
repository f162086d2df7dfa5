"""The core's ability checker, bent to a game's own words by declaration alone: a game names the key of its kinds of
ability, the parts each has, the parameters every effect takes, the kinds it checks itself and its own messages;
KeyForge's messages stay as they were."""

from __future__ import annotations

from judge.core.errors import Problem
from judge.core.vocabulary import Choice, Handlers, Vocabulary
from judge.games.keyforge.vocabulary import VOCABULARY as KEYFORGE


def _even(value, where):
    return [] if isinstance(value, int) and value % 2 == 0 else [Problem(where, "an even number", "un número par")]


TOY = Vocabulary(
    keywords=frozenset(), triggers={"cuando": "", "siempre": ""}, events=frozenset({"entra"}), constant_effects={},
    effects={"dano": {"amount": "even"}, "robar": {}}, common_effect_keys=frozenset({"do", "then"}), ability_keys=None,
    named_targets=None, target_keys=frozenset({"choose", "type"}), filters=None, sides=None, kinds=None,
    default_kind="", choices={"duration": Choice.one_of("a duration", "una duración", ("turno", "partida"))},
    trigger_key="kind", constant_trigger="", event_trigger="cuando", event_key="on",
    ability_parts={"cuando": {"effects": "effects"}, "siempre": {"effects": "effects", "modes": "modes",
                                                                  "options": "labelled-options"}},
    shared_parameters={"until": "duration", "target": "target"}, strict_parameters=False, checkers={"even": _even},
    word_choices={"trigger": Choice.one_of("kind", "kind", ("cuando", "siempre")),
                  "effect": Choice.one_of("an effect", "un efecto", ("dano", "robar"))},
    target_count_required=False,
)


def test_a_game_declares_its_words_and_the_core_finds_every_problem_with_where_and_what_would_do():
    problems = TOY.check_abilities([
        {"kind": "cuando", "on": "sale", "effects": [{"do": "dano", "amount": 3, "until": "siempre",
                                                       "target": {"color": "rojo"}, "extra": 1}]},
        {"kind": "siempre", "modes": [[{"do": "volar"}], {"do": "robar", "then": [{"do": "nadar"}]}],
         "options": [{"label": "a", "effects": [{"do": "dano", "amount": 2}, {"do": "x"}]}]},
        {"kind": "nunca"},
        "texto",
    ], "cards.x.abilities")
    assert {p.where: p.message for p in problems} == {
        "cards.x.abilities[0].on": "an 'cuando' ability names its event (one of entra)",
        "cards.x.abilities[0].effects[0].amount": "an even number",
        "cards.x.abilities[0].effects[0].until": "a duration is one of turno, partida, not 'siempre'",
        "cards.x.abilities[0].effects[0].target.color": "unknown target field (known: choose, type)",
        "cards.x.abilities[1].modes[0][0].do": "an effect is one of dano, robar, not 'volar'",
        "cards.x.abilities[1].modes[1][0].then[0].do": "an effect is one of dano, robar, not 'nadar'",
        "cards.x.abilities[1].options[0].effects[1].do": "an effect is one of dano, robar, not 'x'",
        "cards.x.abilities[2].kind": "kind is one of cuando, siempre, not 'nunca'",
        "cards.x.abilities[3]": "an ability is a table",
    }
    assert all(p.message_es for p in problems)
    assert TOY.check_part("effects", [{"do": "robar"}], "coste") == []
    assert [p.where for p in TOY.check_part("effects", "robar", "coste")] == ["coste"]


def test_keyforge_keeps_its_own_messages():
    problems = KEYFORGE.check_ability({"trigger": "whenever", "effects": [{"do": "explode"}]}, "a")
    assert [(p.where, p.message) for p in problems][0][0] == "a.trigger"
    assert problems[0].message.startswith("unknown trigger 'whenever' (known: action, after")
    effect = KEYFORGE.check_effect({"do": "explode"}, "e")
    assert effect[0].message.startswith("unknown effect 'explode' (known: ")
    assert KEYFORGE.check_effect({"do": "gain", "amount": 1, "colour": "red"}, "e")[0].message == "gain takes amount, player"


def test_the_handlers_of_a_game_are_registered_by_word():
    handlers: Handlers = Handlers()

    @handlers.word("robar")
    def draw():
        return 1

    assert handlers == {"robar": draw} and handlers["robar"]() == 1

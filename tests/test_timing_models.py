"""The game-agnostic core carries the two timing models KeyForge does not use, without any change to the core.

Two toy rulesets live in this file and nowhere else:

- ``StackToy`` (Gobierno & Prestigio-like): orders go on a LIFO stack, both players get priority through
  :func:`priority_round`, state-based actions run before each priority, the top item resolves when all pass.
- ``WindowToy`` (Mitos y Leyendas-like): after a card is played the opponent gets exactly one response
  (pass or an anulación); an annulled card goes to the cemetery and its effect never happens.

Their documents (``toy-pila``, ``toy-ventana``) are made up: the citations they produce are checked against what
the toy code writes, never against the corpus. Cards are plain ids looked up in the small catalogs below.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from judge.core.decisions import Option, Question
from judge.core.errors import IllegalPlayError, InvalidAnswerError, JudgeError
from judge.core.notation import Layout
from judge.core.position import CardState, Position
from judge.core.resolution import Outcome, Resolution, run
from judge.core.ruleset import Play, Ruleset
from judge.core.timing import (ACTIVE_PLAYER_ORDERS, ACTIVE_THEN_OTHERS, ALTERNATING, Pending, Stack,
                               order_simultaneous, priority_round)


def asked(outcome: Outcome) -> list[tuple[str, str]]:
    """Every question answered during the play, as (player, key), in order."""
    return [(d.question.player, d.question.key) for d in outcome.decisions]


def kinds(step) -> list[str]:
    return [s.kind for s in step.children]


def card_at(position: Position, uid: str) -> tuple[str, str]:
    """(player, zone) where a card sits."""
    player, zone, _ = position.find(uid)
    return player.id, zone


# ---------------------------------------------------------------------------------------------------------------
# A stack game (G&P-like).
# ---------------------------------------------------------------------------------------------------------------

STACK_CARDS: dict[str, dict[str, Any]] = {
    "bolt": {"kind": "mandato", "es": "Rayo", "en": "Bolt", "damage": 2},
    "fortify": {"kind": "mandato", "es": "Fortificar", "en": "Fortify", "toughness": 2},
    "soldier": {"kind": "subject", "es": "Soldado", "en": "Soldier", "toughness": 2},
}


class StackToy(Ruleset):
    """Mandatos on a stack; priority passes in turn order; SBAs before every priority; LIFO resolution."""

    layout: ClassVar[Layout] = Layout(zones=("hand", "battlefield", "stack", "discard"),
                                      in_play=frozenset({"battlefield"}))
    verbs: ClassVar[tuple[str, ...]] = ("play",)

    # Reading the toy catalog.

    @staticmethod
    def name(card: CardState) -> str:
        return f"{STACK_CARDS[card.card]['es']} ({card.uid})"

    @staticmethod
    def toughness(card: CardState) -> int:
        return STACK_CARDS[card.card]["toughness"] + int(card.get("plus"))

    @staticmethod
    def subjects(position: Position) -> list[CardState]:
        return [c for p in position.players.values() for c in p.zone("battlefield")
                if STACK_CARDS[c.card]["kind"] == "subject"]

    def mandatos(self, position: Position, pid: str) -> list[CardState]:
        if not self.subjects(position):
            return []
        return [c for c in position.player(pid).zone("hand") if STACK_CARDS[c.card]["kind"] == "mandato"]

    # Plays.

    def verify_play(self, position: Position, play: Play) -> None:
        if play.verb != "play" or play.card is None:
            raise IllegalPlayError(f"unknown play {play}", rule=self.cite("120.1"))
        if play.card not in {c.uid for c in self.mandatos(position, position.active)}:
            raise IllegalPlayError(f"{play.card} is not a mandato the active player can play",
                                   rule=self.cite("120.2.a"))

    def resolve_play(self, res: Resolution, play: Play) -> None:
        pos = res.position
        stack: Stack[tuple[str, str]] = Stack()
        players = [pos.active, pos.opponent(pos.active)]  # turn order, active player first (120.4.b, 120.4.d)

        def cast(pid: str, uid: str) -> None:
            _, _, card = pos.find(uid)
            with res.step("play", "115.1", f"{pid} juega {self.name(card)}", f"{pid} plays {self.name(card)}",
                          card=uid):
                res.move(card, pid, "stack")  # the card first becomes an order on the stack (115.1), then targets
                target = res.ask(Question(
                    key="target", player=pid, rule="118.1",
                    prompt_es="¿Qué súbdito es el objetivo?", prompt_en="Which subject is the target?",
                    options=tuple(Option(s.uid, self.name(s)) for s in self.subjects(pos))))
                stack.push(res, Pending(pid, uid, self.name(card), self.name(card), (uid, target)),
                           "120.7" if len(stack) else "115.1")

        def state_based_actions() -> None:
            # 120.6: all applicable SBAs at once, repeated until none applies. Only steps that do something are traced.
            while True:
                lethal = [c for c in self.subjects(pos) if int(c.get("damage")) >= self.toughness(c)]
                if not lethal:
                    return
                with res.step("sba", "120.6", "Acciones basadas en estado", "State-based actions"):
                    for c in lethal:
                        with res.step("destroyed", "123.9", f"{self.name(c)} es destruido",
                                      f"{self.name(c)} is destroyed", card=c.uid):
                            for key in ("damage", "plus"):  # 124.2: counters do not follow a card to another zone
                                res.set_card(c, key, 0)
                            res.move(c, c.owner, "discard")

        def resolve(item: Pending[tuple[str, str]]) -> None:
            uid, target = item.item
            _, _, card = pos.find(uid)
            with res.step("resolve", "120.5", f"Se resuelve {item.label_es}", f"{item.label_en} resolves", card=uid):
                found = pos.find(target)
                if found is None or found[1] != "battlefield":
                    res.note("fizzle", "116.9", "Su objetivo ya no es legal: se descarta",
                             "Its target is no longer legal: it is discarded")
                else:
                    victim = found[2]
                    spec = STACK_CARDS[card.card]
                    if "damage" in spec:
                        res.set_card(victim, "damage", int(victim.get("damage")) + spec["damage"])
                    if "toughness" in spec:
                        res.set_card(victim, "plus", int(victim.get("plus")) + spec["toughness"])
                res.move(card, card.owner, "discard")

        def actions(pid: str) -> list[Option]:
            return [Option(c.uid, self.name(c)) for c in self.mandatos(pos, pid)]

        cast(pos.active, play.card)
        while True:
            with res.step("priority", "120.4", "Ronda de prioridad", "Priority round"):
                priority_round(res, players, rule="120.4", actions=actions, act=cast,
                               before_priority=state_based_actions)
            if not len(stack):
                res.note("stack-empty", "120.5", "Todos pasan con la pila vacía", "All pass with an empty stack")
                return
            resolve(stack.pop())


STACK = StackToy(id="toy-pila", game="toy-gyp", document="toy-pila", title="Stack toy")

STACK_POSITION = STACK.loads('''
active = "p1"
step = "mando"
[players.p1]
prestige = 0
hand = [{ uid = "bolt1", card = "bolt" }, { uid = "bolt2", card = "bolt" }]
[players.p2]
prestige = 0
hand = [{ uid = "fort", card = "fortify" }]
battlefield = [{ uid = "soldier", card = "soldier" }]
''')

NO_RESPONSE = ["soldier", "pass", "pass",     # target; p1 keeps priority (120.4.c) and passes; p2 passes
               "pass", "pass"]                # after Bolt resolves (SBA first), all pass with an empty stack
WITH_RESPONSE = ["soldier",                   # p1 targets the soldier with Bolt
                 "pass", "fort", "soldier",   # p1 passes; p2 responds with Fortify on the soldier
                 "pass", "pass",              # p2 keeps priority and passes; p1 passes → Fortify resolves
                 "pass", "pass",              # all pass → Bolt resolves
                 "pass", "pass"]              # all pass with an empty stack


def test_stack_a_play_with_no_response_resolves_and_sbas_run_before_the_next_priority():
    out = STACK.resolve(STACK_POSITION, "play bolt1", NO_RESPONSE)
    assert out.is_complete and out.question is None
    assert card_at(out.position, "bolt1") == ("p1", "discard")
    assert card_at(out.position, "soldier") == ("p2", "discard")
    assert out.position.find("soldier")[2].state == {}  # damage left with the zone change
    assert asked(out) == [("p1", "target"), ("p1", "priority"), ("p2", "priority"),
                          ("p1", "priority"), ("p2", "priority")]
    assert kinds(out.trace) == ["play", "priority", "resolve", "priority", "stack-empty"]
    # The soldier dies by SBA inside the next priority round, before p1 is asked anything (120.6).
    last_round = out.trace.children[3]
    assert kinds(last_round)[0] == "sba"
    assert [s.kind for s in last_round.children[0].children] == ["destroyed"]
    assert all(s.kind == "decision" for s in last_round.children[1:])
    # The play put the order on the stack under the rule that starts playing it.
    play = out.trace.children[0]
    assert kinds(play) == ["decision", "stack-push"]
    assert play.children[1].rule == "toy-pila#115.1"


def test_stack_a_response_goes_on_top_and_resolves_first():
    out = STACK.resolve(STACK_POSITION, "play bolt1", WITH_RESPONSE)
    assert out.is_complete
    soldier = out.position.find("soldier")
    assert (soldier[0].id, soldier[1]) == ("p2", "battlefield")
    assert soldier[2].state == {"damage": 2, "plus": 2}  # toughness 4: Bolt's 2 damage is not lethal
    assert card_at(out.position, "fort") == ("p2", "discard")
    assert card_at(out.position, "bolt1") == ("p1", "discard")
    assert out.position.player("p1").zone("stack") == [] and out.position.player("p2").zone("stack") == []

    resolved = [s.text_en for s in out.trace.walk() if s.kind == "resolve"]
    assert resolved == ["Fortificar (fort) resolves", "Rayo (bolt1) resolves"]  # LIFO (120.7)
    assert kinds(out.trace) == ["play", "priority", "resolve", "priority", "resolve", "priority", "stack-empty"]
    # The response is cast inside the first priority round, and pushed "in response".
    first_round = out.trace.children[1]
    assert kinds(first_round) == ["decision", "decision", "play", "decision", "decision"]
    assert [s.kind for s in first_round.children[2].walk()][1:] == ["decision", "stack-push"]
    assert first_round.children[2].children[1].rule == "toy-pila#120.7"
    assert asked(out) == [("p1", "target"),
                          ("p1", "priority"), ("p2", "priority"), ("p2", "target"),
                          ("p2", "priority"), ("p1", "priority"),
                          ("p1", "priority"), ("p2", "priority"),
                          ("p1", "priority"), ("p2", "priority")]
    # Each priority chance is a question whose first option is passing.
    priority_questions = [d.question for d in out.decisions if d.question.key == "priority"]
    assert all(q.options[0].value == "pass" for q in priority_questions)
    assert [o.value for o in priority_questions[1].options] == ["pass", "fort"]
    assert priority_questions[0].rule == "toy-pila#120.4"


def test_stack_a_response_to_a_response_resolves_first_and_sbas_run_between_resolutions():
    answers = ["soldier",
               "pass", "fort", "soldier",     # p2 answers Bolt with Fortify
               "pass", "bolt2", "soldier",    # p2 passes, p1 answers Fortify with a second Bolt
               "pass", "pass",                # → Bolt 2 resolves: 2 damage on toughness 2
               "pass", "pass",                # (SBA: the soldier dies) → Fortify resolves with no legal target
               "pass", "pass",                # → Bolt 1 resolves with no legal target
               "pass", "pass"]
    out = STACK.resolve(STACK_POSITION, "play bolt1", answers)
    assert out.is_complete
    assert card_at(out.position, "soldier") == ("p2", "discard")
    assert [s.text_en for s in out.trace.walk() if s.kind == "resolve"] == [
        "Rayo (bolt2) resolves", "Fortificar (fort) resolves", "Rayo (bolt1) resolves"]
    fizzled = [s for s in out.trace.walk() if s.kind == "resolve" and "fizzle" in kinds(s)]
    assert [s.card for s in fizzled] == ["fort", "bolt1"]
    # The SBA happens before anyone gets priority after Bolt 2, i.e. before Fortify could resolve.
    flat = [s.kind for s in out.trace.walk()]
    assert flat.index("sba") < [i for i, k in enumerate(flat) if k == "resolve"][1]
    assert {c.uid for c in out.position.player("p1").zone("discard")} == {"bolt1", "bolt2"}


def test_stack_an_unanswered_priority_question_stops_resolution_and_is_never_defaulted():
    out = STACK.resolve(STACK_POSITION, "play bolt1", ["soldier", "pass"])
    assert not out.is_complete
    assert out.question is not None
    assert (out.question.player, out.question.key) == ("p2", "priority")
    assert [o.value for o in out.question.options] == ["pass", "fort"]
    assert out.question.rule == "toy-pila#120.4"
    # The position is as far as resolution got: Bolt waits on the stack, nothing resolved.
    assert card_at(out.position, "bolt1") == ("p1", "stack")
    assert out.position.find("soldier")[2].state == {}
    assert not any(s.kind == "resolve" for s in out.trace.walk())
    # The input position is untouched, and adding the missing answers finishes the same play.
    assert card_at(STACK_POSITION, "bolt1") == ("p1", "hand")
    again = STACK.resolve(STACK_POSITION, "play bolt1", ["soldier", "pass", "pass", "pass", "pass"])
    assert again.is_complete and card_at(again.position, "soldier") == ("p2", "discard")


def test_stack_illegal_answers_and_leftover_answers_are_refused():
    with pytest.raises(InvalidAnswerError):  # p2 cannot act with a card from p1's hand
        STACK.resolve(STACK_POSITION, "play bolt1", ["soldier", "pass", "bolt2"])
    with pytest.raises(JudgeError, match="left unused"):
        STACK.resolve(STACK_POSITION, "play bolt1", [*NO_RESPONSE, "pass"])
    with pytest.raises(IllegalPlayError):
        STACK.resolve(STACK_POSITION, "play soldier", [])


# ---------------------------------------------------------------------------------------------------------------
# A response-window game (MyL-like).
# ---------------------------------------------------------------------------------------------------------------

WINDOW_CARDS: dict[str, dict[str, Any]] = {
    "fuego": {"kind": "talisman", "es": "Fuego", "en": "Fire", "cost": 2, "destroys": True},
    "anulacion": {"kind": "anulacion", "es": "Anulación", "en": "Annulment", "cost": 1},
    "aliado": {"kind": "aliado", "es": "Aliado", "en": "Ally", "cost": 1},
}


class WindowToy(Ruleset):
    """Playing a card follows fixed steps; step 5 is one response window: the opponent, then the active player."""

    layout: ClassVar[Layout] = Layout(zones=("hand", "jugando", "defensa", "cementerio"),
                                      in_play=frozenset({"defensa"}))
    verbs: ClassVar[tuple[str, ...]] = ("jugar",)

    @staticmethod
    def name(card: CardState) -> str:
        return f"{WINDOW_CARDS[card.card]['es']} ({card.uid})"

    @staticmethod
    def anulaciones(position: Position, pid: str) -> list[CardState]:
        oro = position.player(pid).values.get("oro", 0)
        return [c for c in position.player(pid).zone("hand")
                if WINDOW_CARDS[c.card]["kind"] == "anulacion" and WINDOW_CARDS[c.card]["cost"] <= oro]

    def verify_play(self, position: Position, play: Play) -> None:
        hand = {c.uid: c for c in position.player(position.active).zone("hand")}
        card = hand.get(play.card or "")
        if play.verb != "jugar" or card is None or WINDOW_CARDS[card.card]["kind"] != "talisman":
            raise IllegalPlayError(f"{play} is not a talismán in the active player's hand", rule=self.cite("paso-2"))
        if position.player(position.active).values.get("oro", 0) < WINDOW_CARDS[card.card]["cost"]:
            raise IllegalPlayError("not enough oro", rule=self.cite("paso-3"))

    def pay(self, res: Resolution, pid: str, card: CardState) -> None:
        cost = WINDOW_CARDS[card.card]["cost"]
        with res.step("pay", "paso-3", f"{pid} paga {cost} oro", f"{pid} pays {cost} oro"):
            res.set_player(pid, "oro", res.position.player(pid).values.get("oro", 0) - cost)

    def respond(self, res: Resolution, pid: str, against: CardState) -> CardState | None:
        """One chance for ``pid`` to annul ``against``: a question with "pass", or a note when nothing is possible."""
        options = [Option(c.uid, self.name(c)) for c in self.anulaciones(res.position, pid)]
        if not options:
            res.note("no-response", "paso-5", f"{pid} no puede responder", f"{pid} cannot respond")
            return None
        chosen = res.ask(Question(key="response", player=pid, rule="paso-5",
                                  prompt_es=f"¿Respondes a {self.name(against)}?",
                                  prompt_en=f"Do you respond to {self.name(against)}?",
                                  options=(Option("pass", "Pasar", "Pass"), *options)))
        if chosen == "pass":
            return None
        _, _, anul = res.position.find(chosen)
        with res.step("annul", "paso-5", f"{pid} anula {self.name(against)} con {self.name(anul)}",
                      f"{pid} annuls {self.name(against)} with {self.name(anul)}", card=anul.uid):
            self.pay(res, pid, anul)
            res.move(anul, anul.owner, "cementerio")
        return anul

    def resolve_play(self, res: Resolution, play: Play) -> None:
        pos = res.position
        me, opp = pos.active, pos.opponent(pos.active)
        _, _, card = pos.find(play.card)
        with res.step("play", "paso-1", f"{me} juega {self.name(card)}", f"{me} plays {self.name(card)}",
                      card=card.uid):
            res.move(card, me, "jugando")
            target = res.ask(Question(  # a talismán that targets a card in play chooses it at step 2
                key="target", player=me, rule="paso-2",
                prompt_es="¿Qué aliado es el objetivo?", prompt_en="Which ally is the target?",
                options=tuple(Option(c.uid, self.name(c)) for c in pos.player(opp).zone("defensa"))))
            self.pay(res, me, card)
            res.note("played", "paso-4", "La carta se considera jugada", "The card counts as played")
            with res.step("response-window", "paso-5", "Ventana de respuesta", "Response window"):
                annulled = self.respond(res, opp, card) is not None
                if annulled:  # then the active player may do one of the same actions: here, annul the anulación
                    annulled = self.respond(res, me, card) is None
            if annulled:
                with res.step("annulled", "paso-6", f"{self.name(card)} es anulada", f"{self.name(card)} is annulled"):
                    res.move(card, card.owner, "cementerio")
                return
            with res.step("resolve", "paso-7", f"Se resuelve {self.name(card)}", f"{self.name(card)} resolves"):
                _, _, victim = pos.find(target)
                res.move(victim, victim.owner, "cementerio")
                res.move(card, card.owner, "cementerio")


WINDOW = WindowToy(id="toy-ventana", game="toy-myl", document="toy-ventana", title="Response-window toy")

WINDOW_TEXT = '''
active = "p1"
step = "vigilia"
[players.p1]
oro = 3
hand = [{ uid = "fuego", card = "fuego" }, { uid = "contra", card = "anulacion" }]
[players.p2]
oro = 1
hand = [{ uid = "anul", card = "anulacion" }]
defensa = [{ uid = "ally", card = "aliado" }]
'''
WINDOW_POSITION = WINDOW.loads(WINDOW_TEXT)


def test_window_the_opponent_passes_and_the_card_resolves():
    out = WINDOW.resolve(WINDOW_POSITION, "jugar fuego", ["ally", "pass"])
    assert out.is_complete
    assert card_at(out.position, "ally") == ("p2", "cementerio")
    assert card_at(out.position, "fuego") == ("p1", "cementerio")
    assert card_at(out.position, "anul") == ("p2", "hand")
    assert out.position.player("p1").values["oro"] == 1
    assert asked(out) == [("p1", "target"), ("p2", "response")]
    window = out.decisions[1].question
    assert [o.value for o in window.options] == ["pass", "anul"] and window.rule == "toy-ventana#paso-5"
    play = out.trace.children[0]
    assert kinds(play) == ["decision", "pay", "played", "response-window", "resolve"]
    assert play.children[0].rule == "toy-ventana#paso-2"


def test_window_the_opponent_annuls_and_the_effect_never_happens():
    position = WINDOW.loads(WINDOW_TEXT.replace('{ uid = "contra", card = "anulacion" }',
                                                '{ uid = "contra", card = "aliado" }'))
    assert [c.card for c in position.player("p1").zone("hand")] == ["fuego", "aliado"]  # p1 has no counter
    out = WINDOW.resolve(position, "jugar fuego", ["ally", "anul"])
    assert out.is_complete
    assert card_at(out.position, "fuego") == ("p1", "cementerio")  # the annulled card goes to its owner's cemetery
    assert card_at(out.position, "ally") == ("p2", "defensa")      # and its effect does not happen
    assert card_at(out.position, "anul") == ("p2", "cementerio")
    assert out.position.player("p1").values["oro"] == 1           # costs stay paid in this toy (refund: MyL gap 7)
    assert out.position.player("p2").values["oro"] == 0
    assert asked(out) == [("p1", "target"), ("p2", "response")]
    play = out.trace.children[0]
    assert kinds(play) == ["decision", "pay", "played", "response-window", "annulled"]
    assert kinds(play.children[3]) == ["decision", "annul", "no-response"]
    assert not any(s.kind == "resolve" for s in out.trace.walk())


def test_window_the_active_player_annuls_the_anulacion_and_the_card_resolves():
    out = WINDOW.resolve(WINDOW_POSITION, "jugar fuego", ["ally", "anul", "contra"])
    assert out.is_complete
    assert asked(out) == [("p1", "target"), ("p2", "response"), ("p1", "response")]
    assert card_at(out.position, "ally") == ("p2", "cementerio")
    assert {c.uid for c in out.position.player("p1").zone("cementerio")} == {"fuego", "contra"}
    assert out.position.player("p1").values["oro"] == 0
    window = out.trace.children[0].children[3]
    assert kinds(window) == ["decision", "annul", "decision", "annul"]


def test_window_with_no_possible_response_no_question_is_asked():
    position = WINDOW.loads(WINDOW_TEXT.replace("oro = 1", "oro = 0"))
    out = WINDOW.resolve(position, "jugar fuego", ["ally"])
    assert out.is_complete and asked(out) == [("p1", "target")]
    assert kinds(out.trace.children[0].children[3]) == ["no-response"]
    assert card_at(out.position, "ally") == ("p2", "cementerio")


def test_window_an_unanswered_window_stops_with_the_opponents_question():
    out = WINDOW.resolve(WINDOW_POSITION, "jugar fuego", ["ally"])
    assert out.question is not None and (out.question.player, out.question.key) == ("p2", "response")
    assert card_at(out.position, "fuego") == ("p1", "jugando")


# ---------------------------------------------------------------------------------------------------------------
# Priority loops: G&P keeps priority with the actor; MyL's Guerra de Talismanes alternates.
# ---------------------------------------------------------------------------------------------------------------

LOOP_POSITION = WINDOW.loads('''
active = "p1"
step = "guerra-de-talismanes"
[players.p1]
hand = [{ uid = "t1", card = "fuego" }]
[players.p2]
hand = [{ uid = "t2", card = "fuego" }]
''')


def _loop(answers: list[str], *, actor_keeps_priority: bool) -> Outcome:
    def body(res: Resolution) -> None:
        pos = res.position
        defender = pos.opponent(pos.active)

        def act(pid: str, uid: str) -> None:
            _, _, card = pos.find(uid)
            with res.step("play", "loop", f"{pid} juega {uid}", f"{pid} plays {uid}", card=uid):
                res.move(card, pid, "cementerio")

        priority_round(res, [defender, pos.active], rule="loop", actor_keeps_priority=actor_keeps_priority,
                       actions=lambda pid: [Option(c.uid, c.uid) for c in pos.player(pid).zone("hand")], act=act)

    return run(LOOP_POSITION, answers, lambda key: key, body)


def test_alternating_priority_loop_defender_first_ends_on_two_consecutive_passes():
    out = _loop(["t2", "pass", "pass"], actor_keeps_priority=False)
    assert out.is_complete
    assert asked(out) == [("p2", "priority"), ("p1", "priority"), ("p2", "priority")]
    assert card_at(out.position, "t2") == ("p2", "cementerio")


def test_keeping_priority_after_acting_asks_the_actor_again():
    out = _loop(["t2", "pass", "pass"], actor_keeps_priority=True)
    assert out.is_complete
    assert asked(out) == [("p2", "priority"), ("p2", "priority"), ("p1", "priority")]
    # An action wipes the passes counted so far: after p1 acts, p1 and then p2 must pass again.
    out = _loop(["t2", "pass", "t1", "pass", "pass"], actor_keeps_priority=True)
    assert out.is_complete
    assert asked(out) == [("p2", "priority"), ("p2", "priority"), ("p1", "priority"), ("p1", "priority"),
                          ("p2", "priority")]
    assert card_at(out.position, "t1") == ("p1", "cementerio")
    # Without the last pass the round is not over: the question is p2's, never a default.
    out = _loop(["t2", "pass", "t1", "pass"], actor_keeps_priority=True)
    assert out.question is not None and (out.question.player, out.question.key) == ("p2", "priority")


# ---------------------------------------------------------------------------------------------------------------
# order_simultaneous with each policy.
# ---------------------------------------------------------------------------------------------------------------

PAIR = WINDOW.loads('active = "a"\n[players.a]\n[players.b]\n')


def _simultaneous(policy: str, effects: list[tuple[str, str]], answers: list[str],
                  players: list[str] | None = None) -> tuple[Outcome, list[str]]:
    done: list[str] = []

    def body(res: Resolution) -> None:
        def resolve(p: Pending[str]) -> None:
            done.append(p.value)
            res.note("effect", "order", f"Efecto {p.value}", f"Effect {p.value}")

        pending = [Pending(owner, value, f"Efecto {value}", f"Effect {value}", value) for owner, value in effects]
        order_simultaneous(res, pending, policy=policy, players=players or ["a", "b"], rule="order", resolve=resolve)

    return run(PAIR, answers, lambda key: key, body), done


def test_a_single_effect_resolves_without_a_question_under_every_policy():
    for policy in (ACTIVE_PLAYER_ORDERS, ACTIVE_THEN_OTHERS, ALTERNATING):
        out, done = _simultaneous(policy, [("b", "b1")], [])
        assert out.is_complete and asked(out) == [] and done == ["b1"], policy


def test_active_player_orders_every_effect_even_the_opponents():
    out, done = _simultaneous(ACTIVE_PLAYER_ORDERS, [("a", "a1"), ("b", "b1"), ("a", "a2")], ["b1", "a2"],
                              players=["a"])
    assert out.is_complete
    assert done == ["b1", "a2", "a1"]  # the last one needs no question
    assert asked(out) == [("a", "order"), ("a", "order")]
    assert [[o.value for o in d.question.options] for d in out.decisions] == [["a1", "b1", "a2"], ["a1", "a2"]]
    assert [s.kind for s in out.trace.children] == ["decision", "effect", "decision", "effect", "effect"]


def test_active_then_others_lets_the_active_player_order_theirs_first():
    out, done = _simultaneous(ACTIVE_THEN_OTHERS, [("b", "b1"), ("a", "a1"), ("b", "b2"), ("a", "a2")], ["a2", "b2"])
    assert out.is_complete
    assert done == ["a2", "a1", "b2", "b1"]
    assert asked(out) == [("a", "order"), ("b", "order")]
    assert [[o.value for o in d.question.options] for d in out.decisions] == [["a1", "a2"], ["b1", "b2"]]


def test_alternating_starts_with_the_active_player_and_alternates():
    out, done = _simultaneous(ALTERNATING, [("a", "a1"), ("a", "a2"), ("b", "b1"), ("b", "b2")], ["a2", "b1"])
    assert out.is_complete
    assert done == ["a2", "b1", "a1", "b2"]
    assert asked(out) == [("a", "order"), ("b", "order")]
    # One each: no question at all, active player's first.
    out, done = _simultaneous(ALTERNATING, [("b", "b1"), ("a", "a1")], [])
    assert asked(out) == [] and done == ["a1", "b1"]
    # When one player runs out, the other resolves the rest (asked only while there is a real choice).
    out, done = _simultaneous(ALTERNATING, [("a", "a1"), ("b", "b1"), ("b", "b2"), ("b", "b3")], ["b3", "b1"])
    assert done == ["a1", "b3", "b1", "b2"]
    assert asked(out) == [("b", "order"), ("b", "order")]


def test_an_unanswered_order_question_stops_with_the_choosers_question():
    out, done = _simultaneous(ALTERNATING, [("a", "a1"), ("b", "b1"), ("b", "b2")], [])
    assert done == ["a1"]
    assert out.question is not None and (out.question.player, out.question.key) == ("b", "order")
    assert [o.value for o in out.question.options] == ["b1", "b2"]


# ---------------------------------------------------------------------------------------------------------------
# Determinism.
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset, position, play, answers", [
    (STACK, STACK_POSITION, "play bolt1", WITH_RESPONSE),
    (STACK, STACK_POSITION, "play bolt1", NO_RESPONSE),
    (WINDOW, WINDOW_POSITION, "jugar fuego", ["ally", "anul", "contra"]),
    (WINDOW, WINDOW_POSITION, "jugar fuego", ["ally", "anul", "pass"]),
], ids=["stack-response", "stack-plain", "window-counter", "window-annulled"])
def test_resolving_twice_with_the_same_answers_gives_the_same_trace_and_position(ruleset, position, play, answers):
    before = ruleset.dumps(position)
    first = ruleset.resolve(position, play, answers)
    second = ruleset.resolve(ruleset.loads(before), play, list(answers))
    assert first.is_complete and second.is_complete
    assert first.trace.to_dict() == second.trace.to_dict()
    assert ruleset.dumps(first.position) == ruleset.dumps(second.position)
    assert [d.to_dict() for d in first.decisions] == [d.to_dict() for d in second.decisions]
    assert ruleset.dumps(position) == before  # resolution works on a copy
    assert ruleset.dumps(first.position) != before

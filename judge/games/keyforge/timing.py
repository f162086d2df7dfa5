"""KeyForge's own timing: which abilities wait for an event, and in which order simultaneous ones resolve.

"After" and "each time" abilities of cards in play and of lasting effects are collected when their event happens
(:meth:`Timing.collect`) and resolved together in the order the active player chooses (JUGADOR ACTIVO,
order.simultaneous), each only while its card is still where it must be. So are the "Destruida:" abilities of the
cards destroyed together (DESTRUIDA). One ability resolves through the interpreter the game was given; abilities
that keep triggering each other are a loop the active player cuts (BUCLES INFINITOS). How this maps onto the
core's timing building blocks is in ``docs/timing-models.md``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any
from collections.abc import Callable

from judge.core.decisions import Option, Question
from judge.core.position import CardState
from judge.core.timing import ACTIVE_PLAYER_ORDERS, Pending, order_simultaneous
from judge.games.keyforge.board import IN_PLAY, matches
from judge.games.keyforge.incomplete import refusal

EVENT_PHRASES: dict[str, tuple[str, str]] = {
    "reap": ("{} cosechó", "{} reaped"), "fight": ("{} luchó", "{} fought"), "play": ("se jugó {}", "{} was played"),
    "destroyed": ("{} fue destruida", "{} was destroyed"), "enters-play": ("{} entró en juego", "{} entered play"),
    "used": ("se usó {}", "{} was used"), "damaged": ("{} sufrió daño", "{} was dealt damage"),
    "discard": ("se descartó {}", "{} was discarded"), "leaves-play": ("{} abandonó el juego", "{} left play"),
}
"""How an "after" ability in a question names the event it answers (its subject card filled in)."""

LOOP_LIMIT = 24
"""After this many repetitions a loop whose condition still holds is treated as unbounded (BUCLES INFINITOS)."""

LOOP_HARD_LIMIT = 40
"""Abilities that trigger each other without ever coming back to a state they were in are taken for an endless loop
after this many repetitions (a chain that stops by itself — each steal triggering another until the pool is empty —
is shorter than that)."""


@dataclass(frozen=True)
class Triggered:
    """An ability waiting to resolve because of an event."""

    card: CardState
    ability: dict[str, Any]
    event: dict[str, Any]
    needs_card_in_play: bool = True
    """False for an ability that resolves whether or not its card is in play ("Jugar:" of an action)."""
    rule: str | None = None
    lasting: bool = False
    """A lasting effect's ability: it is not the card's own, so the card going to a hidden zone does not stop it
    ("if Magda la Rata leaves play", also back to the hand: KF172-ERR-14)."""
    stamp: int = -1
    """The card's timestamp when the ability triggered (set from the card): a card that left play and came back is a
    new card, whose abilities these are not."""

    def __post_init__(self) -> None:
        if self.stamp < 0:
            object.__setattr__(self, "stamp", self.card.stamp)

    @property
    def same_card(self) -> bool:
        """Whether the card is still the object it was when the ability triggered."""
        return self.lasting or self.card.stamp == self.stamp


class _LoopCut(Exception):
    """Unwinds an endless loop of abilities back to its first resolution (BUCLES INFINITOS)."""

    def __init__(self, key: tuple[str, str], keep: int, decision: Any) -> None:
        super().__init__(key)
        self.key, self.keep, self.decision = key, keep, decision


class Timing:
    """The timing procedures of a :class:`~judge.games.keyforge.game.Game`."""

    def abilities_of(self, card: CardState, trigger: str) -> list[dict[str, Any]]:
        """The card's abilities with this trigger: printed ones (unless its text is blank) and granted ones."""
        found = [{**a, "_granter": granter} if granter != card.uid else a
                 for a, granter in self.board.abilities(card) if a.get("trigger") == trigger]
        # "Each friendly creature's play effect is a play/reap effect" (Arúspice Kompsos, constant ``also-trigger``):
        # its "Jugar:" abilities also resolve as "Después de cosechar:" ones (KF172-CARD-09).
        for source, effect in self.board.constant_effects():
            if effect.get("modify") == "also-trigger" and effect.get("as") == trigger and effect.get("from") != trigger \
                    and self.board.affects(source, effect, card):
                found += [{**a, "trigger": trigger} for a in self.abilities_of(card, str(effect.get("from")))]
        return found

    def run_ability(self, card: CardState, ability: dict[str, Any], *, label_es: str, label_en: str,
                    event: dict[str, Any] | None = None, rule: str | None = None) -> None:
        if ability.get("incomplete"):
            raise refusal(self.board.define(card), ability)
        controller = self.as_if_yours.get(card.uid, card.controller)
        ctx = self.context(card.uid, controller, event or {}, last_known=card, granter=ability.get("_granter"))
        # BUCLES INFINITOS: abilities that make each other resolve again and again (each one triggered, inside its
        # own resolution, by what the other does) are a loop no rule of six bounds. The same ability entered again
        # while it is still resolving is a repetition of the loop; past the limit the active player chooses how many
        # times the loop resolves, and the game is set back to the state after that many.
        key = (card.uid, repr(ability.get("effects")))
        frames = self._loop_frames
        outermost = key not in frames
        if outermost:
            frames[key] = []
        else:
            fingerprint = self.rules.dumps(self.position)
            # A loop that comes back to a state it was already in never ends by itself; one that does not is only
            # taken for endless after LOOP_HARD_LIMIT repetitions (a long chain that stops by itself — each steal
            # triggering another until the pool is empty — is no loop to cut).
            cycled = any(f == fingerprint for _, f in frames[key])
            frames[key].append((self.res.checkpoint(), fingerprint))
            if cycled:
                self._loop_cycled.add(key)
            if len(frames[key]) > (LOOP_LIMIT if key in self._loop_cycled else LOOP_HARD_LIMIT):
                keep = self.choose_loop_count(len(frames[key]) - 1)
                raise _LoopCut(key, keep, self.res.current.children[-1])
        try:
            with self.res.step("ability", rule or "ability", label_es, label_en, card=card.uid):
                self.interpreter.run_effects(ctx, ability.get("effects", []))
                self.check_state()
        except _LoopCut as cut:
            if not outermost or cut.key != key:
                raise
            self.res.rollback(frames[key][cut.keep][0], keep=[cut.decision])
            self.marked = []
            self._destroying = False
            self.res.note("loop-stopped", "infinite-loops",
                          f"El bucle se detiene tras {cut.keep} repeticiones", f"The loop stops after {cut.keep} repetitions",
                          card=card.uid)
        finally:
            if outermost:
                del frames[key]
                self._loop_cycled.discard(key)

    def choose_loop_count(self, n: int) -> int:
        """BUCLES INFINITOS: the active player chooses how many times (up to ``n``) the loop is repeated."""
        return int(self.res.ask(Question(
            key="loop-count", player=self.active, rule="infinite-loops",
            prompt_es=f"El bucle no termina por sí solo: ¿cuántas veces se resuelve (hasta {n})?",
            prompt_en=f"The loop does not end by itself: how many times does it resolve (up to {n})?",
            options=tuple(Option(str(k), str(k), str(k)) for k in range(1, n + 1)))))

    def fire(self, event: str, **info: Any) -> None:
        """Resolve every "after"/"each time" ability waiting for ``event``, in the active player's order."""
        self.resolve_pending(self.collect(event, **info))

    def collect(self, event: str, **info: Any) -> list[Pending[Any]]:
        """The "after"/"each time" abilities waiting for ``event`` (not yet resolved)."""
        pending: list[Pending[Any]] = []
        subject = info.get("card")
        if subject is not None and "zone" not in info:
            found = self.position.find(subject.uid)
            if found:
                info["zone"] = f"{found[0].id}.{found[1]}"
        for _, zone, card in list(self.position.all_cards()):
            if zone not in IN_PLAY or card.get("grafted") or card.get("under"):
                continue
            for i, ability in enumerate(self.abilities_of(card, "after")):
                if ability.get("event") == event and self._event_matches(card, ability, info):
                    es, en = f"«Después de» de {self.label(card)}", f"'After' of {self.label(card, 'en')}"
                    if subject is not None and subject.uid != card.uid:
                        # Say which event it answers: one card's abilities for two events would read the same.
                        es, en = f"{es} ({self.label(subject)})", f"{en} ({self.label(subject, 'en')})"
                        phrase = EVENT_PHRASES.get(event)
                        if phrase:
                            es = f"«Después de» de {self.label(card)}: {phrase[0].format(self.label(subject))}"
                            en = f"'After' of {self.label(card, 'en')}: {phrase[1].format(self.label(subject, 'en'))}"
                    pending.append(self.pending(card, f"{card.uid}:{event}:{i}", es, en, Triggered(card, ability, info)))
        # Lasting effects that wait for an event ("for the remainder of the turn, each time you play…") go on even if
        # the card that made them has left play (EFECTOS DURADEROS).
        for n, lasting in enumerate(self.position.values.get("lasting", [])):
            ability = lasting.get("ability")
            if not ability or ability.get("event") != event or self.board.lasting_waiting(lasting):
                continue
            source = self.lasting_source(lasting)
            # "You" is the player whose effect it is (EFECTOS DURADEROS), in its filter as in its effects, even if the
            # card that made it has since changed control.
            seen_by = source if source.controller == lasting["controller"] else replace(source, controller=lasting["controller"])
            if self._event_matches(seen_by, ability, info):
                if lasting.get("duration") in ("next-time", "once"):
                    # "La próxima vez": it applies once, the next time the event begins this turn, then ends ("once":
                    # the same with no end of turn, e.g. "if Magda la Rata leaves play", KF172-ERR-14).
                    remaining = [e for e in self.position.values.get("lasting", []) if e is not lasting]
                    self.res.note("next-time-used", "lasting-effects", "El efecto duradero se aplica una vez y termina",
                                  "The lasting effect applies once and ends")
                    self.res.set_value("lasting", remaining or None)
                es, en = f"Efecto duradero de {self.label(source)}", f"Lasting effect of {self.label(source, 'en')}"
                pending.append(self.pending(source, f"lasting{n}:{event}", es, en,
                                            Triggered(seen_by, ability, info, needs_card_in_play=False, lasting=True),
                                            controller=lasting["controller"]))
        return pending

    def lasting_source(self, lasting: dict[str, Any]) -> CardState:
        """The card that made a lasting effect, wherever it is now (or as it was, if it is gone from the position)."""
        found = self.position.find(lasting.get("source", ""))
        if found:
            return found[2]
        return CardState(uid=lasting.get("source", "?"), card=lasting.get("card", "?"), owner=lasting["controller"],
                         controller=lasting["controller"])

    def own_abilities(self, card: CardState, trigger: str, info: dict[str, Any]) -> list[Pending[Any]]:
        """A card's own abilities of one trigger ("Después de cosechar:" of the creature that reaped…)."""
        names = {"after-reap": ("«Después de cosechar:»", "'After Reap:'"), "after-fight": ("«Después de luchar:»", "'After Fight:'")}
        es, en = names.get(trigger, (trigger, trigger))
        return [self.pending(card, f"{card.uid}:{trigger}:{i}", *self.ability_label(card, ability, es, en),
                             Triggered(card, ability, info))
                for i, ability in enumerate(self.abilities_of(card, trigger))]

    def resolve_pending(self, pending: list[Pending[Triggered]],
                        refresh: Callable[[], list[Pending[Triggered]]] | None = None) -> None:
        """Resolve simultaneous abilities in the active player's order; one whose card has left play meanwhile does
        not, unless it resolves from anywhere (a "Jugar:" ability of an action)."""
        if not pending:
            return
        pending = self._distinguish(pending)
        if refresh is not None:
            inner = refresh
            refresh = lambda: self._distinguish(inner())  # noqa: E731

        def run(p: Pending[Triggered]) -> None:
            # A "Jugar:" ability triggered "an additional time" (Oficial Científico Morfeus) resolves again right after
            # itself, before the active player picks the next ability of the window (KF172-CARD-91).
            for again in range(int(getattr(p.item, "ability", {}).get("_repeat", 1)) if isinstance(p.item, Triggered) else 1):
                if again:
                    self.res.note("again", "order.simultaneous", "Se resuelve una vez adicional",
                                  "It resolves an additional time")
                run_once(p)

        def run_once(p: Pending[Triggered]) -> None:
            t = p.item
            if self.board.in_play(t.card) and not t.same_card:
                # It left play and came back: a new card, for which this ability never triggered (ABANDONA EL JUEGO).
                self.res.note("new-card", "leaves-play",
                              f"{self.label(t.card)} abandonó el juego y volvió: es una carta nueva y su efecto no se resuelve",
                              f"{self.label(t.card, 'en')} left play and came back: it is a new card and its effect does "
                              "not resolve", card=t.card.uid)
                return
            if self.board.in_play(t.card):
                self.run_ability(t.card, t.ability, label_es=p.label_es, label_en=p.label_en, event=t.event, rule=t.rule)
                return
            if t.needs_card_in_play:
                return
            where = self.position.find(t.card.uid)
            if where and t.rule == "play-abilities" and self.board.define(t.card).type != "action" \
                    and where[1] not in ("hand", "deck", "archives"):
                # A creature, artifact or upgrade that left play before its "Jugar:" resolved does not resolve it,
                # whichever zone it went to (KF172-GEN-55: it leaves play before its "Jugar:" has a chance to
                # resolve); its bonus icons resolved all the same (KF172-GEN-56).
                self.res.note("out-of-play", "leaves-play",
                              f"{self.label(t.card)} ya no está en juego: su «Jugar:» no se resuelve",
                              f"{self.label(t.card, 'en')} is no longer in play: its 'Play:' does not resolve",
                              card=t.card.uid)
                return
            if where and where[1] in ("hand", "deck", "archives") and self.board.define(t.card).type != "action" \
                    and not t.lasting:
                # A card that went from play to a hidden zone before its "Jugar:" resolved takes it along
                # (ABANDONA EL JUEGO; Fatua Morena destroyed by its own bonus icon, KF172-GEN-55).
                self.res.note("out-of-reach", "leaves-play",
                              f"{self.label(t.card)} ya está en una zona oculta: su efecto no se resuelve",
                              f"{self.label(t.card, 'en')} is already in a hidden zone: its effect does not resolve",
                              card=t.card.uid)
                return
            self.run_ability(t.card, t.ability, label_es=p.label_es, label_en=p.label_en, event=t.event, rule=t.rule)

        order_simultaneous(self.res, pending, policy=ACTIVE_PLAYER_ORDERS, players=[self.active],
                           rule="order.simultaneous", resolve=run, refresh=refresh)

    def _distinguish(self, pending: list[Pending[Any]]) -> list[Pending[Any]]:
        """One ability triggered by several events of the same window (a creature's "each time an enemy creature is
        destroyed fighting it" when Splash Attack destroys three): each copy is named by the card its event is about,
        so that an answer can tell them apart; copies that do not depend on their event are interchangeable."""
        counts = Counter(p.value for p in pending)
        out = []
        for n, p in enumerate(pending):
            t = p.item
            if counts[p.value] > 1 and isinstance(t, Triggered):
                subject = t.event.get("card")
                uid = subject.uid if isinstance(subject, CardState) else str(n)
                text = repr(t.ability.get("effects")) + repr(t.ability.get("if"))
                es = f"{p.label_es} — {self.label(subject)}" if isinstance(subject, CardState) else p.label_es
                en = f"{p.label_en} — {self.label(subject, 'en')}" if isinstance(subject, CardState) else p.label_en
                answer = f"{p.answer} ({self.board.name(subject, 'en')})" if p.answer and isinstance(subject, CardState) else ""
                p = replace(p, value=f"{p.value}:{uid}", label_es=es, label_en=en,
                            same_as=None if "event" in text else p.value, answer=answer)
            out.append(p)
        return out

    def _event_matches(self, card: CardState, ability: dict[str, Any], info: dict[str, Any]) -> bool:
        f = ability.get("filter", {})
        subject = info.get("card")
        if f.get("self") and (subject is None or subject.uid != card.uid):
            return False
        if "who" in f:
            player = info.get("player")
            if f["who"] == "you" and player != card.controller:
                return False
            if f["who"] == "opponent" and player == card.controller:
                return False
        if "fighting-self" in f and info.get("fighting") != card.uid:
            return False
        if "by-damage-of" in f or "damage" in f:
            # "Destroyed by this creature's (splash-attack) damage": the damage that destroyed the card, by its source
            # and its kind (power, assault, hazardous, splash-attack, bonus-icon, ability).
            if not any((f.get("by-damage-of") != "self" or src == card.uid) and f.get("damage", kind) == kind
                       for src, kind in info.get("damage", ())):
                return False
        if "host" in f:
            # "After you attach this upgrade to <a card>": the creature it was attached to (Bláster de García).
            host = info.get("host")
            if host is None or not matches(self.board, {**f["host"], "all": True}, host, controller=card.controller,
                                           source=card):
                return False
        if "how" in f and info.get("how") != f["how"]:
            return False  # "used to fight" (Pequeña Niff, KF172-CARD-93)
        if "house" in f and info.get("house") != f["house"]:
            return False
        if f.get("by-bonus-icon") and info.get("by") != "bonus-icon":
            return False  # "dealt damage by a damage bonus icon" (Maleficornio, KF172-GEN-51)
        if "played-on" in f:
            # "On their flank" is a flank of the battleline of the player who played it; "on your flank"
            # (``flank-of = "you"``), of this card's controller (FLANCO).
            line = card.controller if f.get("flank-of") == "you" else info.get("player")
            if f["played-on"] not in info.get("played-on", ()) or info.get("played-line") != line:
                return False
        if f.get("not-self") and subject is not None and subject.uid == card.uid:
            return False
        if "subject" in f and subject is not None and not matches(self.board, f["subject"], subject,
                                                                  controller=card.controller, source=card):
            return False
        return True

    def resolve_destroyed_abilities(self) -> None:
        # Each marked card resolves the "Destruida:" abilities it had when it was marked; cards marked meanwhile
        # join the same group before anything leaves play (DESTRUIDA).
        done: set[str] = set()

        def pending() -> list[Pending[tuple[CardState, dict[str, Any]]]]:
            out = []
            for card in self.marked:
                for i, ability in enumerate(self.destroyed_abilities.get(card.uid, ())):
                    key = f"{card.uid}:destroyed:{i}"
                    if key not in done:
                        es, en = self.ability_label(card, ability, "«Destruida:»", "'Destroyed:'")
                        out.append(self.pending(card, key, es, en, (card, ability)))
            return out

        first = pending()
        if not first:
            self.res.note("no-destroyed", "order.destroyed.2", "No hay efectos «Destruida:»", "No 'Destroyed:' effects")
            return
        with self.res.step("destroyed-effects", "order.destroyed.2", "Se resuelven los efectos «Destruida:»",
                           "'Destroyed:' effects resolve"):
            def run(p: Pending[tuple[CardState, dict[str, Any]]]) -> None:
                done.add(p.value)
                card, ability = p.item
                replaces_own = any(e.get("do") == "save" and e.get("target") == "self" for e in ability.get("effects", ()))
                if replaces_own and self.board.in_play(card) and not card.get("marked"):
                    # An "instead" replacement of this card's destruction needs a destruction to replace: once another
                    # one has removed the mark, it does not resolve (EFECTOS DE SUSTITUCIÓN; two Capas del Armagedón on
                    # one creature: only one is destroyed, each ability naming its own copy, KF172-GEN-93).
                    self.res.note("nothing-to-replace", "replacement-effects",
                                  f"{self.label(card)} ya no va a ser destruida: {p.label_es} no tiene nada que sustituir",
                                  f"{self.label(card, 'en')} is no longer being destroyed: {p.label_en} has nothing to replace",
                                  card=card.uid)
                    return
                self.run_ability(card, ability, label_es=p.label_es, label_en=p.label_en)

            order_simultaneous(self.res, first, policy=ACTIVE_PLAYER_ORDERS, players=[self.active],
                               rule="order.simultaneous", resolve=run, refresh=pending)

    def run_replacement(self, source: CardState, effect: dict[str, Any], text_es: str, text_en: str,
                        label_es: str, label_en: str) -> None:
        """What a constant "instead" effect does in place of the event it replaces, resolved as one ability."""
        with self.res.step("replaced", "replacement-effects", text_es, text_en, card=source.uid):
            self.run_ability(source, {"trigger": "constant", "effects": effect.get("effects", [])},
                             label_es=label_es, label_en=label_en, rule="replacement-effects")

    def each_in_order(self, items: list[Pending[Any]], resolve: Callable[[Pending[Any]], None]) -> None:
        """Resolve simultaneous items in the order the active player chooses (order.simultaneous)."""
        order_simultaneous(self.res, items, policy=ACTIVE_PLAYER_ORDERS, players=[self.active],
                           rule="order.simultaneous", resolve=resolve)

"""Read-only questions about a KeyForge position: what a card is now (power, armor, keywords, houses), where it
stands (flanks, neighbors, centre) and which cards are friendly or enemy. Nothing here changes the position.

Constant abilities and lasting effects are folded in here, so every rule that asks "what is this creature's power"
asks the same function; and so is :func:`matches`, whether a card fits a target description of the vocabulary
(its kind, side and filters), which those effects and the abilities' targets both ask.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Iterator

from judge.core.errors import JudgeError
from judge.core.kept import Counted, while_unchanged
from judge.core.position import CardState, Position
from judge.games.keyforge.catalog import HOUSES, CardDef, Catalog
from judge.games.keyforge import standing
from judge.games.keyforge.incomplete import refusal

IN_PLAY = ("battleline", "artifacts")
_AS_PRINTED = frozenset({"token", "as-upgrade", "copy-of"})
"""The states that make a card other than the card printed (:meth:`Board.define`); damage, exhaustion and the other
counters do not, and most cards in play carry some of them."""


def _unchanged(board: Board) -> tuple[Any, ...]:
    """What the board reads besides its catalog: while this stays the same, so do the constant effects in force."""
    # A board that reads the condition of a conditional effect sets the conditional ones aside while it does
    # (``_holding``, where it has it): what it finds then is another answer.
    return (board.position.revision, board.as_if_yours.changes, board.last_neighbors.changes,
            board.__dict__.get("_holding", False), board.__dict__.get("_ranking", False))


@dataclass
class Board:
    """A position seen through the catalog."""

    position: Position
    catalog: Catalog
    as_if_yours: dict[str, str] = field(default_factory=Counted)
    """Cards used "as if they were yours": they count as friendly to the player using them (KF172-GEN-19)."""
    last_neighbors: dict[str, list[str]] = field(default_factory=Counted)
    """uid of a creature that left play → its neighbours just before it left (Desolar, Dolor en Cadena)."""
    _blanking: dict[str, bool] = field(default_factory=dict, repr=False)
    """Card id → whether its printed text blanks other cards (looked up on every ability check: kept, not recomputed)."""
    _blanker_here: bool | None = field(default=None, repr=False)
    """Whether any card of this position could blank another's text box (worked out once, :meth:`_may_blank`)."""
    _zones_seen: tuple[int, dict[str, bool]] = field(default=(-1, {}), repr=False)
    """The revision of the position and, for the uids asked about then, whether the card is in play."""
    _holding: bool = field(default=False, repr=False)
    """Set while the condition of a conditional constant effect is read: the conditional ones are left aside then."""
    _granting: bool = field(default=False, repr=False)
    """Set while the constant abilities granted to cards are gathered: a granted one grants nothing in turn."""
    _ranking: bool = field(default=False, repr=False)
    """Set while the most (least) powerful creatures a constant effect names are worked out (:meth:`_ranked_in`)."""
    condition: Callable[[CardState, dict[str, Any]], bool] | None = field(default=None, repr=False)
    """Whether a condition of the vocabulary holds for an effect of a card (the interpreter's; set by the game):
    constant effects that say "while …" (``if``) apply only while it holds."""
    base_hand_size: int = 6
    """How many cards a player refills their hand to (PASO 5), before the effects that change it."""

    # What a card is.

    def define(self, card: CardState) -> CardDef:
        if _AS_PRINTED.isdisjoint(card.state):
            return self.catalog.lookup(card.card)  # no token, form or copy to look at: the card as printed
        base = self.base_define(card)
        copied = card.state.get("copy-of")
        if copied:
            # A card played as a copy of another (Gel Mímico, Imitación) is that card as printed from the moment it
            # is played until it leaves play (the state is cleared then).
            return self.catalog.copy_of(base, str(copied))
        return base

    def base_define(self, card: CardState) -> CardDef:
        """The card itself, not what a copy effect makes it (what Ciberclón reads: KF172-CARD-26)."""
        token = card.state.get("token")
        # A token creature is a copy of its reference card; while it is being made (face down, on its way to a flank)
        # it is already the token, so the flank question does not name the hidden card (CRIATURAS FICHA).
        if token and (self.in_play(card) or card.state.get("face-down")):
            return self.catalog.lookup(str(token))
        d = self.catalog.lookup(card.card)
        if card.state.get("as-upgrade") and d.as_upgrade is not None:
            return self.catalog.upgrade_form(d)  # played as an upgrade (Astromóvil Explorador)
        return d

    def battleline_power(self, card: CardState, d: CardDef | None = None) -> int | None:
        """The power of a card that is a creature only while it is in the battleline (Autolegionario, KF172-ERR-04),
        or None. Read from the card's own text (not through constant_effects, which asks what is a creature)."""
        d = d or self.define(card)
        for lasting in self.position.values.get("lasting", []):
            effect = lasting.get("effect", {})
            if effect.get("modify") == "animate" and card.uid in effect.get("target", {}).get("uids", ()):
                # Animador: for the remainder of the turn the artifact is a creature with this power (KF172-CARD-07).
                return int(effect.get("power", 0))
        for ability in d.abilities:
            effect = ability.get("effect", {})
            if ability.get("trigger") == "constant" and effect.get("modify") == "creature-in-battleline":
                try:
                    _, zone, _, _, host = self.position.locate(card.uid)
                except KeyError:
                    return None
                if zone == "battleline" and host is None:
                    return int(effect.get("power", 0))
        return None

    def name(self, card: CardState, lang: str = "es") -> str:
        return self.define(card).name(lang)

    def label(self, card: CardState, lang: str = "es") -> str:
        return f"{self.name(card, lang)} ({card.uid})"

    def is_creature(self, card: CardState) -> bool:
        if self.battleline_power(card) is not None:
            return True  # "while in the battleline it is considered a creature" (KF172-ERR-04)
        return self.define(card).is_creature and not self.host_of(card)

    def zone_of(self, card: CardState) -> tuple[str, str]:
        player, zone, _, _, host = self.position.locate(card.uid)
        return player.id, ("upgrade" if host else zone)

    def host_of(self, card: CardState) -> CardState | None:
        return self.position.locate(card.uid)[4]

    def in_play(self, card: CardState) -> bool:
        if card.get("grafted") or card.get("under"):
            return False  # INJERTAR: a grafted card is not in play
        # Asked for a token at every look at what it is (base_define): kept for the revision of the position, as
        # every move is a new revision.
        revision = self.position.revision
        kept = self._zones_seen
        if kept[0] != revision:
            kept = self._zones_seen = (revision, {})
        found = kept[1].get(card.uid)
        if found is None:
            try:
                _, zone, _, _, _ = self.position.locate(card.uid)
            except KeyError:
                zone = ""
            found = kept[1][card.uid] = zone in IN_PLAY
        return found

    def houses(self, card: CardState) -> set[str]:
        override = self._lasting_value(card, "house")
        if override:
            return {override}
        # A constant "it belongs to house X" (Formación Académica) applies under the lasting changes: the most recent
        # effect wins (CASA, KF172-GEN-17), and a lasting change made this turn is taken as more recent than the card
        # already in play that gives the constant one. Decision: the position keeps no timestamps, so an upgrade
        # played after a lasting house change of the same turn is still ranked under it.
        for source, effect in self.constant_effects():
            if effect.get("modify") == "house" and "_lasting" not in effect and self.affects(source, effect, card):
                return {effect["value"]}
        if card.get("maverick"):
            # DISIDENTE: a maverick card belongs, for every game purpose, to the house printed on it — not to its
            # usual one (KF172-CARD-104: a maverick Señor del Foso in a deck without Dis is not a Dis card).
            return {str(card.get("maverick"))}
        d = self.define(card)
        if any(True for _ in self._modifiers(card, "all-houses")):
            # "This creature belongs to all houses" (Terapia Experimental as printed, before KF172-ERR-19).
            return {h for h in HOUSES if h not in ("none", "prophecy", "tide")}
        return set(d.houses) or {d.house}

    def is_blank(self, card: CardState) -> bool:
        """Whether the card's text box counts as blank (Sombra de Dis): no abilities and no keywords."""
        for lasting in self.position.values.get("lasting", []):
            effect = lasting.get("effect", {})
            if effect.get("modify") == "blank" and self._lasting_affects(lasting, card):
                return True
        if not self._may_blank():
            return False
        for _, zone, source in self.position.all_cards():
            if zone in IN_PLAY and source is not card and not source.get("grafted"):
                d = self.define(source)
                if not self._blanks_others(d):
                    continue
                for ability in d.abilities:
                    effect = ability.get("effect", {})
                    if ability.get("trigger") == "constant" and effect.get("modify") == "blank" \
                            and self.affects(source, effect, card):
                        return True
        return False

    def _may_blank(self) -> bool:
        """Whether any card of this position could blank another's text box. Cards only move between zones while a
        play resolves (a token or a copy is a card of the catalog that blanks nothing, or a copy of one here), so it
        is asked once per board: the common case — no such card at the table — then costs nothing on each ability
        check, however many cards of the catalog have been read."""
        if self._blanker_here is None:
            self._blanker_here = self.catalog.has_blanking_cards() and any(
                self._blanks_others(self.base_define(c)) for _, _, c in self.position.all_cards())
        return self._blanker_here

    def _blanks_others(self, d: CardDef) -> bool:
        known = self._blanking.get(d.id)
        if known is None:
            known = self._blanking[d.id] = any(a.get("trigger") == "constant" and a.get("effect", {}).get("modify") == "blank"
                                               for a in d.abilities)
        return known

    def printed_abilities(self, card: CardState) -> tuple[dict[str, Any], ...]:
        d = self.define(card)
        if self.is_blank(card):
            return ()
        if d.incomplete:
            raise refusal(d)
        if d.unknown_constant is not None and self.in_play(card):
            # A constant ability in force may change anything the engine rules on: with one not encoded, nothing is
            # ruled while the card is in play.
            raise refusal(d, d.unknown_constant)
        return d.abilities

    @while_unchanged(_unchanged)
    def constant_effects(self) -> Iterator[tuple[CardState, dict[str, Any]]]:
        """Constant abilities of cards in play (active even while exhausted), and lasting effects; then the constant
        abilities they grant ("this creature gains, 'Your opponent's keys cost +2'"), each as the ability of the card
        that gains it — its "you" is that card's controller. Whether a card gains one is read without the other granted
        constant abilities, so that a grant never depends on itself."""
        grants = []
        for source, effect in self._own_constant_effects():
            if effect.get("modify") == "gain-ability" and isinstance(effect.get("ability"), dict) \
                    and effect["ability"].get("trigger") == "constant":
                grants.append((source, effect))
            yield source, effect
        if not grants or self._granting:
            return
        self._granting = True
        try:
            granted = [(card, effect["ability"]["effect"]) for source, effect in grants
                       for _, zone, card in self.position.all_cards() if zone in IN_PLAY
                       and isinstance(effect["ability"].get("effect"), dict) and self.affects(source, effect, card)
                       and self._in_force(card, card.controller, effect["ability"]["effect"])]
        finally:
            self._granting = False
        yield from granted

    def _own_constant_effects(self) -> Iterator[tuple[CardState, dict[str, Any]]]:
        for _, zone, card in self.position.all_cards():
            if zone not in IN_PLAY or card.get("grafted") or card.get("under"):
                continue
            for ability in (*self.printed_abilities(card), *self.gained_text_abilities(card)):
                if ability.get("trigger") == "constant" and self._in_force(card, card.controller, ability["effect"]):
                    yield card, ability["effect"]
        for lasting in self.position.values.get("lasting", []):
            effect = lasting.get("effect")
            if effect and not self.lasting_waiting(lasting):
                source = self.position.find(lasting.get("source", ""))
                card = source[2] if source else CardState(uid=lasting.get("source", "?"), card="?",
                                                          owner=lasting["controller"], controller=lasting["controller"])
                if self._in_force(card, lasting["controller"], effect):
                    yield card, {**effect, "_lasting": lasting}

    def _in_force(self, source: CardState, controller: str, effect: dict[str, Any]) -> bool:
        """A constant effect "while <condition>" applies only while its ``condition`` holds. A condition that itself
        asks for constant effects (a power, a keyword) reads the board without the other conditional ones: a
        condition never depends on itself."""
        if "condition" not in effect:
            return True
        if self._holding:
            return False
        self._holding = True
        try:
            return standing.holds(self, source, controller, effect["condition"])
        finally:
            self._holding = False

    def fits(self, target: dict[str, Any], card: CardState, *, controller: str, source: CardState | None) -> bool:
        return matches(self, target, card, controller=controller, source=source)

    def constant_amount(self, source: CardState, expr: Any) -> int:
        return self._amount(source, expr)

    def lasting_waiting(self, lasting: dict[str, Any]) -> bool:
        """A lasting effect "during your opponent's next turn" that has not started yet: it does nothing during the
        rest of the turn it was created in (Pesadilla Consciente, Mercado Arrinconado, KF172-CARD-94, KF172-ERR-16)."""
        return lasting.get("duration") == "opponents-next-turn" and self.position.turn < int(lasting.get("turn", 0))

    def _lasting_affects(self, lasting: dict[str, Any], card: CardState) -> bool:
        target = lasting.get("effect", {}).get("target", {})
        if "uids" in target:
            return card.uid in target["uids"]
        return self.in_play(card) and matches(self, target, card, controller=lasting["controller"], source=None)

    def abilities(self, card: CardState) -> list[tuple[dict[str, Any], str]]:
        """Every ability the card has now, each with the uid of the card that gives it (itself, or the card whose
        constant ability grants it — an upgrade's "this creature gains…", Arquímedes' neighbors)."""
        found = [(a, card.uid) for a in self.printed_abilities(card)]
        # A gained text box (Credo de la Crianza) belongs to the creature that gains it: its self-references name
        # that creature (TEXTO AUTORREFERENCIAL, KF172-GEN-92), so it resolves as the creature's own ability.
        found += [(a, card.uid) for a in self.gained_text_abilities(card)]
        blank = self.is_blank(card)
        attached = {u.uid for u in card.attached}
        for source, effect in self.constant_effects():
            if effect.get("modify") == "gain-ability" and self.affects(source, effect, card):
                if blank and source.uid in attached:
                    continue  # what an upgrade gives counts as the host's text box, blank too (KF172-CARD-110)
                found.append((effect["ability"], source.uid))
        return found

    def gained_text_boxes(self, card: CardState) -> list[CardDef]:
        """The cards whose text box this card has gained for a while (Credo de la Crianza)."""
        out = []
        for lasting in self.position.values.get("lasting", []):
            effect = lasting.get("effect", {})
            if effect.get("modify") == "gain-text-box" and card.uid in effect.get("target", {}).get("uids", ()):
                out.append(self.catalog.lookup(str(effect["of"])))
        return out

    def gained_text_abilities(self, card: CardState) -> list[dict[str, Any]]:
        return [a for d in self.gained_text_boxes(card) for a in d.abilities]

    def _modifiers(self, card: CardState, kind: str, *, entering: bool = False) -> Iterator[tuple[CardState, dict[str, Any]]]:
        for source, effect in self.constant_effects():
            if effect.get("modify") == kind and self.affects(source, effect, card, entering=entering):
                yield source, effect

    def affects(self, source: CardState, effect: dict[str, Any], card: CardState, *, entering: bool = False) -> bool:
        """Whether a constant effect of ``source`` applies to ``card``; ``entering``: the card is entering play and is
        judged as if it were already in play (ENTRAR EN JUEGO: a keyword a card ability adds, such as Deploy, is added
        as the card enters play and modifies how it enters)."""
        target = effect.get("target", "self")
        if target == "self":
            return card.uid == source.uid
        if target == "host":
            host = self.host_of(source) if self.position.find(source.uid) else None
            return host is not None and host.uid == card.uid
        lasting = effect.get("_lasting", {})
        if lasting.get("duration") == "while-controlled" and card.controller != lasting.get("controller"):
            # EFECTOS DURADEROS: "for as long as you control it" (Tomar Prestado) lasts only the time it names: it
            # does nothing to a card its creator no longer controls, whatever the effect.
            return False
        if isinstance(target, dict):
            if target.get("uids") is not None:
                return card.uid in target["uids"]
            controller = lasting.get("controller", source.controller)
            if not ((entering or self.in_play(card)) and matches(self, target, card, controller=controller, source=source)):
                return False
            return self._ranked_in(target, card, controller=controller, source=source)
        return False

    def _ranked_in(self, target: dict[str, Any], card: CardState, *, controller: str, source: CardState) -> bool:
        """MÁS PODEROSA / MENOS PODEROSA in a constant effect's target ("the least powerful creatures cannot reap",
        Saurario): ``card`` is among the creatures of the highest (lowest) power of those in play the rest of the
        target describes — every one tied for it. A power read while this is worked out leaves the ranked effects
        aside, so that a ranking never depends on itself."""
        f = target.get("filter", {})
        key = "most-powerful" if f.get("most-powerful") else "least-powerful" if f.get("least-powerful") else None
        if key is None:
            return True
        if self._ranking:
            return False
        rest = {**target, "filter": {k: v for k, v in f.items() if k != key}}
        self._ranking = True
        try:
            pool = [c for _, zone, c in self.position.all_cards() if zone in IN_PLAY and not c.get("under")
                    and not c.get("grafted") and matches(self, rest, c, controller=controller, source=source)]
            group = self.most_powerful(pool) if key == "most-powerful" else self.least_powerful(pool)
        finally:
            self._ranking = False
        return any(c.uid == card.uid for c in group)

    def _player_value(self, controller: str, expr: str) -> int:
        """``you.amber``, ``opponent.unforged-keys``… seen from ``controller`` (for constant amounts)."""
        who, _, what = expr.partition(".")
        pid = controller if who == "you" else self.position.opponent(controller)
        player = self.position.player(pid)
        if what == "amber":
            return int(player.values.get("amber", 0))
        if what == "keys":
            return self.forged_keys(pid)
        if what == "unforged-keys":
            return 3 - self.forged_keys(pid)
        if what == "chains":
            return int(player.values.get("chains", 0))
        if what in ("hand", "deck", "discard", "archives"):
            return len(player.zone(what))
        raise ValueError(f"unknown value {expr!r}")

    def _switched(self, card: CardState) -> bool:
        """Power and armor switched (Forjaluz Clariel); a second switch puts them back."""
        return sum(1 for _ in self._modifiers(card, "switch-power-armor")) % 2 == 1

    def _considered(self, card: CardState, stat: str) -> int | None:
        """"Each creature is considered to have 1 power and 0 armor" (La Estrella Pálida): the value is that, whatever
        counters or other effects say, even ones added later — "cannot have another value" beats every "gets +X"
        (KF172-CARD-83). The most recent such effect wins."""
        value = None
        for _, effect in self._modifiers(card, "considered"):
            if stat in effect:
                value = int(effect[stat])
        return value

    def power(self, card: CardState, *, unswitched: bool = False) -> int:
        fixed = self._considered(card, "power")
        if fixed is not None:
            return fixed
        if not unswitched and self._switched(card):
            # The power is the creature's total armor — printed plus modifiers, even armor already used this turn —
            # and the armor is its power; modifiers of the old value do not follow it (KF172-CARD-51, KF172-CARD-52).
            return self.armor(card, unswitched=True)
        base = self.define(card).power
        as_creature = self.battleline_power(card)
        if as_creature is not None:
            base = as_creature
        for source, effect in self._modifiers(card, "set-power"):
            base = self._amount(source, effect.get("value", 0))
        base += int(card.get("power", 0))
        return max(0, base + sum(self._amount(s, e.get("amount", 0)) for s, e in self._modifiers(card, "power")))

    def _amount(self, source: CardState, expr: Any) -> int:
        """A number in a constant effect: a whole number or { sum-power = <target> } (X of Filibustero)."""
        if isinstance(expr, int):
            return expr
        if isinstance(expr, dict) and "sum-power" in expr:
            spec = expr["sum-power"]
            pool = self.neighbors(source) if spec.get("neighbors") else self.creatures()
            return int(expr.get("times", 1)) * sum(self.power(c) for c in pool
                       if matches(self, {**spec.get("of", {}), "all": True}, c, controller=source.controller, source=source))
        if isinstance(expr, dict) and "value" in expr:
            if str(expr["value"]).startswith("self."):
                # "For each damage on Angwish": a counter on the card with the constant ability, read anew each time.
                what = str(expr["value"]).partition(".")[2]
                return int(expr.get("times", 1)) * int(source.get({"power-counters": "power"}.get(what, what), 0))
            return int(expr.get("times", 1)) * self._player_value(source.controller, str(expr["value"]))
        if isinstance(expr, dict) and "count" in expr:
            return int(expr.get("times", 1)) * sum(1 for _, z, c in self.position.all_cards() if z in IN_PLAY
                       and matches(self, {**expr["count"], "all": True}, c, controller=source.controller, source=source))
        if isinstance(expr, dict) and "sum-amber" in expr:
            # "For each Æmber on friendly creatures": the Æmber on the matching cards in play, counted anew each time.
            return int(expr.get("times", 1)) * sum(int(c.get("amber", 0)) for _, z, c in self.position.all_cards()
                       if z in IN_PLAY and matches(self, {**expr["sum-amber"], "all": True}, c,
                                                   controller=source.controller, source=source))
        if isinstance(expr, dict) and "sum" in expr:
            return int(expr.get("times", 1)) * sum(self._amount(source, part) for part in expr["sum"])
        if isinstance(expr, dict) and "houses" in expr:
            found = [c for _, z, c in self.position.all_cards() if z in IN_PLAY and matches(
                self, {**expr["houses"], "all": True}, c, controller=source.controller, source=source)]
            houses = set().union(*(self.houses(c) for c in found)) if found else set()
            return int(expr.get("times", 1)) * min(len(houses), int(expr.get("max", len(houses))))
        return 0

    def armor(self, card: CardState, *, unswitched: bool = False) -> int:
        fixed = self._considered(card, "armor")
        if fixed is not None:
            return fixed
        if not unswitched and self._switched(card):
            return self.power(card, unswitched=True)
        base = self.define(card).armor
        return max(0, base + sum(self._amount(s, e.get("amount", 0)) for s, e in self._modifiers(card, "armor")))

    def keyword(self, card: CardState, name: str, *, entering: bool = False) -> int:
        # "Lose" beats "gain" (PERDER FRENTE A OBTENER): a lost keyword is gone whatever grants it.
        if any(e.get("keyword") == name for _, e in self._modifiers(card, "lose-keyword", entering=entering)):
            return 0
        blank = self.is_blank(card)
        total = 0 if blank else self.define(card).keyword(name)
        total += sum(d.keyword(name) for d in self.gained_text_boxes(card))  # keywords are in the text box
        attached = {u.uid for u in card.attached} if blank else set()
        for source, e in self._modifiers(card, "keyword", entering=entering):
            if source.uid in attached:
                continue  # a keyword an upgrade gives is in the host's text box, blank too (KF172-CARD-110)
            if e.get("keyword") == name:
                total += self._amount(source, e.get("amount", 1))
        return total

    def cannot_be_dealt_damage(self, card: CardState) -> bool:
        return self.keyword(card, "invulnerable") > 0 or any(True for _ in self._modifiers(card, "cannot-be-dealt-damage"))

    def _lasting_value(self, card: CardState, key: str) -> Any:
        value = None
        for lasting in self.position.values.get("lasting", []):
            effect = lasting.get("effect", {})
            if lasting.get("duration") == "while-controlled" and card.controller != lasting.get("controller"):
                continue  # "while under your control" (Tomar Prestado) ends with the control
            if effect.get("while-controlled") and card.controller != lasting.get("controller"):
                # Ladrón Ofidio: the effect lasts until the card leaves play, but applies only while its creator
                # controls it — it applies again if control comes back (KF172-CARD-81).
                continue
            if effect.get("outside-identity"):
                # "…if it does not belong to one of your three houses" (Ladrón Ofidio, KF172-CARD-25).
                identity = set(self.position.player(lasting["controller"]).values.get("houses", []))
                d = self.define(card)
                if (set(d.houses) or {d.house}) & identity:
                    continue
            if effect.get("modify") == key and card.uid in effect.get("target", {}).get("uids", ()):
                value = effect.get("value")  # the most recent effect wins (CASA, CONTROL)
        return value

    # Where cards stand.

    def battleline(self, pid: str) -> list[CardState]:
        return self.position.player(pid).zone("battleline")

    def creatures(self, pid: str | None = None) -> list[CardState]:
        pids = [pid] if pid else list(self.position.players)
        return [c for p in pids for c in self.battleline(p)]

    def artifacts(self, pid: str | None = None) -> list[CardState]:
        pids = [pid] if pid else list(self.position.players)
        return [c for p in pids for c in self.position.player(p).zone("artifacts")]

    def neighbors(self, card: CardState) -> list[CardState]:
        line = self.battleline(card.controller)
        if card not in line:
            return []
        i = line.index(card)
        return [line[j] for j in (i - 1, i + 1) if 0 <= j < len(line)]

    def is_in_center(self, card: CardState) -> bool:
        """CENTRO DE LA LÍNEA DE BATALLA: as many creatures on each side (only with an odd number of creatures)."""
        line = self.battleline(card.controller)
        return card in line and len(line) % 2 == 1 and line.index(card) == len(line) // 2

    def is_on_side(self, card: CardState, side: str) -> bool:
        """On the left (or right) flank: the first (or last) creature of its controller's battleline."""
        line = self.battleline(card.controller)
        return bool(line) and line[0 if side == "left" else -1] is card

    def is_on_flank(self, card: CardState) -> bool:
        line = self.battleline(card.controller)
        if card in line and any(True for _ in self._modifiers(card, "flank")):
            return True  # "is considered a flank creature" (Tunelador Espectral, KF172-GEN-49)
        return card in line and (line[0] is card or line[-1] is card)

    def traits(self, card: CardState) -> set[str]:
        """The card's traits: printed, and gained (Ciberclón gains the purged creature's traits)."""
        return set(self.define(card).traits) | {str(e.get("trait", "")).lower() for _, e in self._modifiers(card, "trait")}

    def flank_positions(self, pid: str) -> list[str]:
        return ["left", "right"] if self.battleline(pid) else ["left"]

    def effect_player(self, source: CardState, effect: dict[str, Any], default: str) -> str:
        """The player a constant or lasting effect names (its ``player``: "you", or else the opponent), seen from the
        player whose effect it is — for a lasting effect, the controller of the ability that made it."""
        owner = effect.get("_lasting", {}).get("controller", source.controller)
        return owner if effect.get("player", default) == "you" else self.position.opponent(owner)

    def is_friendly(self, card: CardState, pid: str) -> bool:
        return card.controller == pid

    def most_powerful(self, cards: list[CardState]) -> list[CardState]:
        if not cards:
            return []
        top = max(self.power(c) for c in cards)
        return [c for c in cards if self.power(c) == top]

    def least_powerful(self, cards: list[CardState]) -> list[CardState]:
        if not cards:
            return []
        low = min(self.power(c) for c in cards)
        return [c for c in cards if self.power(c) == low]

    def holds(self, source: CardState, effect: dict[str, Any]) -> bool:
        """Whether a constant effect's own condition ("while the tide is high…", ``if``) holds now."""
        if "if" not in effect:
            return True
        if self.condition is None:
            raise JudgeError(f"internal: the condition of an effect of {source.uid} is read without the interpreter")
        return self.condition(source, effect["if"])

    def names_player(self, source: CardState, effect: dict[str, Any], pid: str, default: str) -> bool:
        """Whether a constant effect about players (``player``: you, opponent or each) is about ``pid``."""
        return effect.get("player", default) == "each" or self.effect_player(source, effect, default) == pid

    def key_cost(self, pid: str) -> int:
        cost = 6
        for source, effect in self.constant_effects():
            if effect.get("modify") == "key-cost" and self.names_player(source, effect, pid, "opponent") \
                    and self.holds(source, effect):
                # An amount that counts ("+1 for each Dis creature in play") is counted anew each time the cost
                # is asked: a lasting effect follows the table as it changes (KF172-CARD-94).
                cost += self._amount(source, effect.get("amount", 0))
        return max(0, cost)

    def hand_size(self, pid: str) -> int:
        """How many cards ``pid`` refills their hand to in their "draw cards" step: 6, changed by constant effects
        ("refill your hand to 1 additional card")."""
        size = self.base_hand_size
        for source, effect in self.constant_effects():
            if effect.get("modify") == "hand-size" and self.names_player(source, effect, pid, "you") \
                    and self.holds(source, effect):
                size += self._amount(source, effect.get("amount", 0))
        return max(0, size)

    def bonus_icons(self, card: CardState) -> tuple[str, ...]:
        """The card's bonus icons, top to bottom: printed, then those added to this copy of the card when its deck was
        made (POTENCIAR: the state ``icons``)."""
        return (*self.define(card).bonus, *card.state.get("icons", ()))

    def power_breakdown(self, card: CardState) -> dict[str, int]:
        """What the card's power is made of: printed (or what the card is as a creature), +1 power counters, and what
        constant and lasting effects add or take away."""
        total = self.power(card)
        as_creature = self.battleline_power(card)
        printed = self.define(card).power if as_creature is None else as_creature
        counters = int(card.get("power", 0))
        return {"printed": printed, "counters": counters, "effects": total - printed - counters, "total": total}

    def forged_keys(self, pid: str) -> int:
        keys = self.position.player(pid).values.get("keys", 0)
        return len(keys) if isinstance(keys, list) else int(keys)


def matches(board: Board, target: dict[str, Any], card: CardState, *, controller: str,
            source: CardState | None, remembered: list[CardState] | None = None) -> bool:
    """Whether ``card`` fits ``target`` (kind, side and filters) as seen by ``controller``."""
    d = board.define(card)
    kind = target.get("kind", "creature")
    host = board.host_of(card)
    # What is a creature is the board's question: an Autolegionario in the battleline is one (KF172-ERR-04), and
    # then not an artifact.
    creature = board.is_creature(card)
    if kind == "creature" and (not creature or host is not None):
        return False
    if kind == "artifact" and (d.type != "artifact" or creature):
        return False
    if kind == "upgrade" and d.type != "upgrade":
        return False
    if kind == "action" and d.type != "action":
        return False
    if kind == "creature-or-artifact" and not ((creature and host is None) or d.type == "artifact"):
        return False  # "a creature or artifact" (Tiburón de Neutrones, Cachivache Extraño): never an upgrade
    side = target.get("side", "any")
    controls = card.controller == controller or board.as_if_yours.get(card.uid) == controller
    if side == "friendly" and not controls:
        return False
    if side == "enemy" and controls:
        return False
    f = target.get("filter", {})
    def house_of(name: str) -> str | None:
        # "the active house" (Capitana Val Jericó, KF172-CARD-23): the house the active player chose.
        return board.position.player(board.position.active).values.get("house") if name == "active" else name

    if "house" in f and house_of(f["house"]) not in board.houses(card):
        return False
    if "not-house" in f and house_of(f["not-house"]) in board.houses(card):
        return False
    if f.get("house-in-play"):
        # Only houses represented among the cards that player has in play (Acción Coordinada, KF172-CARD-02).
        present = set().union(*(board.houses(c) for _, z, c in board.position.all_cards()
                                if z in ("battleline", "artifacts") and c.controller == controller and c is not card
                                and not c.get("under") and not c.get("grafted")))
        if not board.houses(card) & present:
            return False
    if "type" in f and (("creature" if creature else d.type)
                        not in (f["type"] if isinstance(f["type"], list) else [f["type"]])):
        return False
    if "trait" in f and f["trait"].lower() not in board.traits(card):
        return False
    if "not-trait" in f and f["not-trait"].lower() in board.traits(card):
        return False
    if "token" in f and bool(card.state.get("token")) != bool(f["token"]):
        return False
    if f.get("neighbor-of-it") and not any(card in board.neighbors(r) if board.in_play(r)
                                           else card.uid in board.last_neighbors.get(r.uid, ())
                                           for r in remembered or ()):
        # A creature that has left play: the creatures that were its neighbours just before it left, if they are still
        # in play (KF172-CARD-30, KF172-GEN-74, KF172-GEN-75).
        return False
    if f.get("not-it") and any(card.uid == r.uid for r in remembered or ()):
        return False
    if f.get("host-of-self") and (source is None or board.host_of(source) is None or board.host_of(source).uid != card.uid):
        return False  # the creature this upgrade is on ("if you control this creature", Formación Académica)
    if f.get("among-it") and not any(card.uid == r.uid for r in remembered or ()):
        return False  # only the cards the previous effect named ("discarded this way", KF172-GEN-30)
    if f.get("shares-house-with-it"):
        # "Each creature that shares a house with the destroyed creature": the houses of the cards the ability named
        # last (the card itself excluded), wherever they are now.
        houses = {h for r in remembered or () if r.uid != card.uid for h in board.houses(r)}
        if not houses & board.houses(card) or any(r.uid == card.uid for r in remembered or ()):
            return False
    if f.get("shares-house-with-neighbor"):
        # "Shares a house with one of its neighbors" (true), or "with 2 of its neighbors" (a number).
        wanted = 1 if f["shares-house-with-neighbor"] is True else int(f["shares-house-with-neighbor"])
        if sum(1 for n in board.neighbors(card) if board.houses(card) & board.houses(n)) < wanted:
            return False
    if f.get("neighbor-of-host"):
        # "Each of this creature's neighbors", on an upgrade: the neighbors of the creature it is on.
        host = board.host_of(source) if source is not None and board.position.find(source.uid) else None
        if host is None or card not in board.neighbors(host):
            return False
    if f.get("shares-trait-with-it"):
        # "Each creature that shares a trait with the purged creature" (Virus Personalizado, KF172-ERR-21): the
        # traits of the cards the ability named last, wherever they are now.
        traits = {t for r in remembered or () if r.uid != card.uid for t in board.catalog.lookup(r.card).traits}
        if not traits & set(d.traits):
            return False
    if "flank" in f and f["flank"] is False and board.is_on_flank(card):
        return False
    if f.get("left-flank") and not board.is_on_side(card, "left"):
        return False
    if f.get("right-flank") and not board.is_on_side(card, "right"):
        return False
    if "has-amber" in f and bool(card.get("amber")) != bool(f["has-amber"]):
        return False  # has-amber = false: "a creature with no Æmber on it" (Draining Touch)
    if "power-parity" in f and board.power(card) % 2 != (0 if f["power-parity"] == "even" else 1):
        return False
    if f.get("top-of-deck"):
        # Among the top N cards of its owner's deck ("look at the top 2 cards of your deck", Reconocimiento).
        deck = board.position.player(card.owner).zone("deck")
        if card.uid not in [c.uid for c in deck[: int(f["top-of-deck"])]]:
            return False
    if f.get("bottom-of-deck"):
        # Among the bottom N cards of its owner's deck ("discard the bottom card of your opponent's deck").
        deck = board.position.player(card.owner).zone("deck")
        if card.uid not in [c.uid for c in deck[-int(f["bottom-of-deck"]):]]:
            return False
    if f.get("top-of-discard"):
        pile = board.position.player(card.owner).zone("discard")
        if not pile or pile[-1].uid != card.uid:
            return False
    if "name-ref" in f:
        # TEXTO AUTORREFERENCIAL: text naming the card that has it means only that card, not other copies — also in
        # an ability gained from another card (Bláster de García on Jefa de Sensores García, KF172-GEN-91).
        ref = f["name-ref"]
        if source is not None and (source.card == ref or board.define(source).id == ref):
            if card.uid != source.uid:
                return False
        elif card.card != ref and d.id != ref:
            return False
    if "name" in f and card.card != f["name"] and d.id != f["name"]:  # a copy has the copied card's name
        return False
    if "keyword" in f and not board.keyword(card, f["keyword"]):
        return False
    if "power-at-most" in f and board.power(card) > f["power-at-most"]:
        return False
    if "power-at-least" in f and board.power(card) < f["power-at-least"]:
        return False
    if f.get("damaged") and not card.get("damage"):
        return False
    if f.get("undamaged") and card.get("damage"):
        return False
    if f.get("exhausted") and not card.get("exhausted"):
        return False
    if f.get("ready") and card.get("exhausted"):
        return False
    if f.get("flank") is True and not board.is_on_flank(card):
        return False
    if f.get("center") and not board.is_in_center(card):
        return False
    for flag, key in (("enraged", "enrage"), ("stunned", "stun"), ("warded", "ward")):
        if flag in f and bool(card.get(key)) != bool(f[flag]):
            return False
    if f.get("not-self") and source is not None and card.uid == source.uid:
        return False
    if f.get("self") and (source is None or card.uid != source.uid):
        return False
    if f.get("neighbor-of-self") and (source is None or card not in board.neighbors(source)):
        # A card that has left play was a neighbor if it was one as it last was in play (Pequeña Niff's neighbor
        # destroyed in the fight it was used for, KF172-CARD-93).
        if source is None or board.in_play(card) or source.uid not in board.last_neighbors.get(card.uid, ()):
            return False
    for side in ("left-of-self", "right-of-self"):
        if f.get(side):
            # "To this creature's left" (Pretor Marius, KF172-CARD-77) / "to the right of" (Panpaca, Anga): earlier or
            # later in the same battleline.
            line = board.battleline(card.controller)
            if source is None or source not in line or card not in line:
                return False
            i, j = line.index(card), line.index(source)
            if (i >= j) if side == "left-of-self" else (i <= j):
                return False
    if f.get("no-bonus-icons") and board.bonus_icons(card):
        return False  # none printed and none added by Enhance (Lamento de los Malditos)
    return True

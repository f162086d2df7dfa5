"""The battleline (LÍNEA DE BATALLA, FLANCO, DESPLEGAR): a creature entering it on a flank or where Deploy or the
effect puts it, and the state a card enters play in (ENTRAR EN JUEGO); creatures moving in it, swapping places,
changing control (CONTROL, INTERCAMBIAR EL CONTROL); token creatures made from the top of the deck (CRIATURAS
FICHA)."""

from __future__ import annotations

from judge.core.decisions import Option, Question
from judge.core.position import CardState


class Battleline:
    """The battleline procedures of a :class:`~judge.games.keyforge.game.Game`."""

    def put_creature_into_play(self, card: CardState, controller: str, *, rule: str = "flank",
                               entering: bool = True, index: int | None = None) -> None:
        """A creature enters play on a flank of its controller's battleline (Deploy: anywhere) — the player chooses;
        ``index``: the effect names the place ("in Gebuk's position in the battleline", KF172-CARD-56)."""
        line = self.board.battleline(controller)
        options: list[Option] = []
        if index is not None:
            index = min(index, len(line))
            self.res.note("position", "put-into-zone",
                          f"{self.label(card)} entra en la posición {index + 1} de la línea de batalla, contando desde la izquierda",
                          f"{self.label(card, 'en')} enters position {index + 1} of the battleline, counting from the left", card=card.uid)
        elif self.board.keyword(card, "deploy", entering=entering and not self.board.in_play(card)) and len(line) >= 2:
            # ENTRAR EN JUEGO: Deploy a card ability gives (to "your creatures") is added as the creature enters play.
            for i in range(len(line) + 1):
                if i == 0:
                    es, en = (f"En el extremo izquierdo (a la izquierda de {self.label(line[0])})",
                              f"At the left end (left of {self.label(line[0], 'en')})")
                elif i == len(line):
                    es, en = (f"En el extremo derecho (a la derecha de {self.label(line[-1])})",
                              f"At the right end (right of {self.label(line[-1], 'en')})")
                else:
                    es, en = (f"Entre {self.label(line[i - 1])} y {self.label(line[i])}",
                              f"Between {self.label(line[i - 1], 'en')} and {self.label(line[i], 'en')}")
                options.append(Option(str(i), es, en))
            rule = "deploy"
        elif line:
            options = [Option("left", "Flanco izquierdo", "Left flank"), Option("right", "Flanco derecho", "Right flank")]
        else:
            # An empty battleline: both flanks are the same place, and "left" or "right" written for it is taken.
            self.res.forced(Question(key="flank", player=self.active, rule=rule, prompt_es="", prompt_en="", options=(
                Option("left", "Flanco izquierdo", "Left flank"), Option("right", "Flanco derecho", "Right flank"))))
        if index is None:
            index = 0
        if options:
            chosen = self.res.ask(Question(key="flank", player=self.active, rule=rule,
                                           # A creature already in play that moves (or changes sides) does not "enter".
                                           prompt_es=f"¿Dónde entra {self.label(card)} en la línea de batalla?" if entering
                                           else f"¿A qué lugar de la línea de batalla va {self.label(card)}?",
                                           prompt_en=f"Where does {self.label(card, 'en')} enter the battleline?" if entering
                                           else f"Where in the battleline does {self.label(card, 'en')} go?",
                                           options=tuple(options)))
            index = {"left": 0, "right": len(line)}.get(chosen, None)
            if index is None:
                index = int(chosen)
        self.res.move(card, controller, "battleline", index)
        self.res.set_controller(card, controller)
        if entering:
            self.enters_exhausted(card)

    def enters_exhausted(self, card: CardState) -> None:
        """A card enters play exhausted unless an effect says otherwise; a card's own "enters play ready / enraged /
        stunned" applies as it enters (its text is read as printed: KF172-CARD-107)."""
        kind = "creature" if self.board.is_creature(card) else self.board.define(card).type
        state: dict[str, bool] = {"exhausted": True}
        effects = list(self.board.constant_effects())
        if self.board.is_blank(card):
            # ENTRAR EN JUEGO: these abilities resolve before the card is really in play, the entering card's own ones
            # included, so a blank text box in play (Sombra de Dis) does not stop them — Bruja del Ocaso still enters
            # ready itself, as Dienteplata does (KF172-CARD-107).
            effects += [(card, a["effect"]) for a in self.board.define(card).abilities
                        if a.get("trigger") == "constant" and "effect" in a]
        for s_, e in effects:
            # "Your creatures enter play ready": a creature you own is yours even when it enters play under your
            # opponent's control (Mangante Gruñón and Bruja del Ocaso, KF172-CARD-17).
            if e.get("modify") == "enters-play-ready" and s_.controller in (card.controller, card.owner) \
                    and e.get("kind", "creature") == kind:
                state["exhausted"] = False
            if e.get("modify") == "enters-play-state" and e.get("target", "self") != "self" and self.board.affects(s_, e, card):
                # "While you have 4 æmber or more, your non-Untamed creatures enter play ready": the condition is read
                # for the card that has the ability, which is already in play as it enters and so applies to itself too
                # (Fandángulo, KF172-CARD-49).
                if "if" in e and not self.interpreter.condition(self.context(s_.uid, s_.controller), e["if"]):
                    continue
                state.update({k: bool(v) for k, v in e.get("state", {}).items()})

        for ability in self.board.define(card).abilities:
            e = ability.get("effect", {})
            if ability.get("trigger") == "constant" and e.get("modify") == "enters-play-state" and e.get("target", "self") == "self":
                if "if" in e and not self.interpreter.condition(self.context(card.uid, card.controller), e["if"]):
                    continue
                state.update({k: bool(v) for k, v in e.get("state", {}).items()})
        if not state["exhausted"]:
            self.res.note("enters-ready", "enters-play", "Entra en juego preparada por un efecto",
                          "It enters play ready because of an effect", card=card.uid)
        for key, value in state.items():
            self.res.set_card(card, key, value)

    def change_control(self, card: CardState, new_controller: str) -> None:
        """Take control of a card in play: a creature moves to a flank of its new controller's battleline (CONTROL)."""
        with self.res.step("control", "control", f"{new_controller} toma el control de {self.label(card)}",
                           f"{new_controller} takes control of {self.label(card, 'en')}", card=card.uid):
            if self.board.is_creature(card):
                self.put_creature_into_play(card, new_controller, rule="control", entering=False)
            else:
                self.res.move(card, new_controller, "artifacts")
                self.res.set_controller(card, new_controller)

    def exchange_control(self, a: CardState, b: CardState) -> bool:
        """INTERCAMBIAR EL CONTROL: each takes the other's place (and controller), with everything on it."""
        if a.controller == b.controller or not (self.board.in_play(a) and self.board.in_play(b)):
            return False
        pa, za, la, ia, _ = self.position.locate(a.uid)
        pb, zb, lb, ib, _ = self.position.locate(b.uid)
        with self.res.step("exchange-control", "exchange-control",
                           f"{self.label(a)} y {self.label(b)} intercambian el control",
                           f"{self.label(a, 'en')} and {self.label(b, 'en')} exchange control"):
            ca, cb = a.controller, b.controller
            self.res.move(a, pb.id, zb, ib)
            self.res.move(b, pa.id, za, ia)
            self.res.set_controller(a, cb)
            self.res.set_controller(b, ca)
        return True

    def swap(self, a: CardState, b: CardState) -> bool:
        line = self.board.battleline(a.controller)
        if b not in line or a not in line:
            return False
        i, j = line.index(a), line.index(b)
        order = list(line)
        order[i], order[j] = b, a
        with self.res.step("swap", "swap", f"{self.label(a)} y {self.label(b)} intercambian sus posiciones",
                           f"{self.label(a, 'en')} and {self.label(b, 'en')} swap places"):
            self.res.reorder(a.controller, "battleline", order)
        return True

    def make_token(self, pid: str, card: CardState | None = None) -> bool:
        """CRIATURAS FICHA: the top card of the deck enters play face down, exhausted, on a flank, as the token.
        ``card``: another card made a token "as if it were the top card of your deck" (Invasores del Espacio, Ofrenda
        a Kiligog: KF172-ERR-12, KF172-ERR-17)."""
        token = self.position.player(pid).values.get("token")
        deck = self.position.player(pid).zone("deck")
        if not token:
            self.res.note("no-token", "token-creatures", f"{pid} no tiene carta de referencia de criatura ficha: no se crea",
                          f"{pid} has no token creature reference card: nothing is made")
            return False
        if card is None and not deck:
            self.res.note("no-token", "token-creatures", "El mazo está vacío: no se crea la criatura ficha",
                          "The deck is empty: no token creature is made")
            return False
        card = deck[0] if card is None else card
        with self.res.step("make-token", "token-creatures", f"{pid} crea una criatura ficha", f"{pid} makes a token creature",
                           card=card.uid):
            if card.get("under"):
                self.res.set_card(card, "under", False)
            self.res.set_card(card, "token", token)
            self.res.set_card(card, "face-down", True)
            self.put_creature_into_play(card, pid, rule="token-creatures")
        self.fire("enters-play", card=card, player=pid)
        return True

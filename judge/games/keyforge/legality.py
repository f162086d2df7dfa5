"""Which plays the rules allow now: the card a play names, and every reason a play, discard or use is refused
(the step, the active house, the first-turn rule, the rule of six, Alpha and Omega, Gigantic, restrictions and
"cannot play" effects, exhausted or stunned cards, Enrage, Taunt…), each with the rule that refuses it."""

from __future__ import annotations

from judge.core.decisions import Option, Question
from judge.core.errors import IllegalPlayError, InvalidAnswerError, InvalidPlayError, UnknownCardError
from judge.core.kept import latest
from judge.core.position import CardState, Position
from judge.core.resolution import Resolution
from judge.core.ruleset import Play
from judge.games.keyforge import effects, turn
from judge.games.keyforge.board import IN_PLAY, Board, matches
from judge.games.keyforge.game import Game
from judge.games.keyforge.using import valid_defenders
from judge.games.keyforge.wording import house_name, zone_name

VERBS = ("play", "discard", "reap", "fight", "action", "omni", "unstun", "raise-tide", "end-turn", "forge", "choose-house")
"""What a player announces in step 3, and the steps around it: ending the turn (``end-turn``, optionally up to a step
of the next turn: ``end-turn forge``), step 1 (``forge``) and step 2 (``choose-house <house>``)."""


class Legality:
    """The checks of a play before it resolves, for :class:`~judge.games.keyforge.rules.KeyForge`."""

    def _find(self, position: Position, play: Play, zones: tuple[str, ...], *, controller: str | None) -> CardState:
        if not play.card:
            raise InvalidPlayError(f"{play.verb} needs a card: e.g. '{play.verb} Troll' or '{play.verb} c3'",
                                   f"{play.verb} necesita una carta: p. ej. '{play.verb} Troll' o '{play.verb} c3'")
        catalog = self.catalog_for(position)
        pool = []
        for player in position.players.values():
            for zone in zones:
                for card in player.zone(zone):
                    if controller is None or card.controller == controller or zone == "hand":
                        pool.append(card)
        by_uid = [c for c in pool if c.uid == play.card]
        if by_uid:
            return by_uid[0]
        found = position.find(play.card)
        if found:
            raise IllegalPlayError(f"{play.card} ({catalog.lookup(found[2].card).name_en}) is in {found[0].id}'s "
                                   f"{zone_name(found[1], 'en')}, not where '{play.verb}' takes a card from",
                                   es=f"{play.card} está en {zone_name(found[1])} de {found[0].id}, no donde "
                                      f"«{play.verb}» toma una carta",
                                   rule=self.cite("turn.step-3-play-discard-use"))
        try:
            wanted = catalog.lookup(play.card).id
        except UnknownCardError as exc:
            raise InvalidPlayError(str(exc), exc.message_es) from exc
        matches = [c for c in pool if c.card == wanted]
        if not matches:
            raise IllegalPlayError(f"there is no {catalog.lookup(wanted).name_en} where '{play.verb}' takes a card from",
                                   es=f"no hay ninguna {catalog.lookup(wanted).name_es} donde «{play.verb}» toma una carta",
                                   rule=self.cite("turn.step-3-play-discard-use"))
        if len(matches) > 1:
            raise InvalidPlayError(f"{play.card!r} matches several cards ({', '.join(c.uid for c in matches)}); name the uid",
                                   f"{play.card!r} coincide con varias cartas ({', '.join(c.uid for c in matches)}); "
                                   "indica el uid")
        return matches[0]

    def verify_play(self, position: Position, play: Play) -> None:
        if play.verb not in VERBS:
            raise InvalidPlayError(f"unknown play {play.verb!r}; KeyForge plays are {', '.join(VERBS)}",
                               f"jugada desconocida {play.verb!r}; las jugadas de KeyForge son {', '.join(VERBS)}")
        if position.values.get("winner"):
            raise IllegalPlayError("the game is over", rule=self.cite("keys"), es="la partida ha terminado")
        if play.player is not None and play.player != position.active:
            # KeyForge has no responses: every play of a turn is the active player's (JUGADOR ACTIVO).
            raise IllegalPlayError(f"only the active player ({position.active}) makes plays in KeyForge",
                                   rule=self.cite("active-player"),
                                   es=f"en KeyForge solo juega el jugador activo ({position.active})")
        if play.verb in ("end-turn", "forge", "choose-house"):
            self._verify_turn_step(position, play)
            return
        if play.verb == "raise-tide":
            if position.step != "main":
                raise IllegalPlayError("the tide is raised in step 3", rule=self.cite("tide"), es="la marea se sube en el paso 3")
            if position.values.get("tide") == position.active:
                raise IllegalPlayError("the tide is already high for you", rule=self.cite("tide"), es="la marea ya está alta para ti")
            return
        if position.step != "main":
            raise IllegalPlayError(f"cards are played, discarded and used in step 3, not in step {position.step!r}",
                                   es=f"las cartas se juegan, descartan y usan en el paso 3, no en «{position.step}»",
                                   rule=self.cite("turn.step-3-play-discard-use"))
        active = position.active
        board = self._reading_board(position)
        house = position.player(active).values.get("house")
        if play.verb in ("play", "discard"):
            card = self._find(position, play, ("hand",), controller=None)
            if card.owner != active and position.find(card.uid)[0].id != active:
                raise IllegalPlayError("you can only play or discard cards from your own hand",
                                       es="solo puedes jugar o descartar cartas de tu propia mano",
                                       rule=self.cite("play-cards"))
            self._verify_from_hand(position, board, card, play.verb, house)
            return
        card = self._find(position, play, ("battleline", "artifacts"), controller=active)
        if self._stunned_use(board, card, play):
            # ATURDIR: a stunned creature that would be used normally is used instead to remove its stun, so the use
            # is judged as that one (no enemy to fight, no "Acción:" needed).
            play = Play("unstun", card.uid)
        if play.verb in ("reap", "fight") and not board.is_creature(card):
            raise IllegalPlayError(f"{board.label(card, 'en')} is not a creature: artifacts cannot reap or fight",
                                   es=f"{board.label(card)} no es una criatura: los artefactos no cosechan ni luchan",
                                   rule=self.cite("use-artifacts"))
        if card.controller != active:
            raise IllegalPlayError("you can only use cards you control", rule=self.cite("use-creatures"),
                                   es="solo puedes usar cartas que controlas")
        if card.get("exhausted"):
            raise IllegalPlayError(f"{board.label(card, 'en')} is exhausted: only ready cards can be used",
                                   es=f"{board.label(card)} está agotada: solo se usan cartas preparadas",
                                   rule=self.cite("ready-and-exhausted"))
        # An "Omni:" ability lets a card of another house be used, and so have its stun removed (KF172-GEN-14).
        omni_unstun = play.verb == "unstun" and any(a.get("trigger") == "omni" for a, _ in board.abilities(card))
        if play.verb != "omni" and not omni_unstun and house not in board.houses(card) \
                and not board.keyword(card, "versatile") \
                and self.play_permission(position, board, card, "may-use") is None:
            raise IllegalPlayError(f"{board.label(card, 'en')} is not of the active house "
                                   f"({house_name(house, 'en') if house else 'none this turn'})",
                                   es=f"{board.label(card)} no es de la Casa activa "
                                   f"({house_name(house) if house else 'no hay ninguna este turno'})",
                                   rule=self.cite("turn.step-3-play-discard-use"))
        self._verify_rule_of_six(position, board, card)
        if play.verb in ("reap", "fight") and not board.is_creature(card):
            raise IllegalPlayError(f"only creatures {play.verb}", rule=self.cite("use-creatures"),
                                   es=f"solo las criaturas pueden «{play.verb}»")
        if play.verb == "unstun" and not card.get("stun"):
            raise IllegalPlayError(f"{board.label(card, 'en')} is not stunned", rule=self.cite("stun"),
                                   es=f"{board.label(card)} no está aturdida")
        if play.verb == "fight" and not board.battleline(position.opponent(active)):
            raise IllegalPlayError("a creature cannot fight when there are no enemy creatures", rule=self.cite("fight"),
                                   es="una criatura no puede luchar si no hay criaturas enemigas")
        if play.verb == "fight" and not self._can_fight(position, card, only_targets=True):
            # LUCHAR: with enemy creatures in play but none it may choose (its own restriction), it cannot fight.
            raise IllegalPlayError(f"{board.label(card, 'en')} has no enemy creature it may fight", rule=self.cite("fight"),
                                   es=f"{board.label(card)} no tiene ninguna criatura enemiga contra la que pueda luchar")
        if play.verb in ("reap", "action", "omni") and card.get("enrage") and board.battleline(position.opponent(active)) \
                and self._can_fight(position, card):
            # ENFURECER: it must fight "si puede": one that cannot be used to fight (RESTRICCIONES) or that has no
            # enemy creature it may fight is used otherwise.
            raise IllegalPlayError(f"{board.label(card, 'en')} is enraged: it must be used to fight if it can",
                                   es=f"{board.label(card)} está enfurecida: debe usarse para luchar si puede",
                                   rule=self.cite("enrage"))
        if play.verb in ("reap", "fight", "action", "omni", "unstun"):
            # RESTRICCIONES: "cannot use" forbids every way of using a card (Acción Coordinada, KF172-CARD-02), or one
            # way ("cannot reap"), or all but one ("can only fight", Jinete de Guerra, KF172-CARD-80).
            game = self._reading(position)
            if self.cannot_use(game, card, play.verb):
                what = {"reap": "reap", "fight": "fight"}.get(play.verb, "be used")
                raise IllegalPlayError(f"{board.label(card, 'en')} cannot {what}", rule=self.cite("restrictions"),
                                       es=f"{board.label(card)} no puede {'cosechar' if play.verb == 'reap' else 'luchar' if play.verb == 'fight' else 'usarse'}")
        if play.verb in ("action", "omni"):
            trigger = play.verb
            if not any(a.get("trigger") == trigger for a in board.define(card).abilities):
                raise IllegalPlayError(f"{board.label(card, 'en')} has no '{trigger}' ability",
                                       es=f"{board.label(card)} no tiene habilidad «{trigger}»", rule=self.cite(
                    "action-abilities" if trigger == "action" else "omni"))
        self._verify_step_open(position)

    def _verify_turn_step(self, position: Position, play: Play) -> None:
        """``end-turn [stop]`` from step 3 on; ``forge`` before step 1 is done; ``choose-house <house>`` before step 2
        is done, naming a house the player may choose (SECUENCIA DEL TURNO, ELECCIÓN DE CASA)."""
        step = position.step or "main"
        if play.verb == "end-turn":
            if step not in turn.TURN_END:
                raise IllegalPlayError(f"the turn is ended from step 3 on, not from step {step!r}",
                                       rule=self.cite("turn-sequence"),
                                       es=f"el turno se termina a partir del paso 3, no desde «{step}»")
            if play.card and play.card.lower() not in turn.STOPS:
                raise InvalidPlayError(f"end-turn stops at {', '.join(turn.STOPS)} of the next turn, not {play.card!r}",
                                       f"end-turn se detiene en {', '.join(turn.STOPS)} del turno siguiente, no en {play.card!r}")
            return
        last = "forge" if play.verb == "forge" else "house"
        if step not in turn.TURN_START[:turn.TURN_START.index(last) + 1]:
            what_es, what_en = ("el paso 1 (forjar)", "step 1 (forge)") if last == "forge" else \
                ("el paso 2 (elegir Casa)", "step 2 (choose a house)")
            raise IllegalPlayError(f"{what_en} is already over (the position is at step {step!r})",
                                   rule=self.cite("turn-sequence"), es=f"{what_es} ya ha pasado (la posición está en «{step}»)")
        if play.verb == "choose-house" and play.card:
            game = self._reading(position)
            allowed, rule = turn.allowed_houses(game, position.active)
            try:
                Question(key="house", player=position.active, rule=rule, prompt_es="", prompt_en="",
                         options=tuple(Option(h, house_name(h), house_name(h, "en")) for h in allowed)).pick(play.card)
            except InvalidAnswerError:
                raise IllegalPlayError(f"{play.card!r} is not a house {position.active} may choose now "
                                       f"({', '.join(allowed) or 'none'})", rule=self.cite(rule),
                                       es=f"{play.card!r} no es una Casa que {position.active} pueda elegir ahora "
                                          f"({', '.join(house_name(h) for h in allowed) or 'ninguna'})") from None

    def _can_fight(self, position: Position, card: CardState, *, only_targets: bool = False) -> bool:
        """Whether the creature could be used to fight now: not forbidden (unless ``only_targets``), and some enemy
        creature it may choose."""
        game = self._reading(position)
        found = game.position.find(card.uid)
        if found is None:
            return False
        if not only_targets and self.cannot_use(game, found[2], "fight"):
            return False
        return bool(valid_defenders(game, found[2])[0])

    def _verify_step_open(self, position: Position) -> None:
        if position.values.get("step-ended"):
            raise IllegalPlayError("an Omega card ended this step: no more cards can be played, discarded or used",
                                   es="una carta con Omega terminó este paso: no se pueden jugar, descartar ni usar más cartas",
                                   rule=self.cite("omega"))

    def _verify_rule_of_six(self, position: Position, board: Board, card: CardState, *, as_played: bool = False) -> None:
        # By name: a copy counts as the card it copies (KF172-GEN-83, KF172-GEN-84). A card not yet in play that will
        # be played as a copy (Imitación, Gel Mímico) is counted as the copy it becomes, as it is played
        # (playing._become_copy): its own name does not count then.
        d = board.define(card)
        if not as_played and not card.get("copy-of") and not board.in_play(card) and any(
                a.get("trigger") == "constant" and a.get("effect", {}).get("modify") == "played-as-copy"
                for a in d.abilities):
            return
        name = d.id
        done = position.values.get("plays", {}).get(name, 0) + position.values.get("uses", {}).get(name, 0)
        if done >= 6:
            raise IllegalPlayError(f"{board.name(card, 'en')} (or copies of it) was already played or used 6 times this turn",
                                   es=f"{board.name(card)} (o sus copias) ya se jugó o usó 6 veces este turno",
                                   rule=self.cite("rule-of-six"))

    def _verify_from_hand(self, position: Position, board: Board, card: CardState, verb: str, house: str | None) -> None:
        if verb == "play" and board.define(card).as_upgrade is not None and not card.get("as-upgrade"):
            # A creature that may be played as an upgrade may be played whenever either form could be: as an upgrade
            # "whenever an upgrade could be played", whatever stops creatures (KF172-GEN-23 to GEN-25).
            forms, error = self.legal_play_forms(position, board, card, house)
            if not forms and error is not None:
                raise error
            return
        self._verify_one_form(position, board, card, verb, house)

    def legal_play_forms(self, position: Position, board: Board, card: CardState,
                         house: str | None) -> tuple[list[str], IllegalPlayError | None]:
        """The forms ("creature", "upgrade") in which a card that may be played as an upgrade can be played from the
        hand now, and the first reason one could not."""
        forms: list[str] = []
        error: IllegalPlayError | None = None
        for form in ("creature", "upgrade"):
            probe = position.copy()
            found = probe.find(card.uid)
            if found is None:
                continue
            pc = found[2]
            if form == "upgrade":
                pc.state["as-upgrade"] = True
            try:
                self._verify_one_form(probe, Board(probe, board.catalog), pc, "play", house)
                forms.append(form)
            except IllegalPlayError as exc:
                error = error or exc
        return forms, error

    def _verify_one_form(self, position: Position, board: Board, card: CardState, verb: str, house: str | None) -> None:
        d = board.define(card)
        permission = self.play_permission(position, board, card) if verb == "play" else None
        if house not in board.houses(card) and permission is None:
            raise IllegalPlayError(f"{d.name_en} is not of the active house "
                                   f"({house_name(house, 'en') if house else 'none this turn'})",
                                   es=f"{d.name_es} no es de la Casa activa "
                                   f"({house_name(house) if house else 'no hay ninguna este turno'})",
                                   rule=self.cite("turn.step-3-play-discard-use"))
        self._verify_step_open(position)
        if position.values.get("first-turn") and int(position.values.get("first-turn-cards", 0)) >= 1:
            # 17.2 lets card effects modify the first-turn rule (Desplazamiento de Fase, KF172-GEN-81); 1.1 did not.
            if permission is None or not self.first_turn_limit_modifiable():
                raise IllegalPlayError("on the first player's first turn only one card may be played or discarded from hand",
                                       es="en el primer turno del jugador inicial solo se juega o descarta una carta de la mano",
                                       rule=self.cite("first-turn-rule"))
        if verb == "discard":
            return
        self._verify_rule_of_six(position, board, card)
        if d.keyword("alpha") and int(position.values.get("actions-this-step", 0)) > 0:
            raise IllegalPlayError(f"{d.name_en} has Alpha: it can only be played if nothing else was played, used or "
                                   "discarded this step", rule=self.cite("alpha"),
                                   es=f"{d.name_es} tiene Alfa: solo se juega si no se ha jugado, usado ni descartado nada en este paso")
        if d.keyword("gigantic") and self.gigantic_other_half(position, board, card) is None:
            raise IllegalPlayError(f"{d.name_en} is half of a gigantic creature: both halves must be in hand to play it",
                                   es=f"{d.name_es} es la mitad de una criatura gigantesca: hacen falta las dos mitades en la mano",
                                   rule=self.cite("gigantic"))
        if d.type == "upgrade" and not board.creatures():
            raise IllegalPlayError("an upgrade needs a creature in play to attach to", rule=self.cite("upgrades"),
                                   es="una mejora necesita una criatura en juego a la que vincularse")
        probe = self._reading(position)
        reason = self.play_restriction(probe, card)
        if reason:
            raise IllegalPlayError(f"{d.name_en} cannot be played now (its play restriction)", rule=self.cite("restrictions"),
                                   es=f"{d.name_es} no se puede jugar ahora ({reason})")
        source = self.forbidding_play(probe, card)
        if source is not None:
            raise IllegalPlayError(f"{d.name_en} cannot be played: {probe.board.label(source, 'en')} forbids it",
                                   es=f"{d.name_es} no se puede jugar: {probe.board.label(source)} lo prohíbe",
                                   rule=self.cite("cannot-vs-must"))

    def forbidding_play(self, game: Game, card: CardState) -> CardState | None:
        """The card whose "cannot play" effect forbids the active player to play this card now, or None. It holds for
        a card played by an effect from anywhere (Exhumar, Agujero de Gusano Salvaje) as for one played from hand:
        Grómido's "you cannot play creatures" (KF172-CARD-65)."""
        position, d = game.position, game.board.define(card)
        for source, effect in game.board.constant_effects():
            if effect.get("modify") != "cannot-play":
                continue
            who = game.board.effect_player(source, effect, "opponent")
            limit = effect.get("more-than")
            played = sum(position.values.get("plays", {}).values())
            if effect.get("per-type"):
                # "not more than N cards of each card type" counts the cards of this card's type (as it is played:
                # an Astromóvil Explorador played as an upgrade is an upgrade, KF172-GEN-25).
                kind = "creature" if d.is_creature else d.type
                played = int(position.values.get("this-turn", {}).get(f"{who}.plays-{kind}", 0))
            if limit is not None and played < int(limit):
                continue  # "cannot play more than N cards each turn" (Diablillo de Brasa)
            if who == position.active and matches(game.board, {"kind": "card", "filter": effect.get("filter", {})}, card,
                                                  controller=who, source=None):
                return source
        return None

    def gigantic_other_half(self, position: Position, board: Board, card: CardState) -> CardState | None:
        """The other half of a gigantic creature in the same hand: same name, the other card."""
        d = board.define(card)
        for other in position.player(position.find(card.uid)[0].id).zone("hand"):
            od = board.define(other)
            if other.uid != card.uid and od.id != d.id and od.name_en == d.name_en and od.keyword("gigantic"):
                return other
        return None

    def _probe(self, position: Position) -> Game:
        """A Game over a copy of the position, for questions asked before a play starts (nothing is recorded)."""
        return Game(self, Resolution(position.copy(), [], self.cite), effects)

    def _reading(self, position: Position) -> Game:
        """A probe for questions that only read the position: the checks of every play offered on one position, and
        every value a scenario expects of it, go through one, with what its board works out kept between them."""
        return latest((self, "reading"), position, lambda: self._probe(position), lambda game: game.position.revision)

    def _reading_board(self, position: Position) -> Board:
        """The board the checks of a play read the position itself through (one per position as it is now)."""
        return latest((self, "board"), position, lambda: Board(position, self.catalog_for(position)),
                      lambda board: board.position.revision)

    @staticmethod
    def _stunned_use(board: Board, card: CardState, play: Play) -> bool:
        """Whether ``play`` would use a stunned creature normally (reap, fight, "Acción:", "Omni:")."""
        return play.verb in ("reap", "fight", "action", "omni") and bool(card.get("stun")) and board.is_creature(card)

    def legal_plays(self, position: Position) -> list[Play]:
        plays: list[Play] = []
        candidates: list[Play] = []
        active = position.players.get(position.active)
        if active is None:
            return []
        for card in active.zone("hand"):
            candidates += [Play("play", card.uid), Play("discard", card.uid)]
        for zone in IN_PLAY:
            for card in active.zone(zone):
                # A stunned creature's only use is to remove the stun: "unstun" stands for all of them in the list.
                verbs = ("unstun",) if card.get("stun") else ("reap", "fight", "action", "omni", "unstun")
                candidates += [Play(v, card.uid) for v in verbs]
        candidates += [Play("raise-tide"), Play("end-turn"), Play("forge")]
        if position.step in turn.TURN_START[:3]:
            game = self._probe(position)
            houses = turn.allowed_houses(game, position.active)[0]
            # With no house to choose, step 2 is still played: it ends with no active house (ELECCIÓN DE CASA).
            candidates += [Play("choose-house", h) for h in houses] or [Play("choose-house")]
        for play in candidates:
            if self.can_play(position, play):
                plays.append(play)
        return plays

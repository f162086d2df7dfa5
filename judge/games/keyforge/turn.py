"""The turn around step 3: ready, draw, end of turn, then the next player's start of turn, forge and house choice
(SECUENCIA DEL TURNO, TABLA DE ORDEN DE RESOLUCIÓN)."""

from __future__ import annotations

from judge.core.decisions import Option, Question
from judge.games.keyforge.board import IN_PLAY
from judge.games.keyforge.game import Game
from judge.games.keyforge.timing import Triggered
from judge.games.keyforge.wording import counted, house_name

PER_TURN_CARD_STATE = ("armor-used", "armor-at-use", "elusive-used")
PER_TURN_VALUES = ("plays", "uses", "actions-this-step", "step-ended", "first-turn-cards", "this-turn")

TURN_START = ("start", "forge", "house", "main")
"""The steps a turn goes through before step 3, in order: its start ("al inicio del turno" effects), step 1 (forge),
step 2 (choose a house), and step 3 itself. A position may stand before any of them."""
TURN_END = ("main", "ready", "draw", "end")
"""The steps from step 3 to the end of the turn: step 3, step 4 (ready), step 5 (draw), the end of the turn."""
STOPS = {"end": "start", "start": "start", "forge": "forge", "house": "house", "main": "main"}
"""Where ``end-turn <stop>`` leaves the next player's turn: before it starts (``end``, ``start``), before its step 1
(``forge``), before its step 2 (``house``), or in its step 3 (``main``, the default)."""


def end_turn(game: Game, stop: str = "main") -> None:
    """End the active player's turn from the step the position is in, and begin the next player's turn up to
    ``stop``: a judge asking about the end of a turn is not asked the decisions of the next one."""
    pid = game.active
    at = TURN_END.index(game.position.step) if game.position.step in TURN_END else 0
    with game.res.step("end-turn", "turn-sequence", f"{pid} termina su turno", f"{pid} ends their turn"):
        if at <= TURN_END.index("ready"):
            ready_cards(game, pid)
        if at <= TURN_END.index("draw"):
            refill_hand(game, pid)
        end_of_turn(game, pid)
    begin_turn(game, game.position.opponent(pid))
    run_turn_start(game, game.active, until=STOPS[stop])


def ready_cards(game: Game, pid: str) -> None:
    with game.res.step("ready", "order.ready.1", f"{pid} prepara todas sus cartas agotadas",
                       f"{pid} readies all their exhausted cards"):
        # "Instead of readying creatures they control during their ready cards step, …" (El Elegido): a replacement
        # of the readying of creatures only; what it does instead resolves as one ability, so all of its damage is
        # dealt at once (KF172-CARD-43).
        instead = [(s, e) for s, e in game.board.constant_effects() if e.get("modify") == "instead-of-readying"
                   and (s.controller == pid) == (e.get("player", "opponent") == "you")]
        for source, effect in instead:
            game.run_replacement(source, effect,
                                 f"Efecto de sustitución de {game.label(source)}: en vez de preparar sus criaturas…",
                                 f"Replacement effect of {game.label(source, 'en')}: instead of readying their creatures…",
                                 f"En su lugar: {game.label(source)}", f"Instead: {game.label(source, 'en')}")
        for _, zone, card in list(game.position.all_cards()):
            if zone in IN_PLAY and card.controller == pid and card.get("exhausted"):
                if instead and game.board.is_creature(card):
                    continue
                game.res.set_card(card, "exhausted", False)


def chain_penalty(chains: int) -> int:
    """Cards fewer when refilling the hand (CADENAS: 1–6 → 1, 7–12 → 2, 13–18 → 3, 19–24 → 4)."""
    return 0 if chains <= 0 else min(4, (chains - 1) // 6 + 1)


def refill_hand(game: Game, pid: str) -> None:
    player = game.position.player(pid)
    hand = len(player.zone("hand"))
    size = game.board.hand_size(pid)
    want = max(0, size - hand)
    chains = int(player.values.get("chains", 0))
    with game.res.step("draw-step", "order.draw.1", f"{pid} roba hasta tener {size} cartas",
                       f"{pid} draws up to {size} cards"):
        prevented = min(want, chain_penalty(chains)) if want else 0
        if prevented:
            game.res.note("chains", "chains", f"Las cadenas ({chains}) impiden robar {counted(prevented, 'carta', 'cartas')}",
                          f"Chains ({chains}) prevent drawing {counted(prevented, 'card', 'cards')}")
        if want - prevented:
            game.draw(pid, want - prevented, rule="turn.step-5-draw")
        if prevented:
            with game.res.step("shed-chain", "chains", f"{pid} se libra de 1 cadena", f"{pid} sheds 1 chain"):
                game.res.set_player(pid, "chains", chains - 1)


def end_of_turn(game: Game, pid: str) -> None:
    with game.res.step("end-of-turn", "order.end-of-turn", "Efectos «al final del turno»", "'End of turn' effects"):
        _timed_abilities(game, "end-of-turn", pid)
        lasting = game.position.values.get("lasting", [])
        keep = [e for e in lasting if e.get("duration") not in ("turn", "next-time")
                and not (e.get("duration") == "opponents-next-turn" and game.position.turn >= int(e.get("turn", 0)))]
        if len(keep) != len(lasting):
            game.res.note("lasting-ends", "lasting-effects", "Terminan los efectos duraderos de este turno",
                          "This turn's lasting effects end")
            game.res.set_value("lasting", keep or None)
            # They end after the "end of turn" effects (KF172-CARD-42); what they made a creature leaves the
            # battleline now.
            game.check_state()
        for _, _, card in list(game.position.all_cards()):
            for key in PER_TURN_CARD_STATE:
                if card.get(key):
                    game.res.set_card(card, key, 0 if key in ("armor-used", "armor-at-use") else False)
        # What the player did this turn is remembered for the next turn ("if your opponent forged a key on their
        # previous turn"); the rest of the turn's bookkeeping ends here.
        this_turn = game.position.values.get("this-turn", {})
        last = dict(game.position.values.get("last-turn", {}))
        last[f"{pid}.forged"] = int(this_turn.get(f"{pid}.forged", 0))
        if game.position.player(pid).values.get("house"):
            last[f"{pid}.house"] = game.position.player(pid).values["house"]
        game.res.set_value("last-turn", last)
        for key in PER_TURN_VALUES:
            if key in game.position.values:
                game.res.set_value(key, None)
        if game.can_forge(pid, game.board.key_cost(pid)):
            game.res.note("check", "check", f"{pid} anuncia «¡Listo!»: podrá forjar al inicio de su turno",
                          f"{pid} announces 'Check!': they can forge at the start of their turn")


def _timed_abilities(game: Game, trigger: str, pid: str) -> None:
    pending = []
    for _, zone, card in list(game.position.all_cards()):
        if zone not in IN_PLAY:
            continue
        for i, ability in enumerate(game.abilities_of(card, trigger)):
            if ability.get("zone"):
                continue  # an ability that works from the discard pile (below), not from play
            whose = ability.get("whose", "yours")
            if (whose == "yours" and card.controller != pid) or (whose == "opponents" and card.controller == pid):
                continue
            pending.append(game.pending(card, f"{card.uid}:{trigger}:{i}", f"Efecto de {game.label(card)}",
                                        f"Effect of {game.label(card, 'en')}", Triggered(card, ability, {"player": pid})))
    # Abilities that work while the card is in its owner's discard pile ("at the start of your turn, if this card is in
    # your discard pile", Nirbor Alallama). A card that reaches the discard pile while this window is open joins it,
    # and one that left and came back is a new card that may resolve again: two copies can loop, and resolving
    # abilities is not limited by the rule of six (KF172-GEN-85).
    done: set[str] = set()

    def from_discard() -> list:
        for uid in list(done):
            found = game.position.find(uid)
            if not found or found[1] != "discard":
                done.discard(uid)
        out = []
        for card in list(game.position.player(pid).zone("discard")):
            if card.uid in done or card.owner != pid:
                continue
            for i, ability in enumerate(game.abilities_of(card, trigger)):
                if ability.get("zone") == "discard":
                    done.add(card.uid)
                    out.append(game.pending(card, f"{card.uid}:{trigger}:discard:{i}", f"Efecto de {game.label(card)} (pila de descartes)",
                                            f"Effect of {game.label(card, 'en')} (discard pile)",
                                            Triggered(card, ability, {"player": pid}, needs_card_in_play=False)))
        return out

    pending += from_discard()
    game.resolve_pending(pending, refresh=from_discard)


def begin_turn(game: Game, pid: str) -> None:
    """The next turn is ``pid``'s: nothing of it has happened yet."""
    game.res.set_value("first-turn", None)
    game.res.set_turn(active=pid, turn=game.position.turn + 1, step="start")


def run_turn_start(game: Game, pid: str, *, until: str, house: str | None = None) -> None:
    """Go through ``pid``'s turn from the step the position is in up to ``until`` (``forge``: after its start, ``house``:
    after step 1, ``main``: after step 2). ``house``: the house the player names in step 2 (a ``choose-house`` play),
    so it is not asked."""
    at, stop = TURN_START.index(game.position.step), TURN_START.index(until)
    if at >= stop:
        return
    with game.res.step("start-turn", "turn-sequence", f"Turno {game.position.turn}: juega {pid}",
                       f"Turn {game.position.turn}: {pid} plays"):
        if at <= TURN_START.index("start") < stop:
            start_of_turn(game, pid)
            game.res.set_turn(step="forge")
        if at <= TURN_START.index("forge") < stop:
            forge_step(game, pid)
            game.res.set_turn(step="house")
        if at <= TURN_START.index("house") < stop:
            choose_house(game, pid, named=house)
            # Omega ends only the step it was played in: a card with Omega played in step 1 (Jargogle destroyed by
            # Cachivache Extraño after forging) does not stop step 3 (OMEGA, KF172-GEN-35); Alpha counts step 3 alone.
            for key in ("step-ended", "actions-this-step"):
                if game.position.values.get(key):
                    game.res.set_value(key, None)
            game.res.set_turn(step="main")


def start_of_turn(game: Game, pid: str) -> None:
    with game.res.step("start-of-turn", "order.start-of-turn", "Efectos «al inicio del turno»",
                       "'Start of turn' effects"):
        lasting = game.position.values.get("lasting", [])
        keep = [e for e in lasting if not (e.get("duration") == "until-your-next-turn" and e.get("controller") == pid)]
        if len(keep) != len(lasting):
            game.res.set_value("lasting", keep or None)
        _timed_abilities(game, "start-of-turn", pid)


def forge_step(game: Game, pid: str) -> None:
    cost = game.board.key_cost(pid)
    with game.res.step("forge-step", "order.forge.1", f"¿Puede {pid} forjar una llave? (coste {cost})",
                       f"Can {pid} forge a key? (cost {cost})"):
        if game.can_forge(pid, cost):
            game.forge(pid, cost=cost, rule="order.forge.2")  # its "after forging" effects too (order.forge.3)
        else:
            game.res.note("no-forge", "turn.step-1-forge", f"{pid} tiene {game.amber(pid)} Æmbar: no forja",
                          f"{pid} has {game.amber(pid)} Æmber: no key is forged")


def house_options(game: Game, pid: str) -> list[str]:
    houses = list(game.position.player(pid).values.get("houses", []))
    for _, zone, card in game.position.all_cards():
        if zone in IN_PLAY and card.controller == pid:
            for h in sorted(game.board.houses(card)):
                if h not in houses:
                    houses.append(h)
    return houses


def house_restrictions(game: Game, pid: str) -> tuple[set[str], set[str]]:
    """Houses ``pid`` must choose and cannot choose, from constant abilities and lasting effects."""
    must: set[str] = set()
    cannot: set[str] = set()
    for source, effect in game.board.constant_effects():
        kind = effect.get("modify")
        if kind not in ("must-choose-house", "cannot-choose-house"):
            continue
        if game.board.names_player(source, effect, pid, "you"):
            house = effect["house"]
            if house == "previous":
                # "The same house they chose on their previous turn" (El Dispositivo Ulfberht): none on a first turn.
                house = game.position.values.get("last-turn", {}).get(f"{pid}.house")
                if house is None:
                    continue
            if kind == "cannot-choose-house":
                cannot.add(house)
            elif not game.rules.impossible_house_demand_ignored() or _may_be_made_to_choose(game, pid, house):
                must.add(house)
    return must, cannot


def _may_be_made_to_choose(game: Game, pid: str, house: str) -> bool:
    """An effect that makes a player choose a house that is neither on their identity card nor the house of a card
    they control is ignored (PASO 2). A maverick Señor del Foso in a deck without Dis belongs to the house printed on
    it (DISIDENTE), so it does not bind (KF172-CARD-104, KF13-FAQ-24); a Dis card the player controls would — which is
    why it matters that an enemy's upgrade on their creature stays the enemy's (KF172-CARD-105)."""
    identity = game.position.player(pid).values.get("houses")
    if not identity or house in identity:
        return True
    return any(zone in IN_PLAY and card.controller == pid and house in game.board.houses(card)
               for _, zone, card in game.position.all_cards())


def allowed_houses(game: Game, pid: str) -> tuple[list[str], str]:
    """The houses ``pid`` may choose as active now, and the rule that gives the choice."""
    must, cannot = house_restrictions(game, pid)
    # "cannot" beats "must" only where they name the same house; otherwise it is the plain choice.
    return game.rules.allowed_houses(game, house_options(game, pid), must, cannot), \
        "cannot-vs-must" if must & cannot else "house-choice"


def choose_house(game: Game, pid: str, *, named: str | None = None) -> None:
    """Step 2; ``named``: the house the player announced with the play (checked before the play resolves)."""
    with game.res.step("choose-house", "order.choose-house.1", f"{pid} elige la Casa activa",
                       f"{pid} chooses the active house"):
        allowed, rule = allowed_houses(game, pid)
        if not allowed:
            game.res.note("no-house", "house-choice", "Ninguna Casa es una opción válida: no hay Casa activa este turno",
                          "No house is a valid choice: there is no active house this turn")
            game.res.set_player(pid, "house", None)
        else:
            question = Question(key="house", player=pid, rule=rule,
                                prompt_es="¿Qué Casa eliges como activa?", prompt_en="Which house do you choose?",
                                options=tuple(Option(h, house_name(h), house_name(h, "en")) for h in allowed))
            house = question.pick(named) if named is not None else game.res.ask(question)
            if named is not None:
                game.res.note("house-named", rule, f"{pid} elige {house_name(house)}", f"{pid} chooses {house_name(house, 'en')}")
            game.res.set_player(pid, "house", house)
            pending = game.collect("choose-house", player=pid, house=house)
            if pending:
                # "After you choose a house" effects resolve before the archives are taken (order.choose-house.2).
                with game.res.step("after-house", "order.choose-house.2", "Efectos «después de elegir una Casa»",
                                   "'After you choose a house' effects"):
                    game.resolve_pending(pending)
    archives = game.position.player(pid).zone("archives")
    if archives:
        with game.res.step("archives", "order.choose-house.3", "Puedes coger las cartas de tus archivos",
                           "You may take the cards from your archives"):
            if game.ask_yes_no(pid, "archives", "¿Coges todas las cartas de tus archivos?",
                               "Do you take all the cards from your archives?", key="take-archives"):
                for card in list(archives):
                    # Cards in your archives that you do not own go to their owner's hand (ARCHIVOS).
                    game.res.move(card, card.owner, "hand")

"""Combat (the Paso de Ataque and 123.2): attackers, blockers and combat damage, for two players (decision
multiplayer-scope). Declaring attackers taps them; blocking does not (decision combat-rules). Súbditos with hábil
deal their damage in a first phase, those with experto in both (turno.combate-habil-y-experto,
turno.combate-sin-habil); a blocked attacker with avasallar may give the damage beyond lethal to the defending
player (decision avasallar).
"""

from __future__ import annotations

from judge.core.decisions import Option
from judge.core.errors import IllegalPlayError
from judge.core.position import CardState
from judge.games.gobierno_y_prestigio import damage
from judge.games.gobierno_y_prestigio.game import Game


def attackers(game: Game) -> list[CardState]:
    return [c for c in game.board.on_battlefield() if c.get("atacando", False)]


def blockers_of(game: Game, attacker: CardState) -> list[CardState]:
    return [c for c in game.board.on_battlefield() if c.get("bloqueando", "") == attacker.uid]


def in_combat(game: Game) -> list[CardState]:
    return [c for c in game.board.on_battlefield() if c.get("atacando", False) or c.get("bloqueando", "")]


def has_first_strike(game: Game) -> bool:
    return any({"habil", "experto"} & set(game.board.keywords(c)) for c in in_combat(game))


def can_attack(game: Game, card: CardState) -> tuple[bool, str, str]:
    """Whether ``card`` may be declared an attacker: (allowed, rule, why)."""
    board = game.board
    if not board.is_subdito(card) or card.controller != game.position.active:
        return False, "gyp.decision.combat-rules", "only súbditos of the active player attack"
    if card.get("girada", False):
        return False, "gyp.decision.combat-rules", "a tapped súbdito cannot attack"
    if "atacante-especial" in board.keywords(card):
        game.res.note("missing", "gyp.decision.missing-sections", "Los atacantes especiales no están descritos en la primera parte",
                      "Special attackers are not described in part 1")
        return False, "gyp.decision.special-attackers-blockers", "special attackers are not modelled"
    forbidden, permitted = board.attack_rules(card)
    if forbidden:
        if permitted:
            return False, "101.2", "one effect allows it to attack and another forbids it: the prohibition wins"
        return False, "116.3.a", "an ability says it cannot attack"
    return True, "turno.declaracion-de-atacantes", ""


def declare_attackers(game: Game, pid: str) -> None:
    board = game.board
    if len(game.position.players) > 2:
        raise IllegalPlayError("combat is modelled for two players only", rule=game.cite("gyp.decision.multiplayer-scope"),
                               es="el combate se modela solo entre dos jugadores")
    game.res.note("summoning", "gyp.decision.summoning", "Un súbdito puede atacar el turno en que entra", "A súbdito may attack the turn it enters")
    mine = [c for c in board.on_battlefield() if board.is_subdito(c) and c.controller == pid]
    options = [game.card_option(c) for c in mine]
    chosen: tuple[str, ...] = ()
    if options:
        picked = game.choose("attackers", pid, "turno.declaracion-de-atacantes", "¿Qué súbditos atacan (todos a la vez)?",
                             "Which súbditos attack (all at once)?", options, low=0, high=len(options))
        chosen = picked if isinstance(picked, tuple) else (picked,)
    for uid in chosen:
        card = board.card(uid)
        assert card is not None
        allowed, rule, why = can_attack(game, card)
        if not allowed and why:
            game.res.note("cannot-attack", rule, f"{game.label(card)} no puede atacar", f"{game.label(card, 'en')} cannot attack")
        if not allowed:
            raise IllegalPlayError(f"{game.label(card, 'en')} cannot attack: {why}", rule=game.cite(rule),
                                   es=f"{game.label(card)} no puede atacar")
    with game.res.step("attackers", "turno.declaracion-de-atacantes", f"{pid} declara {len(chosen)} atacante(s) a la vez",
                       f"{pid} declares {len(chosen)} attacker(s) at once"):
        for uid in chosen:
            card = board.card(uid)
            game.res.set_card(card, "atacando", True)  # type: ignore[arg-type]
            game.res.set_card(card, "girada", True)  # type: ignore[arg-type]
        for uid in chosen:
            game.emit("ataca", card=board.card(uid))
        if chosen:
            game.emit("atacan", player=pid)


def declare_blockers(game: Game, pid: str) -> None:
    board = game.board
    attacking = attackers(game)
    mine = [c for c in board.on_battlefield() if board.is_subdito(c) and c.controller == pid and not c.get("girada", False)]
    blocks: dict[str, str] = {}
    special = [b for b in mine if "bloqueador-especial" in board.keywords(b)]
    with game.res.step("special-blockers", "turno.declaracion-de-bloqueadores-especiales",
                       "Primero los bloqueadores especiales, sin ventana antes de los normales",
                       "Special blockers first, with no window before the normal ones"):
        for blocker in special:
            _special_block(game, pid, blocker, attacking, blocks)
    for blocker in mine:
        if "bloqueador-especial" in board.keywords(blocker):
            continue
        options = [Option("no", "No bloquea", "Does not block")] + [game.card_option(a) for a in attacking]
        choice = game.choose("block", pid, "turno.declaracion-de-bloqueadores-normales", f"¿A quién bloquea {game.label(blocker)}?",
                             f"Whom does {game.label(blocker, 'en')} block?", options)
        if choice != "no":
            blocks[blocker.uid] = choice
    with game.res.step("blockers", "turno.declaracion-de-bloqueadores-normales", f"{pid} declara sus bloqueos a la vez",
                       f"{pid} declares their blocks at once"):
        for blocker, attacker in blocks.items():
            game.res.set_card(board.card(blocker), "bloqueando", attacker)  # type: ignore[arg-type]


def _special_block(game: Game, pid: str, blocker: CardState, attacking: list[CardState], blocks: dict[str, str]) -> None:
    """A special blocker blocks by paying its cost: an opponent gains control of another súbdito of the defender
    (decision special-attackers-blockers)."""
    board = game.board
    options = [Option("no", "No bloquea", "Does not block")] + [game.card_option(a) for a in attacking]
    choice = game.choose("special-block", pid, "turno.declaracion-de-bloqueadores-especiales", f"¿A quién bloquea {game.label(blocker)}?",
                         f"Whom does {game.label(blocker, 'en')} block?", options)
    if choice == "no":
        return
    payable = [c for c in board.on_battlefield() if board.is_subdito(c) and c.controller == pid and c.uid != blocker.uid]
    if not payable:
        raise IllegalPlayError("a special blocker needs a súbdito to give away", rule=game.cite("gyp.decision.special-attackers-blockers"),
                               es="un bloqueador especial necesita un súbdito que ceder")
    given = board.card(game.choose("block-cost", pid, "gyp.decision.special-attackers-blockers", "¿De qué súbdito pierdes el control?",
                                   "Which súbdito do you lose control of?", [game.card_option(c) for c in payable]))
    assert given is not None
    with game.res.step("block-cost", "gyp.decision.special-attackers-blockers", f"{game.position.active} gana el control de {game.label(given)}",
                       f"{game.position.active} gains control of {game.label(given, 'en')}"):
        game.res.set_controller(given, game.position.active)
    blocks[blocker.uid] = choice


def deal_combat_damage(game: Game, *, first: bool) -> None:
    """All combat damage of one phase is dealt at once (123.7); strength below 0 deals 0 (109.1.b)."""
    board = game.board
    defender = game.position.opponent(game.position.active)
    rule = "turno.combate-habil-y-experto" if first else "turno.combate-sin-habil"

    def deals(card: CardState) -> bool:
        words = set(board.keywords(card))
        return bool(words & {"habil", "experto"}) if first else ("habil" not in words or "experto" in words)

    plan: list[tuple[CardState, list[tuple[damage.Recipient, int]]]] = []
    for attacker in attackers(game):
        if not deals(attacker):
            continue
        power = max(0, board.strength(attacker) or 0)
        if (board.strength(attacker) or 0) < 0:
            game.res.note("negative-strength", "109.1.b", f"{game.label(attacker)} tiene fuerza negativa: hace 0 de daño",
                          f"{game.label(attacker, 'en')} has negative strength: it deals 0 damage")
        blockers = blockers_of(game, attacker)
        if attacker.get("bloqueado", False) and not blockers and "avasallar" not in board.keywords(attacker):
            continue
        if not blockers:
            plan.append((attacker, [(defender, power)]))
        else:
            plan.append((attacker, _split(game, attacker, blockers, power, defender)))
    for attacker in attackers(game):
        for blocker in blockers_of(game, attacker):
            if deals(blocker):
                plan.append((blocker, [(attacker, max(0, board.strength(blocker) or 0))]))
    with game.res.step("combat-damage", rule, "Daño de combate, todo a la vez", "Combat damage, all at once"):
        for attacker in attackers(game):
            if blockers_of(game, attacker):
                game.res.set_card(attacker, "bloqueado", True)
        for source, assignment in plan:
            damage.deal(game, source, source.controller, assignment, rule="123.2", combat=True)


def _split(game: Game, attacker: CardState, blockers: list[CardState], power: int, defender: str) -> list[tuple[damage.Recipient, int]]:
    board = game.board
    trample = "avasallar" in board.keywords(attacker)
    if len(blockers) == 1 and not trample:
        return [(blockers[0], power)]
    out: list[tuple[damage.Recipient, int]] = []
    left = power
    if trample:
        for blocker in blockers:
            lethal = max(0, (board.toughness(blocker) or 0) - int(blocker.get("dano", 0)))
            give = min(left, lethal)
            out.append((blocker, give))
            left -= give
        game.res.note("trample", "gyp.decision.avasallar", f"Avasallar: daño letal a cada bloqueador y {left} al jugador defensor",
                      f"Avasallar: lethal damage to each blocker and {left} to the defending player")
        out.append((defender, left))
        return out
    for blocker in blockers[:-1]:
        n = game.res.ask_number(key="assign", player=attacker.controller, rule="gyp.decision.combat-rules",
                                prompt_es=f"¿Cuánto daño asignas a {game.label(blocker)}?", prompt_en=f"How much damage to {game.label(blocker, 'en')}?",
                                low=0, high=left)
        out.append((blocker, n))
        left -= n
    out.append((blockers[-1], left))
    return out


def remove_all_from_combat(game: Game) -> None:
    with game.res.step("leave-combat", "turno.fin-del-paso-de-ataque", "Todos los súbditos y posesiones salen del combate",
                       "Every súbdito and possession is removed from combat"):
        for card in game.board.on_battlefield():
            for key in ("atacando", "bloqueando", "bloqueado"):
                if card.get(key, False):
                    game.res.set_card(card, key, 0)

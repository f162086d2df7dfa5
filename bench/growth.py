"""How the engine's cost grows with the size of the work, and what the service does with a position too large.

Each case is run at three sizes; a row gives the processor time (the best of a few runs: the smallest is the least
disturbed by other jobs on the machine), the work it stands for, and the exponent of the growth of time against
work between the smallest and the largest size: 1 grows as the work does, below 1 slower, above 1 faster. What
the work is, is said for each case (a reap walks the creatures in play once; listing the legal plays checks each
play against every card in play, as the service's budget counts it).

The refusals are sent through the application itself (Flask's test client), with the limits the service applies.
"""

from __future__ import annotations

import dataclasses
import json
import math
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from figures import Figure

CREATURES = ["Troll", "Krump", "Bumpsy"]


def best(run: Callable[[], Any], repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def battleline(n: int) -> dict[str, Any]:
    line = [CREATURES[i % len(CREATURES)] for i in range(n)]
    return {"active": "p1", "step": "main", "players": {"p1": {"house": "brobnar", "battleline": line},
                                                         "p2": {"battleline": list(line)}}}


def chain(k: int) -> dict[str, Any]:
    """``k`` artifacts whose "after a card is played" ability each resolves when a creature is played."""
    return {"active": "p1", "step": "main", "players": {"p1": {"house": "brobnar", "hand": ["Troll"],
                                                               "artifacts": ["Bell"] * k}, "p2": {}},
            "cards": {"bell": {"name": "Bell", "house": "logos", "type": "artifact", "abilities": [
                {"trigger": "after", "event": "play", "effects": [{"do": "gain", "amount": 1}]}]}}}


def loop(n: int) -> dict[str, Any]:
    """An action whose "gain 1" is repeated ``n`` times."""
    return {"active": "p1", "step": "main", "players": {"p1": {"house": "logos", "hand": ["Loop"]}, "p2": {}},
            "cards": {"loop": {"name": "Loop", "house": "logos", "type": "action", "abilities": [
                {"trigger": "play", "effects": [{"do": "gain", "amount": 1}, {"do": "repeat", "times": n}]}]}}}


def _row(key: str, case: str, sizes: list[int], times: list[float], work: float, unit: str) -> Figure:
    """``times`` at ``sizes``, against work that grows as size^``work``: the row says how time grew (size^x) and
    whether it grew no faster than the work."""
    grown = math.log(times[-1] / times[0]) / math.log(sizes[-1] / sizes[0]) if times[0] > 0 else float("nan")
    shown = ", ".join(f"{s:,}: {_ms(t)}" for s, t in zip(sizes, times))
    return Figure(f"growth.{key}", f"growth — {case}", grown, "", better="lower",
                  target=f"≤ {work:g} (the work grows as size^{work:g}: {unit})", met=grown <= work + 0.2,
                  note=f"time grows as size^{grown:.2f}: {shown}")


def _ms(seconds: float) -> str:
    return f"{seconds * 1e6:.1f} µs" if seconds < 0.001 else f"{seconds * 1000:.2f} ms"


def engine_rows() -> list[Figure]:
    from judge import rulesets

    rs = rulesets.get("keyforge-17.2")
    rows = []
    sizes = [3, 10, 30]
    read, reap, plays, counts = [], [], [], []
    for n in sizes:
        doc = battleline(n)
        position = rs.read_position(doc)
        first = position.player("p1").zone("battleline")[0].uid
        read.append(best(lambda: rs.read_position(doc)))
        reap.append(best(lambda: rs.resolve(position, f"reap {first}")))
        plays.append(best(lambda: rs.legal_plays(position), 2))
        counts.append(len(rs.legal_plays(position)))
    in_play = [2 * n for n in sizes]
    rows.append(_row("battleline.check", "battleline of 3, 10, 30 creatures a side: position check", sizes, read, 1,
                     "every card is checked"))
    rows.append(_row("battleline.reap", "battleline: a creature reaps", sizes, reap, 1,
                     "the state check walks every creature"))
    rows.append(_row("battleline.plays", "battleline: the legal plays listed", sizes, plays, 2,
                     f"plays ({', '.join(map(str, counts))}) × the cards in play each is checked against"))
    sizes = [1, 10, 100]
    times = []
    for k in sizes:
        position = rs.read_position(chain(k))
        asked = rs.resolve(position, "play Troll")
        answers = [[o.value for o in asked.question.options]] if asked.question else []
        outcome = rs.resolve(position, "play Troll", answers)
        assert outcome.position.player("p1").values.get("amber") == k
        times.append(best(lambda: rs.resolve(position, "play Troll", answers)))
    rows.append(_row("chain", "chain of 1, 10, 100 triggered abilities (one play, every ability in the order given)",
                     sizes, times, 2, "abilities × the cards in play each resolves on"))
    sizes = [1, 100, 10_000]
    times = []
    for n in sizes:
        position = rs.read_position(loop(n))
        assert rs.resolve(position, "play Loop").position.player("p1").values.get("amber") == n + 1
        times.append(best(lambda: rs.resolve(position, "play Loop"), 2))
    rows.append(_row("loop", "a loop asked for 1, 100, 10,000 repetitions", sizes, times, 1, "repetitions"))
    return rows


def catalog_rows(pool: int = 2556) -> list[Figure]:
    """The catalog's operations with the cards written by hand (those the documents name) and with the whole KeyForge
    pool as shipped (padded up to ``pool`` with the hand-written cards under other ids and names, should it have
    fewer)."""
    from judge.core.errors import UnknownCardError
    from judge.games.keyforge.catalog import Catalog, default_catalog, load_dir

    shipped, _ = load_dir()
    every = list(default_catalog().cards.values())
    n = 0
    while len(every) < pool:
        base = shipped[n % len(shipped)]
        n += 1
        every.append(dataclasses.replace(base, id=f"{base.id}-{n}", name_en=f"{base.name_en} {n}",
                                         name_es=f"{base.name_es} {n}", name_pt=f"{base.name_pt} {n}", aliases=()))
    sizes = [len(shipped), len(every)]
    build, hit, miss, error, overlay = [], [], [], [], []
    custom = {"nuevo": {"name": "Nuevo", "house": "logos", "type": "creature", "power": 2}}
    for cards in (shipped, every):
        catalog = Catalog(cards)
        names = [c.name_es for c in cards[:300] if catalog.find(c.name_es) is not None][:200]
        build.append(best(lambda: Catalog(cards), 5))
        hit.append(best(lambda: [catalog.lookup(x) for x in names]) / len(names))
        miss.append(best(lambda: [catalog.find(f"p{i}.battleline") for i in range(200)]) / 200)

        def unknown() -> None:
            try:
                catalog.lookup("Trolll de prueba")
            except UnknownCardError:
                pass
        error.append(best(unknown))
        overlay.append(best(lambda: catalog.with_custom(custom)))
    return [
        _row("catalog.build", f"catalog of {sizes[0]:,} vs {sizes[1]:,} cards: built", sizes, build, 1,
             "every name is indexed"),
        _row("catalog.found", "catalog: a card found by name", sizes, hit, 0, "one look-up"),
        _row("catalog.not_a_name", "catalog: a value that is not a card name (a zone, a uid), no suggestions", sizes, miss, 0,
             "one look-up"),
        _row("catalog.unknown", "catalog: an unknown card's error with its suggestions", sizes, error, 1,
             "every name is compared"),
        _row("catalog.custom", "catalog: a position's custom card over the catalog", sizes, overlay, 0,
             "one card: an overlay"),
    ]


def refusal_rows() -> list[Figure]:
    """Positions and plays past the service's limits, sent to the application: each refused with the limit it
    passed, in bounded time."""
    from judge.web import create_app

    app = create_app({"DATABASE": str(Path(tempfile.mkdtemp()) / "growth.sqlite")})
    client = app.test_client()
    cases = [
        ("battleline", "battleline of 300 creatures a side", {"ruleset": "keyforge-17.2", "position": battleline(300),
                                                              "play": "reap c1"}),
        ("chain", "chain of 100 triggered abilities", {"ruleset": "keyforge-17.2", "position": chain(100),
                                                       "play": "play Troll"}),
        ("loop.10000", "a loop of 10,000 repetitions", {"ruleset": "keyforge-17.2", "position": loop(10_000),
                                                        "play": "play Loop"}),
        ("loop.1000000", "a loop of 1,000,000 repetitions", {"ruleset": "keyforge-17.2", "position": loop(1_000_000),
                                                             "play": "play Loop"}),
    ]
    rows = []
    for key, name, body in cases:
        spent = float("inf")
        for _ in range(3):
            start = time.process_time()
            response = client.post("/api/resolve", data=json.dumps(body), content_type="application/json")
            spent = min(spent, time.process_time() - start)
        answer = response.get_json(silent=True) or {}
        message = answer.get("message") or answer.get("error") or ""
        rows.append(Figure(f"refused.{key}", f"refused: {name}", spent * 1000, "ms", target="refused with its limit",
                           met=response.status_code in (413, 422), note=f"{response.status_code}: {message}"))
    return rows


__all__ = ["engine_rows", "catalog_rows", "refusal_rows"]

"""Fuzz the service from outside, the way the README deploys it, and report what a judge's worst request costs.

Run on demand (not part of CI), after ``pip install -e '.[server]'``::

    .venv/bin/python bench/fuzz.py                      # 100,000 requests against gunicorn, 2 sync workers
    .venv/bin/python bench/fuzz.py --server serve --requests 5000

It starts the server itself on 127.0.0.1 with a temporary database and sends traffic nowhere else. It is bounded in
requests (``--requests``) and in time (``--minutes``), and stops by itself. Three parts:

1. growth: how the cost of checking a position, resolving and finding a bad answer grows with the board;
2. shapes: each pathological request of the reliability report, once, with its status and latency;
3. fuzz: random and mutated requests from several clients at once: every endpoint, scenario positions with fields
   replaced by wrong types, huge numbers, bad text, custom cards of random abilities, foreign origins and content
   types, and now and then one of the shapes. It counts statuses, responses of 500 or more, requests that cost the
   service more than the 2 s target (the processor time of its ``Server-Timing`` header: other processes on the
   machine do not inflate it; the wall-clock time and the wait for a free worker are reported apart), and the
   workers the server had to kill.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = 2.0
"""Seconds: a request that costs the service more processor time than this is over the limits it promises."""


# The server ------------------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(kind: str, port: int, workers: int, tmp: Path, log) -> subprocess.Popen:
    env = {**os.environ, "JUDGE_DB": str(tmp / "fuzz.sqlite")}
    if kind == "gunicorn":
        gunicorn = shutil.which("gunicorn", path=str(Path(sys.executable).parent)) or shutil.which("gunicorn")
        if not gunicorn:
            sys.exit("gunicorn is not installed (pip install -e '.[server]')")
        command = [gunicorn, "--workers", str(workers), "--bind", f"127.0.0.1:{port}", "--preload",
                   "--timeout", "30", "--log-level", "info", "judge.web:create_app()"]
    else:
        judge = shutil.which("judge", path=str(Path(sys.executable).parent)) or "judge"
        command = [judge, "serve", "--host", "127.0.0.1", "--port", str(port)]
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
    deadline = time.time() + 120
    while time.time() < deadline:
        try:
            if request(port, "GET", "/healthz")[0] == 200:
                return server
        except OSError:
            time.sleep(0.3)
    server.terminate()
    sys.exit("the server did not start")


def request(port: int, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, float, bytes, float, float]:
    """Status, seconds until the answer, its body, and the processor and wall-clock seconds the service says it
    worked on it."""
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request(method, path, body, headers or {})
        response = conn.getresponse()
        data = response.read()
        elapsed = time.perf_counter() - start
        timing = response.getheader("Server-Timing")
        return response.status, elapsed, data, service_time(timing, elapsed), service_time(timing, elapsed, "app")
    finally:
        conn.close()


def service_time(header: str | None, default: float, metric: str = "cpu") -> float:
    """Seconds from ``Server-Timing: app;dur=…, cpu;dur=…`` (ms): ``cpu`` is the processor time the request used,
    which neither the wait for a free worker nor other processes on the machine inflate."""
    for entry in (header or "").split(","):
        name, _, params = entry.strip().partition(";")
        if name == metric and params.strip().startswith("dur="):
            return float(params.strip()[4:]) / 1000
    return default


def post(port: int, path: str, payload) -> tuple[int, float, float, dict]:
    """Status, processor and wall-clock seconds in the service, and the answer."""
    status, _, data, cpu, wall = request(port, "POST", path, json.dumps(payload).encode(),
                                         {"Content-Type": "application/json"})
    try:
        return status, cpu, wall, json.loads(data)
    except ValueError:
        return status, cpu, wall, {}


# Boards ----------------------------------------------------------------------------------------------------------


def board(p1: dict, p2: dict | None = None, cards: dict | None = None) -> dict:
    out = {"active": "p1", "step": "main", "players": {"p1": {"house": "brobnar", **p1}, "p2": p2 or {}}}
    if cards:
        out["cards"] = cards
    return out


def action(name: str, *effects: dict) -> dict:
    return {"name": name, "house": "brobnar", "type": "action", "abilities": [{"trigger": "play", "effects": list(effects)}]}


BUFFER = {"name": "Buffer", "house": "brobnar", "type": "creature", "power": 1,
          "abilities": [{"trigger": "constant", "effect": {"modify": "power", "amount": 1,
                                                           "target": {"all": True, "kind": "creature"}}}]}
ECHO = {"name": "Echo", "house": "brobnar", "type": "artifact",
        "abilities": [{"trigger": "after", "event": "stolen", "filter": {"who": "opponent"},
                       "effects": [{"do": "steal", "amount": 1}]}]}


def shapes() -> list[tuple[str, str, dict]]:
    """The pathological requests of the reliability report, shrunk or not to what the limits accept."""
    any_of = action("Any", {"do": "stun", "target": {"choose": "any", "kind": "creature", "side": "any"}})
    sift = action("Sift", {"do": "discard", "target": {"choose": "any", "kind": "card", "zone": "deck"}})
    pick = action("Pick", {"do": "stun", "target": {"choose": 15, "kind": "creature", "side": "any"}})
    maybes = action("Maybes", *[{"do": "gain", "amount": 1, "may": True}] * 200)
    many = action("Many", *[{"do": "gain", "amount": 1}] * 4500)
    thief = action("Thief", {"do": "steal", "amount": 1})
    full = board({"hand": ["Troll"] * 40, "battleline": ["Krump"] * 20, "deck": ["Troll"] * 150},
                 {"battleline": ["Troll"] * 20, "deck": ["Troll"] * 170})
    out = [
        ("explore any number of 60 creatures", "/api/explore",
         {"position": board({"hand": ["Any"], "battleline": ["Krump"] * 30}, {"battleline": ["Troll"] * 30},
                            {"any": any_of}), "play": "play Any"}),
        ("explore any number of 60 deck cards", "/api/explore",
         {"position": board({"hand": ["Sift"], "deck": ["Troll"] * 60}, cards={"sift": sift}), "play": "play Sift"}),
        ("explore choose 15 of 40", "/api/explore",
         {"position": board({"hand": ["Pick"], "battleline": ["Krump"] * 20}, {"battleline": ["Troll"] * 20},
                            {"pick": pick}), "play": "play Pick", "budget": 2000}),
        ("explore fight on 40 creatures", "/api/explore",
         {"position": board({"battleline": ["Krump"] * 20}, {"battleline": ["Troll"] * 20}), "play": "fight c1"}),
        ("explore with a 350-card deck", "/api/explore",
         {"position": board({"hand": ["Troll"], "battleline": ["Krump"] * 5, "deck": ["Troll"] * 350}),
          "play": "play Troll", "budget": 2000}),
        ("explore triggering artifacts", "/api/explore",
         {"position": board({"hand": ["Thief"], "amber": 5, "artifacts": ["Echo"] * 3},
                            {"amber": 5, "artifacts": ["Echo"] * 3}, {"echo": ECHO, "thief": thief}),
          "play": "play Thief", "budget": 2000}),
        ("position 360 pumping creatures", "/api/position",
         {"position": board({"battleline": ["Buffer"] * 180}, {"battleline": ["Buffer"] * 180}, {"buffer": BUFFER})}),
        ("position 40 pumping creatures", "/api/position",
         {"position": board({"battleline": ["Buffer"] * 20}, {"battleline": ["Buffer"] * 20}, {"buffer": BUFFER})}),
        ("resolve 40 pumping creatures", "/api/resolve",
         {"position": board({"battleline": ["Buffer"] * 20}, {"battleline": ["Buffer"] * 20}, {"buffer": BUFFER}),
          "play": "fight c1", "answers": ["c21"]}),
        ("position 390 creatures", "/api/position", {"position": board({"battleline": ["Troll"] * 390})}),
        ("position at every limit", "/api/position", {"position": full}),
        ("resolve at every limit", "/api/resolve", {"position": full, "play": "fight c41", "answers": ["c211"]}),
        ("resolve 4,500 effects", "/api/resolve",
         {"position": board({"hand": ["Many"]}, cards={"many": many}), "play": "play Many"}),
        ("a bad answer after 199 good ones", "/api/resolve",
         {"position": board({"hand": ["Maybes"]}, cards={"maybes": maybes}), "play": "play Maybes",
          "answers": ["yes"] * 199 + ["perhaps"]}),
        ("200 answers, all good", "/api/resolve",
         {"position": board({"hand": ["Maybes"]}, cards={"maybes": maybes}), "play": "play Maybes",
          "answers": ["yes"] * 200}),
    ]
    return out


# 1. Growth -------------------------------------------------------------------------------------------------------


def growth(port: int) -> None:
    def timed(path: str, payload: dict, reps: int = 5) -> float:
        return statistics.median(post(port, path, payload)[1] for _ in range(reps))

    print("1. growth with the board (processor time in the service, median of 5):")
    rows = []
    for n in (5, 10, 20, 40):
        pos = board({"hand": ["Troll"], "battleline": ["Krump"] * (n // 2)}, {"battleline": ["Troll"] * (n - n // 2)})
        rows.append((n, timed("/api/position", {"position": pos}),
                     timed("/api/resolve", {"position": pos, "play": "play Troll", "answers": ["left"]})))
    for n, check, resolve in rows:
        print(f"   {n:3d} cards in play: POST /api/position {check * 1000:7.1f} ms, POST /api/resolve "
              f"{resolve * 1000:7.1f} ms")
    slope = _exponent([(n, c) for n, c, _ in rows])
    print(f"   position check grows as (cards in play)^{slope:.2f} (1 would be linear)")
    answers = []
    for k in (25, 50, 100, 199):
        maybes = action("Maybes", *[{"do": "gain", "amount": 1, "may": True}] * 200)
        payload = {"position": board({"hand": ["Maybes"]}, cards={"maybes": maybes}), "play": "play Maybes",
                   "answers": ["yes"] * k + ["perhaps"]}
        answers.append((k, timed("/api/resolve", payload)))
    print("   a bad answer after k good ones: " + ", ".join(f"k={k} {t * 1000:.1f} ms" for k, t in answers)
          + f"; grows as k^{_exponent(answers):.2f}")


def _exponent(points: list[tuple[int, float]]) -> float:
    import math

    xs = [math.log(x) for x, _ in points]
    ys = [math.log(max(y, 1e-6)) for _, y in points]
    mx, my = statistics.mean(xs), statistics.mean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


# 2. Shapes -------------------------------------------------------------------------------------------------------


def run_shapes(port: int) -> list[tuple[float, str, int]]:
    print("2. pathological shapes (one at a time; processor and wall-clock time in the service):")
    out = []
    for label, path, payload in shapes():
        status, seconds, wall, data = post(port, path, payload)
        note = data.get("message", "")[:90] if status >= 400 else (
            f"resolved {data.get('resolved')}, cut {data.get('cut')}" if "resolved" in data else data.get("status", ""))
        print(f"   {status} {seconds:5.2f} s cpu {wall:5.2f} s wall  {label}: {note}")
        out.append((seconds, label, status))
    accepted = [x for x in out if x[2] < 400]
    if accepted:
        worst = max(accepted)
        print(f"   worst accepted: {worst[0]:.2f} s ({worst[1]}); worst of all: {max(out)[0]:.2f} s ({max(out)[1]})")
    return out


# 3. Fuzz ---------------------------------------------------------------------------------------------------------

CARD_NAMES = ["Troll", "Trol", "Krump", "Gato por Liebre", "Bruja del Ocaso", "Duskwitch", "Smite", "Anger",
              "Dust Imp", "Lollop the Titanic", "Ancient Bear", "Mighty Tiger", "Urchin", "Dextre", "troll", "x" * 300,
              "Tr\u00f6ll", "", " ", "c1", "Mine"]
EVIL_TEXT = ["\udc80", "\x00", "a\x1bb", "\ud83d", "\u202e", "line\nbreak", "%s%n", "' OR 1=1 --", '"; DROP TABLE saves;',
             "<script>alert(1)</script>", "../../etc/passwd", "NEAR(a b)", "*", "\"unterminated", "\ufeff", "\u2028"]
NEXT = ["/", "//evil.example", "/%09/evil.example", "/\t/evil.example", "/\r\nX-Injected: 1", "/board",
        "https://evil.example", "/\\evil.example", "/rulings?q=elusivo"]
HUGE = [2**53, 2**63, -2**63 - 1, 10**400, 2**1024]
VERBS = ["play", "discard", "reap", "fight", "action", "omni", "unstun", "raise-tide", "end-turn", "fly", ""]
ZONES = ["hand", "battleline", "artifacts", "deck", "discard", "archives", "purged", "moon"]
EFFECTS = ["gain", "lose", "steal", "capture", "deal-damage", "destroy", "stun", "exhaust", "ready", "draw", "archive",
           "return-to-hand", "purge", "heal", "enrage", "ward", "add-power", "discard-top-of-deck", "make-token",
           "forge-key", "take-control", "repeat", "choose-one", "search", "play-card", "teleport"]
TRIGGERS = ["play", "after-reap", "after-fight", "before-fight", "destroyed", "action", "omni", "constant", "after",
            "leaves-play", "scrap", "start-of-turn", "end-of-turn", "sometimes"]
EVENTS = ["reap", "fight", "play", "destroyed", "damaged", "captured", "stolen", "discard", "leaves-play", "forge"]


def random_target(rng: random.Random):
    choice = rng.random()
    if choice < 0.3:
        return rng.choice(["self", "it", "each-neighbor", "host", "attacker", "chosen", "nowhere"])
    table = {"kind": rng.choice(["creature", "artifact", "card", "upgrade", "creature-or-artifact"]),
             "side": rng.choice(["friendly", "enemy", "any"])}
    if rng.random() < 0.5:
        table["choose"] = rng.choice([1, 2, 3, "any", 15, 0, -1])
    else:
        table["all"] = True
    if rng.random() < 0.2:
        table["zone"] = rng.choice(ZONES)
    return table


def random_ability(rng: random.Random) -> dict:
    trigger = rng.choice(TRIGGERS)
    if trigger == "constant":
        return {"trigger": "constant", "effect": {"modify": rng.choice(["power", "armor", "keyword", "blank"]),
                                                  "amount": rng.randint(-3, 3), "target": random_target(rng),
                                                  "keyword": rng.choice(["taunt", "elusive", "skirmish"])}}
    effects = []
    for _ in range(rng.randint(1, 4)):
        effect = {"do": rng.choice(EFFECTS), "amount": rng.choice([0, 1, 2, 3, "all", -1, 24]),
                  "target": random_target(rng)}
        if rng.random() < 0.2:
            effect["may"] = True
        if rng.random() < 0.1:
            effect["times"] = rng.choice([2, "all", 100])
        effects.append(effect)
    ability = {"trigger": trigger, "effects": effects}
    if trigger == "after":
        ability["event"] = rng.choice(EVENTS)
    return ability


def random_custom(rng: random.Random) -> dict:
    name = rng.choice([{"en": "Mine", "es": "Mía"}, "Mine", {"en": "Mine", "pt": rng.choice([3, None, [], "Minha"])}])
    return {"name": name, "house": rng.choice(["brobnar", "shadows", "logos", "dis", "moon"]),
            "type": rng.choice(["creature", "action", "artifact", "upgrade"]), "power": rng.choice([0, 1, 3, 6, -1]),
            "keywords": rng.sample(["taunt", "elusive", "skirmish", "poison", "assault 2", "flying"], rng.randint(0, 2)),
            "abilities": [random_ability(rng) for _ in range(rng.randint(0, 3))]}


def random_position(rng: random.Random, seeds: list[dict]) -> dict:
    if seeds and rng.random() < 0.6:
        return json.loads(json.dumps(rng.choice(seeds)["position"]))
    p1 = {"house": rng.choice(["brobnar", "shadows", "logos", "dis", "untamed", "sanctum", "mars", "star-alliance"]),
          "amber": rng.randint(0, 12)}
    p2 = {"amber": rng.randint(0, 12)}
    for side in (p1, p2):
        for zone in ("hand", "battleline", "artifacts", "deck", "discard"):
            if rng.random() < 0.6:
                side[zone] = [rng.choice(CARD_NAMES[:14] + ["Mine"]) for _ in range(rng.randint(0, 8))]
    pos = {"active": "p1", "step": rng.choice(["main", "main", "choose-house", "draw"]), "players": {"p1": p1, "p2": p2}}
    if rng.random() < 0.4:
        pos["cards"] = {"mine": random_custom(rng)}
    return pos


def mutate(value, rng: random.Random, depth: int = 0):
    """The same value with one part replaced by something the service must refuse politely."""
    if depth > 6 or rng.random() < 0.25:
        pick = rng.random()
        if pick < 0.2:
            return rng.choice(HUGE)
        if pick < 0.4:
            return rng.choice(EVIL_TEXT)
        if pick < 0.55:
            return rng.choice([None, True, -1, 0.5, [], {}, "", [[[]]], {"key": "x", "choose": "y"}])
        if pick < 0.7:
            return rng.choice(CARD_NAMES)
        return [value] * rng.randint(2, 5) if not isinstance(value, list) else value * 2
    if isinstance(value, dict) and value:
        out = dict(value)
        key = rng.choice(list(out))
        if rng.random() < 0.15:
            del out[key]
        elif rng.random() < 0.1:
            out[rng.choice(EVIL_TEXT + ["surprise", "uid", "cards"])] = 1
        else:
            out[key] = mutate(out[key], rng, depth + 1)
        return out
    if isinstance(value, list) and value:
        out = list(value)
        i = rng.randrange(len(out))
        out[i] = mutate(out[i], rng, depth + 1)
        return out
    return mutate(None, rng, 7)


def random_play(rng: random.Random, seed: dict | None) -> tuple[str, list]:
    if seed and seed.get("plays") and rng.random() < 0.6:
        play = rng.choice(seed["plays"])
        answers = list(play.get("answers", []))
        if answers and rng.random() < 0.3:
            answers = answers[: rng.randrange(len(answers))]
        return play["play"], answers
    verb = rng.choice(VERBS)
    card = rng.choice([f"c{rng.randint(1, 12)}", rng.choice(CARD_NAMES), ""])
    answers = [rng.choice(["left", "right", "yes", "no", "c1", "c2", "brobnar", "0", "1"]) for _ in range(rng.randint(0, 3))]
    return f"{verb} {card}".strip(), answers


def random_request(rng: random.Random, seeds: list[dict], extreme: list) -> tuple[str, str, bytes | None, dict]:
    """One request: method, path, body and headers."""
    json_headers = {"Content-Type": "application/json"}
    roll = rng.random()
    if roll < 0.01 and extreme:
        _, path, payload = rng.choice(extreme)
        return "POST", path, json.dumps(payload).encode(), json_headers
    if roll < 0.25:
        q = rng.choice(["elusivo dañino", "gato por liebre", "Troll", "KF172-GEN-39", "captura", "*", "\"", "NEAR(",
                        "a" * 401, "destruida", "habilidades", ""] + EVIL_TEXT[5:])
        path = rng.choice([
            f"/api/rulings/search?q={_quote(q)}&limit={rng.choice([1, 5, 20, 100, 0, 101, 'x'])}",
            f"/rulings?q={_quote(q)}", f"/?q={_quote(q)}", f"/api/cards?q={_quote(q[:100])}",
            f"/api/rulings/{rng.choice(['KF172-GEN-39', 'MYL-CARD-41', 'GP-EX-04', 'nope', '..%2F..%2Fetc'])}",
            f"/rulings/{rng.choice(['KF172-GEN-39', 'KF11-FAQ-03', 'x'])}", "/api/documents", "/api/rulesets",
            "/api/limits", f"/rules/keyforge-17.2/{rng.choice(['elusive', 'order.reap.2', 'x', '..'])}",
            f"/lang/{rng.choice(['en', 'es', 'xx'])}?next={_quote(rng.choice(NEXT))}",
            "/board", f"/board?scenario={rng.choice(['KF172-GEN-39', 'nope'])}", f"/b/{rng.choice(['k3m9x2ab', 'x'])}",
            f"/api/saves/{rng.choice(['k3m9x2ab', 'x', '2' * 8])}", f"/api/scenarios/{rng.choice(['KF172-GEN-39', 'x'])}",
            "/static/board.js", "/healthz", "/nothing-here"])
        return "GET", path, None, {}
    seed = rng.choice(seeds) if seeds and rng.random() < 0.7 else None
    position = random_position(rng, seeds) if seed is None else json.loads(json.dumps(seed["position"]))
    play, answers = random_play(rng, seed)
    ruleset = seed["ruleset"] if seed else rng.choice(["keyforge-17.2", "keyforge-1.3", "keyforge-1.1"])
    kind = rng.choice(["resolve", "resolve", "resolve", "position", "explore", "export", "saves", "import"])
    path = {"resolve": "/api/resolve", "position": "/api/position", "explore": "/api/explore",
            "export": "/api/scenarios/export", "saves": "/api/saves", "import": "/api/scenarios/import"}[kind]
    if kind == "export":
        payload = {"ruleset": ruleset, "position": position, "plays": [{"play": play, "answers": answers}],
                   "title": rng.choice(["", "Mesa 12"] + EVIL_TEXT), "note": rng.choice(["", "a\nb"] + EVIL_TEXT)}
    elif kind == "saves":
        payload = {"ruleset": ruleset, "position": position, "plays": [{"play": play, "answers": answers}],
                   "title": rng.choice(["", "Mesa 3", str(rng.random())])}
    elif kind == "import":
        toml = rng.choice(seeds)["text"] if seeds else 'id = "X"'
        payload = {"toml": toml if rng.random() < 0.5 else toml.replace("=", rng.choice(["==", "= 3 #", "="]), 1)}
    else:
        payload = {"ruleset": ruleset, "position": position, "play": play, "answers": answers}
        if kind == "explore":
            payload["budget"] = rng.choice([1, 10, 50, 300])
    if rng.random() < 0.5:
        payload = mutate(payload, rng)
    body = _dumps(payload, rng)
    headers = dict(json_headers)
    headers_roll = rng.random()
    if headers_roll < 0.05:
        headers["Content-Type"] = rng.choice(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"])
    elif headers_roll < 0.10:
        headers["Origin"] = rng.choice(["http://evil.example", "null", "http://127.0.0.1"])
    elif headers_roll < 0.13:
        headers["Sec-Fetch-Site"] = rng.choice(["cross-site", "same-site", "same-origin"])
    elif headers_roll < 0.15:
        body = body[: rng.randrange(max(1, len(body)))]
    return "POST", path, body, headers


def _quote(text: str) -> str:
    from urllib.parse import quote

    return quote(text.encode("utf-8", "surrogatepass"), safe="")


def _dumps(payload, rng: random.Random) -> bytes:
    # Python refuses to write what JSON cannot hold; the fuzzer writes it anyway, as another client might.
    text = json.dumps(payload, ensure_ascii=rng.random() < 0.5, default=str)
    if rng.random() < 0.02:
        text = text.replace("1", "NaN", 1)
    return text.encode("utf-8", "surrogatepass")


def client(port: int, seed: int, count: int, stop_at: float, seeds: list[dict], extreme: list) -> dict:
    rng = random.Random(seed)
    statuses: dict[int, int] = {}
    slow: list[tuple[float, str, int]] = []
    errors: list[tuple[int, str, str]] = []
    latencies: list[float] = []
    waits: list[float] = []
    walls: list[float] = []
    worst_accepted = (0.0, "")
    failures = 0
    for _ in range(count):
        if time.time() > stop_at:
            break
        method, path, body, headers = random_request(rng, seeds, extreme)
        try:
            status, waited, data, seconds, wall = request(port, method, path, body, headers)
        except OSError as exc:
            failures += 1
            errors.append((0, path, f"{type(exc).__name__}: {exc}"))
            continue
        statuses[status] = statuses.get(status, 0) + 1
        latencies.append(seconds)
        walls.append(wall)
        waits.append(waited)
        what = f"{method} {path} {(body or b'')[:160].decode('utf-8', 'replace')}"
        if status < 400 and seconds > worst_accepted[0]:
            worst_accepted = (seconds, what)
        if seconds > TARGET:
            slow.append((seconds, what, status))
        if status >= 500:
            errors.append((status, path, (body or b"")[:300].decode("utf-8", "replace")))
    return {"statuses": statuses, "slow": slow, "errors": errors[:20], "latencies": latencies, "waits": waits,
            "walls": walls, "worst_accepted": worst_accepted, "failures": failures}


def seed_requests() -> list[dict]:
    """Positions, plays and answers of the project's scenarios: the starting points of the mutations."""
    import tomllib

    out = []
    for path in sorted((ROOT / "scenarios").rglob("*.toml")):
        text = path.read_text(encoding="utf-8")
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            continue
        if isinstance(data.get("position"), dict):
            plays = [p if isinstance(p, dict) else {"play": p} for p in data.get("plays", [])]
            out.append({"position": data["position"], "plays": plays, "ruleset": data.get("ruleset", "keyforge-17.2"),
                        "text": text})
    return out


def fuzz(port: int, requests: int, concurrency: int, minutes: float) -> dict:
    seeds = seed_requests()
    extreme = shapes()
    per = -(-requests // concurrency)
    stop_at = time.time() + minutes * 60
    start = time.perf_counter()
    with multiprocessing.Pool(concurrency) as pool:
        results = pool.starmap(client, [(port, 1000 + i, per, stop_at, seeds, extreme) for i in range(concurrency)])
    elapsed = time.perf_counter() - start
    statuses: dict[int, int] = {}
    for r in results:
        for k, v in r["statuses"].items():
            statuses[k] = statuses.get(k, 0) + v
    latencies = sorted(x for r in results for x in r["latencies"])
    waits = sorted(x for r in results for x in r["waits"])
    walls = sorted(x for r in results for x in r["walls"])
    return {"elapsed": elapsed, "statuses": dict(sorted(statuses.items())), "latencies": latencies, "waits": waits,
            "walls": walls,
            "slow": sorted((s for r in results for s in r["slow"]), reverse=True),
            "errors": [e for r in results for e in r["errors"]],
            "worst_accepted": max(r["worst_accepted"] for r in results),
            "failures": sum(r["failures"] for r in results)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=100_000, help="fuzz requests (default 100,000)")
    parser.add_argument("--concurrency", type=int, default=8, help="concurrent clients (default 8)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn sync workers (default 2)")
    parser.add_argument("--minutes", type=float, default=20, help="stop the fuzz part after this long (default 20)")
    parser.add_argument("--server", choices=["gunicorn", "serve"], default="gunicorn",
                        help="gunicorn as the README deploys it, or `judge serve` (one process)")
    parser.add_argument("--skip", choices=["growth", "shapes"], action="append", default=[])
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        log_path = Path(tmp) / "server.log"
        with open(log_path, "w") as log:
            server = start_server(args.server, port, args.workers, Path(tmp), log)
            try:
                print(f"server: {args.server}" + (f", {args.workers} sync workers" if args.server == "gunicorn" else "")
                      + f", on 127.0.0.1:{port}")
                if "growth" not in args.skip:
                    growth(port)
                if "shapes" not in args.skip:
                    run_shapes(port)
                result = fuzz(port, args.requests, args.concurrency, args.minutes)
                alive = request(port, "GET", "/healthz")[0] == 200
            finally:
                server.terminate()
                server.wait(timeout=30)
        server_log = log_path.read_text(errors="replace")
    report(result, args, alive, server_log)


def report(result: dict, args, alive: bool, server_log: str) -> None:
    latencies, waits = result["latencies"], result["waits"]
    total = len(latencies)
    over = sum(1 for x in latencies if x > TARGET)
    five = sum(v for k, v in result["statuses"].items() if k >= 500)
    killed = server_log.count("WORKER TIMEOUT") + server_log.count("was sent SIGKILL")

    def pct(values: list[float], p: float) -> str:
        return f"{values[min(len(values) - 1, int(p / 100 * len(values)))] * 1000:.0f} ms" if values else "-"

    print(f"3. fuzz: {total:,} requests in {result['elapsed']:.0f} s ({total / max(result['elapsed'], 1e-9):.0f}/s), "
          f"{args.concurrency} clients")
    print("   statuses: " + ", ".join(f"{k}: {v:,}" for k, v in result["statuses"].items()))
    walls = result["walls"]
    print(f"   processor time per request: p50 {pct(latencies, 50)}, p99 {pct(latencies, 99)}, "
          f"max {latencies[-1] if total else 0:.2f} s; worst accepted {result['worst_accepted'][0]:.2f} s")
    print(f"   wall-clock time in the worker: p50 {pct(walls, 50)}, p99 {pct(walls, 99)}, "
          f"max {walls[-1] if walls else 0:.2f} s")
    print(f"   as the clients saw it (with the wait for one of the workers): p50 {pct(waits, 50)}, p99 {pct(waits, 99)}, "
          f"max {waits[-1] if waits else 0:.2f} s")
    print(f"   responses >= 500: {five}; over the {TARGET:g} s limit: {over}; connection failures: {result['failures']};"
          f" workers killed: {killed}; server alive at the end: {'yes' if alive else 'NO'}")
    if result["worst_accepted"][1]:
        print(f"   worst accepted: {result['worst_accepted'][1][:200]!r}")
    for status, path, body in result["errors"][:10]:
        print(f"   ! {status} {path}: {body[:200]!r}")
    for seconds, what, status in result["slow"][:10]:
        print(f"   ! slow {seconds:.2f} s {status} {what[:200]!r}")
    if five or over or result["failures"] or killed or not alive:
        sys.exit(1)


if __name__ == "__main__":
    main()

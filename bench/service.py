"""The service's figures: how soon ``judge serve`` answers on a fresh database and on a built one (and its first
resolve request), the KeyForge catalog's load in a fresh process, ``POST /api/resolve`` and search
under load against gunicorn (the load generator on the same machine, 127.0.0.1 only), search latency and recall in
one process, and the memory of one worker with every KeyForge card read."""

from __future__ import annotations

import contextlib
import itertools
import http.client
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from engine import judge_command, user_env
from figures import ROOT, Figure
from load import http_request, load

RESOLVE_BODY = {
    "ruleset": "keyforge-17.2",
    "position": {"active": "p1", "step": "main",
                 "players": {"p1": {"house": "brobnar", "hand": ["Troll"], "battleline": ["Krump"]},
                             "p2": {"amber": 3, "battleline": ["Trol"]}}},
    "play": "play Troll",
    "answers": ["left"],
}
"""The request of every earlier run of this benchmark: a creature played on a flank, with its answer."""

DISTINCT = 400
"""Distinct resolve requests of the second load: more than a worker keeps (``judge.web.reuse.SIZE``), sent in turn,
so that no position or result of one is still kept when it comes again."""


def distinct_bodies(count: int = DISTINCT) -> list[dict]:
    """Resolve requests made from the scenarios' first plays (the position as written, the play, its answers), each
    of another position, every one answered 200 by the service."""
    from engine import _scenarios
    from judge.web import create_app

    app = create_app({"DATABASE": str(Path(tempfile.mkdtemp()) / "distinct.sqlite")})
    client = app.test_client()
    out, seen = [], set()
    by_game: dict[str, list] = {}
    for s in _scenarios():
        by_game.setdefault(s.ruleset.split("-")[0], []).append(s)
    # The games in turn, so that each has its share of the requests.
    turns = [s for group in itertools.zip_longest(*by_game.values()) for s in group if s is not None]
    for s in turns:
        if not s.plays or s.plays[0].set is not None or not isinstance(s.position, dict):
            continue
        spec = s.plays[0]
        body = {"ruleset": s.ruleset, "position": s.position, "play": spec.play, "answers": list(spec.answers)}
        if spec.by:
            body["by"] = spec.by
        try:
            text = json.dumps(body, sort_keys=True)
        except (TypeError, ValueError):
            continue
        key = json.dumps([s.ruleset, s.position], sort_keys=True)
        if key in seen or client.post("/api/resolve", data=text, content_type="application/json").status_code != 200:
            continue
        seen.add(key)
        out.append(body)
        if len(out) >= count:
            break
    return out


SEARCH_QUERIES = ["elusivo", "¿puedo usar una criatura aturdida?", "what happens when a creature with hazardous fights",
                  "cartas de acción con habilidad de jugar", "quando uma criatura é destruída"]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def _get(port: int, path: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
    conn.request("GET", path)
    status = conn.getresponse().status
    conn.close()
    return status


@contextlib.contextmanager
def _serving(env: dict[str, str], limit: float = 120) -> Iterator[tuple[int, float]]:
    """``judge serve`` on a free port: the port and the seconds it took to answer ``/healthz``; stopped afterwards."""
    from fuzz import free_port

    port = free_port()
    start = time.perf_counter()
    server = subprocess.Popen([*judge_command(), "serve", "--port", str(port)], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.perf_counter() - start < limit:
            try:
                if _get(port, "/healthz") == 200:
                    break
            except OSError:
                time.sleep(0.01)
        yield port, time.perf_counter() - start
    finally:
        server.terminate()
        server.wait(timeout=30)


def serve_ready_figures(rounds: int = 3) -> list[Figure]:
    """From starting ``judge serve`` with no database to its first answer (the database is built meanwhile)."""
    times = []
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as tmp:
            with _serving({**user_env(), "JUDGE_DB": str(Path(tmp) / "fresh.sqlite")}, limit=60) as (_, up):
                times.append(up)
    fig = Figure.of("serve.ready", "`judge serve` ready, database built from `rulings/` on start", times, "s",
                    target="< 2 s")
    fig.met = fig.value < 2
    return [fig]


def _post(port: int, path: str, body: dict) -> float:
    """Seconds one ``POST`` takes to be answered."""
    data = json.dumps(body).encode()
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("POST", path, body=data, headers={"Content-Type": "application/json"})
    conn.getresponse().read()
    conn.close()
    return time.perf_counter() - start


def serve_restart_figures(rounds: int = 3) -> list[Figure]:
    """``judge serve`` restarted on a database already built, as a server is restarted: to its first answer, then its
    first ``POST /api/resolve`` (the KeyForge catalog is read then) and one client's requests after it."""
    ready, first, warm = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        env = {**user_env(), "JUDGE_DB": str(Path(tmp) / "built.sqlite")}
        for n in range(rounds + 1):  # the first start builds the database and is not counted
            with _serving(env) as (port, up):
                once = _post(port, "/api/resolve", RESOLVE_BODY)
                if n:
                    ready.append(up)
                    first.append(once)
                    warm.extend(_post(port, "/api/resolve", RESOLVE_BODY) for _ in range(50))
    return [Figure.of("serve.restart", "`judge serve` ready on a database already built", ready, "s"),
            Figure.of("serve.first-resolve", "first `POST /api/resolve` after start-up (the catalog is read)",
                      [t * 1000 for t in first], "ms"),
            Figure("serve.warm-resolve", "warm `POST /api/resolve`, one client, p50", statistics.median(warm) * 1000,
                   "ms", note=f"p99 {percentile(warm, 99) * 1000:.1f} ms over {len(warm)} requests")]


def catalog_load_figures(rounds: int = 3) -> list[Figure]:
    """The KeyForge catalog in a fresh process: its import and load (every card known by its names), then every card
    read."""
    code = ("import time; t = time.perf_counter(); from judge.games.keyforge import catalog; "
            "c = catalog.default_catalog(); a = time.perf_counter(); [c.cards[i] for i in list(c.cards)]; "
            "print(len(c.cards), a - t, time.perf_counter() - a)")
    loads, reads, count = [], [], "0"
    for _ in range(rounds):
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=user_env(), capture_output=True, text=True,
                             check=True).stdout.split()
        count = out[0]
        loads.append(float(out[1]))
        reads.append(float(out[2]))
    return [Figure.of("catalog.load", f"KeyForge catalog imported and loaded in a fresh process ({int(count):,} cards)",
                      [t * 1000 for t in loads], "ms"),
            Figure.of("catalog.read-all", "every card of the KeyForge catalog read (each card file once)",
                      [t * 1000 for t in reads], "ms")]


def _gunicorn() -> str | None:
    import shutil

    return shutil.which("gunicorn", path=str(Path(sys.executable).parent)) or shutil.which("gunicorn")


def _worker_memory(server: subprocess.Popen) -> float:
    """The largest resident set of the server's workers, in MB."""
    try:
        children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
    except OSError:
        return float("nan")
    best = 0.0
    for pid in children:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    best = max(best, int(line.split()[1]) / 1024)
        except OSError:
            continue
    return best or float("nan")


def load_figures(requests: int, concurrency: int, workers: int, rounds: int) -> list[Figure]:
    """``POST /api/resolve`` and a search, each ``rounds`` times, against gunicorn as the README deploys it."""
    from fuzz import free_port, start_server

    if not _gunicorn():
        return [Figure("load.skipped", "load test skipped: gunicorn is not installed (pip install -e '.[server]')",
                       float("nan"), "", better="info")]
    resolve = [http_request("POST", "/api/resolve", json.dumps(RESOLVE_BODY).encode())]
    search = [http_request("GET", f"/api/rulings/search?q={_quote(q)}&limit=5") for q in SEARCH_QUERIES]
    rates, p50s, p99s, failed, search_p99, memory, cpu = [], [], [], 0, [], float("nan"), []
    bodies = distinct_bodies()
    mixed = [http_request("POST", "/api/resolve", json.dumps(b).encode()) for b in bodies]
    mixed_rates, mixed_p99s, mixed_cpu, mixed_failed = [], [], [], 0
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        with open(Path(tmp) / "server.log", "w") as log:
            server = start_server("gunicorn", port, workers, Path(tmp), log)
            try:
                load(port, resolve + search, 200, concurrency)  # warm-up: every worker has read what it needs
                load(port, mixed, len(mixed), concurrency)  # … and the catalog's cards of every game
                for _ in range(rounds):
                    out, elapsed = load(port, resolve, requests, concurrency)
                    rates.append(len(out.latencies) / elapsed)
                    p50s.append(statistics.median(out.latencies) * 1000)
                    p99s.append(percentile(out.latencies, 99) * 1000)
                    cpu.append(statistics.median(out.service_cpu) * 1000 if out.service_cpu else float("nan"))
                    failed += out.failures
                    found, _ = load(port, search, max(200, requests // 4), concurrency)
                    search_p99.append(percentile(found.latencies, 99) * 1000)
                    failed += found.failures
                    various, elapsed = load(port, mixed, max(requests // 2, 2 * len(mixed)), concurrency)
                    mixed_rates.append(len(various.latencies) / elapsed)
                    mixed_p99s.append(percentile(various.latencies, 99) * 1000)
                    mixed_cpu.append(statistics.median(various.service_cpu) * 1000 if various.service_cpu
                                     else float("nan"))
                    mixed_failed += various.failures
                memory = _worker_memory(server)
            finally:
                server.terminate()
                server.wait(timeout=30)
    rate = Figure.of("load.resolve.rate", f"`POST /api/resolve`, gunicorn {workers} sync workers, {concurrency} "
                     f"clients, {requests:,} requests × {rounds}", rates, "requests/s", better="higher",
                     target="≥ 1,000 requests/s", note=f"{failed} failed")
    rate.met = rate.value >= 1000
    p99 = Figure.of("load.resolve.p99", "the same, p99 latency", p99s, "ms", target="< 20 ms")
    p99.met = p99.value < 20
    p50 = Figure.of("load.resolve.p50", "the same, p50 latency", p50s, "ms")
    worker = Figure.of("load.resolve.cpu", "the same, processor time of the worker per request (Server-Timing), "
                       "median", cpu, "ms")
    searched = Figure.of("load.search.p99", f"`GET /api/rulings/search` under the same load, p99 (queued behind "
                         f"{concurrency} requests in flight)", search_p99, "ms")
    rss = Figure("load.worker_memory", "memory of one gunicorn worker after the load", memory, "MB")
    various = Figure.of("load.distinct.rate", f"`POST /api/resolve` of {len(mixed)} distinct scenario plays of the "
                        "three games in turn (nothing a worker keeps is used again), same server and clients",
                        mixed_rates, "requests/s", better="higher",
                        note=f"{mixed_failed} failed; p99 {statistics.median(mixed_p99s):.1f} ms; processor time of "
                             f"the worker per request, median {statistics.median(mixed_cpu):.2f} ms")
    return [rate, p50, p99, worker, searched, various, rss]


def _quote(text: str) -> str:
    from urllib.parse import quote

    return quote(text)


def memory_figures() -> list[Figure]:
    """One worker's resident memory with the application loaded and every KeyForge card of the catalog read."""
    code = """
import resource, sys, tempfile, json
from pathlib import Path
from judge.web import create_app
app = create_app({"DATABASE": str(Path(tempfile.mkdtemp()) / "m.sqlite")})
from judge.games.keyforge.catalog import default_catalog
catalog = default_catalog()
cards = [catalog.cards[cid] for cid in list(catalog.cards)]
client = app.test_client()
client.post("/api/resolve", json=json.loads(sys.argv[1]))
rss = 0
for line in Path("/proc/self/status").read_text().splitlines():
    if line.startswith("VmRSS:"):
        rss = int(line.split()[1]) / 1024
print(len(cards), rss)
"""
    done = subprocess.run([sys.executable, "-c", code, json.dumps(RESOLVE_BODY)], cwd=ROOT, env=user_env(),
                          capture_output=True, text=True)
    try:
        cards, rss = done.stdout.split()
        value, count = float(rss), int(cards)
    except ValueError:
        value, count = float("nan"), 0
    fig = Figure("memory.worker", f"one worker's memory with the whole KeyForge catalog read ({count:,} cards)", value,
                 "MB", target="< 150 MB")
    fig.met = value < 150
    return [fig]


def search_figures() -> list[Figure]:
    """Search latency in one process (warm) over the judge queries of the tests, and recall@3/@5 of the judge
    questions, by language and game."""
    sys.path.insert(0, str(ROOT / "tests"))
    import tomllib

    from test_search_quality import QUERIES

    from judge import db
    from judge.corpus.ranking import recall

    with tempfile.TemporaryDirectory() as tmp:
        database = db.connect(Path(tmp) / "bench.sqlite")
        start = time.perf_counter()
        db.build(database)
        build = time.perf_counter() - start
        for _, q, _ in QUERIES:
            db.search(database, q, limit=5)
        latencies = []
        hits = 0
        for _ in range(5):
            for _, q, expected in QUERIES:
                t = time.perf_counter()
                found = db.search(database, q, limit=5)
                latencies.append(time.perf_counter() - t)
                hits += bool(expected & {i for h in found for i in h.covers})
        questions = tomllib.loads((ROOT / "tests" / "data" / "judge-questions.toml").read_text(encoding="utf-8"))[
            "question"]
        at = {k: recall(questions, lambda q: [h.covers for h in db.search(database, q, limit=5)], k) for k in (3, 5)}
        database.conn.close()
    p99 = Figure("search.p99", f"search, {len(QUERIES)} judge queries × 5, one process, warm, p99",
                 percentile(latencies, 99) * 1000, "ms", target="< 20 ms",
                 note=f"p50 {percentile(latencies, 50) * 1000:.1f} ms; right entry in the top 5 for "
                      f"{hits / len(latencies):.0%}")
    p99.met = p99.value < 20
    out = [p99, Figure("search.build", "search index build (the whole database)", build, "s"),
           Figure("search.recall", f"recall@3 / recall@5 over {len(questions)} judge questions",
                  at[3]["all"] * 100, "%", better="higher",
                  note=f"recall@5 {at[5]['all']:.0%}; " + ", ".join(
                      f"{k.split(':')[1]} {at[3][k]:.0%}/{at[5][k]:.0%}" for k in sorted(at[3]) if k.startswith(
                          ("lang:", "game:", "kind:"))))]
    return out


__all__ = ["serve_ready_figures", "load_figures", "memory_figures", "search_figures", "RESOLVE_BODY", "percentile"]

"""Benchmark, run on demand (not part of CI's pass/fail).

    .venv/bin/python bench/bench.py [--requests 2000] [--concurrency 8] [--workers 2]

It prints:

1. the time of the whole scenario suite (every file under ``scenarios/``, as ``judge check`` runs it);
2. resolve latency p50/p99 over every play of every scenario;
3. search latency p50/p99 over the judge queries of ``tests/test_search_quality.py``, and recall@3/@5 over the
   judge questions of ``tests/data/judge-questions.toml``, by language and game;
4. ``judge serve`` start-up (process start until ``/healthz`` answers, the database already built), the first
   ``POST /api/resolve`` after it (the KeyForge catalog is read then), the latency of one client's resolve requests
   on the warm server, and the time a fresh process takes to load the KeyForge catalog and look up every card;
5. requests per second on ``POST /api/resolve`` against gunicorn on localhost, driven by a bounded load generator
   (several processes of keep-alive-less HTTP clients, loopback only).

Needs ``pip install -e '.[server]'`` for gunicorn.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import platform
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

RESOLVE_BODY = {
    "ruleset": "keyforge-17.2",
    "position": {"active": "p1", "step": "main",
                 "players": {"p1": {"house": "brobnar", "hand": ["Troll"], "battleline": ["Krump"]},
                             "p2": {"amber": 3, "battleline": ["Trol"]}}},
    "play": "play Troll",
    "answers": ["left"],
}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def machine() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        memory = f", {kb / 1024 / 1024:.0f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    return (f"{cpu}, {os.cpu_count()} cores{memory}; {platform.system()} {platform.release()}; "
            f"Python {platform.python_version()}; SQLite {sqlite3.sqlite_version}")


def bench_scenarios() -> None:
    from judge import rulesets
    from judge.core.errors import JudgeError
    from judge.core.ruleset import Play
    from judge.core.scenario import Runner, Scenario, find_scenarios

    files, _ = find_scenarios([ROOT / "scenarios"])
    scenarios = []
    for path in files:
        try:
            scenarios.append(Scenario.from_file(path))
        except JudgeError:
            pass
    runner = Runner(rulesets.get)
    start = time.perf_counter()
    results = [runner.run(s) for s in scenarios]
    total = time.perf_counter() - start
    passed = sum(r.passed for r in results)
    print(f"1. scenario suite: {len(scenarios)} scenarios in {total:.3f} s ({passed} pass)")

    latencies: list[float] = []
    for _ in range(5):
        for s in scenarios:
            try:
                rs = rulesets.get(s.ruleset)
                position = rs.read_position(s.position)
            except (KeyError, JudgeError):
                continue
            for spec in s.plays:
                t = time.perf_counter()
                try:
                    outcome = rs.resolve(position, Play.parse(spec.play), spec.answers)
                except JudgeError:
                    latencies.append(time.perf_counter() - t)
                    continue
                latencies.append(time.perf_counter() - t)
                if outcome.question is not None:
                    break
                position = outcome.position
    print(f"2. resolve latency over {len(latencies)} plays (every scenario play, 5 rounds): "
          f"p50 {ms(percentile(latencies, 50))}, p99 {ms(percentile(latencies, 99))}")


def bench_search() -> None:
    from test_search_quality import QUERIES

    from judge import db

    with tempfile.TemporaryDirectory() as tmp:
        database = db.connect(Path(tmp) / "bench.sqlite")
        t = time.perf_counter()
        db.build(database)
        build = time.perf_counter() - t
        for _, q, _ in QUERIES:  # warm the caches once, as a running server has them
            db.search(database, q, limit=5)
        latencies = []
        hits = 0
        for _ in range(5):
            for _, q, expected in QUERIES:
                t = time.perf_counter()
                found = db.search(database, q, limit=5)
                latencies.append(time.perf_counter() - t)
                hits += bool(expected & {i for h in found for i in h.covers})
        bench_recall(database)
        database.conn.close()
    print(f"3. search latency over {len(QUERIES)} queries x 5: p50 {ms(percentile(latencies, 50))}, "
          f"p99 {ms(percentile(latencies, 99))}; top-5 hit rate {hits / len(latencies):.0%}; "
          f"index build {build:.2f} s")


def bench_recall(database) -> None:
    """Recall@3 and @5 of the judge questions: a question counts when one of its answers is among the ids the
    first k results stand for."""
    import tomllib

    from judge import db
    from judge.corpus.ranking import recall

    questions = tomllib.loads((ROOT / "tests" / "data" / "judge-questions.toml").read_text(encoding="utf-8"))[
        "question"]

    def ranked(q: str) -> list[list[str]]:
        return [h.covers for h in db.search(database, q, limit=5)]

    at = {k: recall(questions, ranked, k) for k in (3, 5)}
    counts: dict[str, int] = {}
    for q in questions:
        for key in ("all", f"lang:{q['lang']}", f"game:{q['game']}", f"kind:{q['kind']}"):
            counts[key] = counts.get(key, 0) + 1
    print(f"   recall over {len(questions)} judge questions (recall@3 / recall@5):")
    for key in sorted(counts, key=lambda k: (k != "all", k)):
        print(f"     {key:28s} {counts[key]:3d}  {at[3][key]:.0%} / {at[5][key]:.0%}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _client(port: int, count: int, queue) -> None:
    body = json.dumps(RESOLVE_BODY).encode()
    latencies = []
    failures = 0
    for _ in range(count):
        t = time.perf_counter()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            conn.request("POST", "/api/resolve", body, {"Content-Type": "application/json"})
            response = conn.getresponse()
            response.read()
            conn.close()
            if response.status != 200:
                failures += 1
        except OSError:
            failures += 1
        latencies.append(time.perf_counter() - t)
    queue.put((latencies, failures))


def _post(port: int, path: str, body: dict) -> float:
    t = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("POST", path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    response = conn.getresponse()
    response.read()
    conn.close()
    if response.status != 200:
        raise OSError(f"{path} answered {response.status}")
    return time.perf_counter() - t


def _wait_healthy(port: int, process: subprocess.Popen, deadline: float) -> bool:
    while time.time() < deadline and process.poll() is None:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return True
        except OSError:
            time.sleep(0.02)
    return False


def bench_startup(rounds: int = 3) -> None:
    judge = shutil.which("judge", path=str(Path(sys.executable).parent)) or shutil.which("judge")
    if not judge:
        print("4. start-up skipped: the judge command is not installed (pip install -e .)")
        return
    starts, firsts, warm = [], [], []
    built = False
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "JUDGE_DB": str(Path(tmp) / "startup.sqlite")}
        # The first start builds the database; the rounds measured start on it as a restarted server does.
        for _ in range(rounds + 1):
            port = _free_port()
            t = time.perf_counter()
            server = subprocess.Popen([judge, "serve", "--port", str(port)], cwd=ROOT, env=env,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                if not _wait_healthy(port, server, time.time() + 120):
                    print("4. start-up skipped: the server did not start")
                    return
                started = time.perf_counter() - t
                first = _post(port, "/api/resolve", RESOLVE_BODY)
                if not built:
                    built = True
                    continue
                starts.append(started)
                firsts.append(first)
                warm.extend(_post(port, "/api/resolve", RESOLVE_BODY) for _ in range(100))
            finally:
                server.terminate()
                server.wait(timeout=30)
    load = subprocess.run([sys.executable, "-c", (
        "import time; t = time.perf_counter(); from judge.games.keyforge import catalog; c = catalog.default_catalog(); "
        "a = time.perf_counter(); [c.lookup(i) for i in list(c.cards)]; b = time.perf_counter(); "
        "print(len(c.cards), a - t, b - a)")], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    print(f"4. judge serve start-up (median of {rounds}): {statistics.median(starts):.2f} s to /healthz; "
          f"first POST /api/resolve {ms(statistics.median(firsts))}; warm POST /api/resolve, one client, "
          f"{len(warm)} requests: p50 {ms(percentile(warm, 50))}, p99 {ms(percentile(warm, 99))}")
    print(f"   KeyForge catalog in a fresh process: {load[0]} cards, import and load {float(load[1]) * 1000:.0f} ms, "
          f"every card looked up {float(load[2]) * 1000:.0f} ms")


def bench_load(requests: int, concurrency: int, workers: int) -> None:
    gunicorn = shutil.which("gunicorn", path=str(Path(sys.executable).parent)) or shutil.which("gunicorn")
    if not gunicorn:
        print("5. load test skipped: gunicorn is not installed (pip install -e '.[server]')")
        return
    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "JUDGE_DB": str(Path(tmp) / "load.sqlite")}
        server = subprocess.Popen([gunicorn, "--workers", str(workers), "--bind", f"127.0.0.1:{port}", "--preload",
                                   "--log-level", "warning", "judge.web:create_app()"], cwd=ROOT, env=env)
        try:
            deadline = time.time() + 120
            while time.time() < deadline:
                try:
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                    conn.request("GET", "/healthz")
                    if conn.getresponse().status == 200:
                        break
                except OSError:
                    time.sleep(0.3)
            else:
                print("5. load test skipped: the server did not start")
                return
            _client(port, 20, multiprocessing.Queue())  # warm-up
            queue: multiprocessing.Queue = multiprocessing.Queue()
            per = max(1, requests // concurrency)
            procs = [multiprocessing.Process(target=_client, args=(port, per, queue)) for _ in range(concurrency)]
            start = time.perf_counter()
            for p in procs:
                p.start()
            results = [queue.get() for _ in procs]
            elapsed = time.perf_counter() - start
            for p in procs:
                p.join()
        finally:
            server.terminate()
            server.wait(timeout=30)
    latencies = [x for lat, _ in results for x in lat]
    failures = sum(f for _, f in results)
    print(f"5. POST /api/resolve under load: {len(latencies)} requests, {concurrency} concurrent clients, "
          f"gunicorn {workers} sync workers: {len(latencies) / elapsed:.0f} requests/s, "
          f"p50 {ms(statistics.median(latencies))}, p99 {ms(percentile(latencies, 99))}, {failures} failed")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=2000, help="requests sent by the load test (default 2000)")
    parser.add_argument("--concurrency", type=int, default=8, help="concurrent load-test clients (default 8)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    parser.add_argument("--skip-load", action="store_true", help="leave out the load test")
    parser.add_argument("--skip-search", action="store_true", help="leave out the search latency and recall")
    args = parser.parse_args()
    print(f"machine: {machine()}")
    bench_scenarios()
    if not args.skip_search:
        bench_search()
    bench_startup()
    if not args.skip_load:
        bench_load(args.requests, args.concurrency, args.workers)


if __name__ == "__main__":
    main()

"""A bounded load generator for the benchmark: keeps N requests in flight against 127.0.0.1, nothing else.

The clients share the machine with the server, so they must cost little: each process keeps its connections in
one non-blocking loop (no thread, no HTTP library), sends a request written once, and reads the answer to the end
(the sync workers close the connection after each answer). It measures what a judge's browser would: from
connecting to the last byte of the answer.
"""

from __future__ import annotations

import multiprocessing
import re
import selectors
import socket
import time
from dataclasses import dataclass, field


def http_request(method: str, path: str, body: bytes = b"", content_type: str = "application/json") -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    if body:
        head += f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n"
    return head.encode() + b"\r\n" + body


@dataclass
class Outcome:
    latencies: list[float] = field(default_factory=list)
    failures: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    service_cpu: list[float] = field(default_factory=list)
    """The processor time the service says it spent on each answer (``Server-Timing: cpu;dur=``), in seconds:
    what the request cost the worker, whatever else the machine was doing."""


_CPU = re.compile(rb"cpu;dur=([0-9.]+)")


def _status(answer: bytes) -> int:
    try:
        return int(answer[9:12])
    except ValueError:
        return 0


def run_clients(port: int, requests: list[bytes], total: int, in_flight: int, stop_at: float) -> Outcome:
    """Send ``total`` requests (taking ``requests`` in turn), ``in_flight`` at a time, until ``stop_at``."""
    out = Outcome()
    selector = selectors.DefaultSelector()
    sent = 0

    def start() -> None:
        nonlocal sent
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        sock.connect_ex(("127.0.0.1", port))
        state = {"data": requests[sent % len(requests)], "answer": bytearray(), "t": time.perf_counter()}
        sent += 1
        selector.register(sock, selectors.EVENT_WRITE, state)

    def finish(sock: socket.socket, state: dict, ok: bool) -> None:
        selector.unregister(sock)
        sock.close()
        out.latencies.append(time.perf_counter() - state["t"])
        status = _status(bytes(state["answer"][:12])) if ok else 0
        out.statuses[status] = out.statuses.get(status, 0) + 1
        head = bytes(state["answer"][:2048]).split(b"\r\n\r\n", 1)[0]
        found = _CPU.search(head)
        if found:
            out.service_cpu.append(float(found.group(1)) / 1000)
        if not 200 <= status < 300:
            out.failures += 1
        if sent < total and time.time() < stop_at:
            start()

    for _ in range(min(in_flight, total)):
        start()
    while selector.get_map():
        for key, mask in selector.select(timeout=30) or []:
            sock, state = key.fileobj, key.data
            try:
                if mask & selectors.EVENT_WRITE:
                    n = sock.send(state["data"])
                    state["data"] = state["data"][n:]
                    if not state["data"]:
                        selector.modify(sock, selectors.EVENT_READ, state)
                    continue
                chunk = sock.recv(65536)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                finish(sock, state, False)
                continue
            if chunk:
                state["answer"] += chunk
            else:
                finish(sock, state, True)
        if time.time() > stop_at + 60:
            break
    selector.close()
    return out


def _process(port: int, requests: list[bytes], total: int, in_flight: int, stop_at: float, queue) -> None:
    begin = time.time()
    result = run_clients(port, requests, total, in_flight, stop_at)
    queue.put((result.latencies, result.failures, result.statuses, begin, time.time(), result.service_cpu))


def load(port: int, requests: list[bytes], total: int, concurrency: int, *, processes: int = 2,
         seconds: float = 120) -> tuple[Outcome, float]:
    """``total`` requests with ``concurrency`` in flight, spread over ``processes`` client processes; the outcome and
    the seconds it took. Bounded in count and in time."""
    processes = max(1, min(processes, concurrency))
    queue: multiprocessing.Queue = multiprocessing.Queue()
    stop_at = time.time() + seconds
    share = [concurrency // processes + (i < concurrency % processes) for i in range(processes)]
    counts = [total * s // concurrency for s in share]
    counts[0] += total - sum(counts)
    # Each process starts at another place of the list: two clients do not send the same request at the same time.
    starts = [len(requests) * i // processes for i in range(processes)]
    procs = [multiprocessing.Process(target=_process, args=(port, requests[k:] + requests[:k], n, s, stop_at, queue))
             for n, s, k in zip(counts, share, starts)]
    for p in procs:
        p.start()
    parts = [queue.get() for _ in procs]
    for p in procs:
        p.join()
    # From the first request sent to the last answer read (starting the client processes is not the server's time).
    elapsed = max(p[4] for p in parts) - min(p[3] for p in parts)
    out = Outcome()
    for latencies, failures, statuses, _, _, service_cpu in parts:
        out.latencies += latencies
        out.service_cpu += service_cpu
        out.failures += failures
        for k, v in statuses.items():
            out.statuses[k] = out.statuses.get(k, 0) + v
    return out, elapsed


__all__ = ["http_request", "load", "run_clients", "Outcome"]

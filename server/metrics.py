"""Prometheus metrics of one server process, served as text at GET /metrics.

Each server gets its own registry so tests can run several servers in one process.
"""

from __future__ import annotations

import gc
import time

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    Info,
    generate_latest,
)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        # (several nodes: which node these figures are of, beside the scraper's instance)
        self.node = Info("warband_node", "This server node's id", registry=r)
        self.connections = Gauge("warband_connections", "Open websocket connections",
                                 registry=r)
        self.active_matches = Gauge("warband_active_matches", "Matches being played",
                                    registry=r)
        self.requests = Counter("warband_requests_total", "Requests received, by type",
                                ["type"], registry=r)
        self.errors = Counter("warband_errors_total", "Error replies, by code", ["code"],
                              registry=r)
        self.events_appended = Counter("warband_events_appended_total",
                                       "Events made durable", registry=r)
        self.matches_finished = Counter("warband_matches_finished_total",
                                        "Matches that reached a result", registry=r)
        self.command_seconds = Histogram(
            "warband_command_seconds", "From reading a command's frame to its acknowledgement",
            buckets=(0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.025, 0.03, 0.04, 0.05,
                     0.075, 0.1, 0.25, 0.5, 1.0, 2.5),
            registry=r)
        self.command_stages = Histogram(
            "warband_command_stage_seconds", "Where an accepted command's time goes in its "
            "match: queued (waiting for the match), rules (decide and evolve, in a worker "
            "process or not), commit (waiting for the group commit), fanout (pushes)",
            ["stage"], buckets=(0.0002, 0.0005, 0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015,
                                0.02, 0.025, 0.03, 0.04, 0.05, 0.075, 0.1, 0.25, 0.5, 1.0),
            registry=r)
        # The labelled children, looked up once: `labels()` takes a lock and builds its
        # key on every call (1.7% of the server's profile samples at 300/300 in
        # bench/load.py --profile; ~7 us a command).
        self.stage = {name: self.command_stages.labels(name)
                      for name in ("queued", "rules", "commit", "fanout")}
        self._requests_of: dict[str, Counter] = {}

        self.commit_seconds = Histogram(
            "warband_commit_transaction_seconds", "One group-commit transaction, from "
            "taking its connection to the database's answer",
            buckets=(0.0005, 0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.025, 0.03, 0.04,
                     0.05, 0.075, 0.1, 0.25, 0.5, 1.0),
            registry=r)
        self.commit_appends = Histogram(
            "warband_commit_transaction_appends", "Commands (appends) written in one "
            "group-commit transaction", buckets=(1, 2, 4, 8, 16, 32, 64, 128, 256),
            registry=r)
        self.gc_pauses = Histogram(
            "warband_gc_pause_seconds", "Pauses of Python's cyclic garbage collector (the "
            "whole process stands still), by generation", ["generation"],
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.015, 0.02, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5,
                     1.0),
            registry=r)
        self._gc_started = 0.0
        self._gc_pauses_of = [self.gc_pauses.labels(str(g)) for g in range(3)]  # (once)

    def requested(self, kind: str) -> None:
        """Count a request of type `kind` (warband_requests_total)."""
        child = self._requests_of.get(kind)
        if child is None:  # (request types are a fixed set: the protocol's)
            child = self._requests_of[kind] = self.requests.labels(kind)
        child.inc()

    def transaction(self, appends: int, seconds: float) -> None:
        self.commit_appends.observe(appends)
        self.commit_seconds.observe(seconds)

    def watch_gc(self) -> None:
        """Time the garbage collector's pauses (until `unwatch_gc`)."""
        if self._on_gc not in gc.callbacks:
            gc.callbacks.append(self._on_gc)

    def unwatch_gc(self) -> None:
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)

    def _on_gc(self, phase: str, info: dict) -> None:
        # A collection can start anywhere, also a few frames short of the interpreter's
        # recursion limit (decoding a frame nested ~1000 deep, issue 29): there one call
        # more raises RecursionError, which Python prints as "Exception ignored". Such
        # a pause goes unmeasured instead.
        try:
            if phase == "start":
                self._gc_started = time.perf_counter()
            else:
                self._gc_pauses_of[info["generation"]].observe(
                    time.perf_counter() - self._gc_started)
        except RecursionError:
            pass

    def render(self) -> bytes:
        return generate_latest(self.registry)

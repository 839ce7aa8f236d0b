"""Benchmark: the whole server under load, over real websockets, against a bare
websockets echo server driven the same way in the same run. Prints its figures; not a
test.

    PYTHONPATH=. .venv/bin/python bench/load.py [--matches 50] [--spectators 50]
        [--seconds 30] [--warmup 5] [--workers 2] [--probes P] [--think S]
        [--fast-forward K] [--client-nice N] [--database URL] [--profile]

Phase 1 starts `warband serve` as a subprocess on a fresh PostgreSQL database (created
on the server that --database names, dropped afterwards), then client worker processes
(each an asyncio loop with many connections) sign in, and once every connection is up:
M bot pairs play SBH matches with `play_seat` (one creates, the other joins; when a
match ends the pair starts the next one) while K spectators each watch a live match to
its end, then another. Phase 2 starts `bench/load_echo.py` (a websockets server that
sends every frame back) and opens the same number of connections; each pair runs the
same closed loop with no server logic: a view-sized round trip, then a command-sized
one, with the frame sizes the bots sent and received in phase 1.

How to read the output: "commands/s" counts commands accepted (warband) or command-sized
round trips (echo) in the measured window after the warm-up; "ratio" is warband / echo.
Latency is command -> reply as the client sees it; the server-side figures come from the
`warband_command_seconds` histogram (arrival at the server -> ack), so the gap between
the two is time spent queued in the server's loop, on the wire and in the client. The
load clients are busy loops (hundreds of bots choosing moves), so a reply they time
waits for their own loop too ("client workers' loop lag": how late a 5 ms sleep wakes up
there); a player's client is idle between moves. So P of the M matches (`--probes`, by
default M / 20 and at least 10) are played by a client process of their own, nearly
idle: "probe client" is the latency a player sees, and the p99 goal is read there. The
clients and PostgreSQL share the machine with the server: "ceiling" is the ratio a
server that cost no CPU at all would reach, given their CPU a command (the bots decide
from prompts and views; the echo's clients only send bytes back). "per active match" is
server RSS in the window minus RSS with every connection signed in but no match, divided
by the matches the server reports active (what playing warms once, such as the geometry
caches, is in it too: at M=50 that outweighs the matches, so its goal, like the p99's,
is read at 1000/1000). CPU is seconds busy per second of window (2.0 = both cores).
"ready but waiting for a core" is time the server could have run but the machine gave
its core to another process. By default the load is closed-loop (the next command as
soon as the prompt comes), so latency is queueing: about M / throughput once the server
is saturated; `--think S` paces each seat (exponential pauses, mean S seconds, not
timed) to see latency at a load the server can carry. At M=1000 a match outlasts the
run, so without `--fast-forward` the window sees matches being set up and deployed, not
battles; and the first seconds after the connections are up are a burst (every match
created, joined and watched at once) that keeps the server's loop busy for ~15 s: give
M=1000 a warm-up of 25 s or more. `--fast-forward K` plays each pair's first match's
set-up, deployment and first k commands (k drawn from 0..K) without pauses, so the
window sees battles at every stage (K=250 with a 200 s warm-up at M=1000; the report
says if the window caught any of them). `--client-nice N` runs the loaded client workers
at nice N (19: lowest priority); the server, PostgreSQL and the probe client stay at 0.
Clients on other machines would take none of the server's CPU: on these two cores the
load clients need as much CPU as the server, and at equal priority the kernel makes the
server wait for a core in the middle of a command (13-15% of the window at `--think 2`
against 6-9% at nice 19). Both are worth running: equal priority is the harsher
co-located figure, nice 19 the nearer to a server of its own. "p99 by quarter of the
window" shows what a short warm-up let in. The machine is small and shared: compare the
ratio, not the absolute rates. At the window's end the server is asked (SIGUSR1) what its
garbage collector tracks, by type, and times one full collection of it: what a full
collection costs in steady state, and what it is made of. Each run writes
bench/results/load_latency.png, the
server's log, and with --profile a py-spy profile of the server over the window
(summarised at the end).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import re
import resource
import secrets
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from load_clients import Plan, Stats, worker  # noqa: E402
from load_report import (  # noqa: E402
    bucket_quantile,
    percentile,
    plot,
    profile_summary,
    scrape,
    stage_lines,
)

RESULTS = ROOT / "bench" / "results"
GOAL_RATIO, GOAL_P99_MS, GOAL_KIB = 0.5, 25.0, 64
MIB = 1024 * 1024


def start_process(cmd: list[str], pattern: str, log: Path) -> tuple[subprocess.Popen, int]:
    """Start a server; its port from the first stdout line matching `pattern`."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True,
                            stderr=open(log, "w"))  # noqa: SIM115 (the child owns it)
    for line in proc.stdout:
        if found := re.search(pattern, line):
            threading.Thread(target=proc.stdout.read, daemon=True).start()  # keep draining
            return proc, int(found.group(1))
    raise SystemExit(f"{cmd[2:5]} exited before listening; see {log}")


def stop_process(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def admin(url: str, sql: str) -> None:
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    async def run() -> None:
        engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
        async with engine.connect() as conn:
            await conn.execute(text(sql))
        await engine.dispose()

    asyncio.run(run())


class CheckpointWatch(threading.Thread):
    """When PostgreSQL's checkpoints start, read every `every` seconds while it runs:
    the moment `pg_stat_bgwriter`'s count of checkpoints goes up (the checkpointer
    reports it as its spread-out writes begin), and, for each that completes, its
    exact start (`pg_control_checkpoint()`'s checkpoint_time). A checkpoint makes
    the next write of each page carry a full-page image, a burst of WAL the
    appends' commits wait behind."""

    def __init__(self, url: str, every: float = 1.0) -> None:
        super().__init__(daemon=True)
        self.url, self.every = url, every
        self.starts: set[float] = set()
        self.stopping = threading.Event()

    def run(self) -> None:
        from sqlalchemy import text
        from sqlalchemy.ext.asyncio import create_async_engine

        query = text("SELECT checkpoints_timed + checkpoints_req, "
                     "extract(epoch FROM (SELECT checkpoint_time FROM pg_control_checkpoint())) "
                     "FROM pg_stat_bgwriter")

        async def watch() -> None:
            engine = create_async_engine(self.url)
            counted = None
            try:
                while not self.stopping.is_set():
                    async with engine.connect() as conn:
                        count, completed = (await conn.execute(query)).one()
                    seen = time.time()
                    if counted is not None and count > counted:
                        self.starts.add(seen)  # (started since the last reading)
                    counted = count
                    self.starts.add(float(completed))
                    await asyncio.sleep(self.every)
            finally:
                await engine.dispose()

        asyncio.run(watch())

    def stop(self) -> list[float]:
        """The start times seen, a checkpoint seen both ways counted once."""
        self.stopping.set()
        self.join(30)
        merged: list[float] = []
        for at in sorted(self.starts):
            if not merged or at - merged[-1] > 2 * self.every + 1:
                merged.append(at)
        return merged


def checkpoint_lines(phase: dict, after: float = 10.0) -> list[str]:
    """The probe's p99 in the `after` seconds from each checkpoint's start, against
    the rest of the window: does a checkpoint make the slow commands?"""
    probe, starts = phase["probe"], phase.get("checkpoints") or []
    starts = [t for t in starts if probe.start - after <= t < probe.end]
    if not probe.timeline:
        return []
    if not starts:
        return ["checkpoints started in the window: none"]
    near, far = [], []
    for sent, seconds in probe.timeline:
        (near if any(t <= sent < t + after for t in starts) else far).append(seconds)
    near.sort()
    far.sort()
    when = ", ".join(f"+{t - probe.start:.0f} s" for t in starts)
    slow = [sent for sent, seconds in probe.timeline if seconds > GOAL_P99_MS / 1000]
    slow_near = sum(any(t <= sent < t + after for t in starts) for sent in slow)
    return [f"checkpoints started in the window (PostgreSQL): {when}",
            f"  probe p99 within {after:g} s of one: "
            + (f"{percentile(near, .99) * 1000:.1f} ms ({len(near)} commands)" if near else "-")
            + "; elsewhere: " + (f"{percentile(far, .99) * 1000:.1f} ms ({len(far)})"
                                  if far else "-"),
            f"  probe commands over {GOAL_P99_MS:g} ms: {len(slow)}, of which {slow_near} "
            f"within {after:g} s of a checkpoint's start"]


def cpu_seconds(pids: dict[str, list[int]]) -> dict[str, dict[int, float]]:
    """CPU seconds used so far by each process of each group (PostgreSQL's processes are
    listed afresh each time: the server opens connections as it goes), and (as "server
    waiting") the seconds the server was ready to run but had no core (Linux schedstat)."""
    groups = {**pids, "postgres": [p.pid for p in psutil.process_iter(["name"])
                                   if p.info["name"] and p.info["name"].startswith("postgres")]}
    with contextlib.suppress(psutil.Error):  # (a rules worker started again is a new pid)
        groups["rules"] = [p.pid for p in family(psutil.Process(pids["server"][0]))[1:]]
    spent: dict[str, dict[int, float]] = {name: {} for name in groups}
    for name, group in groups.items():
        for pid in group:
            try:
                times = psutil.Process(pid).cpu_times()
                spent[name][pid] = times.user + times.system
            except psutil.Error:
                pass
    spent["server waiting"] = {}
    for pid in groups["server"] + groups["rules"]:
        with contextlib.suppress(OSError, IndexError, ValueError):
            spent["server waiting"][pid] = int(
                Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    return spent


def cpu_delta(before: dict[str, dict[int, float]],
              after: dict[str, dict[int, float]]) -> dict[str, float]:
    """Seconds of CPU per group between two `cpu_seconds`: a process that was not there
    before counts whole, one gone by the end is missed."""
    return {name: sum(used - before.get(name, {}).get(pid, 0.0) for pid, used in group.items())
            for name, group in after.items()}


def family(server: psutil.Process) -> list[psutil.Process]:
    """The server and its rules worker processes."""
    return [server, *server.children(recursive=True)]


def rss_of(server: psutil.Process) -> int:
    """Resident memory of the server and its worker processes (pages they share, such
    as the interpreter's, are counted once per process: an upper bound)."""
    total = 0
    for proc in family(server):
        with contextlib.suppress(psutil.Error):
            total += proc.memory_info().rss
    return total


def probe_matches(args) -> int:
    """How many of the M matches the probe client plays (--probes; by default a
    twentieth, at least 10: enough commands for a p99 at a slow --think)."""
    chosen = max(10, args.matches // 20) if args.probes is None else args.probes
    return min(chosen, args.matches)


def run_phase(kind: str, url: str, server: psutil.Process, args, echo_sizes=(0, 0),
              metrics_base: str | None = None) -> dict:
    """Drive one server with the load; what was measured."""
    ctx = multiprocessing.get_context("spawn")
    ready, results, go, go_at = ctx.Queue(), ctx.Queue(), ctx.Event(), ctx.Value("d", 0.0)
    n, probes = args.workers, probe_matches(args)
    loaded = args.matches - probes  # matches the loaded workers play
    every = Plan(kind, url, 0, 0, first=0, level=args.level, warmup=args.warmup,
                 seconds=args.seconds, echo_sizes=echo_sizes, think=args.think,
                 fast_forward=args.fast_forward)
    plans = [replace(every, nice=args.client_nice,
                     matches=loaded * (i + 1) // n - loaded * i // n,
                     spectators=args.spectators * (i + 1) // n - args.spectators * i // n,
                     first=loaded * i // n)
             for i in range(n)]
    if probes:
        plans.append(replace(every, matches=probes, first=loaded, probe=True))
    rss_idle = rss_of(server)
    procs = [ctx.Process(target=worker, args=(p, ready, go, go_at, results)) for p in plans]
    for p in procs:
        p.start()
    connecting = time.time()
    for _ in procs:
        ready.get(timeout=600)
    connected_in = time.time() - connecting
    time.sleep(1.0)
    rss_connected = rss_of(server)
    pids = {"server": [server.pid], "rules": [p.pid for p in family(server)[1:]],
            "clients": [p.pid for p in procs]}
    go_at.value = time.time()
    go.set()
    start, end = go_at.value + args.warmup, go_at.value + args.warmup + args.seconds
    rss, profiler, before = [], None, {}
    while time.time() < start:
        time.sleep(0.05)
    cpu_before = cpu_seconds(pids)
    if metrics_base:
        before = scrape(metrics_base)
    if args.profile and kind == "warband":
        profiler = subprocess.Popen(
            [shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy"), "record",
             "--pid", str(server.pid), "--duration", str(int(args.seconds)), "--rate", "100",
             "--nonblocking", "--subprocesses", "--format", "raw",
             "-o", str(RESULTS / "server_profile.txt")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while time.time() < end:
        rss.append(rss_of(server))
        time.sleep(0.5)
    cpu = cpu_delta(cpu_before, cpu_seconds(pids))
    after = scrape(metrics_base) if metrics_base else {}
    if kind == "warband":  # what a full collection would walk now: a line in its log
        server.send_signal(signal.SIGUSR1)
    stats, probe = Stats(), Stats()
    for _ in procs:
        got = results.get(timeout=120)
        stats.merge(got)  # (the probe's commands count in the totals too)
        if got.probe:
            probe.merge(got)
    for p in procs:
        p.join(30)
        if p.is_alive():
            p.kill()
    if profiler is not None:
        profiler.wait(60)
    for each in (stats, probe):
        each.latencies.sort()
        each.loop_lag.sort()
    for quarter in stats.quarters:
        quarter.sort()
    return {"stats": stats, "probe": probe, "rss_idle": rss_idle, "rss_connected": rss_connected,
            "rss": rss, "cpu": {k: v / args.seconds for k, v in cpu.items()},
            "before": before, "after": after, "connected_in": connected_in}


def warband_phase(args, database: str) -> dict:
    log = RESULTS / "load_server.log"
    server_cmd = [sys.executable, "-m", "server.cli", "serve", "--port", "0",
                  "--database", database, "--compression", args.compression,
                  "--rules-workers", str(args.rules_workers),
                  # (every load client connects from 127.0.0.1: no per-address limits)
                  "--max-connections-per-address", "1000000",
                  "--handshakes-per-second", "1000000"]
    proc, port = start_process(server_cmd, r"listening on http://[^:]+:(\d+)", log)
    watch = None if database.startswith("sqlite") else CheckpointWatch(database)
    if watch is not None:
        watch.start()
    try:
        phase = run_phase("warband", f"ws://127.0.0.1:{port}/ws", psutil.Process(proc.pid),
                          args, metrics_base=f"http://127.0.0.1:{port}")
    finally:
        stop_process(proc)
        phase_checkpoints = watch.stop() if watch is not None else []
    phase["checkpoints"] = phase_checkpoints
    lines = log.read_text().splitlines()
    problems = [line for line in lines
                if "Traceback" in line or " ERROR " in line or "Error" in line]
    phase["log_problems"] = problems
    phase["gc_report"] = next((line[line.index("gc: ") + 4:] for line in lines
                               if "gc: " in line), None)
    return phase


def echo_phase(args, sizes: tuple[int, int]) -> dict:
    proc, port = start_process([sys.executable, str(ROOT / "bench" / "load_echo.py"),
                                "--compression", args.compression],
                               r"echo listening on (\d+)", RESULTS / "load_echo.log")
    if args.fast_forward:  # (the echo has nothing to fast-forward: no long warm-up)
        args = argparse.Namespace(**{**vars(args), "warmup": min(args.warmup, 10.0)})
    try:
        return run_phase("echo", f"ws://127.0.0.1:{port}/ws", psutil.Process(proc.pid), args,
                         echo_sizes=sizes)
    finally:
        stop_process(proc)


def _growth(rss: list[int]) -> str:
    if len(rss) < 3:
        return ""
    mid = len(rss) // 2
    return f"{(rss[mid] - rss[0]) / MIB:+.1f} / {(rss[-1] - rss[mid]) / MIB:+.1f}"


def probe_ms(phase: dict) -> list[float]:
    """The probe client's p50 and p99, ms (none without a probe)."""
    latencies = phase["probe"].latencies
    return [percentile(latencies, q) * 1000 for q in (.5, .99)] if latencies else []


def report(args, war: dict, echo: dict, sizes: tuple[int, int]) -> None:
    ws, es = war["stats"], echo["stats"]
    rate_w, rate_e = ws.commands / args.seconds, es.commands / args.seconds
    ratio = rate_w / rate_e if rate_e else float("nan")
    ms = {name: [percentile(s.latencies, q) * 1000 for q in (.5, .95, .99)]
          for name, s in (("w", ws), ("e", es))}
    server_ms = [bucket_quantile(war["before"], war["after"], q) * 1000 for q in (.5, .99)]
    active = war["after"].get("warband_active_matches") or args.matches
    steady = statistics.median(war["rss"]) if war["rss"] else float("nan")
    per_match = (steady - war["rss_connected"]) / active / 1024
    conns = 2 * args.matches + args.spectators
    # The clients (bots choosing from prompts and views) and PostgreSQL share the machine
    # with the server: even a server that cost nothing leaves them this many commands/s.
    cores = os.cpu_count() or 1
    others = (war["cpu"]["clients"] + war["cpu"]["postgres"]) / max(rate_w, 1e-9)
    ceiling = cores / others / rate_e if others and rate_e else float("nan")
    at_scale = args.matches >= 1000 and args.spectators >= 1000
    probe_w, probe_e = probe_ms(war), probe_ms(echo)

    def shown(figures: list[float]) -> str:
        return " / ".join(f"{f:.1f}" for f in figures) or "-"

    def verdict(ok: bool, scaled: bool = True) -> str:
        return ("met" if ok else "MISSED") + ("" if scaled else " (goal is at 1000/1000)")

    rows = [
        ("connections (signed in, seconds to connect)",
         f"{conns} ({war['connected_in']:.0f} s)", f"{conns} ({echo['connected_in']:.0f} s)",
         ""),
        ("commands/s (echo: command round trips/s)", f"{rate_w:.0f}", f"{rate_e:.0f}", ""),
        ("  warband / echo", f"{ratio:.3f}x", "", f">= {GOAL_RATIO}x  " + (
            verdict(ratio >= GOAL_RATIO) if not args.think else "(n/a: paced by --think)")),
        ("  ceiling: the ratio with a server that cost nothing",
         f"{ceiling:.3f}x" if not args.think else "(n/a: paced)", "",
         f"(clients' and PostgreSQL's CPU a command, {cores} cores)"),
        ("command -> reply p50, client, ms", f"{ms['w'][0]:.1f}", f"{ms['e'][0]:.2f}", ""),
        ("command -> reply p95, client, ms", f"{ms['w'][1]:.1f}", f"{ms['e'][1]:.2f}", ""),
        ("command -> reply p99, client, ms", f"{ms['w'][2]:.1f}", f"{ms['e'][2]:.2f}", ""),
        (f"  probe client ({probe_matches(args)} matches) p50 / p99, ms", shown(probe_w),
         shown(probe_e), f"<= {GOAL_P99_MS:g} ms  " + (
             verdict(probe_w[1] <= GOAL_P99_MS, at_scale) if probe_w
             else "(no probe: --probes 0)")),
        ("  p99 by quarter of the window, client, ms", " / ".join(
            f"{percentile(q, .99) * 1000:.0f}" for q in ws.quarters), " / ".join(
            f"{percentile(q, .99) * 1000:.1f}" for q in es.quarters), ""),
        ("client workers' loop lag p50 / p99, ms", " / ".join(
            f"{percentile(ws.loop_lag, q) * 1000:.1f}" for q in (.5, .99)), " / ".join(
            f"{percentile(es.loop_lag, q) * 1000:.1f}" for q in (.5, .99)), ""),
        ("arrival -> ack p50 / p99, server, ms", f"{server_ms[0]:.1f} / {server_ms[1]:.1f}",
         "", ""),
        ("commands timed / refused (probe's timed)",
         f"{len(ws.latencies)} / {sum(ws.refused.values())} ({len(war['probe'].latencies)})",
         f"{len(es.latencies)} / 0 ({len(echo['probe'].latencies)})", ""),
        ("matches finished in window / active at end",
         f"{ws.matches_finished} / {active:.0f}", "", ""),
        ("spectator frames received /s", f"{ws.spectator_frames / args.seconds:.0f}", "", ""),
        ("seat bytes in per command, bytes per request",
         f"{ws.seat_bytes_in / max(ws.commands, 1):.0f}, "
         f"{ws.seat_bytes_out / max(ws.seat_frames_out, 1):.0f}",
         f"{sizes[0]}+{sizes[1]} frames", ""),
        ("CPU busy: server (+ rules workers) / clients / pg",
         f"{war['cpu']['server']:.2f} (+{war['cpu']['rules']:.2f}) / "
         f"{war['cpu']['clients']:.2f} / {war['cpu']['postgres']:.2f}",
         " / ".join(f"{echo['cpu'][k]:.2f}" for k in ("server", "clients", "postgres")), ""),
        ("  server CPU ms per command (with rules workers)",
         f"{1000 * (war['cpu']['server'] + war['cpu']['rules']) / max(rate_w, 1e-9):.2f}",
         f"{1000 * echo['cpu']['server'] / max(rate_e, 1e-9):.3f}", ""),
        ("  server ready but waiting for a core", f"{war['cpu']['server waiting']:.2f}",
         f"{echo['cpu']['server waiting']:.2f}", ""),
        ("server RSS MiB: idle / connected / window median",
         f"{war['rss_idle'] / MIB:.0f} / {war['rss_connected'] / MIB:.0f} / {steady / MIB:.0f}",
         f"{echo['rss_idle'] / MIB:.0f} / {echo['rss_connected'] / MIB:.0f} / "
         f"{statistics.median(echo['rss']) / MIB:.0f}", ""),
        ("  RSS growth, window's 1st / 2nd half, MiB", _growth(war["rss"]), "", ""),
        ("  per connection, KiB",
         f"{(war['rss_connected'] - war['rss_idle']) / conns / 1024:.0f}",
         f"{(echo['rss_connected'] - echo['rss_idle']) / conns / 1024:.0f}", ""),
        ("  per active match, KiB", f"{per_match:.0f}", "",
         f"<= {GOAL_KIB} KiB  {verdict(per_match <= GOAL_KIB, at_scale)}"),
    ]
    print(f"\n{args.matches} matches, {args.spectators} spectators, {args.workers} client "
          f"workers, {args.level} bots, think {args.think:g} s, compression "
          f"{args.compression}, {args.rules_workers} rules workers, fast-forward "
          f"{args.fast_forward}, client workers at nice {args.client_nice}; "
          f"{args.seconds:g} s measured after {args.warmup:g} s warm-up, "
          "per phase\n")
    print(f"{'':48} {'warband':>22} {'echo':>22}   goal")
    for name, w, e, goal in rows:
        print(f"{name:48} {w:>22} {e:>22}   {goal}")
    for label, counter in (("refused commands", ws.refused), ("match errors", ws.errors),
                           ("echo errors", es.errors)):
        if counter:
            print(f"{label}: {dict(counter.most_common(8))}")
    if ws.fast_forwarded:
        print(f"note: {ws.fast_forwarded} of the window's commands were made fast-forwarding "
              "(without a pause): a longer --warmup keeps them out")
    if lines := checkpoint_lines(war):
        print("\n".join(lines))
    if war["log_problems"]:
        print(f"server log: {len(war['log_problems'])} error lines, e.g. "
              f"{war['log_problems'][0][:160]!r} (bench/results/load_server.log)")
    if stages := stage_lines(war["before"], war["after"]):
        print("server stages of an accepted command (warband_command_stage_seconds):")
        print("\n".join(stages))
    if pauses := stage_lines(war["before"], war["after"], "gc", args.seconds):
        print("server's garbage collector pauses, by generation (warband_gc_pause_seconds):")
        print("\n".join(pauses))
    if war.get("gc_report"):  # (kill -USR1 at the window's end: server/gc_tuning.report)
        print(f"the server's collector at the window's end: {war['gc_report']}")
    png = RESULTS / "load_latency.png"
    plot(png, {"warband": ws.latencies, "echo": es.latencies},
         f"command -> reply: {args.matches} matches, {args.spectators} spectators",
         GOAL_P99_MS)
    print(f"latency histogram: {png.relative_to(ROOT)}")
    if args.profile and (RESULTS / "server_profile.txt").exists():
        print("\nserver profile over the window (py-spy, bench/results/server_profile.txt):")
        print("\n".join(profile_summary(RESULTS / "server_profile.txt")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=50, help="concurrent matches (M)")
    parser.add_argument("--spectators", type=int, default=50, help="spectator sessions (K)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured, per phase")
    parser.add_argument("--warmup", type=float, default=5.0, help="before measuring")
    parser.add_argument("--workers", type=int, default=2, help="client processes")
    parser.add_argument("--think", type=float, default=0.0, metavar="SECONDS",
                        help="mean pause before each command (default 0: closed loop, "
                        "as fast as replies come)")
    parser.add_argument("--probes", type=int, default=None, metavar="P",
                        help="of the M matches, P are played by a client process of their "
                        "own, whose loop is nearly idle: the latency a player sees, without "
                        "the load clients' own loop lag (the p99 goal is read there)")
    parser.add_argument("--fast-forward", type=int, default=0, metavar="K",
                        help="each pair plays its first match's set-up, deployment and first "
                        "k commands (k from 0..K) without pausing, so that the window sees "
                        "matches at every stage of play; give a warm-up long enough (the "
                        "report says if the window caught any)")
    parser.add_argument("--level", default="heuristic", choices=["random", "heuristic"])
    parser.add_argument("--database", default="postgresql+asyncpg://postgres@127.0.0.1:5432/"
                        "postgres", help="a PostgreSQL server to create the run's database on "
                        "(its database is only used to connect), or a sqlite+aiosqlite URL")
    parser.add_argument("--compression", default="none",
                        choices=["none", "deflate", "deflate-takeover"],
                        help="websocket compression of both servers (warband serve "
                        "--compression; the echo server is set the same way)")
    parser.add_argument("--rules-workers", type=int, default=0, metavar="N",
                        help="warband serve --rules-workers N (default 0: rules in the loop)")
    parser.add_argument("--client-nice", type=int, default=0, metavar="N",
                        help="run the loaded client workers at nice N (the probe, the server "
                        "and PostgreSQL stay at 0): they then take only the CPU the server "
                        "leaves, as clients on other machines would")
    parser.add_argument("--profile", action="store_true",
                        help="py-spy the server over the measured window")
    args = parser.parse_args()
    RESULTS.mkdir(exist_ok=True)
    conns = 2 * args.matches + args.spectators
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 2 * conns + 256:  # (inherited by the server and the workers)
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 2 * conns + 1024), hard))
    from sqlalchemy.engine import make_url

    admin_url = make_url(args.database)
    if admin_url.get_backend_name() == "sqlite":
        database, drop = f"sqlite+aiosqlite:///{tempfile.mkdtemp()}/load.db", None
    else:
        name = f"warband_load_{secrets.token_hex(4)}"
        admin(admin_url.render_as_string(hide_password=False), f"CREATE DATABASE {name}")
        database = admin_url.set(database=name).render_as_string(hide_password=False)
        drop = f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"
    print(f"phase 1: warband on {make_url(database).render_as_string()} ...", flush=True)
    try:
        war = warband_phase(args, database)
    finally:
        if drop:
            admin(admin_url.render_as_string(hide_password=False), drop)
    ws = war["stats"]
    command = round(ws.seat_bytes_out / max(ws.seat_frames_out, 1))
    sizes = (max(command, round(ws.seat_bytes_in / max(ws.commands, 1)) - command), command)
    print("phase 2: echo baseline ...", flush=True)
    echo = echo_phase(args, sizes)
    report(args, war, echo, sizes)


if __name__ == "__main__":
    main()

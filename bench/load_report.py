"""Figures for bench/load.py: percentiles, the server's /metrics, the latency PNG and
a summary of a py-spy profile of the server (raw collapsed stacks)."""

from __future__ import annotations

import re
import urllib.request
from collections import Counter

from prometheus_client.parser import text_string_to_metric_families

# Where a profile sample goes: the first group one of its frames' files matches, looking
# from the leaf towards the root (so zlib under websockets counts as websockets' own).
GROUPS = [
    ("rules engine (server/rules)", ("server/rules/",)),
    ("event store, SQLAlchemy, asyncpg", ("server/store/", "sqlalchemy/", "asyncpg/")),
    ("protocol codec (msgspec/msgpack)", ("protocol/", "msgspec", "msgpack")),
    ("websockets (framing, deflate)", ("websockets/",)),
    ("match actors, hub, gateway", ("server/matches/", "server/gateway.py", "server/lobby")),
    ("asyncio event loop", ("asyncio/",)),
]


def percentile(ordered: list[float], q: float) -> float:
    """The q-quantile (0..1) of an ascending list, nearest rank; nan if empty."""
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def scrape(base: str) -> dict:
    """The server's gauges and its command histogram's cumulative buckets."""
    text = urllib.request.urlopen(base + "/metrics", timeout=30).read().decode()
    found: dict = {"buckets": {}, "stages": {}, "gc": {}}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "warband_command_seconds_bucket":
                found["buckets"][float(sample.labels["le"])] = sample.value
            elif sample.name.startswith(("warband_command_stage_seconds_",
                                         "warband_gc_pause_seconds_",
                                         "warband_commit_transaction_")):
                if "stage" in sample.labels:
                    kind, name = "stages", sample.labels["stage"]
                elif "generation" in sample.labels:
                    kind, name = "gc", sample.labels["generation"]
                else:
                    kind, name = "stages", sample.name.split("_")[3].replace(
                        "seconds", "tx (db)").replace("appends", "tx size")
                stage = found[kind].setdefault(name, {"buckets": {}})
                if sample.name.endswith("_bucket"):
                    stage["buckets"][float(sample.labels["le"])] = sample.value
                elif not sample.name.endswith("_created"):
                    stage[sample.name.rsplit("_", 1)[1]] = sample.value  # sum, count
            elif sample.name in ("warband_active_matches", "warband_connections"):
                found[sample.name] = sample.value
    return found


def bucket_quantile(before: dict, after: dict, q: float) -> float:
    """histogram_quantile() over the window between two scrapes (linear in a bucket)."""
    bounds = sorted(after["buckets"])
    counts = [after["buckets"][b] - before["buckets"].get(b, 0) for b in bounds]
    if not counts or counts[-1] <= 0:
        return float("nan")
    rank, lower, below = q * counts[-1], 0.0, 0.0
    for bound, cumulative in zip(bounds, counts, strict=True):
        if cumulative >= rank:
            if bound == float("inf"):
                return lower
            return lower + (bound - lower) * (rank - below) / max(cumulative - below, 1e-9)
        lower, below = bound, cumulative
    return lower


def stage_lines(before: dict, after: dict, kind: str = "stages",
                seconds: float | None = None) -> list[str]:
    """Where an accepted command's time went in the server over the window (or, with
    kind "gc", the garbage collector's pauses by generation: how many, how long, and
    the share of the window they took when `seconds` is given)."""
    lines = []
    for name, stage in sorted(after.get(kind, {}).items()):
        old = before.get(kind, {}).get(name, {"buckets": {}})
        count = stage.get("count", 0) - old.get("count", 0)
        if count <= 0:
            continue
        total = stage.get("sum", 0) - old.get("sum", 0)
        p99 = bucket_quantile(old, stage, .99)
        if name == "tx size":  # (a count of appends, not seconds)
            line = f"  {name:8} mean {total / count:7.1f}      p99 {p99:7.1f} appends"
        else:
            line = f"  {name:8} mean {total / count * 1000:7.2f} ms   p99 {p99 * 1000:7.1f} ms"
        if seconds:
            line += f"   {count / seconds:6.1f} a second, {100 * total / seconds:4.1f}% of the time"
        lines.append(line)
    return lines


def plot(path, series: dict[str, list[float]], title: str, goal_ms: float) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    fig, ax = plt.subplots(figsize=(9, 5))
    values = [v * 1000 for s in series.values() for v in s if v > 0]
    if values:
        bins = np.logspace(np.log10(min(values)), np.log10(max(values)), 80)
        for (name, samples), colour in zip(series.items(), ("tab:red", "tab:blue"),
                                           strict=False):
            ms = sorted(v * 1000 for v in samples if v > 0)
            if not ms:
                continue
            label = (f"{name}: p50 {percentile(ms, .5):.1f}  p95 {percentile(ms, .95):.1f}  "
                     f"p99 {percentile(ms, .99):.1f} ms  (n={len(ms)})")
            ax.hist(ms, bins=bins, alpha=0.55, color=colour, weights=[1 / len(ms)] * len(ms),
                    label=label)
            ax.axvline(percentile(ms, .99), color=colour, linestyle=":")
    ax.axvline(goal_ms, color="black", linestyle="--", label=f"goal p99 <= {goal_ms:g} ms")
    ax.set_xscale("log")
    ax.set_xlabel("command -> reply, ms (client side; dotted: p99)")
    ax.set_ylabel("share of that server's commands")
    ax.set_title(title)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


_FRAME = re.compile(r"^(?P<func>.*) \((?P<file>[^()]*?)(?::\d+)?\)$")


def profile_summary(path, top: int = 12) -> list[str]:
    """Lines saying where the server's busy samples went (py-spy --format raw), for the
    server process and for its rules workers (if any) apart."""
    kinds: dict[str, list[tuple[list[re.Match], int]]] = {}
    with open(path) as f:
        for line in f:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            if not count.isdigit():
                continue
            parts = stack.split(";")
            heads = [p for p in parts[:2] if p.startswith("process ")]  # (parent; child)
            kind = "rules workers" if heads and \
                "rules_worker" in heads[-1] else "server process"
            frames = [m for m in (_FRAME.match(x) for x in parts) if m]
            kinds.setdefault(kind, []).append((frames, int(count)))
    if not kinds:
        return ["(no samples)"]
    lines = []
    for kind in sorted(kinds, reverse=True):  # (the server process first)
        lines += _summary(kind, kinds[kind], top)
    return lines


def _summary(kind: str, samples: list[tuple[list[re.Match], int]], top: int) -> list[str]:
    groups: Counter = Counter()
    inclusive: Counter = Counter()
    leaf: Counter = Counter()
    total = sum(n for _, n in samples)
    loop = GROUPS[-1][0]  # asyncio: only what no other component called
    for frames, n in samples:
        names = [f"{m['func']} ({_short(m['file'])})" for m in frames]
        for name in {name for m, name in zip(frames, names, strict=True) if _ours(m["file"])}:
            inclusive[name] += n
        if names:
            leaf[names[-1]] += n
        files = [m["file"] for m in reversed(frames)]
        groups[next((g for file in files for g, keys in GROUPS[:-1]
                     if any(k in file for k in keys)),
                    loop if any("asyncio/" in f for f in files) else "other")] += n
    lines = [f"{kind}: {total} busy samples (100 a second is one core); by component "
             "(the first from the leaf; socket writes count for their caller):"]
    lines += [f"  {100 * n / total:5.1f}%  {g}" for g, n in groups.most_common()]
    lines.append("  hottest server frames, inclusive:")
    lines += [f"    {100 * n / total:5.1f}%  {name}" for name, n in inclusive.most_common(top)]
    lines.append("  hottest frames, self:")
    lines += [f"    {100 * n / total:5.1f}%  {name}" for name, n in leaf.most_common(top)]
    return lines


def _ours(file: str) -> bool:
    return ("server/" in file or "protocol/" in file) and not any(
        x in file for x in ("server/cli.py", "server/commands/", "server/app.py"))


def _short(file: str) -> str:
    for anchor in ("site-packages/", "/work/main/", "/work/wt-load/", "python3.11/"):
        if anchor in file:
            return file.split(anchor, 1)[1]
    return file

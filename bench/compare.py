"""Benchmark against another revision in the same run: this checkout and REV (checked
out into a temporary git worktree) run the same benchmark in turn, round after round,
and the medians and their ratio are printed. On a shared, noisy machine the speed of
the same code varies by a third from one minute to the next (and twofold from one day
to the next), so a figure is only worth its ratio to a baseline measured beside it.

    .venv/bin/python bench/compare.py sbh_engine --rev HEAD~3 [--rounds 5] [-- --games 8]
    .venv/bin/python bench/compare.py rules_path --rev main -- --games 4

The benchmark is any bench/NAME.py with a `--json` option (one JSON object of
figures); the arguments after `--` go to it. Both sides run with this checkout's
Python. Figures named `*_us*` are times (lower is better); the others rates.

`--instructions` counts instead of timing: each side runs once under valgrind's
cachegrind (hash seed fixed, so the run is the same every time), and again with
`--games 0`; the difference is the CPU instructions of the timed games alone, a
figure no noisy neighbour moves (needs `valgrind`; ~25x slower than a timed run).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(tree: Path, bench: str, extra: list[str], under: list[str] = ()) -> tuple[dict, str]:
    """The benchmark's figures, and its standard error (valgrind writes there)."""
    script = tree / "bench" / f"{bench}.py"
    done = subprocess.run([*under, sys.executable, str(script), "--json", *extra], cwd=tree,
                          env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin",
                               "PYTHONHASHSEED": "0"},
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"compare: {script} failed:\n{done.stderr.strip()}")
    return json.loads(done.stdout.strip().splitlines()[-1]), done.stderr


CACHEGRIND = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
              "--cachegrind-out-file=/dev/null"]


def instructions(tree: Path, bench: str, extra: list[str]) -> dict[str, float]:
    """CPU instructions of the benchmark's games: a run less its start-up and warm-up."""
    run(tree, bench, [*extra, "--games", "0"])  # (compiles what is new to __pycache__)
    counts = []
    for args in (extra, [*extra, "--games", "0"]):  # (the last --games counts)
        counts.append(instruction_count(run(tree, bench, args, CACHEGRIND)[1]))
    return {"instructions_of_the_games": counts[0] - counts[1]}


def instruction_count(stderr: str) -> int:
    """The instructions cachegrind counted, from its summary on standard error."""
    found = re.search(r"I\s+refs:\s+([\d,]+)", stderr)
    if found is None:
        raise SystemExit(f"compare: no instruction count from valgrind:\n{stderr}")
    return int(found[1].replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bench", help="a bench/NAME.py with --json (sbh_engine, rules_path)")
    parser.add_argument("--rev", default="HEAD", help="the baseline revision (default HEAD)")
    parser.add_argument("--rounds", type=int, default=5,
                        help="alternating rounds (with --instructions one is enough)")
    parser.add_argument("--instructions", action="store_true",
                        help="count CPU instructions under valgrind instead of timing")
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []  # the benchmark's own
    args = parser.parse_args(argv[:argv.index("--")] if "--" in argv else argv)

    with tempfile.TemporaryDirectory(prefix="warband-compare-") as scratch:
        base = Path(scratch) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                        str(base), args.rev], check=True)
        try:
            sides: dict[str, list[dict]] = {"base": [], "this": []}
            for round_ in range(1, args.rounds + 1):
                for side, tree in (("base", base), ("this", ROOT)):  # (alternating)
                    sides[side].append(instructions(tree, args.bench, extra)
                                       if args.instructions else run(tree, args.bench, extra)[0])
                print(f"round {round_}/{args.rounds}: " + ", ".join(
                    f"{side} {_brief(figures[-1])}" for side, figures in sides.items()),
                    file=sys.stderr)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(base)], check=False)

    print(f"{args.bench}: median of {args.rounds} alternating rounds, {args.rev} (base) "
          "against this checkout")
    print(f"  {'figure':40s} {'base':>12s} {'this':>12s}  this/base")
    for name in sides["base"][0]:
        if name not in sides["this"][0]:
            continue
        base_median = statistics.median(f[name] for f in sides["base"])
        this_median = statistics.median(f[name] for f in sides["this"])
        ratio = this_median / base_median if base_median else float("nan")
        lower_is_better = "us" in name.split("_") or name.startswith("instructions")
        better = ("same" if ratio == 1 else
                  "faster" if (ratio < 1) == lower_is_better else "slower")
        print(f"  {name:40s} {base_median:12,.1f} {this_median:12,.1f}  {ratio:6.3f} "
              f"({better})")


def _brief(figures: dict[str, float]) -> str:
    name = next(iter(figures))
    return f"{name}={figures[name]:,.1f}"


if __name__ == "__main__":
    main()

"""`warband serve` and its rules workers freeze what start-up built and collect the oldest
generation rarely (server/gc_tuning.py); WARBAND_GC_THRESHOLDS overrides it. Checked in
a fresh interpreter: freezing here would freeze the test run's own objects."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

PROBE = ("import gc; from server import gc_tuning; gc_tuning.tune(); "
         "print(gc.get_threshold(), gc.get_freeze_count() > 0)")


def tuned(setting: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "WARBAND_GC_THRESHOLDS"}
    if setting is not None:
        env["WARBAND_GC_THRESHOLDS"] = setting
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True,
                          text=True, timeout=60)
    return done.stdout.strip() or done.stderr.strip().splitlines()[-1]


@pytest.mark.parametrize(("setting", "expected"), [
    (None, "(700, 3, 3000) True"),
    ("2000,50,20", "(2000, 50, 20) True"),
    ("off", "(700, 10, 10) False"),
    ("700,ten,10", "server.config.ConfigError: WARBAND_GC_THRESHOLDS must be three numbers "
                   "(\"700,3,3000\") or \"off\", not '700,ten,10'"),
])
def test_the_collector_is_set_for_a_server(setting, expected):
    assert tuned(setting) == expected


def test_a_bad_setting_stops_the_server_before_it_starts():
    env = {**os.environ, "WARBAND_GC_THRESHOLDS": "many"}
    done = subprocess.run([sys.executable, "-m", "server.cli", "serve", "--port", "0"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.startswith("warband: error: WARBAND_GC_THRESHOLDS must be")


WARM_PROBE = """
from server.rules.board import hex
from server.rules.registry import warm_systems
from server.rules.sbh import flee, geometry_cache
from tests.sbh.test_games import play

def tables():
    return (len(hex._NEIGHBOURS), len(geometry_cache._SIGHT_LINES),
            flee.flight_grid.cache_info().currsize)

warm_systems()
warmed = tables()
play(3, setup={"options": {"turn_limit": 8, "points_limit": 400}})  # the default table
print(warmed == tables(), min(warmed) > 0)
"""


def test_start_up_builds_the_geometry_every_match_on_the_default_table_shares():
    """server.rules.registry.warm_systems, which `warband serve` and each rules
    worker call before freezing: a game on the default table then draws no
    neighbours, lines of sight or flight grid of its own, so none of them is an
    object a full collection walks. (A fresh interpreter: the tables are
    process-wide.)"""
    done = subprocess.run([sys.executable, "-c", WARM_PROBE], capture_output=True, text=True,
                          timeout=120)
    assert done.stdout.split() == ["True", "True"], done.stderr


def test_a_waiting_match_holds_none_of_its_prompts_working():
    """server.matches.rules_host.RulesCore: once a command's prompt and views are
    out, the state has released what it remembered to make them (SBH's memo: a
    deployment prompt's ~200 lists), so idle matches give the collector's middle
    generation nothing to walk; the next command works it out again and plays
    the same."""
    import random

    from server.matches.rules_host import Material, RulesCore
    from server.rules.sbh.random_player import random_command
    from server.rules.sbh.system import SYSTEM
    from tests.sbh.test_games import SETUP, WARBANDS

    class Remembering:  # the same rules, never told to release
        def __getattr__(self, name):
            if name == "release":
                raise AttributeError(name)
            return getattr(SYSTEM, name)

    core, remembering = RulesCore(SYSTEM, b"seed"), RulesCore(Remembering(), b"seed")
    for each in (core, remembering):
        each.load(Material(SETUP, None, []))
    assert core.state._memo is None
    rng = random.Random(1)
    for _ in range(80):  # lists, roles, terrain, deployment and the first turns
        prompt = SYSTEM.prompt(core.state)
        seat = rng.choice(prompt.seats)
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        released = core.apply(command, views=[seat, None])
        kept = remembering.apply(command, views=[seat, None])
        assert core.state._memo is None and remembering.state._memo is not None
        assert (released.events, released.checksums, released.views) == (
            kept.events, kept.checksums, kept.views)
        assert core.view(seat) == kept.views[seat] and core.state._memo is None


def test_a_running_server_reports_what_the_collector_tracks_on_sigusr1(tmp_path):
    """`kill -USR1` a server: one log line of its tracked objects by type (what a full
    collection would walk), and it keeps serving."""
    import signal
    import time
    import urllib.request

    from tests.test_cli import free_port

    port = free_port()
    log = tmp_path / "serve.log"
    with open(log, "w") as err:
        proc = subprocess.Popen([sys.executable, "-m", "server.cli", "serve", "--port", str(port),
                                 "--database", f"sqlite+aiosqlite:///{tmp_path}/w.db"],
                                stdout=subprocess.DEVNULL, stderr=err)
    try:
        deadline = time.time() + 20
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz").close()
                break
            except OSError:
                assert time.time() < deadline, log.read_text()
                time.sleep(0.1)
        proc.send_signal(signal.SIGUSR1)
        while "gc: " not in log.read_text():
            assert time.time() < deadline + 10, log.read_text()
            time.sleep(0.1)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz") as still:
            assert still.status == 200
    finally:
        proc.terminate()
        proc.wait(10)
    [line] = [x for x in log.read_text().splitlines() if "gc: " in x]
    assert "tracked objects" in line and "a full collection walked them in" in line
    assert "tracked by type: " in line and "unreachable by type: " in line

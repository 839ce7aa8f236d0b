"""The benchmark helpers still measure what they say (they wrap server internals by
name, and read valgrind's summary): not timings, only that each figure is taken."""

from __future__ import annotations

import json
from pathlib import Path

from bench import asoiaf_replay_digests, compare, rules_path, sbh_engine, sbh_fingerprint

ROOT = Path(__file__).resolve().parents[2]


def test_rules_path_times_every_stage_of_a_command():
    totals: dict[str, float] = {}
    commands = rules_path.play(3, totals)
    assert commands > 100  # (a whole game: set-up, deployment and 40 turns)
    total = totals.pop("total")
    assert set(totals) == {"decide+fold+checksums", "prompt (listed, encoded)",
                           "views (built, encoded)"}
    assert all(seconds > 0 for seconds in totals.values())  # (each wrapper was called)
    assert sum(totals.values()) < total


def test_compare_reads_the_instruction_count_valgrind_prints():
    stderr = "==123== \n==123== I   refs:      4,273,150,489\n"
    assert compare.instruction_count(stderr) == 4_273_150_489


def test_engine_bench_by_kind_times_each_stage_of_every_command():
    stages = sbh_engine.time_by_kind(1, 1)
    sbh_engine.KINDS.clear()
    sbh_engine.play(1, False)  # (the same game, counted by `play`)
    assert {kind: row[0] for kind, row in stages.items()} == dict(sbh_engine.KINDS)
    assert all(row[1] > 0 and row[2] > 0 and row[3] > 0 for row in stages.values())


def test_engine_bench_budget_is_the_goal_shared_over_a_games_commands():
    # two games of 500 commands each: 100 games/s leaves 1e6 / 100 / 500 = 20 us a command
    stages = {"move": [600, 0.024, 0.012, 0.024],  # 100 us each in all
              "group_next": [300, 0.006, 0.003, 0.006],  # 50 us
              "activate": [99, 0.00396, 0.0, 0.0],  # 40 us: the cheapest common one
              "attack": [1, 0.00001, 0.0, 0.0]}  # 10 us, but played less than once a game
    budget, cheapest, cost = sbh_engine.goal_budget(stages, 2)
    assert round(budget, 6) == 20.0
    assert (cheapest, round(cost, 6)) == ("activate", 40.0)


def test_the_sbh_fingerprint_record_is_the_code_as_committed():
    """bench/sbh_fingerprint_baseline.json is what an optimisation must leave unchanged;
    a deliberate change of behaviour re-records it (`bench/sbh_fingerprint.py --out
    bench/sbh_fingerprint_baseline.json`, said in the commit). Its first games checked
    here, so the record cannot go stale unnoticed (it did, over two such changes)."""
    recorded = json.loads((ROOT / "bench" / "sbh_fingerprint_baseline.json").read_text())
    for game in range(4):
        play_fp, digest_fp, commands = sbh_fingerprint.play(game)
        assert {"play": play_fp, "digest": digest_fp, "commands": commands} == \
            recorded[str(game)], f"game {game} differs: re-record if the change is deliberate"


def test_the_asoiaf_digest_record_is_the_code_as_committed():
    """bench/asoiaf_replay_digests_baseline.json is ASOIAF's record of the same kind
    (`bench/asoiaf_replay_digests.py --write` re-records it with a RULES_VERSION
    change); a game of each recorded scenario is checked here."""
    recorded = json.loads((ROOT / "bench" / "asoiaf_replay_digests_baseline.json").read_text())
    for game in ("learn_to_play/0", "village_skirmish/0"):
        scenario, seed = game.split("/")
        assert asoiaf_replay_digests.fingerprint(scenario, int(seed)) == recorded[game], \
            f"{game} differs: re-record if the change is deliberate"

"""The benchmark helpers still measure what they say (they wrap server internals by
name, and read valgrind's summary): not timings, only that each figure is taken."""

from __future__ import annotations

from bench import compare, rules_path


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

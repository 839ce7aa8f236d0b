"""The served bracket formats from stored rows, without a server (issue 33: "pools then
knockout"; "optionally double elimination"): events are driven round by round through
history.next_tables with scripted results, as the director stores them."""

from __future__ import annotations

import pytest

from protocol.errors import ProtocolError
from server.tournaments import history as rows_to
from server.tournaments.bracket_view import bracket_view
from server.tournaments.event_settings import parse
from server.tournaments.service import check_pools


def _entries(count: int) -> list[dict]:
    return [{"account_id": f"p{n}", "rating": 1500 + 10 * n, "joined_round": 1,
             "status": "registered", "club": None, "bye_round": None} for n in range(count)]


def _run(settings: dict, count: int, winner) -> tuple[object, list[dict], list[dict]]:
    """Every round to the event's end; `winner(a, b)` scripts each game's winner."""
    served, entries, rows = parse(settings), _entries(count), []
    number = 1
    while number == 1 or number <= rows_to.total_rounds(served, entries, rows):
        tables = rows_to.next_tables(served, entries, rows, number, checked_in_only=False)
        for table_no, t in enumerate(tables, start=1):
            result = t["result"] or {"winner": winner(t["player_a"], t["player_b"]),
                                     "vp_a": 0, "vp_b": 0, "how": "played"}
            rows.append({"round": number, "table_no": table_no, "player_a": t["player_a"],
                         "player_b": t["player_b"], "result": result, "match_id": None})
        number += 1
    return served, entries, rows


def _rating(pid: str) -> int:
    return int(pid[1:])


def test_pool_tables_count_only_the_pools_games():
    """"pools then knockout ... the knockout seeded by pool standing": a knockout game
    between two players of one pool does not change that pool's table."""
    def script(a: str, b: str) -> str:  # the higher rated wins, but p2 beats p4
        return "p2" if {a, b} == {"p2", "p4"} else max(a, b, key=_rating)

    served, entries, rows = _run({"format": "pools_knockout", "pool_size": 3,
                                  "pool_qualifiers": 2}, 6, script)
    view = bracket_view(served, entries, rows)
    pool_rows = [r for r in rows if r["round"] < view["first_round"]]
    assert view["first_round"] == 4 and len(rows) - len(pool_rows) == 3
    assert [set(pool["players"]) for pool in view["pools"]] == [{"p5", "p2", "p1"},
                                                               {"p4", "p3", "p0"}]
    assert view["seeds"] == ["p5", "p4", "p2", "p3"]
    [final] = [r for r in rows if r["round"] == 5]
    assert {final["player_a"], final["player_b"]} == {"p5", "p2"}, "two of pool 1"
    assert view["pools"] == bracket_view(served, entries, pool_rows)["pools"]
    assert view["champion"] == "p5"


def test_double_elimination_bracket_ids_and_a_reset_final():
    """"optionally double elimination": each stored game is one bracket match; the
    losers bracket's champion wins the grand final, so a reset final is played."""
    meetings: dict[frozenset, int] = {}

    def script(a: str, b: str) -> str:  # the higher rated wins, but p2 beats p3 once
        pair = frozenset((a, b))
        meetings[pair] = meetings.get(pair, 0) + 1
        if pair == {"p2", "p3"} and meetings[pair] == 2:
            return "p2"
        return max(a, b, key=_rating)

    served, entries, rows = _run({"format": "double_elimination"}, 4, script)
    view = bracket_view(served, entries, rows)
    assert [m["id"] for m in view["matches"]] == ["W1.1", "W1.2", "W2.1", "L1.1", "L2.1",
                                                  "F1", "F2"]
    assert [r["round"] for r in rows] == [1, 1, 2, 2, 3, 4, 5]
    assert [(r["player_a"], r["player_b"]) for r in rows if r["round"] >= 4] \
        == [("p3", "p2"), ("p3", "p2")]
    assert view["champion"] == "p3"
    assert rows_to.total_rounds(served, entries, rows) == 5


def test_bad_pool_and_schedule_settings_are_refused_with_a_sentence():
    """Bad input: a clear error with a stable code (invalid_event, event_stage)."""
    cases = [({"round_starts": [2_000_000_000, 1_900_000_000]}, "go back in time"),
             ({"round_starts": ["noon"]}, "unix seconds"),
             ({"rounds": 2, "round_starts": [1, 2, 3]}, "3 start times for a Swiss of 2"),
             ({"format": "pools_knockout", "pool_size": 1}, "pool_size"),
             ({"format": "pools_knockout", "pool_size": 3, "pool_qualifiers": 4},
              "pool_qualifiers")]
    for wire, said in cases:
        with pytest.raises(ProtocolError) as refused:
            parse(wire)
        assert refused.value.code == "invalid_event" and said in refused.value.message
    one_pool = parse({"format": "pools_knockout", "pool_size": 4, "pool_qualifiers": 1})
    with pytest.raises(ProtocolError) as refused:
        check_pools(one_pool, 3)  # one pool of three, one going through: no knockout
    assert refused.value.code == "event_stage"
    check_pools(one_pool, 8)  # two pools of four, their winners meet

"""The clock arithmetic (server/clocks), driven with explicit times: no waiting."""

from __future__ import annotations

import pytest

from protocol.errors import ProtocolError
from server.clocks.clock import LAG_CREDIT_MAX, Clock
from server.clocks.control import DAY, NONE, TimeControl, parse

LIVE = TimeControl("live", initial=1200, increment=20)


def test_the_seat_waited_for_spends_its_own_time_and_gains_the_increment_when_its_turn_ends():
    clock = Clock.fresh(LIVE, "ab")
    clock.wait_for(["a"], now=100.0)
    assert clock.time_left("a", 130.0) == 1170 and clock.time_left("b", 130.0) == 1200
    clock.charge("a", 130.0)
    clock.wait_for(["a"], 130.0)  # still a's turn: no increment yet
    clock.charge("a", 140.0)
    clock.turn_ended("a")
    clock.wait_for(["b"], 140.0)
    assert clock.left["a"] == 1200 - 40 + 20
    assert clock.running == {"b": 140.0}


def test_a_question_to_the_other_seat_mid_turn_runs_its_clock_and_pauses_the_active_one():
    """SBH asks the defender mid-turn (recoil, free hack, flight): the defender's clock
    runs while it answers, the attacker's waits."""
    clock = Clock.fresh(LIVE, "ab")
    clock.wait_for(["a"], 0.0)
    clock.charge("a", 10.0)  # a attacks: the rules ask b where to recoil
    clock.wait_for(["b"], 10.0)
    assert clock.time_left("a", 50.0) == 1190  # paused
    assert clock.time_left("b", 50.0) == 1160
    clock.charge("b", 50.0)
    clock.wait_for(["a"], 50.0)  # back to a (b's "turn" was one answer: no increment asked)
    assert clock.time_left("a", 55.0) == 1185


def test_both_seats_run_while_both_are_asked_at_once():
    clock = Clock.fresh(LIVE, "ab")
    clock.wait_for(["a", "b"], 0.0)
    clock.charge("a", 30.0)
    clock.wait_for(["b"], 30.0)
    assert clock.time_left("a", 60.0) == 1170 and clock.time_left("b", 60.0) == 1140


def test_lag_credit_is_bounded_by_the_round_trip_the_limit_and_the_time_spent():
    clock = Clock.fresh(LIVE, "ab")
    clock.wait_for(["a"], 0.0)
    assert clock.charge("a", 10.0, lag=0.2) == pytest.approx(0.2)
    clock.wait_for(["a"], 10.0)
    assert clock.charge("a", 20.0, lag=5.0) == LAG_CREDIT_MAX  # never more than the bound
    clock.wait_for(["a"], 20.0)
    assert clock.charge("a", 20.1, lag=0.4) == pytest.approx(0.1)  # nor than it spent
    assert clock.left["a"] == pytest.approx(1200 - 9.8 - 9.5 - 0.0)


def test_a_flag_falls_when_the_running_time_is_spent():
    clock = Clock.fresh(TimeControl("live", initial=60, increment=0), "ab")
    clock.wait_for(["b"], 10.0)
    assert clock.next_flag() == 70.0
    assert clock.flagged(69.9) == [] and clock.flagged(70.0) == ["b"]


def test_correspondence_gives_each_decision_its_days_afresh():
    clock = Clock.fresh(TimeControl("correspondence", days=2), "ab")
    clock.wait_for(["a"], 0.0)
    clock.charge("a", DAY)
    clock.wait_for(["b"], DAY)
    clock.charge("b", DAY + 5)
    clock.wait_for(["a"], DAY + 5)
    assert clock.time_left("a", DAY + 5) == 2 * DAY  # a new deadline, not a reserve


def test_a_record_resumes_with_no_charge_for_the_downtime():
    """The store keeps the time left after each command; a match loaded again starts
    its running clock from when it is loaded (the server's downtime is nobody's)."""
    clock = Clock.fresh(LIVE, "ab")
    clock.wait_for(["a"], 0.0)
    clock.charge("a", 100.0)
    clock.turn_ended("a")
    record = clock.record()
    assert record == {"left": {"a": 1120_000, "b": 1200_000}}
    again = Clock.from_record(LIVE, "ab", record)
    again.wait_for(["b"], 5000.0)  # (the server was down in between)
    assert again.time_left("b", 5000.0) == 1200 and again.left["a"] == 1120


def test_the_wire_form_counts_the_running_clock_down_to_now():
    clock = Clock.fresh(LIVE, "ab")
    clock.wait_for(["a"], 0.0)
    assert clock.to_wire(1.5) == {"control": LIVE.to_wire(), "left": {"a": 1198_500,
                                                                       "b": 1200_000},
                                  "running": ["a"]}


@pytest.mark.parametrize(("wire", "words"), [
    ({"kind": "blitz"}, "kind is none, live or correspondence"),
    ({"kind": "live", "initial": 10, "increment": 0}, "initial is a number of seconds from 30"),
    ({"kind": "live", "initial": 600, "increment": -1}, "increment is a number of seconds"),
    ({"kind": "live", "initial": 600, "increment": 5, "days": 1}, "live time control has no days"),
    ({"kind": "correspondence", "days": 1.5}, "whole days"),
    ({"kind": "correspondence", "days": 3, "auto": "yes"}, "auto is true or false"),
    ([1200, 20], "is a map"),
])
def test_a_bad_time_control_is_refused_in_words(wire, words):
    with pytest.raises(ProtocolError) as refused:
        parse(wire)
    assert refused.value.code == "invalid_time_control" and words in refused.value.message


def test_time_controls_read_as_players_write_them():
    assert parse(None) is NONE and NONE.category == "standard"
    live = parse({"kind": "live", "initial": 1200, "increment": 20})
    assert live == LIVE and live.describe() == "20 min + 20 s" and live.category == "live"
    post = parse({"kind": "correspondence", "days": 3, "auto": False})
    assert post.describe() == "3 days a decision" and not post.auto
    assert post.first_decision_limit == 3 * DAY

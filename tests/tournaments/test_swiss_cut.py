"""Swiss then knockout, the wargame "top cut" (issue 33: "Knockout: single elimination
with seeding by rating or by Swiss standing, byes to top seeds"): the seeding from a
hand-worked Swiss standing, and a served event run by bots over the protocol (SQLite)
through its Swiss rounds and its knockout to a champion."""

from __future__ import annotations

import pytest

from protocol.errors import ProtocolError
from server.tournaments import history as rows_to
from server.tournaments.brackets import cut_seeds
from server.tournaments.event_settings import parse
from server.tournaments.format import EventSettings
from server.tournaments.knockout import Match, first_round
from server.tournaments.models import Game, Player
from server.tournaments.rows import players
from server.tournaments.swiss_cut import top_cut
from tests.tournaments.served import guests, pairs, player, run_event, went_through


def test_the_cut_is_seeded_by_the_swiss_standing_and_its_tie_breaks():
    """"seeding ... by Swiss standing, byes to top seeds". Worked by hand (3/1/0; strength
    of schedule, then victory points differential):
    round 1: a beats b 10-5, c beats d 8-2, e and f draw 4-4;
    round 2: a beats c 6-3, b beats e 7-1, d beats f 5-0.
    Points a 6, b 3, c 3, d 3, e 1, f 1. Among b, c, d strength of schedule: c 3+6 = 9,
    b 6+1 = 7, d 3+1 = 4. e and f: both 1+3 = 4; differential e 0-6 = -6, f 0-5 = -5.
    Standing: a, c, b, d, f, e."""
    field = [Player(pid, rating=1500) for pid in "abcdef"]
    games = [Game(1, "a", "b", "a", 10, 5), Game(1, "c", "d", "c", 8, 2),
             Game(1, "e", "f", None, 4, 4), Game(2, "a", "c", "a", 6, 3),
             Game(2, "b", "e", "b", 7, 1), Game(2, "d", "f", "d", 5, 0)]
    settings = EventSettings(format="swiss_knockout", rounds=2)
    assert top_cut(field, games, settings, 6) == ["a", "c", "b", "d", "f", "e"]
    seeds = top_cut(field, games, settings, 4)
    assert seeds == ["a", "c", "b", "d"]
    assert first_round(seeds) == [Match(0, "a", "d"), Match(1, "c", "b")], "1 v 4, 2 v 3"
    # a cut of three: the Swiss winner has the bye
    assert first_round(top_cut(field, games, settings, 3)) == [Match(0, "a", None),
                                                              Match(1, "c", "b")]
    # c withdrew after the Swiss: the next one up (f) takes the place
    field[2] = Player("c", rating=1500, withdrawn=True)
    assert top_cut(field, games, settings, 4) == ["a", "b", "d", "f"]


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_a_swiss_then_a_top_cut_of_three_runs_to_a_champion(server):
    """"a Swiss then a knockout seeded by Swiss standing": six players, two Swiss rounds
    (no repeat pairing), then the top three of the Swiss standing: seed 1 has the bye,
    2 plays 3, and the final decides the champion."""
    org = await player(server, "organiser")
    field = await guests(server.url, "cut", 6)
    try:
        event = await run_event(org, field, "swiss_knockout", seed=50, resign=True,
                                rounds=2, cut=3)
    finally:
        for client in (org, *field):
            await client.close()
    assert event["status"] == "finished" and event["total_rounds"] == 4
    swiss = [p for r in event["rounds"][:2] for p in r["pairings"]]
    assert len(swiss) == 6 and not any(p["bye"] for p in swiss)
    assert len(set(pairs(event)[:6])) == 6, "no repeat pairing in the Swiss"
    bracket = event["bracket"]
    standing = [s["player"] for s in event["standings"]]  # (the Swiss rounds' standing)
    assert bracket["first_round"] == 3 and bracket["seeds"] == standing[:3]
    top, second, third = bracket["seeds"]
    semis = event["rounds"][2]["pairings"]
    assert [(p["player_a"], p["player_b"], p["bye"]) for p in semis] \
        == [(top, None, True), (second, third, False)]
    [final] = event["rounds"][3]["pairings"]
    assert (final["player_a"], final["player_b"]) == (top, went_through(semis[1],
                                                                        bracket["seeds"]))
    assert bracket["champion"] == went_through(final, bracket["seeds"])
    assert [m["id"] for m in bracket["matches"]] == ["W1.1", "W1.2", "W2.1"]


def test_a_drawn_cut_stays_and_a_bad_cut_is_refused():
    """"a withdrawal ... changes nothing" of a bracket drawn: once the knockout's first
    round is stored its players are the cut; a cut under two is refused in words."""
    served = parse({"format": "swiss_knockout", "rounds": 1, "cut": 2})
    entries = [{"account_id": pid, "rating": 1500, "joined_round": 1, "status": "registered",
                "club": None, "bye_round": None} for pid in "abcd"]
    rows = [{"round": 1, "table_no": n, "player_a": a, "player_b": b, "match_id": None,
             "result": {"winner": a, "vp_a": 5, "vp_b": vp, "how": "played"}}
            for n, (a, b, vp) in enumerate([("a", "b", 0), ("c", "d", 1)], start=1)]
    assert cut_seeds(served, players(entries), rows) == ["a", "c"]  # (a: +5, c: +4)
    [final] = rows_to.next_tables(served, entries, rows, 2, checked_in_only=False)
    assert (final["player_a"], final["player_b"]) == ("a", "c")
    rows.append({"round": 2, "table_no": 1, **final, "match_id": "m"})
    entries[2]["status"] = "withdrawn"  # c leaves during the final: still the cut
    assert cut_seeds(served, players(entries), rows) == ["a", "c"]
    assert rows_to.total_rounds(served, entries, rows) == 2
    with pytest.raises(ProtocolError) as refused:
        parse({"format": "swiss_knockout", "cut": 1})
    assert refused.value.code == "invalid_event" and "cut" in refused.value.message

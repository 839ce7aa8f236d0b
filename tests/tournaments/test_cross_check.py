"""Our Swiss pairing (pairing-core) cross-checked against caissify-pairings' FIDE Dutch
engine on the same small fields, round after round (issue 33).

The two engines search differently, so their pairs may differ from round 2 on. We compare
what the Dutch system fixes: round 1 (top half against bottom half: identical), validity
(everyone seated once, no repeat, forbidden pairs honoured, no second bye), the bye
recipient rule (the lowest score among players without a bye), and the score-group
structure (how many tables pair equal scores, in aggregate)."""

import random

import pytest

from server.tournaments.format import EventSettings, TournamentError
from server.tournaments.models import Bye, Game, Player
from server.tournaments.pairing import all_points, pair_round
from tests.tournaments.caissify_adapter import caissify_round


def broken_rules(pairings, players, history, forbidden):
    """Every rule the pairings break, as short sentences (empty = valid)."""
    played = {frozenset((g.player_a, g.player_b)) for g in history if isinstance(g, Game)}
    had_bye = {item.player for item in history if isinstance(item, Bye)}
    seated = [pid for table in pairings.tables for pid in table] + [pairings.bye] * bool(
        pairings.bye
    )
    rules = []
    if sorted(seated) != sorted(p.id for p in players):
        rules.append("not every player seated exactly once")
    if any(frozenset(t) in played for t in pairings.tables):
        rules.append("a repeat pairing")
    if any(frozenset(t) in forbidden for t in pairings.tables):
        rules.append("a forbidden pairing")
    if pairings.bye in had_bye:
        rules.append("a second bye")
    return rules


def play(pairings, rng, history):
    for a, b in sorted(tuple(sorted(t)) for t in pairings.tables):
        history.append(Game(pairings.round, a, b, rng.choice([a, b, None])))
    if pairings.bye:
        history.append(Bye(pairings.round, pairings.bye))


def test_same_round_one_bye_rule_and_score_groups_as_caissify():
    equal_score_tables = {"pairing-core": 0, "caissify": 0}
    byes = 0
    for seed in range(30):
        rng = random.Random(seed)
        players = [
            Player(f"p{i}", rating=rng.randint(1000, 2000)) for i in range(rng.randint(7, 16))
        ]
        settings, history = EventSettings(rounds=4), []
        for round_number in range(1, 5):
            ours = pair_round(players, history, settings, round_number)
            theirs = caissify_round(players, history, settings, round_number)
            assert broken_rules(ours, players, history, set()) == []
            assert broken_rules(theirs, players, history, set()) == []
            if round_number == 1:
                assert {frozenset(t) for t in ours.tables} == {frozenset(t) for t in theirs.tables}
                assert ours.bye == theirs.bye
            points = all_points(history, settings)
            if ours.bye:
                byes += 1
                had_bye = {item.player for item in history if isinstance(item, Bye)}
                lowest = min(points.get(p.id, 0) for p in players if p.id not in had_bye)
                assert points.get(ours.bye, 0) == points.get(theirs.bye, 0) == lowest
            for name, pairings in (("pairing-core", ours), ("caissify", theirs)):
                equal_score_tables[name] += sum(
                    points.get(a, 0) == points.get(b, 0) for a, b in pairings.tables
                )
            play(ours, rng, history)
    assert byes > 40
    # measured: 437 against 444 tables; pairing-core floats a little more (docs/tournaments.md)
    assert equal_score_tables["pairing-core"] >= 0.95 * equal_score_tables["caissify"]


def exists_valid_pairing(ids, avoid, had_bye):
    """Brute force: can `ids` be paired (with one bye to a player without one if odd)?"""
    if len(ids) % 2:
        return any(
            exists_valid_pairing([i for i in ids if i != bye], avoid, had_bye)
            for bye in ids
            if bye not in had_bye
        )
    if not ids:
        return True
    first, rest = ids[0], ids[1:]
    return any(
        exists_valid_pairing([i for i in rest if i != other], avoid, had_bye)
        for other in rest
        if frozenset((first, other)) not in avoid
    )


@pytest.mark.parametrize("seed", range(12))
def test_clubs_valid_when_paired_and_truly_unpairable_when_refused(seed):
    rng = random.Random(seed)
    players = [
        Player(f"p{i}", rating=rng.randint(1000, 2000), club=rng.choice([None, None, "a", "b"]))
        for i in range(rng.randint(6, 11))
    ]
    clubs = {
        frozenset((a.id, b.id))
        for a in players
        for b in players
        if a.id < b.id and a.club and a.club == b.club
    }
    settings, history = EventSettings(rounds=5), []
    for round_number in range(1, 6):
        try:
            # (a search of its own wall-clock budget: this test is about what it finds,
            # not its time, which a loaded machine stretched past the 10 s default)
            ours = pair_round(players, history, settings, round_number, search_seconds=300)
        except TournamentError as refused:
            assert refused.code == "tournament.unpairable"
            played = {frozenset((g.player_a, g.player_b)) for g in history if isinstance(g, Game)}
            had_bye = {item.player for item in history if isinstance(item, Bye)}
            ids = [p.id for p in players]
            assert not exists_valid_pairing(ids, played | clubs, had_bye)
            try:
                theirs = caissify_round(players, history, settings, round_number)
            except Exception:  # noqa: BLE001 - any refusal from the other library agrees
                return
            assert broken_rules(theirs, players, history, clubs) != []
            return
        assert broken_rules(ours, players, history, clubs) == []
        play(ours, rng, history)

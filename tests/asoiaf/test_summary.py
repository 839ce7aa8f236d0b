"""The replay page's ASOIAF summary (`get_summary`, server/rules/asoiaf/summary.py):
rounds played, each side's VP by source adding up to its total and the result's
score, models killed and captured; over the protocol for a finished match, refused
for one still open."""

from __future__ import annotations

import random

import pytest

from clients.client import Client, ServerError
from server.rules.asoiaf.random_player import random_command
from server.rules.asoiaf.state import Phase
from server.rules.asoiaf.system import SYSTEM
from server.rules.dice import SeededDice
from server.rules.kernel import Command
from tests.served_match import two_guests_play

SETUP = {"options": {"scenario": "learn_to_play"}}


def played(seed: int, concede_at: int | None = None) -> tuple[dict, list]:
    """A Learn to Play match of random legal commands (seeded dice): its setup and
    events; seat b concedes at its `concede_at`-th decision if given."""
    setup = {"scenario": "learn_to_play"}
    state, rng, dice, events = SYSTEM.initial(setup), random.Random(seed), \
        SeededDice(bytes([seed]) * 8), []
    decisions = 0
    while state.phase != Phase.OVER:
        decision = SYSTEM.prompt(state).decisions[0]
        decisions += 1
        command = Command("b", "concede", {}) if decisions == concede_at \
            else random_command(SYSTEM.prompt(state), decision.seat, rng)
        for event in SYSTEM.decide(state, command, dice):
            state = SYSTEM.evolve(state, event)
            events.append(event)
    return setup, events


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_vp_by_source_add_up_to_the_result(seed):
    """seed 004, THE END PHASE: "add all VP for each player ... and the player with
    the most VP wins the game": every VP scored is counted once, under its source."""
    setup, events = played(seed)
    found = SYSTEM.summary(setup, events)
    assert found["rounds_played"] == found["rounds"] == 4
    for seat in ("a", "b"):
        side = found["vp"][seat]
        assert sum(side["by_source"].values()) == side["total"] \
            == found["result"]["scores"][seat]
        assert set(side["by_source"]) <= set(found["sources"])
        lost = found["lost"][seat]
        assert lost["models"] == 12 and 0 <= lost["killed"] + lost["captured"] <= 12
    scored = {src for seat in "ab" for src in found["vp"][seat]["by_source"]}
    assert scored and "other" not in scored  # (each VP is told by where it came from)


def test_a_concession_is_its_own_source():
    """seed 004, THE END PHASE: "If a player concedes, they lose and cannot score
    VP. Their opponent scores 3 VP for each round remaining, including the current one"."""
    setup, events = played(3, concede_at=40)
    found = SYSTEM.summary(setup, events)
    assert found["result"]["winner"] == "a"
    remaining = found["rounds"] - found["rounds_played"] + 1
    assert found["vp"]["a"]["by_source"]["concession"] == 3 * remaining
    assert found["vp"]["b"]["total"] == 0
    assert sum(found["vp"]["b"]["by_source"].values()) == 0


async def test_get_summary_over_the_protocol(sqlite_server):
    match_id, over, _ = await two_guests_play(sqlite_server.url, "asoiaf", SETUP,
                                              random_command)
    async with await Client.connect(sqlite_server.url) as eve:
        await eve.request("guest", name="Eve")
        reply = await eve.request("get_summary", match_id=match_id)
        assert reply["system"] == "asoiaf" and reply["match_id"] == match_id
        summary = reply["summary"]
        assert summary["result"] == over["result"]
        for seat, total in over["result"]["scores"].items():
            assert summary["vp"][seat]["total"] == total
        opened = (await eve.request("create_match", system="asoiaf", **SETUP))["match_id"]
        with pytest.raises(ServerError) as refused:
            await eve.request("get_summary", match_id=opened)
        assert refused.value.code == "match_not_finished"
        with pytest.raises(ServerError) as missing:
            await eve.request("get_summary", match_id="0000000000000000")
        assert missing.value.code == "no_such_match"

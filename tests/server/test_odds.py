"""The `odds` request through a real socket: exact probabilities of an attack the
seat could make now, computed by the server; nothing about the match changes."""

from __future__ import annotations

from clients.session import Session
from tests.sbh.battle import act, battle, fig
from tests.sbh.test_odds import expected_melee


async def test_odds_of_a_melee_attack_through_the_server(server, dice):
    ann, bob = await Session.open(server.url), await Session.open(server.url)
    try:
        await ann.guest("Ann")
        await bob.guest("Bob")
        match_id = (await ann.create_match("sbh"))["match_id"]
        await bob.join(match_id)
        # Put the match in the middle of a fight: the Elf (seat a) has activated
        # next to the Orc. (Set-up through prompts is tested elsewhere; here only
        # the odds matter, and a scripted state keeps them exact.)
        actor = server.hub.actor(match_id)
        state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)))
        state, _ = act(state, "a", "activate", dice.fix(4, 4), figure="a1", dice=2)
        actor.state = state
        odds = await ann.odds(match_id, "attack", {"target": "b1", "power": False})
        table = expected_melee(3, 3)
        assert {(o["loser"], o["result"]): o["ways"] for o in odds["outcomes"]} == table
        assert abs(sum(o["probability"] for o in odds["outcomes"]) - 1) < 1e-9
        assert odds["seq"] == actor.seq and actor.state is state, "nothing changed"
        power = await ann.odds(match_id, "attack", {"target": "b1", "power": True})
        assert power["modifiers"][1] == ["power blow -1"]
    finally:
        await ann.close()
        await bob.close()

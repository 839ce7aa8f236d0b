"""A follow-up offer is worked out where the recoiling figure ends up (seed 000,
FOLLOWING UP (OPTIONAL): "any model causing a recoil immediately receives a free
action to keep in contact with the recoiling model"; RECOILING: a free hack from
an enemy the recoil touches comes first)."""

from __future__ import annotations

from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, fig, first, h
from tests.sbh.test_scenario_arrivals import orc_beaten


def test_a_second_recoil_moves_the_first_offer_next_to_where_the_orc_went(dice):
    """The Orc recoils from a1 to (7, 5), touching a2, whose free hack (3+5 against
    3+2, odd) makes it recoil again, to (7, 6). a2's offer (top) is taken as 'stay';
    a1 is then offered hexes next to (7, 6), not next to (7, 5)."""
    state = orc_beaten(dice, fig("a2", "Elf", 3, 3, (8, 4)), following_up=True)
    dice.fix(5, 2)  # a2's free hack
    state, events = act(state, "b", "recoil", dice, to=h(7, 5))
    assert first(events, "melee").data["attacker"] == "a2"
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and decision.options[0].type == "recoil"
    assert h(7, 6) in decision.options[0].params["to"]
    state, _ = act(state, "b", "recoil", dice, to=h(7, 6))
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "a" and state.pending[-1]["figure"] == "a2"
    state, _ = act(state, "a", "stay", dice)
    offer = state.pending[-1]
    assert offer["figure"] == "a1" and offer["at"] == [7, 6]
    hexes = SYSTEM.prompt(state).decisions[0].options[0].params["to"]
    assert hexes and all(max(abs(q - 7), abs(r - 6), abs(q + r - 13)) == 1 for q, r in hexes)

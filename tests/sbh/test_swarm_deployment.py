"""A Swarm is put on the table together (seed 000, SWARM: "All Swarm bases of the same
type must keep adjacent to at least another swarm base during play"; "Note that the
'two or more bases in a Swarm' condition must be met at deployment"; readings in
docs/rules/sbh.md, "Deploying a Swarm")."""

from __future__ import annotations

import pytest

from server.rules.board.hex import distance, hex_at, neighbours
from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, h, types

RATS = ["Swarm"]


def rat(fid: str, at=(0, 0), **state):
    return fig(fid, "Swarm of Rats", 4, 0, at, rules=RATS, **state)


def deploying(*figures, scenario="all_out_battle"):
    """Set-up, the deployment: b defends (deploys first, rows 0-3, the north edge)."""
    state = battle(*figures, fig("a1", "Elf", 3, 3, (4, 19)), scenario=scenario)
    for f in figures:
        f.pos = None
    state.figures["a1"].pos = None
    state.phase, state.attacker, state.attacker_edge = "deploy", "a", "south"
    return state


def specs(state, kind):
    [decision] = SYSTEM.prompt(state).decisions
    return [o for o in decision.options if o.type == kind]


def in_zone(state, hexes):
    zone = set(state.board.edge_zone("north", 4))
    return sorted([x[0], x[1]] for x in hexes if x in zone)


def test_a_swarm_base_deploys_touching_a_base_already_placed(dice):
    """seed 000, SWARM: "the 'two or more bases in a Swarm' condition must be met at
    deployment": the second rat base is offered only the hexes touching the first
    (the orc, no Swarm, anywhere), and a hex apart is refused."""
    state = deploying(rat("b1"), rat("b2"), fig("b3", "Orc", 4, 3, (0, 0)))
    state, _ = act(state, "b", "deploy", dice, figure="b1", to=h(5, 1))
    anywhere, swarm = specs(state, "deploy")
    assert anywhere.params["figure"] == ["b3"] and h(9, 1) in anywhere.params["to"]
    assert swarm.params["figure"] == ["b2"]
    assert sorted(swarm.params["to"]) == in_zone(state, neighbours(hex_at(5, 1)))
    with pytest.raises(RulesError) as refused:
        act(state, "b", "deploy", dice, figure="b2", to=h(9, 1))
    assert refused.value.code == "swarm_apart"
    assert refused.value.passage == "seed 000, SWARM"
    state, _ = act(state, "b", "deploy", dice, figure="b2", to=h(6, 1))
    assert state.figures["b2"].pos[:2] == (6, 1)


def test_swarms_of_other_types_and_the_first_base_go_anywhere(dice):
    """seed 000, SWARM: "All Swarm bases of the same type": a base of another
    Swarm (another profile) is not held to the rats."""
    state = deploying(rat("b1"), rat("b2"),
                      fig("b3", "Swarm of Bats", 3, 0, (0, 0), rules=["Swarm", "Flying"]),
                      fig("b4", "Swarm of Bats", 3, 0, (0, 0), rules=["Swarm", "Flying"]))
    state, _ = act(state, "b", "deploy", dice, figure="b1", to=h(5, 1))
    state, _ = act(state, "b", "deploy", dice, figure="b3", to=h(15, 1))
    assert state.figures["b3"].pos[:2] == (15, 1)
    state, _ = act(state, "b", "deploy", dice, figure="b4", to=h(16, 1))
    with pytest.raises(RulesError):
        act(state, "b", "deploy", dice, figure="b2", to=h(17, 1))  # next to bats only


def test_with_no_free_hex_touching_the_swarm_the_base_goes_as_near_as_it_can(dice):
    """seed 000, SWARM ("must be met at deployment"), read so that no one is left
    unable to deploy: the first rat is ringed by the warband's own orcs, so the
    second goes in the nearest free hexes of the zone (two hexes from it)."""
    ring = [(6, 1), (6, 0), (5, 0), (4, 1), (4, 2), (5, 2)]
    orcs = [fig(f"b{i + 3}", "Orc", 4, 3, at) for i, at in enumerate(ring)]
    state = deploying(rat("b1"), rat("b2"), *orcs)
    for orc, at in zip(orcs, ring, strict=True):
        orc.pos = hex_at(*at)
    state, _ = act(state, "b", "deploy", dice, figure="b1", to=h(5, 1))
    [swarm] = specs(state, "deploy")
    occupied = state.occupancy()
    two_away = [x for x in state.board.edge_zone("north", 4)
                if distance(x, hex_at(5, 1)) == 2 and x not in occupied]
    assert sorted(swarm.params["to"]) == in_zone(state, two_away) != []
    with pytest.raises(RulesError):
        act(state, "b", "deploy", dice, figure="b2", to=h(9, 1))
    state, events = act(state, "b", "deploy", dice, figure="b2", to=h(7, 1))
    assert "side_deployed" in types(events)


def ambush_deploying():
    return deploying(rat("b1"), rat("b2"), scenario="ambush")


def test_an_ambush_marker_hiding_a_swarm_base_touches_one_hiding_its_swarm(dice):
    """seed 000, SWARM ("must be met at deployment") with AMBUSH ("the defender
    places markers instead of placing models"): a marker hiding the second rat
    goes touching the marker hiding the first; a dummy goes anywhere."""
    state = ambush_deploying()
    state, _ = act(state, "b", "place_marker", dice, hides="b1", to=h(3, 2))
    anywhere, swarm = specs(state, "place_marker")
    assert anywhere.params["hides"] == ["dummy"] and h(9, 2) in anywhere.params["to"]
    assert swarm.params["hides"] == ["b2"]
    assert sorted(swarm.params["to"]) == in_zone(state, neighbours(hex_at(3, 2)))
    with pytest.raises(RulesError) as refused:
        act(state, "b", "place_marker", dice, hides="b2", to=h(9, 2))
    assert refused.value.code == "swarm_apart"
    state, _ = act(state, "b", "place_marker", dice, hides="dummy", to=h(9, 2))
    state, _ = act(state, "b", "place_marker", dice, hides="b2", to=h(4, 2))
    assert state.markers["m3"] == {"at": hex_at(4, 2), "figure": "b2"}


def hidden_rats(*, b2_at=(3, 1)):
    """The rats hidden behind touching markers m1 (3, 2) and m3, two dummies."""
    state = battle(fig("a1", "Elf", 3, 3, (4, 19)), rat("b1"), rat("b2"),
                   scenario="ambush", active="a")
    state.attacker, state.attacker_edge = "a", "south"
    for f in ("b1", "b2"):
        state.figures[f].pos = None
    state.markers = {"m1": {"at": hex_at(3, 2), "figure": "b1"},
                     "m2": {"at": hex_at(6, 2), "figure": None},
                     "m3": {"at": hex_at(*b2_at), "figure": "b2"},
                     "m4": {"at": hex_at(20, 2), "figure": None}}
    return state


def test_revealing_one_base_of_a_hidden_swarm_reveals_the_whole_swarm(dice):
    """seed 000, SWARM ("must keep adjacent to at least another swarm base during
    play") with AMBUSH ("whenever an opponent moves within 1 X Long from the
    marker"): the elf comes within Long (13) of m1 only (m3 is 14 away); the rats
    behind m3 come out with their Swarm."""
    state = hidden_rats()
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "move", dice, to=h(3, 15))
    assert distance(hex_at(3, 15), hex_at(3, 1)) == 14
    revealed = [(e.data["marker"], e.data["reason"]) for e in events
                if e.type == "marker_revealed"]
    assert ("m1", "an enemy came within Long") in revealed
    assert ("m3", "its Swarm was revealed") in revealed
    assert state.figures["b2"].pos[:2] == (3, 1)
    assert state.markers == {} and "markers_cleared" in types(events)  # all are out


def test_a_revealed_swarm_base_whose_marker_is_taken_is_placed_touching_its_swarm(dice):
    """seed 000, SWARM ("must keep adjacent to at least another swarm base"): the
    elf stands on m3, so the second rat is put beside it, in the nearest hex that
    touches the first rat ((4, 3), not (3, 2), first of the hexes around m3); the
    Swarm then activates as one (seed 000, SWARM: "A single activation roll")."""
    state = hidden_rats(b2_at=(4, 2))
    state.markers["m1"]["at"] = hex_at(5, 2)
    state.figures["a1"].pos = hex_at(4, 2)
    state.active_seat = "b"
    dice.fix(4)
    state, events = act(state, "b", "activate_marker", dice, marker="m1", dice=1)
    assert state.figures["b1"].pos[:2] == (5, 2)
    assert state.figures["b2"].pos[:2] == (4, 3)
    assert first(events, "group_activated").data["members"] == ["b1", "b2"]


def test_a_swarm_base_dismounts_touching_its_swarm(dice):
    """seed 000, SWARM ("must keep adjacent to at least another swarm base during
    play") with MOUNTED ("place the carried figure anywhere adjacent to the mount's
    base"): of the hexes beside the knight, only those touching the other rat."""
    state = battle(fig("a1", "Knight", 3, 4, (9, 5), rules=["Mounted"]),
                   rat("a2", carried_by="a1"), rat("a3", (11, 5), activated=True),
                   fig("b1", "Orc", 4, 3, (20, 20)))
    state.figures["a2"].pos = None  # aboard
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a2", dice=1)
    [dismount] = specs(state, "dismount")
    assert dismount.params["to"] == [h(10, 5)]
    with pytest.raises(RulesError):
        act(state, "a", "dismount", dice, to=h(8, 5))

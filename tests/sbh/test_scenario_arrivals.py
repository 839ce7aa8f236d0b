"""Scenario effects of a figure arriving somewhere other than by a move or a step
(seed 000, TREASURE HUNT: "Whenever a model gets adjacent to the token, roll a
die"; ON DIFFICULT GROUND: "Whenever a model enters any terrain item, roll a
die"; AMBUSH: "whenever an opponent moves within 1 X Long from the marker"): a
jump, a teleport, a dismount and a follow-up arrive too. A figure that jumps,
teleports or flies enters only the feature it lands in."""

from __future__ import annotations

from server.rules.board.hex import hex_at
from tests.sbh.battle import act, battle, fig, first, h, types
from tests.sbh.test_mounted import KNIGHT


def treasure(*figures, token, terrain=None, **extra):
    state = battle(*figures, scenario="treasure_hunt", terrain={token: "woods"} | (terrain or {}),
                   **extra)
    state.tokens = (hex_at(*token),)
    return state


def test_a_jump_landing_next_to_a_token_searches_it(dice):
    """seed 000, TREASURE HUNT: 'Whenever a model gets adjacent to the token, roll a
    die. On a 5 or 6, the treasure is found'; JUMPING AND LEAPING: the elf jumps
    the chasm and lands next to the token."""
    state = treasure(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (20, 20)),
                     token=(8, 5), terrain={(6, 5): "chasm"})
    dice.fix(3, 3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    dice.fix(6, 5)  # the jump roll; the token's die
    state, events = act(state, "a", "jump", dice, to=h(7, 5), running_start=False)
    assert types(events)[:2] == ["jumped", "treasure_found"]
    assert state.treasure_at[:2] == (8, 5)


def test_a_dismount_next_to_a_token_searches_it(dice):
    """seed 000, TREASURE HUNT: 'Whenever a model gets adjacent to the token';
    MOUNTED: 'place the carried figure anywhere adjacent to the mount's base'."""
    state = treasure(fig("a1", "Knight", 3, 4, (9, 5), rules=KNIGHT),
                     fig("a2", "Squire", 4, 2, (0, 0), carried_by="a1"),
                     fig("b1", "Orc", 4, 3, (20, 20)), token=(11, 5))
    state.figures["a2"].pos = None  # aboard
    dice.fix(4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a2", dice=2)
    dice.fix(2)  # the token's die: 1-4, that token is removed (the last: found there)
    state, events = act(state, "a", "dismount", dice, to=h(10, 5))
    assert first(events, "token_removed").data == {"figure": "a2", "dice": [2], "at": [11, 5]}


def test_a_follow_up_next_to_a_token_searches_it(dice):
    """seed 000, FOLLOWING UP (OPTIONAL): 'a free action to keep in contact with the
    recoiling model' -- a free move; TREASURE HUNT: 'Whenever a model gets
    adjacent to the token, roll a die'."""
    state = treasure(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)),
                     token=(6, 6), following_up=True)
    dice.fix(3, 5, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, _ = act(state, "a", "attack", dice, target="b1", power=False)
    state, _ = act(state, "b", "recoil", dice, to=h(7, 4))
    dice.fix(6)
    state, events = act(state, "a", "follow_up", dice, to=h(6, 5))
    assert first(events, "treasure_found").data["figure"] == "a1"


def test_a_teleport_into_a_terrain_item_rolls_for_danger(dice):
    """seed 000, ON DIFFICULT GROUND: 'Whenever a model enters any terrain item, roll
    a die. On a 5 or 6 ... the model must make a Quality check on one die'; seed
    001, Teleport: the blinker lands in the woods."""
    state = battle(fig("a1", "Blinker", 3, 2, (5, 5), rules=["Teleport"]),
                   fig("b1", "Orc", 4, 3, (20, 20)), scenario="on_difficult_ground",
                   terrain={(8, 5): "woods", (9, 5): "woods"})
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1, cast=True)
    dice.fix(5, 4)  # danger; the Quality die passes
    state, events = act(state, "a", "teleport", dice, to=h(9, 5))
    assert first(events, "terrain_danger_rolled").data["danger"] is True
    assert first(events, "terrain_danger_tested").data["lost"] is False


def test_a_flyer_enters_only_the_terrain_it_lands_in(dice):
    """seed 000, ON DIFFICULT GROUND: 'Whenever a model enters any terrain item';
    FLYING: 'Flying models always land at the end of their move' -- the woods it
    flies over are not entered, the woods it lands in are."""
    state = battle(fig("a1", "Eagle", 3, 2, (5, 5), rules=["Flying"]),
                   fig("b1", "Orc", 4, 3, (20, 20)), scenario="on_difficult_ground",
                   terrain={(6, 5): "woods", (7, 5): "woods",
                            (12, 5): "woods", (13, 5): "woods"})
    dice.fix(3, 3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    state, events = act(state, "a", "move", dice, to=h(9, 5))
    assert "terrain_danger_rolled" not in types(events)
    dice.fix(4)  # no danger
    state, events = act(state, "a", "move", dice, to=h(12, 5))
    assert first(events, "terrain_danger_rolled").data == {"figure": "a1", "dice": [4],
                                                           "danger": False}

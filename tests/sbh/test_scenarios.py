"""Scenario rules (seed 000, SCENARIOS)."""

from __future__ import annotations

from server.rules.board.hex import hex_at
from server.rules.sbh.scenarios import victory_points
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, h, types


def treasure_state(**extra):
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (20, 20)),
                   scenario="treasure_hunt", terrain={(7, 5): "woods", (7, 9): "woods",
                                                      (9, 9): "woods"}, **extra)
    state.tokens = (hex_at(7, 5), hex_at(7, 9), hex_at(9, 9))
    state.attacker, state.attacker_edge = "a", "north"
    return state


def test_token_found_on_five_or_six(dice):
    """seed 000, TREASURE HUNT: 'Whenever a model gets adjacent to the token, roll
    a die. On a 5 or 6, the treasure is found and all tokens are removed.'"""
    dice.fix(3, 5)
    state, _ = act(treasure_state(), "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "step", dice, to=h(6, 5))
    assert first(events, "treasure_found").data["at"] == [7, 5]
    assert state.tokens == () and state.treasure_at[:2] == (7, 5)


def test_token_removed_on_one_to_four_and_third_is_automatic(dice):
    """seed 000, TREASURE HUNT: 'On a 1 to 4, remove that token only. If the first
    and second treasure token are removed, the treasure is automatically found
    in the third token.'"""
    state = treasure_state()
    state.tokens = state.tokens[:2]  # one token already removed
    dice.fix(3, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "step", dice, to=h(6, 5))
    assert types(events).index("token_removed") < types(events).index("treasure_found")
    assert first(events, "token_removed").data["at"] == [7, 5]
    assert state.treasure_at[:2] == (7, 9)


def test_picking_up_costs_two_actions_and_carrying_it_off_scores_five(dice):
    """seed 000, TREASURE HUNT: 'A model must spend 2 actions to pick up the
    treasure ... carried off the table, out of the player's baseline ... plus 5
    points for carrying the treasure out of one's baseline.'"""
    state = treasure_state()
    state.tokens = ()
    state.treasure_at = hex_at(6, 0)
    state.figures["a1"].pos = hex_at(5, 0)  # row 0: the north edge
    dice.fix(4, 4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=3)
    state, _ = act(state, "a", "pick_up", dice)
    assert state.treasure_carrier == "a1"
    state, events = act(state, "a", "leave_table", dice)
    assert state.phase == "over" and victory_points(state)["a"] == 5 and state.winner == "a"


def test_carrier_killed_drops_the_treasure(dice):
    """seed 000, QUEST FOR A MAGIC ITEM: 'If a model is killed, another model may
    pick up the magic item'; the item lies where the carrier fell."""
    state = battle(fig("a1", "Elf", 3, 5, (5, 5)), fig("b1", "Goblin", 4, 1, (6, 5)),
                   fig("b2", "Goblin", 4, 1, (20, 20)), scenario="quest_for_a_magic_item")
    state.treasure_carrier = "b1"
    dice.fix(3, 5, 1)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert state.treasure_carrier is None and state.treasure_at[:2] == (6, 5)


def test_the_carrier_gives_the_item_to_an_adjacent_friend_for_one_action(dice):
    """seed 000, QUEST FOR A MAGIC ITEM: 'A model may give a magic item to an
    adjacent model by spending one action'; ANIMAL: 'Animals cannot use magic
    items'."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("a2", "Elf", 3, 3, (6, 5)),
                   fig("a3", "Hound", 3, 2, (5, 6), rules=["Animal"]),
                   fig("a4", "Elf", 3, 3, (9, 5)), fig("b1", "Orc", 4, 3, (20, 20)),
                   scenario="quest_for_a_magic_item")
    state.treasure_carrier = "a1"
    dice.fix(4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    give = [s for s in SYSTEM.prompt(state).decisions[0].options if s.type == "give_item"]
    assert give[0].params == {"to": ["a2"]}
    state, events = act(state, "a", "give_item", dice, to="a2")
    assert first(events, "item_given").data == {"figure": "a1", "to": "a2", "cost": 1}
    assert state.treasure_carrier == "a2" and state.activation.actions == 1


def test_place_of_power_helps_magic_users_standing_in_it(dice):
    """seed 000, PLACE OF POWER: 'Magic-using models standing in the Place of
    Power have +1 on their Quality rolls ... and cannot run out of magic power'."""
    state = battle(fig("a1", "Mage", 4, 1, (5, 5), rules=["Magic-User"]),
                   fig("b1", "Orc", 4, 3, (20, 20)), scenario="place_of_power")
    state.place_of_power = frozenset({hex_at(5, 5)})
    dice.fix(1, 2, 2)
    state, events = act(state, "a", "activate", dice, figure="a1", dice=3, cast=True)
    ev = first(events, "activated")
    assert ev.data["target"] == 3 and ev.data["failures"] == 3
    assert not state.figures["a1"].out_of_power
    assert victory_points(state)["a"] == 3


def test_difficult_ground_can_swallow_a_model(dice):
    """seed 000, ON DIFFICULT GROUND: 'Whenever a model enters any terrain item,
    roll a die. On a 5 or 6 ... the model must make a Quality check on one die or
    be removed from the game'."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("a2", "Elf", 3, 3, (1, 1)),
                   fig("b1", "Orc", 4, 3, (20, 20)), scenario="on_difficult_ground",
                   terrain={(6, 5): "rough", (7, 5): "rough"})
    dice.fix(3, 6, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "step", dice, to=h(6, 5))
    assert first(events, "terrain_danger_tested").data["lost"] is True
    assert state.figures["a1"].status == "fled"


def test_forester_is_only_in_danger_on_a_six(dice):
    """seed 000, ON DIFFICULT GROUND: '6 only for models with the Forester special
    rule'."""
    state = battle(fig("a1", "Ranger", 3, 3, (5, 5), rules=["Forester"]),
                   fig("b1", "Orc", 4, 3, (20, 20)), scenario="on_difficult_ground",
                   terrain={(6, 5): "woods", (7, 5): "woods"})
    dice.fix(3, 5)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "step", dice, to=h(6, 5))
    assert first(events, "terrain_danger_rolled").data["danger"] is False

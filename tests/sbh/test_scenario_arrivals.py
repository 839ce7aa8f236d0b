"""Scenario effects of a figure arriving somewhere other than by a move or a step
(seed 000, TREASURE HUNT: "Whenever a model gets adjacent to the token, roll a
die"; ON DIFFICULT GROUND: "Whenever a model enters any terrain item, roll a
die"; AMBUSH: "whenever an opponent moves within 1 X Long from the marker"): a
jump, a teleport, a dismount and a follow-up arrive too; so do a recoil, a fall
down a cliff and an interceptor moved into contact, and a flight or a rally to a
Standard is judged on the route it stepped (docs/rules/sbh.md, "Recoil arrivals"
and "On Difficult Ground"). A figure that jumps, teleports or flies enters only
the feature it lands in."""

from __future__ import annotations

from server.rules.board.hex import hex_at
from server.rules.sbh.system import SYSTEM
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


# -- forced arrivals: a recoil, a fall down a cliff, an interceptor ---------------------

def orc_beaten(dice, *others, terrain=None, **options):
    """The Elf a1 beats the Orc b1 (3+5 = 8 against 3+2 = 5, odd: a recoil); b2 is
    far away, so that losing b1 does not end the game."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)),
                   fig("b2", "Orc", 4, 3, (20, 20)), *others, terrain=terrain, **options)
    dice.fix(4, 5, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, _ = act(state, "a", "attack", dice, target="b1", power=False)
    return state


def test_a_recoil_next_to_a_token_searches_it(dice):
    """seed 000, TREASURE HUNT: 'Whenever a model gets adjacent to the token, roll a
    die. On a 5 or 6, the treasure is found'; RECOILING: the Orc recoils to (7, 5),
    next to the token at (8, 5)."""
    state = treasure(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)),
                     fig("b2", "Orc", 4, 3, (20, 20)), token=(8, 5))
    dice.fix(4, 5, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, _ = act(state, "a", "attack", dice, target="b1", power=False)
    dice.fix(6)
    state, events = act(state, "b", "recoil", dice, to=h(7, 5))
    assert types(events)[:2] == ["recoiled", "treasure_found"]
    assert first(events, "treasure_found").data["figure"] == "b1"


def test_a_recoil_into_a_wood_rolls_before_the_free_hacks(dice):
    """seed 000, ON DIFFICULT GROUND: 'Whenever a model enters any terrain item, roll
    a die'; RECOILING: 'If the recoil brings the model in contact with any active
    ... opponent, the enemy model gets one "Free Hack"'. The danger die (3: no
    danger) is rolled as the Orc enters the wood, then a2 strikes (3+1 against
    3+6: a miss)."""
    state = orc_beaten(dice, fig("a2", "Elf", 3, 3, (8, 5)), scenario="on_difficult_ground",
                       terrain={(7, 5): "woods"})
    dice.fix(3, 1, 6)
    state, events = act(state, "b", "recoil", dice, to=h(7, 5))
    assert types(events)[:3] == ["recoiled", "terrain_danger_rolled", "melee"]
    assert first(events, "terrain_danger_rolled").data == {"figure": "b1", "dice": [3],
                                                           "danger": False}
    assert first(events, "melee").data["attacker"] == "a2" and not state.pending


def test_a_figure_lost_in_the_wood_it_recoiled_into_is_neither_followed_nor_hacked(dice):
    """seed 000, ON DIFFICULT GROUND: 'On a 5 or 6 ... the model must make a Quality
    check on one die or be removed from the game'; FOLLOWING UP (OPTIONAL): 'a free
    action to keep in contact with the recoiling model'; RECOILING: the Free Hack
    is 'against the recoiling model'. The Orc (Q4) rolls 5 then 2 and is lost: no
    follow-up is offered to a1 and a2 has no one to hack."""
    state = orc_beaten(dice, fig("a2", "Elf", 3, 3, (8, 5)), scenario="on_difficult_ground",
                       terrain={(7, 5): "woods"}, following_up=True)
    dice.fix(5, 2)
    state, events = act(state, "b", "recoil", dice, to=h(7, 5))
    assert types(events)[:4] == ["recoiled", "terrain_danger_rolled", "terrain_danger_tested",
                                 "fled"]
    assert first(events, "fled").data == {"figure": "b1", "reason": "lost in difficult ground"}
    assert not state.pending and SYSTEM.prompt(state).decisions[0].seat == "a"


def test_a_recoil_hack_that_kills_leaves_no_hack_order_to_choose(dice):
    """seed 000, RECOILING: the Free Hack is 'against the recoiling model'; LEAVING
    MELEE - MULTIPLE OPPONENTS. a2's hack kills the Orc (3+6 = 9 against 3+1 = 4,
    doubled): a3 and a4 have no one left to strike, and no choice of the next
    hacker waits on a dead figure; a1's follow-up offer goes too."""
    state = orc_beaten(dice, fig("a2", "Elf", 3, 3, (8, 5)), fig("a3", "Elf", 3, 3, (8, 4)),
                       fig("a4", "Elf", 3, 3, (7, 6)), following_up=True)
    state, _ = act(state, "b", "recoil", dice, to=h(7, 5))
    dice.fix(6, 1)
    state, events = act(state, "b", "free_hack_order", dice, hacker="a2")
    assert types(events)[:2] == ["melee", "killed"]
    assert not state.pending and SYSTEM.prompt(state).decisions[0].seat == "a"


def test_a_fall_down_a_cliff_into_a_wood_rolls_after_the_falling_damage(dice):
    """seed 000, FALLEN MODELS: 'a fall is literally a fall... and the model takes
    falling damage'; ON DIFFICULT GROUND: 'Whenever a model enters any terrain
    item, roll a die'. The Orc falls (3+4 = 7 against 3+2 = 5, even) from the
    cliff top (6, 5) into the wood at its foot: falling damage (5: it survives),
    then the danger die (6) and the Quality die (1): lost."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)),
                   fig("b2", "Orc", 4, 3, (20, 20)), edges=[((6, 5), (7, 5), "cliff_short")],
                   terrain={(7, 5): "woods"}, scenario="on_difficult_ground")
    dice.fix(3, 4, 2, 5, 6, 1)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert types(events)[1:7] == ["fell_from_height", "falling_damage_rolled", "fell",
                                 "terrain_danger_rolled", "terrain_danger_tested", "fled"]


def test_a_heros_jump_down_into_a_wood_rolls_once_its_falling_damage_is_final(dice):
    """seed 000, HERO (P): 'a Hero model can re-roll one die roll ... The result of
    the second die roll is final'; JUMPING AND LEAPING (falling damage); ON
    DIFFICULT GROUND. The Hero's damage roll (its automatic success and a 1)
    waits for the re-roll; only then (5: it survives) does it roll for the wood
    it landed in (2: no danger)."""
    state = battle(fig("a1", "Elf Hero", 3, 3, (6, 5), rules=["Hero"]),
                   fig("b1", "Orc", 4, 3, (20, 20)), edges=[((6, 5), (7, 5), "cliff_medium")],
                   terrain={(7, 5): "woods"}, scenario="on_difficult_ground")
    dice.fix(1)  # (a Hero's activation die is its automatic success)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "jump_down", dice, to=h(7, 5))
    assert "terrain_danger_rolled" not in types(events)
    assert state.pending[-1]["kind"] == "hero_quality"
    dice.fix(5, 2)
    state, events = act(state, "a", "hero_reroll", dice, die=0)
    assert first(events, "hero_rerolled").data == {"figure": "a1", "old": 1, "new": 5}
    assert types(events)[:4] == ["hero_rerolled", "falling_damage_rolled", "fell",
                                 "terrain_danger_rolled"]


def test_an_interceptor_moved_into_a_wood_rolls_for_it(dice):
    """seed 000, TOUGH (P): 'the enemy that caused the wound is moved in melee
    contact with him'; ON DIFFICULT GROUND: 'Whenever a model enters any terrain
    item, roll a die'. The Elf a2 is moved from (7, 5) into the wood at (6, 5)
    next to the trapped Troll: danger (5), Quality die 4 (Q3: it stays)."""
    state = battle(fig("a1", "Elf", 3, 3, (11, 5)), fig("a2", "Elf", 3, 3, (7, 5)),
                   fig("b1", "Troll", 4, 4, (5, 5), rules=["Tough"]),
                   fig("b2", "Goblin", 4, 2, (10, 5)), terrain={(6, 5): "woods"},
                   scenario="on_difficult_ground")
    dice.fix(6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(6, 1, 1, 1, 6)  # 9 vs 3: gruesome; the troll's morale: two failures
    state, _ = act(state, "a", "attack", dice, target="b2", power=False)
    dice.fix(5, 4)
    state, events = act(state, "a", "intercept", dice, interceptor="a2")
    assert types(events)[:3] == ["intercepted", "wounded", "terrain_danger_rolled"]
    assert first(events, "terrain_danger_tested").data["figure"] == "a2"
    assert state.figures["a2"].pos[:2] == (6, 5) and state.figures["a2"].on_table


# -- the route a flight or a rally steps ----------------------------------------------

def axial(col: int, row: int) -> tuple[int, int]:
    return col - row // 2, row


def goblin_flees(dice, *others, terrain):
    """The Troll gruesomely kills b1 (3 to activate; 6+6 against 1+1); b2, at
    column 8 row 16, fails its Morale check once (1, 5, 6) and flees one Medium
    move (7 hex steps) west: to column 1 of row 15, 16 or 17, its owner's choice
    where several are offered."""
    state = battle(fig("a1", "Troll", 3, 6, axial(14, 12)),
                   fig("b1", "Goblin", 4, 1, axial(15, 12)),
                   fig("b2", "Goblin", 4, 1, axial(8, 16)),
                   fig("b3", "Goblin", 4, 1, axial(25, 25)), *others, size=30,
                   terrain={axial(*cr): kind for cr, kind in terrain.items()},
                   scenario="on_difficult_ground")
    dice.fix(3, 6, 1, 1, 5, 6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, _ = act(state, "a", "attack", dice, target="b1", power=False)
    assert state.pending[-1]["kind"] == "flee"
    return state


def test_a_flight_round_a_wood_on_its_straight_line_does_not_roll_for_it(dice):
    """seed 000, ON DIFFICULT GROUND: 'Whenever a model enters any terrain item';
    MORALE: 'the shortest route possible off the table ... If more routes of
    equivalent length are possible, the player chooses'. The straight line to
    column 1 row 17 crosses the wood at column 5 row 16; the route the flight
    steps (a wood costs two) goes round it: no danger die."""
    state = goblin_flees(dice, terrain={(5, 16): "woods"})
    state, events = act(state, "b", "flee", dice, to=h(*axial(1, 17)))
    assert first(events, "flee_moved").data["to"] == list(axial(1, 17))
    assert "terrain_danger_rolled" not in types(events)


def test_a_flight_rolls_for_a_feature_its_route_enters_off_the_straight_line(dice):
    """seed 000, ON DIFFICULT GROUND: 'Whenever a model enters any terrain item'.
    Transfixed enemies (no danger to flee from, but no one to pass) stand on the
    straight line's hexes at columns 4 and 2 of row 17; every route to column 1
    row 17 keeps to row 16 until column 2, through the hill at column 4 row 16:
    one danger die (2: no danger)."""
    state = goblin_flees(dice, fig("a2", "Rat", 4, 1, axial(4, 17), transfixed_by="b9"),
                         fig("a3", "Rat", 4, 1, axial(2, 17), transfixed_by="b9"),
                         terrain={(4, 16): "hill"})
    dice.fix(2)
    state, events = act(state, "b", "flee", dice, to=h(*axial(1, 17)))
    assert first(events, "terrain_danger_rolled").data == {"figure": "b2", "dice": [2],
                                                           "danger": False}


def test_a_rally_to_the_standard_round_a_wood_does_not_roll_for_it(dice):
    """seed 000, UNDEAD: 'they may make fleeing movements towards the Standard';
    ON DIFFICULT GROUND: 'Whenever a model enters any terrain item'. The Skeleton
    (two failures: two Medium moves) rallies from (12, 5) to (15, 5): the wood at
    (14, 5) lies on the straight line, its owner walks round it (four steps)."""
    state = battle(fig("a1", "Troll", 3, 3, (5, 5)),
                   fig("b1", "Goblin Chief", 4, 1, (6, 5), rules=["Leader"]),
                   fig("b2", "Skeleton", 4, 2, (12, 5), rules=["Undead"]),
                   fig("b3", "Bearer", 4, 1, (16, 5), rules=["Standard Bearer"]),
                   terrain={(14, 5): "woods"}, scenario="on_difficult_ground")
    dice.fix(3, 6, 3, 1, 1, 5)  # the Leader is killed; the Skeleton fails twice
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, _ = act(state, "a", "attack", dice, target="b1", power=False)
    dice.fix(6, 6, 6)  # then the Bearer's own test for the Leader
    state, events = act(state, "b", "rally", dice, to=h(15, 5))
    assert "terrain_danger_rolled" not in types(events)
    assert state.figures["b2"].pos[:2] == (15, 5)

"""The Ambush bonus for shooting (seed 000, AMBUSH BONUS: "A model that starts the
turn hiding behind woods, or the corner of ... a building, or is somehow hidden by
any other scenic feature, is called an ambusher. Ambushers have +1 on their Combat
rolls if they shoot missiles from within cover ... If a special rule allows an
ambusher to perform multiple attacks, the ambush bonus applies only on his first
attack ... the opponent he is charging or targeting with a ranged attack must not be
able to draw a line of sight to him before the character moves out of his hiding
place"). Readings in docs/rules/sbh.md, "Ranged combat": the ambusher is decided as
in melee (where the figures stood as its side's turn began), and it must shoot from
woods or a hex against cover."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first, h

ARCHER = ["Shooter (Long)"]
BUILDING = {(6, 5): "building", (6, 4): "building"}


def behind_the_building(dice, at=(5, 5), rules=ARCHER):
    """The archer at `at` as its side's turn begins; the orc at (11, 5) cannot see
    (5, 5) past the building, and sees (5, 7)."""
    state = battle(fig("a1", "Archer", 3, 3, at, rules=rules),
                   fig("b1", "Orc", 4, 3, (11, 5)), terrain=BUILDING, active="b")
    state, _ = act(state, "b", "pass", dice)  # the turn starts: positions recorded
    return state


def shot(state, dice, rolls):
    dice.fix(*rolls)
    return act(state, "a", "shoot", dice, target="b1", aimed=False)


def test_an_archer_hidden_behind_a_building_shoots_from_its_corner_at_plus_one(dice):
    """seed 000, AMBUSH BONUS: hidden by the building at the turn's start, it steps
    to the corner (still touching the building) and shoots: +1, and only on its
    first attack (Legendary Shot's second shot has none)."""
    state = behind_the_building(dice, rules=[*ARCHER, "Legendary Shot"])
    dice.fix(4, 4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=3)
    state, _ = act(state, "a", "step", dice, to=h(5, 6))
    state, events = shot(state, dice, (2, 6))  # 3+2+1 = 6 vs 3+6 = 9: no effect
    assert first(events, "shot").data["modifiers"][0] == ["ambush +1"]
    assert first(events, "shot").data["totals"] == [6, 9]
    state, events = shot(state, dice, (2, 6))
    assert first(events, "shot").data["modifiers"][0] == []


def test_stepping_out_into_the_open_loses_the_bonus(dice):
    """seed 000, AMBUSH BONUS: 'if they shoot missiles from within cover' -- from
    (4, 6), touching no scenic item, the hidden archer has no +1."""
    state = behind_the_building(dice)
    dice.fix(4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    state, _ = act(state, "a", "step", dice, to=h(4, 6))
    _, events = shot(state, dice, (2, 6))
    assert first(events, "shot").data["modifiers"][0] == []


def test_an_archer_seen_at_the_turns_start_is_no_ambusher(dice):
    """seed 000, AMBUSH BONUS: 'A model that starts the turn hiding' -- the orc saw
    the archer at (5, 7); stepping to the building's corner does not make it one."""
    state = behind_the_building(dice, at=(5, 7))
    dice.fix(4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    state, _ = act(state, "a", "step", dice, to=h(5, 6))
    _, events = shot(state, dice, (2, 6))
    assert first(events, "shot").data["modifiers"][0] == []


def test_stepping_into_a_woods_edge_in_sight_of_the_target_gives_no_bonus(dice):
    """seed 000, WOODS: 'A model inside the wood can shoot out of it at +1 (Ambush
    bonus)' is the AMBUSH BONUS, for an ambusher: the archer stood in the open, in
    the orc's sight, when its turn began, and then stepped into the wood's edge."""
    woods = {(q, r): "woods" for q in range(8, 11) for r in range(3, 8)}
    state = battle(fig("a1", "Archer", 3, 3, (7, 5), rules=ARCHER),
                   fig("b1", "Orc", 4, 3, (2, 5)), terrain=woods, active="b")
    state, _ = act(state, "b", "pass", dice)
    dice.fix(4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    state, _ = act(state, "a", "step", dice, to=h(8, 5))
    _, events = shot(state, dice, (2, 6))
    assert first(events, "shot").data["modifiers"][0] == []

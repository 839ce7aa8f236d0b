"""Evil shooters firing into a melee: seed 001, Special Abilities, Evil: "May shoot
into hand-to-hand combats (1-3 hits friends)", the exception to seed 000, NO SHOOTING
IN OR OUT OF MELEE ("you can't shoot someone who is in a melee with one of your
friends"). Readings in docs/rules/sbh.md, "Evil" (server/rules/sbh/evil.py)."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.magic import bolt_targets
from tests.sbh.battle import act, battle, fig, first, types
from tests.sbh.test_ranged import activated, shoot_options

EVIL_ARCHER = ["Evil", "Shooter (Long)"]


def melee_ahead(shooter_rules=EVIL_ARCHER, *more):
    """An orc archer at (2, 5); an elf at (8, 5) fighting an orc warrior at (9, 5)."""
    return battle(fig("a1", "Orc Archer", 4, 2, (2, 5), rules=shooter_rules),
                  fig("a2", "Orc Warrior", 4, 3, (9, 5)),
                  fig("b1", "Elf", 3, 3, (8, 5)), *more)


def test_only_an_evil_shooter_may_shoot_into_the_melee(dice):
    assert shoot_options(activated(melee_ahead(["Shooter (Long)"]), dice)) == []
    assert shoot_options(activated(melee_ahead(), dice)) == ["b1"]


def test_on_4_to_6_the_shot_goes_where_it_was_aimed(dice):
    state = activated(melee_ahead(), dice)
    dice.fix(4, 3, 3)  # the stray die, then the shot: 3+2 vs 3+3
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    assert types(events)[:2] == ["stray_shot_rolled", "shot"]
    assert first(events, "stray_shot_rolled").data["hits"] is None
    assert first(events, "shot").data["target"] == "b1"


def test_on_1_to_3_it_hits_the_friend_as_aimed_at_the_enemy(dice):
    """The friend defends with its own Combat; the range is the enemy's (6 hexes:
    within Long, no penalty)."""
    state = activated(melee_ahead(), dice)
    dice.fix(2, 4, 1)  # a stray; the shot 4+2 vs 1+3: the orc warrior falls
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    shot = first(events, "shot")
    assert first(events, "stray_shot_rolled").data["hits"] == "a2"
    assert (shot.data["target"], shot.data["aimed_at"]) == ("a2", "b1")
    assert shot.data["totals"] == [6, 4] and shot.data["result"] == "fall"
    assert state.figures["a2"].fallen and not state.figures["b1"].fallen


def test_among_friends_equally_near_a_die_chooses(dice):
    """Orcs at (9, 5) and (8, 6) both fight the elf, both 7 hexes from the archer: a
    die with a face for each (the second here)."""
    state = activated(melee_ahead(EVIL_ARCHER, fig("a3", "Orc Warrior", 4, 3, (8, 6))), dice)
    dice.fix(1)
    dice.fix(2, sides=2)
    dice.fix(3, 6)
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    rolled = first(events, "stray_shot_rolled").data
    assert rolled["among"] == ["a2", "a3"] and rolled["pick"] == [2] and rolled["hits"] == "a3"


def test_a_target_in_melee_may_be_passed_over_for_a_farther_one(dice):
    """TARGETING RESTRICTIONS ("must always shoot at the closest enemy") do not bind an
    Evil shooter to the melee it may shoot into: a free elf farther off is a target too."""
    state = activated(melee_ahead(EVIL_ARCHER, fig("b2", "Elf", 3, 3, (2, 12))), dice)
    assert shoot_options(state) == ["b1", "b2"]


def test_still_no_shooting_out_of_a_melee(dice):
    state = activated(melee_ahead(EVIL_ARCHER, fig("b2", "Elf", 3, 3, (3, 5))), dice)
    with pytest.raises(RulesError):
        act(state, "a", "shoot", dice, target="b1", aimed=False)


def test_not_a_spell(dice):
    """Only the shot: an Evil magic-user's bolt keeps to NO SHOOTING IN OR OUT OF
    MELEE (the short form speaks of shooting)."""
    state = melee_ahead(["Evil", "Magic-User"])
    assert bolt_targets(state, state.figures["a1"], 3) == []

"""Mounted models carrying a friend (seed 000, MOUNTED: "It takes one action for a
Mounted model who is adjacent to a foot figure (of the same size or smaller) to
pick up a friend ... This also applies to a Transfixed model. Only one creature may
be carried ... It takes one action on the part of the carried figure to dismount:
place the carried figure anywhere adjacent to the mount's base"); readings in
docs/rules/sbh.md, "Mounted"."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, h

KNIGHT = ["Mounted"]


def options(state, kind):
    return [s.params for s in SYSTEM.prompt(state).decisions[0].options if s.type == kind]


def test_a_rider_picks_up_a_transfixed_friend_and_rides_off(dice):
    """seed 000, MOUNTED: 'one action ... to pick up a friend ... This also applies
    to a Transfixed model. Only one creature may be carried.'"""
    state = battle(fig("a1", "Knight", 3, 4, (5, 5), rules=KNIGHT),
                   fig("a2", "Squire", 4, 2, (6, 5), transfixed_by="b9"),
                   fig("a3", "Troll Friend", 4, 4, (4, 5), rules=["Big"]),
                   fig("a4", "Other Knight", 3, 4, (5, 6), rules=KNIGHT),
                   fig("b1", "Orc", 4, 3, (20, 20)))
    dice.fix(4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    assert options(state, "carry") == [{"friend": ["a2"]}]  # not Big, not Mounted
    state, events = act(state, "a", "carry", dice, friend="a2")
    assert first(events, "carried").data == {"figure": "a1", "passenger": "a2", "cost": 1}
    squire = state.figures["a2"]
    assert squire.pos is None and squire.carried_by == "a1" and squire.status == "ready"
    assert options(state, "carry") == [], "only one creature may be carried"
    state, _ = act(state, "a", "move", dice, to=h(9, 5))
    assert state.figures["a1"].pos[:2] == (9, 5) and state.figures["a2"].pos is None


def test_the_passenger_dismounts_next_to_the_mount_for_one_action(dice):
    """seed 000, MOUNTED: 'It takes one action on the part of the carried figure to
    dismount: place the carried figure anywhere adjacent to the mount's base'."""
    state = battle(fig("a1", "Knight", 3, 4, (9, 5), rules=KNIGHT),
                   fig("a2", "Squire", 4, 2, (0, 0), carried_by="a1"),
                   fig("b1", "Orc", 4, 3, (20, 20)))
    state.figures["a2"].pos = None  # aboard
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a2", dice=1)
    [offered] = options(state, "dismount")
    assert h(10, 5) in offered["to"] and h(12, 5) not in offered["to"]
    with pytest.raises(RulesError):
        act(state, "a", "dismount", dice, to=h(12, 5))
    state, events = act(state, "a", "dismount", dice, to=h(10, 5))
    squire = state.figures["a2"]
    assert squire.pos[:2] == (10, 5) and squire.carried_by is None
    assert state.activation is None  # its one success is spent


def test_a_passenger_is_left_fallen_where_its_mount_dies(dice):
    """seed 000, MOUNTED is silent on a mount killed with a passenger: the reading in
    docs/rules/sbh.md ("Mounted") leaves it fallen on the mount's hex."""
    state = battle(fig("a1", "Troll", 3, 6, (5, 5)),
                   fig("b1", "Knight", 4, 1, (6, 5), rules=KNIGHT),
                   fig("b2", "Squire", 4, 2, (0, 0), carried_by="b1"),
                   fig("b3", "Orc", 4, 3, (20, 20)))
    state.figures["b2"].pos = None  # aboard
    dice.fix(3, 6, 1)  # 12 vs 3: the Knight dies (gruesomely)
    dice.fix(6, 6, 6)  # the Orc's morale test
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    squire = state.figures["b2"]
    assert squire.pos[:2] == (6, 5) and squire.fallen and squire.carried_by is None


def test_a_transfixed_passenger_breaks_free_aboard_before_it_can_dismount(dice):
    """seed 000, TRANSFIX (two actions to break free) with MOUNTED's transfixed
    passenger: it breaks free aboard, then dismounts."""
    state = battle(fig("a1", "Knight", 3, 4, (9, 5), rules=KNIGHT),
                   fig("a2", "Squire", 4, 2, (0, 0), carried_by="a1", transfixed_by="b9"),
                   fig("b1", "Orc", 4, 3, (20, 20)))
    state.figures["a2"].pos = None
    dice.fix(4, 4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a2", dice=3)
    assert [s.type for s in SYSTEM.prompt(state).decisions[0].options][:2] == [
        "break_free", "end_activation"]
    state, _ = act(state, "a", "break_free", dice)
    state, _ = act(state, "a", "dismount", dice, to=h(10, 5))
    assert state.figures["a2"].pos[:2] == (10, 5) and not state.figures["a2"].transfixed


def rider_and_engaged_squire(dice):
    """The Knight a1 next to its Squire a2, who is in melee with the Orc b1."""
    state = battle(fig("a1", "Knight", 3, 4, (5, 5), rules=KNIGHT),
                   fig("a2", "Squire", 4, 2, (6, 5)), fig("b1", "Orc", 4, 3, (7, 5)))
    dice.fix(4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    return state


def test_a_friend_picked_up_out_of_melee_takes_the_free_hack_first(dice):
    """seed 000, LEAVING MELEE COMBAT: 'The model receives one "Free Hack" attack
    from each adjacent opponent at the moment of breaking contact' -- the pick-up
    breaks the Squire's contact (MOUNTED is silent). The Orc misses (3+1 = 4
    against 2+6 = 8): the Squire is carried, for the Knight's one action."""
    state = rider_and_engaged_squire(dice)
    dice.fix(1, 6)
    state, events = act(state, "a", "carry", dice, friend="a2")
    hack = first(events, "melee").data
    assert hack["attacker"] == "b1" and hack["free_hack"] and hack["result"] == "none"
    assert state.figures["a2"].carried_by == "a1" and state.figures["a2"].pos is None
    assert state.activation.actions == 1


def test_a_free_hack_that_lands_stops_the_pick_up(dice):
    """seed 000, LEAVING MELEE COMBAT: 'If he loses the roll, he suffers whatever
    combat result has been caused by the opponent' -- 3+4 = 7 against 2+3 = 5 (even):
    the Squire falls where it stands and is not carried; the action is spent."""
    state = rider_and_engaged_squire(dice)
    dice.fix(4, 3)
    state, events = act(state, "a", "carry", dice, friend="a2")
    assert first(events, "melee").data["result"] == "fall"
    squire = state.figures["a2"]
    assert squire.fallen and squire.carried_by is None and squire.pos[:2] == (6, 5)
    assert "carried" not in [e.type for e in events] and state.activation.actions == 1

"""Successes that count only for a spell (seed 000, MAGIC, the Blarion example):
a die that succeeds thanks to a spellcasting bonus (a scenario's altar, a
Sorcerer's sacrifice) or a scroll's Quality pays for the spell and nothing
else, and the activation goes on while a spell could still use it.

Seed 000, MAGIC: "Certain scenarios may state that a magic user gets a bonus on
Quality to cast a spell ... apply the bonus only to the dice that are actually
used to cast the spell. EXAMPLE: Blarion, a Q4 mage, is standing next to an
altar ... He rolls a 3, a 2 and a 5 ... Blarion may cast a Power 2 spell (using
the 5 and the 3+1) or may move once and cast a Power 1 spell (using the 5 to
move and the 3, boosted to a 4, to cast a spell)." FAQ: "He can make one move
and then cast".
"""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, types

MAGE = ["Magic-User"]


def option_types(state) -> list[str]:
    return [s.type for s in SYSTEM.prompt(state).decisions[0].options]


def spell_powers(state, kind: str) -> set[int]:
    return {s.params["power"][0] for s in SYSTEM.prompt(state).decisions[0].options
            if s.type == kind}


def blarion(orc_at=(9, 5), **extra):
    """Blarion (Q4) next to the altar at (7, 5); the orc 3 hexes off (Short)."""
    return battle(fig("a1", "Blarion", 4, 1, (6, 5), rules=MAGE),
                  fig("a2", "Guard", 4, 3, (2, 2)),
                  fig("b1", "Orc", 4, 3, orc_at), spellcasting_altars=[[7, 5]], **extra)


def cast(state, dice, *rolls):
    dice.fix(*rolls)
    return act(state, "a", "activate", dice, figure="a1", dice=len(rolls), cast=True)


def test_blarion_moves_with_the_5_then_casts_with_the_boosted_3(dice):
    """seed 000, MAGIC (Blarion): 'may move once and cast a Power 1 spell (using
    the 5 to move and the 3, boosted to a 4, to cast a spell)'; FAQ: 'He can make
    one move and then cast'."""
    state, events = cast(blarion(), dice, 3, 2, 5)
    assert (state.activation.actions, state.activation.spell_only) == (1, 1)
    state, events = act(state, "a", "step", dice, to=[5, 5])  # the 5 pays for the step
    assert "activation_ended" not in types(events)  # the 3+1 is still there
    assert state.activation.actions == 0 and state.activation.spell_only == 1
    assert set(option_types(state)) == {"transfix", "cast_bolt", "end_activation", "concede"}
    assert spell_powers(state, "transfix") == {1}  # one point left: power 1 only
    dice.fix(2)  # the orc resists on one die and fails
    state, events = act(state, "a", "transfix", dice, target="b1", power=1)
    held = first(events, "held").data
    assert held["transfixed"] and (held["cost"], held["spell_only"]) == (0, 1)
    assert state.figures["b1"].transfixed_by == "a1"
    assert "activation_ended" in types(events)  # nothing left for anything else


def test_blarion_still_casts_power_2_with_the_5_and_the_3(dice):
    """seed 000, MAGIC (Blarion): 'So Blarion may cast a Power 2 spell (using the
    5 and the 3+1)' -- the case that already worked, unchanged."""
    state, _ = cast(blarion(), dice, 3, 2, 5)
    assert spell_powers(state, "transfix") == {1, 2}
    dice.fix(6, 1)
    state, events = act(state, "a", "transfix", dice, target="b1", power=2)
    held = first(events, "held").data
    assert (held["cost"], held["spell_only"]) == (1, 1)
    assert "activation_ended" in types(events)


def test_a_lone_boosted_die_still_casts(dice):
    """seed 000, MAGIC: 'apply the bonus only to the dice that are actually used to
    cast the spell' -- one declared die showing 3 for a Q4 mage at the altar is a
    power 1 spell: the activation does not end on the roll."""
    state, events = cast(blarion(), dice, 3)
    assert first(events, "activated").data["spell_only"] == 1
    assert "activation_ended" not in types(events)
    assert set(option_types(state)) == {"transfix", "cast_bolt", "end_activation", "concede"}
    dice.fix(4, 3)  # a power-1 bolt, Combat 1: 1+4 = 5 against 3+3 = 6 (no effect)
    state, events = act(state, "a", "cast_bolt", dice, target="b1", power=1)
    shot = first(events, "shot").data
    assert shot["cost"] == 0 and shot["spell_only"] == 1
    assert "activation_ended" in types(events)


def test_spell_only_successes_pay_for_nothing_else(dice):
    """seed 000, MAGIC: the boosted 3 is a success only 'to cast the spell'. With
    only it left, a step (an ordinary action) is refused; the figure may end its
    activation instead."""
    state, _ = cast(blarion(), dice, 3)
    with pytest.raises(RulesError):
        act(state, "a", "step", dice, to=[5, 5])
    state, events = act(state, "a", "end_activation", dice)
    assert types(events) == ["activation_ended"]
    assert state.activation is None and state.active_seat == "a"  # one failure: no turnover


def test_no_spell_in_reach_ends_the_activation_at_once(dice):
    """seed 000, MAGIC: the boosted die is only good for a spell; with no enemy a
    power 1 spell could reach (3 x Short for a bolt), the activation ends on the
    roll as before."""
    state, events = cast(blarion(orc_at=(22, 5)), dice, 3)
    assert types(events) == ["activated", "activation_ended"]
    assert state.activation is None


def test_a_boosted_die_left_after_the_spell_is_lost(dice):
    """seed 000, MAGIC: one spell an activation ('the number of power points he has
    to cast the spell'): two boosted dice, a power 1 spell, and the other boosted
    die buys nothing."""
    state, _ = cast(blarion(), dice, 3, 3)
    assert (state.activation.actions, state.activation.spell_only) == (0, 2)
    dice.fix(2)
    state, events = act(state, "a", "transfix", dice, target="b1", power=1)
    assert "activation_ended" in types(events)


def test_three_two_one_may_still_cast_power_1(dice):
    """seed 000, MAGIC and FAILURES ON SPELLS: 3, 2, 1 at the altar -- the 3+1
    casts a power 1 spell; 'If you roll two failures, play passes to the
    opponent' once the mage has acted, and a cast die is no failure, so he is
    not out of power."""
    state, events = cast(blarion(), dice, 3, 2, 1)
    activated = first(events, "activated").data
    assert activated["spell_only"] == 1 and not activated["out_of_power"]
    assert "activation_ended" not in types(events)
    dice.fix(2)
    state, events = act(state, "a", "transfix", dice, target="b1", power=1)
    assert "activation_ended" in types(events) and state.active_seat == "b"
    assert not state.figures["a1"].out_of_power


def test_a_sorcerers_sacrifice_bonus_casts_on_its_own(dice):
    """seed 001, Sorcerer: '+1 Quality (victim >= 30 pts.)', applied as seed 000,
    MAGIC applies a bonus: 'only to the dice that are actually used to cast the
    spell'. A lone die showing 3 for the Q4 Sorcerer casts a power 1 spell."""
    state = battle(fig("a1", "Sorcerer", 4, 2, (5, 5), rules=["Sorcerer", "Magic-User", "Evil"],
                       sorcery_bonus=1),
                   fig("b1", "Orc", 4, 3, (8, 5)))
    state, events = cast(state, dice, 3)
    assert first(events, "activated").data["spell_only"] == 1
    assert "activation_ended" not in types(events)
    dice.fix(2)
    state, events = act(state, "a", "transfix", dice, target="b1", power=1)
    assert first(events, "held").data["spell_only"] == 1
    assert "activation_ended" in types(events)


def test_a_scroll_only_success_casts_after_a_move(dice):
    """seed 000, MAGIC ITEMS TABLE, 6) Scroll: 'cast a spell from the scroll by
    making a Quality roll using the scroll's Quality, in the same way as a
    magic-user would cast a spell' (a die only the scroll's Quality 2 makes a
    success is for the spell, as in the Blarion example): a Q4 Orc rolls 3 and 5,
    steps with the 5 and casts a power 1 bolt with the 3."""
    state = battle(fig("a1", "Orc", 4, 3, (5, 5)), fig("b1", "Elf", 3, 3, (9, 5)),
                   scenario="quest_for_a_magic_item")
    state.magic_item = {"name": "scroll", "quality": 2}
    state.treasure_carrier = "a1"
    dice.fix(3, 5)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2, scroll=True)
    assert (state.activation.actions, state.activation.spell_only) == (1, 1)
    state, events = act(state, "a", "step", dice, to=[6, 5])
    assert "activation_ended" not in types(events)
    dice.fix(2, 5)  # Combat 1: 1+2 = 3 against 3+5 = 8 (no effect)
    state, events = act(state, "a", "cast_bolt", dice, target="b1", power=1)
    assert first(events, "shot").data["spell_only"] == 1
    assert "activation_ended" in types(events)

"""A die that succeeds only thanks to a spellcasting bonus and that no spell
uses is an ordinary failure, judged when the activation ends.

Seed 000, MAGIC: "Certain scenarios may state that a magic user gets a bonus on
Quality to cast a spell ... apply the bonus only to the dice that are actually
used to cast the spell." FAILURES ON SPELLS: "If you roll two failures, play
passes to the opponent like with any other activation roll. If a magic-user
rolls 3 failures at activation, he's out of power". ACTIVATION: "if at any point
you roll two failures, play passes to the opponent".
"""

from __future__ import annotations

from server.rules.checksum import state_digest
from server.rules.kernel import Event
from server.rules.sbh.state import Activation
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, types
from tests.sbh.test_spell_bonus_dice import MAGE, blarion, cast


def test_an_unused_boosted_die_is_a_failure_for_the_turnover(dice):
    """seed 000, MAGIC: 'apply the bonus only to the dice that are actually used to
    cast the spell'; 3, 2, 5 at the altar, a step with the 5 and no spell: the 3
    gets no bonus, two failures, 'play passes to the opponent'."""
    state, events = cast(blarion(), dice, 3, 2, 5)
    assert first(events, "activated").data["bonus_dice"] == 1
    assert (state.activation.bonus_dice, state.activation.failures) == (1, 1)
    assert not state.activation.turnover  # (the 3 may still cast)
    state, events = act(state, "a", "step", dice, to=[5, 5])
    assert "activation_ended" not in types(events)
    state, events = act(state, "a", "end_activation", dice)
    assert types(events) == ["activation_ended", "turn_passed"]
    ended = first(events, "activation_ended").data
    assert ended["turnover"] and "out_of_power" not in ended
    assert state.active_seat == "b" and not state.figures["a1"].out_of_power


def test_a_boosted_die_that_casts_is_no_failure(dice):
    """seed 000, MAGIC (Blarion): 'may move once and cast a Power 1 spell (using the
    5 to move and the 3, boosted to a 4, to cast a spell)': one failure only, the
    turn goes on."""
    state, _ = cast(blarion(), dice, 3, 2, 5)
    state, _ = act(state, "a", "step", dice, to=[5, 5])
    dice.fix(2)  # the orc resists on one die and fails
    state, events = act(state, "a", "transfix", dice, target="b1", power=1)
    assert first(events, "activation_ended").data == {"figure": "a1", "turnover": False}
    assert state.active_seat == "a" and state.activation is None


def test_three_two_one_ended_without_a_spell_is_out_of_power(dice):
    """seed 000, FAILURES ON SPELLS: 'If a magic-user rolls 3 failures at
    activation, he's out of power': 3, 2, 1 declared at the altar, and the boosted
    3 is not used for a spell -- three failures."""
    state, events = cast(blarion(), dice, 3, 2, 1)
    activated = first(events, "activated").data
    assert activated["drains"] and not activated["out_of_power"]
    assert not state.figures["a1"].out_of_power  # (the 3+1 may still cast)
    state, events = act(state, "a", "end_activation", dice)
    assert types(events) == ["activation_ended", "turn_passed"]
    assert first(events, "activation_ended").data["out_of_power"] is True
    assert state.figures["a1"].out_of_power and state.active_seat == "b"


def test_no_spell_in_reach_three_two_one_drains_at_once(dice):
    """Same passages: with no enemy a power 1 spell could reach, the activation
    ends on the roll and the unused boosted 3 is the third failure."""
    state, events = cast(blarion(orc_at=(22, 5)), dice, 3, 2, 1)
    assert types(events) == ["activated", "activation_ended", "turn_passed"]
    assert first(events, "activation_ended").data["out_of_power"] is True
    assert state.figures["a1"].out_of_power and state.active_seat == "b"


def test_in_a_place_of_power_the_unused_die_passes_play_but_does_not_drain(dice):
    """seed 000, PLACE OF POWER: magic-using models standing in it 'cannot run out
    of magic power until the end of the game' (the place set by hand, outside that
    scenario: no +1 here); the two failures still pass play."""
    state = blarion()
    state.place_of_power = frozenset({state.figures["a1"].pos})
    state, events = cast(state, dice, 3, 2, 1)
    assert "drains" not in first(events, "activated").data
    state, events = act(state, "a", "end_activation", dice)
    assert "out_of_power" not in first(events, "activation_ended").data
    assert not state.figures["a1"].out_of_power and state.active_seat == "b"


def test_a_scroll_only_success_stays_a_success(dice):
    """seed 000, MAGIC ITEMS TABLE, 6) Scroll: 'making a Quality roll using the
    scroll's Quality': a die the scroll's Quality 2 makes a success is a success
    of that roll, spell or no spell. A Q4 Orc rolls 3 and 1 and casts nothing:
    one failure, no turnover."""
    state = battle(fig("a1", "Orc", 4, 3, (5, 5)), fig("b1", "Elf", 3, 3, (9, 5)),
                   fig("a2", "Guard", 4, 3, (2, 2)), scenario="quest_for_a_magic_item")
    state.magic_item = {"name": "scroll", "quality": 2}
    state.treasure_carrier = "a1"
    dice.fix(3, 1)
    state, events = act(state, "a", "activate", dice, figure="a1", dice=2, scroll=True)
    assert "bonus_dice" not in first(events, "activated").data
    assert state.activation.spell_only == 1 and state.activation.bonus_dice == 0
    state, events = act(state, "a", "end_activation", dice)
    assert types(events) == ["activation_ended"] and state.active_seat == "a"


def test_ending_early_on_a_turnover_passes_play(dice):
    """seed 000, ACTIVATION: 'if at any point you roll two failures, play passes to
    the opponent' -- also when the figure ends its activation with its one success
    unspent."""
    state = battle(fig("a1", "Guard", 4, 3, (6, 5)), fig("a2", "Guard", 4, 3, (2, 2)),
                   fig("b1", "Orc", 4, 3, (12, 5)))
    dice.fix(5, 1, 1)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=3)
    state, events = act(state, "a", "end_activation", dice)
    assert types(events) == ["activation_ended", "turn_passed"]
    assert state.active_seat == "b"


def test_an_activated_event_recorded_before_still_evolves_and_digests_as_before():
    """Replays recorded before the bonus-dice fields: an `activated` event without
    them evolves to an activation at their defaults, digested as before."""
    state = battle(fig("a1", "Blarion", 4, 1, (6, 5), rules=MAGE),
                   fig("b1", "Orc", 4, 3, (9, 5)))
    data = {"figure": "a1", "casting": True, "out_of_power": False, "spell_only": 0,
            "dice": [5, 5, 5], "target": 4, "successes": 3, "failures": 0, "automatic": 0}
    state = SYSTEM.evolve(state, Event("activated", data))
    act_ = state.activation
    assert (act_.bonus_dice, act_.failures, act_.drains, act_.unannounced) == (0, 0, False, False)
    form = Activation.__canonical__(act_)
    assert not {"bonus_dice", "failures", "drains", "unannounced"} & set(form)
    before = state_digest(state)
    act_.unannounced = True  # (never digested: the event determines it)
    assert state_digest(state) == before
    state = SYSTEM.evolve(state, Event("activation_ended", {"figure": "a1", "turnover": False}))
    assert state.activation is None and not state.figures["a1"].out_of_power

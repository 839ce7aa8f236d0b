"""Activation (seed 000, ACTIVATION; LEADER (P); HERO (P); FREE MOVES)."""

from __future__ import annotations

import pytest

from server.rules.board.hex import hex_at
from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, h, types


def two_sides():
    return battle(
        fig("a1", "Elf", 3, 3, (5, 5)),
        fig("a2", "Elf Archer", 4, 2, (4, 5)),
        fig("b1", "Orc", 4, 3, (5, 8)),
    )


def test_one_success_per_die_at_or_above_quality(dice):
    """seed 000, ACTIVATION: every roll equal or better than Quality is a success."""
    dice.fix(3, 2, 6)
    state, events = act(two_sides(), "a", "activate", dice, figure="a1", dice=3)
    ev = first(events, "activated")
    assert (ev.data["successes"], ev.data["failures"]) == (2, 1)
    assert state.activation.actions == 2 and not state.activation.turnover


def test_one_always_fails_and_six_always_succeeds(dice):
    """seed 000, ACTIVATION: 'a roll of 1 is always a failure, and a roll of 6 is
    always a success' (a Q2 figure rolling 1, a Q6 figure rolling 6)."""
    state = battle(fig("a1", "Hero-ish", 2, 3, (5, 5)), fig("a2", "Lout", 6, 1, (4, 5)),
                   fig("b1", "Orc", 4, 3, (5, 12)))
    dice.fix(1, 6)
    state, events = act(state, "a", "activate", dice, figure="a1", dice=1)
    assert first(events, "activated").data["successes"] == 0
    state, events = act(state, "a", "activate", dice, figure="a2", dice=1)
    assert first(events, "activated").data["successes"] == 1


def test_two_failures_pass_play_after_the_figure_acts(dice):
    """seed 000, ACTIVATION table: '1 success, 2 failures: Model performs one
    action, then play passes to the opponent'."""
    dice.fix(5, 1, 2)
    state, events = act(two_sides(), "a", "activate", dice, figure="a1", dice=3)
    assert state.activation.turnover and state.active_seat == "a"
    state, events = act(state, "a", "step", dice, to=h(6, 5))
    assert types(events)[-2:] == ["activation_ended", "turn_passed"]
    assert state.active_seat == "b" and state.turn == 2


def test_all_failures_pass_at_once(dice):
    """seed 000, ACTIVATION: '2 or 3 failures: Model performs no actions, play
    passes to the opponent'."""
    dice.fix(1, 2)
    state, events = act(two_sides(), "a", "activate", dice, figure="a1", dice=2)
    assert state.active_seat == "b"
    assert "turn_passed" in types(events)


def test_one_failure_lets_the_player_go_on(dice):
    """seed 000, ACTIVATION: one failure, the player nominates another figure."""
    dice.fix(2)
    state, _ = act(two_sides(), "a", "activate", dice, figure="a1", dice=1)
    assert state.active_seat == "a" and state.activation is None
    assert state.figures["a1"].activated


def test_turn_passes_when_every_figure_has_acted(dice):
    """seed 000, ACTIVATION: 'When all of a player's models have been activated
    ... play passes to the opponent.'"""
    dice.fix(2, 2)
    state, _ = act(two_sides(), "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "activate", dice, figure="a2", dice=1)
    assert state.active_seat == "b"
    assert not state.figures["b1"].activated


def test_a_figure_acts_once_per_turn(dice):
    """seed 000, ACTIVATION: another figure, 'unless all your figures have
    already been activated'."""
    dice.fix(2)
    state, _ = act(two_sides(), "a", "activate", dice, figure="a1", dice=1)
    with pytest.raises(RulesError) as caught:
        act(state, "a", "activate", dice, figure="a1", dice=1)
    assert caught.value.code == "illegal_command"


def test_leader_adds_one_within_long_not_to_himself(dice):
    """seed 000, LEADER (P): friends within Long have Quality rolls +1; the
    bonus does not apply to the Leader himself."""
    state = battle(fig("a1", "Captain", 4, 3, (5, 5), rules=["Leader"]),
                   fig("a2", "Soldier", 4, 3, (5, 10)), fig("b1", "Orc", 4, 3, (12, 12)))
    dice.fix(3, 3)
    state, events = act(state, "a", "activate", dice, figure="a2", dice=1)
    assert first(events, "activated").data["target"] == 3
    assert first(events, "activated").data["successes"] == 1
    state, _ = act(state, "a", "end_activation", dice)
    state, events = act(state, "a", "activate", dice, figure="a1", dice=1)
    assert first(events, "activated").data["successes"] == 0


def test_a_roll_names_what_moved_its_target(dice):
    """seed 000, LEADER (P): "+1 to Quality rolls" of friends in range; the roll
    says so by name (a player reads "Quality 4, +1 Leader"), and a roll with no
    modifier carries none."""
    state = battle(fig("a1", "Captain", 4, 3, (5, 5), rules=["Leader"]),
                   fig("a2", "Soldier", 4, 3, (5, 10)), fig("b1", "Orc", 4, 3, (12, 12)))
    dice.fix(3, 3)
    state, events = act(state, "a", "activate", dice, figure="a2", dice=1)
    assert first(events, "activated").data["modifiers"] == [["Leader", 1]]
    state, _ = act(state, "a", "end_activation", dice)
    state, events = act(state, "a", "activate", dice, figure="a1", dice=1)
    assert "modifiers" not in first(events, "activated").data


def test_fallen_leader_gives_no_bonus(dice):
    """seed 000, LEADER (P): 'does not count if the Leader is lying on the ground'."""
    state = battle(fig("a1", "Captain", 4, 3, (5, 5), rules=["Leader"], fallen=True),
                   fig("a2", "Soldier", 4, 3, (5, 8)), fig("b1", "Orc", 4, 3, (12, 12)))
    dice.fix(3)
    state, events = act(state, "a", "activate", dice, figure="a2", dice=1)
    assert first(events, "activated").data["target"] == 4


def test_hero_has_one_automatic_success(dice):
    """seed 000, HERO (P): 'if you activate a Hero on two dice, you roll only one
    and assume that the other die rolled a 6'."""
    state = battle(fig("a1", "Hero", 3, 4, (5, 5), rules=["Hero"]),
                   fig("b1", "Orc", 4, 3, (12, 12)))
    dice.fix(1)
    state, events = act(state, "a", "activate", dice, figure="a1", dice=2)
    state, events = act(state, "a", "keep_roll", dice)  # the once-a-game re-roll is offered
    ev = first(events, "activated")
    assert ev.data["dice"] == [1] and ev.data["successes"] == 1 and ev.data["automatic"] == 1


def test_hero_may_reroll_a_failed_activation_die_once_per_game(dice):
    """seed 000, HERO (P): 'once per game, a Hero model can re-roll one die roll,
    be it a Combat or Quality roll. The result of the second die roll is final,
    even if it is worse than the previous one.'"""
    state = battle(fig("a1", "Hero", 3, 4, (5, 5), rules=["Hero"]),
                   fig("b1", "Orc", 4, 3, (12, 12)))
    dice.fix(2, 1)  # two dice rolled (one automatic success): both fail
    state, events = act(state, "a", "activate", dice, figure="a1", dice=3)
    assert types(events) == [] and state.pending[-1]["kind"] == "hero_quality"
    assert SYSTEM.prompt(state).for_seat("a").options[0].params == {"die": [0, 1]}
    with pytest.raises(RulesError):
        act(state, "b", "keep_roll", dice)  # the Hero's owner decides
    dice.fix(5)
    state, events = act(state, "a", "hero_reroll", dice, die=1)
    assert first(events, "hero_rerolled").data == {"figure": "a1", "old": 1, "new": 5}
    ev = first(events, "activated")
    assert ev.data["dice"] == [2, 5] and ev.data["successes"] == 2 and ev.data["failures"] == 1
    assert state.activation.actions == 2 and not state.activation.turnover
    # used: the next failed roll is final at once
    state = battle(*state.figures.values())
    state.figures["a1"].activated = False
    dice.fix(1, 1)
    state, events = act(state, "a", "activate", dice, figure="a1", dice=3)
    assert first(events, "activated").data["failures"] == 2 and not state.pending


def test_hero_may_reroll_a_morale_die(dice):
    """seed 000, HERO (P) on a Quality roll; seed 000, MORALE: 3 dice, one failure
    to flee one move. The Hero re-rolls the failed die and stands."""
    state = battle(fig("a1", "Hero", 3, 4, (5, 5), rules=["Hero"]),
                   fig("a2", "Friend", 4, 1, (5, 7)),
                   fig("b1", "Orc", 4, 4, (6, 7)), active="b")
    dice.fix(6)
    state, events = act(state, "b", "activate", dice, figure="b1", dice=1)
    dice.fix(6, 1, 4, 1)  # 6+4 = 10 vs 1+1 = 2, tripled: a gruesome kill; Hero's morale: 4, 1
    state, events = act(state, "b", "attack", dice, target="a2")
    assert state.pending[-1]["kind"] == "hero_quality", types(events)
    assert state.pending[-1]["seat"] == "a"
    dice.fix(3)
    state, events = act(state, "a", "hero_reroll", dice, die=1)
    ev = first(events, "morale_tested")
    assert ev.data["dice"] == [4, 3] and ev.data["failures"] == 0


def test_free_move_only_far_from_active_enemies(dice):
    """seed 000, FREE MOVES: no active enemies within 2 x Long (26 hexes)."""
    far = battle(fig("a1", "Scout", 4, 2, (2, 1)), fig("b1", "Orc", 4, 3, (20, 40)), size=48)
    state, events = act(far, "a", "free_move", dice, figure="a1")
    assert events[0].type == "free_move_started"  # no dice rolled
    state, events = act(state, "a", "move", dice, to=h(2, 8))
    assert state.figures["a1"].pos == (2, 8, -10) and state.active_seat == "b"
    near = battle(fig("a1", "Scout", 4, 2, (2, 1)), fig("b1", "Orc", 4, 3, (2, 20)), size=48)
    with pytest.raises(RulesError):
        act(near, "a", "free_move", dice, figure="a1")


def test_commands_for_the_other_seat_are_refused(dice):
    """seed 000, ACTIVATION: only the active player activates figures in his
    turn; a command from the other seat is refused and changes nothing."""
    with pytest.raises(RulesError) as caught:
        act(two_sides(), "b", "activate", dice, figure="b1", dice=1)
    assert caught.value.code == "not_your_turn"


def _move_hexes(state) -> set[tuple[int, int]]:
    return {tuple(hx) for o in SYSTEM.prompt(state).decisions[0].options if o.type == "move"
            for hx in o.params["to"]}


def test_flying_lands_on_the_table_and_not_on_ground_it_cannot_stand_on(dice):
    """seed 000, FLYING: "Flying models can freely move above obstacles ...
    always land at the end of their move" — over a building, not onto it, and
    never off the table (docs/rules/sbh.md, Movement: Flying)."""
    building = {(4, 3): "building", (5, 3): "building"}
    state = battle(fig("a1", "Harpy", 4, 3, (1, 3), rules=["Flying"]),
                   fig("b1", "Orc", 4, 3, (20, 20)), terrain=building)
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    offered = _move_hexes(state)
    assert offered and all(state.board.contains(hex_at(q, r)) for q, r in offered)
    assert (4, 3) not in offered and (5, 3) not in offered
    assert (6, 3) in offered  # flown over the building
    for bad in ([4, 3], [-2, 3]):
        with pytest.raises(RulesError):
            act(state, "a", "move", dice, to=bad)
    state, _ = act(state, "a", "move", dice, to=[6, 3])
    assert state.figures["a1"].pos[:2] == (6, 3)


def test_flying_passes_figures_except_indoors(dice):
    """seed 000, FLYING: "Flying models may always move through friendly and
    enemy models unless indoors ... without enough space for them to swoop
    over ground models"."""
    outdoors = battle(fig("a1", "Harpy", 4, 3, (2, 3), rules=["Flying"]),
                      fig("b1", "Orc", 4, 3, (3, 3)), fig("b2", "Orc", 4, 3, (20, 20)))
    indoors = battle(fig("a1", "Harpy", 4, 3, (2, 3), rules=["Flying"]),
                     fig("b1", "Orc", 4, 3, (3, 3)), fig("b2", "Orc", 4, 3, (20, 20)),
                     terrain={(q, 3): "interior" for q in range(0, 9)})
    for state, passes in ((outdoors, True), (indoors, False)):
        dice.fix(4)
        state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
        assert ((5, 3) in _move_hexes(state)) is passes

"""Audit (issue 31), written from seed 004 and not from the code: THE GAME ROUND,
ACTIVATING A MODEL, passing, a player out of copper or of models, the AP limits,
routed, THE END PHASE in order, the game's end, wipe-out and concession. Every
command goes through the kernel face; each test quotes its passage."""

import pytest

from server.rules.asoiaf.state import Condition, Model, Purse, replace
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Command, RulesError
from tests.asoiaf.conftest import mid_round, options, play, run

W = "Baratheon Warden"


def line(seat, count, row, activated=False, start=0):
    return tuple(Model(f"{seat}{i + 1}", W, seat, 2, square=(start + 2 * i, row),
                       activated=activated) for i in range(count))


def between(a=2, b=2, copper=(12, 12), **fields):
    """No model active: a's turn to choose one."""
    return mid_round(line("a", a, 0) + line("b", b, 13), copper=copper, active="", **fields)


def refused(state, seat, type_, args=None):
    with pytest.raises(RulesError) as error:
        SYSTEM.decide(state, Command(seat, type_, args or {}), None)
    return error.value.code


def test_activating_spends_a_copper_and_gives_two_ap():
    """ACTIVATING A MODEL: "To activate a model, the player must spend [copper]" and
    "A model that activates has 2 action points (AP)"."""
    state, _ = run(between(), "a", "activate", {"model": "a1"})
    assert state.purses["a"].copper == 11 and state.model("a1").ap == 2
    assert state.active_model == "a1" and state.model("a1").activated


def test_a_player_must_activate_not_end_a_turn_doing_nothing():
    """THE GAME ROUND: "They must activate a model (or pass if they can ...)"; "They
    must do this if they have any models left that haven't been activated"."""
    kinds = {o.type for o in SYSTEM.prompt(between()).decisions[0].options}
    assert kinds == {"activate"}
    assert refused(between(), "a", "end_activation") == "illegal_command"


def test_a_model_activates_only_once_a_round():
    """"Once a model has been activated, it cannot be activated a second time that
    round"."""
    state, _ = run(between(), "a", "activate", {"model": "a1"})
    state, _ = run(state, "a", "end_activation")
    state, _ = run(state, "b", "activate", {"model": "b1"})
    state, _ = run(state, "b", "end_activation")
    assert refused(state, "a", "activate", {"model": "a1"}) == "illegal_command"
    assert options(state, "activate")[0].params["model"] == ["a2"]


def test_turns_alternate_between_the_players():
    """THE GAME ROUND: "2. Their opponent then takes their turn ... 3. It is then the
    1st player's turn again"."""
    state, _ = run(between(), "a", "activate", {"model": "a1"})
    state, _ = run(state, "a", "end_activation")
    assert state.to_act == "b"
    state, _ = run(state, "b", "activate", {"model": "b1"})
    state, _ = run(state, "b", "end_activation")
    assert state.to_act == "a"


def test_a_routed_model_activates_with_one_ap_and_loses_the_token_after():
    """MODEL TOKENS: "Routed means when the model next activates ... it does so with
    1 less AP ... When a model with a [routed] token finishes their activation,
    remove the token"."""
    state = between()
    state = state.with_model(replace(state.model("a1"), conditions=frozenset({Condition.ROUTED})))
    state, _ = run(state, "a", "activate", {"model": "a1"})
    assert state.model("a1").ap == 1
    state, _ = run(state, "a", "end_activation")
    assert Condition.ROUTED not in state.model("a1").conditions


def test_ap_never_below_one_and_never_above_three():
    """ACTIVATING A MODEL: "A model can never perform more than 3 AP per activation";
    "A model always has at least 1 AP, even if it should have lost all its AP"."""
    model = Model("a1", W, "a", 2)
    assert model.with_ap(0).ap == 1 and model.with_ap(-1).ap == 1
    assert model.with_ap(4).ap == 3


def test_a_model_acts_while_it_has_ap_then_can_only_end():
    """"Models may keep performing actions one at a time as long as they have AP";
    MOVE ACTION 1 costs 1 AP each."""
    state, _ = run(between(), "a", "activate", {"model": "a1"})
    state, _ = run(state, "a", "move", {"square": [0, 3]})
    state, _ = run(state, "a", "move", {"square": [0, 6]})
    assert state.model("a1").ap == 0
    assert {o.type for o in SYSTEM.prompt(state).decisions[0].options} == {"end_activation"}


def test_passing_needs_fewer_models_left_and_costs_two_copper():
    """"If a player has less models left to activate than their opponent, they can
    choose to pass ... They player spends 2 [copper] and thus passes"."""
    state = between(a=1, b=3)
    state, events = run(state, "a", "pass")
    assert [e.type for e in events] == ["passed"]
    assert state.purses["a"].copper == 10 and state.to_act == "b"


def test_no_pass_with_as_many_models_left_as_the_opponent():
    """"If a player has less models left to activate than their opponent": with
    equal numbers the pass is refused and nothing changes."""
    state = between(a=2, b=2)
    assert not options(state, "pass")
    assert refused(state, "a", "pass") == "illegal_command"
    assert state.purses["a"].copper == 12


def test_no_pass_with_a_single_copper():
    """"Passing a turn costs 2 [copper]"."""
    state = between(a=1, b=3, copper=(1, 12))
    assert not options(state, "pass")


def test_after_a_pass_the_opponent_must_activate():
    """"Their opponent must activate one of their models. They can't pass at this
    moment"."""
    state, _ = run(between(a=1, b=3), "a", "pass")
    kinds = {o.type for o in SYSTEM.prompt(state).decisions[0].options}
    assert state.to_act == "b" and kinds == {"activate"}
    assert refused(state, "b", "pass") == "illegal_command"


def test_a_player_may_pass_several_times_a_round():
    """"A player can pass several times in a round, as long as they have [copper] to
    spare and less models to activate than their opponent each time"."""
    state = between(a=1, b=3)
    state, _ = run(state, "a", "pass")
    state, _ = run(state, "b", "activate", {"model": "b1"})
    state, _ = run(state, "b", "end_activation")
    assert state.to_act == "a" and options(state, "pass")
    state, _ = run(state, "a", "pass")
    assert state.purses["a"].copper == 8


def test_out_of_copper_the_opponent_activates_the_rest_one_after_another():
    """"A player's round is over if they run out of [copper], even if they still
    have models to activate. Their opponent can activate all models left in their
    warband, one after another"."""
    state = between(a=2, b=2, copper=(1, 12))
    state, _ = run(state, "a", "activate", {"model": "a1"})
    state, _ = run(state, "a", "end_activation")
    for uid in ("b1", "b2"):
        assert state.to_act == "b"
        state, _ = run(state, "b", "activate", {"model": uid})
        state, _ = run(state, "b", "end_activation")
    assert state.round == 2 and not state.model("a2").activated


def test_out_of_models_the_opponent_goes_on_while_it_has_copper():
    """"The same applies if a player runs out of models to activate, even if they
    have [copper] left. Their opponent can activate all models left, as long as
    they have [copper] to do so" — here b has copper for one more only."""
    state = between(a=1, b=3, copper=(12, 2))
    state, _ = run(state, "a", "activate", {"model": "a1"})
    state, _ = run(state, "a", "end_activation")
    state, _ = run(state, "b", "activate", {"model": "b1"})
    state, _ = run(state, "b", "end_activation")
    assert state.to_act == "b"
    state, _ = run(state, "b", "activate", {"model": "b2"})
    state, _ = run(state, "b", "end_activation")
    assert state.round == 2  # b3 never activated: b ran out of copper


def test_the_end_phase_counts_copper_before_returning_it():
    """THE END PHASE: "The player holding the most [copper] scores 1 VP" and, only
    later, "All [copper] spent during the round are returned to their owner"."""
    state = between(a=1, b=1, copper=(12, 5))
    state, _ = run(state, "a", "activate", {"model": "a1"})
    state, _ = run(state, "a", "end_activation")
    state, _ = run(state, "b", "activate", {"model": "b1"})
    state, _ = run(state, "b", "end_activation")
    assert state.vp == {"a": 1, "b": 0}
    assert state.purses["a"].copper == 12 and state.purses["b"].copper == 12


def test_equal_copper_scores_nobody():
    """"The player holding the most [copper] scores 1 VP": with equal copper nobody
    holds the most."""
    state = between(a=1, b=1, copper=(7, 7))
    state, _ = run(state, "a", "activate", {"model": "a1"})
    state, _ = run(state, "a", "end_activation")
    state, _ = run(state, "b", "activate", {"model": "b1"})
    state, _ = run(state, "b", "end_activation")
    assert state.vp == {"a": 0, "b": 0}


def test_the_first_player_token_passes_and_its_new_holder_starts():
    """"The player with the 1st player token gives it to his opponent. A new round
    begins"; "At the start of the round, the 1st player must take the 1st turn"."""
    state = between(a=1, b=1)
    state, _ = run(state, "a", "activate", {"model": "a1"})
    state, _ = run(state, "a", "end_activation")
    state, _ = run(state, "b", "activate", {"model": "b1"})
    state, _ = run(state, "b", "end_activation")
    assert state.round == 2 and state.first_player == "b" and state.to_act == "b"
    assert not state.model("a1").activated and not state.model("b1").activated


def test_each_model_on_an_objective_scores_one_vp_in_the_end_phase():
    """OBJECTIVES TOKENS: "any model that stands on this square controls it.
    Objectives are controlled or not, never contested. During the end phase ...
    each model that controls 1 [objective] scores 1 VP" — an enemy next to it
    changes nothing (village_skirmish objectives at (7, 6) and (11, 9))."""
    models = (Model("a1", W, "a", 2, square=(7, 6)), Model("b1", W, "b", 2, square=(8, 6)),
              Model("b2", W, "b", 2, square=(11, 9), activated=True))
    state = mid_round(models, scenario="village_skirmish", active="", copper=(12, 12))
    state, _ = run(state, "a", "activate", {"model": "a1"})
    state, _ = run(state, "a", "end_activation")
    state, _ = run(state, "b", "activate", {"model": "b1"})
    state, _ = run(state, "b", "end_activation")
    assert state.vp == {"a": 1, "b": 1}  # a1's objective; b2's objective (copper tied 11-11)


def test_the_game_ends_after_the_last_rounds_end_phase():
    """THE END PHASE: "The game ends if: The players resolved the end phase of the
    last round"; "the player with the most VP wins the game"."""
    state = between(a=1, b=1, copper=(12, 3), rounds=1, round=1)
    state, _ = run(state, "a", "activate", {"model": "a1"})
    state, _ = run(state, "a", "end_activation")
    state, _ = run(state, "b", "activate", {"model": "b1"})
    state, _ = run(state, "b", "end_activation")
    assert state.phase.value == "over" and SYSTEM.is_over(state)
    result = SYSTEM.result(state)
    assert result.winner == "a" and state.purses["b"].copper == 2  # no copper returned


def test_wiping_out_scores_two_vp_a_round_left_including_this_one():
    """"If a player loses all their models, the game ends. The player with models
    left on the table scores 2 VP per round remaining including the current one"
    — round 2 of 4: 3 rounds, 6 VP."""
    models = (Model("a1", "Sellsword", "a", 2, square=(3, 11), ap=2, activated=True),
              Model("b1", W, "b", 1, square=(4, 11)))
    state = mid_round(models, rounds=4, round=2)
    state, _ = play(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                   "improvements": []}), 9, 3, 1)
    assert state.phase.value == "over" and state.vp["a"] == 6


def test_a_concession_gives_three_vp_a_round_left_and_the_loser_none():
    """"If a player concedes, they lose and cannot score VP. Their opponent scores 3
    VP for each round remaining, including the current one" — round 3 of 5."""
    state = between(rounds=5, round=3, vp={"a": 4, "b": 7})
    state, _ = run(state, "b", "concede")
    assert state.vp == {"a": 13, "b": 0}
    assert SYSTEM.result(state).winner == "a"


def test_purse_of_a_round_starts_full_again():
    """COINS OF WESTEROS: "[copper] fully replenishes at the beginning of each round"
    while "once [gold] and [silver] are spent, they're gone for the rest of the
    game"."""
    state = between(a=1, b=1)
    state = replace(state, purses={"a": Purse(1, 2, 12), "b": Purse(2, 4, 12)})
    state, _ = run(state, "a", "activate", {"model": "a1"})
    state, _ = run(state, "a", "end_activation")
    state, _ = run(state, "b", "activate", {"model": "b1"})
    state, _ = run(state, "b", "end_activation")
    assert state.purses["a"] == Purse(1, 2, 12)


def test_equal_vp_at_the_end_is_a_draw():
    """THE END PHASE: "add all VP for each player ... and the player with the most VP
    wins the game": with equal VP nobody has the most (b's 1 VP for the most copper
    ties it at 3)."""
    state = between(a=1, b=1, copper=(12, 13), rounds=1, vp={"a": 3, "b": 2})
    state, _ = run(state, "a", "activate", {"model": "a1"})
    state, _ = run(state, "a", "end_activation")
    state, _ = run(state, "b", "activate", {"model": "b1"})
    state, _ = run(state, "b", "end_activation")
    assert state.vp == {"a": 3, "b": 3} and SYSTEM.result(state).winner is None

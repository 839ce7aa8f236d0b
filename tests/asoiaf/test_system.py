"""The kernel face on small hand-built positions, dice scripted."""

from dataclasses import replace

import pytest

from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.dice import ScriptedDice
from server.rules.kernel import Command, RulesError
from tests.asoiaf.conftest import decide, mid_round


def duel():
    """Robert (Warhammer: 3 dice, 5+) in contact with a Baratheon Warden
    (defence 5+, 2 wounds) on the Learn to Play battlefield."""
    models = (Model("a1", "Robert Baratheon", "a", 4, square=(3, 3), ap=2, activated=True),
              Model("b1", "Baratheon Warden", "b", 2, square=(4, 3)),
              Model("b2", "Baratheon Warden", "b", 2, square=(0, 0)))
    return mid_round(models)


def test_a_close_attack_rolls_hits_then_one_defence_die_per_hit():
    """seed 004, ATTACK SEQUENCE: "rolls the number of attack dice indicated by the
    attack mode ... The defender rolls as many dice as hits received ... Each
    unblocked hit causes the defender to suffer 1 [wound]"; "Soldiers that have lost
    all [wounds] are killed"."""
    state = duel()
    command = Command("a", "attack", {"mode": 0, "target": "b1", "improvements": []})
    events = decide(state, command, 5, 9, 2, 3, 4)
    assert [e.type for e in events] == ["attack_rolled", "defended"]
    assert events[0].data["attack_faces"] == [5, 9, 2] and events[0].data["hits"] == 2
    assert events[1].data["defence_faces"] == [3, 4] and events[1].data["wounds"] == 2
    after = SYSTEM.evolve(SYSTEM.evolve(state, events[0]), events[1])
    assert after.model("b1").removed == "killed" and after.model("a1").ap == 1


def test_an_illegal_command_is_refused_with_a_code_and_changes_nothing():
    """seed 004, ATTACK MODES: a close attack "can only be used against an engaged
    enemy"; and only the player whose turn it is acts."""
    state = duel()
    with pytest.raises(RulesError) as far:
        SYSTEM.decide(state, Command("a", "attack", {"mode": 0, "target": "b2",
                                                     "improvements": []}),
                      ScriptedDice())
    assert far.value.code == "illegal_command"
    with pytest.raises(RulesError) as turn:
        SYSTEM.decide(state, Command("b", "end_activation"), ScriptedDice())
    assert turn.value.code == "not_your_turn"
    assert state == duel()


def test_killing_the_last_enemy_ends_the_game_with_wipe_out_vp():
    """seed 004: "If a player loses all their models, the game ends. The player
    with models left on the table scores 2 VP per round remaining including the
    current one"."""
    state = duel()
    state = state.with_model(replace(state.model("b2"), removed="killed", square=None))
    events = decide(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                   "improvements": []}), 10, 1, 1, 2, 3)
    assert events[1].data["wounds"] == 2  # the natural 10: a hit and 1 extra
    after = state
    for event in events:
        after = SYSTEM.evolve(after, event)
    assert SYSTEM.is_over(after)
    assert after.vp["a"] == 2 * 4 and SYSTEM.result(after).winner == "a"


def test_the_roll_off_winner_chooses_one_thing_and_the_opponent_the_other():
    """seed 004: the winner may "select a deployment zone ... Their opponent must use
    the other deployment zone, but decides which player gets the 1st player token"."""
    state = SYSTEM.initial({"options": {"scenario": "learn_to_play"}})
    for event in decide(state, Command("a", "roll_off"), 3, 8):
        state = SYSTEM.evolve(state, event)
    assert SYSTEM.prompt(state).seats == ("b",)
    assert {o.type for o in SYSTEM.prompt(state).decisions[0].options} == {
        "choose_zone", "choose_first_player"}
    for event in SYSTEM.decide(state, Command("b", "choose_zone", {"zone": "silver"}),
                               ScriptedDice()):
        state = SYSTEM.evolve(state, event)
    assert state.zones == {"b": "silver", "a": "gold"}
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "a" and [o.type for o in decision.options] == ["choose_first_player"]
    # then the agendas are drawn (test_agendas.py): 4 dice shuffle each deck of 5
    for event in decide(state, Command("a", "choose_first_player", {"first_player": "a"}),
                        1, 1, 1, 1, 1, 1, 1, 1):
        state = SYSTEM.evolve(state, event)
    assert state.phase == "agendas" and state.to_act == "a" and state.first_player == "a"


def test_the_lobbys_catalog_and_list_check_answer_through_the_system():
    """seed 004, ASSEMBLING YOUR WARBAND: "There are 3 sizes of warbands"."""
    catalog = SYSTEM.catalog({"size": "2-4-12"})
    assert catalog["size"] == "2-4-12" and catalog["presets"]
    checked = SYSTEM.check_list({"faction": "Baratheon", "models": []}, {"size": "2-4-12"})
    assert not checked["valid"] and checked["problems"][0]["code"] == "no_models"


def test_a_concession_loses_and_gives_the_opponent_3_vp_a_round_left():
    """seed 004: "If a player concedes, they lose and cannot score VP. Their opponent
    scores 3 VP for each round remaining, including the current one". A concession
    needs no turn (the kernel's contract: either seat, at any point)."""
    state = replace(duel(), round=2, vp={"a": 1, "b": 2})
    [event] = SYSTEM.decide(state, Command("b", "concede"), ScriptedDice())
    after = SYSTEM.evolve(state, event)
    assert SYSTEM.is_over(after) and after.vp == {"a": 1 + 3 * 3, "b": 0}
    result = SYSTEM.result(after)
    assert result.winner == "a" and result.reason == "b conceded"
    with pytest.raises(RulesError):
        SYSTEM.decide(after, Command("a", "concede"), ScriptedDice())

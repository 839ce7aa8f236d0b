"""Abilities "At the Start of the Game" and nemeses (seed 004, PLAYING THE GAME
and NEMESIS): KINGSGUARD OATH (ours: "At the start of the game, choose 1 enemy
hero as this model's nemesis"). Dice scripted."""

from dataclasses import replace

from server.rules.asoiaf.state import Model, Phase
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.attacking import attack
from tests.asoiaf.conftest import mid_round, run, send


def last_to_deploy():
    """Lewyn Martell (b) on the battlefield; a's last Warden waits to be deployed."""
    models = (Model("a1", "Robert Baratheon", "a", 4, square=(3, 1)),
              Model("a2", "Jon Arryn", "a", 3, square=(5, 1)),
              Model("a3", "Baratheon Warden", "a", 2),
              Model("b1", "Lewyn Martell", "b", 3, square=(3, 12)))
    return mid_round(models, active="", phase=Phase.DEPLOY)


def test_start_of_game_abilities_come_after_deployment_before_round_1():
    """seed 004, PLAYING THE GAME: "Once all models are on the battlefield ...
    players resolve their abilities triggered At the Start of the Game, starting
    with the 1st player ... When done, the 1st round of the game begins"."""
    state = last_to_deploy()
    [deploy] = SYSTEM.prompt(state).decisions[0].options
    state = send(state, "a", "deploy", {"model": "a3", "square": deploy.params["square"][0]})
    decision = SYSTEM.prompt(state).decisions[0]
    [option] = decision.options
    assert decision.seat == "b" and option.type == "choose_nemesis"
    assert sorted(option.params["nemesis"]) == ["a1", "a2"]  # enemy heroes only
    state, [event] = run(state, "b", "choose_nemesis", {"model": "b1", "nemesis": "a1"})
    assert event.type == "nemesis_chosen" and state.nemeses == (("b1", "a1", 1),)
    assert SYSTEM.prompt(state).decisions[0].text == "Your turn." and state.to_act == "a"


def test_killing_a_nemesis_scores_its_vp():
    """seed 004, NEMESIS: "Usually, killing a nemesis grants you VP" (the card's 1 VP);
    a captured nemesis is not dead."""
    models = (Model("b1", "Robert Baratheon", "b", 4, square=(4, 5), ap=2, activated=True),
              Model("a1", "Lewyn Martell", "a", 3, square=(0, 0)),
              Model("a2", "Jon Arryn", "a", 1, square=(3, 4)))
    state = replace(mid_round(models, active="b1", seat="b"), nemeses=(("a1", "a2", 1),))
    killed = attack(state, "a2", (9, 9, 9, 1, 1, 1), seat="b")
    assert killed.model("a2").removed == "killed" and killed.vp["a"] == 1
    captured = attack(state, "a2", (9, 9, 9, 1, 1, 1), removal="captured", seat="b")
    assert captured.vp["a"] == 0

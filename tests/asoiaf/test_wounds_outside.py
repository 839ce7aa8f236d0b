"""Wounds abilities after wounds lost outside an attack (seed 004, ABILITIES:
"They can be used anytime a model loses at least 1 [wound] and before the model
would be killed"; OLDEST BROTHER: "right after they lose a [wound]. They need to
spend 4 [copper], then pass a [will] test to cause a friendly model in contact to
suffer any [wounds] that would otherwise harm them"). Brandon Stark (will 4, 3
wounds) walks into Learn to Play's bonfire on (3, 9) ("A model that enters this
square suffers 1 wound") beside a friendly Stark Archer on (2, 9)."""

from server.rules.asoiaf.state import Model
from tests.asoiaf.conftest import SYSTEM, mid_round, run


def _burnt():
    brandon = Model("a1", "Brandon Stark", "a", 3, square=(3, 11), ap=2, activated=True)
    archer = Model("a2", "Stark Archer", "a", 2, square=(2, 9))
    state = mid_round((brandon, archer, Model("b9", "Stark Archer", "b", 2, square=(12, 0))))
    state, _ = run(state, "a", "move", {"square": [3, 9]})
    assert state.model("a1").wounds_left == 2 and state.wounds_waiting == (("a1", 1, 1, ""),)
    [decision] = SYSTEM.prompt(state).decisions
    assert decision.seat == "a"
    assert [(o.type, o.label) for o in decision.options] == [
        ("wounds_ability", "Oldest Brother"), ("decline_wounds_ability", "")]
    assert decision.options[0].params["target"] == ["a2"]
    return state


def test_oldest_brother_hands_a_terrains_wound_to_a_friend_in_contact():
    """A passed will test (5 against 4) for 4 copper: Brandon gets his wound back,
    the Archer suffers it, and Brandon's activation goes on."""
    state = _burnt()
    copper = state.purses["a"].copper
    state, events = run(state, "a", "wounds_ability",
                        {"ability": "Oldest Brother", "target": "a2"}, (5,))
    assert events[-1].type == "wounds_ability_answered" and events[-1].data["passed"]
    assert state.model("a1").wounds_left == 3 and state.model("a2").wounds_left == 1
    assert state.purses["a"].copper == copper - 4 and state.wounds_waiting == ()
    assert "end_activation" in [o.type for o in SYSTEM.prompt(state).decisions[0].options]


def test_a_failed_or_declined_oldest_brother_leaves_the_wound():
    """A failed test (3 against 4) still costs the copper ("They need to spend 4
    [copper], then pass a [will] test"); declined, nothing is spent."""
    state = _burnt()
    copper = state.purses["a"].copper
    failed, _ = run(state, "a", "wounds_ability", {"ability": "Oldest Brother", "target": "a2"},
                    (3,))
    assert failed.model("a1").wounds_left == 2 and failed.model("a2").wounds_left == 2
    assert failed.purses["a"].copper == copper - 4
    declined, _ = run(state, "a", "decline_wounds_ability")
    assert declined.model("a1").wounds_left == 2 and declined.purses["a"].copper == copper
    assert declined.wounds_waiting == ()

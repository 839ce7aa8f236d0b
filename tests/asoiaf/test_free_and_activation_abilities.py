"""ABILITY 0 and activation abilities (seed 004, ABILITIES, ABILITY 0, 1 or 2 and
ACTIVATING A MODEL): WISE WORDS, a free action granting a move, and DRAGON'S
BLOOD as the model activates. Dice scripted."""

from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.conftest import mid_round, options, run

WISE_WORDS = {"ability": "Wise Words", "target": "a2"}


def council(**fields):
    """Jon Arryn (a, active) with Robert (will 5+, already activated) 2 squares away."""
    return mid_round((Model("a1", "Jon Arryn", "a", 3, square=(3, 9), ap=2, activated=True),
                      Model("a2", "Robert Baratheon", "a", 4, square=(5, 9), activated=True),
                      Model("b1", "Baratheon Warden", "b", 2, square=(12, 0))), **fields)


def test_wise_words_lets_a_friend_who_passes_move_at_once_without_activating():
    """seed 004, ABILITY 0: "Jon Arryn uses WISE WORDS on Robert Baratheon. Robert
    succeeds his test and may perform 1 [move] immediately ... Robert may perform
    this action even if he has already activated. He does not activate by performing
    this action"; "The 1st time any free action is used during an activation
    doesn't require spending AP"."""
    state = council()
    [option] = options(state, "ability")
    assert option.label == "Wise Words" and option.params == {"target": ["a2"]}
    state, _ = run(state, "a", "ability", WISE_WORDS, (5,))  # 5 against will 5+
    assert state.model("a1").ap == 2 and state.free_used and state.purses["a"].copper == 10
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "a" and [o.type for o in decision.options] == [
        "granted_move", "forfeit_action"]
    assert [6, 9] in decision.options[0].params["square"]
    state, _ = run(state, "a", "granted_move", {"model": "a2", "square": [6, 9]})
    robert = state.model("a2")
    assert robert.square == (6, 9) and robert.ap == 0 and state.granted == ()
    assert state.active_model == "a1"
    # "spending 1 AP for each free action beyond the first"
    state, _ = run(state, "a", "ability", WISE_WORDS, (5,))
    assert state.model("a1").ap == 1


def test_wise_words_failed_grants_nothing_and_a_forfeit_keeps_the_model_still():
    """seed 004, ABILITY 0: "If he does not, he forfeits this action"; MODELS: a will
    test "must roll equal to or above its value"."""
    failed, _ = run(council(), "a", "ability", WISE_WORDS, (4,))
    assert failed.granted == () and failed.free_used
    state, _ = run(council(), "a", "ability", WISE_WORDS, (10,))
    state, _ = run(state, "a", "forfeit_action")
    assert state.model("a2").square == (5, 9) and state.granted == ()


def test_a_model_at_0_ap_cannot_pay_a_second_free_action():
    """seed 004, ABILITIES: free actions beyond the first cost 1 AP each."""
    state = council(free_used=True)
    state = state.with_model(Model("a1", "Jon Arryn", "a", 3, square=(3, 9), ap=0,
                                   activated=True))
    assert options(state, "ability") == []


def test_dragons_blood_is_paid_as_the_model_activates_for_plus_1_to_its_attacks():
    """seed 004, ABILITIES (DRAGON'S BLOOD, ours: "1 silver as this model activates:
    it gains +1 to its attack rolls this activation")."""
    state = mid_round((Model("a1", "Rhaegar Targaryen", "a", 4, square=(3, 9), ap=2,
                             activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(4, 9))), fresh=True)
    [option] = options(state, "ability")
    assert option.label == "Dragon's Blood"
    state, _ = run(state, "a", "ability", {"ability": "Dragon's Blood"})
    assert state.purses["a"].silver == 3 and state.roll_bonuses == (("a1", "attack", 1),)
    assert state.model("a1").ap == 2 and options(state, "ability") == []
    _, events = run(state, "a", "attack", {"mode": 0, "target": "b1", "improvements": []},
                    (4, 3, 2, 1))  # 1 hit (5+ needed), 1 defence die
    assert events[0].data["attack_results"] == [5, 4, 3]
    unfresh = mid_round(state.models)
    assert options(unfresh, "ability") == []  # only "as this model activates"

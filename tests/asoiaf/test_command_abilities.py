"""Command abilities giving and taking conditions (seed 004, ABILITIES and MODEL
TOKENS), will dice scripted."""

from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.dice import ScriptedDice
from server.rules.kernel import Command
from tests.asoiaf.conftest import mid_round, options

SHAKEN, ROUTED = Condition.SHAKEN, Condition.ROUTED


def field(active, *others):
    uid, card, square = active
    models = (Model(uid, card, "a", 3, square=square, ap=2, activated=True),) + tuple(
        Model(o_uid, o_card, o_uid[0], 2, square=o_square, conditions=frozenset(c))
        for o_uid, o_card, o_square, c in others)
    return mid_round(models, active=uid)


def ability_options(state):
    return options(state, "ability")


def use(state, name, target, *faces):
    dice = ScriptedDice(*faces)
    events = SYSTEM.decide(state, Command("a", "ability", {"ability": name, "target": target}),
                           dice)
    dice.assert_exhausted()
    for event in events:
        state = SYSTEM.evolve(state, event)
    return state, events


def test_loyally_rebellious_shakes_then_routs_on_a_failed_will_test():
    """seed 004, ABILITIES: "They need to spend 1 AP and 1 [copper] to force 1 enemy
    model in short range to become [shaken]. Then, that enemy must pass 1 [will]
    test or become [routed]". The shaken token takes 2 from that will test, its
    next roll (MODEL TOKENS), and goes."""
    state = field(("a1", "Yohn Royce", (3, 11)),
                  ("b1", "Baratheon Warden", (6, 11), ()),
                  ("b2", "Baratheon Warden", (10, 11), ()))
    [option] = ability_options(state)
    assert option.args == {"ability": "Loyally Rebellious"} and option.params == {
        "target": ["b1"]}  # b2 is 7 squares away: not in short range
    state, events = use(state, "Loyally Rebellious", "b1", 7)
    assert events[0].data["will_faces"] == [7]
    assert state.model("b1").conditions == frozenset({ROUTED})
    assert state.model("a1").ap == 1 and state.purses["a"].copper == 10


def test_a_passed_will_test_keeps_the_model_from_the_condition():
    """seed 004, MODELS: "To succeed it must roll equal to or above its value";
    THORNY WIT (our card): "must pass a will test or become shaken"."""
    state = field(("a1", "Olenna Tyrell", (3, 11)),
                  ("b1", "Baratheon Warden", (5, 11), ()))
    state, _ = use(state, "Thorny Wit", "b1", 6)
    assert state.model("b1").conditions == frozenset()
    state = field(("a1", "Olenna Tyrell", (3, 11)),
                  ("b1", "Baratheon Warden", (5, 11), ()))
    state, _ = use(state, "Thorny Wit", "b1", 5)
    assert state.model("b1").conditions == frozenset({SHAKEN})


def test_a_model_that_may_not_become_shaken_stays_steady():
    """UNBENDING (our card: "This model may not become shaken"), the vocabulary's
    immune_to_condition; seed 004, ABILITIES: "the card always takes precedence"."""
    state = field(("a1", "Olenna Tyrell", (3, 11)),
                  ("b1", "Stannis Baratheon", (5, 11), ()))
    state, _ = use(state, "Thorny Wit", "b1", 1)
    assert state.model("b1").conditions == frozenset()


def test_charming_smile_takes_the_shaken_token_from_a_friendly_soldier():
    """seed 004, ABILITIES: "All abilities that target another friendly or enemy
    model do **not activate** the target"; CHARMING SMILE (our card): "a friendly
    soldier in short range loses its shaken token"."""
    state = field(("a1", "Renly Baratheon", (3, 11)),
                  ("a2", "Baratheon Warden", (4, 11), (SHAKEN,)),
                  ("b1", "Baratheon Warden", (12, 0), ()))
    [option] = ability_options(state)
    assert option.params == {"target": ["a2"]}
    state, events = use(state, "Charming Smile", "a2")
    assert events[0].data["will_faces"] == []
    assert state.model("a2").conditions == frozenset() and not state.model("a2").activated

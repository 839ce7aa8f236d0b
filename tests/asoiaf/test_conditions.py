"""Conditions and will tests (seed 004, MODEL TOKENS and MODELS), dice scripted."""

from dataclasses import replace

from server.rules.asoiaf import conditions, rounds
from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.dice import ScriptedDice
from server.rules.kernel import Command
from tests.asoiaf.conftest import mid_round, play, scripted

SHAKEN, ROUTED = Condition.SHAKEN, Condition.ROUTED


def duel(attacker_conditions=frozenset(), target_conditions=frozenset()):
    """Robert (Warhammer: 3 dice, 5+) in contact with a Baratheon Warden (defence
    5+, 2 wounds), on open ground of the Learn to Play battlefield."""
    models = (Model("a1", "Robert Baratheon", "a", 4, square=(3, 11), ap=2, activated=True,
                    conditions=frozenset(attacker_conditions)),
              Model("b1", "Baratheon Warden", "b", 2, square=(4, 11),
                    conditions=frozenset(target_conditions)),
              Model("b2", "Baratheon Warden", "b", 2, square=(12, 0)))
    return mid_round(models)


ATTACK = Command("a", "attack", {"mode": 0, "target": "b1", "improvements": []})


def test_shaken_takes_2_from_each_die_of_the_next_roll_but_not_a_natural_10():
    """seed 004, MODEL TOKENS: "When [shaken], a model subtracts 2 to every die
    result during the model's next roll (excluding a natural 10). After this roll
    is made, remove the [shaken token]"."""
    assert conditions.results((7, 6, 10), shaken=True) == (5, 4, 10)
    state, events = play(duel({SHAKEN}), ATTACK, 7, 6, 10, 1, 1, 1)
    # 5 hits on 5+, 4 misses, the natural 10 hits and adds 1: 3 hits
    assert events[0].data["attack_results"] == [5, 4, 10] and events[0].data["hits"] == 3
    assert SHAKEN not in state.model("a1").conditions


def test_a_shaken_defender_loses_2_on_its_defence_roll_then_the_token():
    """seed 004, MODEL TOKENS: "subtracts 2 to every die result during the model's
    next roll"; the defence roll is the defender's next roll."""
    state, events = play(duel(target_conditions={SHAKEN}), ATTACK, 5, 1, 1, 6)
    defended = events[1].data
    assert defended["defence_faces"] == [6] and defended["defence_results"] == [4]
    assert defended["wounds"] == 1
    assert SHAKEN not in state.model("b1").conditions


def test_a_shaken_model_keeps_its_token_until_it_rolls():
    """seed 004, MODEL TOKENS: the token goes "After this roll is made": no hit, no
    defence roll, so the defender stays shaken."""
    state, events = play(duel(target_conditions={SHAKEN}), ATTACK, 1, 2, 3)
    assert events[0].data["hits"] == 0 and len(events) == 1
    assert SHAKEN in state.model("b1").conditions


def test_routed_activates_with_1_less_ap_and_loses_the_token_at_its_end():
    """seed 004, MODEL TOKENS: "Routed means when the model next activates ... it
    does so with 1 less AP"; "When a model with a [routed] token finishes their
    activation, remove the token. No matter what happens, no models can have less
    than 1 AP when they activate"."""
    state = duel()
    state = replace(state, active_model="", models=tuple(
        replace(m, activated=False, ap=0, conditions=frozenset({ROUTED}))
        for m in state.models))
    active = rounds.activate(state, "a1")
    assert active.model("a1").ap == 1 and ROUTED in active.model("a1").conditions
    ended = SYSTEM.evolve(active, SYSTEM.decide(active, Command("a", "end_activation"),
                                                ScriptedDice())[0])
    assert ROUTED not in ended.model("a1").conditions
    assert conditions.activation_ap(active.model("b1"), 1) == 0
    assert replace(active.model("b1"), activated=True).with_ap(0).ap == 1


def test_never_two_tokens_of_a_kind_and_immunity_refuses_one():
    """seed 004, MODEL TOKENS: "A model can be shaken and routed at the same time
    but can never have more than 1 [shaken] AND 1 [routed] token"; an ability
    may say "This model may not become [shaken]" (immune_to_condition)."""
    model = Model("x", "Baratheon Warden", "a", 2)
    both = conditions.gain(conditions.gain(conditions.gain(model, SHAKEN), ROUTED), SHAKEN)
    assert both.conditions == frozenset({SHAKEN, ROUTED})
    assert conditions.gain(model, SHAKEN, immune=frozenset({SHAKEN})).conditions == frozenset()
    assert conditions.lose(both, SHAKEN).conditions == frozenset({ROUTED})


def test_a_will_test_rolls_1_die_equal_or_above_the_will_value_shaken_included():
    """seed 004, MODELS: "A model asked to roll [a will test] rolls 1 die. To succeed
    it must roll equal to or above its value with that 1 die"; "Robert ... his
    [will] is 5+. He needs to get a result of 5 or more"."""
    robert = Model("a1", "Robert Baratheon", "a", 4)
    shaken = conditions.gain(robert, SHAKEN)

    def will_test(model, face):
        with scripted(face) as dice:
            return conditions.will_test(dice, model, 5)

    assert will_test(robert, 5) == (5, True)
    assert will_test(robert, 4) == (4, False)
    assert will_test(shaken, 6) == (6, False)
    assert will_test(shaken, 10) == (10, True)


def test_tokens_of_a_removed_model_are_discarded():
    """seed 004, ATTACK SEQUENCE step 9: "All [tokens] that might be attached to
    models that are removed from the battlefield are discarded"."""
    state, _ = play(duel(target_conditions={ROUTED}), ATTACK, 9, 9, 9, 1, 1, 1)
    assert state.model("b1").removed == "killed" and state.model("b1").conditions == frozenset()

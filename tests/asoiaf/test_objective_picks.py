"""An objective card's action picking several models (seed 004, OBJECTIVE
CARDS: "A model who controls an objective can, during its activation, use the
action associated with the card attached to the objective"; ABILITIES, the
vocabulary's Target: "chosen by the ability's player among models that meet
`within` and `types`, `count` of them"): one pick per target words (picks.py),
`targets` for a set of `count`. Cards of our own built in the test on
tests/asoiaf/packs/vocabulary, on Village Skirmish's objective at (2, 4); dice
scripted."""

import msgspec
import pytest

from server.rules.asoiaf.cards import engine_shapes
from server.rules.asoiaf.cards.schema import Ability, Objective
from server.rules.asoiaf.cards.vocabulary import (
    ApplyCondition,
    RemoveCondition,
    RestoreWounds,
    Target,
    WillTest,
)
from server.rules.asoiaf.state import Condition, Model, replace
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Command, RulesError
from tests.asoiaf.conftest import mid_round, options, run

SHAKEN = frozenset({Condition.SHAKEN})
FRIEND = Target(who="friendly", within="short_range")
ENEMY = Target(who="enemy", within="short_range")


def _card(pack, *effects) -> Ability:
    action = Ability(name="Muster", timing="command", ap=1, text="(the test's words)",
                     effects=list(effects))
    pack.objectives["Muster Ground"] = Objective(name="Muster Ground", action=action)
    return action


def _table(enemy_square=(4, 4)):
    models = (Model("a1", "Baratheon Warden", "a", 2, square=(2, 4), ap=2, activated=True),
              Model("a2", "Baratheon Warden", "a", 2, square=(3, 4), conditions=SHAKEN),
              Model("b1", "Baratheon Warden", "b", 2, square=enemy_square),
              Model("b2", "Baratheon Warden", "b", 2, square=(5, 5)),
              Model("b9", "Baratheon Warden", "b", 2, square=(12, 12)))
    return mid_round(models, scenario="village_skirmish", rounds=5,
                     objective_cards=((2, 4, "Muster Ground"),),
                     objectives_revealed=frozenset({(2, 4)}))


def _far():
    """No enemy in short range of the objective's model."""
    state = _table(enemy_square=(12, 0))
    return state.with_model(replace(state.model("b2"), square=(12, 2)))


def _use(args):
    return Command("a", "use_objective", {"square": [2, 4], **args})


def test_two_picks_each_touch_their_own_model(vocabulary_pack):
    """"1 friendly model in short range loses its shaken token; 1 enemy model in
    short range becomes shaken" (ours): `pick_1` the friend, `pick_2` the enemy
    (b9, 10 squares away, fits neither); the event keeps `picks` and is
    replayed from them; an enemy the words do not fit is `bad_pick` (seed 004,
    OBJECTIVE CARDS; ABILITIES, the vocabulary's Target)."""
    _card(vocabulary_pack, RemoveCondition(condition="shaken", target=FRIEND),
          ApplyCondition(condition="shaken", target=ENEMY))
    state = _table()
    [option] = options(state, "use_objective")
    assert option.params == {"pick_1": ["a2"], "pick_2": ["b1", "b2"]}
    with pytest.raises(RulesError) as refused:
        SYSTEM.decide(state, _use({"pick_1": "a2", "pick_2": "b9"}), None)
    assert refused.value.code == "bad_pick"
    after, [event] = run(state, "a", "use_objective",
                         {"square": [2, 4], "pick_1": "a2", "pick_2": "b2"})
    assert event.data["picks"] == ["a2", "b2"] and event.data["chosen"] == ""
    assert after.model("a2").conditions == frozenset()
    assert after.model("b2").conditions == SHAKEN and after.model("b1").conditions == set()
    assert SYSTEM.evolve(state, event) == after


def test_two_enemies_picked_each_roll_their_will_test(vocabulary_pack):
    """"2 enemy models in short range must pass a will test or become routed"
    (ours; MODELS: "A model asked to roll [a will test] rolls 1 die. To succeed
    it must roll equal to or above its value", a Warden's 6+): `targets`, a die
    each in the order picked: b1 fails with a 5, b2 passes with a 6."""
    _card(vocabulary_pack, WillTest(
        target=Target(who="enemy", within="short_range", count=2),
        on_failure=[ApplyCondition(condition="routed", target=Target(who="chosen"))]))
    state = _table()
    [option] = options(state, "use_objective")
    assert option.params == {"targets": [["b1", "b2"]]}
    after, [event] = run(state, "a", "use_objective",
                         {"square": [2, 4], "targets": ["b1", "b2"]}, (5, 6))
    assert event.data["chosen"] == ["b1", "b2"] and event.data["will_faces"] == [5, 6]
    assert after.model("b1").conditions == {Condition.ROUTED}
    assert after.model("b2").conditions == frozenset()


def test_a_required_pick_with_nobody_to_pick_keeps_the_action_unoffered(vocabulary_pack):
    """Every effect touches a picked model: with no enemy in short range the
    action is not offered (as War Horn's); with an effect on the model itself
    beside them, a pick nobody fits is left out and touches no one (seed 004,
    OBJECTIVE CARDS; ABILITIES, the vocabulary's Target)."""
    _card(vocabulary_pack, RemoveCondition(condition="shaken", target=FRIEND),
          ApplyCondition(condition="shaken", target=ENEMY))
    assert options(_far(), "use_objective") == []
    _card(vocabulary_pack, RemoveCondition(condition="shaken", target=Target(who="self")),
          RemoveCondition(condition="shaken", target=FRIEND),
          ApplyCondition(condition="shaken", target=ENEMY))
    [option] = options(_far(), "use_objective")
    assert option.params == {"pick_1": ["a2"]}
    after = run(_far(), "a", "use_objective", {"square": [2, 4], "pick_1": "a2"})[0]
    assert after.model("a2").conditions == frozenset()


def test_the_pack_checker_accepts_several_picks_and_still_refuses_a_friends_heal():
    """The engine's predicate (cards/engine_shapes.objective_action) accepts an
    action of several picks; its neighbour restoring a picked friend's wounds
    stays refused in words (objective_actions restores the user's own)."""
    several = Ability(name="Muster", timing="command", ap=1, text=".", effects=[
        RemoveCondition(condition="shaken", target=FRIEND),
        ApplyCondition(condition="shaken", target=Target(who="enemy", count=2))])
    assert engine_shapes.objective_action(several) is None
    heal = msgspec.structs.replace(several, effects=[RestoreWounds(wounds=1, target=FRIEND)])
    assert engine_shapes.objective_action(heal) == (
        "an objective action's 'restore_wounds' restores the wounds of the model using "
        "it ('self') only")

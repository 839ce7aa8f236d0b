"""LUCKY CHARM before the will test of a model an aftermath picked among
several (seed 004, EQUIPMENT TOKENS: LUCKY CHARM "Once per game, discard this
card before rolling any dice for this model. You may change the result of 1 die
to a 10"; MODELS: "A model asked to roll [a will test] rolls 1 die. To succeed it
must roll equal to or above its value"): a `count` 2 pick (params.targets) whose
"chosen" will test each picked model rolls in turn, from an aftermath of our own
built in the test on tests/asoiaf/packs/vocabulary. Dice scripted."""

import msgspec

from server.rules.asoiaf.cards.schema import Ability
from server.rules.asoiaf.cards.vocabulary import ApplyCondition, DealWounds, Target, WillTest
from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.conftest import mid_round, run, send

SHAKEN = frozenset({Condition.SHAKEN})


def _dread(pack):
    """"2 enemy models in short range suffer 1 wound, then each must pass a will
    test or become shaken"."""
    duelist = pack.models["Test Duelist"]
    rapier = msgspec.structs.replace(duelist.attacks[0], aftermath=[Ability(
        name="Dread", timing="aftermath", text="Two enemies around must pass a will test.",
        effects=[DealWounds(wounds=1, target=Target(who="enemy", within="short_range",
                                                    count=2)),
                 WillTest(target=Target(who="chosen"),
                          on_failure=[ApplyCondition(condition="shaken",
                                                     target=Target(who="chosen"))])])])
    pack.models["Test Duelist"] = msgspec.structs.replace(duelist, attacks=[rapier])


def _attacked():
    table = mid_round((Model("a1", "Test Duelist", "a", 2, square=(3, 11), ap=2,
                             activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(4, 11)),
                       Model("b2", "Baratheon Warden", "b", 2, square=(4, 9)),
                       Model("b3", "Baratheon Warden", "b", 2, square=(5, 13),
                             equipment="Lucky Charm")))
    return send(table, "a", "attack", {"mode": 0, "target": "b1", "improvements": []},
                (1, 1))


def _asked_then_used(state, args, faces):
    state, events = run(state, "a", "aftermath", args)
    assert [e.type for e in events] == ["will_test_declared"]
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and decision.options[0].label == "Lucky Charm"
    return send(state, "b", "use_equipment", {"equipment": "Lucky Charm"}, faces)


def test_lucky_charm_is_asked_for_a_model_picked_among_two(vocabulary_pack):
    """b2 and b3 picked (count 2): b3's charm turns its 1 into a 10 (passed),
    b2 fails with a 1.
    (seed 004, LUCKY CHARM: "You may change the result of 1 die to a 10")"""
    _dread(vocabulary_pack)
    state = _asked_then_used(_attacked(), {"ability": "Dread", "targets": ["b2", "b3"]},
                             (1, 1))
    assert state.model("b2").conditions == SHAKEN and state.model("b3").conditions == frozenset()
    assert "b3" in state.spent_equipment
    assert [state.model(u).wounds_left for u in ("b2", "b3")] == [1, 1]

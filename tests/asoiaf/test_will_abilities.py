"""Will abilities (seed 004, ABILITIES): BRAVADO, "1 silver after passing a will
test: one enemy engaged with this model becomes shaken". Dice scripted."""

from dataclasses import replace

from server.rules.asoiaf.state import Condition, Model, Purse
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.conftest import mid_round, run

THORNY_WIT = {"ability": "Thorny Wit", "target": "b1"}


def table(silver=4):
    """Olenna (a) may use Thorny Wit on Jon Connington (b, will 4+), who is engaged
    with a Baratheon Warden of a; b holds `silver`."""
    models = (Model("a1", "Olenna Tyrell", "a", 2, square=(3, 8), ap=2, activated=True),
              Model("a2", "Baratheon Warden", "a", 2, square=(5, 10)),
              Model("b1", "Jon Connington", "b", 3, square=(5, 9)),
              Model("b2", "Baratheon Warden", "b", 2, square=(12, 0)))
    state = mid_round(models)
    return replace(state, purses={**state.purses, "b": Purse(2, silver, 12)})


def test_bravado_after_a_passed_will_test_shakes_an_engaged_enemy_for_a_silver():
    """seed 004, ABILITIES: BRAVADO "1 [silver] after passing a will test: one enemy
    engaged with this model becomes [shaken]"; MODELS: the will test "must roll
    equal to or above its value"."""
    state, _ = run(table(), "a", "ability", THORNY_WIT, (4,))  # 4 against will 4+: passed
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and [o.type for o in decision.options] == [
        "will_ability", "decline_will_ability"]
    assert decision.options[0].params == {"target": ["a2"]}  # engaged: in contact
    state, _ = run(state, "b", "will_ability", {"ability": "Bravado", "target": "a2"})
    assert state.model("a2").conditions == {Condition.SHAKEN}
    assert state.purses["b"].silver == 3 and not state.will_triggers
    assert SYSTEM.prompt(state).decisions[0].seat == "a"  # Olenna's activation goes on


def test_no_bravado_after_a_failed_test_or_without_silver():
    """seed 004, ABILITIES: BRAVADO "after passing a will test"; COINS: it costs 1
    [silver] (ours), which must be paid."""
    failed, _ = run(table(), "a", "ability", THORNY_WIT, (3,))
    assert not failed.will_triggers and failed.model("b1").conditions == {Condition.SHAKEN}
    broke, _ = run(table(silver=0), "a", "ability", THORNY_WIT, (4,))
    assert not broke.will_triggers


def test_a_declined_bravado_spends_nothing():
    """seed 004, ABILITIES: an ability's cost is paid only when it is used."""
    state, _ = run(table(), "a", "ability", THORNY_WIT, (9,))
    state, _ = run(state, "b", "decline_will_ability")
    assert state.purses["b"].silver == 4 and state.model("a2").conditions == frozenset()

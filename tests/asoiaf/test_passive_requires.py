"""Passive abilities with `requires`, and another model's passive changing a
will value (seed 004, ABILITIES: "are passive abilities. These are always
active"; MODELS: "To succeed it must roll equal to or above its value"), from
the test pack tests/asoiaf/packs/vocabulary. Dice scripted."""

from server.rules.asoiaf.state import Model
from tests.asoiaf.conftest import mid_round, run

THORNY_WIT = {"ability": "Thorny Wit", "target": "b1"}  # will test or become shaken


def _olenna_tests(b_card, *others):
    state = mid_round((Model("a1", "Olenna Tyrell", "a", 3, square=(3, 11), ap=2,
                             activated=True),
                       Model("b1", b_card, "b", 2, square=(5, 11)), *others))
    state, _ = run(state, "a", "ability", THORNY_WIT, (4,))
    return state.model("b1").conditions


def test_a_passive_counts_while_its_requirement_holds(vocabulary_pack):
    """COOL HEAD (test pack: "While this model is unengaged, its will is 2
    better"): unengaged, 6+ becomes 4+ and a 4 passes; COMMON GAME TERMS,
    ENGAGED: in contact with an enemy, it stays 6+ and the 4 fails."""
    assert _olenna_tests("Test Scout") == frozenset()
    engaged = _olenna_tests("Test Scout", Model("a2", "Baratheon Warden", "a", 2,
                                                square=(6, 11)))
    assert {c.value for c in engaged} == {"shaken"}


def test_another_models_passive_changes_the_will(vocabulary_pack):
    """BANNER OF COURAGE (test pack: "Friendly models in short range of this
    model have their will 2 better"): a Warden (6+) beside the bannerman passes
    on a 4; far from it, the 4 fails."""
    near = Model("b2", "Test Bannerman", "b", 2, square=(6, 12))
    assert _olenna_tests("Baratheon Warden", near) == frozenset()
    far = Model("b2", "Test Bannerman", "b", 2, square=(12, 0))
    assert {c.value for c in _olenna_tests("Baratheon Warden", far)} == {"shaken"}

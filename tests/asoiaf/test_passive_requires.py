"""Abilities with `requires` (passive, start-of-game, trigger), and another
model's passive changing a will value (seed 004, ABILITIES: "are passive abilities. These are always
active"; MODELS: "To succeed it must roll equal to or above its value"), from
the test pack tests/asoiaf/packs/vocabulary. Dice scripted."""

from server.rules.asoiaf import charge_terrain, start_of_game
from server.rules.asoiaf.state import Model
from tests.asoiaf.attacking import attack
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


def _scout_and(*others):
    return mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2,
                            activated=True), *others))


def test_a_start_of_game_ability_with_a_requirement(vocabulary_pack):
    """FRONT RANK (test pack: "if this model is engaged, score 1 VP"); seed 004,
    PLAYING THE GAME: abilities "At the Start of the Game" resolve once all
    models are on the battlefield. Engaged (an enemy in contact) it scores."""
    field = charge_terrain.field_of("learn_to_play", ())
    engaged = _scout_and(Model("b1", "Baratheon Warden", "b", 2, square=(4, 11)))
    assert start_of_game.queue(engaged, vocabulary_pack, field).vp["a"] == 1
    alone = _scout_and(Model("b1", "Baratheon Warden", "b", 2, square=(12, 0)))
    assert start_of_game.queue(alone, vocabulary_pack, field).vp["a"] == 0


def test_a_trigger_ability_with_a_requirement(vocabulary_pack):
    """BLOODLUST (test pack: "When this model kills an enemy and is still
    engaged, score 1 VP"); seed 004, ATTACK SEQUENCE step 9 kills the defender:
    with another enemy in contact the scout is still engaged."""
    b1 = Model("b1", "Baratheon Warden", "b", 1, square=(4, 11))
    still = attack(_scout_and(b1, Model("b2", "Baratheon Warden", "b", 2,
                                        square=(3, 12))), "b1", (9, 9, 1, 1))
    assert [t[2] for t in still.triggers] == ["Bloodlust"]
    free = attack(_scout_and(b1, Model("b2", "Baratheon Warden", "b", 2, square=(12, 0))),
                  "b1", (9, 9, 1, 1))
    assert free.model("b1").removed == "killed" and not free.triggers

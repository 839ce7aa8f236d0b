"""A kill by an ability's hits or wounds outside an attack counts as the
ability's model's kill (seed 004, ABILITIES, special trigger abilities: "When
this model kills an enemy"; MOTIVATIONS CARDS: Robert's "When he kills an enemy
champion, he may spend 1 [gold] to score 1 VP"; the vocabulary's `kills_enemy`
trigger), from the test pack tests/asoiaf/packs/vocabulary with HURL SPEAR ("1
enemy model in short range suffers 2 hits") given to its killer. Dice scripted."""

import msgspec

from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.conftest import mid_round, run, send

SPEAR = {"ability": "Hurl Spear", "target": "b1"}
SHAKEN = frozenset({Condition.SHAKEN})  # rolls its defence at -2: two 1s block nothing


def _with_spear(pack, card: str) -> None:
    """The test's card also knows HURL SPEAR (only for this test's pack copy)."""
    model = pack.models[card]
    pack.models[card] = msgspec.structs.replace(model,
                                                abilities=[*model.abilities, "Hurl Spear"])


def test_a_kill_by_an_ability_sets_off_the_killers_kills_enemy_trigger(vocabulary_pack):
    """BLOODLUST (test pack: "When this model kills an enemy and is still engaged,
    score 1 VP"): the Scout's HURL SPEAR kills the Warden outside any attack."""
    _with_spear(vocabulary_pack, "Test Scout")
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2, activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(6, 11),
                             conditions=SHAKEN),
                       Model("b2", "Baratheon Warden", "b", 2, square=(3, 12))))
    state, [event] = run(state, "a", "ability", SPEAR, (1, 1))
    assert state.model("b1").removed == "killed" and state.killers == (("b1", "a1"),)
    [decision] = SYSTEM.prompt(state).decisions
    assert decision.seat == "a" and [o.args.get("ability") for o in decision.options
                                     if o.type == "trigger_ability"] == ["Bloodlust"]
    vp = state.vp["a"]
    state = send(state, "a", "trigger_ability", {"ability": "Bloodlust"})
    assert state.vp["a"] == vp + 1 and state.active_model == "a1"


def test_a_kill_by_an_ability_sets_off_the_heros_alive_side(vocabulary_pack):
    """MOTIVATIONS CARDS, the Alive side: the Test Lord's SPOILS ("When he kills an
    enemy, spend 1 gold: gain 2 silver ...") is offered after his HURL SPEAR kills
    a Warden, as after an attack's kill."""
    _with_spear(vocabulary_pack, "Test Lord")
    state = mid_round((Model("a1", "Test Lord", "a", 3, square=(3, 11), ap=2, activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(6, 11),
                             conditions=SHAKEN),
                       Model("b2", "Baratheon Warden", "b", 2, square=(12, 0))))
    state, _ = run(state, "a", "ability", SPEAR, (1, 1))
    assert state.model("b1").removed == "killed" and state.pending == (("a", "a1", "Spoils"),)
    [decision] = SYSTEM.prompt(state).decisions
    assert decision.seat == "a" and "use_motivation" in [o.type for o in decision.options]
    silver = state.purses["a"].silver
    state = send(state, "a", "use_motivation")  # its draw takes the top card: no die
    assert state.purses["a"].silver == silver + 2 and state.pending == ()


def test_a_kill_by_nobody_is_no_models_kill(vocabulary_pack):
    """Terrain on entry deals its wounds from no model (MOVE ACTION: "the effect
    applies immediately"): a Warden dying in the bonfire is nobody's kill."""
    from tests.asoiaf.test_terrain_entry import move, village

    state, _ = move(village((10, 7), wounds=1), (10, 9))
    assert state.model("a1").removed == "killed" and state.killers == ()

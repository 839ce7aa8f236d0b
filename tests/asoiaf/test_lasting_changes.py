"""Changes an ability makes that outlast it (lasting.py; the vocabulary's
modify_value "while `until` lasts" and modify_roll; seed 004, THE END PHASE:
"Some game effects that last until the end of the round are removed"), from
the test pack tests/asoiaf/packs/vocabulary. Dice scripted."""

from server.rules.asoiaf import charge_terrain, lasting, passives
from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Viewer
from tests.asoiaf.conftest import mid_round, run, send

DAGGER = {"mode": 0, "target": "b1", "improvements": []}
FAR = Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))
FIELD = charge_terrain.field_of("learn_to_play", ())


def test_an_aftermath_worsens_the_defence_for_the_round(vocabulary_pack):
    """SUNDER (test pack: "The defender's defence is 1 worse until the end of the
    round"): seed 004, ATTACK SEQUENCE step 7; the next attack's 5 no longer
    blocks against the Warden (5+ made 6+); the round's end removes it."""
    state = mid_round((Model("a1", "Test Javelineer", "a", 2, square=(3, 11), ap=2,
                             activated=True),
                       Model("b1", "Baratheon Warden", "b", 3, square=(4, 11)), FAR))
    state = send(state, "a", "attack", DAGGER, (9, 1, 1))  # 1 hit, not blocked
    state = send(state, "a", "aftermath", {"ability": "Sunder"})
    assert state.lasting == (("b1", "value", "defence", 1, "round"),)
    assert passives.value_change(state, vocabulary_pack, FIELD, "b1", "defence") == 1
    _, events = run(state, "a", "attack", DAGGER, (9, 1, 5))
    assert next(e.data for e in events if e.type == "defended")["wounds"] == 1
    assert lasting.forget(state, "activation").lasting == state.lasting
    assert lasting.forget(state, "round").lasting == ()


def test_a_command_ability_gives_a_friend_a_roll_bonus_for_the_round(vocabulary_pack):
    """BATTLE CRY (test pack: "1 friendly model in short range gains +1 to its
    attack rolls until the end of the round"): it outlasts the activation
    (seed 004, PLAYING THE GAME: one model at a time, each its turn)."""
    state = mid_round((Model("a1", "Test Bannerman", "a", 2, square=(3, 11), ap=2,
                             activated=True),
                       Model("a2", "Baratheon Warden", "a", 2, square=(3, 12)), FAR))
    state = send(state, "a", "ability", {"ability": "Battle Cry", "target": "a2"})
    assert passives.roll_modifier(state, vocabulary_pack, FIELD, "a2", "attack") == 1
    assert lasting.forget(state, "activation").lasting == state.lasting
    assert passives.roll_modifier(lasting.forget(state, "round"), vocabulary_pack, FIELD,
                                  "a2", "attack") == 0



def test_the_view_lists_the_lasting_changes(vocabulary_pack):
    """The changes are public, as the abilities that made them (seed 004 hides
    only agendas and objective cards): every viewer's view lists them."""
    state = mid_round((Model("a1", "Test Bannerman", "a", 2, square=(3, 11), ap=2,
                             activated=True),
                       Model("a2", "Baratheon Warden", "a", 2, square=(3, 12)), FAR))
    state = send(state, "a", "ability", {"ability": "Battle Cry", "target": "a2"})
    assert SYSTEM.view(state, Viewer("b"))["lasting"] == [["a2", "roll", "attack", 1,
                                                          "round"]]

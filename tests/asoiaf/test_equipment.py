"""Equipment tokens in play (seed 004, EQUIPMENT TOKENS): the lasting effects of
the token a model carries. Dice scripted."""

from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.conftest import mid_round, options, run

FAR = Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))
HALBERD = {"mode": 0, "target": "b1", "improvements": []}  # a Warden's: 2 dice, 6+


def duel(a_token="", b_token=""):
    return mid_round((Model("a1", "Baratheon Warden", "a", 2, square=(3, 11), ap=2,
                            activated=True, equipment=a_token),
                      Model("b1", "Baratheon Warden", "b", 2, square=(4, 11), equipment=b_token),
                      FAR))


def rolled(state, faces):
    _, events = run(state, "a", "attack", HALBERD, faces)
    return {e.type: e.data for e in events}


def test_the_token_a_warband_entry_names_is_carried_and_heirloom_armor_adds_a_wound():
    """seed 004, EQUIPMENT TOKENS: HEIRLOOM ARMOR "This model gains +1 wound"."""
    state = SYSTEM.initial({"options": {"scenario": "river_ford"}, "warbands": {
        "a": "baratheon-standard-brothers", "b": "baratheon-standard-brothers"}})
    stannis = next(m for m in state.models if m.card == "Stannis Baratheon")
    assert stannis.equipment == "Heirloom Armor" and stannis.wounds_left == 3 + 1


def test_attack_and_defence_tokens_change_their_models_rolls():
    """seed 004, EQUIPMENT TOKENS: STEEL ARROWHEADS "This model gains +1 to attack
    rolls on all attack modes"; CASTLE-FORGED STEEL "This model gains +1 to defence
    rolls" (a natural 10 stays 10)."""
    events = rolled(duel(a_token="Steel Arrowheads"), (5, 4, 1))
    assert events["attack_rolled"]["attack_results"] == [6, 5]
    events = rolled(duel(b_token="Castle-Forged Steel"), (6, 1, 4))  # 1 hit
    assert events["defended"]["defence_results"] == [5]


def test_flask_of_mead_helps_will_tests_and_milk_of_the_poppy_keeps_shaken_away():
    """seed 004, EQUIPMENT TOKENS: FLASK OF MEAD "This model gains +2 to will rolls";
    MILK OF THE POPPY "This model may not become shaken" (THORNY WIT: "must pass a
    will test or become shaken"; a Warden's will is 6+)."""
    def wit(token, face):
        state = mid_round((Model("a1", "Olenna Tyrell", "a", 2, square=(3, 8), ap=2,
                                 activated=True),
                           Model("b1", "Baratheon Warden", "b", 2, square=(5, 8),
                                 equipment=token)))
        state, _ = run(state, "a", "ability", {"ability": "Thorny Wit", "target": "b1"},
                       (face,))
        return state.model("b1").conditions
    assert wit("Flask of Mead", 4) == frozenset() and wit("", 4) == {Condition.SHAKEN}
    assert wit("Milk of the Poppy", 1) == frozenset()


def test_pristine_boots_add_a_square_to_an_infantry_models_move():
    """seed 004, EQUIPMENT TOKENS: PRISTINE BOOTS (+1 square, infantry only)."""
    state = mid_round((Model("a1", "Baratheon Warden", "a", 2, square=(1, 11), ap=2,
                             activated=True, equipment="Pristine Boots"), FAR))
    [move] = options(state, "move")
    assert [5, 11] in move.params["square"] and [6, 11] not in move.params["square"]


def test_heirloom_armors_wound_counts_for_healing_and_for_a_rider_on_foot():
    """seed 004, EQUIPMENT TOKENS: HEIRLOOM ARMOR "This model gains +1 wound";
    MOUNTED CHARACTERS: the infantry model is placed "without any wounds" (our
    reading: its full wounds, the token's included)."""
    state = mid_round((Model("a1", "Rhaegar Targaryen (mounted)", "a", 4, square=(4, 4),
                             ap=2, activated=True, large=True, equipment="Heirloom Armor"),
                       FAR))
    state, _ = run(state, "a", "dismount", {"model": "a1", "square": [4, 4]})
    assert state.model("a1").wounds_left == 4 + 1

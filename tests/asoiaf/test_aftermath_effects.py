"""Aftermaths made of vocabulary effects beyond wounds, conditions given and coins
(seed 004, ATTACK SEQUENCE: "7. If the attacker's attack mode has an aftermath, it
can be used now. Spend the required coin cost, if any. 8. If the defender has an
aftermath ability, it can be used now"), from the test pack
tests/asoiaf/packs/vocabulary. Dice scripted."""

from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.conftest import mid_round, run, send

ROUTED = frozenset({Condition.ROUTED})
AXE = {"mode": 0, "target": "b1", "improvements": []}


def duel(b_card="Baratheon Warden", b_token="", b_conditions=frozenset()):
    return mid_round((Model("a1", "Test Executioner", "a", 2, square=(3, 11), ap=2,
                            activated=True),
                      Model("b1", b_card, "b", 2, square=(4, 11), equipment=b_token,
                            conditions=b_conditions),
                      Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))))


def offered(state):
    decision = SYSTEM.prompt(state).decisions[0]
    return decision.seat, [(o.type, o.args.get("ability")) for o in decision.options]


def test_an_aftermath_will_test_rolls_when_used(vocabulary_pack):
    """TERRIFY (test pack: "The defender must pass a will test or become routed"):
    seed 004, MODELS: "A model asked to roll [a will test] rolls 1 die. To succeed it
    must roll equal to or above its value" (a Warden's 6+)."""
    state = send(duel(), "a", "attack", AXE, (9, 1, 1))  # 1 hit, not blocked
    assert offered(state) == ("a", [("aftermath", "Terrify"), ("aftermath", "Trophy"),
                                    ("decline_aftermath", None)])
    failed, events = run(state, "a", "aftermath", {"ability": "Terrify"}, (4,))
    assert events[0].data == {"ability": "Terrify", "will_faces": [4]}
    assert failed.model("b1").conditions == ROUTED
    passed = send(state, "a", "aftermath", {"ability": "Terrify"}, (7,))
    assert passed.model("b1").conditions == frozenset()


def test_an_aftermath_scoring_vp_for_its_cost(vocabulary_pack):
    """TROPHY (test pack: "1 silver: score 1 VP"): "Spend the required coin cost"."""
    state = send(duel(), "a", "attack", AXE, (9, 1, 1))
    state = send(state, "a", "aftermath", {"ability": "Trophy"})
    assert state.vp["a"] == 1 and state.purses["a"].silver == 3


def test_lucky_charm_is_asked_before_an_aftermaths_will_test(vocabulary_pack):
    """seed 004, LUCKY CHARM: "discard this card before rolling any dice for this
    model. You may change the result of 1 die to a 10": the defender's player is
    asked before TERRIFY's die."""
    state = send(duel(b_token="Lucky Charm"), "a", "attack", AXE, (9, 1))
    state = send(state, "b", "defend", {"abilities": []}, (1,))  # the charm kept
    state = send(state, "a", "aftermath", {"ability": "Terrify"})
    assert offered(state)[0] == "b"
    state = send(state, "b", "use_equipment", {"equipment": "Lucky Charm"}, (1,))
    assert state.model("b1").conditions == frozenset() and "b1" in state.spent_equipment


def test_a_defenders_aftermath_restores_a_wound_and_removes_a_token(vocabulary_pack):
    """SECOND WIND (test pack: "After this model is attacked, it regains 1 wound and
    loses its routed token"): step 8, the defender's aftermath."""
    state = send(duel("Test Sentry", b_conditions=ROUTED), "a", "attack", AXE, (9, 1, 1))
    state = send(state, "a", "decline_aftermath")
    assert offered(state) == ("b", [("aftermath", "Second Wind"),
                                    ("decline_aftermath", None)])
    assert state.model("b1").wounds_left == 1
    state = send(state, "b", "aftermath", {"ability": "Second Wind"})
    assert state.model("b1").wounds_left == 2 and state.model("b1").conditions == frozenset()


def test_an_aftermath_modifier_lasting_the_activation(vocabulary_pack):
    """BATTLE FURY (test pack: "This model gains +1 to its attack rolls until the end
    of its activation"): the vocabulary's modify_roll until "activation"."""
    models = (Model("a1", "Test Herald", "a", 2, square=(3, 11), ap=2, activated=True),
              Model("b1", "Baratheon Warden", "b", 2, square=(4, 11)),
              Model("b9", "Baratheon Warden", "b", 2, square=(12, 0)))
    state = send(mid_round(models), "a", "attack", {"mode": 0, "target": "b1",
                                                    "improvements": []}, (9, 1, 1))
    state = send(state, "a", "aftermath", {"ability": "Battle Fury"})
    assert state.roll_bonuses == (("a1", "attack", 1),)
    assert send(state, "a", "end_activation").roll_bonuses == ()


def test_an_aftermath_aimed_at_a_friend_its_player_picks(vocabulary_pack):
    """RALLYING SHOUT (test pack: "After this model is attacked, 1 friendly model in
    short range loses its shaken token"): step 8, the defender's aftermath, with
    the friend to pick (b2 in short range; b9 too far)."""
    models = (Model("a1", "Baratheon Warden", "a", 2, square=(3, 11), ap=2, activated=True),
              Model("b1", "Test Herald", "b", 2, square=(4, 11)),
              Model("b2", "Baratheon Warden", "b", 2, square=(6, 11),
                    conditions=frozenset({Condition.SHAKEN})),
              Model("b9", "Baratheon Warden", "b", 2, square=(12, 0),
                    conditions=frozenset({Condition.SHAKEN})))
    state = send(mid_round(models), "a", "attack", {"mode": 0, "target": "b1",
                                                    "improvements": []}, (9, 1, 1))
    [use, _] = SYSTEM.prompt(state).decisions[0].options
    assert use.args == {"ability": "Rallying Shout"} and use.params == {"target": ["b2"]}
    state, [event] = run(state, "b", "aftermath", {"ability": "Rallying Shout",
                                                   "target": "b2"})
    assert event.data["target"] == "b2"
    assert state.model("b2").conditions == frozenset()
    assert state.model("b9").conditions == frozenset({Condition.SHAKEN})


def test_an_aftermath_moving_the_model_to_a_square_its_player_picks(vocabulary_pack):
    """STEP BACK (test pack: "After this attack, this model may move up to 2
    squares"), the vocabulary's move_model "free": seed 004, MOVE ACTION, "If a model
    is engaged, it can only move 1 square" does not cut a card's own distance (the
    card wins: ABILITIES); 2 squares at most, onto free squares."""
    models = (Model("a1", "Test Challenger", "a", 2, square=(3, 11), ap=2, activated=True),
              Model("b1", "Baratheon Warden", "b", 2, square=(4, 11)),
              Model("b9", "Baratheon Warden", "b", 2, square=(12, 0)))
    state = send(mid_round(models), "a", "attack", {"mode": 0, "target": "b1",
                                                    "improvements": []}, (9, 1, 1))
    [use, _] = SYSTEM.prompt(state).decisions[0].options
    squares = use.params["square"]
    assert [1, 11] in squares and [4, 11] not in squares
    assert all(max(abs(x - 3), abs(y - 11)) <= 2 for x, y in squares)
    state, [event] = run(state, "a", "aftermath", {"ability": "Step Back",
                                                   "square": [1, 11]})
    assert event.data["square"] == [1, 11] and state.model("a1").square == (1, 11)
    assert state.model("a1").ap == 1  # the attack's AP only: the move is the card's

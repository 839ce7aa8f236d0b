"""LUCKY CHARM and BLINDING POWDER on a will test, and BLINDING POWDER declared
with the carrier's own charge (seed 004, EQUIPMENT TOKENS), dice scripted."""

from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.conftest import mid_round, options, run, send

ROUTED = Condition.ROUTED
LOYALLY = {"ability": "Loyally Rebellious", "target": "b1"}  # b1: will test or routed


def table(b_token="", a_token="", b_square=(6, 11), second=None):
    """Yohn Royce (a, active; LOYALLY REBELLIOUS) and a Baratheon Warden b1 (will 6+)."""
    models = [Model("a1", "Yohn Royce", "a", 3, square=(3, 11), ap=2, activated=True,
                    equipment=a_token),
              Model("b1", "Baratheon Warden", "b", 2, square=b_square, equipment=b_token),
              Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))]
    if second:
        models.append(second)
    return mid_round(tuple(models))


def question(state):
    decision = SYSTEM.prompt(state).decisions[0]
    return decision.seat, [(o.type, o.label) for o in decision.options]


def test_lucky_charm_is_asked_before_the_enemys_will_test_and_makes_it_a_10():
    """seed 004, LUCKY CHARM: "Once per game, discard this card before rolling any
    dice for this model. You may change the result of 1 die to a 10"; MODELS: "A
    model asked to roll [a will test] rolls 1 die. To succeed it must roll equal to
    or above its value"; LOYALLY REBELLIOUS: "that enemy must pass 1 [will] test or
    become [routed]"."""
    state, events = run(table(b_token="Lucky Charm"), "a", "ability", LOYALLY)
    assert [e.type for e in events] == ["will_test_declared"]  # nothing rolled yet
    assert state.model("b1").conditions == frozenset() and state.purses["a"].copper == 11
    assert question(state) == ("b", [("use_equipment", "Lucky Charm"),
                                     ("decline_equipment", "")])
    used, events = run(state, "b", "use_equipment", {"equipment": "Lucky Charm"}, (2,))
    assert [e.type for e in events] == ["will_token_answered", "ability_used"]
    assert events[1].data["will_faces"] == [2]  # rolled 2, changed to a 10: passed
    assert used.model("b1").conditions == frozenset()  # its shaken token went with the roll
    assert "b1" in used.spent_equipment and not used.will_declared
    declined = send(state, "b", "decline_equipment", dice=(2,))
    assert declined.model("b1").conditions == frozenset({ROUTED})
    assert "b1" not in declined.spent_equipment


def test_a_spent_lucky_charm_is_not_asked_again():
    """seed 004, LUCKY CHARM: "Once per game, discard this card"."""
    from dataclasses import replace
    state = replace(table(b_token="Lucky Charm"), spent_equipment=frozenset({"b1"}))
    state, events = run(state, "a", "ability", LOYALLY, (3,))
    assert [e.type for e in events] == ["ability_used"]
    assert state.model("b1").conditions == frozenset({ROUTED})


def test_blinding_powder_on_an_engaged_enemys_will_test():
    """seed 004, BLINDING POWDER: "Once per game, discard this card before an engaged
    enemy model rolls any dice. You may change the result of 1 die to a 1": Yohn
    Royce, in contact with b1, declares it with his own ability (his player is
    asked before the die is rolled); b1 rolls a 9, which becomes a 1."""
    state = send(table(a_token="Blinding Powder", b_square=(4, 11)), "a", "ability",
                 LOYALLY)
    assert question(state) == ("a", [("use_equipment", "Blinding Powder"),
                                     ("decline_equipment", "")])
    state, events = run(state, "a", "use_equipment", {"equipment": "Blinding Powder"}, (9,))
    assert events[-1].data["will_faces"] == [9]
    assert state.model("b1").conditions == frozenset({ROUTED}) and "a1" in state.spent_equipment


def test_an_unengaged_carriers_powder_is_not_asked():
    """seed 004, BLINDING POWDER: "an engaged enemy model": b1 is 3 squares away."""
    state, events = run(table(a_token="Blinding Powder"), "a", "ability", LOYALLY, (9,))
    assert [e.type for e in events] == ["ability_used"]
    assert state.model("b1").conditions == frozenset() and not state.spent_equipment


def test_powder_then_charm_each_player_asked_in_turn():
    """seed 004, LUCKY CHARM and BLINDING POWDER, both discarded before the roll: the
    powder's 1 first, then the charm changes that die to a 10 (as on attack and
    defence rolls: docs/rules/asoiaf.md)."""
    state = send(table(a_token="Blinding Powder", b_token="Lucky Charm", b_square=(4, 11)),
                 "a", "ability", LOYALLY)
    assert question(state)[0] == "b"  # the tested model's own token first
    state = send(state, "b", "use_equipment", {"equipment": "Lucky Charm"})
    assert question(state)[0] == "a"
    state = send(state, "a", "use_equipment", {"equipment": "Blinding Powder"}, (4,))
    assert state.model("b1").conditions == frozenset()  # 4 -> 1 -> 10: passed
    assert state.spent_equipment == {"a1", "b1"}


def test_blinding_powder_is_offered_with_the_carriers_own_charge():
    """seed 004, BLINDING POWDER "before an engaged enemy model rolls any dice":
    the charger is unengaged when it declares, but its target rolls its defence
    in contact with it (CHARGE ACTION: the charge's attack follows its move)."""
    models = (Model("a1", "Robert Baratheon", "a", 4, square=(1, 11), ap=2, activated=True,
                    equipment="Blinding Powder"),
              Model("b1", "Baratheon Warden", "b", 2, square=(4, 11)),
              Model("b9", "Baratheon Warden", "b", 2, square=(12, 0)))
    state = mid_round(models)
    powdered = [o for o in options(state, "charge")
                if o.args.get("equipment") == "Blinding Powder" and o.args["mode"] == 0]
    assert powdered and powdered[0].label.endswith("with Blinding Powder")
    args = {**powdered[0].args, "target": "b1", "square": [3, 11], "improvements": []}
    state, events = run(state, "a", "charge", args, (9, 9, 9, 10, 10, 10))
    defended = next(e.data for e in events if e.type == "defended")
    assert defended["changed_dice"] and 1 in defended["defence_faces"]
    assert "a1" in state.spent_equipment


def test_the_opponents_powder_before_a_wounds_abilitys_will_test():
    """seed 004, BLINDING POWDER "before an engaged enemy model rolls any dice":
    Brandon Stark's OLDEST BROTHER ("spend 4, then pass a [will] test") is a will
    test of a model engaged with Robert, who carries the powder: Robert's player
    is asked before the die, which becomes a 1, and the wounds stay (ABILITIES)."""
    models = (Model("a1", "Robert Baratheon", "a", 4, square=(3, 11), ap=2, activated=True,
                    equipment="Blinding Powder"),
              Model("b1", "Brandon Stark", "b", 3, square=(4, 11)),
              Model("b2", "Stark Sellsword", "b", 2, square=(5, 11)),
              Model("b3", "Stark Sellsword", "b", 2, square=(12, 0)))
    state = send(mid_round(models), "a", "attack",
                 {"mode": 0, "target": "b1", "improvements": []}, (9, 9, 9, 1, 1, 1))
    state = send(state, "b", "wounds_ability", {"ability": "Oldest Brother", "target": "b2"})
    assert question(state) == ("a", [("use_equipment", "Blinding Powder"),
                                     ("decline_equipment", "")])
    state, events = run(state, "a", "use_equipment", {"equipment": "Blinding Powder"}, (9,))
    assert not events[-1].data["passed"] and state.purses["b"].copper == 8
    assert state.model("b1").wounds_left == 0 and state.model("b2").wounds_left == 2

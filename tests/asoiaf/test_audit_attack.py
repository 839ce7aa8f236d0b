"""Audit (issue 31), written from seed 004 and not from the code: the ATTACK
SEQUENCE's ten steps, natural 10s, shaken on every die of the next roll, kill or
capture, freeing a captive, surging forth, attack targets and coins declared
before the roll. Models stand on the open bottom rows of Learn to Play; every
die is scripted and each test quotes its passage."""

import pytest

from server.rules.asoiaf.state import Condition, Model, replace
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Command, RulesError
from tests.asoiaf.conftest import mid_round, options, play, run

SELLSWORD = "Sellsword"  # close 2 dice 5+, defence 6, 2 wounds, no ability
WARDEN = "Baratheon Warden"  # defence 5, 2 wounds
ARCHER = "Stark Archer"  # ranged 2 dice 6+, no ability
YOHN = "Yohn Royce"  # a champion: defence 5, 3 wounds


def duel(attacker=SELLSWORD, target=WARDEN, target_wounds=2, a_square=(3, 11),
         b_square=(4, 11), extra=(), **fields):
    models = (Model("a1", attacker, "a", 2, square=a_square, ap=2, activated=True),
              Model("b1", target, "b", target_wounds, square=b_square), *extra)
    return mid_round(models, **fields)


def strike(state, *faces, target="b1", mode=0, improvements=()):
    return play(state, Command("a", "attack", {"mode": mode, "target": target,
                                               "improvements": list(improvements)}), *faces)


def shaken(state, uid):
    return state.with_model(replace(state.model(uid), conditions=frozenset({Condition.SHAKEN})))


def step(state):
    return state.attack.step if state.attack else None


def test_a_die_equal_to_the_attack_value_hits():
    """ATTACK SEQUENCE step 3: "Each die result equal or above the attack value is a
    hit"; step 5: "Each [die] scoring equal or above their [defence] blocks 1 hit";
    step 6: "Each unblocked hit causes the defender to suffer 1 [wound]"."""
    state, events = strike(duel(), 5, 4, 4)
    assert events[0].data["hits"] == 1
    assert events[1].data["defence_faces"] == [4] and events[1].data["wounds"] == 1
    assert state.model("b1").wounds_left == 1


def test_the_defender_rolls_one_die_per_hit():
    """Step 5: "The defender rolls as many dice as hits received"."""
    _, events = strike(duel(), 7, 9, 5, 1)
    assert events[0].data["hits"] == 2 and len(events[1].data["defence_faces"]) == 2


def test_no_hit_no_defence_roll():
    """Step 5 rolls "as many dice as hits received": none for none."""
    state, events = strike(duel(), 1, 2)
    assert [e.type for e in events] == ["attack_rolled"]
    assert state.model("b1").wounds_left == 2


def test_an_attack_natural_10_causes_one_extra_hit():
    """"Any attack [die] that rolled a natural 10 causes 1 extra hit to the
    defender"."""
    _, events = strike(duel(), 10, 1, 1, 1)
    assert events[0].data["hits"] == 2


def test_a_defence_natural_10_blocks_whatever_the_modifiers():
    """"Any defense that rolled a natural 10 successfully blocks 1 hit, regardless
    of any modifiers" — a shaken defender's 10 stays a block."""
    state = shaken(duel(), "b1")
    state, events = strike(state, 8, 1, 10)
    assert events[1].data["wounds"] == 0 and state.model("b1").wounds_left == 2


def test_shaken_takes_two_from_every_attack_die_but_a_natural_10():
    """MODEL TOKENS: "a model subtracts 2 to every die result during the model's next
    roll (excluding a natural 10). After this roll is made, remove the [token]":
    5 becomes 3 (a miss), 10 stays 10 (a hit and its extra hit)."""
    state = shaken(duel(), "a1")
    state, events = strike(state, 5, 10, 1, 1)
    assert events[0].data["attack_results"] == [3, 10] and events[0].data["hits"] == 2
    assert Condition.SHAKEN not in state.model("a1").conditions


def test_shaken_takes_two_from_every_defence_die_then_goes():
    """MODEL TOKENS: "subtracts 2 to every die result during the model's next roll":
    the Warden's 6 and 5 (defence 5+) become 4 and 3, two wounds; the token goes."""
    state = shaken(duel(), "b1")
    state, events = strike(state, 9, 9, 6, 5)
    assert events[1].data["defence_results"] == [4, 3] and events[1].data["wounds"] == 2
    assert state.model("b1").removed == "killed"


def test_the_shaken_token_lasts_one_roll_only():
    """"After this roll is made, remove the [token]": the second attack's dice count
    in full."""
    state = shaken(duel(target_wounds=2, extra=()), "a1")
    state, _ = strike(state, 6, 1)  # 4: a miss, the token goes
    state, events = strike(state, 5, 1, 1)
    assert events[0].data["attack_results"] == [5, 1] and events[0].data["hits"] == 1


def test_a_soldier_out_of_wounds_is_killed_and_removed_with_its_tokens():
    """Step 9: "Soldiers that have lost all [wounds] are killed. They are removed from
    the battlefield"; "All [tokens] ... attached to models that are removed from the
    battlefield are discarded"."""
    state = duel(target_wounds=1)
    state = state.with_model(replace(state.model("b1"), conditions=frozenset({Condition.ROUTED})))
    state, _ = strike(state, 6, 1, 2)
    b1 = state.model("b1")
    assert b1.removed == "killed" and b1.square is None and not b1.conditions
    assert state.at((4, 11)) is None


def test_a_champion_downed_in_close_combat_is_killed_or_captured_by_choice():
    """Step 9: "Champions and heroes that have lost all [wounds] because of a
    closecombat attack can either be killed or captured. The attacker chooses";
    CAPTURED: "The captured model remains alive with 1 [wound] left but is removed
    from the battlefield ... Place a [capture token] on the model that captured"."""
    state = duel(target=YOHN, target_wounds=1)
    state, _ = strike(state, 6, 1, 1)
    assert step(state) == "removal"
    seat, = {d.seat for d in SYSTEM.prompt(state).decisions}
    assert seat == "a"
    state, _ = run(state, "a", "remove", {"removal": "captured"})
    yohn = state.model("b1")
    assert yohn.removed == "captured" and yohn.wounds_left == 1 and yohn.square is None
    assert state.model("a1").captive == "b1"


def test_a_ranged_attack_never_captures():
    """Step 9 offers capture for "a closecombat attack" only; CAPTURED: "When a
    champion or hero would be killed by a close-combat attack"."""
    state = duel(attacker=ARCHER, target=YOHN, target_wounds=1, b_square=(8, 11))
    state, _ = strike(state, 6, 1, 1)
    assert state.model("b1").removed == "killed" and step(state) != "removal"


def test_a_model_holds_one_capture_token_so_it_kills_the_second():
    """CAPTURED: "A model may only have 1 [capture token] at any given moment"."""
    held = Model("b9", "Renly Baratheon", "b", 1, removed="captured")
    state = duel(target=YOHN, target_wounds=1, extra=(held,))
    state = state.with_model(replace(state.model("a1"), captive="b9"))
    state, _ = strike(state, 6, 1, 1)
    assert state.model("b1").removed == "killed" and state.model("a1").captive == "b9"


def test_a_captor_killed_frees_its_captive_on_its_square_before_any_surge():
    """CAPTURED: "When a model with [a capture token] is killed, before surging forth,
    place their captured champion or hero on the model's square, not activated and
    with 1 [wound] left"."""
    captive = Model("a9", YOHN, "a", 1, removed="captured", activated=True)
    captor = Model("b1", WARDEN, "b", 1, square=(4, 11), captive="a9")
    models = (Model("a1", SELLSWORD, "a", 2, square=(3, 11), ap=2, activated=True),
              captor, captive, Model("b2", WARDEN, "b", 2, square=(12, 0)))
    state = mid_round(models)
    state = state.with_model(replace(state.model("b1"), captive="a9"))
    state, _ = strike(state, 6, 1, 1)
    freed = state.model("a9")
    assert freed.square == (4, 11) and freed.wounds_left == 1 and not freed.activated
    assert not freed.removed
    assert step(state) is None  # the square is taken again: nothing to surge into


def test_an_unengaged_attacker_may_surge_into_the_square_left():
    """Step 10: "An unengaged attacker may surge forth 1 square into a square
    previously occupied by the model killed by the current attack action"."""
    far = Model("b2", WARDEN, "b", 2, square=(12, 0))  # (so b is not wiped out)
    state, _ = strike(duel(target_wounds=1, extra=(far,)), 6, 1, 1)
    assert step(state) == "surge"
    surge = options(state, "surge")
    assert [list(sq) for sq in surge[0].params["square"]] == [[4, 11]]
    state, _ = run(state, "a", "surge", {"square": [4, 11]})
    assert state.model("a1").square == (4, 11)


def test_an_attacker_still_engaged_does_not_surge():
    """Step 10: "An unengaged attacker may surge forth": another enemy in contact
    keeps it engaged."""
    other = Model("b2", WARDEN, "b", 2, square=(2, 11))
    state, _ = strike(duel(target_wounds=1, extra=(other,)), 6, 1, 1)
    assert step(state) is None and state.model("a1").square == (3, 11)


def test_close_combat_needs_an_enemy_in_contact():
    """ATTACK ACTION: "The [close combat] attack mode can only be used against an
    engaged enemy. They must be in an adjacent square and the two models must share
    LoS"."""
    state = duel(b_square=(5, 11))
    assert not options(state, "attack")
    diagonal = duel(b_square=(4, 10))
    assert [o.params["target"] for o in options(diagonal, "attack")] == [["b1"]]


def test_a_ranged_attack_needs_the_shooter_unengaged():
    """ATTACK ACTION: "The [ranged] attack mode can be used against an enemy at any
    range, as long as the model using [it] is unengaged and has LoS to its target"."""
    far = Model("b2", WARDEN, "b", 2, square=(12, 11))
    state = duel(attacker=ARCHER, b_square=(4, 11), extra=(far,))
    assert not options(state, "attack")
    free = duel(attacker=ARCHER, b_square=(12, 11))
    assert [o.params["target"] for o in options(free, "attack")] == [["b1"]]


def test_a_model_in_the_way_blocks_a_shot():
    """THE BATTLEFIELD: "Blocking elements when determining LoS are: a model, friendly
    or enemy"; "The 1st Guard also blocks LoS to the 2nd Guard"."""
    friend = Model("a2", WARDEN, "a", 2, square=(6, 11))
    state = duel(attacker=ARCHER, a_square=(3, 11), b_square=(9, 11), extra=(friend,))
    assert not options(state, "attack")


def test_coins_for_extra_dice_are_paid_before_the_roll():
    """ATTACK MODES: "For 1 [copper] this model can roll 1 extra die ... a 2nd die for
    another extra 1 ... Spending extra coins must be declared before any dice are
    rolled": 2 copper, 3 dice."""
    state, events = strike(duel(attacker="Stark Sellsword"), 6, 6, 6, 1, 1, 1,
                           improvements=(0, 1))
    assert len(events[0].data["attack_faces"]) == 3
    assert state.purses["a"].copper == 11 - 2


def test_a_charge_moves_then_attacks_for_two_ap():
    """CHARGE ACTION 2: "A charge combines a [move 1] and an ATTACK 1 action ... a
    model must be unengaged and have LoS to its target model ... must perform 1
    [move] action towards its target and, if they become engaged with the target, 1
    ATTACK 1 action"."""
    state = duel(a_square=(3, 11), b_square=(6, 11))
    charges = options(state, "charge")
    assert charges and charges[0].params["target"] == ["b1"]
    option = charges[0]
    args = {**option.args, "target": "b1", "square": [5, 11], "improvements": []}
    state, events = play(state, Command("a", "charge", args), 1, 1)
    assert events[0].type == "charged" and state.model("a1").square == (5, 11)
    assert "attack_rolled" in [e.type for e in events] and state.model("a1").ap == 0


def test_an_engaged_model_cannot_charge():
    """CHARGE ACTION: "To declare a charge, a model must be unengaged"."""
    near = Model("b2", WARDEN, "b", 2, square=(2, 11))
    state = duel(a_square=(3, 11), b_square=(6, 11), extra=(near,))
    assert [o.params["target"] for o in options(state, "charge")] in ([], [["b2"]], [[]])
    assert all("b1" not in o.params.get("target", []) for o in options(state, "charge"))


def test_each_improvement_once_and_in_the_cards_order():
    """ATTACK MODES: "Each such improvement can only be used once for each action";
    PAID BY THE STRIKE: "a 2nd die for another extra 1, a 3rd die for 2 more and
    finally a 4th die" — the same die twice, or the 3rd without the 2nd, is refused
    and nothing is spent."""
    state = duel(attacker="Stark Sellsword")
    for bought in ([0, 0], [1], [0, 2]):
        with pytest.raises(RulesError) as refused:
            SYSTEM.decide(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                         "improvements": bought}), None)
        assert refused.value.code == "illegal_command"
    assert state.purses["a"].copper == 11


def test_a_charge_is_a_close_combat_attack_so_it_may_capture():
    """ATTACK MODES: the close combat mode "is used when a model uses AP to attack in
    close-combat or when they charge"; step 9: champions downed "because of a
    closecombat attack can either be killed or captured"."""
    far = Model("b2", WARDEN, "b", 2, square=(12, 0))
    state = duel(target=YOHN, target_wounds=1, a_square=(3, 11), b_square=(6, 11), extra=(far,))
    option = options(state, "charge")[0]
    state, _ = play(state, Command("a", "charge", {**option.args, "target": "b1",
                                                   "square": [5, 11], "improvements": []}),
                    9, 1, 1)
    assert step(state) == "removal"
    state, _ = run(state, "a", "remove", {"removal": "captured"})
    assert state.model("b1").removed == "captured" and state.model("a1").captive == "b1"


def test_a_charge_towards_a_large_model_may_end_by_any_of_its_squares():
    """CHARGE ACTION: "must perform 1 [move] action towards its target and, if they
    become engaged with the target, 1 ATTACK 1 action"; MODELS: "A large model
    occupies a larger square of 4 mutually adjacent squares" — from (3, 12), (4, 12)
    is nearer Rhaegar's square (5, 11) and in contact with it: a charge may end
    there (the move was measured to his top-left square only)."""
    rhaegar = Model("b1", "Rhaegar Targaryen (mounted)", "b", 4, square=(5, 10), large=True)
    state = duel(a_square=(3, 12), extra=(Model("b2", WARDEN, "b", 2, square=(12, 0)),))
    state = state.with_model(rhaegar)
    ends = {tuple(sq) for o in options(state, "charge") for sq in o.params["square"]}
    assert {(4, 12), (4, 11), (4, 10), (4, 9)} <= ends and (3, 13) not in ends

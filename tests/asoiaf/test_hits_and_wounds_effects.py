"""Hits and wounds dealt by abilities outside the attack sequence and by an
aftermath (the vocabulary's deal_hits: "it rolls a defence die for each, as in
attack step 5"; seed 004, ATTACK SEQUENCE: "The defender rolls as many dice as
hits received ... Each [die] scoring equal or above their [defence] blocks 1
hit"; "Each unblocked hit causes the defender to suffer 1 [wound]"), from the
test pack tests/asoiaf/packs/vocabulary. Dice scripted."""

from server.rules.asoiaf import charge_terrain, start_of_game
from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.conftest import mid_round, run, send

SPEAR = {"ability": "Hurl Spear", "target": "b1"}
FAR = Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))


def _javelineer_and(b1):
    return mid_round((Model("a1", "Test Javelineer", "a", 2, square=(3, 11), ap=2,
                            activated=True), b1, FAR))


def test_a_command_ability_deals_hits_the_target_defends(vocabulary_pack):
    """HURL SPEAR (test pack: "1 enemy model in short range suffers 2 hits"): a
    Warden (defence 5+) blocks the 5, not the 2: 1 wound; the event keeps the
    defence dice and replays them."""
    b1 = Model("b1", "Baratheon Warden", "b", 2, square=(5, 11))
    state, [event] = run(_javelineer_and(b1), "a", "ability", SPEAR, (5, 2))
    assert event.data["will_faces"] == [5, 2]
    assert state.model("b1").wounds_left == 1 and state.model("a1").ap == 1


def test_hits_that_leave_no_wounds_kill_the_model(vocabulary_pack):
    """Seed 004, ATTACK SEQUENCE: a model with no wounds left is killed; a
    shaken model rolls at -2 and then loses the token ("After this roll is made,
    remove the [shaken token]"): two 6s block a steady Warden's hits, not a
    shaken one's."""
    steady = Model("b1", "Baratheon Warden", "b", 2, square=(5, 11))
    state = send(_javelineer_and(steady), "a", "ability", SPEAR, (6, 6))
    assert state.model("b1").wounds_left == 2
    shaken = Model("b1", "Baratheon Warden", "b", 2, square=(5, 11),
                   conditions=frozenset({Condition.SHAKEN}))
    state = send(_javelineer_and(shaken), "a", "ability", SPEAR, (6, 6))
    assert state.model("b1").removed == "killed"


def test_a_large_model_suffers_its_large_hits(vocabulary_pack):
    """HURL SPEAR's "3 for a large model" (the vocabulary's large_hits): a large
    model rolls 3 defence dice."""
    b1 = Model("b1", "Robert Baratheon (mounted)", "b", 5, square=(5, 11))
    _, [event] = run(_javelineer_and(b1), "a", "ability", SPEAR, (9, 9, 1))
    assert event.data["will_faces"] == [9, 9, 1]


def test_a_killed_trigger_wounds_its_killer(vocabulary_pack):
    """DEATH THROES (test pack: "Right before this model is killed, the model
    that killed it suffers 1 wound"): seed 004, ABILITIES, special trigger
    abilities; a killer left with no wounds is killed in turn, and its
    activation ends with it (the other player's turn: PLAYING THE GAME)."""
    state = mid_round((Model("a1", "Baratheon Warden", "a", 1, square=(3, 11), ap=2,
                             activated=True),
                       Model("a2", "Baratheon Warden", "a", 2, square=(8, 3)),
                       Model("b1", "Test Javelineer", "b", 1, square=(4, 11)), FAR))
    state = send(state, "a", "attack", {"mode": 0, "target": "b1", "improvements": []},
                 (9, 9, 1, 1))
    while state.attack:
        [decision] = SYSTEM.prompt(state).decisions
        option = decision.options[-1]  # decline / hold / kill
        state = send(state, decision.seat, option.type, option.args)
    state = send(state, "b", "trigger_ability", {"ability": "Death Throes"})
    assert state.model("a1").removed == "killed" and not state.active_model
    [decision] = SYSTEM.prompt(state).decisions
    assert decision.seat == "b" and [o.type for o in decision.options] == ["activate"]


def test_an_aftermath_deals_a_hit(vocabulary_pack):
    """POISONED BLADE (test pack: "The defender suffers 1 hit"): seed 004,
    ATTACK SEQUENCE step 7, the attacker's aftermath; the Warden's defence die
    (a 3) does not block it."""
    b1 = Model("b1", "Baratheon Warden", "b", 3, square=(4, 11))
    state = send(_javelineer_and(b1), "a", "attack",
                 {"mode": 0, "target": "b1", "improvements": []}, (9, 1, 1))
    assert state.model("b1").wounds_left == 2
    state, events = run(state, "a", "aftermath", {"ability": "Poisoned Blade"}, (3,))
    assert events[0].data["will_faces"] == [3]
    assert state.model("b1").wounds_left == 1


def test_a_start_of_game_ability_deals_a_hit(vocabulary_pack):
    """OPENING VOLLEY (test pack: "At the start of the game, 1 enemy model
    suffers 1 hit"); seed 004, PLAYING THE GAME: abilities "At the Start of the
    Game" resolve before round 1; its player picks the enemy, the die is rolled
    with the answer (a 2 against the Warden's 5+: 1 wound)."""
    b1 = Model("b1", "Baratheon Warden", "b", 2, square=(12, 12))
    field = charge_terrain.field_of("learn_to_play", ())
    state = start_of_game.queue(_javelineer_and(b1), vocabulary_pack, field)
    [option] = [o for o in SYSTEM.prompt(state).decisions[0].options
                if o.type == "start_ability"]
    assert option.args["ability"] == "Opening Volley" and "b1" in option.params["target"]
    state, [event] = run(state, "a", "start_ability", {**option.args, "target": "b1"}, (2,))
    assert event.data["will_faces"] == [2] and state.model("b1").wounds_left == 1


def test_a_trigger_aimed_at_the_trigger_model_and_a_picked_model(vocabulary_pack):
    """RALLY TO ME (test pack: "When an enemy model comes into short range of
    this model, it suffers 1 wound and 1 friendly model in short range loses its
    shaken token"): seed 004, ABILITIES, special trigger abilities; the wound
    goes to the model that came, the token from the friend its player picks."""
    friend = Model("a2", "Baratheon Warden", "a", 2, square=(4, 11),
                   conditions=frozenset({Condition.SHAKEN}))
    models = (Model("b1", "Baratheon Warden", "b", 2, square=(3, 4), ap=2, activated=True),
              Model("a1", "Test Javelineer", "a", 2, square=(3, 10)), friend, FAR)
    state = send(mid_round(models, active="b1", seat="b"), "b", "move", {"square": [3, 7]})
    [decision] = SYSTEM.prompt(state).decisions
    [use] = [o for o in decision.options if o.type == "trigger_ability"]
    assert use.args["ability"] == "Rally to Me" and use.params["target"] == ["a2"]
    state = send(state, "a", "trigger_ability", {"ability": "Rally to Me", "target": "a2"})
    assert state.model("b1").wounds_left == 1
    assert state.model("a2").conditions == frozenset()

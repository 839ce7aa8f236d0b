"""Audit (issue 31), written from seed 004 and not from the code: the edges
between rules — end-of-round effects before the end phase's VP, an agenda scored
"as soon as", a plunder token's agenda, High Ground, shaken on a will test, a
freed captive's activation and the AP an action needs. Each test quotes its
passage; dice are scripted."""

from server.rules.asoiaf.state import Condition, Model, replace
from server.rules.kernel import Command
from tests.asoiaf.conftest import mid_round, options, play, run

W = "Baratheon Warden"  # will 6, defence 5, 2 wounds


def active(uid, card, square, wounds=2, **more):
    return Model(uid, card, "a", wounds, square=square, ap=2, activated=True, **more)


def far(uid="b9"):
    return Model(uid, W, "b", 2, square=(12, 0))


def _end_phase_with_stubborn_commander(use):
    tarly = Model("b1", "Randyll Tarly", "b", 2, square=(8, 12))
    routed = Model("b2", W, "b", 2, square=(9, 12), activated=True,
                   conditions=frozenset({Condition.ROUTED}))
    state = mid_round((active("a1", W, (3, 0)), tarly, routed), copper=(6, 7))
    state, _ = run(state, "a", "end_activation")
    state, _ = run(state, "b", "activate", {"model": "b1"})
    state, _ = run(state, "b", "end_activation")
    if use:
        return run(state, "b", "end_phase_ability", {"ability": "Stubborn Commander",
                                                     "target": "b2"})[0]
    return run(state, "b", "decline_end_phase_ability")[0]


def test_end_of_round_effects_come_before_the_most_copper_vp():
    """THE END PHASE, in order: "Players may use end of round effects. Each model that
    controls an objective scores 1 VP ... The player holding the most [copper]
    scores 1 VP" — STUBBORN COMMANDER's copper, spent first, leaves a ahead (6 to 5);
    declined, the copper is tied (6 to 6) and nobody scores."""
    used = _end_phase_with_stubborn_commander(True)
    assert used.vp == {"a": 1, "b": 0} and Condition.ROUTED not in used.model("b2").conditions
    declined = _end_phase_with_stubborn_commander(False)
    assert declined.vp == {"a": 0, "b": 0}


def test_thrifty_purse_scores_the_moment_the_last_copper_goes():
    """AGENDA CARDS: "allows a player to score 2 VP as soon as they spend their last
    [copper] before their opponent"."""
    state = mid_round((Model("a1", W, "a", 2, square=(3, 0)), far("b1")), copper=(1, 5),
                      active="")
    state = replace(state, agendas={"a": ("Thrifty Purse",), "b": ()})
    state, _ = run(state, "a", "activate", {"model": "a1"})
    assert state.vp["a"] == 2 and ("a", "Thrifty Purse") in state.agendas_played


def test_the_agenda_plunder_token_draws_a_second_hidden_agenda():
    """PLUNDER TOKENS: "[the other] scores 2 VP, draw 1 agenda card (page 13) from your
    remaining cards" — Learn to Play's agenda token at (10, 6)."""
    state = mid_round((active("a1", W, (10, 7)), far("b1")))
    state = replace(state, agendas={"a": ("Thrifty Purse",), "b": ()},
                    agenda_decks={"a": ("Hold the Field", "Raid Their Camp"), "b": ()})
    state, events = run(state, "a", "interact", {"square": [10, 6]})
    assert state.vp["a"] == 2 and state.agendas["a"] == ("Thrifty Purse", "Hold the Field")
    assert events[-1].visible_to == ("a",)  # still hidden from the opponent


def test_high_ground_gives_two_to_attack_rolls_against_models_below():
    """TERRAINS, HIGH GROUND: "Models on High Ground gain +2 to attack rolls against
    enemies not on High Ground" — Learn to Play's hill (9-11, 2-4): the Archer's 4
    (6+ to hit) becomes 6."""
    state = mid_round((active("a1", "Stark Archer", (10, 3)),
                       Model("b1", W, "b", 2, square=(10, 8)), far()))
    state, events = play(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                        "improvements": []}), 4, 3, 1)
    assert events[0].data["attack_results"] == [6, 5] and events[0].data["hits"] == 1


def test_a_shaken_model_loses_two_on_its_will_test_but_not_on_a_natural_10():
    """MODELS: "A model asked to roll [will] rolls 1 die. To succeed it must roll equal
    to or above its value"; MODEL TOKENS: shaken "subtracts 2 to every die result
    during the model's next roll (excluding a natural 10)". LOYALLY REBELLIOUS makes
    the Warden (will 6) shaken, then tests it: 7 fails (routed), 10 passes, and the
    shaken token went with the roll."""
    yohn = active("a1", "Yohn Royce", (3, 11), wounds=3)
    state = mid_round((yohn, Model("b1", W, "b", 2, square=(5, 11)), far()))
    args = {"ability": "Loyally Rebellious", "target": "b1"}
    failed, _ = play(state, Command("a", "ability", args), 7)
    assert failed.model("b1").conditions == frozenset({Condition.ROUTED})
    passed, _ = play(state, Command("a", "ability", args), 10)
    assert passed.model("b1").conditions == frozenset()


def test_a_freed_captive_may_still_activate_this_round():
    """CAPTURED CHAMPIONS AND HEROES: "place their captured champion or hero on the
    model's square, not activated and with 1 [wound] left"."""
    captive = Model("a9", "Yohn Royce", "a", 1, removed="captured", activated=True)
    captor = Model("b1", W, "b", 1, square=(4, 11), captive="a9")
    state = mid_round((active("a1", "Sellsword", (3, 11)), captor, captive, far()))
    state, _ = play(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                   "improvements": []}), 9, 1, 1)
    state, _ = run(state, "a", "end_activation")
    state, _ = run(state, "b", "activate", {"model": "b9"})
    state, _ = run(state, "b", "end_activation")
    assert "a9" in options(state, "activate")[0].params["model"]


def test_an_action_needs_its_ap():
    """LIST OF ACTIONS: "The number is the amount of AP required to perform the
    action": with 1 AP left a model may attack (ATTACK 1) but not charge (CHARGE
    ACTION 2)."""
    one_ap = Model("a1", "Sellsword", "a", 2, square=(3, 11), ap=1, activated=True)
    state = mid_round((one_ap, Model("b1", W, "b", 2, square=(6, 11)),
                       Model("b2", W, "b", 2, square=(2, 11))))
    assert options(state, "attack") and not options(state, "charge")


def test_a_captured_model_loses_its_equipment_for_the_rest_of_the_game():
    """ATTACK SEQUENCE step 9: "Either way they are removed from the battlefield ...
    All [equipment] and [tokens] that might be attached to models that are removed
    from the battlefield are discarded for the rest of the game"; CAPTURED: "The
    captured model ... is removed from the battlefield". Freed, Yohn Royce comes back
    without his Heirloom Weapon."""
    yohn = Model("b1", "Yohn Royce", "b", 1, square=(4, 11), equipment="Heirloom Weapon")
    state = mid_round((active("a1", "Sellsword", (3, 11)), yohn, far()))
    state, _ = play(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                   "improvements": []}), 9, 1, 1)
    state, _ = run(state, "a", "remove", {"removal": "captured"})
    assert state.model("b1").removed == "captured" and state.model("b1").equipment == ""


def test_a_dying_defender_still_ripostes_and_both_fall_at_step_9():
    """ATTACK SEQUENCE: "8. If the defender has an aftermath ability, it can be used
    now" comes before "9. Soldiers that have lost all [wounds] are killed"; MODELS:
    a model out of wounds "at the end of the current action, the model is killed" —
    the Guardsman's EXPERT RIPOSTE kills the attacker too, whose activation ends."""
    guard = Model("b1", "Lannister Guardsman", "b", 1, square=(4, 11))
    state = mid_round((Model("a1", "Sellsword", "a", 1, square=(3, 11), ap=2, activated=True),
                       guard, Model("a2", W, "a", 2, square=(0, 0)), far()))
    state, _ = play(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                   "improvements": []}), 9, 1, 1)
    assert state.attack.step == "defender_aftermath" and not state.model("b1").removed
    state, _ = run(state, "b", "aftermath", {"ability": "Expert Riposte"})
    assert state.model("a1").removed == "killed" and state.model("b1").removed == "killed"
    assert state.attack is None and state.active_model == "" and state.to_act == "b"


def _door_charge(conditions, *faces):
    """a1 charges Village Skirmish's closed cabin door (Wooden Door: 2 dice, 7+)."""
    warden = active("a1", W, (2, 8), conditions=frozenset(conditions))
    state = mid_round((warden, far()), scenario="village_skirmish")
    return run(state, "a", "charge_terrain", {"opening": 0, "square": [2, 6]}, faces)


def test_a_shaken_model_loses_two_on_its_charge_terrain_dice():
    """CHARGE TERRAIN: "If at least 1 die result is equal to or higher than the target
    value ... the charge terrain action is a success"; MODEL TOKENS: shaken
    "subtracts 2 to every die result during the model's next roll (excluding a
    natural 10). After this roll is made, remove the [token]" — the shaken Warden's
    8 becomes 6 and the door holds; unshaken, the 8 breaks it."""
    state, events = _door_charge({Condition.SHAKEN}, 8, 3)
    assert events[0].data["destroyed_into"] == "" and events[0].data["results"] == [6, 1]
    assert Condition.SHAKEN not in state.model("a1").conditions
    state, events = _door_charge((), 8, 3)
    assert events[0].data["destroyed_into"] == "broken"
    state, events = _door_charge({Condition.SHAKEN}, 10, 1)
    assert events[0].data["destroyed_into"] == "broken"  # a natural 10 keeps its 10


def test_the_same_ability_never_stacks_robert_and_two_wardens():
    """ABILITIES: "A model can only benefit from the same ability (with an identical
    name) once at a time ... Robert Baratheon is engaged with the enemy and in
    contact with two Baratheon Wardens from his warband. He only receives +1 to
    rolls since both WARDEN OF THE STAG don't stack" — his defence die of 4 counts 5,
    not 6."""
    robert = Model("b1", "Robert Baratheon", "b", 4, square=(4, 11))
    wardens = (Model("b2", W, "b", 2, square=(5, 11)), Model("b3", W, "b", 2, square=(4, 12)))
    state = mid_round((active("a1", "Sellsword", (3, 11)), robert, *wardens))
    _, events = play(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                    "improvements": []}), 9, 1, 4)
    assert events[1].data["defence_results"] == [5] and events[1].data["wounds"] == 0


def test_an_ability_aimed_at_a_model_does_not_activate_it():
    """ABILITIES: "All abilities that target another friendly or enemy model do not
    activate the target"; "Robert may perform this action even if he has already
    activated. He does not activate by performing this action" — WISE WORDS' move."""
    jon = active("a1", "Jon Arryn", (3, 11), wounds=3)
    state = mid_round((jon, Model("a2", W, "a", 2, square=(5, 11)), far()))
    state, _ = play(state, Command("a", "ability", {"ability": "Wise Words", "target": "a2"}),
                    10)
    state, _ = run(state, "a", "granted_move", {"model": "a2", "square": [7, 11]})
    assert state.model("a2").square == (7, 11) and not state.model("a2").activated
    assert state.model("a2").ap == 0 and state.active_model == "a1"

"""Audit (issue 31), written from seed 004 and not from the code: objectives,
plunder tokens, the agendas scored in the last end phase, the most-captives VP,
mounted characters (dismounting, the mount dying) and the charge's edges. Each
test quotes its passage; dice are scripted."""

from server.rules.asoiaf.state import Condition, Model, Purse, replace
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Command
from tests.asoiaf.conftest import mid_round, options, play, run

W = "Baratheon Warden"
SELLSWORD = "Sellsword"


def last_round(models, agendas, copper=(6, 7), **fields):
    """The last round (1 of 1), a's model active: ending it and b's runs the end phase."""
    state = mid_round(models, rounds=1, copper=copper, **fields)
    return replace(state, agendas=agendas)


def finish(state):
    """a ends its activation, then b activates and ends its model b1."""
    state, _ = run(state, "a", "end_activation")
    if state.to_act == "b":
        state, _ = run(state, "b", "activate", {"model": "b1"})
        state, _ = run(state, "b", "end_activation")
    return state


def active(uid, card, square, **more):
    return Model(uid, card, "a", more.pop("wounds", 2), square=square, ap=2, activated=True,
                 **more)


def test_protect_the_lords_scores_when_no_hero_was_lost():
    """AGENDA CARDS: "allows the player to score 2 VP in the end phase of the last
    round of the battle if none of their heroes have been captured or killed"."""
    models = (active("a1", "Robert Baratheon", (3, 0), wounds=4),
              Model("b1", W, "b", 2, square=(3, 13)))
    state = finish(last_round(models, {"a": ("Protect the Lords",), "b": ()}))
    assert state.vp["a"] == 2 and state.phase.value == "over"
    lost = models + (Model("a2", "Jon Arryn", "a", 0, removed="captured"),)
    state = finish(last_round(lost, {"a": ("Protect the Lords",), "b": ()}))
    assert state.vp["a"] == 0


def test_hold_the_field_needs_more_objectives_than_the_opponent():
    """AGENDA CARDS: "scored in the end phase of the last round of the battle if the
    player who drew the agenda controls more objectives than their opponent" — 2
    objectives against 1 on Village Skirmish: 2 VP besides 1 VP per objective."""
    models = (active("a1", W, (7, 6)), Model("a2", W, "a", 2, square=(2, 4), activated=True),
              Model("b1", W, "b", 2, square=(11, 9)))
    state = finish(last_round(models, {"a": ("Hold the Field",), "b": ()},
                              scenario="village_skirmish"))
    assert state.vp == {"a": 2 + 2, "b": 1}


def test_raid_their_camp_scores_two_soldiers_in_the_enemy_zone():
    """AGENDA CARDS: "the player who drew the agenda scores 2 VP if they have at least
    2 soldier models in any of their opponent's deployment zone(s)" — b's silver zone
    is Learn to Play's rows 11 to 13."""
    models = (active("a1", W, (3, 12)), Model("a2", W, "a", 2, square=(5, 11), activated=True),
              Model("b1", W, "b", 2, square=(12, 0)))
    state = finish(last_round(models, {"a": ("Raid Their Camp",), "b": ()}))
    assert state.vp["a"] == 2
    one = (active("a1", W, (3, 12)), Model("a2", W, "a", 2, square=(5, 9), activated=True),
           Model("b1", W, "b", 2, square=(12, 0)))
    assert finish(last_round(one, {"a": ("Raid Their Camp",), "b": ()})).vp["a"] == 0


def test_cut_off_the_head_needs_every_enemy_character_killed():
    """AGENDA CARDS: "scores 2 VP if they have killed all enemy heroes and champions"
    — a champion captured, not killed, keeps it from scoring."""
    dead = Model("b2", "Yohn Royce", "b", 0, removed="killed")
    models = (active("a1", W, (3, 12)), Model("b1", W, "b", 2, square=(12, 0)), dead)
    assert finish(last_round(models, {"a": ("Cut Off the Head",), "b": ()})).vp["a"] == 2
    held = (active("a1", W, (3, 12), captive="b2"), Model("b1", W, "b", 2, square=(12, 0)),
            replace(dead, removed="captured", wounds_left=1))
    state = finish(last_round(held, {"a": ("Cut Off the Head",), "b": ()}))
    assert state.vp["a"] == 1  # the most-captives VP only


def test_the_player_holding_more_captives_scores_one_vp():
    """CAPTURED CHAMPIONS AND HEROES: "During the end phase, the player with the most
    captured enemy models scores 1 VP"."""
    captive = Model("b2", "Yohn Royce", "b", 1, removed="captured")
    models = (active("a1", W, (3, 12), captive="b2"), Model("b1", W, "b", 2, square=(12, 0)),
              captive)
    state = finish(mid_round(models, copper=(6, 7)))  # copper tied 6-6
    assert state.vp == {"a": 1, "b": 0} and state.round == 2


def test_a_plunder_coin_token_scores_two_vp_gives_a_coin_and_is_removed():
    """PLUNDER TOKENS: "[one] scores 2 VP and gains 1 [coin]"; "When a plunder token
    has been interacted with, it is removed from the battlefield"; INTERACT: "A
    model in contact with an element can interact with it" (Learn to Play's coin
    token at (3, 7); the coin is silver, our recorded reading)."""
    state = mid_round((active("a1", W, (3, 8)), Model("b1", W, "b", 2, square=(12, 13))))
    found = options(state, "interact")
    assert found and [3, 7] in [list(sq) for sq in found[0].params["square"]]
    state, _ = run(state, "a", "interact", {"square": [3, 7]})
    assert state.vp["a"] == 2 and state.purses["a"].silver == 5
    assert (3, 7) in state.plundered and not options(state, "interact")


def test_dismounting_is_a_free_action_onto_one_of_the_four_squares():
    """MOUNTED CHARACTERS: "They can choose to dismount and become infantry as a free
    action at any point during their activation. Remove the mounted model ... and
    place the infantry model on any square previously occupied by the mounted
    version, without any wounds or condition tokens"."""
    robert = active("a1", "Robert Baratheon (mounted)", (3, 11), wounds=2, large=True,
                    conditions=frozenset({Condition.SHAKEN}))
    state = mid_round((robert, Model("b1", W, "b", 2, square=(12, 0))))
    found = options(state, "dismount")
    assert sorted(map(tuple, found[0].params["square"])) == [(3, 11), (3, 12), (4, 11), (4, 12)]
    state, _ = run(state, "a", "dismount", {"model": "a1", "square": [4, 12]})
    rider = state.model("a1")
    assert rider.card == "Robert Baratheon" and not rider.large and rider.square == (4, 12)
    assert rider.wounds_left == 4 and not rider.conditions and rider.ap == 2
    assert not options(state, "dismount")  # "they can't get back on their mount"


def test_a_mount_reduced_to_zero_dies_and_its_rider_is_placed_before_any_surge():
    """MOUNTED CHARACTERS: "If the mounted model's wounds are reduced to 0, only the
    mount dies. The model does not perish ... The infantry model is placed without
    any wounds or condition tokens and before any enemy model surges forth";
    CAPTURED: "Large models cannot be captured"."""
    rhaegar = Model("b1", "Rhaegar Targaryen (mounted)", "b", 1, square=(4, 11), large=True)
    models = (active("a1", SELLSWORD, (3, 11)), rhaegar, Model("b2", W, "b", 2, square=(12, 0)))
    state = mid_round(models)
    state, _ = play(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                   "improvements": []}), 9, 1, 1)
    assert state.attack.step == "dismount"
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and {o.type for o in decision.options} == {"dismount"}
    state, _ = run(state, "b", "dismount", {"model": "b1", "square": [5, 12]})
    rider = state.model("b1")
    assert rider.card == "Rhaegar Targaryen" and rider.wounds_left == 4
    assert not rider.removed and state.model("a1").captive == ""
    if state.attack:  # the attacker is unengaged: it may surge into a square the mount left
        squares = {tuple(sq) for o in options(state, "surge") for sq in o.params["square"]}
        assert squares <= {(4, 11), (4, 12), (5, 11)}


def test_a_second_free_action_costs_one_ap():
    """ABILITY 0: "The 1st time any free action is used during an activation doesn't
    require spending AP. A model may perform other free actions during their
    activation by spending 1 AP for each free action beyond the first": Jon Arryn's
    WISE WORDS 0 twice (will tests passed with 10s, the moves forfeited)."""
    jon = active("a1", "Jon Arryn", (3, 11), wounds=3)
    friend = Model("a2", W, "a", 2, square=(5, 11))
    state = mid_round((jon, friend, Model("b1", W, "b", 2, square=(12, 0))))
    wise = options(state, "ability")
    assert wise, "WISE WORDS is offered"
    args = {**wise[0].args, "target": "a2"}
    state, _ = play(state, Command("a", "ability", args), 10)
    state, _ = run(state, "a", "forfeit_action")
    assert state.model("a1").ap == 2
    state, _ = play(state, Command("a", "ability", args), 10)
    assert state.model("a1").ap == 1


def test_a_charge_that_ends_engaged_with_another_enemy_does_not_attack():
    """CHARGE ACTION: "The charging model must perform 1 [move] action towards its
    target and, if they become engaged with the target, 1 ATTACK 1 action"; MOVE
    ACTION: "enters a square that makes it engaged, it immediately stops" — the
    charge's coins and AP are spent when declared (CHARGE SEQUENCE "4. Spend all
    required coins")."""
    target = Model("b1", W, "b", 2, square=(7, 12))
    blocker = Model("b2", W, "b", 2, square=(5, 13))
    state = mid_round((active("a1", SELLSWORD, (3, 11)), target, blocker))
    charges = [o for o in options(state, "charge") if "b1" in o.params["target"]]
    assert charges
    squares = {tuple(sq) for sq in charges[0].params["square"]}
    assert {(4, 12), (6, 11)} <= squares and (8, 12) not in squares
    state, events = play(state, Command("a", "charge", {**charges[0].args, "target": "b1",
                                                        "square": [4, 12],
                                                        "improvements": []}))
    assert "attack_rolled" not in [e.type for e in events]
    assert state.model("a1").square == (4, 12) and state.model("a1").ap == 0


def test_purse_gold_and_silver_spent_for_good():
    """COINS OF WESTEROS: "once [gold] and [silver] are spent, they're gone for the
    rest of the game" — a plunder's silver stays into the next round."""
    models = (active("a1", W, (3, 8)), Model("b1", W, "b", 2, square=(12, 13)))
    state = mid_round(models, copper=(7, 7))
    state = replace(state, purses={"a": Purse(0, 1, 7), "b": Purse(0, 0, 7)})
    state, _ = run(state, "a", "interact", {"square": [3, 7]})
    state = finish(state)
    assert state.round == 2 and state.purses["a"].silver == 2


def _kill_nemesis(removal):
    yohn = Model("b1", "Yohn Royce", "b", 1, square=(4, 11))
    state = mid_round((active("a1", SELLSWORD, (3, 11)), yohn,
                       Model("b2", W, "b", 2, square=(12, 0))))
    state = replace(state, nemeses=(("a1", "b1", 2),))
    state, _ = play(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                   "improvements": []}), 9, 1, 1)
    return run(state, "a", "remove", {"removal": removal})[0]


def test_killing_a_nemesis_scores_its_vp_capturing_it_does_not():
    """COMMON GAME TERMS, NEMESIS: "A character ... from your opponent's warband whose
    demise is of significance ... Usually, killing a nemesis grants you VP" — a
    captured nemesis "remains alive" (CAPTURED CHAMPIONS AND HEROES)."""
    assert _kill_nemesis("killed").vp["a"] == 2
    assert _kill_nemesis("captured").vp["a"] == 0


def test_protect_the_lords_fails_for_a_hero_captured_and_freed():
    """AGENDA CARDS: "if none of their heroes have been captured or killed" — Jon
    Arryn, captured by b1 and freed when a1 kills b1 ("place their captured
    champion or hero on the model's square"), has been captured all the same."""
    jon = Model("a9", "Jon Arryn", "a", 1, square=(4, 10))
    models = (Model("a1", SELLSWORD, "a", 2, square=(3, 11)), jon,
              Model("b1", SELLSWORD, "b", 1, square=(4, 11), ap=2, activated=True),
              Model("b2", W, "b", 2, square=(12, 0), activated=True))
    state = mid_round(models, rounds=1, copper=(12, 12), active="b1", seat="b")
    state = replace(state, agendas={"a": ("Protect the Lords",), "b": ()})
    state, _ = play(state, Command("b", "attack", {"mode": 0, "target": "a9",
                                                   "improvements": []}), 9, 1, 1)
    state, _ = run(state, "b", "remove", {"removal": "captured"})
    state, _ = run(state, "b", "end_activation")
    state, _ = run(state, "a", "activate", {"model": "a1"})
    state, _ = play(state, Command("a", "attack", {"mode": 0, "target": "b1",
                                                   "improvements": []}), 9, 1, 1)
    assert state.model("a9").square == (4, 11) and not state.model("a9").removed
    state, _ = run(state, "a", "end_activation")
    state, _ = run(state, "a", "activate", {"model": "a9"})
    state, _ = run(state, "a", "end_activation")
    assert state.phase.value == "over"
    assert state.vp == {"a": 0, "b": 1}  # b: the most copper (12 to 10); no agenda

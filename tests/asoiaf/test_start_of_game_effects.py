"""Start-of-game abilities other than a nemesis (seed 004, PLAYING THE GAME: "Once
all models are on the battlefield (or all deployment zones full), players resolve
their abilities triggered At the Start of the Game, starting with the 1st player.
Models that are not on the battlefield can't use these abilities. When done, the
1st round of the game begins"), from the test pack tests/asoiaf/packs/vocabulary."""

from server.rules.asoiaf import charge_terrain, start_of_game
from server.rules.asoiaf.state import Condition, Model, Phase
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.conftest import mid_round, run, send


def last_to_deploy(a_card, b_card="Baratheon Warden", b_square=(3, 12)):
    """b's model on the battlefield; a's `a_card` (the 1st player's) waits to deploy."""
    models = (Model("a1", a_card, "a", 2),
              Model("b1", b_card, "b", 2, square=b_square),
              Model("b2", "Baratheon Warden", "b", 0, removed="killed"))
    return mid_round(models, active="", phase=Phase.DEPLOY)


def deploy_last(state):
    [deploy] = SYSTEM.prompt(state).decisions[0].options
    return send(state, "a", "deploy", {"model": "a1", "square": deploy.params["square"][0]})


def decision(state):
    return SYSTEM.prompt(state).decisions[0]


def test_an_ability_asking_nothing_applies_then_one_that_may_spend_is_asked(vocabulary_pack):
    """WAR CHEST (test pack: "your player gains 2 copper") applies at once; HERALD'S
    BOAST ("you may spend 1 silver to score 1 VP") is the owner's choice, in the
    card's order; then round 1 begins."""
    state = deploy_last(last_to_deploy("Test Quartermaster"))
    assert state.purses["a"].copper == 13  # 11 + 2
    ask = decision(state)
    assert ask.seat == "a" and [o.type for o in ask.options] == [
        "start_ability", "decline_start_ability"]
    assert ask.options[0].args == {"model": "a1", "ability": "Herald's Boast"}
    used, [event] = run(state, "a", "start_ability", ask.options[0].args)
    assert event.type == "start_ability_used"
    assert used.vp["a"] == 1 and used.purses["a"].silver == 3 and not used.start_abilities
    assert decision(used).text == "Your turn."
    declined = send(state, "a", "decline_start_ability")
    assert declined.vp["a"] == 0 and declined.purses["a"].silver == 4


def test_a_condition_on_an_enemy_the_owner_picks(vocabulary_pack):
    """DREAD REPUTATION (test pack: "1 enemy model becomes shaken"): its player picks
    among the enemies on the battlefield (b2 is not); VANGUARD follows in the
    card's order."""
    state = deploy_last(last_to_deploy("Test Outrider"))
    ask = decision(state)
    assert ask.options[0].args["ability"] == "Dread Reputation"
    assert ask.options[0].params == {"target": ["b1"]} and len(ask.options) == 1
    state = send(state, "a", "start_ability", {**ask.options[0].args, "target": "b1"})
    assert state.model("b1").conditions == frozenset({Condition.SHAKEN})
    assert decision(state).options[0].args["ability"] == "Vanguard"


def test_a_move_of_the_model_itself_to_a_square_it_picks(vocabulary_pack):
    """VANGUARD (test pack: "this model may move up to 2 squares"), the vocabulary's
    move_model "free": a move by the MOVE ACTION's rules, 2 squares at most."""
    state = deploy_last(last_to_deploy("Test Outrider"))
    state = send(state, "a", "start_ability", {**decision(state).options[0].args,
                                               "target": "b1"})
    ask = decision(state)
    start = state.model("a1").square
    squares = ask.options[0].params["square"]
    assert squares and all(max(abs(x - start[0]), abs(y - start[1])) <= 2 for x, y in squares)
    assert any(max(abs(x - start[0]), abs(y - start[1])) == 2 for x, y in squares)
    state = send(state, "a", "start_ability", {**ask.options[0].args, "square": squares[0]})
    assert list(state.model("a1").square) == squares[0] and state.model("a1").ap == 0
    assert decision(state).text == "Your turn."


def test_a_choice_with_nobody_to_aim_at_is_not_asked(vocabulary_pack):
    """seed 004, PLAYING THE GAME: only models on the battlefield take part; DREAD
    REPUTATION with no enemy placed aims at nobody, so only VANGUARD is asked."""
    models = (Model("a1", "Test Outrider", "a", 2),
              Model("b2", "Baratheon Warden", "b", 0, removed="killed"))
    state = deploy_last(mid_round(models, active="", phase=Phase.DEPLOY))
    assert [o.args.get("ability") for o in decision(state).options] == ["Vanguard"]


def test_a_will_test_at_the_start_rolls_with_the_answer(vocabulary_pack):
    """CHALLENGE (test pack: "1 enemy model must pass a will test or become
    routed"): seed 004, MODELS: "A model asked to roll [a will test] rolls 1 die. To
    succeed it must roll equal to or above its value" (a Warden's 6+)."""
    state = deploy_last(last_to_deploy("Test Challenger"))
    [ask] = decision(state).options
    assert ask.params == {"target": ["b1"]}
    failed, [event] = run(state, "a", "start_ability", {**ask.args, "target": "b1"}, (5,))
    assert event.data["will_faces"] == [5]
    assert failed.model("b1").conditions == frozenset({Condition.ROUTED})
    passed = send(state, "a", "start_ability", {**ask.args, "target": "b1"}, (6,))
    assert passed.model("b1").conditions == frozenset()


def test_lucky_charm_before_a_start_of_game_will_test(vocabulary_pack):
    """seed 004, LUCKY CHARM: "discard this card before rolling any dice for this
    model": CHALLENGE's target's player is asked first."""
    from dataclasses import replace

    state = last_to_deploy("Test Challenger")
    state = state.with_model(replace(state.model("b1"), equipment="Lucky Charm"))
    state = deploy_last(state)
    state = send(state, "a", "start_ability", {**decision(state).options[0].args,
                                               "target": "b1"})
    assert decision(state).seat == "b"
    state = send(state, "b", "use_equipment", {"equipment": "Lucky Charm"}, (1,))
    assert state.model("b1").conditions == frozenset() and "b1" in state.spent_equipment


def test_a_start_of_game_ability_draws_an_agenda_card(vocabulary_pack):
    """SCHEMER (test pack: "At the start of the game, draw 1 agenda card"):
    seed 004, PLAYING THE GAME (At the Start of the Game); AGENDA CARDS: "kept
    secret": its player is asked, the card drawn in an event only it sees."""
    state = mid_round((Model("a1", "Test Bannerman", "a", 2, square=(3, 11)),
                       Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))),
                      agendas={"a": ("Hold the Field",), "b": ()},
                      agenda_decks={"a": ("Raid Their Camp", "Thrifty Purse"), "b": ()})
    state = start_of_game.queue(state, vocabulary_pack,
                                charge_terrain.field_of("learn_to_play", ()))
    assert state.start_abilities == (("a", "a1", "Schemer"),)
    state, events = run(state, "a", "start_ability", {"model": "a1", "ability": "Schemer"})
    assert [e.type for e in events] == ["start_ability_used", "agenda_drawn"]
    assert events[1].visible_to == ("a",)
    assert state.agendas["a"] == ("Hold the Field", "Raid Their Camp")

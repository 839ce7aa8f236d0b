"""A model card's trigger abilities other than friendly_spent_coin, and end-of-game
abilities (seed 004, ABILITIES: "are special trigger abilities. Each of these has a
specific condition of when it can be used written on its effect. These abilities
never activate a model using the ability or a model targeted by the ability"), from
the test pack tests/asoiaf/packs/vocabulary. Dice scripted."""

from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.attacking import attack
from tests.asoiaf.conftest import mid_round, run, send

SHAKEN = frozenset({Condition.SHAKEN})
FAR = Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))


def asked(state):
    decision = SYSTEM.prompt(state).decisions[0]
    return decision.seat, [(o.type, o.args.get("ability")) for o in decision.options]


def duel(a_card, b_card, b_wounds=1):
    return mid_round((Model("a1", a_card, "a", 2, square=(3, 11), ap=2, activated=True),
                      Model("b1", b_card, "b", b_wounds, square=(4, 11)), FAR))


def test_kills_enemy_is_offered_once_the_attack_is_over(vocabulary_pack):
    """BLOOD PRICE (test pack: "When this model kills an enemy soldier, score 1 VP"),
    the vocabulary's kills_enemy filtered by trigger_types; seed 004, ATTACK
    SEQUENCE step 9 kills the defender."""
    state = attack(duel("Test Executioner", "Baratheon Warden"), "b1", (9, 9, 1, 1))
    assert state.model("b1").removed == "killed" and not state.attack
    assert asked(state) == ("a", [("trigger_ability", "Blood Price"),
                                  ("decline_trigger_ability", None)])
    used, [event] = run(state, "a", "trigger_ability", {"ability": "Blood Price"})
    assert event.type == "trigger_ability_used" and used.vp["a"] == 1
    assert send(state, "a", "decline_trigger_ability").vp["a"] == 0


def test_kills_enemy_skips_a_type_its_card_does_not_name(vocabulary_pack):
    """BLOOD PRICE names soldiers (trigger_types): killing a hero sets nothing off."""
    state = attack(duel("Test Executioner", "Jon Connington"), "b1", (9, 9, 1, 1))
    assert state.model("b1").removed == "killed" and not state.triggers


def test_captures_enemy_when_the_attacker_captures(vocabulary_pack):
    """RANSOM (test pack: "When this model captures an enemy, your player gains 1
    silver"); seed 004, CAPTURED CHAMPIONS AND HEROES: a champion that lost all its
    wounds in close combat may be captured."""
    state = duel("Test Lord", "Jon Connington")
    state = attack(state, "b1", (9, 9, 1, 1), removal="captured")
    assert state.model("b1").removed == "captured"
    assert asked(state) == ("a", [("trigger_ability", "Ransom"),
                                  ("decline_trigger_ability", None)])
    assert send(state, "a", "trigger_ability", {"ability": "Ransom"}).purses["a"].silver == 5


def test_killed_aims_at_the_model_that_killed_it(vocabulary_pack):
    """LAST CURSE (test pack: "Right before this model is killed, the model that
    killed it becomes shaken"), the vocabulary's killed trigger: used though its
    model is gone, as a Deceased side is (seed 004, MOTIVATIONS CARDS)."""
    state = attack(duel("Baratheon Warden", "Test Executioner"), "b1", (9, 9, 1, 1))
    assert asked(state) == ("b", [("trigger_ability", "Last Curse"),
                                  ("decline_trigger_ability", None)])
    state = send(state, "b", "trigger_ability", {"ability": "Last Curse"})
    assert state.model("a1").conditions == SHAKEN


def test_enters_square_when_an_enemy_comes_into_reach(vocabulary_pack):
    """WATCHFUL (test pack: "When an enemy model comes into short range of this
    model, that enemy becomes shaken"): seed 004, COMMON GAME TERMS, short range
    is up to 3 squares; a move inside it that was already inside sets nothing off."""
    models = (Model("a1", "Baratheon Warden", "a", 2, square=(3, 4), ap=2, activated=True),
              Model("b1", "Test Sentry", "b", 2, square=(3, 10)), FAR)
    state = send(mid_round(models), "a", "move", {"square": [3, 7]})
    assert asked(state) == ("b", [("trigger_ability", "Watchful"),
                                  ("decline_trigger_ability", None)])
    state = send(state, "b", "trigger_ability", {"ability": "Watchful"})
    assert state.model("a1").conditions == SHAKEN
    state = send(state, "a", "move", {"square": [3, 8]})  # still in reach: nothing new
    assert not state.triggers


def test_interacts_plunder_on_the_model_that_took_the_token(vocabulary_pack):
    """LOOTER (test pack: "When this model interacts with a plunder token, your
    player gains 1 gold"); seed 004, PLUNDER TOKENS on Learn to Play's (3, 7)."""
    models = (Model("a1", "Test Sentry", "a", 2, square=(3, 6), ap=2, activated=True),
              Model("b1", "Baratheon Warden", "b", 2, square=(12, 12)))
    state = send(mid_round(models, copper=(10, 10)), "a", "interact", {"square": [3, 7]})
    assert asked(state)[1][0] == ("trigger_ability", "Looter")
    state = send(state, "a", "trigger_ability", {"ability": "Looter"})
    assert state.purses["a"].gold == 3


def test_spent_last_copper_before_the_opponent(vocabulary_pack):
    """SPENDTHRIFT (test pack: "When your player spends their last copper before the
    opponent, score 1 VP"); seed 004, ACTIVATING A MODEL: activating costs 1 copper."""
    models = (Model("a1", "Test Sentry", "a", 2, square=(3, 4)),
              Model("b1", "Baratheon Warden", "b", 2, square=(12, 12)))
    state = send(mid_round(models, copper=(1, 5), active=""), "a", "activate", {"model": "a1"})
    assert state.purses["a"].copper == 0
    assert asked(state)[1][0] == ("trigger_ability", "Spendthrift")
    assert send(state, "a", "trigger_ability", {"ability": "Spendthrift"}).vp["a"] == 1


def test_an_end_of_game_ability_in_the_last_end_phase(vocabulary_pack):
    """LEGACY (test pack: "When the game ends, you may spend 1 silver to score 2 VP"):
    seed 004, THE END PHASE of the last round ends the game; it is asked there."""
    models = (Model("a1", "Test Executioner", "a", 2, square=(3, 8), ap=1, activated=True),
              Model("b1", "Baratheon Warden", "b", 2, square=(12, 0), activated=True))
    last = send(mid_round(models, round=4, rounds=4), "a", "end_activation")
    seat, offered = asked(last)
    assert seat == "a" and offered[0] == ("end_phase_ability", "Legacy")
    assert "End of the game" in SYSTEM.prompt(last).decisions[0].text
    state = send(last, "a", "end_phase_ability", {"ability": "Legacy"})
    assert SYSTEM.is_over(state) and state.purses["a"].silver == 3
    declined = send(last, "a", "decline_end_phase_ability")
    assert state.vp["a"] == declined.vp["a"] + 2
    earlier = send(mid_round(models, round=1, rounds=4), "a", "end_activation")
    assert not earlier.end_phase_waiting and earlier.round == 2


def test_a_trigger_aimed_at_a_model_its_player_picks(vocabulary_pack):
    """TERROR SPREADS (test pack: "When this model kills an enemy, 1 enemy model in
    short range becomes shaken"): seed 004, COMMON GAME TERMS, short range is up to
    3 squares; b9 is too far to be picked."""
    models = (Model("a1", "Test Herald", "a", 2, square=(3, 11), ap=2, activated=True),
              Model("b1", "Baratheon Warden", "b", 1, square=(4, 11)),
              Model("b2", "Baratheon Warden", "b", 2, square=(5, 12)), FAR)
    state = attack(mid_round(models), "b1", (9, 9, 1, 1))
    [use, _] = SYSTEM.prompt(state).decisions[0].options
    assert use.type == "trigger_ability" and use.params == {"target": ["b2"]}
    state, [event] = run(state, "a", "trigger_ability",
                         {"ability": "Terror Spreads", "target": "b2"})
    assert event.data["target"] == "b2" and state.model("b2").conditions == SHAKEN

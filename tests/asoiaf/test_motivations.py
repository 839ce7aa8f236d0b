"""Motivations (seed 004, MOTIVATIONS CARDS): Alive and Deceased sides, "may
spend" triggers offered to their player, VP scored at once. Dice scripted."""

from dataclasses import replace

from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.attacking import attack
from tests.asoiaf.conftest import mid_round, send

KILL = (9, 9, 9, 1, 1, 1)  # Robert's Warhammer: 3 hits, 3 failed defences


def duel(target, wounds, gold=(2, 2)):
    large = target.endswith("(mounted)")  # on (2, 3)-(3, 4); infantry on (3, 4)
    models = (Model("a1", "Robert Baratheon", "a", 4, square=(4, 5), ap=2, activated=True),
              Model("b1", target, "b", wounds, square=(2, 3) if large else (3, 4), large=large),
              Model("b2", "Targaryen Honor Guard", "b", 2, square=(12, 12)))
    return mid_round(models, copper=(10, 10), gold=gold)


def test_robert_may_spend_2_gold_to_score_3_vp_when_he_kills_an_enemy_hero():
    """seed 004, MOTIVATIONS CARDS: "When he kills an enemy hero, he may spend 2
    [gold] to score 3 VP"; "VP gained through motivations are scored immediately"."""
    state = attack(duel("Rhaegar Targaryen", 1, gold=(2, 0)), "b1", KILL)
    assert state.model("b1").removed == "killed"
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "a" and "Slayer of Heroes" in decision.text
    assert [o.type for o in decision.options] == ["use_motivation", "decline_motivation"]
    state = send(state, "a", "use_motivation")
    assert state.vp["a"] == 3 and state.purses["a"].gold == 0
    assert not state.pending  # the attack goes on: Robert may surge forth (step 10)
    assert [o.type for o in SYSTEM.prompt(state).decisions[0].options] == ["surge", "hold"]


def test_a_declined_motivation_spends_and_scores_nothing():
    """seed 004, MOTIVATIONS CARDS: "he may spend" — a choice."""
    state = attack(duel("Rhaegar Targaryen", 1, gold=(2, 0)), "b1", KILL)
    state = send(state, "a", "decline_motivation")
    assert state.vp["a"] == 0 and state.purses["a"].gold == 2 and not state.pending


def test_a_killed_hero_flips_to_its_deceased_side_which_scores_for_its_player():
    """seed 004, MOTIVATIONS CARDS: "Right before a hero would be killed, flip their
    motivation card to the "Deceased" side. This side is used immediately and allows
    the controlling player to score VP even if the hero was removed from play"."""
    state = attack(duel("Rhaegar Targaryen", 1), "b1", KILL)
    assert state.deceased == {"b1"}
    state = send(state, "a", "decline_motivation")
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and "Rubies in the Trident" in decision.text
    state = send(state, "b", "use_motivation")
    assert state.vp == {"a": 0, "b": 1} and state.purses["b"].gold == 1


def test_a_trigger_needs_its_coins_and_its_target_type():
    """seed 004, MOTIVATIONS CARDS: "When all conditions to score motivations are met
    and the [coin] is spent"; Robert's: "When he kills an enemy champion ... When he
    kills an enemy hero": a soldier killed triggers nothing; without gold, neither."""
    state = attack(duel("Targaryen Honor Guard", 1), "b1", KILL)
    assert state.model("b1").removed == "killed" and not state.pending
    state = attack(duel("Rhaegar Targaryen", 1, gold=(0, 0)), "b1", KILL)
    assert not state.pending


def test_a_captured_hero_keeps_its_alive_side():
    """seed 004, MOTIVATIONS CARDS: the Deceased side is for a hero "killed"; a
    captured hero is not (CAPTURED: "The captured model remains alive")."""
    state = attack(duel("Rhaegar Targaryen", 1), "b1", KILL, removal="captured")
    assert state.model("b1").removed == "captured"
    assert not state.deceased and not state.pending


def test_olenna_may_spend_a_gold_when_a_friend_takes_a_plunder_token():
    """seed 004, PLUNDER TOKENS: "Many abilities and motivations allow you to score
    more VP when interacting with plunder tokens"; Olenna's (ours): "When a friendly
    model interacts with a plunder token, spend 1 gold to score 1 VP"."""
    models = (Model("a1", "Targaryen Honor Guard", "a", 2, square=(3, 6), ap=2,
                    activated=True),
              Model("a2", "Olenna Tyrell", "a", 2, square=(0, 0)),
              Model("b1", "Baratheon Warden", "b", 2, square=(12, 12)))
    state = mid_round(models, copper=(10, 10))
    state = send(state, "a", "interact", {"square": [3, 7]})
    assert state.pending == (("a", "a2", "Spoils of War"),)
    state = send(state, "a", "use_motivation")
    assert state.vp["a"] == 2 + 1 and state.purses["a"].gold == 1


def test_an_attacking_hero_killed_by_a_riposte_flips_to_its_deceased_side():
    """seed 004, MOTIVATIONS CARDS: "Right before a hero would be killed, flip"; ATTACK
    SEQUENCE step 8 (the defender's aftermath, Expert Riposte: "the attacker suffers
    1 wound") and MODELS ("at the end of the current action ... is killed"): Robert's
    Deceased side, A Legend Remembered, is offered to his player."""
    models = (Model("a1", "Robert Baratheon", "a", 1, square=(3, 11), ap=2, activated=True),
              Model("b1", "Lannister Guardsman", "b", 2, square=(4, 11)),
              Model("b2", "Lannister Guardsman", "b", 2, square=(12, 0)),
              Model("a2", "Stark Sellsword", "a", 2, square=(0, 0)))
    state = mid_round(models, copper=(10, 10))
    state = send(state, "a", "attack", {"mode": 0, "target": "b1", "improvements": []},
                 (9, 1, 1, 1))  # 1 hit, 1 failed defence
    assert state.model("b1").wounds_left == 1 and state.attack.step == "defender_aftermath"
    state = send(state, "b", "aftermath", {"ability": "Expert Riposte"})
    assert state.model("a1").removed == "killed" and state.deceased == {"a1"}
    assert state.pending == (("a", "a1", "A Legend Remembered"),)
    state = send(state, "a", "use_motivation")
    assert state.vp["a"] == 1 and state.purses["a"].gold == 1 and state.to_act == "b"


def shaken(uid, card, square, seat="b"):
    return Model(uid, card, seat, 2, square=square, conditions=frozenset({Condition.SHAKEN}))


def test_jon_arryns_deceased_side_steadies_the_friends_near_where_he_fell():
    """seed 004, MOTIVATIONS CARDS: the Deceased side "is used immediately ... even if
    the hero was removed from play"; Jon Arryn's (ours): "When Jon Arryn is killed,
    spend 1 gold: friendly models in short range lose their shaken token" —
    short range of the square he stood on (COMMON GAME TERMS: "up to 3 squares")."""
    state = duel("Jon Arryn", 1, gold=(0, 2))
    state = replace(state, models=state.models + (
        shaken("b3", "Baratheon Warden", (0, 4)), shaken("b4", "Baratheon Warden", (12, 0)),
        shaken("a2", "Baratheon Warden", (1, 3), seat="a")))
    state = attack(state, "b1", KILL)
    assert state.fallen == (("b1", ((3, 4),), "a1"),)
    assert state.pending == (("b", "b1", "The Hand Falls"),)
    state = send(state, "b", "use_motivation")
    assert state.purses["b"].gold == 1 and state.vp == {"a": 0, "b": 0}
    assert state.model("b3").conditions == frozenset()  # 3 squares away: steadied
    assert state.model("b4").conditions == {Condition.SHAKEN}  # far away
    assert state.model("a2").conditions == {Condition.SHAKEN}  # an enemy of Jon's


def test_olennas_poisoned_cup_wounds_her_killer_and_may_kill_it():
    """seed 004, MOTIVATIONS CARDS (Olenna's, ours: "When Olenna is killed, spend 1
    gold: the model that killed her suffers 1 wound"); MODELS: a model with no
    wound left is killed — Robert then flips to his own Deceased side."""
    state = attack(duel("Olenna Tyrell", 1, gold=(0, 2)), "b1", KILL)
    state = send(state, "b", "use_motivation")
    assert state.model("a1").wounds_left == 3 and not state.model("a1").removed
    weak = duel("Olenna Tyrell", 1, gold=(1, 2))
    weak = replace(weak, models=weak.models + (  # a2: so a is not wiped out
        Model("a2", "Baratheon Warden", "a", 2, square=(0, 12)),))
    weak = weak.with_model(replace(weak.model("a1"), wounds_left=1))
    state = attack(weak, "b1", KILL)
    state = send(state, "b", "use_motivation")
    assert state.model("a1").removed == "killed" and state.deceased == {"a1", "b1"}
    assert state.pending == (("a", "a1", "A Legend Remembered"),) and state.attack is None
    state = send(state, "a", "use_motivation")
    assert state.vp["a"] == 1 and state.to_act == "b"  # his activation ended with him


def test_a_hero_never_placed_is_killed_after_round_1_and_flips():
    """seed 004, PLAYING THE GAME: "If a model is not on the battlefield before the 1st
    round's end phase, it is killed"; MOTIVATIONS CARDS: "Right before a hero would
    be killed, flip their motivation card to the "Deceased" side"."""
    models = (Model("a1", "Baratheon Warden", "a", 2, square=(3, 3), ap=1, activated=True),
              Model("b1", "Baratheon Warden", "b", 2, square=(5, 12), activated=True),
              Model("b2", "Jon Arryn", "b", 3))
    state = mid_round(models, copper=(10, 0))  # b cannot pay to place him
    state = send(state, "a", "end_activation")
    assert state.model("b2").removed == "killed" and state.deceased == {"b2"}
    assert state.fallen == (("b2", (), ""),)
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and "The Hand Falls" in decision.text

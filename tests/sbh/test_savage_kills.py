"""Every melee kill by a Savage model is gruesome (seed 000, SAVAGE: "A Savage
model inflicts a gruesome kill just by doubling the opponent's score in melee
(i.e. they don't need to treble it-- every kill counts as gruesome)"; COMBAT
MASTER: "A Savage Combat Master scores Gruesome Kills on all his kill
results"), and only in melee ("the effects of Savage do not apply to ranged
attacks")."""

from __future__ import annotations

from server.rules.sbh.combat import outcome
from tests.sbh.battle import act, battle, fig, first


def morale_testers(events) -> list[str]:
    return [e.data["figure"] for e in events if e.type == "morale_tested"]


def test_a_savage_lethal_kill_of_a_fallen_foe_is_gruesome(dice):
    """seed 000, SAVAGE: "every kill counts as gruesome"; FIGHTING TRANSFIXED OR
    FALLEN OPPONENTS: beaten by one, the fallen foe dies. 3+2+3 = 8 against
    3+4 = 7: a gruesome kill; the friend within Medium tests Morale."""
    state = battle(fig("a1", "Orc Berserker", 3, 3, (5, 5), rules=["Savage"]),
                   fig("b1", "Man", 4, 3, (6, 5), fallen=True),
                   fig("b2", "Man", 4, 3, (8, 5)))
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(3, 4)
    dice.fix(6, 6, 6)  # b2's morale test: passed
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    melee = first(events, "melee").data
    assert melee["totals"] == [8, 7] and melee["result"] == "gruesome"
    assert first(events, "killed").data == {"figure": "b1", "gruesome": True, "by": "a1"}
    assert morale_testers(events) == ["b2"]


def test_a_savage_assassins_kill_by_one_is_gruesome(dice):
    """seed 000, SAVAGE ("every kill counts as gruesome") with ASSASSIN (kills a
    living foe by beating it): 3+4 = 7 against 3+3 = 6."""
    state = battle(fig("a1", "Savage Assassin", 3, 3, (5, 5), rules=["Savage", "Assassin"]),
                   fig("b1", "Man", 4, 3, (6, 5)),
                   fig("b2", "Man", 4, 3, (20, 20)))
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(4, 3)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "melee").data["result"] == "gruesome"
    assert first(events, "killed").data["gruesome"] is True


def test_a_savage_defender_kills_a_fallen_attacker_gruesomely(dice):
    """seed 000, FALLEN MODELS: "if the fallen model loses the combat by one point
    or more, it is killed"; SAVAGE: the Savage winner's kill is gruesome even
    when it defends. 3+4 = 7 against the Savage 3+2(foe fallen)+3 = 8."""
    state = battle(fig("a1", "Man", 3, 3, (5, 5), fallen=True),
                   fig("a2", "Man", 3, 3, (20, 20)),
                   fig("b1", "Orc Berserker", 4, 3, (6, 5), rules=["Savage"]))
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(4, 3)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    melee = first(events, "melee").data
    assert melee["totals"] == [7, 8] and melee["loser"] == "attacker"
    assert melee["result"] == "gruesome"
    assert first(events, "killed").data["gruesome"] is True


def test_a_plain_lethal_kill_is_still_not_gruesome(dice):
    """seed 000, FIGHTING TRANSFIXED OR FALLEN OPPONENTS (unchanged): without
    Savage a fallen foe beaten by one is a plain kill."""
    state = battle(fig("a1", "Man", 3, 3, (5, 5)),
                   fig("b1", "Man", 4, 3, (6, 5), fallen=True),
                   fig("b2", "Man", 4, 3, (20, 20)))
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(3, 4)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "melee").data["result"] == "kill"
    assert first(events, "killed").data["gruesome"] is False


def test_a_savage_win_that_does_not_kill_is_unchanged():
    """seed 000, SAVAGE changes kills only: a Savage winner's win by one over a
    standing foe is still a fall (even die) or a recoil (odd die)."""
    flags = {"defender": {"savage_winner": True}}
    assert outcome(6, 4, 5, 1, loser_flags=flags).result == "fall"
    assert outcome(6, 3, 5, 1, loser_flags=flags).result == "recoil"
    assert outcome(10, 4, 5, 1, loser_flags=flags).result == "gruesome"


def test_a_savage_shooters_lethal_shot_is_a_plain_kill(dice):
    """seed 000, SAVAGE: "the effects of Savage do not apply to ranged attacks":
    a Savage shooter with Lethal (Undead) beating a Skeleton by one kills it
    plainly."""
    state = battle(fig("a1", "Savage Hunter", 3, 3, (2, 5),
                       rules=["Savage", "Shooter (Long)", "Lethal (Undead)"]),
                   fig("b1", "Skeleton", 4, 2, (8, 5), rules=["Undead"]),
                   fig("b2", "Skeleton", 4, 2, (22, 22), rules=["Undead"]))
    dice.fix(6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(4, 2)  # 3+4-2 (missiles against Undead) = 5 against 2+2 = 4
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    shot = first(events, "shot").data
    assert shot["totals"] == [5, 4] and shot["result"] == "kill"
    assert first(events, "killed").data["gruesome"] is False


def test_a_savage_kill_of_a_tough_model_is_final(dice):
    """seed 000, TOUGH (P): "When a Tough model receives a Gruesome Death, it is
    treated as a normal kill -- the model dies"; with SAVAGE every kill is
    gruesome, so a Savage's Lethal kill of a fallen Tough model is not a wound."""
    state = battle(fig("a1", "Orc Berserker", 3, 3, (5, 5), rules=["Savage"]),
                   fig("b1", "Troll", 4, 3, (6, 5), rules=["Tough"], fallen=True),
                   fig("b2", "Troll", 4, 3, (20, 20), rules=["Tough"]))
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(3, 4)  # 3+2+3 = 8 against 3+4 = 7
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "melee").data["result"] == "gruesome"
    assert state.figures["b1"].status == "dead"
    assert "wounded" not in [e.type for e in events]

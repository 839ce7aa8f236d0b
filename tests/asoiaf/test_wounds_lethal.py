"""Wounds abilities before a lethal wound and after an aftermath's (seed 004,
ABILITIES: "are wounds abilities. They can be used anytime a model loses at
least 1 [wound] and before the model would be killed"; OLDEST BROTHER: "right
after they lose a [wound]. They need to spend 4 [copper], then pass a [will]
test to cause a friendly model in contact to suffer any [wounds] that would
otherwise harm them"). Brandon Stark (will 4, OLDEST BROTHER) beside a friendly
Stark Archer; Learn to Play's bonfire on (3, 9): "A model that enters this
square suffers 1 wound". Dice scripted."""

from server.rules.asoiaf.state import Model
from tests.asoiaf.conftest import SYSTEM, mid_round, run, send
from tests.asoiaf.test_aftermath_killers import _backlash

OLDEST = {"ability": "Oldest Brother", "target": "a2"}


def _burnt():
    """Brandon, 1 wound left, walks into the bonfire: the kill is held back."""
    brandon = Model("a1", "Brandon Stark", "a", 1, square=(3, 11), ap=2, activated=True)
    archer = Model("a2", "Stark Archer", "a", 2, square=(2, 9))
    state = mid_round((brandon, archer, Model("b9", "Stark Archer", "b", 2, square=(12, 0))))
    state, _ = run(state, "a", "move", {"square": [3, 9]})
    assert state.model("a1").wounds_left == 0 and state.model("a1").on_battlefield
    assert [o.type for o in SYSTEM.prompt(state).decisions[0].options] == [
        "wounds_ability", "decline_wounds_ability"]
    return state


def test_oldest_brother_is_offered_before_a_terrains_lethal_wound():
    """Passed (5 against 4): the Archer suffers the wound, Brandon lives on
    with his 1 wound where the bonfire stopped him, his activation going on.
    (seed 004, ABILITIES: "before the model would be killed")"""
    state = send(_burnt(), "a", "wounds_ability", OLDEST, (5,))
    assert state.model("a1").wounds_left == 1 and state.model("a1").square == (3, 9)
    assert state.model("a2").wounds_left == 1 and state.wounds_waiting == ()
    assert state.active_model == "a1"


def test_a_declined_or_failed_oldest_brother_lets_the_lethal_wound_kill():
    """Declined, or failed (3 against 4, the copper spent): Brandon is killed
    now, and his activation ends.
    (seed 004, OLDEST BROTHER: "They need to spend 4 [copper], then pass a [will] test")"""
    for command, args, dice in (("decline_wounds_ability", {}, ()),
                                ("wounds_ability", OLDEST, (3,))):
        state = send(_burnt(), "a", command, args, dice)
        assert state.model("a1").removed == "killed" and state.active_model != "a1"
        assert state.model("a2").wounds_left == 2


def _attacked(pack):
    _backlash(pack)
    brandon = Model("a1", "Brandon Stark", "a", 1, square=(3, 11), ap=2, activated=True)
    state = mid_round((brandon, Model("a2", "Stark Archer", "a", 2, square=(2, 11)),
                       Model("b1", "Baratheon Warden", "b", 2, square=(4, 11))))
    state = send(state, "a", "attack", {"mode": 0, "target": "b1", "improvements": []},
                 (1, 1, 1))
    state = send(state, "b", "aftermath", {"ability": "Backlash"})
    assert state.model("a1").wounds_left == 0 and state.attack.step == "removal"
    assert [o.type for o in SYSTEM.prompt(state).decisions[0].options] == [
        "wounds_ability", "decline_wounds_ability"]
    return state


def test_oldest_brother_after_an_aftermaths_wound(vocabulary_pack):
    """Brandon attacks a Warden and misses (three 1s); the Warden's aftermath
    ("every enemy model in contact suffers 1 wound") leaves him none: before
    step 9 he hands the wound to the Archer (6 against 4) and lives; the attack
    then ends."""
    state = send(_attacked(vocabulary_pack), "a", "wounds_ability", OLDEST, (6,))
    assert state.model("a1").wounds_left == 1 and state.model("a2").wounds_left == 1
    assert state.attack is None and state.model("a1").on_battlefield


def test_a_declined_oldest_brother_after_an_aftermath_leaves_step_9_its_kill(
        vocabulary_pack):
    """Declined: step 9 kills Brandon, the Warden his killer.
    (seed 004, ATTACK SEQUENCE: "9. If the defender has no [wounds] left, the attacker
    chooses whether to kill or capture them")"""
    state = send(_attacked(vocabulary_pack), "a", "decline_wounds_ability")
    assert state.model("a1").removed == "killed" and state.attack is None
    assert ("a1", "b1") in state.killers


def test_lucky_charm_is_asked_for_the_wounded_model_not_the_attacks_target(
        vocabulary_pack):
    """seed 004, LUCKY CHARM "discard this card before rolling any dice for this
    model": Brandon's own charm before his OLDEST BROTHER will test after the
    aftermath's wound (not the Warden's, the attack's target): his 1 becomes a
    10, passed."""
    _backlash(vocabulary_pack)
    brandon = Model("a1", "Brandon Stark", "a", 1, square=(3, 11), ap=2, activated=True,
                    equipment="Lucky Charm")
    state = mid_round((brandon, Model("a2", "Stark Archer", "a", 2, square=(2, 11)),
                       Model("b1", "Baratheon Warden", "b", 2, square=(4, 11))))
    state = send(state, "a", "attack", {"mode": 0, "target": "b1", "improvements": []},
                 (1, 1, 1))
    state = send(state, "b", "aftermath", {"ability": "Backlash"})
    state = send(state, "a", "wounds_ability", OLDEST)
    assert SYSTEM.prompt(state).decisions[0].options[0].label == "Lucky Charm"
    state = send(state, "a", "use_equipment", {"equipment": "Lucky Charm"}, (1,))
    assert state.model("a1").wounds_left == 1 and state.model("a2").wounds_left == 1

"""A Cleric's owner chooses whether two successes stand a fallen, wounded friend
up (seed 000, CLERIC (P): "By rolling one or more successes on his Quality roll,
a Cleric heals that many points of Quality loss ... Two successes MAY also be
used to make a fallen model stand up")."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first


def healing_rolled(dice):
    """The Priest rolls two successes on a fallen Knight that has lost 2 Quality."""
    state = battle(fig("a1", "Priest", 3, 2, (5, 5), rules=["Cleric"]),
                   fig("a2", "Knight", 3, 3, (6, 5), wounds=2, fallen=True),
                   fig("b1", "Orc", 4, 3, (20, 20)))
    dice.fix(4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    dice.fix(4, 5, 1)  # the healing roll: two successes
    state, events = act(state, "a", "heal", dice, target="a2", dice=3)
    assert "healed" not in [e.type for e in events]  # (waiting for the choice)
    return state


def test_the_owner_is_asked_with_the_successes_known(dice):
    state = healing_rolled(dice)
    [decision] = SYSTEM.prompt(state).decisions
    assert decision.seat == "a" and "2 successes" in decision.text
    assert [(o.type, o.args) for o in decision.options if o.type == "heal_use"] == [
        ("heal_use", {"stand_up": True}), ("heal_use", {"stand_up": False})]


def test_two_successes_heal_and_the_friend_stays_fallen(dice):
    state, events = act(healing_rolled(dice), "a", "heal_use", dice, stand_up=False)
    healed = first(events, "healed").data
    assert (healed["stood_up"], healed["healed"], healed["dice"]) == (False, 2, [4, 5, 1])
    knight = state.figures["a2"]
    assert knight.fallen and knight.wounds == 0
    assert state.activation.actions == 1  # (the healing's one action spent)


def test_two_successes_stand_the_friend_up(dice):
    state, events = act(healing_rolled(dice), "a", "heal_use", dice, stand_up=True)
    healed = first(events, "healed").data
    assert (healed["stood_up"], healed["healed"]) == (True, 0)
    knight = state.figures["a2"]
    assert not knight.fallen and knight.wounds == 2


@pytest.mark.parametrize("answer", [None, "yes", 1])
def test_anything_but_true_or_false_is_refused(dice, answer):
    state = healing_rolled(dice)
    with pytest.raises(RulesError) as refused:
        act(state, "a", "heal_use", dice, stand_up=answer)
    assert refused.value.code == "illegal_command"

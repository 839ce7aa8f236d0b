"""A transfixed figure casts nothing: seed 000, TRANSFIX ('Until he does so, he
remains Transfixed') and its FAQ 'What can a Transfixed model do?' ('The model
cannot act until he spends two actions to break the spell ... a Transfixed model
cannot do anything else except try to break free of the spell')."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first

SPELLS = ("transfix", "cast_bolt", "entangle", "distract")


def offered(state) -> list[str]:
    return [s.type for s in SYSTEM.prompt(state).decisions[0].options]


def _mage(**state):
    return battle(fig("a1", "Wizard", 3, 1, (6, 5), rules=["Magic-User"], **state),
                  fig("b1", "Orc", 4, 3, (9, 5)),
                  fig("b9", "Shaman", 3, 1, (20, 20), rules=["Magic-User"]))


def test_a_transfixed_magic_user_is_offered_no_spell_and_cannot_cast(dice):
    """seed 000, TRANSFIX FAQ 'What can a Transfixed model do?': 'a Transfixed
    model cannot do anything else except try to break free of the spell'."""
    state = _mage(transfixed_by="b9")
    dice.fix(6, 6, 6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=3, cast=True)
    kinds = offered(state)
    assert "break_free" in kinds and not set(SPELLS) & set(kinds)
    for kind in ("transfix", "cast_bolt"):
        with pytest.raises(RulesError) as refused:
            act(state, "a", kind, dice, target="b1", power=1)
        assert refused.value.code == "illegal_command"
        assert "TRANSFIX" in refused.value.passage


def test_after_breaking_free_the_magic_user_may_cast_with_what_is_left(dice):
    """seed 000, TRANSFIX FAQ: 'The model cannot act until he spends two actions
    to break the spell' -- once free, the third success still casts."""
    state = _mage(transfixed_by="b9")
    dice.fix(6, 6, 6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=3, cast=True)
    state, _ = act(state, "a", "break_free", dice)
    assert not state.figures["a1"].transfixed
    assert "cast_bolt" in offered(state) and "transfix" in offered(state)
    dice.fix(1)  # the orc resists on one die and fails
    state, events = act(state, "a", "transfix", dice, target="b1", power=1)
    assert first(events, "held").data["transfixed"]


def test_a_free_magic_user_still_casts(dice):
    """seed 000, MAGIC: an untransfixed magic-user that declared casting may
    cast (the old behaviour holds)."""
    state = _mage()
    dice.fix(6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1, cast=True)
    assert {"transfix", "cast_bolt"} <= set(offered(state))


@pytest.mark.parametrize("rule, kind", [("Entangle", "entangle"), ("Distract", "distract")])
def test_a_transfixed_entangler_or_distracter_has_no_ability(dice, rule, kind):
    """seed 000, ENTANGLE ('works just like the ability to cast Transfix') and
    seed 001, Distract ('As casting a Transfix spell'): a transfixed figure
    'cannot do anything else except try to break free' (seed 000, TRANSFIX FAQ)."""
    state = battle(fig("a1", "Spider", 3, 4, (2, 5), rules=[rule], transfixed_by="b9"),
                   fig("b1", "Orc", 4, 3, (5, 5)),
                   fig("b9", "Shaman", 3, 1, (20, 20), rules=["Magic-User"]))
    dice.fix(6, 6, 6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=3)
    assert kind not in offered(state)
    with pytest.raises(RulesError) as refused:
        act(state, "a", kind, dice, target="b1", power=1)
    assert "TRANSFIX" in refused.value.passage
    state, _ = act(state, "a", "break_free", dice)
    assert kind in offered(state)  # free again, one action left

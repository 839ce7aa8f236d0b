"""An Amphibious figure may deploy in deep water in its zone (seed 000, DETERMINE
ATTACKER AND DEFENDER: the defender "deploys his troops ... within 1XShort
distance from the table edge"; AMPHIBIOUS: "Amphibious models may cross bogs,
swamps, lakes, and any kind of water terrain"; docs/rules/sbh.md, Set-up)."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, h


def deploying():
    """b defends (deploys first within 4 hexes of the north edge); deep water at
    (3, 1) in its zone; a Merman (Amphibious) and an Orc to place."""
    state = battle(fig("b1", "Merman", 4, 3, (0, 0), rules=["Amphibious"]),
                   fig("b2", "Orc", 4, 3, (1, 0)), fig("a1", "Elf", 3, 3, (4, 19)),
                   terrain={(3, 1): "deep_water"})
    for f in state.figures.values():
        f.pos = None
    state.phase, state.attacker, state.attacker_edge = "deploy", "a", "south"
    return state


def test_the_merman_is_offered_the_deep_water_the_orc_is_not(dice):
    specs = [o for o in SYSTEM.prompt(deploying()).decisions[0].options
             if o.type == "deploy"]
    by_figure = {f: o for o in specs for f in o.params["figure"]}
    assert h(3, 1) in by_figure["b1"].params["to"]
    assert h(3, 1) not in by_figure["b2"].params["to"]
    assert "only it can stand on" in by_figure["b1"].label
    assert "only it can stand on" not in by_figure["b2"].label


def test_the_merman_deploys_in_deep_water_and_the_orc_cannot(dice):
    state, _ = act(deploying(), "b", "deploy", dice, figure="b1", to=h(3, 1))
    assert state.figures["b1"].pos[:2] == (3, 1)
    other = deploying()
    with pytest.raises(RulesError) as refused:
        act(other, "b", "deploy", dice, figure="b2", to=h(3, 1))
    assert refused.value.code == "bad_hex"

"""The odds of an attack on hover, exact over the D12 tables (issue 34)."""

import pytest

from server.rules.kernel import Command, RulesError
from server.rules.sns.system import SYSTEM
from tests.sns.table import table


def test_the_odds_of_a_sword_stroke_count_all_144_rolls():
    """ATTACK ROLL RESULT TABLE "7-12 Hit" at net 0 (Swordsman v Pikeman): 6 faces
    hit; DAMAGE ROLL TABLE with no damage modifier: "9-12+ Killed" is 4 of 12."""
    state = table(("a1", "Swordsman", 100, 100), ("b1", "Pikeman", 100, 90, 180))
    odds = SYSTEM.odds(state, Command("a", "attack", {"figure": "a1", "target": "b1"}))
    ways = {o["result"]: o["ways"] for o in odds["outcomes"]}
    assert odds["total"] == 144 and sum(ways.values()) == 144
    assert ways["miss"] == 6 * 12 and ways["killed"] == 6 * 4
    assert ways["mortally_wounded"] == 6 * 2 and ways["stunned"] == 6 * 1


def test_no_odds_for_what_is_not_an_attack_or_not_allowed():
    state = table(("a1", "Swordsman", 100, 100), ("b1", "Pikeman", 100, 90, 180))
    with pytest.raises(RulesError) as refused:
        SYSTEM.odds(state, Command("a", "end_phase"))
    assert refused.value.code == "no_odds"
    with pytest.raises(RulesError):
        SYSTEM.odds(state, Command("a", "attack", {"figure": "a1", "target": "a1"}))

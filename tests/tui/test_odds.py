"""Which command the highlight leads to (for the server's odds), and the odds
in words."""

from __future__ import annotations

from clients.tui.odds import candidate, odds_words
from clients.tui.picker import Picker

SHOOT = {"seat": "a", "text": "Archer: 2 action(s) left", "options": [
    {"type": "shoot", "label": "Shoot", "args": {},
     "params": {"target": ["b1", "b2"], "aimed": [False, True]}},
    {"type": "regroup", "label": "Regroup", "args": {}, "params": {},
     "subsets": {"members": ["a2"]}}]}


def test_the_highlighted_line_leads_to_a_command_with_the_rest_at_its_defaults():
    picker = Picker(SHOOT, seq=3)
    assert candidate(picker, picker.specs[0]) == ("shoot", {"target": "b1", "aimed": False})
    assert candidate(picker, picker.specs[1]) is None  # (a subset: no telling)
    picker.pick(picker.specs[0])
    assert candidate(picker, "b2") == ("shoot", {"target": "b2", "aimed": False})
    picker.pick("b2")
    assert candidate(picker, True) == ("shoot", {"target": "b2", "aimed": True})


def test_odds_in_words_from_the_defenders_worst_to_the_attackers():
    odds = {"total": 36, "outcomes": [
        {"loser": "defender", "result": "kill", "ways": 3, "probability": 0.0833},
        {"loser": "defender", "result": "recoil", "ways": 6, "probability": 0.1667},
        {"loser": None, "result": "none", "ways": 6, "probability": 0.1667},
        {"loser": "attacker", "result": "fall", "ways": 6, "probability": 0.1667}]}
    assert odds_words(odds, "b1") == ("Odds: b1 killed 8%, recoils 17%; no result 17%; "
                                      "attacker falls 17%")

"""Building rules of SWARM and LETHAL (seed 000)."""

from __future__ import annotations

from server.rules.sbh.builder import normalize


def test_a_swarm_takes_two_or_more_bases():
    """seed 000, SWARM: "A complete Swarm is represented by two or more swarm
    bases ... the "two or more bases in a Swarm" condition must be met at
    deployment". One Swarm of Bats is refused; two Swarms of Rats are one Swarm."""
    warband = {"name": "Vermin", "models": [{"profile": "Swarm Of Bats"},
                                            {"profile": "Swarm Of Rats"},
                                            {"profile": "Swarm Of Rats"}]}
    normalized, problems = normalize(warband)
    assert [(p.code, p.model, p.passage) for p in problems] == [
        ("lone_swarm_base", 0, "seed 000, SWARM")]
    warband["models"].append({"profile": "Swarm Of Bats"})
    normalized, problems = normalize(warband)
    assert problems == [] and len(normalized["models"]) == 4


def test_no_model_is_lethal_against_lethal_models():
    """seed 000, LETHAL: "And no, you may not design a model who is Lethal vs
    Lethal models!"."""
    warband = {"name": "Slayers", "models": [
        {"name": "Slayer-slayer", "quality": 4, "combat": 3, "rules": ["Lethal (Lethal)"]},
        {"name": "Orc-slayer", "quality": 4, "combat": 3, "rules": ["Lethal (Orcs)"]}]}
    _, problems = normalize(warband)
    assert [(p.code, p.model) for p in problems] == [("lethal_vs_lethal", 0)]

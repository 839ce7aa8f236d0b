"""The roster catalog, the point formula and the warband builder
(seed 000, ROSTERS, CHARACTER BUILDING FORMULA, ABILITY (COST), SELECTING FIGURES,
BUILDING A WARBAND)."""

import json

import pytest

from server.cli import main
from server.rules.kernel import Command, RulesError
from server.rules.sbh.builder import from_profiles, normalize
from server.rules.sbh.catalog import load
from server.rules.sbh.points import exact_points, points
from server.rules.sbh.system import SYSTEM

CATALOG = load()


def test_every_profile_is_priced_by_the_formula_except_the_listed_misprints():
    """seed 000, CHARACTER BUILDING FORMULA: ((C*5 + Special Abilities) * (7-Q)) / 2."""
    wrong = {p.name: (p.points, points(p.quality, p.combat, p.rules)) for p in CATALOG.profiles
             if points(p.quality, p.combat, p.rules) != p.points}
    listed = {m.profile: (m.printed, m.computed) for m in CATALOG.misprints.values()}
    assert wrong == listed
    assert all(m.reason.strip() for m in CATALOG.misprints.values())


def test_the_catalog_holds_every_roster_profile():
    """seed 000, ROSTERS: 22 rosters; the Dwarf Cavalry printed twice is listed once."""
    assert len(CATALOG.profiles) == 214
    assert len({p.roster for p in CATALOG.profiles}) == 22
    assert len({p.name.casefold() for p in CATALOG.profiles}) == len(CATALOG.profiles)


def test_parameterised_rules_are_read():
    """seed 000, ROSTERS ('Lethal vs Elves' style parameters) and ABILITY (COST)
    ('Shooter: Long')."""
    ogre = CATALOG.profile("Ogre Elfslayer (Two Handed Weapon)")
    assert [str(r) for r in ogre.rules] == ["Big", "Lethal (Elves)", "Long Move"]
    assert CATALOG.rule("lethal vs undead").param == "Undead"
    assert CATALOG.rule("Shooter: Long").table_name == "Shooter (Long)"


def test_the_ability_table():
    """seed 000, ABILITY (COST)."""
    assert len(CATALOG.abilities) == 134
    assert [CATALOG.ability(f"Shooter ({r})").cost for r in ("Short", "Medium", "Long")] \
        == [2, 4, 7]
    assert CATALOG.ability("Legendary Archer").name == "Legendary Shot"
    assert CATALOG.ability("Gargantuan").cost == 9  # listed at 3 and 9; see sbh-catalog.md
    personalities = {a.name for a in CATALOG.abilities.values() if a.personality}
    assert {"Hero", "Tough", "Leader", "Terror", "Assassin", "Cleric", "Magic-User",
            "Combat Master", "Legendary Shot"} <= personalities


def test_halves_round_up():
    """seed 000, CHARACTER BUILDING FORMULA and ROSTERS: Zombie, Q6 C4 Undead,
    Short Move, Slow: (20 + 3 - 3 - 5) * 1 / 2 = 7.5, printed 8."""
    zombie = CATALOG.profile("Zombie")
    assert exact_points(zombie.quality, zombie.combat, zombie.rules) == 7.5
    assert points(zombie.quality, zombie.combat, zombie.rules) == zombie.points == 8


def test_combat_zero_counts_as_one():
    """seed 000, CHARACTER BUILDING FORMULA and ROSTERS: every Combat 0 profile
    is printed as if C*5 were 1 (Peasant 1, Swarm of Bats 34)."""
    for name, printed in (("Human, Peasant Or Villager (Stick)", 1), ("Human, Child", 1),
                          ("Swarm Of Bats", 34), ("Swarm Of Frogs", 6),
                          ("Halfling Wisewoman (Staff)", 13)):
        p = CATALOG.profile(name)
        assert p.combat == 0 and points(p.quality, 0, p.rules) == p.points == printed


def test_unknown_rule_lists_close_matches():
    """seed 000, ABILITY (COST): names outside the table are refused, with hints."""
    with pytest.raises(RulesError) as error:
        CATALOG.rules("Leader, Shoter (Long)")
    assert error.value.code == "unknown_rule" and "Shooter (Long)" in error.value.message


# -- builder ------------------------------------------------------------------------

def test_a_legal_list_is_priced():
    """seed 000, CHARACTER BUILDING FORMULA; BUILDING A WARBAND (Leader = Personality)."""
    priced, problems = normalize(from_profiles("Goblins", {
        "Goblin Commander (Hand Weapon And Shield)": 1,
        "Goblin Warrior (Hand Weapon And Shield)": 2}))
    assert problems == []
    assert [m["points"] for m in priced["models"]] == [45, 15, 15]
    assert priced["models"][0]["personality"] and not priced["models"][1]["personality"]


def test_every_violation_is_listed_with_its_reason():
    """seed 000, RABBLE ('not ... better than 4'), HEAVY ARMOR ('may not benefit
    from the Stealth rule'), UNERRING AIM ('Only models with the Shooter special
    ability'), CHARACTER BUILDING FORMULA (stated points)."""
    warband = {"name": "Bad", "models": [
        {"name": "Mob", "quality": 3, "combat": 2, "rules": ["Rabble"]},
        {"name": "Knight", "quality": 3, "combat": 3, "rules": ["Heavy Armor", "Stealth",
                                                                "Paladin"]},
        {"name": "Archer", "quality": 4, "combat": 2, "rules": ["Unerring Aim"]},
        {"name": "Imp", "quality": 4, "combat": 1, "rules": ["Evil"], "points": 99},
    ]}
    _, problems = normalize(warband)
    codes = {(p.code, p.model) for p in problems}
    assert codes == {("rabble_quality", 0), ("heavy_armor_stealth", 1),
                     ("needs_shooter", 2), ("wrong_points", 3)}
    assert all(p.passage.startswith("seed 00") for p in problems)


def test_points_limit_personalities_and_paladins():
    """seed 000, SELECTING FIGURES (300 points, one third on Personalities);
    seed 001, Paladin: 'Will not serve with a warband with Evil models'."""
    warband = {"name": "Heavy", "models": [
        {"name": "Lord", "quality": 2, "combat": 5, "rules": ["Leader", "Hero"]},
        {"name": "Paladin", "quality": 3, "combat": 3, "rules": ["Paladin"]},
        {"name": "Imp", "quality": 4, "combat": 1, "rules": ["Evil"]},
    ]}
    _, problems = normalize(warband, limit=150)
    assert {p.code for p in problems} == {"over_points_limit", "too_many_personalities",
                                          "paladin_with_evil"}
    _, problems = normalize(warband, limit=600)
    assert {p.code for p in problems} == {"paladin_with_evil"}


def test_submitting_an_invalid_list_changes_nothing():
    """seed 000, SELECTING FIGURES and RABBLE: every problem is reported at once."""
    state = SYSTEM.initial({"board_size": 24})
    bad = {"name": "X", "models": [{"profile": "Goblin Warior"},
                                   {"name": "Mob", "quality": 2, "combat": 1,
                                    "rules": ["Rabble"]}]}
    with pytest.raises(RulesError) as error:
        SYSTEM.decide(state, Command("a", "submit_list", {"list": bad, "salt": ""}), None)
    assert error.value.code == "invalid_list"
    assert [d["code"] for d in error.value.details] == ["unknown_profile", "rabble_quality"]
    assert "Goblin Warrior" in error.value.details[0]["message"]


def test_rules_known_only_by_their_cost_are_refused_in_a_warband():
    """seed 000, ABILITY (COST) prices supplement rules (Berserk, Summoner...) whose
    text we do not have; seed 001 gives Summoner as 'May summon creatures (p. 9,
    SoG&D)'. The builder says so rather than letting a rule do nothing."""
    warband = {"name": "Odd", "models": [
        {"name": "Raver", "quality": 4, "combat": 3, "rules": ["Berserk"]},
        {"name": "Caller", "quality": 3, "combat": 2, "rules": ["Summoner"]},
        {"name": "Picker", "quality": 4, "combat": 2, "rules": ["Traps"]}]}
    _, problems = normalize(warband, limit=600)
    assert [(p.code, p.model) for p in problems] == [("unplayable_rule", 0),
                                                     ("unplayable_rule", 1)]
    assert "supplement" in problems[0].message and "SoG&D" in problems[1].message
    every_roster_rule = {r.table_name for p in CATALOG.profiles for r in p.rules}
    assert not [r for r in every_roster_rule if CATALOG.ability(r).unplayable], \
        "every rule a roster profile uses is played"


# -- command line -------------------------------------------------------------------

def test_points_command(capsys):
    """seed 000, CHARACTER BUILDING FORMULA: (15 + 15 + 7) * 4 / 2 = 74."""
    assert main(["points", "sbh", "--quality", "3", "--combat", "3",
                 "--rules", "Leader, Shooter (Long)"]) == 0
    assert capsys.readouterr().out.strip() == "74 points, Personality"


def test_points_command_prices_a_supplement_rule_with_a_note(capsys):
    """seed 000, ABILITY (COST): Berserk (4) costs points though its text is
    elsewhere: (15 + 4) * 3 / 2 = 28.5, rounded up."""
    assert main(["points", "sbh", "-q", "4", "-c", "3", "-r", "Berserk"]) == 0
    out = capsys.readouterr()
    assert out.out == "29 points (formula 28.5)\n"
    assert out.err.startswith("warband: note: This model: Berserk cannot be played here")


def test_points_command_unknown_rule(capsys):
    """seed 000, ABILITY (COST): an unknown name is one error line with hints."""
    assert main(["points", "sbh", "-q", "4", "-c", "2", "-r", "Leder"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Did you mean: Leader?" in err


def test_catalog_json(capsys):
    """seed 000, ROSTERS: every profile, printed and computed points (Hydra misprint)."""
    assert main(["catalog", "sbh", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 214
    hydra = next(r for r in rows if r["name"] == "Hydra")
    assert (hydra["printed_points"], hydra["computed_points"]) == (64, 94)
    assert set(rows[0]) >= {"name", "quality", "combat", "rules", "printed_points",
                            "computed_points"}

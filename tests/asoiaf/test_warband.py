"""Warband building (seed 004, ASSEMBLING YOUR WARBAND): the list checker names
every violation with its reason and passage."""

import pytest

from server.rules.asoiaf.warband import SIZES, catalog, check_list, presets
from server.rules.kernel import RulesError


def codes(result):
    return sorted(p["code"] for p in result["problems"])


def soldiers(card, n):
    return [card] * n


def test_every_ready_made_warband_is_legal_and_has_twelve_models():
    """Two playable 12-model warbands per faction and per size (2-4-12, 3-6-18, 4-8-24)."""
    seen = {}
    for warband in presets():
        result = check_list(warband, {"size": warband["size"]})
        assert result["valid"], (warband["key"], result["problems"])
        assert len(warband["models"]) == 12
        seen.setdefault((warband["faction"], warband["size"]), []).append(warband["key"])
    for faction in ("Baratheon", "Targaryen"):
        for size in SIZES:
            assert len(seen[faction, size]) >= 2, (faction, size)


def test_robert_on_his_horse_in_a_standard_game():
    """Seed 004, ASSEMBLING YOUR WARBAND: "Fielding Robert would leave you with
    0, 5 and 18 ... he can never be part of your warband in a small size game,
    as these only allow 2 gold per player." """
    result = check_list({"faction": "Baratheon", "models": ["Robert Baratheon (mounted)"]},
                        {"size": "3-6-18"})
    assert result["left"] == {"gold": 0, "silver": 5, "copper": 18}
    small = check_list({"faction": "Baratheon", "models": ["Robert Baratheon (mounted)"]},
                       {"size": "2-4-12"})
    assert "over_budget" in codes(small)


def test_robert_on_foot_uses_all_the_gold_of_a_small_game():
    """Seed 004: "Robert on foot costs only 2. He can be part of a small size game
    warband but fielding him would use up all your gold"."""
    result = check_list({"faction": "Baratheon",
                         "models": ["Robert Baratheon", "Jon Arryn"]}, {"size": "2-4-12"})
    assert result["spent"]["gold"] == 4 and "over_budget" in codes(result)


def test_mounted_and_infantry_versions_are_exclusive():
    """Seed 004, MOUNTED CHARACTERS: "these two models can't be fielded or on the
    battlefield at the same time"; MODEL CARDS: "Heroes and champions with the
    same name may never be included in the same warband"."""
    result = check_list({"faction": "Baratheon", "models": [
        "Robert Baratheon (mounted)", "Robert Baratheon", "Renly Baratheon", "Renly Baratheon"]},
        {"size": "4-8-24"})
    assert "both_versions" in codes(result) and "duplicate_character" in codes(result)
    assert "Baratheon Warden" not in [p["message"] for p in result["problems"]]


def test_one_faction_one_sigil_and_three_neutrals_at_most():
    """Seed 004, ASSEMBLING YOUR WARBAND: "All models in a warband must belong to
    the same faction ... Models within the same faction, but with different
    sigils, can never be part of the same warband"; NEUTRALS: "Up to 1 Neutral
    hero, 1 Neutral champion, and 1 Neutral soldier"."""
    result = check_list({"faction": "Targaryen", "models": [
        "Olenna Tyrell", "Arthur Dayne", "Yohn Royce", "Sellsword", "Sellsword",
        "Targaryen Honor Guard"]}, {"size": "2-4-12"})
    assert codes(result).count("wrong_faction") == 1  # Yohn Royce is Baratheon
    assert codes(result).count("too_many_neutrals") == 1
    mixed = check_list({"faction": "Baratheon", "models": ["Jon Arryn", "Yohn Royce",
                                                           "Vale Archer"]}, {"size": "2-4-12"})
    assert "mixed_sigils" not in codes(mixed)  # one sigil (Arryn) plus unsigiled models


def test_more_models_than_copper_is_refused():
    """Seed 004: "your warband can never contain more models than the amount of
    copper you possess" (2-4-12: no more than 12 models)."""
    result = check_list({"faction": "Baratheon", "models": ["Robert Baratheon"]
                         + soldiers("Baratheon Warden", 12)}, {"size": "2-4-12"})
    assert "too_many_models" in codes(result)


def test_gold_and_silver_must_be_spent_as_far_as_possible():
    """Seed 004: "players are required to spend as many gold and silver coins as
    possible and cannot trade one type of coin for another"."""
    result = check_list({"faction": "Baratheon", "models": ["Robert Baratheon"]
                         + soldiers("Baratheon Warden", 9)}, {"size": "2-4-12"})
    assert codes(result) == ["coins_unspent"]
    assert "4 silver left unspent" in result["problems"][0]["message"]


def test_equipment_one_a_model_types_and_uniqueness():
    """Seed 004, EQUIPMENT TOKENS: "which type of models this token can be given
    to"; "some equipment tokens are unique, and you can only ever have 1"."""
    result = check_list({"faction": "Baratheon", "models": [
        {"card": "Robert Baratheon", "equipment": "Valyrian Steel"},
        {"card": "Renly Baratheon", "equipment": "Valyrian Steel"},
        {"card": "Yohn Royce", "equipment": "Rusty Spoon"},
        {"card": "Baratheon Warden", "equipment": "Heirloom Armor"}]
        + soldiers("Baratheon Warden", 5)}, {"size": "2-4-12"})
    assert codes(result) == ["equipment_type", "unique_equipment", "unknown_equipment"]
    assert sorted(p["model"] for p in result["problems"]) == [1, 2, 3]
    boots = check_list({"faction": "Baratheon", "models": [
        {"card": "Robert Baratheon (mounted)", "equipment": "Pristine Boots"}]},
        {"size": "3-6-18"})
    assert "equipment_type" in codes(boots)  # "This infantry model"


def test_every_problem_is_reported_at_once():
    """Like SBH's list checker: every violation, each with its passage."""
    result = check_list({"faction": "Nights Watch", "models": ["Ser Nobody", 7]},
                        {"size": "2-4-12"})
    assert codes(result) == ["bad_entry", "unknown_faction", "unknown_model", "unknown_model"]
    assert all(p["passage"].startswith("seed 004") for p in result["problems"])


def test_catalog_lists_cards_and_fitting_presets():
    """What a client needs to build a list (as `warband catalog sbh` prints)."""
    data = catalog({"size": "2-4-12"})
    assert data["budget"] == {"gold": 2, "silver": 4, "copper": 12}
    assert {m["name"] for m in data["models"]} >= {"Robert Baratheon", "Targaryen Honor Guard"}
    assert len(data["presets"]) == 4 and all(not p["problems"] for p in data["presets"])
    with pytest.raises(RulesError, match="no warband size"):
        catalog({"size": "5-10-30"})


def _pack_with_a_second_baratheon_sigil():
    """The core pack with one more sigil (Tully) and a Tully soldier in the
    Baratheon faction: the core pack has one sigil a faction."""
    import copy

    from server.rules.asoiaf.cards.loader import load_pack
    from server.rules.asoiaf.cards.schema import Coins, Faction, ModelCard

    pack = copy.copy(load_pack("core"))
    pack.factions = dict(pack.factions)
    pack.factions["Baratheon"] = Faction("Baratheon", ["Arryn", "Tully"])
    pack.models = dict(pack.models)
    pack.models["Riverlands Spearman"] = ModelCard(
        "Riverlands Spearman", "Baratheon", Coins(copper=1), 6, 5, 2, sigil="Tully")
    return pack


def test_two_sigils_never_mix():
    """Seed 004, ASSEMBLING YOUR WARBAND: "Models within the same faction, but
    with different sigils, can never be part of the same warband"."""
    pack = _pack_with_a_second_baratheon_sigil()
    result = check_list({"faction": "Baratheon", "models": [
        "Jon Arryn", "Yohn Royce", "Renly Baratheon", "Vale Archer", "Riverlands Spearman"]},
        {"size": "2-4-12"}, pack)
    assert codes(result) == ["mixed_sigils"]
    assert result["problems"][0]["model"] == 4
    tully = check_list({"faction": "Baratheon", "models": [
        "Robert Baratheon", "Renly Baratheon", "Yohn Royce", "Riverlands Spearman"]},
        {"size": "2-4-12"}, pack)
    assert codes(tully) == ["mixed_sigils"]  # Yohn is Arryn, the Spearman Tully


def test_a_neutral_warband_of_its_own_faction_has_no_neutral_limit():
    """Seed 004, NEUTRALS MODELS: "Neutral models can be fielded in a warband made
    entirely of their own faction"."""
    result = check_list({"faction": "Sellswords", "models": ["Sellsword Captain"]
                         + soldiers("Sellsword", 5)}, {"size": "2-4-12"})
    assert "too_many_neutrals" not in codes(result)
    assert "wrong_faction" not in codes(result)


def test_a_neutral_hero_champion_and_soldier_may_join():
    """Seed 004, NEUTRALS MODELS: "Up to 1 Neutral hero, 1 Neutral champion, and
    1 Neutral soldier can join a warband from another faction"."""
    result = check_list({"faction": "Baratheon", "models": [
        "Robert Baratheon", "Renly Baratheon", "Sellsword Captain", "Sellsword",
        "Baratheon Warden"]}, {"size": "2-4-12"})
    assert codes(result) == ["coins_unspent"]  # 1 silver left: Davos could join
    assert "Davos Seaworth" in result["problems"][0]["message"]

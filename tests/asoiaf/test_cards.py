"""The card pack format: the core pack loads, and a malformed pack is refused
with every problem named (file, card, field, what is wrong)."""

import shutil
from pathlib import Path

import pytest

from server.rules.asoiaf.cards.loader import PACKS, PackError, load_pack, load_pack_dir
from server.rules.asoiaf.cards.vocabulary import EFFECTS, SPECIAL_HOOKS, WillTest


def test_core_pack_loads_with_the_book_models():
    """Seed 004, MODEL CARDS and the examples: Robert mounted and on foot with
    Rebel King, Jon Arryn's Wise Words, the Honor Guard's For the King!, the
    Stark's Paid by the Strike, the Lannister's Expert Riposte, the Archer and
    the Guards."""
    pack = load_pack("core")
    robert = pack.models["Robert Baratheon (mounted)"]
    assert (robert.large, robert.infantry, robert.type) == (True, "Robert Baratheon", "hero")
    assert "Rebel King" in robert.abilities
    assert "Rebel King" in pack.models["Robert Baratheon"].abilities
    assert "Wise Words" in pack.models["Jon Arryn"].abilities
    assert "For the King!" in pack.models["Targaryen Honor Guard"].abilities
    assert pack.models["Stark Sellsword"].attacks[0].name == "Paid by the Strike"
    assert "Expert Riposte" in pack.models["Lannister Guardsman"].abilities
    assert {"Stark Archer", "Lannister Guardsman"} <= set(pack.models)


def test_type_comes_from_the_coin_cost():
    """Seed 004, MODELS: "A model whose coin cost includes at least 1 gold is
    always a hero ... Any model that costs silver, or silver + copper, is a
    champion ... Soldiers are models who cost copper only." """
    pack = load_pack("core")
    assert pack.models["Robert Baratheon (mounted)"].cost.gold == 3  # "he is a hero"
    assert pack.models["Robert Baratheon (mounted)"].cost.silver == 1
    assert pack.models["Robert Baratheon"].cost.gold == 2  # "Robert on foot costs only 2"
    assert pack.models["Davos Seaworth"].type == "champion"  # silver + copper
    assert pack.models["Stannis Baratheon"].type == "hero"  # gold + silver
    assert pack.models["Baratheon Warden"].type == "soldier"


def test_paid_by_the_strike_costs_seven_for_five_dice():
    """Seed 004, ATTACK MODES: "For 1 this model can roll 1 extra die ... a 2nd
    die for another extra 1, a 3rd die for 2 more and finally a 4th die for an
    extra 3 ... roll 5 dice in total ... would cost 7"."""
    attack = load_pack("core").models["Stark Sellsword"].attacks[0]
    assert (attack.ap, attack.dice, attack.value, attack.in_order) == (1, 1, 6, True)
    assert [i.cost.copper for i in attack.improvements] == [1, 1, 2, 3]
    assert attack.dice + sum(e.dice for i in attack.improvements for e in i.effects) == 5


def test_every_equipment_token_and_terrain_of_the_book():
    """Seed 004, EQUIPMENT TOKENS and TERRAINS: every token and terrain listed."""
    pack = load_pack("core")
    assert set(pack.equipment) == {
        "Blinding Powder", "Castle-Forged Steel", "Flask of Mead", "Heirloom Armor",
        "Healing Balm", "Heirloom Weapon", "Holy Icon", "Lucky Charm", "Milk of the Poppy",
        "Glass Candle", "Obsidian Dagger", "Pristine Boots", "Steel Arrowheads",
        "Strangler Flask", "Valyrian Steel"}
    unique = {n for n, t in pack.equipment.items() if t.unique}
    assert unique == {"Castle-Forged Steel", "Healing Balm", "Holy Icon", "Milk of the Poppy",
                      "Glass Candle", "Obsidian Dagger", "Strangler Flask", "Valyrian Steel"}
    assert {"High Ground", "Open Door", "Wooden Door", "Big Corpse Pile", "Dead Leaves",
            "Ditch with Stakes"} <= set(pack.terrains)
    assert pack.terrains["Ditch with Stakes"].effects[0].large_hits == 2


def test_agendas_a_deck_of_five_and_every_hero_has_a_motivation():
    """Seed 004, AGENDA CARDS: "there are 5 unique agendas"; MOTIVATIONS CARDS:
    "Each hero has one unique motivation card"."""
    pack = load_pack("core")
    assert len(pack.agendas) == 5
    heroes = {m.character for m in pack.models.values() if m.type == "hero"}
    assert heroes == set(pack.motivations)
    robert = pack.motivations["Robert Baratheon"].alive
    assert [(a.cost.gold, a.effects[0].vp) for a in robert] == [(1, 1), (2, 3)]


def test_every_effect_is_documented_and_tagged():
    """The vocabulary is closed and documented: every effect has a docstring."""
    assert len(EFFECTS) >= 20
    for name, cls in EFFECTS.items():
        assert cls.__doc__ and len(cls.__doc__) > 30, name
    assert all(text for text in SPECIAL_HOOKS.values())
    wise = load_pack("core").abilities["Wise Words"].effects[0]
    assert isinstance(wise, WillTest) and wise.on_success[0].action == "move"


def _broken_copy(tmp_path: Path) -> Path:
    pack = tmp_path / "broken"
    shutil.copytree(PACKS / "core", pack)
    return pack


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_a_pack_with_n_problems_reports_all_n(tmp_path):
    """A malformed pack is refused with every problem named, not just the first."""
    pack = _broken_copy(tmp_path)
    models = pack / "models.toml"
    # 1: the infantry version is missing (renamed away)
    _edit(models, 'name = "Robert Baratheon"\ntitle', 'name = "Robert the Fat"\ntitle')
    # 2: an unknown ability name
    _edit(models, 'abilities = ["Wise Words"]', 'abilities = ["Wise Wordz"]')
    # 3: a wrong type and 4: an unknown field on one card
    _edit(models, 'wounds = 3\nattacks = [{ name = "Longsword"',
          'wounds = "three"\nwoonds = 1\nattacks = [{ name = "Longsword"')
    # 5: an unknown faction
    _edit(models, 'faction = "Stark"\ncost = { silver = 2 }',
          'faction = "Starks"\ncost = { silver = 2 }')
    # 6: an unknown effect
    _edit(pack / "abilities.toml", 'effect = "ignore_engagement"', 'effect = "ignore_engagment"')
    # 7: a terrain flipping into one that is not there
    _edit(pack / "terrains.toml", 'into = "Open Door"', 'into = "Ajar Door"')
    # 8: equipment bought with silver
    _edit(pack / "equipment.toml", 'cost = { copper = 3 }\ntypes = ["hero", "champion"]',
          'cost = { silver = 3 }\ntypes = ["hero", "champion"]')
    with pytest.raises(PackError) as caught:
        load_pack_dir(pack)
    messages = [str(p) for p in caught.value.problems]
    expected = [
        "model card 'Robert Baratheon (mounted)': its infantry version 'Robert Baratheon' "
        "is not in the pack",
        "model card 'Jon Arryn': its ability 'Wise Wordz' is not in the pack",
        "model card 'Stannis Baratheon': field 'wounds' must be a whole number, not 'three'",
        "model card 'Stannis Baratheon': field 'woonds' is not a field of this card "
        "(did you mean 'wounds'?)",
        "model card 'Brandon Stark': its faction 'Starks' is not a faction of the pack",
        "ability 'Daring Dash': field 'effects[1]' names an unknown effect "
        "'ignore_engagment' (did you mean 'ignore_engagement'?)",
        "terrain 'Wooden Door': ability 'Open': an effect flips into the terrain 'Ajar Door'",
        "equipment token 'Glass Candle': it costs 3 silver; equipment is bought with copper",
    ]
    for part in expected:
        assert any(part in m for m in messages), (part, messages)
    # Robert the Fat is a hero with no motivation: a consequence, named too.
    assert len(messages) == len(expected) + 1, messages
    assert all(m.startswith("broken/") for m in messages)


def test_bad_toml_and_stray_files_are_named(tmp_path):
    """A file that is not TOML, and a file that is not part of the format."""
    pack = _broken_copy(tmp_path)
    (pack / "agendas.toml").write_text("[[agenda]\nname = ")
    (pack / "notes.toml").write_text("")
    with pytest.raises(PackError) as caught:
        load_pack_dir(pack)
    text = str(caught.value)
    assert "broken/agendas.toml: is not valid TOML" in text
    assert "broken/notes.toml: is not a pack file" in text


def test_a_community_pack_adds_cards_as_data_only(tmp_path):
    """A pack that builds on core adds a model and an ability without Python."""
    shutil.copytree(PACKS / "core", tmp_path / "core")
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "pack.toml").write_text('[pack]\nname = "extra"\nrequires = ["core"]\n')
    (extra / "abilities.toml").write_text(
        '[[ability]]\nname = "Shield Wall"\ntiming = "passive"\n'
        'text = "+1 to defence rolls."\n'
        'effects = [{ effect = "modify_roll", roll = "defence", by = 1, until = "game" }]\n')
    (extra / "models.toml").write_text(
        '[[model]]\nname = "Stormlands Shieldman"\nfaction = "Baratheon"\n'
        'cost = { copper = 1 }\nwill = 6\ndefence = 5\nwounds = 2\n'
        'abilities = ["Shield Wall", "Warden of the Stag"]\n')
    pack = load_pack_dir(extra)
    assert pack.models["Stormlands Shieldman"].abilities == ["Shield Wall", "Warden of the Stag"]
    assert "Robert Baratheon" in pack.models

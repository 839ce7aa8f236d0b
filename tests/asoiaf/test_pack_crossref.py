# ruff: noqa: E501 (the TOML cards below are written one table a line, as in the packs)
"""The cross-reference checks of a card pack, on a small pack written from
scratch: each problem is named with its file and card."""

from pathlib import Path

import pytest

from server.rules.asoiaf.cards.loader import PackError, load_pack_dir
from server.rules.asoiaf.cards.vocabulary import SPECIAL_HOOKS

PACK = '[pack]\nname = "tiny"\nfactions = [{ name = "North", sigils = ["Wolf"] }]\n'
MODELS = '''
[[model]]
name = "Lord of the North"
faction = "North"
cost = { gold = 2 }
will = 4
defence = 5
wounds = 3

[[model]]
name = "Northern Spearman"
faction = "North"
sigil = "Bear"
cost = { copper = 1 }
will = 11
defence = 5
wounds = 0
abilities = ["Shield Wall"]

[[model]]
name = "Northern Spearman"
faction = "North"
cost = { copper = 1 }
will = 6
defence = 5
wounds = 2

[[model]]
name = "Giant"
faction = "North"
cost = { copper = 30 }
will = 6
defence = 5
wounds = 6
abilities = ["Shield Wall", "Shield Wall"]
attacks = [{ name = "Club", kind = "close", ap = 1, dice = 2, value = 5, aftermath = [{ name = "Stomp", timing = "passive", text = "Stomp.", effects = [{ effect = "deal_wounds", wounds = 1, target = { who = "defender" } }] }] }]

[[model]]
name = "Mounted Spearman"
faction = "North"
cost = { copper = 2 }
large = true
infantry = "Lord of the North"
will = 6
defence = 5
wounds = 2
ours = ["speed"]
'''
ABILITIES = '''
[[ability]]
name = "Shield Wall"
timing = "command"
text = "Raise shields."
effects = [{ effect = "modify_roll", roll = "defence", by = 1 }]

[[ability]]
name = "Rally"
timing = "passive"
trigger = "killed"
trigger_types = ["hero"]
text = "Rally."
effects = [{ effect = "special", hook = "make_it_rain", text = "?" }]

[[ability]]
name = "Fading Might"
timing = "command"
ap = 1
text = "Maximum wounds +1 for a roll."
effects = [{ effect = "modify_value", value = "wounds", by = 1, until = "roll" }]
'''
AGENDAS = '''
[[agenda]]
name = "Only One"
text = "One agenda."

[[agenda.abilities]]
name = ""
timing = "end_of_game"
text = "1 VP."
effects = [{ effect = "score_vp", vp = 1 }]
'''
TERRAINS = '''
[[terrain]]
name = "Thorns"
text = "A model entering it is shaken."
interact = "must"
effects = [{ effect = "apply_condition", condition = "shaken" }]
'''


def _write(tmp_path: Path) -> Path:
    pack = tmp_path / "tiny"
    pack.mkdir()
    for name, text in (("pack.toml", PACK), ("models.toml", MODELS),
                       ("abilities.toml", ABILITIES), ("agendas.toml", AGENDAS),
                       ("terrains.toml", TERRAINS)):
        (pack / name).write_text(text)
    return pack


def test_every_cross_reference_problem_is_named(tmp_path):
    """Seed 004, MODEL CARDS / MOUNTED CHARACTERS / MOTIVATIONS CARDS /
    PLAYING THE GAME (a deck of 5 agendas), TERRAIN, and the vocabulary's rules."""
    with pytest.raises(PackError) as caught:
        load_pack_dir(_write(tmp_path))
    messages = sorted(str(p) for p in caught.value.problems)
    expected = sorted([
        "tiny/abilities.toml: ability 'Shield Wall': a command ability is an action "
        "and needs its AP ('ap')",
        "tiny/abilities.toml: ability 'Rally': a 'trigger' ability names its trigger, "
        "and only it does",
        "tiny/abilities.toml: ability 'Fading Might': a modify_value of 'wounds' (the "
        "maximum wounds) cannot last a roll: no roll reads it; 'until' is action, "
        "activation, turn, round or game",
        "tiny/abilities.toml: ability 'Rally': a special effect names the hook "
        "'make_it_rain', which is not one of " + ", ".join(SPECIAL_HOOKS),
        "tiny/models.toml: model card 'Northern Spearman': its sigil 'Bear' is not a "
        "sigil of the faction 'North'",
        "tiny/models.toml: model card 'Northern Spearman': its will is 11+; a ten-sided "
        "die needs 1 to 10",
        "tiny/models.toml: model card 'Northern Spearman': it has 0 wounds; a model has "
        "at least 1",
        "tiny/models.toml: model card 'Northern Spearman': there is already a model card "
        "called 'Northern Spearman' (in tiny/models.toml)",
        "tiny/models.toml: model card 'Mounted Spearman': 'ours' lists 'speed', which is "
        "not one of its fields",
        "tiny/models.toml: model card 'Mounted Spearman': it is a soldier; only heroes "
        "and champions have mounted and infantry versions",
        "tiny/models.toml: model card 'Lord of the North': it is a hero and has no "
        "motivation card (seed 004: \"Each hero has one unique motivation card\")",
        "tiny/models.toml: model card 'Giant': it costs 30 copper, more than the largest "
        "warband (4 gold, 8 silver, 24 copper) can pay",
        "tiny/models.toml: model card 'Giant': it lists the ability 'Shield Wall' more "
        "than once",
        "tiny/models.toml: model card 'Giant': attack mode 'Club': its aftermath 'Stomp' "
        "has the timing 'passive', not 'aftermath'",
        "tiny/models.toml: model card 'Mounted Spearman': it is a soldier and its infantry "
        "version 'Lord of the North' a hero: the two versions are one character",
        "tiny/abilities.toml: ability 'Rally': 'trigger_types' only filters the "
        "kills_enemy and captures_enemy triggers",
        "tiny/agendas.toml: a deck holds 5 unique agenda cards; the pack has 1",
        # agendas.unsupported: the last end phase scores an agenda by its hooks only
        "tiny/agendas.toml: agenda card 'Only One': the engine would never use it: an "
        "agenda's 'end_of_game' part is scored by 'special' hooks: score_if_no_hero_lost, "
        "score_if_more_objectives, score_if_soldiers_in_enemy_zone, "
        "score_if_all_enemy_characters_killed",
        # seed 004, TERRAIN ("must interact"): only what terrain_entry.py acts on entry
        "tiny/terrains.toml: terrain 'Thorns': its 'apply_condition' effect for a model "
        "entering it is none the engine acts on entry: deal_wounds, deal_hits or the "
        "reveal_dead_leaves hook",
    ])
    assert messages == expected

# ruff: noqa: E501 (the TOML cards below are written one table a line, as in the packs)
"""The pack checker refuses an ability whose timing can never let it act
(cards/timings.py), with a sentence naming why, rather than the engine
silently never using it (issue 31: a community adds a pack without Python)."""

import shutil

import msgspec
import pytest

from server.rules.asoiaf.cards.loader import PACKS, PackError, load_pack_dir
from server.rules.asoiaf.cards.schema import Ability
from server.rules.asoiaf.cards.timings import timing_problems


def _problems(**fields) -> list[str]:
    return timing_problems(msgspec.convert({"name": "X", "text": "x", **fields}, Ability))


def test_a_requirement_the_timing_never_sees():
    """Seed 004, CHARGE ACTION: a charge exists only while it is resolved; a
    start-of-game ability ("before the battle begins") can never be charging."""
    [message] = _problems(timing="start_of_game", requires=["charging"],
                          effects=[{"effect": "score_vp", "vp": 1}])
    assert message == ("it requires 'charging' but is a 'start_of_game' ability: there "
                       "is a charge only while one is resolved")
    assert _problems(timing="passive", requires=["engaged"],
                     effects=[{"effect": "modify_roll", "roll": "will", "by": 1}]) == []
    assert _problems(timing="will", requires=["will_test_passed"],
                     effects=[{"effect": "score_vp", "vp": 1}]) == []


def test_a_one_off_effect_on_a_passive():
    """Seed 004, ABILITIES: passive abilities "are always active": wounds dealt
    once have no moment; a trigger ability says when."""
    [message] = _problems(timing="passive", effects=[{"effect": "deal_wounds", "wounds": 1}])
    assert "'deal_wounds' effect happens once" in message and "'trigger'" in message


def test_the_attacker_outside_an_attack_and_a_trigger_model_outside_a_trigger():
    """Seed 004, ATTACK SEQUENCE: the attacker and defender exist during an
    attack; ABILITIES: a trigger ability's "specific condition" names its model."""
    assert _problems(timing="end_phase", effects=[
        {"effect": "deal_wounds", "wounds": 1, "target": {"who": "attacker"}}]) == [
        "a 'deal_wounds' effect aims at the attacker, but a 'end_phase' ability is not "
        "used during an attack"]
    assert _problems(timing="command", ap=1, effects=[
        {"effect": "apply_condition", "condition": "shaken",
         "target": {"who": "trigger_model"}}]) == [
        "a 'apply_condition' effect aims at the trigger model, but only a 'trigger' "
        "ability has one"]


def test_a_nemesis_later_and_an_activation_long_change_at_the_start():
    """Seed 004, NEMESIS: "Some characters can choose a nemesis before the
    battle begins"; PLAYING THE GAME: the start-of-game abilities come before
    round 1, when no activation is in progress."""
    assert _problems(timing="command", ap=1, effects=[{"effect": "nemesis"}]) == [
        "a nemesis is chosen \"before the battle begins\"; make it a 'start_of_game' "
        "ability"]
    [message] = _problems(timing="start_of_game", effects=[
        {"effect": "modify_roll", "roll": "attack", "by": 1, "until": "activation"}])
    assert message == ("a 'modify_roll' effect lasts the activation, but no activation "
                       "is in progress at a 'start_of_game' ability")


def test_the_loader_refuses_such_a_card(tmp_path):
    """The refusal comes from loading the pack, naming the file and the card."""
    shutil.copytree(PACKS / "core", tmp_path / "core")
    pack = tmp_path / "bad"
    pack.mkdir()
    (pack / "pack.toml").write_text('[pack]\nname = "bad"\nrequires = ["core"]\n')
    (pack / "abilities.toml").write_text(
        '[[ability]]\nname = "Bleed"\ntiming = "passive"\ntext = "Bleed."\n'
        'effects = [{ effect = "deal_wounds", wounds = 1, target = { who = "enemy" } }]\n')
    with pytest.raises(PackError) as caught:
        load_pack_dir(pack)
    [problem] = caught.value.problems
    assert str(problem).startswith("bad/abilities.toml: ability 'Bleed': a 'deal_wounds' "
                                   "effect happens once")

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


def test_a_killed_hero_and_the_model_it_killed_are_no_target():
    """Seed 004, MOTIVATIONS CARDS: "Right before a hero would be killed, flip
    their motivation card to the "Deceased" side. This side is used immediately
    and allows the controlling player to score VP even if the hero was removed
    from play": its wounds back or a token for itself have no model to reach;
    ATTACK SEQUENCE step 9: a model killed or captured is "removed from the
    battlefield", so a kill's trigger cannot aim at it."""
    [healed] = _problems(timing="trigger", trigger="killed",
                         effects=[{"effect": "restore_wounds", "wounds": 1}])
    assert healed == ("a 'restore_wounds' effect aims at this model, but a 'killed' "
                      "ability is used as it leaves the battlefield (a motivation's "
                      "Deceased side); aim at the model that killed it ('trigger_model') "
                      "or at friendly or enemy models")
    [tested] = _problems(timing="trigger", trigger="killed", effects=[
        {"effect": "will_test", "target": {"who": "trigger_model"},
         "on_failure": [{"effect": "apply_condition", "condition": "shaken"}]}])
    assert tested.startswith("a 'apply_condition' effect aims at this model")
    [gone] = _problems(timing="trigger", trigger="kills_enemy", effects=[
        {"effect": "apply_condition", "condition": "routed",
         "target": {"who": "trigger_model"}}])
    assert "the model killed or captured has left the battlefield" in gone
    assert _problems(timing="trigger", trigger="killed", effects=[
        {"effect": "deal_wounds", "wounds": 1, "target": {"who": "trigger_model"}},
        {"effect": "score_vp", "vp": 1}]) == []


def test_a_free_grant_outside_the_models_own_activation():
    """Seed 004, AGENDA CARDS: "This model immediately performs 1 [attack] as a
    free action, before announcing their first action": a free action has its
    moment only as the model itself activates; at the end phase it has none."""
    [message] = _problems(timing="end_phase", effects=[
        {"effect": "grant_action", "action": "move", "free": True}])
    assert message.startswith("a 'free' grant_action is the model's own move or attack")
    assert "make it an 'activation' ability" in message
    assert _problems(timing="activation", effects=[
        {"effect": "grant_action", "action": "charge", "free": True}])
    assert _problems(timing="activation", effects=[
        {"effect": "grant_action", "action": "move", "free": True,
         "target": {"who": "friendly"}}])
    assert _problems(timing="activation", effects=[
        {"effect": "grant_action", "action": "attack", "free": True}]) == []


def test_a_trigger_move_with_nothing_to_move_from_is_refused():
    """Seed 004, COMMON GAME TERMS: AWAY ends "as far away as possible from the
    model who initiated the away action"; MODELS, DECEASED: "A model that loses
    all wounds is killed and removed from the battlefield": a killed model
    neither moves nor is moved from; after a kill the trigger model is gone."""
    [gone] = _problems(timing="trigger", trigger="killed", effects=[
        {"effect": "move_model", "squares": 1, "direction": "free"}])
    assert gone == ("a 'move_model' moves the model itself, but a 'killed' trigger is "
                    "used once it is removed from the battlefield")
    [away] = _problems(timing="trigger", trigger="killed", effects=[
        {"effect": "move_model", "squares": 1, "direction": "away",
         "target": {"who": "enemy"}}])
    assert "moves a model away from the model itself" in away and "make it 'free'" in away
    [towards] = _problems(timing="trigger", trigger="kills_enemy", effects=[
        {"effect": "move_model", "squares": 2, "direction": "towards"}])
    assert towards == ("a 'move_model' moves the model itself towards the trigger "
                       "model, but a 'kills_enemy' trigger has none on the battlefield to "
                       "move from or to; make it 'free'")
    assert _problems(timing="trigger", trigger="killed", effects=[
        {"effect": "move_model", "squares": 2, "direction": "free",
         "target": {"who": "friendly"}}]) == []


def test_the_loader_names_each_such_move_and_free_grant(tmp_path):
    """A pack with both: each problem named with its file and card."""
    shutil.copytree(PACKS / "core", tmp_path / "core")
    pack = tmp_path / "bad"
    pack.mkdir()
    (pack / "pack.toml").write_text('[pack]\nname = "bad"\nrequires = ["core"]\n')
    (pack / "abilities.toml").write_text(
        '[[ability]]\nname = "Flee"\ntiming = "trigger"\ntrigger = "killed"\n'
        'text = "Flee."\n'
        'effects = [{ effect = "move_model", squares = 2, direction = "free" }]\n'
        '[[ability]]\nname = "Hurry"\ntiming = "end_phase"\ntext = "Hurry."\n'
        'effects = [{ effect = "grant_action", action = "move", free = true }]\n')
    with pytest.raises(PackError) as caught:
        load_pack_dir(pack)
    found = sorted(str(p) for p in caught.value.problems)
    assert found[0].startswith("bad/abilities.toml: ability 'Flee': a 'move_model' moves "
                               "the model itself, but a 'killed' trigger")
    assert found[1].startswith("bad/abilities.toml: ability 'Hurry': a 'free' "
                               "grant_action is the model's own move or attack")

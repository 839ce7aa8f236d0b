# ruff: noqa: E501 (the TOML cards below are written one table a line, as in the packs)
"""The pack checker refuses, at load, a card the engine would never use for
its shape (effects x timing x targets), in the words of the engine module
that would not use it (cards/engine_shapes.py), rather than loading it and
silently never offering it (issue 31: "a malformed pack is refused with every
problem named"). One card a timing; a whole malformed pack; every shipped
card passes."""

import shutil

import msgspec
import pytest

from server.rules.asoiaf.cards import engine_shapes
from server.rules.asoiaf.cards.loader import PACKS, PackError, load_pack, load_pack_dir
from server.rules.asoiaf.cards.schema import Ability, Equipment, Improvement
from server.rules.asoiaf.cards.timings import timing_problems


def _refused(shape, **fields) -> str:
    """The engine's reason for the ability `fields` describe (its timing itself
    allowing it: timings.py finds nothing, so the engine's shape is the problem)."""
    ability = msgspec.convert({"name": "X", "text": "x", **fields}, Ability)
    assert timing_problems(ability) == []
    return shape(ability)


def test_command_and_activation_abilities():
    """Seed 004, ABILITIES: command abilities "are actions unique to specific
    units"; the WISE WORDS example moves another model, "1 friendly model"; an
    activation ability is used as the model activates, before its first action."""
    assert _refused(engine_shapes.model_ability, timing="command", ap=1, effects=[
        {"effect": "move_model", "squares": 2, "direction": "free"}]) == (
        "a 'move_model' of 'self' is not made by this ability; it moves 'friendly', "
        "'enemy' or 'chosen' models its player picks (a model's own move is a move "
        "action's or a 'movement' ability's)")
    assert _refused(engine_shapes.model_ability, timing="activation", ap=1, effects=[
        {"effect": "score_vp", "vp": 1}]) == (
        "an 'activation' ability is used as the model activates, before its first "
        "action, and costs no AP; drop its 'ap' (or make it a 'command' ability)")
    assert _refused(engine_shapes.model_ability, timing="command", ap=1, effects=[
        {"effect": "apply_condition", "condition": "shaken", "target": {"who": "friendly"}},
        {"effect": "deal_wounds", "wounds": 1, "target": {"who": "enemy"}}]) is None
    # (a friendly and an enemy pick: one each, picks.py)


def test_movement_will_and_wounds_abilities():
    """Seed 004, ABILITIES: movement abilities change a move (+1 SQUARE, DARING
    DASH); will abilities are used "after passing a will test" (BRAVADO); a
    wounds ability "can be used anytime a model loses at least 1 [wound]"
    (OLDEST BROTHER: the wounds suffered by a friend instead)."""
    assert _refused(engine_shapes.model_ability, timing="movement", effects=[
        {"effect": "modify_roll", "roll": "attack", "by": 1}]) == (
        "a 'modify_roll' effect is none a movement ability applies (it applies "
        "'extra_squares' and 'ignore_engagement')")
    assert _refused(engine_shapes.model_ability, timing="will", effects=[
        {"effect": "score_vp", "vp": 1}]) == (
        "a 'will' ability is used \"after passing a will test\": its 'requires' must "
        "list 'will_test_passed'")
    assert _refused(engine_shapes.model_ability, timing="wounds", effects=[
        {"effect": "deal_wounds", "wounds": 1, "target": {"who": "attacker"}}]).startswith(
        "a wounds ability is a 'redirect_wounds' alone, or a 'will_test' of the model "
        "itself ('self')")


def test_defence_abilities_and_attack_improvements():
    """Seed 004, ATTACK SEQUENCE: "2. The attacker declares whether they spend
    any coin to modify the attack mode"; "4. The defender declares if they use
    an ability": what such coins buy is the roll's, or made as it is rolled."""
    assert _refused(engine_shapes.model_ability, timing="defence", effects=[
        {"effect": "will_test", "target": {"who": "attacker"}}]) is None
    assert _refused(engine_shapes.model_ability, timing="defence", effects=[
        {"effect": "will_test", "target": {"who": "attacker"},
         "on_failure": [{"effect": "draw_agenda"}]}]).startswith(
        "a 'draw_agenda' effect is none the defence roll applies (it applies extra dice")
    assert _refused(engine_shapes.model_ability, timing="defence", effects=[
        {"effect": "will_test", "target": {"who": "enemy"}, "on_failure": [
            {"effect": "will_test", "target": {"who": "chosen"}}]}]) == (
        "a will test bought with the defence roll holds no will test")
    assert _refused(engine_shapes.model_ability, timing="defence", effects=[
        {"effect": "will_test", "target": {"who": "attacker"}, "on_failure": [
            {"effect": "apply_condition", "condition": "shaken",
             "target": {"who": "enemy"}}]}]) == (
        "a 'apply_condition' effect bought with the defence roll inside a will test (no new "
        "pick once the die is rolled) aims at 'enemy'; it aims at the model tested "
        "('chosen'), 'self', the attacker, the defender")
    picked = msgspec.convert({"cost": {"copper": 1}, "effects": [
        {"effect": "apply_condition", "condition": "shaken",
         "target": {"who": "friendly"}}]}, Improvement)
    assert engine_shapes.attack_improvement(picked) is None
    every = msgspec.convert({"cost": {"copper": 1}, "effects": [
        {"effect": "apply_condition", "condition": "shaken",
         "target": {"who": "friendly", "count": 0}}]}, Improvement)
    assert engine_shapes.attack_improvement(every) == (
        "a 'apply_condition' effect bought with the attack roll aims at every model its "
        "words fit ('count' 0); it aims at 'self', the attacker, the defender or 1 or more "
        "friendly or enemy models picked")


def test_trigger_abilities():
    """Seed 004, ABILITIES: special trigger abilities (DOWAGER'S RESOURCES: "as
    soon as a friendly model in short range has spent [silver]"); a trigger's
    model moves once, its square asked with the ability."""
    assert _refused(engine_shapes.model_ability, timing="trigger",
                    trigger="friendly_spent_coin", effects=[{"effect": "see_all"}]).startswith(
        "a 'see_all' effect is none the engine applies here (it applies conditions")
    assert _refused(engine_shapes.model_ability, timing="trigger", trigger="kills_enemy",
                    effects=[{"effect": "move_model", "squares": 1, "direction": "free"},
                             {"effect": "move_model", "squares": 2, "direction": "free"}]) == (
        "it moves the model itself or the trigger model more than once, and the engine "
        "asks one square an ability; move it once")


def test_aftermaths():
    """Seed 004, ATTACK SEQUENCE steps 7-8: an aftermath "can be used now"; its
    will test's cards would be drawn only once its die is rolled, and a picked
    model's move waits alone for the attack to end."""
    assert _refused(engine_shapes.model_ability, timing="aftermath", effects=[
        {"effect": "will_test", "on_success": [{"effect": "draw_agenda"}]}]) == (
        "an aftermath's will test draws no agenda cards")
    assert _refused(engine_shapes.attack_aftermath, timing="aftermath", effects=[
        {"effect": "move_model", "squares": 1, "direction": "free",
         "target": {"who": "enemy"}},
        {"effect": "grant_action", "action": "move"}]) == (
        "an aftermath moving a picked model makes no other move or grant (one waits at "
        "a time)")


def test_passive_abilities():
    """Seed 004, ABILITIES: passive abilities "are always active"; a model's
    maximum wounds change by HEIRLOOM ARMOR's token or a lasting change, not a
    card's passive."""
    assert _refused(engine_shapes.model_ability, timing="passive", effects=[
        {"effect": "modify_value", "value": "wounds", "by": 1}]) == (
        "a passive 'modify_value' of 'wounds' is not counted: a model's maximum wounds "
        "change by an equipment token (HEIRLOOM ARMOR) or a lasting change made by an "
        "ability with a moment ('until')")
    assert _refused(engine_shapes.model_ability, timing="passive", requires=["engaged"],
                    effects=[{"effect": "see_all"}]) == (
        "a passive 'see_all' may require 'infantry' and nothing else")


def test_start_and_end_of_the_game_and_the_end_phase():
    """Seed 004, NEMESIS: "Some characters can choose a nemesis before the
    battle begins"; THE END PHASE: "Players may use end of round effects" (no
    model initiated them: nothing to move AWAY from)."""
    assert _refused(engine_shapes.model_ability, timing="start_of_game", effects=[
        {"effect": "nemesis"}, {"effect": "score_vp", "vp": 1}]) == (
        "a nemesis ability is one 'nemesis' effect choosing 1 nemesis (count = 1) and "
        "nothing else; write another ability for the rest")
    assert _refused(engine_shapes.model_ability, timing="end_phase", effects=[
        {"effect": "move_model", "squares": 1, "direction": "away"}]) == (
        "a 'move_model' moves the model itself AWAY / TOWARDS, and there is no trigger "
        "model to move from or to; make it 'free'")
    assert _refused(engine_shapes.model_ability, timing="end_of_game", effects=[
        {"effect": "apply_condition", "condition": "shaken",
         "target": {"who": "any"}}]).startswith(
        "a 'apply_condition' effect aims at 'any', and this ability aims at 'self'")


def test_motivations_agendas_and_objectives():
    """Seed 004, MOTIVATIONS CARDS: "Right before a hero would be killed, flip
    their motivation card to the 'Deceased' side"; AGENDA CARDS: "score 2 VP"
    in the last end phase; OBJECTIVE CARDS: "the action associated with the
    card"."""
    assert _refused(engine_shapes.motivation_side("alive"), timing="trigger",
                    trigger="killed", effects=[{"effect": "score_vp", "vp": 1}]) == (
        "a motivation's Alive side is used on the trigger 'kills_enemy' / "
        "'captures_enemy' / 'interacts_plunder', not as a 'trigger' ability on 'killed'")
    assert _refused(engine_shapes.motivation_side("deceased"), timing="trigger",
                    trigger="killed", effects=[{"effect": "deal_wounds", "wounds": 1,
                                                "target": {"who": "enemy"}}]).startswith(
        "a motivation deals 'deal_wounds' only on its Deceased side, to the model that "
        "killed the hero ('trigger_model') or to every friendly or enemy model around")
    assert _refused(engine_shapes.agenda_ability, timing="end_of_game",
                    effects=[{"effect": "score_vp", "vp": 1}]).startswith(
        "an agenda's 'end_of_game' part is scored by 'special' hooks: ")
    assert _refused(engine_shapes.objective_action, timing="command", ap=1, effects=[
        {"effect": "restore_wounds", "wounds": 1, "target": {"who": "friendly"}}]) == (
        "an objective action's 'restore_wounds' restores the wounds of the model using "
        "it ('self') only")


BAD_ABILITIES = '''
[[ability]]
name = "Stride"
timing = "movement"
text = "Stride."
effects = [{ effect = "modify_roll", roll = "attack", by = 1 }]

[[ability]]
name = "Brave"
timing = "will"
text = "Brave."
effects = [{ effect = "score_vp", vp = 1 }]

[[ability]]
name = "Tough"
timing = "passive"
text = "Tough."
effects = [{ effect = "modify_value", value = "wounds", by = 1 }]

[[ability]]
name = "Fine"
timing = "command"
ap = 1
text = "Fine."
effects = [{ effect = "apply_condition", condition = "shaken", target = { who = "enemy", within = "short_range" } }]
'''
BAD_OBJECTIVES = '''
[[objective]]
name = "Healing Well"
action = { name = "Drink", timing = "command", ap = 1, text = "Heal a friend.", effects = [{ effect = "restore_wounds", wounds = 1, target = { who = "friendly" } }] }
'''


def test_a_malformed_pack_is_refused_with_every_problem_named(tmp_path):
    """Loading the pack names each card the engine would never use, its file
    and its reason; the sound card ("Fine") is not named."""
    shutil.copytree(PACKS / "core", tmp_path / "core")
    pack = tmp_path / "bad"
    pack.mkdir()
    (pack / "pack.toml").write_text('[pack]\nname = "bad"\nrequires = ["core"]\n')
    (pack / "abilities.toml").write_text(BAD_ABILITIES)
    (pack / "objectives.toml").write_text(BAD_OBJECTIVES)
    with pytest.raises(PackError) as caught:
        load_pack_dir(pack)
    never = "the engine would never use it: "
    assert sorted(str(p) for p in caught.value.problems) == sorted([
        f"bad/abilities.toml: ability 'Stride': {never}a 'modify_roll' effect is none a "
        "movement ability applies (it applies 'extra_squares' and 'ignore_engagement')",
        f"bad/abilities.toml: ability 'Brave': {never}a 'will' ability is used \"after "
        "passing a will test\": its 'requires' must list 'will_test_passed'",
        f"bad/abilities.toml: ability 'Tough': {never}a passive 'modify_value' of 'wounds' "
        "is not counted: a model's maximum wounds change by an equipment token (HEIRLOOM "
        "ARMOR) or a lasting change made by an ability with a moment ('until')",
        f"bad/objectives.toml: objective card 'Healing Well': ability 'Drink': {never}an "
        "objective action's 'restore_wounds' restores the wounds of the model using it "
        "('self') only",
    ])


def _every_ability(pack):
    """(the engine's check, the ability) for every ability a pack's cards hold."""
    for ability in pack.abilities.values():
        yield engine_shapes.model_ability, ability
    for model in pack.models.values():
        for attack in model.attacks:
            for aftermath in attack.aftermath:
                yield engine_shapes.attack_aftermath, aftermath
            for improvement in attack.improvements:
                yield engine_shapes.attack_improvement, improvement
    for motivation in pack.motivations.values():
        for side in ("alive", "deceased"):
            for ability in getattr(motivation, side):
                yield engine_shapes.motivation_side(side), ability
    for agenda in pack.agendas.values():
        for ability in agenda.abilities:
            yield engine_shapes.agenda_ability, ability
    for objective in pack.objectives.values():
        yield engine_shapes.objective_action, objective.action
    for token in pack.equipment.values():
        yield engine_shapes.equipment_token, token


@pytest.mark.parametrize("name", sorted(p.name for p in PACKS.iterdir() if p.is_dir()))
def test_every_shipped_card_passes(name):
    """No card of a shipped pack is one the engine would never use (the
    loader would refuse the pack; each is asked here too, by kind)."""
    pack = load_pack(name)
    checked = [(check, ability) for check, ability in _every_ability(pack)]
    assert len(checked) > 20  # (the core pack's abilities, sides, agendas, objectives)
    assert [(getattr(a, "name", ""), check(a)) for check, a in checked
            if check(a) is not None] == []


def test_improvements_outside_a_defence_ability():
    """Seed 004, ATTACK SEQUENCE: "2. The attacker declares whether they spend
    any coin to modify the attack mode" (the attack mode's improvements); "4.
    The defender declares if they use an ability ... spending coins if
    required" (a defence ability's): no other moment buys an improvement."""
    improvement = {"cost": {"copper": 1}, "effects": [
        {"effect": "extra_dice", "roll": "attack", "dice": 1}]}
    assert _refused(engine_shapes.model_ability, timing="command", ap=1,
                    effects=[{"effect": "score_vp", "vp": 1}],
                    improvements=[improvement]) == (
        "only a 'defence' ability's improvements are bought (ATTACK SEQUENCE step 4); an "
        "attack's are its attack mode's: move them there or drop them")
    assert _refused(engine_shapes.model_ability, timing="defence", improvements=[
        {"cost": {"copper": 1}, "effects": [
            {"effect": "extra_dice", "roll": "defence", "dice": 1}]}]) is None


def _token(**fields) -> str | None:
    return engine_shapes.equipment_token(msgspec.convert(
        {"name": "T", "text": "t", "cost": {"copper": 1}, "types": ["soldier"], **fields},
        Equipment))


def test_equipment_tokens():
    """Seed 004, EQUIPMENT TOKENS: "The token's effect is always very precise and
    can be linked to a specific moment to be used"; LUCKY CHARM: "discard this
    card before rolling any dice"; HEIRLOOM ARMOR's wound counts while it is kept."""
    assert _token(effects=[{"effect": "modify_value", "value": "defence", "by": -1}]) \
        .startswith("a 'modify_value' effect is none a token has (kept: 'modify_roll', "
                    "'modify_value' of 'wounds'")
    assert _token(effects=[{"effect": "change_die", "to": 10}]) == (
        "a token's 'change_die' is used as the token is discarded; mark it 'once_per_game'")
    assert _token(once_per_game=True, effects=[
        {"effect": "modify_roll", "roll": "attack", "by": 1, "until": "game"}]) == (
        "a token's 'modify_roll' counts while the token is kept; a 'once_per_game' token "
        "counts only as it is discarded")
    assert _token(once_per_game=True, effects=[{"effect": "change_die", "to": 10}]) is None

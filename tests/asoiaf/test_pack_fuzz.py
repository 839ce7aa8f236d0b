"""Whatever a pack file holds, loading it either succeeds or raises PackError
naming problems: never another exception (a pack author sees words, not a
traceback); and a card that loads is one the engine would use (its shape)."""

import json
import tomllib

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.rules.asoiaf import (
    aftermaths,
    agendas,
    coins,
    command_shapes,
    end_phase_abilities,
    equipment,
    motivation_shapes,
    movement_abilities,
    objective_actions,
    passives,
    start_of_game,
    triggers,
    wounds_abilities,
)
from server.rules.asoiaf.cards.loader import PackError, load_pack_dir
from server.rules.asoiaf.cards.schema import Ability, Equipment, ModelCard

scalars = st.one_of(st.integers(-3, 12), st.text(alphabet="ab Z'-!é", max_size=6), st.booleans(),
                    st.sampled_from(["close", "ranged", "passive", "hero", "Baratheon",
                                     "deal_wounds", "will_test"]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(
        ["effect", "name", "gold", "copper", "who", "roll", "by", "dice", "kind", "ap",
         "value", "wounds", "target", "on_success", "cost", "timing", "text"]),
        inner, max_size=4)), max_leaves=8)


def _card(struct):
    keys = [f.encode_name for f in msgspec.structs.fields(struct)] + ["bogus"]
    return st.dictionaries(st.sampled_from(keys), values, max_size=8)


def _toml(value) -> str:
    """A TOML document of one [[table]] row (values as inline TOML)."""
    def inline(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int):
            return str(v)
        if isinstance(v, str):
            return json.dumps(v, ensure_ascii=False)  # a JSON string is a TOML string
        if isinstance(v, list):
            return "[" + ", ".join(inline(x) for x in v) + "]"
        return "{" + ", ".join(f"{k} = {inline(x)}" for k, x in v.items()) + "}"
    return "\n".join(f"{k} = {inline(v)}" for k, v in value.items())


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(model=_card(ModelCard), ability=_card(Ability))
def test_any_card_is_loaded_or_refused_in_words(tmp_path_factory, model, ability):
    pack = tmp_path_factory.mktemp("fuzz")
    (pack / "pack.toml").write_text('[pack]\nname = "fuzz"\nfactions = [{ name = "Baratheon" }]\n')
    (pack / "models.toml").write_text("[[model]]\n" + _toml(model) + "\n")
    (pack / "abilities.toml").write_text("[[ability]]\n" + _toml(ability) + "\n")
    for name in ("models.toml", "abilities.toml"):
        tomllib.loads((pack / name).read_text())  # the generator writes valid TOML
    try:
        load_pack_dir(pack)
    except PackError as e:
        assert e.problems and all(str(p) for p in e.problems)


# -- "loaded" implies "usable shape" ------------------------------------------------------
# Random abilities in the vocabulary's words: whatever the checker loads, the engine's
# own predicate for its timing accepts (issue 31: no card loads that the engine would
# silently never use; cards/engine_shapes.py).
_WHO = st.one_of(st.sampled_from(["self", "friendly", "enemy"]), st.sampled_from(
    ["self", "friendly", "enemy", "chosen", "trigger_model", "any", "attacker", "defender"]))
_TARGET = st.fixed_dictionaries({"who": _WHO}, optional={
    "count": st.sampled_from([0, 1, 2]), "within": st.sampled_from(["short_range", "anywhere"])})
_UNTIL = st.sampled_from(["roll", "action", "activation", "turn", "round", "game"])
_SIMPLE = st.one_of(
    st.fixed_dictionaries({"effect": st.just("deal_wounds"), "wounds": st.just(1),
                           "target": _TARGET}),
    st.fixed_dictionaries({"effect": st.just("deal_hits"), "hits": st.just(1),
                           "target": _TARGET}),
    st.fixed_dictionaries({"effect": st.sampled_from(["apply_condition", "remove_condition"]),
                           "condition": st.sampled_from(["shaken", "routed"]),
                           "target": _TARGET}),
    st.fixed_dictionaries({"effect": st.just("restore_wounds"), "wounds": st.just(1),
                           "target": _TARGET}),
    st.fixed_dictionaries({"effect": st.just("modify_roll"),
                           "roll": st.sampled_from(["attack", "defence", "will", "any"]),
                           "by": st.just(1), "target": _TARGET, "until": _UNTIL}),
    st.fixed_dictionaries({"effect": st.just("modify_value"),
                           "value": st.sampled_from(["defence", "will", "wounds"]),
                           "by": st.just(-1), "target": _TARGET, "until": _UNTIL}),
    st.fixed_dictionaries({"effect": st.just("move_model"), "squares": st.just(2),
                           "direction": st.sampled_from(["free", "away", "towards"]),
                           "target": _TARGET}),
    st.fixed_dictionaries({"effect": st.just("grant_action"),
                           "action": st.sampled_from(["move", "attack", "idle"]),
                           "free": st.booleans(), "target": _TARGET}),
    st.fixed_dictionaries({"effect": st.just("score_vp"), "vp": st.just(1)}),
    st.fixed_dictionaries({"effect": st.just("gain_coins"), "coin": st.just("copper"),
                           "amount": st.just(1)}),
    st.fixed_dictionaries({"effect": st.sampled_from(
        ["draw_agenda", "see_all", "ignore_engagement", "redirect_wounds", "kill_outright",
         "nemesis"])}),
    st.fixed_dictionaries({"effect": st.just("extra_squares"), "squares": st.just(1)}),
    st.fixed_dictionaries({"effect": st.just("extra_dice"), "roll": st.just("attack"),
                           "dice": st.just(1)}),
    st.fixed_dictionaries({"effect": st.just("immune_to_condition"),
                           "condition": st.just("shaken")}),
)
_EFFECT = st.one_of(_SIMPLE, st.fixed_dictionaries({
    "effect": st.just("will_test"), "target": _TARGET,
    "on_success": st.lists(_SIMPLE, max_size=2), "on_failure": st.lists(_SIMPLE, max_size=1)}))
_TIMINGS = ["start_of_game", "activation", "movement", "will", "defence", "wounds", "command",
            "trigger", "aftermath", "passive", "end_phase", "end_of_game"]
_TRIGGERS = ["friendly_spent_coin", "kills_enemy", "killed", "enters_square",
             "captures_enemy", "interacts_plunder", "spent_last_copper"]


@st.composite
def _abilities(draw):
    timing = draw(st.sampled_from(_TIMINGS))
    ability = {"name": "X", "text": "x", "timing": timing,
               "effects": draw(st.lists(_EFFECT, min_size=1, max_size=2))}
    if timing == "trigger":
        ability["trigger"] = draw(st.sampled_from(_TRIGGERS))
    if timing == "command" or draw(st.integers(0, 3)) == 0:
        ability["ap"] = draw(st.sampled_from([0, 1]))
    ability["requires"] = draw(st.one_of(st.just([]), st.lists(st.sampled_from(
        ["engaged", "will_test_passed", "infantry", "charging"]), max_size=1)))
    return ability


def _engine_accepts(ability) -> bool:
    """The predicate the engine asks before it offers or queues an ability of
    this timing (each timing's module)."""
    timing = ability.timing
    if timing in ("command", "activation"):  # command_abilities.specs
        return command_shapes.command_unsupported(ability) is None
    if timing == "will":  # will_waiting.will_abilities_wait
        return command_shapes.will_unsupported(ability) is None
    if timing == "start_of_game":  # start_of_game.queue
        return start_of_game._nemesis(ability) is not None or start_of_game._other(ability)
    if timing in ("end_phase", "end_of_game"):  # end_phase_abilities.queue
        return end_phase_abilities._usable(ability, last_round=True)
    if timing == "aftermath":  # aftermaths.usable
        return aftermaths.known(ability.effects)
    if timing == "trigger":  # triggers.py (coins) and model_triggers.py (the others)
        return triggers.unsupported(ability) is None
    return {"movement": movement_abilities.unsupported, "defence": coins.defence_unsupported,
            "wounds": wounds_abilities.unsupported,
            "passive": passives.unsupported}[timing](ability) is None


def _loads(pack, table: str, row: dict) -> bool:
    (pack / "pack.toml").write_text('[pack]\nname = "fuzz"\n')
    file = {"ability": "abilities.toml", "objective": "objectives.toml"}[table]
    (pack / file).write_text(f"[[{table}]]\n" + _toml(row) + "\n")
    try:
        load_pack_dir(pack)
    except PackError:
        return False
    return True


def test_a_loaded_ability_is_one_the_engine_uses(tmp_path_factory):
    """An ability (or objective action) the checker loads is one the engine's
    predicate for its timing accepts: "loaded" implies "usable shape"."""
    loaded = []

    @settings(max_examples=400, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(row=_abilities(), as_objective=st.booleans())
    def check(row, as_objective):
        pack = tmp_path_factory.mktemp("shape")
        if as_objective:
            if not _loads(pack, "objective", {"name": "O", "action": row}):
                return
            action = msgspec.convert(row, Ability)
            assert objective_actions.unsupported(action) is None, row
        else:
            if not _loads(pack, "ability", row):
                return
            assert _engine_accepts(msgspec.convert(row, Ability)), row
        loaded.append(row["timing"])

    check()
    assert len(loaded) >= 30  # (the property was tried on cards that load)


# -- motivations, agendas and equipment tokens --------------------------------------------
_HERO = """[[model]]
name = "Fuzz Lord"
faction = "Baratheon"
cost = { gold = 1 }
will = 5
defence = 5
wounds = 3
attacks = [{ name = "Longsword", kind = "close", ap = 1, dice = 2, value = 6 }]
"""
_SOUND_SIDE = {"alive": {"name": "A", "timing": "trigger", "trigger": "kills_enemy",
                         "text": "x", "effects": [{"effect": "score_vp", "vp": 1}]},
               "deceased": {"name": "D", "timing": "trigger", "trigger": "killed",
                            "text": "x", "effects": [{"effect": "score_vp", "vp": 1}]}}
# four sound agendas beside the one drawn ("a deck holds 5 unique agenda cards")
_OTHER_AGENDAS = "".join(
    f'\n[[agenda]]\nname = "{name}"\ntext = "x"\nabilities = [{{ name = "", timing = '
    '"trigger", trigger = "spent_last_copper", text = "x", effects = [{ effect = '
    '"score_vp", vp = 2 }] }]\n' for name in "HIJK")


def _pack_with(pack, motivation=None, agenda=None, token=None) -> bool:
    """A pack of one hero (its motivation `motivation`, else a sound one), five
    agendas (one `agenda`) and the equipment token `token`: whether it loads."""
    (pack / "pack.toml").write_text('[pack]\nname = "fuzz"\nfactions = [{ name = "Baratheon" }]\n')
    (pack / "models.toml").write_text(_HERO)
    sides = motivation or {"hero": "Fuzz Lord", "alive": [_SOUND_SIDE["alive"]],
                           "deceased": [_SOUND_SIDE["deceased"]]}
    (pack / "motivations.toml").write_text("[[motivation]]\n" + _toml(sides) + "\n")
    if agenda is not None:
        (pack / "agendas.toml").write_text("[[agenda]]\n" + _toml(agenda) + "\n"
                                           + _OTHER_AGENDAS)
    if token is not None:
        (pack / "equipment.toml").write_text("[[equipment]]\n" + _toml(token) + "\n")
    try:
        load_pack_dir(pack)
    except PackError:
        return False
    return True


def test_the_fuzz_pack_of_sound_cards_loads(tmp_path):
    """(The frame the property below fills in is itself sound.)"""
    assert _pack_with(tmp_path, agenda={"name": "G", "text": "x", "abilities": [
        _SOUND_SIDE["alive"] | {"name": "", "trigger": "spent_last_copper",
                                "effects": [{"effect": "score_vp", "vp": 2}]}]}, token={
        "name": "T", "text": "x", "cost": {"copper": 1}, "types": ["hero"],
        "effects": [{"effect": "immune_to_condition", "condition": "routed"}]})


@st.composite
def _sides(draw):
    """A motivation side's ability: a trigger of the side's kinds, or another timing."""
    side = draw(st.sampled_from(["alive", "deceased"]))
    ability = draw(_abilities())
    if draw(st.integers(0, 2)):
        ability["timing"] = "trigger"
        ability["trigger"] = draw(st.sampled_from(
            ["kills_enemy", "captures_enemy", "interacts_plunder"] if side == "alive"
            else ["killed"]))
    return side, ability


_AGENDA_PARTS = {
    "activation": st.fixed_dictionaries({
        "effect": st.just("grant_action"), "action": st.sampled_from(["move", "attack", "idle"]),
        "free": st.booleans()}),
    "end_of_game": st.fixed_dictionaries({
        "effect": st.just("special"), "text": st.just("x"), "hook": st.sampled_from(
            ["score_if_no_hero_lost", "score_if_more_objectives", "score_if_nothing"])}),
    "trigger": st.fixed_dictionaries({"effect": st.just("score_vp"),
                                      "vp": st.sampled_from([1, 2])}),
}


@st.composite
def _agenda_abilities(draw):
    """An agenda's ability: near one of the three shapes an agenda has, or any."""
    timing = draw(st.sampled_from([*_AGENDA_PARTS, "any"]))
    if timing == "any":
        return {**draw(_abilities()), "name": ""}
    effects = draw(st.lists(st.one_of(_AGENDA_PARTS[timing], _SIMPLE), min_size=1,
                            max_size=2))
    ability = {"name": "", "text": "x", "timing": timing, "effects": effects}
    if timing == "trigger":
        ability["trigger"] = draw(st.sampled_from(["spent_last_copper", "kills_enemy"]))
    return ability


_TOKEN_EFFECTS = st.one_of(_SIMPLE, st.fixed_dictionaries({
    "effect": st.just("change_die"), "to": st.sampled_from([1, 10])}))


@st.composite
def _tokens(draw):
    token = {"name": "T", "text": "x", "cost": {"copper": 1}, "types": ["hero"],
             "effects": draw(st.lists(_TOKEN_EFFECTS, min_size=1, max_size=2)),
             "once_per_game": draw(st.booleans())}
    token["requires"] = draw(st.one_of(st.just([]), st.lists(st.sampled_from(
        ["engaged", "infantry", "close_combat"]), max_size=1)))
    return token


def test_a_loaded_motivation_agenda_or_token_is_one_the_engine_uses(tmp_path_factory):
    """A motivation side, agenda or equipment token the checker loads is one the
    engine's own predicate accepts (motivation_shapes.unsupported,
    agendas.unsupported, equipment.unsupported): "loaded" implies "usable shape"."""
    loaded = []

    @settings(max_examples=300, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(kind=st.sampled_from(["motivation", "agenda", "token"]), side=_sides(),
           agenda=_agenda_abilities(), token=_tokens())
    def check(kind, side, agenda, token):
        pack = tmp_path_factory.mktemp("cards")
        if kind == "motivation":
            which, ability = side
            card = {"hero": "Fuzz Lord", "alive": [_SOUND_SIDE["alive"]],
                    "deceased": [_SOUND_SIDE["deceased"]], which: [ability]}
            if not _pack_with(pack, motivation=card):
                return
            assert motivation_shapes.unsupported(msgspec.convert(ability, Ability),
                                                 which) is None, ability
        elif kind == "agenda":
            if not _pack_with(pack, agenda={"name": "G", "text": "x", "abilities": [agenda]}):
                return
            assert agendas.unsupported(msgspec.convert(agenda, Ability)) is None, agenda
        else:
            if not _pack_with(pack, token=token):
                return
            assert equipment.unsupported(msgspec.convert(token, Equipment)) is None, token
        loaded.append(kind)

    check()
    # (the property was tried on cards of each kind that load)
    assert all(loaded.count(kind) >= 3 for kind in ("motivation", "agenda", "token"))

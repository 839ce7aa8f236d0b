"""Abilities whose effects pick models with different target words (seed 004,
ABILITIES: "All abilities that target another friendly or enemy model do not
activate the target"; LOYALLY REBELLIOUS: "force 1 enemy model in short range
to become [shaken]. Then, that enemy must pass 1 [will] test or become
[routed]"): one pick per target words (`pick_1`, `pick_2` ...: picks.py), at
each timing, from abilities of our own built in the test on
tests/asoiaf/packs/vocabulary. Dice scripted."""

import msgspec
import pytest

from server.rules.asoiaf.cards.schema import Ability
from server.rules.asoiaf.cards.vocabulary import (
    ApplyCondition,
    ModifyRoll,
    RemoveCondition,
    Target,
    WillTest,
)
from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Command, RulesError
from tests.asoiaf.attacking import attack
from tests.asoiaf.conftest import decide, mid_round, options, run, send
from tests.asoiaf_packs import knows

SHAKEN = frozenset({Condition.SHAKEN})
FRIEND_NEAR = Target(who="friendly", within="short_range")
ENEMY_NEAR = Target(who="enemy", within="short_range")
# "1 friendly model in short range gains +1 to its next attack roll; 1 enemy model
# in short range becomes shaken" (ours)
RALLY_AND_THREATEN = [ModifyRoll(roll="attack", by=1, target=FRIEND_NEAR),
                      ApplyCondition(condition="shaken", target=ENEMY_NEAR)]


def _table(**a1):
    """a1 (Test Scout) with a friend near (a2), two enemies near (b1, b2), one far."""
    return mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2, activated=True,
                            **a1),
                      Model("a2", "Baratheon Warden", "a", 2, square=(2, 11)),
                      Model("b1", "Baratheon Warden", "b", 2, square=(5, 11)),
                      Model("b2", "Baratheon Warden", "b", 2, square=(6, 12)),
                      Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))))


def _lasting(state, uid):
    """The model's changes outlasting their ability (uid, kind, roll, by, until)."""
    return [entry[1:4] for entry in state.lasting if entry[0] == uid]


def test_a_command_ability_picks_a_friend_and_an_enemy(vocabulary_pack):
    """ABILITIES, command abilities ("A command ability doesn't activate the model
    it targets"): the friend and the enemy are picked each (`pick_1`, `pick_2`,
    in the order the effects name them; b9 is beyond short range), each effect
    on its own pick; the event keeps both (`picks`)."""
    knows(vocabulary_pack, "Test Scout", Ability(
        name="Rally and Threaten", timing="command", ap=1,
        text="1 friendly model in short range gains +1 to its next attack roll; "
             "1 enemy model in short range becomes shaken.", effects=RALLY_AND_THREATEN))
    state = _table()
    [option] = options(state, "ability")
    assert option.params == {"pick_1": ["a2"], "pick_2": ["b1", "b2"]}
    state, [event] = run(state, "a", "ability", {"ability": "Rally and Threaten",
                                                 "pick_1": "a2", "pick_2": "b2"})
    assert event.data["picks"] == ["a2", "b2"] and event.data["target"] is None
    assert state.model("b2").conditions == SHAKEN and state.model("a2").conditions == set()
    assert _lasting(state, "a2") == [("roll", "attack", 1)] and not _lasting(state, "b2")
    assert not state.model("a2").activated and not state.model("b2").activated


def test_a_model_a_pick_may_not_name_is_refused_with_the_reason(vocabulary_pack):
    """The same ability: b9 is not in short range (COMMON GAME TERMS: up to 3
    squares), so the 2nd pick refuses it (`bad_pick`, a sentence naming the
    models it may pick); a pick left out is refused the same way."""
    knows(vocabulary_pack, "Test Scout", Ability(
        name="Rally and Threaten", timing="command", ap=1, text="(as above)",
        effects=RALLY_AND_THREATEN))
    state = _table()
    for args in ({"pick_1": "a2", "pick_2": "b9"}, {"pick_1": "a2"}):
        with pytest.raises(RulesError) as refused:
            decide(state, Command("a", "ability", {"ability": "Rally and Threaten", **args}))
        assert refused.value.code == "bad_pick"
        assert "pick 2" in refused.value.message and "b1 or b2" in refused.value.message


def test_not_offered_while_a_pick_has_nobody(vocabulary_pack):
    """An ability naming "1 enemy model in short range" with none there is not
    offered (as an ability of one pick is not), though its friend is near (seed
    004, ABILITIES, the vocabulary's Target: "chosen by the ability's player
    among models that meet `within` and `types`")."""
    knows(vocabulary_pack, "Test Scout", Ability(
        name="Rally and Threaten", timing="command", ap=1, text="(as above)",
        effects=RALLY_AND_THREATEN))
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2, activated=True),
                       Model("a2", "Baratheon Warden", "a", 2, square=(2, 11)),
                       Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))))
    assert options(state, "ability") == []


def test_that_enemy_is_the_latest_pick_and_a_pick_of_two(vocabulary_pack):
    """LOYALLY REBELLIOUS' "Then, that enemy must pass 1 [will] test or become
    [routed]" after another pick: "chosen" is the latest pick before it (our
    reading). "2 friendly models in short range lose their shaken token" picks a
    pair (its values as `targets`' are); the enemy rolls 1 die (MODELS: "A model
    asked to roll [a will test] rolls 1 die"), fails and is routed; the roll
    took its shaken token ("After this roll is made, remove the [shaken] token")."""
    knows(vocabulary_pack, "Test Scout", Ability(
        name="Steady and Break", timing="command", ap=1,
        text="2 friendly models in short range lose their shaken token; 1 enemy model "
             "in short range becomes shaken, then that enemy must pass 1 will test or "
             "become routed.",
        effects=[RemoveCondition(condition="shaken", target=Target(
                     who="friendly", within="short_range", count=2)),
                 ApplyCondition(condition="shaken", target=ENEMY_NEAR),
                 WillTest(target=Target(who="chosen"), on_failure=[
                     ApplyCondition(condition="routed", target=Target(who="chosen"))])]))
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2, activated=True),
                       Model("a2", "Baratheon Warden", "a", 2, square=(2, 11), conditions=SHAKEN),
                       Model("a3", "Baratheon Warden", "a", 2, square=(3, 12), conditions=SHAKEN),
                       Model("b1", "Baratheon Warden", "b", 2, square=(5, 11))))
    [option] = options(state, "ability")
    assert option.params == {"pick_1": [["a2", "a3"]], "pick_2": ["b1"]}
    state, [event] = run(state, "a", "ability", {"ability": "Steady and Break",
                                                 "pick_1": ["a2", "a3"], "pick_2": "b1"},
                         (1,))
    assert event.data["will_faces"] == [1]
    assert state.model("a2").conditions == state.model("a3").conditions == set()
    # (its shaken token is lost once it rolls: conditions.after_roll)
    assert state.model("b1").conditions == {Condition.ROUTED}


def test_a_trigger_picks_a_friend_and_an_enemy(vocabulary_pack):
    """ABILITIES, special trigger abilities ("These abilities never activate a
    model using the ability or a model targeted by the ability"): "When this
    model kills an enemy" (ours), the same two picks; b1 is killed (ATTACK
    SEQUENCE step 9), so only b2 is left to pick."""
    knows(vocabulary_pack, "Test Herald", Ability(
        name="Victory Cry", timing="trigger", trigger="kills_enemy",
        text="When this model kills an enemy: (as Rally and Threaten)",
        effects=RALLY_AND_THREATEN))
    models = (Model("a1", "Test Herald", "a", 2, square=(3, 11), ap=2, activated=True),
              Model("a2", "Baratheon Warden", "a", 2, square=(2, 11)),
              Model("b1", "Baratheon Warden", "b", 1, square=(4, 11)),
              Model("b2", "Baratheon Warden", "b", 2, square=(5, 12)))
    state = attack(mid_round(models), "b1", (9, 9, 1, 1))
    [use, _] = SYSTEM.prompt(state).decisions[0].options
    assert use.type == "trigger_ability" and use.params == {"pick_1": ["a2"],
                                                            "pick_2": ["b2"]}
    state, [event] = run(state, "a", "trigger_ability", {"ability": "Victory Cry",
                                                         "pick_1": "a2", "pick_2": "b2"})
    assert event.data["picks"] == ["a2", "b2"]
    assert state.model("b2").conditions == SHAKEN and _lasting(state, "a2")


def test_an_end_phase_ability_picks_a_friend_and_an_enemy(vocabulary_pack):
    """THE END PHASE: "Players may use end of round effects" (ours: "In the end
    phase, 1 friendly model in short range loses its routed token; 1 enemy
    model in short range becomes shaken"); the friend's pick keeps only a
    routed friend, as an end-phase removal does."""
    knows(vocabulary_pack, "Test Scout", Ability(
        name="Night Watch", timing="end_phase", text="(as its effects say)",
        effects=[RemoveCondition(condition="routed", target=FRIEND_NEAR),
                 ApplyCondition(condition="shaken", target=ENEMY_NEAR)]))
    routed = frozenset({Condition.ROUTED})
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=1, activated=True),
                       Model("a2", "Baratheon Warden", "a", 2, square=(2, 11), activated=True,
                             conditions=routed),
                       Model("a3", "Baratheon Warden", "a", 2, square=(3, 12), activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(5, 11), activated=True)))
    state = send(state, "a", "end_activation")
    [use, _] = SYSTEM.prompt(state).decisions[0].options
    assert use.type == "end_phase_ability"
    assert use.params == {"pick_1": ["a2"], "pick_2": ["b1"]}
    state, [event, *_] = run(state, "a", "end_phase_ability",
                             {"ability": "Night Watch", "pick_1": "a2", "pick_2": "b1"})
    assert event.data["picks"] == ["a2", "b1"]
    assert state.model("a2").conditions == set() and state.model("b1").conditions == SHAKEN


def test_a_start_of_game_ability_picks_a_friend_and_an_enemy(vocabulary_pack):
    """PLAYING THE GAME: "players resolve their abilities triggered At the Start
    of the Game" (ours: "1 friendly model gains +1 to its next attack roll; 1
    enemy model becomes shaken", anywhere): asked once deployment is done."""
    knows(vocabulary_pack, "Test Scout", Ability(
        name="Opening Gambit", timing="start_of_game", text="(as its effects say)",
        effects=[ModifyRoll(roll="attack", by=1, target=Target(who="friendly")),
                 ApplyCondition(condition="shaken", target=Target(who="enemy"))]))
    from server.rules.asoiaf.state import Phase  # (the deployment's last model)

    state = mid_round((Model("a1", "Test Scout", "a", 2),
                       Model("a2", "Baratheon Warden", "a", 2, square=(2, 11)),
                       Model("b1", "Baratheon Warden", "b", 2, square=(3, 12))),
                      active="", phase=Phase.DEPLOY)
    [deploy] = SYSTEM.prompt(state).decisions[0].options
    state = send(state, "a", "deploy", {"model": "a1", "square": deploy.params["square"][0]})
    [use] = SYSTEM.prompt(state).decisions[0].options
    assert use.type == "start_ability" and use.params == {"pick_1": ["a2"], "pick_2": ["b1"]}
    state, [event] = run(state, "a", "start_ability", {**use.args, "pick_1": "a2",
                                                       "pick_2": "b1"})
    assert event.data["picks"] == ["a2", "b1"]
    assert state.model("b1").conditions == SHAKEN and _lasting(state, "a2")


def test_a_will_ability_picks_a_friend_and_an_enemy(vocabulary_pack):
    """ABILITIES, will abilities ("They can be used anytime a model performs a
    [will] test"; BRAVADO's kind: after passing one): Olenna's Thorny Wit makes
    Jon Connington test (4 against will 4+: passed); his ability of our own then
    picks a friend and an engaged enemy."""
    vocabulary_pack.abilities["Rallying Wit"] = Ability(
        name="Rallying Wit", timing="will", requires=["will_test_passed"],
        text="After passing a will test: 1 friendly model in short range gains +1 to "
             "its next attack roll; 1 enemy engaged with this model becomes shaken.",
        effects=[ModifyRoll(roll="attack", by=1, target=FRIEND_NEAR),
                 ApplyCondition(condition="shaken", target=Target(
                     who="enemy", within="contact"))])
    jon = vocabulary_pack.models["Jon Connington"]
    vocabulary_pack.models["Jon Connington"] = msgspec.structs.replace(
        jon, abilities=["Rallying Wit"])
    models = (Model("a1", "Olenna Tyrell", "a", 2, square=(3, 8), ap=2, activated=True),
              Model("a2", "Baratheon Warden", "a", 2, square=(5, 10)),
              Model("b1", "Jon Connington", "b", 3, square=(5, 9)),
              Model("b2", "Baratheon Warden", "b", 2, square=(6, 8)))
    state, _ = run(mid_round(models), "a", "ability", {"ability": "Thorny Wit",
                                                       "target": "b1"}, (4,))
    [use, _] = SYSTEM.prompt(state).decisions[0].options
    assert use.type == "will_ability" and use.params == {"pick_1": ["b2"], "pick_2": ["a2"]}
    state, [event, *_] = run(state, "b", "will_ability", {"ability": "Rallying Wit",
                                                          "pick_1": "b2", "pick_2": "a2"})
    assert event.data["picks"] == ["b2", "a2"]
    assert state.model("a2").conditions == SHAKEN and _lasting(state, "b2")


def test_an_aftermath_picks_a_friend_and_an_enemy(vocabulary_pack):
    """ATTACK SEQUENCE: "7. If the attacker's attack mode has an aftermath, it can
    be used now" (ours: the rapier's "1 friendly model in short range gains +1 to
    its next attack roll; 1 enemy model in short range becomes shaken")."""
    duelist = vocabulary_pack.models["Test Duelist"]
    rapier = msgspec.structs.replace(duelist.attacks[0], aftermath=[Ability(
        name="Riposte Cry", timing="aftermath", text="(as its effects say)",
        effects=RALLY_AND_THREATEN)])
    vocabulary_pack.models["Test Duelist"] = msgspec.structs.replace(duelist, attacks=[rapier])
    state = mid_round((Model("a1", "Test Duelist", "a", 2, square=(3, 11), ap=2,
                             activated=True),
                       Model("a2", "Baratheon Warden", "a", 2, square=(2, 11)),
                       Model("b1", "Baratheon Warden", "b", 2, square=(4, 11)),
                       Model("b2", "Baratheon Warden", "b", 2, square=(4, 10))))
    state = send(state, "a", "attack", {"mode": 0, "target": "b1", "improvements": []},
                 (9, 1, 1))
    [use, _] = SYSTEM.prompt(state).decisions[0].options
    assert use.type == "aftermath" and use.params == {"pick_1": ["a2"],
                                                      "pick_2": ["b1", "b2"]}
    state, [event] = run(state, "a", "aftermath", {"ability": "Riposte Cry",
                                                   "pick_1": "a2", "pick_2": "b2"})
    assert event.data["picks"] == ["a2", "b2"]
    assert state.model("b2").conditions == SHAKEN and _lasting(state, "a2")


def test_a_random_player_answers_every_pick_from_the_prompt(vocabulary_pack):
    """Bots act only from prompt options (random_player.py): when it takes this
    ability, each pick is one of its values and the rules accept the command."""
    import random

    from server.rules.asoiaf.random_player import random_command

    knows(vocabulary_pack, "Test Scout", Ability(
        name="Rally and Threaten", timing="command", ap=1, text="(as above)",
        effects=RALLY_AND_THREATEN))
    state = _table()
    taken = [c for c in (random_command(SYSTEM.prompt(state), "a", random.Random(seed))
                         for seed in range(60)) if c.type == "ability"]
    assert taken
    for command in taken:
        assert command.args["pick_1"] == "a2" and command.args["pick_2"] in ("b1", "b2")
        [event] = decide(state, command)  # (no die rolled)
        assert event.data["picks"] == [command.args["pick_1"], command.args["pick_2"]]

"""Trigger, end-phase and will abilities moving, granting and testing beyond
one model (seed 004, ABILITIES: special trigger abilities "never activate a
model using the ability or a model targeted by the ability"; will abilities,
BRAVADO "after passing a will test"; THE END PHASE: "Players may use end of
round effects"; COMMON GAME TERMS, AWAY), from abilities of our own built in
the test on tests/asoiaf/packs/vocabulary. Dice scripted."""

import msgspec

from server.rules.asoiaf.cards.schema import Ability
from server.rules.asoiaf.cards.vocabulary import (
    ApplyCondition,
    DealHits,
    GrantAction,
    MoveModel,
    Target,
    WillTest,
)
from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.board.square import distance
from tests.asoiaf.attacking import attack
from tests.asoiaf.conftest import mid_round, run, send

SHAKEN = frozenset({Condition.SHAKEN})


def _card(pack, card: str, *abilities: Ability, keep=()):
    for ability in abilities:
        pack.abilities[ability.name] = ability
    model = pack.models[card]
    pack.models[card] = msgspec.structs.replace(
        model, abilities=[*keep, *(a.name for a in abilities)])


def test_a_killed_models_trigger_lets_a_friend_move(vocabulary_pack):
    """Special trigger abilities, on `killed` (ours, "When this model is killed,
    1 friendly model may move up to 2 squares"): the model is gone, the friend
    its player picks moves once the attack is over, by the MOVE ACTION's rules."""
    _card(vocabulary_pack, "Test Scout", Ability(
        name="Last Order", timing="trigger", trigger="killed",
        text="When this model is killed, 1 friendly model may move up to 2 squares.",
        effects=[MoveModel(squares=2, direction="free", target=Target(who="friendly"))]))
    state = mid_round((Model("a1", "Baratheon Warden", "a", 2, square=(3, 11), ap=2,
                             activated=True),
                       Model("b1", "Test Scout", "b", 1, square=(4, 11)),
                       Model("b2", "Baratheon Warden", "b", 2, square=(12, 0))))
    state = attack(state, "b1", (9, 9, 1, 1))
    assert state.model("b1").removed == "killed" and not state.attack
    [decision] = SYSTEM.prompt(state).decisions
    [option] = [o for o in decision.options if o.type == "trigger_ability"]
    assert decision.seat == "b" and option.params == {"target": ["b2"]}
    state = send(state, "b", "trigger_ability", {"ability": "Last Order", "target": "b2"})
    assert state.granted == ("b2", "move", 2, "free", "b1")
    state = send(state, "b", "granted_move", {"model": "b2", "square": [12, 2]})
    assert state.model("b2").square == (12, 2) and state.granted == ()


def test_a_kill_moves_the_killer_and_pushes_a_picked_enemy(vocabulary_pack):
    """AWAY ("as far away as possible from the model who initiated the away
    action") beside the model's own move, on `kills_enemy` (ours: "this model
    may move 1 square; 1 enemy model in short range moves 1 square away from
    it"): the Scout's square is picked with the ability, the push waits after."""
    spear = vocabulary_pack.abilities["Hurl Spear"]
    _card(vocabulary_pack, "Test Scout", spear, Ability(
        name="Press", timing="trigger", trigger="kills_enemy",
        text="This model may move 1 square; 1 enemy in short range moves 1 square away.",
        effects=[MoveModel(squares=1, direction="free"),
                 MoveModel(squares=1, direction="away",
                           target=Target(who="enemy", within="short_range"))]))
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2, activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(6, 11),
                             conditions=SHAKEN),
                       Model("b2", "Baratheon Warden", "b", 2, square=(4, 12))))
    state = send(state, "a", "ability", {"ability": "Hurl Spear", "target": "b1"}, (1, 1))
    assert state.model("b1").removed == "killed"
    [option] = [o for o in SYSTEM.prompt(state).decisions[0].options
                if o.type == "trigger_ability"]
    assert option.params["target"] == ["b2"] and [3, 10] in option.params["square"]
    state = send(state, "a", "trigger_ability",
                 {"ability": "Press", "target": "b2", "square": [3, 10]})
    assert state.model("a1").square == (3, 10)
    assert state.granted == ("b2", "move", 1, "away", "a1")
    [decision] = SYSTEM.prompt(state).decisions
    square = decision.options[0].params["square"][0]
    assert decision.seat == "a" and distance((3, 10), square) == 3  # from 2


def test_every_enemy_in_short_range_tests_its_will_in_the_end_phase(vocabulary_pack):
    """THE END PHASE ("Players may use end of round effects"), a will test for
    several models (ours: "every enemy model in short range must pass a will
    test or become shaken"): one die each (b1 rolls 2, b2 rolls 9)."""
    _card(vocabulary_pack, "Test Scout", Ability(
        name="Night Terror", timing="end_phase",
        text="In the end phase, every enemy in short range passes a will test or is shaken.",
        effects=[WillTest(target=Target(who="enemy", within="short_range", count=0),
                          on_failure=[ApplyCondition(condition="shaken",
                                                     target=Target(who="chosen"))])]))
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=1,
                             activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(5, 11), activated=True),
                       Model("b2", "Baratheon Warden", "b", 2, square=(4, 12), activated=True)))
    state = send(state, "a", "end_activation")  # the round's last: its end phase
    assert state.end_phase_waiting == (("a", "a1", "Night Terror"),)
    state, events = run(state, "a", "end_phase_ability", {"ability": "Night Terror"}, (2, 9))
    assert events[0].data["will_faces"] == [2, 9]
    assert state.model("b1").conditions == SHAKEN and state.model("b2").conditions == set()


def test_a_kill_grants_every_friend_in_short_range_a_move(vocabulary_pack):
    """ACTIONS ("Actions granted by model's abilities don't activate the model
    that receive them. They must be used immediately"), a grant for several
    models on `kills_enemy` (ours): each friend in short range in turn."""
    spear = vocabulary_pack.abilities["Hurl Spear"]
    _card(vocabulary_pack, "Test Scout", spear, Ability(
        name="Onward", timing="trigger", trigger="kills_enemy",
        text="Every friendly model in short range may perform 1 move.",
        effects=[GrantAction(action="move", target=Target(
            who="friendly", within="short_range", count=0))]))
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2, activated=True),
                       Model("a2", "Baratheon Warden", "a", 2, square=(2, 11), activated=True),
                       Model("a3", "Baratheon Warden", "a", 2, square=(3, 12), activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(6, 11),
                             conditions=SHAKEN),
                       Model("b2", "Baratheon Warden", "b", 2, square=(12, 0))))
    state = send(state, "a", "ability", {"ability": "Hurl Spear", "target": "b1"}, (1, 1))
    state = send(state, "a", "trigger_ability", {"ability": "Onward"})
    assert state.granted == ("a2", "move") and state.grants_queued == (("a3", "move"),)


def test_a_will_ability_rolls_its_own_will_test_and_hits(vocabulary_pack):
    """Will abilities ("when this model makes a will test"; BRAVADO "after
    passing a will test") of ours, requiring the model engaged too: "after
    passing a will test, when engaged: 1 enemy in contact suffers 1 hit, then
    this model must pass a will test or become shaken". After FOCUS's passed
    test (ours), its hit's defence die and its will die are rolled as it is used."""
    _card(vocabulary_pack, "Test Scout", Ability(
        name="Focus", timing="command", ap=1, text="This model passes a will test.",
        effects=[WillTest()]), Ability(
        name="Fury", timing="will", requires=["will_test_passed", "engaged"],
        text="1 enemy in contact suffers 1 hit; then this model passes a will test or is shaken.",
        effects=[DealHits(hits=1, target=Target(who="enemy", within="contact")),
                 WillTest(on_failure=[ApplyCondition(condition="shaken")])]))
    engaged = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2,
                               activated=True),
                         Model("b1", "Baratheon Warden", "b", 2, square=(4, 11))))
    state = send(engaged, "a", "ability", {"ability": "Focus"}, (8,))
    assert state.will_triggers == (("a", "a1", "Fury"),)
    [option] = [o for o in SYSTEM.prompt(state).decisions[0].options
                if o.type == "will_ability"]
    assert option.params == {"target": ["b1"]}
    state, [event] = run(state, "a", "will_ability", {"ability": "Fury", "target": "b1"},
                         (2, 3))  # the Warden's defence die 2 (5+): 1 wound; the test 3
    assert event.data["will_faces"] == [2, 3]
    assert state.model("b1").wounds_left == 1 and state.model("a1").conditions == SHAKEN
    alone = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2,
                             activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(9, 11))))
    assert send(alone, "a", "ability", {"ability": "Focus"}, (8,)).will_triggers == ()

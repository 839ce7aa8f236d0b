"""Several grants from one ability (the vocabulary's `grant_action` to more than
one model, a grant beside a picked model's move; seed 004, ACTIONS: "Actions
granted by model's abilities don't activate the model that receive them. They
must be used immediately"; ABILITY 0, the WISE WORDS example: "may perform 1
[move] immediately. If he does not, he forfeits this action"): each model's
grant waits its turn (grant_queue.py), from abilities of our own built in the
test on tests/asoiaf/packs/vocabulary. Dice scripted."""

import msgspec

from server.rules.asoiaf.cards.schema import Ability
from server.rules.asoiaf.cards.vocabulary import GrantAction, MoveModel, Target, WillTest
from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.conftest import mid_round, send
from tests.asoiaf_packs import knows


def _scout_with(pack, ability: Ability):
    knows(pack, "Test Scout", ability)


def _table():
    return mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2, activated=True),
                      Model("a2", "Baratheon Warden", "a", 2, square=(2, 11), activated=True),
                      Model("a3", "Baratheon Warden", "a", 2, square=(3, 12), activated=True),
                      Model("b1", "Baratheon Warden", "b", 2, square=(4, 11)),
                      Model("b2", "Baratheon Warden", "b", 2, square=(12, 0))))


def test_a_grant_to_two_friends_waits_for_each_in_turn(vocabulary_pack):
    """ACTIONS: "Actions granted by model's abilities ... must be used
    immediately": "2 friendly models in short range may perform 1 move" (ours):
    the first picked moves (or forfeits), then the second; the Scout stays
    the active model and neither Warden activates."""
    _scout_with(vocabulary_pack, Ability(
        name="Rally Both", timing="command", ap=1,
        text="2 friendly models in short range may perform 1 move action.",
        effects=[GrantAction(action="move",
                             target=Target(who="friendly", within="short_range", count=2))]))
    [option] = [o for o in SYSTEM.prompt(_table()).decisions[0].options
                if o.type == "ability"]
    assert option.params == {"targets": [["a2", "a3"]]}
    state = send(_table(), "a", "ability", {"ability": "Rally Both", "targets": ["a2", "a3"]})
    assert state.granted == ("a2", "move") and state.grants_queued == (("a3", "move"),)
    state = send(state, "a", "forfeit_action")  # "If he does not, he forfeits this action"
    assert state.granted == ("a3", "move") and state.grants_queued == ()
    state = send(state, "a", "granted_move", {"model": "a3", "square": [3, 13]})
    assert state.model("a3").square == (3, 13) and state.granted == ()
    assert state.active_model == "a1" and not state.model("a3").ap


def test_every_friend_in_reach_is_granted_and_a_picked_enemy_pushed(vocabulary_pack):
    """COMMON GAME TERMS, AWAY ("must end this compulsory move as far away as
    possible from the model who initiated the away action") beside a grant:
    "Every friendly model in contact may perform 1 move; then 1 enemy model in
    contact moves 1 square away from this model" (ours): the grants come first,
    each Warden in table order, then the push, as the card lists them."""
    _scout_with(vocabulary_pack, Ability(
        name="Break Out", timing="command", ap=1,
        text="Every friendly model in contact may move; 1 enemy in contact is pushed away.",
        effects=[GrantAction(action="move",
                             target=Target(who="friendly", within="contact", count=0)),
                 MoveModel(squares=1, direction="away",
                           target=Target(who="enemy", within="contact"))]))
    state = send(_table(), "a", "ability", {"ability": "Break Out", "target": "b1"})
    assert state.granted == ("a2", "move")
    assert state.grants_queued == (("a3", "move"), ("b1", "move", 1, "away", "a1"))
    state = send(send(state, "a", "forfeit_action"), "a", "forfeit_action")
    [decision] = SYSTEM.prompt(state).decisions
    assert decision.seat == "a" and [o.type for o in decision.options] == ["granted_move"]
    state = send(state, "a", "granted_move",
                 {"model": "b1", "square": decision.options[0].params["square"][0]})
    assert state.model("b1").square != (4, 11) and state.granted == ()


def test_an_aftermaths_will_test_grants_the_defender_an_attack(vocabulary_pack):
    """ABILITIES SPECIAL RULES, AFTERMATH ("can be used after the initial dice
    are rolled and the regular action resolved"), WILL TESTS inside it, of our
    own on the Scout's Knife: "the defender must pass a will test or perform 1
    [attack] immediately" (ACTIONS: "If your opponent forces one of your models
    to perform an action, you retain control of your model"): failed, the
    Warden's attack waits for its player once the attack sequence is over."""
    scout = vocabulary_pack.models["Test Scout"]
    taunt = Ability(name="Taunt", timing="aftermath",
                    text="The defender must pass a will test or perform 1 attack.",
                    effects=[WillTest(target=Target(who="defender"), on_failure=[
                        GrantAction(action="attack", target=Target(who="defender"))])])
    knife = msgspec.structs.replace(scout.attacks[0], aftermath=[taunt])
    vocabulary_pack.models["Test Scout"] = msgspec.structs.replace(scout, attacks=[knife])
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2, activated=True),
                       Model("b1", "Baratheon Warden", "b", 3, square=(4, 11))))
    state = send(state, "a", "attack", {"mode": 0, "target": "b1", "improvements": []},
                 (9, 1, 1))  # 1 hit, not blocked: the Warden keeps 2 wounds
    state = send(state, "a", "aftermath", {"ability": "Taunt"}, (2,))  # 2: failed (6+)
    while state.attack:  # the rest of the sequence, declined
        [decision] = SYSTEM.prompt(state).decisions
        state = send(state, decision.seat, decision.options[-1].type, decision.options[-1].args)
    assert state.granted == ("b1", "attack")
    [decision] = SYSTEM.prompt(state).decisions
    [attack] = [o for o in decision.options if o.type == "granted_attack"]
    assert decision.seat == "b" and attack.params["target"] == ["a1"]


def test_an_activation_abilitys_free_move_costs_no_ap(vocabulary_pack):
    """ABILITY 0: "The 1st time any free action is used during an activation
    doesn't require spending AP"; AGENDA CARDS' words on a model card of our own
    ("As this model activates, it immediately performs 1 [move] as a free
    action, before announcing their first action"): the move is its only
    option, and its 2 AP are left for its actions."""
    _scout_with(vocabulary_pack, Ability(
        name="Quick Start", timing="activation",
        text="As this model activates, it performs 1 move as a free action.",
        effects=[GrantAction(action="move", free=True)]))
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11)),
                       Model("b1", "Baratheon Warden", "b", 2, square=(12, 0))), active="")
    state = send(state, "a", "activate", {"model": "a1"})
    [option] = [o for o in SYSTEM.prompt(state).decisions[0].options if o.type == "ability"]
    state = send(state, "a", "ability", option.args)
    assert state.free_action == "move"
    assert {o.type for o in SYSTEM.prompt(state).decisions[0].options} == {"move"}
    state = send(state, "a", "move", {"square": [3, 9]})
    assert state.model("a1").square == (3, 9) and state.model("a1").ap == 2
    assert state.free_action == ""


def test_a_deceased_side_grants_each_friend_around_a_move(vocabulary_pack):
    """MOTIVATIONS CARDS: "Right before a hero would be killed, flip their
    motivation card to the "Deceased" side. This side is used immediately";
    a Deceased side of our own ("When he is killed, friendly models in short
    range may perform 1 [move] immediately"; ACTIONS: "must be used
    immediately"): each friend near where he fell moves in turn, once the
    attack that killed him is over; the friend far away gets none."""
    from tests.asoiaf.attacking import attack

    card = vocabulary_pack.motivations["Test Lord"]
    scatter = Ability(name="Scatter", timing="trigger", trigger="killed",
                      text="When he is killed, friendly models in short range may move.",
                      effects=[GrantAction(action="move", target=Target(
                          who="friendly", within="short_range", count=0))])
    vocabulary_pack.motivations["Test Lord"] = msgspec.structs.replace(card,
                                                                       deceased=[scatter])
    state = mid_round((Model("a1", "Baratheon Warden", "a", 2, square=(3, 11), ap=2,
                             activated=True),
                       Model("b1", "Test Lord", "b", 1, square=(4, 11)),
                       Model("b2", "Baratheon Warden", "b", 2, square=(5, 11)),
                       Model("b3", "Baratheon Warden", "b", 2, square=(6, 12)),
                       Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))))
    state = attack(state, "b1", (9, 9, 1, 1))  # 2 hits, none blocked: the Lord falls
    assert state.pending == (("b", "b1", "Scatter"),)
    state = send(state, "b", "use_motivation")
    while state.attack:  # the rest of the sequence, declined
        [decision] = SYSTEM.prompt(state).decisions
        state = send(state, decision.seat, decision.options[-1].type, decision.options[-1].args)
    assert state.granted == ("b2", "move") and state.grants_queued == (("b3", "move"),)
    state = send(state, "b", "granted_move", {"model": "b2", "square": [5, 10]})
    state = send(state, "b", "granted_move", {"model": "b3", "square": [6, 13]})
    assert state.model("b2").square == (5, 10) and state.model("b3").square == (6, 13)
    assert state.granted == () and not state.model("b2").activated


def test_a_granted_charge_terrain_breaks_the_door_spending_no_ap():
    """CHARGE TERRAIN ACTION ("combines a [move 1] and a SPECIAL ATTACK 1
    action ... If the terrain is successfully destroyed, the model who performed
    the charge terrain action can surge forth 1 square") granted to a Warden
    that has activated with no AP (ACTIONS: "Actions granted by model's
    abilities don't activate the model that receive them"): the Village
    Skirmish cabin's Wooden Door (2 dice, 7+) is broken and its player surges."""
    state = mid_round((Model("a1", "Baratheon Warden", "a", 2, square=(6, 9), ap=2,
                             activated=True),
                       Model("a2", "Baratheon Warden", "a", 2, square=(2, 9), activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(12, 0))),
                      scenario="village_skirmish", granted=("a2", "charge_terrain"))
    [decision] = SYSTEM.prompt(state).decisions
    [charge] = [o for o in decision.options if o.type == "granted_charge_terrain"]
    assert charge.args == {"opening": 0} and [2, 6] in charge.params["square"]
    state = send(state, "a", "granted_charge_terrain", {"opening": 0, "square": [2, 6]},
                 (7, 1))
    assert state.doors == ((0, "broken"),) and state.granted == ()
    assert state.model("a2").ap == 0 and state.model("a1").ap == 2
    [decision] = SYSTEM.prompt(state).decisions
    assert decision.seat == "a" and [o.type for o in decision.options] == ["surge", "hold"]
    state = send(state, "a", "surge", {"square": [2, 5]})
    assert state.model("a2").square == (2, 5) and state.model("a1").square == (6, 9)
    assert state.surge == () and state.surging == "" and state.active_model == "a1"

"""An effect on every model its target words fit (the vocabulary's Target:
"friendly / enemy / any: chosen by the ability's player among models that meet
`within` and `types`, `count` of them (0 = every such model)"), by a command
ability of our own built in the test on tests/asoiaf/packs/vocabulary. Dice
scripted."""

import msgspec

from server.rules.asoiaf import charge_terrain, picks, start_of_game
from server.rules.asoiaf.cards.schema import Ability
from server.rules.asoiaf.cards.vocabulary import (
    ApplyCondition,
    DealHits,
    RemoveCondition,
    Target,
    WillTest,
)
from server.rules.asoiaf.command_abilities import supported
from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from tests.asoiaf.attacking import attack
from tests.asoiaf.conftest import mid_round, options, run, send

EVERY_ENEMY_NEAR = Target(who="enemy", within="short_range", count=0)


def test_every_enemy_in_short_range_is_shaken(vocabulary_pack):
    """"All enemy models in short range become shaken" (ours; COMMON GAME TERMS,
    short range: up to 3 squares): the two Wardens near, not the far one; no
    model is picked (no `target` param)."""
    cry = Ability(name="War Cry", timing="command", ap=1,
                  text="All enemy models in short range become shaken.",
                  effects=[ApplyCondition(condition="shaken", target=EVERY_ENEMY_NEAR)])
    vocabulary_pack.abilities["War Cry"] = cry
    scout = vocabulary_pack.models["Test Scout"]
    vocabulary_pack.models["Test Scout"] = msgspec.structs.replace(scout, abilities=["War Cry"])
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2, activated=True),
                       Model("a2", "Baratheon Warden", "a", 2, square=(2, 11)),
                       Model("b1", "Baratheon Warden", "b", 2, square=(5, 11)),
                       Model("b2", "Baratheon Warden", "b", 2, square=(6, 12)),
                       Model("b3", "Baratheon Warden", "b", 2, square=(12, 0))))
    [option] = [o for o in options(state, "ability") if o.label == "War Cry"]
    assert option.params == {}
    state, _ = run(state, "a", "ability", {"ability": "War Cry"})
    shaken = {m.uid for m in state.models if Condition.SHAKEN in m.conditions}
    assert shaken == {"b1", "b2"}


def test_which_every_model_effects_are_offered():
    """Tokens, wounds, hits and lasting changes for every such model, and a will
    test each and a grant to many (one after the other: grant_queue.py)."""
    assert supported([WillTest(target=Target(who="enemy", count=2))])
    assert supported([ApplyCondition(condition="routed", target=EVERY_ENEMY_NEAR)])
    assert supported([DealHits(hits=1, target=EVERY_ENEMY_NEAR)])
    assert supported([WillTest(target=EVERY_ENEMY_NEAR)])


def test_two_picked_friends_each_lose_their_shaken_token(vocabulary_pack):
    """"2 friendly models in short range lose their shaken token" (ours; Target
    `count` 2): its player picks a pair (`params.targets`: every pair of the
    friends in reach), and each of the two loses the token."""
    rally = Ability(name="Rally Two", timing="command", ap=1,
                    text="2 friendly models in short range lose their shaken token.",
                    effects=[RemoveCondition(condition="shaken", target=Target(
                        who="friendly", within="short_range", count=2))])
    vocabulary_pack.abilities["Rally Two"] = rally
    scout = vocabulary_pack.models["Test Scout"]
    vocabulary_pack.models["Test Scout"] = msgspec.structs.replace(scout, abilities=["Rally Two"])
    shaken = frozenset({Condition.SHAKEN})
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11), ap=2, activated=True),
                       Model("a2", "Baratheon Warden", "a", 2, square=(2, 11), conditions=shaken),
                       Model("a3", "Baratheon Warden", "a", 2, square=(4, 12), conditions=shaken),
                       Model("a4", "Baratheon Warden", "a", 2, square=(5, 10), conditions=shaken),
                       Model("b1", "Baratheon Warden", "b", 2, square=(12, 0))))
    [option] = [o for o in options(state, "ability") if o.label == "Rally Two"]
    assert option.params == {"targets": [["a2", "a3"], ["a2", "a4"], ["a3", "a4"]]}
    state, [event] = run(state, "a", "ability", {"ability": "Rally Two",
                                                 "targets": ["a2", "a4"]})
    assert event.data["target"] == ["a2", "a4"]
    still = {m.uid for m in state.models if Condition.SHAKEN in m.conditions}
    assert still == {"a3"}


def test_effects_picking_1_and_2_models_are_two_picks():
    """The vocabulary's Target: "`count` of them": "1 enemy model" and "2 enemy
    models" are different words, so each is its own pick (`pick_1`, `pick_2`:
    picks.py; they may name the same model, the card not saying otherwise)."""
    one = ApplyCondition(condition="shaken", target=Target(who="enemy"))
    two = DealHits(hits=1, target=Target(who="enemy", count=2))
    assert supported([two]) and supported([one, two])
    assert picks.names([one, two]) == ["pick_1", "pick_2"]
    assert picks.params([["b1", "b2", "b3"]] * 2, [one, two]) == {
        "pick_1": ["b1", "b2", "b3"], "pick_2": [["b1", "b2"], ["b1", "b3"], ["b2", "b3"]]}


def test_a_start_of_game_ability_on_several_models(vocabulary_pack):
    """PLAYING THE GAME, "At the Start of the Game", on several models (ours):
    "every enemy model in short range becomes shaken" asks nothing and is
    applied as the queue reaches it; "2 enemy models become routed" asks a pair."""
    vocabulary_pack.abilities["Dread"] = Ability(
        name="Dread", timing="start_of_game", text="Every enemy in short range is shaken.",
        effects=[ApplyCondition(condition="shaken", target=EVERY_ENEMY_NEAR)])
    vocabulary_pack.abilities["Terror"] = Ability(
        name="Terror", timing="start_of_game", text="2 enemy models become routed.",
        effects=[ApplyCondition(condition="routed", target=Target(who="enemy", count=2))])
    scout = vocabulary_pack.models["Test Scout"]
    vocabulary_pack.models["Test Scout"] = msgspec.structs.replace(
        scout, abilities=["Dread", "Terror"])
    state = mid_round((Model("a1", "Test Scout", "a", 2, square=(3, 11)),
                       Model("b1", "Baratheon Warden", "b", 2, square=(5, 11)),
                       Model("b2", "Baratheon Warden", "b", 2, square=(6, 12)),
                       Model("b3", "Baratheon Warden", "b", 2, square=(12, 0))), active="")
    state = start_of_game.queue(state, vocabulary_pack,
                                charge_terrain.field_of("learn_to_play", ()))
    shaken = {m.uid for m in state.models if Condition.SHAKEN in m.conditions}
    assert shaken == {"b1", "b2"} and state.start_abilities == (("a", "a1", "Terror"),)
    [option] = options(state, "start_ability")
    assert ["b1", "b3"] in option.params["targets"] and len(option.params["targets"]) == 3
    state = send(state, "a", "start_ability", {**option.args, "targets": ["b1", "b3"]})
    routed = {m.uid for m in state.models if Condition.ROUTED in m.conditions}
    assert routed == {"b1", "b3"} and not state.start_abilities


def test_a_motivation_aims_at_a_friend_its_player_picks(vocabulary_pack):
    """MOTIVATIONS CARDS, an Alive side of our own ("When he kills an enemy, 1
    friendly model in short range loses its shaken token"): the friend is picked
    with the motivation (`use_motivation`'s `params.target`)."""
    card = vocabulary_pack.motivations["Test Warlord"]
    inspire = Ability(name="Inspire", timing="trigger", trigger="kills_enemy",
                      text="When he kills an enemy, 1 friendly model in short range loses "
                           "its shaken token.",
                      effects=[RemoveCondition(condition="shaken", target=Target(
                          who="friendly", within="short_range"))])
    vocabulary_pack.motivations["Test Warlord"] = msgspec.structs.replace(card, alive=[inspire])
    shaken = frozenset({Condition.SHAKEN})
    state = mid_round((Model("a1", "Test Warlord", "a", 3, square=(3, 11), ap=2, activated=True),
                       Model("a2", "Baratheon Warden", "a", 2, square=(2, 11), conditions=shaken),
                       Model("a3", "Baratheon Warden", "a", 2, square=(9, 2), conditions=shaken),
                       Model("b1", "Baratheon Warden", "b", 1, square=(4, 11)),
                       Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))))
    state = attack(state, "b1", (9, 9, 1, 1))
    assert state.pending == (("a", "a1", "Inspire"),)
    [use, _] = SYSTEM.prompt(state).decisions[0].options
    assert use.params == {"target": ["a2"]}
    state, [event] = run(state, "a", "use_motivation", {"target": "a2"})
    assert event.data["target"] == "a2" and state.model("a2").conditions == frozenset()
    assert state.model("a3").conditions == shaken

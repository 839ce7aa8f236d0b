"""Objective cards' actions (seed 004, OBJECTIVE CARDS: "A model who controls an
objective can, during its activation, use the action associated with the card
attached to the objective") on Village Skirmish, objectives at (2, 4), (7, 6),
(11, 9); the cards are ours (objectives.toml)."""

import json
from dataclasses import replace

from server.rules.asoiaf.state import Condition, Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.dice import ScriptedDice
from server.rules.kernel import SPECTATOR, Command, Viewer
from tests.asoiaf.conftest import mid_round, options, run


def table(card, wounds=2, copper=5):
    models = (Model("a1", "Baratheon Warden", "a", wounds, square=(2, 4), ap=2, activated=True),
              Model("b1", "Baratheon Warden", "b", 2, square=(12, 12)))
    return mid_round(models, scenario="village_skirmish", rounds=5, copper=(copper, 5),
                     objective_cards=((2, 4, card), (7, 6, "Watchtower"), (11, 9, "War Horn")),
                     objectives_revealed=frozenset({(2, 4)}), agendas={"a": ("Hold the Field",)},
                     agenda_decks={"a": ("Thrifty Purse", "Raid Their Camp"), "b": ()})


def objective_options(state):
    return options(state, "use_objective")


def use(state, square=(2, 4)):
    return run(state, "a", "use_objective", {"square": list(square)})


def test_supply_cache_gives_a_copper_for_1_ap_once_an_activation():
    """seed 004, OBJECTIVE CARDS: the card's action, for the model that controls
    the objective ("any model that stands on this square controls it")."""
    state = table("Supply Cache")
    [option] = objective_options(state)
    assert option.label == "Supply Cache" and option.args == {"square": [2, 4]}
    state, _ = use(state)
    assert state.purses["a"].copper == 6 and state.model("a1").ap == 1
    assert objective_options(state) == []  # once per activation (our reading)
    state = SYSTEM.evolve(state, SYSTEM.decide(state, Command("a", "end_activation"),
                                               ScriptedDice())[0])
    assert state.objectives_used == frozenset()


def test_field_surgeons_tent_restores_a_wound_for_2_ap_never_past_the_card():
    """seed 004, OBJECTIVE CARDS (our card: "Bind Wounds 2: This model restores 1
    wound"); a model cannot have more wounds than its card."""
    state, _ = use(table("Field Surgeon's Tent", wounds=1))
    assert state.model("a1").wounds_left == 2 and state.model("a1").ap == 0
    tired = table("Field Surgeon's Tent")
    tired = tired.with_model(Model("a1", "Baratheon Warden", "a", 2, square=(2, 4), ap=1,
                                   activated=True))
    assert objective_options(tired) == []  # 2 AP needed


def test_maesters_ravens_spends_2_copper_and_draws_a_hidden_agenda():
    """seed 004, OBJECTIVE CARDS (our card: "2 copper: draw 1 agenda card");
    AGENDA CARDS: "kept secret until they are played"."""
    state, events = use(table("Maester's Ravens"))
    assert state.purses["a"].copper == 3
    assert state.agendas["a"] == ("Hold the Field", "Thrifty Purse")
    drawn = next(e for e in events if e.type == "agenda_drawn")
    assert dict(drawn.for_viewer(Viewer("b")).data) == {"seat": "a"}
    assert "Thrifty Purse" not in json.dumps(SYSTEM.view(state, SPECTATOR))
    assert objective_options(table("Maester's Ravens", copper=1)) == []  # the cost must be paid


def test_only_the_model_on_the_objective_and_only_actions_we_run_are_offered():
    """seed 004, OBJECTIVES TOKENS: "any model that stands on this square controls
    it"; War Horn's will test is not run yet (asoiaf.md, What is left)."""
    state = table("War Horn")
    assert objective_options(state) == []
    state = table("Supply Cache").with_model(
        Model("a1", "Baratheon Warden", "a", 2, square=(2, 5), ap=2, activated=True))
    assert objective_options(state) == []


def test_copper_spent_on_an_objective_action_can_trigger_thrifty_purse():
    """seed 004, AGENDA CARDS: "as soon as they spend their last [copper] before
    their opponent" — any spending, here Maester's Ravens' 2 copper."""
    state = table("Maester's Ravens", copper=2)
    state = replace(state, agendas={"a": ("Thrifty Purse",)})
    state, _ = use(state)
    assert state.purses["a"].copper == 0 and state.vp["a"] == 2
    assert ("a", "Thrifty Purse") in state.agendas_played


def test_sept_shrine_steadies_the_model_and_one_friend_in_short_range():
    """seed 004, OBJECTIVE CARDS (our card: "This model and 1 friendly model in
    short range lose their shaken token"); COMMON GAME TERMS, short range: "any
    square up to 3 squares away ... regardless of LoS"."""
    shaken = frozenset({Condition.SHAKEN})
    state = table("Sept Shrine")
    state = replace(state, models=(
        Model("a1", "Baratheon Warden", "a", 2, square=(2, 4), ap=2, activated=True,
              conditions=shaken),
        Model("a2", "Baratheon Warden", "a", 2, square=(5, 4), conditions=shaken),
        Model("a3", "Baratheon Warden", "a", 2, square=(6, 4), conditions=shaken),
        Model("b1", "Baratheon Warden", "b", 2, square=(2, 5), conditions=shaken)))
    [option] = objective_options(state)
    assert option.params == {"friend": ["a2"]}  # a3 is 4 squares away; b1 no friend
    events = SYSTEM.decide(state, Command("a", "use_objective",
                                          {"square": [2, 4], "friend": "a2"}), ScriptedDice())
    for event in events:
        state = SYSTEM.evolve(state, event)
    assert not state.model("a1").conditions and not state.model("a2").conditions
    assert state.model("a3").conditions == shaken == state.model("b1").conditions


def with_enemy_at(card, square):
    """The table with a second enemy Warden (will 6+) on `square`."""
    state = table(card)
    return replace(state, models=state.models + (Model("b2", "Baratheon Warden", "b", 2,
                                                       square=square),))


def test_watchtower_gives_plus_1_to_attack_rolls_until_the_activation_ends():
    """seed 004, OBJECTIVE CARDS (our card: "Keep Watch 1: This model gains +1 to its
    attack rolls until the end of its activation"); ATTACK SEQUENCE: a natural 10
    stays a natural 10."""
    state = with_enemy_at("Watchtower", (3, 4))
    [option] = objective_options(state)
    assert option.label == "Watchtower" and option.params == {}
    state, _ = use(state)
    assert state.roll_bonuses == (("a1", "attack", 1),) and state.model("a1").ap == 1
    state, events = run(state, "a", "attack", {"mode": 0, "target": "b2", "improvements": []},
                        (5, 10, 1, 1, 1))  # 2 dice, then 3 defence dice (the 10's hit)
    rolled = next(e for e in events if e.type == "attack_rolled")
    assert rolled.data["attack_results"] == [6, 10] and rolled.data["hits"] == 3
    while state.attack:  # the defence and what follows, answered plainly
        decision = SYSTEM.prompt(state).decisions[0]
        option = decision.options[-1]
        args = {"abilities": []} if option.type == "defend" else {}
        state, _ = run(state, decision.seat, option.type, args)
    state, _ = run(state, "a", "end_activation")
    assert state.roll_bonuses == ()


def test_war_horn_routs_an_enemy_in_short_range_that_fails_its_will_test():
    """seed 004, OBJECTIVE CARDS (our card: "Sound the Horn 1: 1 enemy model in short
    range must pass a will test or become routed"); MODELS: "A model asked to roll
    [a will test] rolls 1 die. To succeed it must roll equal to or above its value"."""
    state = with_enemy_at("War Horn", (5, 4))  # 3 squares away: short range
    [option] = objective_options(state)
    assert option.params == {"target": ["b2"]}
    failed, events = run(state, "a", "use_objective", {"square": [2, 4], "target": "b2"}, (5,))
    assert events[0].data["will_faces"] == [5] and events[0].data["chosen"] == "b2"
    assert failed.model("b2").conditions == {Condition.ROUTED}
    passed, _ = run(state, "a", "use_objective", {"square": [2, 4], "target": "b2"}, (6,))
    assert passed.model("b2").conditions == frozenset()
    assert objective_options(with_enemy_at("War Horn", (6, 4))) == []  # 4 squares: none


def test_field_surgeons_tent_heals_up_to_heirloom_armors_extra_wound():
    """seed 004, EQUIPMENT TOKENS: HEIRLOOM ARMOR "This model gains +1 wound": the
    model's most wounds are its card's and the token's."""
    state = table("Field Surgeon's Tent")
    state = state.with_model(replace(state.model("a1"), equipment="Heirloom Armor"))
    state, _ = use(state)
    assert state.model("a1").wounds_left == 2 + 1

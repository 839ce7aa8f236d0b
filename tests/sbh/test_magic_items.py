"""Quest for a Magic Item: the items table and the items' powers (seed 000, QUEST
FOR A MAGIC ITEM; MAGIC ITEMS TABLE)."""

from __future__ import annotations

import pytest

from server.rules.board.hex import hex_at
from server.rules.kernel import Command, RulesError, Viewer
from server.rules.sbh import magic_items
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, types

QUEST = {"scenario": "quest_for_a_magic_item"}


def quest(*figures, item=None, carrier=None, **extra):
    state = battle(*figures, **QUEST, **extra)
    state.magic_item = item
    state.treasure_carrier = carrier
    return state


def test_picking_up_the_item_rolls_what_it_is(dice):
    """seed 000, QUEST FOR A MAGIC ITEM:
    'A model must spend 2 actions to pick up the magic item. Roll a die on the
    magic items table'; '2) Magic javelins. Model finds 1 to 6 javelins (roll a
    die)'."""
    state = quest(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (20, 20)))
    state.treasure_at = hex_at(6, 5)
    dice.fix(4, 4, 2, 5)  # activation; the table: 2 (javelins), 5 of them
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    state, events = act(state, "a", "pick_up", dice)
    assert first(events, "magic_item_found").data == {"figure": "a1", "dice": [2],
                                                      "name": "magic javelins",
                                                      "javelins": 5}
    assert state.magic_item == {"name": "magic javelins", "javelins": 5}
    view = SYSTEM.view(state, Viewer("b"))
    assert view["magic_item"]["carrier"] == "a1"


def test_the_magic_sword_adds_two_until_its_bearer_rolls_a_one(dice):
    """seed 000, MAGIC ITEMS TABLE:
    '1) Magic sword. Increase model's Combat by 2 until the player rolls a 1 in
    combat.'"""
    state = quest(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)),
                  item={"name": "magic sword"}, carrier="a1")
    dice.fix(4, 1, 6)  # the Elf rolls a 1: 1+3+2 = 6 vs 6+3 = 9
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    melee = first(events, "melee").data
    assert melee["modifiers"][0] == ["magic sword +2"] and melee["totals"][0] == 6
    assert first(events, "magic_item_spent").data["name"] == "magic sword"
    assert state.magic_item["spent"] is True


def test_the_cloak_hides_its_bearer_like_stealth_until_torn(dice):
    """seed 000, MAGIC ITEMS TABLE:
    '3) Magic cloak. Model gets the Stealth special rule until the player rolls
    a 1 in melee combat with that model'; STEALTH: next to cover, no ranged
    attack may target it."""
    def archer_targets(state):
        dice.fix(4)
        state, _ = act(state, "b", "activate", dice, figure="b1", dice=1)
        return [s.params["target"] for s in SYSTEM.prompt(state).decisions[0].options
                if s.type == "shoot"]

    figures = (fig("a1", "Elf", 3, 3, (8, 5)),
               fig("b1", "Archer", 3, 3, (2, 5), rules=["Shooter (Long)"]))
    cloaked = quest(*figures, item={"name": "magic cloak"}, carrier="a1", active="b",
                    terrain={(9, 5): "boulder"})
    assert archer_targets(cloaked) == []
    torn = quest(*figures, item={"name": "magic cloak", "spent": True}, carrier="a1",
                 active="b", terrain={(9, 5): "boulder"})
    assert archer_targets(torn) == [["a1"]]


def test_the_ring_ignores_the_first_kill_and_poison(dice):
    """seed 000, MAGIC ITEMS TABLE:
    '4) Regeneration ring. Model becomes immune to poison and ignores the first
    kill or gruesome kill result it receives. The ring then loses its powers.'"""
    state = quest(fig("a1", "Troll", 3, 6, (5, 5)), fig("b1", "Goblin", 4, 1, (6, 5)),
                  fig("b2", "Goblin", 4, 1, (20, 20)),
                  item={"name": "regeneration ring"}, carrier="b1")
    dice.fix(3, 6, 1)  # 12 vs 2: a gruesome kill, ignored
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "magic_item_spent").data["name"] == "regeneration ring"
    assert "killed" not in [e.type for e in events] and state.figures["b1"].on_table


def test_the_ring_bearer_takes_no_poison(dice):
    """seed 000, MAGIC ITEMS TABLE, the ring's 'immune to poison': a Poison hit
    rolls no poison die."""
    state = quest(fig("a1", "Spider", 3, 3, (5, 5), rules=["Poison"]),
                  fig("b1", "Goblin", 4, 3, (6, 5)), fig("b2", "Goblin", 4, 1, (20, 20)),
                  item={"name": "regeneration ring"}, carrier="b1")
    dice.fix(3, 4, 3)  # 7 vs 6: the Goblin falls; no poison die follows
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert "poison_rolled" not in [e.type for e in events] and state.figures["b1"].fallen


def test_magic_javelins_are_thrown_as_short_range_shots_at_plus_one(dice):
    """seed 000, MAGIC ITEMS TABLE:
    '2) Magic javelins ... can be thrown as a ranged attack with +1 on Combat.
    The model is treated as having the Shooter (Short) rule while using the
    javelins.' One javelin a throw; the Elf has no Shooter rule of its own."""
    state = quest(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (11, 5)),
                  item={"name": "magic javelins", "javelins": 2}, carrier="a1")
    dice.fix(4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    [throw] = [s for s in SYSTEM.prompt(state).decisions[0].options if s.type == "shoot"]
    assert throw.args == {"javelin": True} and throw.params["target"] == ["b1"]
    dice.fix(5, 2)  # 5+3-2+1 = 7 vs 2+3 = 5: the Orc recoils (odd)
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False, javelin=True)
    shot = first(events, "shot").data
    assert shot["javelin"] is True and shot["modifiers"][0] == ["2 x range -2",
                                                                "magic javelin +1"]
    assert "missile_check" not in [e.type for e in events]
    assert state.magic_item["javelins"] == 1 and not state.magic_item["spent"]


def test_the_strength_belt_adds_points_chosen_after_the_dice_even_in_the_enemys_turn(dice):
    """seed 000, MAGIC ITEMS TABLE: '5) Strength belt. Model receives 3 Strength
    points ... Each point can be used to add +1 to one melee Combat roll. More
    points can be combined on a single roll. These Strength points may be used
    even during the opponent's turn. Once the points have been spent, the belt
    becomes useless'."""
    state = quest(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)),
                  item={"name": "strength belt", "strength": 3}, carrier="b1")
    dice.fix(4, 4, 3)  # activation; the Elf's 4+3 = 7 against the Orc's 3+3 = 6
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and decision.options[0].params["points"] == [0, 1, 2, 3]
    assert "dice 4 against 3" in decision.text
    with pytest.raises(RulesError):
        act(state, "b", "spend_strength", dice, points=4)
    state, events = act(state, "b", "spend_strength", dice, points=2)
    melee = first(events, "melee").data
    assert melee["modifiers"] == [[], ["strength belt +2"]] and melee["totals"] == [7, 8]
    assert melee["loser"] == "attacker" and melee["result"] == "recoil"  # the Orc's 3 is odd
    assert state.magic_item == {"name": "strength belt", "strength": 1, "spent": False}


def test_the_last_strength_point_spends_the_belt(dice):
    state = quest(fig("a1", "Orc", 4, 3, (5, 5)), fig("b1", "Elf", 3, 3, (6, 5)),
                  item={"name": "strength belt", "strength": 1}, carrier="a1")
    dice.fix(4, 2, 5)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, _ = act(state, "a", "attack", dice, target="b1", power=False)
    assert SYSTEM.prompt(state).decisions[0].seat == "a"
    state, events = act(state, "a", "spend_strength", dice, points=1)
    assert first(events, "strength_spent").data == {"figure": "a1", "points": 1, "left": 0}
    assert state.magic_item["spent"] and not magic_items.strength_left(
        state, state.figures["a1"])


def test_odds_are_of_the_roll_as_it_falls_without_the_belt(dice):
    """The odds shown before an attack decline the belt's points, as they decline
    a Hero's re-roll (server/rules/sbh/odds.py)."""
    state = quest(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)),
                  item={"name": "strength belt", "strength": 3}, carrier="b1")
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    odds = SYSTEM.odds(state, Command("a", "attack", {"target": "b1", "power": False}))
    assert sum(o["ways"] for o in odds["outcomes"]) == 36


def scroll_table(carrier_rules=(), quality=2):
    return quest(fig("a1", "Orc", 4, 3, (5, 5), rules=carrier_rules),
                 fig("b1", "Elf", 3, 3, (11, 5)),
                 item={"name": "scroll", "quality": quality}, carrier="a1")


def test_a_scroll_casts_a_spell_on_the_scrolls_quality(dice):
    """seed 000, MAGIC ITEMS TABLE: '6) Scroll. Roll one die: the result is the
    Quality of the scroll. Model can cast a spell from the scroll by making a
    Quality roll using the scroll's Quality, in the same way as a magic-user
    would cast a spell.' Reading (docs/rules/sbh.md): like a spellcasting bonus
    ('apply the bonus only to the dice that are used to cast', seed 000, MAGIC),
    a die that only the scroll's Quality 2 makes a success (a 3, for a Q4 Orc)
    is for the spell alone."""
    state = scroll_table()
    [spec] = [s for s in SYSTEM.prompt(state).decisions[0].options if s.args.get("scroll")]
    assert spec.params["figure"] == ["a1"] and "Quality 2" in spec.label
    dice.fix(3, 5)
    state, events = act(state, "a", "activate", dice, figure="a1", dice=2, scroll=True)
    activated = first(events, "activated").data
    assert activated["scroll"] and activated["target"] == 2
    assert (activated["successes"], activated["spell_only"]) == (1, 1)
    bolts = [s for s in SYSTEM.prompt(state).decisions[0].options if s.type == "cast_bolt"]
    assert [b.params["power"] for b in bolts] == [[1], [2]]
    dice.fix(4, 2)  # a power-2 bolt, Combat 2: 2+4 = 6 against 3+2 = 5
    state, events = act(state, "a", "cast_bolt", dice, target="b1", power=2)
    assert first(events, "shot").data["totals"] == [6, 5]
    assert "activation_ended" in types(events)  # both successes went into the spell


def test_three_failures_from_the_scroll_spend_it_not_the_mage(dice):
    """Same passage: 'If the model is already a magic-user and the spell casting
    roll from the scroll is a triple failure, the magic user does not run out of
    magical power (he has used the power of the scroll and not his own!)'."""
    state = scroll_table(carrier_rules=["Magic-User"], quality=4)
    dice.fix(1, 2, 3)
    state, events = act(state, "a", "activate", dice, figure="a1", dice=3, scroll=True)
    assert first(events, "magic_item_spent").data["name"] == "scroll"
    assert not state.figures["a1"].out_of_power and state.magic_item["spent"]
    state.figures["a1"].activated = False
    assert not [s for s in SYSTEM.prompt(state).decisions[0].options if s.args.get("scroll")]


def test_only_the_scrolls_carrier_casts_from_it(dice):
    state = scroll_table()
    state.treasure_carrier = None
    with pytest.raises(RulesError):
        act(state, "a", "activate", dice, figure="a1", dice=1, scroll=True)

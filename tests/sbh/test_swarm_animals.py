"""Swarms are Animals, and Fearless Swarms do not fear their bases' gruesome deaths.

Seed 000, SWARM: "Swarm bases count as Animals"; "When a Swarm suffers a gruesome
death, all other swarm models of the same type on the table must test Morale";
FEARLESS: "Fearless models are immune to the effect of Gruesome Deaths"."""

from __future__ import annotations

from server.rules.board.hex import hex_at
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, h, types


def rats(fid: str, at):
    return fig(fid, "Swarm Of Rats", 4, 1, at, rules=["Swarm"])


def options(state, kind):
    return [s for s in SYSTEM.prompt(state).decisions[0].options if s.type == kind]


def test_lethal_vs_animals_kills_a_swarm_base_beaten_by_one(dice):
    """seed 000, SWARM: "Swarm bases count as Animals"; LETHAL: "Lethal against a
    specific special rule ... applies against any model possessing that special
    rule" (the Hunter, "Lethal vs. Animals"). 2+3 = 5 against 1+2 = 3: beaten,
    not doubled, an odd die: a kill, not a recoil."""
    state = battle(fig("a1", "Hunter", 4, 2, (5, 5), rules=["Lethal (Animals)"]),
                   rats("b1", (6, 5)), fig("b2", "Ratcatcher", 4, 2, (15, 15)))
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(3, 2)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    melee = first(events, "melee").data
    assert melee["totals"] == [5, 3] and melee["result"] == "kill"
    assert state.figures["b1"].status == "dead"


def test_distract_does_not_work_on_a_swarm(dice):
    """seed 001, Distract: "does not work on Animal, Artificial, or Undead"; seed
    000, SWARM: "Swarm bases count as Animals"."""
    state = battle(fig("a1", "Bard", 4, 2, (2, 5), rules=["Distract"]),
                   rats("b1", (4, 5)), fig("b2", "Orc", 4, 3, (4, 2)))
    dice.fix(6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    assert options(state, "distract")[0].params["target"] == ["b2"]


def test_a_swarm_base_jumps_like_an_animal(dice):
    """seed 000, JUMPING AND LEAPING: "MOST four legged animals will automatically
    pass the Quality test" (docs/rules/sbh.md: automatic for Animals); SWARM:
    "Swarm bases count as Animals". No jump die is rolled (only the activation's)."""
    state = battle(rats("a1", (5, 5)), fig("b1", "Orc", 4, 3, (20, 20)),
                   terrain={(6, 5): "chasm", (7, 5): "chasm", (8, 5): "chasm"})
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "jump", dice, to=h(9, 5), running_start=False)
    assert first(events, "jumped").data["dice"] == []
    assert state.figures["a1"].pos[:2] == (9, 5)


def test_a_swarm_base_cannot_pick_up_the_treasure(dice):
    """seed 000, ANIMAL: "Animals cannot use magic items" (docs/rules/sbh.md:
    picking up, not Animals); SWARM: "Swarm bases count as Animals"."""
    state = battle(rats("a1", (5, 5)), fig("b1", "Orc", 4, 3, (20, 20)),
                   scenario="treasure_hunt")
    state.attacker, state.attacker_edge = "a", "north"
    state.treasure_at = hex_at(6, 5)
    dice.fix(4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    assert options(state, "pick_up") == []


def test_fearless_swarm_bases_do_not_test_for_a_gruesome_death(dice):
    """seed 000, SWARM: "all other swarm models of the same type on the table must
    test Morale"; FEARLESS: "Fearless models are immune to the effect of Gruesome
    Deaths" (the Swarm of Bees or Wasps and the Swarm of Ants are Fearless). The
    ogre's 6+6 = 12 trebles the bee's 0+1: no morale die is rolled."""
    bees = ["Swarm", "Fearless"]
    state = battle(fig("a1", "Ogre", 3, 6, (5, 5)),
                   fig("b1", "Bee Swarm", 3, 0, (6, 5), rules=bees),
                   fig("b2", "Bee Swarm", 3, 0, (7, 5), rules=bees),
                   fig("b3", "Beekeeper", 4, 2, (18, 18)))
    dice.fix(3, 6, 1)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "killed").data["gruesome"] is True
    assert "morale_tested" not in types(events)

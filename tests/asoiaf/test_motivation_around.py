"""A Deceased side dealing wounds or hits to every model around the fallen hero
(seed 004, MOTIVATIONS CARDS: "Right before a hero would be killed, flip their
motivation card to the "Deceased" side. This side is used immediately and allows
the controlling player to score VP even if the hero was removed from play"; COMMON
GAME TERMS: short range, up to 3 squares), measured from the squares the hero
stood on, as Jon Arryn's tokens are; from a Deceased side of our own built in the
test on tests/asoiaf/packs/vocabulary. Dice scripted."""

import msgspec

from server.rules.asoiaf.cards.schema import Ability
from server.rules.asoiaf.cards.vocabulary import DealHits, DealWounds, Target
from server.rules.asoiaf.state import Model
from tests.asoiaf.attacking import attack
from tests.asoiaf.conftest import mid_round, run

AROUND = Target(who="enemy", within="short_range", count=0)


def _deceased(pack, effect):
    card = pack.motivations["Test Lord"]
    pack.motivations["Test Lord"] = msgspec.structs.replace(card, deceased=[Ability(
        name="Last Stand", timing="trigger", trigger="killed",
        text="When he is killed, every enemy model in short range suffers it.",
        effects=[effect])])


def _killed():
    models = (Model("a1", "Baratheon Warden", "a", 2, square=(3, 11), ap=2, activated=True),
              Model("a2", "Baratheon Warden", "a", 2, square=(6, 11)),
              Model("a3", "Baratheon Warden", "a", 2, square=(12, 11)),
              Model("b1", "Test Lord", "b", 1, square=(4, 11)),
              Model("b9", "Baratheon Warden", "b", 2, square=(12, 0)))
    return attack(mid_round(models), "b1", (9, 9, 1, 1))


def test_a_deceased_side_wounding_every_enemy_in_short_range(vocabulary_pack):
    """"Every enemy model in short range suffers 1 wound" (ours): the killer and
    a2 (2 squares from where the Lord stood), not a3 (8 squares away)."""
    _deceased(vocabulary_pack, DealWounds(wounds=1, target=AROUND))
    state = _killed()
    assert state.pending == (("b", "b1", "Last Stand"),)
    state, _ = run(state, "b", "use_motivation")
    assert [state.model(u).wounds_left for u in ("a1", "a2", "a3")] == [1, 1, 2]


def test_a_deceased_side_dealing_hits_to_every_enemy_in_short_range(vocabulary_pack):
    """"Every enemy model in short range suffers 1 hit" (ours; ATTACK SEQUENCE:
    "Each [die] scoring equal or above their [defence] blocks 1 hit"): a die
    each, in table order: a1 blocks with a 5 (5+), a2 does not with a 1."""
    _deceased(vocabulary_pack, DealHits(hits=1, target=AROUND))
    state, [event] = run(_killed(), "b", "use_motivation", dice=(5, 1))
    assert event.data["faces"] == [5, 1]
    assert [state.model(u).wounds_left for u in ("a1", "a2", "a3")] == [2, 1, 2]

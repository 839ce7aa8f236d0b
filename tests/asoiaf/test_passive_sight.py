"""A passive `see_all` on a model card (seed 004, ABILITIES: passive abilities
"are always active"; GLASS CANDLE's words: "This infantry model has LoS to all
other models"), from a passive of our own built in the test on
tests/asoiaf/packs/vocabulary."""

import msgspec

from server.rules.asoiaf.cards.schema import Ability
from server.rules.asoiaf.cards.vocabulary import SeeAll
from server.rules.asoiaf.state import Model
from tests.asoiaf.conftest import mid_round, options


def test_a_passive_seeing_past_a_blocking_model(vocabulary_pack):
    """CHARGE ACTION: "To declare a charge, a model must be unengaged and have
    LoS to its target model"; THE BATTLEFIELD: a model blocks LoS: the friend
    between them hides b1 unless the Duelist's card sees all."""
    def charged():
        state = mid_round((Model("a1", "Test Duelist", "a", 2, square=(3, 8), ap=2,
                                 activated=True),
                           Model("a2", "Baratheon Warden", "a", 2, square=(4, 8)),
                           Model("b1", "Baratheon Warden", "b", 2, square=(6, 8)),
                           Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))))
        return {t for o in options(state, "charge") for t in o.params["target"]}
    assert "b1" not in charged()
    vocabulary_pack.abilities["Hawk Eye"] = Ability(
        name="Hawk Eye", timing="passive", text="This model has LoS to all other models.",
        effects=[SeeAll()])
    duelist = vocabulary_pack.models["Test Duelist"]
    vocabulary_pack.models["Test Duelist"] = msgspec.structs.replace(
        duelist, abilities=[*duelist.abilities, "Hawk Eye"])
    assert "b1" in charged()

"""A passive or a token's immunity and its requirements (seed 004, ABILITIES:
passive abilities "are always active"; UNBENDING, HOLY ICON: "This model may
not become ..."; GLASS CANDLE: "This infantry model ..."): counted with its
`requires` judged as GLASS CANDLE's ("infantry": a model that is not large),
and refused at load with any other word (a condition may come at any moment,
from anywhere: equipment.immunities judges it with no table). Cards of our own
built in the test on tests/asoiaf/packs/vocabulary; dice scripted."""

import msgspec

from server.rules.asoiaf import equipment, passives
from server.rules.asoiaf.cards.schema import Ability, Coins, Equipment
from server.rules.asoiaf.cards.vocabulary import ImmuneToCondition
from server.rules.asoiaf.state import Condition, Model
from tests.asoiaf.conftest import mid_round, run
from tests.asoiaf.test_will_abilities import THORNY_WIT

STEADY = Ability(name="Steady Feet", timing="passive", requires=["infantry"],
                 text="This infantry model may not become shaken.",
                 effects=[ImmuneToCondition(condition="shaken")])


def _steady_connington(pack):
    pack.abilities["Steady Feet"] = STEADY
    jon = pack.models["Jon Connington"]
    pack.models["Jon Connington"] = msgspec.structs.replace(
        jon, abilities=[*jon.abilities, "Steady Feet"])


def test_an_infantry_requirement_is_honoured(vocabulary_pack):
    """Jon Connington on foot fails Olenna's THORNY WIT will test (a 1) and stays
    unshaken ("may not become"); the same card as a large model is not immune."""
    _steady_connington(vocabulary_pack)
    state = mid_round((Model("a1", "Olenna Tyrell", "a", 2, square=(3, 8), ap=2,
                             activated=True),
                       Model("b1", "Jon Connington", "b", 3, square=(5, 9))))
    state, _ = run(state, "a", "ability", THORNY_WIT, (1,))
    assert state.model("b1").conditions == frozenset()
    mounted = Model("b1", "Jon Connington", "b", 3, square=(5, 9), large=True)
    assert equipment.immunities(vocabulary_pack, mounted) == frozenset()
    assert equipment.immunities(vocabulary_pack, state.model("b1")) == {Condition.SHAKEN}


def test_an_immunity_with_another_requirement_is_refused():
    """Requiring "engaged" (or anything but "infantry") cannot be judged whenever
    a condition comes: a passive or a token so written is refused, in words."""
    engaged = msgspec.structs.replace(STEADY, requires=["engaged"])
    assert passives.unsupported(STEADY) is None
    assert passives.unsupported(engaged) == equipment.IMMUNE_REQUIRES
    icon = Equipment(name="Icon", text="", cost=Coins(copper=1), types=["hero"],
                     effects=[ImmuneToCondition(condition="routed")], requires=["engaged"])
    assert equipment.unsupported(icon) == equipment.IMMUNE_REQUIRES
    assert equipment.unsupported(msgspec.structs.replace(icon, requires=["infantry"])) is None

"""Who killed a model an aftermath left with no wounds (seed 004, ATTACK
SEQUENCE: "8. If the defender has an aftermath ability, it can be used now";
"9. If the defender has no [wounds] left, the attacker chooses whether to kill
or capture them"; MOTIVATIONS CARDS: "Right before a hero would be killed, flip
their motivation card"): the model whose aftermath dealt the wounds, not the
attacker (aftermaths.py records it in PendingAttack.wounded_by). From an
aftermath of our own built in the test on tests/asoiaf/packs/vocabulary. Dice
scripted."""

import msgspec

from server.rules.asoiaf.cards.schema import Ability
from server.rules.asoiaf.cards.vocabulary import DealWounds, Target
from server.rules.asoiaf.state import Model
from tests.asoiaf.conftest import mid_round, send


def _backlash(pack):
    """The Warden's own aftermath: "Every enemy model in contact suffers 1 wound"."""
    pack.abilities["Backlash"] = Ability(
        name="Backlash", timing="aftermath", text="Every enemy model in contact suffers 1 wound.",
        effects=[DealWounds(wounds=1, target=Target(who="enemy", within="contact", count=0))])
    warden = pack.models["Baratheon Warden"]
    pack.models["Baratheon Warden"] = msgspec.structs.replace(
        warden, abilities=[*warden.abilities, "Backlash"])


def test_a_defenders_aftermath_kills_a_third_model_its_killer_is_the_defender(
        vocabulary_pack):
    """The Duelist misses (two 1s: no hits, no defence roll); the Warden's
    aftermath wounds both enemies in contact: the Lord, left with none, is
    killed at step 9 by the Warden (its Deceased side's killer, and
    State.killers for the Warden's kills_enemy), not by the Duelist.
    (seed 004, ATTACK SEQUENCE: "8. If the defender has an aftermath ability, it can be used
    now")"""
    _backlash(vocabulary_pack)
    table = mid_round((Model("a1", "Test Duelist", "a", 2, square=(3, 11), ap=2,
                             activated=True),
                       Model("a2", "Test Lord", "a", 1, square=(4, 12)),
                       Model("b1", "Baratheon Warden", "b", 2, square=(4, 11))))
    state = send(table, "a", "attack", {"mode": 0, "target": "b1", "improvements": []}, (1, 1))
    assert state.attack.step == "defender_aftermath"
    state = send(state, "b", "aftermath", {"ability": "Backlash"})
    assert state.model("a2").removed == "killed" and state.model("a1").wounds_left == 1
    assert [(dead, killer) for dead, _, killer in state.fallen] == [("a2", "b1")]
    assert ("a2", "b1") in state.killers

"""Real ASOIAF events of the engine, for the clients' log words (tests/web,
tests/tui): each made as tests/asoiaf makes it (its own tables and cards,
dice scripted), with the names a player reads for its models and the
sentence both clients must say for it (the web's asoiaf_words.js FORMATS and
the terminal's asoiaf_events.py, word for word).

    engine_events() -> [(label, type, data, names, sentence), ...]
"""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

from server.rules.asoiaf.cards.schema import Ability, Coins
from server.rules.asoiaf.cards.vocabulary import ApplyCondition, DealHits, Target
from server.rules.asoiaf.state import Model
from tests.asoiaf_packs import knows, load_vocabulary_pack, system_playing


@contextmanager
def vocabulary_pack():
    """The system playing with tests/asoiaf/packs/vocabulary (tests/asoiaf's
    `vocabulary_pack` fixture, as a context: the pack's cards may be changed)."""
    with tempfile.TemporaryDirectory() as tmp, \
            system_playing(load_vocabulary_pack(Path(tmp))) as pack:
        yield pack


def names_of(state) -> dict[str, str]:
    """uid -> the card's name, numbered when several models share it (as the
    web's modelNames does): never the uid."""
    counts = Counter(m.card for m in state.models)
    seen: Counter = Counter()
    found = {}
    for model in state.models:
        seen[model.card] += 1
        found[model.uid] = (f"{model.card} {seen[model.card]}" if counts[model.card] > 1
                            else model.card)
    return found


def _two_picks():
    """picks.py: LOYALLY REBELLIOUS-like, a friend and an enemy picked each."""
    from tests.asoiaf.conftest import run
    from tests.asoiaf.test_ability_picks import RALLY_AND_THREATEN, _table

    with vocabulary_pack() as pack:
        knows(pack, "Test Scout", Ability(
            name="Rally and Threaten", timing="command", ap=1,
            text="1 friendly model in short range gains +1 to its next attack roll; "
                 "1 enemy model in short range becomes shaken.", effects=RALLY_AND_THREATEN))
        state = _table()
        _, [event] = run(state, "a", "ability", {"ability": "Rally and Threaten",
                                                 "pick_1": "a2", "pick_2": "b2"})
    return event, names_of(state)


def _aftermath_on_two():
    """aftermaths.py: "2 enemy models in short range become shaken" (count 2)."""
    from tests.asoiaf.conftest import run
    from tests.asoiaf.test_aftermath_many import _attacked, _rapier_aftermath

    with vocabulary_pack() as pack:
        _rapier_aftermath(pack, Ability(
            name="War Cry", timing="aftermath", cost=Coins(silver=1),
            text="2 enemy models in short range become shaken.",
            effects=[ApplyCondition(condition="shaken",
                                    target=Target(who="enemy", within="short_range",
                                                  count=2))]))
        state = _attacked()
        _, [event] = run(state, "a", "aftermath", {"ability": "War Cry",
                                                   "targets": ["b2", "b3"]})
    return event, names_of(state)


def _bought_hits():
    """bought_effects.py: "For 1 silver, the defender suffers 2 hits" (a 1 and a 9
    on the Warden's defence dice), then the Rapier's two 1s."""
    from tests.asoiaf.conftest import run
    from tests.asoiaf.test_bought_effects import _rapier_with
    from tests.asoiaf.test_bought_hits import _duel

    with vocabulary_pack() as pack:
        _rapier_with(pack, DealHits(hits=2, target=Target(who="defender")))
        state = _duel()
        _, events = run(state, "a", "attack", {"mode": 0, "target": "b1", "improvements": [2]},
                        (1, 9, 1, 1))
    return events[0], names_of(state)


def _lethal_wound():
    """wounds_outside.py: Brandon, 1 wound left, walks into the bonfire; OLDEST
    BROTHER asked before the kill, passed (5 against 4)."""
    from tests.asoiaf.conftest import run
    from tests.asoiaf.test_wounds_lethal import OLDEST, _burnt

    state = _burnt()
    _, [event] = run(state, "a", "wounds_ability", OLDEST, (5,))
    return event, names_of(state)


def _after_an_aftermath():
    """The Warden's aftermath wounds Brandon; OLDEST BROTHER hands the wound
    that Warden dealt to the Archer (6 against 4)."""
    from tests.asoiaf.conftest import run
    from tests.asoiaf.test_wounds_lethal import OLDEST, _attacked

    with vocabulary_pack() as pack:
        state = _attacked(pack)
        _, [event] = run(state, "a", "wounds_ability", OLDEST, (6,))
    return event, names_of(state)


def _granted_door_charge():
    """granted.py: a charge terrain action granted to a Warden that has
    activated; the cabin's Wooden Door broken (7, 1)."""
    from tests.asoiaf.conftest import mid_round, run

    state = mid_round((Model("a1", "Baratheon Warden", "a", 2, square=(6, 9), ap=2,
                             activated=True),
                       Model("a2", "Baratheon Warden", "a", 2, square=(2, 9), activated=True),
                       Model("b1", "Baratheon Warden", "b", 2, square=(12, 0))),
                      scenario="village_skirmish", granted=("a2", "charge_terrain"))
    _, [event] = run(state, "a", "granted_charge_terrain", {"opening": 0, "square": [2, 6]},
                     (7, 1))
    return event, names_of(state)


def _declined_lethal_wound():
    """told.py: Brandon declines OLDEST BROTHER before the bonfire's lethal wound."""
    from tests.asoiaf.conftest import run
    from tests.asoiaf.test_wounds_lethal import _burnt

    state = _burnt()
    _, [event] = run(state, "a", "decline_wounds_ability")
    return event, names_of(state)


def _declined_after_an_aftermath():
    """told.py: declined after the Warden's aftermath: step 9 kills Brandon, the
    Warden his killer."""
    from tests.asoiaf.conftest import run
    from tests.asoiaf.test_wounds_lethal import _attacked

    with vocabulary_pack() as pack:
        state = _attacked(pack)
        _, [event] = run(state, "a", "decline_wounds_ability")
    return event, names_of(state)


def _removal(removal: str):
    """told.py: Robert leaves Brandon (holding a Sellsword captive) no wounds
    (9, 9, 9 against 1, 1, 1), then kills (the captive freed) or captures him."""
    from tests.asoiaf.conftest import run, send
    from tests.asoiaf.test_told import ATTACK_B1, _captor_table

    state = send(_captor_table(), "a", "attack", ATTACK_B1, (9, 9, 9, 1, 1, 1))
    _, [event] = run(state, "a", "remove", {"removal": removal})
    return event, names_of(state)


def _mount_dies():
    """told.py: Robert's three hits take mounted Rhaegar's last wound."""
    from tests.asoiaf.conftest import run
    from tests.asoiaf.test_mounted import KILL, mounted_target
    from tests.asoiaf.test_told import ATTACK_B1

    state = mounted_target()
    _, events = run(state, "a", "attack", ATTACK_B1, KILL)
    return events[-1], names_of(state)


def _maximum_raised():
    """told.py: an aftermath's "+1 wounds until the end of the activation"."""
    from server.rules.asoiaf.cards.vocabulary import ModifyValue
    from tests.asoiaf.conftest import run
    from tests.asoiaf.test_lasting_wounds import _attacked, _rapier_aftermath

    with vocabulary_pack() as pack:
        _rapier_aftermath(pack, ModifyValue(value="wounds", by=1, until="activation"))
        state = _attacked()
        _, [event] = run(state, "a", "aftermath", {"ability": "Second Wind"})
    return event, names_of(state)


CASES = [
    ("two picks", _two_picks,
     "Test Scout uses Rally and Threaten on Baratheon Warden 1 and Baratheon Warden 3."),
    ("an aftermath on two", _aftermath_on_two,
     "Aftermath: War Cry on Baratheon Warden 2 and Baratheon Warden 3."),
    ("bought hits", _bought_hits,
     "Test Duelist attacks Baratheon Warden spending 1 silver (rolled 1, 1): 0 hits. "
     "2 bought hits: defence (rolled 1, 9)."),
    ("a lethal wound", _lethal_wound,
     "Brandon Stark uses Oldest Brother (rolled 5): Stark Archer 1 suffers the 1 wound "
     "instead."),
    ("after an aftermath", _after_an_aftermath,
     "Brandon Stark uses Oldest Brother (rolled 6): Stark Archer suffers the 1 wound "
     "Baratheon Warden dealt instead."),
    ("a granted door charge", _granted_door_charge,
     "Baratheon Warden 2, granted the action, charges the door from square 3, 7 "
     "(rolled 7, 1): it is broken."),
    ("a declined lethal wound", _declined_lethal_wound, "Brandon Stark is killed."),
    ("step 9's killer", _declined_after_an_aftermath,
     "Brandon Stark is killed by Baratheon Warden."),
    ("a kill frees a captive", lambda: _removal("killed"),
     "Brandon Stark is killed by Robert Baratheon. Stark Sellsword 1 is freed, with 1 "
     "wound left."),
    ("a capture", lambda: _removal("captured"),
     "Brandon Stark is captured by Robert Baratheon."),
    ("a mount dies", _mount_dies,
     "Rhaegar Targaryen (mounted) defends (rolled 1, 1, 1): 3 wounds. Rhaegar Targaryen "
     "(mounted)'s mount dies."),
    ("a maximum raised", _maximum_raised,
     "Aftermath: Second Wind. Test Duelist's maximum wounds become 3: 3 wounds left."),
]


def engine_events() -> list[tuple[str, str, dict, dict[str, str], str]]:
    """(label, event type, its data, uid -> name, the sentence) for each case."""
    found = []
    for label, make, sentence in CASES:
        event, names = make()
        data = json.loads(json.dumps(event.data))  # (as a match sends it: plain JSON)
        found.append((label, event.type, data, names, sentence))
    return found

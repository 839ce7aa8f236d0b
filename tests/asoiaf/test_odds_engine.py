"""The attack odds ARE the attack sequence (seed 004, ATTACK SEQUENCE, steps 3-6:
"3. The attacker rolls as many dice as the attack mode's dice ... Each die result
equal or above the attack value is a hit"; "5. The defender rolls as many dice
as hits received. Each [die] scoring equal or above their [defence] blocks 1
hit"; "6. Each unblocked hit causes the defender to suffer 1 [wound]"): for
varied positions, every face of every die is rolled through the game itself
(SYSTEM.decide and evolve, then the sequence's own defence roll) and the
resulting distribution of hits and of wounds must equal odds.py's, exactly.

The attack roll is enumerated through the command (the defence the same command
may roll is not read: dice after the attack's show 1s); then, from each state the
attack's event left, every defence roll through attack_sequence.roll_defence_event,
which the game calls for a defender using no ability (combat_commands.rolled, or
its "defend" with none). Two attack dice at most: at most 4 hits, 10^4 defence
rolls for the one state with 4."""

from fractions import Fraction
from itertools import product

import pytest

from server.rules.asoiaf import attack_sequence
from server.rules.asoiaf.charge_terrain import field_now
from server.rules.asoiaf.state import Condition, Model, replace
from server.rules.asoiaf.system import SYSTEM, _pack
from server.rules.dice import ScriptedDice
from server.rules.kernel import Command, RulesError
from tests.asoiaf.conftest import mid_round

FACES = range(1, 11)


class _AttackThenOnes:
    """The attack's faces on its first roll; any later roll shows 1s (not read)."""

    def __init__(self, faces):
        self.faces, self.rolled = tuple(faces), False

    def roll(self, count, sides=6):
        if self.rolled:
            return (1,) * count
        assert count == len(self.faces), "the attack rolled another number of dice"
        self.rolled = True
        return self.faces


class _Counting:
    """Counts the dice of the first roll asked for (all rolls show 1s)."""

    def __init__(self):
        self.count = None

    def roll(self, count, sides=6):
        self.count = count if self.count is None else self.count
        return (1,) * count


def _attack_dice(state, command):
    """How many dice the sequence rolls for the attack: asked once with 1s."""
    counting = _Counting()
    SYSTEM.decide(state, command, counting)
    return counting.count


def _defence(state):
    """P(wounds) of the defence roll waiting in `state`, every face rolled."""
    pack, field = _pack(), field_now(state)
    counting = _Counting()
    attack_sequence.roll_defence_event(state, pack, field, [], counting)
    counting.count = counting.count or 0
    wounds = {}
    for faces in product(FACES, repeat=counting.count):
        dice = ScriptedDice(*faces)
        event = attack_sequence.roll_defence_event(state, pack, field, [], dice)
        dice.assert_exhausted()
        w = event.data["wounds"]
        wounds[w] = wounds.get(w, 0) + Fraction(1, 10 ** counting.count)
    return wounds


def engine(state, command):
    """P(hits), P(wounds) of `command` played through the game, every die rolled."""
    dice = _attack_dice(state, command) or 0
    assert dice <= 2, "keep the enumeration small"
    hits, wounds, defences = {}, {}, []
    for faces in product(FACES, repeat=dice):
        weight = Fraction(1, 10 ** dice)
        after, h = state, 0  # (no attack rolled: a charge falling short)
        for event in SYSTEM.decide(state, command, _AttackThenOnes(faces)):
            after = SYSTEM.evolve(after, event)
            if event.type == "attack_rolled":
                h = event.data["hits"]
                break
        hits[h] = hits.get(h, 0) + weight
        if not h:
            wounds[0] = wounds.get(0, 0) + weight
            continue
        known = next((d for s, d in defences if s == after), None)
        if known is None:  # (states equal for equal hits: each enumerated once)
            known = _defence(after)
            defences.append((after, known))
        for w, p in known.items():
            wounds[w] = wounds.get(w, 0) + weight * p
    return hits, wounds


def odds(state, command):
    found = SYSTEM.odds(state, command)
    [choice] = found["choices"]
    return ({h: Fraction(exact) for h, _, exact in choice["hits"]},
            {w: Fraction(exact) for w, _, exact in choice["wounds"]})


def _nonzero(dist):
    return {k: p for k, p in dist.items() if p}


def model(uid, card, square, **fields):
    seat = uid[0]
    extra = {"ap": 2, "activated": True} if uid == "a1" else {}
    return Model(uid, card, seat, 4 if card.endswith("(mounted)") else 2,
                 square=square, **{**extra, **fields})


def attack(target="b1", mode=0, improvements=(), **args):
    return Command("a", "attack", {"mode": mode, "target": target,
                                   "improvements": list(improvements), **args})


# Learn to Play's hill (High Ground) is the squares (9-11, 2-4).
CASES = {
    "plain": (mid_round((model("a1", "Baratheon Warden", (3, 11)),
                         model("b1", "Baratheon Warden", (4, 11)))), attack()),
    # seed 004, HIGH GROUND: "+2 to attack rolls against enemies not on High Ground"
    "attacker on high ground": (mid_round((model("a1", "Baratheon Warden", (9, 4)),
                                           model("b1", "Baratheon Warden", (9, 5)))),
                                attack()),
    "both on high ground": (mid_round((model("a1", "Baratheon Warden", (9, 3)),
                                       model("b1", "Baratheon Warden", (9, 4)))), attack()),
    "defender on high ground": (mid_round((model("a1", "Baratheon Warden", (9, 5)),
                                           model("b1", "Baratheon Warden", (9, 4)))),
                                attack()),
    # seed 004, EQUIPMENT TOKENS: HEIRLOOM WEAPON "+1 to attack rolls", CASTLE-FORGED
    # STEEL "+1 to defence rolls"
    "attacker's heirloom weapon": (mid_round((
        model("a1", "Stannis Baratheon", (3, 11), equipment="Heirloom Weapon"),
        model("b1", "Baratheon Warden", (4, 11)))), attack()),
    "defender's castle-forged steel": (mid_round((
        model("a1", "Stannis Baratheon", (3, 11)),
        model("b1", "Renly Baratheon", (4, 11), equipment="Castle-Forged Steel"))),
        attack()),
    # seed 004, CONDITIONS: shaken "subtracts 2 ... during the model's next roll"
    "both shaken": (mid_round((
        model("a1", "Stannis Baratheon", (3, 11), conditions=frozenset({Condition.SHAKEN})),
        model("b1", "Baratheon Warden", (4, 11), conditions=frozenset({Condition.SHAKEN})))),
        attack()),
    # lasting changes (lasting.py) and a bonus lasting the activation (Keep Watch)
    "lasting changes": (mid_round((model("a1", "Stannis Baratheon", (3, 11)),
                                   model("b1", "Baratheon Warden", (4, 11))),
                                  lasting=(("a1", "roll", "attack", -1, "roll"),
                                           ("b1", "value", "defence", 1, "round")),
                                  roll_bonuses=(("a1", "attack", 2),)), attack()),
    # passives: SWORD OF THE MORNING (-1 to engaged enemy soldiers' defence),
    # WARDEN OF THE STAG (+1 to friendly heroes engaged with it)
    "an enemy passive on the defence": (mid_round((
        model("a1", "Stannis Baratheon", (3, 11)),
        model("b1", "Baratheon Warden", (4, 11)),
        model("a2", "Arthur Dayne", (5, 11)))), attack()),
    "a warden beside a defending hero": (mid_round((
        model("a1", "Stannis Baratheon", (3, 11)),
        model("b1", "Robert Baratheon", (4, 11)),
        model("b2", "Baratheon Warden", (4, 10)))), attack()),
    # seed 004, ATTACK MODES: "For 1 [copper] this model can roll 1 extra die"
    "an improvement bought": (mid_round((model("a1", "Stark Sellsword", (3, 11)),
                                         model("b1", "Baratheon Warden", (4, 11)))),
                              attack(improvements=[0])),
    # seed 004, EQUIPMENT TOKENS: LUCKY CHARM and BLINDING POWDER declared
    "lucky charm": (mid_round((
        model("a1", "Stannis Baratheon", (3, 11), equipment="Lucky Charm"),
        model("b1", "Baratheon Warden", (4, 11)))), attack(equipment="Lucky Charm")),
    "blinding powder on the defence": (mid_round((
        model("a1", "Stannis Baratheon", (3, 11), equipment="Blinding Powder"),
        model("b1", "Baratheon Warden", (4, 11)))), attack(equipment="Blinding Powder")),
    # a ranged attack from the hill (HIGH GROUND counts for any attack roll)
    "ranged from high ground": (mid_round((model("a1", "Vale Archer", (10, 3)),
                                           model("b1", "Baratheon Warden", (10, 8)))),
                                attack()),
    # seed 004, CHARGE ACTION: the move first, then the attack from where it ends
    "a charge onto the hill": (mid_round((model("a1", "Baratheon Warden", (9, 1)),
                                          model("b1", "Baratheon Warden", (9, 5)))),
                               Command("a", "charge", {"mode": 0, "target": "b1",
                                                       "improvements": [],
                                                       "square": [9, 4]})),
    # "if they become engaged with the target": a move ending short makes no attack
    "a charge falling short": (mid_round((model("a1", "Baratheon Warden", (9, 1)),
                                          model("b1", "Baratheon Warden", (9, 5)))),
                               Command("a", "charge", {"mode": 0, "target": "b1",
                                                       "improvements": [],
                                                       "square": [9, 3]})),
    "a charge with valyrian steel": (mid_round((
        model("a1", "Sellsword Captain", (3, 8), equipment="Valyrian Steel"),
        model("b1", "Baratheon Warden", (3, 11)))),
        Command("a", "charge", {"mode": 0, "target": "b1", "improvements": [],
                                "square": [3, 10]})),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_odds_are_what_the_sequence_rolls(name):
    """seed 004, ATTACK SEQUENCE steps 3-6 (see the module's docstring): the odds
    of each position equal every roll of the game's own sequence."""
    state, command = CASES[name]
    expected_hits, expected_wounds = engine(state, command)
    hits, wounds = odds(state, command)
    assert _nonzero(hits) == expected_hits
    assert _nonzero(wounds) == expected_wounds
    assert sum(expected_wounds.values()) == 1


def test_the_positions_differ_where_they_should():
    """The cases are not all the same roll: High Ground and equipment move the
    distributions (seed 004, TERRAINS, HIGH GROUND; EQUIPMENT TOKENS)."""
    plain = odds(*CASES["plain"])
    assert odds(*CASES["attacker on high ground"]) != plain
    assert odds(*CASES["both on high ground"]) == plain
    assert odds(*CASES["a charge onto the hill"]) == odds(*CASES["attacker on high ground"])


def test_a_charge_square_not_offered_has_no_odds():
    """seed 004, CHARGE ACTION: "towards its target": odds for a square the charge
    may not end on are refused with a stable code."""
    state, command = CASES["a charge onto the hill"]
    with pytest.raises(RulesError) as refused:
        SYSTEM.odds(state, replace(command, args={**command.args, "square": [0, 0]}))
    assert refused.value.code == "no_odds"


def test_a_charge_onto_a_ditch_has_odds_only_before_its_square():
    """seed 004, TERRAINS, DITCH WITH STAKES: "When a model enters this square, they
    suffer 1 hit": a charge ending there rolls dice before its attack, so its
    odds for that square are refused (no_odds); before the square is chosen they
    are given from where the model stands. Village Skirmish: the ditch at (9, 5)."""
    state = mid_round((model("a1", "Baratheon Warden", (6, 3)),
                       model("b1", "Baratheon Warden", (9, 6))), scenario="village_skirmish")
    args = {"mode": 0, "target": "b1", "improvements": []}
    with pytest.raises(RulesError) as refused:
        SYSTEM.odds(state, Command("a", "charge", {**args, "square": [9, 5]}))
    assert refused.value.code == "no_odds" and "terrain" in refused.value.message
    before = SYSTEM.odds(state, Command("a", "charge", args))
    assert before["choices"][0]["hits"]

"""TURN SEQUENCE (seed 003): roll-offs, who moves when, base contact and
retreat, polearm and hand to hand order, simultaneous attacks."""

from server.rules.kernel import Command, RulesError
from server.rules.sns import turns
from server.rules.sns.evolve import Stepper
from tests.sns.table import events_of, figure, run, table


def test_a_roll_off_rerolls_ties_and_high_goes_first(dice):
    """"Roll high to see which player goes first" (a tie rolls again)."""
    step = Stepper(table(("a1", "Swordsman", 100, 200)))
    dice.fix(5, 5, 3, 9)
    assert turns.roll_off(step, dice, "slow_move") == "b"
    assert events_of(step.events, "rolled_off")[0]["rolls"] == [[5, 5], [3, 9]]


def test_fast_units_move_before_infantry(dice):
    """"Cavalry, flying, and fast units (7"+) move first"; "Infantry and slow units
    (6" or less) move next"."""
    state = table(("a1", "Knight", 100, 200), ("a2", "Swordsman", 150, 200),
                  ("b1", "Orc", 100, 30, 180), phase="start")
    dice.fix(8, 2)  # the fast-move roll-off: a first
    state, _ = run(state, Command("a", "start"), dice)
    assert state.phase == "fast_move" and state.acting == "a"
    movers = {o.args.get("figure") for o in turns_options(state)}
    assert movers == {"a1", None}  # the Knight (and ending the phase)
    state, _ = run(state, Command("a", "move", {"figure": "a1", "to": [100, 150],
                                                 "facing": 0}), dice.fix(4, 6))
    # b has no fast figure: the slow move's roll-off (4 v 6) gives b the first move
    assert state.phase == "slow_move" and state.acting == "b"


def turns_options(state):
    from server.rules.sns.system import SYSTEM
    return SYSTEM.prompt(state).decisions[0].options


def test_a_figure_in_contact_moves_only_by_retreating(dice):
    """"Units in base to base contact with enemy units cannot move unless they
    retreat"; "A unit may retreat on a roll of 1-4 on D12"; "Retreating units
    cannot attack"."""
    state = table(("a1", "Swordsman", 100, 100), ("a2", "Swordsman", 300, 200),
                  ("b1", "Orc", 100, 90, 180), phase="slow_move", acting="a")
    types = {o.type for o in turns_options(state) if o.args.get("figure") == "a1"}
    assert types == {"retreat", "hold"}
    try:
        run(state, Command("a", "move", {"figure": "a1", "to": [100, 120], "facing": 0}), dice)
        raise AssertionError("moved out of contact without retreating")
    except RulesError as error:
        assert error.code == "illegal_command"
    fled, _ = run(state, Command("a", "retreat", {"figure": "a1", "to": [100, 120],
                                                    "facing": 0}), dice.fix(4))
    assert fled.figure("a1").y == 120 and fled.figure("a1").retreated
    stuck, events = run(state, Command("a", "retreat", {"figure": "a1", "to": [100, 120],
                                                          "facing": 0}), dice.fix(5))
    assert stuck.figure("a1").y == 100 and stuck.figure("a1").retreat_failed
    assert events_of(events, "retreat_failed")[0]["roll"] == 5


def test_pikes_attack_first(dice):
    """Polearm Attacks: "Pikes attack first, all other attacks are simultaneous":
    the Pikeman kills the Halberdier before its halberd strikes."""
    state = table(("a1", "Pikeman", 100, 100), ("b1", "Halberdier", 100, 90, 180),
                  phase="polearm", declared=(("b1", "a1", ""), ("a1", "b1", "")))
    step = Stepper(state)
    dice.fix(12, 12)  # the pike hits; damage 12 + 1 (pike) - 1 (heavy armour): killed
    turns._resolve_melee(step, dice)
    attacks = events_of(step.events, "attacked")
    assert [a["attacker"] for a in attacks] == ["a1"] and step.state.figure("b1").dead


def test_simultaneous_attacks_both_strike(dice):
    """"Attacks with normal HTH weapons resolved first and are simultaneous": both
    Swordsmen strike though the first roll kills."""
    state = table(("a1", "Swordsman", 100, 100), ("b1", "Swordsman", 100, 90, 180),
                  phase="hth", declared=(("a1", "b1", ""), ("b1", "a1", "")))
    step = Stepper(state)
    dice.fix(12, 12, 12, 12)
    turns._resolve_melee(step, dice)
    assert step.state.figure("a1").dead and step.state.figure("b1").dead


def test_short_weapons_strike_after_normal_ones(dice):
    """"Unarmed attacks and attacks with 'short' HTH weapons resolved next": the
    Pikeman's short sword comes after the Swordsman's sword, too late."""
    state = table(("a1", "Pikeman", 100, 100), ("b1", "Swordsman", 100, 90, 180),
                  phase="hth", declared=(("a1", "b1", ""), ("b1", "a1", "")))
    step = Stepper(state)
    dice.fix(12, 12)
    turns._resolve_melee(step, dice)
    assert [a["attacker"] for a in events_of(step.events, "attacked")] == ["b1"]
    assert step.state.figure("a1").dead


def test_the_second_attack_on_a_target_is_easier(dice):
    """"+1 Second HTH attack vs target this turn"."""
    state = table(("a1", "Swordsman", 100, 100), ("a2", "Swordsman", 110, 82, 300),
                  figure("b1", "Swordsman", 100, 90, 180),
                  phase="hth", declared=(("a1", "b1", ""), ("a2", "b1", "")))
    step = Stepper(state)
    dice.fix(2, 2)
    turns._resolve_melee(step, dice)
    first, second = events_of(step.events, "attacked")
    assert [1, "Second/additional HTH attack vs target this turn"] in second["modifiers"]
    assert [1, "Second/additional HTH attack vs target this turn"] not in first["modifiers"]


def test_both_sides_declare_at_once_and_one_attack_per_turn(dice):
    """"Each figure can make one attack per turn against another figure in range";
    the HTH phase asks both seats together."""
    from server.rules.sns.system import SYSTEM
    state = table(("a1", "Swordsman", 100, 100), ("b1", "Swordsman", 100, 90, 180),
                  phase="hth")
    assert SYSTEM.prompt(state).seats == ("a", "b")
    state, _ = run(state, Command("b", "attack", {"figure": "b1", "target": "a1"}), dice)
    assert SYSTEM.prompt(state).seats == ("a",)
    # both miss; both were attacked and check morale (7, 7: hold); no one may move
    # next turn's fast phase, the slow move rolls off (3, 10)
    dice.fix(2, 2, 7, 7, 3, 10)
    state, events = run(state, Command("a", "attack", {"figure": "a1", "target": "b1"}), dice)
    assert len(events_of(events, "attacked")) == 2 and state.turn == 2
    assert state.phase == "slow_move" and state.acting == "b"

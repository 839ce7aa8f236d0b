"""Seed 003, TURN SEQUENCE, Polearm Attacks: "Flyers must declare if they are
engaging in HTH (otherwise they cannot be attacked by nonflyers)" (flight.py;
docs/rules/sns.md, "Flying"). Each turn before the polearm attacks the player
of a flyer touching a nonflying enemy declares whether it engages; a charge is
a declaration; the Fly spell's target is a flyer while it lasts."""

import random
from dataclasses import replace

import pytest

from server.rules.kernel import Command, RulesError, Viewer
from server.rules.sns import casting, combat, flight, turns
from server.rules.sns.evolve import Stepper
from server.rules.sns.heuristic_player import heuristic_command
from server.rules.sns.system import SYSTEM
from tests.sns.table import events_of, figure, run, table

GRIFFON = "Elwylin the Elf Lord on Griffon"  # "Griffon Mount: ... Flying, Move = 18""


def after_ranged(*figures, **changes):
    """Turn 2's ranged phase with nothing to shoot: side a ends it, and the turn
    goes on to the flyers' declaration (or past it)."""
    return table(*figures, phase="ranged", turn=2, acting="a", **changes)


def griffon_in_contact(**griffon):
    """The griffon rider charged the Orc in turn 1 and stays in base contact."""
    return after_ranged(figure("a1", GRIFFON, 100, 100, **griffon), ("b1", "Orc", 100, 87, 180))


def options(state, seat):
    decision = SYSTEM.prompt(state).for_seat(seat)
    return [] if decision is None else [(o.type, o.label) for o in decision.options]


def targets(state, seat):
    decision = SYSTEM.prompt(state).for_seat(seat)
    return [t for o in (decision.options if decision else ()) if o.type == "attack"
            for t in o.params["target"]]


def phases(events):
    return [e["phase"] for e in events_of(events, "phase_began")]


def test_a_griffon_in_contact_from_an_earlier_turn_is_asked_and_engages(dice):
    """"Flyers must declare if they are engaging in HTH": the griffon that charged
    in turn 1 declares again in turn 2; engaged, it attacks and may be attacked
    as usual, and the Orc's blow is rolled like any other."""
    state, events = run(griffon_in_contact(), Command("a", "end_phase", {}), dice)
    assert phases(events) == ["flyers"] and state.phase == "flyers"
    assert options(state, "a") == [
        ("engage", "Elwylin the Elf Lord on Griffon engages in hand to hand"),
        ("stay_aloft", "Elwylin the Elf Lord on Griffon stays aloft (no hand to hand "
         "with nonflyers this turn)"),
        ("end_phase", "Your remaining flyers stay aloft")]
    assert options(state, "b") == []  # the Orc has nothing to declare
    state, events = run(state, Command("a", "engage", {"figure": "a1"}), dice)
    assert events_of(events, "flyer_declared") == [{"figure": "a1", "engages": True}]
    assert state.phase == "hth" and state.figure("a1").engaged == 2
    assert targets(state, "a") == ["b1"] and targets(state, "b") == ["a1"]
    step = Stepper(replace(state, declared=(("b1", "a1", ""),)))
    dice.fix(12, 1)  # a natural 12 hits; damage roll 1
    turns._resolve_melee(step, dice)
    (blow,) = events_of(step.events, "attacked")
    assert (blow["attacker"], blow["target"], blow["hit"]) == ("b1", "a1", True)


def test_a_griffon_that_stays_aloft_neither_strikes_nor_is_struck_by_nonflyers(dice):
    """"(otherwise they cannot be attacked by nonflyers)": aloft, the griffon is
    out of the Orc's reach, and (a careful player's reading) cannot strike it
    either: the turn's polearm and HTH phases pass with no attack."""
    state, _ = run(griffon_in_contact(), Command("a", "end_phase", {}), dice)
    after_declaring = SYSTEM.evolve(state, SYSTEM.decide(
        state, Command("a", "stay_aloft", {"figure": "a1"}), dice.fix(6, 2, 8))[0])
    hth = replace(after_declaring, phase="hth")
    assert combat.melee_targets(hth, hth.figure("a1"), "hth") == []
    assert combat.melee_targets(hth, hth.figure("b1"), "hth") == []
    # the Orc's morale check (a far superior enemy near), then turn 3's roll-off
    dice.fix(6, 2, 8)
    state, events = run(state, Command("a", "stay_aloft", {"figure": "a1"}), dice)
    assert events_of(events, "flyer_declared") == [{"figure": "a1", "engages": False}]
    assert phases(events)[:2] == ["polearm", "hth"] and state.turn == 3
    assert not events_of(events, "declared") and not events_of(events, "attacked")


def test_ending_the_declaration_leaves_the_remaining_flyers_aloft(dice):
    """"Flyers must declare if they are engaging in HTH": one not declared
    engaging is not engaging."""
    state, _ = run(griffon_in_contact(), Command("a", "end_phase", {}), dice)
    declared = SYSTEM.decide(state, Command("a", "end_phase", {}), dice.fix(6, 2, 8))
    assert not [e for e in declared if e.type in ("flyer_declared", "attacked")]


def test_a_charge_is_a_declaration(dice):
    """"Flyers must declare if they are engaging in HTH": a griffon that charged
    this turn has declared by charging; no question, and both may fight."""
    state, events = run(griffon_in_contact(charged=("b1",)), Command("a", "end_phase", {}),
                        dice)
    assert "flyers" not in phases(events) and state.phase == "hth"
    assert targets(state, "a") == ["b1"] and targets(state, "b") == ["a1"]


def test_the_target_of_the_fly_spell_is_a_flyer_while_it_lasts(dice):
    """Fly: "Target flying & move = 20" for 3 turns": a Swordsman made to fly
    declares like any flyer; aloft, the Orc cannot reach him."""
    state = table(("a1", "Wizard", 100, 200), ("a2", "Swordsman", 100, 100, 180),
                  ("b1", "Orc", 100, 89, 180), phase="slow_move",
                  hands=(("a1", ("Fly",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Fly", {"target": "a2"}, dice)
    flying = replace(step.state, phase="ranged", acting="a", done=())
    state, events = run(flying, Command("a", "end_phase", {}), dice)
    assert phases(events) == ["flyers"]
    assert [t for t, _ in options(state, "a")] == ["engage", "stay_aloft", "end_phase"]
    state = SYSTEM.evolve(state, SYSTEM.decide(
        state, Command("a", "stay_aloft", {"figure": "a2"}), dice.fix(2, 8))[0])  # (roll-off)
    hth = replace(state, phase="hth")
    assert combat.melee_targets(hth, hth.figure("b1"), "hth") == []
    # when the spell has run out he is on foot again: nothing to declare
    later = replace(flying, turn=flying.figure("a2").effects[0][1] + 1)
    assert not flight.must_declare(later, later.figure("a2"))


@pytest.mark.parametrize("foe", [("b1", "Orc", 200, 100, 180),     # not in contact
                                 ("b1", "Dragon", 100, 84, 180)])  # a flyer
def test_no_question_when_no_flyer_touches_a_nonflyer(dice, foe):
    """"otherwise they cannot be attacked by nonflyers": with no nonflyer in
    contact there is nothing to declare and the phase is skipped; flyers fight
    flyers without declaring."""
    state, events = run(after_ranged(("a1", GRIFFON, 100, 100), foe),
                        Command("a", "end_phase", {}), dice.fix(*(
                            (6, 2, 8) if foe[1] == "Orc" else ())))
    assert "flyers" not in phases(events)
    if foe[1] == "Dragon":
        assert state.phase == "hth" and targets(state, "b") == ["a1"]


def test_two_nonflyers_in_contact_have_nothing_to_declare(dice):
    """Only flyers declare: two footmen in contact go straight to the polearm phase."""
    state, events = run(after_ranged(("a1", "Swordsman", 100, 100), ("b1", "Orc", 100, 89)),
                        Command("a", "end_phase", {}), dice)
    assert phases(events) == ["polearm", "hth"] and state.phase == "hth"


def test_a_knocked_down_griffon_fights_on_the_ground(dice):
    """Reading (docs/rules/sns.md, "Flying"): a flyer knocked down, netted or
    dying cannot take to the air, so it is not asked and nonflyers may attack it."""
    state, events = run(griffon_in_contact(knocked_down=1), Command("a", "end_phase", {}), dice)
    assert "flyers" not in phases(events)
    assert targets(state, "b") == ["a1"]


def test_a_declaration_only_for_the_flyers_asked(dice):
    """The prompt judges the declaration: the Orc is no flyer."""
    state, _ = run(griffon_in_contact(), Command("a", "end_phase", {}), dice)
    with pytest.raises(RulesError):
        SYSTEM.decide(state, Command("b", "engage", {"figure": "b1"}), dice)


@pytest.mark.parametrize(("foes", "choice"), [
    ((("b1", "Orc", 100, 87, 180),), "engage"),  # the griffon rider is the stronger side
    ((("b1", "Ogre", 100, 82, 180), ("b2", "Ogre", 118, 100, 270), ("b3", "Ogre", 82, 100, 90),
      ("b4", "Ogre", 100, 118, 0)), "stay_aloft")])
def test_the_house_bot_engages_when_it_is_the_stronger_side(dice, foes, choice):
    """The heuristic player declares from its prompt: it engages when its flyer
    outweighs (hits times attacks) the nonflyers its base touches."""
    state, _ = run(after_ranged(("a1", GRIFFON, 100, 100), *foes),
                   Command("a", "end_phase", {}), dice)
    view = SYSTEM.view(state, Viewer("a"))
    command = heuristic_command(SYSTEM.prompt(state), "a", view, random.Random(1))
    assert (command.type, command.args) == (choice, {"figure": "a1"})


@pytest.mark.parametrize(("engaged", "reached"), [(0, False), (1, True)])
def test_touch_of_death_reaches_a_flyer_only_when_it_engages(engaged, reached):
    """Touch of Death: "HTH attack": a hand to hand attack like any other, so it
    cannot reach a flyer aloft ("otherwise they cannot be attacked by nonflyers")."""
    state = table(("a1", "Wizard", 100, 100), figure("b1", GRIFFON, 100, 87, 180,
                                                     engaged=engaged),
                  hands=(("a1", ("Touch of Death",)),))
    castable = [s.name for s in casting.castable(state, state.figure("a1"))]
    assert ("Touch of Death" in castable) == reached


def test_a_seeded_game_with_griffons_declares_from_the_prompts_and_replays():
    """"Flyers must declare if they are engaging in HTH": bots acting only from
    their prompts (random for a, the house bot for b), each side led by a griffon
    rider, make the declarations, and the game re-runs from its seed."""
    from server.rules.dice import SeededDice
    from server.rules.runner import apply_command, verify
    from server.rules.sns.army.ready import army_list
    from server.rules.sns.random_player import random_command
    armies = {seat: army_list(key) for seat, key in (("a", "medieval-men"), ("b", "orcs"))}
    for army in armies.values():
        army["units"][0] = {"unit": GRIFFON}  # (in place of the army's commander)
    setup = {"options": {"armies": armies, "layout": "open", "last_turn": 8}}
    rng, dice = random.Random(0), SeededDice((0).to_bytes(8, "big"))
    state, commands, applied = SYSTEM.initial(setup), [], []
    while not SYSTEM.is_over(state) and len(commands) < 3000:
        prompt = SYSTEM.prompt(state)
        seat = prompt.seats[rng.randrange(len(prompt.seats))]
        command = (heuristic_command(prompt, seat, SYSTEM.view(state, Viewer(seat)), rng)
                   if seat == "b" else random_command(prompt, seat, rng))
        commands.append(command)
        state, done = apply_command(SYSTEM, state, command, dice)
        applied += done
    assert SYSTEM.is_over(state)
    declared = [a.event.data for a in applied if a.event.type == "flyer_declared"]
    assert {d["engages"] for d in declared} == {True, False}
    assert verify(SYSTEM, setup, (0).to_bytes(8, "big"), commands, applied) is None

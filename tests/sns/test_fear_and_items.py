"""Fear (seed 003, UNIT COSTS: "Cause Fear: Enemy units within 4" must check
morale"; MORALE: "A Fear unit ability may require a morale check"), Fire
Wall's "fear ability" (SPELLS), and the Rune Sword's "Cast 1 Fireball per
battle" (EXAMPLE OF A SPECIAL HERO), with scripted dice."""

from dataclasses import replace

from server.rules.kernel import Viewer
from server.rules.sns import casting, morale
from server.rules.sns.evolve import Stepper
from server.rules.sns.system import SYSTEM
from tests.sns.table import events_of, table

HERO = "Elwylin the Elf Lord on Griffon"


def test_a_fear_causing_figure_makes_enemies_within_4_inches_check():
    """"Cause Fear: Enemy units within 4" must check morale": an Orc 4" from a
    Skeleton's rim checks; one 8" off does not; the Skeleton's friend does not."""
    state = table(("a1", "Skeleton", 100, 100), ("a2", "Swordsman", 130, 100),
                  ("b1", "Orc", 100, 150, 180), ("b2", "Orc", 200, 100, 270))
    assert "Fear" in morale.triggers(state, state.figure("b1"))      # rims 4" apart
    assert "Fear" not in morale.triggers(state, state.figure("b2"))  # rims 8" apart
    assert "Fear" not in morale.triggers(state, state.figure("a2"))


def cast_fire_wall(dice):
    state = table(("a1", "Wizard", 100, 230), ("a2", "Swordsman", 60, 150),
                  ("b1", "Swordsman", 100, 100, 180), ("b2", "Swordsman", 300, 100, 180),
                  phase="ranged", hands=(("a1", ("Fire Wall",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Fire Wall", {"place": ["wall", 100, 130, 90]}, dice)
    return step


def test_fire_wall_frightens_the_caster_s_enemies_within_4_inches(dice):
    """Fire Wall: "10" long, 3" high, fear ability": read as the book's fear
    ("Enemy units within 4" must check morale"), the caster's enemies within 4"
    of the wall check; its friends and enemies further off do not."""
    step = cast_fire_wall(dice)
    terrain = events_of(step.events, "terrain_changed")[0]
    assert terrain["seat"] == "a" and step.state.fire_walls == (("fire wall 1", "a"),)
    state = step.state
    assert morale.triggers(state, state.figure("b1")) == ["Fear (Fire Wall)"]
    assert morale.triggers(state, state.figure("b2")) == []
    assert morale.triggers(state, state.figure("a2")) == []


def test_fire_wall_fear_is_checked_in_the_morale_phase(dice):
    """MORALE CHECK RESULT TABLE: "1-4 Unit routs next turn": the frightened
    figure rolls 4 (no modifier) and routs."""
    step = cast_fire_wall(dice)
    dice.fix(4)
    morale.morale_phase(step, dice)
    checked = events_of(step.events, "morale_checked")
    assert [c["figure"] for c in checked] == ["b1"]
    assert checked[0]["triggers"] == ["Fear (Fire Wall)"] and checked[0]["routs"]
    assert step.state.figure("b1").routing


def test_a_fire_wall_removed_frightens_no_more(dice):
    """Alter Terrain "remove obstacles": the wall gone, its fear goes with it."""
    step = cast_fire_wall(dice)
    gone = replace(step.state, layout=replace(step.state.layout, removed=("fire wall 1",)))
    assert morale.triggers(gone, gone.figure("b1")) == []


def test_the_rune_sword_casts_one_fireball_a_battle(dice):
    """Rune Sword: "Cast 1 Fireball per battle": its bearer, no Spellcaster and
    with no cards, may cast Fireball ("Range = 10" affects all units in 2"
    radius. Attack roll +2, Damage roll +1") once; the state and the view say it
    is spent, and it is not offered again."""
    state = table(("a1", HERO, 100, 200), ("b1", "Orc", 100, 120, 180), phase="ranged")
    hero = state.figure("a1")
    assert [s.name for s in casting.castable(state, hero)] == ["Fireball"]
    assert SYSTEM.view(state, Viewer("a"))["hands"] == {}
    step = Stepper(state)
    dice.fix(3)  # the Orc is missed
    casting.cast(step, "a1", "Fireball", {"point": [100, 120]}, dice)
    cast = events_of(step.events, "spell_cast")[0]
    assert cast["once"] is True
    assert [a["target"] for a in events_of(step.events, "attacked")] == ["b1"]
    after = step.state.figure("a1")
    assert after.cast_once == ("Fireball",) and after.attacks_made == 1
    seen = next(f for f in SYSTEM.view(step.state, Viewer("b"))["figures"] if f["uid"] == "a1")
    assert seen["cast_once"] == ("Fireball",)
    next_turn = replace(step.state, turn=2, figures=tuple(
        replace(f, attacks_made=0) for f in step.state.figures))
    assert casting.castable(next_turn, next_turn.figure("a1")) == []


def test_a_fireball_card_beside_the_rune_sword_is_kept_for_later(dice):
    """A bearer holding a Fireball card as well casts the sword's first; the card
    stays in hand for another turn (one spell a turn either way)."""
    state = table(("a1", HERO, 100, 200), ("b1", "Orc", 100, 120, 180), phase="ranged",
                  hands=(("a1", ("Fireball",)),))
    step = Stepper(state)
    dice.fix(3)
    casting.cast(step, "a1", "Fireball", {"point": [100, 120]}, dice)
    assert step.state.hand("a1") == ("Fireball",)
    later = replace(step.state, turn=2, figures=tuple(
        replace(f, attacks_made=0) for f in step.state.figures))
    assert [s.name for s in casting.castable(later, later.figure("a1"))] == ["Fireball"]
    dice.fix(3)
    step = Stepper(later)
    casting.cast(step, "a1", "Fireball", {"point": [100, 120]}, dice)
    assert "once" not in events_of(step.events, "spell_cast")[0]
    assert step.state.hand("a1") == ()

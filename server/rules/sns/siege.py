"""Siege artillery of the unit lists (seed 003, OTHER UNITS): "Catapult: Siege
artillery, affects all units in a one inch radius, range = 5-20", requires 3
crew"; "Ballista: Siege artillery, affects all units out to 15", requires 2
crew" (docs/rules/sns.md, "Shooting" and "Audit"). Each engine's printed reach
is all of it (no long range beyond), and its shot strikes an area: the stone
every figure within 1" of where it lands, the bolt every figure on its line
out to 15"."""

from __future__ import annotations

from server.rules.board.measured import Base, gap_within, in_contact, in_radius, inches
from server.rules.board.measured_segments import segment_point_dist2_le
from server.rules.kernel import RulesError
from server.rules.sns.army.catalog import load
from server.rules.sns.setup import figure_profile
from server.rules.sns.state import Figure, State

# weapon: (least, greatest) range in inches, rim to rim, as printed on the unit
REACH = {"Catapult shot": (5, 20), "Ballista bolt": (0, 15)}
SPLASH = {"Catapult shot": 1}  # "affects all units in a one inch radius"
LINE = {"Ballista bolt": 15}   # "affects all units out to 15""


def band(shooter: Base, target: Base, weapon: str) -> str | None:
    """"short" when the target is within the engine's printed reach, else None."""
    least, greatest = REACH[weapon]
    if least and gap_within(shooter, target, inches(least) - 1):
        return None
    return "short" if gap_within(shooter, target, inches(greatest)) else None


def crewed(state: State, figure: Figure) -> bool:
    """A siege engine shoots only with its crew at hand ("Catapult ... requires 3
    crew", "Ballista ... requires 2"): that many Siege crew figures of its side
    in base contact with it, able to act and not routing."""
    if not figure_profile(figure).has("Siege artillery"):
        return True
    try:
        needed = load().unit(figure.name).crew
    except RulesError:
        needed = 0
    crew = [f for f in state.figures if f.seat == figure.seat and f.can_act and not f.routing
            and figure_profile(f).has("Siege crew") and in_contact(f.base, figure.base)]
    return len(crew) >= needed


def struck(state: State, shooter: str, target: str, weapon: str) -> list[str]:
    """The other figures (friend or foe alike) a shot's area reaches: within 1" of
    the stone's target's centre; or touched by the bolt's line, from the engine's
    centre through its target's to 15" beyond the engine's rim."""
    if weapon not in SPLASH and weapon not in LINE:  # (every other shot: one target)
        return []
    engine, aimed = state.figure(shooter).base, state.figure(target).base
    others = [f for f in state.figures if f.on_table and f.uid not in (shooter, target)]
    if weapon in SPLASH:
        return [f.uid for f in others if in_radius(aimed.centre, inches(SPLASH[weapon]), f.base)]
    dx, dy = aimed.x - engine.x, aimed.y - engine.y
    length = max(1, round((dx * dx + dy * dy) ** 0.5))
    reach = inches(LINE[weapon]) + engine.radius
    end = (engine.x + dx * reach // length, engine.y + dy * reach // length)
    return [f.uid for f in others
            if segment_point_dist2_le(engine.centre, end, f.base.centre, f.radius)]
